"""The answers of MCR's set rows, kept per pattern of sets: private to MCR, a speed table behind one plain function.

What the ``sets`` rows of fans.py find in a division, and the combinations its chows and pungs make under the
principles (exclusions.py ``combine_sets``), depend only on the facts of its sets (``division.Sets``: form, chows,
pungs, kongs, pair, wait, the two winds), never on the rest of the hand. So they are worked out once per such
pattern (``Division.key``) and kept; hands that share the pattern share the answer. The rows are the definition:
``find`` runs them, ``set_fans`` is ``find`` kept (tests/test_mcr_tables.py checks the two agree).

The table holds at most ``LIMIT`` patterns and begins again when full, so a long-lived process stays bounded.
"""

from __future__ import annotations

from .division import Sets
from .exclusions import combine_sets
from .fans import BIT, SET_ROWS, TAKES_CHOWS

LIMIT = 1 << 16

# (the fans found, a mask of fans.py ``BIT``; the fans counted more than once as (id, count); what the rows said and
# the combinations the principles removed, for the result's ``why``)
Answer = tuple[int, tuple[tuple[str, int], ...], tuple]

_KEPT: dict[tuple, Answer] = {}


def set_fans(key: tuple) -> Answer:
    """``find`` of the sets of this ``Division.key``, kept."""
    answer = _KEPT.get(key)
    if answer is None:
        if len(_KEPT) >= LIMIT:
            _KEPT.clear()
        answer = _KEPT[key] = find(Sets(key))
    return answer


def find(s: Sets) -> Answer:
    """The set rows of the division's form, then the combinations of its chows and of its pungs; a fan that takes all
    the chows (``takes_chows``) leaves them no combination (不拆移)."""
    found = 0
    counts: dict[str, int] = {}
    for needs, rows in SET_ROWS[s.form]:  # grouped by the fact they need (fans.py ``needs``)
        if needs and not getattr(s, needs):
            continue
        for bit, fan_id, check in rows:
            n = check(s)
            if n:
                found |= bit
                if n > 1:
                    counts[fan_id] = n
    why: list = s.notes
    groups = (("pungs", s.pungs),) if found & TAKES_CHOWS else (("chows", s.chows), ("pungs", s.pungs))
    for group, sets in groups:
        if len(sets) >= 2:
            fans, removed = combine_sets(group, sets)
            for fan_id, n in fans:
                found |= BIT[fan_id]
                if n > 1:
                    counts[fan_id] = n
            why += removed
    return found, tuple(counts.items()), tuple(why)
