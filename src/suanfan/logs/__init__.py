"""Game logs: read Tenhou mjlog XML (plain or gzipped), tenhou.net/6 JSON and MJAI JSON lines into one game model,
each win told as a contract hand object, and check them against the project's own scoring and round settlement.

>>> import suanfan.logs
>>> for game in suanfan.logs.read("tests/data/logs/tenhou/bug1.xml"):   # doctest: +SKIP
...     print(game.players, len(game.rounds))

The format is found from the content, never from the file name; a folder is read recursively.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import zlib
from collections.abc import Iterator
from pathlib import Path

from ..errors import InputError
from .model import Draw, Game, Round, Win

__all__ = ["Draw", "Game", "Round", "Win", "files_of", "read", "read_bytes", "read_file", "sniff"]

# The most a log file may hold, as read and once unpacked: a game is tens of kilobytes (a long MJAI game with every
# event a few hundred), so this is thousands of games; it keeps a gzip bomb, /dev/zero or a stray disk image from
# taking the machine's memory (reading a log costs several times its size).
MAX_LOG_BYTES = 64 * 1024 * 1024


def files_of(paths: list[str | os.PathLike], named: bool = False) -> list:
    """The files named, folders read recursively (sorted), in the order given; with ``named``, pairs of the file
    and whether it was named itself (a file found in a folder that is no log is passed over, not an error)."""
    out: list = []
    for p in paths:
        path = Path(p)
        try:
            is_dir, exists = path.is_dir(), path.exists()
        except OSError as e:  # a file in a folder this user may not open
            raise InputError("no_file", f"{p}: cannot be read ({e.strerror or e})") from None
        if is_dir:
            found = sorted(_folder(path), key=lambda f: f[0])
            out += found if named else [f for f, _ in found]
        elif exists:
            out.append((str(path), True) if named else str(path))
        else:
            raise InputError("no_file", f"{p}: no such file or folder")
    return out


def _folder(path: Path) -> list[tuple[str, bool]]:
    """The files under a folder (not the hidden ones, no FIFO or device), each found rather than named; a folder
    inside it that cannot be opened comes as named, so that reading it is the error that says so."""
    found: list[tuple[str, bool]] = []
    for root, _dirs, files in os.walk(path, onerror=lambda e: found.append((str(e.filename), True))):
        for name in files:
            f = Path(root, name)
            if not name.startswith(".") and f.is_file():
                found.append((str(f), False))
    return found


def _too_large(file: str, what: str) -> InputError:
    return InputError(
        "too_large", f"{file}: {what} more than {MAX_LOG_BYTES // 2**20} MiB; a log holds a game or a few (split it)"
    )


def read_file(file: str) -> bytes:
    """A log file's bytes (at most ``MAX_LOG_BYTES``); one that cannot be read or is larger is an error naming it."""
    try:
        with open(file, "rb") as f:
            data = f.read(MAX_LOG_BYTES + 1)
    except OSError as e:
        raise InputError("no_file", f"{file}: cannot be read ({e.strerror or e})") from None
    if len(data) > MAX_LOG_BYTES:
        raise _too_large(file, "holds")
    return data


def decode(data: bytes, file: str) -> str:
    if data[:2] == b"\x1f\x8b":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as packed:
                data = packed.read(MAX_LOG_BYTES + 1)  # every member, as gzip.decompress reads them
        except (OSError, EOFError, zlib.error) as e:
            raise InputError("bad_log", f"{file}: a broken gzip file ({e})") from None
        if len(data) > MAX_LOG_BYTES:
            raise _too_large(file, "unpacks to")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError("bad_log", f"{file}: not UTF-8 text (byte {e.start})") from None


def sniff(text: str) -> str:
    """``tenhou`` (mjlog XML), ``tenhou6`` (the tenhou.net/6 JSON object) or ``mjai`` (JSON lines), or ``unknown``."""
    head = text.lstrip()[:4096]
    if head.startswith("<"):
        return "tenhou"
    if head.startswith("{"):
        first = head.split("\n", 1)[0]
        if '"log"' in head and ('"type"' not in first or not first.rstrip().endswith("}")):
            return "tenhou6"
        try:
            obj = json.loads(first)
        except json.JSONDecodeError:
            return "tenhou6" if '"log"' in head else "unknown"
        if isinstance(obj, dict) and "log" in obj:
            return "tenhou6"
        if isinstance(obj, dict) and "type" in obj:
            return "mjai"
    if head.startswith("["):
        return "tenhou6"
    return "unknown"


def read_bytes(data: bytes, file: str = "<data>") -> list[Game]:
    """The games in one file's content: at least one, each with its rounds (a log of no game, or of a game without
    a round, has nothing to check and is refused rather than counted as agreeing)."""
    games = _games(decode(data, file), file)
    if not games:
        raise InputError("bad_log", f"{file}: holds no game")
    for g in games:
        if not g.rounds and not g.skipped:
            raise InputError("bad_log", f"{file}: {g.label} has no rounds")
    return games


def _games(text: str, file: str) -> list[Game]:
    kind = sniff(text)
    if kind == "tenhou":
        from . import tenhou

        return tenhou.read(text, file)
    if kind == "tenhou6":
        from . import tenhou6

        return tenhou6.read(text, file)
    if kind == "mjai":
        from . import mjai

        return mjai.read(text, file)
    raise InputError("not_a_log", f"{file}: not a game log (Tenhou mjlog XML, tenhou.net/6 JSON or MJAI JSON lines)")


def read(path: str | os.PathLike) -> Iterator[Game]:
    """The games of a file or of every file in a folder."""
    for file in files_of([path]):
        yield from read_bytes(read_file(file), file)
