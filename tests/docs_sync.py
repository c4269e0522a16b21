"""Keep the documentation in step with the code: ``python tests/docs_sync.py`` rewrites the generated parts of
``docs/``; ``tests/test_docs.py`` fails when they are out of date.

Two kinds of generated text:

- In ``docs/rules/NAME.md``, the blocks between ``<!-- begin generated: WHAT -->`` and ``<!-- end generated -->``
  (``WHAT`` is ``items``, ``options``, ``presets``, ``flags``, ``reasons`` or ``melds``) are made from ``suanfan rules NAME --json``, so the
  items with their values, the options with their defaults and allowed values, the presets and the context flags are
  those of the code.
- In every ``docs/*.md`` and ``docs/rules/*.md``, a ```` ```console ```` block holds commands (lines starting with
  ``$ ``) and what they printed. The commands are run again with ``bash`` (``suanfan`` is this checkout's command,
  stderr joined to stdout, a fresh empty match file per document) and their output written under them.

Run it after changing a rule set, an option or what a command prints, and read the diff before committing it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
sys.path.insert(0, str(ROOT / "src"))

import suanfan  # noqa: E402

BLOCK = re.compile(r"(<!-- begin generated: (\w+) -->\n)(.*?)(<!-- end generated -->)", re.S)
CONSOLE = re.compile(r"(```console\n)(.*?)(```)", re.S)
WIDTH = "110"
# facts of a row that only steer the scoring's speed (which rows to try), not what the rule is
INTERNAL_FACTS = ("gate", "per_hand", "needs")  # the terminal width the examples are printed at (rich wraps at it)


def describe(name: str) -> dict:
    return suanfan.get_rules(name).describe()


def _cell(value) -> str:
    """A value in a Markdown table cell: plain for a number or a word, ``a: 1, b: 2`` for a dict, JSON otherwise."""
    if isinstance(value, dict):
        text = ", ".join(f"{k}: {_plain(v)}" for k, v in value.items())
    else:
        text = _plain(value)
    return text.replace("|", "\\|").replace("\n", " ")


def _plain(value) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return ", ".join(_plain(v) for v in value) if value else "none"
    return json.dumps(value, ensure_ascii=False)


def items_table(d: dict) -> str:
    rows = ["| id | value | zh | en | ja | what counts, and its facts |", "| --- | --- | --- | --- | --- | --- |"]
    for it in d["items"]:
        names = it["names"]
        facts = {
            k: v
            for k, v in it.items()
            if k not in ("id", "value", "names", "doc", *INTERNAL_FACTS) and v not in (None, False, [], "")
        }
        what = it.get("doc", "")
        if facts:
            what += (" " if what else "") + "(" + "; ".join(f"{k}: {_cell(v)}" for k, v in facts.items()) + ")"
        rows.append(
            f"| `{it['id']}` | {_cell(it['value'])} | {_cell(names.get('zh', ''))} | {_cell(names.get('en', ''))} "
            f"| {_cell(names.get('ja', ''))} | {_cell(what)} |"
        )
    return "\n".join(rows) + "\n"


def options_table(d: dict) -> str:
    if not d["options"]:
        return "This rule set has no options.\n"
    rows = ["| option | default | allowed | what it does |", "| --- | --- | --- | --- |"]
    for o in d["options"]:
        allowed = (
            ", ".join(f"`{json.dumps(c['value'], ensure_ascii=False)}`" for c in o["choices"]) if "choices" in o else ""
        )
        kind = type(o["default"]).__name__
        allowed = allowed or {"bool": "true, false", "int": "a whole number", "dict": "an object"}.get(kind, kind)
        rows.append(
            f"| `{o['name']}` | `{json.dumps(o['default'], ensure_ascii=False)}` | {_cell(allowed)} | {_cell(o['doc'])} |"
        )
    return "\n".join(rows) + "\n"


def presets_table(d: dict) -> str:
    if not d["presets"]:
        return "This rule set has no presets.\n"
    docs = d.get("preset_docs") or {}
    match = d.get("preset_match_settings") or {}
    rows = ["| preset | the options it sets | what it is |", "| --- | --- | --- |"]
    for name, opts in d["presets"].items():
        text = ", ".join(f"`{k}={json.dumps(v, ensure_ascii=False)}`" for k, v in opts.items())
        what = docs.get(name, "")
        if match.get(name):
            settings = ", ".join(f"`{k}={json.dumps(v, ensure_ascii=False)}`" for k, v in match[name].items())
            what += f" Match settings: {settings}."
        rows.append(f"| `{name}` | {text} | {_cell(what.strip())} |")
    return "\n".join(rows) + "\n"


def flags_table(d: dict) -> str:
    """The rule set's own context fields: a table when the rule set describes them, else their names."""
    if not d["context_flags"]:
        return "This rule set reads no context fields of its own.\n"
    docs = {f["name"]: f.get("doc", "") for f in d.get("flags") or ()}
    rows = ["| field | default | allowed | what it says |", "| --- | --- | --- | --- |"]
    for f in d["context_flags"]:
        allowed = ", ".join(f"`{json.dumps(c['value'], ensure_ascii=False)}`" for c in f.get("choices") or ())
        default = json.dumps(f.get("default"), ensure_ascii=False)
        said = docs.get(f["name"]) or f["help"]["en"]
        rows.append(f"| `{f['name']}` | `{default}` | {_cell(allowed)} | {_cell(said)} |")
    return "\n".join(rows) + "\n"


