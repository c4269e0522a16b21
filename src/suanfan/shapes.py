"""Every way to read a complete hand.

Forms: four sets and a pair (``regular``), seven pairs (``seven_pairs``), thirteen orphans (``thirteen_orphans``), and
the MCR knitted shapes: 全不靠 / 七星不靠 (``honors_knitted``) and 组合龙 with one set and a pair (``knitted_straight``).

The expensive part, splitting a suit into sets, is done once per suit pattern and cached (``suit_decompositions``):
a hand is read by combining the cached splits of its three suits and its honors.
A reading is produced for every split and every place the winning tile can take in it, so wait-dependent
scoring (fu, pinfu, wait fans) can pick the best.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import compress, product
from operator import attrgetter, itemgetter

from .hand import Hand, Meld
from .tiles import KIND, N_KINDS, YAOCHU, format_tiles, suit_counts, suit_keys

CHOW, PUNG, KONG, PAIR, KNITTED = "chow", "pung", "kong", "pair", "knitted"

# The six ways to give 147, 258 and 369 to the three suits (组合龙, 全不靠).
KNITTED_PATTERNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s * 9 + start + 3 * j for s, start in enumerate(perm) for j in range(3))
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)


@dataclass(frozen=True, slots=True)
class Block:
    """A set or a pair of a reading. ``tile`` is its lowest kind (for a knitted block, its pattern index)."""

    kind: str
    tile: int
    concealed: bool = True
    meld: Meld | None = None
    label: str = field(init=False, repr=False, compare=False)  # its tiles in mpsz (``123m``), written once
    code: int = field(init=False, repr=False, compare=False)  # its summary (``block_code``)

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", _block_text(self.kind, self.tile))
        object.__setattr__(self, "code", block_code(self.kind, self.tile, self.concealed))

    @property
    def tiles(self) -> tuple[int, ...]:
        return _BLOCK_TILES[self.kind](self.tile)

    @property
    def is_triplet(self) -> bool:
        """A pung or a kong (刻子)."""
        return self.kind in (PUNG, KONG)

    def text(self) -> str:
        return self.label


# A block's summary as one integer, made so that the sum over a division's blocks is the division's summary (each
# field counts, and never overflows its bits: a division has five blocks at most). Fields, by their lowest bit:
CODE_CHOWS = 0  # 3 bits for each kind 0-26: the chows starting there
CODE_PUNGS = 81  # 1 bit for each kind 0-33: a pung or kong of it (a hand holds one at most of a kind)
CODE_CONCEALED_PUNGS = 115  # 3 bits: concealed pungs (kongs aside)
CODE_CONCEALED_KONGS = 118  # 3 bits
CODE_MELDED_KONGS = 121  # 3 bits
CODE_NO_YAOCHU = 124  # 3 bits: sets and pairs holding no terminal or honor
CODE_NO_FIVE = 127  # 3 bits: sets and pairs holding no 5
CODE_NOT_EVEN = 130  # 3 bits: sets and pairs that are not a pung, kong or pair of an even rank (chows among them)
CODE_CHOW_BITS = (1 << CODE_PUNGS) - 1


@cache
def block_code(kind_: str, tile: int, concealed: bool = True) -> int:
    """The summary of a block (``CODE_*`` fields): 0 for a knitted straight, which has none of them."""
    if kind_ == KNITTED:
        return 0
    if kind_ == CHOW:
        rank = tile % 9 + 1
        code = 1 << CODE_CHOWS + 3 * tile
        yaochu, five, even = rank in (1, 7), 3 <= rank <= 5, False
    else:
        rank = tile % 9 + 1 if tile < 27 else 0
        code = 0
        if kind_ == PUNG:
            code = 1 << CODE_PUNGS + tile | concealed << CODE_CONCEALED_PUNGS
        elif kind_ == KONG:
            code = 1 << CODE_PUNGS + tile | 1 << (CODE_CONCEALED_KONGS if concealed else CODE_MELDED_KONGS)
        yaochu, five, even = rank in (0, 1, 9), rank == 5, rank in (2, 4, 6, 8)
    return code | (not yaochu) << CODE_NO_YAOCHU | (not five) << CODE_NO_FIVE | (not even) << CODE_NOT_EVEN


@lru_cache(maxsize=4096)
def _block_text(kind_: str, tile: int) -> str:
    return format_tiles(_BLOCK_TILES[kind_](tile))


_BLOCK_TILES = {
    CHOW: lambda t: (t, t + 1, t + 2),
    PUNG: lambda t: (t,) * 3,
    KONG: lambda t: (t,) * 4,
    PAIR: lambda t: (t,) * 2,
    KNITTED: lambda t: KNITTED_PATTERNS[t],
}


@dataclass(frozen=True)
class Reading:
    """One way to read the hand.

    ``blocks`` holds every set (melds included) and the pair(s). ``win_block`` is the index of the block the
    winning tile completed (None where the form has no blocks); ``wait`` what that wait was:
    ryanmen (两面), kanchan (嵌张), penchan (边张), shanpon (双碰), tanki (单钓), or for thirteen orphans
    ``single`` / ``thirteen``, and for the other knitted forms ``knitted``.
    """

    form: str
    blocks: tuple[Block, ...]
    win_block: int | None
    wait: str

    @property
    def sets(self) -> tuple[Block, ...]:
        return tuple(b for b in self.blocks if b.kind != PAIR)

    @property
    def pair(self) -> Block | None:
        for b in self.blocks:
            if b.kind == PAIR:
                return b
        return None

    def texts(self) -> list[str]:
        return [b.label for b in self.blocks]


@cache
def suit_decompositions(
    counts: tuple[int, ...], need_pair: bool
) -> tuple[tuple[tuple[tuple[str, int], ...], int], ...]:
    """All ways to split one suit's 9 counts into chows and pungs (and exactly one pair if ``need_pair``).

    Returns ``((sets, pair_index), ...)`` with tiles numbered 0-8 within the suit, pair_index -1 when none.
    """
    found: set[tuple[tuple[tuple[str, int], ...], int]] = set()
    c = list(counts)

    def walk(sets: list[tuple[str, int]], pair: int) -> None:
        i = 0
        while i < 9 and c[i] == 0:
            i += 1
        if i == 9:
            if (pair >= 0) == need_pair:
                found.add((tuple(sorted(sets)), pair))
            return
        if c[i] >= 3:
            c[i] -= 3
            sets.append((PUNG, i))
            walk(sets, pair)
            sets.pop()
            c[i] += 3
        if i <= 6 and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            sets.append((CHOW, i))
            walk(sets, pair)
            sets.pop()
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1
        if need_pair and pair < 0 and c[i] >= 2:
            c[i] -= 2
            walk(sets, i)
            c[i] += 2

    total = sum(counts)
    if total % 3 == (2 if need_pair else 0):
        walk([], -1)
    return tuple(sorted(found))


def _honor_split(counts: list[int]) -> tuple[list[tuple[str, int]], int] | None:
    """Honors only make pungs and a pair."""
    sets: list[tuple[str, int]] = []
    pair = -1
    if not any(counts[27:34]):
        return sets, pair
    for i in range(27, 34):
        n = counts[i]
        if n == 3:
            sets.append((PUNG, i))
        elif n == 2:
            if pair >= 0:
                return None
            pair = i
        elif n:
            return None
    return sets, pair


def regular_splits(counts: list[int]) -> list[tuple[list[tuple[str, int]], int]]:
    """Every split of concealed counts (34) into sets and exactly one pair; tiles numbered 0-33."""
    rem = [sum(counts[s * 9 : s * 9 + 9]) % 3 for s in range(3)]
    honor_total = sum(counts[27:34])
    rem.append(honor_total % 3)
    if rem.count(2) != 1 or rem.count(1):
        return []
    honors = _honor_split(counts)
    if honors is None:
        return []
    per_suit = []
    for s in range(3):
        decs = suit_decompositions(tuple(counts[s * 9 : s * 9 + 9]), rem[s] == 2)
        if not decs:
            return []
        per_suit.append((s * 9, decs))
    out = []
    for combo in product(*(d for _, d in per_suit)):
        sets = list(honors[0])
        pair = honors[1]
        for (offset, _), (ss, p) in zip(per_suit, combo, strict=True):
            sets.extend((k, offset + t) for k, t in ss)
            if p >= 0:
                pair = offset + p
        out.append((sets, pair))
    return out


def is_regular_complete(counts: list[int]) -> bool:
    """Fast check: can these concealed counts be read as sets and one pair?"""
    rem = [sum(counts[s * 9 : s * 9 + 9]) % 3 for s in range(3)]
    rem.append(sum(counts[27:34]) % 3)
    if rem.count(2) != 1 or rem.count(1):
        return False
    if _honor_split(counts) is None:
        return False
    return all(suit_decompositions(tuple(counts[s * 9 : s * 9 + 9]), rem[s] == 2) for s in range(3))


_BLOCKS: dict[tuple[str, int], Block] = {}


def concealed_block(kind_: str, tile: int) -> Block:
    """The one shared instance of a concealed block (blocks are immutable, so readings share them)."""
    b = _BLOCKS.get((kind_, tile))
    if b is None:
        b = _BLOCKS[(kind_, tile)] = Block(kind_, tile)
    return b


def _suit_entry(table: dict[int, tuple[int, tuple]], offset: int, key: int) -> tuple[int, tuple]:
    """One suit's entry in its table (``_MAN``, ``_PIN``, ``_SOU``, ``_HONORS``: a plain dict each, read with one
    subscript): its counts (as a ``tiles.suit_keys`` key) -> (pairs, splits), the table a hand's split is read from.
    Made on first sight of a pattern, so each pattern is split once per process.

    ``pairs`` is 1 when the suit must hold the hand's pair (its count is 2 mod 3), 0 when it holds none (0 mod 3);
    ``splits`` are the suit's ways to be read, each ``(sets, pair, places, code)``: the sets and the pair ((pair,) or
    ()) as shared blocks, for each tile of the suit the places it can take in them as (index among the sets, or -1
    for the pair, wait), and the sum of their ``block_code``. Empty when the suit cannot be read.
    """
    entry = table.get(key)
    if entry is not None:
        return entry
    counts = suit_counts(key, offset == 27)
    rem = sum(counts) % 3
    if rem == 1:
        entry = (0, ())
    elif offset == 27:
        honors = _honor_split([0] * 27 + list(counts))
        entry = (rem // 2, ())
        if honors is not None:
            sets = tuple(concealed_block(k, t) for k, t in honors[0])
            pair = (concealed_block(PAIR, honors[1]),) if honors[1] >= 0 else ()
            entry = (rem // 2, ((sets, pair, _places(sets, pair, offset, 7), _code(sets + pair)),))
    else:
        splits = []
        for sets_, pair_ in suit_decompositions(tuple(counts), rem == 2):
            sets = tuple(concealed_block(k, offset + t) for k, t in sets_)
            pair = (concealed_block(PAIR, offset + pair_),) if pair_ >= 0 else ()
            splits.append((sets, pair, _places(sets, pair, offset, 9), _code(sets + pair)))
        entry = (rem // 2, tuple(splits))
    table[key] = entry
    return entry


def _code(blocks: tuple[Block, ...]) -> int:
    return sum(map(_CODE, blocks))


_CODE = attrgetter("code")


def _places(sets: tuple[Block, ...], pair: tuple[Block, ...], offset: int, n: int) -> tuple:
    """For each tile of a suit's split, the places the tile can take: (index among the sets or -1 for the pair,
    wait). Equal sets are one shared instance side by side: the tile takes each of them once."""
    out = []
    for t in range(offset, offset + n):
        found = []
        prev = None
        for j, b in enumerate(sets):
            if b is not prev and _contains(b, t):
                found.append((j, _wait_of(b.kind, b.tile, t)))
            prev = b
        if pair and pair[0].tile == t:
            found.append((-1, "tanki"))
        out.append(tuple(found))
    return tuple(out)


_MAN: dict[int, tuple[int, tuple]] = {}
_PIN: dict[int, tuple[int, tuple]] = {}
_SOU: dict[int, tuple[int, tuple]] = {}
_HONORS: dict[int, tuple[int, tuple]] = {}
_PAIR_BLOCKS = [concealed_block(PAIR, t) for t in range(N_KINDS)]


_MELD_BLOCKS: dict[str, Block] = {}  # a meld's text (kind, tiles, source) -> its block; a few thousand at most


def _meld_block(m: Meld) -> Block:
    """A meld's block, made on its first sight (``_MELD_BLOCKS``)."""
    if m.kind == "chi":
        b = Block(CHOW, m.first, False, m)
    elif m.kind == "pon":
        b = Block(PUNG, m.first, False, m)
    else:
        b = Block(KONG, m.first, m.kind == "ankan", m)
    _MELD_BLOCKS[m.text] = b
    return b


