"""Rule sets, all behind one small interface, and the registry that finds them.

A rule set is a module (or package) of ``suanfan.rules`` that defines ``RULESET``, an instance of ``RuleSet``.
The registry discovers them, so adding a rule set touches no other file. Each rule set keeps its scoring elements
in an ``ItemTable``: one row per element with its value, names in three languages and its predicate.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import shapes
from .. import waits as waits_mod
from ..controls import LANGS, WINDS, Choice, Control
from ..errors import InputError
from ..hand import MELD_KINDS, Context, Hand, TileSet
from ..messages import say
from ..names import japanese
from ..reasons import reason
from ..result import Item, Result
from ..tiles import KIND, tile_name

MAX_INT = 10**9  # the largest whole-number option: far past any stake or score, and exact in every JSON reader


@dataclass(frozen=True)
class Option:
    """Something a player sets for a rule set, declared once: a rule-set switch (``RuleSet.options``) or one of the
    rule set's own win-context fields (``RuleSet.flags``, beside the contract's ``hand.Context``).

    ``choices`` lists the allowed values (compared with their type: ``1`` is not ``True``); without them the type of
    ``default`` is required (a whole number at least ``minimum``, 0 unless given, and at most ``maximum``, or
    ``MAX_INT``). ``read`` turns a given value into the one kept, raising ``InputError`` on a bad one (a wind, tiles);
    ``what`` says in a flag's error what the field is. ``type`` is the control's (``controls.TYPES``): by default
    ``choice`` with choices, else the default's type (a context field says ``count``, ``wind``, ``seat``, ``tiles``).
    ``names`` and ``help`` (``controls.text(en, zh, ja)``) and ``choice_names`` (value -> text) are what a player
    reads: ``control()`` makes the typed control that ``GET /api/rules``, the page and the CLI show.
    """

    name: str
    default: Any
    doc: str
    choices: tuple | None = None
    names: dict[str, str] | None = None
    help: dict[str, str] | None = None
    choice_names: dict | None = None
    minimum: int | None = None
    maximum: int | None = None
    keys: str | None = None  # an object option's keys: "items", the rule set's item ids
    type: str = ""
    read: Callable[[Any], Any] | None = None
    what: str = ""

    def __post_init__(self) -> None:
        if not self.type:
            inferred = "choice" if self.choices is not None else _TYPE_OF.get(type(self.default), "object")
            object.__setattr__(self, "type", inferred)  # a frozen dataclass sets a derived field so

    def check(self, value: Any) -> Any:
        """An option's value as given (``bad_option`` when it is not allowed)."""
        if self.read is not None:
            return self.read(value)
        if self.choices is not None:
            # the same type too: true is not the choice 1, nor 2.0 the choice 2
            if not _among(value, self.choices):
                allowed = ", ".join(repr(c) if not isinstance(c, str) else c for c in self.choices)
                raise InputError(
                    "bad_option", say("option_choice", option=self.name, value=repr(value), allowed=allowed)
                )
            return value
        want = type(self.default)
        if want is bool and not isinstance(value, bool):
            raise InputError("bad_option", say("option_bool", option=self.name, value=repr(value)))
        if want is int:
            # no count, stake or minimum of a rule set is below 0 (MCR's min_fan -5 would make every hand win), nor past
            # MAX_INT; an option may ask for more (``minimum``)
            least = self.minimum if self.minimum is not None else 0
            most = self.maximum if self.maximum is not None else MAX_INT
            if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
                raise InputError(
                    "bad_option", say("option_int", option=self.name, least=least, most=most, value=repr(value))
                )
        if want is list and not isinstance(value, (list, tuple)):
            raise InputError("bad_option", f"option '{self.name}' is a list, not {value!r}")
        if want is dict and not isinstance(value, dict):
            raise InputError("bad_option", f"option '{self.name}' is an object (name: value), not {value!r}")
        return value

    def value(self, extra: dict) -> Any:
        """A context flag's value in a context's ``extra`` (its default when not given; ``bad_context`` when it is not
        allowed)."""
        given = extra.get(self.name)
        if given is None:
            return self.default
        if self.read is not None:
            return self.read(given)
        if self.choices is not None and not _among(given, self.choices):
            raise InputError("bad_context", f"{self.name} is {self.what or self._choices()}, not {given!r}")
        return given

    def _choices(self) -> str:
        names = ["true" if c is True else "false" if c is False else str(c) for c in self.choices or ()]
        return ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else "".join(names)

    def control(self) -> Control:
        """The option as a typed control. A missing name or help shows the option's name (tests/test_controls.py
        refuses that for every registered rule set). A ``wind`` is one of E S W N; a ``count`` with choices is a
        whole number between the least and the most of them."""
        fallback = {lang: self.name for lang in LANGS}
        named = self.choice_names or {}
        least, most = self.minimum, self.maximum
        choices: tuple[Choice, ...] = ()
        if self.type == "wind":
            choices = WINDS
        elif self.type in ("choice", "seat"):
            choices = tuple(Choice(c, named.get(c) or {lang: str(c) for lang in LANGS}) for c in self.choices or ())
        elif self.type == "count" and self.choices:
            counts = [c for c in self.choices if isinstance(c, int) and not isinstance(c, bool)]
            least, most = min(counts), max(counts)
        return Control(
            self.name,
            self.type,
            self.default,
            self.names or fallback,
            self.help or {**fallback, "en": self.doc or self.name},
            choices,
            least,
            most,
            keys=self.keys,
        )

    def to_dict(self) -> dict:
        return {**self.control().to_dict(), "doc": self.doc}


