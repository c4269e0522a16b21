"""Tiles and their notation.

A tile is a small integer, so that a hand is a list of 34 counts and every table can be indexed directly:

    0-8   1m-9m  characters 万       27-30  1z-4z  winds East South West North 东南西北
    9-17  1p-9p  dots 筒/饼          31-33  5z-7z  dragons White Green Red 白发中
    18-26 1s-9s  bamboo 条/索        34-41  1f-8f  flowers 春夏秋冬梅兰菊竹
    42 0m, 43 0p, 44 0s: the red fives (赤ドラ). ``kind()`` maps them to the plain five.

Input accepts mpsz (``123m0p55z``), Chinese names (``一万 五筒 三条 东 发 春``) and the Unicode mahjong block;
output always writes canonical mpsz (``format_tiles``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import chain, groupby

from .errors import InputError
from .messages import say

SUITS = "mpsz"
N_KINDS = 34  # kinds of non-flower tiles
FLOWER0 = 34
RED0 = 42  # 0m; 0p = 43, 0s = 44
RED_FIVES = (42, 43, 44)
HONORS = range(27, 34)
WINDS = range(27, 31)
DRAGONS = range(31, 34)
TERMINALS = (0, 8, 9, 17, 18, 26)
YAOCHU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)  # 幺九牌: terminals and honors
WIND_LETTERS = "ESWN"


KIND = [t for t in range(42)] + [4, 13, 22]  # KIND[t] == kind(t), for hot loops


def kind(t: int) -> int:
    """The kind of a tile: a red five counts as the plain five of its suit."""
    return 4 + 9 * (t - RED0) if t >= RED0 else t


def is_red(t: int) -> bool:
    return t >= RED0


def is_flower(t: int) -> bool:
    return FLOWER0 <= t < RED0


def suit(t: int) -> int:
    """0 m, 1 p, 2 s, 3 z (honors), 4 flowers."""
    t = kind(t)
    return 4 if t >= FLOWER0 else t // 9


def number(t: int) -> int:
    """1-9 for suited tiles, 1-7 for honors, 1-8 for flowers."""
    t = kind(t)
    if t >= FLOWER0:
        return t - FLOWER0 + 1
    return t % 9 + 1


def is_honor(t: int) -> bool:
    return 27 <= kind(t) < 34


def is_terminal(t: int) -> bool:
    t = kind(t)
    return t < 27 and t % 9 in (0, 8)


def is_yaochu(t: int) -> bool:
    """幺九: a terminal or an honor (never a flower)."""
    t = kind(t)
    return 27 <= t < 34 or (t < 27 and t % 9 in (0, 8))


def wind_tile(letter: str) -> int:
    """E S W N -> the tile of that wind (27-30)."""
    return 27 + WIND_LETTERS.index(letter)


def _name(t: int) -> str:
    if t >= RED0:
        return "0" + "mps"[t - RED0]
    if t >= FLOWER0:
        return f"{t - FLOWER0 + 1}f"
    return f"{t % 9 + 1}{SUITS[t // 9]}"


_NAMES = [_name(t) for t in range(45)]
# Sort order: by suit, then number; a red five just before the plain fives.
_RANK = [0] * 45
for _t in range(45):
    _k = 4 + 9 * (_t - RED0) if _t >= RED0 else _t
    _RANK[_t] = _k * 2 + (0 if _t >= RED0 else 1)


def tile_name(t: int) -> str:
    """mpsz of one tile: ``5m``, ``0p`` (red), ``7z``, ``3f``."""
    return _NAMES[t]


def sort_tiles(tiles) -> list[int]:
    return sorted(tiles, key=_RANK.__getitem__)


class _GroupText(dict):
    """A run of tiles of one suit -> its mpsz group (``(0, 1, 2)`` -> ``123m``), written once per run."""

    def __missing__(self, run: tuple[int, ...]) -> str:
        text = "".join([_NAMES[t][0] for t in run]) + _NAMES[run[0]][1]
        if len(self) < 100_000:
            self[run] = text
        return text


_GROUP_TEXT = _GroupText()
_LETTER = [name[1] for name in _NAMES]


def _format(tiles) -> str:
    group_text = _GROUP_TEXT
    return "".join([group_text[tuple(run)] for _, run in groupby(tiles, _LETTER.__getitem__)])


class _SuitText(dict):
    """One suit's ``suit_key << 1 | red five held`` -> the suit's tiles in mpsz, written once per pattern."""

    def __init__(self, s: int) -> None:
        super().__init__()
        self.suit = s  # 0-2 the suits, 3 the honors

    def __missing__(self, key: int) -> str:
        s = self.suit
        tiles = [s * 9 + i for i, n in enumerate(suit_counts(key >> 1, s == 3)) for _ in range(n)]
        if key & 1:
            tiles[tiles.index(s * 9 + 4)] = RED0 + s
        text = _format(sorted(tiles, key=_RANK.__getitem__))
        if len(self) < 100_000:  # bounded: an endless stream of odd hands cannot grow it without end
            self[key] = text
        return text


_MAN_TEXT, _PIN_TEXT, _SOU_TEXT, _HONOR_TEXT = (_SuitText(s) for s in range(4))


def keys_text(keys, reds: tuple[bool, bool, bool] = (False, False, False)) -> str:
    """``format_tiles`` of a hand given as its four ``suit_keys`` (the counts by kind, red fives counted as fives) and
    which suits' red five it holds: each suit's text is written once for each pattern of that suit."""
    m, p, s, z = keys
    return _MAN_TEXT[m << 1 | reds[0]] + _PIN_TEXT[p << 1 | reds[1]] + _SOU_TEXT[s << 1 | reds[2]] + _HONOR_TEXT[z << 1]


def format_tiles(tiles, sort: bool = True) -> str:
    """Canonical grouped mpsz: ``123m0p55z``; red fives written as 0 just before the plain fives."""
    return _format(sorted(tiles, key=_RANK.__getitem__) if sort else tiles)


_CN_DIGITS = {c: i + 1 for i, c in enumerate("一二三四五六七八九")}
_CN_SUIT = {"万": 0, "萬": 0, "筒": 1, "饼": 1, "餅": 1, "条": 2, "條": 2, "索": 2}
_CN_SINGLE = {
    "东": 27, "東": 27, "南": 28, "西": 29, "北": 30,
    "白": 31, "发": 32, "發": 32, "中": 33,
    "春": 34, "夏": 35, "秋": 36, "冬": 37, "梅": 38, "兰": 39, "蘭": 39, "菊": 40, "竹": 41,
}  # fmt: skip
_CN_WORDS = {"红中": 33, "紅中": 33, "发财": 32, "發財": 32, "白板": 31}
# Unicode mahjong block, U+1F000..: winds, dragons (red, green, white), characters, bamboo, dots, flowers.
_UNICODE = {0x1F000 + i: 27 + i for i in range(4)}
_UNICODE.update({0x1F004: 33, 0x1F005: 32, 0x1F006: 31})
_UNICODE.update({0x1F007 + i: i for i in range(9)})  # 🀇..🀏 characters
_UNICODE.update({0x1F010 + i: 18 + i for i in range(9)})  # 🀐..🀘 bamboo
_UNICODE.update({0x1F019 + i: 9 + i for i in range(9)})  # 🀙..🀡 dots
_UNICODE.update({0x1F022: 38, 0x1F023: 39, 0x1F024: 41, 0x1F025: 40})  # plum orchid bamboo chrysanthemum
_UNICODE.update({0x1F026 + i: 34 + i for i in range(4)})  # spring summer autumn winter
_SKIP = {" ", "\t", "\n", ",", "，", "、", "\ufe0e", "\ufe0f", "\u3000"}
_MAX_DIGIT = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}


def _suited(num: int, s: int, red: bool) -> int:
    if red:
        return RED0 + s
    return s * 9 + num - 1


# One group of plain mpsz: the digits a suit has, then the suit (0 is a red five, so m p s only).
_MPSZ_GROUP = re.compile(r"[0-9]+[mps]|[1-7]+z|[1-8]+f")
_ID = {
    (str(d), c): (RED0 + "mps".index(c) if d == 0 else "mpsz".index(c) * 9 + d - 1)
    for c in "mpsz"
    for d in range(10)
    if c != "z" or 1 <= d <= 7
}
_ID.update({(str(d), "f"): FLOWER0 + d - 1 for d in range(1, 9)})


TILE_ID = {name: t for t, name in enumerate(_NAMES)}  # "5m" -> 4, "0p" -> 43: one tile in plain mpsz
_ONE = {name: (t,) for name, t in TILE_ID.items()}  # "5m" -> (4,): the same, as parse_tiles answers


MAX_TEXT = 400  # characters of one tile text: a hand with its flowers, or a two-player game's 71 tiles, in Chinese
_MAX_GROUP = 16  # tiles in one cached mpsz group: longer ones (never a real hand's) are read but not kept


class _Groups(dict):
    """One mpsz group (``123m``, ``55z``) -> its tiles, read once: hands are made of few distinct groups."""

    def __missing__(self, group: str) -> tuple[int, ...]:
        c = group[-1]
        tiles = tuple(_ID[(d, c)] for d in group[:-1])
        # bounded: an endless stream of odd groups cannot grow it without end
        if len(self) < 100_000 and len(group) <= _MAX_GROUP:
            self[group] = tiles
        return tiles


_GROUPS = _Groups()


def suit_key(counts) -> int:
    """One suit's counts (9, or 7 for the honors) as one integer, 3 bits a count, the suit's first kind the lowest:
    the key of the per-suit tables (an integer is hashed and compared at once, a tuple of counts item by item)."""
    return sum(n << 3 * i for i, n in enumerate(counts))


def suit_counts(key: int, honors: bool = False) -> list[int]:
    """``suit_key`` undone: the suit's 9 counts (7 for the honors)."""
    return [key >> 3 * i & 7 for i in range(7 if honors else 9)]


