"""Finding the set fans of one reading: chows and pungs combined, kongs and concealed pungs, the pair, the waits,
and the special forms. Tile numbering: 0-8 m, 9-17 p, 18-26 s, 27-30 E S W N, 31-33 White Green Red.

Each finder returns the fans before 不重复 (``exclusions.non_repeat`` runs afterwards on the whole hand).
"""

from __future__ import annotations

from functools import cache, lru_cache

from ...hand import Context
from ...shapes import (
    CHOW,
    CODE_CHOW_BITS,
    CODE_CONCEALED_PUNGS,
    CODE_NO_FIVE,
    CODE_NO_YAOCHU,
    CODE_NOT_EVEN,
    CODE_PUNGS,
    KNITTED,
    PUNG,
    Block,
)
from ...tiles import DRAGONS, WINDS, wind_tile
from .exclusions import combine_sets
from .fans import BIT, fan_mask

# -------------------------------------------------------------------- chows (tile = lowest tile of the chow)
# The combination fans of a group of chows (or of pungs) are kept once found (``_CHOW_PARTS``, ``_PUNG_PARTS``): there
# are few such groups (12,650 multisets of up to four chows, 52,955 sets of up to four pungs), so different hands share
# them, as they share per-suit tables. The pair, which 双龙会 also needs, is not part of the key.


def _suit(t: int) -> int:
    return t // 9


def _rank(t: int) -> int:
    return t % 9 + 1


@cache
def chow_two(a: int, b: int) -> str | None:
    """一般高 喜相逢 连六 老少副."""
    if _suit(a) != _suit(b):
        return "xi_xiang_feng" if _rank(a) == _rank(b) else None
    if a == b:
        return "yi_ban_gao"
    if abs(a - b) == 3:
        return "lian_liu"
    if {_rank(a), _rank(b)} == {1, 7}:
        return "lao_shao_fu"
    return None


@cache
def chow_three(a: int, b: int, c: int) -> str | None:
    """清龙 一色三步高 一色三同顺 花龙 三色三同顺 三色三步高 (a ≤ b ≤ c)."""
    sa, sb, sc = _suit(a), _suit(b), _suit(c)
    if sa == sb == sc:
        if b - a == 3 and c - b == 3 and _rank(a) == 1:
            return "qing_long"
        if a == b == c:
            return "yi_se_san_tong_shun"
        if (b - a == c - b == 1) or (b - a == c - b == 2):
            return "yi_se_san_bu_gao"
        return None
    if len({sa, sb, sc}) == 3:
        ranks = sorted((_rank(a), _rank(b), _rank(c)))
        if ranks == [1, 4, 7]:
            return "hua_long"
        if ranks[0] == ranks[2]:
            return "san_se_san_tong_shun"
        if ranks[1] - ranks[0] == 1 and ranks[2] - ranks[1] == 1:
            return "san_se_san_bu_gao"
    return None


@cache
def chow_four(t: tuple[int, ...]) -> str | None:
    """一色四同顺 一色四步高 (sorted)."""
    if not _suit(t[0]) == _suit(t[3]):
        return None
    if t[0] == t[3]:
        return "yi_se_si_tong_shun"
    d = t[1] - t[0]
    if d in (1, 2) and t[2] - t[1] == d and t[3] - t[2] == d:
        return "yi_se_si_bu_gao"
    return None


def chow_fans(chows: tuple[int, ...], pair: int) -> tuple[dict[str, int], tuple]:
    """The chow fans of a reading; 一色双龙会 / 三色双龙会 (four chows and a pair of 5) take all the chows."""
    if len(chows) == 4 and pair < 27 and _rank(pair) == 5 and all(_rank(c) in (1, 7) for c in chows):
        ps = _suit(pair)
        suits = sorted(_suit(c) for c in chows)
        low = sorted(_suit(c) for c in chows if _rank(c) == 1)
        high = sorted(_suit(c) for c in chows if _rank(c) == 7)
        if suits == [ps] * 4 and len(low) == 2:
            return {"yi_se_shuang_long_hui": 1}, ()
        others = sorted({0, 1, 2} - {ps})
        if low == others and high == others:
            return {"san_se_shuang_long_hui": 1}, ()
    return _chow_combinations(chows)


