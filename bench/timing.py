"""Side-by-side timing for the benchmarks: every side on the same hands, in turn, in one process.

Wall clock on a small shared machine moves by up to 2x between seconds. So the hands are timed in chunks and the
sides take turns on each chunk; a chunk's time for a side is its best over the repeats, and a side's time is the sum
of its chunks' bests. A slow spell then costs one chunk one repeat, not a whole side's run. The garbage collector is
off while the clock runs (as timeit has it), so a collection is not charged to whichever side set it off.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable


def race(sides: dict[str, tuple], repeat: int, chunk: int = 100, before: Callable[[], object] | None = None) -> dict:
    """Hands per second of each side. ``sides``: name -> (run, items), where ``run(items[i:j])`` scores those items;
    every side's items are the same hands (in its own prepared form), so they have the same length. ``before`` runs
    untimed before each chunk of each side (to empty a library's cache of the hands it has seen: each chunk's hands
    are timed several times, which a cache keyed by the whole hand would answer from memory)."""
    n = {len(items) for _, items in sides.values()}
    if len(n) != 1:
        raise ValueError(f"the sides have different numbers of hands: {sorted(n)}")
    total = n.pop()
    starts = range(0, total, chunk)
    best = {name: [float("inf")] * len(starts) for name in sides}
    clock = time.perf_counter
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            for c, start in enumerate(starts):
                for name, (run, items) in sides.items():
                    part = items[start : start + chunk]
                    if before is not None:
                        before()
                    t0 = clock()
                    run(part)
                    took = clock() - t0
                    if took < best[name][c]:
                        best[name][c] = took
        finally:
            gc.enable()
    return {name: total / sum(times) for name, times in best.items()}
