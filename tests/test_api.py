"""The Python API of ../shared/CONTRACT.md (src/suanfan/api.py, result.py, errors.py): score, score_dict, score_many,
waits_of, the Result's JSON shape and the error objects.

Points below come from the Riichi point table (seed 003; ../shared/rules/riichi.md): 2 han 30 fu non-dealer ron 2000;
3 han 20 fu non-dealer tsumo 700 / 1300; honba +300 (100 from each payer on tsumo), riichi sticks 1000 each.
"""

from __future__ import annotations

import json

import pytest

import suanfan
from suanfan import InputError, Result
from suanfan.result import Item, Payment, Points
from suanfan.tiles import parse_tiles

# riichi + pinfu, 30 fu, ron by the south seat: 2000 (seed 003)
PINFU = {"rules": "riichi", "hand": "123456m78999p345s", "win": "5s", "seat_wind": "S", "riichi": True}
RESULT_KEYS = {"ok", "winning", "rules", "hand", "decomposition", "items", "han", "fu", "fan", "limit", "points"}


def _check_result_shape(d: dict) -> None:
    """CONTRACT "One result": the keys, items with id/value/names in en zh ja, points with hand/received/payments."""
    assert RESULT_KEYS <= set(d), RESULT_KEYS - set(d)
    assert d["ok"] is True and isinstance(d["winning"], bool)
    assert isinstance(d["hand"], str) and isinstance(d["decomposition"], list)
    for it in d["items"]:
        assert {"id", "value", "names"} <= set(it)
        assert set(it["names"]) == {"en", "zh", "ja"}
        assert "count" not in it or isinstance(it["count"], int)
    if d["points"] is not None:
        assert {"hand", "received", "payments"} <= set(d["points"])
        for p in d["points"]["payments"]:
            assert {"from", "amount"} <= set(p)
    if not d["winning"]:
        assert d["reason"]
    json.dumps(d, ensure_ascii=False)  # plain JSON all the way down


def test_score_contract_example() -> None:
    r = suanfan.score("123456m78999p345s", win="5s", rules="riichi", seat_wind="S", riichi=True)
    assert isinstance(r, Result)
    assert (r.winning, r.han, r.fu, r.points.hand, r.points.received) == (True, 2, 30, 2000, 2000)
    d = r.to_dict()
    _check_result_shape(d)
    assert d["hand"] == "123456m78999p345s"
    assert sorted(d["decomposition"]) == sorted(["123m", "456m", "789p", "99p", "345s"])
    assert {i["id"] for i in d["items"]} == {"riichi", "pinfu"}
    assert d["points"]["payments"] == [{"from": "discarder", "amount": 2000}]
    assert d["fan"] is None and d["limit"] is None


def test_honba_and_sticks() -> None:
    r = suanfan.score(**{k: v for k, v in PINFU.items() if k != "hand"}, hand=PINFU["hand"], honba=2, riichi_sticks=1)
    assert (r.points.hand, r.points.received) == (2000, 2000 + 600 + 1000)
    assert [(p.payer, p.amount) for p in r.points.payments] == [("discarder", 2600)]
    t = suanfan.score("123456m78999p345s", win="5s", seat_wind="S", riichi=True, tsumo=True, honba=1)
    assert (t.han, t.fu, t.points.hand) == (3, 20, 2700)
    assert sorted((p.payer, p.amount) for p in t.points.payments) == [
        ("dealer", 1400),
        ("non_dealer", 800),
        ("non_dealer", 800),
    ]
    assert t.points.received == 3000


def test_attributes_mirror_the_json() -> None:
    r = suanfan.score_dict(PINFU)
    d = r.to_dict()
    for key in ("ok", "winning", "rules", "hand", "han", "fu", "fan", "limit"):
        assert d[key] == getattr(r, key)
    assert d["decomposition"] == list(r.decomposition)
    assert d["points"] == r.points.to_dict()


def test_not_winning_and_no_yaku() -> None:
    d = suanfan.score("123m456p789s11234z", win="4z").to_dict()
    _check_result_shape(d)
    assert (d["ok"], d["winning"], d["reason"]) == (True, False, "not_winning")
    # complete, open, no yaku (issue 2: reason no_yaku)
    d = suanfan.score("234m55m456p789s", win="5m", melds=["chi:123s"]).to_dict()
    _check_result_shape(d)
    assert (d["ok"], d["winning"], d["reason"]) == (True, False, "no_yaku")
    assert d["melds"] == ["chi:123s"]


def test_melds_as_one_string() -> None:
    a = suanfan.score("234m55m456p789s", win="2m", melds="pon:777z")
    b = suanfan.score("234m55m456p789s", win="2m", melds=["pon:777z"])
    assert a.to_dict() == b.to_dict()


def test_score_dict_is_score() -> None:
    kwargs = {k: v for k, v in PINFU.items() if k != "hand"}
    assert suanfan.score_dict(PINFU).to_dict() == suanfan.score(PINFU["hand"], **kwargs).to_dict()
    assert suanfan.score_dict({"hand": PINFU["hand"], "win": "5s"}, "riichi").rules == "riichi"


