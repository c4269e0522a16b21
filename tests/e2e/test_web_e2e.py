"""The calculator page in headless Chromium: build a hand by clicking, read the total, see the waits, switch the
language and the rule set. Expected scores are worked examples of ../shared/rules/examples/ (derived from the seeds),
names come from the rule sets' own tables."""

from __future__ import annotations

import json
import os
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

import cases
from suanfan import rules as rules_mod
from suanfan.controls import KONGS, RELATIVE_SEATS, SUITS
from suanfan.controls import WINDS as WIND_CHOICES
from suanfan.notes import NOTES
from suanfan.reasons import REASONS
from suanfan.words import WORDS

# rv-01 (riichi_variants.jsonl, seed 003 example 1): 222s 456p 67p 55s + chi 234m, tsumo 8p, seat South:
# tanyao 1 han, 30 fu; dealer pays 500, each non-dealer 300, the winner gets 1100.
RV01_CLICKS = ["2s", "2s", "2s", "4p", "5p", "6p", "6p", "7p", "5s", "5s", "8p"]
# sc-xz-03 (sichuan.jsonl, sichuan.md §5, profile SC-XZ = modern): 1222334567999m, ron on 8m: 平胡 0 + 清一色 2,
# the discarder pays 4.
SC03_TEXT = "1222334567999m8m"


def click_tile(page, code: str) -> None:
    page.locator(f'#palette button[data-tile="{code}"]').click()


def pick(page, control: str, value) -> None:
    """Set a typed control (controls.js) to ``value``: a segmented choice, a select or a switch."""
    box = page.locator(f'[data-control="{control}"]').first
    if box.get_attribute("data-type") == "bool":
        # a click as a tap does it (the switch may still be moving while the first result lays out)
        box.locator("input").evaluate("(el, v) => { if (el.checked !== v) el.click(); }", bool(value))
        return
    buttons = box.locator(f"[data-value='{json.dumps(value)}']")
    if buttons.count():
        buttons.first.click()
    else:
        box.locator("select").select_option(json.dumps(value))


def total(page) -> str:
    return page.get_by_test_id("total").inner_text(timeout=10_000)


def open_page(page, url: str) -> None:
    """Load the calculator and wait until start() has drawn its controls and attached their listeners: before that the
    rule-set list is empty and typing in the static text box goes unheard."""
    page.goto(url)
    page.locator("body[data-ready=true]").wait_for(state="attached")


def wait_for_total(page, value: str) -> None:
    page.wait_for_function(
        "v => { const t = document.querySelector('[data-testid=total]'); return t && t.textContent === v; }",
        arg=value,
    )


