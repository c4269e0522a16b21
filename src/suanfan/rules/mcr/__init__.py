"""Chinese Official Mahjong (MCR, 国标麻将): the 81 fans, the scoring principles, flowers, the 8-fan minimum, payments.

Digest: ../shared/rules/mcr_fans.md (the consensus reading of 国标麻将规则释义 / ChineseOfficialMahjongHelper, which
PyMahjongGB follows, is the default; ``edition: green_book_2006`` applies the differences the digest lists).
Every reading of the hand is scored and the highest total kept (就高不就低).

- fans.py        one row per fan: value, names, group, 不计 list
- sets.py        the set fans of a reading (chows and pungs combined, kongs, pair, special forms)
- waits.py       does the hand wait on one kind only (边张 嵌张 单钓将)
- exclusions.py  the principles 不重复 不拆移 不得相同 套算一次 就高不就低 as code
- payments.py    8 + fan from the discarder (8 from the others), or 8 + fan from each on a self-draw

Speed: a set of fans is a bit mask in table order (fans.py ``BIT``), so 不重复 and the totals are bit operations.
What depends on a small pattern only is worked out once per pattern and kept: the tile fans per tile facts, the win
fans per win flags, the fans of a group of chows or of pungs, a suit's waits per its counts, the items and the value
of a part of the fan table per combination, the payments per total. Nothing is kept per hand.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ... import shapes
from ...errors import InputError
from ...hand import TILES_144, Context, Hand
from ...result import Item, Result
from ...shapes import CHOW, KNITTED_KEYS, KNITTED_PATTERNS, PAIR, PUNG, Block
from ...tiles import KIND, tile_name
from .. import Option, RuleSet
from .exclusions import EXCLUSION, NON_REPEAT, PRINCIPLES, Log, NonRepeat, exclusion_table, non_repeat
from .fans import (
    BIT,
    FANS,
    HIGH_HALF_FACTS,
    IDS,
    LOW_HALF_FACTS,
    ORDER,
    TILE_FANS_BY_FACTS,
    WinFacts,
    fan_dict,
    rows,
    tile_fans,
    win_fans,
)
from .payments import POINTS
from .sets import is_nine_gates, is_seven_shifted_pairs, regular_fans
from .waits import waits_once

__all__ = ["RULESET", "McrRules"]

EDITIONS = ("consensus", "green_book_2006")

OPTIONS = (
    Option(
        "edition",
        "consensus",
        "consensus: 国标麻将规则释义 / ChineseOfficialMahjongHelper (PyMahjongGB); "
        "green_book_2006: 双暗杠 8, 明暗杠 6, 不求人 with a self-drawn 四暗刻 / 七对 / 全不靠 (digest, secondhand)",
        EDITIONS,
    ),
    Option(
        "platform_extras",
        False,
        "联众 / 天津 extras: 天和 168, 地和 158, 人和 108, 四方大发 168, 混杠 88, 天听 32 (seed 000)",
    ),
    Option("min_fan", 8, "the fans a hand needs to win, flowers not counted"),
    Option(
        "knitted_straight_waits",
        "consensus",
        "边张 / 嵌张 / 单钓将 with 组合龙 when the winning tile also "
        "completes the knitted straight: consensus counts them, wmcc_2006 does not (Sloperama #296)",
        ("consensus", "wmcc_2006"),
    ),
)

PRESETS = {"green_book_2006": {"edition": "green_book_2006", "knitted_straight_waits": "wmcc_2006"}}

# The Green Book reportedly lets 不求人 stand beside these when self-drawn (digest rows 12, 19, 34).
_GB2006_KEEPS_FULLY_CONCEALED = ("si_an_ke", "qi_dui", "quan_bu_kao")
_EXTRA_FLAGS = {row.facts["flag"]: row.id for row in FANS if row.facts.get("flag")}


def _tables(edition: str) -> tuple[dict[str, int], dict[str, tuple[str, ...]]]:
    values = {row.id: row.value for row in FANS}
    excludes = {row.id: tuple(row.facts["excludes"]) for row in FANS if row.facts["excludes"]}
    if edition == "green_book_2006":
        for row in FANS:
            if "green_book_2006" in row.facts:
                values[row.id] = row.facts["green_book_2006"]
        for fan_id in _GB2006_KEEPS_FULLY_CONCEALED:
            excludes[fan_id] = tuple(x for x in excludes[fan_id] if x != "bu_qiu_ren")
    return values, excludes


_TABLES = {e: _tables(e) for e in EDITIONS}
_FORMS = {"seven_pairs": True, "seven_pairs_kongs": True, "thirteen_orphans": True, "knitted": True}
_SUITED = (1 << 27) - 1


_NON_REPEAT = {e: NonRepeat(exclusion_table(_TABLES[e][1])) for e in EDITIONS}
_VALUES = {e: tuple(_TABLES[e][0][f] for f in IDS) for e in EDITIONS}  # by row index


class _Parts:
    """One edition's value and items of a set of fans, a part of the table at a time. ``table``: the fans of a part (a
    mask cut to one of ``PARTS``, the higher fans together as they are rare) -> (the sum of their values, their items
    each counted once, in table order), a plain dict filled once per combination (``entry``). Items are immutable
    values: one is shared per fan and count."""

    PARTS = ((1 << 44) - 1, (1 << 66) - (1 << 44), -(1 << 66))

    def __init__(self, edition: str) -> None:
        self.values = _VALUES[edition]
        self.table: dict[int, tuple[int, tuple[Item, ...]]] = {}
        self.shared: dict[tuple[int, int], Item] = {}

    def entry(self, part: int) -> tuple[int, tuple[Item, ...]]:
        """``table[part]``, made on first sight."""
        entry = self.table.get(part)
        if entry is None:
            values = self.values
            found = rows(part)
            entry = self.table[part] = (sum([values[i] for i in found]), tuple([self.item(i, 1) for i in found]))
        return entry

    def item(self, i: int, n: int) -> Item:
        """The item of the fan of row ``i`` counted ``n`` times, made once."""
        item = self.shared.get((i, n))
        if item is None:
            row = FANS.rows[IDS[i]]
            count = n if row.facts["repeat"] else None
            item = self.shared[(i, n)] = Item(row.id, self.values[i], row.names, count)
        return item


_PARTS = {e: _Parts(e) for e in EDITIONS}
_EDITION_TABLES = {e: (_NON_REPEAT[e], _PARTS[e]) for e in EDITIONS}
_P0, _P1, _P2 = _Parts.PARTS


class _Scored(NamedTuple):
    """A division's fans once the principles have run: what counts (a mask, fans.py ``BIT``), how many times the
    repeated ones count, the exclusions applied, the total, and the three ``_Parts`` entries of the fans."""

    fans: int
    counts: dict[str, int]
    log: Log
    total: int
    parts: tuple

    def values(self, values: tuple[int, ...]) -> tuple[int, ...]:
        """The values of the fans counted, from the highest down (就高不就低 compares them after the total)."""
        return tuple(sorted([values[i] for i in rows(self.fans)], reverse=True))

    def recount(self, items: tuple[Item, ...], parts: _Parts) -> tuple[Item, ...]:
        """``items`` (the fans counted, each once) with those in ``counts`` as many times as counted."""
        fans = self.fans
        for fan_id, n in self.counts.items():
            if n > 1 and fans & BIT[fan_id]:
                i = ORDER[fan_id]
                at = [*map(id, items)].index(id(parts.item(i, 1)))  # the shared item, found by identity: no __eq__
                items = (*items[:at], parts.item(i, n), *items[at + 1 :])
        return items


class McrRules(RuleSet):
    name = "mcr"
    reasons = ("not_winning", "below_minimum")
    names = {"en": "Chinese Official Mahjong (MCR)", "zh": "国标麻将", "ja": "中国公式ルール (国標麻将)"}
    doc = (
        "Chinese Official Mahjong (国标麻将): 81 fans and 明暗杠 with the consensus exclusions, flowers, "
        "the 8-fan minimum and 8 + fan payments; edition consensus or green_book_2006, optional 联众 extras."
    )
    tile_set = TILES_144
    options = OPTIONS
    presets = PRESETS
    context_flags = ("tian_ting", "hun_gang")
    items = FANS

    def forms(self, opts: dict) -> dict:
        # 七对 with four of a kind as two pairs (consensus, 四归一 counts); 全不靠 / 七星不靠 / 组合龙
        return dict(_FORMS)

    def score(self, hand: Hand, ctx: Context, opts: dict) -> Result:
        melds = hand.meld_texts
        divisions = shapes.every_division(hand)
        if not divisions:
            return Result(winning=False, reason="not_winning", rules=self.name, hand=hand.text(), melds=melds)
        notes: list[str] = []
        facts = _HandFacts(hand, ctx, opts, notes)
        if len(divisions) == 1:  # one division, nothing to choose
            form, blocks, placements, code = divisions[0]
            why: list = []
            best = facts.score(form, blocks, placements, code, why)
        else:
            best = None
            values = facts.parts.values
            for division in divisions:
                said: list = []
                scored = facts.score(*division, said)
                # 就高不就低: the highest total; between equal totals, the one with the bigger single fans
                if (
                    best is None
                    or scored.total > best.total
                    or (scored.total == best.total and scored.values(values) > best.values(values))
                ):
                    best, (form, blocks, _, _), why = scored, division, said
        return _result(self, hand, melds, best, form, blocks, opts, facts.tsumo, why, notes)

    def divisions(self, hand: Hand, ctx: Context, opts: dict) -> list[tuple[int, dict[str, int]]]:
        """Every division's total and fans (flowers aside), the candidates 就高不就低 chooses from."""
        facts = _HandFacts(hand, ctx, opts, [])
        out = []
        for division in shapes.every_division(hand):
            scored = facts.score(*division, [])
            out.append((scored.total, fan_dict(scored.fans, scored.counts)))
        return out


