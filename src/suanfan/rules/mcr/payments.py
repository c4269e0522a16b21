"""Who pays what in MCR (seed 002 「国标麻将计分规则」 / 「国标麻将手册」: 胜方 自摸和牌 (8+番数)×3, 别人点炮和 8×3+番数;
负方 点炮者 −(8+番数), 非点炮者 −8, 自摸和牌 −(8+番数)).

The fan paid on is the hand's total, flowers included (flowers only do not count towards the 8-fan minimum).
"""

from __future__ import annotations

from ...result import Payment, Points

BASE = 8  # every player pays the base 8 to the winner


def payments(fan: int, tsumo: bool) -> Points:
    """Self-draw: each of the three others pays 8 + fan. Discard: the discarder pays 8 + fan, the other two pay 8.

    Points are immutable values: one is shared by every hand of the same fan and kind of win (``POINTS``)."""
    return POINTS[fan << 1 | tsumo]


class _Points(dict):
    """fan << 1 | self-drawn -> the hand's ``Points``, made once."""

    def __missing__(self, key: int) -> Points:
        fan, tsumo = key >> 1, key & 1
        if tsumo:
            pays = (_pay("other", BASE + fan),) * 3  # one serves all three
        else:
            pays = (_pay("discarder", BASE + fan), _pay("other", BASE), _pay("other", BASE))
        total = sum(p.amount for p in pays)
        points = self[key] = Points(total, total, pays)
        return points


POINTS = _Points()


def _pay(payer: str, amount: int) -> Payment:
    return Payment(payer, amount)