_TYPE_OF = {bool: "bool", int: "int", list: "list", dict: "object"}


def _among(value: Any, choices: tuple) -> bool:
    return any(value == c and type(value) is type(c) for c in choices)


@dataclass(frozen=True)
class ItemDef:
    """One scoring element of a rule set: id, value, names, and the facts scoring needs (predicate, exclusions)."""

    id: str
    value: Any
    names: dict[str, str]
    doc: str = ""
    check: Callable | None = None
    facts: dict = field(default_factory=dict)

    def item(self, value: Any = None, count: int | None = None, note: str | None = None) -> Item:
        return Item(self.id, self.value if value is None else value, self.names, count, note)

    def to_dict(self) -> dict:
        d = {"id": self.id, "value": self.value, "names": dict(self.names)}
        if self.doc:
            d["doc"] = self.doc
        for k, v in self.facts.items():
            if isinstance(v, (int, str, float, bool, list, tuple)) or v is None:
                d[k] = list(v) if isinstance(v, tuple) else v
        return d


class ItemTable:
    """The rows of a rule set's scoring elements, in definition order.

    Used as a decorator: ``@table("pinfu", 1, en="Pinfu", zh="平和", ja="平和", closed_only=True)``.
    """

    def __init__(self) -> None:
        self.rows: dict[str, ItemDef] = {}

    def __call__(self, id: str, value: Any, *, en: str, zh: str, ja: str | None = None, doc: str = "", **facts):
        def register(fn: Callable | None) -> Callable | None:
            self.add(
                ItemDef(
                    id,
                    value,
                    {"en": en, "zh": zh, "ja": ja or japanese(zh)},
                    doc or (fn.__doc__ or "").strip() if fn else doc,
                    fn,
                    facts,
                )
            )
            return fn

        return register

    def add(self, row: ItemDef) -> ItemDef:
        if row.id in self.rows:
            raise ValueError(f"item {row.id} defined twice")
        self.rows[row.id] = row
        return row

    def __getitem__(self, id: str) -> ItemDef:
        return self.rows[id]

    def __iter__(self):
        return iter(self.rows.values())

    def __len__(self) -> int:
        return len(self.rows)


def option_defaults(options: tuple[Option, ...]) -> dict:
    """The options' defaults as a fresh dict (a default that is a list or a dict copied: the caller may change its
    options). Which defaults are plain values is read once for each tuple of options (a rule set's options are one
    tuple for the life of the process); the entry keeps its tuple, so it is never taken for another's."""
    known = _DEFAULTS.get(id(options))
    if known is None or known[0] is not options:
        plain = {o.name: o.default for o in options}
        copied = tuple(o for o in options if isinstance(o.default, (list, dict)))
        known = (options, plain, copied)
        if isinstance(options, tuple):  # a list could change under its entry
            if len(_DEFAULTS) >= 64:
                _DEFAULTS.clear()
            _DEFAULTS[id(options)] = known
    _, plain, copied = known
    opts = dict(plain)
    for o in copied:
        opts[o.name] = copy.copy(o.default)
    return opts


_DEFAULTS: dict[int, tuple[tuple, dict, tuple]] = {}  # id(options) -> (options, plain defaults, options copied)


def resolve_options(name: str, options: tuple[Option, ...], presets: dict[str, dict], given: dict | None) -> dict:
    """The options of rule set ``name``: the defaults, then a ``preset``, then the options given; an unknown name or a
    bad value is an error. A default that is a list or a dict is copied (the caller may change its options)."""
    if given is not None and not isinstance(given, dict):
        raise InputError("bad_option", f"options must be an object (name: value), not {given!r}")
    opts = option_defaults(options)
    if not given:
        return opts
    given = dict(given)
    preset = given.pop("preset", None)
    if preset is not None:
        if not isinstance(preset, str) or preset not in presets:
            known = ", ".join(presets) or "none"
            raise InputError("bad_option", say("unknown_preset", preset=preset, rules=name, known=known))
        opts.update(presets[preset])
    by_name = {o.name: o for o in options}
    for key, value in given.items():
        if key not in by_name:
            raise InputError("bad_option", say("unknown_option", option=key, rules=name, known=", ".join(by_name)))
        opts[key] = by_name[key].check(value)
    return opts


