"""Instructions per hand, counted by valgrind, for suanfan and the anchor libraries on the same random hands.

    python bench/instructions.py [--hands 300] [--only riichi|mcr] [--group GROUP] [--suanfan-only] [--src DIR]

Wall-clock timings on a small shared machine move by up to 2x between runs; instruction counts do not (the same
program on the same input executes the same instructions, whatever else the machine is doing). Each measurement
runs a child process under ``valgrind --tool=callgrind`` twice, once scoring the hands 0 times and once 2 times, after
the same warm-up (imports, input preparation, one untimed pass that fills suanfan's per-pattern tables), with the
garbage collector off for the timed passes (after a collection and ``gc.freeze()``), and divides the difference by
the number of hands scored. The hands and the prepared inputs are those of bench_riichi.py and bench_mcr.py: "end to end" starts from the hand as text (suanfan: the contract's hand object;
mahjong: the same mpsz strings through its own converters, bench_riichi.from_text), "scoring" from prepared inputs
(suanfan: a built Hand and Context; the anchors: their own prepared arguments). PyMahjongGB has no text reader of
mpsz, so its one column is the prepared call.

``--group`` counts one Riichi row (closed, open, kong or mixed); ``--suanfan-only`` counts only suanfan's two columns
(then fewer than 129 hands are fine: the limit is the ``mahjong`` anchor's cache); ``--src DIR`` counts the suanfan
package under DIR (another checkout's ``src``) with this harness on the same hands, to compare commits, e.g. in a
bisection: ``git worktree add --detach /tmp/old COMMIT`` then ``--src /tmp/old/src``.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

RIICHI_GROUPS = ("closed", "open", "kong", "mixed")
SIDES = ("anchor", "anchor_text", "end_to_end", "scoring")


def _riichi_work(group: str, side: str, n: int):
    import bench_riichi

    import riichi_gen
    import suanfan

    rnd = random.Random(1)
    modes = list(riichi_gen.MODES) if group == "mixed" else [group]
    hands = [riichi_gen.random_hand(rnd, rnd.choice(modes)) for _ in range(n)]
    if side == "anchor":
        from mahjong.hand_calculating.hand import HandCalculator

        calls = bench_riichi.prepared_oracle_calls(hands)
        return lambda: [HandCalculator.estimate_hand_value(*a, **k) for a, k in calls]
    if side == "anchor_text":
        return lambda: [bench_riichi.from_text(h) for h in hands]
    if side == "end_to_end":
        return lambda: [suanfan.score_dict(h) for h in hands]
    rs, opts, prepared = bench_riichi.prepared_hands(hands)
    return lambda: [rs.score(hand, ctx, opts) for hand, ctx in prepared]


def _mcr_work(side: str, n: int):
    import bench_mcr

    import suanfan
    from test_mcr_oracle import random_hand

    rng = random.Random(1)
    hands = [{"rules": "mcr", **random_hand(rng)} for _ in range(n)]
    if side == "anchor":
        from MahjongGB import MahjongFanCalculator

        oargs = [bench_mcr.oracle_args(h) for h in hands]
        return lambda: [MahjongFanCalculator(*a) for a in oargs]
    if side == "end_to_end":
        return lambda: [suanfan.score_dict(h) for h in hands]
    rs, prepared = bench_mcr.prepared_hands(hands)
    return lambda: [rs.score(hand, ctx, opts) for hand, ctx, opts in prepared]


def child(rules: str, group: str, side: str, hands: int, loops: int) -> None:
    work = _riichi_work(group, side, hands) if rules == "riichi" else _mcr_work(side, hands)
    work()  # warm-up, in both runs: imports, per-pattern tables
    # The collector off for the timed loops: when a collection falls depends on every allocation since the start, so
    # one collection more or less in a loop (of everything allocated so far, the warm-up's too) moves a row by tens
    # of thousands of instructions. Collected and frozen first, so both runs start the loops from the same heap.
    gc.collect()
    gc.freeze()
    gc.disable()
    for _ in range(loops):
        work()


def count(rules: str, group: str, side: str, hands: int) -> float:
    """Instructions per hand for one side: the difference of a 2-loop and a 0-loop run under callgrind."""

    def total(loops: int) -> int:
        cmd = [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--child",
            rules,
            group,
            side,
            str(hands),
            str(loops),
        ]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stderr
        line = next(x for x in out.splitlines() if "Collected" in x)
        return int(line.split()[-1])

    with ThreadPoolExecutor(2) as pool:
        zero, two = pool.map(total, (0, 2))
    return (two - zero) / (2 * hands)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        rules, group, side, hands, loops = sys.argv[2:7]
        child(rules, group, side, int(hands), int(loops))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--only", choices=("riichi", "mcr"))
    ap.add_argument("--group", choices=RIICHI_GROUPS, help="one Riichi row (implies --only riichi)")
    ap.add_argument("--suanfan-only", action="store_true", help="count suanfan's columns only, not the anchors'")
    ap.add_argument("--src", type=Path, help="count the suanfan package under this directory (a checkout's src)")
    args = ap.parse_args()
    if args.group and args.only == "mcr":
        sys.exit("--group is a Riichi row: it cannot go with --only mcr")
    only = "riichi" if args.group else args.only
    if args.hands <= 128 and only != "mcr" and not args.suanfan_only:
        # mahjong keeps the last 128 hand divisions (HandDivider._divide_hand_impl, an lru_cache): with 128 hands or
        # fewer every timed pass would find its hands there, and its count would leave out the division
        sys.exit(
            "--hands must be above 128 for Riichi: mahjong caches the last 128 hands it divided "
            "(or give --suanfan-only)"
        )
    if args.src is not None:
        if not (args.src / "suanfan" / "__init__.py").is_file():
            sys.exit(f"--src {args.src}: no suanfan package there (give a checkout's src directory)")
        # the children find this suanfan first (PYTHONPATH comes before the installed package)
        os.environ["PYTHONPATH"] = os.pathsep.join(
            filter(None, [str(args.src.resolve()), os.environ.get("PYTHONPATH")])
        )
    if not shutil.which("valgrind"):
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    runs = []
    if only != "mcr":
        runs += [("riichi", g, "mahjong 2.1.0") for g in RIICHI_GROUPS if args.group in (None, g)]
    if only != "riichi":
        runs.append(("mcr", "mixed", "PyMahjongGB"))
    source = f"; suanfan from {args.src}" if args.src is not None else ""
    if args.suanfan_only:
        print(f"suanfan instructions per hand ({args.hands} random hands, seed 1{source})")
    else:
        print(f"instructions per hand ({args.hands} random hands, seed 1{source}); ratio = anchor / suanfan")
    for rules, group, anchor_name in runs:
        if args.suanfan_only:
            e2e, scoring = (count(rules, group, side, args.hands) for side in ("end_to_end", "scoring"))
            print(
                f"{rules:<6} {group:<7} end to end: suanfan {e2e:>9,.0f}   scoring: suanfan {scoring:>9,.0f}",
                flush=True,
            )
            continue
        sides = SIDES if rules == "riichi" else ("anchor", "end_to_end", "scoring")
        got = dict(zip(sides, (count(rules, group, side, args.hands) for side in sides), strict=True))
        anchor, e2e, scoring = got["anchor"], got["end_to_end"], got["scoring"]
        text = got.get("anchor_text", anchor)
        print(
            f"{rules:<6} {group:<7} end to end: {anchor_name} {text:>9,.0f}  suanfan {e2e:>9,.0f} ({text / e2e:.2f}x)"
            f"   scoring: {anchor_name} {anchor:>9,.0f}  suanfan {scoring:>9,.0f} ({anchor / scoring:.2f}x)",
            flush=True,
        )


if __name__ == "__main__":
    main()
