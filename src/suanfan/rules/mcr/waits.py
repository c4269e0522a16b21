"""Does a hand wait on one tile kind only? The test behind 边张 / 嵌张 / 单钓将 (consensus, MIL; digest rows 77-79).

A hand completes when each of its four groups (the three suits and the honors) is sets only, except one that is sets
and the pair. Adding a tile changes one group only, so each group's answer, with and without one more tile of each
kind, is worked out once per group pattern (its nine counts; seven for the honors) and kept in a table: a hand's
waits are then four look-ups and a few bit operations.
"""

from __future__ import annotations

from ...tiles import suit_counts


class _SetsOnly(dict):
    """A suit's counts (bytes) -> can they be split into chows and pungs? Greedy from the lowest rank: the copies of
    the lowest tile that are not in a pung start chows, and three equal chows are three pungs, so ``n % 3`` chows
    start there. Kept per pattern: the patterns a suit grows into are shared by many suits."""

    def __missing__(self, c: bytes) -> bool:
        ok = self[c] = _greedy_sets(c)
        return ok


def _greedy_sets(c) -> bool:
    started1 = started2 = 0  # chows started one / two ranks below, each needing a tile here
    for n in c:
        n -= started1 + started2
        if n < 0:
            return False
        started2, started1 = started1, n % 3
    return not started1 and not started2


_SETS_ONLY = _SetsOnly()


def _weight(c) -> int:
    """The sum of the ranks (0-8) of a suit's tiles, mod 3. A chow (3i + 3) and a pung (3i) weigh 0 mod 3, a pair of
    rank p weighs 2p: so sets only need weight 0, and sets and a pair have the pair at a rank p ≡ 2 × weight."""
    return (c[1] + c[4] + c[7] + 2 * (c[2] + c[5] + c[8])) % 3


def _sets_and_pair(c) -> bool:
    """Can one suit's counts be split into chows and pungs and exactly one pair?"""
    if sum(c) % 3 != 2:
        return False
    c = list(c)
    for p in range(2 * _weight(c) % 3, 9, 3):  # the only ranks the pair can have
        if c[p] >= 2:
            c[p] -= 2
            ok = _SETS_ONLY[bytes(c)]
            c[p] += 2
            if ok:
                return True
    return False


def _honors_ok(h) -> tuple[bool, bool]:
    """Honors make pungs only (and the pair): sets only / sets and the pair."""
    return all(n in (0, 3) for n in h), sum(1 for n in h if n == 2) == 1 and all(n in (0, 2, 3) for n in h)


def _group_entry(table: dict, offset: int, key: int) -> tuple[bool, bool, int, int]:
    """A group's entry in its table (``_MAN``, ``_PIN``, ``_SOU``, ``_HONORS``, plain dicts read in one subscript):
    its counts (its ``tiles.suit_key``) -> (sets only?, sets and the pair?, kinds that make it sets only once added,
    kinds that make it sets and the pair once added); the kinds as a mask over the 34 kinds. Made on first sight of a
    pattern."""
    entry = table.get(key)
    if entry is None:
        seg = bytes(suit_counts(key, offset == 27))
        grown = list(seg)
        to_sets = to_pair = 0
        if offset == 27:
            ok = _honors_ok(seg)
            for i in range(7):
                if grown[i]:  # a lone honor added completes nothing
                    grown[i] += 1
                    sets, pair = _honors_ok(grown)
                    grown[i] -= 1
                    to_sets |= sets << (offset + i)
                    to_pair |= pair << (offset + i)
        else:
            ok = (_SETS_ONLY[seg], _sets_and_pair(seg))
            after = (sum(seg) + 1) % 3  # 0: the grown suit can only be sets; 2: only sets and the pair
            weight = _weight(seg)
            for i in range(9):
                if after == 1 or (after == 0 and (weight + i) % 3):  # the grown suit would weigh right (``_weight``)
                    continue
                if any(seg[max(0, i - 2) : i + 3]):  # a tile two ranks from any other is no use
                    grown[i] += 1
                    if after == 0 and _SETS_ONLY[bytes(grown)]:
                        to_sets |= 1 << (offset + i)
                    elif after == 2 and _sets_and_pair(grown):
                        to_pair |= 1 << (offset + i)
                    grown[i] -= 1
        entry = table[key] = (*ok, to_sets, to_pair)
    return entry


_MAN: dict[int, tuple[bool, bool, int, int]] = {}
_PIN: dict[int, tuple[bool, bool, int, int]] = {}
_SOU: dict[int, tuple[bool, bool, int, int]] = {}
_HONORS: dict[int, tuple[bool, bool, int, int]] = {}


def waits_once(keys: tuple[int, int, int, int], won: int, seven_pairs: bytes | bytearray | None = None) -> bool:
    """Does the hand wait on exactly one kind, as four sets and a pair, or as seven pairs (four of a kind as two pairs)
    when ``seven_pairs`` gives its 34 counts? The hand is 13 − 3 × melds tiles: the tiles of ``keys`` (the
    ``tiles.suit_keys`` of the complete hand) less one of ``won``, the winning kind. A kind all of whose copies are in
    sight still counts as a wait (consensus: 独听 is about the shape)."""
    km, kp, ks, kz = keys
    if won < 9:
        km -= 1 << 3 * won
    elif won < 18:
        kp -= 1 << 3 * (won - 9)
    elif won < 27:
        ks -= 1 << 3 * (won - 18)
    else:
        kz -= 1 << 3 * (won - 27)
    try:
        groups = (_MAN[km], _PIN[kp], _SOU[ks], _HONORS[kz])
    except KeyError:  # a pattern not seen before
        groups = (
            _group_entry(_MAN, 0, km),
            _group_entry(_PIN, 9, kp),
            _group_entry(_SOU, 18, ks),
            _group_entry(_HONORS, 27, kz),
        )
    short = [g for g in groups if not g[0]]  # the groups that are not sets only
    if len(short) == 1:  # that group completes, as sets and the pair; or it is the pair and another completes
        g = short[0]
        kinds = g[3]
        if g[1]:
            for other in groups:
                if other[0]:
                    kinds |= other[2]
    elif len(short) == 2:  # one of them is the pair, the other completes as sets
        a, b = short
        kinds = (a[2] if b[1] else 0) | (b[2] if a[1] else 0)
    elif not short:
        kinds = groups[0][3] | groups[1][3] | groups[2][3] | groups[3][3]
    else:
        kinds = 0
    if seven_pairs and seven_pairs.count(1) + seven_pairs.count(3) == 1:  # six pairs and one odd kind: that kind
        odd = seven_pairs.index(1) if 1 in seven_pairs else seven_pairs.index(3)
        kinds |= 1 << odd
    return kinds != 0 and not kinds & (kinds - 1)
