"""The skeleton every local rule set stands on (Sichuan, Wuhu, Ka Wu Xing, the popular table, the two-player game).

A local rule set is a ``LocalRuleSet`` with its rows (an ``ItemTable``) and, as data: the melds its rules allow
(``melds``), the context fields it reads beside the contract's (``flags``, each an ``Option`` as its options are), which of the
contract's flags are self-draw wins and which are wins on a discard (``self_draw_wins``, ``discard_wins``) and the
reasons a complete hand of it may fail to win (``reasons``, codes of ``suanfan.reasons``). What it writes is the
rule: ``hand_facts`` (what every reading shares, computed once), ``score_reading`` (one reading: its rows, their
value), ``finish`` (the best reading's result) and ``payments`` (a value and a context -> who pays what, the one
derivation ``score`` and ``suanfan.match`` both use).

``LocalRuleSet.score`` is the loop all of them share: check the melds and the context, read the hand every way
it reads, score each reading, keep the best (the first of equals), else the not-winning result.

Rows exclude with one word, ``excludes``: the items a row switches off when it counts, each an item id, an
``(id, n)`` pair that takes n counts of it away (a 龙七对 holds one 根), or ``((id, ...), n)``: n counts of any of
those (两嘴 is made of two 嘴子, whichever). ``Rows`` applies it: the rows read in order
of precedence (a row before those it excludes), a row that is excluded excluding nothing, the rows kept counted
in table order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..errors import InputError
from ..hand import Context, Hand
from ..result import Item, Points, Result
from ..shapes import CHOW, Reading
from ..tiles import tile_name
from . import ItemDef, Option, RuleSet, reason_words

NO_CHI = ("pon", "minkan", "kakan", "ankan")  # 碰 and 杠 only: the rules have no 吃

# The wins the context names beside the hand's shape, which mean the same in every local rule set: the contract's
# flag -> what it says. A rule set's row of one of them is declared with ``win_rows`` (its own id, value, names).
# 地胡 (``chiihou``) is not here: the rule sets read it differently (Sichuan: before the winner's second draw, with
# or without a self-draw; the popular table: on the dealer's first discard), so each writes its own row.
WINS = {
    "rinshan": "Self-draw on the replacement tile after one's own kong",
    "after_kong_discard": "Win on the tile a player discards right after his kong",
    "chankan": "Win on the tile another player adds to his pung, robbing his kong",
    "haitei": "Self-draw of the last wall tile",
    "houtei": "Win on the last discard",
    "tenhou": "The dealer wins on his initial 14 tiles",
}


def win_rows(register: Callable[..., Callable], sees: Callable[..., tuple[Context, dict]]) -> Callable[..., None]:
    """How a rule set declares the rows of the wins in ``WINS``: ``register`` is its own row maker (called as
    ``register(id, doc=..., **row)`` with the rule set's values and names, then with the predicate), ``sees`` turns the
    arguments its rows are asked with into the win's context and options.

    Returns ``won_on(id, flag, *, option=None, note="", **row)``, which registers the row ``id``: it holds when the
    context says ``flag`` and, with ``option``, when that option of the rule set is on; its doc is ``WINS[flag]``,
    the flag, the option and ``note`` (the rule set's source)."""

    def won_on(id: str, flag: str, *, option: str | None = None, note: str = "", **row: Any) -> None:
        def holds(*args: Any) -> bool:
            ctx, opts = sees(*args)
            return getattr(ctx, flag) and (option is None or opts[option])

        said = f"context {flag}" + (f"; option {option}" if option else "") + (f"; {note}" if note else "")
        register(id, doc=f"{WINS[flag]} ({said}).", **row)(holds)

    return won_on


@dataclass(frozen=True)
class Win:
    """One hand being scored: as given (its text is what the result shows), as read, its context, flags, options."""

    given: Hand
    hand: Hand
    ctx: Context
    flags: dict[str, Any]
    opts: dict


@dataclass(frozen=True, slots=True)
class View:
    """One reading and the hand's facts, as the rows of a flat fan table read them (the popular table, the
    two-player game)."""

    r: Reading
    ctx: Context
    closed: bool  # 门清: no chi, pon or exposed kong
    kinds: frozenset[int]  # every tile kind of the hand, melds included

    @property
    def form(self) -> str:
        return self.r.form

    @property
    def regular(self) -> bool:
        return self.r.form == "regular"

    @property
    def triplets(self) -> list[int]:
        return [b.tile for b in self.r.sets if b.is_triplet] if self.regular else []

    @property
    def chows(self) -> list[int]:
        return [b.tile for b in self.r.sets if b.kind == CHOW] if self.regular else []

    @property
    def groups(self) -> list[tuple[int, ...]]:
        """Every set and pair as tiles (seven pairs: the pairs; none in the knitted and orphan forms)."""
        return [b.tiles for b in self.r.blocks]

    @property
    def suits(self) -> set[int]:
        return {t // 9 for t in self.kinds if t < 27}

    @property
    def honors(self) -> bool:
        return any(t >= 27 for t in self.kinds)


@dataclass(frozen=True)
class Scored:
    """One reading scored: its items, ``key`` (what picks the best reading: higher wins, the first of equals),
    ``facts`` (what the rows read) and ``info`` (the rule set's own totals, for its result)."""

    reading: Reading
    items: tuple[Item, ...]
    key: Any
    facts: Any = None
    info: dict = field(default_factory=dict)


def _excluded(row: ItemDef, excludes: Mapping[str, tuple] | None) -> tuple:
    return excludes[row.id] if excludes is not None and row.id in excludes else row.facts.get("excludes", ())


def _excluded_ids(row: ItemDef, excludes: Mapping[str, tuple] | None) -> Iterable[str]:
    for x in _excluded(row, excludes):
        if isinstance(x, str):
            yield x
        elif isinstance(x[0], str):
            yield x[0]
        else:
            yield from x[0]


def counted(
    hits: Iterable[tuple[ItemDef, int]], excludes: Mapping[str, tuple] | None = None
) -> list[tuple[ItemDef, int]]:
    """The rows that hold (row, count), given in order of precedence, less what the rows kept exclude.

    A row's exclusions are ``excludes[row.id]`` when given (a profile's own), else its ``excludes`` fact, each
    entry one of: an item id (switched off); ``(id, n)`` (n counts of it taken away); ``((id, ...), n)`` (n counts
    taken from the first of those rows that hold after it: 两嘴 is made of any two 嘴子). A row switched off
    excludes nothing."""
    off: dict[str, int | None] = {}  # id -> counts taken away; None: all of it
    pools: list[list] = []  # [ids, counts still to take] of the entries that take from any of several rows
    kept = []
    for row, n in hits:
        taken = off.get(row.id, 0)
        if taken is None:
            continue
        for pool in pools:
            if pool[1] and row.id in pool[0] and n > taken:
                take = min(pool[1], n - taken)
                taken += take
                pool[1] -= take
        if n - taken <= 0:
            continue
        kept.append((row, n - taken))
        for x in _excluded(row, excludes):
            if isinstance(x, str):
                off[x] = None
            elif not isinstance(x[0], str):
                pools.append([frozenset(x[0]), x[1]])
            elif off.get(x[0], 0) is not None:
                off[x[0]] = (off.get(x[0]) or 0) + x[1]
    return kept


class Rows:
    """Rows to evaluate and count: read in order of precedence (a row before every row it excludes), counted
    in table order. ``excludes`` gives exclusions that differ from the rows' own (a profile's, an option's)."""

    def __init__(self, rows: Iterable[ItemDef], excludes: Mapping[str, tuple] | None = None) -> None:
        rows = list(rows)
        self.excludes = excludes
        self.position = {row.id: i for i, row in enumerate(rows)}
        ids = {row.id: set(_excluded_ids(row, excludes)) for row in rows}
        order: list[ItemDef] = []
        seen: set[str] = set()

        def place(row: ItemDef) -> None:
            if row.id not in seen:
                seen.add(row.id)
                for other in rows:
                    if row.id in ids[other.id]:
                        place(other)
                order.append(row)

        for row in rows:
            place(row)
        self.order = tuple(order)

    def count(self, holds: Callable[[ItemDef], int]) -> list[tuple[ItemDef, int]]:
        """(row, count) of every row that holds and is not excluded, in table order; ``holds(row)`` is how many
        times it holds (a bool is once)."""
        kept = counted(((row, int(holds(row))) for row in self.order), self.excludes)
        return sorted(kept, key=lambda hit: self.position[hit[0].id])


@dataclass(frozen=True, slots=True)
class MaxValue:
    """A ready hand's best value (查大叫): the wait, the multiplier, the 番, the amount each player not ready pays,
    and the result of that win."""

    tile: str
    multiplier: int
    fan: int | None
    amount: int
    result: Result


class LocalRuleSet(RuleSet):
    """A rule set scored reading by reading (see the module's doc). Subclasses set the data and the four hooks."""

    meld_rule: str = ""  # the rule that forbids the melds not in ``melds``, cited in the error
    flags: tuple[Option, ...] = ()
    self_draw_wins: dict[str, str] = {}  # contract flag -> its name in these rules: needs tsumo
    discard_wins: dict[str, str] = {}  # contract flag -> its name in these rules: needs tsumo false

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.context_flags = tuple(f.name for f in cls.flags)

    # ---- the shared loop --------------------------------------------------------------------------------------
    def score(self, hand: Hand, ctx: Context, opts: dict) -> Result:
        win = Win(hand, self.prepare(hand, opts), ctx, self.read_flags(hand, ctx, opts), opts)
        readings = self.readings(win.hand, opts)
        if not readings:
            return self.not_winning(hand)
        facts = self.hand_facts(win)
        best: Scored | None = None
        for r in readings:
            s = self.score_reading(r, facts, win)
            if best is None or s.key > best.key:
                best = s
        assert best is not None
        return self.finish(win, best)

    def prepare(self, hand: Hand, opts: dict) -> Hand:
        """The hand as the rules read it; a meld the rules do not have is an error."""
        for m in hand.melds:
            if m.kind not in self.melds:
                raise InputError(
                    "bad_meld", f"meld '{m}': {self.names['en']} has no {m.kind} ({self.meld_rule or 'not allowed'})"
                )
        return hand

    def waits(self, hand: Hand, opts: dict) -> list[int]:
        return super().waits(self.prepare(hand, opts), opts)

    def read_flags(self, hand: Hand, ctx: Context, opts: dict) -> dict[str, Any]:
        """The rule set's fields read from the context, and every contradiction of the flags with each other or
        with the hand refused, named."""
        flags = {f.name: f.value(ctx.extra) for f in self.flags}
        for flag, name in self.self_draw_wins.items():
            if getattr(ctx, flag) and not ctx.tsumo:
                raise InputError("bad_context", f"{flag} ({name}) is a self-draw win; set tsumo")
        for flag, name in self.discard_wins.items():
            if getattr(ctx, flag) and ctx.tsumo:
                raise InputError(
                    "bad_context", f"{flag} ({name}) is a win on another player's tile; tsumo must be false"
                )
        if ctx.rinshan and not any(m.is_kong for m in hand.melds):
            name = self.self_draw_wins.get("rinshan", "岭上开花")
            raise InputError("bad_context", f"rinshan ({name}) needs a kong among the melds")
        self.check_context(hand, ctx, flags, opts)
        return flags

    def check_win_context(self, hand: Hand, ctx: Context, opts: dict) -> None:
        """The melds the rules have (``prepare``) and the context's fields and flags (``read_flags``), as ``score``
        checks them before it reads the tiles."""
        self.prepare(hand, opts)
        self.read_flags(hand, ctx, opts)

    def max_value(self, hand: Any, melds: Any, opts: dict, ctx: Context, multiplier: Callable[[Result], int]):
        """The wait of a waiting (13-tile) hand whose win is worth most (``multiplier`` of its result, winning
        results only), as a ``MaxValue``; None when the hand is not ready."""
        h = Hand.build(hand, None, melds, tile_set=self.tile_set, waiting=True)
        best: MaxValue | None = None
        for t in self.waits(h, opts):
            r = self.score(Hand((*h.concealed, t), h.melds, t), ctx, opts)
            if r.winning and (best is None or multiplier(r) > best.multiplier):
                m = multiplier(r)
                best = MaxValue(tile_name(t), m, r.fan, opts["base"] * m, r)
        return best

    def flag_values(self, ctx: Context) -> dict[str, Any]:
        """The rule set's fields of a context, with their defaults (for ``payments``)."""
        return {f.name: f.value(ctx.extra) for f in self.flags}

    # ---- what a rule set writes -------------------------------------------------------------------------------
    def check_context(self, hand: Hand, ctx: Context, flags: dict, opts: dict) -> None:
        """The rule set's own checks of the context beyond ``self_draw_wins`` / ``discard_wins``."""

    def hand_facts(self, win: Win) -> Any:
        """What every reading of the hand shares, computed once."""
        return None

    def score_reading(self, r: Reading, facts: Any, win: Win) -> Scored:  # pragma: no cover - interface
        raise NotImplementedError

    def finish(self, win: Win, best: Scored) -> Result:  # pragma: no cover - interface
        raise NotImplementedError

    def payments(self, value: Any, ctx: Context, opts: dict) -> Points:  # pragma: no cover - interface
        """Who pays what for a win of ``value`` (the rule set's own: a multiplier, a 番 total, ...) in ``ctx``."""
        raise NotImplementedError

    # ---- results ----------------------------------------------------------------------------------------------
    def won(self, win: Win, best: Scored, points: Points, **fields: Any) -> Result:
        return self._result(win, True, best, points=points, **fields)

    def refuse(self, win: Win, code: str, best: Scored | None = None, **fields: Any) -> Result:
        """A complete hand that does not win (or, without ``best``, tiles that make no winning shape): ``reason``
        the code, ``explain.reason_text`` / ``reason_names`` its text. ``fields`` holds the text's fields first
        (``reason_fields``), then the result's."""
        explain = {**fields.pop("explain", {}), **reason_words(code, **fields.pop("reason_fields", {}))}
        return self._result(win, False, best, reason=code, explain=explain, **fields)

    def _result(self, win: Win, winning: bool, best: Scored | None, **fields: Any) -> Result:
        shown = (tuple(best.reading.texts()), best.items) if best else ((), ())
        return Result(
            True, winning, self.name, win.given.text(), tuple(str(m) for m in win.given.melds), *shown, **fields
        )

    def describe(self) -> dict:
        d = super().describe()
        d["flags"] = [
            {
                "name": f.name,
                "doc": f.doc,
                "default": f.default,
                **({} if f.choices is None else {"choices": list(f.choices)}),
            }
            for f in self.flags
        ]
        return d
