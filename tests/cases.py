"""One schema for the tables of cases of every rule set, and the one checker that reads them.

A case is a JSON object: ``{"id": ..., "in": {...}, "out": {...}, "why": "..."}``.

- ``in`` is a contract hand object (``hand`` with the winning tile, ``win``, ``melds``, ``options``, ``flowers``
  and the context fields); ``rules`` defaults to the table's rule set (the file name's first word).
- ``why`` says where the expected values come from: the rule, the seed table, the oracle.
- ``out`` holds what the result must show; every key is optional but ``out`` itself:

  ``error``            the ``InputError`` code the hand is refused with (nothing else is checked)
  ``winning``          true unless given; ``reason`` the code of a hand that does not win (``reason_text``: words
                       its text holds)
  ``items``            {item id: value x count}; ``items_zh`` the same by the item's Chinese name; ``values``
                       {item id: value per count}; ``yaku`` the ids apart from dora (any order) and ``dora``
                       {dora id: count}; ``fans`` {item id: count, 1 when no count}; ``fans_absent`` ids not counted;
                       ``excluded`` ids an exclusion names (MCR's ``exclusions``)
  ``han``, ``fu``, ``fan``, ``limit``   the result's totals
  ``hand``, ``received``  ``points.hand`` / ``points.received``; ``points`` the whole of ``points`` as JSON
  ``payments``         [[payer, amount], ...] in order, or {payer: amount} in any order
  ``explain``          {key: value} that ``explain`` holds (a list under ``zuizi`` in any order)
  ``kong_money``       the total of the winner's kong money (Sichuan ``explain.kong_money``)

Besides what ``out`` names, every case checks: a hand that does not win has no points and a reason the rule set
declares (``reasons``), with its text for the local rule sets; a winning hand has no reason; the result is JSON.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import suanfan
from suanfan.rules.local import LocalRuleSet

DATA = Path(__file__).parent / "data"
OUT_KEYS = frozenset(
    (
        "error", "winning", "reason", "reason_text", "items", "items_zh", "values", "yaku", "dora", "fans",
        "fans_absent", "excluded", "han", "fu", "fan", "limit", "hand", "received", "points", "payments", "explain",
        "kong_money",
    )
)  # fmt: skip
DORA_IDS = frozenset(("dora", "aka_dora", "ura_dora", "nukidora"))
ADDITIVE = frozenset(("sichuan", "wuhu", "popular"))  # the result's fan is the sum of its items
NOTHING_FOUND = frozenset(("not_winning", "no_yaku", "no_fan", "only_flowers"))  # reasons that leave no items


def load(name: str) -> list[dict]:
    """The cases of ``tests/data/<name>`` (a JSON list, or JSON lines), each with its ``rules``."""
    path = DATA / name
    text = path.read_text(encoding="utf-8")
    cases = (
        json.loads(text) if path.suffix == ".json" else [json.loads(line) for line in text.splitlines() if line.strip()]
    )
    rules = name.split("_")[0]
    for case in cases:
        unknown = set(case["out"]) - OUT_KEYS
        assert not unknown, f"{name}: {case.get('id') or case['why']}: unknown out keys {sorted(unknown)}"
        assert case["why"], f"{name}: every case says why"
        case.setdefault("rules", case["in"].get("rules", rules))
    return cases


def ids(cases: list[dict]) -> list[str]:
    return [c.get("id") or c["why"][:60] for c in cases]


def check(case: dict) -> suanfan.Result | None:
    """Score ``case['in']`` and assert all ``case['out']`` says; the result (None for a refused hand)."""
    x = case["out"]
    hand = {"rules": case["rules"], **case["in"]}
    if "error" in x:
        with pytest.raises(suanfan.InputError) as e:
            suanfan.score_dict(hand)
        assert e.value.code == x["error"], e.value.message
        assert e.value.message
        return None
    r = suanfan.score_dict(hand)
    d = r.to_dict()
    rs = suanfan.rule_sets()[case["rules"]]
    assert r.winning == x.get("winning", True), (r.reason, r.explain.get("reason_text"))
    if "reason" in x:
        assert r.reason == x["reason"]
    if r.winning:
        assert r.reason is None
    else:  # the contract: a complete hand that does not win still lists the items it found
        assert r.reason in rs.reasons and r.points is None
        assert r.items or r.reason in NOTHING_FOUND
        if isinstance(rs, LocalRuleSet):
            assert r.explain["reason_text"] and set(r.explain["reason_names"]) == {"en", "zh", "ja"}
    if "reason_text" in x:
        assert x["reason_text"] in r.explain["reason_text"]
    _items(r, x)
    if case["rules"] != "riichi":
        assert r.han is None and r.fu is None  # Riichi's totals
    for key in ("han", "fu", "fan", "limit"):
        if key in x:
            assert getattr(r, key) == x[key], key
    if "hand" in x:
        assert r.points.hand == x["hand"]
    if "received" in x:
        assert r.points.received == x["received"]
    if "points" in x:
        assert d["points"] == x["points"]
    if "payments" in x:
        got = [[p.payer, p.amount] for p in r.points.payments]
        assert (got if isinstance(x["payments"], list) else dict(got)) == x["payments"]
    for key, want in x.get("explain", {}).items():
        got = r.explain[key]
        assert (sorted(got) if key == "zuizi" else got) == (sorted(want) if key == "zuizi" else want), key
    if "kong_money" in x:
        assert sum(k["total"] for k in r.explain["kong_money"]) == x["kong_money"]
    if r.winning and case["rules"] in ADDITIVE:
        assert r.fan == sum(i.value * (i.count or 1) for i in r.items)
    json.dumps(d, ensure_ascii=False)
    return r


def _items(r: suanfan.Result, x: dict[str, Any]) -> None:
    if "items" in x:
        assert {i.id: i.value * (i.count or 1) for i in r.items} == x["items"]
    if "items_zh" in x:
        assert {i.names["zh"]: i.value * (i.count or 1) for i in r.items} == x["items_zh"]
    for f, v in x.get("values", {}).items():
        assert next(i.value for i in r.items if i.id == f) == v, f
    if "yaku" in x:
        assert sorted(i.id for i in r.items if i.id not in DORA_IDS) == sorted(x["yaku"])
    if "dora" in x:
        assert {i.id: i.count for i in r.items if i.id in DORA_IDS} == x["dora"]
    if "fans" in x:
        assert {i.id: i.count or 1 for i in r.items} == x["fans"]
    for f in x.get("fans_absent", ()):
        assert f not in {i.id for i in r.items}
    for f in x.get("excluded", ()):
        assert any(e["excludes"] == f for e in r.to_dict()["exclusions"]), f
