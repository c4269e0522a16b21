"""bench/bench_shanten.py compares like with like: every side reads the same hands, and on them the sides agree (but
where an oracle counts a fifth copy, see test_analysis_shanten)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import bench_shanten  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402

from suanfan.analysis.forms import FORMS, Shape  # noqa: E402


def test_the_sides_read_the_same_hands() -> None:
    hands = bench_shanten.random_hands(300, 1)
    riichi = Shape(FORMS["riichi"], [4] * 34, [0] * 34, 0)
    mcr = Shape(FORMS["mcr"], [4] * 34, [0] * 34, 0)
    agree = 0
    for counts in hands:
        assert sum(counts) == 13 and max(counts) <= 4
        names = tuple(bench_shanten.gb_tile(t) for t in range(34) for _ in range(counts[t]))
        gb = min(f(names)[0] for f in bench_shanten.GB_FORMS)
        ours = mcr.shanten(counts)
        lib = Shanten.calculate_shanten(counts)
        if 4 not in counts:
            assert ours == gb and riichi.shanten(counts) == lib, counts
            agree += 1
        else:
            assert ours >= gb
    assert agree > 250
