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


def prepared_hands(hands: list[dict]) -> tuple:
    """(rule set, default options, [(Hand, Context)]): suanfan's input built beforehand, for the scoring timing."""
    from suanfan.hand import Hand, build_context

    rs = suanfan.get_rules("riichi")
    keys = ("rules", "hand", "win", "melds", "options", "flowers")
    prepared = [
        (
            Hand.build(h["hand"], h["win"], h.get("melds", ()), tile_set=rs.tile_set),
            build_context(rs.context_flags, **{k: v for k, v in h.items() if k not in keys}),
        )
        for h in hands
    ]
    return rs, rs.resolve_options(None), prepared


def run(label: str, hands: list[dict], repeat: int) -> dict:
    """Time both libraries on the same hands.

    ``end to end``: suanfan from the contract's hand object (parse, validate, score, result), against the `mahjong`
    library from its own prepared inputs (136-tile arrays, Meld objects, HandConfig: their preparation is not timed).
    ``scoring``: both from prepared inputs (suanfan: a built Hand, Context and options), which is the like-for-like
    comparison of the scoring itself.
    """
    from mahjong.hand_calculating.hand import HandCalculator

    calls = prepared_oracle_calls(hands)
    rs, opts, prepared = prepared_hands(hands)
    best_ours = best_core = best_theirs = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for h in hands:
            suanfan.score_dict(h)
        best_ours = min(best_ours, time.perf_counter() - t0)
        t0 = time.perf_counter()
        for hand, ctx in prepared:
            rs.score(hand, ctx, opts)
        best_core = min(best_core, time.perf_counter() - t0)
        t0 = time.perf_counter()
        for args, kwargs in calls:
            HandCalculator.estimate_hand_value(*args, **kwargs)
        best_theirs = min(best_theirs, time.perf_counter() - t0)
    n = len(hands)
    ours, core, theirs = n / best_ours, n / best_core, n / best_theirs
    print(
        f"{label:<7} {n:>5} hands   mahjong {theirs:>7.0f}/s   suanfan end to end {ours:>7.0f}/s "
        f"({ours / theirs:4.2f}x)   suanfan scoring {core:>7.0f}/s ({core / theirs:4.2f}x)"
    )
    return {"label": label, "hands": n, "suanfan": ours, "suanfan_scoring": core, "mahjong": theirs}


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
