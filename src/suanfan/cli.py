"""The command line: ``suanfan score``, ``batch``, ``waits``, ``analyze``, ``rules``, ``draw``, ``serve``.

Unreadable input prints the contract's error and exits 2; it never shows a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from . import api, jsontext
from . import rules as rules_mod
from .cli_args import pairs as _pairs
from .cli_context import context_values, with_context_options
from .errors import InputError
from .reasons import REASONS
from .result import Result
from .words import has, limit_name, meld_text, payer_name, wait_score, word

try:  # typer from 0.2x on carries its own copy of click
    from typer._click.exceptions import UsageError
except ImportError:  # pragma: no cover - an older typer, on click itself
    from click.exceptions import UsageError

app = typer.Typer(add_completion=False, no_args_is_help=True, help="suanfan (算番): score mahjong hands.")
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

LANGS = ("en", "zh", "ja")


def _fail(e: InputError, as_json: bool, lang: str = "en") -> None:
    """The error (its message in ``lang`` when that is a language: ``--lang ja`` tells it in Japanese), exit 2."""
    lang = lang if lang in LANGS else "en"
    if as_json:
        print(json.dumps(e.to_dict(lang), ensure_ascii=False))
    else:
        err.print(f"[bold red]{word('label.error', lang)}[/] ({e.code}): {escape(e.message_in(lang))}")
    raise typer.Exit(2)


def _check_lang(lang: str) -> None:
    if lang not in LANGS:
        raise InputError("bad_input", f"--lang {lang}: use en, zh or ja")


def _note(note: dict | str, names: dict | None, lang: str) -> str:
    """A note in ``lang`` from its names; a note without names (a plain text) only in English."""
    if names and names.get(lang):
        return names[lang]
    return str(note) if lang == "en" else ""


def _payments(payments: list[dict], lang: str) -> list[str]:
    """Each payer and amount in ``lang`` (its note beside it), the same payment repeated written once "× n"."""
    rows: dict[tuple, int] = {}
    for p in payments:
        key = (p["from"], p["amount"], p.get("note") or "", tuple((p.get("note_names") or {}).items()))
        rows[key] = rows.get(key, 0) + 1
    shown = []
    for (who, amount, note, names), n in rows.items():
        text = f"{payer_name(who, lang)} {amount}" + (f" × {n}" if n > 1 else "")
        note = _note(note, dict(names), lang) if note else ""
        shown.append(text + (f" ({note})" if note else ""))
    return shown


def render(r: Result, lang: str = "en") -> None:
    """A readable breakdown in ``lang``: the items, the fu parts, the totals, the payments, the notes. In zh and ja
    every word is that language's; the item ids (a column of the English breakdown) are left to ``--json``."""

    def w(code: str, **fields: object) -> str:
        return word(code, lang, **fields)

    d = r.to_dict()
    rs = rules_mod.get(r.rules)
    names = {i.id: i.names.get(lang, i.id) for i in rs.items}
    melds = " ".join(meld_text(m, lang) for m in d["melds"])
    hand = d["hand"] + ("  " + melds if melds else "")
    out.print(f"[bold]{rs.names.get(lang, r.rules)}[/]  {w('label.hand')}: {hand}")
    if d["decomposition"]:
        wait = d.get("wait")
        wait = w(f"wait.{wait}") if wait and has(f"wait.{wait}") else None
        out.print(
            f"{w('label.reading')}: {' '.join(d['decomposition'])}" + (f"  ({w('label.wait')}: {wait})" if wait else "")
        )
    riichi = d["han"] is not None
    if d["items"]:
        t = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
        t.add_column(w("label.items"))
        if lang == "en":
            t.add_column("id", style="dim")
        t.add_column(w("label.value_han" if riichi else "label.value_fan"), justify="right")
        for it in d["items"]:
            count = it.get("count")
            value = w("label.times", value=it["value"], count=count) if count else f"{it['value']}"
            note = _note(it.get("note"), it.get("note_names"), lang) if it.get("note") else ""
            name = it["names"].get(lang, it["id"]) + (f" ({note})" if note else "")
            t.add_row(name, it["id"], value) if lang == "en" else t.add_row(name, value)
        out.print(t)
    yakuman = str(d["limit"] or "").endswith("yakuman")
    if d.get("fu_parts") and not yakuman:
        parts = ", ".join(
            f"{p['names'].get(lang, p['id'])}{(' ' + p['tiles']) if p.get('tiles') else ''} {p['fu']}"
            for p in d["fu_parts"]
        )
        out.print(f"{w('label.fu')}: {parts}")
    for x in d.get("exclusions") or ():

        def fans(v) -> str:
            return "、".join(names.get(f, f) for f in (v if isinstance(v, list) else [v]))

        principle = x.get("principle", "")
        principle = w(f"principle.{principle}") if has(f"principle.{principle}") else principle
        out.print("  " + w("label.excludes", a=fans(x.get("fan")), b=fans(x.get("excludes"))) + f": {principle}")
    totals = []
    if d["han"] is not None and not yakuman:
        totals.append(f"{d['han']} {w('unit.han')}")
    if d["fu"] is not None and not yakuman:
        totals.append(f"{d['fu']} {w('unit.fu')}")
    if d["fan"] is not None:
        totals.append(f"{d['fan']} {w('unit.fan')}")
    if d["limit"]:
        totals.append(limit_name(d["limit"], lang))
    if totals:
        out.print(f"[bold]{w('label.total')}: {', '.join(totals)}[/]")
    if not d["winning"]:
        code = d.get("reason")
        known = REASONS.get(code)
        why = (d.get("reason_names") or {}).get(lang) or (known.templates()[lang] if known else "")
        shown = (f"{code} ({why})" if why else code) if lang == "en" else why or code  # the code is English
        out.print(f"[bold red]{w('label.not_winning')}[/]: {shown}")
    pts = d.get("points")
    if pts:
        pays = "; ".join(_payments(pts["payments"], lang))
        out.print(
            f"[bold]{w('label.points')}: {pts['hand']}[/]  {w('label.received')}: {pts['received']}  "
            f"{w('label.payments')}: {pays}"
        )
    notes = d.get("notes", [])
    note_names = d.get("note_names") or [None] * len(notes)
    for note, said in zip(notes, note_names, strict=True):
        text = _note(note, said, lang)
        if text:
            out.print(f"[yellow]{w('label.note')}[/]: {text}")


