"""A Riichi hand that is complete but does not win says why in words (the contract: every rule set's result that does
not win has ``reason_text`` and ``reason_names`` beside its ``reason``), the words of ``suanfan.reasons`` for its code.

Riichi writes them into its results from words made once (``rules.add_reason_words``, MCR too): these tests hold that shortcut to what
``rules.reason_words`` gives, and show that one result's words are its own.
"""

from __future__ import annotations

import pytest

import suanfan
from suanfan.reasons import reason
from suanfan.rules import reason_words

CLOSED = {"rules": "riichi", "hand": "123m456p789s234s11z", "win": "1m", "riichi": True}
HANDS = {
    # an open hand of simples with a pon of North for South: no yaku (digest: a hand needs one yaku)
    "no_yaku": {"rules": "riichi", "hand": "234m456p678s55p", "win": "5p", "melds": ["pon:444z@L"], "seat_wind": "S"},
    # a ron on 1m while 4m, the other tile of its wait, lies among the hand's own discards (振听)
    "furiten": {**CLOSED, "own_discards": ["4m"]},
    # riichi alone at 5 honba under seed 001's 二翻缚り (option five_honba_two_han)
    "below_minimum": {**CLOSED, "honba": 5, "options": {"five_honba_two_han": True}},
}


@pytest.mark.parametrize("code", list(HANDS))
def test_a_failed_riichi_hand_says_its_reason_in_words(code: str) -> None:
    r = suanfan.score_dict(HANDS[code])
    assert not r.winning and r.reason == code
    names = reason(code).names()
    assert set(names) == {"en", "zh", "ja"} and all(names.values())
    assert r.explain["reason_text"] == names["en"]
    assert r.explain["reason_names"] == names
    assert {k: r.explain[k] for k in ("reason_text", "reason_names")} == reason_words(code)
    d = r.to_dict()
    assert d["reason"] == code and d["reason_text"] == names["en"] and d["reason_names"] == names


@pytest.mark.parametrize("code", list(HANDS))
def test_each_result_has_its_own_reason_words(code: str) -> None:
    """Changing what one result says (its dict, or the dict its to_dict gives) changes no other result."""
    first = suanfan.score_dict(HANDS[code])
    first.explain["reason_names"]["en"] = "changed"
    first.to_dict()["reason_names"]["zh"] = "changed"
    second = suanfan.score_dict(HANDS[code])
    assert second.explain["reason_names"] == reason(code).names()
    assert reason_words(code)["reason_names"] == reason(code).names()
