"""MCR instructions per hand under valgrind, on hands scored before and on hands never seen before.

    PYTHONHASHSEED=0 python bench/instructions_mcr.py [--hands 200]

``bench/instructions.py`` scores the same hands after an untimed pass over them, so every per-pattern table of MCR
already holds what those hands need: that is a long-lived process meeting hands it has met. This script also counts
the other case, a hand no table has seen: the warm-up scores 1,000 other random hands (seed 2), so the tables hold
what is common, then each of ``--hands`` new ones (seed 1) is scored once. Each count is the difference of a run
that scores and one that does not (same warm-up), under ``valgrind --tool=callgrind``, divided by the hands scored;
the garbage collector is collected, frozen and off for the timed part, as in ``bench/instructions.py``.
"""

from __future__ import annotations

import argparse
import gc
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

WARM_HANDS = 1000


def _work(side: str, seed: int, n: int):
    import bench_mcr

    import suanfan
    from test_mcr_oracle import random_hand

    rng = random.Random(seed)
    hands = [{"rules": "mcr", **random_hand(rng)} for _ in range(n)]
    if side == "end_to_end":
        return lambda: [suanfan.score_dict(h) for h in hands]
    rs, prepared = bench_mcr.prepared_hands(hands)
    return lambda: [rs.score(hand, ctx, opts) for hand, ctx, opts in prepared]


def child(side: str, case: str, hands: int, loops: int) -> None:
    if case == "seen":
        work = _work(side, 1, hands)
        work()  # the hands themselves, untimed: the tables hold them
    else:
        _work(side, 2, WARM_HANDS)()  # other hands: the tables hold what is common
        work = _work(side, 1, hands)
    gc.collect()
    gc.freeze()
    gc.disable()
    for _ in range(loops):
        work()


def count(side: str, case: str, hands: int) -> float:
    loops = 2 if case == "seen" else 1  # a hand not seen before is scored once

    def total(n: int) -> int:
        cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__]
        cmd += ["--child", side, case, str(hands), str(n)]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stderr
        return int(next(x for x in out.splitlines() if "Collected" in x).split()[-1])

    with ThreadPoolExecutor(2) as pool:
        zero, timed = pool.map(total, (0, loops))
    return (timed - zero) / (loops * hands)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        side, case, hands, loops = sys.argv[2:6]
        child(side, case, int(hands), int(loops))
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=200)
    args = ap.parse_args()
    print(f"MCR instructions per hand ({args.hands} random hands, seed 1; unseen after {WARM_HANDS} others, seed 2)")
    for case in ("seen", "unseen"):
        e2e, scoring = (count(side, case, args.hands) for side in ("end_to_end", "scoring"))
        print(f"{case:<7} end to end {e2e:>9,.0f}   scoring {scoring:>9,.0f}", flush=True)


if __name__ == "__main__":
    main()
