"""The state a match keeps with each round (issue 12: adding a round no longer replays the match) is the state a
full replay gives, after every round of every rule set's case table, after an undo, after an import, and for a file
written before the state was kept. A ``round_id`` makes a retried add harmless."""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from pathlib import Path

import pytest

from suanfan.errors import InputError
from suanfan.match.store import STATE_VERSION, Store

CASES = json.loads((Path(__file__).parent / "data" / "match_rounds.json").read_text(encoding="utf-8"))["cases"]
P4 = ["A", "B", "C", "D"]


def _groups() -> dict:
    """The case table's rounds by match header: every round of a header is played into one long match."""
    out: dict = defaultdict(list)
    for c in CASES:
        if "error" in c:
            continue  # a refused round writes nothing: it has no state to keep (its refusal is test_match_rounds')
        key = json.dumps([c["rules"], c.get("players", P4), c.get("options"), c.get("settings")], sort_keys=True)
        out[key] += [*c.get("before", []), c["events"]]
    return out


GROUPS = _groups()


def kept(store: Store, match_id: int) -> dict:
    row = store.db.execute(
        "SELECT state FROM rounds WHERE match_id = ? ORDER BY seq DESC LIMIT 1", (match_id,)
    ).fetchone()
    data = json.loads(row[0])
    assert data["version"] == STATE_VERSION
    return data["state"]


def same(a, b) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@pytest.mark.parametrize("key", sorted(GROUPS), ids=[json.loads(k)[0] for k in sorted(GROUPS)])
def test_kept_state_equals_a_full_replay(tmp_path, key):
    rules, players, options, settings = json.loads(key)
    with Store(tmp_path / "s.sqlite3") as store:
        mid = store.create(rules, players, options, settings)
        added = 0
        for events in GROUPS[key] * 3:  # long enough for deals to move, honba to grow, matches to end
            try:
                played = store.add_round(mid, events)
            except InputError:
                continue  # refused against this state (the match is over, a player's seat...): nothing written
            added += 1
            replay = store.load(mid)
            assert same(kept(store, mid), replay.state)
            assert same(played.to_dict(), replay.played[-1].to_dict())
            assert played.number == len(replay.rounds) == added
            if added % 4 == 0:  # an undo leaves the kept state of the round before
                store.undo(mid)
                again = store.add_round(mid, events)
                assert same(again.to_dict(), played.to_dict())
                assert same(kept(store, mid), store.load(mid).state)
        assert added >= 2
        # an import keeps the states too
        new = store.import_(store.export(mid))
        assert same(kept(store, new), store.load(mid).state)
        assert same(store.resume(new).state, store.load(mid).state)


def test_a_file_without_kept_states_is_replayed(tmp_path):
    """A round written by the version before (no state column, or a state of another version) is replayed when the
    next round is added, and that round then keeps its state."""
    path = tmp_path / "old.sqlite3"
    with Store(path) as store:
        mid = store.create("riichi", P4)
        store.add_round(mid, [{"type": "draw", "tenpai": ["A"]}])
        store.add_round(mid, [{"type": "draw", "tenpai": ["A"]}])
    db = sqlite3.connect(str(path))
    db.execute("UPDATE rounds SET state = NULL WHERE seq = 2")
    db.execute('UPDATE rounds SET state = \'{"version": 0, "state": {}}\' WHERE seq = 1')
    db.commit()
    db.close()
    with Store(path) as store:
        played = store.add_round(mid, [{"type": "draw", "tenpai": ["A"]}])
        assert played.number == 3 and played.label == "东1局 2本场"
        assert same(kept(store, mid), store.load(mid).state) and kept(store, mid)["honba"] == 3


