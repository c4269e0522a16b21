"""Property test: suanfan agrees with the `mahjong` library (test-only oracle) on random complete Riichi hands.

Compared: winning or not, han, fu (below yakuman), points received (hand + honba + riichi sticks), and the yaku
themselves. Known, deliberate differences: none for the hands generated here. (Not generated, because the oracle
handles them differently or not at all: local yaku, renhou, pao, five_honba_two_han, 4 plain fives with red fives on.)
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import suanfan
from riichi_gen import MODES, oracle, oracle_yaku, random_hand

OPTION_SETS = [
    {},
    {"double_yakuman": False},
    {"kazoe_yakuman": False},
    {"kiriage_mangan": True},
    {"open_tanyao": False},
]


def _check(seed: int, mode: str, options: dict) -> None:
    rnd = random.Random(seed)
    hand = random_hand(rnd, mode)
    hand["options"] = options
    ours = suanfan.score_dict(hand)
    theirs = oracle(hand, options)
    where = json.dumps(hand, ensure_ascii=False)
    if theirs.error:
        assert not ours.winning, f"oracle: {theirs.error}; we score it: {where}"
        return
    assert ours.winning, f"we say {ours.reason}; oracle {theirs.han} han {theirs.yaku}: {where}"
    ids: dict[str, int] = {}
    for item in ours.items:
        ids[item.id] = ids.get(item.id, 0) + (item.count or 1)
    assert ids == oracle_yaku(theirs), where
    assert ours.han == theirs.han, where
    if not (ours.limit or "").endswith("yakuman"):
        assert ours.fu == theirs.fu, where
    assert ours.points.received == theirs.cost["total"], where


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), mode=st.sampled_from(MODES), options=st.sampled_from(OPTION_SETS))
def test_agrees_with_mahjong_library(seed: int, mode: str, options: dict) -> None:
    _check(seed, mode, options)


@pytest.mark.slow
@pytest.mark.parametrize("mode", MODES)
def test_agrees_with_mahjong_library_exhaustive(mode: str) -> None:
    for seed in range(3000):
        _check(seed, mode, OPTION_SETS[seed % len(OPTION_SETS)])