def suit_keys(counts) -> tuple[int, int, int, int]:
    """The 34 counts by kind as four ``suit_key`` integers: m p s, then the honors."""
    return suit_key(counts[0:9]), suit_key(counts[9:18]), suit_key(counts[18:27]), suit_key(counts[27:34])


# One tile as counts: 1 at bit 3 × its kind (a red five at its plain five's; a flower counts nowhere).
_COUNT_OF = [1 << 3 * kind(t) if not is_flower(t) else 0 for t in range(45)]
_SUIT_MASK = (1 << 27) - 1  # one suit's key: 9 kinds, 3 bits each


def counts_key(tiles) -> int:
    """The counts by kind of ``tiles`` as one integer, kind k at bits 3k..3k+2 (a red five as a five; flowers left
    out; at most 7 of a kind): the four ``suit_keys`` side by side, read apart by ``split_key``. Two hands' keys add
    up to their sum."""
    return sum(map(_COUNT_OF.__getitem__, tiles))


def split_key(key: int) -> tuple[int, int, int, int]:
    """A ``counts_key`` as its four ``suit_key`` integers: m p s, then the honors."""
    return key & _SUIT_MASK, key >> 27 & _SUIT_MASK, key >> 54 & _SUIT_MASK, key >> 81


class _SuitFacts(dict):
    """One suit's ``suit_key`` -> (its counts as a tuple, the kinds it holds as bits from the suit's first), worked out
    once per pattern."""

    def __init__(self, honors: bool) -> None:
        super().__init__()
        self.honors = honors

    def __missing__(self, key: int) -> tuple[tuple[int, ...], int]:
        counts = tuple(suit_counts(key, self.honors))
        facts = counts, sum(1 << i for i, n in enumerate(counts) if n)
        if len(self) < 100_000:  # bounded, like every per-pattern table here
            self[key] = facts
        return facts


