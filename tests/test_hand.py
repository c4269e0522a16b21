"""Hand validation (Hand.build), melds and the win context (src/suanfan/hand.py), and the input errors of
suanfan.score: the cases of tests/data/core_hands.json, derived by hand from ../shared/CONTRACT.md."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import suanfan
from suanfan import InputError
from suanfan.hand import TILES_108, TILES_136, TILES_144, Context, Hand, Meld, build_context
from suanfan.tiles import format_tiles, tile_name

DATA = json.loads((Path(__file__).parent / "data" / "core_hands.json").read_text(encoding="utf-8"))
TILE_SETS = {"136": TILES_136, "144": TILES_144, "108": TILES_108}
# A hand that scores under riichi (1 han pinfu, 30 fu), so any error below comes from the one field changed.
GOOD = {"hand": "123456m78999p345s", "win": "5s"}


def _build(case: dict) -> Hand:
    return Hand.build(
        case["hand"],
        case.get("win"),
        case.get("melds", ()),
        case.get("flowers"),
        tile_set=TILE_SETS[case.get("tile_set", "136")],
        waiting=case.get("waiting", False),
    )


@pytest.mark.parametrize("case", DATA["valid"], ids=[c["id"] for c in DATA["valid"]])
def test_valid(case: dict) -> None:
    h = _build(case)
    want = case["expect"]
    if "concealed" in want:
        assert h.text() == want["concealed"]
    if "win" in want:
        assert (tile_name(h.win_tile) if h.win_tile is not None else None) == want["win"]
    if "melds" in want:
        assert [str(m) for m in h.melds] == want["melds"]
    if "flowers" in want:
        assert format_tiles(h.flowers) == want["flowers"]
    if "closed" in want:
        assert h.is_closed == want["closed"]
    # the counts are of the concealed tiles (red fives as fives), winning tile included
    assert sum(h.counts) == len(h.concealed)
    assert len(h.all_tiles()) == len(h.concealed) + sum(len(m.tiles) for m in h.melds)


@pytest.mark.parametrize("case", DATA["errors"], ids=[c["id"] for c in DATA["errors"]])
def test_error(case: dict) -> None:
    with pytest.raises(InputError) as e:
        _build(case)
    assert e.value.code == case["code"], e.value.message
    for part in case["mentions"]:
        assert part in e.value.message, (part, e.value.message)
    assert e.value.to_dict() == {"ok": False, "error": {"code": case["code"], "message": e.value.message}}


def test_good_hand_scores() -> None:
    r = suanfan.score(GOOD["hand"], win=GOOD["win"])
    assert r.ok and r.winning


@pytest.mark.parametrize("case", DATA["score_errors"], ids=[c["id"] for c in DATA["score_errors"]])
def test_score_error(case: dict) -> None:
    hand = case.get("hand", GOOD["hand"])
    win = GOOD["win"] if "hand" not in case else None
    with pytest.raises(InputError) as e:
        suanfan.score(hand, win=win, **case["kwargs"])
    assert e.value.code == case["code"], e.value.message
    for part in case["mentions"]:
        assert part in e.value.message, (part, e.value.message)


@pytest.mark.parametrize(("given", "wind"), DATA["winds"])
def test_wind_aliases(given: str, wind: str) -> None:
    ctx = build_context(seat_wind=given, round_wind=given)
    assert (ctx.seat_wind, ctx.round_wind) == (wind, wind)
    assert ctx.is_dealer == (wind == "E")


def test_context() -> None:
    ctx = build_context(("my_flag",), tsumo=True, riichi=None, honba=2, dora_indicators="1m", my_flag=3)
    assert ctx == Context(tsumo=True, honba=2, dora_indicators=(0,), extra={"my_flag": 3})
    assert not build_context(seat_wind="S").is_dealer
    assert build_context().seat_wind == "E" and build_context().round_wind == "E"  # CONTRACT: default E
    with pytest.raises(InputError) as e:
        build_context(my_flag=3)  # a rule set's flag is unknown to the others
    assert e.value.code == "bad_context" and "my_flag" in e.value.message


# (meld, is_kong, is_open, first tile)
MELDS = [
    ("chi:123m", False, True, "1m"),
    ("chi:406s", False, True, "4s"),
    ("pon:777z", False, True, "7z"),
    ("minkan:1111p", True, True, "1p"),
    ("kakan:9999s@R", True, True, "9s"),
    ("ankan:5550m", True, False, "5m"),
]


@pytest.mark.parametrize(("spec", "kong", "open_", "first"), MELDS)
def test_meld(spec: str, kong: bool, open_: bool, first: str) -> None:
    m = Meld.parse(spec)
    assert (m.is_kong, m.is_open, tile_name(m.first)) == (kong, open_, first)
    assert str(m) == spec.replace("5550m", "0555m")
    assert Meld.parse(m) is m


def test_tile_sets() -> None:
    # CONTRACT / issue 2: 136 with or without reds, 144 with flowers, 108 for Sichuan
    assert (TILES_136.size, TILES_144.size, TILES_108.size) == (136, 144, 108)
    assert TILES_136.red_fives and not TILES_144.red_fives and not TILES_108.red_fives
    assert TILES_144.flowers and not TILES_136.flowers


@pytest.mark.parametrize(
    "hand, melds, flowers",
    [
        ("123m406p789s11222z", [], None),
        ("23405m555p", ["chi:067s", "pon:777z"], None),
        ("11z", ["ankan:1111m", "minkan:9999p", "kakan:5555s", "pon:222z"], None),
        ("123456789m12399p", [], 3),  # MCR: flowers are no tiles of the hand
    ],
)
def test_hand_facts(hand: str, melds: list[str], flowers) -> None:
    """The facts a Hand counts on first use: every tile by kind (the melds' included), the kinds held as bits, the red
    fives, the concealed counts of each suit 3 bits a count, the melds' texts. Expected values from the tiles, one by
    one."""
    tile_set = TILES_144 if flowers else TILES_136
    built = Hand.build(hand, None, melds, flowers, tile_set=tile_set)
    made = Hand(built.concealed, built.melds, built.win_tile, built.flowers)
    tiles = list(built.concealed) + [t for m in built.melds for t in m.tiles]
    want_counts = [sum(suanfan.tiles.kind(t) == k for t in tiles) for k in range(34)]
    want_held = 0
    for t in tiles:
        want_held |= 1 << suanfan.tiles.kind(t)
    want_keys = [0, 0, 0, 0]  # the concealed counts, 3 bits a count, a suit's first kind the lowest
    for t in built.concealed:
        k = suanfan.tiles.kind(t)
        want_keys[min(k // 9, 3)] += 1 << 3 * (k - 9 * min(k // 9, 3))
    for h in (built, made):
        assert list(h.all_counts) == want_counts and h.kinds_held == want_held
        assert h.red_fives == sum(t >= suanfan.tiles.RED0 for t in tiles)
        assert h.suit_keys == tuple(want_keys)
        assert h.meld_texts == tuple(Meld.parse(m).text for m in melds)
        assert h.text() == suanfan.format_tiles(list(built.concealed))
    assert built == made


def test_context_is_its_fields():
    """A context made directly or read from a hand object is the same value; ``flags`` is no field of it."""
    from suanfan.hand import context_controls, read_context

    made = Context(tsumo=True, haitei=True, last_copy=True)
    read = read_context({"hand": "x", "tsumo": True, "haitei": True, "last_copy": True, "riichi": False}, (), ("hand",))
    assert made == read
    with pytest.raises(TypeError):
        Context(flags=3)
    with pytest.raises(InputError, match="unknown field 'flags'"):
        build_context(flags=3)
    assert "flags" not in [c.name for c in context_controls()]
