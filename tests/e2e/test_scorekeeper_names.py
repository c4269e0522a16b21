"""The scorekeeper in each language, and the MCR penalty round, in headless Chromium.

- Round names as each language's players say them: Japanese 東1局 0本場 (as Tenhou writes it), Chinese 东1局 0本场,
  English "East 1, 0 honba"; MCR's wind round (圈) and hand.
- The three-player Riichi match settings named in the chosen language (start 35000 and return 40000 for three,
  riichi.wiki "Sanma"), no setting's id on the page.
- MCR's false win (错和) saved on its own: 30 points, 10 to each other player ("A Guide to Mahjong (Chinese /
  Official International Rules)", p. 38), and the hand is still the same hand after it.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_scorekeeper import add_event, match_server, new_match, save_round, totals  # noqa: F401  (a fixture)

from suanfan.match.riichi import SETTINGS

NEXT = {
    "en": ("East 1, 0 honba", "East round, hand 1 (1 of 16)"),
    "zh": ("东1局 0本场", "东风圈 第1局（第1/16局）"),
    "ja": ("東1局 0本場", "東風圏 第1局（1/16局目）"),
}


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_round_names_in_each_language(page, match_server, lang):  # noqa: F811
    url, _ = match_server
    page.goto(f"{url}/?lang={lang}#scorekeeper")
    page.get_by_test_id("sk-new").wait_for()
    new_match(page, "riichi", ["A", "B", "C", "D"], f"names-{lang}")
    assert page.get_by_test_id("sk-next").inner_text() == NEXT[lang][0]
    add_event(page, "tsumo", winner="B", han=1, fu=30)
    save_round(page, 1)
    # the saved round keeps its name; B (not the dealer) won, so East 2 with no honba is next
    assert NEXT[lang][0] in page.locator('[data-round="1"] .sk-label').inner_text()
    east2 = {"en": "East 2, 0 honba", "zh": "东2局 0本场", "ja": "東2局 0本場"}[lang]
    assert page.get_by_test_id("sk-next").inner_text() == east2
    page.get_by_test_id("sk-back").click()
    new_match(page, "mcr", ["A", "B", "C", "D"], f"mcr-{lang}")
    expect(page.get_by_test_id("sk-title")).to_contain_text(f"mcr-{lang}")
    assert page.get_by_test_id("sk-next").inner_text() == NEXT[lang][1]
    if lang != "en":  # no English round name left on a zh or ja page
        assert not re.search(r"honba|hand \d+ of", page.locator("#scorekeeper").inner_text())


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
def test_three_player_settings_are_named(page, match_server, lang):  # noqa: F811
    url, _ = match_server
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{url}/?lang={lang}#scorekeeper")
    page.get_by_test_id("sk-new").wait_for()
    page.get_by_test_id("sk-rules").select_option("riichi")
    page.locator("#sk-options-box summary").click()
    page.locator("#sk-option-players").select_option("3")
    page.wait_for_function("() => document.querySelectorAll('#sk-players input').length === 3")
    form = page.get_by_test_id("sk-new").inner_text()
    # no setting or option shown by its id: an id as written or with spaces (in English a one-word id such as
    # "length" may be a word of its name; in Chinese and Japanese no id is left at all)
    ids = [s.name for s in SETTINGS] + ["players", "sanma_tsumo", "sanma_honba", "north_yakuhai"]
    for raw in ids:
        if lang == "en" and "_" not in raw:
            continue
        for shown in {raw, raw.replace("_", " ")}:
            assert not re.search(rf"(?<![\w-]){re.escape(shown)}(?![\w-])", form, re.I if lang != "en" else 0), raw
    start = {"en": "Start points", "zh": "起始点数", "ja": "配給原点"}[lang]
    back = {"en": "Return points", "zh": "返点", "ja": "返し"}[lang]
    assert start in form and back in form
    # three players start at 35000 and return at 40000 (riichi.wiki "Sanma")
    assert page.locator('#sk-settings input[name="start"]').input_value() == "35000"
    assert page.locator('#sk-settings input[name="return_points"]').input_value() == "40000"
    length = page.locator('#sk-settings select[name="length"] option:checked').inner_text()
    assert length == {"en": "Half game (hanchan: East and South)", "zh": "半庄战（东南）", "ja": "半荘戦（東南）"}[lang]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_mcr_false_win_on_its_own(page, match_server):  # noqa: F811
    url, _ = match_server
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{url}/?lang=en#scorekeeper")
    page.get_by_test_id("sk-new").wait_for()
    players = ["A", "B", "C", "D"]
    new_match(page, "mcr", players, "false win")
    add_event(page, "false_win", player="C")
    page.wait_for_function("() => document.querySelector('[data-testid=sk-preview]').textContent.includes('C −30')")
    save_round(page, 1)
    # 30 points, 10 to each other player; the hand goes on: still hand 1 of 16
    assert {p: page.get_by_test_id(f"sk-delta-1-{p}").get_attribute("data-value") for p in players} == {
        "A": "10",
        "B": "10",
        "C": "-30",
        "D": "10",
    }
    assert page.get_by_test_id("sk-next").inner_text() == "East round, hand 1 (1 of 16)"
    assert "false win" in page.locator('tr[data-round="1"]').inner_text()
    # then the hand ends: B wins on D's discard with 8 fan (seed 002: D pays 8 + 8, A and C 8 each)
    add_event(page, "win", winner="B", **{"from": "D"}, value_mode="fan", fan=8)
    save_round(page, 2)
    assert totals(page, players) == {"A": "2", "B": "42", "C": "-38", "D": "-6"}
    assert page.get_by_test_id("sk-next").inner_text() == "East round, hand 2 (2 of 16)"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
