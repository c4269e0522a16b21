"""芜湖麻将 (Wuhu, Anhui): 支数, 押当, 嘴子, 交牌 under the 2468, 315 and 面对面 (mdm) schemes.

Everything here follows ../shared/rules/wuhu.md (the digest; § numbers below refer to it). A hand is scored as
底番 (by win type) + 支番 (by 支数 and 押) + 杠番 + 嘴子, unless it is a 交牌 (全交 / 大满贯), whose value replaces
底番 + 支番 + 嘴子 (W8). The four honour tiles are interchangeable and are all read as ``7z`` (W13).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..controls import text
from ..errors import InputError
from ..hand import Context, Hand, TileSet, parse_wind
from ..notes import said
from ..result import Item, Payment, Points, Result
from ..shapes import CHOW, PUNG, Reading, readings
from ..tiles import kind, tile_name
from ..waits import waits as find_waits
from . import ItemTable, Option
from .local import NO_CHI, LocalRuleSet, Scored, Win, counted, win_rows

_DOUBLE_SIHUO = said("double_sihuo")
_BAO_NOTE = said("bao_pays_all")
_DEALER_NOTE = said("dealer_share")


def _joined(names) -> dict[str, str]:
    """Items' names joined with " + " in each language (交牌's note: what made it)."""
    names = list(names)
    return {lang: " + ".join(n[lang] for n in names) for lang in ("en", "zh", "ja")}


HONOR = 33  # 7z: the one kind all four honour tiles are read as (§2, W13)
WIND_KINDS = (27, 28, 29, 30)
TILES_112 = TileSet("112", frozenset(range(27)) | frozenset((*WIND_KINDS, HONOR)))
SCHEMES = ("2468", "315", "mdm")
SEATS = ("E", "S", "W", "N")

# 底番 by win type and scheme (§4, §5, §6).
WIN_TYPES = ("pinghu", "yadang", "zimo", "zimo_yadang")
DI_FAN = {"2468": (2, 4, 6, 8), "315": (1, 2, 3, 4), "mdm": (1, 2, 3, 4)}
# 杠番 (明杠 = 直杠 or 补杠, 暗杠): 2468 footer "明杠+2 暗杠+4"; 315 remark "明杠+1，暗杠+2"; 面对面 "明杠：1；暗杠：2".
GANG_FAN = {"2468": (2, 4), "315": (1, 2), "mdm": (1, 2)}
# 嘴子 on a discard win / on a self-draw: 2468 "+5, 自摸嘴子翻倍"; 315 "平成+2，自摸+4"; 面对面 "5番, 自摸嘴子翻番".
ZUIZI_FAN = {"2468": (5, 10), "315": (2, 4), "mdm": (5, 10)}
# 315: 杠后开花 "明杠+4，暗杠+5（已包括杠）" = that kong's own 杠番 (1 or 2) + 3 for the 嘴子 itself.
GANGKAI_315 = 3

items = ItemTable()

# ---- 底番 (§3.4): exactly one of the four win types -------------------------------------------------------------
for _i, (_id, _zh, _en) in enumerate(
    (
        ("pinghu", "平胡", "Plain win"),
        ("yadang", "押当", "Closed-wait win"),
        ("zimo", "自摸", "Self-draw"),
        ("zimo_yadang", "自摸押当", "Self-drawn closed wait"),
    )
):
    items(
        _id,
        {s: DI_FAN[s][_i] for s in SCHEMES},
        en=_en,
        zh=_zh,
        kind="di_fan",
        doc=f"底番 of a {_zh} win; the 2468 table adds its 支番 to it, the dealer adds it once more (§4, §7).",
    )(None)

items(
    "zhi_fan",
    {
        "2468": "⌈n/2⌉ · ⌈(n+y)/2⌉ · n · n+y",
        "315": "round(2n/10) · round(2(n+y)/10) · round(4n/10) · round(4(n+y)/10)",
        "mdm": "as 2468",
    },
    en="Suit-count points",
    zh="支番",
    kind="zhi_fan",
    doc="支番 from 支数 n (tiles of the longest number suit, a kong counts 4) and 押 y, per win type in the order "
    "平胡 · 押当 · 自摸 · 自摸押当 (§4, §5, §6).",
)(None)
items(
    "minggang",
    {s: GANG_FAN[s][0] for s in SCHEMES},
    en="Exposed kong",
    zh="明杠",
    kind="gang",
    doc="Per 直杠 or 补杠 (minkan, kakan).",
)(None)
items(
    "angang", {s: GANG_FAN[s][1] for s in SCHEMES}, en="Concealed kong", zh="暗杠", kind="gang", doc="Per 暗杠 (ankan)."
)(None)


# ---- 嘴子 (§3.5): each distinct one counts once ------------------------------------------------------------------
def _zuizi(id: str, zh: str, en: str, doc: str):
    return items(id, {s: list(ZUIZI_FAN[s]) for s in SCHEMES}, en=en, zh=zh, kind="zuizi", doc=doc)


zuizi_won_on = win_rows(_zuizi, lambda r, f: (f.ctx, None))  # the 嘴子 of a win the context names (local.WINS)


@_zuizi("duiduihu", "对对胡", "All pungs", "Four pungs or kongs (the honour pung too) and a pair.")
def duiduihu(r: Reading, f: _Facts) -> bool:
    return all(b.is_triplet for b in r.sets)


@_zuizi("tongtian", "通天", "Pure straight", "123, 456 and 789 of one suit as three sequences.")
def tongtian(r: Reading, f: _Facts) -> bool:
    chows = {b.tile for b in r.sets if b.kind == CHOW}
    return any({s, s + 3, s + 6} <= chows for s in (0, 9, 18))


@_zuizi(
    "sihuo",
    "四活",
    "Four alive",
    "All four copies of a tile, not declared as a kong, used as a pung plus one tile of a sequence (3+1). "
    "Pair + two sequences (2+1+1) is 拉活 and does not count. Two such kinds = 双四活, still one 嘴子 (§3.5) "
    "and a 交牌 trigger of its own.",
)
def sihuo(r: Reading, f: _Facts) -> bool:
    return bool(sihuo_kinds(r))


@_zuizi("hunyise", "混一色", "Half flush", "One number suit plus at least one honour tile.")
def hunyise(r: Reading, f: _Facts) -> bool:
    return len(f.suits) == 1 and f.honors > 0


zuizi_won_on(
    "ganghou_kaihua",
    "rinshan",
    note="2468: 10 (W6); 315: +3, i.e. +4 / +5 with that 明杠 / 暗杠's own 杠番 (315 remark)",
    zh="杠后开花",
    en="Win on a kong replacement",
)


ZUIZI = ("duiduihu", "tongtian", "sihuo", "hunyise", "ganghou_kaihua")


def sihuo_kinds(r: Reading) -> list[int]:
    """Kinds used as a pung (concealed or 碰) and again inside a sequence: 四活 when one, 双四活 when two."""
    chow_tiles = {t for b in r.sets if b.kind == CHOW for t in b.tiles}
    return sorted(b.tile for b in r.sets if b.kind == PUNG and b.tile in chow_tiles)


# ---- 交牌 triggers (§3.6); `excludes` = the 嘴子 the trigger is made of (the others are "extra", +10 each, W8) ----
def _jiao(id: str, zh: str, en: str, doc: str, excludes: tuple = (), mdm: bool = True):
    return items(
        id,
        {"2468": 50, "315": [30, 40], "mdm": 10 if mdm else None},
        en=en,
        zh=zh,
        kind="jiao",
        excludes=excludes,
        doc=doc,
    )


jiao_won_on = win_rows(_jiao, lambda r, f, zz: (f.ctx, None))  # the 交牌 of a win the context names (local.WINS)


@_jiao("liang_zui", "两嘴", "Two mouths", "Two or more distinct 嘴子 (通天四活 is one case).", excludes=((ZUIZI, 2),))
def liang_zui(r: Reading, f: _Facts, zz: list[str]) -> bool:
    return len(zz) >= 2


@_jiao("qingyise", "清一色", "Full flush", "One number suit, no honour tile.")
def qingyise(r: Reading, f: _Facts, zz: list[str]) -> bool:
    return len(f.suits) == 1 and f.honors == 0


@_jiao("shuang_bazhi", "双八支", "Double eight", "At least 8 支 in one suit and two declared kongs of another suit.")
def shuang_bazhi(r: Reading, f: _Facts, zz: list[str]) -> bool:
    return any(f.suit_counts[a] >= 8 and f.kongs_by_suit[b] >= 2 for a in range(3) for b in range(3) if a != b)


@_jiao(
    "shuang_sihuo", "双四活", "Double four alive", "Two kinds each used as 3+1 (双四活 / 双四核).", excludes=("sihuo",)
)
def shuang_sihuo(r: Reading, f: _Facts, zz: list[str]) -> bool:
    return len(sihuo_kinds(r)) >= 2


@_jiao(
    "liangang_kaihua",
    "连杠开花",
    "Win after two kongs in a row",
    "Win on the replacement of a second consecutive kong (context second_kong). Not in the 面对面 list.",
    excludes=("ganghou_kaihua",),
    mdm=False,
)
def liangang_kaihua(r: Reading, f: _Facts, zz: list[str]) -> bool:
    return f.ctx.rinshan and f.second_kong


jiao_won_on("tianhu", "tenhou", note="315: 40", zh="天胡", en="Heavenly hand")


@_jiao("dihu", "地胡", "Earthly hand", "Context chiihou. 315: 30.")
def dihu(r: Reading, f: _Facts, zz: list[str]) -> bool:
    return f.ctx.chiihou


# 315 only (remark "混一色…自摸30；杠后开花押当30"): two special 交 worth 30, +10 per further 嘴子.
@_jiao(
    "hunyise_zimo",
    "混一色自摸",
    "Self-drawn half flush",
    "315 only: 混一色 self-drawn is 交 30.",
    excludes=("hunyise",),
    mdm=False,
)
def hunyise_zimo(r: Reading, f: _Facts, zz: list[str]) -> bool:
    return f.scheme == "315" and f.tsumo and "hunyise" in zz


@_jiao(
    "gangkai_yadang",
    "杠后开花押当",
    "Closed wait on a kong replacement",
    "315 only: 杠后开花 filling a 坎张 is 交 30.",
    excludes=("ganghou_kaihua",),
    mdm=False,
)
def gangkai_yadang(r: Reading, f: _Facts, zz: list[str]) -> bool:
    return f.scheme == "315" and "ganghou_kaihua" in zz and f.ya_of(r) > 0


JIAO = (
    "liang_zui",
    "qingyise",
    "shuang_bazhi",
    "shuang_sihuo",
    "liangang_kaihua",
    "tianhu",
    "dihu",
    "hunyise_zimo",
    "gangkai_yadang",
)
items(
    "jiaopai",
    {"2468": 50, "315": [30, 40], "mdm": None},
    en="Full hand",
    zh="交牌",
    kind="jiao",
    doc="A 交 replaces 底番 + 支番 + 嘴子; 杠番 still added, no dealer adjustment (W8). 2468: 50 (打法总结 '算50'); "
    "315: 30 平成 / 40 自摸, 天胡 40, 地胡 30, 混一色自摸 and 杠后开花押当 30. 面对面 instead adds +10 per trigger.",
)(None)
items(
    "jiao_extra",
    10,
    en="Each further mouth in a full hand",
    zh="每多1嘴子",
    kind="jiao",
    doc="+10 for every 嘴子 beyond the ones that made the 交 (315 remark, used for 2468 too: W8).",
)(None)
items(
    "tiandi_bonus",
    5,
    en="Heaven/earth bonus",
    zh="天/地胡加番",
    kind="option",
    doc="面对面 option tiandi_bonus: +5 on 天胡 or 地胡.",
)(None)
items(
    "gangkai_bonus",
    5,
    en="Kong-replacement bonus",
    zh="杠后开花加番",
    kind="option",
    doc="面对面 option gangkai_bonus: +5 on 杠后开花.",
)(None)


@dataclass(slots=True)
class _Facts:
    """What does not depend on the reading: 支数, suits, kongs and the win's context."""

    scheme: str
    bianzhang: bool
    win: int
    tsumo: bool
    ctx: Context
    second_kong: bool
    suit_counts: list[int]
    honors: int
    kongs_by_suit: list[int]
    gang: list[tuple[str, int]]  # (item id, count)
    suits: set[int] = field(default_factory=set)

    @property
    def zhi(self) -> int:
        """支数 (§3.2): the longest number suit, kongs counting 4, honours never."""
        return max(self.suit_counts)

    def ya_of(self, r: Reading) -> int:
        """押 (§3.3, W3): the rank of a win tile filling a 坎张 (and, with ya_includes_bianzhang, a 边张); else 0."""
        if r.wait == "kanchan" or (self.bianzhang and r.wait == "penchan"):
            return self.win % 9 + 1
        return 0


