"""The scored result: what counted, how much, and who pays. ``Result.to_dict()`` is the contract's JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import InputError
from .notes import note_fields


class Shared(dict):
    """A dict written once and shared by every result that holds it (a Riichi fu part, an exclusion of MCR's
    ``explain``), so it is read-only: ``dict(d)`` gives a copy to change. JSON, ``==``, copy and pickle see a plain
    dict. ``what`` names it in the error."""

    __slots__ = ()
    what = "this dict"

    def _read_only(self, *args, **kwargs):
        raise TypeError(f"{self.what} is shared by results and cannot be changed; change a copy: dict(...)")

    __setitem__ = __delitem__ = update = pop = popitem = clear = setdefault = __ior__ = _read_only  # type: ignore

    def __copy__(self) -> Shared:
        return self

    def __deepcopy__(self, memo: dict) -> Shared:
        return self

    def __reduce__(self):
        return (dict, (dict(self),))


@dataclass(frozen=True)
class Item:
    """One scoring element counted: a yaku, a fan, a multiplier, ... ``value`` is per count; ``note`` a text, or a
    ``notes.Said`` (the JSON gets its code and its names in three languages too)."""

    id: str
    value: Any
    names: dict[str, str]
    count: int | None = None
    note: str | None = None

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"id": self.id, "value": self.value, "names": dict(self.names)}
        if self.count is not None:
            d["count"] = self.count
        if self.note:
            d.update(note_fields(self.note))
        return d


@dataclass(frozen=True)
class Payment:
    """``payer`` pays ``amount`` to the winner (``payer``: discarder, dealer, non_dealer, other, each, a seat...)."""

    payer: str
    amount: int | float
    note: str | None = None

    def to_dict(self) -> dict:
        if self.note:
            return {"from": self.payer, "amount": self.amount, **note_fields(self.note)}
        return {"from": self.payer, "amount": self.amount}


@dataclass(frozen=True)
class Points:
    hand: int | float = 0
    received: int | float = 0
    payments: tuple[Payment, ...] = ()
    extra: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        d = {"hand": self.hand, "received": self.received, "payments": [p.to_dict() for p in self.payments]}
        d.update(self.extra)
        return d


@dataclass(frozen=True)
class Result:
    """A scored hand. Attributes mirror the contract's JSON result."""

    ok: bool = True
    winning: bool = False
    rules: str = ""
    hand: str = ""
    melds: tuple[str, ...] = ()
    decomposition: tuple[str, ...] = ()
    items: tuple[Item, ...] = ()
    han: int | None = None
    fu: int | None = None
    fan: int | float | None = None
    limit: str | None = None
    points: Points | None = None
    reason: str | None = None
    explain: dict = field(default_factory=dict)
    error: InputError | None = None

    def to_dict(self) -> dict:
        if not self.ok:
            assert self.error is not None
            return self.error.to_dict()
        points = self.points
        d: dict[str, Any] = {
            "ok": True,
            "winning": self.winning,
            "rules": self.rules,
            "hand": self.hand,
            "melds": list(self.melds),
            "decomposition": list(self.decomposition),
            "items": [i.to_dict() for i in self.items],
            "han": self.han,
            "fu": self.fu,
            "fan": self.fan,
            "limit": self.limit,
            "points": points.to_dict() if points else None,
        }
        if self.reason:
            d["reason"] = self.reason
        d.update(self.explain)
        return d

    @classmethod
    def failure(cls, error: InputError, rules: str = "") -> Result:
        return cls(ok=False, rules=rules, error=error)
