"""Waits and shanten (src/suanfan/waits.py).

1. The cases of tests/data/core_waits.json (derived by hand).
2. Properties against the ``mahjong`` library (a test-only oracle) on random 13- and 14-tile hands, closed and with
   melds (then 10/11, 7/8, 4/5, 1/2 concealed tiles, which the library reads as "the rest is declared"):
   - our waits are exactly the tiles t with fewer than four copies seen (hand + melds) for which
     ``Agari.is_agari(hand + t)`` holds;
   - our shanten equals ``Shanten.calculate_shanten`` (regular, seven pairs and thirteen orphans; only the regular
     form with melds), and each form's shanten equals the library's for that form.
3. The knitted forms (全不靠, 七星不靠, 组合龙 with a set and a pair, closed or with one meld) against PyMahjongGB's
   per-form shanten and useful tiles.

Tiles held four times count as the library counts them (``1111m234p567s789s`` is 1-shanten: the tanki on 1m cannot
come; it has no waits).
"""

from __future__ import annotations

import json
from pathlib import Path

import MahjongGB
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from suanfan import InputError
from suanfan.hand import TILES_108, Hand
from suanfan.shapes import KNITTED_PATTERNS, readings
from suanfan.tiles import YAOCHU, format_tiles, kind
from suanfan.waits import regular_shanten, seven_pairs_shanten, shanten, thirteen_orphans_shanten, waits

