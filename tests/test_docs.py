"""The documentation says what the code does: its links lead somewhere, each rule set's page lists every item with
its value and every option, field and preset, its examples print what they show, and every error code is in the
contract.

When a test here fails after a change to the code, ``python tests/docs_sync.py`` rewrites the generated tables and the
examples' outputs; read the diff, and write by hand what it cannot (a new field's meaning, a new error code).
"""

from __future__ import annotations

import ast
import difflib
import doctest
import re
from pathlib import Path

import pytest

import docs_sync
import suanfan

ROOT = docs_sync.ROOT
DOCS = docs_sync.DOCS
PAGES = docs_sync.documents()
RULE_SETS = sorted(suanfan.rule_sets())
FIX = "run `python tests/docs_sync.py` and read the diff"

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
INLINE_CODE = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*$", re.M)


def _prose(text: str) -> str:
    """The text without code blocks and inline code, where a link is a link."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def _slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    return {_slug(h) for h in HEADING.findall(FENCE.sub("", path.read_text(encoding="utf-8")))}


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_links_resolve(page: Path) -> None:
    """Every relative link (and image) leads to a file or folder of the repository, and its #anchor to a heading."""
    broken = []
    for target in LINK.findall(_prose(page.read_text(encoding="utf-8"))):
        if re.match(r"[a-z]+:", target):
            continue  # http:, https:, mailto:
        file_part, _, anchor = target.partition("#")
        dest = (page.parent / file_part).resolve() if file_part else page
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif ROOT not in dest.parents and dest != ROOT:
            broken.append(f"{target}: outside the repository")
        elif anchor and dest.suffix == ".md" and anchor not in _anchors(dest):
            broken.append(f"{target}: no heading #{anchor} in {_rel(dest)}")
    assert not broken, f"{_rel(page)}: " + "; ".join(broken)


@pytest.mark.parametrize("page", PAGES, ids=_rel)
def test_no_reference_outside_the_repository(page: Path) -> None:
    """A clone has no ../shared: the pages point only inside the repository."""
    assert "../shared" not in page.read_text(encoding="utf-8")


def _block(text: str, what: str) -> str:
    found = [m.group(3) for m in docs_sync.BLOCK.finditer(text) if m.group(2) == what]
    assert len(found) == 1, f"the page needs one block <!-- begin generated: {what} --> ... <!-- end generated -->"
    return found[0]


def _rows(block: str) -> dict[str, list[str]]:
    """A generated table's rows by their first cell (the id or name, without its backquotes)."""
    rows = {}
    for line in block.splitlines()[2:]:
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if cells:
            rows[cells[0].strip("`")] = cells
    return rows


def _page(name: str) -> str:
    path = DOCS / "rules" / f"{name}.md"
    assert path.exists(), f"rule set {name} has no page docs/rules/{name}.md"
    return path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", RULE_SETS)
def test_rule_page_lists_every_item_with_its_value(name: str) -> None:
    rows = _rows(_block(_page(name), "items"))
    items = {i["id"]: i for i in docs_sync.describe(name)["items"]}
    missing = sorted(set(items) - set(rows))
    extra = sorted(set(rows) - set(items))
    assert not missing and not extra, f"docs/rules/{name}.md: items missing {missing}, not in the code {extra}; {FIX}"
    wrong = [i for i, it in items.items() if rows[i][1] != docs_sync._cell(it["value"])]
    assert not wrong, f"docs/rules/{name}.md: the value of {wrong} differs from the code; {FIX}"


@pytest.mark.parametrize("name", RULE_SETS)
def test_rule_page_lists_every_option_with_its_default(name: str) -> None:
    d = docs_sync.describe(name)
    text = _page(name)
    if not d["options"]:
        assert "no options" in _block(text, "options")
        return
    rows = _rows(_block(text, "options"))
    options = {o["name"]: o for o in d["options"]}
    assert set(rows) == set(options), f"docs/rules/{name}.md: options {sorted(rows)} != {sorted(options)}; {FIX}"
    for o in options.values():
        assert rows[o["name"]][1].strip("`") == docs_sync.json.dumps(o["default"], ensure_ascii=False), (
            f"docs/rules/{name}.md: the default of {o['name']} differs from the code; {FIX}"
        )
        for choice in (c["value"] for c in o.get("choices", ())):
            assert docs_sync.json.dumps(choice, ensure_ascii=False) in rows[o["name"]][2], (
                f"docs/rules/{name}.md: option {o['name']} does not list {choice!r}; {FIX}"
            )
    presets = _block(text, "presets")
    for preset in d["presets"]:
        assert f"`{preset}`" in presets, f"docs/rules/{name}.md: preset {preset} missing; {FIX}"


