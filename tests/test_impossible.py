"""Situations no game reaches were scored without a word (issue 12); each is now refused with a code, in every rule
set where it applies. Why each is impossible is said beside it (riichi.md, two_player.md, the digests)."""

from __future__ import annotations

import json

import pytest

import suanfan
from suanfan.errors import InputError
from suanfan.match import Match

RULES = ["riichi", "mcr", "sichuan", "wuhu", "kawuxing", "popular", "twoplayer"]
# p and s tiles only: in every rule set's tile set (Sichuan plays without honors, Ka Wu Xing without characters)
PS_HAND = "123p456p789s11s222s"


def refused(code: str, word: str, call) -> None:
    with pytest.raises(InputError) as e:
        call()
    assert e.value.code == code, e.value.message
    assert word in e.value.message, e.value.message


# ---- a chi is claimed from the player on the left ---------------------------------------------------------------


@pytest.mark.parametrize("rules", ["riichi", "mcr", "popular"])  # the rule sets with chi (Wuhu has none)
@pytest.mark.parametrize("source", ["A", "R"])
def test_chi_from_across_or_right(rules, source):
    # a chi takes the discard of the player before you in turn: the one on the left (L); a discard from across or
    # from the right can be claimed by pon or kong only
    hand = {"rules": rules, "hand": "456p789s11z222s", "win": "2s", "melds": [f"chi:123m@{source}"]}
    refused("bad_meld", "left", lambda: suanfan.score_dict(hand))
    refused("bad_meld", "left", lambda: suanfan.score(hand["hand"], win="2s", rules=rules, melds=hand["melds"]))
    refused("bad_meld", "left", lambda: suanfan.waits_of("456p789s11z22s", rules=rules, melds=hand["melds"]))
    suanfan.score_dict({**hand, "melds": ["chi:123m@L"]})  # from the left: read
    suanfan.score_dict({**hand, "melds": ["chi:123m"]})  # no source said: read


def test_chi_from_the_one_opponent_in_the_two_player_game():
    # two_player.md: every discard comes from the opponent, so a chi may take it from any side
    for source in "LAR":
        r = suanfan.score_dict(
            {"rules": "twoplayer", "hand": "456p789s11z222s", "win": "2s", "melds": [f"chi:123m@{source}"]}
        )
        assert r.ok


# ---- robbing a kong of a tile the hand holds ------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULES)
def test_chankan_of_a_tile_held_elsewhere(rules):
    # the robbed kong is a pon of three copies and the fourth being added: the winner can hold no other copy
    refused("bad_context", "chankan", lambda: suanfan.score(PS_HAND, win="2s", rules=rules, chankan=True))
    melds = ["pon:111s"]  # the winning 1s held in a meld
    refused(
        "bad_context",
        "chankan",
        lambda: suanfan.score("23p456p789s22s1s", win="1s", rules=rules, melds=melds, chankan=True),
    )
    try:
        suanfan.score(PS_HAND, win="7s", rules=rules, chankan=True)  # one 7s: this check has nothing to say
    except InputError as e:
        assert "chankan: the kong" not in e.message


# ---- Riichi's context -----------------------------------------------------------------------------------------

RIICHI = {"hand": "234567m34599p678s", "win": "6s", "seat_wind": "S"}


@pytest.mark.parametrize(
    "context,word",
    [
        # a kong's replacement comes from the dead wall; the live wall's last tile is never drawn after a kong
        ({"tsumo": True, "rinshan": True, "haitei": True, "melds": ["ankan:1111z"], "hand": "234567m99p678s"}, "rinshan"),
        # no kong is declared on the last tile, so none is robbed on the last discard
        ({"houtei": True, "chankan": True}, "houtei"),
        # each ura indicator lies under a dora indicator
        ({"riichi": True, "ura_indicators": ["1z"]}, "ura"),
        ({"riichi": True, "dora_indicators": ["1z"], "ura_indicators": ["1z", "2z"]}, "ura"),
        # 八連荘 is the dealer's eighth win in a row
        ({"paarenchan": True}, "dealer"),
        # pao makes a player liable for daisangen / daisuushii only (riichi.md: pao): refused, not ignored
        ({"pao": "L", "tsumo": True}, "liable"),
    ],
)  # fmt: skip
def test_riichi_impossible_context(context, word):
    obj = {**RIICHI, **context}
    refused("bad_context", word, lambda: suanfan.score_dict(obj))