@pytest.mark.parametrize(
    ("obj", "code", "part"),
    [
        ([1], "bad_input", "list"),
        ("123m", "bad_input", "str"),
        ({}, "bad_input", "hand"),
        ({"hand": "123m456p789s1122z"}, "bad_count", "13"),
        ({"hand": "123456m78999p345s", "rules": "nope"}, "bad_rules", "nope"),
        ({"hand": "123456m78999p345s", "extra_key": 1}, "bad_context", "extra_key"),
    ],
)
def test_score_dict_errors(obj, code: str, part: str) -> None:
    with pytest.raises(InputError) as e:
        suanfan.score_dict(obj)
    assert e.value.code == code and part in e.value.message


def test_score_many_keeps_order_and_turns_errors_into_results() -> None:
    hands = [
        PINFU,
        {"hand": "123m456p789s11229z", "win": "2z"},  # 9z is no tile
        {"hand": "123m456p789s11234z", "win": "4z"},  # not complete
        "not an object",
        {"hand": "23m456p789s11122z1m", "win": "1m", "seat_wind": "S", "tsumo": True},
        {"hand": "123456m78999p345s", "win": "5s", "rules": "mcr"},
    ]
    out = suanfan.score_many(hands)
    assert len(out) == len(hands)
    assert [r.ok for r in out] == [True, False, True, False, True, True]
    assert out[0].to_dict() == suanfan.score_dict(PINFU).to_dict()
    bad = out[1].to_dict()
    assert set(bad) == {"ok", "error"} and bad["ok"] is False
    assert bad["error"]["code"] == "bad_tile" and "9z" in bad["error"]["message"]
    assert out[2].reason == "not_winning"
    assert out[3].to_dict()["error"]["code"] == "bad_input"
    assert out[4].hand == "123m456p789s11122z" and out[4].winning
    assert out[5].rules == "mcr"
    # each result is the one its own line gives
    for obj, r in zip(hands, out, strict=True):
        if r.ok:
            assert r.to_dict() == suanfan.score_dict(obj).to_dict()


def test_score_many_default_rules() -> None:
    (r,) = suanfan.score_many([{"hand": "123456m78999p345s", "win": "5s"}], default_rules="mcr")
    assert r.rules == "mcr"
    (e,) = suanfan.score_many([{"hand": "123456m78999p345s", "rules": "nope"}])
    assert not e.ok and e.to_dict()["error"]["code"] == "bad_rules"


def test_waits_of() -> None:
    # 23m waits on 1m and 4m; East pung (double East for the dealer) gives the yaku
    found = suanfan.waits_of("23m456p789s11122z")
    assert [w["tile"] for w in found] == ["1m", "4m"]
    for w in found:
        r = w["result"]
        assert isinstance(r, Result) and r.ok and r.winning
        assert sorted(parse_tiles(r.hand)) == sorted(parse_tiles("23m456p789s11122z" + w["tile"]))
        _check_result_shape(r.to_dict())
    assert suanfan.waits_of("123m456p789s1357z") == []
    tsumo = suanfan.waits_of("23m456p789s11122z", tsumo=True)
    assert all(len(w["result"].points.payments) == 3 for w in tsumo)  # the dealer's tsumo: three payers
    with pytest.raises(InputError) as e:
        suanfan.waits_of("123m456p789s11222z")
    assert e.value.code == "bad_count" and "13" in e.value.message


def test_result_pieces() -> None:
    it = Item("x", 2, {"en": "X", "zh": "叉", "ja": "バツ"}, count=3, note="why")
    assert it.to_dict() == {
        "id": "x",
        "value": 2,
        "names": {"en": "X", "zh": "叉", "ja": "バツ"},
        "count": 3,
        "note": "why",
    }
    assert Item("y", 1, {"en": "Y", "zh": "Y", "ja": "Y"}).to_dict() == {
        "id": "y",
        "value": 1,
        "names": {"en": "Y", "zh": "Y", "ja": "Y"},
    }
    assert Payment("discarder", 8000).to_dict() == {"from": "discarder", "amount": 8000}
    pts = Points(8000, 8300, (Payment("discarder", 8300),), {"honba": 300})
    assert pts.to_dict() == {
        "hand": 8000,
        "received": 8300,
        "payments": [{"from": "discarder", "amount": 8300}],
        "honba": 300,
    }
    r = Result(ok=True, winning=False, rules="x", hand="11z", reason="not_winning", explain={"extra": 1})
    d = r.to_dict()
    assert d["reason"] == "not_winning" and d["extra"] == 1 and d["points"] is None
    err = InputError("bad_tile", "9z is not a tile")
    assert isinstance(err, ValueError) and str(err) == "9z is not a tile"
    assert Result.failure(err, "riichi").to_dict() == {
        "ok": False,
        "error": {"code": "bad_tile", "message": "9z is not a tile"},
    }


def test_rule_sets_listed() -> None:
    """CONTRACT "Commands": the rule set names."""
    assert {"riichi", "mcr", "sichuan", "wuhu", "kawuxing", "popular", "twoplayer"} <= set(suanfan.rule_sets())
    assert suanfan.get_rules("riichi").name == "riichi"