def _wait_of(block_kind: str, start: int, win: int) -> str:
    if block_kind == PAIR:
        return "tanki"
    if block_kind == PUNG:
        return "shanpon"
    if win == start + 1:
        return "kanchan"
    if win == start:
        return "penchan" if start % 9 == 6 else "ryanmen"
    return "penchan" if start % 9 == 0 else "ryanmen"


def is_seven_pairs(counts: list[int], kongs_as_pairs: bool = False) -> bool:
    """七对子: seven pairs; with ``kongs_as_pairs`` four of a kind may count as two pairs (MCR)."""
    pairs = counts.count(2)
    fours = counts.count(4) if kongs_as_pairs else 0
    return pairs + 2 * fours == 7 and pairs + fours + counts.count(0) == len(counts)


_YAOCHU_OF = itemgetter(*YAOCHU)


def is_thirteen_orphans(counts: list[int]) -> bool:
    y = _YAOCHU_OF(counts)
    return 0 not in y and sum(y) == 14 == sum(counts)


def is_honors_knitted(counts: list[int]) -> bool:
    """全不靠: 14 single tiles, honors and tiles of one knitted pattern."""
    return (
        sum(counts) == 14 and max(counts) == 1 and _knitted_kinds_only(sum(1 << t for t, n in enumerate(counts) if n))
    )


