"""Chinese Official Mahjong (MCR, 国标麻将): the 81 fans, the scoring principles, flowers, the 8-fan minimum, payments.

Digest: ../shared/rules/mcr_fans.md (the consensus reading of 国标麻将规则释义 / ChineseOfficialMahjongHelper, which
PyMahjongGB follows, is the default; ``edition: green_book_2006`` applies the differences the digest lists).
Every reading of the hand is scored and the highest total kept (就高不就低).

- fans.py        one row per fan: value, names, group, 不计 list, and its predicate
- division.py    the facts the set and form rows read: the hand's, one division's, and its sets' (``Sets``)
- patterns.py    the set rows' answers kept per pattern of sets (``set_fans``)
- exclusions.py  the principles 不重复 不拆移 不得相同 套算一次 就高不就低 as code
- waits.py       does the hand wait on one kind only (边张 嵌张 单钓将)
- payments.py    8 + fan from the discarder (8 from the others), or 8 + fan from each on a self-draw

A set of fans is a bit mask in table order (fans.py ``BIT``), so 不重复 and the totals are bit operations. What
depends on a small pattern only is worked out once per pattern and kept, private to MCR behind plain functions: the
tile fans per tile facts (``fans.tile_fans``), the win fans per win flags (``_win_flags``), the set rows' answers and
combinations per division's sets (``patterns.set_fans``, of at most 65,536 patterns), the combination fans of a
group of chows or pungs (``exclusions.combine_sets``), a suit's waits per its counts (``waits.waits_once``), the
不重复 of a set of fans (``exclusions.NonRepeat``), the principles applied to the fans a division found
(``_Principles``), the items and value of a part of the fan table (``_Parts``), the payments per total. Nothing is kept per hand.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from types import MappingProxyType
from typing import NamedTuple

from ... import shapes
from ...controls import text
from ...errors import InputError
from ...hand import TILES_144, Context, Hand
from ...notes import explained, said
from ...result import Item, Result, Shared
from ...shapes import Block
from ...tiles import KIND, tile_name
from .. import Option, RuleSet, add_reason_words
from .division import Division, HandFacts
from .exclusions import (
    EXCLUSION,
    NON_REPEAT,
    PRINCIPLES,
    Log,
    NonRepeat,
    exclusion_table,
    non_repeat,
)
from .fans import (
    BIT,
    EXTRA_ROWS,
    FANS,
    FORM_ROWS,
    IDS,
    ORDER,
    WinFacts,
    fan_dict,
    rows,
    tile_fans,
    win_fans,
)
from .patterns import set_fans
from .payments import POINTS

__all__ = ["RULESET", "McrRules"]

EDITIONS = ("consensus", "green_book_2006")

OPTIONS = (
    Option(
        "edition",
        "consensus",
        "consensus: 国标麻将规则释义 / ChineseOfficialMahjongHelper (PyMahjongGB); "
        "green_book_2006: 双暗杠 8, 明暗杠 6, 不求人 with a self-drawn 四暗刻 / 七对 / 全不靠 (digest, secondhand)",
        EDITIONS,
        names=text("Edition", "版本", "版"),
        help=text(
            "Which reading of the rulebook: the common consensus or the 2006 Green Book",
            "按哪种规则解读：通行解读或 2006 年绿皮书",
            "規則の解釈：通行の解釈か2006年のグリーンブック",
        ),
        choice_names={
            "consensus": text("Consensus (rulebook commentary)", "通行解读 (规则释义)", "通行の解釈（規則釈義）"),
            "green_book_2006": text("Green Book 2006", "2006 绿皮书", "2006年グリーンブック"),
        },
    ),
    Option(
        "platform_extras",
        False,
        "联众 / 天津 extras: 天和 168, 地和 158, 人和 108, 四方大发 168, 混杠 88, 天听 32 (seed 000)",
        names=text("Online platform extras", "联众扩展番种", "聯衆の追加役"),
        help=text(
            "Blessings of heaven, earth and man, Big Four Winds with Green, joker kong and heavenly ready",
            "天和、地和、人和、四方大发、混杠、天听",
            "天和・地和・人和・四方大発・混槓・天聴を採用",
        ),
    ),
    Option(
        "min_fan",
        8,
        "the fans a hand needs to win, flowers not counted",
        names=text("Minimum fan", "起和番", "最低番数"),
        help=text(
            "How many fan a hand needs to win, flowers not counted",
            "和牌至少需要的番数（不计花牌）",
            "和了に必要な番数（花牌は数えない）",
        ),
        minimum=0,
    ),
    Option(
        "knitted_straight_waits",
        "consensus",
        "边张 / 嵌张 / 单钓将 with 组合龙 when the winning tile also "
        "completes the knitted straight: consensus counts them, wmcc_2006 does not (Sloperama #296)",
        ("consensus", "wmcc_2006"),
        names=text("Waits in a knitted straight", "组合龙的和牌张番", "組合龍の待ちの番"),
        help=text(
            "Whether edge, closed and single waits count when the tile completes the knitted straight",
            "和牌张补成组合龙时是否还计边张、嵌张、单钓将",
            "組合龍を完成させる牌でも辺張・嵌張・単釣将を数えるか",
        ),
        choice_names={
            "consensus": text("Counted (consensus)", "计 (通行解读)", "数える（通行の解釈）"),
            "wmcc_2006": text("Not counted (WMCC 2006)", "不计 (2006 世锦赛)", "数えない（2006年世界選手権）"),
        },
    ),
)

FLAGS = (  # the rule set's own context fields, declared as the options are
    Option(
        "tian_ting",
        False,
        "天听: ready on the dealt hand (with option platform_extras)",
        names=text("Heavenly ready", "天听", "天聴"),
        help=text(
            "Ready on the dealt hand (with the online platform extras)",
            "起手即听牌（联众扩展番种）",
            "配牌で聴牌（聯衆の追加役）",
        ),
    ),
    Option(
        "hun_gang",
        False,
        "混杠: a kong that includes jokers (with option platform_extras)",
        names=text("Joker kong", "混杠", "混槓"),
        help=text(
            "A kong that includes jokers (with the online platform extras)",
            "含混儿的杠（联众扩展番种）",
            "混児を含む槓（聯衆の追加役）",
        ),
    ),
)
# blessings of heaven, earth and man count with ``platform_extras``
CONTEXT_FIELDS = (
    "tsumo",
    "seat_wind",
    "round_wind",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "last_copy",
    "flowers",
    "tenhou",
    "chiihou",
    "renhou",
)
PRESET_NAMES = {"green_book_2006": text("Green Book 2006", "2006 绿皮书", "2006年グリーンブック")}

PRESETS = {"green_book_2006": {"edition": "green_book_2006", "knitted_straight_waits": "wmcc_2006"}}

# The Green Book reportedly lets 不求人 stand beside these when self-drawn (digest rows 12, 19, 34).
_GB2006_KEEPS_FULLY_CONCEALED = ("si_an_ke", "qi_dui", "quan_bu_kao")


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


class _Scored(NamedTuple):
    """A division's fans once the principles have run: what counts (a mask, fans.py ``BIT``), how many times the
    repeated ones count (read-only), the exclusions applied, the total, the items (in table order, a repeated fan
    with its count), and the values of the fans counted from the highest down (就高不就低 compares them after the
    total). Shared by every division that found the same fans (``_Principles``), so nothing in it is changed."""

    fans: int
    counts: Mapping[str, int]
    log: tuple[Shared, ...]
    total: int
    items: tuple[Item, ...]
    values: tuple[int, ...]


class _Principles(dict):
    """One edition's principles applied to the fans a division found: (the fans found, a mask; the fans counted more
    than once as (id, count)) -> their ``_Scored``. The same fans found always score the same, and far fewer sets of
    fans are found than hands, so each is worked out once (``applied``) and kept: at most ``LIMIT``, then the table
    begins again."""

    LIMIT = 1 << 16

    def __init__(self, edition: str) -> None:
        super().__init__()
        self.excluded = _NON_REPEAT[edition]
        self.parts = _PARTS[edition]

    def __missing__(self, key: tuple[int, tuple[tuple[str, int], ...]]) -> _Scored:
        if len(self) >= self.LIMIT:
            self.clear()
        scored = self[key] = self.applied(*key)
        return scored

    def applied(self, found: int, repeated: tuple[tuple[str, int], ...]) -> _Scored:
        """不重复 (``non_repeat``), then 无番和 when nothing else counts, then the total."""
        counts = dict(repeated)  # a fan missing counts once
        log: Log = []
        excluded = self.excluded
        removes = excluded[found & excluded.implying]  # 不重复, worked out per implying fans found
        if removes is None:
            found = non_repeat(found, counts, log, excluded.table)
        elif found & removes[0]:
            for bit, entry in removes[1]:
                if bit & found:
                    log.append(entry)
            found &= ~removes[0]
        if _NO_OTHER_FAN(found):
            found = _WU_FAN_HU  # 无番和: nothing else counts (flowers are added afterwards)
        parts = self.parts
        a, b, c = parts.entry(found & _P0), parts.entry(found & _P1), parts.entry(found & _P2)
        total = a[0] + b[0] + c[0]
        items = a[1] + b[1] + c[1]  # each fan once
        for fan_id, n in counts.items():  # the fans counted more than once add their value again
            if found & BIT[fan_id]:
                total += parts.values[ORDER[fan_id]] * (n - 1)
        if counts:
            items = tuple(parts.item(ORDER[i.id], counts[i.id]) if counts.get(i.id, 1) > 1 else i for i in items)
        values = tuple(sorted([parts.values[i] for i in rows(found)], reverse=True))
        return _Scored(found, MappingProxyType(counts), tuple(log), total, items, values)


_WU_FAN_HU = BIT["wu_fan_hu"]
_FLOWERS = FANS["hua_pai"].check
_NO_OTHER_FAN = FANS["wu_fan_hu"].check
_PARTS = {e: _Parts(e) for e in EDITIONS}
_P0, _P1, _P2 = _Parts.PARTS
_PRINCIPLES = {e: _Principles(e) for e in EDITIONS}


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
    flags = FLAGS
    context_fields = CONTEXT_FIELDS
    preset_names = PRESET_NAMES
    items = FANS

    def forms(self, opts: dict) -> dict:
        # 七对 with four of a kind as two pairs (consensus, 四归一 counts); 全不靠 / 七星不靠 / 组合龙
        return dict(_FORMS)

    def score(self, hand: Hand, ctx: Context, opts: dict) -> Result:
        melds = hand.meld_texts
        divisions = shapes.divisions(hand, **_FORMS)
        if not divisions:
            self.check_win_context(hand, ctx, opts)  # bad input is an error whatever the tiles (_Scorer checks a win)
            return self.not_winning(hand)
        notes: list[str] = []
        scorer = _Scorer(hand, ctx, opts, notes)
        best = None
        for form_, blocks_, placements in divisions:
            said: list = []
            scored = scorer.score(form_, blocks_, placements, said)
            # 就高不就低: the highest total; between equal totals, the one with the bigger single fans
            if (
                best is None
                or scored.total > best.total
                or (scored.total == best.total and scored.values > best.values)
            ):
                best, form, blocks, why = scored, form_, blocks_, said
        assert best is not None
        return _result(self, hand, melds, best, form, blocks, opts, scorer.tsumo, why, notes)

    def check_win_context(self, hand: Hand, ctx: Context, opts: dict) -> None:
        """The platform flags and the win flags (``_check_win_flags``); the chankan and last-copy facts read the
        winning tile and stay with ``_win_flags``."""
        if ctx.extra:
            _check_platform_flags(ctx)
        flags = (ctx.tsumo, ctx.haitei, ctx.houtei, ctx.rinshan, ctx.chankan, ctx.last_copy)
        _check_win_flags(flags, any(m.is_kong for m in hand.melds))

    def divisions(self, hand: Hand, ctx: Context, opts: dict) -> list[tuple[int, dict[str, int]]]:
        """Every division's total and fans (flowers aside), the candidates 就高不就低 chooses from."""
        scorer = _Scorer(hand, ctx, opts, [])
        out = []
        for division in shapes.divisions(hand, **_FORMS):
            scored = scorer.score(*division, [])
            out.append((scored.total, fan_dict(scored.fans, scored.counts)))
        return out


