"""The 81 fans of Chinese Official Mahjong (国标麻将) and the kong combination 明暗杠, one row each.

Digest: ../shared/rules/mcr_fans.md. ``zh`` is the rulebook name exactly as the digest writes it, ``en`` the Green Book
name (PyMahjongGB's ``fan_name_en``), ``no`` the rulebook number, ``excludes`` the consensus 不计 list (the
Helper / 国标麻将规则释义 reading; the 1998 rulebook's own wording is in the digest). A row's ``group`` says where it is
found, and so what its predicate reads:

- ``tiles``: the kinds of tile in the hand alone (suits, honors, ranks): ``TileFacts``.
- ``win``: how the hand was won: ``WinFacts``.
- ``chows`` / ``pungs``: a combination of ``sets`` (2, 3 or 4) chows or pungs, as their lowest tiles in order; which
  combinations count is the business of the principles (exclusions.py ``combine_sets``: 不拆移 套算一次 不得相同).
- ``sets``: the sets of one division of the hand (its chows, pungs, kongs, pair, wait, and the winds): a
  ``division.Sets``, nothing else, so their answers are kept per such sets (patterns.py ``set_fans``). It answers a
  count (0 or False: not there). ``forms`` says which forms the row reads (four sets and a pair and 组合龙 with a set
  and a pair unless it says otherwise); ``takes_chows``: the fan uses all four chows, which then make no combination
  among themselves (不拆移); ``needs``: a field of ``Sets`` without which the fan cannot be there (``kongs``,
  ``pungs``, ``wait``, ...), so a division where it is 0 or empty is not asked (only speed: the answer is the same).
- ``form``: a special shape (seven pairs, thirteen orphans, knitted, nine gates), of a ``division.Division`` (which
  also holds the hand's facts).
- ``extra``: the 联众 / 天津 platform extras (option ``platform_extras``), never part of the 81, of a ``Division``.
- ``flowers``: the hand's flowers, ``result``: what counts once the principles have run (无番和).

Adding a fan is adding its row here (a combination fan is found by the principles through its group).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...hand import Hand
from ...names import japanese
from ...notes import said
from .. import ItemDef, ItemTable
from .division import Division, Sets

FANS = ItemTable()


def fan(
    id: str,
    value: int,
    zh: str,
    en: str,
    *,
    no: int | None,
    group: str,
    excludes: tuple[str, ...] = (),
    repeat: bool = False,
    doc: str = "",
    **facts,
):
    """Register a fan row. ``repeat``: it may count more than once (the item carries ``count``)."""

    def register(fn=None):
        FANS.add(
            ItemDef(
                id,
                value,
                {"en": en, "zh": zh, "ja": japanese(zh)},
                doc or ((fn.__doc__ or "").strip() if fn else ""),
                fn,
                {"no": no, "group": group, "excludes": excludes, "repeat": repeat, **facts},
            )
        )
        return fn

    return register


# ---------------------------------------------------------------------------------------------------------------
# Tile facts: what kinds of tile the whole hand (melds included) holds.


def _mask(kinds) -> int:
    return sum(1 << k for k in kinds)


REVERSIBLE = _mask([9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31])  # 1234589p 245689s 白 (推不倒)
GREEN = _mask([19, 20, 21, 23, 25, 32])  # 23468s 发 (绿一色)
YAOCHU = _mask([0, 8, 9, 17, 18, 26, *range(27, 34)])  # terminals and honors


@dataclass(frozen=True, slots=True)
class TileFacts:
    """What kinds of tile the whole hand holds, melds included. Every hand with the same facts has the same tile fans,
    so they are found once per facts (``tile_fans``)."""

    suits: int  # how many of the three suits are present
    honors: bool
    winds: bool
    dragons: bool
    low: int  # lowest rank 1-9 of the suited tiles (10 if none)
    high: int  # highest rank (0 if none)
    green: bool  # only 23468 bamboo and Green Dragon
    reversible: bool  # only tiles that look the same upside down
    terminals_honors: bool  # only terminals and honors

    @staticmethod
    def key(mask: int) -> tuple:
        """The facts of a hand holding the kinds of this 34-bit mask (bit k = tile kind k), as a plain tuple: the
        definition. ``tile_fans`` reads the same facts from ``_FACT_BITS`` of the mask's two halves."""
        ranks = (mask | mask >> 9 | mask >> 18) & 0x1FF  # bit r: rank r + 1 is present in some suit
        honors = mask >> 27
        return (
            (mask & 0x1FF != 0) + (mask & 0x3FE00 != 0) + (mask & 0x7FC0000 != 0),
            honors != 0,
            honors & 0xF != 0,
            honors & 0x70 != 0,
            (ranks & -ranks).bit_length() if ranks else 10,
            ranks.bit_length(),
            not mask & ~GREEN,
            not mask & ~REVERSIBLE,
            not mask & ~YAOCHU,
        )

    @staticmethod
    def of_bits(bits: int) -> TileFacts:
        """The facts of ``_fact_bits`` (of a whole hand's mask, or the OR of its parts')."""
        ranks = bits & 0x1FF
        return TileFacts(
            (bits >> 9 & 7).bit_count(),
            bits & 0x3000 != 0,
            bits & 0x1000 != 0,
            bits & 0x2000 != 0,
            (ranks & -ranks).bit_length() if ranks else 10,
            ranks.bit_length(),
            not bits & 0x4000,
            not bits & 0x8000,
            not bits & 0x10000,
        )


