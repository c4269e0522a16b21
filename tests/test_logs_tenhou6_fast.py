"""The tenhou.net/6 reader's fast replay (``_Round.fast_play``) against the replay it stands beside (``play``).

The fast replay plays each round the one way the replay tries first and gives up on anything else; the replay tries
every reading of the calls and names what is wrong. These tests read each log both ways (the fast replay switched
off for the second) and ask for the same games: on every test log and on the Tenhou test games told as
tenhou.net/6 (tests/tenhou6_from_tenhou.py), and on logs mutated at random (takes and discards dropped, swapped,
moved to another seat, tile codes and call texts changed), where the two must give the same games or both refuse
the log with the same message.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

import pytest

from suanfan.errors import InputError
from suanfan.logs import tenhou6

sys.path.insert(0, str(Path(__file__).parent))
import tenhou6_from_tenhou  # noqa: E402

DATA = Path(__file__).parent / "data" / "logs"
OWN = sorted(str(p) for p in (DATA / "tenhou6").rglob("*.json"))
TENHOU = sorted(str(p) for p in (DATA / "tenhou").rglob("*") if p.is_file() and p.name != "README.md")


def _logs() -> dict[str, str]:
    logs = {f: Path(f).read_text(encoding="utf-8") for f in OWN}
    for f in TENHOU:
        text = json.dumps(tenhou6_from_tenhou.convert(Path(f).read_text(encoding="utf-8")), ensure_ascii=False)
        logs[f + ".json"] = text
    return logs


LOGS = _logs()


def _read(text: str, name: str, fast: bool, monkeypatch: pytest.MonkeyPatch) -> object:
    """The games of a log, or the message it is refused with."""
    with monkeypatch.context() as m:
        if not fast:
            m.setattr(tenhou6._Round, "fast_play", lambda self, new_table, e: None)
        try:
            return tenhou6.read(text, name)
        except InputError as e:
            return ("refused", e.code, e.message)


def test_the_fast_replay_gives_the_replay_s_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test log read both ways: the same games, every round read by the fast replay (mjai-reviewer's
    confusing_nakis rounds, made to confuse a reader, on a later reading: a call that belongs to a later discard of
    the same tile)."""
    used = []
    fast_play = tenhou6._Round.fast_play

    def counted(self, new_table, e):
        out = fast_play(self, new_table, e)
        used.append((self.place, out is not None))
        return out

    monkeypatch.setattr(tenhou6._Round, "fast_play", counted)
    for name, text in LOGS.items():
        fast = tenhou6.read(text, name)
        assert fast == _read(text, name, False, monkeypatch), name
    assert len(used) > 400 and all(ok for _, ok in used), [place for place, ok in used if not ok]


