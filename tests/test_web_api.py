"""The HTTP API with FastAPI's TestClient: each endpoint gives what the Python API gives, bad input is a 4xx with
the contract's error object, big bodies are refused, the OpenAPI schema is there."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from suanfan import rules as rules_mod  # noqa: E402
from suanfan.api import score_dict, waits_of  # noqa: E402
from suanfan.errors import InputError  # noqa: E402
from suanfan.web.app import MAX_BATCH, MAX_BODY, create_app  # noqa: E402
from suanfan.web.models import ResultOut, RulesOut, WaitsOut  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent / "e2e"))
import toy_rules  # noqa: E402


@pytest.fixture(scope="module")
def client():
    toy_rules.register()
    with TestClient(create_app()) as c:
        yield c
    toy_rules.unregister()


def expected(body: dict) -> dict:
    try:
        return score_dict(body).to_dict()
    except InputError as e:
        return e.to_dict()


# (body, fan, points.hand, received, winning) -- what the toy rule set in tests/e2e/toy_rules.py defines.
TOY_HANDS = [
    ({"hand": "123m456p789s123m11z", "win": "1z"}, 1, 1000, 1000, True),
    ({"hand": "123m456p789s123m11z", "tsumo": True}, 2, 2000, 6000, True),
    ({"hand": "123m456p789s123m11z", "lucky": True, "options": {"double": True}}, 6, 6000, 6000, True),
    ({"hand": "123m456p789s123m11z", "options": {"scheme": "each", "unit": 100}}, 1, 100, 300, True),
    ({"hand": "123m456p789s11z", "melds": ["pon:777z"], "win": "5p"}, 1, 1000, 1000, True),
    ({"hand": "123m456p11z", "melds": [{"type": "chi", "tiles": "789s", "from": "L"}, "ankan:1111s"]},
     1, 1000, 1000, True),
    ({"hand": "123m456p789s123m11z", "flowers": ["1f", "5f"]}, 3, 3000, 3000, True),
    ({"hand": "123m456p789s123m11z", "flowers": 2}, 3, 3000, 3000, True),
    ({"hand": "123m456p789s123m55p"}, 1, None, None, False),  # complete, no honor: reason given
]  # fmt: skip


@pytest.mark.parametrize("body,fan,hand_pts,received,winning", TOY_HANDS)
def test_score_toy(client, body, fan, hand_pts, received, winning):
    body = {"rules": "webtoy", **body}
    r = client.post("/api/score", json=body)
    assert r.status_code == 200, r.text
    got = r.json()
    assert got == expected(body)  # the HTTP result is exactly the contract result of the Python API
    ResultOut.model_validate(got)
    assert got["fan"] == fan and got["winning"] is winning
    assert got["fu_parts"] == [{"name": "base", "fu": 20}, {"name": "tsumo", "fu": 2 if body.get("tsumo") else 0}]
    if winning:
        assert (got["points"]["hand"], got["points"]["received"]) == (hand_pts, received)
        assert "reason" not in got
    else:
        assert got["reason"] == "needs an honor tile" and got["points"] is None


def test_score_incomplete_hand_is_not_winning(client):
    body = {"rules": "webtoy", "hand": "123m456p789s135m11z"}
    got = client.post("/api/score", json=body).json()
    assert got == expected(body)
    assert got["ok"] is True and got["winning"] is False and got["reason"] == "not_winning"


def real_rule_sets() -> list[str]:
    return [n for n in rules_mod.registry() if n != "webtoy"]


# Complete and incomplete hands: each real rule set's result through HTTP must equal its Python result key for key,
# whatever extras it adds (or the same error, where its tile set lacks a tile).
REAL_HANDS = [
    "123m456p789s123m55p",
    "234m234m567p55s678s",
    "11m22m33m44p55p66s77s",
    "123m456p789s135m55p",
    "123m406p789s123s11z",
    "19m19p19s1234567z1m",
]  # red five, honors: an error where the tiles lack them


@pytest.mark.parametrize("hand", REAL_HANDS)
def test_score_real_rule_sets_roundtrip(client, hand):
    for name in real_rule_sets():
        for extra in ({}, {"tsumo": True, "seat_wind": "E"}):
            body = {"rules": name, "hand": hand, **extra}
            r = client.post("/api/score", json=body)
            want = expected(body)
            assert r.json() == want, name
            assert r.status_code == (200 if want["ok"] else 400)


def test_waits(client):
    body = {"rules": "webtoy", "hand": "123m456p789s23m11z", "tsumo": True}
    r = client.post("/api/waits", json=body)
    assert r.status_code == 200, r.text
    got = r.json()
    WaitsOut.model_validate(got)
    assert got["hand"] == "12233m456p789s11z"
    assert [w["tile"] for w in got["waits"]] == ["1m", "4m"]  # 23m waits on 1m-4m (ryanmen)
    want = waits_of("123m456p789s23m11z", rules="webtoy", tsumo=True)
    assert [w["result"] for w in got["waits"]] == [w["result"].to_dict() for w in want]
    assert all(w["result"]["points"]["received"] == 6000 for w in got["waits"])


def test_waits_real_rule_sets(client):
    for name in real_rule_sets():
        body = {"rules": name, "hand": "123m456p789s23m55p"}
        r = client.post("/api/waits", json=body)
        try:
            want = [{"tile": w["tile"], "result": w["result"].to_dict()} for w in waits_of(body["hand"], rules=name)]
        except InputError as e:  # a tile set without these tiles: the same error, as a 400
            assert (r.status_code, r.json()) == (400, e.to_dict()), name
            continue
        assert r.status_code == 200, (name, r.text)
        assert r.json()["waits"] == want, name


def test_batch(client):
    hands = [
        {"rules": "webtoy", "hand": "123m456p789s123m11z", "tsumo": True},
        {"rules": "webtoy", "hand": "123m456p789s123m1z"},
        {"rules": "webtoy", "hand": "123m456p789s123m11z", "tsumo": "yes"},
        "not an object",
        {"rules": "nosuch", "hand": "123m456p789s123m11z"},
    ]
    r = client.post("/api/batch", json=hands)
    assert r.status_code == 200, r.text
    got = r.json()
    assert len(got) == 5
    assert got[0] == expected(hands[0]) and got[0]["points"]["received"] == 6000
    assert got[1]["ok"] is False and got[1]["error"]["code"] == "bad_count"
    assert got[2] == {"ok": False, "error": {"code": "bad_input", "message": "tsumo: Input should be a valid boolean"}}
    assert got[3]["ok"] is False and got[3]["error"]["code"] == "bad_input"
    assert got[4]["ok"] is False and got[4]["error"]["code"] == "bad_rules"


def test_rules(client):
    r = client.get("/api/rules")
    assert r.status_code == 200
    got = r.json()
    RulesOut.model_validate(got)
    by_name = {d["name"]: d for d in got["rules"]}
    assert set(by_name) == set(rules_mod.registry())  # every registered rule set, none hard-coded
    toy = by_name["webtoy"]
    assert toy["names"]["zh"] == "网页玩具"
    assert toy["options"][1] == {
        "name": "scheme",
        "type": "choice",
        "default": "plain",
        "names": {"en": "Payment scheme", "zh": "支付方式", "ja": "支払い方式"},
        "help": {"en": "How points are paid", "zh": "怎么付分", "ja": "支払いの方式"},
        "choices": [
            {"value": "plain", "names": {"en": "Plain", "zh": "普通", "ja": "普通"}},
            {"value": "each", "names": {"en": "Each pays", "zh": "每家付", "ja": "各自払い"}},
        ],
        "doc": "how points are paid",
    }
    assert [(o["name"], o["type"], o["default"]) for o in toy["options"]] == [
        ("double", "bool", False),
        ("scheme", "choice", "plain"),
        ("unit", "int", 1000),
    ]
    assert toy["context_flags"] == [
        {
            "name": "lucky",
            "type": "bool",
            "default": False,
            "names": {"en": "Lucky", "zh": "运气好", "ja": "幸運"},
            "help": {"en": "A lucky win adds 2", "zh": "运气好加 2", "ja": "幸運なら 2 を加える"},
        }
    ]
    assert toy["context_fields"] == ["tsumo", "seat_wind", "flowers"]
    assert toy["items"][1] == {"id": "self_draw", "value": 1, "names": {"en": "Self-draw", "zh": "自摸", "ja": "ツモ"}}
    assert toy["tile_set"]["flowers"] is True and len(toy["tile_set"]["kinds"]) == 34
    assert toy["tile_set"]["kinds"][:2] == ["1m", "2m"] and toy["tile_set"]["kinds"][-1] == "7z"
    for name, rs in rules_mod.registry().items():
        d = dict(by_name[name])
        d.pop("tile_set")
        assert d == json.loads(json.dumps(rs.describe())), name
    ctx = {f["name"]: f["type"] for f in got["context"]}
    assert all(set(f["names"]) == set(f["help"]) == {"en", "zh", "ja"} for f in got["context"])
    assert ctx["tsumo"] == "bool" and ctx["riichi"] == "bool" and ctx["seat_wind"] == "wind"
    assert ctx["dora_indicators"] == "tiles" and ctx["honba"] == "count" and "extra" not in ctx


TOY = {"rules": "webtoy", "hand": "123m456p789s123m11z"}

# (body as JSON text or object, status, error code, a word the message must contain)
BAD = [
    ({**TOY, "hand": "123m456p789s123x11z"}, 400, "bad_tile", "no suit letter"),
    ({**TOY, "hand": "123m456p789s123m1z"}, 400, "bad_count", "13 tiles"),
    ({**TOY, "hand": "123m456p789s123m11z", "win": "9p"}, 400, "bad_win", "9p"),
    ({**TOY, "hand": "11111m4566p789s11z"}, 400, "too_many_copies", "1m"),
    ({**TOY, "rules": "nosuch"}, 400, "bad_rules", "nosuch"),
    ({**TOY, "options": {"scheme": "odd"}}, 400, "bad_option", "scheme"),
    ({**TOY, "options": {"nope": 1}}, 400, "bad_option", "nope"),
    ({**TOY, "options": {"unit": True}}, 400, "bad_option", "unit"),
    ({**TOY, "unknown_flag": True}, 400, "bad_context", "unknown_flag"),
    ({**TOY, "seat_wind": "X"}, 400, "bad_context", "seat_wind"),
    ({**TOY, "hand": "123m456p789s11z", "melds": ["pon:123m"]}, 400, "bad_meld", "pon:123m"),
    ({**TOY, "hand": "123m456p789s11z", "melds": ["chi:135m"]}, 400, "bad_meld", "chi"),
    ({**TOY, "flowers": ["1m"]}, 400, "bad_flowers", "1m"),
    ({**TOY, "rules": "webtoy", "dora_indicators": ["9x"]}, 400, "bad_tile", "9x"),
    ({**TOY, "tsumo": "yes"}, 422, "bad_input", "tsumo"),
    ({**TOY, "honba": -1}, 422, "bad_input", "honba"),
    ({**TOY, "honba": 1.5}, 422, "bad_input", "honba"),
    ({**TOY, "melds": [{"type": "peng", "tiles": "777z"}]}, 422, "bad_input", "melds"),
    ({**TOY, "melds": ["pon:111z"] * 5}, 422, "bad_input", "melds"),
    ({**TOY, "options": "fast"}, 422, "bad_input", "options"),
    ({"rules": "webtoy"}, 422, "bad_input", "hand"),
    ([TOY], 422, "bad_input", "object"),
    ("{not json", 422, "bad_json", "JSON"),
    ("", 422, "bad_input", "body"),
]  # fmt: skip


@pytest.mark.parametrize("body,status,code,word", BAD)
def test_bad_input(client, body, status, code, word):
    if isinstance(body, str):
        r = client.post("/api/score", content=body, headers={"content-type": "application/json"})
    else:
        r = client.post("/api/score", json=body)
    assert r.status_code == status, r.text
    got = r.json()
    assert got["ok"] is False and got["error"]["code"] == code
    assert word.lower() in got["error"]["message"].lower()
    assert set(got) == {"ok", "error"} and set(got["error"]) == {"code", "message"}


def test_bad_waits(client):
    r = client.post("/api/waits", json={"rules": "webtoy", "hand": "123m456p789s123m11z"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_count"
    r = client.post("/api/waits", json={"rules": "webtoy", "hand": "123m456p789s23m11z", "win": "1m"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_context"  # waits have no winning tile


def test_bad_batch(client):
    r = client.post("/api/batch", json={"hand": "123m"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_input"
    r = client.post("/api/batch", content="[{", headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["error"]["code"] == "bad_json"
    r = client.post("/api/batch", json=[{}] * (MAX_BATCH + 1))
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"


def test_body_size_limit(client):
    big = {**TOY, "options": {"pad": "x" * MAX_BODY}}
    r = client.post("/api/score", json=big)
    assert r.status_code == 413 and r.json() == {
        "ok": False, "error": {"code": "too_large", "message": "the request body is over 64 KiB"}}  # fmt: skip

    def chunks():  # no Content-Length: the body is counted as it streams in
        for _ in range(MAX_BODY // 1024 + 2):
            yield b" " * 1024

    r = client.post("/api/batch", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"]["code"] == "too_large"
    r = client.post("/api/score", json={**TOY, "options": {"pad": "x" * 1000}})
    assert r.status_code == 400  # a body under the limit reaches the rule set (which refuses the unknown option)


def test_unknown_paths_and_methods(client):
    r = client.get("/api/nothing")
    assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    r = client.get("/api/score")
    assert r.status_code == 405 and r.json()["error"]["code"] == "method_not_allowed"
    for path in ("/static/../app.py", "/static/%2e%2e/app.py", "/static/..%2fmodels.py", "/static/nothing.js"):
        r = client.get(path)
        assert r.status_code == 404, path
        assert "create_app" not in r.text


def test_openapi(client):
    spec = client.get("/openapi.json").json()
    assert {"/api/score", "/api/batch", "/api/rules", "/api/waits"} <= set(spec["paths"])
    schemas = spec["components"]["schemas"]
    assert {"HandIn", "WaitsIn", "ResultOut", "ErrorOut", "RulesOut", "WaitsOut"} <= set(schemas)
    assert schemas["HandIn"]["required"] == ["hand"]
    assert schemas["HandIn"]["properties"]["tsumo"]["anyOf"][0]["type"] == "boolean"
    batch = spec["paths"]["/api/batch"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert batch["items"] == {"$ref": "#/components/schemas/HandIn"}
    score = spec["paths"]["/api/score"]["post"]["responses"]
    assert score["200"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/ResultOut"}
    assert score["400"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/ErrorOut"}


def test_page_and_static(client):
    r = client.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "default-src 'self'" in r.headers["content-security-policy"]
    assert '<script src="/static/app.js"' in r.text
    for name in ("app.js", "tiles.js", "style.css"):
        r = client.get(f"/static/{name}")
        assert r.status_code == 200, name
    for name in ("app.js", "tiles.js", "style.css", "index.html"):
        text = (Path(create_app.__code__.co_filename).parent / "static" / name).read_text()
        assert "http://" not in text and "https://" not in text, name  # nothing fetched from elsewhere


def test_core_import_has_no_web_deps():
    code = "import sys, suanfan; suanfan.score; sys.exit(any(m in sys.modules for m in ('fastapi', 'uvicorn', 'starlette')))"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
