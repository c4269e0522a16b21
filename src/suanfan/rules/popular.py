"""常用麻将算番规则表 (the "popular" additive 番 table): the printed part of the table, with its exclusions.

Digest: ../shared/rules/generic_popular.md (seed 000, section 常用麻将算番规则表). The seed copy stops after 五门齐;
the lost tail (G1) is not invented. Every applicable 番 is added; a row's ``excludes`` lists what it switches off:
the printed "不算…" (only those that name a printed row can act: 门清, 缺门, 单调, 断幺, 五将, 缺字 are in the lost
tail) and the implied patterns of §4 / G2 (a higher pattern is not also counted as the lower one it contains).
穷胡 (7) is the win for which no other 番 applies. The best reading of the hand is kept (§4).

Context: ``tsumo``, ``seat_wind`` (E = dealer), ``tenhou`` (天胡), ``chiihou`` (地胡: a non-dealer wins on the dealer's
first discard, G5) and ``declared`` (扣听, the ready hand declared on the dealer's first discard).
"""

from __future__ import annotations

from ..errors import InputError
from ..hand import Context, Hand, TileSet
from ..result import Payment, Points, Result
from ..shapes import KNITTED_PATTERNS, PAIR, Reading, is_honors_knitted, readings
from ..tiles import DRAGONS, WINDS, kind
from . import ItemTable
from .local import LocalRuleSet, Rows, Scored, View, Win, win_rows

TILES_136_PLAIN = TileSet("136", frozenset(range(34)))  # no red fives, no flowers in this table

items = ItemTable()


def fan(id: str, value: int, *, zh: str, en: str, ja: str | None = None, excludes: tuple[str, ...] = (), doc: str = ""):
    return items(id, value, zh=zh, en=en, ja=ja, doc=doc, excludes=list(excludes))


won_on = win_rows(fan, lambda v: (v.ctx, None))  # the rows of the wins the context names (local.WINS)


won_on("tianhu", "tenhou", note="不算不求人", value=30, zh="天胡", en="Heavenly hand", excludes=("buqiuren",))


@fan(
    "dihu",
    30,
    zh="地胡",
    en="Earthly hand",
    doc="A non-dealer wins on the dealer's first discard (context chiihou, G5). 不算门清 (门清 is in the lost tail).",
)
def dihu(v: View) -> bool:
    return v.ctx.chiihou


@fan("shisanyao", 30, zh="十三幺", en="Thirteen orphans", doc="One each of the 1s, 9s and honours, plus one more.")
def shisanyao(v: View) -> bool:
    return v.form == "thirteen_orphans"


@fan(
    "quanfeng_qidui",
    30,
    zh="全风七对",
    en="Seven honour pairs",
    excludes=("buqiuren", "qidui", "quandaiyao"),
    doc="七对 of honour pairs only. 不算不求人、门清、缺门、单调、全带幺; 七对 implied (G2).",
)
def quanfeng_qidui(v: View) -> bool:
    return v.form == "seven_pairs" and not v.suits


@fan(
    "quanfeng_duiduihu",
    25,
    zh="全风对对胡",
    en="All honour pungs",
    excludes=("duiduihu", "quandaiyao"),
    doc="Four honour pungs or kongs and an honour pair; 四喜、三元另加番. 对对胡 implied (G2); 全带幺 not added, as "
    "全风七对 prints for the same all-honour hand (worked example gp-08).",
)
def quanfeng_duiduihu(v: View) -> bool:
    return v.regular and len(v.triplets) == 4 and not v.suits


@fan(
    "kouting",
    25,
    zh="扣听",
    en="Early declared ready",
    doc="Ready declared on the dealer's first discard (context declared); hand frozen. 不算门清; 不求人 may still "
    "be added (G3).",
)
def kouting(v: View) -> bool:
    return v.ctx.declared


@fan(
    "dasixi",
    25,
    zh="大四喜",
    en="Big four winds",
    excludes=("duiduihu", "xiaosixi"),
    doc="Pungs or kongs of 东南西北; 全风、混一色另加番. 不算对对胡; 小四喜 implied (G2).",
)
def dasixi(v: View) -> bool:
    return sum(1 for t in v.triplets if t in WINDS) == 4


@fan(
    "dasanyuan",
    20,
    zh="大三元",
    en="Big three dragons",
    excludes=("xiaosanyuan",),
    doc="Pungs or kongs of 中发白; 小三元 implied (G2).",
)
def dasanyuan(v: View) -> bool:
    return sum(1 for t in v.triplets if t in DRAGONS) == 3


