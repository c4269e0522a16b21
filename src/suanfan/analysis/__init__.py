"""Hand analysis (牌理 / 何切る): shanten per form, effective tiles (受け入れ / 进张), discards ranked, waits scored.

``analyze(hand, rules, melds, visible, **context)`` reads a hand of 13 tiles (less 3 a meld) or 14 under a rule set:

- ``shanten`` the least over the rule set's forms, ``forms`` each form's (``forms.py``);
- ``ukeire``: the tiles that lower the shanten, each with the copies that remain: the rule set's copies less those in
  the hand, the melds and ``visible``. A tile whose copies are all held is no effective tile. For 14 tiles they are
  the tiles that, taken for one of the hand's, lower its shanten (the effective tiles of its best discards);
- ``waits`` (13 tiles, waiting): each wait with what it would score (Riichi: also with riichi, and whether it has a
  yaku; MCR: whether it reaches 8 fan); Riichi marks a wait furiten from ``own_discards`` and ``passed``;
- ``discards`` (14 tiles): every distinct discard with its shanten, effective tiles and their count, best first
  (lowest shanten, then most tiles remaining, then tile order). Copies are counted against the 14 tiles as held:
  the discarded tile lies in the river.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import rules as _rules
from ..errors import InputError
from ..hand import Hand, TileSet, build_context
from ..reasons import reason
from ..result import Result
from ..tiles import FLOWER0, KIND, RED0, format_tiles, parse_tiles, tile_name
from .forms import FORMS, Forms, Shape

__all__ = ["Analysis", "Discard", "Effective", "Wait", "analyze"]

SUIT_INDEX = {"m": 0, "p": 1, "s": 2}
WUHU_HONOR = 33  # Wuhu's four honour tiles are one kind, read as 7z (rules/wuhu.py, W13)
NORTH = 30  # 4z, the tile three players set aside (kita)


@dataclass(frozen=True)
class Effective:
    """An effective tile and how many of its copies remain to be drawn."""

    tile: str
    remaining: int

    def to_dict(self) -> dict:
        return {"tile": self.tile, "remaining": self.remaining}


@dataclass(frozen=True)
class Wait:
    """A wait of a waiting hand and what a win on it would score (``score``: a summary of the ``Result``)."""

    tile: str
    remaining: int
    score: dict
    riichi: dict | None = None  # Riichi: the same win with riichi declared (None: the hand is open)
    has_yaku: bool | None = None  # Riichi: does the win have a yaku without riichi?
    reaches_minimum: bool | None = None  # MCR: does the win reach the 8-fan minimum?
    furiten: bool | None = None  # Riichi: the hand cannot win on a discard (振听)

    def to_dict(self) -> dict:
        d: dict[str, Any] = {"tile": self.tile, "remaining": self.remaining, "score": self.score}
        for name in ("riichi", "has_yaku", "reaches_minimum", "furiten"):
            value = getattr(self, name)
            if value is not None or (name == "riichi" and self.has_yaku is not None):
                d[name] = value
        return d


@dataclass(frozen=True)
class Discard:
    """One distinct discard of a 14-tile hand: the shanten it leaves, its effective tiles and their count."""

    discard: str
    shanten: int | None
    ukeire: tuple[Effective, ...]
    remaining: int
    waits: tuple[Wait, ...] = ()
    furiten: bool | None = None

    def to_dict(self) -> dict:
        d: dict[str, Any] = {
            "discard": self.discard,
            "shanten": self.shanten,
            "ukeire": [e.to_dict() for e in self.ukeire],
            "remaining": self.remaining,
        }
        if self.shanten == 0:
            d["waits"] = [w.to_dict() for w in self.waits]
        if self.furiten is not None:
            d["furiten"] = self.furiten
        return d


@dataclass(frozen=True)
class Analysis:
    """What ``analyze`` found; ``to_dict()`` is the JSON of ``suanfan analyze --json`` and ``POST /api/analyze``."""

    rules: str
    hand: str
    melds: tuple[str, ...]
    visible: str
    tiles: int  # concealed tiles: 13 or 14 less 3 a meld
    shanten: int | None
    forms: dict[str, int | None]
    ukeire: tuple[Effective, ...]
    remaining: int
    waits: tuple[Wait, ...] = ()
    discards: tuple[Discard, ...] = ()
    furiten: bool | None = None
    notes: tuple[str, ...] = field(default=())

    def to_dict(self) -> dict:
        d: dict[str, Any] = {
            "ok": True,
            "rules": self.rules,
            "hand": self.hand,
            "melds": list(self.melds),
            "visible": self.visible,
            "tiles": self.tiles,
            "shanten": self.shanten,
            "forms": dict(self.forms),
            "ukeire": [e.to_dict() for e in self.ukeire],
            "remaining": self.remaining,
        }
        if self.waiting_hand:
            d["waits"] = [w.to_dict() for w in self.waits]
        else:
            d["discards"] = [x.to_dict() for x in self.discards]
        if self.furiten is not None:
            d["furiten"] = self.furiten
        if self.notes:
            d["notes"] = list(self.notes)
        return d

    @property
    def waiting_hand(self) -> bool:
        """A hand of 13 tiles (less 3 a meld), as opposed to 14 that must discard."""
        return self.tiles % 3 == 1


def analyze(
    hand: Any,
    rules: str = "riichi",
    melds: Any = (),
    visible: Any = (),
    options: dict | None = None,
    flowers: Any = None,
    **context: Any,
) -> Analysis:
    """Analyse a hand of 13 or 14 tiles (less 3 a meld) under a rule set; see the module doc.

    ``visible``: tiles seen elsewhere (dora indicators, every river, the others' melds), which lower the copies that
    remain; ``context``: the win context the waits are scored with (``seat_wind``, ``dora_indicators``, ...) and, in
    Riichi, ``own_discards`` and ``passed`` for furiten. Bad input raises ``InputError`` naming it.
    """
    rs = _rules.get(rules)
    opts = rs.resolve_options(options)
    if isinstance(melds, str):
        melds = [melds]
    melds = list(melds or ())
    tiles = [t for t in parse_tiles(hand) if not FLOWER0 <= t < RED0]
    n_melds = len(melds)
    if len(tiles) not in (13 - 3 * n_melds, 14 - 3 * n_melds):
        with_melds = f" with {n_melds} meld{'s' if n_melds != 1 else ''}" if n_melds else ""
        raise InputError(
            "bad_count",
            f"hand '{format_tiles(tiles)}' has {len(tiles)} tiles; analysis reads {13 - 3 * n_melds} (a hand "
            f"waiting to draw) or {14 - 3 * n_melds} (a hand about to discard){with_melds}",
        )
    waiting = len(tiles) == 13 - 3 * n_melds
    tile_set = rs.tile_set_for(opts)
    h = Hand.build(hand, None, melds, flowers, tile_set=tile_set, waiting=waiting)
    ctx = build_context(rs.context_flags, **context)
    _rules.check_held(rs, h, ctx, opts)  # the context is read whether or not any wait gets scored
    prepare = getattr(rs, "prepare", None)  # the hand as a local rule set reads it (Wuhu: every honour as 7z)
    if prepare is not None:
        h = prepare(h, opts)
    copies = _copies(rs, tile_set, ctx)
    meld_counts = [0] * 34
    for m in h.melds:
        for t in m.tiles:
            meld_counts[KIND[t]] += 1
    kita = ctx.extra.get("kita", 0) if rs.name == "riichi" and ctx.extra else 0
    if kita:  # the Norths set aside (抜きドラ) lie face up beside the hand, as a meld's tiles: none is left to draw
        meld_counts[NORTH] += kita
    seen = _visible(visible, rs, tile_set, copies, h, meld_counts, kita)
    forms = FORMS.get(rs.name) or _forms_of(rs, opts)
    void = ctx.extra.get("void_suit") if rs.name == "sichuan" else None
    shape = Shape(forms, copies, meld_counts, n_melds, SUIT_INDEX.get(void) if isinstance(void, str) else None)
    job = _Job(rs, opts, h, context, ctx, shape, copies, meld_counts, seen)
    return job.run(waiting, visible_text=format_tiles(_visible_tiles(visible)))


def _visible_tiles(visible: Any) -> list[int]:
    if visible is None or visible == "" or visible == ():
        return []
    if isinstance(visible, str):
        return parse_tiles(visible)
    if isinstance(visible, (list, tuple)):
        return parse_tiles(list(visible))
    raise InputError("bad_input", f"visible is a list of tiles or a tile string like '1m5z', not {visible!r}")


def _copies(rs: _rules.RuleSet, ts: TileSet, ctx) -> list[int]:
    """The copies of each kind in the rule set's tiles (0 for a kind it does not play)."""
    copies = [ts.copies if k in ts.kinds else 0 for k in range(34)]
    if rs.name == "wuhu":  # the four honour tiles are one kind, 7z (rules/wuhu.py, W13)
        copies[27:34] = [0] * 7
        copies[WUHU_HONOR] = 4
    game = ctx.extra.get("game_tiles") if rs.name == "twoplayer" else None
    if game:  # the two-player game's 71 tiles drawn for this game (T7): only their copies exist
        copies = [0] * 34
        for t in parse_tiles(game):
            copies[KIND[t]] += 1
    return copies


def _visible(
    visible: Any, rs: _rules.RuleSet, tile_set: TileSet, copies: list[int], h: Hand, meld_counts: list[int], kita: int
) -> list[int]:
    """The visible tiles by kind; a tile outside the rule set's tiles, or one more copy than exist, is an error."""
    aside = f" (with {kita} set aside)" if kita else ""
    seen = [0] * 34
    for t in _visible_tiles(visible):
        if FLOWER0 <= t < RED0:
            raise InputError("bad_tile", f"{tile_name(t)} in visible is a flower; list only tiles that are drawn")
        k = KIND[t]
        if rs.name == "wuhu" and k >= 27:
            k = WUHU_HONOR
        if not copies[k]:
            raise InputError("bad_tile", f"{tile_name(t)} in visible is not in {rs.name}'s {tile_set.name} tiles")
        seen[k] += 1
    held = h.counts
    for k in range(34):
        total = held[k] + meld_counts[k] + seen[k]
        if seen[k] and total > copies[k]:
            raise InputError(
                "too_many_copies",
                f"{tile_name(k)}: the hand holds {held[k] + meld_counts[k]}{aside if k == NORTH else ''} and visible "
                f"{seen[k]}, {total} in all; there are {copies[k]}",
            )
    return seen


def _forms_of(rs: _rules.RuleSet, opts: dict) -> Forms:
    """A rule set without an entry in ``FORMS``: its forms as its ``forms`` says."""
    f = rs.forms(opts)
    knitted = f.get("knitted", False)
    return Forms(
        seven_pairs=f.get("seven_pairs", True),
        seven_pairs_kongs=f.get("seven_pairs_kongs", False),
        thirteen_orphans=f.get("thirteen_orphans", True),
        honors_knitted="any" if knitted else None,
        knitted_straight=knitted,
    )


def summary(r: Result) -> dict:
    """What a win would score, in short: winning or why not (the reason's code and its text in en / zh / ja), the
    totals, the points, the item ids."""
    d: dict[str, Any] = {"winning": r.winning}
    if r.reason:
        d["reason"] = r.reason
        d["reason_names"] = r.explain.get("reason_names") or reason(r.reason).names()
    for name in ("han", "fu", "fan", "limit"):
        value = getattr(r, name)
        if value is not None:
            d[name] = value
    d["points"] = r.points.hand if r.points else None
    d["items"] = [i.id for i in r.items]
    return d


@dataclass
class _Job:
    """One analysis: the hand and its frame, worked through."""

    rs: _rules.RuleSet
    opts: dict
    hand: Hand
    context: dict
    ctx: Any
    shape: Shape
    copies: list[int]
    meld_counts: list[int]
    seen: list[int]

    def run(self, waiting: bool, visible_text: str) -> Analysis:
        counts = self.hand.counts
        shape = self.shape
        s = shape.shanten(counts)
        forms = shape.form_shanten(counts)
        held = [c + m for c, m in zip(counts, self.meld_counts, strict=True)]
        left = [c - h - v for c, h, v in zip(self.copies, held, self.seen, strict=True)]
        base = {
            "rules": self.rs.name,
            "hand": self.hand.text(),
            "melds": self.hand.meld_texts,
            "visible": visible_text,
            "tiles": len(self.hand.concealed),
            "shanten": _shown(s),
            "forms": forms,
        }
        if waiting:
            kinds = self.effective(counts, held, s)
            ukeire = tuple(Effective(tile_name(k), left[k]) for k in kinds)
            waits: tuple[Wait, ...] = ()
            furiten = None
            if s == 0:
                own = self._own(self.context, None)
                furiten = self._furiten(kinds, own)
                waits = tuple(self.wait(self.hand.concealed, k, left[k], self.context, furiten) for k in kinds)
            return Analysis(
                **base, ukeire=ukeire, remaining=sum(e.remaining for e in ukeire), waits=waits, furiten=furiten
            )
        discards = []
        best_kinds: set[int] = set()
        for t in sorted(set(self.hand.concealed), key=_tile_order):
            k = KIND[t]
            counts[k] -= 1
            held[k] -= 1
            s2 = shape.shanten(counts)
            kinds = self.effective(counts, held, s2)
            if s2 == s:
                best_kinds.update(kinds)
            ukeire = tuple(Effective(tile_name(j), left[j]) for j in kinds)
            waits = ()
            furiten = None
            if s2 == 0:
                context = self._after_discard(t)
                furiten = self._furiten(kinds, self._own(context, t))
                rest = list(self.hand.concealed)
                rest.remove(t)
                waits = tuple(self.wait(tuple(rest), j, left[j], context, furiten) for j in kinds)
            discards.append(Discard(tile_name(t), _shown(s2), ukeire, sum(e.remaining for e in ukeire), waits, furiten))
            counts[k] += 1
            held[k] += 1
        discards.sort(key=lambda x: (x.shanten if x.shanten is not None else 99, -x.remaining))
        ukeire = tuple(Effective(tile_name(k), left[k]) for k in sorted(best_kinds)) if s >= 0 else ()
        return Analysis(**base, ukeire=ukeire, remaining=sum(e.remaining for e in ukeire), discards=tuple(discards))

    def effective(self, counts: list[int], held: list[int], s: int) -> list[int]:
        """The kinds that lower the shanten when drawn: a copy not held must exist."""
        out = []
        shape = self.shape
        for k in range(34):
            if held[k] >= self.copies[k]:
                continue
            counts[k] += 1
            if shape.shanten(counts) < s:
                out.append(k)
            counts[k] -= 1
        return out

    # ---- waits and what they score ------------------------------------------------------------------------------

    def wait(self, concealed: Sequence[int], k: int, remaining: int, context: dict, furiten: bool | None) -> Wait:
        rs, h = self.rs, self.hand
        full = Hand((*concealed, k), h.melds, k, h.flowers)
        if rs.name == "riichi":
            plain = {**context, "riichi": False, "double_riichi": False, "ippatsu": False}
            ron = rs.score(full, build_context(rs.context_flags, **plain), self.opts)
            closed = all(m.kind == "ankan" for m in h.melds)
            with_riichi = None
            if closed:
                declared = {**context, "riichi": True}
                with_riichi = summary(rs.score(full, build_context(rs.context_flags, **declared), self.opts))
            has_yaku = ron.winning or ron.reason not in ("no_yaku", "not_winning")
            return Wait(tile_name(k), remaining, summary(ron), with_riichi, has_yaku, None, furiten)
        r = rs.score(full, build_context(rs.context_flags, **context), self.opts)
        if rs.name == "mcr":  # the minimum counts the fan without flowers (8, or the option min_fan)
            explain = r.explain or {}
            fan = explain.get("fan_without_flowers", r.fan or 0)
            return Wait(tile_name(k), remaining, summary(r), reaches_minimum=fan >= explain.get("min_fan", 8))
        return Wait(tile_name(k), remaining, summary(r))

    # ---- furiten (Riichi) ---------------------------------------------------------------------------------------

    def _after_discard(self, t: int) -> dict:
        """The context once ``t`` is thrown: it joins the own discards; the tiles let pass are forgotten (a new own
        discard ends temporary furiten) unless the hand is in riichi, whose furiten lasts."""
        if self.rs.name != "riichi":
            return self.context
        context = dict(self.context)
        context["own_discards"] = [*_tile_list(context.get("own_discards")), tile_name(t)]
        if not context.get("riichi") and not context.get("double_riichi"):
            context.pop("passed", None)
        return context

    def _own(self, context: dict, discard: int | None) -> set[int] | None:
        if self.rs.name != "riichi":
            return None
        kinds = {KIND[t] for t in _tile_list(context.get("own_discards"))}
        kinds |= {KIND[t] for t in _tile_list(context.get("passed"))}
        return kinds

    @staticmethod
    def _furiten(waits: list[int], own: set[int] | None) -> bool | None:
        """振听: a wait among the tiles the hand threw or let pass bars every win on a discard (Riichi)."""
        if own is None:
            return None
        return any(k in own for k in waits)


def _tile_list(value: Any) -> list[int]:
    if value is None:
        return []
    if isinstance(value, str):
        return parse_tiles(value)
    if isinstance(value, (list, tuple)):
        return parse_tiles(list(value))
    raise InputError("bad_context", f"a list of tiles was expected, not {value!r}")


def _tile_order(t: int) -> tuple[int, int]:
    return (KIND[t], t)


def _shown(s: int) -> int | None:
    return s if s < 90 else None
