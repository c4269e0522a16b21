"""Fu (符) with its breakdown: each part, how much, and why (seed 003; digest ../shared/rules/riichi.md, "Fu")."""

from __future__ import annotations

from ...notes import Said, said
from ...result import Shared
from ...tiles import format_tiles
from .view import YAOCHU_SET, View

_NAMES = {
    "base": {"en": "Base", "zh": "副底", "ja": "副底"},
    "menzen_ron": {"en": "Concealed ron", "zh": "门清荣和", "ja": "門前加符"},
    "tsumo": {"en": "Self-draw", "zh": "自摸", "ja": "ツモ符"},
    "pair": {"en": "Pair", "zh": "雀头", "ja": "雀頭"},
    "set": {"en": "Set", "zh": "面子", "ja": "面子"},
    "wait": {"en": "Wait", "zh": "听牌", "ja": "待ち"},
    "seven_pairs": {"en": "Seven pairs", "zh": "七对子", "ja": "七対子"},
    "pinfu_tsumo": {"en": "Pinfu self-draw", "zh": "平和自摸", "ja": "平和ツモ"},
    "open_pinfu": {"en": "Open hand at 20 fu", "zh": "鸣牌平和型", "ja": "喰い平和"},
    "round_up": {"en": "Rounded up", "zh": "进位", "ja": "切り上げ"},
}
_WAITS = ("kanchan", "penchan", "tanki")  # the waits worth 2 fu


class FuPart(Shared):
    """One part of the fu breakdown (``{"id", "fu", "names", "tiles"?, "note"?}``), written once and shared by every
    result that has it, so it is read-only (``result.Shared``)."""

    __slots__ = ()
    what = "a fu part"


def _part(id_: str, fu: int, note: Said | None = None, tiles: str = "") -> FuPart:
    d = {"id": id_, "fu": fu, "names": _NAMES[id_]}
    if tiles:
        d["tiles"] = tiles
    if note:
        d.update(note.fields())
    return FuPart(d)


_BASE = _part("base", 20)
_MENZEN_RON = _part("menzen_ron", 10)
_TSUMO = _part("tsumo", 2)
_SEVEN_PAIRS = _part("seven_pairs", 25, said("fu_fixed"))
_PINFU_TSUMO = _part("pinfu_tsumo", 20, said("fu_fixed"))
_OPEN_PINFU = _part("open_pinfu", 10, said("open_no_fu"))
_WAIT_PART = {wait: _part("wait", 2, said(f"wait_{wait}")) for wait in _WAITS}
# fu of a pung or kong: [terminal or honor][concealed][kong]
_SET_FU = (((2, 8), (4, 16)), ((4, 16), (8, 32)))


def _set_part(tile: int, concealed: bool, is_kong: bool) -> FuPart:
    what = ("concealed_" if concealed else "open_") + ("terminal_" if tile in YAOCHU_SET else "simple_")
    what += "kong" if is_kong else "pung"
    fu = _SET_FU[tile in YAOCHU_SET][concealed][is_kong]
    return _part("set", fu, said(what), format_tiles([tile] * (4 if is_kong else 3)))


# a triplet of the view (tile, concealed, kong) -> (its fu, its part)
_SET_PART = {
    (t, c, k): (_SET_FU[t in YAOCHU_SET][c][k], _set_part(t, c, k)) for t in range(34) for c in (0, 1) for k in (0, 1)
}
_ROUND_UP: dict[int, FuPart] = {}  # the fu before rounding -> the part rounding them up
_PAIR_PART: dict[tuple[int, int, str], FuPart] = {}


def fu(v: View, pinfu: bool, parts: list[dict]) -> int:
    """The hand's fu, rounded; its parts, adding up to it, are appended to ``parts``."""
    f = v.f
    form = v.form
    if form != "regular":
        if form == "seven_pairs":
            parts.append(_SEVEN_PAIRS)
            return 25
        # thirteen orphans, a yakuman: fu do not matter; counted like any closed hand for completeness
        parts += (_BASE, _TSUMO if f.tsumo else _MENZEN_RON)
        return 30
    if f.tsumo:
        if pinfu:
            parts.append(_PINFU_TSUMO)
            return 20
        if f.ctx.rinshan and not f.opts["rinshan_tsumo_fu"]:
            parts.append(_BASE)  # the JPML official rule: 嶺上牌にツモ符はつかない (option rinshan_tsumo_fu)
            total = 20
        else:
            parts += (_BASE, _TSUMO)
            total = 22
    elif f.closed:
        parts += (_BASE, _MENZEN_RON)
        total = 30
    else:
        parts.append(_BASE)
        total = 20
    pair = v.pair
    if pair is not None and pair >= 27:
        pf = pair_fu(v)
        if pf:
            total += pf
            parts.append(_pair_part(v, pf))
    for t in v.triplets:
        set_fu, part = _SET_PART[t]
        total += set_fu
        parts.append(part)
    wait = _WAIT_PART.get(v.wait)
    if wait is not None:
        total += 2
        parts.append(wait)
    rounded = -(-total // 10) * 10
    if rounded == 20 and not f.closed:
        parts.append(_OPEN_PINFU)
        return 30  # an open hand with no fu beyond the base is valued 30 (seed 003 rule C)
    if rounded != total:
        part = _ROUND_UP.get(total)
        if part is None:
            part = _ROUND_UP[total] = _part(
                "round_up", rounded - total, said("rounded_up", before=total, after=rounded)
            )
        parts.append(part)
    return rounded


def pair_fu(v: View) -> int:
    """Fu of the pair: dragons 2, seat wind 2, round wind 2 (a double wind by option double_wind_pair_fu)."""
    p = v.pair
    if p is None or p < 27:
        return 0
    if p >= 31:
        return 2
    fu = 0
    if p == 30 and v.f.opts["north_yakuhai"] and v.f.opts["players"] == 3:
        return 2  # three players, North a value tile for everyone (no one's seat or round wind)
    if p == v.f.seat:
        fu += 2
    if p == v.f.round:
        fu += 2
    if fu == 4:
        fu = v.f.opts["double_wind_pair_fu"]
    return fu


def _pair_part(v: View, pf: int) -> FuPart:
    """The part of a pair worth ``pf`` fu: a dragon, the seat wind, the round wind or both."""
    f = v.f
    pair = v.pair
    if pair >= 31:
        what = "pair_dragon"
    elif pf >= 4 or (pair == f.seat and pair == f.round):
        what = "pair_double_wind"
    elif pair != f.seat and pair != f.round:
        what = "pair_value_wind"  # three players: North with the option north_yakuhai
    else:
        what = "pair_seat_wind" if pair == f.seat else "pair_round_wind"
    key = (pair, pf, what)
    part = _PAIR_PART.get(key)
    if part is None:
        part = _PAIR_PART[key] = _part("pair", pf, said(what), format_tiles([pair] * 2))
    return part
