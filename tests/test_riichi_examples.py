"""The worked examples of ../shared/rules/examples/riichi_variants.jsonl (copied to tests/data/riichi_examples.jsonl).

Each example's expected values were derived by hand from the seeds (003 worked fu examples, 001 tables, 000 包铳制).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cases
import suanfan
from suanfan.rules.riichi import RULESET
from suanfan.rules.riichi.points import base_points, final_scores

EXAMPLES = [json.loads(line) for line in (Path(__file__).parent / "data" / "riichi_examples.jsonl").open()]
BY_ID = {e["id"]: e for e in EXAMPLES}
ZH = {row.id: row.names["zh"] for row in RULESET.items}
HANDS = [e for e in EXAMPLES if e["hand"]]


def _score(e: dict, **extra):
    ctx = e["context"]
    seat = ctx.get("seat") or ("E" if ctx.get("dealer") else "S")
    melds = [f"{m['type']}:{m['tiles']}" for m in e["melds"]]
    kw = {"seat_wind": seat, "round_wind": ctx.get("round", "E"), "tsumo": e["win"] == "tsumo"}
    for key in ("riichi", "honba"):
        if ctx.get(key):
            kw[key] = ctx[key]
    kw.update(extra)
    return suanfan.score(e["hand"] + e["win_tile"], win=e["win_tile"], melds=melds, **kw)


def example_case(e: dict) -> dict:
    """A worked example (the digest's own format) as a case of the one schema: its hand lacks the winning tile, its
    context names the seat and the dealer its own way, its payments are signed."""
    ctx = e["context"]
    inputs = {
        "hand": e["hand"] + e["win_tile"],
        "win": e["win_tile"],
        "melds": [f"{m['type']}:{m['tiles']}" for m in e["melds"]],
        "seat_wind": ctx.get("seat") or ("E" if ctx.get("dealer") else "S"),
        "round_wind": ctx.get("round", "E"),
        "tsumo": e["win"] == "tsumo",
    }
    for key in ("riichi", "honba"):
        if ctx.get(key):
            inputs[key] = ctx[key]
    x = e["expected"]
    out: dict = {}
    if "fu" in x:
        out["fu"] = x["fu"]
    if any(v == "役满" for v in x["han"].values()):
        out["limit"] = "yakuman"
    else:
        out["han"] = x.get("han_total") or sum(v for v in x["han"].values() if isinstance(v, int))
    if "base_points" in x:
        out["explain"] = {"base_points": x["base_points"]}
    pays = x["payments"]
    out["received"] = pays["winner"]
    if "discarder" in pays:
        out["payments"] = {"discarder": -pays["discarder"]}
    return {"id": e["id"], "rules": "riichi", "in": inputs, "out": out, "why": e["derivation"]}


@pytest.mark.parametrize("e", [e for e in HANDS if e["expected"].get("legal", True)], ids=lambda e: e["id"])
def test_worked_example(e: dict) -> None:
    r = cases.check(example_case(e))
    pays = e["expected"]["payments"]
    got = {p.payer: p.amount for p in r.points.payments}
    if "dealer" in pays:  # a non-dealer's self-draw: the dealer's share and each other's
        assert got["dealer"] == -pays["dealer"] and got["non_dealer"] == -pays["each_non_dealer"]
    if "each_of_3" in pays:
        assert [p.amount for p in r.points.payments] == [-pays["each_of_3"]] * 3


def test_worked_example_names() -> None:
    """rv-01's and rv-07's yaku by their Chinese names."""
    r = _score(BY_ID["rv-07"])
    assert sorted(i.names["zh"] for i in r.items) == sorted(["立直", "平和", "断幺九", "一杯口"])
    r = _score(BY_ID["rv-01"])
    assert [i.names["zh"] for i in r.items] == ["断幺九"]
    assert ZH["tanyao"] == "断幺九"


def test_fu_parts_of_seed_003_example_2() -> None:
    """102 fu rounded to 110: 20 + 10 + 4 (double-wind pair) + 32 + 32 + 4 (9m pung completed by ron is open)."""
    r = _score(BY_ID["rv-02"])
    parts = [(p["id"], p["fu"]) for p in r.explain["fu_parts"]]
    assert parts == [
        ("base", 20),
        ("menzen_ron", 10),
        ("pair", 4),
        ("set", 32),
        ("set", 32),
        ("set", 4),
        ("round_up", 8),
    ]


def test_five_honba_needs_two_han() -> None:
    """rv-13: from the 5th honba a hand needs 2 han (seed 001), with the option five_honba_two_han on."""
    e = BY_ID["rv-13"]
    r = suanfan.score(
        e["hand"] + e["win_tile"], win=e["win_tile"], seat_wind="S", honba=5, options={"five_honba_two_han": True}
    )
    assert not r.winning and r.reason == "below_minimum"
    # the option is off by default (digest: option five_honba_two_han, default off)
    assert suanfan.score(e["hand"] + e["win_tile"], win=e["win_tile"], seat_wind="S", honba=5).winning


def test_baochong_bonus_tiles_alone_do_not_win() -> None:
    """rv-15: 包铳制, 明花 indicator 3p: three 4p are +3 but a hand with no 番 is 诈和."""
    e = BY_ID["rv-15"]
    r = suanfan.score(
        e["hand"] + e["win_tile"],
        win=e["win_tile"],
        melds=["pon:999m"],
        seat_wind="S",
        dora_indicators=e["context"]["ming_hua_indicators"],
        options={"preset": "baochong"},
    )
    assert not r.winning and r.reason == "no_yaku"
    assert [(i.id, i.count, i.names["zh"]) for i in r.items] == [("dora", 3, "明花")]
    assert r.han == e["expected"]["jia_fan_if_it_were_legal"]


def test_baochong_kong_indicator() -> None:
    """rv-16: after a kong a second 明花 indicator (1z -> 南); 1 x 4p + 3 x 南 = +4 beside the real fan."""
    e = BY_ID["rv-16"]
    # a hand holding one 4p and three 南, with 役牌 南 as seat wind for a real yaku
    r = suanfan.score(
        "345p222z678m11s999m",
        win="9m",
        seat_wind="S",
        melds=[],
        dora_indicators=e["context"]["ming_hua_indicators"],
        options={"preset": "baochong"},
    )
    dora = [i for i in r.items if i.id == "dora"]
    assert dora[0].count == e["expected"]["jia_fan_ming"]


def test_limits_table() -> None:
    """rv-20: seed 003's limit table, 三倍/四倍 swap corrected."""
    x = BY_ID["rv-20"]["expected"]["base_points"]
    opts = RULESET.resolve_options({})
    for han in (5, 7, 10, 12, 13):
        assert base_points(han, 30, 0, opts)[0] == x[f"{han} han"]
    assert base_points(0, 0, 2, opts)[0] == x["double yakuman"]
    assert base_points(0, 0, 3, opts)[0] == x["triple yakuman"]


def test_final_score() -> None:
    """rv-12: 25000 start, 30000 return, first takes the oka (+20)."""
    e = BY_ID["rv-12"]
    assert final_scores(e["context"]["raw"], start=25000) == e["expected"]["final"]
    # seed 001: +12 oka at a 27000 start
    assert final_scores([38000, 27000, 21000, 22000], start=27000)[0] == 8.0 + 12


@pytest.mark.parametrize(
    ("log", "points", "uma", "final"),
    [
        (
            "dnovikoff/tenhou log/test_data/bug1.xml",
            [18000, 37400, 8200, 36400],
            [20, 10, -10, -20],
            [-22, 48, -42, 16],
        ),
        (
            "dnovikoff/tenhou log/test_data/bug3.xml",
            [26900, 29200, 51400, -7500],
            [20, 10, -10, -20],
            [-13, 9, 62, -58],
        ),
        ("dnovikoff/tenhou log/test_data/bye.xml", [7500, 45300, 35500, 11700], [10, 5, -5, -10], [-32, 44, 11, -23]),
    ],
)
def test_final_score_tenhou(log: str, points: list[int], uma: list[int], final: list[int]) -> None:
    """Tenhou's owari records (the log named): each but the first rounded to thousands half away from zero (7500
    -> -22.5 -> -22 before uma, -7500 -> -38), the first takes what makes the sum zero."""
    assert final_scores(points, 25000, 30000, uma, "tenhou") == final


def test_every_example_is_checked() -> None:
    covered = {e["id"] for e in HANDS if e["expected"].get("legal", True)}
    covered |= {"rv-13", "rv-15", "rv-16", "rv-20", "rv-12"}
    assert covered == set(BY_ID)