class _HandFacts:
    """What is the same for every reading of the hand: tile fans, win fans, counts, waits (computed lazily)."""

    __slots__ = ("hand", "opts", "win_tile", "counts", "fours", "tsumo", "ctx", "common", "excluded", "parts")
    __slots__ += ("extras", "held", "_unique")

    def __init__(self, hand: Hand, ctx: Context, opts: dict, notes: list[str]) -> None:
        """``notes``: what the win flags say beside the fans."""
        self.hand = hand
        self.opts = opts
        self.win_tile = win_tile = KIND[hand.win_tile]
        self.counts = counts = hand.counts34
        every = hand.all_counts  # the counts by kind, melds included
        # the win flags: self-drawn?, the win fans (a mask) and what they say beside the fans (to ``notes``), read
        # once per combination of the flags and counts they depend on (``_read_win_flags``)
        in_hand = counts[win_tile]
        in_melds = every[win_tile] - in_hand  # the copies of the winning tile in the melds
        melds = hand.melds
        shape = sum([_MELD_SHAPE[m.kind] for m in melds]) if melds else 0  # kongs | melds not concealed << 3
        key = (ctx.tsumo, ctx.haitei, ctx.houtei, ctx.rinshan, ctx.chankan, ctx.last_copy, shape, in_hand, in_melds)
        if ctx.extra:
            _check_platform_flags(ctx)
        try:
            read = _WIN_READS[key]
        except KeyError:  # a combination not seen before (an impossible one raises and is not kept)
            read = _WIN_READS[key] = _read_win_flags(ctx, win_tile, shape & 7 != 0, shape >> 3, in_hand, in_melds)
        self.tsumo, common, said = read
        if said:
            notes.extend(said)
        self.fours = every.count(4)
        self.held = mask = hand.kinds_held  # the kinds held, melds included
        self.ctx = ctx
        try:  # tile_fans(mask), read in place
            common |= TILE_FANS_BY_FACTS[LOW_HALF_FACTS[mask & 0x3FFFF] | HIGH_HALF_FACTS[mask >> 18]]
        except KeyError:  # facts not seen before
            common |= tile_fans(mask)
        if opts["platform_extras"]:
            for flag, fan_id in _EXTRA_FLAGS.items():
                if getattr(ctx, flag, None) if flag in ("tenhou", "chiihou", "renhou") else ctx.extra.get(flag):
                    common |= BIT[fan_id]
        self.common = common
        self.extras = opts["platform_extras"]
        self.excluded, self.parts = _EDITION_TABLES[opts["edition"]]
        self._unique: bool | None = None

    def score(self, form: str, blocks: tuple, placements, code: int, why: list) -> _Scored:
        """One division: its fans found, then the principles applied (``non_repeat``; the set-level principles are in
        the set fans already). ``why`` collects the set notes and the set-level exclusions."""
        found = self.common
        counts: dict[str, int] = {}
        if form == "regular" or form == "knitted_straight":
            found |= regular_fans(
                blocks, form, placements, code, self.tsumo, self.ctx, self.fours, self.extras, counts, why
            )
            found |= self._wait_fan(form, blocks, placements)
            if found & _QING_YI_SE and form == "regular" and not self.hand.melds:  # 九莲宝灯 is one suit
                held = self.counts
                win = self.win_tile
                s = win // 9 * 9
                if win < 27 and held[s] == 3 + (win == s) and held[s + 8] == 3 + (win == s + 8):
                    counts13 = list(held)
                    counts13[win] -= 1
                    if is_nine_gates(counts13):
                        found |= BIT["jiu_lian_bao_deng"]
        elif form == "seven_pairs":
            found |= BIT["qi_dui"]
            if is_seven_shifted_pairs(self.held):
                found |= BIT["lian_qi_dui"]  # it excludes 七对 (不重复)
            hogs = self.counts.count(4)
            if hogs:
                found |= BIT["si_gui_yi"]
                if hogs > 1:  # a fan missing from ``counts`` counts once
                    counts["si_gui_yi"] = hogs
        elif form == "thirteen_orphans":
            found |= BIT["shi_san_yao"]
        else:  # honors_knitted
            found |= BIT["quan_bu_kao"]
            if self.held >> 27 == 0x7F:  # the seven honors
                found |= BIT["qi_xing_bu_kao"]  # it excludes 全不靠 (不重复)
            elif (self.held & _SUITED).bit_count() == 9:
                found |= BIT["zu_he_long"]  # 全不靠 holding the whole knitted straight (consensus, p.76)
        log: Log = []
        excluded = self.excluded
        removes = excluded[found & excluded.implying]  # 不重复 (``non_repeat``), worked out per implying fans found
        if removes is None:
            found = non_repeat(found, counts, log, excluded.table)
        elif found & removes[0]:
            for bit, entry in removes[1]:
                if bit & found:
                    log.append(entry)
            found &= ~removes[0]
        if not found:
            found = _WU_FAN_HU  # 无番和: nothing else counts (flowers are added afterwards)
        parts = self.parts
        table = parts.table
        try:
            a, b, c = entries = table[found & _P0], table[found & _P1], table[found & _P2]
        except KeyError:  # a combination not seen before
            a, b, c = entries = parts.entry(found & _P0), parts.entry(found & _P1), parts.entry(found & _P2)
        total = a[0] + b[0] + c[0]
        if counts:  # the fans counted more than once add their value again
            for fan_id, n in counts.items():
                if found & BIT[fan_id]:
                    total += parts.values[ORDER[fan_id]] * (n - 1)
        return tuple.__new__(_Scored, (found, counts, log, total, entries))  # no Python __new__

    def _wait_fan(self, form: str, blocks: tuple, placements) -> int:
        """边张 / 嵌张 / 单钓将 (its bit, or 0) when the hand waits on one tile kind only (consensus, MIL; digest rows
        77-79) and the winning tile can sit in an edge chow, the middle of a chow, or the pair; one of them at most,
        the first in the table (边张, then 嵌张, then 单钓将: the lowest bit)."""
        win = self.win_tile
        shape = 0
        for i in placements:
            b = blocks[i]
            if b.kind == CHOW:
                t = b.tile
                if win == t + 1:
                    s = _KAN_ZHANG
                elif (win == t and t % 9 < 6) or (win == t + 2 and t % 9 > 0):
                    # 两面: the chow's other side (t + 3, or t - 1) completes these sets too, a second wait
                    return self._not_single(form)
                else:
                    s = _BIAN_ZHANG
            elif b.kind == PAIR:
                s = _DAN_DIAO_JIANG
            elif b.kind == PUNG:
                # 双碰: the pair completes these sets too (as a pung, this pung's tiles the pair), a second wait
                return self._not_single(form)
            else:
                continue
            if not shape or s < shape:
                shape = s
        if not shape:
            return 0
        if form == "knitted_straight":
            pattern = blocks[0].tile  # the knitted straight comes first
            in_pattern = win in KNITTED_PATTERNS[pattern]
            if in_pattern and self.opts["knitted_straight_waits"] == "wmcc_2006":
                return 0
            if self.counts[win] - in_pattern < 1:  # the winning tile is the pattern's only
                return 0
            dm, dp, ds = KNITTED_KEYS[pattern]  # the rest: a set and a pair, before the winning tile
            km, kp, ks, kz = self.hand.suit_keys
            return shape if waits_once((km - dm, kp - dp, ks - ds, kz), win) else 0
        if self._unique is None:
            hand = self.hand
            # the counts before the win, when they may wait as seven pairs: concealed, 7 kinds at most (8 with the
            # winning tile, if it is a kind they do not hold)
            before = None
            if not hand.melds and self.held.bit_count() <= 8:
                before = bytearray(self.counts)
                before[win] -= 1
            self._unique = waits_once(hand.suit_keys, win, before)
        return shape if self._unique else 0

    def _not_single(self, form: str) -> int:
        """A second wait was seen in a reading: no wait fan (for a regular reading, none for the hand: its waits are
        the same whatever the reading)."""
        if form == "regular":
            self._unique = False
        return 0


