"""Checking game logs, format by format: games and wins per second with one job and with all cores, and the cost
of reading a game (into the game model, every win's hand derived) against scoring its wins, for Tenhou mjlog XML
(``tenhou``), tenhou.net/6 JSON (``tenhou6``) and MJAI JSON lines (``mjai``).

    python bench/bench_logs.py [--format tenhou|tenhou6|mjai] [--copies 10] [--jobs N] [--repeat 5]
    python bench/bench_logs.py --instructions [--format tenhou|tenhou6|mjai]

The games: the test logs (tests/data/logs) of Tenhou and tenhou.net/6, and for MJAI the Tenhou test games told as
MJAI JSON lines by tests/mjai_from_tenhou.py (no public MJAI log with the points of its wins was found; the
conversion is made afresh at the start of each run, in memory, and written to a temporary folder for the CLI
part). ``--format`` measures one format alone (a short valgrind run).

``--copies`` checks the logs that many times over (more work for the process pool to spread); ``--jobs`` is the
"all cores" side (default: every core this process may use). ``--instructions`` counts, under valgrind
(callgrind), the instructions per game of reading, of scoring the wins and of the whole check, for each format:
the same counts whatever else the shared machine is doing (the difference of a run doing each 2 times and one
doing it 0 times, after the same warm-up pass of that format's reading, scoring and checking; the garbage collector
on, as in use). The totals are over every game measured (the formats' counts added).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from suanfan import parallel
from suanfan.logs import decode, files_of, read_bytes, sniff
from suanfan.logs.check import check_game, check_win

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))
from timing import race  # noqa: E402

from mjai_from_tenhou import convert  # noqa: E402

DATA = ROOT / "tests" / "data" / "logs"
FORMATS = ("tenhou", "tenhou6", "mjai")
SIDES = {"reading": "the game model, every win's hand derived", "scoring": "its wins rescored",
         "checking": "wins rescored, rounds settled, the end and final scores"}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--format", choices=FORMATS, help="measure this format alone (default: each of them)")
    ap.add_argument("--copies", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=parallel.cores())
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--instructions", action="store_true", help="count instructions under valgrind instead")
    ap.add_argument("--child", nargs=3, metavar=("FORMAT", "SIDE", "LOOPS"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    formats = [args.format] if args.format else list(FORMATS)
    if args.child:
        _child(args.child[0], args.child[1], int(args.child[2]))
    elif args.instructions:
        _instructions(formats)
    else:
        _wall(formats, args)


def logs_of(fmt: str) -> list[tuple[str, bytes]]:
    """The test logs of one format as (file name, content): the files of tests/data/logs whose content is that
    format, or for ``mjai`` the Tenhou ones converted (named ``<file>.mjai``)."""
    out = []
    for f in files_of([DATA]):
        data = Path(f).read_bytes()
        try:
            kind = sniff(decode(data, f))
        except Exception:  # a file in the folder that is no log
            continue
        if fmt == kind:
            out.append((f, data))
        elif fmt == "mjai" and kind == "tenhou":
            out.append((f + ".mjai", convert(decode(data, f)).encode()))
    return [(f, data) for f, data in out if _games(f, data)]


def games_of(logs: list[tuple[str, bytes]]) -> list:
    return [g for f, data in logs for g in _games(f, data)]


# ---- instructions (callgrind) --------------------------------------------------------------------------------------
def _instructions(formats: list[str]) -> None:
    if not shutil.which("valgrind"):
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")

    def total(run: tuple[str, str, int]) -> int:
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__, "--child"]
        out = subprocess.run([*cmd, *map(str, run)], capture_output=True, text=True, check=True)
        return int(next(x for x in out.stderr.splitlines() if "Collected" in x).split()[-1])

    runs = [(fmt, side, loops) for fmt in formats for side in SIDES for loops in (0, 2)]
    with ThreadPoolExecutor(2) as pool:
        counts = dict(zip(runs, pool.map(total, runs), strict=True))
    print(f"instructions a game, counted by callgrind (PYTHONHASHSEED={os.environ.get('PYTHONHASHSEED', 'random')})")
    print(f"{'format':8} {'games':>5} {'wins':>5} {'reading':>9} {'scoring':>9} {'ratio':>6} {'checking':>9}")
    games_all, wins_all, spent = 0, 0, dict.fromkeys(SIDES, 0.0)  # instructions over every format's games
    for fmt in formats:
        games = games_of(logs_of(fmt))
        wins = sum(len(r.wins) for g in games for r in g.rounds)
        per = {side: (counts[fmt, side, 2] - counts[fmt, side, 0]) / (2 * len(games)) for side in SIDES}
        _row(fmt, len(games), wins, per)
        games_all, wins_all = games_all + len(games), wins_all + wins
        for side in SIDES:
            spent[side] += per[side] * len(games)
    if len(formats) > 1:
        _row("all", games_all, wins_all, {side: spent[side] / games_all for side in SIDES})
    print("; ".join(f"{side}: {what}" for side, what in SIDES.items()))


def _row(name: str, games: int, wins: int, per: dict[str, float]) -> None:
    m = {side: f"{per[side] / 1e6:7.3f} M" for side in SIDES}
    ratio = per["reading"] / per["scoring"]
    print(f"{name:8} {games:5} {wins:5} {m['reading']} {m['scoring']} {ratio:6.2f} {m['checking']}")


def _child(fmt: str, side: str, loops: int) -> None:
    logs = logs_of(fmt)
    games = games_of(logs)
    _score_wins(games)  # the warm-up: imports, and the scoring's per-pattern tables filled
    _check_all(games)
    work = {
        "reading": lambda: [read_bytes(d, f) for f, d in logs],
        "scoring": lambda: _score_wins(games),
        "checking": lambda: _check_all(games),
    }[side]
    for _ in range(loops):
        work()


# ---- wall time -----------------------------------------------------------------------------------------------------
def _wall(formats: list[str], args: argparse.Namespace) -> None:
    # reading vs checking, in this process, format by format: the sides take turns on each chunk of games
    # (bench/timing.py), so a slow spell of the shared machine costs them alike
    print(f"best of {args.repeat}, ms a game; reading: {SIDES['reading']}")
    print(f"{'format':8} {'games':>5} {'rounds':>6} {'wins':>5} {'reading':>8} {'scoring':>8} {'ratio':>6} "
          f"{'checking':>8} {'reading share':>14}")  # fmt: skip
    for fmt in formats:
        logs = logs_of(fmt)
        games = games_of(logs)
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
        read, scored, checked = (1000 / rates[k] for k in ("reading", "scoring", "checking"))
        wins = sum(len(r.wins) for g in games for r in g.rounds)
        rounds = sum(len(g.rounds) for g in games)
        print(f"{fmt:8} {len(games):5} {rounds:6} {wins:5} {read:8.3f} {scored:8.3f} {read / scored:6.2f} "
              f"{checked:8.3f} {100 * read / (read + checked):12.1f} %")  # fmt: skip
    print("(reading share: of reading and checking a game)")
    print()
    # the product's own path, in a fresh process for each number of jobs: `suanfan log check --json --jobs N` on the
    # logs named --copies times (imports, warm-up, the pool's start and the results' way back all counted); the CPU
    # seconds of all its processes show what spreading the work costs, whatever the machine's load
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for fmt in formats:
            if fmt == "mjai":
                for f, data in logs_of("mjai"):
                    Path(tmp, Path(f).name).write_bytes(data)
                paths.append(tmp)
            else:
                paths.append(str(DATA / fmt))
        print(f"suanfan log check of {', '.join(formats)} x {args.copies}")
        print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
        print(f"{'jobs':>5} {'seconds':>8} {'games/s':>9} {'wins/s':>9} {'cpu s':>7}")
        for jobs in sorted({1, args.jobs}):
            took, cpu, summary = _cli_check(jobs, paths * args.copies)
            games, wins = summary["games"], summary["wins"]
            print(f"{jobs:>5} {took:8.2f} {games / took:9.1f} {wins / took:9.1f} {cpu:7.2f}")


def _cli_check(jobs: int, paths: list[str]) -> tuple[float, float, dict]:
    """Wall seconds, CPU seconds (every process) and the summary of one `suanfan log check` run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    cli = [sys.executable, "-c", "from suanfan.cli import main; main()"]
    cmd = [*cli, "log", "check", "--json", "--jobs", str(jobs), *paths]
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return took, cpu, json.loads(out.splitlines()[-1])["summary"]


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
    except Exception:  # a log the reader refuses (none in the test logs today)
        return []


if __name__ == "__main__":
    main()
