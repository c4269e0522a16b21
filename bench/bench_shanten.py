"""Shanten: suanfan's per-suit tables against the ``mahjong`` library's ``Shanten`` and PyMahjongGB (C++), in one run.

    .venv/bin/python bench/bench_shanten.py [--hands 5000] [--seed 1] [--repeat 3]

The same 13-tile hands for every side (half drawn at random from the 136 tiles, half near complete: sets and a pair
with a tile or two changed), each side given its own prepared input before timing (suanfan and ``mahjong``: the 34
counts; PyMahjongGB: its tile names). Compared like with like:

- Riichi, regular form: ``Shape.regular`` against ``Shanten.calculate_shanten_for_regular_hand``;
- Riichi, all forms (regular, seven pairs, thirteen orphans): ``Shape.shanten`` against ``Shanten.calculate_shanten``;
- MCR, regular form: ``Shape.regular`` against PyMahjongGB's ``RegularShanten``;
- MCR, all five forms: ``Shape.shanten`` against the least of PyMahjongGB's five shanten functions.

The sides take turns on chunks of the hands, each chunk's best of ``--repeat`` counted (bench/timing.py); an untimed
first pass loads suanfan's table (once per process, as a long-lived process has it).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import MahjongGB  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402
from timing import race  # noqa: E402

from suanfan.analysis.forms import FORMS, Shape  # noqa: E402

SETS = [[9 * s + i, 9 * s + i + 1, 9 * s + i + 2] for s in range(3) for i in range(7)] + [[t] * 3 for t in range(34)]


def random_hands(n: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        if len(out) % 2:
            tiles = [i // 4 for i in rng.sample(range(136), 13)]
        else:
            tiles = [t for _ in range(4) for t in rng.choice(SETS)] + [rng.randrange(34)] * 2
            rng.shuffle(tiles)
            tiles = tiles[:13]
            for _ in range(rng.choice((1, 2))):
                tiles[rng.randrange(13)] = rng.randrange(34)
        counts = [tiles.count(k) for k in range(34)]
        if max(counts) <= 4:
            out.append(counts)
    return out


def gb_tile(t: int) -> str:
    if t < 27:
        return "WBT"[t // 9] + str(t % 9 + 1)
    if t < 31:
        return f"F{t - 26}"
    return {31: "J3", 32: "J2", 33: "J1"}[t]


GB_FORMS = (
    MahjongGB.RegularShanten,
    MahjongGB.SevenPairsShanten,
    MahjongGB.ThirteenOrphansShanten,
    MahjongGB.HonorsAndKnittedTilesShanten,
    MahjongGB.KnittedStraightShanten,
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    hands = random_hands(args.hands, args.seed)
    gb_hands = [tuple(gb_tile(t) for t in range(34) for _ in range(c[t])) for c in hands]
    riichi = Shape(FORMS["riichi"], [4] * 34, [0] * 34, 0)
    mcr = Shape(FORMS["mcr"], [4] * 34, [0] * 34, 0)
    for c in hands:  # untimed: the table is read from disk once per process
        riichi.shanten(c)
        mcr.shanten(c)

    def ours(fn):
        def run(items):
            for c in items:
                fn(c)

        return run

    def gb_all(items):
        for h in items:
            min(f(h)[0] for f in GB_FORMS)

    def gb_regular(items):
        for h in items:
            MahjongGB.RegularShanten(h)

    def lib(fn):
        def run(items):
            for c in items:
                fn(c)

        return run

    groups = {
        "Riichi, regular form": {
            "suanfan": (ours(riichi.regular), hands),
            "mahjong": (lib(Shanten.calculate_shanten_for_regular_hand), hands),
        },
        "Riichi, all forms": {
            "suanfan": (ours(riichi.shanten), hands),
            "mahjong": (lib(Shanten.calculate_shanten), hands),
        },
        "MCR, regular form": {
            "suanfan": (ours(mcr.regular), hands),
            "PyMahjongGB": (gb_regular, gb_hands),
        },
        "MCR, all five forms": {
            "suanfan": (ours(mcr.shanten), hands),
            "PyMahjongGB": (gb_all, gb_hands),
        },
    }
    print(f"{len(hands)} hands of 13 tiles (seed {args.seed}), best of {args.repeat} per chunk; hands per second")
    for title, sides in groups.items():
        rates = race(sides, args.repeat)
        names = list(sides)
        ratio = rates[names[0]] / rates[names[1]]
        line = "  ".join(f"{name} {rate:>10,.0f}" for name, rate in rates.items())
        print(f"{title:<22} {line}   suanfan / {names[1]} = {ratio:.2f}")


if __name__ == "__main__":
    main()
