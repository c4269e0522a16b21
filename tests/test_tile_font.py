"""The page's tile font (src/suanfan/web/static/fonts): it has every character tiles.js draws, it is a subset under
its own name with the original's copyright and license records, its license and source sit beside it, and the
package data ships it. How it draws in a browser without system fonts: tests/e2e/test_tiles_e2e.py."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "suanfan"
STATIC = PACKAGE / "web" / "static"
FONT = STATIC / "fonts" / "suanfan-tiles.woff2"
sys.path.insert(0, str(ROOT / "tools"))
# fonttools comes with the test extra (pip install -e ".[test]"); an environment made before it skips, saying so
TTFont = pytest.importorskip("fontTools.ttLib", reason="fonttools is missing: pip install -e '.[test]'").TTFont

from build_tile_font import tile_text  # noqa: E402


@pytest.fixture(scope="module")
def font():
    pytest.importorskip("brotli")  # fonttools reads WOFF2 through it (the test extra fonttools[woff] brings it)
    return TTFont(str(FONT))


def test_the_font_has_every_character_the_page_draws_with_it(font):
    text = tile_text(
        (STATIC / "tiles.js").read_text(encoding="utf-8"), (STATIC / "index.html").read_text(encoding="utf-8")
    )
    # the faces' text as tiles.js writes it and the header's name, spelled out here too so that the reading is checked
    assert set(text) == set("一二三四五六七八九萬東南西北發中春夏秋冬梅蘭菊竹0123456789ESWN算番")
    cmap = font.getBestCmap()
    missing = [c for c in text if ord(c) not in cmap]
    assert not missing, f"the tile font lacks {missing}: run tools/build_tile_font.py (fonts/README.md)"
    assert len(cmap) == len(text), "the tile font holds characters the page no longer draws with it: rebuild it"


def test_the_subset_has_its_own_name_and_the_original_records(font):
    name = font["name"]
    assert name.getDebugName(1) == "suanfan tiles"
    assert "Noto" not in (name.getDebugName(4) or "") and "Source" not in (name.getDebugName(6) or "")
    assert "Adobe" in name.getDebugName(0)  # the copyright record of the original
    assert "Open Font License" in name.getDebugName(13)
    assert font["OS/2"].usWeightClass == 700  # style.css declares it as weight 700


def test_license_and_source_beside_it():
    ofl = (FONT.parent / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in ofl and "Adobe" in ofl
    readme = (FONT.parent / "README.md").read_text(encoding="utf-8")
    assert f"({FONT.stat().st_size:,} bytes)" in readme, "fonts/README.md gives the font's size: update it"
    assert "fonts-noto-cjk" in readme and "tools/build_tile_font.py" in readme


def test_package_data_ships_every_static_file():
    """pyproject's package-data globs (setuptools reads them as globs from the package folder) take in every file
    the page serves, the font and its license included: a wheel without them draws empty tiles."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"
    ]["suanfan"]
    shipped = {p for pattern in patterns for p in PACKAGE.glob(pattern) if p.is_file()}
    served = {p for p in STATIC.rglob("*") if p.is_file()}
    assert served <= shipped, sorted(str(p.relative_to(PACKAGE)) for p in served - shipped)


def test_the_server_serves_it_as_a_font_of_its_own_site():
    from fastapi.testclient import TestClient

    from suanfan.web.app import create_app

    with TestClient(create_app()) as client:
        answer = client.get("/static/fonts/suanfan-tiles.woff2")
    assert answer.status_code == 200 and answer.content == FONT.read_bytes()
    assert answer.headers["content-type"] == "font/woff2"
    # fonts come from the page's own site only: the CSP has no font-src of its own, so default-src 'self' rules them
    csp = answer.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "font-src" not in csp
