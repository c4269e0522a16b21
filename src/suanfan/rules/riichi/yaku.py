"""Every yaku and yakuman of Riichi, one row each (digest ../shared/rules/riichi.md, "Yaku").

A row's value is its closed han; ``open`` is its han on an open hand (0: closed only, None: same as closed).
Yakuman rows carry ``yakuman`` (1, or 2 for the doubles of seed 001 when the option ``double_yakuman`` is on).
The predicate takes a ``View`` of one reading, or, for a row marked ``per_hand``, the ``HandFacts`` of the whole
hand (evaluated once, whatever the reading: honors only make triplets or the pair, so counts decide those).
``needs`` says what a reading must have for the row to be worth asking: ("chows", n) at least n chows,
("triplets", n) at least n pungs or kongs, ("form", f) the reading's form. ``gate`` names the fact about the hand
that must be true for the row to be worth asking: riichi_flags, kong_flags, last_tile_flags, first_turn_flags (one
of those win-context flags is set), dragons, winds, one_suit (at most one suit), yaochu_only, n_kongs, outside (no
4, 5 or 6 anywhere: every set and the pair hold a terminal or an honor). ``view.GATE_BITS`` reads them from
``HandFacts.key``, but dragons and winds: the honor rows are looked up by the honors' counts.
The per-hand rows in ``BY_FLAGS`` read only the win-context flags, tsumo, ``no_yaochu``, whether the hand is closed
and the options: each one's answer is found once for each combination of those (``HandFacts.key``) and kept.
Which yaku a stronger one replaces is in ``excludes`` (the word every rule set's rows use: when the row counts,
the yaku it names do not).
"""

from __future__ import annotations

from ...tiles import KIND, is_terminal
from .. import ItemTable
from .fu import pair_fu
from .view import YAOCHU_SET, HandFacts, View

YAKU = ItemTable()
yaku = YAKU

GREEN = frozenset({19, 20, 21, 23, 25, 32})  # 2s 3s 4s 6s 8s 6z (绿一色)
CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _yaochu(t: int) -> bool:
    return t in YAOCHU_SET


# ---- one han -------------------------------------------------------------------------------------------------


@yaku("riichi", 1, en="Riichi", zh="立直", ja="立直", open=0, gate="riichi_flags", per_hand=True)
def riichi(f: HandFacts) -> bool:
    return f.ctx.riichi or f.ctx.double_riichi


@yaku("ippatsu", 1, en="Ippatsu", zh="一发", ja="一発", open=0, gate="riichi_flags", per_hand=True)
def ippatsu(f: HandFacts) -> bool:
    return f.ctx.ippatsu


@yaku("menzen_tsumo", 1, en="Fully Concealed Hand", zh="门前清自摸和", ja="門前清自摸和", open=0, per_hand=True)
def menzen_tsumo(f: HandFacts) -> bool:
    return f.tsumo


@yaku("pinfu", 1, en="Pinfu", zh="平和", ja="平和", open=0, needs=("chows", 4))
def pinfu(v: View) -> bool:
    """All chows, a pair that gives no fu, a two-sided wait."""
    return v.regular and len(v.chows) == 4 and v.wait == "ryanmen" and not pair_fu(v)


@yaku("iipeikou", 1, en="Pure Double Sequence", zh="一杯口", ja="一盃口", open=0, needs=("chows", 2))
def iipeikou(v: View) -> bool:
    return len(v.chows) != v.chow_bits.bit_count()  # two equal chows share a bit


@yaku("tanyao", 1, en="All Simples", zh="断幺九", ja="断么九", doc="open with option open_tanyao (食断)", per_hand=True)
def tanyao(f: HandFacts) -> bool:
    return f.no_yaochu and (f.closed or f.opts["open_tanyao"])


def _yakuhai_row(id_: str, tile: int, en: str, zh: str, ja: str) -> None:
    @yaku(id_, 1, en=en, zh=zh, ja=ja, gate="dragons", per_hand=True)
    def check(f: HandFacts) -> bool:
        return f.counts[tile] >= 3