_BIAN_ZHANG, _KAN_ZHANG, _DAN_DIAO_JIANG = BIT["bian_zhang"], BIT["kan_zhang"], BIT["dan_diao_jiang"]
assert _BIAN_ZHANG < _KAN_ZHANG < _DAN_DIAO_JIANG  # table order: the one kept when the tile can take two places
_WU_FAN_HU, _QING_YI_SE = BIT["wu_fan_hu"], BIT["qing_yi_se"]


def _check_platform_flags(ctx: Context) -> None:
    """The platform flags MCR reads (``context_flags``) are true or false."""
    for flag in ("tian_ting", "hun_gang"):
        if flag in ctx.extra and not isinstance(ctx.extra[flag], bool):
            raise InputError("bad_context", f"'{flag}' is true or false, not {ctx.extra[flag]!r}")


_MELD_SHAPE = {"chi": 8, "pon": 8, "minkan": 9, "kakan": 9, "ankan": 1}


def _read_win_flags(
    ctx: Context, win: int, kong: bool, open_melds: int, in_hand: int, in_melds: int
) -> tuple[bool, int, tuple[str, ...]]:
    """The win flags of one combination: (self-drawn, the win fans, the notes).

    ``haitei`` (妙手回春) and ``rinshan`` (杠上开花) are self-draws by definition; ``houtei`` (海底捞月) and
    ``chankan`` (抢杠和) are wins on another player's tile."""
    tsumo = ctx.tsumo or ctx.haitei or ctx.rinshan
    if ctx.haitei and ctx.houtei:
        raise InputError(
            "bad_context",
            "haitei (妙手回春, self-draw of the last tile) and houtei (海底捞月, the last discard) exclude each other",
        )
    if (ctx.houtei or ctx.chankan) and tsumo:
        which = "houtei (海底捞月)" if ctx.houtei else "chankan (抢杠和)"
        raise InputError("bad_context", f"{which} is a win on another player's tile, not a self-draw")
    if ctx.rinshan and not kong:
        raise InputError("bad_context", "rinshan (杠上开花) needs a kong among the melds")
    if ctx.chankan and (in_melds or in_hand != 1):
        raise InputError(
            "bad_context",
            f"chankan (抢杠和): {tile_name(win)} cannot be robbed from a kong when the hand holds another copy of it",
        )
    notes = []
    # a robbed kong tile is always the last copy (the other three are in the kong); 抢杠和 excludes 和绝张
    last_copy = ctx.last_copy or ctx.chankan
    if last_copy and in_hand != 1:
        last_copy = False
        notes.append("和绝张 does not count: the hand holds another copy of the winning tile (consensus)")
    if in_melds == 3 and not last_copy:
        last_copy = True
        notes.append("和绝张: the other three copies of the winning tile are in the hand's own melds")
    key = (tsumo, open_melds == 0, open_melds == 4, last_copy, ctx.haitei, ctx.houtei, ctx.rinshan, ctx.chankan)
    return tsumo, win_fans(WinFacts(*key)), tuple(notes)