@pytest.mark.parametrize("name", RULE_SETS)
def test_rule_page_explains_every_field_of_its_own(name: str) -> None:
    """Each field of the rule set's own is said: by the rule set (its generated table) or in the page's prose."""
    d = docs_sync.describe(name)
    text = _page(name)
    prose = docs_sync.BLOCK.sub("", text)
    flags = [f["name"] for f in d["context_flags"]]  # each with its help: the generated table says it
    unexplained = [f for f in flags if f"`{f}`" not in _block(text, "flags") and f"`{f}`" not in prose]
    assert not unexplained, f"docs/rules/{name}.md: say what the fields {unexplained} mean (a table row each)"
    assert all(f"`{f}`" in _block(text, "flags") for f in flags), FIX


@pytest.mark.parametrize("name", RULE_SETS)
def test_rule_page_lists_every_reason_and_meld(name: str) -> None:
    d = docs_sync.describe(name)
    text = _page(name)
    if "reasons" in d:
        rows = _rows(_block(text, "reasons"))
        assert set(rows) == set(d["reasons"]), f"docs/rules/{name}.md: reasons {sorted(rows)}; {FIX}"
    if "melds" in d:
        listed = _block(text, "melds")
        assert all(f"`{m}`" in listed for m in d["melds"]), f"docs/rules/{name}.md: melds; {FIX}"


@pytest.mark.parametrize("page", docs_sync.documents(), ids=_rel)
def test_generated_tables_are_current(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    if page.parent.name == "rules" and page.stem in RULE_SETS:
        new = docs_sync.rule_doc(text, page.stem)
    elif page == DOCS / "match.md":
        new = docs_sync.match_doc(text)
    else:
        return
    assert new == text, f"{_rel(page)}: generated tables are out of date; {FIX}\n" + _diff(text, new)


def _diff(old: str, new: str) -> str:
    return "".join(list(difflib.unified_diff(old.splitlines(True), new.splitlines(True), "page", "code"))[:80])


@pytest.mark.parametrize("page", [p for p in docs_sync.documents() if "```console" in p.read_text()], ids=_rel)
def test_examples_print_what_the_page_shows(page: Path) -> None:
    """Each console block's commands are run again; what they print now must be what the page shows."""
    text = page.read_text(encoding="utf-8")
    new = docs_sync.console_doc(text)
    assert new == text, f"{_rel(page)}: an example prints something else now; {FIX}\n" + _diff(text, new)


PYCON = re.compile(r"```pycon\n(.*?)```", re.S)


@pytest.mark.parametrize("page", [p for p in docs_sync.documents() if "```pycon" in p.read_text()], ids=_rel)
def test_python_examples_print_what_the_page_shows(page: Path) -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for n, block in enumerate(PYCON.findall(page.read_text(encoding="utf-8"))):
        test = parser.get_doctest(block, {}, f"{_rel(page)} python block {n + 1}", str(page), 0)
        runner.run(test)
    assert runner.tries and runner.failures == 0, f"{_rel(page)}: {runner.failures} Python example(s) differ"


def _raised_codes() -> dict[str, str]:
    """Every error code the package can give: ``InputError("code", ...)``, a code after an HTTP status in a call
    (``error(422, "bad_json", ...)``) and ``{"code": "..."}`` literals, with where each is first written."""
    codes: dict[str, str] = {}
    for path in sorted((ROOT / "src" / "suanfan").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            found = []
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name == "InputError" and node.args:
                    found.append(node.args[0])
                else:  # a status then a code: error(422, "bad_json", ...), _answer(send, 421, "bad_host", ...)
                    found += [b for a, b in zip(node.args, node.args[1:], strict=False) if _is_status(a)]
            elif isinstance(node, ast.Dict):
                found += [v for k, v in zip(node.keys, node.values, strict=True) if _is_str(k, "code")]
            for arg in found:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    codes.setdefault(arg.value, f"{path.relative_to(ROOT)}:{arg.lineno}")
    return codes


def _is_status(node) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and 400 <= node.value <= 599


def _is_str(node, value: str) -> bool:
    return isinstance(node, ast.Constant) and node.value == value


def _documented_codes() -> set[str]:
    text = (DOCS / "contract.md").read_text(encoding="utf-8")
    section = text[text.index("\n## Errors") :]
    section = section[: section.index("\n## ", 1)]
    return set(re.findall(r"^\| `([a-z_]+)` \|", section, re.M))


def test_every_error_code_is_in_the_contract() -> None:
    missing = {c: w for c, w in _raised_codes().items() if c not in _documented_codes()}
    assert not missing, f"error codes not described in docs/contract.md's table of codes: {missing}"


def test_every_documented_error_code_exists() -> None:
    source = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "src" / "suanfan").rglob("*.py"))
    gone = sorted(c for c in _documented_codes() if f'"{c}"' not in source)
    assert not gone, f"docs/contract.md describes error codes the code no longer has: {gone}"
