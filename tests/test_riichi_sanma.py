"""Three-player Riichi beside four-player Riichi: where the two must agree, and what three players refuse.

The case table with the platforms' payments is tests/data/riichi_sanma_cases.json (checked by test_riichi_cases.py).
Two wins of real three-player games, checked here through the log reader (tests/data/logs/tenhou6/mjai-reviewer3p,
sources and license in its README): a Mahjong Soul ron with two North set aside, and a Tenhou ron on a honba.
Here also: a property test (a ron without kita and without a 1m indicator scores the same with three players as with
four: only the tiles, the chi and the self-draw payments differ, riichi.wiki "Sanma": "all yaku and standard rules
apply"), the errors three players give, the draw payments with three, and the tile set every tile list reads.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import suanfan
import suanfan.logs
from riichi_gen import random_hand
from suanfan import rules
from suanfan.logs.check import check_file, check_win
from suanfan.rules.riichi.points import exhaustive_draw
from suanfan.tiles import parse_tiles

OUT = set(range(1, 8))  # 2m-8m
LOGS = Path(__file__).parent / "data" / "logs" / "tenhou6" / "mjai-reviewer3p"


def _round(file: str, label: str):
    game = next(iter(suanfan.logs.read(LOGS / file)))
    return game, next(r for r in game.rounds if r.label == label)


def test_a_mahjong_soul_win_with_two_kita_scores_as_the_platform_paid_it() -> None:
    """Mahjong Soul three players (三速玉の間赤), 東2局 1本場: South's ron with two North set aside. The platform's
    record: '30符3飜3900点', '役牌:自風牌(1飜)', '抜きドラ(2飜)', and 4100 moved from the dealer (3900 + 200 a honba)."""
    game, rnd = _round("kokushi_peinuki.json", "東2局 1本場")
    assert suanfan.rules.get("riichi").resolve_options(game.options)["sanma_tsumo"] == "loss"  # mahjongsoul_sanma
    (win,) = rnd.wins
    assert (win.hand["kita"], win.hand["honba"], win.hand["seat_wind"]) == (2, 1, "S")
    assert (win.han, win.fu, win.points, win.yaku) == (3, 30, 3900, {"seat_wind": 1, "nukidora": 2})
    assert win.deltas == (-4100, 0, 4100)
    diffs, result = check_win(win)
    assert not diffs and result.points.received == 4100
    rep = check_file(str(LOGS / "kokushi_peinuki.json"))
    assert not [m for m in rep.mismatches if m.round == "東2局 1本場"] and rep.wins_agree == rep.wins == 4


def test_mahjong_soul_three_kita_and_a_double_ron_on_a_north_set_aside() -> None:
    """Mahjong Soul three players (三金の間赤, nukidora_doubleron.json): 東1局, seat 2 sets a North aside and both
    others ron on it (12000 and 16000, no 槍槓 listed); 東3局, the dealer's riichi self-draw with three North set
    aside, '満貫4000点∀' with '抜きドラ(3飜)': 4000 from each of the two (ツモ損: no absent North's share)."""
    game, first = _round("nukidora_doubleron.json", "東1局 0本場")
    assert [(w.winner, w.discarder, w.points) for w in first.wins] == [(0, 2, 12000), (1, 2, 16000)]
    _, third = _round("nukidora_doubleron.json", "東3局 0本場")
    (win,) = third.wins
    assert (win.hand["kita"], win.yaku["nukidora"], win.points, win.deltas) == (3, 3, 8000, (-4000, -4000, 9000))
    diffs, result = check_win(win)
    assert not diffs and [p.amount for p in result.points.payments] == [4000, 4000]
    rep = check_file(str(LOGS / "nukidora_doubleron.json"))
    assert (rep.wins_agree, rep.wins, rep.rounds_agree, rep.rounds, rep.games_agree) == (6, 6, 5, 5, 1)


def test_a_tenhou_ron_on_a_honba_with_three_players_pays_200_a_honba() -> None:
    """Tenhou three players (log 2021010217gm-00b9-0000-3eb2e915, 三鳳南喰赤), 東2局 1本場: a 3900 ron moves 4100;
    the whole game (12 rounds, 8 wins, the final scores and points) checks round by round."""
    game, rnd = _round("double_nukidora.json", "東2局 1本場")
    (win,) = rnd.wins
    assert win.discarder is not None and win.hand["honba"] == 1 and win.points == 3900
    assert win.deltas == (0, -4100, 4100) and not check_win(win)[0]
    rep = check_file(str(LOGS / "double_nukidora.json"))
    assert (rep.games_agree, rep.rounds_agree, rep.rounds, rep.wins_agree, rep.wins) == (1, 12, 12, 8, 8)
    assert not rep.mismatches and game.final_points is not None


def _sanma_hand(seed: int) -> dict:
    """A random complete hand that three players can hold: no 2m-8m, no chi, no North seat, a ron."""
    rnd = random.Random(seed)
    while True:
        obj = random_hand(rnd, rnd.choice(["honors", "flush", "terminals", "triplets", "chiitoi", "kokushi", None]))
        tiles = parse_tiles(obj["hand"]) + [t for m in obj.get("melds", ()) for t in parse_tiles(m.split(":")[1])]
        tiles += parse_tiles(obj.get("dora_indicators", [])) + parse_tiles(obj.get("ura_indicators", []))
        if any(t in OUT or t == 42 for t in tiles) or any(m.startswith("chi") for m in obj.get("melds", ())):
            continue
        if "1m" in obj.get("dora_indicators", ()) or "1m" in obj.get("ura_indicators", ()):
            continue
        obj.update(tsumo=False, seat_wind=rnd.choice("ESW"), round_wind=rnd.choice("ESW"))
        for flag in ("haitei", "rinshan", "tenhou", "chiihou"):  # self-draw flags: this is a ron
            obj.pop(flag, None)
        return obj


def _outcome(r) -> tuple:
    if not r.winning:
        return (False, r.reason)
    return (True, r.han, r.fu, r.limit, [(i.id, i.value, i.count) for i in r.items], r.points.to_dict())


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["tenhou", "mahjongsoul", None]))
def test_a_ron_scores_as_with_four_players(seed: int, preset: str | None) -> None:
    obj = _sanma_hand(seed)
    four = {"preset": preset} if preset else {}
    three = {**four, "players": 3, "sanma_honba": "full"}  # honba 300 by ron, as with four
    try:
        expected = _outcome(suanfan.score_dict({**obj, "options": four}))
    except suanfan.InputError:
        return  # a context the generator made that four players refuse: not the question here
    assert _outcome(suanfan.score_dict({**obj, "options": three})) == expected