def _fact_bits(mask: int) -> int:
    """The tile facts of the kinds of a mask as bits that combine by OR, so a hand's are the OR of its parts': the
    ranks present (bits 0-8), each suit present (9-11), winds, dragons (12, 13), and a kind held outside 绿一色's,
    outside 推不倒's, outside the terminals and honors (14-16)."""
    ranks = (mask | mask >> 9 | mask >> 18) & 0x1FF
    honors = mask >> 27
    return (
        ranks
        | (mask & 0x1FF != 0) << 9
        | (mask & 0x3FE00 != 0) << 10
        | (mask & 0x7FC0000 != 0) << 11
        | (honors & 0xF != 0) << 12
        | (honors & 0x70 != 0) << 13
        | (mask & ~GREEN != 0) << 14
        | (mask & ~REVERSIBLE != 0) << 15
        | (mask & ~YAOCHU != 0) << 16
    )


def _ranks_within(t: TileFacts, lo: int, hi: int) -> bool:
    return not t.honors and t.low >= lo and t.high <= hi


# What the set rows ask of the blocks (``Sets.every_block``): kinds masks.
FIVES = _mask([4, 13, 22])  # the 5 of each suit
EVENS = _mask([s + r for s in (0, 9, 18) for r in (1, 3, 5, 7)])  # the 2, 4, 6 and 8 of each suit


