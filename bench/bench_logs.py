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

Two more columns, beside those: ``cold``, a first read, which the warm counts leave out (they measure reading with
its caches and tables filled by the warm-up): each game read once in a fresh process, forked after the imports from
a process that has read nothing, less the same fork without the read. ``mahjong``, an anchor: the same wins scored
by the ``mahjong`` library (the one most Riichi tools use), its ``HandCalculator.estimate_hand_value`` called on the
input the tests' converter (``tests/riichi_gen.oracle``) makes of each win's hand with its rule options, counted
the same way as ``scoring`` (2 passes less none, after a warm-up pass), the conversion not counted; ``read/mj`` is
reading (warm) over it. The library has no three-player game, so a three-player win is scored as a four-player
hand (its kita left out): its cost counted, its points not compared. The run also says on how many four-player
wins the library's points are the log's.
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
MORE = {"cold": "each game read once in a fresh process (forked after the imports, nothing read before), less the same fork without the read",
        "mahjong": "its wins scored by the mahjong library (estimate_hand_value on tests/riichi_gen.oracle's input; the conversion not counted)",
        "read/mj": "reading over mahjong"}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--format", choices=FORMATS, help="measure this format alone (default: each of them)")
    ap.add_argument("--copies", type=int, default=10)
    ap.add_argument("--jobs", type=int, default=parallel.cores())
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--instructions", action="store_true", help="count instructions under valgrind instead")
    ap.add_argument("--child", nargs=3, metavar=("FORMAT", "SIDE", "LOOPS"), help=argparse.SUPPRESS)
    ap.add_argument("--cold", metavar="LOGS", help=argparse.SUPPRESS)
    args = ap.parse_args()
    formats = [args.format] if args.format else list(FORMATS)
    if args.child:
        _child(args.child[0], args.child[1], int(args.child[2]))
    elif args.cold:
        _cold_child(args.cold)
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

    runs = [(fmt, side, loops) for fmt in formats for side in (*SIDES, "mahjong") for loops in (0, 2)]
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(2) as pool:
        colds = {fmt: pool.submit(cold_reading, logs_of(fmt), Path(tmp, fmt)) for fmt in formats}
        counts = dict(zip(runs, pool.map(total, runs), strict=True))
        cold = {fmt: future.result() for fmt, future in colds.items()}
    print(f"instructions a game, counted by callgrind (PYTHONHASHSEED={os.environ.get('PYTHONHASHSEED', 'random')})")
    print(f"{'format':8} {'games':>5} {'wins':>5} {'reading':>9} {'scoring':>9} {'ratio':>6} {'checking':>9}"
          f" {'cold':>9} {'mahjong':>9} {'read/mj':>7}")  # fmt: skip
    games_all, wins_all, spent = 0, 0, dict.fromkeys((*SIDES, "cold", "mahjong"), 0.0)  # over every format's games
    agree = {"four": 0, "agree": 0, "three": 0}
    for fmt in formats:
        games = games_of(logs_of(fmt))
        wins = sum(len(r.wins) for g in games for r in g.rounds)
        per = {side: (counts[fmt, side, 2] - counts[fmt, side, 0]) / (2 * len(games)) for side in (*SIDES, "mahjong")}
        per["cold"] = cold[fmt]
        _row(fmt, len(games), wins, per)
        games_all, wins_all = games_all + len(games), wins_all + wins
        for side in spent:
            spent[side] += per[side] * len(games)
        for key, n in mahjong_agreement(games).items():
            agree[key] += n
    if len(formats) > 1:
        _row("all", games_all, wins_all, {side: spent[side] / games_all for side in spent})
    print("; ".join(f"{side}: {what}" for side, what in SIDES.items()))
    print("; ".join(f"{side}: {what}" for side, what in MORE.items()))
    print(
        f"the mahjong library's points are the log's on {agree['agree']} of the {agree['four']} four-player wins; "
        f"the {agree['three']} three-player wins it scores as four-player hands (it has no three-player game, no "
        "kita): counted, not compared"
    )


def _row(name: str, games: int, wins: int, per: dict[str, float]) -> None:
    m = {side: f"{per[side] / 1e6:7.3f} M" for side in per}
    ratio = per["reading"] / per["scoring"]
    more = f" {m['cold']} {m['mahjong']} {per['reading'] / per['mahjong']:7.2f}" if "cold" in per else ""
    print(f"{name:8} {games:5} {wins:5} {m['reading']} {m['scoring']} {ratio:6.2f} {m['checking']}{more}")


