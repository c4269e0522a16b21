"""Riichi cases as data (tests/data/riichi_cases.json): every yaku, option and payment rule, values derived by hand
from the digest (../shared/rules/riichi.md) and the seeds' tables; each case says why in ``why``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cases
import suanfan
from suanfan.rules.riichi import RULESET
from suanfan.rules.riichi.points import exhaustive_draw

DATA = Path(__file__).parent / "data"
# the three-player cases (riichi_sanma_cases.json) cite the platforms' rules and riichi.wiki "Sanma"
CASES = cases.load("riichi_cases.json") + cases.load("riichi_sanma_cases.json")  # checked by test_cases.py
DORA_IDS = {"dora", "aka_dora", "ura_dora", "nukidora"}


def test_every_yaku_has_a_case() -> None:
    seen = set()
    for case in CASES:
        seen |= set(case["out"].get("yaku", []))
    # pinfu, tanyao, ... appear above; the rest of the table must too
    missing = {row.id for row in RULESET.items} - seen
    assert not missing, missing


def test_renhou_off_notes_the_flag() -> None:
    r = suanfan.score("234567m34599p678s", win="6s", renhou=True, seat_wind="S")
    assert any("renhou" in n for n in r.explain["notes"])


def test_pao_without_a_liable_yakuman_is_refused() -> None:
    # pao makes a player liable only for daisangen / daisuushii (digest: pao); on any other hand no rule covers it,
    # so it is refused, not ignored (issue 12)
    with pytest.raises(suanfan.InputError) as e:
        suanfan.score("234567m34599p678s", win="6s", pao="L", tsumo=True, seat_wind="S")
    assert e.value.code == "bad_context" and "pao L given" in e.value.message


@pytest.mark.parametrize(
    ("tenpai", "nagashi", "deltas"),
    [
        ("E", "", {"E": 3000, "S": -1000, "W": -1000, "N": -1000}),
        ("ES", "", {"E": 1500, "S": 1500, "W": -1500, "N": -1500}),
        ("ESW", "", {"E": 1000, "S": 1000, "W": 1000, "N": -3000}),
        ("", "", {"E": 0, "S": 0, "W": 0, "N": 0}),
        ("ESWN", "", {"E": 0, "S": 0, "W": 0, "N": 0}),
        # nagashi mangan is paid as a mangan self-draw, instead of the noten payments
        ("S", "S", {"E": -4000, "S": 8000, "W": -2000, "N": -2000}),
        ("E", "E", {"E": 12000, "S": -4000, "W": -4000, "N": -4000}),
    ],
)
def test_exhaustive_draw(tenpai: str, nagashi: str, deltas: dict) -> None:
    """Noten players pay 3000 in all (seed 000 不听罚点; digest R9); nagashi mangan (digest: a mangan tsumo)."""
    res = exhaustive_draw(list(tenpai), list(nagashi))
    assert res["deltas"] == deltas
    assert sum(res["deltas"].values()) == 0
    assert res["dealer_keeps_seat"] == ("E" in tenpai)


def test_nagashi_option_off() -> None:
    res = exhaustive_draw(["S"], ["S"], options={"nagashi_mangan": False})
    assert res["deltas"] == {"E": -1000, "S": 3000, "W": -1000, "N": -1000}


def test_fu_parts_are_shared_and_read_only():
    """A fu part is one dict shared by every result that has it, so changing it raises and names the way out; a copy,
    JSON and pickle see a plain dict. 234m456p678s22m + 345p ron: base 20 and concealed ron 10 (seed 003's fu table)."""
    import copy
    import pickle

    a = suanfan.score("234m456p678s22m345p", win="5p")
    b = suanfan.score("234m456p678s22m345p", win="5p", seat_wind="S")
    base = a.explain["fu_parts"][0]
    assert base["id"] == "base" and base["fu"] == 20
    assert b.explain["fu_parts"][0] is base
    with pytest.raises(TypeError, match="a fu part is shared by results"):
        base["fu"] = 30
    mine = dict(base)
    mine["fu"] = 30
    assert base["fu"] == 20
    assert json.loads(json.dumps(base)) == dict(base)
    back = pickle.loads(pickle.dumps(base))
    assert back == base and type(back) is dict
    assert copy.deepcopy(base) == base
