"""Shanten (向听) of every form a rule set's hands can take, under its own tile set and limits.

Each form's shanten is its distance less one: the fewest tiles the hand lacks to be a complete hand of that form
(``suits`` explains why counting against real complete hands is exact). The forms:

- ``regular``: four sets and a pair (sets less by one a meld), from the per-suit table (``suits``);
- ``seven_pairs``: seven pairs; four of a kind is two pairs where the rule set says so (MCR, Sichuan, Ka Wu Xing);
- ``thirteen_orphans``: one of each terminal and honor, and a pair of one of them;
- ``honors_knitted``: 全不靠 / 七星不靠 (MCR): fourteen different tiles of one knitted pattern (147 258 369 in three
  suits) and the honors; the popular table's 十三不靠 also needs all nine knitted tiles (so five honors);
- ``knitted_straight``: 组合龙 (MCR): the nine tiles of a knitted pattern, a set and a pair (the set may be a meld).

Rule sets' limits: Sichuan's hand must end without one suit (缺一门), the declared ``void_suit`` if given: the tiles of
the suit to drop count as tiles to throw; Wuhu's hand must end with at least eight tiles of one suit (八支, kongs
counting four). A form out of reach (seven pairs with a meld, a tile set without the tiles) has no shanten (None).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..shapes import KNITTED_PATTERNS
from ..tiles import YAOCHU
from .suits import FULL, INF, SLOTS, honor_vector, total, vector

NONE_VECTOR = (0,) + (INF,) * (SLOTS - 1)  # a suit that must hold nothing: Sichuan's dropped suit
HONORS = tuple(range(27, 34))


@dataclass(frozen=True)
class Forms:
    """The forms a rule set's hands can take, and its limits (see the module doc)."""

    seven_pairs: bool = True
    seven_pairs_kongs: bool = False  # a four of a kind counts as two pairs
    thirteen_orphans: bool = True
    honors_knitted: str | None = None  # "any": 全不靠 / 七星不靠 (MCR); "all_nine": the popular table's 十三不靠
    knitted_straight: bool = False
    missing_suit: bool = False  # Sichuan: a suit must be missing at the end
    long_suit: int = 0  # Wuhu: the end needs this many tiles of one suit (八支: 8)

    def names(self) -> tuple[str, ...]:
        out = ["regular"]
        if self.seven_pairs:
            out.append("seven_pairs")
        if self.thirteen_orphans:
            out.append("thirteen_orphans")
        if self.honors_knitted:
            out.append("honors_knitted")
        if self.knitted_straight:
            out.append("knitted_straight")
        return tuple(out)


# Each rule set's forms, as its scoring module reads hands (its ``forms`` / ``readings``).
FORMS: dict[str, Forms] = {
    "riichi": Forms(),  # rules/riichi: seven pairs without fours, thirteen orphans
    "mcr": Forms(seven_pairs_kongs=True, honors_knitted="any", knitted_straight=True),  # rules/mcr: _FORMS
    "sichuan": Forms(seven_pairs_kongs=True, thirteen_orphans=False, missing_suit=True),  # 龙七对; 缺一门
    "kawuxing": Forms(seven_pairs_kongs=True, thirteen_orphans=False),  # 龙七对, no 十三幺
    "wuhu": Forms(seven_pairs=False, thirteen_orphans=False, long_suit=8),  # four sets and a pair only; 八支
    "popular": Forms(honors_knitted="all_nine"),  # 七对 十三幺 十三不靠 (rules/popular)
    "twoplayer": Forms(),  # 七对 and 十三幺 as in Riichi (rules/twoplayer)
}


