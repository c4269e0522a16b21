"""A seat's tenpai at an exhaustive draw (``suanfan.logs.table.is_tenpai``, read off each suit's pattern) against
the same seat read as a waiting ``Hand`` with ``suanfan.waits.waits`` trying its tiles (``_tenpai_of_hand``): on
hands one tile short of a win (four sets and a pair, seven pairs, thirteen orphans; a wait on a tile the seat holds
all four of included), on random hands, and on hands the contract refuses, where both must give the same error."""

from __future__ import annotations

import random

import pytest

from suanfan.errors import InputError
from suanfan.logs.table import Table, _tenpai_of_hand, is_tenpai
from suanfan.tiles import YAOCHU

KINDS = ("chi", "pon", "minkan", "ankan", "kakan")


def _set(rng: random.Random) -> list[int]:
    if rng.random() < 0.5:
        s, n = rng.randrange(3), rng.randrange(7)
        return [9 * s + n, 9 * s + n + 1, 9 * s + n + 2]
    return [rng.randrange(34)] * 3


def _redden(tiles: list[int], rng: random.Random) -> list[int]:
    return [42 + t // 9 if t in (4, 13, 22) and rng.random() < 0.3 else t for t in tiles]


def _hand(rng: random.Random) -> tuple[list[int], list[list]]:
    """Concealed tiles and melds ([kind, tiles, source offset]) as a table keeps them."""
    shape = rng.randrange(6)
    if shape == 0:  # seven pairs less one tile
        kinds = rng.sample(range(34), 7)
        tiles = [k for k in kinds for _ in range(2)]
        tiles.remove(rng.choice(tiles))
        return _redden(tiles, rng), []
    if shape == 1:  # thirteen orphans less one tile
        tiles = [*YAOCHU, rng.choice(YAOCHU)]
        tiles.remove(rng.choice(tiles))
        return tiles, []
    if shape == 2:  # anything
        m = rng.randrange(5)
        melds = [[rng.choice(KINDS), [rng.randrange(34) for _ in range(rng.choice((3, 3, 4)))], 1] for _ in range(m)]
        size = 13 - 3 * m if rng.random() < 0.9 else 14 - 3 * m
        return [rng.randrange(34) for _ in range(size)], melds
    m = rng.randrange(5)
    melds = []
    for _ in range(m):
        kind = rng.choice(KINDS)
        tiles = _set(rng) if kind == "chi" else [rng.randrange(34)] * (3 if kind == "pon" else 4)
        if kind == "chi" and tiles[0] != tiles[1] or kind != "chi":
            melds.append([kind, _redden(tiles, rng), 0 if kind == "ankan" else 1])
    tiles = [t for _ in range(4 - len(melds)) for t in _set(rng)] + [rng.randrange(34)] * 2
    tiles.remove(rng.choice(tiles))  # one short of a win
    return _redden(tiles, rng), melds


def _answer(f, table: Table) -> object:
    try:
        return f(table, 0)
    except InputError as e:
        return ("refused", e.code, e.message)


def _compare(cases: int, seed: int) -> None:
    rng = random.Random(seed)
    tenpai = refused = 0
    for _ in range(cases):
        tiles, melds = _hand(rng)
        table = Table(4, 0, 0, [tiles, [], [], []], [])
        table.melds[0] = melds
        fast, slow = _answer(is_tenpai, table), _answer(_tenpai_of_hand, table)
        assert fast == slow, (tiles, melds)
        tenpai += fast is True
        refused += isinstance(fast, tuple)
    assert tenpai > cases // 5 and refused > cases // 20, (tenpai, refused)


def test_tenpai_by_suit_patterns_is_the_waits_answer() -> None:
    _compare(2000, 13)


@pytest.mark.slow
def test_tenpai_by_suit_patterns_on_many_hands() -> None:
    _compare(30000, 31)