class _Scorer:
    """Scores the divisions of one hand. What is the same for all of them is found once: the hand's facts
    (``division.HandFacts``), its tile and win fans, the edition's tables."""

    def __init__(self, hand: Hand, ctx: Context, opts: dict, notes: list[str]) -> None:
        """``notes``: what the win flags say beside the fans."""
        win = KIND[hand.win_tile]
        in_hand = hand.counts34[win]
        in_melds = hand.all_counts[win] - in_hand  # the copies of the winning tile in the melds
        if ctx.extra:
            _check_platform_flags(ctx)
        melds = hand.melds
        tsumo, common, said = _win_flags(
            (ctx.tsumo, ctx.haitei, ctx.houtei, ctx.rinshan, ctx.chankan, ctx.last_copy),
            win,
            any([m.is_kong for m in melds]) if melds else False,
            sum([m.is_open for m in melds]) if melds else 0,
            in_hand,
            in_melds,
        )
        notes.extend(said)
        self.facts = HandFacts(hand, ctx, opts, tsumo)
        self.tsumo = tsumo
        self.common = common | tile_fans(hand.kinds_held)
        self.extras = EXTRA_ROWS if opts["platform_extras"] else ()
        self.principles = _PRINCIPLES[opts["edition"]]
        self.parts = _PARTS[opts["edition"]]

    def score(self, form: str, blocks: tuple[Block, ...], placements: tuple[int, ...], why: list) -> _Scored:
        """One division: its fans found (the rows of its form, then the combinations of its chows and of its pungs
        under the principles), then 不重复 applied (``non_repeat``). ``why`` collects what the rows said and the
        combinations the principles removed."""
        d = Division(self.facts, form, blocks, placements)
        found, repeated, said = set_fans(d.key)  # the set rows and the combinations, kept per pattern of sets
        found |= self.common
        counts = dict(repeated)  # the fans counted more than once (a fan missing counts once)
        for bit, fan_id, check in FORM_ROWS[form]:
            n = check(d)
            if n:
                found |= bit
                if n > 1:
                    counts[fan_id] = n
        for bit, _, check in self.extras:
            if check(d):
                found |= bit
        if said:
            why += said
        return self.principles[found, tuple(counts.items())]  # the principles, kept per fans found


