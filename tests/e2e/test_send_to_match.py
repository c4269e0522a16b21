"""'Send to a match': a hand scored in the calculator added to an open match as that round's win, the match, winner,
discarder and other riichi picked on the page, the payments settled by the match API and shown before it is added.

The hand 234m 456p 678s 345s + 2p on 2p (a pair wait), in riichi, won by B off C in 東1局 (A deals): riichi 1 + tanyao
1 = 2 han; fu 20 + 10 (closed ron) + 2 (pair wait) = 32 → 40. The standard points table (digest
../shared/rules/riichi.md "Points"): a non-dealer's 2 han 40 fu ron is 2600. B's own stick comes back to him and D's
riichi stick goes to the winner: B +2600 + 1000 = +3600, C −2600, D −1000; A 25000, B 28600, C 22400, D 24000.
"""

from __future__ import annotations

from playwright.sync_api import expect
from test_scorekeeper import match_server, wait_rounds  # noqa: F401  (match_server: a fixture)
from test_web_e2e import open_page, pick

PLAYERS = ["A", "B", "C", "D"]


def test_send_a_scored_hand_to_a_match(page, match_server):  # noqa: F811
    url, _ = match_server
    page.set_viewport_size({"width": 390, "height": 844})
    made = page.request.post(
        url + "/api/match", data={"rules": "riichi", "players": PLAYERS, "name": "club night"}
    ).json()
    open_page(page, f"{url}/?lang=en&rules=riichi&hand=234m456p678s345s22p")
    page.locator("#result[data-state=scored]").wait_for(state="attached")
    # before a winning hand is scored there is nothing to send; with it, the panel opens on the open match
    pick(page, "riichi", True)
    page.wait_for_function("() => document.querySelector('#result').textContent.includes('2 han')")
    page.get_by_test_id("send").click()
    assert page.get_by_test_id("send-match").input_value() == str(made["id"])
    assert "East 1, 0 honba" in page.get_by_test_id("send-match").inner_text()
    box = page.get_by_test_id("send-box")
    box.get_by_test_id("send-winner").locator('[data-value="B"]').click()
    # the calculator scored a ron: the discarder is asked for, never taken as a self-draw
    box.get_by_test_id("send-preview").get_by_text("Pick who dealt in").wait_for()
    assert box.get_by_test_id("send-from").locator("[aria-pressed=true]").count() == 0
    expect(box.get_by_test_id("send-add")).to_be_disabled()
    box.get_by_test_id("send-from").locator('[data-value="C"]').click()
    # the hand says riichi: B's riichi is in, and cannot be taken out; D declared riichi too
    b_riichi = box.get_by_test_id("send-riichi").locator('[data-value="B"]')
    expect(b_riichi).to_have_attribute("aria-pressed", "true")
    expect(b_riichi).to_be_disabled()
    box.get_by_test_id("send-riichi").locator('[data-value="D"]').click()
    page.wait_for_function(
        "() => (document.querySelector('[data-testid=send-preview]').textContent || '').includes('B +3,600')"
    )
    assert "A 0 · B +3,600 · C −2,600 · D −1,000" in box.get_by_test_id("send-preview").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    box.get_by_test_id("send-add").click()
    box.get_by_test_id("send-done").wait_for()
    assert "round 1 of club night" in box.get_by_test_id("send-done").inner_text()

    # the match has the round: the hand scored by the match, the totals
    box.get_by_test_id("send-open").click()
    wait_rounds(page, 1)
    totals = {p: page.get_by_test_id(f"sk-total-{p}").get_attribute("data-value") for p in PLAYERS}
    assert totals == {"A": "25000", "B": "28600", "C": "22400", "D": "24000"}
    assert "2 han 40 fu" in page.locator('tr[data-round="1"] .sk-what').inner_text()
    events = page.request.get(f"{url}/api/match/{made['id']}/export").json()["rounds"][0]["events"]
    assert [e["type"] for e in events] == ["riichi", "riichi", "ron"]
    assert events[2]["winner"] == "B" and events[2]["from"] == "C"
    hand = events[2]["hand"]
    assert hand["win"] == "2p" and sorted(hand["hand"]) == sorted("234m2456p345678s2p")
    assert hand["riichi"] is True and not {"seat_wind", "round_wind", "tsumo", "honba", "rules"} & set(hand)


def test_no_open_match_of_the_rule_set(page, match_server):  # noqa: F811
    url, _ = match_server
    open_page(page, f"{url}/?lang=ja&rules=sichuan&hand=123m456m789m11p234p")
    page.locator("#result[data-state=scored]").wait_for(state="attached")
    assert page.get_by_test_id("send").inner_text() == "対局に記録"
    page.get_by_test_id("send").click()
    page.get_by_test_id("send-none").wait_for()
