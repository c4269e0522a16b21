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
def _set_part_of(tile: int, concealed: bool, is_kong: bool, fu: int) -> dict:
    what = ("concealed " if concealed else "open ") + ("terminal/honor " if tile in YAOCHU_SET else "simple ")
    what += "kong" if is_kong else "pung"
    return {
        "id": "set",
        "fu": fu,
        "names": _NAMES["set"],
        "tiles": _tiles_text(tile, 4 if is_kong else 3),
        "note": what,
    }


def fu(v: View, pinfu: bool, parts: list[dict] | None = None) -> int:
    """The hand's fu, rounded; its parts are appended to ``parts`` when a list is given (for the reading kept)."""
    f = v.f
    form = v.form
    if form != "regular":
        if form == "seven_pairs":
            if parts is not None:
                parts.append({"id": "seven_pairs", "fu": 25, "names": _NAMES["seven_pairs"], "note": "fixed"})
            return 25
        # thirteen orphans, a yakuman: fu do not matter; counted like any closed hand for completeness
        if parts is not None:
            parts.append({"id": "base", "fu": 20, "names": _NAMES["base"]})
            if f.tsumo:
                parts.append({"id": "tsumo", "fu": 2, "names": _NAMES["tsumo"]})
            else:
                parts.append({"id": "menzen_ron", "fu": 10, "names": _NAMES["menzen_ron"]})
        return 30
    tsumo = f.tsumo
    if pinfu and tsumo:
        if parts is not None:
            parts.append({"id": "pinfu_tsumo", "fu": 20, "names": _NAMES["pinfu_tsumo"], "note": "fixed"})
        return 20
    total = 20
    if f.closed and not tsumo:
        total = 30
    elif tsumo and not pinfu:
        total = 22
    pair = v.pair
    pf = 0
    if pair is not None and pair >= 27:
        pf = _pair_fu(v)
        total += pf
    for tile, concealed, is_kong in v.triplets:
        total += _SET_FU[tile in YAOCHU_SET][concealed][is_kong]
    wait_fu = v.wait in _WAIT_NAMES
    if wait_fu:
        total += 2
    rounded = -(-total // 10) * 10
    if parts is not None:
        _fu_parts(v, pf, wait_fu, total, rounded, parts)
    if rounded == 20 and not f.closed:
        return 30  # an open hand with no fu beyond the base is valued 30 (seed 003 rule C)
    return rounded


# fu of a pung or kong: [terminal or honor][concealed][kong]
_SET_FU = (((2, 8), (4, 16)), ((4, 16), (8, 32)))


def _fu_parts(v: View, pf: int, wait_fu: bool, total: int, rounded: int, parts: list[dict]) -> None:
    """The breakdown of a regular hand's fu (not pinfu tsumo), the parts adding up to ``rounded``."""
    f = v.f
    parts.append({"id": "base", "fu": 20, "names": _NAMES["base"]})
    if f.closed and not f.tsumo:
        parts.append({"id": "menzen_ron", "fu": 10, "names": _NAMES["menzen_ron"]})
    elif f.tsumo:
        parts.append({"id": "tsumo", "fu": 2, "names": _NAMES["tsumo"]})
    if pf:
        pair = v.pair
        if pair >= 31:
            what = "dragon"
        elif pf >= 4 or (pair == f.seat and pair == f.round):
            what = "double wind"
        else:
            what = "seat wind" if pair == f.seat else "round wind"
        parts.append({"id": "pair", "fu": pf, "names": _NAMES["pair"], "tiles": _tiles_text(pair, 2), "note": what})
    for tile, concealed, is_kong in v.triplets:
        parts.append(dict(_set_part_of(tile, concealed, is_kong, _SET_FU[tile in YAOCHU_SET][concealed][is_kong])))
    if wait_fu:
        parts.append({"id": "wait", "fu": 2, "names": _NAMES["wait"], "note": _WAIT_NAMES[v.wait]})
    if rounded == 20 and not f.closed:
        parts.append(
            {"id": "open_pinfu", "fu": 10, "names": _NAMES["open_pinfu"], "note": "open hand with no fu is 30"}
        )
    elif rounded != total:
        parts.append(
            {"id": "round_up", "fu": rounded - total, "names": _NAMES["round_up"], "note": f"{total} -> {rounded}"}
        )


@cache
def _tiles_text(tile: int, n: int) -> str:
    return format_tiles([tile] * n)
