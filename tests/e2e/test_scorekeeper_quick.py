"""Quick entry of the common Riichi rounds on a phone (390 px): riichi by whom, ron by X (or X and Y) off Z for han /
fu or a named limit, tsumo, an exhaustive draw with who was tenpai, an abortive draw; a few taps each, the payments shown (settled
by the match API) before the round is saved.

Expected points from the standard Riichi points table (digest ../shared/rules/riichi.md "Points"; the table printed
by every Japanese rulebook, e.g. riichi.wiki "Scoring table"), worked by hand, not from our output:
- 东1局 (A deals): B riichi (1000 on the table); C rons A with 3 han 30 fu: non-dealer ron 3900; C takes the stick.
  A −3900, B −1000, C +4900.
- 东2局 (B deals): D tsumo, mangan: non-dealer mangan self-draw 2000 / 4000: B −4000, A and C −2000, D +8000.
- 东3局 (C deals): C riichi, exhaustive draw with A and C tenpai: the two noten players pay 1500 each (3000 split):
  A +1500, C +1500 − 1000 (the stick) = +500, B and D −1500; the dealer is tenpai: 东3局 1本场.
- 东3局 1本场: 九种九牌, an abortive draw: nothing is paid, 东3局 2本场.
- 东3局 2本场: A rons C with 2 han 40 fu: non-dealer ron 2600, + 2 × 300 honba, + C's stick from the draw:
  A +4200, C −3200. A is not the dealer: 东4局 0本场 (D deals).
- 东4局: D (dealer) tsumo with 4 han 30 fu: dealer self-draw 3900 all: D +11700, each other −3900.
Totals: A 20900, B 14600, C 21300, D 43200 (100000 in all).
"""

from __future__ import annotations

from playwright.sync_api import expect
from test_scorekeeper import match_server, new_match, totals, wait_rounds  # noqa: F401  (match_server: a fixture)

PLAYERS = ["A", "B", "C", "D"]


class Taps:
    """Taps on the quick entry, counted."""

    def __init__(self, page) -> None:
        self.page = page
        self.count = 0

    def chip(self, group: str, value: str) -> None:
        self.page.get_by_test_id(f"sk-quick-{group}").locator(f'.sk-chip[data-value="{value}"]').click()
        self.count += 1

    def preview(self) -> str:
        self.page.locator("[data-testid=sk-quick-preview] [data-testid=sk-preview-deltas]").wait_for()
        return self.page.get_by_test_id("sk-quick-preview").inner_text()

    def save(self, rounds: int) -> None:
        save = self.page.get_by_test_id("sk-quick-save")
        self.page.wait_for_function("() => !document.querySelector('[data-testid=sk-quick-save]').disabled")
        save.click()
        self.count += 1
        wait_rounds(self.page, rounds)


def deltas(page, n: int) -> dict[str, int]:
    return {p: int(page.get_by_test_id(f"sk-delta-{n}-{p}").get_attribute("data-value")) for p in PLAYERS}


def test_quick_riichi_rounds_on_a_phone(page, match_server):  # noqa: F811
    url, _ = match_server
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(url + "/?lang=en#scorekeeper")
    page.get_by_test_id("sk-new").wait_for()
    new_match(page, "riichi", PLAYERS, "quick")
    page.get_by_test_id("sk-quick").wait_for()
    assert page.get_by_test_id("sk-detailed").get_attribute("open") is None  # the full form is folded away

    # 东1局: riichi B, ron C off A, 3 han (30 fu is the fu already chosen), save: six taps
    t = Taps(page)
    t.chip("riichi", "B")
    t.chip("end", "ron")
    t.chip("winner", "C")
    t.chip("from", "A")
    t.chip("value", "h3")
    shown = t.preview()
    assert "A −3,900 · B −1,000 · C +4,900 · D 0" in shown and "On the table" not in shown
    assert "A → C: 3,900 (ron)" in shown and "the table → C: 1,000" in shown
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    t.save(1)
    assert t.count == 6
    assert deltas(page, 1) == {"A": -3900, "B": -1000, "C": 4900, "D": 0}
    assert page.get_by_test_id("sk-next").inner_text() == "East 2, 0 honba"

    # 东2局: tsumo D, mangan: four taps
    t = Taps(page)
    t.chip("end", "tsumo")
    t.chip("winner", "D")
    t.chip("value", "mangan")
    assert page.get_by_test_id("sk-quick-fu").count() == 0  # a limit has no fu to pick
    t.save(2)
    assert t.count == 4
    assert deltas(page, 2) == {"A": -2000, "B": -4000, "C": -2000, "D": 8000}

    # 东3局: riichi C, exhaustive draw, A tenpai (C, in riichi, is tenpai already): four taps
    t = Taps(page)
    t.chip("riichi", "C")
    t.chip("end", "draw")
    assert page.get_by_test_id("sk-quick-tenpai").locator('[data-value="C"]').get_attribute("aria-pressed") == "true"
    t.chip("tenpai", "A")
    t.save(3)
    assert t.count == 4
    assert deltas(page, 3) == {"A": 1500, "B": -1500, "C": 500, "D": -1500}
    assert page.get_by_test_id("sk-next").inner_text() == "East 3, 1 honba"

    # 东3局 1本场: 九种九牌: three taps, nothing paid
    t = Taps(page)
    t.chip("end", "abort")
    t.chip("reason", "kyuushu_kyuuhai")
    t.save(4)
    assert t.count == 3
    assert deltas(page, 4) == {p: 0 for p in PLAYERS}
    assert page.get_by_test_id("sk-next").inner_text() == "East 3, 2 honba"

    # 东3局 2本场: ron A off C, 2 han 40 fu: the honba and the stick left on the table go to A
    t = Taps(page)
    t.chip("end", "ron")
    t.chip("winner", "A")
    t.chip("from", "C")
    t.chip("value", "h2")
    t.chip("fu", "40")
    t.save(5)
    assert t.count == 6
    assert deltas(page, 5) == {"A": 4200, "B": 0, "C": -3200, "D": 0}
    assert page.get_by_test_id("sk-next").inner_text() == "East 4, 0 honba"

    # 东4局: the dealer D tsumo, 4 han 30 fu: 3900 all
    t = Taps(page)
    t.chip("end", "tsumo")
    t.chip("winner", "D")
    t.chip("value", "h4")
    t.save(6)
    assert deltas(page, 6) == {"A": -3900, "B": -3900, "C": -3900, "D": 11700}
    assert totals(page, PLAYERS) == {"A": "20,900", "B": "14,600", "C": "21,300", "D": "43,200"}
    assert page.get_by_test_id("sk-next").inner_text() == "East 4, 1 honba"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_quick_entry_refuses_an_impossible_value(page, match_server):  # noqa: F811
    """1 han 20 fu does not exist on a ron (riichi.md "Points": 20 fu is a closed self-draw's, pinfu tsumo): the
    engine's message is shown and the round cannot be saved."""
    url, _ = match_server
    page.goto(url + "/?lang=ja#scorekeeper")
    page.get_by_test_id("sk-new").wait_for()
    new_match(page, "riichi", PLAYERS, "impossible")
    t = Taps(page)
    t.chip("end", "ron")
    t.chip("winner", "B")
    t.chip("from", "A")
    t.chip("value", "h1")
    t.chip("fu", "20")
    page.get_by_test_id("sk-quick-preview").get_by_text("20").wait_for()
    expect(page.get_by_test_id("sk-quick-save")).to_be_disabled()
    # the chips in Japanese: ロン, 満貫
    assert page.get_by_test_id("sk-quick-end").locator('[data-value="ron"]').inner_text() == "ロン"
    assert page.get_by_test_id("sk-quick-value").locator('[data-value="mangan"]').inner_text() == "満貫"


