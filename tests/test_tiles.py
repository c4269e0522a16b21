"""Tiles and notation (src/suanfan/tiles.py): the cases of tests/data/core_tiles.json, derived by hand from
../shared/CONTRACT.md, the whole Unicode mahjong block checked against the Unicode character names, and the small
tile helpers against the rules they encode."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

from suanfan import InputError
from suanfan.tiles import (
    counts34,
    dora_from_indicator,
    format_tiles,
    is_flower,
    is_honor,
    is_red,
    is_terminal,
    is_yaochu,
    kind,
    number,
    parse_tile,
    parse_tiles,
    sort_tiles,
    suit,
    tile_name,
    wind_tile,
)

DATA = json.loads((Path(__file__).parent / "data" / "core_tiles.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", DATA["parse"], ids=[c["in"] or "empty" for c in DATA["parse"]])
def test_parse(case: dict) -> None:
    tiles = parse_tiles(case["in"])
    if "ids" in case:
        assert tiles == case["ids"]
    assert format_tiles(tiles) == case["out"]
    # canonical output reads back to the same tiles
    assert sorted(parse_tiles(case["out"])) == sorted(tiles)


@pytest.mark.parametrize("case", DATA["format"], ids=[c["out"] or "empty" for c in DATA["format"]])
def test_format(case: dict) -> None:
    assert format_tiles(case["ids"]) == case["out"]


@pytest.mark.parametrize("case", DATA["errors"], ids=[c["in"] for c in DATA["errors"]])
def test_parse_error(case: dict) -> None:
    with pytest.raises(InputError) as e:
        parse_tiles(case["in"])
    assert e.value.code == "bad_tile"
    for part in case["mentions"]:
        assert part in e.value.message, (part, e.value.message)


# The Unicode names: "MAHJONG TILE THREE OF CHARACTERS", "... EAST WIND", "... RED DRAGON", "... PLUM", ...
_NUMBERS = {w: i + 1 for i, w in enumerate("ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE".split())}
_SUIT_WORD = {"CHARACTERS": "m", "CIRCLES": "p", "BAMBOOS": "s"}
_HONOR_WORD = {
    "EAST WIND": "1z", "SOUTH WIND": "2z", "WEST WIND": "3z", "NORTH WIND": "4z",
    "WHITE DRAGON": "5z", "GREEN DRAGON": "6z", "RED DRAGON": "7z",
    # CONTRACT: 1f-8f = spring summer autumn winter plum orchid chrysanthemum bamboo
    "SPRING": "1f", "SUMMER": "2f", "AUTUMN": "3f", "WINTER": "4f",
    "PLUM": "5f", "ORCHID": "6f", "CHRYSANTHEMUM": "7f", "BAMBOO": "8f",
}  # fmt: skip


def _unicode_expected(name: str) -> str | None:
    word = name.removeprefix("MAHJONG TILE ")
    if word in _HONOR_WORD:
        return _HONOR_WORD[word]
    n, _, s = word.partition(" OF ")
    if n in _NUMBERS and s in _SUIT_WORD:
        return f"{_NUMBERS[n]}{_SUIT_WORD[s]}"
    return None  # JOKER, BACK: no tile


@pytest.mark.parametrize("cp", range(0x1F000, 0x1F02C), ids=lambda cp: f"U+{cp:04X}")
def test_unicode_block(cp: int) -> None:
    ch = chr(cp)
    want = _unicode_expected(unicodedata.name(ch))
    if want is None:
        with pytest.raises(InputError) as e:
            parse_tiles(ch)
        assert e.value.code == "bad_tile"
        assert ch in e.value.message
    else:
        assert format_tiles(parse_tiles(ch)) == want


def test_tile_names_round_trip() -> None:
    for t in range(45):
        assert parse_tile(tile_name(t)) == t
    assert [tile_name(t) for t in (0, 8, 9, 17, 18, 26, 27, 33, 34, 41, 42, 43, 44)] == [
        "1m", "9m", "1p", "9p", "1s", "9s", "1z", "7z", "1f", "8f", "0m", "0p", "0s",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("given", "message_part"),
    [
        ("12m", "exactly one tile"),
        ("", "exactly one tile"),
        (45, "as text"),
        (-1, "as text"),
        (4, "as text"),
        (None, ""),
        (["1m"], "as text"),
    ],  # fmt: skip
)
def test_parse_tile_errors(given, message_part: str) -> None:
    with pytest.raises(InputError) as e:
        parse_tile(given)
    assert e.value.code == "bad_tile"
    assert message_part in e.value.message


def test_parse_lists_and_numbers() -> None:
    """A list of tile texts is read; a number is no tile (issue 12: ``"win": [1]`` or ``"dora_indicators": 5`` were
    read as internal ids, 2m and 6m)."""
    assert parse_tiles(["123m", "0p", "1z"]) == [0, 1, 2, 43, 27]
    for bad in ([1.5], [True], 12, None, [27], [0]):
        with pytest.raises(InputError) as e:
            parse_tiles(bad)
        assert e.value.code == "bad_tile"


# (tile, kind, suit 0-4, number, honor, terminal, yaochu, red, flower)
HELPERS = [
    ("1m", "1m", 0, 1, False, True, True, False, False),
    ("5m", "5m", 0, 5, False, False, False, False, False),
    ("0m", "5m", 0, 5, False, False, False, True, False),
    ("0p", "5p", 1, 5, False, False, False, True, False),
    ("0s", "5s", 2, 5, False, False, False, True, False),
    ("9p", "9p", 1, 9, False, True, True, False, False),
    ("9s", "9s", 2, 9, False, True, True, False, False),
    ("2s", "2s", 2, 2, False, False, False, False, False),
    ("1z", "1z", 3, 1, True, False, True, False, False),
    ("7z", "7z", 3, 7, True, False, True, False, False),
    # flowers are no 幺九
    ("1f", "1f", 4, 1, False, False, False, False, True),
    ("8f", "8f", 4, 8, False, False, False, False, True),
]


@pytest.mark.parametrize("row", HELPERS, ids=[r[0] for r in HELPERS])
def test_tile_helpers(row: tuple) -> None:
    t = parse_tile(row[0])
    assert (tile_name(kind(t)), suit(t), number(t), is_honor(t), is_terminal(t), is_red(t)) == row[1:6] + row[7:8]
    assert is_flower(t) == row[8]
    assert is_yaochu(t) == row[6]


def test_counts34_and_sort() -> None:
    tiles = parse_tiles("0m55m11z1f2f")
    c = counts34(tiles)
    assert len(c) == 34 and c[4] == 3 and c[27] == 2 and sum(c) == 5  # red as five, flowers left out
    assert format_tiles(sort_tiles(parse_tiles("5m0m9s1z0p")), sort=False) == "05m0p9s1z"


# Dora indicator -> dora (../shared/rules/riichi.md; seed 001): the next tile of the suit, 9 -> 1,
# winds E -> S -> W -> N -> E, dragons White -> Green -> Red -> White; a red five indicates 6.
DORA = [("1m", "2m"), ("9m", "1m"), ("0p", "6p"), ("9s", "1s"), ("8p", "9p"), ("1z", "2z"), ("4z", "1z"),
        ("5z", "6z"), ("6z", "7z"), ("7z", "5z")]  # fmt: skip


@pytest.mark.parametrize(("indicator", "dora"), DORA)
def test_dora_from_indicator(indicator: str, dora: str) -> None:
    assert tile_name(dora_from_indicator(parse_tile(indicator))) == dora


def test_wind_tile() -> None:
    assert [tile_name(wind_tile(w)) for w in "ESWN"] == ["1z", "2z", "3z", "4z"]


def test_suit_key_and_back() -> None:
    """3 bits a count, the suit's first kind the lowest: 1123m is 2, 1, 1 -> 2 + 1 << 3 + 1 << 6."""
    from suanfan.tiles import suit_counts, suit_key

    assert suit_key([2, 1, 1, 0, 0, 0, 0, 0, 0]) == 2 + (1 << 3) + (1 << 6)
    assert suit_counts(2 + (1 << 3) + (1 << 6)) == [2, 1, 1, 0, 0, 0, 0, 0, 0]
    assert suit_counts(suit_key([4, 0, 3, 0, 0, 2, 1]), honors=True) == [4, 0, 3, 0, 0, 2, 1]