def test_the_fast_replay_leaves_the_replay_s_table() -> None:
    """Round by round, the table the fast replay leaves is the replay's: tiles (in any order), rivers, melds, the
    wall's count, the riichi, ippatsu and first go-around counters, the last move, pao."""
    compared = 0
    for name, text in LOGS.items():
        obj = json.loads(text)
        seats = tenhou6.read(text, name)[0].seats
        for n, e in enumerate(obj["log"]):
            rnd = tenhou6._Round(e, {}, f"{name}: {n}", seats)
            dealer = e[0][0] % 4
            hands = [tenhou6.tiles_of(e[4 + 3 * p]) for p in range(seats)]
            table = tenhou6.Table(seats, dealer, e[0][0] // 4, hands, [])
            fast = rnd.fast_play(lambda table=table: table.copy(), e)
            if fast is None:
                continue
            takes = [[rnd.take(p, x) for x in e[5 + 3 * p]] for p in range(seats)]
            drops = [[rnd.drop(p, x) for x in e[6 + 3 * p]] for p in range(seats)]
            slow = rnd.play(tenhou6.Table(seats, dealer, e[0][0] // 4, hands, []), takes, drops, dealer)
            a, b = dict(vars(fast)), dict(vars(slow))
            a["hands"], b["hands"] = ([sorted(h) for h in t["hands"]] for t in (a, b))
            assert a == b, (name, n)
            compared += 1
    assert compared > 400


CODES = [*range(11, 20), *range(21, 30), *range(31, 40), *range(41, 48), 51, 52, 53]


def _mutate(obj: dict, rng: random.Random) -> None:
    """One change to one round's takes or discards, as a damaged or hand-edited log might have."""
    rounds = obj["log"]
    e = rounds[rng.randrange(len(rounds))]
    seats = [p for p in range(4) if e[5 + 3 * p] or e[6 + 3 * p]]
    if not seats:
        return
    p = rng.choice(seats)
    lists = [x for x in (e[5 + 3 * p], e[6 + 3 * p]) if x]
    items = rng.choice(lists)
    k = rng.randrange(len(items))
    how = rng.randrange(8)
    if how == 0:
        del items[k]
    elif how == 1 and k + 1 < len(items):
        items[k], items[k + 1] = items[k + 1], items[k]
    elif how == 2:
        items[k] = rng.choice(CODES)
    elif how == 3:
        items[k] = 60 if items[k] != 60 else rng.choice(CODES)
    elif how == 4:  # a take or discard moved to another seat's list of the same kind
        q = rng.choice([s for s in seats if s != p] or [p])
        other = e[5 + 3 * q] if items is e[5 + 3 * p] else e[6 + 3 * q]
        other.insert(rng.randrange(len(other) + 1), items.pop(k))
    elif how == 5 and isinstance(items[k], str):  # a call or kong text with one tile or its letter changed
        text = items[k]
        digits = [i for i, c in enumerate(text) if c.isdigit()] or [0]
        i = rng.choice(digits)
        if rng.random() < 0.5:
            text = text[:i] + str(rng.randrange(1, 10)) + text[i + 1 :]
        else:
            letters = [j for j, c in enumerate(text) if not c.isdigit()]
            j = letters[0] if letters else 0
            moved = text[:j] + text[j + 1 :]
            at = rng.randrange(0, len(moved) + 1, 2)
            text = moved[:at] + rng.choice("cpmak"[:3] if items is e[5 + 3 * p] else "akr") + moved[at:]
        items[k] = text
    elif how == 6 and items is e[6 + 3 * p]:
        items[k] = f"r{items[k]}" if isinstance(items[k], int) else 60
    else:  # a copy of another item of the list put in
        items.insert(rng.randrange(len(items) + 1), rng.choice(items))


ODD = (0, -1, 1, 10, 54, 61, 99, True, False, None, [], "", "1", "60", "r", "r0", "r1.5", "c", 60.0, 11.0, 0.0, 1e1)


def _mutate_value(obj: dict, rng: random.Random) -> None:
    """One take or discard made a value of another kind, as a hand-written or converted log might hold: a float of
    it (11.0, 60.0), a bool, 0, None, a number out of range, a text; the fast replay's runs of plain turns read
    codes by look-ups and must leave all of these to the replay's own reading."""
    e = rng.choice(obj["log"])
    lists = [x for p in range(4) for x in (e[5 + 3 * p], e[6 + 3 * p]) if x]
    if not lists:
        return
    items = rng.choice(lists)
    k = rng.randrange(len(items))
    if isinstance(items[k], int) and rng.random() < 0.4:
        items[k] = float(items[k]) if rng.random() < 0.7 else -items[k]
    else:
        items[k] = rng.choice(ODD)


def _fuzz(cases: int, seed: int, monkeypatch: pytest.MonkeyPatch, mutate=_mutate, agree: int = 10) -> None:
    rng = random.Random(seed)
    names = list(LOGS)
    parsed = {name: json.loads(text) for name, text in LOGS.items()}
    agreed = refused = 0
    for case in range(cases):
        name = rng.choice(names)
        obj = copy.deepcopy(parsed[name])
        for _ in range(rng.choice((1, 1, 2, 3))):
            mutate(obj, rng)
        text = json.dumps(obj, ensure_ascii=False)
        fast = _read(text, name, True, monkeypatch)
        slow = _read(text, name, False, monkeypatch)
        assert fast == slow, (case, name, text)
        if isinstance(fast, tuple):
            refused += 1
        else:
            agreed += 1
    assert agreed > cases // agree and refused > cases // 10, (agreed, refused)


def test_mutated_logs_read_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    _fuzz(300, 6, monkeypatch)


@pytest.mark.slow
def test_many_mutated_logs_read_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    _fuzz(4000, 66, monkeypatch)


def test_logs_with_odd_values_read_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    _fuzz(300, 7, monkeypatch, _mutate_value, agree=100)  # most odd values are refused (a tile code that is none)


@pytest.mark.slow
def test_many_logs_with_odd_values_read_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    _fuzz(3000, 77, monkeypatch, _mutate_value, agree=100)
