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
from functools import cache
from itertools import product

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

    def __post_init__(self) -> None:
        object.__setattr__(self, "label", format_tiles(_BLOCK_TILES[self.kind](self.tile)))

    @property
    def tiles(self) -> tuple[int, ...]:
        return _BLOCK_TILES[self.kind](self.tile)

    @property
    def is_triplet(self) -> bool:
        """A pung or a kong (刻子)."""
        return self.kind in (PUNG, KONG)

    def text(self) -> str:
        return self.label


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


@cache
def concealed_block(kind_: str, tile: int) -> Block:
    """The one shared instance of a concealed block (blocks are immutable, so readings share them)."""
    return Block(kind_, tile)


@cache
def _meld_block(m: Meld) -> Block:
    """A meld's block."""
    if m.kind == "chi":
        return Block(CHOW, m.first, False, m)
    if m.kind == "pon":
        return Block(PUNG, m.first, False, m)
    return Block(KONG, m.first, m.kind == "ankan", m)


@cache
def _suit_splits(offset: int, key: int) -> tuple[int, tuple]:
    """The ways to read one suit (``offset`` 0, 9, 18, or 27 for the honors) holding the counts of ``key`` (its
    ``tiles.suit_key``): (pairs, splits). Kept per pattern, so each pattern is split once per process.

    ``pairs`` is 1 when the suit must hold the hand's pair (its count is 2 mod 3), 0 when it holds none (0 mod 3);
    ``splits`` are its ways to be read, each ``(sets, pair, places)``: the sets and the pair ((pair,) or ()) as
    shared blocks, and for each tile of the suit the places it can take in them (``_places``). Empty when the suit
    cannot be read."""
    honors = offset == 27
    counts = suit_counts(key, honors)
    rem = sum(counts) % 3
    if rem == 1:
        return 0, ()
    if honors:
        split = _honor_split([0] * 27 + counts)
        found = [split] if split is not None else []
    else:
        found = [([(k, offset + t) for k, t in sets], offset + pair if pair >= 0 else -1)
                 for sets, pair in suit_decompositions(tuple(counts), rem == 2)]  # fmt: skip
    splits = []
    for sets_, pair_ in found:
        sets = tuple(concealed_block(k, t) for k, t in sets_)
        pair = (concealed_block(PAIR, pair_),) if pair_ >= 0 else ()
        splits.append((sets, pair, _places(sets, pair, offset, 7 if honors else 9)))
    return rem // 2, tuple(splits)


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


def is_thirteen_orphans(counts: list[int]) -> bool:
    y = [counts[t] for t in YAOCHU]
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
    seven_pairs: bool = False,
    seven_pairs_kongs: bool = False,
    thirteen_orphans: bool = False,
    knitted: bool = False,
) -> list[Reading]:
    """Every reading of a complete hand, with every place the winning tile can take. The forms besides four sets and a
    pair are the caller's to name (a rule set's ``RuleSet.forms``): none by default. ``seven_pairs_kongs`` lets a four
    of a kind be two of the seven pairs."""
    forms = (seven_pairs, seven_pairs_kongs, thirteen_orphans, knitted)
    return _read(hand, forms, False)


def divisions(
    hand: Hand,
    *,
    seven_pairs: bool = False,
    seven_pairs_kongs: bool = False,
    thirteen_orphans: bool = False,
    knitted: bool = False,
) -> list[tuple[str, tuple[Block, ...], tuple[int, ...]]]:
    """``readings`` grouped by division: (form, blocks, the indexes of the blocks the winning tile can complete), one
    entry for each way to split the hand, for rules that score a division once whatever the winning tile's place
    (MCR: its wait fans look at every place at once). Same order as ``readings``; the forms besides four sets and a
    pair are named by the caller (none by default)."""
    return _read(hand, (seven_pairs, seven_pairs_kongs, thirteen_orphans, knitted), True)


def _read(hand: Hand, forms: tuple[bool, bool, bool, bool], grouped: bool) -> list:
    """``readings`` (or with ``grouped`` ``divisions``) of the hand with these forms on."""
    seven_pairs, seven_pairs_kongs, thirteen_orphans, knitted = forms
    counts = hand.counts34
    win = KIND[hand.win_tile] if hand.win_tile is not None else None
    melds = hand.melds
    meld_blocks = tuple([_meld_block(m) for m in melds]) if melds else ()
    out: list = []
    keys = hand.suit_keys
    _regular(keys, meld_blocks, win, "regular", out, grouped)
    held = hand.kinds_held  # the kinds held, melds included
    # kinds held: seven pairs 7 (4 to 7 when a four counts as two pairs), orphans 13, 全不靠 14
    if not melds and (seven_pairs or thirteen_orphans or knitted):
        kinds = held.bit_count()
        if kinds <= 7 or (kinds == 13 and not held & ~_YAOCHU_KINDS) or kinds == 14:
            _special(counts, held, win, seven_pairs, seven_pairs_kongs, thirteen_orphans, knitted, out, grouped)
    if knitted and len(melds) <= 1:  # 组合龙 with a set and a pair (or a meld): each pattern held whole
        for idx, pattern in enumerate(KNITTED_PATTERNS):
            if held & _KNITTED_MASKS[idx] == _KNITTED_MASKS[idx] and all(counts[t] for t in pattern):
                rest = list(counts)  # the rest: the concealed tiles less the pattern
                for t in pattern:
                    rest[t] -= 1
                fixed = (_KNITTED_BLOCKS[idx], *meld_blocks)
                _regular(suit_keys(rest), fixed, win, "knitted_straight", out, grouped)
    return out


