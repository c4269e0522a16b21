"""``suanfan match new|add|undo|show|export|import|list``: keep the score of a match on the command line.

Each event of a round is one argument: a JSON object (``'{"type": "ron", "winner": "C", "from": "A", "han": 3,
"fu": 30}'``) or the short form ``"ron winner=C from=A han=3 fu=30"`` (the type, then NAME=VALUE; ``tenpai`` and
``nagashi`` take comma-separated names). ``-`` reads the round (a JSON list of events) from standard input.
Unreadable input prints the contract's error and exits 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .. import jsontext
from ..cli_args import LANGS, check_lang
from ..cli_args import pairs as _pairs
from ..errors import InputError
from ..rules import get as get_rules
from ..words import coded, word
from .core import Played
from .store import Store

match_app = typer.Typer(add_completion=False, no_args_is_help=True, help="Keep the score of a match (saved in SQLite).")
out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

DbOpt = Annotated[Path | None, typer.Option("--db", help="the match file (default: $SUANFAN_DB or the data directory)")]
JsonOpt = Annotated[bool, typer.Option("--json", help="JSON output")]
LangOpt = Annotated[str, typer.Option("--lang", help="en, zh or ja: the words, the rounds' names and the errors")]
LIST_KEYS = ("tenpai", "nagashi")
MAX_IMPORT = 64 * 1024 * 1024  # bytes of a match export read by match import


def _fail(e: InputError, as_json: bool, lang: str = "en") -> None:
    lang = lang if lang in LANGS else "en"
    if as_json:
        print(json.dumps(e.to_dict(lang), ensure_ascii=False))
    else:
        err.print(f"[bold red]{word('label.error', lang)}[/] ({e.code}): {escape(e.message_in(lang))}")
    raise typer.Exit(2)


def parse_event(text: str) -> dict:
    """One event: a JSON object, or ``TYPE NAME=VALUE ...``."""
    text = text.strip()
    if text.startswith("{"):
        return jsontext.loads(text, f"event {text[:40]!r}")
    parts = text.split()
    if not parts or "=" in parts[0]:
        raise InputError("bad_event", f"event {text!r}: start with its type (ron, tsumo, win, draw, ...)")
    ev: dict[str, Any] = {"type": parts[0]}
    for k, v in _pairs(parts[1:], f"event {parts[0]}:").items():
        if k in LIST_KEYS:
            ev[k] = [x for x in str(v).split(",") if x] if not isinstance(v, list) else v
        else:
            ev[k] = str(v) if k in ("winner", "from", "player", "to", "pao", "bao") else v
    return ev


def _events(args: list[str]) -> list[dict]:
    if args == ["-"]:
        data = jsontext.loads(sys.stdin.buffer.read(), "standard input")
        return data["events"] if isinstance(data, dict) and "events" in data else data
    return [parse_event(a) for a in args]


def _round_table(played: list[Played], players: tuple[str, ...], title: str, lang: str) -> Table:
    t = Table(title=escape(title))
    t.add_column("#", justify="right")
    t.add_column(word("match.round", lang))
    t.add_column(word("match.what", lang))
    for p in players:
        t.add_column(escape(p), justify="right")
    for p in played:
        info = p.settlement.info
        what = coded("outcome", info["outcome"], lang) if info.get("outcome") else ""
        if info.get("winners"):
            what += " " + ",".join(info["winners"])
        if info.get("discarder"):
            what += f" ← {info['discarder']}"
        deltas = p.settlement.deltas
        t.add_row(
            str(p.number),
            escape(p.names.get(lang) or p.label),
            escape(what),
            *[f"{deltas[q]:+d} [dim]({p.points[q]})[/]" if deltas[q] else f"[dim]{p.points[q]}[/]" for q in players],
        )
    return t


def _show(store: Store, match_id: int, lang: str) -> None:
    m = store.load(match_id)
    rules = m.rules if lang == "en" else get_rules(m.rules).names.get(lang, m.rules)
    title = word("match.title", lang, id=match_id, rules=rules) + (f" — {m.name}" if m.name else "")
    out.print(_round_table(m.played, m.players, title, lang))
    st = m.game.standings(m.state)
    upcoming = m.game.names(m.state).get(lang) or m.game.label(m.state)
    s = Table(
        title=word("match.finished", lang) if m.state.get("finished") else word("match.next", lang, label=upcoming)
    )
    s.add_column(word("match.rank", lang), justify="right")
    s.add_column(word("match.player", lang))
    s.add_column(word("match.points", lang), justify="right")
    extra = [k for k in ("final", "standard") if k in st]
    for k in extra:
        head = word(f"match.{k}", lang)
        if k == "final" and st.get("final_is_provisional"):
            head = word("match.provisional", lang, what=head)
        s.add_column(head, justify="right")
    for i, p in enumerate(st["ranking"]):
        s.add_row(str(i + 1), escape(p), str(st["points"][p]), *[str(st[k][p]) for k in extra])
    out.print(s)
    if st.get("deposits"):
        sticks = st["deposits"] // 1000
        out.print(word("match.on_table", lang, points=st["deposits"], sticks=sticks, honba=st["honba"]))


def _who(name: str, lang: str) -> str:
    return word("match.table", lang) if name == "table" else name


def _print_round(p: Played, as_json: bool, lang: str) -> None:
    if as_json:
        print(json.dumps(p.to_dict(), ensure_ascii=False))
        return
    t = Table(title=escape(word("match.round_title", lang, n=p.number, label=p.names.get(lang) or p.label)))
    for col in ("from", "to", "amount", "reason"):
        t.add_column(word(f"match.{col}", lang), justify="right" if col == "amount" else "left")
    for line in p.settlement.lines:
        note = f" ({line.note})" if line.note and lang == "en" else ""  # a note is English text
        reason = coded("pay", line.reason, lang) + note
        t.add_row(escape(_who(line.payer, lang)), escape(_who(line.payee, lang)), str(line.amount), escape(reason))
    out.print(t)
    out.print("  ".join(f"{q} {d:+d} → {p.points[q]}" for q, d in p.settlement.deltas.items()), markup=False)


@match_app.command("new")
def new(
    rules: Annotated[
        str, typer.Option("--rules", "-r", help="riichi, mcr, sichuan, wuhu, kawuxing, popular, twoplayer")
    ],
    player: Annotated[list[str], typer.Option("--player", "-p", help="a player's name, in seat order (first: East)")],
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="a rule-set option NAME=VALUE")] = None,
    setting: Annotated[list[str] | None, typer.Option("--setting", "-s", help="a match setting NAME=VALUE")] = None,
    name: Annotated[str, typer.Option("--name", help="a name for the match")] = "",
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Start a match; prints its number."""
    try:
        with Store(db) as store:
            match_id = store.create(rules, player, _pairs(option, "--option"), _pairs(setting, "--setting"), name)
    except InputError as e:
        _fail(e, as_json)
    if as_json:
        print(json.dumps({"id": match_id}))
    else:
        out.print(f"match {match_id}: {rules}, {', '.join(player)}", markup=False)


