"""Rebuild the page's tile font, src/suanfan/web/static/fonts/suanfan-tiles.woff2: the few glyphs the tile faces
draw as text (the numerals of the characters suit, 萬, the winds, 發 and 中, the flowers and seasons, the small index
digits and E S W N), cut from Noto Serif CJK TC Bold so that the tiles look the same on every machine, one with no
CJK font (or no font at all) included.

The characters are read from tiles.js itself: every character outside the ASCII range in its code (comments aside),
every string in its face-text tables (``const WIND_INDEX = [...]`` and the like) and the index digits 0-9. Run it again after a change to those tables; tests/test_tile_font.py fails while
the shipped font lacks a character tiles.js draws.

The source font is Debian's (package fonts-noto-cjk, SIL Open Font License 1.1, upstream
https://github.com/googlefonts/noto-cjk):

    apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb /tmp/noto
    pip install fonttools brotli
    python tools/build_tile_font.py /tmp/noto/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc

The subset is a Modified Version under the OFL: it keeps the copyright and license records and gets a name of its
own ("suanfan tiles"), since the OFL's reserved names and the Noto trademark stay with the original.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "src" / "suanfan" / "web" / "static"
TILES_JS = STATIC / "tiles.js"
INDEX_HTML = STATIC / "index.html"
OUT = STATIC / "fonts" / "suanfan-tiles.woff2"
DEFAULT_SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc")
FACE = "Noto Serif CJK TC"  # the traditional forms (萬, 東, 發, 蘭) the tiles carry
FAMILY = "suanfan tiles"
INDEX = "0123456789"  # the small index in a tile's corner (the wind letters are in WIND_INDEX)
TABLE = re.compile(r"^const [A-Z_]+ = \[(.*)\];$", re.MULTILINE)
STRING = re.compile(r'"([^"]*)"')
TILE_TEXT = re.compile(r'<(\w+)[^>]*\bclass="(?:[^"]*\s)?tile-text(?:\s[^"]*)?"[^>]*>([^<]*)</\1>')


def tile_text(source: str, page: str = "") -> str:
    """Every character a tile face (``source``: tiles.js) or an element of class tile-text (``page``: index.html)
    draws, in code point order."""
    chars = set(INDEX)
    for _, text in TILE_TEXT.findall(page):
        chars.update(text.strip())
    for line in source.splitlines():
        code = line.split("//", 1)[0]
        chars.update(c for c in code if ord(c) > 127)
    for table in TABLE.findall(source):
        for text in STRING.findall(table):
            chars.update(text)
    return "".join(sorted(chars))


def open_face(path: Path, family: str) -> TTFont:
    """The face named ``family`` in a collection (.ttc), or the font itself (.otf / .ttf)."""
    if path.suffix.lower() == ".ttc":
        for font in TTCollection(str(path)).fonts:
            if font["name"].getDebugName(1) == family:
                return font
        raise SystemExit(f"{path} has no face named {family!r}")
    return TTFont(str(path))


def rename(font: TTFont, source_name: str) -> None:
    """Give the subset its own names; keep the copyright (0), trademark (7), license (13) and its address (14)."""
    name = font["name"]
    version = name.getDebugName(5) or ""
    keep = {0, 7, 13, 14}
    name.names = [record for record in name.names if record.nameID in keep]
    for name_id, text in {
        1: FAMILY,
        2: "Bold",
        3: f"{FAMILY} Bold; subset of {source_name} {version}",
        4: f"{FAMILY} Bold",
        5: version,
        6: "suanfantiles-Bold",
        10: f"The glyphs suanfan's tile faces draw, from {source_name} (SIL Open Font License 1.1)",
    }.items():
        name.setName(text, name_id, 3, 1, 0x409)  # Windows, Unicode BMP, English
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = ["suanfantiles-Bold"]
        top = cff.topDictIndex[0]
        top.FullName = f"{FAMILY} Bold"
        top.FamilyName = FAMILY


def build(source: Path, out: Path = OUT) -> str:
    text = tile_text(TILES_JS.read_text(encoding="utf-8"), INDEX_HTML.read_text(encoding="utf-8"))
    font = open_face(source, FACE)
    source_name = font["name"].getDebugName(4) or FACE
    options = subset.Options()
    options.layout_features = []  # horizontal text, one glyph per character: no substitution or positioning
    options.drop_tables += ["BASE", "VORG", "vhea", "vmtx", "GDEF", "GSUB", "GPOS", "DSIG"]
    options.hinting = False
    options.desubroutinize = True
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.flavor = "woff2"
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    rename(font, source_name)
    out.parent.mkdir(parents=True, exist_ok=True)
    font.flavor = "woff2"
    font.recalcTimestamp = False  # the source's dates: the same source gives the same bytes
    font.save(str(out))
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE, help="NotoSerifCJK-Bold.ttc")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    text = build(args.source, args.out)
    print(f"{args.out}: {args.out.stat().st_size} bytes, {len(text)} characters: {text}")


if __name__ == "__main__":
    main()
