"""MCR: suanfan against PyMahjongGB (C++) on the same random winning hands, in one run.

    .venv/bin/python bench/bench_mcr.py [--hands 5000] [--seed 1] [--repeat 3] [--profile]

PyMahjongGB gets its own input tuples, prepared before timing. suanfan is timed two ways:

- ``end to end``: from the contract's hand dict, parsing and validation included, as ``suanfan.score_dict`` does for
  every caller;
- ``scoring``: ``rules.score(hand, ctx, opts)`` from a ``Hand``, ``Context`` and options built before timing (as
  bench_riichi.py does), the like-for-like comparison of the scoring itself.

The sides take turns on chunks of the hands, each chunk's best of ``--repeat`` counted (bench/timing.py); an untimed
first pass fills suanfan's per-pattern tables, as a long-lived process has them.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import race  # noqa: E402

import suanfan  # noqa: E402
from suanfan.api import HAND_KEYS  # noqa: E402
from suanfan.hand import Hand, build_context  # noqa: E402
from test_mcr_oracle import WINDS, oracle_tile, random_hand  # noqa: E402


def oracle_args(h: dict) -> tuple:
    win = suanfan.tiles.parse_tile(h["win"])
    standing = suanfan.tiles.parse_tiles(h["hand"])
    standing.remove(win)
    packs = []
    for i, m in enumerate(h["melds"]):
        kind_, text = m.split(":")
        ts = suanfan.tiles.parse_tiles(text)
        if kind_ == "chi":
            packs.append(("CHI", oracle_tile(min(ts) + 1), 1 + i % 3))
        elif kind_ == "pon":
            packs.append(("PENG", oracle_tile(ts[0]), 1 + i % 3))
        else:
            packs.append(("GANG", oracle_tile(ts[0]), 0 if kind_ == "ankan" else 1 + i % 3))
    tsumo = bool(h.get("tsumo") or h.get("haitei") or h.get("rinshan"))
    return (
        tuple(packs),
        tuple(oracle_tile(t) for t in standing),
        oracle_tile(win),
        h.get("flowers", 0),
        tsumo,
        bool(h.get("last_copy")),
        bool(h.get("rinshan") or h.get("chankan")),
        bool(h.get("haitei") or h.get("houtei")),
        WINDS.index(h["seat_wind"]),
        WINDS.index(h["round_wind"]),
    )


def prepared_hands(hands: list[dict]) -> tuple:
    """(rule set, [(Hand, Context, options)]): suanfan's input built beforehand, for the scoring timing."""
    rs = suanfan.get_rules("mcr")
    prepared = [
        (
            Hand.build(h["hand"], h["win"], h.get("melds", ()), h.get("flowers"), tile_set=rs.tile_set),
            build_context(rs.context_flags, **{k: v for k, v in h.items() if k not in HAND_KEYS}),
            rs.resolve_options(h.get("options")),
        )
        for h in hands
    ]
    return rs, prepared


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="runs of each; the best is reported")
    ap.add_argument("--profile", action="store_true", help="profile the suanfan side with pyinstrument")
    args = ap.parse_args()
    from MahjongGB import MahjongFanCalculator

    rng = random.Random(args.seed)
    hands = [{"rules": "mcr", **random_hand(rng)} for _ in range(args.hands)]
    oargs = [oracle_args(h) for h in hands]
    suanfan.score_dict(hands[0])  # import and registry warm-up, not timed
    rs, prepared = prepared_hands(hands)

    def theirs(part):
        for a in part:
            MahjongFanCalculator(*a)

    def ours(part):
        for h in part:
            score_dict(h)

    def ours_scoring(part):
        for hand, ctx, opts in part:
            score(hand, ctx, opts)

    score, score_dict = rs.score, suanfan.score_dict
    ours(hands)  # the first pass fills suanfan's per-pattern tables, as a long-lived process has them
    rate = race({"gb": (theirs, oargs), "sf": (ours, hands), "core": (ours_scoring, prepared)}, args.repeat)
    if args.profile:
        from pyinstrument import Profiler

        profiler = Profiler()
        profiler.start()
        ours(hands)
        profiler.stop()
        print(profiler.output_text(unicode=True, color=False))

    gb, sf, core = rate["gb"], rate["sf"], rate["core"]
    print(
        f"{len(hands)} random MCR winning hands (seed {args.seed}), best of {args.repeat} per chunk (bench/timing.py)"
    )
    print(f"{'':24} {'hands/s':>10}   suanfan / PyMahjongGB")
    print(f"{'PyMahjongGB':24} {gb:10.0f}")
    print(f"{'suanfan end to end':24} {sf:10.0f}   {sf / gb:.3f} (1/{gb / sf:.1f})")
    print(f"{'suanfan scoring':24} {core:10.0f}   {core / gb:.3f} (1/{gb / core:.1f})")


if __name__ == "__main__":
    main()