def reasons_table(d: dict) -> str:
    """Why a complete hand may not win: the codes of ``reason``, with their texts (``{field}`` is the hand's)."""
    rows = ["| `reason` | en | zh | ja |", "| --- | --- | --- | --- |"]
    for code, names in (d.get("reasons") or {}).items():
        rows.append(f"| `{code}` | {_cell(names['en'])} | {_cell(names['zh'])} | {_cell(names['ja'])} |")
    return "\n".join(rows) + "\n"


def melds_list(d: dict) -> str:
    return "The melds it accepts: " + ", ".join(f"`{m}`" for m in d["melds"]) + ".\n"


MAKERS = {
    "items": items_table,
    "options": options_table,
    "presets": presets_table,
    "flags": flags_table,
    "reasons": reasons_table,
    "melds": melds_list,
}


def match_games() -> list[dict]:
    """``GET /api/match/games``: each rule set's match game, its seats and its settings."""
    from fastapi.testclient import TestClient

    from suanfan.web.app import create_app

    return TestClient(create_app()).get("/api/match/games").json()["games"]


def games_table(games: list[dict]) -> str:
    rows = [
        "| rule set | players | setting | default | allowed | what it does |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for g in games:
        settings = g["settings"] or [None]
        for o in settings:
            if o is None:
                rows.append(f"| `{g['rules']}` | {g['seats']} | | | | no settings |")
                continue
            allowed = ", ".join(f"`{json.dumps(c['value'], ensure_ascii=False)}`" for c in o.get("choices") or ())
            rows.append(
                f"| `{g['rules']}` | {g['seats']} | `{o['name']}` | `{json.dumps(o['default'], ensure_ascii=False)}` "
                f"| {_cell(allowed)} | {_cell(o['doc'])} |"
            )
    return "\n".join(rows) + "\n"


def match_doc(text: str) -> str:
    """``docs/match.md`` with its table of games and settings made anew."""
    games = None

    def fill(m: re.Match) -> str:
        nonlocal games
        if m.group(2) != "games":
            raise ValueError(f"docs/match.md: unknown generated block '{m.group(2)}'")
        games = games or match_games()
        return m.group(1) + games_table(games) + m.group(4)

    return BLOCK.sub(fill, text)


def rule_doc(text: str, name: str) -> str:
    """``text`` with every generated block of rule set ``name`` made anew."""
    d = describe(name)

    def fill(m: re.Match) -> str:
        what = m.group(2)
        if what not in MAKERS:
            raise ValueError(f"docs/rules/{name}.md: unknown generated block '{what}'")
        return m.group(1) + MAKERS[what](d) + m.group(4)

    return BLOCK.sub(fill, text)


def _shim(tmp: Path) -> dict:
    """The environment of the examples: ``suanfan`` is this checkout's command, matches go to a fresh file."""
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "suanfan"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m suanfan.cli "$@"\n')
    shim.chmod(0o755)
    env = dict(os.environ)
    env.update(
        PATH=f"{bin_dir}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        PYTHONPATH=str(ROOT / "src"),
        SUANFAN_DB=str(tmp / "matches.sqlite3"),
        COLUMNS=WIDTH,
        TERM="dumb",
        NO_COLOR="1",
        LC_ALL="C.UTF-8",
    )
    env.pop("FORCE_COLOR", None)
    return env


def run_console(body: str, env: dict, cwd: Path) -> str:
    """A console block's commands, each followed by what it prints now."""
    out: list[str] = []
    for line in body.splitlines():
        if not line.startswith("$ "):
            continue
        cmd = line[2:]
        done = subprocess.run(
            ["bash", "-c", cmd],
            cwd=cwd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            timeout=120,
            check=False,
        )
        printed = done.stdout
        out.append(line)
        out.extend(printed.rstrip("\n").splitlines() if printed.strip() else [])
    return "\n".join(out) + "\n"


def console_doc(text: str) -> str:
    """``text`` with every console block's output made anew (one fresh match file for the whole document)."""
    if "```console" not in text:
        return text
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        env = _shim(tmp_path)
        work = tmp_path / "work"
        work.mkdir()
        return CONSOLE.sub(lambda m: m.group(1) + run_console(m.group(2), env, work) + m.group(3), text)


def documents() -> list[Path]:
    """The pages whose examples are run: the README and every page of ``docs/``."""
    return [ROOT / "README.md", *sorted(DOCS.glob("*.md")), *sorted((DOCS / "rules").glob("*.md"))]


def synced(path: Path) -> str:
    """The document as it should read now."""
    text = path.read_text(encoding="utf-8")
    if path.parent.name == "rules" and path.stem in suanfan.rule_sets():
        text = rule_doc(text, path.stem)
    elif path == DOCS / "match.md":
        text = match_doc(text)
    return console_doc(text)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path in documents():
        old = path.read_text(encoding="utf-8")
        new = synced(path)
        if new != old:
            stale.append(path.relative_to(ROOT))
            if not check:
                path.write_text(new, encoding="utf-8")
    for p in stale:
        print(("out of date: " if check else "rewrote: ") + str(p))
    return 1 if check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