@pytest.mark.parametrize(
    ("hand", "context", "fragment"),
    [
        ("111m99m123p456s", {"melds": ["chi:789s"]}, "no chi"),
        ("111m999m123p456s55p", {"seat_wind": "N"}, "seat_wind N"),
        ("111m999m123p456s55p", {"round_wind": "N"}, "no North round"),
        ("111m999m123p456s55p", {"dora_indicators": ["3m"]}, "2m-8m are out"),
        ("111m999m123p456s55p", {"kita": 5}, "0 to 4"),
        ("111m999m123p456s55p", {"kita": True}, "0 to 4"),
        ("111m999m123p444z55p", {"kita": 3}, "4z appears 3 times"),
        ("111m999m123p456s55p", {"tsumo": True, "pao": "A"}, "across"),
        ("123m999m123p456s55p", {}, "2m is not in"),
    ],
)
def test_three_players_refuse(hand: str, context: dict, fragment: str) -> None:
    melds = context.pop("melds", ())
    with pytest.raises(suanfan.InputError) as e:
        suanfan.score(hand, rules="riichi", melds=melds, options={"players": 3}, **context)
    assert fragment in e.value.message


def test_kita_needs_three_players() -> None:
    with pytest.raises(suanfan.InputError, match="three-player rule"):
        suanfan.score("111m999m123p456s55p", kita=1)


def test_players_3_with_a_platform_preset_is_its_three_player_preset() -> None:
    rs = rules.get("riichi")
    assert rs.resolve_options({"preset": "tenhou", "players": 3}) == rs.resolve_options({"preset": "tenhou_sanma"})
    assert rs.resolve_options({"preset": "mahjongsoul", "players": 3})["double_yakuman"] is True
    assert rs.resolve_options({"preset": "tenhou_sanma", "players": 4})["players"] == 4  # what is given stands


def test_the_tile_set_has_27_kinds_and_waits_know_it() -> None:
    rs = rules.get("riichi")
    ts = rs.tile_set_for(rs.resolve_options({"players": 3}))
    assert len(ts.kinds) == 27 and ts.size == 108 and not OUT & ts.kinds
    # 1m 9m and the honors: thirteen orphans waits on all 13 with four players and three
    assert len(suanfan.waits_of("19m19p19s1234567z", options={"players": 3})) == 13
    # 11m 99m kept, 2m-8m gone: 1199m99p ... a shanpon on 1m / 9m; with four players 1m9m waits are the same
    waits = [w["tile"] for w in suanfan.waits_of("11m99m123p456s789s", options={"players": 3})]
    assert waits == ["1m", "9m"]
    # 1m 23m? no such tiles: a hand with 2m cannot be read with three players
    with pytest.raises(suanfan.InputError, match="2m is not in"):
        suanfan.waits_of("12m99m123p456s789s", options={"players": 3})


