"""``POST /api/analyze``: the same JSON as ``suanfan.analyze(...).to_dict()``; bad input is the contract's error."""

from __future__ import annotations

from fastapi.testclient import TestClient

import suanfan
from suanfan.web.app import create_app

client = TestClient(create_app())


def test_analyze_matches_the_library() -> None:
    for body in (
        {"hand": "1245m3368p235899s"},
        {"hand": "1245m3368p235899s", "rules": "mcr"},
        {"hand": "1245m3368p235899s", "rules": "sichuan", "visible": ["3m", "3m"]},
        {"hand": "23m456p789s234s11z", "own_discards": ["4m"], "riichi": True},
        {"hand": "2345m456p789s", "melds": ["pon:777z"], "seat_wind": "S"},
    ):
        r = client.post("/api/analyze", json=body)
        assert r.status_code == 200, r.text
        args = dict(body)
        want = suanfan.analyze(args.pop("hand"), rules=args.pop("rules", "riichi"), **args).to_dict()
        assert r.json() == want


def test_analyze_bad_input() -> None:
    r = client.post("/api/analyze", json={"hand": "123456789m123456p"})
    assert r.status_code == 400
    assert r.json()["error"]["code"] == "bad_count" and "15 tiles" in r.json()["error"]["message"]
    r = client.post("/api/analyze", json={"hand": "123m456p789s1122z", "visible": "1z1z1z"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "too_many_copies"
    r = client.post("/api/analyze", json={"hand": "123m456p789s1122z", "rules": "kawuxing"})
    assert r.status_code == 400 and "1m" in r.json()["error"]["message"]
    r = client.post("/api/analyze", json={"hand": 5})
    assert r.status_code == 422 and r.json()["ok"] is False