def test_quick_double_ron(page, match_server):  # noqa: F811
    """Two winners on one discard (option multiple_ron, default double; digest "Points": honba and sticks go to the
    winner nearest the discarder). 东1局, A deals and discards: B rons with 2 han 30 fu (non-dealer ron 2000) and C,
    in riichi, with a mangan (non-dealer ron 8000); C's stick goes to B, A's 下家: A −10000, B +3000, C +7000."""
    url, _ = match_server
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(url + "/?lang=en#scorekeeper")
    page.get_by_test_id("sk-new").wait_for()
    new_match(page, "riichi", PLAYERS, "double ron")
    t = Taps(page)
    t.chip("riichi", "C")
    t.chip("end", "ron")
    t.chip("value", "h2")  # a value tapped before the winner is the first winner's
    t.chip("winner", "B")
    t.chip("winner", "C")
    t.chip("from", "A")
    expect(page.get_by_test_id("sk-quick-from").locator('[data-value="B"]')).to_be_disabled()
    page.get_by_test_id("sk-quick-preview").get_by_text("Pick the han (or a limit). (C)").wait_for()
    t.chip("value-C", "mangan")
    assert "A −10,000 · B +3,000 · C +7,000 · D 0" in t.preview()
    t.save(1)
    assert t.count == 8
    assert deltas(page, 1) == {"A": -10000, "B": 3000, "C": 7000, "D": 0}
    assert page.get_by_test_id("sk-next").inner_text() == "East 2, 0 honba"


def test_the_unfolded_form_stays_unfolded_when_the_language_is_written_again(page, match_server):  # noqa: F811
    """The calculator writes ``<html lang>`` each time it writes its texts, most often with the language it already
    has (after it loads the rule sets, for one). The scorekeeper redraws the match only when the language changes,
    so the full event form the player unfolded stays unfolded with what was typed in it; a real change of language
    redraws the form, still unfolded. Before, every write redrew the match and folded the form away, losing what
    was typed: in CI a reopened match's form folded under the test's hands (the winner's select never visible)."""
    url, _ = match_server
    page.goto(url + "/?lang=en#scorekeeper")
    page.get_by_test_id("sk-new").wait_for()
    new_match(page, "riichi", PLAYERS, "fold")
    detailed = page.get_by_test_id("sk-detailed")
    assert detailed.get_attribute("open") is None  # folded until the player unfolds it
    detailed.locator("summary").click()
    expect(detailed).to_have_attribute("open", "")
    page.get_by_test_id("sk-event-type").select_option("ron")
    han = page.get_by_test_id("sk-event-form").locator('[name="han"]')
    han.fill("3")
    page.evaluate("document.documentElement.lang = document.documentElement.lang")
    page.evaluate("() => new Promise((done) => setTimeout(done, 100))")  # the observer has been told by then
    expect(detailed).to_have_attribute("open", "")
    assert han.input_value() == "3"
    page.get_by_test_id("lang").select_option("zh")  # a real change: the match is drawn again, in Chinese
    expect(page.get_by_test_id("sk-event-type")).to_have_value("ron")
    expect(page.get_by_test_id("sk-detailed")).to_have_attribute("open", "")
    # folded by the player, it stays folded through a redraw too
    page.get_by_test_id("sk-detailed").locator("summary").click()
    expect(page.get_by_test_id("sk-detailed")).not_to_have_attribute("open", "")
    page.get_by_test_id("lang").select_option("en")
    expect(page.get_by_test_id("sk-event-type")).to_have_value("ron")
    assert page.get_by_test_id("sk-detailed").get_attribute("open") is None
