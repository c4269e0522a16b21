"""The MJAI reader's fast way against its replay (src/suanfan/logs/mjai.py).

The fast way reads a known draw or discard line by looking its text up, not by parsing it, and plays each run of
them at once; the replay parses every line and plays every event on its own, and is what places an error. Here the
two must give equal games on every MJAI test log (the Tenhou test games told as MJAI by tests/mjai_from_tenhou.py),
and on logs mutated at random (lines dropped, swapped, repeated, reformatted; tiles and seats changed) either equal
games or the same error; ``mjai.read`` (the fast way, then the replay for a game it refuses) must give exactly
what the replay gives.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from suanfan.logs import mjai

sys.path.insert(0, str(Path(__file__).parent))
from mjai_from_tenhou import convert  # noqa: E402

DATA = Path(__file__).parent / "data" / "logs"
TENHOU = sorted(str(p) for p in (DATA / "tenhou").rglob("*") if p.is_file())
TEXTS = {Path(f).name: convert(Path(f).read_text(encoding="utf-8")) for f in TENHOU}
TILE_TEXTS = sorted(mjai.TILES)


def outcome(read, text: str) -> tuple:
    """What a reader gives: ("games", the games) or ("error", its type and message)."""
    try:
        return "games", read(text, "game.mjson")
    except Exception as e:  # an internal error must be the replay's too
        return "error", type(e).__name__, str(e)


def fast_only(text: str, file: str) -> list:
    return mjai.fast(text, file)


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_the_fast_way_gives_the_replay_s_games(name: str) -> None:
    text = TEXTS[name]
    mjai._MOVE_LINES.clear()  # the first read learns the lines and pieces, the second finds them
    mjai._PIECES.clear()
    for _ in range(2):
        games = fast_only(text, name)
        assert games == mjai.replay(text, name) == mjai.read(text, name)
    assert sum(len(r.wins) for g in games for r in g.rounds) > 0


def _tile_by_tile(texts: object) -> tuple:
    """A hand's tiles the long way, one ``mjai.tile`` each: ("tiles", the list) or ("error", type, message)."""
    try:
        return "tiles", [mjai.tile(t) for t in texts]  # type: ignore[attr-defined]
    except Exception as e:
        return "error", type(e).__name__, str(e)


@pytest.mark.parametrize(
    "texts",
    [[], ["1m"], ["5mr", "E"], ["1m", "2m", "3m", "4p", "5pr", "6s", "7s", "8s", "9s", "E", "S", "W", "C"],
     ["1m", "0m"], ["1m", None], ["1m", ["2m"]], ["1m", 5], ["5"], [True, "1m"], "1m2m", "1m", "", 5, None,
     {"1m": 1, "2m": 2}],
)  # fmt: skip
def test_a_hand_s_tiles_are_read_as_tile_by_tile(texts: object) -> None:
    """``mjai._tiles`` (a start_kyoku's hands by one look-up call) gives the tiles, or the error, of reading the
    hand tile by tile, whatever the hand's length or kind of value."""
    try:
        got: tuple = "tiles", list(mjai._tiles(texts))  # type: ignore[arg-type]
    except Exception as e:
        got = "error", type(e).__name__, str(e)
    assert got == _tile_by_tile(texts)


class _Recorded(dict):
    """A dict of pieces that records the texts looked up in it."""

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.asked: list[str] = []

    def get(self, key, default=None):
        self.asked.append(key)
        return super().get(key, default)


def test_a_piece_s_first_pair_is_looked_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """A piece that holds more than a known draw and discard (a call, a riichi, a round's end) is first looked up
    by its first two lines: the test logs have such pieces, and the pairs so found give the replay's games."""
    text = TEXTS[sorted(TEXTS)[0]]
    mjai.fast(text, "x")  # learn the pieces
    pieces = _Recorded(mjai._PIECES)
    monkeypatch.setattr(mjai, "_PIECES", pieces)
    games = mjai.fast(text, "x")
    parts = text.split(mjai._DRAW_MARKS[0])
    assert pieces.asked[: len(parts)] == parts  # each piece looked up whole, then the first pairs of the others
    prefixes = [k for k in pieces.asked[len(parts) :] if k in pieces]
    assert len(prefixes) > 10  # calls, riichi and wins, each after a known pair
    assert all(k.count("\n") == 1 and any(p.startswith(k + "\n") for p in parts) for k in prefixes)
    assert games == mjai.replay(text, "x")