def _knitted_kinds_only(held: int) -> bool:
    """Are all the kinds of ``held`` (a kinds mask) honors or tiles of one knitted pattern (全不靠's kinds)?"""
    return any(not held & ~mask for mask in _HONORS_KNITTED)


def readings(
    hand: Hand,
    *,
    seven_pairs: bool = True,
    seven_pairs_kongs: bool = False,
    thirteen_orphans: bool = True,
    knitted: bool = False,
) -> list[Reading]:
    """Every reading of a complete hand, with every place the winning tile can take."""
    return every_division(hand, seven_pairs, seven_pairs_kongs, thirteen_orphans, knitted, False)


def divisions(
    hand: Hand,
    *,
    seven_pairs: bool = True,
    seven_pairs_kongs: bool = False,
    thirteen_orphans: bool = True,
    knitted: bool = False,
) -> list[tuple[str, tuple[Block, ...], tuple[int, ...], int]]:
    """``readings`` grouped by division: (form, blocks, the indexes of the blocks the winning tile can complete, the
    sum of the blocks' ``block_code``), one entry for each way to split the hand, for rules that score a division
    once whatever the winning tile's place (MCR: its wait fans look at every place at once). Same order as
    ``readings``; no Reading is made."""
    return every_division(hand, seven_pairs, seven_pairs_kongs, thirteen_orphans, knitted, True)


