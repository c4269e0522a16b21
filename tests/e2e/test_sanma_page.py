"""Three-player Riichi on the page: the palette plays the 108 tiles (no 2m-8m, no 0m), and the scorekeeper starts a
match of three names when the option players is 3; a non-dealer mangan self-draw is paid 4000 + 2000 (ツモ損,
riichi.wiki "Sanma") from a 35000 start."""

from __future__ import annotations

from test_scorekeeper import add_event, match_server, save_round, totals  # noqa: F401  (match_server: a fixture)
from test_web_e2e import open_page


def test_the_palette_knows_the_three_player_tiles(page, server_url):
    open_page(page, f"{server_url}/?lang=en&rules=riichi")
    assert page.locator('#palette button[data-tile="2m"]').count() == 1
    page.locator("#preset").select_option("tenhou_sanma")
    page.wait_for_function("() => !document.querySelector('#palette button[data-tile=\"2m\"]')")
    for code, there in (("1m", 1), ("9m", 1), ("5m", 0), ("0m", 0), ("0p", 1), ("4z", 1)):
        assert page.locator(f'#palette button[data-tile="{code}"]').count() == there, code


def test_a_three_player_match(page, match_server):  # noqa: F811
    url, _ = match_server
    page.goto(url + "/?lang=en#scorekeeper")
    page.get_by_test_id("sk-new").wait_for()
    page.get_by_test_id("sk-rules").select_option("riichi")
    page.wait_for_function("() => document.querySelectorAll('#sk-players input').length === 4")
    page.locator("#sk-options-box summary").click()  # the rule options fold out
    page.locator("#sk-option-players").select_option("3")
    page.wait_for_function("() => document.querySelectorAll('#sk-players input').length === 3")
    players = ["A", "B", "C"]
    page.get_by_test_id("sk-name").fill("sanma")
    for i, p in enumerate(players):
        page.get_by_test_id(f"new-player-{i + 1}").fill(p)
    page.get_by_test_id("sk-create").click()
    page.get_by_test_id("sk-running").wait_for()
    assert totals(page, players) == {p: "35,000" for p in players}
    add_event(page, "tsumo", winner="B", han=5)
    save_round(page, 1)
    assert totals(page, players) == {"A": "31,000", "B": "41,000", "C": "33,000"}
    assert page.get_by_test_id("sk-next").inner_text() == "East 2, 0 honba"
