"""How far one suit is from holding a number of sets and a pair: the per-suit table behind shanten (向听).

The distance of a hand to a form is the fewest tiles it lacks: the least, over every complete hand of that form
(no kind more than its copies), of the tiles that complete hand holds and ours does not. Shanten is that distance
less one (-1: complete, 0: waiting). Counting against real complete hands is what keeps a wait on a tile whose four
copies are all held from counting as a wait: no complete hand holds a fifth copy.

Four sets and a pair split over the three suits and the honors, and a suit's share depends on its nine counts
only. So each suit pattern gets a vector once: ``d[2 * sets + pair]`` for 0-4 sets and 0-1 pair, the fewest tiles
the suit lacks to hold exactly that. A hand's distance is then a min-plus sum of four vectors (``combine``).

The vectors of every pattern a hand can have (nine counts of 0-4, at most 14 tiles: 405,350 patterns) are built
once by ``build_table`` and shipped as ``suit_table.bin`` (``python -m suanfan.analysis.suits`` rebuilds it);
``vector`` reads it. Suits with fewer copies of some kinds (three-player Riichi's 2m-8m, a kind claimed in a meld,
the two-player game's 71 tiles) are worked out by the same dynamic programme, ``distances``, and kept per pattern.
"""

from __future__ import annotations

import sys
import zlib
from collections.abc import Sequence
from functools import cache
from itertools import product
from pathlib import Path

INF = 99  # a form the suit cannot hold (too few copies)
SLOTS = 10  # (sets 0-4) x (pair 0-1)
FULL = (4,) * 9
POW5 = tuple(5**i for i in range(9))
TABLE_PATH = Path(__file__).with_name("suit_table.bin")


def key_of(counts: Sequence[int]) -> int:
    """A suit's nine counts as one base-5 number (the first kind the lowest digit): its row in the table."""
    return (
        counts[0]
        + 5 * counts[1]
        + 25 * counts[2]
        + 125 * counts[3]
        + 625 * counts[4]
        + 3125 * counts[5]
        + 15625 * counts[6]
        + 78125 * counts[7]
        + 390625 * counts[8]
    )


def distances(counts: Sequence[int], caps: Sequence[int] = FULL) -> tuple[int, ...]:
    """The suit's vector by dynamic programming over its nine ranks, at most ``caps[i]`` tiles of rank i.

    A complete suit is read rank by rank: at rank i it holds the chows begun at i-2 and i-1 (their last and middle
    tile), the chows begun at i, a pung or not, the pair or not. What it shares with our counts there is
    min(its tiles, ours); the distance is its size less the most it can share.
    """
    # state: (chows begun at the rank before, chows begun two ranks before, sets, pair) -> most tiles shared
    states = {(0, 0, 0, 0): 0}
    for i in range(9):
        have, cap = counts[i], caps[i]
        after: dict[tuple[int, int, int, int], int] = {}
        for (r1, r2, sets, pair), shared in states.items():
            base = r1 + r2
            if base > cap:
                continue
            most_chows = min(cap - base, 4 - sets) if i <= 6 else 0  # a chow begun at 8 or 9 does not fit
            for chows in range(most_chows + 1):
                for pung in (0, 1):
                    if sets + chows + pung > 4:
                        break
                    for pairs in (0, 1) if pair == 0 else (0,):
                        tiles = base + chows + 3 * pung + 2 * pairs
                        if tiles > cap:
                            break
                        state = (chows, r1, sets + chows + pung, pair + pairs)
                        value = shared + (tiles if tiles < have else have)
                        if after.get(state, -1) < value:
                            after[state] = value
        states = after
    out = [INF] * SLOTS
    for (r1, r2, sets, pair), shared in states.items():
        if r1 == 0 and r2 == 0:
            d = 3 * sets + 2 * pair - shared
            if d < out[2 * sets + pair]:
                out[2 * sets + pair] = d
    return tuple(out)


def patterns():
    """Every suit pattern a hand can hold: nine counts of 0-4, at most 14 tiles."""
    for counts in product(range(5), repeat=9):
        if sum(counts) <= 14:
            yield counts[::-1]  # the first kind varies fastest, as in ``key_of``