@app.command()
@with_context_options
def score(
    hand: Annotated[
        str, typer.Argument(help="concealed tiles, winning tile included: 123m456p789s11z (mpsz, Chinese or Unicode)")
    ],
    rules: Annotated[
        str, typer.Option("--rules", "-r", help="riichi, mcr, sichuan, wuhu, kawuxing, popular, twoplayer")
    ] = "riichi",
    win: Annotated[str | None, typer.Option(help="the winning tile (default: the last tile written)")] = None,
    meld: Annotated[
        list[str] | None,
        typer.Option("--meld", "-m", help="pon:777z, chi:123m, ankan:1111s, minkan:.., kakan:..; repeat"),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE rule option; repeat (preset=tenhou too)")
    ] = None,
    flag: Annotated[
        list[str] | None, typer.Option("--flag", "-f", help="NAME=VALUE rule-set context flag; repeat")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print the contract JSON result")] = False,
    lang: Annotated[str, typer.Option("--lang", help="en, zh or ja")] = "en",
    **context: Any,
) -> None:
    """Score one hand. The win context has one option per field (--tsumo, --seat, --honba, ...)."""
    try:
        _check_lang(lang)
        ctx = context_values(context)
        ctx.update(_pairs(flag, "--flag"))
        r = api.score(hand, win=win, rules=rules, melds=meld or (), options=_pairs(option, "--option"), **ctx)
    except InputError as e:
        _fail(e, as_json, lang)
        return
    if as_json:
        print(json.dumps(r.to_dict(), ensure_ascii=False))
    else:
        render(r, lang)


def score_lines(lines: list[bytes], first: int, rules: str) -> list[str]:
    """The result lines of some batch lines (``first``: the number of the first), errors as error lines."""
    out = []
    for n, line in enumerate(lines, first):
        line = line.strip()
        if not line:
            continue
        try:
            r = api.score_dict(jsontext.loads(line, f"line {n}"), rules).to_dict()
        except InputError as e:
            r = e.to_dict()
        out.append(json.dumps(r, ensure_ascii=False))
    return out


BATCH_CHUNK = 2000  # lines a task, with --jobs or --dask


@app.command()
def batch(
    rules: Annotated[str, typer.Option("--rules", "-r", help="rule set for lines that name none")] = "riichi",
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="processes; the lines go in chunks, out in order")] = 1,
    dask: Annotated[
        str | None, typer.Option("--dask", help="run on the Dask cluster of this scheduler (tcp://host:8786)")
    ] = None,
) -> None:
    """JSON lines in (one hand object a line), JSON lines out (one result a line, errors as error lines)."""
    # read as bytes: a line that is not UTF-8 is that line's error, not the end of the batch
    if jobs == 1 and not dask:
        for n, line in enumerate(sys.stdin.buffer, 1):
            for text in score_lines([line], n, rules):
                print(text, flush=False)
        sys.stdout.flush()
        return
    from . import parallel

    lines = sys.stdin.buffer.readlines()
    tasks = [(lines[i : i + BATCH_CHUNK], i + 1, rules) for i in range(0, len(lines), BATCH_CHUNK)]
    try:
        for chunk in parallel.run(score_lines, tasks, jobs, dask):
            for text in chunk:
                print(text, flush=False)
    except InputError as e:
        _fail(e, False)
    sys.stdout.flush()