_SUITED_FACTS, _HONOR_FACTS = _SuitFacts(False), _SuitFacts(True)


def keys_counts(keys: tuple[int, int, int, int]) -> tuple[tuple[int, ...], int]:
    """The 34 counts by kind of four ``suit_keys``, and the kinds held as bits (bit k for kind k)."""
    m, p, s, z = keys
    (cm, hm), (cp, hp), (cs, hs), (cz, hz) = _SUITED_FACTS[m], _SUITED_FACTS[p], _SUITED_FACTS[s], _HONOR_FACTS[z]
    return cm + cp + cs + cz, hm | hp << 9 | hs << 18 | hz << 27


def _parse_cached(text: str) -> tuple[int, ...]:
    """Plain mpsz (the common case) by table look-ups; anything else by the full reader."""
    one = _ONE.get(text)
    if one is not None:
        return one
    if len(text) > MAX_TEXT:
        raise InputError("too_long", say("tile_text_too_long", n=len(text), most=MAX_TEXT))
    groups = _MPSZ_GROUP.findall(text)
    if sum(map(len, groups)) == len(text):  # the groups found cover the text: it is plain mpsz, read in one pass
        # joined once: adding group after group to a tuple copies it each time, quadratic in the length
        return tuple(chain.from_iterable(map(_GROUPS.__getitem__, groups)))
    return _parse_any(text)


