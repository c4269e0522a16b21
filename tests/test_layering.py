"""The import layering: data flows text -> Hand -> readings -> rule set -> Result -> payments -> match, and no module
reaches back up that chain or imports, even inside a function, a module that imports it (docs/architecture.md).

Every import of every module is read from its syntax tree (``ast.walk``: the imports inside functions too), so an
import hidden in a function to dodge a circle is seen like any other.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"

# The layers, lowest first: a module imports modules of its own layer or of lower ones only. A module is placed by
# the longest prefix of its name found here.
LAYERS: tuple[tuple[str, ...], ...] = (
    (
        "suanfan.errors",
        "suanfan.messages",
        "suanfan.names",
        "suanfan.reasons",
        "suanfan.notes",
        "suanfan.words",
        "suanfan.jsontext",
        "suanfan.controls",
    ),  # errors and their messages, names, reasons, notes and the front ends' words in three languages, JSON input,
    # the typed controls a player sets
    ("suanfan.parallel",),  # work spread over processes or a Dask cluster (calls what it is given)
    ("suanfan.tiles",),  # text -> tiles
    ("suanfan.hand",),  # tiles -> Hand, Meld, Context
    ("suanfan.shapes",),  # Hand -> readings
    ("suanfan.waits",),  # readings of a waiting hand
    ("suanfan.result",),  # what a rule set answers: Result, Item, Points, Payment
    ("suanfan.rules",),  # the rule sets: readings -> Result, with their payments
    ("suanfan.analysis",),  # hand analysis (shanten, ukeire) over the rule sets
    ("suanfan.api", "suanfan"),  # the Python API: text -> Result
    ("suanfan.match", "suanfan.logs"),  # rounds and matches: Results -> payments -> standings
    (
        "suanfan.cli",
        "suanfan.cli_args",
        "suanfan.cli_context",
        "suanfan.match.cli",
        "suanfan.match.api",
        "suanfan.analysis.cli",
        "suanfan.web",
        "suanfan.logs.cli",
    ),  # the front ends
)
_LAYER = {name: i for i, names in enumerate(LAYERS) for name in names}


def _modules() -> dict[str, tuple[Path, bool]]:
    out = {}
    for path in (SRC / "suanfan").rglob("*.py"):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        out[".".join(parts)] = (path, is_package)
    return out


MODULES = _modules()


def _imports(name: str) -> set[str]:
    """The suanfan modules ``name`` imports, anywhere in its code (a name imported from a package that is a module of
    it counts as that module)."""
    path, is_package = MODULES[name]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.split(".")[0] == "suanfan")
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")[: len(name.split(".")) + is_package - node.level]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "suanfan":
                continue
            for a in node.names:
                sub = f"{target}.{a.name}"
                out.add(sub if sub in MODULES else target)
    out.discard(name)
    return out


GRAPH = {name: _imports(name) for name in MODULES}


def layer(name: str) -> int:
    """The layer of a module: that of the longest prefix of its name in ``LAYERS``."""
    parts = name.split(".")
    for n in range(len(parts), 1, -1):  # "suanfan" alone is the package's own module, not a prefix
        prefix = ".".join(parts[:n])
        if prefix in _LAYER:
            return _LAYER[prefix]
    if name == "suanfan":
        return _LAYER[name]
    raise AssertionError(f"{name} has no layer: place it in tests/test_layering.py LAYERS (and docs/architecture.md)")


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_reaches_up_the_chain(name: str) -> None:
    up = sorted(t for t in GRAPH[name] if layer(t) > layer(name))
    assert not up, f"{name} (layer {layer(name)}) imports {up}, higher in the chain"


def test_no_import_circle() -> None:
    """No module imports, directly or through others, a module that imports it (a package imports its modules)."""
    state: dict[str, int] = {}  # 1 on the path being walked, 2 done
    path: list[str] = []

    def walk(name: str) -> None:
        state[name] = 1
        path.append(name)
        for t in sorted(GRAPH[name]):
            if state.get(t) == 1:
                circle = path[path.index(t) :] + [t]
                raise AssertionError("import circle: " + " -> ".join(circle))
            if t not in state:
                walk(t)
        path.pop()
        state[name] = 2

    for name in sorted(GRAPH):
        if name not in state:
            walk(name)


def test_the_walk_sees_imports_in_functions() -> None:
    """The walk is what it says: an import inside a function is one (cli.py imports the web app in ``serve``)."""
    assert "suanfan.web.app" in GRAPH["suanfan.cli"]
    assert "suanfan.rules.riichi.options" in GRAPH["suanfan.rules.riichi.points"]
    assert layer("suanfan.rules.mcr.fans") == layer("suanfan.rules") > layer("suanfan.result") > layer("suanfan.hand")
