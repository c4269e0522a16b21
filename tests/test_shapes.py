"""Readings of complete hands (src/suanfan/shapes.py).

1. The cases of tests/data/core_readings.json (decompositions and wait kinds derived by hand).
2. Properties against the ``mahjong`` library (a test-only oracle) on random complete and near-complete hands:
   our decompositions are exactly ``HandDivider.divide_hand``'s, every place of the winning tile is one reading with
   the wait its block gives, and "is complete" agrees with ``Agari.is_agari`` and with the library's shanten of -1
   for each form (regular, seven pairs, thirteen orphans).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari
from mahjong.hand_calculating.divider import HandDivider
from mahjong.meld import Meld as OracleMeld
from mahjong.shanten import Shanten

from suanfan import InputError
from suanfan.hand import TILES_144, Hand
from suanfan.shapes import (
    CHOW,
    KNITTED_PATTERNS,
    KONG,
    PAIR,
    PUNG,
    Reading,
    divisions,
    is_honors_knitted,
    is_regular_complete,
    is_seven_pairs,
    is_thirteen_orphans,
    readings,
)
from suanfan.tiles import YAOCHU, counts34, format_tiles, kind, parse_tiles, tile_name

DATA = json.loads((Path(__file__).parent / "data" / "core_readings.json").read_text(encoding="utf-8"))
CASES = DATA["cases"]
# the forms the cases are read with unless a case says otherwise (``readings`` itself turns on none of them)
DEFAULT_FORMS = DATA["default_forms"]


def _block_text(b) -> str:
    text = b.text()
    return f"[{text}]" if b.meld is not None else text


def _summary(r: Reading) -> tuple:
    win = _block_text(r.blocks[r.win_block]) if r.win_block is not None else None
    return (r.form, tuple(sorted(_block_text(b) for b in r.blocks)), win, r.wait)


def _check_reading(r: Reading, hand: Hand) -> None:
    """What every reading must satisfy, whatever the hand."""
    if r.form in ("thirteen_orphans", "honors_knitted"):
        assert r.blocks == () and r.win_block is None
        return
    tiles: list[int] = []
    for b in r.blocks:
        if b.meld is None:
            tiles.extend(b.tiles)
    assert sorted(tiles) == sorted(kind(t) for t in hand.concealed)  # the blocks hold exactly the concealed tiles
    assert r.win_block is not None and hand.win_tile is not None
    assert kind(hand.win_tile) in r.blocks[r.win_block].tiles
    assert r.blocks[r.win_block].meld is None  # the winning tile completes a concealed block
    pairs = [b for b in r.blocks if b.kind == PAIR]
    assert len(pairs) == (7 if r.form == "seven_pairs" else 1)
    assert r.pair is pairs[0] and len(r.sets) == len(r.blocks) - len(pairs)
    for b in r.blocks:
        if b.meld is not None:
            assert b.concealed == (b.meld.kind == "ankan")


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_readings(case: dict) -> None:
    hand = Hand.build(case["hand"], case["win"], case.get("melds", ()))
    got = readings(hand, **{**DEFAULT_FORMS, **case.get("forms", {})})
    want = sorted((f, tuple(sorted(b)), w, wait) for f, b, w, wait in case["readings"])
    assert sorted(_summary(r) for r in got) == want
    for r in got:
        _check_reading(r, hand)


def test_waiting_hand_has_readings_without_a_winning_tile() -> None:
    """A hand without a winning tile (``win_tile`` None) still reads: no winning block, no wait."""
    hand = Hand(tuple(Hand.build("111222333m456p77z").concealed), (), None)
    got = readings(hand)
    assert sorted(tuple(sorted(b.text() for b in r.blocks)) for r in got) == [
        ("111m", "222m", "333m", "456p", "77z"),
        ("123m", "123m", "123m", "456p", "77z"),
    ]
    assert all(r.win_block is None and r.wait == "" for r in got)


def test_knitted_patterns() -> None:
    """The six ways to give 147, 258 and 369 to the three suits (组合龙)."""
    texts = sorted(format_tiles(p) for p in KNITTED_PATTERNS)
    assert texts == sorted(
        ["147m258p369s", "147m369p258s", "258m147p369s", "258m369p147s", "369m147p258s", "369m258p147s"]
    )
    assert all(len(p) == 9 for p in KNITTED_PATTERNS)


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("147m258p369s12345z", True),
        ("147m258p3s1234567z", True),  # 七星不靠
        ("147m258p369s11234z", False),  # a pair
        ("147m258p368s12345z", False),  # 8s off the pattern
        ("1m258p369s123456z", False),  # 13 tiles
    ],
)
def test_is_honors_knitted(hand: str, expected: bool) -> None:
    assert is_honors_knitted(counts34(parse_tiles(hand))) == expected


# ---- properties against the mahjong library ----------------------------------------------------------------------

_ORACLE_KIND = {PAIR: 2, PUNG: 1, KONG: 0, CHOW: 3}  # the divider's _BlockType values, to compare blocks


def _blocks_key(blocks) -> tuple:
    return tuple(sorted((b.tile, _ORACLE_KIND[b.kind]) for b in blocks))


def _oracle_block(tiles: list[int]) -> tuple[int, int]:
    if len(tiles) == 4:
        return (tiles[0], 0)
    if len(tiles) == 2:
        return (tiles[0], 2)
    return (tiles[0], 1 if tiles[0] == tiles[1] else 3)


def _wait_by_definition(block: tuple[int, int], win: int) -> str:
    """Wait kinds by their definition (两面 / 嵌张 / 边张 / 双碰 / 单钓)."""
    tile, ty = block
    if ty == 2:
        return "tanki"
    if ty == 1:
        return "shanpon"
    if win == tile + 1:
        return "kanchan"
    if (win == tile + 2 and tile % 9 == 0) or (win == tile and tile % 9 == 6):
        return "penchan"
    return "ryanmen"


def _oracle_meld(kind_: str, t: int) -> OracleMeld:
    if kind_ == "chi":
        return OracleMeld(OracleMeld.CHI, [t * 4, (t + 1) * 4, (t + 2) * 4])
    if kind_ == "pon":
        return OracleMeld(OracleMeld.PON, [t * 4, t * 4 + 1, t * 4 + 2])
    return OracleMeld(OracleMeld.KAN, [t * 4, t * 4 + 1, t * 4 + 2, t * 4 + 3], opened=kind_ == "minkan")


SET_STARTS = [("chow", s * 9 + i) for s in range(3) for i in range(7)] + [("pung", t) for t in range(34)]
ONE_SUIT_STARTS = [("chow", i) for i in range(7)] + [("pung", i) for i in range(9)]


@st.composite
def complete_hands(draw) -> tuple[list[int], list[str], list, int]:
    """Four random sets and a pair (some sets declared as melds), or seven pairs, or thirteen orphans."""
    shape = draw(st.sampled_from(["regular"] * 3 + ["one_suit"] * 3 + ["seven_pairs", "thirteen_orphans"]))
    melds: list[str] = []
    oracle_melds: list = []
    if shape in ("regular", "one_suit"):
        if shape == "regular":
            sets = draw(st.lists(st.sampled_from(SET_STARTS), min_size=4, max_size=4))
            pair = draw(st.integers(0, 33))
        else:  # one suit: the hands with many decompositions (清一色)
            s = draw(st.integers(0, 2)) * 9
            sets = draw(st.lists(st.sampled_from(ONE_SUIT_STARTS), min_size=4, max_size=4))
            sets = [(k, s + t) for k, t in sets]
            pair = s + draw(st.integers(0, 8))
        n_melds = draw(st.integers(0, 4))
        concealed = [pair, pair]
        for i, (k, t) in enumerate(sets):
            tiles = [t, t + 1, t + 2] if k == "chow" else [t, t, t]
            if i < n_melds:
                mk = "chi" if k == "chow" else draw(st.sampled_from(["pon", "pon", "minkan", "ankan"]))
                if mk in ("minkan", "ankan"):
                    tiles = [t] * 4
                melds.append(f"{mk}:{format_tiles(tiles)}")
                oracle_melds.append(_oracle_meld(mk, t))
            else:
                concealed.extend(tiles)
    elif shape == "seven_pairs":
        kinds = draw(st.lists(st.integers(0, 33), min_size=7, max_size=7, unique=True))
        concealed = kinds * 2
    else:
        concealed = list(YAOCHU) + [draw(st.sampled_from(YAOCHU))]
    if draw(st.booleans()):  # one tile changed: mostly incomplete hands, for the negative side
        i = draw(st.integers(0, len(concealed) - 1))
        concealed[i] = draw(st.integers(0, 33))
    win = draw(st.sampled_from(concealed))
    return concealed, melds, oracle_melds, win


def _build_or_none(concealed: list[int], melds: list[str], win: int) -> Hand | None:
    try:
        return Hand.build(format_tiles(concealed), tile_name(win), melds)
    except InputError:
        return None  # five copies: not a hand


def _check_against_oracle(concealed: list[int], melds: list[str], oracle_melds: list, win: int) -> None:
    hand = _build_or_none(concealed, melds, win)
    if hand is None:
        return
    counts = hand.counts
    full = list(counts)
    for m in hand.melds:
        for t in m.tiles:
            full[kind(t)] += 1
    ours = readings(hand, seven_pairs=True, thirteen_orphans=True)  # the forms mahjong's divider reads
    # completeness
    assert bool(ours) == Agari.is_agari(counts), (format_tiles(concealed), melds)
    assert is_regular_complete(counts) == (Shanten.calculate_shanten_for_regular_hand(counts) == -1)
    if not melds:
        assert is_seven_pairs(counts) == (Shanten.calculate_shanten_for_chiitoitsu_hand(counts) == -1)
        assert is_thirteen_orphans(counts) == (Shanten.calculate_shanten_for_kokushi_hand(counts) == -1)
    # decompositions: exactly the divider's (seven pairs included), each with every place of the winning tile
    oracle = HandDivider.divide_hand(full, oracle_melds or None)
    meld_keys = Counter(_oracle_block(m.tiles_34) for m in oracle_melds)
    expected: Counter = Counter()
    for dec in oracle:
        blocks = Counter(_oracle_block(b) for b in dec)
        concealed_blocks = blocks - meld_keys
        key = tuple(sorted(blocks.elements()))
        for b in concealed_blocks:
            if win in _block_tiles(b):
                expected[(key, b, _wait_by_definition(b, win))] += 1
    got: Counter = Counter()
    for r in ours:
        _check_reading(r, hand)
        if r.form in ("regular", "seven_pairs"):
            b = r.blocks[r.win_block]
            got[(_blocks_key(r.blocks), (b.tile, _ORACLE_KIND[b.kind]), r.wait)] += 1
        else:
            assert r.form == "thirteen_orphans" and is_thirteen_orphans(counts)
    assert got == expected, (format_tiles(concealed), melds, tile_name(win))


def _block_tiles(b: tuple[int, int]) -> list[int]:
    tile, ty = b
    return [tile, tile + 1, tile + 2] if ty == 3 else [tile]


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(complete_hands())
def test_readings_against_mahjong(hand) -> None:
    _check_against_oracle(*hand)


@pytest.mark.slow
@settings(max_examples=10000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(complete_hands())
def test_readings_against_mahjong_slow(hand) -> None:
    _check_against_oracle(*hand)


def test_readings_without_a_winning_tile() -> None:
    """A hand built without a winning tile is still read: seven pairs and thirteen orphans say no wait."""
    from suanfan.hand import Hand

    pairs = Hand((0, 0, 2, 2, 13, 13, 15, 15, 19, 19, 26, 26, 33, 33))
    assert [(r.form, r.wait, r.win_block) for r in readings(pairs, seven_pairs=True)] == [("seven_pairs", "", None)]
    orphans = Hand((0, 0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
    assert [(r.form, r.wait) for r in readings(orphans, thirteen_orphans=True)] == [("thirteen_orphans", "")]


MCR_FORMS = {"seven_pairs": True, "seven_pairs_kongs": True, "thirteen_orphans": True, "knitted": True}


def _grouped_readings(hand: Hand) -> list:
    """``readings`` grouped by division by hand: (form, blocks, the winning tile's places in order)."""
    out: dict = {}
    for r in readings(hand, **MCR_FORMS):
        places = out.setdefault((r.form, r.blocks), [])
        if r.win_block is not None:
            places.append(r.win_block)
    return [(form, blocks, tuple(places)) for (form, blocks), places in out.items()]


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(complete_hands())
def test_divisions_are_the_readings_grouped(hand) -> None:
    concealed, melds, _, win = hand
    built = _build_or_none(concealed, melds, win)
    if built is not None:
        assert divisions(built, **MCR_FORMS) == _grouped_readings(built)


@pytest.mark.parametrize(
    "text",
    [
        "147m258p369s12345z",  # 全不靠
        "147m25p36s1234567z",  # 七星不靠
        "147m258p369s456m11z",  # 组合龙 with a chow and a pair
        "147m258p369s11555z",  # 组合龙 with a pung and a pair
        "147m258p369s456m11z:9s",  # won on a tile of the knitted straight
        "147m258p369s11555z:4m",
        "11223344556677m",  # seven pairs, and regular readings too
        "11112233445566m",  # seven pairs with a four of a kind as two pairs (MCR)
        "119m19p19s1234567z",  # thirteen orphans
    ],
)
def test_divisions_of_the_special_forms(text: str) -> None:
    tiles, _, win = text.partition(":")  # the winning tile: the last one written unless given
    hand = Hand.build(tiles, win or None, tile_set=TILES_144)
    got = divisions(hand, **MCR_FORMS)
    assert got and got == _grouped_readings(hand)


@pytest.mark.parametrize(
    ("tiles", "meld", "knitted"),
    [
        ("147m258p369s11z", "pon:555z", True),  # 组合龙 with a melded pung and a pair
        ("147m258p369s11z", "chi:789s", True),
        ("147m258p36s111z", "chi:789s", False),  # 9s only in the meld: no knitted straight in the hand
    ],
)
def test_knitted_straight_beside_a_meld(tiles: str, meld: str, knitted: bool) -> None:
    hand = Hand.build(tiles, None, [meld], tile_set=TILES_144)
    got = divisions(hand, **MCR_FORMS)
    assert got == _grouped_readings(hand)
    assert any(d[0] == "knitted_straight" for d in got) is knitted
