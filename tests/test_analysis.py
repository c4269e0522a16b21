"""``suanfan.analyze``: effective tiles, waits and discards for every rule set, against brute force.

1. Effective tiles of Riichi hands against a brute force that tries every tile with the ``mahjong`` library's
   shanten (an oracle independent of our tables); the copies that remain counted by hand.
2. For every rule set, on random hands near complete: the waits of a waiting hand are exactly the tiles with which
   the rule set's own reader (``shapes``, through ``RuleSet.waits``) finds a winning shape, and ``suanfan waits``
   (``waits_of``) lists the same; a hand one away has as effective tiles exactly the tiles after which some discard
   leaves a waiting hand (again by the rule set's reader, not by our shanten). Each rule set's limits come from its
   digest: Sichuan's missing suit (a wait in a third suit makes 花猪, which cannot win), Wuhu's 八支 (at least 8
   tiles of one suit, ../shared/rules/wuhu.md §3.2).
3. Discards: one a distinct tile, best first, copies counted against the 14 tiles held.
4. Bad input names the problem.
"""

from __future__ import annotations

import random

import pytest
from mahjong.shanten import Shanten

import suanfan
from suanfan import InputError
from suanfan.hand import Hand
from suanfan.rules import get
from suanfan.tiles import format_tiles, parse_tiles, tile_name

RULES = ("riichi", "mcr", "sichuan", "kawuxing", "wuhu", "popular", "twoplayer")


def _kinds(rules: str) -> list[int]:
    if rules == "wuhu":
        return [*range(27), 33]  # the four honour tiles, all read as 7z
    return sorted(get(rules).tile_set.kinds)