@app.command()
@with_context_options
def waits(
    hand: Annotated[str, typer.Argument(help="13 tiles (fewer with melds)")],
    rules: Annotated[str, typer.Option("--rules", "-r")] = "riichi",
    meld: Annotated[list[str] | None, typer.Option("--meld", "-m")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o")] = None,
    flag: Annotated[list[str] | None, typer.Option("--flag", "-f")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    lang: Annotated[str, typer.Option("--lang", help="en, zh or ja")] = "en",
    **context: Any,
) -> None:
    """The tiles a waiting hand needs, and what each would score (as a self-draw with --tsumo)."""
    try:
        _check_lang(lang)
        ctx = {**context_values(context), **_pairs(flag, "--flag")}
        found = api.waits_of(hand, rules=rules, melds=meld or (), options=_pairs(option, "--option"), **ctx)
    except InputError as e:
        _fail(e, as_json, lang)
        return
    if as_json:
        print(json.dumps([{"tile": w["tile"], "result": w["result"].to_dict()} for w in found], ensure_ascii=False))
        return
    if not found:
        out.print(word("analysis.not_tenpai", lang))
    for w in found:
        out.print(f"{w['tile']}: {wait_score(w['result'].to_dict(), lang)}")


@app.command(name="rules")
def rules_cmd(
    name: Annotated[str | None, typer.Argument(help="one rule set")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    lang: Annotated[str, typer.Option("--lang")] = "en",
) -> None:
    """The rule sets, their items and their options. The names and the words are in --lang; the ids (items,
    options and their values, presets, flags) stay as they are written on the command line (-o open_tanyao=false,
    -o preset=tenhou, --flag void_suit=p), since they are what one types."""
    try:
        _check_lang(lang)
        sets = [rules_mod.get(name)] if name else list(rules_mod.registry().values())
    except InputError as e:
        _fail(e, as_json, lang)
        return
    if as_json:
        print(json.dumps([rs.describe() for rs in sets], ensure_ascii=False))
        return

    def w(code: str, **fields: object) -> str:
        return word(code, lang, **fields)

    for rs in sets:
        d = rs.describe()
        out.print(f"[bold]{d['name']}[/]  {d['names'].get(lang, '')}  ({w('rules.tiles', n=d['tiles'])})")
        if name:
            for it in d["items"]:
                value = it["value"] if isinstance(it["value"], int) else json.dumps(it["value"], ensure_ascii=False)
                out.print(f"  {it['id']:<28} {value!s:<16} {it['names'].get(lang, '')}")
        else:
            shown = [i["id"] if lang == "en" else i["names"][lang] for i in d["items"][:12]]
            out.print(
                f"  {w('rules.items', n=len(d['items']))}: {', '.join(shown)}"
                + (" ..." if len(d["items"]) > 12 else "")
            )
        for o in d["options"]:
            choices = (
                " (" + ", ".join(f"{json.dumps(c['value'])} {c['names'][lang]}" for c in o["choices"]) + ")"
                if "choices" in o
                else ""
            )
            out.print(
                f"  {w('rules.option')} [cyan]{o['name']}[/] = {json.dumps(o['default'])}{choices}: {o['names'][lang]}: "
                f"{o['help'][lang]}"
            )
        if d["presets"] and not name:
            presets = ", ".join(f"{k} ({d['preset_names'][k][lang]})" for k in d["presets"])
            out.print(f"  {w('rules.presets')}: {presets}")
        elif d["presets"]:
            docs = d.get("preset_docs", {})
            for preset, values in d["presets"].items():
                shown = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in values.items())
                out.print(f"  {w('rules.preset')} [cyan]{preset}[/] ({d['preset_names'][preset][lang]}): {shown}")
                match = d.get("preset_match_settings", {}).get(preset)
                if match:
                    shown = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in match.items())
                    out.print(f"    {w('rules.match_settings')}: {shown}")
                if preset in docs and lang == "en":  # a preset's sources are written in English
                    out.print(f"    {docs[preset]}")
        if d["context_flags"]:
            flags = ", ".join(f"{f['name']} ({f['names'][lang]})" for f in d["context_flags"])
            out.print(f"  {w('rules.flags')}: {flags}")


@app.command()
def draw(
    tenpai: Annotated[str, typer.Option(help="tenpai seats, e.g. ES")] = "",
    nagashi: Annotated[str, typer.Option(help="seats with nagashi mangan")] = "",
    honba: Annotated[int, typer.Option()] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o")] = None,
) -> None:
    """Riichi exhaustive draw: noten payments or nagashi mangan, by seat."""
    from .rules.riichi import exhaustive_draw

    try:
        res = exhaustive_draw(
            list(tenpai.replace(",", "")), list(nagashi.replace(",", "")), honba, _pairs(option, "--option")
        )
    except InputError as e:
        _fail(e, True)
        return
    print(json.dumps(res, ensure_ascii=False))


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="the address to listen on; any but loopback needs a token")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535)] = 8000,
    token: Annotated[
        str | None,
        typer.Option(
            "--token",
            envvar="SUANFAN_TOKEN",
            help="what /api/match requests must send (Authorization: Bearer TOKEN); off loopback one is made if none",
        ),
    ] = None,
) -> None:
    """Start the HTTP API and the web calculator."""
    try:
        from .web.app import serve as run
    except ImportError as e:
        need = escape(f"pip install 'suanfan[web]' ({e})")  # the brackets are text, not Rich markup
        err.print(f"[bold red]error[/]: the web server needs FastAPI and uvicorn: {need}")
        raise typer.Exit(2) from None
    try:
        run(host, port, token)
    except InputError as e:
        _fail(e, False)