@lru_cache(maxsize=65536)
def _parse_any(text: str) -> tuple[int, ...]:
    tiles: list[int] = []
    digits: list[tuple[int, int]] = []  # (digit, position in text)
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c.isascii() and c.isdigit():
            digits.append((int(c), i))
            i += 1
            continue
        if c in _MAX_DIGIT:
            if not digits:
                raise InputError("bad_tile", say("suit_without_digits", c=c, pos=i + 1, text=text))
            for d, pos in digits:
                if d == 0:
                    if c not in "mps":
                        raise InputError("bad_tile", say("zero_not_red", c=c, pos=pos + 1, text=text))
                    tiles.append(RED0 + "mps".index(c))
                elif d > _MAX_DIGIT[c]:
                    raise InputError(
                        "bad_tile", say("digit_out_of_range", d=d, c=c, pos=pos + 1, text=text, most=_MAX_DIGIT[c])
                    )
                elif c == "f":
                    tiles.append(FLOWER0 + d - 1)
                else:
                    tiles.append(SUITS.index(c) * 9 + d - 1)
            digits = []
            i += 1
            continue
        if digits and c in _CN_SUIT:
            # digits before a Chinese suit character: 1万, 5饼, 123万, 0万 (the red five)
            for d, _pos in digits:
                tiles.append(_suited(d if d else 5, _CN_SUIT[c], d == 0))
            digits = []
            i += 1
            continue
        if digits:
            d, pos = digits[0]
            raise InputError("bad_tile", say("digits_without_suit", pos=pos + 1, text=text))
        if c in _SKIP:
            i += 1
            continue
        if ord(c) in _UNICODE:
            tiles.append(_UNICODE[ord(c)])
            i += 1
            continue
        word = text[i : i + 2]
        if word in _CN_WORDS:
            tiles.append(_CN_WORDS[word])
            i += 2
            continue
        if c in _CN_SINGLE:
            tiles.append(_CN_SINGLE[c])
            i += 1
            continue
        # Chinese suited tile: optional 红/赤 (red five), a number (一..九 or 1..9), a suit character.
        j = i
        red = False
        if text[j] in "红紅赤" and j + 1 < n:
            red = True
            j += 1
        num = _CN_DIGITS.get(text[j]) if j < n else None
        if num is None and j < n and text[j].isascii() and text[j].isdigit():
            num = int(text[j])
        if num and j + 1 < n and text[j + 1] in _CN_SUIT:
            if red and num != 5:
                raise InputError("bad_tile", say("only_five_red", tile=text[i : j + 2], text=text))
            tiles.append(_suited(num, _CN_SUIT[text[j + 1]], red))
            i = j + 2
            continue
        raise InputError("bad_tile", say("not_a_tile_at", c=c, pos=i + 1, text=text))
    if digits:
        d, pos = digits[0]
        raise InputError("bad_tile", say("digits_without_suit", pos=pos + 1, text=text))
    return tuple(tiles)


def parse_tiles(text: str | list | tuple) -> list[int]:
    """Parse tiles written in mpsz, Chinese or Unicode (or a list of such strings) into tile ids."""
    if isinstance(text, (list, tuple)):
        out: list[int] = []
        for part in text:
            if part.__class__ is str:  # the common case first
                out.extend(_parse_cached(part))
            elif isinstance(part, str):
                out.extend(_parse_cached(part))
            else:
                # a number is no tile: 5 could be 5m, 5p, 5s or 5z (it was read as the internal id, 6m)
                raise InputError("bad_tile", f"{part!r} is not a tile; write tiles as text, like '5m' or '7z'")
        return out
    if not isinstance(text, str):
        raise InputError("bad_tile", f"{text!r} is not a tile string")
    return list(_parse_cached(text))


def parse_tile(text: str) -> int:
    """Exactly one tile, written as text."""
    one = _ONE.get(text) if text.__class__ is str else None
    if one is not None:
        return one[0]
    if not isinstance(text, str):
        raise InputError("bad_tile", f"{text!r} is not a tile; write one tile as text, like '5m' or '7z'")
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise InputError("bad_tile", say("one_tile_expected", text=text, n=len(tiles)))
    return tiles[0]


def counts34(tiles) -> list[int]:
    """Counts by kind (red fives as fives), flowers ignored."""
    c = [0] * N_KINDS
    for t in tiles:
        k = kind(t)
        if k < N_KINDS:
            c[k] += 1
    return c


def dora_from_indicator(t: int) -> int:
    """The dora an indicator points at: 1->2 ... 9->1 in a suit, E->S->W->N->E, White->Green->Red->White."""
    k = kind(t)
    if k < 27:
        return k - k % 9 + (k % 9 + 1) % 9
    if k < 31:
        return 27 + (k - 27 + 1) % 4
    return 31 + (k - 31 + 1) % 3