def test_build_score_waits_language_rules(page, server_url, tmp_path):
    if "riichi" not in rules_mod.registry() or "sichuan" not in rules_mod.registry():
        pytest.fail("the e2e test needs the riichi and sichuan rule sets")
    open_page(page, server_url + "/?lang=en")
    assert page.locator("#rules").input_value() == "riichi"
    # the rule-set list comes from /api/rules: every registered rule set is offered
    offered = page.locator("#rules option").evaluate_all("os => os.map(o => o.value)")
    assert offered == list(rules_mod.registry())

    # build rv-01 by clicking: the chi first (meld mode, then its lowest tile), then the concealed tiles
    page.locator('#modes [data-mode="chi"]').click()
    click_tile(page, "2m")
    assert page.locator('#hand [data-meld="chi"]').count() == 1
    assert page.locator('#modes [data-mode="hand"]').get_attribute("aria-checked") == "true"
    for code in RV01_CLICKS:
        click_tile(page, code)
    assert page.get_by_test_id("count").inner_text() == "11 of 11 tiles"
    page.locator("input[name=tsumo]").check()
    pick(page, "seat_wind", "S")
    wait_for_total(page, "300 / 500")
    assert page.get_by_test_id("summary").inner_text() == "1 han · 30 fu"
    tanyao = rules_mod.get("riichi").items["tanyao"].names
    items = page.get_by_test_id("items")
    assert items.locator("tr").count() == 1
    assert items.locator('tr[data-item="tanyao"] td').first.inner_text() == tanyao["en"]
    fu_rows = page.get_by_test_id("fu-parts").locator("tr")
    assert fu_rows.count() >= 3  # base 20, tsumo 2, concealed pung of 2s 4 (and the rounding)
    payments = page.get_by_test_id("payments").inner_text()
    assert "Dealer\t500" in payments and "Non-dealer × 2\t300" in payments
    assert page.get_by_test_id("total").inner_text() == "300 / 500"  # the non-dealer's self-draw as players say it
    page.screenshot(path=str(tmp_path / "scored.png"), full_page=True)
    assert (tmp_path / "scored.png").stat().st_size > 20_000
    if os.environ.get("SUANFAN_SCREENSHOT"):  # the README's picture: python -m pytest tests/e2e with this set
        page.set_viewport_size({"width": 1280, "height": 800})
        page.screenshot(path=os.environ["SUANFAN_SCREENSHOT"], full_page=True)

    # take the winning tile back out: 13 tiles wait on 5p and 8p (67p, an open-ended wait), each scored
    page.locator("#hand .concealed button.win").click()
    waits = page.get_by_test_id("waits")
    waits.wait_for()
    assert waits.locator("li").evaluate_all("ls => ls.map(l => l.dataset.wait)") == ["5p", "8p"]
    assert "300 / 500" in waits.locator('li[data-wait="8p"]').inner_text()
    waits.locator('li[data-wait="8p"] button').click()  # tapping a wait puts it in the hand as the winning tile
    wait_for_total(page, "300 / 500")

    # language: the labels and the item names follow (names as the rule set's table gives them)
    page.locator("#lang").select_option("zh")
    page.wait_for_function("() => document.documentElement.lang === 'zh'")
    assert page.locator("#hand-title").inner_text() == "手牌"
    page.wait_for_function("n => document.querySelector('[data-item=tanyao] td')?.textContent === n", arg=tanyao["zh"])
    assert page.get_by_test_id("summary").inner_text() == "1 翻 · 30 符"
    page.locator("#lang").select_option("ja")
    page.wait_for_function("n => document.querySelector('[data-item=tanyao] td')?.textContent === n", arg=tanyao["ja"])
    assert page.locator('#modes [data-mode="pon"]').inner_text() == "ポン"
    page.locator("#lang").select_option("en")

    # rule set: Sichuan (108 tiles: no honor row), its options rendered from its option list
    page.locator("#rules").select_option("sichuan")
    page.wait_for_function("() => !document.querySelector('#palette [data-suit=z]')")
    page.locator("#clear").click()
    page.locator("#text").fill(SC03_TEXT)
    page.locator("input[name=tsumo]").uncheck()  # the win context is kept across rule sets: this one is a ron
    pick(page, "profile", "modern")
    wait_for_total(page, "2 fan")
    items = page.get_by_test_id("items")
    sichuan = rules_mod.get("sichuan").items
    assert items.locator('tr[data-item="qing_yi_se"] td').first.inner_text() == sichuan["qing_yi_se"].names["en"]
    assert "Discarder\t4" in page.get_by_test_id("payments").inner_text()


def test_bad_input_and_not_winning(page, server_url):
    open_page(page, server_url + "/?lang=en&rules=riichi")
    page.locator("#text").fill("123m456p789s1234x")
    error = page.get_by_test_id("error")
    error.wait_for()
    assert error.get_attribute("data-code") == "bad_tile" and "suit letter" in error.inner_text()
    # complete but no yaku: chi 123m + 456p 789s 23m 99p, ron on 4m -> not winning, the reason shown
    page.locator("#clear").click()
    page.locator('#modes [data-mode="chi"]').click()
    click_tile(page, "1m")
    page.locator("#text").fill("456p789s23m99p4m")
    reason = page.get_by_test_id("reason")
    reason.wait_for()
    expect(page.get_by_test_id("not-winning")).to_be_visible()


def test_keyboard_and_phone_width(page, server_url):
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, server_url + "/?lang=en&rules=riichi")
    page.locator('#palette button[data-tile="1m"]').focus()
    for _ in range(3):
        page.keyboard.press("Enter")  # a focused tile stays focused after a tap
    assert page.evaluate("document.activeElement.dataset.tile") == "1m"
    page.keyboard.press("ArrowRight")  # the palette is one tab stop: the arrow keys move inside it
    assert page.evaluate("document.activeElement.dataset.tile") == "2m"
    page.keyboard.press("Enter")
    assert page.get_by_test_id("count").inner_text() == "4 of 14 tiles"
    page.keyboard.press("Tab")  # one Tab leaves the 37 tiles
    assert page.evaluate("document.activeElement.closest('#palette')") is None
    # nothing wider than the screen
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


