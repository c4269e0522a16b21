"""Matches saved in SQLite (the standard library's sqlite3).

A match is its header (rule set, players, options, settings) and its rounds, one row per round holding the round's
events as JSON. What counts is the events: the match is what replaying them gives (``load``). Each round's row also
keeps the state the match reached after it (``state``, marked with ``STATE_VERSION``), so that adding a round reads
one row and settles one round, at any length of match; a row without a kept state of this version (an older file)
is replayed instead. A round is settled against the match first (a bad round is an error and writes nothing), then
written and committed in one transaction (BEGIN IMMEDIATE: the state it was settled against cannot change under it);
so a crash at any moment leaves every committed round and no half round (WAL journal, synchronous FULL). Undo
deletes the last round in a transaction of its own; the round before it keeps its state.

A round may carry a client's ``round_id``: added once, whatever the number of retries (a client that lost the reply
sends it again and gets the round it added); the same id with other events is a ``conflict``.

A database locked by another writer is waited for ``BUSY_TIMEOUT`` seconds, then ``InputError("busy")``; every other
failure of the file (a folder that cannot be made, a file that is not a database) is ``InputError("bad_store")``.

The file is ``$SUANFAN_DB`` if set, else ``suanfan/matches.sqlite3`` in the user's data directory
(``$XDG_DATA_HOME``, else ``~/.local/share``; ``%LOCALAPPDATA%`` on Windows).
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from collections.abc import Callable
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import wraps
from pathlib import Path
from typing import Any

from ..errors import InputError
from .core import Match, Played
from .events import check_events

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL DEFAULT '',
    rules TEXT NOT NULL,
    players TEXT NOT NULL,
    options TEXT NOT NULL,
    settings TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS rounds (
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    events TEXT NOT NULL,
    created TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
);
"""
# Added to files made before them (``_migrate``): the state after the round, and the client's id of the round.
ROUND_COLUMNS = {"state": "TEXT", "round_id": "TEXT"}
STATE_VERSION = 1  # a kept state of another version is not read: the match is replayed instead
BUSY_TIMEOUT = 2.0  # seconds a locked database is waited for before ``busy``
MAX_ID = 2**63 - 1  # SQLite's largest integer: no match number is past it
MAX_ROUND_ID = 100  # characters


def default_path() -> Path:
    """``$SUANFAN_DB``, or ``suanfan/matches.sqlite3`` in the user's data directory."""
    env = os.environ.get("SUANFAN_DB")
    if env:
        return Path(env)
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        base = Path(os.environ["LOCALAPPDATA"])
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "suanfan" / "matches.sqlite3"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _db_error(e: sqlite3.Error) -> InputError:
    """What a failure of the database says to the user: ``busy`` (try again), or ``bad_store``; never a path."""
    text = str(e)
    if isinstance(e, sqlite3.OperationalError) and ("locked" in text or "busy" in text):
        return InputError("busy", f"the match file is busy with another writer; try again in a moment ({text})")
    return InputError("bad_store", f"the match file cannot be used ({text})")