@pytest.mark.parametrize(
    ("tenpai", "nagashi", "options", "deltas"),
    [
        # the tenpai pool is 2000 with three players (riichienv-core: tenpai_pool 2000 for Tenhou's and Mahjong
        # Soul's three-player rules; i-produce mahjong-echoes 三麻ルール (16): ノーテン罰符は場に2,000点)
        ("E", "", {}, {"E": 2000, "S": -1000, "W": -1000}),
        ("ES", "", {}, {"E": 1000, "S": 1000, "W": -2000}),
        ("", "", {}, {"E": 0, "S": 0, "W": 0}),
        ("ESW", "", {}, {"E": 0, "S": 0, "W": 0}),
        # nagashi mangan is a mangan self-draw: with ツモ損 4000 + 2000 for a non-dealer, 4000 all for the dealer
        ("", "S", {}, {"E": -4000, "S": 6000, "W": -2000}),
        ("", "E", {}, {"E": 8000, "S": -4000, "W": -4000}),
        # and with 北家折半 5000 + 3000, 6000 all
        ("", "W", {"sanma_tsumo": "split"}, {"E": -5000, "S": -3000, "W": 8000}),
        ("", "E", {"sanma_tsumo": "split"}, {"E": 12000, "S": -6000, "W": -6000}),
    ],
)
def test_exhaustive_draw_with_three(tenpai: str, nagashi: str, options: dict, deltas: dict) -> None:
    res = exhaustive_draw(list(tenpai), list(nagashi), options={"players": 3, **options})
    assert res["deltas"] == deltas


def _oracle_nagashi(seat: str) -> tuple[int, int]:
    """What the `mahjong` library (an independent oracle, three-player rules) says a 流し満貫 by ``seat`` is paid at
    0 honba: (the dealer's share, or each share when the dealer has it; the other payer's share)."""
    from mahjong.constants import EAST
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

    config = HandConfig(
        is_tsumo=True,
        is_nagashi_mangan=True,
        player_wind=EAST + "ESW".index(seat),
        options=OptionalRules(is_three_player=True),
    )
    # the library answers a nagashi mangan before it reads the tiles: any 14 tile ids will do
    cost = HandCalculator().estimate_hand_value(list(range(0, 56, 4)), 0, config=config).cost
    assert cost["yaku_level"] == "nagashi mangan"
    return cost["main"], cost["additional"]


@pytest.mark.parametrize("nagashi", ["E", "S", "W", "ES", "SW", "EW", "ESW"])
@pytest.mark.parametrize("tenpai", ["", "E", "SW"])
def test_three_player_nagashi_mangan_is_paid_as_the_oracle_pays_it(nagashi: str, tenpai: str) -> None:
    """流し満貫 with three players and ツモ損 (the default sanma_tsumo): each qualifying seat is paid as the `mahjong`
    library (OptionalRules is_three_player, HandConfig is_nagashi_mangan) pays a three-player mangan self-draw, each
    seat's payment apart (riichi.wiki "Nagashi mangan", Multiple nagashi: "the different tsumo payments occur
    independently of each other"); no noten payment is made and the dealer keeps the seat only when tenpai
    (riichi.wiki "Nagashi mangan": "If the dealer is in tenpai, then the wind seating does not rotate").

    No platform log of a three-player nagashi mangan was found (docs/rules/riichi.md, "Three-player Riichi"): the
    payment is the digest's reading (a 流局满贯 is paid as a mangan self-draw) with the contract's three-player self-draw,
    and this oracle agrees with it. Honba are left at 0: the library's version 2.1.0 adds them to a nagashi mangan, which
    its 2.3.0 changelog calls a bug ("without honba or riichi sticks, since it is settled as a draw"; digest R4)."""
    expected = {s: 0 for s in "ESW"}
    for w in nagashi:
        main, other = _oracle_nagashi(w)
        for s in "ESW":
            if s != w:
                paid = main if (w == "E" or s == "E") else other
                expected[s] -= paid
                expected[w] += paid
    res = exhaustive_draw(list(tenpai), list(nagashi), options={"players": 3})
    assert res["deltas"] == expected
    assert all(line["reason"] == "nagashi_mangan" for line in res["payments"])
    assert res["dealer_keeps_seat"] == ("E" in tenpai)


def test_three_player_nagashi_mangan_pays_no_honba() -> None:
    """A draw's honba are not paid, by a nagashi mangan either (digest R4); the count still grows."""
    res = exhaustive_draw([], ["S"], honba=3, options={"players": 3})
    assert res["deltas"] == exhaustive_draw([], ["S"], options={"players": 3})["deltas"]
    assert res["next_honba"] == 4


def test_exhaustive_draw_with_three_has_no_north_seat() -> None:
    with pytest.raises(suanfan.InputError, match="three players"):
        exhaustive_draw(["N"], options={"players": 3})


def test_the_http_api_lists_the_three_player_tiles_and_seats() -> None:
    from fastapi.testclient import TestClient

    from suanfan.web.app import create_app

    client = TestClient(create_app())
    riichi = next(r for r in client.get("/api/rules").json()["rules"] if r["name"] == "riichi")
    three = riichi["tile_set_by_players"]["3"]
    assert len(three["kinds"]) == 27 and "2m" not in three["kinds"] and "9m" in three["kinds"]
    assert len(riichi["tile_set_by_players"]["4"]["kinds"]) == 34
    games = {g["rules"]: g for g in client.get("/api/match/games").json()["games"]}
    assert games["riichi"]["seat_counts"] == [4, 3]
