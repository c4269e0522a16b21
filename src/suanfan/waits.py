"""Tenpai, waits and shanten (向听).

``waits`` lists the tiles that complete a 13-tile hand; a tile whose four copies are all in the hand is no wait.
``shanten`` is the number of tiles away from tenpai: -1 complete, 0 tenpai, 1 one away, ...
"""

from __future__ import annotations

from functools import cache

from .hand import Hand
from .shapes import (
    KNITTED_PATTERNS,
    is_honors_knitted,
    is_regular_complete,
    is_seven_pairs,
    is_thirteen_orphans,
)
from .tiles import N_KINDS, YAOCHU, kind


def _complete_with(
    counts: list[int], n_melds: int, seven_pairs: bool, seven_pairs_kongs: bool, thirteen_orphans: bool, knitted: bool
) -> bool:
    if is_regular_complete(counts):
        return True
    if n_melds == 0:
        if seven_pairs and is_seven_pairs(counts, seven_pairs_kongs):
            return True
        if thirteen_orphans and is_thirteen_orphans(counts):
            return True
        if knitted and is_honors_knitted(counts):
            return True
    if knitted and n_melds <= 1:
        for pat in KNITTED_PATTERNS:
            if all(counts[t] for t in pat):
                rest = list(counts)
                for t in pat:
                    rest[t] -= 1
                if is_regular_complete(rest):
                    return True
    return False


def waits(
    hand: Hand,
    *,
    kinds=range(N_KINDS),
    seven_pairs: bool = True,
    seven_pairs_kongs: bool = False,
    thirteen_orphans: bool = True,
    knitted: bool = False,
) -> list[int]:
    """Tile kinds that complete a waiting hand (13 − 3 × melds concealed tiles)."""
    counts = hand.counts
    seen = list(counts)
    for m in hand.melds:
        for t in m.tiles:
            seen[kind(t)] += 1
    out = []
    for t in kinds:
        if seen[t] >= 4:
            continue
        counts[t] += 1
        if _complete_with(counts, len(hand.melds), seven_pairs, seven_pairs_kongs, thirteen_orphans, knitted):
            out.append(t)
        counts[t] -= 1
    return out


@cache
def _suit_options(counts: tuple[int, ...], honors: bool) -> tuple[tuple[int, int, int], ...]:
    """Pareto-best (sets, partial sets, pair) counts one suit can make."""
    best: set[tuple[int, int, int]] = set()
    c = list(counts)
    n = len(c)

    def walk(i: int, m: int, t: int, p: int) -> None:
        while i < n and c[i] == 0:
            i += 1
        if i == n:
            best.add((m, t, p))
            return
        if c[i] >= 3:
            c[i] -= 3
            walk(i, m + 1, t, p)
            c[i] += 3
        if not honors and i + 2 < n and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            walk(i, m + 1, t, p)
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1
        if c[i] >= 2:
            c[i] -= 2
            if not p:
                walk(i, m, t, 1)
            walk(i, m, t + 1, p)
            c[i] += 2
        if not honors and i + 1 < n and c[i + 1]:
            c[i] -= 1
            c[i + 1] -= 1
            walk(i, m, t + 1, p)
            c[i] += 1
            c[i + 1] += 1
        if not honors and i + 2 < n and c[i + 2]:
            c[i] -= 1
            c[i + 2] -= 1
            walk(i, m, t + 1, p)
            c[i] += 1
            c[i + 2] += 1
        c[i] -= 1
        walk(i, m, t, p)
        c[i] += 1

    walk(0, 0, 0, 0)
    pareto = [o for o in best if not any(q != o and all(q[k] >= o[k] for k in range(3)) for q in best)]
    return tuple(sorted(pareto))


def regular_shanten(counts: list[int], n_melds: int = 0) -> int:
    """Shanten of four sets and a pair: 8 − 2 × sets − partial sets − pair, with sets + partials ≤ 4."""
    groups = [_suit_options(tuple(counts[s * 9 : s * 9 + 9]), False) for s in range(3)]
    groups.append(_suit_options(tuple(counts[27:34]), True))
    best = 8
    for a in groups[0]:
        for b in groups[1]:
            m2, t2, p2 = a[0] + b[0], a[1] + b[1], a[2] + b[2]
            for c in groups[2]:
                m3, t3, p3 = m2 + c[0], t2 + c[1], p2 + c[2]
                for d in groups[3]:
                    m = m3 + d[0] + n_melds
                    t = t3 + d[1]
                    p = p3 + d[2]
                    # only one pair is the pair; any other pair is a partial set
                    if p > 1:
                        t += p - 1
                        p = 1
                    if m + t > 4:
                        t = 4 - m
                    s = 8 - 2 * m - t - p
                    if s < best:
                        best = s
    return best


def seven_pairs_shanten(counts: list[int]) -> int:
    pairs = sum(1 for n in counts if n >= 2)
    kinds_ = sum(1 for n in counts if n)
    return 6 - pairs + max(0, 7 - kinds_)


def thirteen_orphans_shanten(counts: list[int]) -> int:
    have = sum(1 for t in YAOCHU if counts[t])
    pair = any(counts[t] >= 2 for t in YAOCHU)
    return 13 - have - (1 if pair else 0)


def shanten(
    hand: Hand | list[int], n_melds: int | None = None, *, seven_pairs: bool = True, thirteen_orphans: bool = True
) -> int:
    """The lowest shanten over the forms asked for (regular always; the others only with no melds)."""
    if isinstance(hand, Hand):
        counts = hand.counts
        n_melds = len(hand.melds)
    else:
        counts = list(hand)
        n_melds = n_melds or 0
    best = regular_shanten(counts, n_melds)
    if n_melds == 0:
        if seven_pairs:
            best = min(best, seven_pairs_shanten(counts))
        if thirteen_orphans:
            best = min(best, thirteen_orphans_shanten(counts))
    return best