# /api/rules answered 1.5 s late: the page must not take input before it has the rule sets (CI once read the
# rule-set list while it was still empty)
SLOW_RULES = """
const fetch0 = window.fetch;
window.fetch = (u, o) => String(u).includes("/api/rules")
  ? new Promise((ok) => setTimeout(() => ok(fetch0(u, o)), 1500)) : fetch0(u, o);
"""


def test_slow_rule_list(page, server_url):
    page.add_init_script(SLOW_RULES)
    test_bad_input_and_not_winning(page, server_url)
    assert page.locator("#rules").input_value() == "riichi"


# A winning hand per rule set and what makes it win (the same hands as tests/test_controls.py)
WINS = {
    "riichi": ("123m456p789s23455m", {"riichi": True}),
    "mcr": ("123m456p789s11122z", {}),
    "sichuan": ("123m456m789m11p234p", {}),
    "wuhu": ("123m456m789m11s234m", {}),
    "kawuxing": ("123p456p789p11s234s", {"tsumo": True}),
    "popular": ("123m456p789s11122z", {}),
    "twoplayer": ("123m456p789s23455m", {"declared": True}),
}
IDENT = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
TILE_TEXT = re.compile(r"(?:[0-9]+[mpszf])+")  # the tile notation a fu part or a message writes (555m): no id
# single letters English prose uses as words: "A tapped tile goes to" is no raw id of the seat across (A)
ENGLISH_LETTERS = frozenset(("A", "a"))


def raw_ids(name: str) -> set[str]:
    """Every id the page could show raw for rule set ``name``: its flags, options and their choices (the suit letters
    of a void suit, the winds, the seats), presets, items, limits, reasons, payers, waits, forms, meld and kong kinds,
    the shared context fields it reads, the codes of its notes, MCR's principles. None may be shown."""
    rs = rules_mod.get(name)
    d = rs.describe()
    ids = {f["name"] for f in d["context_flags"]} | {o["name"] for o in d["options"]} | set(d["presets"])
    ids |= {str(c["value"]) for o in d["options"] + d["context_flags"] for c in o.get("choices", ())}
    ids |= {str(c.value) for c in [*WIND_CHOICES, *RELATIVE_SEATS, *SUITS, *KONGS]}
    ids |= set(d.get("reasons", {})) | {i["id"] for i in d["items"]} | set(rs.context_fields)
    ids |= {code.split(".", 1)[1] for code in WORDS if code.split(".")[0] in ("limit", "wait", "payer", "form", "meld")}
    ids |= set(NOTES) | {"capped", "quadruple_yakuman", "quintuple_yakuman", "sextuple_yakuman", "tsumo", "ron"}
    return {i for i in ids if i and not i.isdigit() and not any(ord(ch) > 127 for ch in i)}


SHOWN_TEXT = """() => {
  const c = document.querySelector("#calculator").cloneNode(true);
  c.querySelectorAll(".tile, svg, [hidden]").forEach((n) => n.remove());  // tiles draw their own mpsz corner marks
  return c.textContent;
}"""


def visible_ids(page, name: str, lang: str) -> set[str]:
    text = TILE_TEXT.sub(" ", page.evaluate(SHOWN_TEXT))
    words = set(re.findall(r"[A-Za-z][A-Za-z0-9_']*", text))  # "dealer's" is a word, not "dealer" and "s"
    ids = raw_ids(name)
    if lang == "en":  # English prose may use a plain word that is also an id (riichi, base): snake_case ids and
        # the single letters (a suit, a wind, a seat) only
        ids = {i for i in ids if IDENT.fullmatch(i) or (len(i) == 1 and i not in ENGLISH_LETTERS)}
    return ids & words


@pytest.mark.parametrize("lang", ["en", "zh", "ja"])
@pytest.mark.parametrize("name", sorted(WINS))
def test_each_rule_set_in_each_language(page, server_url, name, lang):
    """The rule set's own panel (its fields only, named in the language) and a scored hand, with no raw id."""
    hand, ctx = WINS[name]
    open_page(page, f"{server_url}/?lang={lang}&rules={name}&hand={hand}")
    rs = rules_mod.get(name)
    shown = set(page.locator("[data-control]").evaluate_all("ns => ns.map(n => n.dataset.control)"))
    own = set(rs.context_fields) - {"flowers"} | set(rs.context_flags) | {o.name for o in rs.options}
    assert shown - {"preset"} == own, "the panel shows the fields the rule set reads, its flags and options, no other"
    for field, value in ctx.items():
        pick(page, field, value)
    page.get_by_test_id("total").wait_for()
    assert page.get_by_test_id("items").locator("tr").count() >= 1
    assert not visible_ids(page, name, lang), f"raw ids on the {lang} page of {name}"
    if "seat_wind" in rs.context_fields:
        winds = page.locator('[data-control="seat_wind"] [data-value]').evaluate_all(
            "bs => bs.map(b => b.dataset.value)"
        )
        assert [json.loads(w) for w in winds] == list(rs.winds)