_yakuhai_row("haku", 31, "White Dragon", "役牌 白", "役牌 白")
_yakuhai_row("hatsu", 32, "Green Dragon", "役牌 发", "役牌 發")
_yakuhai_row("chun", 33, "Red Dragon", "役牌 中", "役牌 中")


@yaku("seat_wind", 1, en="Seat Wind", zh="役牌 自风", ja="自風牌", gate="winds", per_hand=True)
def seat_wind(f: HandFacts) -> bool:
    return f.counts[f.seat] >= 3


@yaku("round_wind", 1, en="Round Wind", zh="役牌 场风", ja="場風牌", gate="winds", per_hand=True)
def round_wind(f: HandFacts) -> bool:
    return f.counts[f.round] >= 3


@yaku(
    "north_wind",
    1,
    en="North (three players)",
    zh="役牌 北",
    ja="役牌 北",
    doc="three players with the option north_yakuhai: North is a value tile for everyone (共通役牌)",
    gate="winds",
    per_hand=True,
    sanma_north=True,
)
def north_wind(f: HandFacts) -> bool:
    return f.counts[30] >= 3


@yaku("rinshan", 1, en="After a Kong", zh="岭上开花", ja="嶺上開花", gate="kong_flags", per_hand=True)
def rinshan(f: HandFacts) -> bool:
    return f.ctx.rinshan


@yaku("chankan", 1, en="Robbing a Kong", zh="抢杠", ja="槍槓", gate="kong_flags", per_hand=True)
def chankan(f: HandFacts) -> bool:
    return f.ctx.chankan


@yaku("haitei", 1, en="Under the Sea", zh="海底摸月", ja="海底摸月", gate="last_tile_flags", per_hand=True)
def haitei(f: HandFacts) -> bool:
    return f.ctx.haitei


@yaku("houtei", 1, en="Under the River", zh="河底捞鱼", ja="河底撈魚", gate="last_tile_flags", per_hand=True)
def houtei(f: HandFacts) -> bool:
    return f.ctx.houtei


# ---- two han -------------------------------------------------------------------------------------------------


@yaku(
    "double_riichi",
    2,
    en="Double Riichi",
    zh="双立直",
    ja="ダブル立直",
    open=0,
    excludes=("riichi",),
    gate="riichi_flags",
    per_hand=True,
)
def double_riichi(f: HandFacts) -> bool:
    return f.ctx.double_riichi


@yaku("chiitoitsu", 2, en="Seven Pairs", zh="七对子", ja="七対子", open=0, needs=("form", "seven_pairs"))
def chiitoitsu(v: View) -> bool:
    return v.form == "seven_pairs"


@yaku("ittsu", 2, en="Pure Straight", zh="一气通贯", ja="一気通貫", open=1, needs=("chows", 3))
def ittsu(v: View) -> bool:
    c = v.chow_bits
    return c & _ITTSU_M == _ITTSU_M or c & _ITTSU_P == _ITTSU_P or c & _ITTSU_S == _ITTSU_S


_ITTSU_M = 1 | 1 << 3 | 1 << 6  # chows 123, 456, 789 of one suit
_ITTSU_P, _ITTSU_S = _ITTSU_M << 9, _ITTSU_M << 18


@yaku("sanshoku", 2, en="Mixed Triple Sequence", zh="三色同顺", ja="三色同順", open=1, needs=("chows", 3))
def sanshoku(v: View) -> bool:
    c = v.chow_bits
    return c & (c >> 9) & (c >> 18) & 0x7F != 0  # a man chow n with the pin chow n+9 and the sou chow n+18


@yaku("toitoi", 2, en="All Triplets", zh="对对和", ja="対々和", needs=("triplets", 4))
def toitoi(v: View) -> bool:
    return v.regular and len(v.triplets) == 4


