"""The scorekeeper view in headless Chromium, against a server of its own whose match file is a temporary
SQLite database (``SUANFAN_DB``): create a Riichi match, enter a riichi + ron round and a tsumo round, read the
running totals, undo, reload and reopen the match, and the standings with oka and uma.

Expected points are worked by hand from the digest (../shared/rules/riichi.md "Points", the standard table) and
seed 001 (final score, oka, uma), not from our code:
- 东1局 (A deals): B declares riichi (1000 on the table); C (non-dealer) rons A's discard with 3 han 30 fu:
  base 30 × 2^(3+2) = 3840, × 4 = 15360 → 3900 from A; C takes B's stick: A 21100, B 24000, C 29900, D 25000.
- 东2局 (B deals, a non-dealer won): D tsumo with 234m 456p 678s 345s 22p, the pair 2p drawn (tanki): menzen tsumo
  + tanyao = 2 han; 20 + 2 (tsumo) + 2 (tanki) = 24 → 30 fu; base 30 × 2^4 = 480: the dealer pays 960 → 1000,
  each non-dealer 480 → 500: A 20600, B 23000, C 29400, D 27000.
- 东3局 (C deals): exhaustive draw, A and C tenpai: the two noten players pay 1500 each, the two tenpai players get
  1500 each (3000 split); C is the dealer and tenpai, so C deals again with 1 honba: A 22100, B 21500, C 30900,
  D 25500.
- Final score (seed 001, start 25000, return 30000, oka +20 to first, uma 20/10/−10/−20): C 0.9 + 20 + 20 = 40.9,
  D −4.5 + 10 = 5.5, A −7.9 − 10 = −17.9, B −8.5 − 20 = −28.5 (they add up to zero).
- The local rule sets: rounds of tests/data/match_rounds.json (each citing its digest section), entered through
  the page's forms, show the deltas the table gives.
- MCR (seed 002): B wins on C's discard with 10 fan: C pays 8 + 10 = 18, A and D 8 each; B +34. Standard score
  4/2/1/0 by rank: B 4, A and D share places 2 and 3 (2 + 1) / 2 = 1.5 each, C 0.
"""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import expect
from servers import serve_app


@pytest.fixture(scope="module")
def match_server(server_url, tmp_path_factory):
    """A server of its own with a temporary match file (server_url has already checked Chromium and Playwright)."""
    db = tmp_path_factory.mktemp("matches") / "matches.sqlite3"
    env = {**os.environ, "SUANFAN_DB": str(db)}
    for url in serve_app("/api/match/games", env):
        yield url, db


def totals(page, players) -> dict[str, str]:
    return {p: page.get_by_test_id(f"sk-total-{p}").inner_text() for p in players}


def wait_rounds(page, n: int) -> None:
    page.wait_for_function("n => document.querySelectorAll('[data-testid=sk-running] tbody tr').length === n", arg=n)


def open_detailed(page) -> None:
    """A Riichi match folds the full event form under the quick entry: unfold it, as a player taps its summary."""
    folded = page.locator("[data-testid=sk-detailed]:not([open]) > summary")
    if folded.count():
        folded.click()


def add_event(page, kind: str, **fields) -> None:
    """Pick the event type, fill its form in order (a select by its value, an input by typing, a list of players
    by checking their boxes)."""
    open_detailed(page)
    form = page.get_by_test_id("sk-event-form")
    page.get_by_test_id("sk-event-type").select_option(kind)
    for name, value in fields.items():
        if isinstance(value, list):
            for p in value:
                form.locator(f'input[name="{name}"][value="{p}"]').check()
            continue
        field = form.locator(f'[name="{name}"]')
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    before = page.locator("[data-testid=sk-pending] li").count()
    page.get_by_test_id("sk-add-event").click()
    page.wait_for_function("n => document.querySelectorAll('[data-testid=sk-pending] li').length === n", arg=before + 1)


def save_round(page, n: int) -> None:
    page.get_by_test_id("sk-save").click()
    wait_rounds(page, n)