def _special(
    counts: tuple[int, ...],
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
    if seven_pairs and kinds <= 7 and is_seven_pairs(list(counts), seven_pairs_kongs):
        kept = [t for t in range(N_KINDS) if counts[t]]  # the kinds held, in order
        pairs = tuple(concealed_block(PAIR, t) for t in kept for _ in range(counts[t] // 2))
        wi = next((i for i, b in enumerate(pairs) if b.tile == win), None)
        special.append(("seven_pairs", pairs, wi, "tanki" if wi is not None else ""))
    if thirteen_orphans and kinds == 13 and is_thirteen_orphans(list(counts)):
        wait = "" if win is None else "thirteen" if counts[win] == 2 else "single"
        special.append(("thirteen_orphans", (), None, wait))
    if knitted and kinds == 14 and _knitted_kinds_only(held):  # 14 kinds of a concealed hand: 14 single tiles
        special.append(("honors_knitted", (), None, "knitted"))
    for form, blocks, wi, wait in special:
        if grouped:
            out.append((form, blocks, () if wi is None else (wi,)))
        else:
            out.append(Reading(form, blocks, wi, wait))


_YAOCHU_KINDS = sum(1 << t for t in YAOCHU)  # thirteen orphans holds these 13 kinds only
_KNITTED_MASKS = [sum(1 << t for t in pat) for pat in KNITTED_PATTERNS]
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
    keys: tuple[int, ...], fixed: tuple[Block, ...], win: int | None, form: str, out: list, grouped: bool
) -> None:
    """Read the concealed counts (their ``suit_keys``) as sets and one pair after the ``fixed`` blocks (melds, a
    knitted straight): each split once for every place the winning tile can take in it (the suit splits list the
    places), or with ``grouped`` once with all those places (``divisions``)."""
    pm, man = _suit_splits(0, keys[0])
    pp, pin = _suit_splits(9, keys[1])
    ps, sou = _suit_splits(18, keys[2])
    ph, honors = _suit_splits(27, keys[3])
    if pm + pp + ps + ph != 1 or not (man and pin and sou and honors):
        return  # one suit holds the pair; every suit can be read
    ((sets_h, pair_h, places_h),) = honors  # the honors read one way at most
    n_fixed = len(fixed)
    knitted_win = win is not None and n_fixed and fixed[0].kind == KNITTED and _contains(fixed[0], win)
    suit = 3 if win is None else win // 9
    spot = 0 if win is None else win - 9 * suit  # the winning tile's place in its suit
    for sets_m, pair_m, places_m in man:
        for sets_p, pair_p, places_p in pin:
            for sets_s, pair_s, places_s in sou:
                # the fixed blocks, the sets suit by suit, then the one pair
                blocks = fixed + sets_m + sets_p + sets_s + sets_h + (pair_m or pair_p or pair_s or pair_h)
                if win is None:
                    out.append((form, blocks, ()) if grouped else Reading(form, blocks, None, ""))
                    continue
                # the places the winning tile takes in its suit's split, and the blocks before that suit's sets
                if suit == 0:
                    places, before = places_m[spot], n_fixed
                elif suit == 1:
                    places, before = places_p[spot], n_fixed + len(sets_m)
                elif suit == 2:
                    places, before = places_s[spot], n_fixed + len(sets_m) + len(sets_p)
                else:
                    places, before = places_h[spot], n_fixed + len(sets_m) + len(sets_p) + len(sets_s)
                pair_at = len(blocks) - 1
                if not grouped:
                    for j, wait in places:
                        out.append(Reading(form, blocks, before + j if j >= 0 else pair_at, wait))
                    if knitted_win:
                        out.append(Reading(form, blocks, 0, "knitted"))
                    continue
                at = [before + j if j >= 0 else pair_at for j, _ in places]
                if knitted_win:
                    at.append(0)
                if at:
                    out.append((form, blocks, tuple(at)))
