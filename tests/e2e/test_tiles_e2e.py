"""Every tile face draws with the page's own font (static/fonts/suanfan-tiles.woff2), never with a system font: the
same picture in a Chromium that has only DejaVu Sans as in one that has only DejaVu Serif (neither has a CJK glyph,
so a face that asked the system for 萬 or 中 would draw the missing-glyph box, and an index digit taken from the
system would differ between the two), and each glyph is ink of its own, neither that box nor nothing.

Chromium needs at least one font to start at all (with an empty font configuration its pages crash), so "no system
font" is tested as "no system font that has any of the tiles' glyphs, and two different ones for the Latin index"."""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import pytest

from conftest import ARGS, CHROMIUM

CODES = (
    [f"{n}{s}" for s in "mps" for n in (*range(1, 10), 0)]  # the three suits and their red fives
    + [f"{n}z" for n in range(1, 8)]  # winds and dragons
    + [f"{n}f" for n in range(1, 9)]  # flowers and seasons (MCR, Wuhu, ...)
)
W, H = 60, 80  # CSS pixels of one tile on the stage
PER_ROW = 6  # codes per row, each as three tiles: as drawn, its text as a character no font has, its text taken away
MISSING = "\u9f8d"  # 龍: in no font these browsers have (the tiles' font has only the glyphs tiles draw)
FONT_DIRS = ("/usr/share/fonts",)
FONTS = {"sans": "DejaVuSans.ttf", "serif": "DejaVuSerif.ttf"}

STAGE = """async ([codes, w, h, perRow, missing]) => {
  await window.SuanfanTiles.fontReady;
  const stage = document.createElement("div");
  Object.assign(stage.style, { position: "fixed", left: "0", top: "0", width: "100vw", height: "100vh",
    background: "#fff", zIndex: "1000" });
  const place = (markup, col, row, change) => {
    const box = document.createElement("div");
    box.innerHTML = markup;
    const svg = box.firstElementChild;
    change(svg);
    Object.assign(svg.style, { position: "absolute", left: `${col * w}px`, top: `${row * h}px`, width: `${w}px`,
      height: `${h}px` });
    stage.append(svg);
  };
  codes.forEach((code, i) => {
    const markup = window.SuanfanTiles.tileSVG(code);
    const col = (i % perRow) * 3, row = Math.floor(i / perRow);
    place(markup, col, row, () => {});
    place(markup, col + 1, row, (svg) => svg.querySelectorAll("text").forEach((t) => {
      t.textContent = missing.repeat([...t.textContent].length); }));
    place(markup, col + 2, row, (svg) => svg.querySelectorAll("text").forEach((t) => t.remove()));
  });
  document.body.append(stage);
  await document.fonts.ready;
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  return { fonts: [...document.fonts].map((f) => [f.family.replace(/"/g, ""), f.status]),
    withText: codes.filter((code) => window.SuanfanTiles.tileSVG(code).includes("<text")) };
}"""


def decode_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and rows of RGB bytes of an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks, header = 8, [], b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    assert depth == 8 and colour in (2, 6) and not interlace, (depth, colour, interlace)
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * bpp
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - bpp] if x >= bpp else 0
            up = previous[x]
            corner = previous[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[x] = (line[x] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line) if bpp == 3 else bytes(b for i, b in enumerate(line) if i % 4 != 3))
        previous = line
    return width, height, rows


def tile_pixels(rows: list[bytes], col: int, row: int) -> list[bytes]:
    return [line[col * W * 3 : (col + 1) * W * 3] for line in rows[row * H : (row + 1) * H]]


def differing(a: list[bytes], b: list[bytes]) -> int:
    """How many pixels differ by more than a trace of antialiasing."""
    count = 0
    for line_a, line_b in zip(a, b, strict=True):
        for x in range(0, len(line_a), 3):
            if max(abs(line_a[x + k] - line_b[x + k]) for k in range(3)) > 24:
                count += 1
    return count


def find_font(name: str) -> Path | None:
    for folder in FONT_DIRS:
        found = sorted(Path(folder).rglob(name))
        if found:
            return found[0]
    return None