def _chow_combinations(chows: tuple[int, ...]) -> tuple[dict[str, int], tuple]:
    return combine_sets(chows, chow_four, chow_three, chow_two, True)


# -------------------------------------------------------------------- pungs (and kongs)


@cache
def pung_two(a: int, b: int) -> str | None:
    """双同刻 双箭刻."""
    if a < 27 and b < 27:
        return "shuang_tong_ke" if _rank(a) == _rank(b) and a != b else None
    if a in DRAGONS and b in DRAGONS:
        return "shuang_jian_ke"
    return None


@cache
def pung_three(a: int, b: int, c: int) -> str | None:
    """三色三节高 三同刻 一色三节高 三风刻 大三元 (a ≤ b ≤ c)."""
    if c < 27:
        if len({_suit(a), _suit(b), _suit(c)}) == 3:
            ranks = sorted((_rank(a), _rank(b), _rank(c)))
            if ranks[0] == ranks[2]:
                return "san_tong_ke"
            if ranks[1] - ranks[0] == 1 and ranks[2] - ranks[1] == 1:
                return "san_se_san_jie_gao"
        elif _suit(a) == _suit(c) and b - a == 1 and c - b == 1:
            return "yi_se_san_jie_gao"
        return None
    if a in WINDS and b in WINDS and c in WINDS:
        return "san_feng_ke"
    if a in DRAGONS and b in DRAGONS and c in DRAGONS:
        return "da_san_yuan"
    return None


@cache
def pung_four(t: tuple[int, ...]) -> str | None:
    """一色四节高 大四喜 (sorted)."""
    if t[3] < 27 and _suit(t[0]) == _suit(t[3]) and t[1] - t[0] == t[2] - t[1] == t[3] - t[2] == 1:
        return "yi_se_si_jie_gao"
    if t == (27, 28, 29, 30):
        return "da_si_xi"
    return None


def pung_fans(pungs: tuple[int, ...]) -> tuple[dict[str, int], tuple]:
    return combine_sets(pungs, pung_four, pung_three, pung_two, False)


# -------------------------------------------------------------------- one reading


def regular_fans(
    blocks: tuple[Block, ...],
    form: str,
    placements: frozenset[int],
    code: int,
    tsumo: bool,
    ctx: Context,
    fours: int,
    extras: bool,
    counts: dict[str, int],
    notes: list,
) -> int:
    """The set fans of four sets and a pair (``form`` regular) or 组合龙 with a set and a pair (knitted_straight).

    ``placements``: indexes of the blocks the winning tile may have completed. ``ctx``: the win's context (the seat
    and round winds). ``code``: the sum of the blocks' ``shapes.block_code`` (which chows and pungs, how many
    concealed pungs and kongs, which blocks hold a terminal, a 5, an even rank). ``fours``: how many kinds the whole
    hand holds all four copies of, melds included.
    ``extras``: the platform extras count (四方大发). Wait fans are added by the caller (they need the waits of the
    whole hand). Returns the fans as a mask (fans.py ``BIT``); the counts of those counted more than once go in
    ``counts`` (a fan missing from it counts once).

    The fans of the chows alone and of the pungs alone are kept per group of sets (``_CHOW_PARTS``,
    ``_PUNG_PARTS``): hands share those groups, so each is worked out once; what is left here is a few look-ups.
    """
    pair = blocks[-1].tile  # the pair comes last
    kept = code >> CODE_CONCEALED_PUNGS & 0x1FF  # concealed pungs, concealed kongs, melded kongs: 3 bits each
    if kept & 7 and not tsumo:
        if len(placements) == 1:
            pung_only = blocks[placements[0]].kind == PUNG
        else:
            won = {blocks[i].kind for i in placements}
            pung_only = PUNG in won and CHOW not in won and KNITTED not in won
        if pung_only:
            # won on a discard and the tile cannot be read into a chow: its pung is a melded pung (1998 p.91 暗刻)
            kept -= 1
            notes.append("the pung completed by the discard counts as melded")
    found = _CONCEALED_AND_KONGS[kept]
    pungs = code >> CODE_PUNGS & _KIND_BITS
    if pungs:
        if pungs & _WIND_PUNGS:  # the winds matter to wind pungs only: one entry serves every seat and round
            pungs |= wind_tile(ctx.seat_wind) << 34 | wind_tile(ctx.round_wind) << 40 | extras << 46
        try:
            fans, repeated, said, by_pair = _PUNG_PARTS[pungs]
        except KeyError:  # a group not seen before
            fans, repeated, said, by_pair = _pung_part(pungs)
        found |= fans
        if repeated:
            counts.update(repeated)
        if said:
            notes.extend(said)
        if by_pair and pair in by_pair:
            found |= by_pair[pair]
    elif pair < 27:
        found |= _PING_HU
    chows = code & CODE_CHOW_BITS
    if chows:
        try:
            fans, repeated, why, tiles = _CHOW_PARTS[chows]
        except KeyError:  # a group not seen before
            fans, repeated, why, tiles = _chow_part(chows)
        if len(tiles) == 4 and pair < 27 and pair % 9 == 4:  # a pair of 5: 双龙会 takes all four chows
            fans, repeated, why = _shuang_long_hui(tiles, pair)
        found |= fans
        if repeated:
            counts.update(repeated)
        if why:
            notes.extend(why)
    if form == "regular":
        found |= _EVERY_BLOCK[code >> CODE_NO_YAOCHU & 0x1FF]  # 全带幺 全带五 全双刻
    else:
        found |= _ZU_HE_LONG
    hogs = fours - (kept >> 3 & 7) - (kept >> 6)
    if hogs > 0:
        found |= _SI_GUI_YI
        if hogs > 1:  # a fan missing from ``counts`` counts once
            counts["si_gui_yi"] = hogs
    return found