def zhi_fan(scheme: str, win_type: int, n: int, y: int) -> int:
    """支番 (§4 decoded 2468 table: "/2" rounds up; §5 315: ×2 or ×4, nearest ten, ÷10 — never a tie)."""
    x = n + y
    if scheme == "315":
        return (x * (4 if win_type >= 2 else 2) + 5) // 10
    return x if win_type >= 2 else (x + 1) // 2


@dataclass(frozen=True, slots=True)
class Value:
    """What a Wuhu win is worth to its payers: the total (番, × 底) and the 底番 that payments by or to the dealer
    add once more (0 for a 交牌, W8)."""

    total: int
    di_fan: int = 0


OPTIONS = (
    Option(
        "scheme",
        "2468",
        "scoring scheme: 2468 (seed 2468 table, GitHub '525'), 315 (seed 315 / 支数 tables), mdm (面对面 app)",
        SCHEMES,
        names=text("Scoring scheme", "计分方案", "点数方式"),
        help=text(
            "Which Wuhu table the hand is counted by",
            "按哪种芜湖计分表算",
            "どの蕪湖の点数表で数えるか",
        ),
        choice_names={
            "2468": text("2-4-6-8 table", "2468 表", "2468 表"),
            "315": text("3-15 table", "315 表", "315 表"),
            "mdm": text("Face-to-face app", "面对面", "面対面アプリ"),
        },
    ),
    Option(
        "honors",
        "red",
        "the four honour tiles: red (4 × 红中, write 7z) or winds (东南西北 one each; write 1z-4z or 7z)",
        ("red", "winds"),
        names=text("Honour tiles", "字牌", "字牌"),
        help=text(
            "The four interchangeable honour tiles: four Red Dragons or one of each wind",
            "四张可互换的字牌：四张红中，或东南西北各一张",
            "入れ替え可能な四枚の字牌：中四枚か東南西北一枚ずつ",
        ),
        choice_names={
            "red": text("Four Red Dragons", "四张红中", "中四枚"),
            "winds": text("One of each wind", "东南西北各一", "東南西北一枚ずつ"),
        },
    ),
    Option(
        "ya_includes_bianzhang",
        False,
        "押 also on an edge wait: 12→3 gives 押3, 89→7 gives 押7 (W3)",
        names=text("Edge wait counts as a closed wait", "边张也算押", "辺張も押とする"),
        help=text(
            "A win on 3 with 12, or on 7 with 89, counts like a closed wait",
            "12 和 3、89 和 7 也算押",
            "12で3、89で7の和了も押とする",
        ),
    ),
    Option(
        "dianpao_hu",
        True,
        "可点炮胡: discard wins allowed; off = self-draw only (§2)",
        names=text("Wins on a discard", "可点炮胡", "ロン和了あり"),
        help=text(
            "A hand may win on a discard; off: self-draw only",
            "可以和别人打出的牌；关闭则只能自摸",
            "ロン和了を認める（なしならツモのみ）",
        ),
    ),
    Option(
        "all_three_pay",
        False,
        "胡牌赢3家: all three others pay on every win, discard wins too (§7)",
        names=text("All three pay", "胡牌赢三家", "三家払い"),
        help=text(
            "All three other players pay on every win, a win on a discard too",
            "每次和牌其他三家都付，点炮也一样",
            "ロン和了でも他の三人全員が払う",
        ),
    ),
    Option(
        "tiandi_bonus",
        False,
        "面对面 天/地胡加番: +5 on 天胡 / 地胡 (§6)",
        names=text("Heavenly and earthly hands +5", "天地胡加番", "天胡・地胡に5番"),
        help=text(
            "Face-to-face app: the heavenly and earthly hands add 5",
            "面对面：天胡、地胡加 5 番",
            "面対面アプリ：天胡・地胡で5番を加える",
        ),
    ),
    Option(
        "gangkai_bonus",
        False,
        "面对面 杠后开花加番: +5 on 杠后开花 (§6)",
        names=text("Win after a kong +5", "杠后开花加番", "槓後開花に5番"),
        help=text(
            "Face-to-face app: a win on a kong replacement adds 5",
            "面对面：杠后开花加 5 番",
            "面対面アプリ：槓後開花で5番を加える",
        ),
    ),
)


