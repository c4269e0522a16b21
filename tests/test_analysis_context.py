"""The win context of an analysis is read whatever the hand's shape (session 7's walkthrough found
``suanfan analyze 1245m3368p235899s -f kita=9`` exiting 0: no discard of that hand leaves it waiting, so no wait was
scored and nothing read the context).

Every case here is a hand far from ready (checked: shanten 1 or more, so no wait is ever scored) with a context that
no game can give, each refused as the rules say: the contract (CONTRACT "Three-player Riichi": kita is 0 to 4 and a
three-player field; 2m-8m are out, seats E S W), docs/rules/riichi.md (at most five indicators, an ura indicator
under each dora indicator, riichi on a closed hand, ippatsu with riichi, haitei a self-draw, houtei a discard,
rinshan after a kong), the rule digests of the other rule sets (docs/rules/*.md), and the tiles themselves (four
copies of each, one red five of a suit). The same error comes from the library, ``suanfan analyze`` (exit 2), the
HTTP API (400) and ``suanfan waits``.
"""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import suanfan
from suanfan import InputError
from suanfan.cli import app
from suanfan.web.app import create_app

FAR_14 = "1245m3368p235899s"  # the hand of the walkthrough: 14 tiles, every discard leaves it 3 from ready
FAR_13 = "1245m3368p23589s"
SANMA_14 = "19m1389p1379s1234z"  # three players' tiles only (no 2m-8m), a North among them
SANMA = {"players": 3}

# (rules, hand, melds, options, context, error code, words the message must hold)
CASES = [
    # CONTRACT "Three-player Riichi": kita is 0 to 4, and a three-player field
    ("riichi", FAR_14, (), None, {"kita": 9}, "bad_context", "0 to 4"),
    ("riichi", FAR_13, (), None, {"kita": 9}, "bad_context", "0 to 4"),
    ("riichi", FAR_14, (), None, {"kita": -1}, "bad_context", "0 to 4"),
    ("riichi", FAR_14, (), None, {"kita": 1}, "bad_context", "three-player"),
    # four Norths in all: one held and four set aside is a fifth
    ("riichi", SANMA_14, (), SANMA, {"kita": 4}, "bad_context", "there are 4"),
    # three players sit East, South and West, and play no North round; 2m-8m are not among their tiles; no chi
    ("riichi", SANMA_14, (), SANMA, {"seat_wind": "N"}, "bad_context", "seat_wind N"),
    ("riichi", SANMA_14, (), SANMA, {"round_wind": "N"}, "bad_context", "no North round"),
    ("riichi", SANMA_14, (), SANMA, {"dora_indicators": ["5m"]}, "bad_context", "5m is not among the three-player"),
    ("riichi", SANMA_14, (), SANMA, {"discarder": "A"}, "bad_context", "only the left (L) and right (R)"),
    # indicators are tiles: four copies of each, one red five of a suit, at most five, an ura under each dora
    ("riichi", "1111m3368p23589s", (), None, {"dora_indicators": ["1m"]}, "bad_context", "1m appears 5 times"),
    ("riichi", "1245m3308p23589s", (), None, {"dora_indicators": ["0p"]}, "bad_context", "red five 0p"),
    ("riichi", FAR_14, (), None, {"dora_indicators": ["1z"] * 6}, "bad_context", "at most 5"),
    ("riichi", FAR_14, (), None, {"ura_indicators": ["1z"]}, "bad_context", "no dora indicators"),
    ("riichi", FAR_14, (), {"kan_dora": False}, {"dora_indicators": ["1z", "2z"]}, "bad_context", "kan_dora"),
    # the flags of a win, against each other and the melds (docs/rules/riichi.md "Win context")
    ("riichi", FAR_14, (), None, {"houtei": True, "tsumo": True}, "bad_context", "houtei"),
    ("riichi", FAR_14, (), None, {"haitei": True}, "bad_context", "haitei"),
    ("riichi", FAR_14, (), None, {"rinshan": True, "tsumo": True}, "bad_context", "needs a kong"),
    ("riichi", FAR_14, (), None, {"ippatsu": True}, "bad_context", "ippatsu needs riichi"),
    ("riichi", "1245m3368p589s", ("pon:777z",), None, {"riichi": True}, "bad_context", "closed hand"),
    ("riichi", FAR_14, (), None, {"tenhou": True, "tsumo": True, "seat_wind": "S"}, "bad_context", "tenhou"),
    ("riichi", FAR_14, (), None, {"discarder": "L", "tsumo": True}, "bad_context", "self-draw"),
    ("riichi", FAR_14, (), None, {"pao": "X"}, "bad_context", "pao"),
    # the furiten tiles are tiles
    ("riichi", FAR_14, (), None, {"own_discards": ["9z"]}, "bad_tile", "9z"),
    ("riichi", FAR_13, (), None, {"passed": ["1m9z"]}, "bad_tile", "9z"),
    # MCR (docs/rules/mcr.md): 海底捞月 is the last discard, 杠上开花 a kong's replacement; platform flags are booleans
    ("mcr", FAR_14, (), None, {"houtei": True, "tsumo": True}, "bad_context", "houtei"),
    ("mcr", FAR_13, (), None, {"rinshan": True, "tsumo": True}, "bad_context", "needs a kong"),
    ("mcr", FAR_14, (), None, {"tian_ting": 1}, "bad_context", "tian_ting"),
    # Sichuan (docs/rules/sichuan.md): 天胡 is the dealer's; discarder_kong is for 杠上炮, a win on a discard
    ("sichuan", FAR_14, (), None, {"tenhou": True, "tsumo": True, "seat_wind": "S"}, "bad_context", "dealer"),
    ("sichuan", FAR_13, (), None, {"discarder_kong": "minkan", "tsumo": True}, "bad_context", "discarder_kong"),
    # Wuhu (docs/rules/wuhu.md): the discarder is another seat; 连杠开花 needs rinshan and two kongs
    ("wuhu", FAR_14, (), None, {"discarder": "E"}, "bad_context", "own seat"),
    ("wuhu", FAR_13, (), None, {"second_kong": True}, "bad_context", "second_kong"),
    # Ka Wu Xing (docs/rules/kawuxing.md): declared_others is said of a self-draw's payers
    ("kawuxing", "12459p3368s5567z", (), None, {"declared_others": 1}, "bad_context", "declared_others"),
    # Popular (docs/rules/popular.md): 地胡 here is a non-dealer's win on the dealer's first discard
    ("popular", FAR_14, (), None, {"chiihou": True}, "bad_context", "chiihou"),
    # Two players (docs/rules/twoplayer.md T7): a game draws 71 tiles
    ("twoplayer", FAR_14, (), None, {"game_tiles": "123m"}, "bad_context", "71"),
]