_KIND_BITS = (1 << 34) - 1
_WIND_PUNGS = sum(1 << t for t in WINDS)
_PING_HU, _ZU_HE_LONG, _SI_GUI_YI = BIT["ping_hu"], BIT["zu_he_long"], BIT["si_gui_yi"]
# the blocks without a terminal or honor, without a 5, not an even pung or pair (3 bits each, ``block_code``) ->
# 全带幺 / 全带五 / 全双刻 when none is without: every block (sets and pair) holds a terminal or honor, holds a 5, is an
# even pung or pair
assert CODE_NO_FIVE == CODE_NO_YAOCHU + 3 and CODE_NOT_EVEN == CODE_NO_YAOCHU + 6  # the three fields side by side
_EVERY_BLOCK = tuple(
    BIT["quan_dai_yao"] if not k & 7 else BIT["quan_dai_wu"] if not k >> 3 & 7 else BIT["quan_shuang_ke"] * (k < 64)
    for k in range(512)
)


def _concealed_and_kongs(concealed: int, ankan: int, minkan: int) -> int:
    """双暗刻 三暗刻 四暗刻 (concealed kongs are concealed pungs, MIL) and the kong fans."""
    found = {}
    if concealed >= 2:
        found[("shuang_an_ke", "san_an_ke", "si_an_ke")[concealed - 2]] = 1
    kongs = ankan + minkan
    if kongs == 1:
        found["an_gang" if ankan else "ming_gang"] = 1
    elif kongs == 2:
        if ankan == 2:
            found["shuang_an_gang"] = 1
        elif ankan == 1:
            # 明暗杠 (5) rather than 明杠 + 暗杠: the consensus's pseudo-fan; the row excludes both (不重复)
            found["ming_an_gang"] = found["ming_gang"] = found["an_gang"] = 1
        else:
            found["shuang_ming_gang"] = 1
    elif kongs == 3:
        found["san_gang"] = 1
    elif kongs == 4:
        found["si_gang"] = 1
    return fan_mask(found)[0]


# concealed pungs | concealed kongs << 3 | melded kongs << 6 (as ``block_code`` counts them) -> their fans; four sets
# at most
_CONCEALED_AND_KONGS = tuple(
    _concealed_and_kongs((k & 7) + (k >> 3 & 7), k >> 3 & 7, k >> 6) if (k & 7) + (k >> 3 & 7) + (k >> 6) <= 4 else 0
    for k in range(512)
)


