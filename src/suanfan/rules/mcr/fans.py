"""The 81 fans of Chinese Official Mahjong (国标麻将) and the kong combination 明暗杠, one row each.

Digest: ../shared/rules/mcr_fans.md. ``zh`` is the rulebook name exactly as the digest writes it, ``en`` the Green Book
name (PyMahjongGB's ``fan_name_en``), ``no`` the rulebook number, ``excludes`` the consensus 不计 list (the
Helper / 国标麻将规则释义 reading; the 1998 rulebook's own wording is in the digest). A row's ``group`` says where it is
found:

- ``tiles``: from the kinds of tile in the hand alone (suits, honors, ranks); the predicate takes ``TileFacts``.
- ``win``: from how the hand was won; the predicate takes ``WinFacts``.
- ``sets``: from the sets of a reading (chows, pungs, kongs, the pair); found in ``sets.py``.
- ``form``: a special shape (seven pairs, thirteen orphans, knitted, nine gates); found in ``sets.py``.
- ``extra``: the 联众 / 天津 platform extras (option ``platform_extras``), never part of the 81.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...names import japanese
from .. import ItemDef, ItemTable

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
    group="sets",
    excludes=("san_feng_ke", "peng_peng_hu", "quan_feng_ke", "men_feng_ke", "yao_jiu_ke"),
)
def _da_si_xi():
    """Four pungs (or kongs) of winds."""


@fan("da_san_yuan", 88, "大三元", "Big Three Dragons", no=2, group="sets", excludes=("shuang_jian_ke", "jian_ke"))
def _da_san_yuan():
    """Three pungs (or kongs) of dragons; those pungs count no 幺九刻."""


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
)
def _jiu_lian_bao_deng():
    """Concealed 1112345678999 of one suit waiting on any tile of it; one 幺九刻 is not counted. The hand's own
    sets may add 清龙 / 四归一 / 双暗刻 / 连六 (consensus)."""


@fan("si_gang", 88, "四杠", "Four Kongs", no=5, group="sets", excludes=("peng_peng_hu", "dan_diao_jiang"))
def _si_gang():
    """Four kongs. Concealed kongs still count the 暗刻 fans (consensus, MIL)."""


@fan(
    "lian_qi_dui",
    88,
    "连七对",
    "Seven Shifted Pairs",
    no=6,
    group="form",
    excludes=("qing_yi_se", "qi_dui", "bu_qiu_ren", "men_qian_qing", "wu_zi", "dan_diao_jiang"),
)
def _lian_qi_dui():
    """Seven consecutive pairs of one suit."""


@fan(
    "shi_san_yao",
    88,
    "十三幺",
    "Thirteen Orphans",
    no=7,
    group="form",
    excludes=("hun_yao_jiu", "wu_men_qi", "bu_qiu_ren", "men_qian_qing", "dan_diao_jiang"),
)
def _shi_san_yao():
    """One of each terminal and honor plus a pair of one of them."""


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


@fan("xiao_si_xi", 64, "小四喜", "Little Four Winds", no=9, group="sets", excludes=("san_feng_ke", "yao_jiu_ke"))
def _xiao_si_xi():
    """Three wind pungs and a pair of the fourth wind."""


@fan("xiao_san_yuan", 64, "小三元", "Little Three Dragons", no=10, group="sets", excludes=("shuang_jian_ke", "jian_ke"))
def _xiao_san_yuan():
    """Two dragon pungs and a pair of the third dragon."""


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
    excludes=("peng_peng_hu", "bu_qiu_ren", "men_qian_qing"),
)
def _si_an_ke():
    """Four concealed pungs (concealed kongs count). Self-drawn it scores 自摸, not 不求人 (consensus)."""


@fan(
    "yi_se_shuang_long_hui",
    64,
    "一色双龙会",
    "Pure Terminal Chows",
    no=13,
    group="sets",
    excludes=("qi_dui", "qing_yi_se", "ping_hu", "yi_ban_gao", "lao_shao_fu", "wu_zi"),
)
def _yi_se_shuang_long_hui():
    """123 123 789 789 and a pair of 5, all of one suit."""


# 48


@fan(
    "yi_se_si_tong_shun",
    48,
    "一色四同顺",
    "Quadruple Chow",
    no=14,
    group="sets",
    excludes=("yi_se_san_tong_shun", "yi_se_san_jie_gao", "qi_dui", "si_gui_yi", "yi_ban_gao"),
)
def _yi_se_si_tong_shun():
    """Four identical chows of one suit."""


@fan(
    "yi_se_si_jie_gao",
    48,
    "一色四节高",
    "Four Pure Shifted Pungs",
    no=15,
    group="sets",
    excludes=("yi_se_san_tong_shun", "yi_se_san_jie_gao", "peng_peng_hu"),
)
def _yi_se_si_jie_gao():
    """Four pungs of one suit, each one higher."""


# 32


@fan(
    "yi_se_si_bu_gao",
    32,
    "一色四步高",
    "Four Pure Shifted Chows",
    no=16,
    group="sets",
    excludes=("yi_se_san_bu_gao", "lian_liu", "lao_shao_fu"),
)
def _yi_se_si_bu_gao():
    """Four chows of one suit, each one (or each two) higher."""


@fan("san_gang", 32, "三杠", "Three Kongs", no=17, group="sets")
def _san_gang():
    """Three kongs."""


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
    "qi_dui", 24, "七对", "Seven Pairs", no=19, group="form", excludes=("bu_qiu_ren", "men_qian_qing", "dan_diao_jiang")
)
def _qi_dui():
    """Seven pairs; four of a kind counts as two pairs."""


@fan(
    "qi_xing_bu_kao",
    24,
    "七星不靠",
    "Greater Honors and Knitted Tiles",
    no=20,
    group="form",
    excludes=("quan_bu_kao", "wu_men_qi", "bu_qiu_ren", "men_qian_qing"),
)
def _qi_xing_bu_kao():
    """All seven honors and seven tiles of one knitted 147/258/369 pattern, all single."""


@fan(
    "quan_shuang_ke",
    24,
    "全双刻",
    "All Even Pungs",
    no=21,
    group="sets",
    excludes=("peng_peng_hu", "duan_yao", "wu_zi"),
)
def _quan_shuang_ke():
    """Pungs and a pair of 2, 4, 6 and 8 only (four sets and a pair, not seven pairs)."""


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
    group="sets",
    excludes=("yi_se_san_jie_gao", "yi_ban_gao"),
)
def _yi_se_san_tong_shun():
    """Three identical chows of one suit."""


@fan(
    "yi_se_san_jie_gao", 24, "一色三节高", "Pure Shifted Pungs", no=24, group="sets", excludes=("yi_se_san_tong_shun",)
)
def _yi_se_san_jie_gao():
    """Three pungs of one suit, each one higher."""


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


@fan("qing_long", 16, "清龙", "Pure Straight", no=28, group="sets", excludes=("lian_liu", "lao_shao_fu"))
def _qing_long():
    """123 456 789 of one suit."""


@fan(
    "san_se_shuang_long_hui",
    16,
    "三色双龙会",
    "Three-Suited Terminal Chows",
    no=29,
    group="sets",
    excludes=("ping_hu", "lao_shao_fu", "xi_xiang_feng", "wu_zi"),
)
def _san_se_shuang_long_hui():
    """123 and 789 in two suits and a pair of 5 in the third."""


@fan("yi_se_san_bu_gao", 16, "一色三步高", "Pure Shifted Chows", no=30, group="sets")
def _yi_se_san_bu_gao():
    """Three chows of one suit, each one (or each two) higher."""


@fan("quan_dai_wu", 16, "全带五", "All Five", no=31, group="sets", excludes=("duan_yao", "wu_zi"))
def _quan_dai_wu():
    """Every set and the pair holds a 5."""


@fan("san_tong_ke", 16, "三同刻", "Triple Pung", no=32, group="sets", excludes=("shuang_tong_ke",))
def _san_tong_ke():
    """Pungs of the same number in the three suits."""


@fan("san_an_ke", 16, "三暗刻", "Three Concealed Pungs", no=33, group="sets")
def _san_an_ke():
    """Three concealed pungs (concealed kongs count)."""


# 12


@fan(
    "quan_bu_kao",
    12,
    "全不靠",
    "Lesser Honors and Knitted Tiles",
    no=34,
    group="form",
    excludes=("wu_men_qi", "bu_qiu_ren", "men_qian_qing"),
)
def _quan_bu_kao():
    """Fourteen single tiles: honors and tiles of one knitted 147/258/369 pattern."""


@fan("zu_he_long", 12, "组合龙", "Knitted Straight", no=35, group="form")
def _zu_he_long():
    """147, 258 and 369 in three different suits; with a set and a pair, or inside 全不靠."""


@fan("da_yu_wu", 12, "大于五", "Upper Four", no=36, group="tiles", excludes=("wu_zi",))
def da_yu_wu(t: TileFacts) -> int:
    """Only 6 to 9 of the suits."""
    return _ranks_within(t, 6, 9)


@fan("xiao_yu_wu", 12, "小于五", "Lower Four", no=37, group="tiles", excludes=("wu_zi",))
def xiao_yu_wu(t: TileFacts) -> int:
    """Only 1 to 4 of the suits."""
    return _ranks_within(t, 1, 4)


@fan("san_feng_ke", 12, "三风刻", "Big Three Winds", no=38, group="sets")
def _san_feng_ke():
    """Three wind pungs; those pungs count no 幺九刻 (consensus), 圈风刻 / 门风刻 may add (1998 p.79)."""


# 8


@fan("hua_long", 8, "花龙", "Mixed Straight", no=39, group="sets")
def _hua_long():
    """123, 456 and 789 each in a different suit."""


@fan("tui_bu_dao", 8, "推不倒", "Reversible Tiles", no=40, group="tiles", excludes=("que_yi_men",))
def tui_bu_dao(t: TileFacts) -> int:
    """Only tiles that look the same upside down: 1234589 dots, 245689 bamboo, White Dragon."""
    return t.reversible


@fan("san_se_san_tong_shun", 8, "三色三同顺", "Mixed Triple Chow", no=41, group="sets", excludes=("xi_xiang_feng",))
def _san_se_san_tong_shun():
    """The same chow in the three suits."""


@fan("san_se_san_jie_gao", 8, "三色三节高", "Mixed Shifted Pungs", no=42, group="sets")
def _san_se_san_jie_gao():
    """Pungs in the three suits, each one higher."""


@fan("wu_fan_hu", 8, "无番和", "Chicken Hand", no=43, group="sets")
def _wu_fan_hu():
    """Nothing else counts (flowers aside)."""


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


@fan("peng_peng_hu", 6, "碰碰和", "All Pungs", no=48, group="sets")
def _peng_peng_hu():
    """Four pungs (or kongs) and a pair."""


@fan("hun_yi_se", 6, "混一色", "Half Flush", no=49, group="tiles")
def hun_yi_se(t: TileFacts) -> int:
    """One suit and honors."""
    return t.suits == 1 and t.honors


@fan("san_se_san_bu_gao", 6, "三色三步高", "Mixed Shifted Chows", no=50, group="sets")
def _san_se_san_bu_gao():
    """Chows in the three suits, each one higher."""


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
    excludes=("shuang_an_ke",),
    green_book_2006=8,
)
def _shuang_an_gang():
    """Two concealed kongs. The Green Book 2006 scores it 8 (digest, secondhand)."""


@fan("shuang_jian_ke", 6, "双箭刻", "Two Dragons Pungs", no=54, group="sets", excludes=("jian_ke",))
def _shuang_jian_ke():
    """Two dragon pungs."""


# 4


@fan("quan_dai_yao", 4, "全带幺", "Outside Hand", no=55, group="sets")
def _quan_dai_yao():
    """Every set and the pair holds a terminal or an honor."""


@fan("bu_qiu_ren", 4, "不求人", "Fully Concealed Hand", no=56, group="win", excludes=("zi_mo",))
def bu_qiu_ren(w: WinFacts) -> int:
    """No chow, pung or melded kong, and self-drawn."""
    return w.concealed and w.tsumo


@fan("shuang_ming_gang", 4, "双明杠", "Two Melded Kongs", no=57, group="sets")
def _shuang_ming_gang():
    """Two melded kongs."""


@fan("he_jue_zhang", 4, "和绝张", "Last Tile", no=58, group="win")
def he_jue_zhang(w: WinFacts) -> int:
    """Won on the last copy of a tile the others have shown (``last_copy``)."""
    return w.last_copy


# 2


@fan("jian_ke", 2, "箭刻", "Dragon Pung", no=59, group="sets", repeat=True)
def _jian_ke():
    """A pung of dragons; it counts no 幺九刻."""


@fan("quan_feng_ke", 2, "圈风刻", "Prevalent Wind", no=60, group="sets")
def _quan_feng_ke():
    """A pung of the round wind; it counts no 幺九刻 (once, even when it is also the seat wind)."""


@fan("men_feng_ke", 2, "门风刻", "Seat Wind", no=61, group="sets")
def _men_feng_ke():
    """A pung of the seat wind; it counts no 幺九刻."""


@fan("men_qian_qing", 2, "门前清", "Concealed Hand", no=62, group="win")
def men_qian_qing(w: WinFacts) -> int:
    """No chow, pung or melded kong, and won on a discard."""
    return w.concealed and not w.tsumo


@fan("ping_hu", 2, "平和", "All Chows", no=63, group="sets", excludes=("wu_zi",))
def _ping_hu():
    """Four chows and a pair of a suit; edge, closed and single waits do not matter (1998 p.90)."""


@fan("si_gui_yi", 2, "四归一", "Tile Hog", no=64, group="sets", repeat=True)
def _si_gui_yi():
    """All four copies of a tile used without a kong; once per such tile."""


@fan("shuang_tong_ke", 2, "双同刻", "Double Pung", no=65, group="sets", repeat=True)
def _shuang_tong_ke():
    """Pungs of the same number in two suits."""


@fan("shuang_an_ke", 2, "双暗刻", "Two Concealed Pungs", no=66, group="sets")
def _shuang_an_ke():
    """Two concealed pungs (concealed kongs count)."""


@fan("an_gang", 2, "暗杠", "Concealed Kong", no=67, group="sets")
def _an_gang():
    """One concealed kong."""


@fan("duan_yao", 2, "断幺", "All Simples", no=68, group="tiles", excludes=("wu_zi",))
def duan_yao(t: TileFacts) -> int:
    """No terminals, no honors."""
    return _ranks_within(t, 2, 8)


# 1


@fan("yi_ban_gao", 1, "一般高", "Pure Double Chow", no=69, group="sets", repeat=True)
def _yi_ban_gao():
    """Two identical chows."""


@fan("xi_xiang_feng", 1, "喜相逢", "Mixed Double Chow", no=70, group="sets", repeat=True)
def _xi_xiang_feng():
    """The same chow in two suits."""


@fan("lian_liu", 1, "连六", "Short Straight", no=71, group="sets", repeat=True)
def _lian_liu():
    """Two chows of one suit making six in a row."""


@fan("lao_shao_fu", 1, "老少副", "Two Terminal Chows", no=72, group="sets", repeat=True)
def _lao_shao_fu():
    """123 and 789 of one suit."""


@fan("yao_jiu_ke", 1, "幺九刻", "Pung of Terminals or Honors", no=73, group="sets", repeat=True)
def _yao_jiu_ke():
    """A pung of terminals or winds (dragons score 箭刻); once per pung."""


@fan("ming_gang", 1, "明杠", "Melded Kong", no=74, group="sets")
def _ming_gang():
    """One melded kong."""


@fan("que_yi_men", 1, "缺一门", "One Voided Suit", no=75, group="tiles")
def que_yi_men(t: TileFacts) -> int:
    """Exactly two of the three suits."""
    return t.suits == 2


@fan("wu_zi", 1, "无字", "No Honors", no=76, group="tiles")
def wu_zi(t: TileFacts) -> int:
    """No honors."""
    return not t.honors


@fan("bian_zhang", 1, "边张", "Edge Wait", no=77, group="sets")
def _bian_zhang():
    """The only wait is 3 of 12 or 7 of 89 (the hand waits on one kind only, consensus/MIL)."""


@fan("kan_zhang", 1, "嵌张", "Closed Wait", no=78, group="sets")
def _kan_zhang():
    """The only wait is the middle of a chow."""


@fan("dan_diao_jiang", 1, "单钓将", "Single Wait", no=79, group="sets")
def _dan_diao_jiang():
    """The only wait is the pair."""


@fan("zi_mo", 1, "自摸", "Self-Drawn", no=80, group="win")
def zi_mo(w: WinFacts) -> int:
    """Self-drawn."""
    return w.tsumo


@fan("hua_pai", 1, "花牌", "Flower Tiles", no=81, group="flowers", repeat=True)
def _hua_pai():
    """One per flower; never towards the 8-fan minimum (1998 p.93)."""


@fan(
    "ming_an_gang",
    5,
    "明暗杠",
    "Concealed Kong and Melded Kong",
    no=None,
    group="sets",
    excludes=("ming_gang", "an_gang"),
    green_book_2006=6,
)
def _ming_an_gang():
    """One melded and one concealed kong: 5 (Helper / PyMahjongGB); the Green Book 2006 reportedly 6."""


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
def _tian_hu():
    """The dealer wins on the dealt hand (``tenhou``). A dealt hand has no wait and is self-drawn."""


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
def _di_hu():
    """Won on the first turn after the dealer's first discard (``chiihou``)."""


@fan("ren_hu", 108, "人和", "Humanly Hand", no=None, group="extra", flag="renhou")
def _ren_hu():
    """Won within the first go-round (``renhou``)."""


@fan(
    "si_fang_da_fa",
    168,
    "四方大发",
    "Four Winds and Green Pair",
    no=None,
    group="extra",
    excludes=("da_si_xi", "peng_peng_hu", "quan_feng_ke", "men_feng_ke", "san_feng_ke", "yao_jiu_ke"),
)
def _si_fang_da_fa():
    """Pungs of the four winds and a pair of Green Dragons: 大四喜 with a green pair."""


@fan("hun_gang", 88, "混杠", "Joker Kong", no=None, group="extra", flag="hun_gang")
def _hun_gang():
    """A kong of four jokers (混); the tiles carry no joker, so the rule-set flag ``hun_gang`` says so."""


@fan("tian_ting", 32, "天听", "Heavenly Ready", no=None, group="extra", flag="tian_ting")
def _tian_ting():
    """Ready on the dealt hand (rule-set flag ``tian_ting``)."""


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
