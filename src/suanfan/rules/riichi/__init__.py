"""Japanese Riichi (立直麻将 / 日本麻将): yaku, fu, limits, dora, honba, riichi sticks, pao.

Digest: ../shared/rules/riichi.md and riichi_variants_from_seeds.md. Every reading of the hand is scored and the one
paying most is kept (then the most han, then the most fu). Draw payments: ``points.exhaustive_draw``.
"""

from __future__ import annotations

from functools import cache

from ... import shapes
from ...controls import WINDS
from ...errors import InputError
from ...hand import TILES_136, TILES_SANMA, Context, Hand, TileSet
from ...notes import explained, said
from ...result import Item, Result
from ...tiles import KIND, RED0, dora_from_indicator, parse_tiles, tile_name
from .. import Option, RuleSet, add_reason_words
from .fu import fu as compute_fu
from .impossible import check_impossible_context
from .options import CONTEXT_FIELDS, FLAGS, OPTIONS, PRESET_DOCS, PRESET_NAMES, PRESETS, resolve
from .points import base_points, exhaustive_draw, payments, sanma_payments
from .presets import PRESET_MATCH
from .view import FIRST_TURN_FLAGS, GATE_BITS, KONG_FLAGS, LAST_TILE_FLAGS, RENHOU, RIICHI_FLAGS, HandFacts, View
from .yaku import BY_FLAGS, REPLACES, YAKU

__all__ = ["RULESET", "exhaustive_draw"]

_DORA_NAMES = {
    "standard": {
        "dora": {"en": "Dora", "zh": "宝牌", "ja": "ドラ"},
        "aka_dora": {"en": "Red Five", "zh": "赤宝牌", "ja": "赤ドラ"},
        "ura_dora": {"en": "Ura Dora", "zh": "里宝牌", "ja": "裏ドラ"},
        "nukidora": {"en": "North Dora (Kita)", "zh": "拔北宝牌", "ja": "抜きドラ"},
    },
    # 包铳制 electronic table (seed 000 日本麻将打法): 明花 = dora, 暗花 = ura dora.
    "baochong": {
        "dora": {"en": "Bonus Tile (ming hua)", "zh": "明花", "ja": "ドラ"},
        "aka_dora": {"en": "Red Five", "zh": "赤宝牌", "ja": "赤ドラ"},
        "ura_dora": {"en": "Hidden Bonus Tile (an hua)", "zh": "暗花", "ja": "裏ドラ"},
        "nukidora": {"en": "North Dora (Kita)", "zh": "拔北宝牌", "ja": "抜きドラ"},
    },
}

_WIND_NAMES = {w.value: w.names for w in WINDS}  # a seat named in a note

# Besides four sets and a pair: seven pairs (a four of a kind is not two pairs) and thirteen orphans.
_FORMS = {"seven_pairs": True, "seven_pairs_kongs": False, "thirteen_orphans": True}


