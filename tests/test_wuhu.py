"""Wuhu: the worked examples of the digest as cases of the one schema (its table of cases, one per element, option,
payment and reason, is tests/data/wuhu_cases.jsonl, checked by test_cases.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cases
import suanfan
from complete_hands import random_wins

DATA = Path(__file__).parent / "data"
EXAMPLES = [e for e in map(json.loads, (DATA / "wuhu_examples.jsonl").read_text().splitlines()) if "hand" in e]
SCHEMES = {"WH-2468": "2468", "WH-315": "315", "any": "2468"}
TYPES = {"平胡": "pinghu", "押当": "yadang", "自摸": "zimo", "自摸押当": "zimo_yadang"}
ZUIZI = {"四活": "sihuo", "四核 (1m)": "sihuo", "通天": "tongtian", "对对胡": "duiduihu", "混一色": "hunyise"}


def example_case(e: dict, **options) -> dict:
    """A worked example (the digest's own format) as a case of the one schema: its hand lacks the winning tile,
    its scheme and win type are named its own way, its payments are signed (the discarder sits West)."""
    ctx = e.get("context") or {}
    tsumo = e["win"] == "tsumo"
    inputs = {
        "hand": e["hand"] + e["win_tile"],
        "win": e["win_tile"],
        "melds": e["melds"],
        "tsumo": tsumo,
        "seat_wind": "E" if ctx.get("winner_dealer") else "S",
        "rinshan": bool(ctx.get("after_kong")),
        "options": {"scheme": SCHEMES[e["scheme"]], **options},
        **({} if tsumo else {"discarder": "W"}),
    }
    x = e["expected"]
    if x.get("legal") is False:
        return {"id": e["id"], "rules": "wuhu", "in": inputs, "out": {"winning": False}, "why": e["derivation"]}
    explain = {key: x[key] for key in ("zhi", "ya", "difan", "zhifan", "gang") if key in x}
    if "type" in x:
        explain["type"] = TYPES[x["type"]]
    if isinstance(x.get("zuizi"), (list, dict)):
        explain["zuizi"] = [ZUIZI[z] for z in x["zuizi"]]
    out: dict = {"fan": x["total"], "explain": explain}
    p = x["payments"]
    if "discarder" in p:
        out.update(payments={"W": -p["discarder"]}, hand=p["winner"])
    elif "dealer" in p:
        out.update(payments={"E": -p["dealer"], "W": -p["other_two"], "N": -p["other_two"]}, hand=p["winner"])
    return {"id": e["id"], "rules": "wuhu", "in": inputs, "out": out, "why": e["derivation"]}


@pytest.mark.parametrize("e", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_example(e: dict) -> None:
    x = e["expected"]
    r = cases.check(example_case(e))
    if x.get("legal") is False:  # the example says why in words: ours are in reason_text
        assert r.explain["reason_text"].startswith(x["reason"].split(" (")[0])
        return
    if "jiaopai" in x:
        assert r.explain["jiao"]
    p = x["payments"]
    pays = {p.payer: p.amount for p in r.points.payments}
    if "each_of_3" in p and (r.explain["jiao"] or (e.get("context") or {}).get("winner_dealer")):
        assert sorted(pays.values()) == [-p["each_of_3"]] * 3
        assert r.points.hand == p["winner"]
    elif "each_of_3" in p:
        # The examples leave the dealer out; §7 has the dealer (E) pay total + 底番 on every self-draw of another
        # player, so the winner gets the example's amount plus one 底番.
        d = r.explain["difan"]
        assert pays == {"E": -p["each_of_3"] + d, "W": -p["each_of_3"], "N": -p["each_of_3"]}
        assert r.points.hand == p["winner"] + d
    if "with_option_ya_includes_bianzhang" in x:
        with_option = example_case(e, ya_includes_bianzhang=True)
        assert suanfan.score_dict({"rules": "wuhu", **with_option["in"]}).fan == x["with_option_ya_includes_bianzhang"]


def test_waits_read_honours_as_one_kind() -> None:
    assert [w["tile"] for w in suanfan.waits_of("12346678m234p77z", rules="wuhu")] == ["5m"]
    winds = suanfan.waits_of("123456789m234p1z", rules="wuhu", options={"honors": "winds"})
    assert [w["tile"] for w in winds] == ["7z"]


def test_described() -> None:
    d = suanfan.rule_sets()["wuhu"].describe()
    assert [o["name"] for o in d["options"]] == [
        "scheme",
        "honors",
        "ya_includes_bianzhang",
        "dianpao_hu",
        "all_three_pay",
        "tiandi_bonus",
        "gangkai_bonus",
    ]
    ids = {i["id"] for i in d["items"]}
    assert {"duiduihu", "tongtian", "sihuo", "hunyise", "ganghou_kaihua", "qingyise", "shuang_bazhi"} <= ids
    assert all(i["names"]["zh"] and i["names"]["en"] for i in d["items"])


def test_json_contract() -> None:
    r = suanfan.score_dict(
        {"rules": "wuhu", "hand": "12346678m234p77z5m", "win": "5m", "seat_wind": "S", "discarder": "W"}
    ).to_dict()
    assert r["fan"] == 11 and r["decomposition"] == ["123m", "456m", "678m", "234p", "77z"]
    assert r["points"]["payments"] == [{"from": "W", "amount": 11}]


def test_random_complete_hands() -> None:
    """500 random four-sets-and-a-pair hands: never an error; items add up to the total; payments to the points."""
    for r in random_wins("wuhu", [33]):
        assert r.reason != "not_winning"
        if r.winning:
            assert r.fan == sum(i.value * (i.count or 1) for i in r.items)
            assert r.points.hand == sum(p.amount for p in r.points.payments)
