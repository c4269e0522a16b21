"""常用麻将算番规则表: the digest's worked examples and a table of cases for every printed 番 and exclusion."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import suanfan
from complete_hands import random_wins

DATA = Path(__file__).parent / "data"
EXAMPLES = [json.loads(line) for line in (DATA / "popular_examples.jsonl").read_text().splitlines()]


def _names(r: suanfan.Result) -> dict[str, int]:
    return {i.names["zh"]: i.value for i in r.items}


@pytest.mark.parametrize("e", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_example(e: dict) -> None:
    """Examples write the hand before the winning tile; the API's hand includes it."""
    melds = [f"{m['type']}:{m['tiles']}" for m in e["melds"]]
    r = suanfan.score(
        e["hand"] + e["win_tile"],
        win=e["win_tile"],
        rules="popular",
        melds=melds,
        tsumo=e["win"] == "tsumo",
        seat_wind="S",
    )
    assert r.winning
    assert _names(r) == e["expected"]["fan"]
    assert r.fan == e["expected"]["total"]
    if "payments" in e["expected"]:
        assert [(p.payer, -p.amount) for p in r.points.payments] == list(e["expected"]["payments"].items())


def test_described() -> None:
    d = suanfan.rule_sets()["popular"].describe()
    assert len(d["items"]) == 26 and d["options"] == []


def test_random_complete_hands() -> None:
    """500 random four-sets-and-a-pair hands: never an error; items add up to the total; payments to the points."""
    for r in random_wins("popular", list(range(27, 34))):
        assert r.reason != "not_winning"
        if r.winning:
            assert r.fan == sum(i.value * (i.count or 1) for i in r.items)
            assert r.points.hand == sum(p.amount for p in r.points.payments)
