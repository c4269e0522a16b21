"""A local rule set's payments are derived once: a round whose win is given as a value pays what the same win
scored from its hand pays (match/local.py calls the rule set's ``payments`` for both)."""

from __future__ import annotations

import pytest

from suanfan.match import Match

P4 = ("A", "B", "C", "D")
P3 = ("A", "B", "C")

# (rules, options, players, the winning hand, the win event without its hand)
WINS = [
    ("sichuan", {}, P4, {"hand": "111222333m55566m", "win": "6m"}, {"winner": "B", "from": "C"}),
    ("sichuan", {}, P4, {"hand": "111222333m55566m", "win": "6m"}, {"winner": "B"}),
    ("sichuan", {"profile": "modern"}, P4, {"hand": "123456789m23455p", "win": "5p"}, {"winner": "A"}),
    ("kawuxing", {}, P3, {"hand": "11223344556677p", "win": "5p"}, {"winner": "B"}),
    ("kawuxing", {}, P3, {"hand": "11223344556677p", "win": "5p"}, {"winner": "A", "from": "C"}),
    ("kawuxing", {}, P3, {"hand": "11112233445566s", "win": "6s"}, {"winner": "C"}),
    ("popular", {}, P4, {"hand": "123m9m555666777z9m", "win": "9m"}, {"winner": "C", "from": "D"}),
    ("popular", {}, P4, {"hand": "123m9m555666777z9m", "win": "9m"}, {"winner": "C"}),
    ("twoplayer", {}, ("A", "B"), {"hand": "234567m23p55678s4p", "win": "4p"}, {"winner": "B"}),
    ("twoplayer", {}, ("A", "B"), {"hand": "234567m23p55678s4p", "win": "4p"}, {"winner": "A", "from": "B"}),
    ("wuhu", {}, P4, {"hand": "12346678m234p77z5m", "win": "5m"}, {"winner": "B", "from": "D"}),
    ("wuhu", {}, P4, {"hand": "123456789m23455p", "win": "5p"}, {"winner": "C"}),
    ("wuhu", {}, P4, {"hand": "123456789m23455p", "win": "5p"}, {"winner": "A"}),
    ("wuhu", {"scheme": "315"}, P4, {"hand": "123456789m23455p", "win": "5p"}, {"winner": "A", "from": "B"}),
    ("wuhu", {"scheme": "mdm"}, P4, {"hand": "123456789m23455p", "win": "5p"}, {"winner": "B"}),
]  # fmt: skip


def _value(rules: str, hand: dict) -> dict:
    """The value a round gives instead of the hand, read from the hand's result."""
    if rules == "sichuan":
        return {"multiplier": hand["multiplier"]}
    if rules == "kawuxing":
        ids = {i["id"] for i in hand["items"]}
        return {"multiplier": hand["product"], "shuang_long": bool(ids & {"shuang_long_qi_dui", "san_long_qi_dui"})}
    if rules == "wuhu":
        return {"fan": hand["fan"], "di_fan": 0 if hand["jiao"] and hand["scheme"] != "mdm" else hand["difan"]}
    return {"fan": hand["fan"]}


def _settle(rules: str, options: dict, players: tuple, win: dict):
    events = [win]
    if rules == "sichuan":  # 血战到底 goes on until the wall runs out: the others are not ready, so nobody pays more
        events.append({"type": "draw", "players": {p: {"status": "not_ready"} for p in players if p != win["winner"]}})
    return Match(rules, list(players), options).add_round(events).settlement


@pytest.mark.parametrize("rules,options,players,hand,win", WINS)
def test_a_given_value_pays_as_the_hand(rules, options, players, hand, win) -> None:
    scored = _settle(rules, options, players, {"type": "win", **win, "hand": hand})
    given = _settle(rules, options, players, {"type": "win", **win, **_value(rules, scored.hands[0])})
    assert scored.deltas == given.deltas
    assert any(scored.deltas.values())
