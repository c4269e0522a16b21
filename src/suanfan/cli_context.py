"""The win-context options of the command line, made from ``hand.Context``'s descriptions.

``with_context_options`` gives a command one option per context field (``--tsumo``, ``--seat-wind``, ``--honba``,
``--dora-indicators``, ...), typed and helped as the field is described; the command takes them as ``**context``
and ``context_values`` turns them into the contract's fields. A field added to ``Context`` is an option here with no
change. The short spellings the CLI always had (``--seat``, ``--round``, ``--dora``, ``--ura``, ``--sticks``) stay.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any

import typer

from .controls import Control
from .hand import context_controls

ALIASES = {
    "seat_wind": ("--seat",),
    "round_wind": ("--round",),
    "dora_indicators": ("--dora",),
    "ura_indicators": ("--ura",),
    "riichi_sticks": ("--sticks",),
}


def _parameter(control: Control) -> inspect.Parameter:
    decls = (f"--{control.name.replace('_', '-')}", *ALIASES.get(control.name, ()))
    helped = control.help["en"]
    if control.type == "bool":
        kind: Any = Annotated[bool, typer.Option(*decls, help=helped)]
        default: Any = False
    elif control.type == "wind":
        kind = Annotated[str, typer.Option(*decls, help=f"{helped} (E S W N)")]
        default = control.default
    elif control.type == "count":
        kind = Annotated[int, typer.Option(*decls, help=helped, min=0)]
        default = control.default or 0
    elif control.type == "tiles":
        kind = Annotated[list[str] | None, typer.Option(*decls, help=f"{helped}; tiles in mpsz, repeat or join")]
        default = None
    else:  # pragma: no cover - a new type of context field needs its option here
        raise TypeError(f"no command-line option for a {control.type} field ({control.name})")
    return inspect.Parameter(control.name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=kind)


def with_context_options(command: Callable) -> Callable:
    """``command`` (which takes ``**context``) with one option per win-context field, for Typer to read."""
    signature = inspect.signature(command, eval_str=True)
    own = [p for p in signature.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    command.__signature__ = signature.replace(parameters=[*own, *map(_parameter, context_controls())])
    return command


def _is_count(text: str) -> bool:
    # a few ASCII digits: "²".isdigit() is true but int("²") an error, and int() refuses 5000 digits
    return text.isascii() and text.isdigit() and len(text) < 9


def context_values(given: dict[str, Any]) -> dict[str, Any]:
    """The context options as the contract's fields: those left at their default are left out; flowers written as
    a number are a count."""
    out: dict[str, Any] = {}
    for control in context_controls():
        value = given.get(control.name)
        if value is None or value is False or (control.type == "count" and value == 0):
            continue
        if control.name == "flowers" and len(value) == 1 and _is_count(value[0]):
            value = int(value[0])
        out[control.name] = value
    return out