DATA = json.loads((Path(__file__).parent / "data" / "core_waits.json").read_text(encoding="utf-8"))
CASES = DATA["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_waits(case: dict) -> None:
    hand = Hand.build(case["hand"], None, case.get("melds", ()), waiting=True)
    assert format_tiles(waits(hand, **case.get("forms", {}))) == case["waits"]
    if "shanten" in case:
        assert shanten(hand) == case["shanten"]


def test_waits_restricted_to_a_tile_set() -> None:
    """A rule set passes its own kinds: under 108 tiles the honor waits are gone."""
    hand = Hand.build("55m456p789s11122s", None, (), waiting=True, tile_set=TILES_108)
    assert format_tiles(waits(hand)) == "5m2s"
    hand = Hand.build("55m456p789s11122z", None, (), waiting=True)
    assert format_tiles(waits(hand, kinds=sorted(TILES_108.kinds))) == "5m"


def test_shanten_of_complete_hands() -> None:
    for text in ("123m456p789s11222z", "1122m3344p5566s77z", "119m19p19s1234567z"):
        assert shanten(Hand.build(text)) == -1


def test_shanten_forms_switched_off() -> None:
    hand = Hand.build("1122m3344p5566s7z", None, (), waiting=True)
    assert shanten(hand) == 0
    assert shanten(hand, seven_pairs=False) == regular_shanten(hand.counts) > 0
    hand = Hand.build("19m19p19s1234567z", None, (), waiting=True)
    assert shanten(hand, thirteen_orphans=False, seven_pairs=False) == regular_shanten(hand.counts) > 0


# ---- properties against the mahjong library ----------------------------------------------------------------------

SETS = [("chi", s * 9 + i) for s in range(3) for i in range(7)] + [("pon", t) for t in range(34)]


def _meld_text(k: str, t: int) -> str:
    return f"chi:{format_tiles([t, t + 1, t + 2])}" if k == "chi" else f"pon:{format_tiles([t] * 3)}"


@st.composite
def hands(draw) -> tuple[list[int], list[str]]:
    """13- or 14-tile hands (melds count three each): random, near-complete, or from a few kinds (many fours)."""
    n_melds = draw(st.sampled_from([0, 0, 0, 1, 2, 3, 4]))
    melds = [_meld_text(*draw(st.sampled_from(SETS))) for _ in range(n_melds)]
    size = draw(st.sampled_from([13, 14])) - 3 * n_melds
    how = draw(st.sampled_from(["random", "near", "near", "few_kinds"]))
    if how == "random":
        tiles = [i // 4 for i in draw(st.lists(st.integers(0, 135), min_size=size, max_size=size, unique=True))]
    elif how == "few_kinds":
        kinds = draw(st.lists(st.integers(0, 33), min_size=4, max_size=6, unique=True))
        picks = draw(st.lists(st.integers(0, 4 * len(kinds) - 1), min_size=size, max_size=size, unique=True))
        tiles = [kinds[i // 4] for i in picks]
    else:  # sets and a pair, then tiles dropped or changed
        tiles = []
        while len(tiles) < size + 2:
            k, t = draw(st.sampled_from(SETS))
            tiles.extend([t, t + 1, t + 2] if k == "chi" else [t, t, t])
        pair = draw(st.integers(0, 33))
        tiles = [pair, pair, *tiles][: size + 1]
        tiles.pop(draw(st.integers(0, len(tiles) - 1)))
        if draw(st.booleans()):
            tiles[draw(st.integers(0, len(tiles) - 1))] = draw(st.integers(0, 33))
    return tiles, melds


def _check(tiles: list[int], melds: list[str]) -> None:
    waiting = len(tiles) + 3 * len(melds) == 13
    try:
        hand = Hand.build(format_tiles(tiles), None, melds, waiting=waiting)
    except InputError:
        return  # a fifth copy: not a hand
    counts = hand.counts
    closed = not melds
    oracle = Shanten.calculate_shanten(counts, use_chiitoitsu=closed, use_kokushi=closed)
    ours = shanten(hand)
    where = (format_tiles(tiles), melds)
    assert ours == oracle, (where, ours, oracle)
    ours_regular = regular_shanten(counts, len(melds))
    oracle_regular = Shanten.calculate_shanten_for_regular_hand(counts)
    assert ours_regular == oracle_regular, where
    if closed:
        assert seven_pairs_shanten(counts) == Shanten.calculate_shanten_for_chiitoitsu_hand(counts), where
        assert thirteen_orphans_shanten(counts) == Shanten.calculate_shanten_for_kokushi_hand(counts), where
    if not waiting:
        return
    seen = list(counts)
    for m in hand.melds:
        for t in m.tiles:
            seen[kind(t)] += 1
    expected = []
    for t in range(34):
        if seen[t] < 4:
            counts[t] += 1
            if Agari.is_agari(counts):
                expected.append(t)
            counts[t] -= 1
    assert waits(hand) == expected, where
    _check_readings_agree(hand, seen, expected, seven_pairs=True, thirteen_orphans=True)  # mahjong's forms
    if expected:
        assert oracle == 0, where
    elif closed and oracle == 0:
        # tenpai for the library, yet no tile completes: only when every wait is held four times
        assert any(n == 4 for n in counts), where


@settings(max_examples=700, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_against_mahjong(hand) -> None:
    _check(*hand)


@pytest.mark.slow
@settings(max_examples=6000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_against_mahjong_slow(hand) -> None:
    _check(*hand)


def test_thirteen_orphans_shanten_by_hand() -> None:
    """13 − kinds of 幺九 held − 1 if one of them is paired."""
    counts = [0] * 34
    for t in YAOCHU[:10]:
        counts[t] = 1
    counts[0] = 2
    counts[5] = 1
    assert thirteen_orphans_shanten(counts) == 13 - 10 - 1


# ---- knitted forms (MCR) against PyMahjongGB ----------------------------------------------------------------------
# PyMahjongGB (import name MahjongGB, a test-only oracle) gives, per form, the shanten and the useful tiles; at
# shanten 0 the useful tiles are the waits before the four-copies rule, which we apply (tiles seen four times drop).


def _gb_tile(t: int) -> str:
    """MahjongGB names: W characters, B dots, T bamboo, F1-F4 winds E S W N, J1 Red J2 Green J3 White."""
    if t < 27:
        return "WBT"[t // 9] + str(t % 9 + 1)
    if t < 31:
        return f"F{t - 26}"
    return {31: "J3", 32: "J2", 33: "J1"}[t]


_GB_ID = {_gb_tile(t): t for t in range(34)}


@st.composite
def knitted_hands(draw) -> tuple[list[int], list[str]]:
    """Near-knitted hands: 全不靠 / 七星不靠 or 组合龙 + a set + a pair (the set sometimes declared), one tile
    short, sometimes with one tile changed; or random 13 tiles."""
    pattern = list(KNITTED_PATTERNS[draw(st.integers(0, 5))])
    melds: list[str] = []
    shape = draw(st.sampled_from(["honors_knitted", "knitted_straight", "knitted_straight_meld", "random"]))
    if shape == "random":
        return [i // 4 for i in draw(st.lists(st.integers(0, 135), min_size=13, max_size=13, unique=True))], []
    if shape == "honors_knitted":
        tiles = draw(st.permutations(pattern + list(range(27, 34))))[:14]
    else:
        k, t = draw(st.sampled_from(SETS))
        s = [t, t + 1, t + 2] if k == "chi" else [t, t, t]
        pair = draw(st.integers(0, 33))
        if shape == "knitted_straight_meld":
            melds = [_meld_text(k, t)]
            s = []
        tiles = pattern + s + [pair, pair]
    tiles = list(tiles)
    tiles.pop(draw(st.integers(0, len(tiles) - 1)))
    if draw(st.booleans()):
        tiles[draw(st.integers(0, len(tiles) - 1))] = draw(st.integers(0, 33))
    return tiles, melds


def _check_knitted(tiles: list[int], melds: list[str]) -> None:
    try:
        hand = Hand.build(format_tiles(tiles), None, melds, waiting=True)
    except InputError:
        return
    gb = tuple(_gb_tile(t) for t in tiles)
    forms = [MahjongGB.RegularShanten, MahjongGB.KnittedStraightShanten]
    if not melds:
        forms += [
            MahjongGB.SevenPairsShanten,
            MahjongGB.ThirteenOrphansShanten,
            MahjongGB.HonorsAndKnittedTilesShanten,
        ]
    useful: set[int] = set()
    for form in forms:
        n, tiles_ = form(gb)
        if n == 0:
            useful.update(_GB_ID[x] for x in tiles_)
    seen = hand.counts
    for m in hand.melds:
        for t in m.tiles:
            seen[kind(t)] += 1
    expected = sorted(t for t in useful if seen[t] < 4)
    # PyMahjongGB plays MCR: four of a kind counts as two pairs in seven pairs (1111222233445m waits on 4m too)
    assert waits(hand, knitted=True, seven_pairs_kongs=True) == expected, (format_tiles(tiles), melds)
    _check_readings_agree(
        hand, seen, expected, seven_pairs=True, seven_pairs_kongs=True, thirteen_orphans=True, knitted=True
    )


def _check_readings_agree(hand: Hand, seen: list[int], expected: list[int], **forms) -> None:
    """shapes.readings (its own code path) finds a reading exactly for the tiles the oracle says complete."""
    for t in range(34):
        if seen[t] < 4:
            full = Hand(hand.concealed + (t,), hand.melds, t)
            assert bool(readings(full, **forms)) == (t in expected), (full.text(), hand.melds, t)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(knitted_hands())
def test_knitted_waits_against_mahjonggb(hand) -> None:
    _check_knitted(*hand)


@pytest.mark.slow
@settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(knitted_hands())
def test_knitted_waits_against_mahjonggb_slow(hand) -> None:
    _check_knitted(*hand)