def _ids() -> list[str]:
    return [f"{c[0]}-{'-'.join(c[4]) or c[2][0]}" for c in CASES]


@pytest.mark.parametrize(("rules", "hand", "melds", "options", "context", "code", "words"), CASES, ids=_ids())
def test_a_bad_context_is_refused_on_a_hand_that_waits_on_nothing(
    rules: str, hand: str, melds: tuple, options: dict | None, context: dict, code: str, words: str
) -> None:
    plain = suanfan.analyze(hand, rules=rules, melds=melds, options=options)
    assert plain.shanten is None or plain.shanten >= 1  # no discard leaves it waiting: no wait is ever scored
    with pytest.raises(InputError) as e:
        suanfan.analyze(hand, rules=rules, melds=melds, options=options, **context)
    assert e.value.code == code and words in e.value.message, e.value.message


@pytest.mark.parametrize(
    ("melds", "options", "code", "words"),
    [
        # a chi takes the discard of the player on the left (CONTRACT "One hand": @L @A @R)
        (("chi:123m@A",), None, "bad_meld", "player on the left"),
        # three players have no chi (CONTRACT "Three-player Riichi")
        (("chi:789s",), SANMA, "bad_context", "no chi"),
    ],
)
def test_a_meld_no_game_has_is_refused_on_a_hand_that_waits_on_nothing(melds, options, code, words) -> None:
    hand = "19m1389p1s1234z"  # 11 tiles and a meld, far from ready; the same with a pon of the meld's place is fine
    plain = suanfan.analyze(hand, melds=["pon:999s"], options=options)
    assert plain.shanten is not None and plain.shanten >= 1
    with pytest.raises(InputError) as e:
        suanfan.analyze(hand, melds=melds, options=options)
    assert e.value.code == code and words in e.value.message, e.value.message


def test_a_14_tile_hand_has_no_winning_tile_to_check_against() -> None:
    """chankan (a robbed kong) refuses a win on a tile the hand also holds; 14 tiles held before a discard have no
    winning tile yet, so two of the last tile is no such win (the check is made on each wait that is scored)."""
    a = suanfan.analyze("1245m3368p235899s", chankan=True)
    assert a.shanten == 3


def test_the_walkthrough_command_is_an_error_naming_kita() -> None:
    """``suanfan analyze 1245m3368p235899s -f kita=9``: exit 2, the error names kita and its range (there are four
    Norths); with --json the contract's error object. Three-player only too: with kita=1 at four players."""
    r = CliRunner().invoke(app, ["analyze", FAR_14, "-f", "kita=9"])
    assert r.exit_code == 2 and "error (bad_context)" in r.stderr and "kita" in r.stderr and "0 to 4" in r.stderr
    assert r.stdout == ""
    r = CliRunner().invoke(app, ["analyze", FAR_14, "-f", "kita=9", "--json"])
    assert r.exit_code == 2
    assert json.loads(r.stdout)["error"]["code"] == "bad_context"
    r = CliRunner().invoke(app, ["analyze", FAR_14, "-f", "kita=1"])
    assert r.exit_code == 2 and "three-player" in r.stderr
    r = CliRunner().invoke(app, ["analyze", FAR_14, "-f", "kita=1", "-o", "players=3"])
    assert r.exit_code == 2 and "2m is not" in r.stderr  # the hand's own 2m: not a three-player tile