@fan("xiaosixi", 20, zh="小四喜", en="Little four winds", doc="Three wind pungs and a wind pair; 其它番另算.")
def xiaosixi(v: View) -> bool:
    pair = v.r.pair
    return sum(1 for t in v.triplets if t in WINDS) == 3 and pair is not None and pair.tile in WINDS


@fan(
    "shisanbukao",
    15,
    zh="十三不靠",
    en="Thirteen unconnected",
    excludes=("buqiuren",),
    doc="The nine knitted tiles 147/258/369 of 万条饼 (each triple in its own suit) and five different honours "
    "(G4). 不算不求人、门清.",
)
def shisanbukao(v: View) -> bool:
    return v.form == "thirteen_knitted"


@fan("xiaosanyuan", 15, zh="小三元", en="Little three dragons", doc="Two dragon pungs and a dragon pair.")
def xiaosanyuan(v: View) -> bool:
    pair = v.r.pair
    return sum(1 for t in v.triplets if t in DRAGONS) == 2 and pair is not None and pair.tile in DRAGONS


@fan("qingyise", 15, zh="清一色", en="Full flush", doc="One number suit only (句 or 碰), no honours.")
def qingyise(v: View) -> bool:
    return len(v.suits) == 1 and not v.honors


@fan(
    "quandaiwu",
    15,
    zh="全带五",
    en="Fives everywhere",
    doc="Every set and the pair hold a 5. 不算断幺、五将、缺字 (all in the lost tail).",
)
def quandaiwu(v: View) -> bool:
    return v.regular and all(any(t < 27 and t % 9 == 4 for t in g) for g in v.groups)


@fan("qidui", 10, zh="七对", en="Seven pairs", doc="Seven pairs, any tiles.")
def qidui(v: View) -> bool:
    return v.form == "seven_pairs"


@fan("sanjiemei", 10, zh="三姐妹", en="Three identical sequences", doc="一色三同顺: the same sequence three times.")
def sanjiemei(v: View) -> bool:
    return any(v.chows.count(t) >= 3 for t in set(v.chows))


@fan(
    "sanxiangci",
    10,
    zh="三箱次",
    en="Three concealed pungs",
    doc="自摸三副坎: three pungs or kongs formed without claiming (暗杠 counts; a pung completed by the winning "
    "discard does not). Counted once (G9).",
)
def sanxiangci(v: View) -> bool:
    if not v.regular:
        return False
    n = 0
    for i, b in enumerate(v.r.blocks):
        if b.kind == PAIR or not b.is_triplet or not b.concealed:
            continue
        if i == v.r.win_block and not v.ctx.tsumo:
            continue
        n += 1
    return n >= 3


@fan("yitiaolong", 8, zh="一条龙", en="Pure straight", doc="123, 456 and 789 of one suit as sequences.")
def yitiaolong(v: View) -> bool:
    return any({s, s + 3, s + 6} <= set(v.chows) for s in (0, 9, 18))


@fan("hunyise", 8, zh="混一色", en="Half flush", doc="One number suit plus honours.")
def hunyise(v: View) -> bool:
    return len(v.suits) == 1 and v.honors


@fan("buqiuren", 7, zh="不求人", en="Concealed self-draw", doc="门清 (no chi, pon or exposed kong) and 自摸.")
def buqiuren(v: View) -> bool:
    return v.closed and v.ctx.tsumo


@fan("duiduihu", 7, zh="对对胡", en="All pungs", doc="Four pungs or kongs and a pair.")
def duiduihu(v: View) -> bool:
    return len(v.triplets) == 4


@fan("xiaoyuwu", 7, zh="小于五", en="All below five", doc="Every tile 1-4, no honours. 不算缺字 (lost tail).")
def xiaoyuwu(v: View) -> bool:
    return all(t < 27 and t % 9 <= 3 for t in v.kinds)


@fan("dayuwu", 7, zh="大于五", en="All above five", doc="Every tile 6-9, no honours. 不算缺字 (lost tail).")
def dayuwu(v: View) -> bool:
    return all(t < 27 and t % 9 >= 5 for t in v.kinds)