def test_not_winning_reasons_and_errors_in_the_language(page, server_url):
    open_page(page, f"{server_url}/?lang=zh&rules=sichuan&hand=123m456m789m11p234p")
    pick(page, "void_suit", "p")  # 定缺 筒, but the hand holds 筒: not a win, said in Chinese
    reason = page.get_by_test_id("reason")
    reason.wait_for()
    assert "定缺" in reason.inner_text() and not visible_ids(page, "sichuan", "zh")
    page.locator("#text").fill("123m456m789m11p23x")
    error = page.get_by_test_id("error")
    error.wait_for()
    assert error.get_attribute("data-code") == "bad_tile" and not re.search(r"[A-Za-z]{3,}", error.inner_text())


def test_sichuan_void_suit_and_kong_on_a_phone_in_chinese(page, server_url):
    """The issue's player: a Sichuan hand with a 定缺 suit and 杠上花, on a phone, in Chinese, typing only tiles."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, f"{server_url}/?lang=zh&rules=sichuan")
    page.locator('#modes [data-mode="ankan"]').click()
    click_tile(page, "5s")
    page.locator("#text").fill("111m222m333m44m")
    pick(page, "tsumo", True)
    pick(page, "rinshan", True)
    pick(page, "void_suit", "p")
    page.locator('[data-testid=items] tr[data-item="gang_shang_hua"]').wait_for()
    assert page.get_by_test_id("kong-money").locator("tr").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert not visible_ids(page, "sichuan", "zh")


def test_a_preset_sets_its_controls(page, server_url):
    open_page(page, f"{server_url}/?lang=en&rules=riichi&hand=123m456p789s23455m")
    box = page.locator('[data-control="double_yakuman"] input')
    expect(box).to_be_checked()
    page.locator("#preset").select_option("tenhou")
    expect(box).not_to_be_checked()  # Tenhou counts each yakuman once
    assert "Tenhou" in page.get_by_test_id("preset-note").inner_text()


def test_jump_to_the_result(page, server_url):
    open_page(page, f"{server_url}/?lang=en&rules=mcr&hand=123m456p789s11122z")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.testid") == "to-result"
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == "#result"


def test_share_link_reproduces_the_result(page, server_url):
    """The link holds the whole state: rule set, language, hand, melds, context, flags and options."""
    open_page(page, f"{server_url}/?lang=ja&rules=riichi&hand=23455m456p789s")
    page.locator('#modes [data-mode="pon"]').click()
    click_tile(page, "7z")
    pick(page, "tsumo", True)
    pick(page, "seat_wind", "S")
    pick(page, "kiriage_mangan", True)
    page.locator('#modes [data-mode="hand"]').click()
    click_tile(page, "3m")
    page.get_by_test_id("total").wait_for()
    before = page.get_by_test_id("result").inner_text()
    page.get_by_test_id("share").click()
    link = page.get_by_test_id("share-link").input_value()
    fresh = page.context.new_page()
    try:
        fresh.goto(link)
        fresh.locator("body[data-ready=true]").wait_for(state="attached")
        fresh.get_by_test_id("total").wait_for()
        fresh.wait_for_function("t => document.querySelector('[data-testid=result]').innerText === t", arg=before)
        assert fresh.locator("#lang").input_value() == "ja"
    finally:
        fresh.close()


# ---- every rule set's case hands on the page, in every language, with no raw id ---------------------------------
def _codes(text) -> list[str]:
    from suanfan.tiles import format_tiles, parse_tiles

    return [format_tiles([t]) for t in parse_tiles(text)]


def share_state(case: dict, lang: str) -> str:
    """A case of tests/data/*_cases.json* as the page's share link (``?s=``: app.js ``shareState``)."""
    import base64

    given = case["in"]
    rs = rules_mod.get(case["rules"])
    flowers = given.get("flowers", [])
    flowers = [f"{i + 1}f" for i in range(flowers)] if isinstance(flowers, int) else _codes(flowers)
    melds = []
    for m in given.get("melds", ()):
        kind, _, tiles = m.partition(":")
        melds.append({"kind": kind, "tiles": _codes(tiles.partition("@")[0])})
    shared = {
        "r": case["rules"],
        "l": lang,
        "h": given["hand"],
        "w": given.get("win"),
        "m": melds,
        "f": flowers,
        "d": _codes(given.get("dora_indicators", [])),
        "u": _codes(given.get("ura_indicators", [])),
        "c": {
            k: v for k, v in given.items() if k in rs.context_fields and k not in ("dora_indicators", "ura_indicators")
        },
        "g": {k: v for k, v in given.items() if k in rs.context_flags},
        "o": given.get("options", {}),
        "p": "",
    }
    raw = json.dumps(shared, ensure_ascii=False).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _page_cases() -> list[dict]:
    """One case hand for each kind of result a rule set's table holds: winning or not and why, the limit, notes,
    self-draw, melds, payment notes, kong money, exclusions (89 of the 325 hands)."""
    import suanfan

    tables = sorted(p.name for p in cases.DATA.glob("*_cases.json*"))
    kinds: dict[tuple, dict] = {}
    for case in (c for name in tables for c in cases.load(name) if "error" not in c["out"]):
        r = suanfan.score_dict({**case["in"], "rules": case["rules"]}).to_dict()
        pays = (r.get("points") or {}).get("payments", [])
        kind = (
            case["rules"], r["winning"], r.get("reason"), r["limit"], bool(r.get("notes")), bool(case["in"].get("tsumo")),
            bool(case["in"].get("melds")), any(p.get("note") for p in pays), bool(r.get("kong_money")),
            bool(r.get("exclusions")),
        )  # fmt: skip
        kinds.setdefault(kind, case)
    return list(kinds.values())


PAGE_CASES = _page_cases()


def _ids_on_the_page(page, server_url, case: dict, lang: str) -> list[str]:
    """The raw ids the page shows for ``case`` in ``lang`` (none is right). A page that does not load in time on a
    loaded machine is loaded once more before it counts as a failure."""
    for attempt in (1, 2):
        try:
            # not waiting for the load event: the result is what is read, and a loaded machine can hold "load" back
            page.goto(f"{server_url}/?s={share_state(case, lang)}", wait_until="domcontentloaded")
            page.locator("body[data-ready=true]").wait_for(state="attached")
            page.wait_for_function(
                "() => ['scored', 'error', 'waits'].includes(document.querySelector('#result').dataset.state)"
            )
            break
        except PlaywrightTimeout:
            if attempt == 2:
                raise
    assert page.locator("#rules").input_value() == case["rules"] and page.locator("#lang").input_value() == lang
    found = visible_ids(page, case["rules"], lang)
    return [f"{sorted(found)} on the {lang} page of {case['rules']} {case.get('id') or case['why']}"] if found else []


LANGS = ("en", "zh", "ja")
# each case in one language in turn in the default run; in the other two as slow tests (each a page of its own)
CASE_LANGS = [
    pytest.param(c, lang, marks=() if lang == LANGS[i % 3] else pytest.mark.slow, id=f"{lang}-{c['rules']}-{i}")
    for i, c in enumerate(PAGE_CASES)
    for lang in LANGS
]


@pytest.mark.parametrize(("case", "lang"), CASE_LANGS)
def test_case_hands_show_no_raw_id(page, server_url, case, lang):
    """Each kind of result of each rule set's case table, through the share link, in each language."""
    assert not _ids_on_the_page(page, server_url, case, lang)


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_analysis_waits_say_why_in_the_language(page, server_url, lang):
    """The analysis panel's waits: a wait with no yaku (Riichi) and one below the minimum (MCR) say why in the
    language, with its units, and no raw id (before: "no_yaku", "(1 han 40 fu)")."""
    for rules, hand, why in (("riichi", "23456m456p789s11z", "no_yaku"), ("mcr", "123m456p789s1239s", "below_minimum")):
        open_page(page, f"{server_url}/?lang={lang}&rules={rules}&hand={hand}")
        waits = page.get_by_test_id("analysis-waits")
        waits.wait_for()
        text = waits.inner_text()
        assert REASONS[why].templates()[lang] in text, text
        assert not re.findall(r"[A-Za-z]{2,}", TILE_TEXT.sub(" ", text)), text
        assert not visible_ids(page, rules, lang)
