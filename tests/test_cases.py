"""Every rule set's table of cases (tests/data/*_cases.json, *_cases.jsonl), in the one schema of ``cases.py``,
checked by its one checker. Each case's ``why`` names where its expected values come from."""

from __future__ import annotations

import pytest

from cases import DATA, check, ids, load

TABLES = sorted(p.name for p in DATA.glob("*_cases.json*"))
CASES = [case for name in TABLES for case in load(name)]


def test_every_rule_set_has_a_table() -> None:
    import suanfan

    assert {case["rules"] for case in CASES} == set(suanfan.rule_sets()) - {"webtoy"}


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_case(case: dict) -> None:
    check(case)