@match_app.command("add")
def add(
    match_id: Annotated[int, typer.Argument(help="the match number")],
    events: Annotated[list[str], typer.Argument(help="the round's events (JSON or 'TYPE NAME=VALUE ...'), or -")],
    round_id: Annotated[
        str | None, typer.Option("--round-id", help="your id of the round: added once, however often it is sent")
    ] = None,
    db: DbOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = "en",
) -> None:
    """Add a round: it is settled, saved, and its payments printed."""
    try:
        check_lang(lang)
        with Store(db) as store:
            played = store.add_round(match_id, _events(events), round_id)
    except InputError as e:
        _fail(e, as_json, lang)
    _print_round(played, as_json, lang)


@match_app.command("undo")
def undo(match_id: Annotated[int, typer.Argument()], db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Delete the last round."""
    try:
        with Store(db) as store:
            events = store.undo(match_id)
    except InputError as e:
        _fail(e, as_json)
    if as_json:
        print(json.dumps({"undone": events}, ensure_ascii=False))
    else:
        out.print(f"undone: {json.dumps(events, ensure_ascii=False)}", markup=False)


@match_app.command("show")
def show(
    match_id: Annotated[int, typer.Argument()], db: DbOpt = None, as_json: JsonOpt = False, lang: LangOpt = "en"
) -> None:
    """The rounds, the running totals and the standings (each round named as the players of --lang say it)."""
    try:
        check_lang(lang)
        with Store(db) as store:
            if as_json:
                print(json.dumps({"id": match_id, **store.load(match_id).summary()}, ensure_ascii=False))
            else:
                _show(store, match_id, lang)
    except InputError as e:
        _fail(e, as_json, lang)


@match_app.command("list")
def list_(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """The saved matches."""
    try:
        with Store(db) as store:
            rows = store.list()
    except InputError as e:
        _fail(e, as_json)
    if as_json:
        print(json.dumps(rows, ensure_ascii=False))
        return
    t = Table()
    for col in ("id", "rules", "players", "rounds", "name", "created"):
        t.add_column(col)
    for r in rows:
        cells = (str(r["id"]), r["rules"], ", ".join(r["players"]), str(r["rounds"]), r["name"], r["created"])
        t.add_row(*map(escape, cells))
    out.print(t)


@match_app.command("export")
def export(
    match_id: Annotated[int, typer.Argument()],
    output: Annotated[Path | None, typer.Option("--out", help="write to this file instead of standard output")] = None,
    db: DbOpt = None,
) -> None:
    """The match as JSON (rule set, players, options, settings, every round's events)."""
    try:
        with Store(db) as store:
            text = json.dumps(store.export(match_id), ensure_ascii=False, indent=1)
    except InputError as e:
        _fail(e, False)
    if output is None:
        print(text)
        return
    try:
        output.write_text(text + "\n", encoding="utf-8")
    except OSError as e:
        _fail(InputError("bad_output", f"cannot write {output}: {e.strerror}"), False)


@match_app.command("import")
def import_(
    source: Annotated[str, typer.Argument(help="an exported match file, or - for standard input")],
    db: DbOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """A new match from an export; every round is settled again first."""
    try:
        try:
            if source == "-":
                text = sys.stdin.buffer.read(MAX_IMPORT + 1)
            else:
                with open(source, "rb") as f:
                    text = f.read(MAX_IMPORT + 1)
        except OSError as e:
            raise InputError("bad_input", f"cannot read {source}: {e.strerror or e}") from None
        if len(text) > MAX_IMPORT:  # a match of a thousand rounds is a few megabytes; /dev/zero is endless
            raise InputError("too_large", f"{source}: more than {MAX_IMPORT // 2**20} MiB; an export is far smaller")
        data = jsontext.loads(text, str(source))
        with Store(db) as store:
            match_id = store.import_(data)
    except InputError as e:
        _fail(e, as_json)
    if as_json:
        print(json.dumps({"id": match_id}))
    else:
        out.print(f"match {match_id} imported")
