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


# What the single tiles left over in a split are, for the rule below: none; only kinds held four times (such a
# tile can never become a pair: its other copies are all in the hand); some other kind.
NO_SINGLES, ONLY_FOURS, OTHER_SINGLES = 0, 1, 2
_GOODNESS = {OTHER_SINGLES: 2, NO_SINGLES: 1, ONLY_FOURS: 0}


def _singles(state: int, four: bool) -> int:
    if state == OTHER_SINGLES or not four:
        return OTHER_SINGLES
    return ONLY_FOURS


@cache
def _suit_options(counts: tuple[int, ...]) -> tuple[tuple[int, int, int, int], ...]:
    """Pareto-best (sets, partial sets, pairs, singles) one suit can make.

    A kind is used as a pair at most once (a second pair of a kind held four times would wait on a fifth copy).
    """
    best: set[tuple[int, int, int, int]] = set()
    c = list(counts)
    n = len(c)

    def walk(i: int, m: int, t: int, p: int, single: int, paired: int) -> None:
        while i < n and c[i] == 0:
            i += 1
        if i == n:
            best.add((m, t, p, single))
            return
        if c[i] >= 3:
            c[i] -= 3
            walk(i, m + 1, t, p, single, paired)
            c[i] += 3
        if i + 2 < n and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            walk(i, m + 1, t, p, single, paired)
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1
        if c[i] >= 2 and paired != i:
            c[i] -= 2
            walk(i, m, t, p + 1, single, i)
            c[i] += 2
        if i + 1 < n and c[i + 1]:
            c[i] -= 1
            c[i + 1] -= 1
            walk(i, m, t + 1, p, single, paired)
            c[i] += 1
            c[i + 1] += 1
        if i + 2 < n and c[i + 2]:
            c[i] -= 1
            c[i + 2] -= 1
            walk(i, m, t + 1, p, single, paired)
            c[i] += 1
            c[i + 2] += 1
        c[i] -= 1
        walk(i, m, t, p, _singles(single, counts[i] == 4), paired)
        c[i] += 1

    walk(0, 0, 0, 0, NO_SINGLES, -1)
    rank = [(o[0], o[1], o[2], _GOODNESS[o[3]]) for o in best]
    keep = [
        o
        for o, r in zip(best, rank, strict=True)
        if not any(q != r and all(q[k] >= r[k] for k in range(4)) for q in rank)
    ]
    return tuple(sorted(keep))


def _honor_option(counts: list[int]) -> tuple[int, int, int, int, int]:
    """Honors make no runs, so their use is fixed: (sets, pairs, singles state, kinds held four times).

    Four of an honor are a set and a single that can never pair up; three a set; two a pair; one a single.
    """
    m = p = fours = 0
    single = NO_SINGLES
    for t in range(27, 34):
        k = counts[t]
        if k == 4:
            m += 1
            fours += 1
            single = _singles(single, True)
        elif k == 3:
            m += 1
        elif k == 2:
            p += 1
        elif k == 1:
            single = OTHER_SINGLES
    return m, 0, p, single, fours


def regular_shanten(counts: list[int], n_melds: int = 0) -> int:
    """Shanten of four sets and a pair: 8 − 2 × sets − partial sets − pair, with sets + partials ≤ 4.

    Tiles that cannot help are counted as such: a single of a kind held four times cannot become the pair (with
    no pair and only such singles, one more exchange is needed), and every honor held four times is at least one
    exchange (one fewer with 14 tiles, where one of them can be thrown away).
    """
    groups = [_suit_options(tuple(counts[s * 9 : s * 9 + 9])) for s in range(3)]
    hm, _, hp, hs, fours = _honor_option(counts)
    best = 8
    for a in groups[0]:
        for b in groups[1]:
            for c in groups[2]:
                m = a[0] + b[0] + c[0] + hm + n_melds
                t = a[1] + b[1] + c[1]
                p = a[2] + b[2] + c[2] + hp
                states = (a[3], b[3], c[3], hs)
                s = 8 - 2 * m - t - p
                kinds = m + t + (p - 1 if p else 0)  # only one pair is the pair; the others are partial sets
                if not p and OTHER_SINGLES not in states and ONLY_FOURS in states:
                    s += 1
                if kinds > 4:
                    s += kinds - 4
                if s < best:
                    best = s
    if fours:
        floor = fours - (1 if (sum(counts) + 3 * n_melds) % 3 == 2 else 0)
        if best != -1 and best < floor:
            best = floor
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