def _guarded(method: Callable) -> Callable:
    """A store method whose database errors are ``InputError`` (see ``_db_error``)."""

    @wraps(method)
    def run(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except sqlite3.Error as e:
            raise _db_error(e) from None

    return run


def check_id(match_id: Any) -> int:
    if isinstance(match_id, bool) or not isinstance(match_id, int) or not 1 <= match_id <= MAX_ID:
        raise InputError("not_found", f"no match {str(match_id)[:30]}: a match number runs from 1 to {MAX_ID}")
    return match_id


def check_round_id(round_id: Any) -> str | None:
    if round_id is None:
        return None
    if not isinstance(round_id, str) or not 1 <= len(round_id) <= MAX_ROUND_ID:
        raise InputError("bad_round", f"round_id is text of 1 to {MAX_ROUND_ID} characters")
    return round_id


class Store:
    """The matches in one SQLite file."""

    def __init__(self, path: str | os.PathLike | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        try:
            if str(self.path) != ":memory:":
                self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise InputError("bad_store", f"the folder of the match file cannot be made ({e.strerror})") from None
        try:
            self.db = sqlite3.connect(
                str(self.path), isolation_level=None, check_same_thread=False, timeout=BUSY_TIMEOUT
            )
        except sqlite3.Error as e:
            raise _db_error(e) from None
        try:
            self.db.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT * 1000)}")
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
            self._migrate()
        except sqlite3.DatabaseError as e:
            self.db.close()
            error = _db_error(e)
            if error.code == "busy":
                raise error from None
            raise InputError("bad_store", f"{self.path.name} is not a match file ({e})") from None

    def _migrate(self) -> None:
        """Add the columns a file made by an older version lacks (their rows are replayed when read)."""
        have = {row[1] for row in self.db.execute("PRAGMA table_info(rounds)")}
        for name, kind in ROUND_COLUMNS.items():
            if name not in have:
                self.db.execute(f"ALTER TABLE rounds ADD COLUMN {name} {kind}")
        self.db.execute("CREATE UNIQUE INDEX IF NOT EXISTS rounds_round_id ON rounds (match_id, round_id)")

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _transaction(self):
        """BEGIN IMMEDIATE ... COMMIT: the write lock is taken at once, so two writers never interleave."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # ---- matches ---------------------------------------------------------------------------------------------
    @_guarded
    def create(
        self,
        rules: str,
        players: list[str],
        options: dict | None = None,
        settings: dict | None = None,
        name: str = "",
    ) -> int:
        m = Match(rules, players, options, settings, name)  # checks everything before anything is written
        with self._transaction() as db:
            cur = db.execute(
                "INSERT INTO matches (name, rules, players, options, settings, created) VALUES (?, ?, ?, ?, ?, ?)",
                (m.name, m.rules, _dump(list(m.players)), _dump(m.options), _dump(m.settings), _now()),
            )
        return int(cur.lastrowid)

    def _header(self, match_id: int) -> tuple:
        check_id(match_id)
        row = self.db.execute(
            "SELECT name, rules, players, options, settings FROM matches WHERE id = ?", (match_id,)
        ).fetchone()
        if row is None:
            raise InputError("not_found", f"no match {match_id}")
        return row

    @_guarded
    def rounds(self, match_id: int) -> list[list[dict]]:
        self._header(match_id)
        rows = self.db.execute("SELECT events FROM rounds WHERE match_id = ? ORDER BY seq", (match_id,)).fetchall()
        return [json.loads(r[0]) for r in rows]

    @_guarded
    def load(self, match_id: int) -> Match:
        """The match with every saved round replayed."""
        return self._replay(match_id, self._header(match_id))

    def _replay(self, match_id: int, header: tuple, upto: int | None = None) -> Match:
        name, rules, players, options, settings = header
        m = Match(rules, json.loads(players), json.loads(options), json.loads(settings), name)
        rounds = self.rounds(match_id)
        for i, events in enumerate(rounds if upto is None else rounds[:upto]):
            try:
                m.add_round(events)
            except InputError as e:
                raise InputError(
                    "bad_store", f"match {match_id}, round {i + 1} no longer settles: {e.message}"
                ) from None
        return m

    @_guarded
    def list(self) -> list[dict]:
        rows = self.db.execute(
            "SELECT m.id, m.name, m.rules, m.players, m.created, COUNT(r.seq) FROM matches m "
            "LEFT JOIN rounds r ON r.match_id = m.id GROUP BY m.id ORDER BY m.id"
        ).fetchall()
        return [
            {"id": i, "name": n, "rules": r, "players": json.loads(p), "created": c, "rounds": k}
            for i, n, r, p, c, k in rows
        ]

    @_guarded
    def delete(self, match_id: int) -> None:
        self._header(match_id)
        with self._transaction() as db:
            db.execute("DELETE FROM rounds WHERE match_id = ?", (match_id,))
            db.execute("DELETE FROM matches WHERE id = ?", (match_id,))

    # ---- rounds ----------------------------------------------------------------------------------------------
    @_guarded
    def add_round(self, match_id: int, events: Any, round_id: str | None = None) -> Played:
        """Settle the round against the match's kept state, write it with the state it leads to (committed), and
        return it. ``events`` may be ``{"events": [...], "round_id": ...}``. A ``round_id`` already added returns that
        round as it was played, adding nothing."""
        if isinstance(events, dict) and "round_id" in events:
            if round_id is not None and events["round_id"] != round_id:
                raise InputError("bad_round", "two round_id values given")
            round_id = events["round_id"]
        round_id = check_round_id(round_id)
        events = check_events(events)
        with self._transaction() as db:
            if round_id is not None:
                row = db.execute(
                    "SELECT seq, events FROM rounds WHERE match_id = ? AND round_id = ?", (match_id, round_id)
                ).fetchone()
                if row is not None:
                    if row[1] != _dump(events):
                        raise InputError(
                            "conflict", f"round_id {round_id!r} was added with other events (round {row[0]})"
                        )
                    return self.resume(match_id, row[0] - 1).add_round(events)
            m = self.resume(match_id)
            played = m.add_round(events)
            db.execute(
                "INSERT INTO rounds (match_id, seq, events, created, state, round_id) VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, played.number, _dump(events), _now(), _state(m), round_id),
            )
        return played

    def resume(self, match_id: int, upto: int | None = None) -> Match:
        """The match after its first ``upto`` rounds (all by default), from the state kept with the last of them:
        one row read, no round replayed (``load`` replays them all). Its ``rounds`` and ``played`` hold no round."""
        header = self._header(match_id)
        where, args = ("AND seq <= ?", (match_id, upto)) if upto is not None else ("", (match_id,))
        row = self.db.execute(
            f"SELECT seq, state FROM rounds WHERE match_id = ? {where} ORDER BY seq DESC LIMIT 1", args
        ).fetchone()
        kept = json.loads(row[1]) if row is not None and row[1] else None
        if row is not None and (not isinstance(kept, dict) or kept.get("version") != STATE_VERSION):
            m = self._replay(match_id, header, row[0])
            m.rounds, m.played, m.first = [], [], row[0]
            return m
        name, rules, players, options, settings = header
        m = Match(rules, json.loads(players), json.loads(options), json.loads(settings), name)
        if row is not None:
            m.state, m.first = kept["state"], row[0]
        return m

    @_guarded
    def undo(self, match_id: int) -> list[dict]:
        """Delete the last round; its events are returned."""
        self._header(match_id)
        with self._transaction() as db:
            row = db.execute(
                "SELECT seq, events FROM rounds WHERE match_id = ? ORDER BY seq DESC LIMIT 1", (match_id,)
            ).fetchone()
            if row is None:
                raise InputError("no_round", f"match {match_id} has no round to undo")
            db.execute("DELETE FROM rounds WHERE match_id = ? AND seq = ?", (match_id, row[0]))
        return json.loads(row[1])

    # ---- JSON ------------------------------------------------------------------------------------------------
    @_guarded
    def export(self, match_id: int) -> dict:
        return {"id": match_id, **self.load(match_id).export()}

    @_guarded
    def import_(self, data: Any) -> int:
        """A new match from an export; every round is settled again first, so a bad file writes nothing."""
        m = Match.from_export(data)
        states = [_state_of(p.state) for p in m.played]
        with self._transaction() as db:
            cur = db.execute(
                "INSERT INTO matches (name, rules, players, options, settings, created) VALUES (?, ?, ?, ?, ?, ?)",
                (m.name, m.rules, _dump(list(m.players)), _dump(m.options), _dump(m.settings), _now()),
            )
            match_id = int(cur.lastrowid)
            db.executemany(
                "INSERT INTO rounds (match_id, seq, events, created, state) VALUES (?, ?, ?, ?, ?)",
                [(match_id, i + 1, _dump(r), _now(), states[i]) for i, r in enumerate(m.rounds)],
            )
        return match_id


def _state_of(state: dict) -> str:
    return _dump({"version": STATE_VERSION, "state": state})


def _state(m: Match) -> str:
    """The kept state of a match after its last round."""
    return _state_of(m.state)