@yaku("sanshoku_doukou", 2, en="Triple Triplets", zh="三色同刻", ja="三色同刻", needs=("triplets", 3))
def sanshoku_doukou(v: View) -> bool:
    t = v.trip_bits
    return t & (t >> 9) & (t >> 18) & 0x1FF != 0  # a man triplet n with the pin n+9 and the sou n+18


@yaku("sanankou", 2, en="Three Concealed Triplets", zh="三暗刻", ja="三暗刻", needs=("triplets", 3))
def sanankou(v: View) -> bool:
    return v.concealed_triplets == 3


@yaku("sankantsu", 2, en="Three Kongs", zh="三杠子", ja="三槓子", gate="n_kongs", per_hand=True)
def sankantsu(f: HandFacts) -> bool:
    return f.n_kongs == 3


@yaku("chanta", 2, en="Half Outside Hand", zh="混全带幺九", ja="混全帯么九", open=1, gate="outside", needs=("chows", 1))
def chanta(v: View) -> bool:
    """Every set and the pair hold a terminal or an honor; at least one chow and one honor (else junchan/honroutou)."""
    return v.regular and bool(v.chows) and v.f.honors and v.blocks_all_contain(_yaochu)


@yaku(
    "honroutou",
    2,
    en="All Terminals and Honors",
    zh="混老头",
    ja="混老頭",
    excludes=("chanta",),
    gate="yaochu_only",
    per_hand=True,
)
def honroutou(f: HandFacts) -> bool:
    return f.yaochu_only and f.honors and bool(f.suits)


@yaku("shousangen", 2, en="Little Three Dragons", zh="小三元", ja="小三元", gate="dragons", per_hand=True)
def shousangen(f: HandFacts) -> bool:
    c = sorted(f.counts[31:34])
    return c[0] == 2 and c[1] >= 3


@yaku("sanrenkou", 2, en="Three Consecutive Triplets", zh="三连刻", ja="三連刻", local=True, needs=("triplets", 3))
def sanrenkou(v: View) -> bool:
    """Local yaku of seed 001 (option local_yaku): three triplets of one suit in a row."""
    t = v.trip_bits
    return t & (t >> 1) & (t >> 2) & _RUN_STARTS != 0


_RUN_STARTS = sum(1 << (s * 9 + n) for s in range(3) for n in range(7))  # 1-7 of each suit: n, n+1, n+2 one suit


# ---- three and six han ---------------------------------------------------------------------------------------


@yaku(
    "ryanpeikou",
    3,
    en="Twice Pure Double Sequence",
    zh="二杯口",
    ja="二盃口",
    open=0,
    excludes=("iipeikou",),
    needs=("chows", 4),
)
def ryanpeikou(v: View) -> bool:
    c = sorted(v.chows)
    return len(c) == 4 and c[0] == c[1] and c[2] == c[3]


@yaku(
    "junchan",
    3,
    en="Fully Outside Hand",
    zh="纯全带幺九",
    ja="純全帯么九",
    open=2,
    excludes=("chanta",),
    gate="outside",
    needs=("chows", 1),
)
def junchan(v: View) -> bool:
    return v.regular and bool(v.chows) and not v.f.honors and v.blocks_all_contain(is_terminal)


@yaku("honitsu", 3, en="Half Flush", zh="混一色", ja="混一色", open=2, gate="one_suit", per_hand=True)
def honitsu(f: HandFacts) -> bool:
    return len(f.suits) == 1 and f.honors


@yaku(
    "chinitsu",
    6,
    en="Full Flush",
    zh="清一色",
    ja="清一色",
    open=5,
    excludes=("honitsu",),
    gate="one_suit",
    per_hand=True,
)
def chinitsu(f: HandFacts) -> bool:
    return len(f.suits) == 1 and not f.honors


@yaku(
    "renhou",
    5,
    en="Blessing of Man",
    zh="人和",
    ja="人和",
    open=0,
    doc="option renhou: mangan (5 han, adds to the others), strict_mangan (the hand is a mangan unless its own yaku "
    "and dora pay more) or yakuman; off by default",
    gate="first_turn_flags",
    per_hand=True,
)
def renhou(f: HandFacts) -> bool:
    return f.ctx.renhou and f.opts["renhou"] == "mangan"


