"""Reading ``NAME=VALUE`` arguments of the command line (options, flags, settings), shared by the commands."""

from __future__ import annotations

import json
from typing import Any

from . import jsontext
from .errors import InputError

LANGS = ("en", "zh", "ja")


def check_lang(lang: str) -> None:
    """``--lang``: one of en, zh, ja."""
    if lang not in LANGS:
        raise InputError("bad_input", f"--lang {lang}: use en, zh or ja")


def value(text: str) -> Any:
    """JSON when it parses as JSON (true, 4, "x", [..]), the plain text otherwise (``jsontext.check``-ed both)."""
    try:
        data = json.loads(text)
    except ValueError:
        data = text
    except RecursionError:
        raise InputError("bad_json", f"'{text[:40]}…' is nested too deeply") from None
    jsontext.check(data, f"'{text[:40]}'")
    return data


def pairs(values: list[str] | None, what: str) -> dict:
    """``["a=1", "b=x"]`` -> ``{"a": 1, "b": "x"}``; a value without ``=`` is an error naming it."""
    d: dict[str, Any] = {}
    for v in values or []:
        if "=" not in v:
            raise InputError("bad_input", f"{what} '{v}' should be NAME=VALUE")
        k, _, val = v.partition("=")
        d[k.strip()] = value(val.strip())
    return d
