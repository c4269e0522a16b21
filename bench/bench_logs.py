"""Checking game logs: games and wins per second with one job and with every core, and the share of the time spent
reading the logs (into the game model, each win's hand derived) against checking them (every win scored, every
round settled), on the test logs (tests/data/logs).

    python bench/bench_logs.py [--copies 10] [--jobs N] [--repeat 5]
    python bench/bench_logs.py --instructions

``--copies`` checks the test logs that many times over (more work for the process pool to spread); ``--jobs``
is the "all cores" side (default: every core this process may use). ``--instructions`` counts, under valgrind
(callgrind), the instructions per game of reading, of scoring the wins and of the whole check: the same counts
whatever else the shared machine is doing (the difference of a run doing each 2 times and one doing it 0 times,
after the same warm-up pass of both).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from suanfan import parallel
from suanfan.logs import files_of, read_bytes
from suanfan.logs.check import check_game, check_win

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import race  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "logs"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--copies", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=parallel.cores())
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--instructions", action="store_true", help="count instructions under valgrind instead")
    ap.add_argument("--child", nargs=2, metavar=("SIDE", "LOOPS"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        _child(args.child[0], int(args.child[1]))
        return
    if args.instructions:
        _instructions()
        return
    # reading vs checking, in this process: the two take turns on each chunk of games (bench/timing.py), so a
    # slow spell of the shared machine costs both alike
    logs = _logs()
    games = [g for f, data in logs for g in _games(f, data)]
    assert len(games) == len(logs)  # one game a file in the test logs
    rates = race(
        {
            "reading": (lambda part: [read_bytes(d, f) for f, d in part], logs),
            "scoring": (_score_wins, games),
            "checking": (_check_all, games),
        },
        repeat=args.repeat,
        chunk=5,
    )
    read, scored, checked = (1 / rates[k] for k in ("reading", "scoring", "checking"))
    wins = sum(len(r.wins) for g in games for r in g.rounds)
    rounds = sum(len(g.rounds) for g in games)
    print(f"{len(games)} games, {rounds} rounds, {wins} wins (tests/data/logs), best of {args.repeat}")
    print(f"reading   {read * 1000:6.2f} ms a game  (the game model, every win's hand derived)")
    print(
        f"scoring   {scored * 1000:6.2f} ms a game  (its wins rescored: {scored * len(games) / wins * 1000:.2f} ms a win)"
    )
    print(f"checking  {checked * 1000:6.2f} ms a game  (wins rescored, rounds settled, the end and final scores)")
    print(f"reading is {100 * read / (read + checked):.1f} % of reading and checking a game")
    print()
    # the product's own path, in a fresh process for each number of jobs: `suanfan log check --json --jobs N` on the
    # test logs named --copies times (imports, warm-up, the pool's start and the results' way back all counted);
    # the CPU seconds of all its processes show what spreading the work costs, whatever the machine's load
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    print(f"{'jobs':>5} {'seconds':>8} {'games/s':>9} {'wins/s':>9} {'cpu s':>7}")
    for jobs in sorted({1, args.jobs}):
        took, cpu, summary = _cli_check(jobs, args.copies)
        games, wins = summary["games"], summary["wins"]
        print(f"{jobs:>5} {took:8.2f} {games / took:9.1f} {wins / took:9.1f} {cpu:7.2f}")


def _cli_check(jobs: int, copies: int) -> tuple[float, float, dict]:
    """Wall seconds, CPU seconds (every process) and the summary of one `suanfan log check` run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    cli = [sys.executable, "-c", "from suanfan.cli import main; main()"]
    cmd = [*cli, "log", "check", "--json", "--jobs", str(jobs), *[str(DATA)] * copies]
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return took, cpu, json.loads(out.splitlines()[-1])["summary"]


SIDES = {"reading": "the game model, every win's hand derived", "scoring": "its wins rescored",
         "checking": "wins rescored, rounds settled, the end and final scores"}  # fmt: skip


def _instructions() -> None:
    if not shutil.which("valgrind"):
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")

    def total(side_loops: tuple[str, int]) -> int:
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__, "--child"]
        out = subprocess.run([*cmd, side_loops[0], str(side_loops[1])], capture_output=True, text=True, check=True)
        return int(next(x for x in out.stderr.splitlines() if "Collected" in x).split()[-1])

    runs = [(side, loops) for side in SIDES for loops in (0, 2)]
    with ThreadPoolExecutor(2) as pool:
        counts = dict(zip(runs, pool.map(total, runs), strict=True))
    logs = _logs()
    games = [g for f, d in logs for g in _games(f, d)]
    wins = sum(len(r.wins) for g in games for r in g.rounds)
    print(f"{len(games)} games, {wins} wins (tests/data/logs): instructions per game, counted by callgrind")
    per = {side: (counts[side, 2] - counts[side, 0]) / (2 * len(games)) for side in SIDES}
    for side, what in SIDES.items():
        print(f"{side:9} {per[side] / 1e6:7.3f} M  ({what})")
    print(f"reading / scoring = {per['reading'] / per['scoring']:.2f}")


def _child(side: str, loops: int) -> None:
    logs = _logs()
    games = [g for f, d in logs for g in _games(f, d)]
    _score_wins(games)  # the warm-up: imports, and the scoring's per-pattern tables filled
    _check_all(games)
    work = {
        "reading": lambda: [read_bytes(d, f) for f, d in logs],
        "scoring": lambda: _score_wins(games),
        "checking": lambda: _check_all(games),
    }[side]
    for _ in range(loops):
        work()


def _logs() -> list[tuple[str, bytes]]:
    files = [(f, Path(f).read_bytes()) for f in files_of([DATA])]
    return [(f, data) for f, data in files if _games(f, data)]


def _score_wins(games: list) -> None:
    for g in games:
        for r in g.rounds:
            for w in r.wins:
                check_win(w)


def _check_all(games: list) -> None:
    for g in games:
        check_game(g)


def _games(file: str, data: bytes) -> list:
    try:
        return read_bytes(data, file)
    except Exception:  # a file in the folder that is no log (the README)
        return []


if __name__ == "__main__":
    main()