def _suits(t: tuple[int, ...]) -> int:
    """How many suits the sets (their lowest tiles) are in."""
    return len({x // 9 for x in t})


_SUITED = (1 << 27) - 1


# ---------------------------------------------------------------------------------------------------------------
# Win facts: how the hand was won (the contract's flags, checked in __init__).


@dataclass(frozen=True, slots=True)
class WinFacts:
    tsumo: bool
    concealed: bool  # no chow, pung or melded kong (门前清 state; concealed kongs allowed)
    all_melded: bool  # four chows / pungs / melded kongs declared (全求人 shape)
    last_copy: bool
    haitei: bool
    houtei: bool
    rinshan: bool
    chankan: bool


# ---------------------------------------------------------------------------------------------------------------
# 88


@fan(
    "da_si_xi",
    88,
    "大四喜",
    "Big Four Winds",
    no=1,
    group="pungs",
    excludes=("san_feng_ke", "peng_peng_hu", "quan_feng_ke", "men_feng_ke", "yao_jiu_ke"),
    sets=4,
)
def da_si_xi(t: tuple[int, ...]) -> bool:
    """Four pungs (or kongs) of winds."""
    return t == (27, 28, 29, 30)


@fan(
    "da_san_yuan",
    88,
    "大三元",
    "Big Three Dragons",
    no=2,
    group="pungs",
    excludes=("shuang_jian_ke", "jian_ke"),
    sets=3,
)
def da_san_yuan(t: tuple[int, ...]) -> bool:
    """Three pungs (or kongs) of dragons; those pungs count no 幺九刻."""
    return t[0] >= 31  # the three dragons (a ≤ b ≤ c)


@fan("lv_yi_se", 88, "绿一色", "All Green", no=3, group="tiles", excludes=("hun_yi_se",))
def lv_yi_se(t: TileFacts) -> int:
    """Only 23468 bamboo and Green Dragon. Without Green Dragon it is also 清一色 (1998 p.55)."""
    return t.green


@fan(
    "jiu_lian_bao_deng",
    88,
    "九莲宝灯",
    "Nine Gates",
    no=4,
    group="form",
    excludes=("qing_yi_se", "bu_qiu_ren", "men_qian_qing", "wu_zi"),
    excludes_yao_jiu_ke=1,
    forms=("regular",),
)
def jiu_lian_bao_deng(d: Division) -> int:
    """Concealed 1112345678999 of one suit waiting on any tile of it; one 幺九刻 is not counted. The hand's own
    sets may add 清龙 / 四归一 / 双暗刻 / 连六 (consensus)."""
    h = d.h
    win = h.win
    if win >= 27 or d.form != "regular" or h.hand.melds:
        return False
    s = win - win % 9
    if h.held != 0x1FF << s:  # the nine kinds of the winning tile's suit, and nothing else
        return False
    counts = h.counts
    before = [counts[s + i] - (s + i == win) for i in range(9)]
    return before == [3, 1, 1, 1, 1, 1, 1, 1, 3]  # the 13 tiles before the win: the nine-sided wait


@fan(
    "si_gang", 88, "四杠", "Four Kongs", no=5, group="sets", needs="kongs", excludes=("peng_peng_hu", "dan_diao_jiang")
)
def si_gang(s: Sets) -> int:
    """Four kongs. Concealed kongs still count the 暗刻 fans (consensus, MIL)."""
    return s.kongs == 4


@fan(
    "lian_qi_dui",
    88,
    "连七对",
    "Seven Shifted Pairs",
    no=6,
    group="form",
    excludes=("qing_yi_se", "qi_dui", "bu_qiu_ren", "men_qian_qing", "wu_zi", "dan_diao_jiang"),
    forms=("seven_pairs",),
)
def lian_qi_dui(d: Division) -> int:
    """Seven consecutive pairs of one suit."""
    held = d.h.held
    low = held & -held
    return held == low * 0x7F and low < 1 << 27 and (low.bit_length() - 1) % 9 <= 2  # 7 kinds in a row, one suit


@fan(
    "shi_san_yao",
    88,
    "十三幺",
    "Thirteen Orphans",
    no=7,
    group="form",
    excludes=("hun_yao_jiu", "wu_men_qi", "bu_qiu_ren", "men_qian_qing", "dan_diao_jiang"),
    forms=("thirteen_orphans",),
)
def shi_san_yao(d: Division) -> int:
    """One of each terminal and honor plus a pair of one of them."""
    return d.form == "thirteen_orphans"


# 64


@fan(
    "qing_yao_jiu",
    64,
    "清幺九",
    "All Terminals",
    no=8,
    group="tiles",
    excludes=("hun_yao_jiu", "peng_peng_hu", "quan_dai_yao", "shuang_tong_ke", "yao_jiu_ke", "wu_zi"),
)
def qing_yao_jiu(t: TileFacts) -> int:
    """Only terminals (1 and 9 of the suits)."""
    return not t.honors and t.terminals_honors


@fan(
    "xiao_si_xi",
    64,
    "小四喜",
    "Little Four Winds",
    no=9,
    group="sets",
    needs="wind_pungs",
    excludes=("san_feng_ke", "yao_jiu_ke"),
)
def xiao_si_xi(s: Sets) -> int:
    """Three wind pungs and a pair of the fourth wind."""
    return len(s.wind_pungs) == 3 and s.pair is not None and 27 <= s.pair <= 30


@fan(
    "xiao_san_yuan",
    64,
    "小三元",
    "Little Three Dragons",
    no=10,
    group="sets",
    needs="dragon_pungs",
    excludes=("shuang_jian_ke", "jian_ke"),
)
def xiao_san_yuan(s: Sets) -> int:
    """Two dragon pungs and a pair of the third dragon."""
    return s.dragon_pungs == 2 and s.pair is not None and s.pair >= 31


@fan(
    "zi_yi_se",
    64,
    "字一色",
    "All Honors",
    no=11,
    group="tiles",
    excludes=("hun_yao_jiu", "peng_peng_hu", "quan_dai_yao", "yao_jiu_ke"),
)
def zi_yi_se(t: TileFacts) -> int:
    """Only honors."""
    return t.suits == 0


@fan(
    "si_an_ke",
    64,
    "四暗刻",
    "Four Concealed Pungs",
    no=12,
    group="sets",
    needs="concealed",
    excludes=("peng_peng_hu", "bu_qiu_ren", "men_qian_qing"),
)
def si_an_ke(s: Sets) -> int:
    """Four concealed pungs (concealed kongs count). Self-drawn it scores 自摸, not 不求人 (consensus)."""
    return s.concealed == 4


@fan(
    "yi_se_shuang_long_hui",
    64,
    "一色双龙会",
    "Pure Terminal Chows",
    no=13,
    group="sets",
    needs="chows",
    excludes=("qi_dui", "qing_yi_se", "ping_hu", "yi_ban_gao", "lao_shao_fu", "wu_zi"),
    takes_chows=True,
)
def yi_se_shuang_long_hui(s: Sets) -> int:
    """123 123 789 789 and a pair of 5, all of one suit."""
    pair = s.pair
    if len(s.chows) != 4 or pair is None or pair >= 27 or pair % 9 != 4:
        return False
    low = pair - 4
    return s.chows == (low, low, low + 6, low + 6)


# 48


@fan(
    "yi_se_si_tong_shun",
    48,
    "一色四同顺",
    "Quadruple Chow",
    no=14,
    group="chows",
    excludes=("yi_se_san_tong_shun", "yi_se_san_jie_gao", "qi_dui", "si_gui_yi", "yi_ban_gao"),
    sets=4,
)
def yi_se_si_tong_shun(t: tuple[int, ...]) -> bool:
    """Four identical chows of one suit."""
    return t[0] == t[3]


@fan(
    "yi_se_si_jie_gao",
    48,
    "一色四节高",
    "Four Pure Shifted Pungs",
    no=15,
    group="pungs",
    excludes=("yi_se_san_tong_shun", "yi_se_san_jie_gao", "peng_peng_hu"),
    sets=4,
)
def yi_se_si_jie_gao(t: tuple[int, ...]) -> bool:
    """Four pungs of one suit, each one higher."""
    return t[3] < 27 and t[0] // 9 == t[3] // 9 and t[1] - t[0] == t[2] - t[1] == t[3] - t[2] == 1


# 32


@fan(
    "yi_se_si_bu_gao",
    32,
    "一色四步高",
    "Four Pure Shifted Chows",
    no=16,
    group="chows",
    excludes=("yi_se_san_bu_gao", "lian_liu", "lao_shao_fu"),
    sets=4,
)
def yi_se_si_bu_gao(t: tuple[int, ...]) -> bool:
    """Four chows of one suit, each one (or each two) higher."""
    d = t[1] - t[0]
    return t[0] // 9 == t[3] // 9 and d in (1, 2) and t[2] - t[1] == d and t[3] - t[2] == d


@fan("san_gang", 32, "三杠", "Three Kongs", no=17, group="sets", needs="kongs")
def san_gang(s: Sets) -> int:
    """Three kongs."""
    return s.kongs == 3


@fan(
    "hun_yao_jiu",
    32,
    "混幺九",
    "All Terminals and Honors",
    no=18,
    group="tiles",
    excludes=("peng_peng_hu", "quan_dai_yao", "yao_jiu_ke"),
)
def hun_yao_jiu(t: TileFacts) -> int:
    """Only terminals and honors."""
    return t.terminals_honors


# 24


@fan(
    "qi_dui",
    24,
    "七对",
    "Seven Pairs",
    no=19,
    group="form",
    excludes=("bu_qiu_ren", "men_qian_qing", "dan_diao_jiang"),
    forms=("seven_pairs",),
)
def qi_dui(d: Division) -> int:
    """Seven pairs; four of a kind counts as two pairs."""
    return d.form == "seven_pairs"


@fan(
    "qi_xing_bu_kao",
    24,
    "七星不靠",
    "Greater Honors and Knitted Tiles",
    no=20,
    group="form",
    excludes=("quan_bu_kao", "wu_men_qi", "bu_qiu_ren", "men_qian_qing"),
    forms=("honors_knitted",),
)
def qi_xing_bu_kao(d: Division) -> int:
    """All seven honors and seven tiles of one knitted 147/258/369 pattern, all single."""
    return d.h.held >> 27 == 0x7F  # the seven honors


@fan(
    "quan_shuang_ke",
    24,
    "全双刻",
    "All Even Pungs",
    no=21,
    group="sets",
    needs="pungs",
    excludes=("peng_peng_hu", "duan_yao", "wu_zi"),
)
def quan_shuang_ke(s: Sets) -> int:
    """Pungs and a pair of 2, 4, 6 and 8 only (four sets and a pair, not seven pairs)."""
    return s.every_block(EVENS) and not s.chows


@fan("qing_yi_se", 24, "清一色", "Full Flush", no=22, group="tiles", excludes=("wu_zi",))
def qing_yi_se(t: TileFacts) -> int:
    """One suit, no honors."""
    return t.suits == 1 and not t.honors


@fan(
    "yi_se_san_tong_shun",
    24,
    "一色三同顺",
    "Pure Triple Chow",
    no=23,
    group="chows",
    excludes=("yi_se_san_jie_gao", "yi_ban_gao"),
    sets=3,
)
def yi_se_san_tong_shun(t: tuple[int, ...]) -> bool:
    """Three identical chows of one suit."""
    return t[0] == t[2]


@fan(
    "yi_se_san_jie_gao",
    24,
    "一色三节高",
    "Pure Shifted Pungs",
    no=24,
    group="pungs",
    excludes=("yi_se_san_tong_shun",),
    sets=3,
)
def yi_se_san_jie_gao(t: tuple[int, ...]) -> bool:
    """Three pungs of one suit, each one higher."""
    return t[2] < 27 and t[0] // 9 == t[2] // 9 and t[1] - t[0] == t[2] - t[1] == 1


@fan("quan_da", 24, "全大", "Upper Tiles", no=25, group="tiles", excludes=("da_yu_wu", "wu_zi"))
def quan_da(t: TileFacts) -> int:
    """Only 7, 8 and 9 of the suits."""
    return _ranks_within(t, 7, 9)


@fan("quan_zhong", 24, "全中", "Middle Tiles", no=26, group="tiles", excludes=("duan_yao", "wu_zi"))
def quan_zhong(t: TileFacts) -> int:
    """Only 4, 5 and 6 of the suits."""
    return _ranks_within(t, 4, 6)


@fan("quan_xiao", 24, "全小", "Lower Tiles", no=27, group="tiles", excludes=("xiao_yu_wu", "wu_zi"))
def quan_xiao(t: TileFacts) -> int:
    """Only 1, 2 and 3 of the suits."""
    return _ranks_within(t, 1, 3)


# 16


@fan("qing_long", 16, "清龙", "Pure Straight", no=28, group="chows", excludes=("lian_liu", "lao_shao_fu"), sets=3)
def qing_long(t: tuple[int, ...]) -> bool:
    """123 456 789 of one suit."""
    return t[0] % 9 == 0 and t[1] == t[0] + 3 and t[2] == t[0] + 6


@fan(
    "san_se_shuang_long_hui",
    16,
    "三色双龙会",
    "Three-Suited Terminal Chows",
    no=29,
    group="sets",
    needs="chows",
    excludes=("ping_hu", "lao_shao_fu", "xi_xiang_feng", "wu_zi"),
    takes_chows=True,
)
def san_se_shuang_long_hui(s: Sets) -> int:
    """123 and 789 in two suits and a pair of 5 in the third."""
    pair = s.pair
    if len(s.chows) != 4 or pair is None or pair >= 27 or pair % 9 != 4:
        return False
    a, b = (suit * 9 for suit in range(3) if suit != pair // 9)
    return s.chows == (a, a + 6, b, b + 6)


@fan("yi_se_san_bu_gao", 16, "一色三步高", "Pure Shifted Chows", no=30, group="chows", sets=3)
def yi_se_san_bu_gao(t: tuple[int, ...]) -> bool:
    """Three chows of one suit, each one (or each two) higher."""
    return t[0] // 9 == t[2] // 9 and t[1] - t[0] == t[2] - t[1] in (1, 2)


@fan("quan_dai_wu", 16, "全带五", "All Five", no=31, group="sets", excludes=("duan_yao", "wu_zi"))
def quan_dai_wu(s: Sets) -> int:
    """Every set and the pair holds a 5."""
    return s.every_block(FIVES)


@fan("san_tong_ke", 16, "三同刻", "Triple Pung", no=32, group="pungs", excludes=("shuang_tong_ke",), sets=3)
def san_tong_ke(t: tuple[int, ...]) -> bool:
    """Pungs of the same number in the three suits."""
    return t[2] < 27 and _suits(t) == 3 and t[0] % 9 == t[1] % 9 == t[2] % 9


@fan("san_an_ke", 16, "三暗刻", "Three Concealed Pungs", no=33, group="sets", needs="concealed")
def san_an_ke(s: Sets) -> int:
    """Three concealed pungs (concealed kongs count)."""
    return s.concealed == 3


# 12


@fan(
    "quan_bu_kao",
    12,
    "全不靠",
    "Lesser Honors and Knitted Tiles",
    no=34,
    group="form",
    excludes=("wu_men_qi", "bu_qiu_ren", "men_qian_qing"),
    forms=("honors_knitted",),
)
def quan_bu_kao(d: Division) -> int:
    """Fourteen single tiles: honors and tiles of one knitted 147/258/369 pattern."""
    return d.form == "honors_knitted"


@fan("zu_he_long", 12, "组合龙", "Knitted Straight", no=35, group="form", forms=("knitted_straight", "honors_knitted"))
def zu_he_long(d: Division) -> int:
    """147, 258 and 369 in three different suits; with a set and a pair, or inside 全不靠."""
    if d.form == "knitted_straight":
        return True
    return (d.h.held & _SUITED).bit_count() == 9  # 全不靠 holding the whole knitted straight (consensus, p.76)


@fan("da_yu_wu", 12, "大于五", "Upper Four", no=36, group="tiles", excludes=("wu_zi",))
def da_yu_wu(t: TileFacts) -> int:
    """Only 6 to 9 of the suits."""
    return _ranks_within(t, 6, 9)


@fan("xiao_yu_wu", 12, "小于五", "Lower Four", no=37, group="tiles", excludes=("wu_zi",))
def xiao_yu_wu(t: TileFacts) -> int:
    """Only 1 to 4 of the suits."""
    return _ranks_within(t, 1, 4)


@fan("san_feng_ke", 12, "三风刻", "Big Three Winds", no=38, group="pungs", sets=3)
def san_feng_ke(t: tuple[int, ...]) -> bool:
    """Three wind pungs; those pungs count no 幺九刻 (consensus), 圈风刻 / 门风刻 may add (1998 p.79)."""
    return t[0] >= 27 and t[2] <= 30


# 8


@fan("hua_long", 8, "花龙", "Mixed Straight", no=39, group="chows", sets=3)
def hua_long(t: tuple[int, ...]) -> bool:
    """123, 456 and 789 each in a different suit."""
    return _suits(t) == 3 and sorted(x % 9 for x in t) == [0, 3, 6]


@fan("tui_bu_dao", 8, "推不倒", "Reversible Tiles", no=40, group="tiles", excludes=("que_yi_men",))
def tui_bu_dao(t: TileFacts) -> int:
    """Only tiles that look the same upside down: 1234589 dots, 245689 bamboo, White Dragon."""
    return t.reversible


@fan(
    "san_se_san_tong_shun",
    8,
    "三色三同顺",
    "Mixed Triple Chow",
    no=41,
    group="chows",
    excludes=("xi_xiang_feng",),
    sets=3,
)
def san_se_san_tong_shun(t: tuple[int, ...]) -> bool:
    """The same chow in the three suits."""
    return _suits(t) == 3 and t[0] % 9 == t[1] % 9 == t[2] % 9


@fan("san_se_san_jie_gao", 8, "三色三节高", "Mixed Shifted Pungs", no=42, group="pungs", sets=3)
def san_se_san_jie_gao(t: tuple[int, ...]) -> bool:
    """Pungs in the three suits, each one higher."""
    if t[2] >= 27 or _suits(t) != 3:
        return False
    r = sorted(x % 9 for x in t)
    return r[1] == r[0] + 1 and r[2] == r[1] + 1


@fan("wu_fan_hu", 8, "无番和", "Chicken Hand", no=43, group="result")
def wu_fan_hu(counted: int) -> bool:
    """Nothing else counts (flowers aside)."""
    return not counted


@fan("miao_shou_hui_chun", 8, "妙手回春", "Last Tile Draw", no=44, group="win", excludes=("zi_mo",))
def miao_shou_hui_chun(w: WinFacts) -> int:
    """Self-drawn on the last tile of the wall (contract flag ``haitei``)."""
    return w.haitei and w.tsumo


@fan("hai_di_lao_yue", 8, "海底捞月", "Last Tile Claim", no=45, group="win")
def hai_di_lao_yue(w: WinFacts) -> int:
    """Won on the last discard (contract flag ``houtei``)."""
    return w.houtei and not w.tsumo


@fan("gang_shang_kai_hua", 8, "杠上开花", "Out with Replacement Tile", no=46, group="win", excludes=("zi_mo",))
def gang_shang_kai_hua(w: WinFacts) -> int:
    """Won on a kong's replacement tile (``rinshan``); a flower's replacement does not count (1998 p.85)."""
    return w.rinshan and w.tsumo


@fan("qiang_gang_hu", 8, "抢杠和", "Robbing The Kong", no=47, group="win", excludes=("he_jue_zhang",))
def qiang_gang_hu(w: WinFacts) -> int:
    """Won on the tile another player adds to a melded pung (``chankan``)."""
    return w.chankan and not w.tsumo


# 6


@fan("peng_peng_hu", 6, "碰碰和", "All Pungs", no=48, group="sets", needs="pungs")
def peng_peng_hu(s: Sets) -> int:
    """Four pungs (or kongs) and a pair."""
    return len(s.pungs) == 4


@fan("hun_yi_se", 6, "混一色", "Half Flush", no=49, group="tiles")
def hun_yi_se(t: TileFacts) -> int:
    """One suit and honors."""
    return t.suits == 1 and t.honors


@fan("san_se_san_bu_gao", 6, "三色三步高", "Mixed Shifted Chows", no=50, group="chows", sets=3)
def san_se_san_bu_gao(t: tuple[int, ...]) -> bool:
    """Chows in the three suits, each one higher."""
    if _suits(t) != 3:
        return False
    r = sorted(x % 9 for x in t)
    return r[1] == r[0] + 1 and r[2] == r[1] + 1


@fan("wu_men_qi", 6, "五门齐", "All Types", no=51, group="tiles")
def wu_men_qi(t: TileFacts) -> int:
    """All three suits, winds and dragons."""
    return t.suits == 3 and t.winds and t.dragons


@fan("quan_qiu_ren", 6, "全求人", "Melded Hand", no=52, group="win", excludes=("dan_diao_jiang",))
def quan_qiu_ren(w: WinFacts) -> int:
    """Four melded sets and won on a discard with a single wait."""
    return w.all_melded and not w.tsumo


@fan(
    "shuang_an_gang",
    6,
    "双暗杠",
    "Two Concealed Kongs",
    no=53,
    group="sets",
    needs="kongs",
    excludes=("shuang_an_ke",),
    green_book_2006=8,
)
def shuang_an_gang(s: Sets) -> int:
    """Two concealed kongs. The Green Book 2006 scores it 8 (digest, secondhand)."""
    return s.concealed_kongs == 2 and s.kongs == 2


@fan("shuang_jian_ke", 6, "双箭刻", "Two Dragons Pungs", no=54, group="pungs", excludes=("jian_ke",), sets=2)
def shuang_jian_ke(t: tuple[int, ...]) -> bool:
    """Two dragon pungs."""
    return t[0] >= 31


# 4


@fan("quan_dai_yao", 4, "全带幺", "Outside Hand", no=55, group="sets")
def quan_dai_yao(s: Sets) -> int:
    """Every set and the pair holds a terminal or an honor."""
    return s.every_block(YAOCHU)


@fan("bu_qiu_ren", 4, "不求人", "Fully Concealed Hand", no=56, group="win", excludes=("zi_mo",))
def bu_qiu_ren(w: WinFacts) -> int:
    """No chow, pung or melded kong, and self-drawn."""
    return w.concealed and w.tsumo


@fan("shuang_ming_gang", 4, "双明杠", "Two Melded Kongs", no=57, group="sets", needs="kongs")
def shuang_ming_gang(s: Sets) -> int:
    """Two melded kongs."""
    return s.melded_kongs == 2 and s.kongs == 2


@fan("he_jue_zhang", 4, "和绝张", "Last Tile", no=58, group="win")
def he_jue_zhang(w: WinFacts) -> int:
    """Won on the last copy of a tile the others have shown (``last_copy``)."""
    return w.last_copy


# 2


@fan("jian_ke", 2, "箭刻", "Dragon Pung", no=59, group="sets", needs="dragon_pungs", repeat=True)
def jian_ke(s: Sets) -> int:
    """A pung of dragons; it counts no 幺九刻."""
    return s.dragon_pungs


@fan("quan_feng_ke", 2, "圈风刻", "Prevalent Wind", no=60, group="sets", needs="wind_pungs")
def quan_feng_ke(s: Sets) -> int:
    """A pung of the round wind; it counts no 幺九刻 (once, even when it is also the seat wind)."""
    return s.round in s.wind_pungs


@fan("men_feng_ke", 2, "门风刻", "Seat Wind", no=61, group="sets", needs="wind_pungs")
def men_feng_ke(s: Sets) -> int:
    """A pung of the seat wind; it counts no 幺九刻."""
    return s.seat in s.wind_pungs


@fan("men_qian_qing", 2, "门前清", "Concealed Hand", no=62, group="win")
def men_qian_qing(w: WinFacts) -> int:
    """No chow, pung or melded kong, and won on a discard."""
    return w.concealed and not w.tsumo


@fan("ping_hu", 2, "平和", "All Chows", no=63, group="sets", needs="chows", excludes=("wu_zi",))
def ping_hu(s: Sets) -> int:
    """Four chows and a pair of a suit; edge, closed and single waits do not matter (1998 p.90)."""
    return not s.pungs and s.pair is not None and s.pair < 27


@fan(
    "si_gui_yi",
    2,
    "四归一",
    "Tile Hog",
    no=64,
    group="sets",
    needs="hogs",
    repeat=True,
    forms=("regular", "knitted_straight", "seven_pairs"),
)
def si_gui_yi(s: Sets) -> int:
    """All four copies of a tile used without a kong; once per such tile."""
    return s.hogs


@fan("shuang_tong_ke", 2, "双同刻", "Double Pung", no=65, group="pungs", repeat=True, sets=2)
def shuang_tong_ke(t: tuple[int, ...]) -> bool:
    """Pungs of the same number in two suits."""
    return t[1] < 27 and t[0] != t[1] and t[0] % 9 == t[1] % 9


@fan("shuang_an_ke", 2, "双暗刻", "Two Concealed Pungs", no=66, group="sets", needs="concealed")
def shuang_an_ke(s: Sets) -> int:
    """Two concealed pungs (concealed kongs count)."""
    return s.concealed == 2


@fan("an_gang", 2, "暗杠", "Concealed Kong", no=67, group="sets", needs="kongs")
def an_gang(s: Sets) -> int:
    """One concealed kong."""
    return s.concealed_kongs == 1 and s.kongs <= 2


@fan("duan_yao", 2, "断幺", "All Simples", no=68, group="tiles", excludes=("wu_zi",))
def duan_yao(t: TileFacts) -> int:
    """No terminals, no honors."""
    return _ranks_within(t, 2, 8)


# 1


@fan("yi_ban_gao", 1, "一般高", "Pure Double Chow", no=69, group="chows", repeat=True, sets=2)
def yi_ban_gao(t: tuple[int, ...]) -> bool:
    """Two identical chows."""
    return t[0] == t[1]


@fan("xi_xiang_feng", 1, "喜相逢", "Mixed Double Chow", no=70, group="chows", repeat=True, sets=2)
def xi_xiang_feng(t: tuple[int, ...]) -> bool:
    """The same chow in two suits."""
    return t[0] // 9 != t[1] // 9 and t[0] % 9 == t[1] % 9


@fan("lian_liu", 1, "连六", "Short Straight", no=71, group="chows", repeat=True, sets=2)
def lian_liu(t: tuple[int, ...]) -> bool:
    """Two chows of one suit making six in a row."""
    return t[0] // 9 == t[1] // 9 and t[1] - t[0] == 3


@fan("lao_shao_fu", 1, "老少副", "Two Terminal Chows", no=72, group="chows", repeat=True, sets=2)
def lao_shao_fu(t: tuple[int, ...]) -> bool:
    """123 and 789 of one suit."""
    return t[0] // 9 == t[1] // 9 and t[0] % 9 == 0 and t[1] - t[0] == 6


_WIND_PUNGS_NOTE = said("wind_pungs_no_yaojiu")
_ROUND_WIND_NOTE = said("round_wind_pung_no_yaojiu")
_SEAT_WIND_NOTE = said("seat_wind_pung_no_yaojiu")


@fan("yao_jiu_ke", 1, "幺九刻", "Pung of Terminals or Honors", no=73, group="sets", needs="pungs", repeat=True)
def yao_jiu_ke(s: Sets) -> int:
    """A pung of terminals or winds (dragons score 箭刻); once per pung."""
    n = sum(1 for t in s.pungs if t < 27 and t % 9 in (0, 8))
    winds = s.wind_pungs
    if len(winds) >= 3:
        s.notes.append(_WIND_PUNGS_NOTE)
        return n
    for t in winds:
        if t == s.round or t == s.seat:
            s.notes.append(_ROUND_WIND_NOTE if t == s.round else _SEAT_WIND_NOTE)
        else:
            n += 1
    return n


@fan("ming_gang", 1, "明杠", "Melded Kong", no=74, group="sets", needs="kongs")
def ming_gang(s: Sets) -> int:
    """One melded kong."""
    return s.melded_kongs == 1 and s.kongs <= 2


@fan("que_yi_men", 1, "缺一门", "One Voided Suit", no=75, group="tiles")
def que_yi_men(t: TileFacts) -> int:
    """Exactly two of the three suits."""
    return t.suits == 2


@fan("wu_zi", 1, "无字", "No Honors", no=76, group="tiles")
def wu_zi(t: TileFacts) -> int:
    """No honors."""
    return not t.honors


@fan("bian_zhang", 1, "边张", "Edge Wait", no=77, group="sets", needs="wait")
def bian_zhang(s: Sets) -> int:
    """The only wait is 3 of 12 or 7 of 89 (the hand waits on one kind only, consensus/MIL)."""
    return s.wait == "edge"


@fan("kan_zhang", 1, "嵌张", "Closed Wait", no=78, group="sets", needs="wait")
def kan_zhang(s: Sets) -> int:
    """The only wait is the middle of a chow."""
    return s.wait == "closed"


@fan("dan_diao_jiang", 1, "单钓将", "Single Wait", no=79, group="sets", needs="wait")
def dan_diao_jiang(s: Sets) -> int:
    """The only wait is the pair."""
    return s.wait == "pair"


@fan("zi_mo", 1, "自摸", "Self-Drawn", no=80, group="win")
def zi_mo(w: WinFacts) -> int:
    """Self-drawn."""
    return w.tsumo


@fan("hua_pai", 1, "花牌", "Flower Tiles", no=81, group="flowers", repeat=True)
def hua_pai(hand: Hand) -> int:
    """One per flower; never towards the 8-fan minimum (1998 p.93)."""
    return len(hand.flowers)


@fan(
    "ming_an_gang",
    5,
    "明暗杠",
    "Concealed Kong and Melded Kong",
    no=None,
    group="sets",
    needs="kongs",
    excludes=("ming_gang", "an_gang"),
    green_book_2006=6,
)
def ming_an_gang(s: Sets) -> int:
    """One melded and one concealed kong: 5 (Helper / PyMahjongGB); the Green Book 2006 reportedly 6."""
    return s.kongs == 2 and s.concealed_kongs == 1


# 联众 / 天津 platform extras (seed 000 「国标麻将番种图解联众麻将规则图解」), option ``platform_extras``.


@fan(
    "tian_hu",
    168,
    "天和",
    "Heavenly Hand",
    no=None,
    group="extra",
    excludes=("bu_qiu_ren", "zi_mo", "bian_zhang", "kan_zhang", "dan_diao_jiang"),
    flag="tenhou",
)
def tian_hu(d: Division) -> int:
    """The dealer wins on the dealt hand (``tenhou``). A dealt hand has no wait and is self-drawn."""
    return d.ctx.tenhou


@fan(
    "di_hu",
    158,
    "地和",
    "Earthly Hand",
    no=None,
    group="extra",
    excludes=("bu_qiu_ren", "zi_mo", "men_qian_qing"),
    flag="chiihou",
)
def di_hu(d: Division) -> int:
    """Won on the first turn after the dealer's first discard (``chiihou``)."""
    return d.ctx.chiihou


@fan("ren_hu", 108, "人和", "Humanly Hand", no=None, group="extra", flag="renhou")
def ren_hu(d: Division) -> int:
    """Won within the first go-round (``renhou``)."""
    return d.ctx.renhou


@fan(
    "si_fang_da_fa",
    168,
    "四方大发",
    "Four Winds and Green Pair",
    no=None,
    group="extra",
    excludes=("da_si_xi", "peng_peng_hu", "quan_feng_ke", "men_feng_ke", "san_feng_ke", "yao_jiu_ke"),
)
def si_fang_da_fa(d: Division) -> int:
    """Pungs of the four winds and a pair of Green Dragons: 大四喜 with a green pair."""
    sets = d.sets
    return len(sets.wind_pungs) == 4 and sets.pair == 32


@fan("hun_gang", 88, "混杠", "Joker Kong", no=None, group="extra", flag="hun_gang")
def hun_gang(d: Division) -> int:
    """A kong of four jokers (混); the tiles carry no joker, so the rule-set flag ``hun_gang`` says so."""
    return d.ctx.extra.get("hun_gang") is True


@fan("tian_ting", 32, "天听", "Heavenly Ready", no=None, group="extra", flag="tian_ting")
def tian_ting(d: Division) -> int:
    """Ready on the dealt hand (rule-set flag ``tian_ting``)."""
    return d.ctx.extra.get("tian_ting") is True


TILE_FANS = tuple(row for row in FANS if row.facts["group"] == "tiles")
WIN_FANS = tuple(row for row in FANS if row.facts["group"] == "win")
VALUE = {row.id: row.value for row in FANS}
ORDER = {row.id: i for i, row in enumerate(FANS)}

# A set of fans is a bit mask: bit i is the fan of row i, so the lowest bit is the highest fan (table order).
IDS = tuple(row.id for row in FANS)
BIT = {row.id: 1 << i for i, row in enumerate(FANS)}
REPEAT = frozenset(row.id for row in FANS if row.facts["repeat"])


def fan_mask(found: dict[str, int]) -> tuple[int, dict[str, int]]:
    """A dict of fans -> (their mask, the counts of those counted more than once). A fan missing from the counts
    counts once; only the fans that may repeat may count more (asserted: the mask could not say otherwise)."""
    mask = 0
    counts = {}
    for f, n in found.items():
        mask |= BIT[f]
        if n != 1:
            assert f in REPEAT, (f, n)
            counts[f] = n
    return mask, counts


def rows(mask: int) -> list[int]:
    """The row indexes of the fans of a mask, in table order (the lowest bit first)."""
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    return out


def fan_dict(mask: int, counts: dict[str, int]) -> dict[str, int]:
    """A mask of fans and the counts of the repeated ones -> fan -> count, in table order."""
    return {IDS[i]: counts.get(IDS[i], 1) for i in rows(mask)}


# The tile-fan tables, plain dicts filled by ``tile_fans``: half a hand's kinds mask (the low half 1-9m 1-9p, or the
# high half 1-9s and the honors, shifted down) -> its ``_fact_bits``; ``_fact_bits`` -> the tile fans of those facts
# (a mask of fans, before exclusions). A hand's facts are the OR of its halves'.
LOW_HALF_FACTS: dict[int, int] = {}
HIGH_HALF_FACTS: dict[int, int] = {}
TILE_FANS_BY_FACTS: dict[int, int] = {}


def tile_fans(mask: int) -> int:
    """The tile fans (a mask of fans, before exclusions) of a hand holding the kinds of this 34-bit mask: the facts
    of its two halves, each found once per half, combined, and the fans found once per facts."""
    low, high = mask & 0x3FFFF, mask >> 18
    if low not in LOW_HALF_FACTS:
        LOW_HALF_FACTS[low] = _fact_bits(low)
    if high not in HIGH_HALF_FACTS:
        HIGH_HALF_FACTS[high] = _fact_bits(high << 18)
    bits = LOW_HALF_FACTS[low] | HIGH_HALF_FACTS[high]
    fans = TILE_FANS_BY_FACTS.get(bits)
    if fans is None:
        facts = TileFacts.of_bits(bits)
        fans = TILE_FANS_BY_FACTS[bits] = sum([BIT[row.id] for row in TILE_FANS if row.check(facts)])
    return fans


def win_fans(w: WinFacts) -> int:
    """The win fans (a mask of fans, before exclusions) of these win facts."""
    return sum([BIT[row.id] for row in WIN_FANS if row.check(w)])


# The rows by what they read (``group``), each (bit, id, predicate), in table order.
FORMS = ("regular", "knitted_straight", "seven_pairs", "thirteen_orphans", "honors_knitted")
_SET_FORMS = ("regular", "knitted_straight")  # the forms a ``sets`` row reads unless its ``forms`` says otherwise


def _entry(row: ItemDef) -> tuple[int, str, object]:
    return BIT[row.id], row.id, row.check


def _rows_of(group: str, form: str) -> tuple[tuple[int, str, object], ...]:
    return tuple(
        _entry(row) for row in FANS if row.facts["group"] == group and form in row.facts.get("forms", _SET_FORMS)
    )


def _by_needs(form: str) -> tuple[tuple[str | None, tuple[tuple[int, str, object], ...]], ...]:
    """The ``sets`` rows of a form grouped by the fact of ``Sets`` they need (their ``needs``: a division without it
    has not their fan, so they are not asked), each group in table order, the groups in order of their first row."""
    groups: dict[str | None, list] = {}
    for row in FANS:
        if row.facts["group"] == "sets" and form in row.facts.get("forms", _SET_FORMS):
            groups.setdefault(row.facts.get("needs"), []).append(_entry(row))
    return tuple((needs, tuple(entries)) for needs, entries in groups.items())


SET_ROWS = {form: _by_needs(form) for form in FORMS}  # of a ``Sets``, kept per sets (patterns.py)
FORM_ROWS = {form: _rows_of("form", form) for form in FORMS}  # of a ``Division``
EXTRA_ROWS = tuple(_entry(row) for row in FANS if row.facts["group"] == "extra")  # option platform_extras
TAKES_CHOWS = sum(BIT[row.id] for row in FANS if row.facts.get("takes_chows"))
_COMBINATIONS = {
    (group, n): tuple(row for row in FANS if row.facts["group"] == group and row.facts["sets"] == n)
    for group in ("chows", "pungs")
    for n in (2, 3, 4)
}


def combination(group: str, sets: tuple[int, ...]) -> str | None:
    """The fan of this combination of chows or pungs (``group``; their lowest tiles, in order), the first row of the
    table (the highest) that holds, or None."""
    for row in _COMBINATIONS[group, len(sets)]:
        if row.check(sets):
            return row.id
    return None