def mutate(rng: random.Random, text: str) -> str:
    """One to three random edits of an MJAI log, most of them on the draws and discards; now and then the whole
    log written another way (compact separators, CRLF line ends, no last line break: the fast way splits the text
    at its draw lines, and these move or hide those marks)."""
    lines = text.splitlines()
    whole = rng.choice(("compact", "crlf", "open_end", None, None, None, None, None))
    if whole == "compact":
        lines = [json.dumps(json.loads(line), separators=(",", ":"), ensure_ascii=False) for line in lines]
    for _ in range(rng.randint(1, 3)):
        moves = [i for i, line in enumerate(lines) if '"tsumo"' in line or '"dahai"' in line] or [0]
        i = rng.choice(moves) if rng.random() < 0.8 else rng.randrange(len(lines))
        kind = rng.choice(
            ("drop", "swap", "swap_far", "repeat", "tile", "tile", "seat", "compact", "blank", "between", "deal",
             "before_event")
        )  # fmt: skip
        if kind == "drop":
            del lines[i]
        elif kind == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif kind == "swap_far":
            j = min(len(lines) - 1, i + rng.randint(2, 30))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "repeat":
            lines.insert(i, lines[i])
        elif kind in ("tile", "seat", "compact") and lines[i].strip():
            ev = json.loads(lines[i])
            if kind == "tile":
                ev["pai"] = rng.choice([*TILE_TEXTS, "0m", "5z", 5, None])
            elif kind == "seat":
                ev["actor"] = rng.choice([0, 1, 2, 3, 4, -1, "1", True, None])
            lines[i] = json.dumps(ev, separators=(",", ":") if kind == "compact" else None)
        elif kind == "blank":
            lines.insert(i, rng.choice(["", "   ", "\r"]))
        elif kind == "deal":  # a start_kyoku's dealt tiles: a tile, or the line's white space
            k = rng.choice([j for j, line in enumerate(lines) if '"start_kyoku"' in line])
            ev = json.loads(lines[k])
            hand = rng.choice(ev["tehais"])
            hand[rng.randrange(len(hand))] = rng.choice([*TILE_TEXTS, "0m", '5m"', 5, [], None])
            lines[k] = rng.choice([json.dumps, _spaced])(ev)
        elif kind == "before_event":  # the lines just before a call, riichi or win: a piece's known first pair
            others = [j for j, line in enumerate(lines) if j and '"tsumo"' not in line and '"dahai"' not in line]
            k = rng.choice(others)
            extra = rng.choice(["", "\r", "  ", lines[k - 1], lines[k], '{"type":"none"}', _draw_of(lines[k - 1])])
            if rng.random() < 0.3:
                lines[k - 1], lines[k] = lines[k], lines[k - 1]
            else:
                lines.insert(k, extra)
        elif kind == "between":  # a line between a draw and its discard
            lines.insert(i + 1, rng.choice([lines[i], lines[min(i + 2, len(lines) - 1)], '{"type":"none"}']))
    if whole == "crlf":
        return "\r\n".join(lines) + "\r\n"
    return "\n".join(lines) + ("" if whole == "open_end" else "\n")


def _draw_of(line: str) -> str:
    """A draw line of the seat and tile of a discard line (or of the first seat and 1m)."""
    try:
        ev = json.loads(line)
        return json.dumps({"type": "tsumo", "actor": int(ev["actor"]), "pai": str(ev["pai"])})
    except (ValueError, KeyError, TypeError):
        return json.dumps({"type": "tsumo", "actor": 0, "pai": "1m"})


def _spaced(ev: dict) -> str:
    """An event written with white space of its own (two spaces after each comma)."""
    return json.dumps(ev, separators=(",  ", ": "))


def _differential(cases: int, seed: int) -> None:
    rng = random.Random(seed)
    names = sorted(TEXTS)
    refused = 0
    for k in range(cases):
        name = names[k % len(names)]
        text = mutate(rng, TEXTS[name])
        want = outcome(mjai.replay, text)
        assert outcome(mjai.read, text) == want, (name, k)
        got = outcome(fast_only, text)
        if got[0] == "games":  # what the fast way accepts, the replay accepts, as the same games
            assert got == want, (name, k)
        refused += want[0] == "error"
    assert 0 < refused < cases  # the edits make both kinds of log


def test_mutated_logs_read_as_the_replay_reads_them() -> None:
    _differential(300, seed=13)


@pytest.mark.slow
def test_many_mutated_logs_read_as_the_replay_reads_them() -> None:
    _differential(4000, seed=1313)
