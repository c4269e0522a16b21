"""``suanfan analyze``: the hand analysis as a readable table, or its JSON (``--json``)."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..cli_args import pairs
from ..errors import InputError
from ..words import LANGS, reason_text, word
from . import Analysis, Wait, analyze

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def analyze_command(
    hand: Annotated[str, typer.Argument(help="13 or 14 tiles (less 3 a meld)")],
    rules: Annotated[str, typer.Option("--rules", "-r")] = "riichi",
    meld: Annotated[list[str] | None, typer.Option("--meld", "-m")] = None,
    visible: Annotated[str, typer.Option("--visible", "-v", help="tiles seen elsewhere: rivers, melds, dora")] = "",
    tsumo: Annotated[bool, typer.Option("--tsumo", help="score each wait as a self-draw")] = False,
    seat: Annotated[str, typer.Option("--seat")] = "E",
    round_: Annotated[str, typer.Option("--round")] = "E",
    option: Annotated[list[str] | None, typer.Option("--option", "-o")] = None,
    flag: Annotated[
        list[str] | None, typer.Option("--flag", "-f", help="context NAME=VALUE, e.g. own_discards=1m")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    lang: Annotated[str, typer.Option("--lang", help="en, zh or ja")] = "en",
) -> None:
    """Shanten per form, effective tiles with the copies left, every discard ranked, and the waits scored."""
    try:
        if lang not in LANGS:
            raise InputError("bad_input", f"--lang {lang}: use en, zh or ja")
        ctx = {"tsumo": tsumo, "seat_wind": seat, "round_wind": round_, **pairs(flag, "--flag")}
        a = analyze(hand, rules=rules, melds=meld or (), visible=visible, options=pairs(option, "--option"), **ctx)
    except InputError as e:
        lang = lang if lang in LANGS else "en"
        if as_json:
            print(json.dumps(e.to_dict(lang), ensure_ascii=False))
        else:
            err.print(f"[bold red]{word('label.error', lang)}[/] ({e.code}): {escape(e.message_in(lang))}")
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps(a.to_dict(), ensure_ascii=False))
        return
    render(a, lang)


def _shanten_text(s: int | None, lang: str) -> str:
    if s is None:
        return "-"
    if s == -1:
        return word("analysis.complete", lang)
    if s == 0:
        return word("analysis.waiting", lang)
    return str(s)


def _tiles_text(effective) -> str:
    return " ".join(f"{e.tile}×{e.remaining}" for e in effective)


def _score_text(s: dict, lang: str) -> str:
    if not s.get("winning"):
        return reason_text(s, lang) if s.get("reason") else word("analysis.no_win", lang)
    value = word("analysis.points", lang, points=s["points"]) if s.get("points") is not None else ""
    value = value or word("analysis.wins", lang)
    if s.get("han") is not None:
        value += f" ({s['han']} {word('unit.han', lang)} {s['fu']} {word('unit.fu', lang)})"
    elif s.get("fan") is not None:
        value += f" ({s['fan']} {word('unit.fan', lang)})"
    return value


def _wait_text(w: Wait, lang: str) -> str:
    text = f"{w.tile}×{w.remaining}: {_score_text(w.score, lang)}"
    if w.riichi is not None:
        text += ", " + word("analysis.with_riichi", lang, score=_score_text(w.riichi, lang))
    if w.furiten:
        text += f" ({word('analysis.furiten', lang)})"
    return text


def render(a: Analysis, lang: str = "en") -> None:
    from ..rules import get
    from ..words import meld_text

    melds = "  " + " ".join(meld_text(m, lang) for m in a.melds) if a.melds else ""
    name = a.rules if lang == "en" else get(a.rules).names[lang]
    visible = "  " + word("analysis.visible", lang, tiles=a.visible) if a.visible else ""
    out.print(f"[bold]{name}[/]  {a.hand}{melds}{visible}")
    out.print(f"{word('analysis.shanten', lang)}: [bold]{_shanten_text(a.shanten, lang)}[/]")
    out.print("  " + ", ".join(f"{word(f'form.{k}', lang)} {_shanten_text(v, lang)}" for k, v in a.forms.items()))
    if a.waiting_hand:
        if a.ukeire:
            out.print(f"{word('analysis.effective', lang, n=a.remaining)}: {_tiles_text(a.ukeire)}")
        if a.waits:
            out.print(word("analysis.furiten_all" if a.furiten else "analysis.waits", lang) + ":")
            for w in a.waits:
                out.print("  " + _wait_text(w, lang))
        return
    t = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    t.add_column(word("analysis.discard", lang))
    t.add_column(word("analysis.shanten", lang), justify="right")
    t.add_column(word("analysis.left", lang), justify="right")
    t.add_column(word("analysis.effective_tiles", lang))
    with_waits = any(d.waits for d in a.discards)
    if with_waits:
        t.add_column(word("analysis.waits", lang))
    for d in a.discards:
        row = [d.discard, _shanten_text(d.shanten, lang), str(d.remaining), _tiles_text(d.ukeire)]
        if with_waits:
            row.append("; ".join(_wait_text(w, lang) for w in d.waits))
        t.add_row(*row)
    out.print(t)