@pytest.fixture(scope="module")
def one_font_browsers(playwright_driver, tmp_path_factory):
    """Two Chromiums, each seeing one system font only (fontconfig told so): DejaVu Sans, and DejaVu Serif."""
    browsers = {}
    for kind, file in FONTS.items():
        font = find_font(file)
        if font is None:
            message = f"{file} is not installed (Debian's fonts-dejavu-core has it)"
            if os.environ.get("CI"):
                pytest.fail(message)
            pytest.skip(message)
        folder = tmp_path_factory.mktemp(f"fonts-{kind}")
        (folder / "fonts").mkdir()
        (folder / "fonts" / file).write_bytes(font.read_bytes())
        conf = folder / "fonts.conf"
        conf.write_text(
            '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
            f"<fontconfig><dir>{folder / 'fonts'}</dir><cachedir>{folder / 'cache'}</cachedir></fontconfig>\n",
            encoding="utf-8",
        )
        env = {**os.environ, "FONTCONFIG_FILE": str(conf)}
        browsers[kind] = playwright_driver.chromium.launch(executable_path=CHROMIUM, args=ARGS, env=env, headless=True)
    yield browsers
    for browser in browsers.values():
        browser.close()


def draw_stage(browser, server_url: str) -> tuple[dict, list[bytes]]:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server_url + "/?lang=en")
        page.locator("body[data-ready=true]").wait_for(state="attached")
        drawn = page.evaluate(STAGE, [CODES, W, H, PER_ROW, MISSING])
        rows_needed = -(-len(CODES) // PER_ROW)
        shot = page.screenshot(clip={"x": 0, "y": 0, "width": PER_ROW * 3 * W, "height": rows_needed * H})
    finally:
        page.close()
    assert not errors, errors
    width, height, rows = decode_png(shot)
    assert (width, height) == (PER_ROW * 3 * W, rows_needed * H)  # one device pixel per CSS pixel
    return drawn, rows


def test_tiles_draw_with_the_page_font_alone(one_font_browsers, server_url):
    drawn = {kind: draw_stage(browser, server_url) for kind, browser in one_font_browsers.items()}
    for kind, (seen, _) in drawn.items():
        assert ["suanfan tiles", "loaded"] in seen["fonts"], (kind, seen["fonts"])
    with_text = set(drawn["sans"][0]["withText"])
    # 萬 and its numeral, the winds, 發 and 中, the flowers: text; the dots, the bamboo and the white dragon: shapes
    assert with_text == {c for c in CODES if c[1] in "mf" or (c[1] == "z" and c != "5z")}

    sans, serif = drawn["sans"][1], drawn["serif"][1]
    for i, code in enumerate(CODES):
        col, row = (i % PER_ROW) * 3, i // PER_ROW
        # the same picture whichever system font is there: nothing on a face comes from the system
        assert differing(tile_pixels(sans, col, row), tile_pixels(serif, col, row)) == 0, code
        if code in with_text:
            as_drawn, missing, blank = (tile_pixels(sans, col + k, row) for k in range(3))
            # each character is a glyph of its own: not the missing-glyph box, not left blank (a few pixels differ
            # between two copies of one face at two places on the stage; a glyph differs in hundreds)
            assert differing(as_drawn, missing) > 200, f"{code} draws the missing-glyph box"
            assert differing(as_drawn, blank) > 200, f"{code} draws no text"


def test_phone_palette_with_one_font(one_font_browsers, server_url):
    """At 390 px, in a browser with no CJK font: every tile of MCR's palette (flowers included) keeps its spoken name
    and a 44 px tall tap target, its text in the page's font, and nothing is wider than the screen."""
    page = one_font_browsers["sans"].new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(server_url + "/?lang=en&rules=mcr")
        page.locator("body[data-ready=true]").wait_for(state="attached")
        page.evaluate("window.SuanfanTiles.fontReady")
        tiles = page.locator("#palette button[data-tile]").evaluate_all(
            """bs => bs.map(b => { const r = b.getBoundingClientRect(); const t = b.querySelector("text");
                return [b.dataset.tile, b.getAttribute("aria-label"), r.height, r.right,
                        t ? getComputedStyle(t).fontFamily : null]; })"""
        )
        width = page.evaluate("document.documentElement.scrollWidth")
    finally:
        page.close()
    codes = [code for code, *_ in tiles]
    assert set(CODES) - {"0m", "0p", "0s"} <= set(codes), codes  # MCR has no red fives; its flowers are there
    for code, label, height, right, family in tiles:
        assert label and f"({code})" in label, (code, label)  # the name a screen reader says, e.g. "East (1z)"
        assert height >= 44 and right <= 390, (code, height, right)
        assert family in (None, '"suanfan tiles"'), (code, family)
    assert width <= 390
