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


def test_a_club_match_under_mleague_rules() -> None:
    """A club plays ``-o preset=mleague``: each hand is paid as M-League's rules pay it and the final points are its
    scoring sheet's. Expected values from M-League's rules, none from suanfan:
    - kiriage: 30 fu 4 han is a mangan, 8000 (majyan-item.com 'Mリーグルール': 7700は切り上げ);
    - a double wind pair is 2 fu (m-league.jp/about as otamajakusi/mahjong-c include/yaku.h quotes it: 連風牌の対子
      2符): the dealer's riichi ron 20 + 10 + 8 (concealed 111m) + 2 = 40 fu, 1 han: 2000 (seed 001 dealer table);
    - a chombo takes 20 off the player's final score at the end, nothing moves in the hand (k-bys.work 'Mリーグルール');
    - final = (points - 30000) / 1000 + 順位点 +50 / +10 / -10 / -30 (k-bys.work: 25,000点持ちの30,000点返し; the oka
      +20 and uma +30 / +10 / -10 / -30).
    """
    m = Match("riichi", ["A", "B", "C", "D"], {"preset": "mleague"}, {"length": "east"})
    kiriage = {"hand": "234m456p88p345678s", "win": "2m", "riichi": True, "dora_indicators": ["3p"]}
    played = m.add_round(
        [{"type": "riichi", "player": "B"}, {"type": "ron", "winner": "B", "from": "A", "hand": kiriage}]
    )
    assert played.to_dict()["deltas"] == {"A": -8000, "B": 8000, "C": 0, "D": 0}  # B's stick comes back to B
    double_east = {"hand": "111m234567p678s11z", "win": "2p", "riichi": True}  # B is the dealer, East in East
    played = m.add_round(
        [{"type": "riichi", "player": "B"}, {"type": "ron", "winner": "B", "from": "C", "hand": double_east}]
    )
    assert played.to_dict()["deltas"] == {"A": 0, "B": 2000, "C": -2000, "D": 0}
    m.add_round([{"type": "chombo", "player": "D"}])
    for _ in range(3):  # everyone noten: the deal goes round to the end of the East round
        m.add_round([{"type": "draw"}])
    s = m.summary()
    assert s["finished"]
    st = s["standings"]
    assert st["points"] == {"A": 17000, "B": 35000, "C": 23000, "D": 25000}
    # B first: 5 + 50; D second: -5 + 10, then the chombo's -20; C third: -7 - 10; A fourth: -13 - 30
    assert st["final"] == {"A": -43.0, "B": 55.0, "C": -17.0, "D": -15.0}


def test_riichi_city_match_settings() -> None:
    """riichi.wiki 'Riichi City', Ranked Match Rules: 25,000 start, kaeshi 30,000, uma +30 / +10 / -10 / -30 with the
    oka; three players 35,000 / 40,000 and uma +20 / 0 / -20."""
    m = Match("riichi", ["A", "B", "C", "D"], {"preset": "riichi_city"})
    assert (m.game.config["start"], m.game.config["return_points"], m.game.config["uma"]) == (
        25000,
        30000,
        [30, 10, -10, -30],
    )
    assert m.game.config["extension"] is True
    m = Match("riichi", ["A", "B", "C"], {"preset": "riichi_city"})
    assert m.game.options["players"] == 3 and m.game.options["aka_dora"] is True
    assert (m.game.config["start"], m.game.config["return_points"], m.game.config["uma"]) == (
        35000,
        40000,
        [20, 0, -20],
    )
    # a start of 35000 each and a return of 40000: 3 x 5 = 15 oka to the first, all tied at the start (split by seat)
    final = m.summary()["standings"]["final"]
    assert final == {"A": 30.0, "B": -5.0, "C": -25.0}


def test_suanfan_rules_riichi_prints_every_preset_value() -> None:
    """`suanfan rules riichi` lists each preset with every value it sets and its match settings (the issue's list)."""
    import json as _json
    import re

    from typer.testing import CliRunner

    from suanfan.cli import app

    res = CliRunner().invoke(app, ["rules", "riichi"], env={"COLUMNS": "10000"})
    assert res.exit_code == 0, res.output
    text = re.sub(r"\s+", " ", res.output)
    for preset, values in PRESETS.items():
        assert f" preset {preset} (" in text, preset
        own = text.split(f" preset {preset} (", 1)[1].split(" preset ", 1)[0]  # this preset's lines only
        for key, value in {**values, **PRESET_MATCH.get(preset, {})}.items():
            assert f"{key}={_json.dumps(value, ensure_ascii=False)}" in own, (preset, key)