class Wuhu(LocalRuleSet):
    name = "wuhu"
    names = {"en": "Wuhu", "zh": "芜湖麻将", "ja": "蕪湖麻雀"}
    tile_set = TILES_112
    items = items
    melds = NO_CHI
    meld_rule = "可碰可杠、不准吃牌 (§2)"
    flags = (
        Option(
            "discarder",
            None,
            "the seat wind of the discarder",
            read=lambda v: parse_wind(v, "discarder"),
            type="wind",
            names=text("Discarder", "放炮者", "放銃者"),
            help=text(
                "The seat of the player who discarded the winning tile", "打出和牌张的人的座位", "和了牌を捨てた人の席"
            ),
        ),
        Option(
            "bao",
            None,
            "the seat wind of the player liable under 包牌 (W10)",
            read=lambda v: parse_wind(v, "bao"),
            type="wind",
            names=text("Liable player", "包牌者", "包牌者"),
            help=text(
                "The seat of the player who must pay every share (包牌)",
                "要包赔全部的人的座位（包牌）",
                "全額を払う責任のある人の席（包牌）",
            ),
        ),
        Option(
            "second_kong",
            False,
            "连杠开花: the win is on the replacement of a second kong in a row",
            (True, False),
            type="bool",
            names=text("Win after a second kong", "连杠开花", "連槓開花"),
            help=text(
                "The win came on the replacement after a second kong in a row",
                "连续开两个杠后补牌和牌",
                "続けて二つ目の槓をした後の嶺上牌で和了",
            ),
        ),
    )
    self_draw_wins = {"rinshan": "杠后开花", "tenhou": "天胡"}
    reasons = ("not_winning", "too_few_suit_tiles", "discard_win_not_allowed")
    doc = (
        "112 tiles (108 suited + four interchangeable honour tiles, written 7z). No chi. Four sets and a pair "
        "only; at least 8 tiles of one number suit (八支). Score = 底番 + 支番 + 杠番 + 嘴子, or a 交牌. Context: "
        "tsumo, seat_wind (E = dealer), rinshan (杠后开花), tenhou, chiihou, "
        "discarder (seat wind of the discarder), bao (seat wind of the player liable under 包牌), second_kong "
        "(连杠开花). Payments are in 番 (× 底)."
    )
    options = OPTIONS
    context_fields = ("tsumo", "seat_wind", "rinshan", "tenhou", "chiihou")

    # ---- input ------------------------------------------------------------------------------------------------
    def prepare(self, hand: Hand, opts: dict) -> Hand:
        """Check the melds and the honour tiles against the honour set, and read them all as 7z (§2, W13)."""
        hand = super().prepare(hand, opts)
        for m in hand.melds:
            if any(kind(t) in WIND_KINDS for t in m.tiles):
                raise InputError(
                    "bad_meld", f"meld '{m}': write honour melds as 7z (the four honour tiles are interchangeable)"
                )
        every = [kind(t) for t in hand.all_tiles()]
        winds = [t for t in every if t in WIND_KINDS]
        if winds and opts["honors"] == "red":
            raise InputError(
                "bad_tile",
                f"{tile_name(winds[0])}: the honour tiles are four 红中 (7z); set option "
                "honors=winds to play with 东南西北",
            )
        for w in set(winds):
            if winds.count(w) > 1:
                raise InputError(
                    "too_many_copies",
                    f"{tile_name(w)} appears {winds.count(w)} times; the wind set "
                    "has one of each (write 7z for any honour tile)",
                )
        n_honors = sum(1 for t in every if t >= 27)
        if n_honors > 4:
            raise InputError("too_many_copies", f"{n_honors} honour tiles; the set has four")

        def norm(t: int) -> int:
            return HONOR if kind(t) >= 27 else kind(t)

        win = None if hand.win_tile is None else norm(hand.win_tile)
        return Hand(tuple(norm(t) for t in hand.concealed), hand.melds, win, hand.flowers)

    def readings(self, hand: Hand, opts: dict) -> list[Reading]:
        return readings(hand, seven_pairs=False, thirteen_orphans=False)

    def waits(self, hand: Hand, opts: dict) -> list[int]:
        """The tiles that complete the hand with 八支 (at least 8 tiles of one suit, kongs counting 4, §3.2): a
        hand without it cannot win."""
        h = self.prepare(hand, opts)
        suit = [0, 0, 0]
        for t in h.all_tiles():
            if kind(t) < 27:
                suit[kind(t) // 9] += 1
        found = find_waits(h, kinds=sorted(range(27)) + [HONOR], seven_pairs=False, thirteen_orphans=False)
        return [t for t in found if max(n + (t < 27 and t // 9 == s) for s, n in enumerate(suit)) >= 8]

    def check_context(self, hand: Hand, ctx: Context, flags: dict, opts: dict) -> None:
        for key in ("discarder", "bao"):
            if flags[key] is not None and flags[key] == ctx.seat_wind:
                raise InputError("bad_context", f"{key} {flags[key]} is the winner's own seat")
        if flags["second_kong"] and (not ctx.rinshan or sum(m.is_kong for m in hand.melds) < 2):
            raise InputError("bad_context", "second_kong (连杠开花) needs rinshan and two kongs")
        if ctx.tenhou and not ctx.is_dealer:
            raise InputError("bad_context", "tenhou (天胡) is the dealer's (seat_wind E) self-drawn first hand")
        if flags["discarder"] is not None and ctx.tsumo:
            raise InputError("bad_context", "discarder is given for a self-drawn win")

    # ---- scoring -----------------------------------------------------------------------------------------------
    def hand_facts(self, win: Win) -> _Facts:
        h, ctx = win.hand, win.ctx
        suit_counts = [0, 0, 0]
        honors = 0
        for t in h.all_tiles():
            if t >= 27:
                honors += 1
            else:
                suit_counts[t // 9] += 1
        kongs_by_suit = [0, 0, 0]
        for m in h.melds:
            if m.is_kong and m.first < 27:
                kongs_by_suit[m.first // 9] += 1
        n_an = sum(1 for m in h.melds if m.kind == "ankan")
        n_ming = sum(1 for m in h.melds if m.kind in ("minkan", "kakan"))
        return _Facts(
            win.opts["scheme"],
            win.opts["ya_includes_bianzhang"],
            kind(h.win_tile),
            ctx.tsumo,
            ctx,
            win.flags["second_kong"],
            suit_counts,
            honors,
            kongs_by_suit,
            [(i, n) for i, n in (("minggang", n_ming), ("angang", n_an)) if n],
            {s for s in range(3) if suit_counts[s]},
        )

    def score_reading(self, r: Reading, f: _Facts, win: Win) -> Scored:
        opts = win.opts
        scheme = f.scheme
        ya = f.ya_of(r)
        wt = (2 if f.tsumo else 0) + (1 if ya else 0)
        type_id = WIN_TYPES[wt]
        difan = DI_FAN[scheme][wt]
        zfan = zhi_fan(scheme, wt, f.zhi, ya)
        out: list[Item] = [
            items[type_id].item(difan),
            items["zhi_fan"].item(zfan, note=said("zhi_and_ya", zhi=f.zhi, ya=ya)),
        ]
        gang_ids = {"minggang": 0, "angang": 1}
        gang_items = [items[i].item(GANG_FAN[scheme][gang_ids[i]], count=n) for i, n in f.gang]
        gang_total = sum(it.value * it.count for it in gang_items)
        zz = [z for z in ZUIZI if items[z].check(r, f)]
        zfan_each = ZUIZI_FAN[scheme][1 if f.tsumo else 0]
        zz_items = [
            items[z].item(
                GANGKAI_315 if scheme == "315" and z == "ganghou_kaihua" else zfan_each,
                note=_DOUBLE_SIHUO if z == "sihuo" and len(sihuo_kinds(r)) > 1 else None,
            )
            for z in zz
        ]
        normal = difan + zfan + gang_total + sum(it.value for it in zz_items)
        triggers = [j for j in JIAO if items[j].check(r, f, zz)]
        bonus: list[Item] = []
        if opts["tiandi_bonus"] and (f.ctx.tenhou or f.ctx.chiihou):
            bonus.append(items["tiandi_bonus"].item())
        if opts["gangkai_bonus"] and "ganghou_kaihua" in zz:
            bonus.append(items["gangkai_bonus"].item())
        jiao = False
        if scheme == "mdm":
            # 面对面: 全交 +10 each, added to the normal value (§6).
            quan = [items[j].item(10) for j in triggers if items[j].value["mdm"] is not None]
            total_items = out + gang_items + zz_items + quan + bonus
        elif triggers:
            jiao = True
            _, value, trig, extra = max(_jiao_value(j, f, zz) for j in triggers)
            jitem = items["jiaopai"].item(value, note=said("jiaopai_of", items=_joined(items[j].names for j in trig)))
            total_items = [jitem] + ([items["jiao_extra"].item(count=extra)] if extra else []) + gang_items + bonus
        else:
            total_items = out + gang_items + zz_items + bonus
        total = sum(it.value * (it.count or 1) for it in total_items)
        explain = {
            "scheme": scheme,
            "zhi": f.zhi,
            "ya": ya or None,
            "type": type_id,
            "difan": difan,
            "zhifan": zfan,
            "gang": gang_total,
            "zuizi": zz,
            "jiao": triggers,
            "normal_total": normal,
            "total": total,
        }
        return Scored(
            r, tuple(total_items), total, f, {"explain": explain, "value": Value(total, 0 if jiao else difan)}
        )

    def finish(self, win: Win, best: Scored) -> Result:
        fields = {"fan": best.key, "explain": best.info["explain"]}
        if best.facts.zhi < 8:
            return self.refuse(win, "too_few_suit_tiles", best, reason_fields={"zhi": best.facts.zhi}, **fields)
        if not win.ctx.tsumo and not win.opts["dianpao_hu"]:
            return self.refuse(win, "discard_win_not_allowed", best, **fields)
        return self.won(win, best, self.payments(best.info["value"], win.ctx, win.opts), **fields)

    def payments(self, value: Value, ctx: Context, opts: dict) -> Points:
        """§7: the discarder pays on a discard win, each other player on a self-draw (all three with
        all_three_pay); payments by or to the dealer add the 底番 once more (2468, 315; not on a 交牌, W8);
        包牌: the liable player pays every share (W10). Payers are seat winds (``discarder`` when not given)."""
        flags = self.flag_values(ctx)
        winner = ctx.seat_wind
        adjust = opts["scheme"] != "mdm" and value.di_fan > 0

        def share(payer: str | None) -> int:
            dealer_involved = winner == "E" or payer == "E"
            return value.total + (value.di_fan if adjust and dealer_involved else 0)

        others = [p for p in SEATS if p != winner]
        if ctx.tsumo or opts["all_three_pay"]:
            shares = [(p, share(p)) for p in others]
        else:
            d = flags["discarder"]
            shares = [(d or "discarder", share(d))]
        if flags["bao"] is not None:
            amount = sum(a for _, a in shares)
            pays = (Payment(flags["bao"], amount, _BAO_NOTE),)
        else:
            pays = tuple(Payment(p, a, _DEALER_NOTE if p == "E" else None) for p, a in shares)
        got = sum(p.amount for p in pays)
        extra = {"dealer_total": value.total + value.di_fan} if adjust else {}
        return Points(got, got, pays, extra)


def _jiao_value(j: str, f: _Facts, zz: list[str]) -> tuple[int, int, tuple[str, ...], int]:
    """(value, base, trigger, extra) of a 交 made by trigger ``j``: base + 10 per 嘴子 it does not exclude (the
    ones it is made of, W8)."""
    further = counted([(items[j], 1), *((items[z], 1) for z in zz)])[1:]
    extra = len(further)
    if f.scheme == "2468":
        base = 50  # 打法总结 "…都属于大满贯，俗称交牌。算50"
    elif j == "tianhu":
        base = 40  # 315 remark "天胡40，地胡30"
    elif j in ("dihu", "hunyise_zimo", "gangkai_yadang"):
        base = 30
    else:
        base = 40 if f.tsumo else 30  # "2个嘴子或者清一色为交牌，平成30，自摸40"
    return base + 10 * extra, base, (j,), extra


RULESET = Wuhu()
