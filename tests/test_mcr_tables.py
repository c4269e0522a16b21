"""The per-pattern tables MCR reads a hand from agree with the plain definitions they are filled from."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from suanfan.rules.mcr.fans import BIT, TILE_FANS, TileFacts, tile_fans

KINDS = st.sets(st.integers(0, 33), max_size=14)


def _definition(kinds: set[int]) -> int:
    """The tile fans of a hand holding these kinds, from ``TileFacts.key`` (the facts spelled out on the whole
    mask) and each row's predicate."""
    facts = TileFacts(*TileFacts.key(sum(1 << k for k in kinds)))
    return sum(BIT[row.id] for row in TILE_FANS if row.check(facts))


@settings(max_examples=400)
@given(KINDS)
def test_tile_fans_from_the_two_halves_are_the_definition(kinds: set[int]) -> None:
    assert tile_fans(sum(1 << k for k in kinds)) == _definition(kinds)


def test_tile_fans_by_hand() -> None:
    """A few facts checked by hand: 绿一色 23468s 发; 推不倒 1234589p 245689s 白; 清幺九 terminals only."""
    green = {19, 20, 21, 23, 25, 32}
    assert tile_fans(sum(1 << k for k in green)) & BIT["lv_yi_se"]
    assert not tile_fans(sum(1 << k for k in green | {18})) & BIT["lv_yi_se"]  # 1s is not green
    reversible = {9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31}
    assert tile_fans(sum(1 << k for k in reversible)) & BIT["tui_bu_dao"]
    assert not tile_fans(sum(1 << k for k in reversible | {14})) & BIT["tui_bu_dao"]  # 6p is not
    terminals = {0, 8, 9, 17}
    assert tile_fans(sum(1 << k for k in terminals)) & BIT["qing_yao_jiu"]
    assert not tile_fans(sum(1 << k for k in terminals | {27})) & BIT["qing_yao_jiu"]  # with an honor: 混幺九
