"""The parts every log reader shares, each counted alone: instructions a call under valgrind (callgrind).

    PYTHONHASHSEED=0 python bench/bench_log_parts.py [--src DIR] [--loops 10] [--only PART ...]

What is counted is what the readers call once per win or round (``suanfan.logs.table`` and ``suanfan.logs.model``):
``Table.win_hand`` (on tables as ``Table()`` makes them and as ``table_at`` does, Tenhou's fast path), a meld's text,
making a ``Win``, ``Round`` and ``Draw``, ``round_changes``, ``Table()`` and ``table_at``, and an MJAI round's table
with every event method the reader called on it (``play`` included) played again. The inputs are those of the test
logs (tests/data/logs, the Tenhou games also told as MJAI by tests/mjai_from_tenhou.py): each call is recorded once
while this tree reads them, as plain values, so that ``--src`` can count another checkout's code (``--src /tmp/old``
after ``git worktree add /tmp/old COMMIT``) on the same inputs. Each part runs in a child under callgrind with its
calls made ``--loops`` times, and again with a function that does nothing called instead (the same loop, the same
arguments), each child after one warm pass of both; the difference divided by the loops and the calls is the part's
cost a call.
"""

from __future__ import annotations

import argparse
import copy
import os
import pickle
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARTS = ("win_hand", "win_hand_at", "meld_text", "Win", "Round", "Draw", "round_changes", "Table", "table_at",
         "mjai_round")  # fmt: skip
EVENTS = ("play", "draw", "discard", "call", "kakan", "ankan", "set_north_aside", "reveal_dora", "declare_riichi",
          "riichi_stands")  # fmt: skip


def record() -> dict:
    """Every shared call of reading the test logs, as plain values (no object of suanfan's)."""
    import dataclasses

    sys.path.insert(0, str(ROOT / "bench"))
    import bench_logs

    from suanfan.logs import model, read_bytes
    from suanfan.logs import table as tb

    wins, starts, rounds = [], [], []  # (table state, args), Table() args, (Table() args, [(event, args, kw)])
    real = {name: getattr(tb.Table, name) for name in ("win_hand", "__init__", *EVENTS)}
    mjai = False  # reading the MJAI games: each table's events are recorded

    def win_hand(self, *args, **kw):
        state = copy.deepcopy({k: v for k, v in vars(self).items() if k not in ("place", "_events")})
        wins.append((state, (*args, *kw.values())))  # shown= is the last argument
        return real["win_hand"](self, *args, **kw)

    def init(self, *args):
        starts.append(copy.deepcopy(args))
        real["__init__"](self, *args)
        self._events = [] if mjai else None
        if mjai:
            rounds.append((starts[-1], self._events))

    inside = [0]  # events called by an event (play's draws and discards) are not recorded again

    def event(name):
        def call(self, *args, **kw):
            events = self.__dict__.get("_events")
            if events is not None and not inside[0]:
                events.append((name, copy.deepcopy(args), copy.deepcopy(kw)))
            inside[0] += 1
            try:
                return real[name](self, *args, **kw)
            finally:
                inside[0] -= 1

        return call

    logs = {fmt: bench_logs.logs_of(fmt) for fmt in ("tenhou", "tenhou6", "mjai")}
    games = []
    try:
        tb.Table.win_hand, tb.Table.__init__ = win_hand, init
        for name in EVENTS:
            setattr(tb.Table, name, event(name))
        for fmt, files in logs.items():
            mjai = fmt == "mjai"
            for file, data in files:
                games += read_bytes(data, file)
    finally:
        for name, fn in real.items():
            setattr(tb.Table, name, fn)
    outcomes = [o for g in games for r in g.rounds for o in r.outcomes]

    def plain(value) -> tuple:
        return tuple(getattr(value, f.name) for f in dataclasses.fields(value))

    return {
        "wins": wins,
        "starts": starts,
        "mjai_rounds": rounds,
        "win_args": [plain(o) for o in outcomes if isinstance(o, model.Win)],
        "draw_args": [plain(o) for o in outcomes if isinstance(o, model.Draw)],
        "round_args": [
            (*plain(r)[:7], tuple(plain(o) for o in r.outcomes), *plain(r)[8:]) for g in games for r in g.rounds
        ],
    }