_WIN_READS: dict[int, tuple[bool, int, tuple[str, ...]]] = {}


def _result(
    rs: McrRules,
    hand: Hand,
    melds: tuple[str, ...],
    best: _Scored,
    form: str,
    blocks: tuple[Block, ...],
    opts: dict,
    tsumo: bool,
    why: list,
    notes: list[str],
) -> Result:
    a, b, c = best.parts  # the items of the fans, each counted once, in table order
    items = a[1] + b[1] + c[1]
    if best.counts:  # a fan counted more than once
        items = best.recount(items, _PARTS[opts["edition"]])
    fan_total = best.total
    flowers = len(hand.flowers)
    if flowers:
        items += (_flower_item(flowers),)
    total = fan_total + flowers
    min_fan = opts["min_fan"]
    winning = fan_total >= min_fan
    if blocks:
        decomposition = tuple([b.label for b in blocks])
    else:
        decomposition = (hand.text(),)  # the concealed tiles in mpsz
    exclusions = best.log  # each a shared, read-only dict (exclusions.py ``EXCLUSION``), all 不重复; a new list
    principles = {NON_REPEAT: PRINCIPLES[NON_REPEAT]} if exclusions else {}
    explain: dict = {
        "form": form,
        "fan_without_flowers": fan_total,
        "min_fan": min_fan,
        "edition": opts["edition"],
        "exclusions": exclusions,
    }
    if why:  # the set-level notes, and the set-level exclusions as (principle, fan, fan excluded)
        said = []
        for w in dict.fromkeys(why):
            if w.__class__ is tuple:
                principle, fan, other = w
                exclusions.append(EXCLUSION[fan, other, principle])
                principles[principle] = PRINCIPLES[principle]
            else:
                said.append(w)
        notes = notes + said
    if notes:
        explain["notes"] = list(dict.fromkeys(notes))
    if principles:
        explain["principles"] = principles
    fields = {
        "winning": winning,
        "decomposition": decomposition,
        "items": items,
        "fan": total,
        "points": POINTS[total << 1 | tsumo] if winning else None,  # payments(total, tsumo), read from its table
        "reason": None if winning else "below_minimum",
        "explain": explain,
        "rules": rs.name,
        "hand": hand.text(),
        "melds": melds,
    }
    return Result(**fields)


@lru_cache(maxsize=64)
def _flower_item(flowers: int) -> Item:
    return FANS["hua_pai"].item(count=flowers)


RULESET = McrRules()
