"""Every rule set's table of cases (tests/data/*_cases.json, *_cases.jsonl), in the one schema of ``cases.py``,
checked by its one checker. Each case's ``why`` names where its expected values come from."""

from __future__ import annotations

import pytest

from cases import DATA, check, ids, load
from suanfan.rules.local import LocalRuleSet

TABLES = sorted(p.name for p in DATA.glob("*_cases.json*"))
CASES = [case for name in TABLES for case in load(name)]


def test_every_rule_set_has_a_table() -> None:
    import suanfan

    assert {case["rules"] for case in CASES} == set(suanfan.rule_sets()) - {"webtoy"}


@pytest.mark.parametrize("case", CASES, ids=ids(CASES))
def test_case(case: dict) -> None:
    check(case)


def test_every_reason_has_its_texts_and_a_rule_set() -> None:
    """Reasons are codes with their text in three languages; each is one a rule set declares, and each local rule
    set's table shows every reason it declares (Riichi's below_minimum is a worked example's: rv-13)."""
    import suanfan
    from suanfan.reasons import REASONS

    declared = {code for rs in suanfan.rule_sets().values() for code in rs.reasons}
    assert declared == set(REASONS)
    for r in REASONS.values():
        assert all(r.templates().values()) and r.code.isidentifier()
    shown = {(c["rules"], c["out"]["reason"]) for c in CASES if "reason" in c["out"]}
    for name, rs in suanfan.rule_sets().items():
        if isinstance(rs, LocalRuleSet):
            assert {(name, code) for code in rs.reasons} - shown <= {(name, "not_winning")}, name