def _work(part: str, data: dict, idle: bool):
    """The part's calls (``idle``: the same loop, calling a function that does nothing)."""
    from suanfan.logs import model
    from suanfan.logs import table as tb

    def nothing(*args, **kw) -> None:
        return None

    def table(state: dict) -> tb.Table:  # as Table() makes it: its attributes set in order, no __dict__ made
        t = tb.Table.__new__(tb.Table)
        for key, value in state.items():
            setattr(t, sys.intern(key), value)
        t.place = ""
        return t

    def outcome(args: tuple):
        return (model.Win if len(args) == 11 else model.Draw)(*args)

    if part in ("win_hand", "win_hand_at", "meld_text"):
        states = [({sys.intern(k): v for k, v in s.items()}, a) for s, a in data["wins"]]
        if part == "win_hand_at":
            calls = [(tb.table_at({**s, "place": ""}).win_hand, a) for s, a in states]
        elif part == "win_hand":
            calls = [(table(s).win_hand, a) for s, a in states]
        else:
            calls = [(t.meld_text, (m,)) for s, a in states for t in [table(s)] for m in t.melds[a[0]]]
        if idle:
            calls = [(nothing, a) for _, a in calls]
        return lambda: [f(*a) for f, a in calls]
    if part in ("Win", "Draw", "round_changes", "Round", "Table", "table_at"):
        if part == "Round":
            args = [(*a[:7], tuple(map(outcome, a[7])), *a[8:]) for a in data["round_args"]]
        elif part == "round_changes":
            args = [(tuple(map(outcome, a[7])), list(a[6]), len(a[5])) for a in data["round_args"]]
        elif part == "table_at":
            args = [({**s, "place": ""},) for s, _ in data["wins"]]
        else:
            args = data[{"Win": "win_args", "Draw": "draw_args", "Table": "starts"}[part]]
        make = {"Win": model.Win, "Draw": model.Draw, "Round": model.Round, "round_changes": model.round_changes,
                "Table": tb.Table, "table_at": tb.table_at}[part]  # fmt: skip
        if part == "table_at":
            args = [({**s},) for (s,) in args]  # a state each: table_at keeps it as the table's own
        make = nothing if idle else make
        return lambda: [make(*a) for a in args]

    def rounds() -> None:  # mjai_round
        for start, events in data["mjai_rounds"]:
            t = (tb.Table if not idle else nothing)(*start)
            for name, a, kw in events:
                (nothing if idle else getattr(t, name))(*a, **kw)

    return rounds


def calls_of(part: str, data: dict) -> int:
    if part in ("win_hand", "win_hand_at", "table_at"):
        return len(data["wins"])
    if part == "meld_text":
        return sum(len(s["melds"][a[0]]) for s, a in data["wins"])
    return len({"Win": data["win_args"], "Draw": data["draw_args"], "Round": data["round_args"],
                "round_changes": data["round_args"], "Table": data["starts"], "mjai_round": data["mjai_rounds"]}[part])  # fmt: skip


def _child(part: str, loops: int, file: str, idle: bool) -> None:
    with open(file, "rb") as f:
        data = pickle.load(f)
    busy, nothing = _work(part, data, False), _work(part, copy.deepcopy(data), True)
    busy()  # the warm-up: both loops once, whichever is counted
    nothing()
    work = nothing if idle else busy
    for _ in range(loops):
        work()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--src", type=Path, default=ROOT, help="the checkout whose code is counted (default: this one)")
    ap.add_argument("--loops", type=int, default=10)
    ap.add_argument("--only", nargs="*", choices=PARTS, help="these parts alone")
    ap.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        part, loops, file, idle = args.child
        sys.path.insert(0, str(args.src / "src"))
        _child(part, int(loops), file, idle == "idle")
        return
    parts = args.only or list(PARTS)
    with tempfile.TemporaryDirectory() as tmp:
        file = os.path.join(tmp, "calls.pickle")
        data = record()
        with open(file, "wb") as f:
            pickle.dump(data, f)

        def total(run: tuple[str, int, str]) -> int:
            part, loops, idle = run
            cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__,
                   "--src", str(args.src), "--child", part, str(loops), file, idle]  # fmt: skip
            out = subprocess.run(cmd, capture_output=True, text=True, check=True)
            return int(next(x for x in out.stderr.splitlines() if "Collected" in x).split()[-1])

        runs = [(p, args.loops, idle) for p in parts for idle in ("busy", "idle")]
        with ThreadPoolExecutor(2) as pool:
            counts = dict(zip(runs, pool.map(total, runs), strict=True))
    print(f"instructions a call, counted by callgrind ({args.src}; PYTHONHASHSEED={os.environ.get('PYTHONHASHSEED')})")
    print(f"{'part':14} {'calls':>6} {'a call':>8}")
    for p in parts:
        spent = counts[p, args.loops, "busy"] - counts[p, args.loops, "idle"]
        print(f"{p:14} {calls_of(p, data):6} {spent / args.loops / calls_of(p, data):8.0f}")


if __name__ == "__main__":
    main()
