"""Whole matches (tests/data/match_games.json) and the match rules that are not a single round: MCR's 16 hands and
seat change, its standard score, the local rule sets' running totals and dealers."""

import json
from pathlib import Path

import pytest

from suanfan.errors import InputError
from suanfan.match import Match

DATA = json.loads((Path(__file__).parent / "data" / "match_games.json").read_text(encoding="utf-8"))
CASES = DATA["cases"]
P4 = ["A", "B", "C", "D"]


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_match(case):
    m = Match(case["rules"], case.get("players", P4), case.get("options"), case.get("settings"))
    for i, r in enumerate(case["rounds"]):
        m.add_round(r["events"])
        if "next" in r:
            nxt = m.summary()["next"]
            assert nxt == r["next"], f"after round {i + 1}"
    st = m.game.standings(m.state)
    if "points" in case:
        assert st["points"] == case["points"]
    if "end" in case:
        assert m.state["end"] == case["end"]
    if "deposits" in case:
        assert st["deposits"] == case["deposits"]
    if "final" in case:
        assert st["final"] == case["final"]
        assert st["final_is_provisional"] is False
    if m.state["finished"]:
        with pytest.raises(InputError) as e:
            m.add_round([{"type": "draw"}])
        assert e.value.code == "match_over"


# MCR, seed 002: 16 hands, the deal passes every hand; before the West round East<->South and West<->North swap
# seats and the first South deals. (rounds played, dealer, round wind, seat winds of A B C D)
MCR_SEATS = [
    (0, "A", "E", "ESWN"),
    (1, "B", "E", "NESW"),
    (3, "D", "E", "SWNE"),
    (4, "A", "S", "ESWN"),
    (8, "B", "W", "SENW"),
    (9, "A", "W", "ENWS"),
    (10, "D", "W", "NWSE"),
    (11, "C", "W", "WSEN"),
    (12, "B", "N", "SENW"),
    (15, "C", "N", "WSEN"),
]


@pytest.mark.parametrize("played,dealer,wind,seats", MCR_SEATS)
def test_mcr_seats(played, dealer, wind, seats):
    m = Match("mcr", P4, rounds=[[{"type": "draw"}]] * played)
    assert m.game.dealer(m.state) == dealer
    assert m.game.round_wind(m.state) == wind
    assert "".join(m.game.seat(m.state, p) for p in P4) == seats


def test_mcr_sixteen_hands():
    m = Match("mcr", P4)
    for _ in range(15):
        m.add_round([{"type": "draw"}])
    assert not m.state["finished"]
    m.add_round([{"type": "win", "winner": "C", "fan": 8}])
    assert m.state["finished"]
    with pytest.raises(InputError) as e:
        m.add_round([{"type": "draw"}])
    assert e.value.code == "match_over"


def test_mcr_seat_wind_scores_the_hand():
    """Hand 9 (after the swap) B deals: a pung of East is B's 门风刻 and the West round's 圈风 is 3z."""
    m = Match("mcr", P4, rounds=[[{"type": "draw"}]] * 8)
    played = m.add_round(
        [{"type": "win", "winner": "B", "from": "A", "hand": {"hand": "111z333z123m456m55p", "win": "5p"}}]
    )
    ids = {i["id"] for i in played.settlement.hands[0]["items"]}
    assert {"men_feng_ke", "quan_feng_ke"} <= ids
    # 圈风刻 2 + 门风刻 2 + 门前清 2 + 双暗刻 2 + 连六 1 + 缺一门 1 + 单钓将 1 = 11 (mcr_fans.md); A pays 8 + 11
    assert played.settlement.deltas == {"A": -19, "B": 35, "C": -8, "D": -8}


# Standard score (标准分) 4/2/1/0 by rank, tied players share the places' points.
STANDARD = [
    ({"A": 30, "B": 10, "C": -5, "D": -35}, {"A": 4, "B": 2, "C": 1, "D": 0}),
    ({"A": 10, "B": 10, "C": -5, "D": -15}, {"A": 3, "B": 3, "C": 1, "D": 0}),
    ({"A": 20, "B": -10, "C": -10, "D": 0}, {"A": 4, "B": 0.5, "C": 0.5, "D": 2}),
    ({"A": 5, "B": 5, "C": 5, "D": -15}, {"A": 2.33, "B": 2.33, "C": 2.33, "D": 0}),
    ({"A": 0, "B": 0, "C": 0, "D": 0}, {"A": 1.75, "B": 1.75, "C": 1.75, "D": 1.75}),
]


@pytest.mark.parametrize("points,standard", STANDARD)
def test_mcr_standard_score(points, standard):
    m = Match("mcr", P4)
    st = m.game.standings({**m.state, "points": points})
    assert st["standard"] == standard


def test_local_running_totals():
    m = Match("popular", P4)
    m.add_round([{"type": "win", "winner": "D", "fan": 7}])
    m.add_round([{"type": "win", "winner": "A", "from": "D", "fan": 10}])
    m.add_round([{"type": "draw"}])
    assert m.state["points"] == {"A": 3, "B": -7, "C": -7, "D": 11}
    assert [p["number"] for p in m.summary()["rounds"]] == [1, 2, 3]


def test_kawuxing_dealer():
    """kawuxing.md §2: the winner deals next; after 一炮双响 the discarder; after 荒庄 the dealer stays."""
    m = Match("kawuxing", ["A", "B", "C"])
    m.add_round([{"type": "win", "winner": "B", "multiplier": 2}])
    assert m.state["dealer"] == "B"
    m.add_round([{"type": "draw"}])
    assert m.state["dealer"] == "B"
    m.add_round(
        [
            {"type": "win", "winner": "A", "from": "C", "multiplier": 2},
            {"type": "win", "winner": "B", "from": "C", "multiplier": 2},
        ]
    )
    assert m.state["dealer"] == "C"