def _random_near(rules: str, rng: random.Random, size: int) -> list[int]:
    """Sets and a pair of the rule set's tiles (Sichuan: mostly two suits), then a tile or two dropped or changed."""
    kinds = _kinds(rules)
    if rules == "sichuan" and rng.random() < 0.8:
        drop = rng.randrange(3)
        kinds = [k for k in kinds if k // 9 != drop]
    full_suits = [s for s in range(3) if all(9 * s + i in kinds for i in range(9))]
    starts = [9 * s + i for s in full_suits for i in range(7)]
    while True:
        tiles: list[int] = []
        while len(tiles) < 12:
            if starts and rng.random() < 0.6:
                t = rng.choice(starts)
                tiles += [t, t + 1, t + 2]
            else:
                tiles += [rng.choice(kinds)] * 3
        pair = rng.choice(kinds)
        tiles += [pair, pair]
        if rng.random() < 0.15 and rules in ("riichi", "mcr", "sichuan", "kawuxing", "popular"):
            pairs = rng.sample(kinds, 7)
            tiles = [t for p in pairs for t in (p, p)]
        rng.shuffle(tiles)
        for _ in range(rng.choice((1, 1, 2))):
            tiles[rng.randrange(14)] = rng.choice(kinds)
        tiles = tiles[:size]
        if all(tiles.count(t) <= 4 for t in tiles):
            return sorted(tiles)


def _reader_waits(rules: str, tiles: list[int]) -> list[int]:
    """The tiles that give the rule set's reader a winning shape (Wuhu: and 八支)."""
    rs = get(rules)
    opts = rs.resolve_options(None)
    h = Hand.build(format_tiles(tiles), None, (), tile_set=rs.tile_set, waiting=True)
    found = rs.waits(h, opts)
    if rules == "wuhu":  # (RuleSet.waits applies 八支 itself; checked here by counting)
        assert all(max(sum(1 for x in [*tiles, t] if x // 9 == s and x < 27) for s in range(3)) >= 8 for t in found)
    if rules == "popular":
        assert set(_popular_knitted_waits(tiles)) <= set(found)
    return sorted(found)


def _popular_knitted_waits(tiles: list[int]) -> list[int]:
    """十三不靠 in the popular table: the nine knitted tiles and five different honors (rules/popular.py G4)."""
    from suanfan.shapes import KNITTED_PATTERNS

    out = []
    for t in range(34):
        full = sorted([*tiles, t])
        if len(set(full)) != 14:
            continue
        for pat in KNITTED_PATTERNS:
            if all(k in full for k in pat) and sum(1 for k in full if k >= 27) == 5:
                out.append(t)
    return out


def _analysis(rules: str, tiles: list[int]):
    return suanfan.analyze(format_tiles(tiles), rules=rules)


# ---- 1. Riichi effective tiles against the mahjong library ----------------------------------------------------


def test_riichi_ukeire_against_brute_force() -> None:
    rng = random.Random(151)
    checked = 0
    for _ in range(150):
        tiles = _random_near("riichi", rng, 13)
        counts = [tiles.count(k) for k in range(34)]
        a = _analysis("riichi", tiles)
        base = Shanten.calculate_shanten(counts)
        if a.shanten != base:
            # the library reads some hands with fours by a rule of thumb (see test_analysis_shanten)
            assert 4 in counts
            continue
        want = []
        for k in range(34):
            if counts[k] < 4:
                counts[k] += 1
                if Shanten.calculate_shanten(counts) < base:
                    want.append((tile_name(k), 4 - (counts[k] - 1)))
                counts[k] -= 1
        got = [(e.tile, e.remaining) for e in a.ukeire]
        if got != want:
            assert 4 in counts or any(c == 3 for c in counts), (format_tiles(tiles), got, want)
            continue
        assert a.remaining == sum(n for _, n in want)
        checked += 1
    assert checked > 100


# ---- 2. every rule set against its own reader ------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULES)
def test_waits_are_the_readers(rules: str) -> None:
    rng = random.Random(sum(map(ord, rules)))
    waiting = 0
    for _ in range(200):
        tiles = _random_near(rules, rng, 13)
        try:
            a = _analysis(rules, tiles)
        except InputError:
            continue  # e.g. Wuhu's honour tiles beyond four
        want = _reader_waits(rules, tiles)
        got = [parse_tiles(w.tile)[0] for w in a.waits]
        if a.shanten == 0:
            waiting += 1
            if want or got:
                assert got == want, (rules, format_tiles(tiles), got, want)
        else:
            assert not want, (rules, format_tiles(tiles), a.shanten, want)
        listed = [w["tile"] for w in suanfan.waits_of(format_tiles(tiles), rules=rules)]
        assert listed == [tile_name(t) for t in want], (rules, format_tiles(tiles))
    assert waiting > 8


@pytest.mark.parametrize("rules", RULES)
def test_one_away_effective_tiles_by_the_reader(rules: str) -> None:
    """A hand one away: t is effective exactly when hand + t has a discard that leaves the reader some wait."""
    rng = random.Random(7 + len(rules))
    seen = 0
    for _ in range(60):
        tiles = _random_near(rules, rng, 13)
        try:
            a = _analysis(rules, tiles)
        except InputError:
            continue
        if a.shanten != 1:
            continue
        seen += 1
        want = []
        for t in _kinds(rules):
            if tiles.count(t) >= _copies(rules, t):
                continue
            full = [*tiles, t]
            if any(_reader_waits(rules, _without(full, d)) for d in sorted(set(full))):
                want.append(tile_name(t))
        assert [e.tile for e in a.ukeire] == want, (rules, format_tiles(tiles))
        if seen >= 8:
            break
    assert seen >= 3


def _copies(rules: str, t: int) -> int:
    return 4


def _without(tiles: list[int], t: int) -> list[int]:
    rest = list(tiles)
    rest.remove(t)
    return rest


def test_popular_thirteen_knitted() -> None:
    """十三不靠 (popular, G4): 147m258p369s and five different honors; with four honors it waits on the other three."""
    a = suanfan.analyze("147m258p369s1234z", rules="popular")
    assert a.forms["honors_knitted"] == 0
    assert [w.tile for w in a.waits] == ["5z", "6z", "7z"]
    assert all(w.score["winning"] for w in a.waits)
    assert [w["tile"] for w in suanfan.waits_of("147m258p369s1234z", rules="popular")] == ["5z", "6z", "7z"]
    mcr = suanfan.analyze("147m258p369s1234z", rules="mcr")  # 全不靠 needs only 14 different tiles
    assert mcr.forms["honors_knitted"] == 0 and [w.tile for w in mcr.waits] == ["5z", "6z", "7z"]


# ---- 3. discards -------------------------------------------------------------------------------------------------


def test_discards_ranked_and_counted_against_the_hand() -> None:
    a = suanfan.analyze("123m456p789s11223z")
    d = a.to_dict()
    assert d["shanten"] == 0 and d["tiles"] == 14
    first = d["discards"][0]
    # throw 3z: 11z 22z shanpon, two copies of each left
    assert first == {
        "discard": "3z",
        "shanten": 0,
        "ukeire": [{"tile": "1z", "remaining": 2}, {"tile": "2z", "remaining": 2}],
        "remaining": 4,
        "waits": first["waits"],
        "furiten": False,
    }
    assert [x["discard"] for x in d["discards"]][1:] == [
        "1m",
        "4p",
        "6p",
        "9s",
        "2m",
        "3m",
        "5p",
        "7s",
        "8s",
        "1z",
        "2z",
    ]
    one = {x["discard"]: x for x in d["discards"]}["1m"]
    # the thrown 1m lies in the river: three copies of it can come back
    assert {"tile": "1m", "remaining": 3} in one["ukeire"]
    order = [(x["shanten"], -x["remaining"]) for x in d["discards"]]
    assert order == sorted(order)


def test_visible_tiles_lower_the_count_and_a_wait_all_seen_stays_a_wait() -> None:
    a = suanfan.analyze("123m456p789s1122z", visible="1z1z")
    assert [(e.tile, e.remaining) for e in a.ukeire] == [("1z", 0), ("2z", 2)]
    assert [w.tile for w in a.waits] == ["1z", "2z"]


def test_four_held_is_no_wait() -> None:
    a = suanfan.analyze("1111m234p567s789s")
    assert a.shanten == 1 and "1m" not in [e.tile for e in a.ukeire]


def test_red_fives_are_distinct_discards() -> None:
    a = suanfan.analyze("0m5m5m123p456p789s11z")
    assert {"0m", "5m"} <= {x.discard for x in a.discards}


# ---- 4. bad input ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "code", "words"),
    [
        ({"hand": "123456789m123456p"}, "bad_count", "15 tiles"),
        ({"hand": "123456789m1234p"}, "bad_count", "13 tiles"),  # 13 tiles with a meld
        ({"hand": "123m456p789s1122z", "visible": "1z1z1z"}, "too_many_copies", "1z"),
        ({"hand": "123m456p789s1122z", "rules": "sichuan"}, "bad_tile", "1z"),
        ({"hand": "123m456p789s1122z", "visible": "1f"}, "bad_tile", "1f"),
        ({"hand": "123m456p789s1122z", "rules": "mcr", "own_discards": ["1z"]}, "bad_context", "own_discards"),
    ],
)
def test_bad_input(kwargs: dict, code: str, words: str) -> None:
    kwargs = dict(kwargs)
    if kwargs["hand"] == "123456789m1234p":
        kwargs["melds"] = ["pon:777z"]
    with pytest.raises(InputError) as e:
        suanfan.analyze(**kwargs)
    assert e.value.code == code
    assert words in e.value.message


# ---- 5. furiten (Riichi) -----------------------------------------------------------------------------------------


def test_ron_on_a_furiten_wait_does_not_win() -> None:
    """A wait among the hand's own discards, or let pass since then, bars every win on a discard (振听); a
    self-draw still wins (riichi.md: furiten)."""
    hand = dict(hand="123m456p789s234s11z", win="1m", riichi=True)
    assert suanfan.score(**hand).winning
    for ctx in ({"own_discards": ["4m"]}, {"passed": "4m"}, {"own_discards": ["1m", "9p"]}):
        r = suanfan.score(**hand, **ctx)
        assert not r.winning and r.reason == "furiten", ctx
        assert suanfan.score(**hand, **ctx, tsumo=True).winning
    assert suanfan.score(**hand, own_discards=["9p"]).winning  # 9p is no wait of 23m


def test_analyze_marks_furiten_waits() -> None:
    a = suanfan.analyze("23m456p789s234s11z", riichi=True, own_discards=["4m"])
    assert a.furiten is True
    assert [(w.tile, w.furiten, w.riichi["reason"]) for w in a.waits] == [
        ("1m", True, "furiten"),
        ("4m", True, "furiten"),
    ]
    clean = suanfan.analyze("23m456p789s234s11z", own_discards=["9p"])
    assert clean.furiten is False and all(w.riichi["winning"] for w in clean.waits)


def test_discarding_a_wait_is_furiten() -> None:
    """Throwing 4m from 234m leaves 23m waiting on 1m-4m: the 4m in the river makes the hand furiten. The tiles
    let pass are forgotten after an own discard, unless the hand is in riichi."""
    a = suanfan.analyze("234m456p789s234s11z")
    by = {d.discard: d for d in a.discards}
    assert by["4m"].furiten is True and by["2m"].furiten is True
    assert by["1z"].furiten is True  # 234m456p789s234s1z waits on the 1z it threw
    # 234m456p789s23s11z5z: throwing 5z leaves 23s waiting on 1s-4s; a 1s let pass before is forgotten
    passed = suanfan.analyze("234m456p789s23s11z5z", passed=["1s"])
    assert {d.discard: d.furiten for d in passed.discards}["5z"] is False
    in_riichi = suanfan.analyze("234m456p789s23s11z5z", passed=["1s"], riichi=True)
    assert {d.discard: d.furiten for d in in_riichi.discards}["5z"] is True


# ---- 6. the rule sets' limits ------------------------------------------------------------------------------------


def test_sichuan_void_suit_must_be_dropped() -> None:
    """1123p with 123456789m waits on 1p-4p having dropped bamboo; declared void in dots (定缺 p, sichuan.md), the four
    dots must go: five tiles short of a set and a pair, shanten 4."""
    assert suanfan.analyze("123456789m1123p", rules="sichuan").shanten == 0
    assert suanfan.analyze("123456789m1123p", rules="sichuan", void_suit="s").shanten == 0
    assert suanfan.analyze("123456789m1123p", rules="sichuan", void_suit="p").shanten == 4


def test_wuhu_needs_eight_of_a_suit() -> None:
    """八支 (wuhu.md §3.2): 123m456p789s1122s waits on 1s/2s with eight bamboo; 123m456p789s11s22p would complete
    with six of a suit at most, which cannot win, so it is not waiting (Riichi's shapes say 0)."""
    assert suanfan.analyze("123m456p789s1122s", rules="wuhu").shanten == 0
    assert suanfan.analyze("123m456p789s11s22p", rules="wuhu").shanten > 0
    assert suanfan.analyze("123m456p789s11s22p").shanten == 0


def test_twoplayer_game_tiles_limit_the_copies() -> None:
    """The two-player game plays 71 tiles drawn from the 136 (two_player.md §2): with only two 1z among them, both
    held, the shanpon waits on 2z alone, one copy left."""
    hand = parse_tiles("123m456p789s1122z")
    pool = [*hand, 28]
    k = 0
    while len(pool) < 71:
        t = k % 27
        k += 1
        if pool.count(t) < 4:
            pool.append(t)
    a = suanfan.analyze("123m456p789s1122z", rules="twoplayer", game_tiles=[tile_name(t) for t in pool])
    assert [(w.tile, w.remaining) for w in a.waits] == [("2z", 1)]


def test_kawuxing_plays_its_84_tiles() -> None:
    a = suanfan.analyze("123456p789s11s55z6z", rules="kawuxing")
    assert all(e.tile[-1] in "psz" and e.tile not in {"1z", "2z", "3z", "4z"} for e in a.ukeire)
    assert set(a.forms) == {"regular", "seven_pairs"}