def build_table() -> bytes:
    """Ten bytes a pattern at ``10 * key_of(pattern)``; patterns of more than 14 tiles are left zero."""
    table = bytearray(SLOTS * 5**9)
    for counts in patterns():
        k = SLOTS * key_of(counts)
        table[k : k + SLOTS] = bytes(distances(counts))
    return bytes(table)


@cache
def _table() -> bytes:
    return zlib.decompress(TABLE_PATH.read_bytes())


_capped: dict[tuple[int, tuple[int, ...]], tuple[int, ...]] = {}


def vector(counts: Sequence[int], caps: Sequence[int] = FULL) -> Sequence[int]:
    """The suit's vector: a table row when every kind has its four copies, else ``distances`` (kept per pattern)."""
    k = key_of(counts)
    if caps == FULL:
        t = _table()
        return t[SLOTS * k : SLOTS * k + SLOTS]
    caps = tuple(caps)
    got = _capped.get((k, caps))
    if got is None:
        got = _capped[(k, caps)] = distances(counts, caps)
    return got


@cache
def _honor_vector(kinds: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    d = [INF] * SLOTS
    d[0] = 0
    for have, cap in kinds:
        pung = 3 - have if have < 3 else 0
        pair = 2 - have if have < 2 else 0
        nxt = list(d)
        for sets in range(5):
            for p in (0, 1):
                base = d[2 * sets + p]
                if base >= INF:
                    continue
                if cap >= 3 and sets < 4 and base + pung < nxt[2 * sets + 2 + p]:
                    nxt[2 * sets + 2 + p] = base + pung
                if cap >= 2 and p == 0 and base + pair < nxt[2 * sets + 1]:
                    nxt[2 * sets + 1] = base + pair
        d = nxt
    return tuple(d)


_FULL_HONORS: dict[tuple[int, ...], tuple[int, ...]] = {}  # the honors' counts, all copies there -> vector


def honor_vector(counts: Sequence[int], caps: Sequence[int]) -> tuple[int, ...]:
    """Kinds that make no chows (the honors): each a pung, the pair, or nothing. Kinds without copies are left out.
    The common case (every copy there) is kept by the counts as they are, without sorting them."""
    full = tuple(caps) == FULL[:7]
    if full:
        key = tuple(counts)
        got = _FULL_HONORS.get(key)
        if got is not None:
            return got
    got = _honor_vector(tuple(sorted((n, c) for n, c in zip(counts, caps, strict=True) if c)))
    if full:
        _FULL_HONORS[key] = got
    return got


def _slot_pairs(limit: int) -> tuple[tuple[int, int], ...]:
    """The pairs of slots (i, j) two vectors can add up to a slot no higher than ``limit``: one pair between them."""
    return tuple((i, j) for i in range(limit + 1) for j in range(limit + 1 - i) if not (i & 1 and j & 1))


SLOT_PAIRS = tuple(_slot_pairs(limit) for limit in range(SLOTS))


def combine(a: Sequence[int], b: Sequence[int], limit: int = SLOTS - 1) -> list[int]:
    """The min-plus sum of two vectors up to slot ``limit``: the fewest tiles for each number of sets and pairs
    held between them."""
    out = [INF] * (limit + 1)
    for i, j in SLOT_PAIRS[limit]:
        x = a[i] + b[j]
        if x < out[i + j]:
            out[i + j] = x
    return out


def total(vs: Sequence[Sequence[int]], target: int) -> int:
    """The fewest tiles for the slot ``target`` over the groups' vectors: the first two and the last two combined,
    then the one sum of the two halves that makes the target."""
    if len(vs) == 4:
        left, right = combine(vs[0], vs[1], target), combine(vs[2], vs[3], target)
    else:
        left = vs[0]
        for v in vs[1:-1]:
            left = combine(left, v, target)
        right = vs[-1]
    best = INF
    for i in range(target + 1):
        j = target - i
        if not (i & 1 and j & 1):
            x = left[i] + right[j]
            if x < best:
                best = x
    return best


if __name__ == "__main__":  # python -m suanfan.analysis.suits: rebuild the shipped table
    TABLE_PATH.write_bytes(zlib.compress(build_table(), 9))
    print(f"wrote {TABLE_PATH} ({TABLE_PATH.stat().st_size} bytes)", file=sys.stderr)