def test_riichi_possible_neighbours_are_read():
    assert suanfan.score_dict({**RIICHI, "riichi": True, "dora_indicators": ["1z"], "ura_indicators": ["2z"]}).ok
    assert suanfan.score_dict({**RIICHI, "seat_wind": "E", "paarenchan": True}).ok
    assert suanfan.score_dict({**RIICHI, "houtei": True}).ok and suanfan.score_dict({**RIICHI, "chankan": True}).ok


# ---- counts and options ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("key", ["honba", "riichi_sticks"])
@pytest.mark.parametrize("value", [10**20, 101, -1])
def test_counts_past_any_game(rules, key, value):
    refused("bad_context", key, lambda: suanfan.score(PS_HAND, win="2s", rules=rules, **{key: value}))


def test_counts_within_a_game():
    assert suanfan.score_dict({**RIICHI, "honba": 100, "riichi_sticks": 100}).points.received > 0


@pytest.mark.parametrize(
    "rules,options",
    [
        ("mcr", {"min_fan": -5}),  # every hand would win
        ("mcr", {"min_fan": 10**20}),
        ("riichi", {"double_wind_pair_fu": True}),  # true is not the choice 1 (nor 2 or 4)
        ("riichi", {"double_wind_pair_fu": 4.0}),
        ("sichuan", {"base": 0}),
    ],
)
def test_options_out_of_range(rules, options):
    refused("bad_option", next(iter(options)), lambda: suanfan.score(PS_HAND, win="2s", rules=rules, options=options))


# ---- numbers are not tiles -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fields",
    [{"win": [1]}, {"win": 1}, {"dora_indicators": 5}, {"dora_indicators": [5]}, {"hand": [1, 2, 3]}, {"melds": [{"type": "pon", "tiles": 7}]}],
)  # fmt: skip
def test_integers_are_not_tile_ids(fields):
    with pytest.raises(InputError) as e:
        suanfan.score_dict({**RIICHI, **fields})
    assert e.value.code in ("bad_tile", "bad_meld"), e.value.message


# ---- a Riichi match's values -----------------------------------------------------------------------------------

P4 = ["A", "B", "C", "D"]


@pytest.mark.parametrize(
    "event",
    [
        {"type": "ron", "winner": "C", "from": "A", "han": 1, "fu": 20},  # 20 fu: only pinfu's self-draw (2 han)
        {"type": "ron", "winner": "C", "from": "A", "han": 2, "fu": 20},  # pinfu by ron is 30 fu
        {"type": "tsumo", "winner": "C", "han": 1, "fu": 20},  # pinfu and menzen tsumo: 2 han at least
        {"type": "ron", "winner": "C", "from": "A", "han": 1, "fu": 25},  # 25 fu: only seven pairs, 2 han
        {"type": "ron", "winner": "C", "from": "A", "han": 1, "fu": 120},  # at most 110 fu
        {"type": "ron", "winner": "C", "from": "A", "han": 3, "fu": 1000},
        {"type": "ron", "winner": "C", "from": "A", "han": 10**20},
        {"type": "ron", "winner": "C", "from": "A", "yakuman": 10**20},
    ],
)
def test_riichi_match_value_no_hand_has(event):
    m = Match("riichi", P4)
    refused("bad_event", event["type"], lambda: m.add_round([event]))
    assert m.rounds == []


@pytest.mark.parametrize(
    "event",
    [
        {"type": "ron", "winner": "C", "from": "A", "han": 2, "fu": 25},
        {"type": "tsumo", "winner": "C", "han": 2, "fu": 20},
        {"type": "ron", "winner": "C", "from": "A", "han": 1, "fu": 110},
        {"type": "ron", "winner": "C", "from": "A", "han": 6, "fu": 120},  # haneman: fu do not count
    ],
)
def test_riichi_match_values_some_hand_has(event):
    assert Match("riichi", P4).add_round([event]).number == 1


def test_draw_with_negative_honba(capsys):
    from suanfan import cli
    from suanfan.rules.riichi import exhaustive_draw

    refused("bad_context", "honba", lambda: exhaustive_draw(["E"], [], -3))
    with pytest.raises(SystemExit) as e:
        cli.main(["draw", "--tenpai", "E", "--honba", "-3"])
    assert e.value.code == 2
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "bad_context"
