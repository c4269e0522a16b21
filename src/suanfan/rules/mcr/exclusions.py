"""The scoring principles of MCR (1998 §计分原则, Green Book §3.9.1.5), each as code you can point at.

- 不重复 non-repeat (``non_repeat``): a fan that implies another scores alone; the implied fan (its 不计 list, the
  ``excludes`` of its row in fans.py) is not counted.
- 不拆移 non-separation (``combine_sets``): sets that made a fan of three or four sets are not split up to make lower
  fans among themselves.
- 不得相同 non-identical (``account_once_pairs``): a set that made a fan with one set cannot make the same fan again
  with another.
- 套算一次 account-once (``combine_sets``, ``account_once_pairs``): a set not yet combined may combine once with a set
  already combined; with n chows and no fan of three or more, at most n − 1 two-chow fans.
- 就高不就低 high-versus-low (``combine_sets`` picks the highest fan of three sets; ``__init__`` keeps the reading
  with the highest total).

Every exclusion applied is logged as ``{"fan", "excludes", "principle"}`` for the result's ``explain``: one shared,
read-only dict (``result.Shared``) per exclusion, made once (``EXCLUSION``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations

from ...result import Shared
from .fans import BIT, FANS, IDS, VALUE, combination

NON_REPEAT = "不重复"
NON_SEPARATION = "不拆移"
NON_IDENTICAL = "不得相同"
HIGH_LOW = "就高不就低"
ACCOUNT_ONCE = "套算一次"

PRINCIPLES = {
    NON_REPEAT: "non-repeat: a fan that implies another scores alone",
    NON_SEPARATION: "non-separation: sets that made a bigger fan are not split to make smaller ones",
    NON_IDENTICAL: "non-identical: a set makes a given fan once only",
    HIGH_LOW: "high-versus-low: of the ways to read the hand, the highest total",
    ACCOUNT_ONCE: "account-once: a set not yet combined combines once with one already combined",
}

# The two-chow fans in the order the consensus keeps them when 套算一次 cuts (Helper ``exclusionary_rule``).
PAIR_PRIORITY = ("yi_ban_gao", "xi_xiang_feng", "lian_liu", "lao_shao_fu")


class _Exclusions(dict):
    """(fan, the fan it excludes, principle) -> the exclusion as the result shows it, made once."""

    def __missing__(self, key: tuple[str, str, str]) -> Shared:
        fan, other, principle = key
        entry = self[key] = Shared({"fan": fan, "excludes": other, "principle": principle})
        return entry


EXCLUSION = _Exclusions()
Log = list[Shared]  # the exclusions applied, in order

# the fans whose 不计 list takes some 幺九刻 (fans.py ``excludes_yao_jiu_ke``): fan -> how many
_TAKES_YAO_JIU_KE = {row.id: row.facts["excludes_yao_jiu_ke"] for row in FANS if row.facts.get("excludes_yao_jiu_ke")}


def exclusion_table(excludes: dict[str, tuple[str, ...]]) -> tuple[tuple, int]:
    """An edition's 不计 lists by row index (fans.py ``IDS``): (mask of the list, (bit, logged exclusion) of each fan
    on it, 幺九刻 taken) or None; and the mask of the fans that have one (the others need no visit)."""
    table = []
    for fan_id in IDS:
        implied = excludes.get(fan_id, ())
        take = _TAKES_YAO_JIU_KE.get(fan_id, 0)
        logged = tuple([(BIT[f], EXCLUSION[fan_id, f, NON_REPEAT]) for f in implied])
        table.append((sum([BIT[f] for f in implied]), logged, take) if implied or take else None)
    return tuple(table), sum([1 << i for i, entry in enumerate(table) if entry])


def non_repeat(found: int, counts: dict[str, int], log: Log, table: tuple[tuple, int]) -> int:
    """不重复: from the highest fan down, each fan still counted removes the fans it implies (its 不计 list).

    ``found`` is a mask of fans (lowest bit the highest fan); the fans still counted are returned, ``counts`` (of the
    fans counted more than once; a fan missing from it counts once) updated. ``table``: the edition's
    ``exclusion_table``."""
    entries, implying = table
    kept = found
    rest = found & implying
    while rest:
        low = rest & -rest
        rest ^= low
        i = low.bit_length() - 1
        implied, logged, take = entries[i]
        hit = implied & kept
        if hit:
            kept &= ~hit
            rest &= ~hit
            for bit, entry in logged:
                if bit & hit:
                    log.append(entry)
        if take and kept & _YAO_JIU_KE:
            # 九莲宝灯 不计 幺九刻×1: its 111 (or 999) is part of the nine gates shape
            left = counts.pop("yao_jiu_ke", 1) - take  # a fan missing from ``counts`` counts once
            if left > 1:
                counts["yao_jiu_ke"] = left
            elif not left:
                kept &= ~_YAO_JIU_KE
            log.append(EXCLUSION[IDS[i], "yao_jiu_ke", NON_REPEAT])
    return kept


_YAO_JIU_KE = BIT["yao_jiu_ke"]


class NonRepeat(dict):
    """``non_repeat`` of one edition, worked out once per set of implying fans found. Which of them stand and what
    they remove depend on those fans alone: (the fans found that have a 不计 list, a mask) -> (the fans they remove,
    the exclusions to log as (bit, entry) in order, each fan once: logged when that fan was found), or None when a
    standing fan takes some 幺九刻 (九莲宝灯), which needs the walk itself. ``implying``: the fans with a list."""

    def __init__(self, table: tuple[tuple, int]) -> None:
        super().__init__()
        self.table = table
        self.implying = table[1]

    def __missing__(self, found: int) -> tuple[int, tuple] | None:
        entries, implying = self.table
        log: list = []
        every = found | ~implying & _ALL  # every fan without a list counted as found: the log says which it takes
        kept = non_repeat(every, {"yao_jiu_ke": 4}, log, self.table)
        standing = found & kept
        takes = any(entries[i][2] for i in range(len(IDS)) if standing >> i & 1)
        entry = self[found] = None if takes else (every & ~kept, tuple((BIT[e["excludes"]], e) for e in log))
        return entry


_ALL = (1 << len(IDS)) - 1


@cache
def account_once_pairs(n: int, edges: tuple[tuple[int, int, str], ...]) -> tuple[tuple[int, int, str], ...]:
    """套算一次 + 不得相同 for two-set fans among ``n`` sets: the most fans such that the combinations form no cycle
    (each set not yet combined joins once) and no set makes the same fan twice. Ties keep the consensus priority.
    Kept once found: it depends only on which sets make which fans (few patterns), not on the tiles."""
    best: tuple = ()
    best_key: tuple = (-1,)
    for size in range(len(edges), 0, -1):
        if size > n - 1 or size < best_key[0]:
            continue
        for chosen in combinations(edges, size):
            if not _forest(n, chosen) or not _distinct_per_set(chosen):
                continue
            key = (size, *(sum(1 for e in chosen if e[2] == f) for f in PAIR_PRIORITY))
            if key > best_key:
                best, best_key = chosen, key
    return best


def _forest(n: int, edges: Sequence[tuple[int, int, str]]) -> bool:
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    for a, b, _ in edges:
        ra, rb = root(a), root(b)
        if ra == rb:
            return False
        parent[ra] = rb
    return True


def _distinct_per_set(edges: Sequence[tuple[int, int, str]]) -> bool:
    seen: set[tuple[int, str]] = set()
    for a, b, f in edges:
        if (a, f) in seen or (b, f) in seen:
            return False
        seen.add((a, f))
        seen.add((b, f))
    return True


@cache
def combine_sets(group: str, tiles: tuple[int, ...]) -> tuple[tuple[tuple[str, int], ...], tuple]:
    """The combination fans of a group of sets (``group`` chows or pungs; ``tiles`` their lowest tiles, in order)
    under the principles; the fan a combination makes is its row's (fans.py ``combination``).

    A fan of four sets takes the group alone (不拆移). Else the highest fan of three sets (就高不就低) takes its three
    sets, and the remaining set combines once with one of them (套算一次, consensus priority). Else the two-set fans:
    for chows limited by 套算一次 / 不得相同 (``account_once_pairs``); for pungs every pair counts.
    Returns the fans with their counts, and what the principles removed: (principle, by fan or None, fan not
    counted). Kept once found: few groups of sets exist (12,650 multisets of up to four chows), shared by many hands.
    """
    found: dict[str, int] = {}
    removed: list[tuple[str, str | None, str]] = []
    n = len(tiles)
    pairs = [(a, b, f) for a, b in combinations(range(n), 2) if (f := combination(group, (tiles[a], tiles[b])))]
    threes = {idx: combination(group, tuple(tiles[i] for i in idx)) for idx in combinations(range(n), 3)}
    if n == 4:
        f = combination(group, tiles)
        if f:
            lower = {t for t in threes.values() if t}
            removed += [(NON_SEPARATION, f, x) for x in sorted(lower | {e[2] for e in pairs})]
            return ((f, 1),), tuple(removed)
    best = None
    for idx, f in threes.items():
        if f and (best is None or VALUE[f] > VALUE[best[0]]):
            best = (f, idx)
    if best:
        f, idx = best
        found[f] = 1
        inside = sorted({e[2] for e in pairs if e[0] in idx and e[1] in idx})
        removed += [(NON_SEPARATION, f, x) for x in inside]
        if n == 4:
            free = next(i for i in range(4) if i not in idx)
            extra = sorted((e for e in pairs if free in e[:2]), key=lambda e: _priority(e[2]))
            if extra:
                found[extra[0][2]] = found.get(extra[0][2], 0) + 1
                removed += [(ACCOUNT_ONCE, None, e[2]) for e in extra[1:]]
        return tuple(found.items()), tuple(removed)
    chosen = account_once_pairs(n, tuple(pairs)) if group == "chows" else tuple(pairs)
    for _, _, f in chosen:
        found[f] = found.get(f, 0) + 1
    for e in pairs:
        if e not in chosen:
            same = any(c[2] == e[2] and ({c[0], c[1]} & {e[0], e[1]}) for c in chosen)
            removed.append((NON_IDENTICAL, e[2], e[2]) if same else (ACCOUNT_ONCE, None, e[2]))
    return tuple(found.items()), tuple(removed)


def _priority(fan_id: str) -> int:
    return PAIR_PRIORITY.index(fan_id) if fan_id in PAIR_PRIORITY else len(PAIR_PRIORITY)
