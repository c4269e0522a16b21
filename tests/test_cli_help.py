"""What ``--help`` shows a new user (session 8's walkthrough): every command's help is plain text, without the
double backquotes that docstrings use for code (``--lang``), which the help printed as they were."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from suanfan.cli import app


def _commands(group: object, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = [path]
    commands = getattr(group, "commands", None)  # a group of commands (Typer's own click or the click package's)
    if commands:
        for name, command in sorted(commands.items()):
            out += _commands(command, (*path, name))
    return out


def test_every_help_is_plain_text() -> None:
    paths = _commands(typer.main.get_command(app))
    assert ("log", "check") in paths and ("match", "import-log") in paths and len(paths) > 15
    for path in paths:
        r = CliRunner().invoke(app, [*path, "--help"])
        assert r.exit_code == 0, (path, r.output)
        assert "``" not in r.output, (path, [line for line in r.output.splitlines() if "``" in line])
