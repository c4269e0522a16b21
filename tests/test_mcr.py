"""MCR (国标麻将) as data: tests/data/mcr_fans.jsonl (each fan counted, and removed by an exclusion; expected fans
from PyMahjongGB) and tests/data/mcr_cases.jsonl (seed examples, payments, minimum, flowers, options, errors;
expected values from the digest and seeds, named in each case's ``source``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cases
import suanfan
from suanfan.rules.mcr.exclusions import PRINCIPLES
from suanfan.rules.mcr.fans import FANS

DATA = Path(__file__).parent / "data"
FAN_CASES = cases.load("mcr_fans.jsonl")
CASES = cases.load("mcr_cases.jsonl")  # checked by test_cases.py


@pytest.mark.parametrize("case", FAN_CASES, ids=cases.ids(FAN_CASES))
def test_fan_table(case: dict) -> None:
    r = cases.check(case)
    assert r is not None
    assert r.fan == sum(FANS[f].value * n for f, n in case["out"]["fans"].items())
    for f in case["out"].get("excluded", ()):
        excluded = [e for e in r.to_dict()["exclusions"] if e["excludes"] == f]
        assert excluded, f"{f} should be removed by an exclusion the explain names"
        assert all(e["principle"] in PRINCIPLES for e in excluded)


def test_every_fan_has_a_counting_case() -> None:
    counted = {f for c in FAN_CASES + CASES for f in c["out"].get("fans", {})}
    assert [row.id for row in FANS if row.id not in counted] == []


PLATFORM_FLAGS = ("tenhou", "chiihou", "renhou", "tian_ting", "hun_gang")


def _oracle_plays_it(case: dict) -> bool:
    """PyMahjongGB has no options and no platform extras: only the other cases are checked against it."""
    h = case["in"]
    return "fans" in case["out"] and not h.get("options") and not any(h.get(f) for f in PLATFORM_FLAGS)


@pytest.mark.parametrize("case", [c for c in CASES if _oracle_plays_it(c)], ids=lambda c: c["id"])
def test_hand_written_cases_agree_with_pymahjonggb(case: dict) -> None:
    """The hand-written expectations (digest, seeds) checked against the oracle where it plays the same rules."""
    import test_mcr_oracle as oracle

    h = case["in"]
    full = {"melds": [], "flowers": 0, "seat_wind": "E", "round_wind": "E", **h}
    if isinstance(full["flowers"], list):
        full["flowers"] = len(full["flowers"])
    assert oracle.oracle(full) == case["out"]["fans"]


def test_names_are_the_digest_names() -> None:
    # a copy of ../shared/rules/mcr_fans.md, so that the check runs in any clone
    digest = Path(__file__).parent / "data" / "mcr_fans_digest.md"
    rows = {}
    for line in digest.read_text().splitlines():
        cells = [c.strip() for c in line.split("|")]
        if len(cells) > 5 and cells[1].isdigit():
            rows[int(cells[1])] = (cells[2], cells[3], int(cells[4]))
    ours = {row.facts["no"]: (row.names["zh"], row.names["en"], row.value) for row in FANS if row.facts["no"]}
    assert ours == rows


def test_rule_set_is_registered() -> None:
    rs = suanfan.rules.get("mcr")
    d = rs.describe()
    assert d["tiles"] == "144"
    assert {o["name"] for o in d["options"]} == {"edition", "platform_extras", "min_fan", "knitted_straight_waits"}
    assert len([i for i in d["items"] if i["no"]]) == 81


def test_min_fan_option() -> None:
    r = suanfan.score("345m456p678s99s", win="8s", rules="mcr", melds=["chi:123m"], options={"min_fan": 2})
    assert r.winning and r.fan == 2
    assert r.points.payments[0].amount == 10


def test_exclusions_are_shared_and_read_only():
    """An exclusion in ``explain`` is one dict shared by every result that applies it (made once), so changing it
    raises and names the way out; a copy, JSON and pickle see a plain dict."""
    import copy
    import pickle

    # 大三元 (88) 不计 箭刻 and 双箭刻: the same exclusions in two different hands
    a = suanfan.score("555666777z123m99p", rules="mcr", win="9p")
    b = suanfan.score("555666777z789s11m", rules="mcr", win="1m")
    first = next(e for e in a.explain["exclusions"] if e["excludes"] == "jian_ke")
    assert first == {"fan": "da_san_yuan", "excludes": "jian_ke", "principle": "不重复"}
    assert any(e is first for e in b.explain["exclusions"])
    with pytest.raises(TypeError, match="shared by results"):
        first["fan"] = "x"
    with pytest.raises(TypeError):
        first.update(fan="x")
    mine = dict(first)
    mine["fan"] = "x"  # a copy changes freely
    assert first["fan"] == "da_san_yuan"
    assert json.loads(json.dumps(a.to_dict()))["exclusions"] == a.to_dict()["exclusions"]
    back = pickle.loads(pickle.dumps(first))
    assert back == first and type(back) is dict
    assert copy.deepcopy(a.explain)["exclusions"] == a.explain["exclusions"]