def test_the_http_api_refuses_it_too() -> None:
    client = TestClient(create_app())
    r = client.post("/api/analyze", json={"rules": "riichi", "hand": FAR_14, "kita": 9})
    assert (
        r.status_code == 400 and r.json()["error"]["code"] == "bad_context" and "kita" in r.json()["error"]["message"]
    )
    r = client.post("/api/analyze", json={"rules": "mcr", "hand": FAR_13, "houtei": True, "tsumo": True})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_context"
    ok = client.post("/api/analyze", json={"rules": "riichi", "hand": SANMA_14, "kita": 2, "options": SANMA})
    assert ok.status_code == 200 and ok.json()["ok"] is True


def test_waits_of_a_hand_that_waits_on_nothing_read_the_context() -> None:
    """``suanfan waits`` had the same gap: a hand not ready has no wait to score, and listed none with exit 0."""
    with pytest.raises(InputError) as e:
        suanfan.waits_of(FAR_13, kita=9)
    assert e.value.code == "bad_context" and "0 to 4" in e.value.message
    r = CliRunner().invoke(app, ["waits", FAR_13, "-f", "kita=9"])
    assert r.exit_code == 2 and "bad_context" in r.stderr
    assert suanfan.waits_of(FAR_13) == []  # the hand itself is fine: it waits on nothing


def test_a_good_context_still_analyses() -> None:
    """What the rules allow is not refused: three players with two Norths set aside and one held (three of four),
    a seat of South, a dora indicator among their tiles."""
    a = suanfan.analyze(SANMA_14, options=SANMA, kita=2, seat_wind="S", dora_indicators=["9m"])
    assert a.shanten is not None and a.shanten >= 1


def test_mcr_scores_refuse_the_flags_on_tiles_that_do_not_win() -> None:
    """MCR read its win flags only once the tiles made a winning shape: houtei (the last discard) with tsumo on 14
    tiles that win nothing was 'not winning', where Riichi and the local rule sets said what was wrong."""
    with pytest.raises(InputError) as e:
        suanfan.score("123m456p789s12345z", win="1z", rules="mcr", tsumo=True, houtei=True)
    assert e.value.code == "bad_context" and "houtei" in e.value.message
    r = suanfan.score("123m456p789s12345z", win="1z", rules="mcr", tsumo=True)
    assert r.ok and not r.winning and r.reason == "not_winning"


@pytest.mark.parametrize(
    ("rules", "hand", "seat", "seats"),
    [
        # docs/rules/twoplayer.md: two players, the dealer (East) and the other (South)
        ("twoplayer", "123m456p789s11666z", "W", "E, S"),
        # docs/rules/kawuxing.md: three players
        ("kawuxing", "123p456p789s55666z", "N", "E, S, W"),
    ],
)
def test_a_seat_the_game_does_not_have_is_refused(rules: str, hand: str, seat: str, seats: str) -> None:
    """Scoring, waits and analysis alike: a seat wind outside ``RuleSet.winds`` is no seat of that game."""
    for call in (
        lambda: suanfan.score(hand, win="6z", rules=rules, seat_wind=seat),
        lambda: suanfan.waits_of(hand.replace("666z", "66z"), rules=rules, seat_wind=seat),
        lambda: suanfan.analyze(hand, rules=rules, seat_wind=seat),
    ):
        with pytest.raises(InputError) as e:
            call()
        assert e.value.code == "bad_context" and f"seat_wind {seat}" in e.value.message and seats in e.value.message
    assert suanfan.score(hand, win="6z", rules=rules, seat_wind="S", tsumo=True).winning  # a seat it has


def test_norths_set_aside_are_no_tiles_left_to_draw() -> None:
    """Three players, two Norths set aside (kita=2) and none held: of the four Norths two remain to be drawn (the two
    set aside lie face up, as a meld's tiles do); three more seen elsewhere would make five."""
    hand = "19m1389p1379s123z9p"  # no North held; every discard leaves it 3 from ready
    a = suanfan.analyze(hand, options=SANMA, kita=2)
    north = {e.tile: e.remaining for e in a.discards[0].ukeire}["4z"]
    assert north == 4 - 2
    assert {e.tile: e.remaining for e in suanfan.analyze(hand, options=SANMA).discards[0].ukeire}["4z"] == 4
    with pytest.raises(InputError) as e:
        suanfan.analyze(hand, options=SANMA, kita=2, visible="4z4z4z")
    assert e.value.code == "too_many_copies" and "there are 4" in e.value.message