class RuleSet:
    """The interface every rule set implements: its tiles, options, items, and ``score``."""

    name: str = ""
    names: dict[str, str] = {}
    tile_set: TileSet
    options: tuple[Option, ...] = ()
    presets: dict[str, dict] = {}
    melds: tuple[str, ...] = MELD_KINDS  # the melds the rules allow
    # who a chi's tile may come from (``chi:123m@L``): the player on the left, whose discard is the only one a chi
    # may claim (the next to play after him); a two-player game's one opponent is every side at once
    chi_from: tuple[str, ...] = ("L",)
    reasons: tuple[str, ...] = ("not_winning",)  # the codes of ``suanfan.reasons`` a complete hand may fail with
    preset_names: dict[str, dict[str, str]] = {}  # a preset's names in en / zh / ja
    # the rule set's own context fields, beside the contract's win context, each an ``Option`` (declared as the
    # options are; read from a context's ``extra`` by ``Option.value``); ``context_flags`` their names (set from ``flags``)
    flags: tuple[Option, ...] = ()
    context_flags: tuple[str, ...] = ()
    # the contract's win-context fields the rule set reads (the page shows only these, and the rule set's flags)
    context_fields: tuple[str, ...] = ()
    winds: tuple[str, ...] = ("E", "S", "W", "N")  # the seat winds in play
    items: ItemTable
    doc: str = ""

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if "flags" in cls.__dict__:
            cls.context_flags = tuple(f.name for f in cls.flags)

    def flag_controls(self) -> tuple[Control, ...]:
        """The rule set's own context fields as typed controls."""
        return tuple(f.control() for f in self.flags)

    def resolve_options(self, given: dict | None) -> dict:
        """Defaults, then a ``preset``, then the options given; an unknown name or a bad value is an error."""
        return resolve_options(self.name, self.options, self.presets, given)

    def tile_set_for(self, opts: dict) -> TileSet:
        """The tiles played under these (resolved) options: ``tile_set`` unless an option changes it (Riichi's
        ``players`` = 3 plays without 2m-8m). Whatever lists tiles (the page's palette, waits, analysis) reads it."""
        return self.tile_set

    def forms(self, opts: dict) -> dict:
        """Which shapes win besides four sets and a pair (keyword arguments of ``shapes.readings``)."""
        return {"seven_pairs": True, "thirteen_orphans": True}

    def readings(self, hand: Hand, opts: dict) -> list:
        return shapes.readings(hand, **self.forms(opts))

    def waits(self, hand: Hand, opts: dict) -> list[int]:
        """The tiles that complete a waiting hand under this rule set."""
        return waits_mod.waits(hand, kinds=sorted(self.tile_set_for(opts).kinds), **self.forms(opts))

    def score(self, hand: Hand, ctx: Context, opts: dict) -> Result:  # pragma: no cover - interface
        raise NotImplementedError

    def check_win_context(self, hand: Hand, ctx: Context, opts: dict) -> None:
        """Refuse (``InputError``) a win context that no win of these tiles could have, by the checks that need no
        winning tile: those ``score`` makes of the flags, the fields and the melds. ``hand`` may be any tiles held,
        13 or 14 less 3 a meld: analysis and waits call this before any wait is scored, so bad input is an error
        even when the hand waits on nothing. A check that needs the winning tile stays in ``score``.

        Here: nothing (a rule set that checks nothing of the context); Riichi, MCR and ``LocalRuleSet`` say theirs."""

    def not_winning(self, hand: Hand) -> Result:
        """The result of tiles that make no winning shape under these rules: reason ``not_winning``, its text."""
        melds = tuple(str(m) for m in hand.melds)
        return Result(
            winning=False,
            reason="not_winning",
            rules=self.name,
            hand=hand.text(),
            melds=melds,
            explain=reason_words("not_winning"),
        )

    def describe(self) -> dict:
        return {
            "name": self.name,
            "names": dict(self.names),
            "doc": self.doc,
            "tiles": self.tile_set.name,
            "options": [o.to_dict() for o in self.options],
            "presets": {k: dict(v) for k, v in self.presets.items()},
            "melds": list(self.melds),
            "reasons": {code: reason(code).templates() for code in self.reasons},
            "preset_names": {k: dict(self.preset_names.get(k) or {lang: k for lang in LANGS}) for k in self.presets},
            "context_flags": [f.to_dict() for f in self.flag_controls()],
            "context_fields": list(self.context_fields),
            "winds": list(self.winds),
            "items": [i.to_dict() for i in self.items],
        }


