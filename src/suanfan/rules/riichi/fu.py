"""Fu (符) with its breakdown: each part, how much, and why (seed 003; digest ../shared/rules/riichi.md, "Fu")."""

from __future__ import annotations

from functools import cache

from ...tiles import format_tiles
from .view import YAOCHU_SET, View
from .yaku import _pair_fu

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
_WAIT_NAMES = {"kanchan": "closed wait 嵌张", "penchan": "edge wait 边张", "tanki": "pair wait 单骑"}


@cache
def _part_of(id_: str, fu: int, note: str, tiles: str) -> dict:
    d = {"id": id_, "fu": fu, "names": _NAMES[id_]}
    if tiles:
        d["tiles"] = tiles
    if note:
        d["note"] = note
    return d


def _part(id_: str, fu: int, note: str = "", tiles: str = "") -> dict:
    """One part of the breakdown: a fresh copy of its entry (written once), which the caller may change."""
    return dict(_part_of(id_, fu, note, tiles))


@cache
def _set_part_of(tile: int, concealed: bool, is_kong: bool, fu: int) -> dict:
    what = ("concealed " if concealed else "open ") + ("terminal/honor " if tile in YAOCHU_SET else "simple ")
    what += "kong" if is_kong else "pung"
    return _part_of("set", fu, what, format_tiles([tile] * (4 if is_kong else 3)))


def fu(v: View, pinfu: bool, parts: list[dict] | None = None) -> int:
    """The hand's fu, rounded; its parts are appended to ``parts`` when a list is given (for the reading kept)."""
    f = v.f
    form = v.form
    if form == "seven_pairs":
        if parts is not None:
            parts.append(_part("seven_pairs", 25, "fixed"))
        return 25
    if form == "thirteen_orphans":
        # Yakuman: fu do not matter; counted like any closed hand for completeness.
        if parts is not None:
            parts += [_part("base", 20), _part("tsumo", 2) if f.tsumo else _part("menzen_ron", 10)]
        return 30
    if pinfu and f.tsumo:
        if parts is not None:
            parts.append(_part("pinfu_tsumo", 20, "fixed"))
        return 20
    if parts is not None:
        parts.append(_part("base", 20))
    total = 20
    if f.closed and not f.tsumo:
        if parts is not None:
            parts.append(_part("menzen_ron", 10))
        total += 10
    if f.tsumo and not pinfu:
        if parts is not None:
            parts.append(_part("tsumo", 2))
        total += 2
    pair = v.pair
    if pair is not None and pair >= 27:
        pf = _pair_fu(v)
        if pf:
            if parts is not None:
                what = (
                    "dragon"
                    if pair >= 31
                    else (
                        "double wind"
                        if pf >= 4 or (pair == f.seat and pair == f.round)
                        else ("seat wind" if pair == f.seat else "round wind")
                    )
                )
                parts.append(_part("pair", pf, what, format_tiles([pair] * 2)))
            total += pf
    for tile, concealed, is_kong in v.triplets:
        n = 2
        if tile in YAOCHU_SET:
            n *= 2
        if concealed:
            n *= 2
        if is_kong:
            n *= 4
        if parts is not None:
            parts.append(dict(_set_part_of(tile, concealed, is_kong, n)))
        total += n
    if v.wait in _WAIT_NAMES:
        if parts is not None:
            parts.append(_part("wait", 2, _WAIT_NAMES[v.wait]))
        total += 2
    rounded = -(-total // 10) * 10
    if rounded == 20 and not f.closed:
        # An open hand with no fu beyond the base is valued 30 (seed 003 rule C).
        if parts is not None:
            parts.append(_part("open_pinfu", 10, "open hand with no fu is 30"))
        return 30
    if rounded != total and parts is not None:
        parts.append(_part("round_up", rounded - total, f"{total} -> {rounded}"))
    return rounded
