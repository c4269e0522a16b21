"""``suanfan log check|hands`` and ``suanfan match import-log``: game logs on the command line.

``check`` prints one line per difference (or, with ``--json``, the contract's mismatch lines and a summary line)
and exits 0 when everything agrees, 1 when something differs, 2 when a file cannot be read. Files are checked on
``--jobs`` processes (default: every core) or on a Dask cluster (``--dask ADDRESS``); the report is the same
either way, in the order of the files.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from .. import parallel
from ..cli_args import LANGS, check_lang
from ..errors import InputError
from ..words import coded, word
from . import files_of, read_file
from .check import Report, check_file, hand_lines

log_app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Read game logs (Tenhou mjlog, tenhou.net/6 JSON, MJAI): check them, write their wins as hands.",
)
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

PathsArg = Annotated[list[str], typer.Argument(help="log files or folders (read recursively)")]
JobsOpt = Annotated[int | None, typer.Option("--jobs", "-j", help="processes (default: every core)")]
DaskOpt = Annotated[
    str | None, typer.Option("--dask", help="run on the Dask cluster of this scheduler (tcp://host:8786)")
]


def _tasks(paths: list[str], dask: str | None) -> list[tuple[str, bytes | None, bool]]:
    """(file, its content, named) per file: the content read here only for a Dask cluster (whose workers need not
    see this machine's folders); processes here read their own files."""
    tasks: list[tuple[str, bytes | None, bool]] = []
    for file, named in files_of(paths, named=True):
        tasks.append((file, read_file(file) if dask else None, named))
    return tasks


def _progress(quiet: bool) -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=quiet or not err.is_terminal,  # piped or logged, standard error holds the errors and nothing else
        auto_refresh=False,  # redrawn by _Redraw, whose thread can be stopped and joined before a pool forks
    )


class _Redraw:
    """Redraws a progress bar ten times a second from a thread of its own while it runs (``with``), so the elapsed
    time moves while a pool works. Rich's own redrawing thread (``auto_refresh``) is stopped by ``Progress.stop``
    but not joined, so it may still be alive when a process pool forks right after; this one is stopped and joined
    by ``paused()``, which ``parallel.run`` enters around the fork."""

    def __init__(self, bar: Progress) -> None:
        self.bar = bar
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def __enter__(self) -> _Redraw:
        self._start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._halt()

    def _start(self) -> None:
        if self.bar.disable:  # nothing to draw: no thread at all
            return
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="progress redraw", daemon=True)
        self._thread.start()

    def _halt(self) -> None:
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
            self._thread = None

    def _run(self) -> None:
        while not self._stop.wait(0.1):
            self.bar.refresh()

    @contextmanager
    def paused(self) -> Iterator[None]:
        self._halt()
        try:
            yield
        finally:
            self._start()


def _fail(e: InputError, as_json: bool, lang: str = "en") -> None:
    lang = lang if lang in LANGS else "en"
    if as_json:
        print(json.dumps(e.to_dict(lang), ensure_ascii=False))
    else:
        err.print(f"[bold red]{word('label.error', lang)}[/] ({e.code}): {escape(e.message_in(lang))}")
    raise typer.Exit(2)


def _value(v: object) -> str:
    return json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else v


def check_paths(paths: list[str], jobs: int | None = None, dask: str | None = None, quiet: bool = True) -> Report:
    """Check every game of the files and folders named: one report, in the order of the files."""
    tasks = _tasks(paths, dask)
    total = Report()
    with _progress(quiet) as bar, _Redraw(bar) as redraw:
        job = bar.add_task("checking logs", total=len(tasks))
        for rep in parallel.run(check_file, tasks, jobs, dask, pause=redraw.paused):
            total.merge(rep)
            bar.advance(job)
            bar.refresh()
    return total


