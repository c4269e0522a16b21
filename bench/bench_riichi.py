"""Riichi: suanfan against the `mahjong` library on the same random hands, in one run.

    python bench/bench_riichi.py [--hands 2000] [--seed 1]

Hands come from tests/riichi_gen.py (closed, open, kong, seven pairs, rare yaku). Both libraries get their input
prepared beforehand (suanfan: the contract's hand object, parsed as a user would pass it; mahjong: 136-tile arrays,
melds and a HandConfig), so the timing covers scoring only. Prints hands per second for each and the ratio.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import riichi_gen  # noqa: E402
import suanfan  # noqa: E402


def prepared_oracle_calls(hands: list[dict]) -> list:
    """Capture the exact arguments riichi_gen.oracle passes to HandCalculator, to time the call alone."""
    from mahjong.hand_calculating.hand import HandCalculator

    calls = []
    real = HandCalculator.estimate_hand_value

    def capture(*args, **kwargs):
        calls.append((args, kwargs))
        return real(*args, **kwargs)

    HandCalculator.estimate_hand_value = staticmethod(capture)
    try:
        for h in hands:
            riichi_gen.oracle(h)
    finally:
        HandCalculator.estimate_hand_value = staticmethod(real)
    return calls


def run(label: str, hands: list[dict], repeat: int) -> dict:
    from mahjong.hand_calculating.hand import HandCalculator

    calls = prepared_oracle_calls(hands)
    best_ours = best_theirs = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for h in hands:
            suanfan.score_dict(h)
        best_ours = min(best_ours, time.perf_counter() - t0)
        t0 = time.perf_counter()
        for args, kwargs in calls:
            HandCalculator.estimate_hand_value(*args, **kwargs)
        best_theirs = min(best_theirs, time.perf_counter() - t0)
    n = len(hands)
    ours, theirs = n / best_ours, n / best_theirs
    print(
        f"{label:<8} {n:>6} hands   suanfan {ours:>9.0f} hands/s   mahjong {theirs:>9.0f} hands/s   "
        f"ratio {ours / theirs:5.2f}x"
    )
    return {"label": label, "hands": n, "suanfan": ours, "mahjong": theirs, "ratio": ours / theirs}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    groups = {"closed": ["closed"], "open": ["open"], "kong": ["kong"], "mixed": list(riichi_gen.MODES)}
    for label, modes in groups.items():
        hands = [riichi_gen.random_hand(rnd, rnd.choice(modes)) for _ in range(args.hands)]
        run(label, hands, args.repeat)


if __name__ == "__main__":
    main()
