"""What adding one round to a saved match costs at different lengths of match: the store's add (the state kept with
the last round: one row read, one round settled) side by side with what it did before (the match replayed from its
first round, then the round settled), in one run, on the same file.

    python bench/bench_match_add.py [--lengths 1,500,1500,3000] [--adds 15]

Each length's match is Riichi with tobi off (the dealer wins every round: the match never ends), imported in one
step; then ``--adds`` rounds are added and undone in turn for each side, and the median time of an add is shown.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from suanfan.match.store import Store

P4 = ["A", "B", "C", "D"]
ROUND = [{"type": "tsumo", "winner": "A", "hand": {"hand": "234m456p678s345s22p", "win": "2p"}}]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lengths", default="1,500,1500,3000")
    ap.add_argument("--adds", type=int, default=15)
    ap.add_argument("--dir", default=None, help="where the temporary match file goes (/dev/shm: no disk waits)")
    args = ap.parse_args()
    lengths = [int(x) for x in args.lengths.split(",")]
    print(f"{'rounds':>7} {'kept state (ms)':>16} {'full replay (ms)':>17}")
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        with Store(Path(tmp) / "bench.sqlite3") as store:
            for n in lengths:
                export = {
                    "format": "suanfan-match", "version": 1, "rules": "riichi", "players": P4,
                    "settings": {"tobi": False}, "rounds": [{"events": ROUND}] * (n - 1),
                }  # fmt: skip
                mid = store.import_(export)
                kept, replay = [], []
                for _ in range(args.adds):
                    t0 = time.perf_counter()
                    store.add_round(mid, ROUND)
                    kept.append(time.perf_counter() - t0)
                    store.undo(mid)
                    t0 = time.perf_counter()
                    store.load(mid).add_round(ROUND)  # the old add: every round replayed, then the new one
                    replay.append(time.perf_counter() - t0)
                print(f"{n:>7} {statistics.median(kept) * 1000:>16.2f} {statistics.median(replay) * 1000:>17.2f}")


if __name__ == "__main__":
    main()
