"""The Python API of the contract: ``score``, ``score_many``, ``score_dict``, ``waits_of``."""

from __future__ import annotations

from typing import Any

from . import rules as _rules
from .errors import InputError
from .hand import Hand, build_context, read_context
from .result import Result
from .rules import check_held, check_possible
from .tiles import tile_name

# The hand object's fields that are not win context; ``log_result`` (what a game log says of the hand, written by
# ``suanfan log hands``) is carried for the reader and never read by the scoring.
HAND_KEYS = ("rules", "hand", "win", "melds", "options", "flowers", "log_result")


def score(
    hand,
    win=None,
    rules: str = "riichi",
    melds=(),
    options: dict | None = None,
    flowers=None,
    **context: Any,
) -> Result:
    """Score one hand. Unreadable input raises ``InputError``; a hand that does not win is a ``Result`` with
    ``winning`` false and a ``reason``."""
    rs = _rules.get(rules)
    opts = rs.resolve_options(options)
    if isinstance(melds, str):
        melds = [melds]
    h = Hand.build(hand, win, melds, flowers, tile_set=rs.tile_set_for(opts))
    ctx = build_context(rs.context_flags, **context)
    check_possible(rs, h, ctx)
    return rs.score(h, ctx, opts)


def score_dict(obj: dict, default_rules: str = "riichi") -> Result:
    """Score a contract hand object (one line of ``batch``, one ``POST /api/score`` body)."""
    if not isinstance(obj, dict):
        raise InputError("bad_input", f"a hand is a JSON object, not {type(obj).__name__}")
    if "hand" not in obj:
        raise InputError("bad_input", "the object has no 'hand'")
    get = obj.get
    rs = _rules.get(get("rules") or default_rules)
    opts = rs.resolve_options(get("options"))
    melds = get("melds") or ()
    if isinstance(melds, str):
        melds = [melds]
    h = Hand.build(obj["hand"], get("win"), melds, get("flowers"), tile_set=rs.tile_set_for(opts))
    ctx = read_context(obj, rs.context_flags, HAND_KEYS)
    check_possible(rs, h, ctx)
    return rs.score(h, ctx, opts)


def score_many(hands: list[dict], default_rules: str = "riichi") -> list[Result]:
    """The batch path: a result per hand object, in order; unreadable ones are ``ok: false`` results."""
    out = []
    for obj in hands:
        try:
            out.append(score_dict(obj, default_rules))
        except InputError as e:
            out.append(Result.failure(e, obj.get("rules", default_rules) if isinstance(obj, dict) else ""))
    return out


def waits_of(
    hand, rules: str = "riichi", melds=(), options: dict | None = None, flowers=None, **context: Any
) -> list[dict]:
    """The waits of a 13-tile hand under a rule set, each with the result it would bring (ron, or tsumo if asked)."""
    rs = _rules.get(rules)
    opts = rs.resolve_options(options)
    if isinstance(melds, str):
        melds = [melds]
    h = Hand.build(hand, None, melds, flowers, tile_set=rs.tile_set_for(opts), waiting=True)
    ctx = build_context(rs.context_flags, **context)
    check_held(rs, h, ctx, opts)
    out = []
    for t in rs.waits(h, opts):
        full = Hand(h.concealed + (t,), h.melds, t, h.flowers)
        out.append({"tile": tile_name(t), "result": rs.score(full, ctx, opts)})
    return out
