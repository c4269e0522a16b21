"""常用麻将算番规则表: the digest's worked examples, as cases of the one schema (its table of cases, one per printed 番
and exclusion, is tests/data/popular_cases.jsonl, checked by test_cases.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cases
import suanfan
from complete_hands import random_wins

DATA = Path(__file__).parent / "data"
EXAMPLES = [json.loads(line) for line in (DATA / "popular_examples.jsonl").read_text().splitlines()]


def example_case(e: dict) -> dict:
    """A worked example (the digest's own format) as a case of the one schema: its hand lacks the winning tile,
    its payments are signed."""
    inputs = {
        "hand": e["hand"] + e["win_tile"],
        "win": e["win_tile"],
        "melds": [f"{m['type']}:{m['tiles']}" for m in e["melds"]],
        "tsumo": e["win"] == "tsumo",
        "seat_wind": "S",
    }
    x = e["expected"]
    out: dict = {"items_zh": x["fan"], "fan": x["total"]}
    if "payments" in x:
        out["payments"] = [[payer, -amount] for payer, amount in x["payments"].items()]
    return {"id": e["id"], "rules": "popular", "in": inputs, "out": out, "why": e["derivation"]}


@pytest.mark.parametrize("e", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_example(e: dict) -> None:
    cases.check(example_case(e))


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