@log_app.command("check")
def check(
    paths: PathsArg,
    jobs: JobsOpt = None,
    dask: DaskOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="one JSON line per mismatch, then a summary line")] = False,
    lang: Annotated[
        str, typer.Option("--lang", help="en, zh or ja: the report's words (a file's error names it in English)")
    ] = "en",
) -> None:
    """Rescore every win and settle every round of the logs; report what differs from the log."""
    try:
        check_lang(lang)
        rep = check_paths(paths, jobs, dask, quiet=as_json)
    except InputError as e:
        _fail(e, as_json, lang)
        return
    if not rep.files and not rep.errors:  # nothing checked is not "everything agrees"
        found = rep.skipped.get("not_a_log", 0)
        what = f"{found} file{'s' if found != 1 else ''}, none a Tenhou mjlog, tenhou.net/6 JSON or MJAI log"
        message = f"{', '.join(paths)}: no game log found ({what if found else 'no file at all'})"
        rep.errors.append({"code": "no_file", "message": message})
    if as_json:
        for m in rep.mismatches:
            print(json.dumps({"mismatch": m.to_dict()}, ensure_ascii=False))
        for e in rep.errors:
            print(json.dumps({"error": e}, ensure_ascii=False))
        print(json.dumps({"summary": rep.summary()}, ensure_ascii=False))
    else:
        for m in rep.mismatches:
            where = escape("  ".join(x for x in (m.file, m.game, m.round) if x))
            says = word("log.says", lang, log=_value(m.log), suanfan=_value(m.suanfan))
            out.print(f"{where}  [bold]{coded('log.what', m.what, lang)}[/]: {escape(says)}", soft_wrap=True)
            if m.hand:
                out.print(f"    {m.hand}", soft_wrap=True, markup=False)
        for e in rep.errors:
            err.print(f"[bold red]{word('label.error', lang)}[/] ({e['code']}): {escape(e['message'])}", soft_wrap=True)
        s = rep.summary()
        skipped = ", ".join(f"{coded('log.skip', k, lang)} {v}" for k, v in s["skipped"].items())
        counts = {k: v for k, v in s.items() if k != "skipped"}
        numbers = {f"{k}_s": "" if v == 1 else "s" for k, v in counts.items()}  # English: 1 file, 2 files
        numbers |= {f"{k}_v": "s" if v == 1 else "" for k, v in counts.items()}  # 1 win agrees, 2 wins agree
        line = word("log.summary", lang, **counts, **numbers)
        out.print(line + ("; " + word("log.skipped", lang, what=skipped) if skipped else ""), soft_wrap=True)
    raise typer.Exit(2 if rep.errors else 1 if rep.mismatches else 0)


@log_app.command("hands")
def hands(paths: PathsArg, jobs: JobsOpt = None, dask: DaskOpt = None) -> None:
    """Every win as a contract hand object, one a line, with "log_result" (what the log says): input for batch."""
    failed = False
    try:
        tasks = _tasks(paths, dask)
        for lines, errors in parallel.run(hand_lines, tasks, jobs, dask):
            for line in lines:
                print(json.dumps(line, ensure_ascii=False))
            for e in errors:
                failed = True
                err.print(f"[bold red]error[/] ({e['code']}): {escape(e['message'])}", soft_wrap=True)
    except InputError as e:
        _fail(e, False)
    raise typer.Exit(2 if failed else 0)


def import_log(
    file: Annotated[str, typer.Argument(help="a game log (Tenhou mjlog, tenhou.net/6 JSON, MJAI)")],
    game: Annotated[int, typer.Option("--game", help="which game of the file (1 is the first)")] = 1,
    db: Annotated[Path | None, typer.Option("--db", help="the match file (default: $SUANFAN_DB)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="JSON output: the match's number and its rounds")] = False,
) -> None:
    """A game log becomes a saved match (its rounds settled by suanfan), for the scorekeeper page."""
    from ..match.store import Store
    from .matches import match_export

    try:
        data = match_export(file, game)
        with Store(db) as store:
            match_id = store.import_(data)
    except InputError as e:
        _fail(e, as_json)
        return
    if as_json:
        print(json.dumps({"id": match_id, "rounds": len(data["rounds"])}))
    else:
        out.print(f"match {match_id} imported: {data['name']}, {len(data['rounds'])} rounds", markup=False)