def every_division(
    hand: Hand,
    seven_pairs: bool = True,
    seven_pairs_kongs: bool = True,
    thirteen_orphans: bool = True,
    knitted: bool = True,
    grouped: bool = True,
) -> list:
    """``divisions`` with every form on, four of a kind as two pairs of seven pairs included (MCR's forms), as called
    with the hand alone. ``readings`` and ``divisions`` read through it with their own forms (``grouped``: divisions,
    else readings)."""
    counts = hand.counts34
    win = KIND[hand.win_tile] if hand.win_tile is not None else None
    melds = hand.melds
    meld_blocks = tuple([_MELD_BLOCKS.get(m.text) or _meld_block(m) for m in melds]) if melds else ()
    out: list = []
    keys = hand.suit_keys
    _regular(keys, meld_blocks, win, "regular", out, grouped)
    held = hand.kinds_held  # the kinds held, melds included
    # kinds held: seven pairs 7 (4 to 7 when a four counts as two pairs), orphans 13, 全不靠 14, a knitted straight 9+
    if not melds:
        kinds = held.bit_count()
        if kinds <= 7 or (kinds == 13 and not held & ~_YAOCHU_KINDS) or kinds == 14:
            _special(counts, held, win, seven_pairs, seven_pairs_kongs, thirteen_orphans, knitted, out, grouped)
    if (
        knitted
        and len(melds) <= 1
        and _KNIT_STARTS[held & 0x1FF]
        and _KNIT_STARTS[held >> 9 & 0x1FF]
        and _KNIT_STARTS[held >> 18 & 0x1FF]
    ):  # each suit holds a whole 147, 258 or 369 (melds included): a 组合龙 may be there
        km, kp, ks, kz = keys
        for idx in range(6):  # 组合龙 with a set and a pair (or a meld): each pattern held whole
            if 0 not in _KNITTED_COUNTS[idx](counts):
                dm, dp, ds = KNITTED_KEYS[idx]  # the rest: the suits' keys less the pattern's
                fixed = (_KNITTED_BLOCKS[idx], *meld_blocks)
                _regular((km - dm, kp - dp, ks - ds, kz), fixed, win, "knitted_straight", out, grouped)
    return out