class Shape:
    """One hand's fixed frame: its rule set's forms, the copies of each kind (the tile set, less the melds' tiles),
    its melds. ``shanten_of(counts)`` then reads any concealed counts in that frame."""

    def __init__(
        self,
        forms: Forms,
        copies: Sequence[int],
        meld_counts: Sequence[int],
        n_melds: int,
        void_suit: int | None = None,
    ) -> None:
        self.forms = forms
        self.n_melds = n_melds
        self.copies = tuple(copies)
        self.caps = tuple(c - m for c, m in zip(copies, meld_counts, strict=True))
        self.suit_caps = tuple(self.caps[9 * s : 9 * s + 9] for s in range(3))
        self.target = 2 * (4 - n_melds) + 1  # the slot of (sets left to make) and the pair
        meld_suits = {s for s in range(3) if any(meld_counts[9 * s : 9 * s + 9])}
        self.meld_suit_tiles = tuple(sum(meld_counts[9 * s : 9 * s + 9]) for s in range(3))
        if forms.missing_suit:
            may_drop = [s for s in range(3) if s not in meld_suits]
            if void_suit is not None:
                may_drop = [s for s in may_drop if s == void_suit]
            self.drops: tuple[int, ...] = tuple(may_drop)
        else:
            self.drops = ()
        self.names = forms.names()

    # ---- the forms ----------------------------------------------------------------------------------------------

    def regular(self, counts: Sequence[int], caps: Sequence[int] | None = None, sets: int | None = None) -> int:
        """The distance to four sets and a pair (``sets`` sets, if given, besides the melds)."""
        if caps is None:
            suit_caps = self.suit_caps
            honor_caps = self.caps[27:34]
        else:
            suit_caps = tuple(tuple(caps[9 * s : 9 * s + 9]) for s in range(3))
            honor_caps = caps[27:34]
        target = self.target if sets is None else 2 * sets + 1
        small = target < 4  # at most one set and the pair: no kind needs more than 3 (see ``knitted_straight``)
        vs = []
        for s in range(3):
            c = suit_caps[s]
            if small and c != FULL and min(c) >= 3:
                c = FULL
            vs.append(vector(counts[9 * s : 9 * s + 9], c))
        honors = honor_vector(counts[27:34], honor_caps)
        forms = self.forms
        if forms.missing_suit:
            best = INF
            for drop in self.drops:
                kept = [v if s != drop else NONE_VECTOR for s, v in enumerate(vs)]
                best = min(best, _total(kept, honors, target))
            return best
        if forms.long_suit:
            best = INF
            for s in range(3):
                long = list(vs[s])
                for i in range(SLOTS):
                    if 3 * (i >> 1) + 2 * (i & 1) + self.meld_suit_tiles[s] < forms.long_suit:
                        long[i] = INF
                kept = [long if j == s else v for j, v in enumerate(vs)]
                best = min(best, _total(kept, honors, target))
            return best
        return _total(vs, honors, target)

    def seven_pairs(self, counts: Sequence[int]) -> int:
        """The distance to seven pairs: the seven cheapest pairs, each kind giving one (two with ``seven_pairs_kongs``
        and four copies)."""
        if self.n_melds:
            return INF
        if self.forms.missing_suit:
            return min((self._pairs(counts, drop) for drop in self.drops), default=INF)
        return self._pairs(counts, None)

    def _pairs(self, counts: Sequence[int], drop: int | None) -> int:
        caps = self.caps
        if not self.forms.seven_pairs_kongs:
            # one pair a kind: the pairs held, then the singles (one tile each), then new kinds (two tiles each)
            pairs = singles = kinds = 0
            for k, n in enumerate(counts):
                if caps[k] < 2 or (drop is not None and (k >= 27 or k // 9 == drop)):
                    continue
                kinds += 1
                if n >= 2:
                    pairs += 1
                elif n:
                    singles += 1
            if kinds < 7:
                return INF
            if pairs >= 7:
                return 0
            if pairs + singles >= 7:
                return 7 - pairs
            return singles + 2 * (7 - pairs - singles)
        costs = []
        for k, n in enumerate(counts):
            cap = caps[k]
            if cap < 2 or (drop is not None and (k >= 27 or k // 9 == drop)):
                continue
            costs.append(2 - n if n < 2 else 0)
            if cap >= 4:
                costs.append(4 - n if n > 2 else 2)
        if len(costs) < 7:
            return INF
        costs.sort()
        return sum(costs[:7])

    def thirteen_orphans(self, counts: Sequence[int]) -> int:
        if self.n_melds or any(self.caps[k] < 1 for k in YAOCHU):
            return INF
        missing = sum(1 for k in YAOCHU if not counts[k])
        pair = any(counts[k] >= 2 and self.caps[k] >= 2 for k in YAOCHU)
        return missing + (0 if pair else 1)

    def honors_knitted(self, counts: Sequence[int]) -> int:
        """全不靠 (any fourteen different tiles of one knitted pattern and the honors), or with ``all_nine`` the
        popular table's 十三不靠 (the nine knitted tiles and five different honors)."""
        if self.n_melds:
            return INF
        honors = sum(1 for k in HONORS if counts[k] and self.caps[k])
        honor_kinds = sum(1 for k in HONORS if self.caps[k])
        best = INF
        for pat in KNITTED_PATTERNS:
            if any(self.caps[k] < 1 for k in pat):
                continue
            held = sum(1 for k in pat if counts[k])
            if self.forms.honors_knitted == "all_nine":
                if honor_kinds < 5:
                    continue
                d = (9 - held) + (5 - min(5, honors))
            else:
                if 9 + honor_kinds < 14:
                    continue
                d = 14 - min(14, held + honors)
            best = min(best, d)
        return best

    def knitted_straight(self, counts: Sequence[int]) -> int:
        """组合龙 and a set and a pair. Each held tile of the pattern goes to the 组合龙: it saves a tile there and can
        cost at most one in the rest, so that is never worse. The rest then makes (one set, less the meld) and the
        pair with one copy fewer of each pattern kind; a set and a pair never hold more than three of a kind, so
        three copies are as good as four (``regular`` reads the full table then)."""
        if self.n_melds > 1:
            return INF
        best = INF
        rest = list(counts)
        for pat in KNITTED_PATTERNS:
            caps = list(self.caps)
            knit = 0
            for k in pat:
                if caps[k] < 1:
                    break
                caps[k] -= 1
                if counts[k]:
                    rest[k] -= 1
                else:
                    knit += 1
            else:
                if knit < best:  # the rest costs at least nothing
                    best = min(best, knit + self.regular(rest, caps, 1 - self.n_melds))
            rest[:] = counts
        return best

    # ---- all forms ----------------------------------------------------------------------------------------------

    def distances(self, counts: Sequence[int]) -> dict[str, int]:
        """Each form's distance by name (INF: out of reach)."""
        return {name: getattr(self, name)(counts) for name in self.names}

    def form_shanten(self, counts: Sequence[int]) -> dict[str, int | None]:
        return {name: (d - 1 if d < INF else None) for name, d in self.distances(counts).items()}

    def shanten(self, counts: Sequence[int]) -> int:
        """The least shanten over the forms (INF - 1 if none is in reach)."""
        best = INF
        for name in self.names:
            d = getattr(self, name)(counts)
            if d < best:
                best = d
        return best - 1


def _total(vs: list, honors: Sequence[int], target: int) -> int:
    return total((*vs, honors), target)