def new_match(page, rules: str, players: list[str], name: str, **settings) -> None:
    page.get_by_test_id("sk-rules").select_option(rules)
    page.wait_for_function("n => document.querySelectorAll('#sk-players input').length === n", arg=len(players))
    page.get_by_test_id("sk-name").fill(name)
    for i, p in enumerate(players):
        page.get_by_test_id(f"new-player-{i + 1}").fill(p)
    for key, value in settings.items():
        page.locator(f'#sk-settings [name="{key}"]').fill(value)
    page.get_by_test_id("sk-create").click()
    page.get_by_test_id("sk-running").wait_for()


def test_riichi_match(page, match_server):
    url, db = match_server
    page.goto(url + "/?lang=en")
    page.get_by_test_id("to-scorekeeper").click()
    expect(page.locator("#calculator")).to_be_hidden()  # the view changes after the click: wait for it
    page.get_by_test_id("sk-new").wait_for()
    page.get_by_test_id("sk-list").get_by_text("No saved match").wait_for()
    # the new-match form comes from /api/match/games: four names for Riichi, three for Ka Wu Xing, two for 二人麻将
    for rules, seats in (("kawuxing", 3), ("twoplayer", 2), ("riichi", 4)):
        page.get_by_test_id("sk-rules").select_option(rules)
        page.wait_for_function("n => document.querySelectorAll('#sk-players input').length === n", arg=seats)
    assert page.locator('#sk-settings select[name="length"]').input_value() == '"hanchan"'
    assert page.locator('#sk-settings input[name="start"]').input_value() == "25000"
    players = ["A", "B", "C", "D"]
    new_match(page, "riichi", players, "friday", uma="20, 10, -10, -20")
    assert page.get_by_test_id("sk-next").inner_text() == "East 1, 0 honba"
    assert totals(page, players) == {p: "25,000" for p in players}
    assert page.get_by_test_id("sk-final-A").count() == 0  # no oka (+15.0 for a four-way tie) before any round

    # 东1局: B riichi, C rons A with 3 han 30 fu; the preview shows the round before it is saved
    add_event(page, "riichi", player="B")
    add_event(page, "ron", winner="C", **{"from": "A"}, han=3, fu=30)
    page.wait_for_function("() => document.querySelector('[data-testid=sk-preview]').textContent.includes('C +4,900')")
    save_round(page, 1)
    assert totals(page, players) == {"A": "21,100", "B": "24,000", "C": "29,900", "D": "25,000"}
    deltas = {p: page.get_by_test_id(f"sk-delta-1-{p}").inner_text() for p in players}
    assert deltas == {"A": "−3,900", "B": "−1,000", "C": "+4,900", "D": "0"}
    assert page.get_by_test_id("sk-next").inner_text() == "East 2, 0 honba"

    # 东2局: D tsumo, the hand scored by the engine with the match's seat and round wind
    add_event(page, "tsumo", winner="D", value_mode="hand", hand="234m456p678s345s22p")
    save_round(page, 2)
    assert totals(page, players) == {"A": "20,600", "B": "23,000", "C": "29,400", "D": "27,000"}
    assert "2 han 30 fu" in page.locator('[data-round="2"] .sk-what').inner_text()

    # undo the tsumo: back to the first round's totals
    page.get_by_test_id("sk-undo").click()
    wait_rounds(page, 1)
    assert totals(page, players) == {"A": "21,100", "B": "24,000", "C": "29,900", "D": "25,000"}
    assert page.get_by_test_id("sk-next").inner_text() == "East 2, 0 honba"

    # persistence: reload the page, reopen the match from the saved list
    page.goto(url + "/?lang=en#scorekeeper")
    page.get_by_test_id("sk-list").locator("a.open").first.wait_for()
    assert "friday" in page.get_by_test_id("sk-list").inner_text()
    assert "1 round" in page.get_by_test_id("sk-list").inner_text()
    page.get_by_test_id("sk-list").locator("a.open", has_text="friday").click()
    wait_rounds(page, 1)
    assert totals(page, players) == {"A": "21,100", "B": "24,000", "C": "29,900", "D": "25,000"}

    # the tsumo again (given as han and fu this time), then an exhaustive draw with A and C tenpai
    add_event(page, "tsumo", winner="D", han=2, fu=30)
    save_round(page, 2)
    assert totals(page, players) == {"A": "20,600", "B": "23,000", "C": "29,400", "D": "27,000"}
    add_event(page, "draw", tenpai=["A", "C"])
    save_round(page, 3)
    assert totals(page, players) == {"A": "22,100", "B": "21,500", "C": "30,900", "D": "25,500"}
    assert page.get_by_test_id("sk-next").inner_text() == "East 3, 1 honba"
    finals = {p: page.get_by_test_id(f"sk-final-{p}").inner_text() for p in players}
    assert finals == {"A": "−17.9", "B": "−28.5", "C": "+40.9", "D": "+5.5"}
    order = page.get_by_test_id("sk-standings").locator("tbody tr").evaluate_all("rs => rs.map(r => r.dataset.player)")
    assert order == ["C", "D", "A", "B"]

    # a bad round is refused with the match layer's message and saves nothing
    add_event(page, "riichi", player="A")
    page.get_by_test_id("sk-save").click()
    page.wait_for_function("() => document.querySelector('[data-testid=sk-save-error]').textContent !== ''")
    assert "no end" in page.get_by_test_id("sk-save-error").inner_text()
    wait_rounds(page, 3)
    page.locator("[data-testid=sk-pending] li button").click()

    # export: the match as JSON, its rounds the events entered
    with page.expect_download() as d:
        page.get_by_test_id("sk-export").click()
    exported = json.loads(Path(d.value.path()).read_text())
    assert exported["format"] == "suanfan-match" and len(exported["rounds"]) == 3
    assert exported["rounds"][0]["events"] == [
        {"type": "riichi", "player": "B"},
        {"type": "ron", "winner": "C", "from": "A", "han": 3, "fu": 30},
    ]
    assert db.exists()

    # import the exported file: a new match with the same rounds and totals
    first = page.evaluate("location.hash")
    page.get_by_test_id("sk-back").click()
    page.get_by_test_id("sk-import").set_input_files(d.value.path())
    page.wait_for_function("h => location.hash.startsWith('#scorekeeper/') && location.hash !== h", arg=first)
    wait_rounds(page, 3)
    assert totals(page, players) == {"A": "22,100", "B": "21,500", "C": "30,900", "D": "25,500"}

    # the chart: a point per player per round, the last at each total; the CSV beside the JSON, a row per round
    chart = page.get_by_test_id("sk-chart")
    for p in players:
        assert chart.locator(f'circle[data-player="{p}"]').count() == 3
        assert chart.locator(f'polyline[data-player="{p}"]').count() == 1
    with page.expect_download() as csv_file:
        page.get_by_test_id("sk-export-csv").click()
    lines = list(csv.reader(io.StringIO(Path(csv_file.value.path()).read_text(encoding="utf-8-sig"))))
    assert len(lines) == 4  # a header and the three rounds
    assert lines[-1][1] == "East 3, 0 honba"  # the round's name, quoted for its comma
    assert [int(v) for v in lines[-1][3::2]] == [22100, 21500, 30900, 25500]

    # a round being entered (not saved): A riichi, A rons B's discard with 2 han 40 fu in 东3局 1本场 (C deals):
    # base 40 × 2^4 = 640, × 4 = 2560 → 2600, + 300 for the honba, + A's own stick back: A +2900, B −2900
    add_event(page, "riichi", player="A")
    add_event(page, "ron", winner="A", **{"from": "B"}, han=2, fu=40)
    preview = page.get_by_test_id("sk-preview")
    page.wait_for_function("() => document.querySelector('[data-testid=sk-preview]').textContent.includes('A +2,900')")
    assert preview.get_by_test_id("sk-preview-deltas").inner_text() == "If saved now: A +2,900 · B −2,900 · C 0 · D 0"
    if os.environ.get("SUANFAN_SCOREKEEPER_SCREENSHOT"):  # the README's picture: docs/scorekeeper.png
        # the same round by the quick entry instead: riichi A, ron A off B, 2 han 40 fu
        for _ in range(2):
            page.locator("[data-testid=sk-pending] li button").first.click()
        for group, value in (("riichi", "A"), ("end", "ron"), ("winner", "A"), ("from", "B"), ("value", "h2")):
            page.get_by_test_id(f"sk-quick-{group}").locator(f'[data-value="{value}"]').click()
        page.get_by_test_id("sk-quick-fu").locator('[data-value="40"]').click()
        page.get_by_test_id("sk-quick-preview").get_by_text("A +2,900").wait_for()
        page.set_viewport_size({"width": 1280, "height": 900})
        page.locator("[data-testid=sk-detailed]").evaluate("d => { d.open = false; }")
        page.screenshot(path=os.environ["SUANFAN_SCOREKEEPER_SCREENSHOT"], full_page=True)


