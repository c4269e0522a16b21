"""Matches saved in SQLite (the standard library's sqlite3).

A match is its header (rule set, players, options, settings) and its rounds, one row per round holding the round's
events as JSON. The state is never saved: it is what replaying the rounds gives. A round is settled against the
match first (a bad round is an error and writes nothing), then written and committed in one transaction, and only
then applied; so a crash at any moment leaves every committed round and no half round (WAL journal, synchronous
FULL). Undo deletes the last round in a transaction of its own.

The file is ``$SUANFAN_DB`` if set, else ``suanfan/matches.sqlite3`` in the user's data directory
(``$XDG_DATA_HOME``, else ``~/.local/share``; ``%LOCALAPPDATA%`` on Windows).
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
from contextlib import contextmanager
from datetime import UTC, datetime
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


class Store:
    """The matches in one SQLite file."""

    def __init__(self, path: str | os.PathLike | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        if str(self.path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.execute("PRAGMA busy_timeout=5000")
            self.db.executescript(SCHEMA)
        except sqlite3.DatabaseError as e:
            raise InputError("bad_store", f"{self.path} is not a match file ({e})") from None

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
        row = self.db.execute(
            "SELECT name, rules, players, options, settings FROM matches WHERE id = ?", (match_id,)
        ).fetchone()
        if row is None:
            raise InputError("not_found", f"no match {match_id} in {self.path}")
        return row

    def rounds(self, match_id: int) -> list[list[dict]]:
        self._header(match_id)
        rows = self.db.execute("SELECT events FROM rounds WHERE match_id = ? ORDER BY seq", (match_id,)).fetchall()
        return [json.loads(r[0]) for r in rows]

    def load(self, match_id: int) -> Match:
        """The match with every saved round replayed."""
        name, rules, players, options, settings = self._header(match_id)
        m = Match(rules, json.loads(players), json.loads(options), json.loads(settings), name)
        for i, events in enumerate(self.rounds(match_id)):
            try:
                m.add_round(events)
            except InputError as e:
                raise InputError(
                    "bad_store", f"match {match_id}, round {i + 1} no longer settles: {e.message}"
                ) from None
        return m

    def list(self) -> list[dict]:
        rows = self.db.execute(
            "SELECT m.id, m.name, m.rules, m.players, m.created, COUNT(r.seq) FROM matches m "
            "LEFT JOIN rounds r ON r.match_id = m.id GROUP BY m.id ORDER BY m.id"
        ).fetchall()
        return [
            {"id": i, "name": n, "rules": r, "players": json.loads(p), "created": c, "rounds": k}
            for i, n, r, p, c, k in rows
        ]

    def delete(self, match_id: int) -> None:
        self._header(match_id)
        with self._transaction() as db:
            db.execute("DELETE FROM rounds WHERE match_id = ?", (match_id,))
            db.execute("DELETE FROM matches WHERE id = ?", (match_id,))

    # ---- rounds ----------------------------------------------------------------------------------------------
    def add_round(self, match_id: int, events: Any, match: Match | None = None) -> Played:
        """Settle the round against the saved match, write it (committed), then apply it."""
        events = check_events(events)
        m = match if match is not None else self.load(match_id)
        m.check_round(events)
        with self._transaction() as db:
            (count,) = db.execute("SELECT COUNT(*) FROM rounds WHERE match_id = ?", (match_id,)).fetchone()
            if count != len(m.rounds):
                raise InputError("conflict", f"match {match_id} changed meanwhile: reload it and add the round again")
            db.execute(
                "INSERT INTO rounds (match_id, seq, events, created) VALUES (?, ?, ?, ?)",
                (match_id, count + 1, _dump(events), _now()),
            )
        return m.add_round(events)

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
    def export(self, match_id: int) -> dict:
        return {"id": match_id, **self.load(match_id).export()}

    def import_(self, data: Any) -> int:
        """A new match from an export; every round is settled again first, so a bad file writes nothing."""
        m = Match.from_export(data)
        with self._transaction() as db:
            cur = db.execute(
                "INSERT INTO matches (name, rules, players, options, settings, created) VALUES (?, ?, ?, ?, ?, ?)",
                (m.name, m.rules, _dump(list(m.players)), _dump(m.options), _dump(m.settings), _now()),
            )
            match_id = int(cur.lastrowid)
            db.executemany(
                "INSERT INTO rounds (match_id, seq, events, created) VALUES (?, ?, ?, ?)",
                [(match_id, i + 1, _dump(r), _now()) for i, r in enumerate(m.rounds)],
            )
        return match_id