def _child(fmt: str, side: str, loops: int) -> None:
    logs = logs_of(fmt)
    games = games_of(logs)
    if side == "mahjong":  # the library's own warm-up: every win converted and scored once
        calls = [call for call, _ in mahjong_calls(games)]
        estimate = _estimate()
        for _ in range(loops):
            for args, kwargs in calls:
                estimate(*args, **kwargs)
        return
    _score_wins(games)  # the warm-up: imports, and the scoring's per-pattern tables filled
    _check_all(games)
    work = {
        "reading": lambda: [read_bytes(d, f) for f, d in logs],
        "scoring": lambda: _score_wins(games),
        "checking": lambda: _check_all(games),
    }[side]
    for _ in range(loops):
        work()


# ---- a cold first read ---------------------------------------------------------------------------------------------
def cold_reading(logs: list[tuple[str, bytes]], where: Path) -> float:
    """Instructions a game of reading each game once in a fresh process: one process under callgrind imports the
    readers, loads the logs' bytes (read by nothing) and, for each game, forks a child that reads it and exits and
    one that exits at once; a forked child's count includes its parent's up to the fork, so each game's cost is the
    difference of its two children (and the parent's few thousand instructions between the two forks)."""
    import pickle
    import re

    where.write_bytes(pickle.dumps(logs))
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__, "--cold"]
    out = subprocess.run([*cmd, str(where)], capture_output=True, text=True, check=True)
    collected = {int(pid): int(n) for pid, n in re.findall(r"==(\d+)== Collected : (\d+)", out.stderr)}
    pairs = [tuple(map(int, line.split())) for line in out.stdout.splitlines()]
    assert len(pairs) == len(logs), out.stdout
    return sum(collected[read] - collected[bare] for bare, read in pairs) / len(pairs)


def _cold_child(where: str) -> None:
    # the imports (every module reading imports, the three readers' too, which read_bytes imports when first asked)
    import pickle

    from suanfan.logs import mjai, tenhou, tenhou6  # noqa: F401

    logs = pickle.loads(Path(where).read_bytes())
    for f, data in logs:
        bare = _forked(lambda: None)
        read = _forked(lambda f=f, data=data: read_bytes(data, f))  # the games made, then freed, as in the warm count
        print(bare, read)


def _forked(work) -> int:
    """Run work in a forked child, which exits at once after it (no interpreter shutdown); its pid. A child whose
    work failed fails the run (its count would be of a read cut short)."""
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            work()
            code = 0
        except BaseException:
            import traceback

            traceback.print_exc()
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"the cold read's child {pid} failed")
    return pid


# ---- the anchor: the `mahjong` library scoring the same wins -------------------------------------------------------
def _estimate():
    from mahjong.hand_calculating.hand import HandCalculator

    return HandCalculator.estimate_hand_value


def mahjong_calls(games: list) -> list[tuple[tuple[tuple, dict], object]]:
    """Every win of the games as the `mahjong` library's input and its answer: the arguments tests/riichi_gen.oracle
    (the tests' converter of a contract hand object, given the win's rule options) passes to estimate_hand_value,
    caught on their way, so the bench can call the library on them alone."""
    from mahjong.hand_calculating.hand import HandCalculator

    import riichi_gen

    real = HandCalculator.estimate_hand_value
    calls = []

    def catch(*args, **kwargs):
        calls.append((args, kwargs))
        return real(*args, **kwargs)

    HandCalculator.estimate_hand_value = staticmethod(catch)
    try:
        answers = [riichi_gen.oracle(w.hand, w.hand.get("options")) for g in games for r in g.rounds for w in r.wins]
    finally:
        HandCalculator.estimate_hand_value = staticmethod(real)
    return list(zip(calls, answers, strict=True))


def mahjong_points(hand: dict, answer) -> int:
    """The points of a four-player win as the `mahjong` library's answer gives them (what the log's AGARI ``ten``,
    and ``Win.points``, hold): a ron's payment, or a self-draw's payments added, without honba and sticks."""
    cost = answer.cost
    if not hand.get("tsumo"):
        return cost["main"]
    if hand.get("seat_wind", "E") == "E":
        return 3 * cost["main"]
    return cost["main"] + 2 * cost["additional"]


def mahjong_agreement(games: list) -> dict[str, int]:
    """On how many four-player wins the library's points are the log's; how many wins are three-player."""
    found = {"four": 0, "agree": 0, "three": 0}
    wins = [w for g in games for r in g.rounds for w in r.wins]
    for w, (_, answer) in zip(wins, mahjong_calls(games), strict=True):
        if w.hand.get("options", {}).get("players") == 3:
            found["three"] += 1
        else:
            found["four"] += 1
            found["agree"] += not answer.error and mahjong_points(w.hand, answer) == w.points
    return found


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
