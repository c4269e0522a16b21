"""Rounds of every rule set settled against a match: tests/data/match_rounds.json, one small loop.

Every settled round must balance: the changes add up to zero with what went onto the table.
"""

import json
from pathlib import Path

import pytest

from suanfan.errors import InputError
from suanfan.match import Match

DATA = json.loads((Path(__file__).parent / "data" / "match_rounds.json").read_text(encoding="utf-8"))
CASES = DATA["cases"]


def _match(case: dict) -> Match:
    players = case.get("players", ["A", "B", "C", "D"])
    return Match(case["rules"], players, case.get("options"), case.get("settings"), rounds=case.get("before", []))


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_round(case):
    m = _match(case)
    if "error" in case:
        with pytest.raises(InputError) as e:
            m.add_round(case["events"])
        assert e.value.code == case["error"], e.value.message
        assert len(m.rounds) == len(case.get("before", []))  # a bad round changes nothing
        return
    played = m.add_round(case["events"])
    s = played.settlement
    assert s.deltas == case["deltas"], [line.to_dict() for line in s.lines]
    assert s.table == case.get("table", 0)
    assert sum(s.deltas.values()) + s.table == 0
    for line in s.lines:
        assert line.amount > 0 and line.reason


def test_case_ids_are_unique():
    ids = [c["id"] for c in CASES]
    assert len(ids) == len(set(ids))