def _pung_part(key: int) -> tuple:
    """What the pungs (and kongs) of a reading make by themselves (``_PUNG_PARTS``): their kinds (34 bits; with a
    wind pung among them, the seat wind << 34, the round wind << 40 and the extras << 46 too) -> their fans (a mask),
    the counts of the repeated ones, what is said of them (notes, and the combinations the principles removed), and
    the fans the pair adds to them by its kind (小三元 小四喜 四方大发). Found once per group."""
    pungs = tuple(t for t in range(34) if key >> t & 1)
    seat, round_, extras = key >> 34 & 63, key >> 40 & 63, key >> 46
    found: dict[str, int] = {}
    said: list = []
    if len(pungs) == 4:
        found["peng_peng_hu"] = 1
    _pung_singles(pungs, seat, round_, found, said)
    combos, why = pung_fans(pungs)
    _add(found, combos)
    said += why
    dragons = len([t for t in pungs if t in DRAGONS])
    winds = len([t for t in pungs if t in WINDS])
    by_pair = {}
    if dragons == 2:
        by_pair.update(dict.fromkeys(DRAGONS, BIT["xiao_san_yuan"]))
    if winds == 3:
        by_pair.update(dict.fromkeys(WINDS, BIT["xiao_si_xi"]))
    if winds == 4 and extras:
        by_pair[32] = BIT["si_fang_da_fa"]
    part = _PUNG_PARTS[key] = (*fan_mask(found), tuple(said), by_pair)
    return part


def _chow_part(key: int) -> tuple:
    """What the chows of a reading make by themselves, the pair aside (``_CHOW_PARTS``): their ``block_code`` field
    (3 bits for each kind, the chows starting there) -> their fans (a mask), the counts of the repeated ones, the
    combinations the principles removed, and the chows (their lowest tiles, in order). Found once per group."""
    chows = tuple(t for t in range(27) for _ in range(key >> 3 * t & 7))
    found, why = _chow_combinations(chows)
    part = _CHOW_PARTS[key] = (*fan_mask(found), why, chows)
    return part


_PUNG_PARTS: dict[int, tuple] = {}  # plain dicts, read in one subscript; ``_pung_part`` and ``_chow_part`` fill them
_CHOW_PARTS: dict[int, tuple] = {}


@lru_cache(maxsize=1024)
def _shuang_long_hui(chows: tuple[int, ...], pair: int) -> tuple:
    """``chow_fans`` of four chows with a pair of 5, as (mask, counts, removed)."""
    found, why = chow_fans(chows, pair)
    return *fan_mask(found), why


def _pung_singles(pungs: tuple[int, ...], seat: int, round_: int, found: dict[str, int], notes: list) -> None:
    """箭刻 per dragon pung; 圈风刻 门风刻; 幺九刻 per terminal or wind pung not already scored as a wind fan.

    A pung scored as 圈风刻 / 门风刻 / part of 三风刻 counts no 幺九刻 (consensus 不计, set level 不重复)."""
    yao_jiu = 0
    wind_pungs = [t for t in pungs if t in WINDS]
    for t in pungs:
        if t in DRAGONS:
            found["jian_ke"] = found.get("jian_ke", 0) + 1
        elif t < 27 and _rank(t) in (1, 9):
            yao_jiu += 1
    for t in wind_pungs:
        if t == round_:
            found["quan_feng_ke"] = 1
        if t == seat:
            found["men_feng_ke"] = 1
        if len(wind_pungs) >= 3:
            continue
        if t in (seat, round_):
            notes.append(f"the {'round' if t == round_ else 'seat'} wind pung counts no 幺九刻 (不重复)")
        else:
            yao_jiu += 1
    if len(wind_pungs) >= 3:
        notes.append("the pungs of 三风刻 / 小四喜 / 大四喜 count no 幺九刻 (不重复)")
    if yao_jiu:
        found["yao_jiu_ke"] = yao_jiu


def _add(found: dict[str, int], more: dict[str, int]) -> None:
    for k, v in more.items():
        found[k] = found.get(k, 0) + v


def is_nine_gates(counts13: list[int]) -> bool:
    """九莲宝灯: the 13 tiles before the win are 1112345678999 of one suit (the nine-sided wait)."""
    for s in range(3):
        seg = counts13[s * 9 : s * 9 + 9]
        if seg == [3, 1, 1, 1, 1, 1, 1, 1, 3]:
            return True
    return False


def is_seven_shifted_pairs(held: int) -> bool:
    """连七对 of a seven-pairs hand holding the kinds of ``held`` (34 bits): seven kinds in a row in one suit (so the
    fourteen tiles are their pairs)."""
    low = held & -held
    return held == low * 0x7F and low < 1 << 27 and (low.bit_length() - 1) % 9 <= 2