# ---- yakuman -------------------------------------------------------------------------------------------------


@yaku(
    "kokushi",
    "yakuman",
    en="Thirteen Orphans",
    zh="国士无双",
    ja="国士無双",
    yakuman=1,
    open=0,
    needs=("form", "thirteen_orphans"),
)
def kokushi(v: View) -> bool:
    return v.form == "thirteen_orphans" and v.wait != "thirteen"


@yaku(
    "kokushi_13",
    "double yakuman",
    en="Thirteen-wait Thirteen Orphans",
    zh="国士无双十三面",
    ja="国士無双十三面待ち",
    yakuman=2,
    open=0,
    needs=("form", "thirteen_orphans"),
)
def kokushi_13(v: View) -> bool:
    return v.form == "thirteen_orphans" and v.wait == "thirteen"


@yaku(
    "suuankou",
    "yakuman",
    en="Four Concealed Triplets",
    zh="四暗刻",
    ja="四暗刻",
    yakuman=1,
    open=0,
    needs=("triplets", 4),
)
def suuankou(v: View) -> bool:
    return v.concealed_triplets == 4 and v.wait != "tanki"


@yaku(
    "suuankou_tanki",
    "double yakuman",
    en="Single-wait Four Concealed Triplets",
    zh="四暗刻单骑",
    ja="四暗刻単騎",
    yakuman=2,
    open=0,
    needs=("triplets", 4),
)
def suuankou_tanki(v: View) -> bool:
    return v.concealed_triplets == 4 and v.wait == "tanki"


@yaku(
    "daisangen",
    "yakuman",
    en="Big Three Dragons",
    zh="大三元",
    ja="大三元",
    yakuman=1,
    pao=True,
    gate="dragons",
    per_hand=True,
)
def daisangen(f: HandFacts) -> bool:
    return min(f.counts[31:34]) >= 3


@yaku(
    "shousuushii", "yakuman", en="Little Four Winds", zh="小四喜", ja="小四喜", yakuman=1, gate="winds", per_hand=True
)
def shousuushii(f: HandFacts) -> bool:
    c = sorted(f.counts[27:31])
    return c[0] == 2 and c[1] >= 3


@yaku(
    "daisuushii",
    "double yakuman",
    en="Big Four Winds",
    zh="大四喜",
    ja="大四喜",
    yakuman=2,
    pao=True,
    gate="winds",
    per_hand=True,
)
def daisuushii(f: HandFacts) -> bool:
    return min(f.counts[27:31]) >= 3


@yaku("tsuuiisou", "yakuman", en="All Honors", zh="字一色", ja="字一色", yakuman=1, gate="one_suit", per_hand=True)
def tsuuiisou(f: HandFacts) -> bool:
    return not f.suits


@yaku(
    "ryuuiisou",
    "yakuman",
    en="All Green",
    zh="绿一色",
    ja="緑一色",
    yakuman=1,
    doc="green tiles only (2s 3s 4s 6s 8s 6z); 6z not required (Tenhou), unless the option ryuuiisou_hatsu",
    gate="one_suit",
    per_hand=True,
)
def ryuuiisou(f: HandFacts) -> bool:
    if f.suits - {2}:
        return False
    c = f.counts
    if f.opts["ryuuiisou_hatsu"] and not c[32]:
        return False
    return sum([c[t] for t in GREEN]) == sum(c)


@yaku(
    "chinroutou", "yakuman", en="All Terminals", zh="清老头", ja="清老頭", yakuman=1, gate="yaochu_only", per_hand=True
)
def chinroutou(f: HandFacts) -> bool:
    return f.yaochu_only and not f.honors


@yaku(
    "chuuren",
    "yakuman",
    en="Nine Gates",
    zh="九莲宝灯",
    ja="九蓮宝燈",
    yakuman=1,
    open=0,
    gate="one_suit",
    per_hand=True,
)
def chuuren(f: HandFacts) -> bool:
    return _chuuren(f) == 1


