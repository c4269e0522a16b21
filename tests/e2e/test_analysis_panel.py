"""The analysis panel (static/analysis.js) in headless Chromium: a typed hand is shown as tiles with the shanten of
each form, the effective tiles with their counts and the discards ranked; a tap on a discard shows its waits. The
numbers are those POST /api/analyze answers (itself checked against the oracles in tests/test_analysis*.py)."""

from __future__ import annotations

import suanfan


def open_page(page, url: str) -> None:
    page.goto(url)
    page.locator("body[data-ready=true]").wait_for(state="attached")


def wait_for_shanten(page, value: str) -> None:
    page.wait_for_function(
        "v => { const t = document.querySelector('[data-testid=analysis-shanten]'); return t && t.textContent === v; }",
        arg=value,
    )


def test_panel_shows_forms_effective_tiles_discards_and_waits(page, server_url):
    open_page(page, server_url + "/?lang=en")
    hand = "1245m3368p235899s"
    want = suanfan.analyze(hand).to_dict()
    page.get_by_test_id("text").fill(hand)
    wait_for_shanten(page, "3")
    tiles = page.locator("[data-testid=analysis-hand] [data-tile]").evaluate_all("ts => ts.map(t => t.dataset.tile)")
    assert "".join(tiles) == "1m2m4m5m3p3p6p8p2s3s5s8s9s9s"
    forms = page.locator("[data-testid=analysis-forms] li").evaluate_all("ls => ls.map(l => l.dataset.form)")
    assert forms == list(want["forms"])
    ranked = page.locator("[data-testid=analysis-discards] > li").evaluate_all("ls => ls.map(l => l.dataset.discard)")
    assert ranked == [d["discard"] for d in want["discards"]]
    first = page.locator("[data-testid=analysis-discards] > li").first
    counts = first.locator(".an-tiles [data-tile]").evaluate_all(
        "ts => ts.map(t => [t.dataset.tile, Number(t.dataset.remaining)])"
    )
    assert counts == [[e["tile"], e["remaining"]] for e in want["discards"][0]["ukeire"]]

    # the same tiles under Sichuan: its own answer
    page.locator("#rules").select_option("sichuan")
    wait_for_shanten(page, "4")

    # a hand that waits after one discard: tap it to see the waits and what they score
    page.locator("#rules").select_option("riichi")
    page.get_by_test_id("text").fill("123m456p789s11223z")
    wait_for_shanten(page, "waiting")
    row = page.locator('[data-testid=analysis-discards] > li[data-discard="3z"]')
    row.get_by_test_id("analysis-discard").click()
    waits = row.locator("[data-testid=analysis-waits] li").evaluate_all("ls => ls.map(l => l.dataset.tile)")
    assert waits == ["1z", "2z"]
    assert "riichi" in row.locator("[data-testid=analysis-waits]").inner_text()
    row.get_by_test_id("analysis-discard").click()
    assert row.locator("[data-testid=analysis-waits]").count() == 0


def test_panel_speaks_chinese_and_shows_a_waiting_hand(page, server_url):
    open_page(page, server_url + "/?lang=zh")
    page.get_by_test_id("text").fill("123m456p789s1122z")
    wait_for_shanten(page, "听牌")
    assert page.locator("#analysis-title").inner_text() == "牌理"
    ukeire = page.locator("[data-testid=analysis-ukeire] [data-tile]").evaluate_all(
        "ts => ts.map(t => [t.dataset.tile, Number(t.dataset.remaining)])"
    )
    assert ukeire == [["1z", 2], ["2z", 2]]
    assert page.locator("[data-testid=analysis-waits] li").count() == 2
