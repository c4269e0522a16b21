"""Checking game logs: games and wins per second with one job and with every core, and the share of the time spent
reading the logs (into the game model, each win's hand derived) against checking them (every win scored, every
round settled), on the test logs (tests/data/logs).

    python bench/bench_logs.py [--copies 10] [--jobs N] [--repeat 5]

``--copies`` checks the test logs that many times over (more work for the process pool to spread); ``--jobs``
is the "all cores" side (default: every core this process may use).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from suanfan import parallel
from suanfan.logs import files_of, read_bytes
from suanfan.logs.check import Report, check_file, check_game, check_win

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import race  # noqa: E402

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "logs"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--copies", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=parallel.cores())
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    files = [(f, Path(f).read_bytes(), named) for f, named in files_of([DATA], named=True)]
    tasks = files * args.copies

    # reading vs checking, in this process: the two take turns on each chunk of games (bench/timing.py), so a
    # slow spell of the shared machine costs both alike
    logs = [(f, data) for f, data, _ in files if _games(f, data)]
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
    print(f"{'jobs':>5} {'seconds':>8} {'games/s':>9} {'wins/s':>9}")
    for jobs in sorted({1, args.jobs}):
        t0 = time.perf_counter()
        total = Report()
        for rep in parallel.run(check_file, tasks, jobs):
            total.merge(rep)
        took = time.perf_counter() - t0
        print(f"{jobs:>5} {took:8.2f} {total.games / took:9.1f} {total.wins / took:9.1f}")


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