def check_possible(rs: RuleSet, hand: Hand, ctx: Context) -> None:
    """What no game of any rule set can reach, refused before scoring (a rule set refuses its own impossible
    situations as it scores): a chi claimed from anyone but the player on the left (``RuleSet.chi_from``), and a
    robbed kong (chankan) of a tile the winner also holds: the kong held the other three copies; a seat the game
    does not have (``RuleSet.winds``: two players sit East and South, three East, South and West)."""
    if ctx.seat_wind not in rs.winds:
        seats = ", ".join(rs.winds)
        raise InputError(
            "bad_context", f"seat_wind {ctx.seat_wind}: {rs.names.get('en', rs.name)} has the seats {seats} only"
        )
    if hand.melds:
        for m in hand.melds:
            if m.kind == "chi" and m.source is not None and m.source not in rs.chi_from:
                raise InputError(
                    "bad_meld",
                    f"meld '{m.text}': a chi claims the discard of the player on the left (L), not of {m.source}",
                )
    if ctx.chankan and hand.win_tile is not None:
        k = KIND[hand.win_tile]
        held = [t for t in hand.all_tiles() if KIND[t] == k]
        if len(held) > 1:
            raise InputError(
                "bad_context",
                f"chankan: the kong robbed of {tile_name(k)} holds its other three copies, so the hand cannot hold "
                f"another (it holds {len(held)})",
            )


def check_held(rs: RuleSet, hand: Hand, ctx: Context, opts: dict) -> None:
    """Tiles held that are no win yet (13 or 14 less 3 a meld: analysis, waits), their melds and the win context:
    what ``check_possible`` and the rule set's ``check_win_context`` refuse, before any wait is scored and whether
    or not the hand waits on anything (a hand far from ready would otherwise never have its context read)."""
    if hand.win_tile is not None:  # 14 tiles held before a discard: no tile is the winning one yet
        hand = dataclasses.replace(hand, win_tile=None)
    check_possible(rs, hand, ctx)
    rs.check_win_context(hand, ctx, opts)


def reason_words(code: str, **fields: Any) -> dict:
    """What a result that does not win says of its reason besides the code (every rule set's): ``reason_text``, the
    text in English, and ``reason_names``, in en / zh / ja (``suanfan.reasons``; ``fields`` fill its ``{field}``).
    A reason without fields reads the same every time, so its words are made once (``_fixed_words``): an open hand
    without a yaku is common, and filling three templates for each cost Riichi's open hands about 10 % of scoring."""
    text = reason(code).names(**fields) if fields else dict(_fixed_words(code))
    return {"reason_text": text["en"], "reason_names": text}


def add_reason_words(explain: dict, code: str) -> None:
    """``explain.update(reason_words(code))`` for a reason without fields, by two stores and a copy of the names:
    no yaku is the most common result of an open Riichi hand, and making the words dict and merging it cost about
    5,500 instructions a result, this about 2,100 (callgrind, 2,000 calls; Riichi open scoring 138.5k -> 136.7k
    instructions a hand, ``bench/instructions.py --group open --suanfan-only --hands 100``). The names are a copy:
    a caller may change one result's words without changing the next result's (tests/test_riichi_reasons.py)."""
    names = _fixed_words(code)
    explain["reason_text"] = names["en"]
    explain["reason_names"] = names.copy()


@functools.cache
def _fixed_words(code: str) -> dict[str, str]:
    """The words of a reason that has no ``{field}`` to fill, by language (only ever handed out as a copy)."""
    return reason(code).names()


_REGISTRY: dict[str, RuleSet] = {}
_SCANNED = False


def _load(module_name: str) -> RuleSet | None:
    module = importlib.import_module(f"{__name__}.{module_name}")
    rs = getattr(module, "RULESET", None)
    if isinstance(rs, RuleSet):
        _REGISTRY[rs.name] = rs
        return rs
    return None


def get(name: str) -> RuleSet:
    """The rule set called ``name``; an unknown name is an ``InputError`` listing the known ones."""
    if not isinstance(name, str):
        raise InputError("bad_rules", f"rules must be a rule set name, not {name!r}")
    rs = _REGISTRY.get(name)
    if rs is not None:
        return rs
    if name.isidentifier() and name in _module_names():
        rs = _load(name)
        if rs is not None and rs.name == name:
            return rs
    all_ = registry()
    if name in all_:
        return all_[name]
    raise InputError("bad_rules", say("unknown_rules", rules=name, known=", ".join(sorted(all_))))


def _module_names() -> list[str]:
    return [m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")]


def registry() -> dict[str, RuleSet]:
    """Every rule set, found by scanning this package once."""
    global _SCANNED
    if not _SCANNED:
        for name in _module_names():
            _load(name)
        _SCANNED = True
    return dict(sorted(_REGISTRY.items()))