def _check_platform_flags(ctx: Context) -> None:
    """The platform flags MCR reads (``context_flags``) are true or false."""
    for flag in ("tian_ting", "hun_gang"):
        if flag in ctx.extra and not isinstance(ctx.extra[flag], bool):
            raise InputError("bad_context", f"'{flag}' is true or false, not {ctx.extra[flag]!r}")


def _check_win_flags(flags: tuple[bool, bool, bool, bool, bool, bool], kong: bool) -> bool:
    """The win flags (``_win_flags``'s) that exclude each other, or need a kong, refused; whether the win is
    self-drawn (``tsumo``, or ``haitei`` / ``rinshan``, self-draws by definition)."""
    self_drawn, haitei, houtei, rinshan, chankan, _ = flags
    tsumo = self_drawn or haitei or rinshan
    if haitei and houtei:
        raise InputError(
            "bad_context",
            "haitei (妙手回春, self-draw of the last tile) and houtei (海底捞月, the last discard) exclude each other",
        )
    if (houtei or chankan) and tsumo:
        which = "houtei (海底捞月)" if houtei else "chankan (抢杠和)"
        raise InputError("bad_context", f"{which} is a win on another player's tile, not a self-draw")
    if rinshan and not kong:
        raise InputError("bad_context", "rinshan (杠上开花) needs a kong among the melds")
    return tsumo


