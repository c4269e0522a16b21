"""Reading JSON that a user sent (a ``batch`` line, a request body, a match file) so that nothing in it can crash
what reads it next: text that is not JSON, nesting past ``MAX_DEPTH`` (deep enough for every object of the contract;
far deeper would exhaust Python's recursion in any code that walks it), strings holding a lone surrogate (a JSON
``"\\ud800"``, which is no Unicode text and cannot be written out as UTF-8) and ``NaN`` / ``Infinity`` (which Python
reads but JSON has not) are ``InputError("bad_json")``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .errors import InputError

MAX_DEPTH = 32  # levels of lists and objects: a match export is 5 deep
_SURROGATE = re.compile("[\ud800-\udfff]")


def loads(text: str | bytes, what: str = "the input") -> Any:
    """``json.loads`` of user input, checked by ``check``; every problem is an ``InputError`` naming ``what``."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise InputError("bad_json", f"{what} is nested too deeply (at most {MAX_DEPTH} levels)") from None
    except json.JSONDecodeError as e:
        raise InputError("bad_json", f"{what} is not JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    except ValueError as e:  # not UTF-8, or an integer of thousands of digits
        raise InputError("bad_json", f"{what} is not JSON ({type(e).__name__}: {str(e)[:80]})") from None
    check(data, what)
    return data


def _no_constant(name: str) -> None:
    # Python's json reads NaN and Infinity, which JSON has not; a number that is no number is refused here
    raise InputError("bad_json", f"{name} is not a JSON number")


def check(data: Any, what: str = "the input") -> None:
    """Refuse nesting past ``MAX_DEPTH`` and lone surrogates anywhere (keys included), without recursion."""
    stack = [(data, 0)]
    pop, push = stack.pop, stack.append
    while stack:
        value, depth = pop()
        cls = value.__class__
        if cls is str:
            if not value.isascii() and _SURROGATE.search(value):
                raise InputError("bad_json", f"{what} holds a lone surrogate (\\ud800-\\udfff), which is not text")
        elif cls is dict or cls is list:
            if depth >= MAX_DEPTH:
                raise InputError("bad_json", f"{what} is nested too deeply (at most {MAX_DEPTH} levels)")
            if cls is dict:
                for key, item in value.items():
                    push((key, depth))
                    push((item, depth + 1))
            else:
                for item in value:
                    push((item, depth + 1))
        elif isinstance(value, (dict, list, tuple)):  # built in Python: subclasses, tuples, (key, value) pairs
            if depth >= MAX_DEPTH:
                raise InputError("bad_json", f"{what} is nested too deeply (at most {MAX_DEPTH} levels)")
            for item in value.items() if isinstance(value, dict) else value:
                push((item, depth + 1))