class Riichi(RuleSet):
    name = "riichi"
    reasons = ("not_winning", "no_yaku", "below_minimum", "furiten")
    names = {"en": "Japanese Riichi", "zh": "日本麻将 (立直麻将)", "ja": "リーチ麻雀"}
    doc = (
        "Japanese Riichi: yaku, fu, dora, limits, honba and riichi sticks; three players with options.players = 3; "
        "presets for the platforms and the organisations (PRESET_DOCS)."
    )
    tile_set = TILES_136
    options: tuple[Option, ...] = OPTIONS
    presets = PRESETS
    preset_docs = PRESET_DOCS
    # kita: the North tiles the winner set aside (抜きドラ), three players only (CONTRACT "Three-player Riichi")
    preset_names = PRESET_NAMES
    # own_discards / passed: the tiles the hand threw, and let pass since its last discard (or since riichi): 振听
    flags = FLAGS
    context_fields = CONTEXT_FIELDS
    items = YAKU

    def tile_set_for(self, opts: dict) -> TileSet:
        return TILES_SANMA if opts["players"] == 3 else TILES_136

    def resolve_options(self, given: dict | None) -> dict:
        """As every rule set's, but ``players: 3`` with a platform preset is that platform's three-player preset."""
        return resolve(given)

    def describe(self) -> dict:
        d = super().describe()
        d["preset_docs"] = dict(self.preset_docs)
        d["preset_match_settings"] = {k: dict(v) for k, v in PRESET_MATCH.items()}
        # the tiles in play by the option players (three players: no 2m-8m), for whatever lists tiles (the page)
        d["tile_set_by_players"] = {
            str(n): _tile_set_dict(self.tile_set_for(self.resolve_options({"players": n}))) for n in (4, 3)
        }
        return d

    def forms(self, opts: dict) -> dict:
        return dict(_FORMS)

    def check_win_context(self, hand: Hand, ctx: Context, opts: dict) -> None:
        """The checks ``score`` makes before it reads the hand (flags against each other and the melds, the fields,
        the indicators with the tiles held, three players' seats, tiles and kita), and the furiten tiles' form."""
        facts = HandFacts(hand, ctx, opts)
        _check_context(facts)
        check_impossible_context(ctx)
        if opts["players"] == 3:
            _check_sanma(facts, ctx.extra.get("kita", 0) if ctx.extra else 0)
        if ctx.extra:
            for key in ("own_discards", "passed"):
                _tiles_of(ctx.extra.get(key), key)

    def score(self, hand: Hand, ctx: Context, opts: dict) -> Result:
        facts = HandFacts(hand, ctx, opts)
        indicators = ctx.dora_indicators or ctx.ura_indicators
        if facts.flags or indicators or ctx.extra:
            _check_context(facts)
            check_impossible_context(ctx)
        sanma = opts["players"] == 3
        kita = ctx.extra.get("kita", 0) if ctx.extra else 0
        if sanma:
            _check_sanma(facts, kita)
        readings = shapes.readings(hand, **_FORMS)
        if not readings:
            return self.not_winning(hand)
        notes: list[str] = []
        if facts.flags & RENHOU and opts["renhou"] == "off":
            notes.append(said("renhou_off"))
        if ctx.ippatsu and not opts["ippatsu"]:
            notes.append(said("ippatsu_off"))
        if indicators or kita or (facts.reds and opts["aka_dora"]):
            dora_items, dora_han = _dora(facts, ctx, opts, notes, kita)
        else:
            dora_items, dora_han = (), 0
        spec = _spec(facts.closed, opts)
        key = facts.key
        # the rows found, one bit each (a row's bit is 1 << its rank): first those the key decides
        found, hand_rows, reading_rows = spec.gated.get(key) or spec.gate(facts)
        for bit, check in hand_rows:
            if check(facts):
                found |= bit
        if facts.honors:
            found |= spec.honor_found(facts)
        fu_parts: list[dict] = []
        if len(readings) == 1:
            reading = readings[0]
            scored = _score_reading(View(facts, reading), spec, key, reading_rows, found, dora_han, opts, fu_parts)
        else:
            best = None
            for one in readings:
                parts: list[dict] = []
                scored = _score_reading(View(facts, one), spec, key, reading_rows, found, dora_han, opts, parts)
                pay = (scored[0], scored[1], scored[2])  # base points, then han, then fu
                if best is None or pay > best[0]:
                    best = (pay, scored, one, parts)
            assert best is not None
            _, scored, reading, fu_parts = best
        base_pts, yaku_han, fu, yaku_items, yakuman, _, limit = scored
        if facts.flags & RENHOU and opts["renhou"] == "strict_mangan" and base_pts <= 2000:
            # 人和 as a mangan limit hand (EMA 2016: "a strict mangan"; riichi.wiki Yaku variations, renhou mangan: it
            # needs no other yaku, and the hand is scored by its own yaku and dora only when those pay more)
            base_pts, limit, yaku_items, yaku_han, dora_items, dora_han = 2000, "mangan", _RENHOU_LIMIT, 5, (), 0
        if yakuman:
            items = yaku_items
            han = yaku_han
        else:
            items = yaku_items + dora_items if dora_items else yaku_items
            han = yaku_han + dora_han
        explain = {"fu_parts": fu_parts, "wait": reading.wait, "form": reading.form}
        if notes:
            explain.update(explained(notes))
        fields = {
            "rules": "riichi",
            "hand": hand.text(),
            "melds": hand.meld_texts,
            "decomposition": tuple([b.label for b in reading.blocks]),
            "items": items,
            "han": han,
            "fu": fu,
            "explain": explain,
        }
        if not yaku_items:
            fields["reason"] = "no_yaku"
            add_reason_words(explain, "no_yaku")
            return Result(**fields)
        if ctx.extra and not ctx.tsumo and _furiten(self, hand, ctx, opts):
            fields["reason"] = "furiten"
            add_reason_words(explain, "furiten")
            return Result(**fields)
        if opts["five_honba_two_han"] and ctx.honba >= 5 and not yakuman and yaku_han < 2:
            # Seed 001: from the 5th honba a hand needs 2 han (二翻缚り); dora do not count towards it.
            fields["reason"] = "below_minimum"
            add_reason_words(explain, "below_minimum")
            return Result(**fields)
        extra = ctx.extra
        if extra:
            pao_base = 0
            pao_seat = extra.get("pao")
            if pao_seat is not None and not opts["pao"]:
                notes.append(said("pao_off", seat=_WIND_NAMES.get(pao_seat, pao_seat)))
                explain.update(explained(notes))
                pao_seat = None
            if pao_seat is not None:
                liable = {"daisangen", "daisuushii"} | ({"suukantsu"} if opts["pao_suukantsu"] else set())
                units = sum(i.value // 13 for i in yaku_items if i.id in liable)
                if not units:
                    bad(f"pao {pao_seat} given, but no yakuman here makes a player liable (daisangen, daisuushii)")
                pao_base = 8000 * units
            row = (base_pts, ctx.seat_wind == "E", ctx.tsumo, ctx.honba, ctx.riichi_sticks)
            if sanma:
                pts = sanma_payments(
                    *row, opts["sanma_tsumo"], opts["sanma_honba"], pao_base, pao_seat, extra.get("discarder")
                )
            else:
                pts = payments(*row, pao_base, pao_seat, extra.get("discarder"))
        elif sanma:
            row = (base_pts, ctx.seat_wind == "E", facts.tsumo, ctx.honba, ctx.riichi_sticks)
            pts = sanma_payments(*row, opts["sanma_tsumo"], opts["sanma_honba"])
        else:
            row = (base_pts, ctx.seat_wind == "E", facts.tsumo, ctx.honba, ctx.riichi_sticks)
            pts = payments(*row)
        explain["base_points"] = base_pts
        fields["winning"] = True
        fields["limit"] = limit
        fields["points"] = pts
        return Result(**fields)


def _tile_set_dict(ts: TileSet) -> dict:
    return {
        "name": ts.name,
        "kinds": [tile_name(k) for k in sorted(ts.kinds)],
        "copies": ts.copies,
        "red_fives": ts.red_fives,
        "flowers": ts.flowers,
    }


class _Spec:
    """The rows for an open or closed hand under some options, values and choices settled once.

    A row is worth asking only when the fact named by its ``gate`` is true (a bit of ``HandFacts.key``,
    ``GATE_BITS``) and, for a reading row, when the reading has what it ``needs``. Rows are (bit, predicate), a row's
    bit being 1 << its rank in the yaku table. ``gate(facts)`` works out, once per key, the bits of the rows the key
    decides (``BY_FLAGS``), the other per-hand rows worth asking, and a table of the reading rows worth asking by
    the reading's (form, chows, triplets), filled by ``reading_rows``; all are kept in ``gated``. The honor rows
    (gates dragons and winds: the value tiles, the dragon and wind yakuman) read only the honor tiles and the two
    winds, so ``honor_found`` looks their bits up in a table of the honors' counts, like a suit table. What the rows
    found add up to (``combine``) depends only on which rows they are, so it too is worked out once for each set of
    rows found.
    """

    def __init__(self, closed: bool, opts: dict) -> None:
        self.opts = dict(opts)  # the options it was worked out for
        self.rows: list = []  # (per_hand, gate, needs, by_flags, (bit, predicate))
        self.units: dict[int, int] = {}  # rank -> yakuman units (0: not a yakuman)
        self.items: dict[int, Item] = {}  # rank -> the row's item, valued for this hand and these options
        for rank, row in enumerate(YAKU):
            facts = row.facts
            if facts.get("local") and not opts["local_yaku"]:
                continue
            if facts.get("sanma_north") and not (opts["players"] == 3 and opts["north_yakuhai"]):
                continue
            if row.id == "ippatsu" and not opts["ippatsu"]:
                continue
            value = row.value
            if not closed and facts.get("open") is not None:
                value = facts["open"]
                if not value:
                    continue
            units = facts.get("yakuman")
            if units:
                units = units if opts["double_yakuman"] else 1
                item = row.item(13 * units, note=said("yakuman") if units == 1 else said("yakuman_times", n=units))
            else:
                units = 0
                item = row.item(value)
            self.units[rank] = units
            self.items[rank] = item
            per_hand, by_flags = bool(facts.get("per_hand")), row.id in BY_FLAGS
            self.rows.append((per_hand, facts.get("gate"), facts.get("needs"), by_flags, (1 << rank, row.check)))
        self.honor_rows = [e for per_hand, g, _, _, e in self.rows if per_hand and g in _HONOR_GATES]
        self.gated: dict[int, tuple[int, list, dict]] = {}  # key -> (bits found, per-hand rows, {shape: rows})
        self._honors: dict[tuple, int] = {}
        self.combos: dict[int, tuple] = {}
        self.points: dict[tuple[int, int], tuple[int, str | None]] = {}  # (han, fu) -> base points and limit

    def gate(self, facts: HandFacts) -> tuple[int, list, dict]:
        """For the hand's key: the bits of the rows it decides, the other per-hand rows worth asking (but the honor
        rows, ``honor_found``), and an empty table of reading rows."""
        key = facts.key
        found = 0
        asked = []
        for per_hand, g, _, by_flags, e in self.rows:
            if per_hand and g not in _HONOR_GATES and _open(key, g):
                if not by_flags:
                    asked.append(e)
                elif e[1](facts):
                    found |= e[0]
        gated = self.gated[key] = (found, asked, {})
        return gated

    def honor_found(self, facts: HandFacts) -> int:
        """The bits of the honor rows that count for this hand, by the honors' counts and the seat and round winds."""
        key = (facts.counts[27:34], facts.seat, facts.round)
        found = self._honors.get(key)
        if found is None:
            found = 0
            for bit, check in self.honor_rows:
                if check(facts):
                    found |= bit
            self._honors[key] = found
        return found

    def reading_rows(self, key: int, shape: tuple, table: dict) -> list:
        """The reading rows worth asking of a reading of this (form, chows, triplets) ``shape``, kept in ``table``."""
        rows = table[shape] = [
            e for per_hand, g, need, _, e in self.rows if not per_hand and _open(key, g) and _meets(shape, need)
        ]
        return rows

    def combine(self, found: int) -> tuple:
        """(yaku items, han, yakuman units, pinfu) of the rows whose bits are set in ``found``: a yakuman leaves
        only the yakuman, a stronger yaku replaces a weaker one, and the items go in the table's order."""
        ranks = [rank for rank in self.items if found >> rank & 1]
        yakuman = sum([self.units[rank] for rank in ranks])
        if yakuman:
            ranks = [rank for rank in ranks if self.units[rank]]
        kept = [rank for rank in ranks if rank not in _REPLACED_BY or _REPLACED_BY[rank].isdisjoint(ranks)]
        items = tuple([self.items[rank] for rank in kept])
        combo = (items, sum([i.value for i in items]), yakuman, _PINFU in ranks)
        if len(self.combos) >= _MAX_COMBOS:
            self.combos.clear()
        self.combos[found] = combo
        return combo


_MAX_COMBOS = 4096  # sets of rows found kept per _Spec; real hands meet a few hundred


_HONOR_GATES = ("dragons", "winds")
_SPECS: dict[tuple, _Spec] = {}


def _spec(closed: bool, opts: dict) -> _Spec:
    """The rows for a closed or open hand under these options, worked out once. Looked up by the options' values
    (plain values, so hashable), then checked against every option by name (a new option can never leave a stale
    _Spec behind, nor two sets of options with the same values share one)."""
    key = (closed, *opts.values())
    spec = _SPECS.get(key)
    if spec is None or spec.opts != opts:
        spec = _SPECS[key] = _Spec(closed, opts)
    return spec


def _open(key: int, gate: str | None) -> bool:
    """Whether a row with this ``gate`` is worth asking of a hand with this ``HandFacts.key``."""
    return gate is None or bool(key & GATE_BITS[gate])


def _meets(shape: tuple, need: tuple | None) -> bool:
    """Whether a reading of this (form, chows, triplets) ``shape`` has what a row ``needs``."""
    if need is None:
        return True
    what, n = need
    if what == "chows":
        return shape[1] >= n
    if what == "triplets":
        return shape[2] >= n
    return shape[0] == n


# A yaku a stronger one replaces (each hand counts the higher of the two): weak rank -> the stronger ranks.
_RANK = {row.id: rank for rank, row in enumerate(YAKU)}
_REPLACED_BY: dict[int, frozenset[int]] = {}
for _strong, _weak in REPLACES.items():
    for _w in _weak:
        _REPLACED_BY[_RANK[_w]] = _REPLACED_BY.get(_RANK[_w], frozenset()) | {_RANK[_strong]}
_PINFU = _RANK["pinfu"]
_RENHOU_LIMIT = (YAKU["renhou"].item(5, note="mangan"),)  # option renhou strict_mangan: the hand's one item


def _score_reading(
    v: View, spec: _Spec, key: int, reading_rows: dict, found: int, dora_han: int, opts: dict, fu_parts: list
):
    """(base points, han, fu, yaku items, yakuman units, pinfu, limit) of one reading, dora aside; the fu parts go
    to ``fu_parts``. ``found`` holds the bits of the per-hand rows found; ``reading_rows`` is the gates' table of
    reading rows (``_Spec.gate``)."""
    shape = (v.form, len(v.chows), len(v.triplets))
    rows = reading_rows.get(shape)
    if rows is None:
        rows = spec.reading_rows(key, shape, reading_rows)
    for bit, check in rows:
        if check(v):
            found |= bit
    if not found:
        return 0, 0, compute_fu(v, False, fu_parts), (), 0, False, None
    combo = spec.combos.get(found)
    if combo is None:
        combo = spec.combine(found)
    items, han, yakuman, pinfu = combo
    fu = compute_fu(v, pinfu, fu_parts)
    if yakuman:
        base, limit = base_points(0, fu, yakuman, opts)
    else:
        han_fu = (han + dora_han, fu)
        points = spec.points.get(han_fu)
        if points is None:
            points = spec.points[han_fu] = base_points(han + dora_han, fu, 0, opts)
        base, limit = points
    return base, han, fu, items, yakuman, pinfu, limit


_DORA_OF = [dora_from_indicator(t) if t < 34 or t >= RED0 else None for t in range(45)]  # indicator -> dora kind
# Three players: 2m-8m are out, so a 1m indicator makes 9m the dora and 9m makes 1m (riichi.wiki "Sanma").
_DORA_OF_SANMA = [8 if t == 0 else 0 if t == 8 else d for t, d in enumerate(_DORA_OF)]
_NORTH = 30


def _dora(facts: HandFacts, ctx: Context, opts: dict, notes: list[str], kita: int = 0) -> tuple[tuple[Item, ...], int]:
    """The dora items (dora, red fives, ura dora, North set aside) and their han. A North set aside (kita) still
    counts as a North when an indicator points at North (riichi.wiki "Sanma": a West indicator makes each kita two
    dora)."""
    variant = opts["variant"]
    counts = facts.counts
    dora_of = _DORA_OF_SANMA if opts["players"] == 3 else _DORA_OF
    items: tuple[Item, ...] = ()
    han = 0
    if ctx.dora_indicators:
        for t in ctx.dora_indicators:
            d = dora_of[t]
            han += counts[d] + (kita if d == _NORTH else 0)
        if han:
            items = (_dora_item("dora", variant, han),)
    if opts["aka_dora"] and facts.reds:
        items += (_dora_item("aka_dora", variant, facts.reds),)
        han += facts.reds
    if ctx.ura_indicators:
        if (ctx.riichi or ctx.double_riichi) and opts["ura_dora"]:
            n = 0
            for t in ctx.ura_indicators:
                d = dora_of[t]
                n += counts[d] + (kita if d == _NORTH else 0)
            if n:
                items += (_dora_item("ura_dora", variant, n),)
                han += n
        elif not opts["ura_dora"]:
            notes.append(said("ura_off"))
        else:
            notes.append(said("ura_needs_riichi"))
    if kita:
        items += (_dora_item("nukidora", variant, kita),)
        han += kita
    return items, han


@cache
def _dora_item(id_: str, variant: str, count: int) -> Item:
    """One han for each of ``count`` dora of a kind (dora, aka_dora, ura_dora); items are immutable, so shared."""
    return Item(id_, 1, _DORA_NAMES[variant][id_], count)


def bad(msg: str) -> None:
    raise InputError("bad_context", msg)


def _furiten(rs: Riichi, hand: Hand, ctx: Context, opts: dict) -> bool:
    """振听 (furiten): a hand cannot win on a discard when one of its waits is among its own discards
    (``own_discards``) or the tiles it let pass since its last discard, or since riichi (``passed``)."""
    barred = {KIND[t] for key in ("own_discards", "passed") for t in _tiles_of(ctx.extra.get(key), key)}
    if not barred:
        return False
    rest = list(hand.concealed)
    rest.remove(hand.win_tile)
    return any(k in barred for k in rs.waits(Hand(tuple(rest), hand.melds, None, hand.flowers), opts))


def _tiles_of(value, key: str) -> list[int]:
    if value is None:
        return []
    if isinstance(value, (str, list, tuple)):
        return parse_tiles(value if isinstance(value, str) else list(value))
    raise InputError("bad_context", f"{key} is a list of tiles like ['1m', '5z'], not {value!r}")


def _check_context(facts: HandFacts) -> None:
    """Flags that cannot go together are an error naming both; nothing is silently dropped."""
    hand, ctx = facts.hand, facts.ctx

    flags = facts.flags
    if flags:  # the checks below all need a win-context flag set; by family, in this order
        if flags & RIICHI_FLAGS:
            if not facts.closed:
                bad("riichi needs a closed hand, but the hand has open melds")
            if ctx.ippatsu and not (ctx.riichi or ctx.double_riichi):
                bad("ippatsu needs riichi")
        if flags & LAST_TILE_FLAGS:
            if ctx.haitei and not ctx.tsumo:
                bad("haitei is a self-draw of the last tile: set tsumo (for the last discard use houtei)")
            if ctx.houtei and ctx.tsumo:
                bad("houtei is a win on the last discard, not a self-draw (for that use haitei)")
        if flags & KONG_FLAGS:
            if ctx.rinshan and not ctx.tsumo:
                bad("rinshan is a self-draw after a kong: set tsumo")
            if ctx.rinshan and not facts.n_kongs and not (ctx.extra and ctx.extra.get("kita")):
                # three players: a North set aside (kita) draws from the dead wall as a kong does (riichi.wiki
                # "Rinshan kaihou": 'In sanma, this yaku can also be obtained after declaring kita')
                bad("rinshan needs a kong among the melds (with three players, or a North set aside: kita)")
            if ctx.chankan and ctx.tsumo:
                bad("chankan is a win on another player's kong, not a self-draw")
        if flags & FIRST_TURN_FLAGS:
            if ctx.tenhou and not (ctx.is_dealer and ctx.tsumo):
                bad("tenhou is the dealer's self-draw on the first draw (seat_wind E, tsumo)")
            if ctx.chiihou and (ctx.is_dealer or not ctx.tsumo):
                bad("chiihou is a non-dealer's self-draw on the first draw (tsumo, seat_wind not E)")
            if ctx.renhou and (ctx.is_dealer or ctx.tsumo):
                bad("renhou is a non-dealer's ron before the first draw")
            if hand.melds:
                bad("a win before the first draw has no melds")
    indicators = ctx.dora_indicators + ctx.ura_indicators if ctx.ura_indicators else ctx.dora_indicators
    if not facts.opts["kan_dora"] and (len(ctx.dora_indicators) > 1 or len(ctx.ura_indicators) > 1):
        bad("the option kan_dora is off: one dora indicator and one ura indicator at most")
    if len(indicators) > 5:
        for key in ("dora_indicators", "ura_indicators"):
            if len(getattr(ctx, key)) > 5:
                bad(f"{key}: at most 5 indicators (one and four kong dora), not {len(getattr(ctx, key))}")
    if ctx.extra:
        for key in ("pao", "discarder"):
            if key in ctx.extra and ctx.extra[key] not in ("L", "A", "R"):
                bad(f"{key} is the player L (left), A (across) or R (right), not {ctx.extra[key]!r}")
        if "discarder" in ctx.extra and ctx.tsumo:
            bad("discarder given on a self-draw")
        if "paarenchan" in ctx.extra and not isinstance(ctx.extra["paarenchan"], bool):
            bad("paarenchan is true or false")
        if "kita" in ctx.extra:
            kita = ctx.extra["kita"]
            if isinstance(kita, bool) or not isinstance(kita, int) or not 0 <= kita <= 4:
                bad(f"kita is how many North tiles were set aside, 0 to 4, not {kita!r}")
            if kita and facts.opts["players"] != 3:
                bad("kita (North tiles set aside, 抜きドラ) is a three-player rule: set the option players to 3")
    if indicators:
        # the indicators are real tiles: with the hand they cannot make a fifth copy or a second red five;
        # no red five among them and no kind held more than 4 - (its indicators) times: nothing to count
        counts = facts.counts
        room = 4 - len(indicators)  # held no more than this, a kind cannot reach five
        for t in indicators:
            if t >= RED0 or counts[t] > room and counts[t] + indicators.count(t) > 4:
                _check_indicators(facts, indicators)
                return


def _check_sanma(facts: HandFacts, kita: int) -> None:
    """Three players (CONTRACT "Three-player Riichi"): no chi, seats East, South and West, the dora indicators
    among the 108 tiles, and no more than four Norths with those set aside. The hand's own tiles were checked
    against the tile set when it was read."""
    hand, ctx = facts.hand, facts.ctx
    for m in hand.melds:
        if m.kind == "chi":
            bad(f"three-player Riichi has no chi, but {m.text} was given")
    if ctx.seat_wind == "N":
        bad("three players sit East, South and West: seat_wind N does not exist")
    if ctx.round_wind == "N":
        bad("three-player Riichi has no North round: round_wind is E, S or W")
    for key in ("pao", "discarder"):
        if ctx.extra and ctx.extra.get(key) == "A":
            bad(f"{key} A (across): three players have only the left (L) and right (R) player")
    for key in ("dora_indicators", "ura_indicators"):
        for t in getattr(ctx, key):
            if KIND[t] not in TILES_SANMA.kinds:
                bad(f"{key}: {tile_name(t)} is not among the three-player tiles (2m-8m are out)")
    if kita and facts.counts[_NORTH] + kita > 4:
        bad(f"4z appears {facts.counts[_NORTH]} times in the hand and {kita} times set aside: there are 4")


def _check_indicators(facts: HandFacts, indicators: tuple[int, ...]) -> None:
    counts = list(facts.counts)
    reds = set()
    for t in indicators:
        k = KIND[t]
        counts[k] += 1
        if counts[k] > 4:
            bad(f"{tile_name(k)} appears {counts[k]} times in the hand and the dora indicators together")
        if t >= RED0:
            if t in reds or facts.reds and t in facts.hand.all_tiles():
                bad(f"red five {tile_name(t)} appears twice in the hand and the indicators")
            reds.add(t)


RULESET = Riichi()