@cache
def _win_flags(
    flags: tuple[bool, bool, bool, bool, bool, bool], win: int, kong: bool, open_melds: int, in_hand: int, in_melds: int
) -> tuple[bool, int, tuple[str, ...]]:
    """The win flags (tsumo, haitei, houtei, rinshan, chankan, last_copy) of a hand winning on ``win`` with a kong or
    not, ``open_melds`` melds not concealed and the winning tile's other copies in hand and in its melds: (self-drawn,
    the win fans, the notes). Kept per combination (an impossible one raises and is not kept).

    ``haitei`` (妙手回春) and ``rinshan`` (杠上开花) are self-draws by definition; ``houtei`` (海底捞月) and
    ``chankan`` (抢杠和) are wins on another player's tile."""
    self_drawn, haitei, houtei, rinshan, chankan, last_copy = flags
    tsumo = _check_win_flags(flags, kong)
    if chankan and (in_melds or in_hand != 1):
        raise InputError(
            "bad_context",
            f"chankan (抢杠和): {tile_name(win)} cannot be robbed from a kong when the hand holds another copy of it",
        )
    notes = []
    # a robbed kong tile is always the last copy (the other three are in the kong); 抢杠和 excludes 和绝张
    last_copy = last_copy or chankan
    if last_copy and in_hand != 1:
        last_copy = False
        notes.append(said("last_copy_held"))
    if in_melds == 3 and not last_copy:
        last_copy = True
        notes.append(said("last_copy_in_melds"))
    facts = WinFacts(tsumo, open_melds == 0, open_melds == 4, last_copy, haitei, houtei, rinshan, chankan)
    return tsumo, win_fans(facts), tuple(notes)


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
    items = best.items
    fan_total = best.total
    flowers = _FLOWERS(hand)
    if flowers:
        items += (_flower_item(flowers),)
    total = fan_total + flowers
    min_fan = opts["min_fan"]
    winning = fan_total >= min_fan
    if blocks:
        decomposition = tuple([b.label for b in blocks])
    else:
        decomposition = (hand.text(),)  # the concealed tiles in mpsz
    exclusions = list(best.log)  # each a shared, read-only dict (exclusions.py ``EXCLUSION``), all 不重复
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
        explain.update(explained(notes))
    if principles:
        explain["principles"] = principles
    if not winning:
        add_reason_words(explain, "below_minimum")
    return Result(
        winning=winning,
        decomposition=decomposition,
        items=items,
        fan=total,
        points=POINTS[total << 1 | tsumo] if winning else None,  # payments(total, tsumo), read from its table
        reason=None if winning else "below_minimum",
        explain=explain,
        rules=rs.name,
        hand=hand.text(),
        melds=melds,
    )


@lru_cache(maxsize=64)
def _flower_item(flowers: int) -> Item:
    return FANS["hua_pai"].item(count=flowers)


RULESET = McrRules()
