"""A round's events and what settling them gives: a point change per player, a line per payment and its reason.

A round is a list of events, each a JSON object with a ``type`` (``ron``, ``tsumo``, ``win``, ``kong``, ``riichi``,
``draw``, ``abort``, ``penalty``, ...; each rule set's module lists its own). Players are named by their name (or
their index in the match's player list). Every payment in a round moves points from one player to another, so the
changes add up to zero, except points put on the table (riichi deposits) or taken from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import api as score_api
from ..errors import InputError
from ..result import Result

TABLE = "table"  # the payer or payee of a deposit: points put on the table, or taken from it


@dataclass(frozen=True, slots=True)
class Line:
    """One payment: ``payer`` gives ``amount`` to ``payee`` (either may be ``table``), for ``reason``."""

    payer: str
    payee: str
    amount: int
    reason: str
    note: str | None = None

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"from": self.payer, "to": self.payee, "amount": self.amount, "reason": self.reason}
        if self.note:
            d["note"] = self.note
        return d


@dataclass
class Settlement:
    """What a round did: ``deltas`` by player name (in seat order of the match), the payment ``lines``, ``table``
    (the change of the deposits on the table: + put down, − taken), the hands scored, and ``info`` (what the match
    needs next: outcome, dealer kept, winners...)."""

    players: tuple[str, ...]
    lines: list[Line] = field(default_factory=list)
    table: int = 0
    hands: list[dict] = field(default_factory=list)
    info: dict = field(default_factory=dict)

    @property
    def deltas(self) -> dict[str, int]:
        d = {p: 0 for p in self.players}
        for line in self.lines:
            if line.payer != TABLE:
                d[line.payer] -= line.amount
            if line.payee != TABLE:
                d[line.payee] += line.amount
        return d

    def pay(self, payer: str, payee: str, amount: int, reason: str, note: str | None = None) -> None:
        if amount < 0:
            raise InputError("bad_event", f"a payment of {amount} is negative ({reason})")
        if amount == 0 or payer == payee:
            return
        self.lines.append(Line(payer, payee, amount, reason, note))
        if payer == TABLE:
            self.table -= amount
        if payee == TABLE:
            self.table += amount

    def balance(self) -> int:
        """The sum of the changes plus what went onto the table: always zero."""
        return sum(self.deltas.values()) + self.table

    def to_dict(self) -> dict:
        d: dict[str, Any] = {
            "deltas": self.deltas,
            "lines": [line.to_dict() for line in self.lines],
            "table": self.table,
        }
        if self.hands:
            d["hands"] = self.hands
        d.update(self.info)
        return d


def check_events(events: Any) -> list[dict]:
    """A round is a non-empty list of JSON objects, each with a ``type``."""
    if isinstance(events, dict) and "events" in events:
        events = events["events"]
    if not isinstance(events, list) or not events:
        raise InputError("bad_round", "a round is a non-empty list of events")
    for i, ev in enumerate(events):
        if not isinstance(ev, dict):
            raise InputError("bad_event", f"event {i + 1} is a JSON object, not {ev!r}")
        if not isinstance(ev.get("type"), str):
            raise InputError("bad_event", f"event {i + 1} has no 'type'")
    return events


def player(ev: dict, key: str, players: tuple[str, ...], required: bool = True) -> str | None:
    """The player named by ``ev[key]``: a name of the match, or an index into its player list."""
    value = ev.get(key)
    if value is None:
        if required:
            raise InputError("bad_event", f"{ev['type']} event: '{key}' (a player) is missing")
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(players):
        return players[value]
    if isinstance(value, str) and value in players:
        return value
    raise InputError("bad_event", f"{ev['type']} event: {key} {value!r} is not a player ({', '.join(players)})")


def player_list(ev: dict, key: str, players: tuple[str, ...]) -> list[str]:
    value = ev.get(key) or []
    if not isinstance(value, list):
        raise InputError("bad_event", f"{ev['type']} event: '{key}' is a list of players")
    out = [player({"type": ev["type"], key: v}, key, players) for v in value]
    if len(set(out)) != len(out):
        raise InputError("bad_event", f"{ev['type']} event: a player is named twice in '{key}'")
    return [p for p in players if p in out]


def whole(ev: dict, key: str, minimum: int = 0, default: int | None = None) -> int:
    value = ev.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise InputError("bad_event", f"{ev['type']} event: '{key}' is a whole number {minimum} or more, not {value!r}")
    return value


def only_keys(ev: dict, allowed: set[str]) -> None:
    extra = sorted(set(ev) - allowed - {"type", "note"})
    if extra:
        raise InputError(
            "bad_event", f"{ev['type']} event: unknown field '{extra[0]}' (fields: {', '.join(sorted(allowed))})"
        )


def score_hand(rules: str, ev: dict, who: str, options: dict, **context: Any) -> Result:
    """Score the hand an event carries (``ev['hand']``: a contract hand object, its ``hand`` including the winning
    tile) with the match's options and the context the match knows (seat and round wind, self-draw, ...). A context
    field the hand gives itself must agree with the match. A hand that does not win is an error naming the player."""
    obj = ev.get("hand")
    if isinstance(obj, str):
        obj = {"hand": obj}
    if not isinstance(obj, dict) or "hand" not in obj:
        raise InputError("bad_event", f"{ev['type']} event: 'hand' is a hand object with at least 'hand'")
    obj = dict(obj)
    for key in ("rules", "options"):
        if key in obj:
            raise InputError("bad_event", f"{who}'s hand: '{key}' is the match's, not the hand's")
    for key, value in context.items():
        given = obj.get(key)
        if given is not None and given != value:
            raise InputError("bad_event", f"{who}'s hand: {key} is {given!r} but the match says {value!r}")
        if value is not None:
            obj[key] = value
    hand = obj.pop("hand")
    result = score_api.score(
        hand,
        win=obj.pop("win", None),
        rules=rules,
        melds=obj.pop("melds", ()) or (),
        options=options,
        flowers=obj.pop("flowers", None),
        **obj,
    )
    if not result.winning:
        why = result.explain.get("reason_text") or result.reason
        raise InputError("not_winning", f"{who}'s hand does not win: {why}")
    return result