def _mount_analyze() -> None:
    from .analysis.cli import analyze_command

    app.command(name="analyze")(analyze_command)


_mount_analyze()


def _mount_match() -> None:
    from .match.cli import match_app

    app.add_typer(
        match_app, name="match", help="Keep the score of a match: new, add, undo, show, list, export, import."
    )


_mount_match()


def _mount_logs() -> None:
    from .logs.cli import import_log, log_app
    from .match.cli import match_app

    app.add_typer(log_app, name="log", help="Read game logs: check them against suanfan, write their wins as hands.")
    match_app.command("import-log")(import_log)


_mount_logs()


def main(argv: list[str] | None = None) -> None:
    """The ``suanfan`` command. With ``--json`` anywhere, every error is the contract's error object on standard
    output, typer's own usage errors (an unknown option, a bad number) too; without it, typer's message. Either way
    exit status 2, and a bug (an exception that is no ``InputError``) is one line, exit status 3, never a traceback
    (``SUANFAN_DEBUG=1`` shows it)."""
    args = sys.argv[1:] if argv is None else list(argv)
    as_json = "--json" in args
    try:
        if not as_json:
            app(args, prog_name="suanfan")
            return
        code = app(args, prog_name="suanfan", standalone_mode=False)
    except UsageError as e:
        print(json.dumps(InputError("bad_usage", e.format_message()).to_dict(), ensure_ascii=False))
        sys.exit(2)
    except typer.Abort:
        sys.exit(130)
    except Exception as e:
        if os.environ.get("SUANFAN_DEBUG"):
            raise
        message = f"an internal error ({type(e).__name__}); please report the command that caused it"
        if as_json:
            print(json.dumps(InputError("internal", message).to_dict()))
        else:
            err.print(f"[bold red]error[/] (internal): {message}")
        sys.exit(3)
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