def test_a_file_made_before_the_state_column(tmp_path):
    path = tmp_path / "older.sqlite3"
    db = sqlite3.connect(str(path))
    db.executescript(
        """
        CREATE TABLE matches (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL DEFAULT '', rules TEXT NOT NULL,
            players TEXT NOT NULL, options TEXT NOT NULL, settings TEXT NOT NULL, created TEXT NOT NULL);
        CREATE TABLE rounds (match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE, seq INTEGER NOT NULL,
            events TEXT NOT NULL, created TEXT NOT NULL, PRIMARY KEY (match_id, seq));
        INSERT INTO matches VALUES (1, '', 'riichi', '["A", "B", "C", "D"]', '{}', '{}', 'then');
        INSERT INTO rounds VALUES (1, 1, '[{"type": "draw", "tenpai": ["A"]}]', 'then');
        """
    )
    db.commit()
    db.close()
    with Store(path) as store:
        played = store.add_round(1, [{"type": "draw", "tenpai": ["A"]}])
        assert played.number == 2 and same(kept(store, 1), store.load(1).state)


# ---- round_id ---------------------------------------------------------------------------------------------------

ROUND = [{"type": "riichi", "player": "B"}, {"type": "ron", "winner": "C", "from": "A", "han": 3, "fu": 30}]


def test_round_id_adds_once(tmp_path):
    with Store(tmp_path / "r.sqlite3") as store:
        mid = store.create("riichi", P4)
        first = store.add_round(mid, {"events": ROUND, "round_id": "tablet-1/7"})
        store.add_round(mid, [{"type": "draw"}], round_id="tablet-1/8")
        again = store.add_round(mid, {"events": ROUND, "round_id": "tablet-1/7"})  # the reply was lost: a retry
        assert same(again.to_dict(), first.to_dict()) and again.number == 1
        assert len(store.rounds(mid)) == 2
        with pytest.raises(InputError) as e:
            store.add_round(mid, [{"type": "draw", "tenpai": ["A"]}], round_id="tablet-1/7")
        assert e.value.code == "conflict"
        other = store.create("riichi", P4)  # an id is a match's own
        assert store.add_round(other, ROUND, round_id="tablet-1/7").number == 1
        for bad in ("", "x" * 101, 7, ["a"]):
            with pytest.raises(InputError) as e:
                store.add_round(mid, [{"type": "draw"}], round_id=bad)
            assert e.value.code == "bad_round"
        assert len(store.rounds(mid)) == 2


def test_round_id_over_http(tmp_path):
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from suanfan.match.api import get_store
    from suanfan.web.app import create_app

    app = create_app()

    def store():
        with Store(tmp_path / "h.sqlite3") as s:
            yield s

    app.dependency_overrides[get_store] = store
    c = TestClient(app)
    mid = c.post("/api/match", json={"rules": "riichi", "players": P4}).json()["id"]
    body = {"events": ROUND, "round_id": "r1"}
    a = c.post(f"/api/match/{mid}/rounds", json=body)
    b = c.post(f"/api/match/{mid}/rounds", json=body)
    assert a.status_code == b.status_code == 200 and a.json() == b.json()
    assert len(c.get(f"/api/match/{mid}").json()["rounds"]) == 1
    r = c.post(f"/api/match/{mid}/rounds", json={"events": [{"type": "draw"}], "round_id": "r1"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "conflict"


def test_adding_a_round_replays_nothing(tmp_path, monkeypatch):
    """With kept states, an add reads the last round's state: the rounds are not read, nothing is replayed."""
    with Store(tmp_path / "n.sqlite3") as store:
        mid = store.create("riichi", P4, settings={"tobi": False})
        for _ in range(5):
            store.add_round(mid, [{"type": "draw", "tenpai": ["A"]}])

        def no_replay(*args, **kwargs):
            raise AssertionError("the match was replayed")

        monkeypatch.setattr(Store, "rounds", no_replay)
        monkeypatch.setattr(Store, "_replay", no_replay)
        played = store.add_round(mid, [{"type": "draw", "tenpai": ["A"]}])
        assert played.number == 6 and played.label == "东1局 5本场"
