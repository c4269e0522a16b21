"""Matches in SQLite: reopen, undo, export / import, bad input; the CLI and the HTTP API over the store; and the
crash test: a process adding rounds is killed (SIGKILL) and the reopened match holds every committed round."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from suanfan.errors import InputError
from suanfan.match.cli import match_app
from suanfan.match.store import Store, default_path

P4 = ["A", "B", "C", "D"]
ROUNDS = [
    [{"type": "riichi", "player": "B"}, {"type": "ron", "winner": "C", "from": "A", "han": 3, "fu": 30}],
    [{"type": "draw", "tenpai": ["B"]}],
    [{"type": "tsumo", "winner": "D", "hand": {"hand": "234m456p678s345s22p", "win": "2p"}}],
]


@pytest.fixture
def store(tmp_path):
    with Store(tmp_path / "m.sqlite3") as s:
        yield s


def test_reopen_holds_every_round(tmp_path):
    path = tmp_path / "m.sqlite3"
    with Store(path) as s:
        mid = s.create("riichi", P4, settings={"length": "east"}, name="friday")
        for r in ROUNDS:
            s.add_round(mid, r)
        before = s.load(mid).summary()
    with Store(path) as s:
        again = s.load(mid)
        assert again.summary() == before
        assert again.rounds == ROUNDS
        assert s.list()[0] == {**s.list()[0], "id": mid, "rules": "riichi", "rounds": 3, "name": "friday"}


def test_bad_round_writes_nothing(store):
    mid = store.create("riichi", P4)
    store.add_round(mid, ROUNDS[0])
    with pytest.raises(InputError) as e:
        store.add_round(mid, [{"type": "ron", "winner": "Z", "from": "A", "han": 1, "fu": 30}])
    assert e.value.code == "bad_event"
    assert len(store.rounds(mid)) == 1


def test_undo(store):
    mid = store.create("riichi", P4)
    for r in ROUNDS:
        store.add_round(mid, r)
    assert store.undo(mid) == ROUNDS[2]
    m = store.load(mid)
    assert m.rounds == ROUNDS[:2]
    assert m.state["points"] == {"A": 20100, "B": 27000, "C": 28900, "D": 24000}
    store.undo(mid)
    store.undo(mid)
    with pytest.raises(InputError) as e:
        store.undo(mid)
    assert e.value.code == "no_round"


def test_export_import(store):
    mid = store.create("sichuan", P4, options={"profile": "modern"})
    store.add_round(
        mid,
        [
            {"type": "kong", "player": "B", "kind": "ankan"},
            {"type": "win", "winner": "A", "multiplier": 2},
            {"type": "win", "winner": "C", "multiplier": 4},
            {"type": "win", "winner": "D", "from": "B", "multiplier": 1},
        ],
    )
    data = json.loads(json.dumps(store.export(mid)))
    assert data["format"] == "suanfan-match" and data["version"] == 1
    new = store.import_(data)
    assert new != mid
    a, b = store.load(mid).summary(), store.load(new).summary()
    assert a == b


BAD_IMPORTS = [
    ({"format": "other"}, "bad_import"),
    ({"format": "suanfan-match", "version": 9}, "bad_import"),
    ({"format": "suanfan-match", "version": 1, "rules": "riichi", "players": ["A"]}, "bad_players"),
    (
        {
            "format": "suanfan-match",
            "version": 1,
            "rules": "riichi",
            "players": P4,
            "rounds": [{"events": [{"type": "draw"}]}, {"events": [{"type": "nope"}]}],
        },
        "bad_event",
    ),
]


@pytest.mark.parametrize("data,code", BAD_IMPORTS)
def test_bad_import_writes_nothing(store, data, code):
    with pytest.raises(InputError) as e:
        store.import_(data)
    assert e.value.code == code
    assert store.list() == []


def test_not_found_and_bad_file(store, tmp_path):
    with pytest.raises(InputError) as e:
        store.load(42)
    assert e.value.code == "not_found"
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"this is not a database file at all" * 100)
    with pytest.raises(InputError) as e:
        Store(junk)
    assert e.value.code == "bad_store"


def test_default_path(monkeypatch, tmp_path):
    monkeypatch.delenv("SUANFAN_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "suanfan" / "matches.sqlite3"
    monkeypatch.setenv("SUANFAN_DB", str(tmp_path / "x.db"))
    assert default_path() == tmp_path / "x.db"


# ---- the crash test -------------------------------------------------------------------------------------------

CHILD = textwrap.dedent(
    """
    import sys
    from suanfan.match.store import Store
    store = Store(sys.argv[1])
    mid = int(sys.argv[2])
    hand = {"hand": "234m456p678s345s22p", "win": "2p"}
    n = len(store.rounds(mid))
    while True:
        store.add_round(mid, [{"type": "penalty", "player": "A", "amount": 100}, {"type": "tsumo", "winner": "A", "hand": hand}])
        n += 1
        print(n, flush=True)
    """
)


def test_crash_keeps_every_committed_round(tmp_path):
    """The dealer A wins every round (the match never ends); the child prints the count after each commit. Killed
    with SIGKILL in the middle of adding rounds, the reopened match holds every acknowledged round (and at most the
    one committed between its print and the kill), each whole."""
    path = tmp_path / "crash.sqlite3"
    with Store(path) as s:
        mid = s.create("riichi", P4, settings={"tobi": False})
    src = str(Path(__file__).resolve().parents[1] / "src")
    env = {**os.environ, "PYTHONPATH": src + os.pathsep + os.environ.get("PYTHONPATH", "")}
    for target in (5, 12):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(path), str(mid)], stdout=subprocess.PIPE, text=True, env=env
        )
        acked = 0
        deadline = time.monotonic() + 60
        while acked < target and time.monotonic() < deadline:
            line = child.stdout.readline()
            if not line:
                break
            acked = int(line)
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
        assert acked >= target, "the child stopped early"
        # the child runs on while this reads: what it printed before the kill is still in the pipe, each count printed
        # after its commit, so the last is the rounds acknowledged (a loaded machine lets it run several ahead)
        for line in child.stdout:
            acked = int(line)
        child.stdout.close()
        with Store(path) as s:
            assert s.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            m = s.load(mid)  # every saved round settles again
            assert acked <= len(m.rounds) <= acked + 1
            assert all(len(r) == 2 for r in m.rounds)
            assert m.state["honba"] == len(m.rounds)  # the dealer won every round


# ---- the command line -----------------------------------------------------------------------------------------


def test_cli(tmp_path):
    db = str(tmp_path / "cli.sqlite3")
    run = CliRunner().invoke
    r = run(match_app, ["new", "-r", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--db", db, "--json"])
    assert r.exit_code == 0, r.output
    mid = str(json.loads(r.output)["id"])
    r = run(match_app, ["add", mid, "riichi player=B", "ron winner=C from=A han=3 fu=30", "--db", db, "--json"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["deltas"] == {"A": -3900, "B": -1000, "C": 4900, "D": 0}
    r = run(match_app, ["add", mid, json.dumps({"type": "draw", "tenpai": ["A", "C"]}), "--db", db])
    assert r.exit_code == 0 and "noten_penalty" in r.output
    r = run(match_app, ["add", mid, "-", "--db", db], input=json.dumps(ROUNDS[2]))
    assert r.exit_code == 0, r.output
    r = run(match_app, ["show", mid, "--db", db, "--json"])
    shown = json.loads(r.output)
    assert [x["number"] for x in shown["rounds"]] == [1, 2, 3]
    assert run(match_app, ["show", mid, "--db", db]).exit_code == 0
    r = run(match_app, ["undo", mid, "--db", db, "--json"])
    assert json.loads(r.output)["undone"] == ROUNDS[2]
    out = tmp_path / "m.json"
    assert run(match_app, ["export", mid, "--out", str(out), "--db", db]).exit_code == 0
    r = run(match_app, ["import", str(out), "--db", db, "--json"])
    new = str(json.loads(r.output)["id"])
    r = run(match_app, ["list", "--db", db, "--json"])
    assert [x["rounds"] for x in json.loads(r.output)] == [2, 2]
    a = json.loads(run(match_app, ["show", mid, "--db", db, "--json"]).output)
    b = json.loads(run(match_app, ["show", new, "--db", db, "--json"]).output)
    assert a["rounds"] == b["rounds"]


CLI_ERRORS = [
    (["add", "1", "ron winner=Q from=A han=1 fu=30"], "bad_event"),
    (["add", "1", "{not json"], "bad_json"),
    (["add", "1", "winner=C"], "bad_event"),
    (["show", "7"], "not_found"),
    (["undo", "1"], "no_round"),
    (["new", "-r", "riichi", "-p", "A", "-p", "B"], "bad_players"),
    (["new", "-r", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "-s", "length=south"], "bad_setting"),
]


@pytest.mark.parametrize("args,code", CLI_ERRORS)
def test_cli_errors(tmp_path, args, code):
    db = str(tmp_path / "e.sqlite3")
    run = CliRunner().invoke
    run(match_app, ["new", "-r", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--db", db])
    r = run(match_app, [*args, "--db", db, "--json"])
    assert r.exit_code == 2
    assert json.loads(r.output)["error"]["code"] == code


# ---- the HTTP API ---------------------------------------------------------------------------------------------


def test_api(tmp_path):
    fastapi = pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from suanfan.match.api import get_store, router

    app = fastapi.FastAPI()
    app.include_router(router)
    path = tmp_path / "api.sqlite3"

    def store():
        with Store(path) as s:
            yield s

    app.dependency_overrides[get_store] = store
    c = TestClient(app)
    r = c.post("/api/match", json={"rules": "mcr", "players": P4, "name": "club"})
    assert r.status_code == 200, r.text
    mid = r.json()["id"]
    r = c.post(f"/api/match/{mid}/rounds", json={"events": [{"type": "win", "winner": "B", "from": "C", "fan": 10}]})
    assert r.json()["round"]["deltas"] == {"A": -8, "B": 34, "C": -18, "D": -8}
    r = c.post(f"/api/match/{mid}/rounds", json=[{"type": "win", "winner": "A", "fan": 8}])
    assert r.status_code == 200
    got = c.get(f"/api/match/{mid}").json()
    assert got["standings"]["points"] == {"A": 40, "B": 18, "C": -34, "D": -24}
    assert got["standings"]["standard"] == {"A": 4, "B": 2, "C": 0, "D": 1}
    assert c.get("/api/match").json()["matches"][0]["rounds"] == 2
    assert c.delete(f"/api/match/{mid}/rounds/last").json()["undone"] == [{"type": "win", "winner": "A", "fan": 8}]
    exported = c.get(f"/api/match/{mid}/export").json()
    r = c.post("/api/match/import", json=exported)
    assert r.json()["rounds"] == got["rounds"][:1]
    r = c.post(
        "/api/match/settle",
        json={"rules": "riichi", "players": P4, "rounds": [[{"type": "draw", "tenpai": ["A"]}]], "events": ROUNDS[0]},
    )
    assert r.json()["deltas"] == {"A": -4200, "B": -1000, "C": 5200, "D": 0}
    assert r.json()["label"] == "东1局 1本场"
    r = c.post(f"/api/match/{mid}/rounds", json={"events": [{"type": "win", "winner": "B", "fan": 3}]})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_event"
    r = c.get("/api/match/999")
    assert r.status_code == 404 and r.json() == {
        "ok": False,
        "error": {"code": "not_found", "message": "no match 999"},  # the server's file path is not shown
    }


def test_cli_mounted_as_suanfan_match(tmp_path):
    """The lead mounts the sub-app with ``app.add_typer(match_app, name="match")``."""
    import typer

    app = typer.Typer()
    app.add_typer(match_app, name="match")
    db = str(tmp_path / "mounted.sqlite3")
    r = CliRunner().invoke(app, ["match", "new", "-r", "twoplayer", "-p", "A", "-p", "B", "--db", db, "--json"])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(app, ["match", "add", "1", "win winner=B from=A fan=20", "--db", db, "--json"])
    assert json.loads(r.output)["deltas"] == {"A": -13, "B": 13}
