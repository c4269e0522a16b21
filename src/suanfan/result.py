"""The scored result: what counted, how much, and who pays. ``Result.to_dict()`` is the contract's JSON."""

from __future__ import annotations

from dataclasses import MISSING, dataclass, field, fields
from typing import Any

from .errors import InputError


def filled(cls: type, fields: dict) -> Any:
    """An instance of a frozen dataclass without slots, made from fields already checked, in one step.

    The ``__init__`` that ``dataclass`` writes for a frozen class sets each field through ``object.__setattr__``,
    which for the 15 to 21 fields of ``Result`` or ``Context`` costs more than scoring a simple hand (the classes
    here write their own). Fields not given keep their class defaults; a field with a default factory must be given.
    ``fields`` becomes the instance's own dict, not copied: the caller hands over a new dict and keeps no use of it.
    """
    obj = _new(cls)
    object.__setattr__(obj, "__dict__", fields)
    return obj


_new = object.__new__


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


class _Fresh:
    """The default of a field that starts as a new empty dict (``<factory>`` in a signature, as ``dataclass`` shows it)."""

    def __repr__(self) -> str:
        return "<factory>"


_FRESH: Any = _Fresh()


def one_step_init(cls: type) -> type:
    """Give a frozen dataclass made with ``init=False`` an ``__init__`` with the signature ``dataclass`` would
    write, that fills the instance with one dict update instead of an ``object.__setattr__`` per field."""
    params, checks, names = [], [], []
    env: dict[str, Any] = {"_FRESH": _FRESH}
    for f in fields(cls):
        names.append(f.name)
        if f.default is not MISSING:
            env[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        elif f.default_factory is not MISSING:
            env[f"_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_FRESH")
            checks.append(f"    if {f.name} is _FRESH:\n        {f.name} = _factory_{f.name}()\n")
        else:
            params.append(f.name)
    values = ", ".join(f"{n!r}: {n}" for n in names)
    src = f"def __init__(self, {', '.join(params)}):\n{''.join(checks)}    self.__dict__.update({{{values}}})\n"
    exec(src, env)  # as dataclasses itself builds __init__
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__annotations__ = {f.name: f.type for f in fields(cls)} | {"return": None}
    cls.__init__ = init
    return cls


@one_step_init
@dataclass(frozen=True, init=False)
class Item:
    """One scoring element counted: a yaku, a fan, a multiplier, ... ``value`` is per count."""

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
            d["note"] = self.note
        return d


@one_step_init
@dataclass(frozen=True, init=False)
class Payment:
    """``payer`` pays ``amount`` to the winner (``payer``: discarder, dealer, non_dealer, other, each, a seat...)."""

    payer: str
    amount: int | float
    note: str | None = None

    def to_dict(self) -> dict:
        if self.note:
            return {"from": self.payer, "amount": self.amount, "note": self.note}
        return {"from": self.payer, "amount": self.amount}


@one_step_init
@dataclass(frozen=True, init=False)
class Points:
    hand: int | float = 0
    received: int | float = 0
    payments: tuple[Payment, ...] = ()
    extra: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        d = {"hand": self.hand, "received": self.received, "payments": [p.to_dict() for p in self.payments]}
        d.update(self.extra)
        return d


@one_step_init
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