def test_twoplayer_dealer():
    m = Match("twoplayer", ["A", "B"])
    m.add_round([{"type": "win", "winner": "B", "fan": 2}])
    assert m.state["dealer"] == "B"
    m.add_round([{"type": "draw"}])
    assert m.state["dealer"] == "B"


def test_wuhu_dealer_event():
    """The dealer event moves the deal; the dealer's 底番 then goes with the new dealer (wuhu.md §7)."""
    m = Match("wuhu", P4)
    p = m.add_round(
        [{"type": "dealer", "player": "C"}, {"type": "win", "winner": "B", "from": "C", "fan": 11, "di_fan": 4}]
    )
    assert p.settlement.deltas == {"A": 0, "B": 15, "C": -15, "D": 0}
    p = m.add_round([{"type": "win", "winner": "B", "from": "A", "fan": 11, "di_fan": 4}])
    assert p.settlement.deltas == {"A": -11, "B": 11, "C": 0, "D": 0}
    with pytest.raises(InputError):
        m.add_round([{"type": "draw"}, {"type": "dealer", "player": "A"}])


BAD_MATCHES = [
    ("riichi", ["A", "B"], None, None, "bad_players"),
    ("riichi", ["A", "A", "C", "D"], None, None, "bad_players"),
    ("kawuxing", P4, None, None, "bad_players"),
    ("riichi", P4, {"no_such": 1}, None, "bad_option"),
    ("riichi", P4, None, {"length": "south"}, "bad_setting"),
    ("riichi", P4, None, {"uma": [10, -10]}, "bad_setting"),
    ("riichi", P4, None, {"nope": 1}, "bad_setting"),
    ("nope", P4, None, None, "bad_rules"),
]


@pytest.mark.parametrize("rules,players,options,settings,code", BAD_MATCHES)
def test_bad_match(rules, players, options, settings, code):
    with pytest.raises(InputError) as e:
        Match(rules, players, options, settings)
    assert e.value.code == code


def test_mcr_penalties_alone_leave_the_hand_in_play():
    """A round of penalties only (错和, or a penalty the table agreed) ends no hand: the 16 hands are still 16 played
    ones, so the next round is the same hand, with the same dealer and seat winds."""
    m = Match("mcr", P4, rounds=[[{"type": "draw"}]] * 5)
    before = m.summary()["next"]
    m.add_round([{"type": "false_win", "player": "B"}])
    m.add_round([{"type": "penalty", "player": "C", "amount": 5}])
    assert m.summary()["next"] == before == "南风圈 第2局 (hand 6 of 16)"
    assert m.game.dealer(m.state) == "B"
    assert m.state["points"] == {"A": 15, "B": -25, "C": -5, "D": 15}
    for _ in range(11):
        m.add_round([{"type": "draw"}])
    assert m.state["finished"]  # the 16 hands, not 16 rounds


# A round's name as the players of each language say it: the Riichi hand and honba as Tenhou's Japanese writes
# them (東1局 0本場), in Chinese 东1局 0本场, in English "East 1, 0 honba"; MCR's wind round (圈) and hand; the local
# rule sets' round and dealer.
RON = [("C", "A"), ("D", "A"), ("A", "B"), ("B", "C")]  # four non-dealer wins: the deal goes round once
ROUND_NAMES = [
    ("riichi", P4, [], {"en": "East 1, 0 honba", "zh": "东1局 0本场", "ja": "東1局 0本場"}),
    (
        "riichi",
        P4,
        [[{"type": "ron", "winner": w, "from": d, "han": 1, "fu": 30}] for w, d in RON] + [[{"type": "draw"}]],
        {"en": "South 2, 1 honba", "zh": "南2局 1本场", "ja": "南2局 1本場"},
    ),
    (
        "mcr",
        P4,
        [[{"type": "draw"}]] * 9,
        {"en": "West round, hand 2 (10 of 16)", "zh": "西风圈 第2局（第10/16局）", "ja": "西風圏 第2局（10/16局目）"},
    ),
    ("sichuan", P4, [], {"en": "Round 1 (dealer A)", "zh": "第1局（庄家 A）", "ja": "第1局（親 A）"}),
    (
        "kawuxing",
        ["A", "B", "C"],
        [[{"type": "win", "winner": "B", "multiplier": 2}]],
        {"en": "Round 2 (dealer B)", "zh": "第2局（庄家 B）", "ja": "第2局（親 B）"},
    ),
]


END = {
    "riichi": [{"type": "draw"}],
    "mcr": [{"type": "draw"}],
    "sichuan": [{"type": "draw", "players": {p: {"status": "not_ready"} for p in P4}}],
    "kawuxing": [{"type": "win", "winner": "C", "multiplier": 2}],
}


@pytest.mark.parametrize("rules,players,rounds,names", ROUND_NAMES, ids=[r[0] for r in ROUND_NAMES])
def test_round_names_per_language(rules, players, rounds, names):
    m = Match(rules, players, rounds=rounds)
    assert m.summary()["next_names"] == names
    played = m.add_round(END[rules])
    assert played.to_dict()["names"] == names


def test_every_match_setting_is_named():
    """The new-match form shows each setting and choice by its name in the chosen language, never its id."""
    from suanfan.controls import LANGS
    from suanfan.match.core import games

    for name, game in games().items():
        for option in game.settings:
            c = option.control()
            for lang in LANGS:
                assert c.names[lang] and c.names[lang] != option.name, (name, option.name, lang)
                assert c.help[lang] and c.help[lang] != option.name, (name, option.name, lang)
                for choice in c.choices:
                    assert choice.names[lang] != str(choice.value), (name, option.name, choice.value, lang)