@yaku(
    "junsei_chuuren",
    "double yakuman",
    en="True Nine Gates",
    zh="纯正九莲宝灯",
    ja="純正九蓮宝燈",
    yakuman=2,
    open=0,
    gate="one_suit",
    per_hand=True,
)
def junsei_chuuren(f: HandFacts) -> bool:
    return _chuuren(f) == 2


def _chuuren(f: HandFacts) -> int:
    """0 no, 1 nine gates, 2 pure nine gates (the 13 tiles before the win were 1112345678999: nine-sided wait)."""
    if f.hand.melds or len(f.suits) != 1 or f.honors:
        return 0
    s = next(iter(f.suits)) * 9
    c = f.counts[s : s + 9]
    extra = [c[i] - CHUUREN[i] for i in range(9)]
    if min(extra) < 0:
        return 0
    return 2 if extra[KIND[f.hand.win_tile] - s] == 1 else 1


@yaku("suukantsu", "yakuman", en="Four Kongs", zh="四杠子", ja="四槓子", yakuman=1, gate="n_kongs", per_hand=True)
def suukantsu(f: HandFacts) -> bool:
    return f.n_kongs == 4


@yaku(
    "tenhou",
    "yakuman",
    en="Blessing of Heaven",
    zh="天和",
    ja="天和",
    yakuman=1,
    open=0,
    gate="first_turn_flags",
    per_hand=True,
)
def tenhou(f: HandFacts) -> bool:
    return f.ctx.tenhou


@yaku(
    "chiihou",
    "yakuman",
    en="Blessing of Earth",
    zh="地和",
    ja="地和",
    yakuman=1,
    open=0,
    gate="first_turn_flags",
    per_hand=True,
)
def chiihou(f: HandFacts) -> bool:
    return f.ctx.chiihou


@yaku(
    "renhou_yakuman",
    "yakuman",
    en="Blessing of Man",
    zh="人和",
    ja="人和",
    yakuman=1,
    open=0,
    doc="option renhou = yakuman",
    gate="first_turn_flags",
    per_hand=True,
)
def renhou_yakuman(f: HandFacts) -> bool:
    return f.ctx.renhou and f.opts["renhou"] == "yakuman"


@yaku(
    "suurenkou",
    "yakuman",
    en="Four Consecutive Triplets",
    zh="四连刻",
    ja="四連刻",
    yakuman=1,
    local=True,
    excludes=("sanrenkou",),
    needs=("triplets", 4),
)
def suurenkou(v: View) -> bool:
    """Local yakuman of seed 001 (option local_yaku)."""
    t = sorted([x for x, _, _ in v.triplets if x < 27])
    return len(t) == 4 and t[3] - t[0] == 3 and t[0] // 9 == t[3] // 9


@yaku(
    "paarenchan",
    "yakuman",
    en="Eight Consecutive Dealer Wins",
    zh="八连庄",
    ja="八連荘",
    yakuman=1,
    local=True,
    per_hand=True,
)
def paarenchan(f: HandFacts) -> bool:
    """Local yakuman of seed 001 (option local_yaku): the dealer's eighth win in a row (context ``paarenchan``)."""
    return bool(f.ctx.extra.get("paarenchan")) and f.ctx.is_dealer


# The per-hand rows that read only the win-context flags, tsumo, no_yaochu, whether the hand is closed and the
# options (kept out of the rows' facts, which the rules listing shows).
BY_FLAGS = frozenset(
    {
        "riichi",
        "ippatsu",
        "double_riichi",
        "menzen_tsumo",
        "tanyao",
        "rinshan",
        "chankan",
        "haitei",
        "houtei",
        "renhou",
        "tenhou",
        "chiihou",
        "renhou_yakuman",
    }
)

# Which yaku a stronger one replaces (each hand counts the higher of the two), from the rows' ``excludes``.
REPLACES = {row.id: row.facts["excludes"] for row in YAKU if "excludes" in row.facts}