@fan(
    "xixiangfeng",
    5,
    zh="喜相逢",
    en="Same number in three suits",
    doc="句或碰（坎）各一副: a sequence of the same numbers in 万、条、饼, or a pung of the same number in each (G7).",
)
def xixiangfeng(v: View) -> bool:
    for group in (v.chows, [t for t in v.triplets if t < 27]):
        nums = {(t // 9, t % 9) for t in group}
        if any(all((s, n) in nums for s in range(3)) for n in range(9)):
            return True
    return False


@fan(
    "quandaiyao",
    5,
    zh="全带幺",
    en="Terminal or honour in every set",
    doc="Every set and the pair hold a 1, a 9 or an honour (全幺九 when all pungs: its value is lost, G6).",
)
def quandaiyao(v: View) -> bool:
    gs = v.groups
    return bool(gs) and all(any(t >= 27 or t % 9 in (0, 8) for t in g) for g in gs)


@fan("wumenqi", 5, zh="五门齐", en="Five kinds", doc="万、条、饼、箭、风 all in the sets and pair.")
def wumenqi(v: View) -> bool:
    ts = {t for g in v.groups for t in g}
    return len(v.suits) == 3 and any(t in DRAGONS for t in ts) and any(t in WINDS for t in ts) and bool(v.groups)


@fan("qionghu", 7, zh="穷胡", en="Chicken hand", doc="A legal win for which no other 番 applies.")
def qionghu(v: View) -> bool:
    return False  # decided after the others: see Popular.score_reading


ROWS = Rows(row for row in items if row.id != "qionghu")


class Popular(LocalRuleSet):
    name = "popular"
    names = {"en": "Popular fan table", "zh": "常用麻将算番规则表", "ja": "常用麻将算番規則表"}
    tile_set = TILES_136_PLAIN
    items = items
    options = ()
    self_draw_wins = {"tenhou": "天胡"}
    discard_wins = {"chiihou": "地胡"}  # G5: on the dealer's first discard
    context_fields = ("tsumo", "seat_wind", "declared", "tenhou", "chiihou")
    doc = (
        "The flat additive 番 table 常用麻将算番规则表 (printed part: 天胡 … 五门齐; the tail is lost in the seed and "
        "not invented). 136 tiles; chi, pon, kong; four sets and a pair, 七对, 十三幺, 十三不靠. Context: tsumo, "
        "seat_wind, tenhou, chiihou, declared (扣听). Discard win: the discarder pays the total; self-draw: each "
        "of the three others pays it (§5)."
    )

    def readings(self, hand: Hand, opts: dict) -> list[Reading]:
        """Four sets and a pair, 七对, 十三幺, and 十三不靠 (G4: all nine knitted tiles and five different honours)."""
        out = readings(hand, seven_pairs=True, thirteen_orphans=True)
        counts = hand.counts
        if not hand.melds and is_honors_knitted(counts):
            if any(all(counts[t] for t in pat) for pat in KNITTED_PATTERNS):
                out.append(Reading("thirteen_knitted", (), None, "knitted"))
        return out

    def waits(self, hand: Hand, opts: dict) -> list[int]:
        """The waits of the shapes, and of 十三不靠 (the nine knitted tiles and five different honours, G4)."""
        found = set(super().waits(hand, opts))
        if not hand.melds:
            counts = hand.counts
            for t in sorted(self.tile_set.kinds):
                if not counts[t]:
                    counts[t] += 1
                    if is_honors_knitted(counts) and any(all(counts[k] for k in pat) for pat in KNITTED_PATTERNS):
                        found.add(t)
                    counts[t] -= 1
        return sorted(found)

    def check_context(self, hand: Hand, ctx: Context, flags: dict, opts: dict) -> None:
        if ctx.tenhou and not ctx.is_dealer:
            raise InputError("bad_context", "tenhou (天胡) is the dealer's (seat_wind E) self-drawn first hand")
        if ctx.chiihou and ctx.is_dealer:
            raise InputError("bad_context", "chiihou (地胡) here is a non-dealer's win on the dealer's first discard")

    def hand_facts(self, win: Win) -> tuple[bool, frozenset[int]]:
        return win.hand.is_closed, frozenset(kind(t) for t in win.hand.all_tiles())

    def score_reading(self, r: Reading, facts: tuple[bool, frozenset[int]], win: Win) -> Scored:
        v = View(r, win.ctx, facts[0], facts[1])
        found = [row for row, _ in ROWS.count(lambda row: row.check(v))] or [items["qionghu"]]
        total = sum(row.value for row in found)
        return Scored(r, tuple(row.item() for row in found), total)

    def finish(self, win: Win, best: Scored) -> Result:
        return self.won(win, best, self.payments(best.key, win.ctx, win.opts), fan=best.key)

    def payments(self, value: int, ctx: Context, opts: dict) -> Points:
        """§5: a discard win is paid by the discarder; a self-draw by each of the three others, the total each."""
        if ctx.tsumo:
            pays = tuple(Payment(s, value) for s in "ESWN" if s != ctx.seat_wind)
        else:
            pays = (Payment("discarder", value),)
        got = sum(p.amount for p in pays)
        return Points(got, got, pays)


RULESET = Popular()