def test_mcr_match_keyboard_and_phone(page, match_server):
    url, _ = match_server
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(url + "/?lang=en")
    # the view link by keyboard
    page.get_by_test_id("to-scorekeeper").focus()
    page.keyboard.press("Enter")
    page.get_by_test_id("sk-new").wait_for()
    players = ["A", "B", "C", "D"]
    new_match(page, "mcr", players, "club")
    assert page.get_by_test_id("sk-next").inner_text() == "East round, hand 1 (1 of 16)"
    add_event(page, "win", winner="B", **{"from": "C"}, value_mode="fan", fan=10)
    save_round(page, 1)
    assert {p: page.get_by_test_id(f"sk-delta-1-{p}").inner_text() for p in players} == {
        "A": "−8",
        "B": "+34",
        "C": "−18",
        "D": "−8",
    }
    standard = {p: page.get_by_test_id(f"sk-standard-{p}").inner_text() for p in players}
    assert standard == {"A": "1.5", "B": "4", "C": "0", "D": "1.5"}
    # nothing wider than a phone screen (the running table scrolls inside its own box if it must)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # back to the calculator and its rule-set picker
    page.locator('#views a[data-view="calculator"]').click()
    page.locator("#palette").wait_for()
    expect(page.locator("#rules")).to_be_visible()


