"""``suanfan analyze``: the hand analysis as a readable table, or its JSON (``--json``)."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ..cli_args import pairs
from ..errors import InputError
from . import Analysis, Wait, analyze

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

FORM_NAMES = {
    "regular": "regular (4 sets + pair)",
    "seven_pairs": "seven pairs",
    "thirteen_orphans": "thirteen orphans",
    "honors_knitted": "honors and knitted (全不靠)",
    "knitted_straight": "knitted straight (组合龙)",
}


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
) -> None:
    """Shanten per form, effective tiles with the copies left, every discard ranked, and the waits scored."""
    try:
        ctx = {"tsumo": tsumo, "seat_wind": seat, "round_wind": round_, **pairs(flag, "--flag")}
        a = analyze(hand, rules=rules, melds=meld or (), visible=visible, options=pairs(option, "--option"), **ctx)
    except InputError as e:
        if as_json:
            print(json.dumps(e.to_dict(), ensure_ascii=False))
        else:
            err.print(f"[bold red]error[/] ({e.code}): {e.message}")
        raise typer.Exit(2) from None
    if as_json:
        print(json.dumps(a.to_dict(), ensure_ascii=False))
        return
    render(a)


def _shanten_text(s: int | None) -> str:
    if s is None:
        return "-"
    if s == -1:
        return "complete"
    if s == 0:
        return "waiting (0)"
    return str(s)


def _tiles_text(effective) -> str:
    return " ".join(f"{e.tile}×{e.remaining}" for e in effective)


def _score_text(s: dict) -> str:
    if not s.get("winning"):
        return s.get("reason") or "no win"
    value = f"{s['points']}" if s.get("points") is not None else "wins"
    if s.get("han") is not None:
        value += f" ({s['han']} han {s['fu']} fu)"
    elif s.get("fan") is not None:
        value += f" ({s['fan']} fan)"
    return value


def _wait_text(w: Wait) -> str:
    text = f"{w.tile}×{w.remaining}: {_score_text(w.score)}"
    if w.riichi is not None:
        text += f", with riichi {_score_text(w.riichi)}"
    if w.furiten:
        text += " (furiten)"
    return text


def render(a: Analysis) -> None:
    melds = "  " + " ".join(a.melds) if a.melds else ""
    out.print(f"[bold]{a.rules}[/]  {a.hand}{melds}" + (f"  visible {a.visible}" if a.visible else ""))
    out.print(f"shanten: [bold]{_shanten_text(a.shanten)}[/]")
    out.print("  " + ", ".join(f"{FORM_NAMES.get(k, k)} {_shanten_text(v)}" for k, v in a.forms.items()))
    if a.waiting_hand:
        if a.ukeire:
            out.print(f"effective tiles ({a.remaining} left): {_tiles_text(a.ukeire)}")
        if a.waits:
            out.print("waits:" + (" (furiten: no win on a discard)" if a.furiten else ""))
            for w in a.waits:
                out.print("  " + _wait_text(w))
        return
    t = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    t.add_column("discard")
    t.add_column("shanten", justify="right")
    t.add_column("left", justify="right")
    t.add_column("effective tiles")
    with_waits = any(d.waits for d in a.discards)
    if with_waits:
        t.add_column("waits")
    for d in a.discards:
        row = [d.discard, _shanten_text(d.shanten), str(d.remaining), _tiles_text(d.ukeire)]
        if with_waits:
            row.append("; ".join(_wait_text(w) for w in d.waits))
        t.add_row(*row)
    out.print(t)
