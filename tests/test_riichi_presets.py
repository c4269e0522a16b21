"""The platforms' and the organisations' presets: every one documented with its sources and checked by cases.

The scoring cases are tests/data/riichi_preset_cases.json and riichi_sanma_cases.json (test_riichi_cases.py runs
them); the match cases (final points, uma, chombo, abortive draws) are in match_games.json and match_rounds.json.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import suanfan
from suanfan import rules
from suanfan.match import Match
from suanfan.rules.riichi.presets import PRESET_DOCS, PRESET_MATCH, PRESETS

DATA = Path(__file__).parent / "data"


def _used_presets() -> set[str]:
    used = set()
    for name in ("riichi_cases.json", "riichi_sanma_cases.json", "riichi_preset_cases.json"):
        for case in json.loads((DATA / name).read_text()):
            used.add(case["in"].get("options", {}).get("preset"))
    for name in ("match_games.json", "match_rounds.json"):
        for case in json.loads((DATA / name).read_text())["cases"]:
            used.add((case.get("options") or {}).get("preset"))
    return used


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_is_documented_and_checked(preset: str) -> None:
    doc = PRESET_DOCS[preset]
    assert "Source" in doc, preset  # every preset names where its values come from
    used = _used_presets()
    sanma_platform = preset.endswith("_sanma") and preset.removesuffix("_sanma") in used  # players: 3 + platform
    assert preset in used or sanma_platform or preset == "baochong", f"no case uses preset {preset}"
    rs = rules.get("riichi")
    opts = rs.resolve_options({"preset": preset})
    for key, value in PRESETS[preset].items():
        assert opts[key] == value


def test_rules_riichi_lists_each_preset_with_its_values() -> None:
    d = rules.get("riichi").describe()
    assert d["presets"]["mleague"]["kiriage_mangan"] is True
    assert d["preset_docs"]["wrc"].startswith("World Riichi Championship")
    assert d["preset_match_settings"]["mleague"]["uma"] == [30, 10, -10, -30]


def test_a_preset_sets_the_match_defaults_and_a_setting_given_wins() -> None:
    m = Match("riichi", ["A", "B", "C", "D"], {"preset": "wrc"})
    assert (m.game.config["start"], m.game.config["uma"], m.game.config["chombo"]) == (
        30000,
        [15, 5, -5, -15],
        "points",
    )
    m = Match("riichi", ["A", "B", "C", "D"], {"preset": "wrc"}, {"start": 25000})
    assert m.game.config["start"] == 25000 and m.game.config["return_points"] == 30000
    m = Match("riichi", ["A", "B", "C"], {"preset": "mahjongsoul"})
    assert m.game.options["players"] == 3 and m.game.options["double_yakuman"] is True
    assert m.game.config["start"] == 35000 and m.game.config["extension"] is True


def test_kan_dora_off_takes_one_indicator() -> None:
    with pytest.raises(suanfan.InputError, match="kan_dora is off"):
        suanfan.score(
            "234m456p88p345678s", win="2m", riichi=True, dora_indicators=["3p", "4p"], options={"preset": "jpml"}
        )


def test_a_flag_an_option_turns_off_is_noted() -> None:
    r = suanfan.score("234m456p88p345678s", win="2m", riichi=True, ippatsu=True, options={"preset": "jpml"})
    assert "ippatsu" not in {i.id for i in r.items}
    assert any("ippatsu" in n for n in r.explain["notes"])


def test_floating_uma_is_checked() -> None:
    with pytest.raises(suanfan.InputError, match="keys 0 to 4"):
        Match("riichi", ["A", "B", "C", "D"], settings={"uma": {"1": [12, -1, -3, -8]}})


def test_preset_match_settings_are_settings() -> None:
    from suanfan.match.riichi import SETTINGS

    names = {o.name for o in SETTINGS}
    for preset, values in PRESET_MATCH.items():
        assert set(values) <= names, preset