LOCAL_CASES = ["s-draw-statuses", "s-kongs-and-wins", "k-declared-payer", "k-kongs", "w-tsumo", "w-bao-tsumo"]


def enter_event(page, ev: dict) -> None:
    """One event of the match layer, entered through its form: players and choices picked, numbers typed, the draw's
    status of each player picked (a player the event leaves out has left the hand)."""
    open_detailed(page)
    form = page.get_by_test_id("sk-event-form")
    page.get_by_test_id("sk-event-type").select_option(ev["type"])
    for key, value in ev.items():
        if key == "type":
            continue
        if key == "players":
            for p in page.evaluate("() => [...document.querySelectorAll('[name^=status-]')].map(s => s.name.slice(7))"):
                st = value.get(p)
                form.locator(f'[name="status-{p}"]').select_option(st["status"] if st else "")
                if st and "multiplier" in st:
                    form.locator(f'[name="multiplier-{p}"]').fill(str(st["multiplier"]))
        elif value is True:
            form.locator(f'input[name="{key}"]').check()
        elif key in ("kind", "reason"):
            form.locator(f'select[name="{key}"]').select_option(json.dumps(value))
        elif isinstance(value, int):
            form.locator(f'input[name="{key}"]').fill(str(value))
        else:
            form.locator(f'select[name="{key}"]').select_option(value)
    before = page.locator("[data-testid=sk-pending] li").count()
    page.get_by_test_id("sk-add-event").click()
    page.wait_for_function("n => document.querySelectorAll('[data-testid=sk-pending] li').length === n", arg=before + 1)


@pytest.mark.parametrize("case_id", LOCAL_CASES)
def test_local_rounds_through_the_forms(page, match_server, case_id):
    url, _ = match_server
    cases = json.loads((Path(__file__).parents[1] / "data" / "match_rounds.json").read_text())["cases"]
    case = next(c for c in cases if c["id"] == case_id)
    players = case.get("players", ["A", "B", "C", "D"])
    page.goto(url + "/?lang=en#scorekeeper")
    page.get_by_test_id("sk-new").wait_for()
    assert not case.get("options"), "these cases play with the rule set's defaults"
    new_match(page, case["rules"], players, case_id)
    for ev in case["events"]:
        enter_event(page, ev)
    save_round(page, 1)
    shown = {p: page.get_by_test_id(f"sk-delta-1-{p}").get_attribute("data-value") for p in players}
    assert {p: int(v) for p, v in shown.items()} == case["deltas"]
    exported = page.request.get(url + page.get_by_test_id("sk-export").get_attribute("href")).json()
    assert exported["rounds"] == [{"events": case["events"]}]