def _special(
    counts: list[int],
    held: int,
    win: int | None,
    seven_pairs: bool,
    seven_pairs_kongs: bool,
    thirteen_orphans: bool,
    knitted: bool,
    out: list,
    grouped: bool,
) -> None:
    """The forms of a concealed hand holding the kinds of ``held`` that are not sets and a pair: seven pairs, thirteen
    orphans, 全不靠 / 七星不靠 (one reading each, the winning tile at one place at most)."""
    kinds = held.bit_count()
    special = []
    if seven_pairs and kinds <= 7 and is_seven_pairs(counts, seven_pairs_kongs):
        kept = list(compress(range(N_KINDS), counts))  # the kinds held, in order
        if len(kept) == 7:
            pairs = tuple([_PAIR_BLOCKS[t] for t in kept])
            wi = kept.index(win) if win is not None else None
        else:  # a four of a kind read as two pairs
            pairs = tuple([b for t in kept for b in (_PAIR_BLOCKS[t],) * (counts[t] // 2)])
            wi = next((i for i, b in enumerate(pairs) if b.tile == win), None)
        special.append(("seven_pairs", pairs, wi, "tanki" if wi is not None else ""))
    if thirteen_orphans and kinds == 13 and is_thirteen_orphans(counts):
        wait = "" if win is None else "thirteen" if counts[win] == 2 else "single"
        special.append(("thirteen_orphans", (), None, wait))
    if knitted and kinds == 14 and _knitted_kinds_only(held):  # 14 kinds of a concealed hand: 14 single tiles
        special.append(("honors_knitted", (), None, "knitted"))
    for form, blocks, wi, wait in special:
        if grouped:
            out.append((form, blocks, () if wi is None else (wi,), _code(blocks)))
        else:
            out.append(Reading(form, blocks, wi, wait))


_KINDS = (1 << N_KINDS) - 1
_YAOCHU_KINDS = sum(1 << t for t in YAOCHU)  # thirteen orphans holds these 13 kinds only
# a suit's kinds held (9 bits) -> which of 147, 258, 369 it holds whole (bit 0, 1, 2): a 组合龙 needs one in each suit
_KNIT_STARTS = tuple(sum(1 << j for j in range(3) if m >> j & m >> j + 3 & m >> j + 6 & 1) for m in range(512))
_KNITTED_COUNTS = [itemgetter(*pat) for pat in KNITTED_PATTERNS]  # a pattern's nine counts at once
# each knitted pattern's tiles as ``tiles.suit_keys`` of its three suits
KNITTED_KEYS = [suit_keys([int(t in pat) for t in range(N_KINDS)])[:3] for pat in KNITTED_PATTERNS]
_KNITTED_BLOCKS = [Block(KNITTED, idx) for idx in range(len(KNITTED_PATTERNS))]
# the kinds 全不靠 may hold: one knitted pattern and the honors
_HONORS_KNITTED = [sum(1 << t for t in (*pat, *range(27, N_KINDS))) for pat in KNITTED_PATTERNS]


def _contains(b: Block, t: int) -> bool:
    k = b.kind
    if k == CHOW:
        return b.tile <= t <= b.tile + 2
    if k == KNITTED:
        return t in KNITTED_PATTERNS[b.tile]
    return b.tile == t


def _regular(
    keys: tuple[int, ...], fixed: tuple[Block, ...], win: int | None, form: str, out: list, grouped: bool = False
) -> None:
    """Read the concealed counts (their ``suit_keys``) as sets and one pair after the ``fixed`` blocks (melds, a
    knitted straight):
    each split once for every place the winning tile can take in it (the suit tables list the places), or with
    ``grouped`` once with all those places (``divisions``)."""
    km, kp, ks, kz = keys
    try:
        pa, a = _MAN[km]
        pb, b = _PIN[kp]
        pc, c = _SOU[ks]
        ph, h = _HONORS[kz]
    except KeyError:  # a suit pattern not seen before: split it (``_suit_entry``)
        pa, a = _suit_entry(_MAN, 0, km)
        pb, b = _suit_entry(_PIN, 9, kp)
        pc, c = _suit_entry(_SOU, 18, ks)
        ph, h = _suit_entry(_HONORS, 27, kz)
    if not (a and b and c and h) or pa + pb + pc + ph != 1:
        return
    ((sh, ph_, qh, ch),) = h
    n_fixed = len(fixed)
    if n_fixed:
        ch += sum(map(_CODE, fixed))
    knitted_win = win is not None and n_fixed and fixed[0].kind == KNITTED and _contains(fixed[0], win)
    suit = 3 if win is None else win // 9
    spot = 0 if win is None else win - 9 * suit
    for sa, pa_, qa, ca in a:
        for sb, pb_, qb, cb in b:
            for sc, pc_, qc, cc in c:
                # the sets, then the one pair (it is the suit's whose count is 2 mod 3)
                blocks = sa + sb + sc + sh + (pa_ or pb_ or pc_ or ph_)
                if n_fixed:
                    blocks = fixed + blocks
                if win is None:
                    out.append((form, blocks, (), ca + cb + cc + ch) if grouped else Reading(form, blocks, None, ""))
                    continue
                if suit == 0:
                    places, before = qa[spot], n_fixed
                elif suit == 1:
                    places, before = qb[spot], n_fixed + len(sa)
                elif suit == 2:
                    places, before = qc[spot], n_fixed + len(sa) + len(sb)
                else:
                    places, before = qh[spot], n_fixed + len(sa) + len(sb) + len(sc)
                if grouped:
                    if len(places) == 1:  # the common case: one place, without a comprehension's call
                        j = places[0][0]
                        at = (before + j if j >= 0 else len(blocks) - 1,)
                    else:
                        at = tuple([before + j if j >= 0 else len(blocks) - 1 for j, _ in places])
                    if knitted_win:
                        at += (0,)
                    if at:
                        out.append((form, blocks, at, ca + cb + cc + ch))
                    continue
                for j, wait in places:
                    i = before + j if j >= 0 else len(blocks) - 1
                    out.append(Reading(form, blocks, i, wait))
                if knitted_win:
                    out.append(Reading(form, blocks, 0, "knitted"))
