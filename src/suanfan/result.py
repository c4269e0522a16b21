"""The scored result: what counted, how much, and who pays. ``Result.to_dict()`` is the contract's JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import InputError


def filled(cls: type, fields: dict) -> Any:
    """An instance of a frozen dataclass without slots, made from fields already checked, in one step.

    The ``__init__`` that ``dataclass`` writes for a frozen class sets each field through ``object.__setattr__``,
    which for the 15 to 21 fields of ``Result`` or ``Context`` costs more than scoring a simple hand (the classes
    here write their own). Fields not given keep their class defaults; a field with a default factory must be given.
    """
    obj = _new(cls)
    obj.__dict__.update(fields)
    return obj


_new = object.__new__


class _Fresh:
    """The default of a field that starts as a new empty dict (``<factory>`` in a signature, as ``dataclass`` shows it)."""

    def __repr__(self) -> str:
        return "<factory>"


_FRESH: Any = _Fresh()


@dataclass(frozen=True, init=False)
class Item:
    """One scoring element counted: a yaku, a fan, a multiplier, ... ``value`` is per count."""

    id: str
    value: Any
    names: dict[str, str]
    count: int | None = None
    note: str | None = None

    def __init__(
        self, id: str, value: Any, names: dict[str, str], count: int | None = None, note: str | None = None
    ) -> None:
        self.__dict__.update({"id": id, "value": value, "names": names, "count": count, "note": note})

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"id": self.id, "value": self.value, "names": dict(self.names)}
        if self.count is not None:
            d["count"] = self.count
        if self.note:
            d["note"] = self.note
        return d


@dataclass(frozen=True, init=False)
class Payment:
    """``payer`` pays ``amount`` to the winner (``payer``: discarder, dealer, non_dealer, other, each, a seat...)."""

    payer: str
    amount: int | float
    note: str | None = None

    def __init__(self, payer: str, amount: int | float, note: str | None = None) -> None:
        self.__dict__.update({"payer": payer, "amount": amount, "note": note})

    def to_dict(self) -> dict:
        if self.note:
            return {"from": self.payer, "amount": self.amount, "note": self.note}
        return {"from": self.payer, "amount": self.amount}


@dataclass(frozen=True, init=False)
class Points:
    hand: int | float = 0
    received: int | float = 0
    payments: tuple[Payment, ...] = ()
    extra: dict = field(default_factory=dict)

    def __init__(
        self,
        hand: int | float = 0,
        received: int | float = 0,
        payments: tuple[Payment, ...] = (),
        extra: dict = _FRESH,
    ) -> None:
        if extra is _FRESH:
            extra = {}
        self.__dict__.update({"hand": hand, "received": received, "payments": payments, "extra": extra})

    def to_dict(self) -> dict:
        d = {"hand": self.hand, "received": self.received, "payments": [p.to_dict() for p in self.payments]}
        d.update(self.extra)
        return d


@dataclass(frozen=True, init=False)
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

    def __init__(
        self,
        ok: bool = True,
        winning: bool = False,
        rules: str = "",
        hand: str = "",
        melds: tuple[str, ...] = (),
        decomposition: tuple[str, ...] = (),
        items: tuple[Item, ...] = (),
        han: int | None = None,
        fu: int | None = None,
        fan: int | float | None = None,
        limit: str | None = None,
        points: Points | None = None,
        reason: str | None = None,
        explain: dict = _FRESH,
        error: InputError | None = None,
    ) -> None:
        if explain is _FRESH:
            explain = {}
        self.__dict__.update(
            {
                "ok": ok,
                "winning": winning,
                "rules": rules,
                "hand": hand,
                "melds": melds,
                "decomposition": decomposition,
                "items": items,
                "han": han,
                "fu": fu,
                "fan": fan,
                "limit": limit,
                "points": points,
                "reason": reason,
                "explain": explain,
                "error": error,
            }
        )

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
