"""Fuzzing every surface (issue 12), bounded in time: schemathesis over ``/openapi.json`` (every operation, inputs
made from the schema and beyond it), Hypothesis over raw HTTP bodies, ``batch`` lines and the command line's
arguments. Whatever comes in: no 500, no traceback, and every error is the contract's object
``{"ok": false, "error": {"code", "message"}}``. The OpenAPI examples are valid requests, each sent and answered.
"""

from __future__ import annotations

import io
import json
import os
import string
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from suanfan import cli

pytest.importorskip("fastapi")
schemathesis = pytest.importorskip("schemathesis")
from fastapi.testclient import TestClient  # noqa: E402

from suanfan.match.api import get_store  # noqa: E402
from suanfan.match.store import Store  # noqa: E402
from suanfan.web.app import create_app  # noqa: E402

FAST = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


def make_app():
    app = create_app()
    store = Store(":memory:")  # one connection for the whole module: the matches that fuzzing makes stay in memory
    store.create("riichi", ["A", "B", "C", "D"])  # match 1 exists, so its paths reach the code behind them

    def shared():
        yield store

    app.dependency_overrides[get_store] = shared
    return app


APP = make_app()
CLIENT = TestClient(APP, raise_server_exceptions=False)
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)


def contract_answer(status: int, text: str) -> None:
    """What every answer must be: below 500, and an error is the contract's object."""
    assert status < 500, text[:500]
    assert "Traceback" not in text
    if status >= 400:
        body = json.loads(text)
        assert body["ok"] is False and set(body["error"]) == {"code", "message"}, body
        assert isinstance(body["error"]["code"], str) and body["error"]["message"]


@SCHEMA.parametrize()
@FAST
def test_schemathesis(case):
    response = case.call(session=CLIENT)
    contract_answer(response.status_code, response.text)


# ---- the examples the schema gives ------------------------------------------------------------------------------


def _examples() -> list[tuple[str, dict]]:
    spec = CLIENT.get("/openapi.json").json()
    out = []
    for path, methods in spec["paths"].items():
        for op in methods.values():
            content = op.get("requestBody", {}).get("content", {}).get("application/json", {})
            schema = content.get("schema", {})
            ref = schema.get("$ref") or schema.get("items", {}).get("$ref")
            if not ref:
                continue
            target = spec["components"]["schemas"][ref.rsplit("/", 1)[1]]
            for example in target.get("examples", []):
                out.append((path, [example] if schema.get("type") == "array" else example))
    return out


EXAMPLES = _examples()


def test_the_schema_has_examples():
    assert {path for path, _ in EXAMPLES} >= {"/api/score", "/api/batch", "/api/waits"}


@pytest.mark.parametrize("path,body", EXAMPLES, ids=[p for p, _ in EXAMPLES])
def test_each_example_is_answered(path, body):
    r = CLIENT.post(path, json=body)
    assert r.status_code == 200, r.text
    data = r.json()
    lines = data if isinstance(data, list) else [data]
    assert all(line["ok"] is True for line in lines), data
    if path == "/api/waits":
        assert data["waits"]


# ---- raw bodies -------------------------------------------------------------------------------------------------

TEXT = st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from(list('{}[]":,\\ud800')), max_size=60)
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=20,
)
HAND_KEYS = ["rules", "hand", "win", "melds", "options", "flowers", "tsumo", "seat_wind", "dora_indicators", "honba",
             "riichi_sticks", "extra_flags", "chankan", "pao", "discarder_kong", "kita", "1"]  # fmt: skip
HANDISH = st.dictionaries(st.sampled_from(HAND_KEYS), JSONISH, max_size=6).map(lambda d: {"hand": "123m", **d})
PATHS = ["/api/score", "/api/batch", "/api/waits", "/api/match", "/api/match/settle", "/api/match/import",
         "/api/match/1/rounds"]  # fmt: skip


@FAST
@given(
    path=st.sampled_from(PATHS),
    body=st.binary(max_size=200)
    | TEXT.map(str.encode)
    | st.sampled_from([b"NaN", b'{"hand": Infinity}', b"[-Infinity]"]),
)
def test_raw_bodies(path, body):
    r = CLIENT.post(path, content=body, headers={"content-type": "application/json"})
    contract_answer(r.status_code, r.text)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(path=st.sampled_from(PATHS), body=HANDISH | JSONISH | st.lists(HANDISH, max_size=3))
def test_json_bodies(path, body):
    r = CLIENT.post(path, json=body)
    contract_answer(r.status_code, r.text)


@FAST
@given(body=st.lists(st.dictionaries(st.sampled_from(["type", "winner", "from", "han", "fu", "hand", "tenpai",
                                                      "player", "yakuman", "pao", "round_id"]), JSONISH, max_size=5),
                     max_size=3))  # fmt: skip
def test_match_rounds(body):
    r = CLIENT.post("/api/match/1/rounds", json={"events": body})
    contract_answer(r.status_code, r.text)


# ---- the command line -------------------------------------------------------------------------------------------


CLI_DB = str(Path(tempfile.mkdtemp(prefix="suanfan-fuzz-")) / "fuzz.sqlite3")  # never the user's match file


def run_cli(args: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin, sys.stdout, sys.stderr
    os.environ["SUANFAN_DB"] = CLI_DB
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    sys.stdout, sys.stderr = out, err
    try:
        try:
            cli.main(args)
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
    finally:
        sys.stdin, sys.stdout, sys.stderr = old
        os.environ.pop("SUANFAN_DB", None)
    return code, out.getvalue(), err.getvalue()


@FAST
@given(lines=st.lists(HANDISH.map(json.dumps) | TEXT, min_size=1, max_size=5))
def test_batch_lines(lines):
    data = "\n".join(line.replace("\n", " ") for line in lines).encode("utf-8", "surrogatepass")
    code, out, err = run_cli(["batch"], data)
    assert code == 0 and "Traceback" not in err
    results = [json.loads(line) for line in out.splitlines()]
    assert len(results) == sum(1 for line in data.split(b"\n") if line.strip())
    for r in results:
        if not r["ok"]:
            assert set(r["error"]) == {"code", "message"}


WORD = st.text(alphabet=string.ascii_letters + string.digits + "-=:@,²٣东万🀄 ", max_size=12)
OPTIONS = ["--rules", "--win", "--meld", "--seat", "--round", "--dora", "--ura", "--honba", "--sticks", "--flowers",
           "-o", "-f", "--lang", "--tsumo", "--riichi", "--chankan", "--bogus"]  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(
    command=st.sampled_from(["score", "waits", "draw", "rules", "match"]),
    args=st.lists(st.sampled_from(OPTIONS) | WORD, max_size=6),
)
def test_command_line_with_json(command, args):
    code, out, err = run_cli([command, *args, "--json"])
    assert "Traceback" not in out + err
    assert code in (0, 2), (code, out, err)
    if code == 2 and out.strip():
        body = json.loads(out.splitlines()[-1])
        assert body["ok"] is False and set(body["error"]) == {"code", "message"}
    elif code == 2:  # "--json" was read as another option's value (--lang --json): the error in words
        assert err.startswith("error")
