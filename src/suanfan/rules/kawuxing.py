"""卡五星 (Ka Wu Xing, Hubei 襄阳 / 枣阳 / 十堰 / 孝感): three players, 84 tiles, pure multipliers (倍) on a 底金.

Digest: ../shared/rules/kawuxing.md (seed 002, section 卡五星全). Every pattern the hand shows multiplies
("以上各种胡牌类型之间可以累加（相乘）"); the reading with the largest product is scored (§4, seed example
1122334456677 胡5: 清一色 x 七对 = 16, not 清一色 x 卡五星 = 8). The product is capped per payer after 亮倒 and the
context multipliers (§5, K5): option ``cap_profile`` = ``xiangyang`` (x8, a hand with 双龙七对 x16; default),
``shiyan`` (x8) or ``uncapped``.

The result: each item's ``value`` is its multiplier; ``fan`` the product of the items listed (the winner's 亮倒
included); ``explain.product`` the patterns' product without 亮倒 (P of §6), ``explain.cap`` the cap that applies,
``explain.multipliers`` what each payer pays per 底 (M(payer) = min(cap, P x L), K11); ``limit`` is ``capped`` when
the cap cut a payment. ``points.payments``: ``discarder``, or ``other`` for each of the two self-draw payers (those
who had declared 亮倒 first).

A 屁胡 (product x1) wins by self-draw, but on a discard only when the discarder has declared 亮倒 (§3): otherwise
``winning`` is false with reason ``pi_hu_on_discard``.

Context flags: the contract's ``declared`` is the winner's 亮倒; ``tsumo``, ``rinshan`` (杠上开花),
``after_kong_discard`` (杠上炮), ``chankan`` (抢杠胡), ``haitei`` (海底捞), ``houtei`` (海底炮) as in the contract. Beside
them: ``discarder_declared`` (the discarder had declared 亮倒: a win on his discard) and ``declared_others``
(0-2: how many of the two players paying a self-draw had declared 亮倒).

Helpers: ``kong_money(kind, options=None, kong_on_kong=False)`` (§6 kong money), ``max_value(hand, melds=(),
options=None, declared=False)`` (a ready hand's best value, for the 查大叫 option) and ``exhaustive_draw(players,
first_declared=None, hands=None, options=None)`` (荒庄: who pays whom).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..controls import text
from ..errors import InputError
from ..hand import Context, Hand, TileSet, build_context
from ..notes import said
from ..result import Payment, Points, Result
from ..shapes import CHOW, PAIR, Reading
from ..tiles import kind
from . import ItemTable, Option
from .local import NO_CHI, LocalRuleSet, MaxValue, Rows, Scored, Win, win_rows

_LAID_OPEN = said("laid_open")
_KONG_NOTES = {k: said(f"kong_{k}") for k in ("minkan", "kakan", "ankan")}

# 84 tiles: 1-9p, 1-9s and 白发中, four of each (§2; no 万, no winds, no flowers)
TILES_84 = TileSet("84", frozenset(range(9, 27)) | frozenset((31, 32, 33)))
DRAGONS = (31, 32, 33)
CAPS = {"xiangyang": 8, "shiyan": 8, "uncapped": None}
DOUBLE_DRAGONS = ("shuang_long_qi_dui", "san_long_qi_dui")  # K6: 三龙七对 holds the 双龙 structure (the x16 cap)


@dataclass(frozen=True, slots=True)
class Facts:
    """One reading of the hand with the hand-level facts and the win's context."""

    regular: bool
    all_pungs: bool
    quads: int  # 七对: kinds of which all four copies are in the hand (龙)
    ka_wu: bool  # the winning 5 sits between a concealed 4 and 6 (卡五星, K1)
    dragon_pungs: int
    dragon_pair: bool
    win_four_concealed: bool  # 暗四归一: three concealed copies of the winning tile before it came (K2)
    win_pon: bool  # 明四归一: an exposed 碰 of the winning tile's kind
    one_suit: bool
    four_melds: bool
    ctx: Context


TABLE = ItemTable()


def row(id: str, value: int, *, zh: str, en: str, doc: str, context: bool = False, excludes: tuple[str, ...] = ()):
    return TABLE(id, value, zh=zh, en=en, doc=doc, context=context, excludes=excludes)


# the rows of the wins the context names (local.WINS)
won_on = win_rows(row, lambda f, o: (f.ctx, o))


@row("peng_peng_hu", 2, zh="碰碰胡", en="All Pungs", doc="Four pungs or kongs and a pair (seed 1).")
def _peng_peng_hu(f: Facts, o: dict) -> bool:
    return f.all_pungs


@row(
    "ming_si_gui_yi",
    2,
    zh="明四归一",
    en="Fourth Tile of an Exposed Pung",
    doc="The winning tile's kind is an exposed 碰 of the winner (not a kong); the fourth copy completes a sequence.",
)
def _ming_si_gui_yi(f: Facts, o: dict) -> bool:
    return f.regular and f.win_pon


@row(
    "an_si_gui_yi",
    4,
    zh="暗四归一",
    en="Fourth Tile of a Concealed Triplet",
    doc="Three concealed copies of the winning tile held, the fourth wins, by self-draw or discard (逮炮也算); "
    "never in seven pairs (龙七对和双龙七对不再计算暗四归一).",
)
def _an_si_gui_yi(f: Facts, o: dict) -> bool:
    return f.regular and f.win_four_concealed


@row("qi_dui", 4, zh="七对", en="Seven Pairs", doc="Seven pairs, no set of four.")
def _qi_dui(f: Facts, o: dict) -> bool:
    return not f.regular and f.quads == 0


@row("long_qi_dui", 8, zh="龙七对", en="Dragon Seven Pairs", doc="Seven pairs with one set of four as two pairs.")
def _long_qi_dui(f: Facts, o: dict) -> bool:
    return not f.regular and f.quads == 1


@row(
    "shuang_long_qi_dui",
    16,
    zh="双龙七对",
    en="Double Dragon Seven Pairs",
    doc="Seven pairs with two sets of four; capped at 16 instead of 8 in Xiangyang.",
)
def _shuang_long_qi_dui(f: Facts, o: dict) -> bool:
    return not f.regular and f.quads == 2


@row(
    "san_long_qi_dui",
    32,
    zh="三龙七对",
    en="Triple Dragon Seven Pairs",
    doc="Seven pairs with three sets of four (K6: not in the seed; x2 per extra set of four, then capped).",
)
def _san_long_qi_dui(f: Facts, o: dict) -> bool:
    return not f.regular and f.quads == 3


@row("da_san_yuan", 8, zh="大三元", en="Big Three Dragons", doc="Pungs or kongs of 白, 发 and 中.")
def _da_san_yuan(f: Facts, o: dict) -> bool:
    return f.dragon_pungs == 3


@row(
    "xiao_san_yuan",
    4,
    zh="小三元",
    en="Little Three Dragons",
    doc="Pungs or kongs of two dragons and a pair of the third.",
)
def _xiao_san_yuan(f: Facts, o: dict) -> bool:
    return f.dragon_pungs == 2 and f.dragon_pair


@row("qing_yi_se", 4, zh="清一色", en="Full Flush", doc="Every tile of one number suit, no dragons.")
def _qing_yi_se(f: Facts, o: dict) -> bool:
    return f.one_suit


@row(
    "shou_zhua_yi",
    4,
    zh="手抓一",
    en="Single Tile in Hand",
    doc="Four declared melds, won on the one tile left in hand (全求人); absorbs 碰碰胡 (K3, option "
    "shouzhuayi_includes_pengpeng).",
    excludes=("peng_peng_hu",),
)
def _shou_zhua_yi(f: Facts, o: dict) -> bool:
    return f.four_melds


@row(
    "ka_wu_xing",
    2,
    zh="卡五星",
    en="Closed Five",
    doc="The winning 5 is the middle of a 4-5-6 whose 4 and 6 were in hand (K1; 4556, 4688, 2245667 胡5).",
)
def _ka_wu_xing(f: Facts, o: dict) -> bool:
    return f.ka_wu


won_on("gang_shang_kai_hua", "rinshan", zh="杠上开花", en="Win on a Kong Replacement", value=2, context=True)


won_on(
    "gang_shang_pao",
    "after_kong_discard",
    note="that kong's money still stands (杠钱照算)",
    zh="杠上炮",
    en="Win on a Discard after a Kong",
    value=2,
    context=True,
)


won_on(
    "qiang_gang_hu",
    "chankan",
    note="a concealed kong cannot be robbed (K8)",
    zh="抢杠胡",
    en="Robbing a Kong",
    value=2,
    context=True,
)


won_on("hai_di_lao", "haitei", zh="海底捞", en="Last Tile Self-Draw", value=2, context=True)


won_on(
    "hai_di_pao",
    "houtei",
    option="hai_di_pao",
    note="tianhewen; not in the seed list; K9",
    zh="海底炮",
    en="Win on the Last Discard",
    value=2,
    context=True,
)


# K3: 手抓一 absorbs 碰碰胡 by default (option shouzhuayi_includes_pengpeng); off, they multiply
PATTERNS = {True: Rows(TABLE), False: Rows(TABLE, {"shou_zhua_yi": ()})}

TABLE(
    "liang_dao",
    2,
    zh="亮倒",
    en="Declared Hand",
    context=True,
    doc="The winner had declared 亮倒 (contract flag declared): x2 on the hand (亮倒后则是在胡牌的基础上进行×2); a payer's "
    "own 亮倒 doubles what he pays (K4, option dui_liang_dui_fan).",
)(None)
TABLE("pi_hu", 1, zh="屁胡", en="Plain Win", doc="A winning hand with no pattern (小胡): the base stake x1.")(None)

OPTIONS = (
    Option(
        "cap_profile",
        "xiangyang",
        "xiangyang: x8, a hand with 双龙七对 x16 (襄阳/枣阳); shiyan: x8 (十堰 满和); uncapped",
        tuple(CAPS),
        names=text("Cap", "封顶", "上限"),
        help=text(
            "The highest multiple a hand is paid, as each city plays",
            "一手牌最多按几倍支付（各地玩法）",
            "支払い倍率の上限（地域ごとのルール）",
        ),
        choice_names={
            "xiangyang": text(
                "Xiangyang: ×8, ×16 for double-dragon seven pairs",
                "襄阳 / 枣阳：8 倍，双龙七对 16 倍",
                "襄陽・棗陽：8倍、双龍七対は16倍",
            ),
            "shiyan": text("Shiyan: ×8", "十堰：8 倍 (满和)", "十堰：8倍"),
            "uncapped": text("No cap", "不封顶", "上限なし"),
        },
    ),
    Option(
        "dui_liang_dui_fan",
        False,
        "对亮对番: x4 when both the winner and the payer had declared 亮倒 (K4)",
        names=text("Both declared: ×4", "对亮对番", "対亮対番"),
        help=text(
            "×4 when both the winner and the payer had laid their hands open",
            "和牌者与付款者都亮倒时 ×4",
            "和了者と支払者が両方とも亮倒していれば4倍",
        ),
    ),
    Option(
        "shouzhuayi_includes_pengpeng",
        True,
        "手抓一 absorbs 碰碰胡 (x4 in all; K3); false multiplies them (x8)",
        names=text("Single wait with four melds includes all pungs", "手抓一含碰碰胡", "手抓一は碰碰胡を含む"),
        help=text(
            "Winning on a lone tile after four melds is ×4 in all; off: ×8 with all pungs",
            "手抓一已含碰碰胡（共 ×4）；关闭则相乘（×8）",
            "手抓一に碰碰胡を含める（計4倍）。なしなら掛け合わせて8倍",
        ),
    ),
    Option(
        "hai_di_pao",
        True,
        "海底炮 (a win on the final discard) x2 (K9)",
        names=text("Last discard ×2", "海底炮", "海底炮"),
        help=text("A win on the final discard pays double", "和最后一张打出的牌 ×2", "最後の捨て牌での和了は2倍"),
    ),
    Option(
        "zhigang_money",
        2,
        "明杠 on a discard: what the discarder pays, in 底 (K7: 2, or 3)",
        (2, 3),
        names=text("Kong-on-a-discard money", "直杠钱", "大明槓の支払い"),
        help=text(
            "What the discarder pays for a kong made on his tile",
            "杠别人打出的牌时放杠者付多少",
            "大明槓のとき牌を出した人が払う額",
        ),
        choice_names={2: text("2 × base", "2 底", "2 底"), 3: text("3 × base", "3 底", "3 底")},
    ),
    Option(
        "cha_da_jiao",
        False,
        "荒庄: players not ready pay every ready player his highest value (查大叫)",
        names=text("Not-ready players pay at a draw", "查大叫", "査大叫"),
        help=text(
            "At a drawn game, players not ready pay each ready player his highest hand",
            "荒庄时没听牌的人按听牌者最大番赔付",
            "流局時、聴牌していない人が聴牌者の最高点を払う",
        ),
    ),
    Option(
        "base",
        1,
        "底金: the base stake every amount is counted in",
        names=text("Base stake", "底金", "底"),
        help=text("The stake every amount is counted in", "所有金额按底金计算", "すべての額の基準となる底"),
        minimum=1,
    ),
)


def _facts(hand: Hand, r: Reading, ctx: Context, hf: dict) -> Facts:
    regular = r.form == "regular"
    sets = [b for b in r.blocks if b.kind != PAIR]
    w = kind(hand.win_tile)
    wb = r.blocks[r.win_block] if r.win_block is not None else None
    ka_wu = wb is not None and wb.kind == CHOW and wb.tile % 9 == 3 and w == wb.tile + 1
    pair = r.pair
    return Facts(
        regular,
        regular and all(b.kind != CHOW for b in sets),
        hf["quads"] if not regular else 0,
        ka_wu,
        sum(1 for b in sets if b.tile in DRAGONS),
        regular and pair is not None and pair.tile in DRAGONS,
        ctx=ctx,
        **{k: v for k, v in hf.items() if k != "quads"},
    )


@dataclass(frozen=True, slots=True)
class Value:
    """What a Ka Wu Xing win is worth before 亮倒 and the cap: the patterns' product (P of §6), and whether the
    hand holds 双龙七对 (or 三龙七对, K6), which the 襄阳 cap lets reach x16."""

    product: int
    double_dragon: bool = False


def cap(o: dict, value: Value) -> int | None:
    """§5, K5: the cap of the options' profile; 襄阳枣阳 "特殊仅双龙七对计算X16倍底金"."""
    if o["cap_profile"] == "xiangyang" and value.double_dragon:
        return 16
    return CAPS[o["cap_profile"]]


def payer_multiplier(
    product: int, winner_declared: bool, payer_declared: bool, o: dict, cap: int | None
) -> tuple[int, bool]:
    """§6: M(payer) = min(cap, P x L); L = 2 if the winner or that payer had declared 亮倒, 4 if both with
    对亮对番. Returns the multiplier and whether the cap cut it."""
    if winner_declared and payer_declared and o["dui_liang_dui_fan"]:
        liang = 4
    elif winner_declared or payer_declared:
        liang = 2
    else:
        liang = 1
    m = product * liang
    return (cap, True) if cap is not None and m > cap else (m, False)


class KaWuXing(LocalRuleSet):
    name = "kawuxing"
    names = {"en": "Ka Wu Xing", "zh": "卡五星", "ja": "卡五星"}
    tile_set = TILES_84
    options = OPTIONS
    melds = NO_CHI
    meld_rule = "碰 and 杠 only, no 吃 (§2)"
    flags = (
        Option(
            "discarder_declared",
            False,
            "the discarder had declared 亮倒 (a win on his discard)",
            (True, False),
            what="true or false",
            type="bool",
            names=text("The discarder had declared", "放炮者已亮倒", "放銃者も亮倒"),
            help=text(
                "On a discard win: the player who discarded had laid his hand open (亮倒)",
                "点炮时：放炮者已经亮倒",
                "ロン和了のとき、放銃者が亮倒していた",
            ),
        ),
        Option(
            "declared_others",
            0,
            "how many of the two players paying a self-draw had declared 亮倒",
            (0, 1, 2),
            what="the number of self-draw payers who declared 亮倒 (0, 1 or 2)",
            type="count",
            names=text("Payers who had declared", "已亮倒的付款者", "亮倒した支払者"),
            help=text(
                "On a self-draw: how many of the two payers had laid their hands open",
                "自摸时：两个付款者中有几人已亮倒",
                "ツモ和了のとき、支払う二人のうち亮倒していた人数",
            ),
        ),
    )
    self_draw_wins = {"rinshan": "杠上开花", "haitei": "海底捞"}
    discard_wins = {"after_kong_discard": "杠上炮", "chankan": "抢杠胡", "houtei": "海底炮"}
    reasons = ("not_winning", "pi_hu_on_discard")
    context_fields = ("tsumo", "declared", "rinshan", "after_kong_discard", "chankan", "haitei", "houtei")
    winds = ("E", "S", "W")  # three players
    items = TABLE
    doc = __doc__ or ""

    def forms(self, opts: dict) -> dict:
        return {"seven_pairs": True, "seven_pairs_kongs": True, "thirteen_orphans": False}

    def check_context(self, hand: Hand, ctx: Context, flags: dict, opts: dict) -> None:
        if flags["discarder_declared"] and ctx.tsumo:
            raise InputError(
                "bad_context", "discarder_declared is for a win on a discard; on a self-draw use declared_others"
            )
        if flags["declared_others"] and not ctx.tsumo:
            raise InputError("bad_context", "declared_others is for a self-draw; on a discard use discarder_declared")

    def hand_facts(self, win: Win) -> dict:
        hand = win.hand
        counts = hand.counts
        kinds = {kind(t) for t in hand.all_tiles()}
        w = kind(hand.win_tile)
        return {
            "quads": sum(1 for n in counts if n == 4),
            "win_four_concealed": counts[w] == 4,
            "win_pon": any(m.kind == "pon" and m.first == w for m in hand.melds),
            "one_suit": not (kinds & set(DRAGONS)) and len({k // 9 for k in kinds}) == 1,
            "four_melds": len(hand.melds) == 4,
        }

    def score_reading(self, r: Reading, facts: dict, win: Win) -> Scored:
        f = _facts(win.hand, r, win.ctx, facts)
        rows = PATTERNS[win.opts["shouzhuayi_includes_pengpeng"]]
        items = tuple(d.item() for d, _ in rows.count(lambda d: d.check(f, win.opts)))
        product = 1
        for i in items:
            product *= i.value
        return Scored(r, items, product, f)

    def finish(self, win: Win, best: Scored) -> Result:
        ctx, o = win.ctx, win.opts
        items = list(best.items)
        if best.key == 1:
            items.insert(0, TABLE["pi_hu"].item())
        if ctx.declared:
            items.append(TABLE["liang_dao"].item())
        value = Value(best.key, any(i.id in DOUBLE_DRAGONS for i in best.items))
        explain: dict = {"product": best.key, "cap": cap(o, value)}
        shown = Scored(best.reading, tuple(items), best.key)
        fan = best.key * (2 if ctx.declared else 1)
        if best.key == 1 and not ctx.tsumo and not win.flags["discarder_declared"]:
            return self.refuse(win, "pi_hu_on_discard", shown, fan=fan, explain=explain)
        points, capped = self._payments(value, ctx, o)
        explain["multipliers"] = [p.amount // o["base"] for p in points.payments]
        return self.won(win, shown, points, fan=fan, limit="capped" if capped else None, explain=explain)

    def payments(self, value: Value, ctx: Context, opts: dict) -> Points:
        """§6: a discard win is paid by the discarder (一炮双响: by the discarder to each winner); a self-draw by both
        other players, each at his own multiplier (K11): the ones who had declared 亮倒 first."""
        return self._payments(value, ctx, opts)[0]

    def _payments(self, value: Value, ctx: Context, opts: dict) -> tuple[Points, bool]:
        """The payments, and whether the cap cut one."""
        flags = self.flag_values(ctx)
        b, top = opts["base"], cap(opts, value)
        if ctx.tsumo:
            payers = [("other", i < flags["declared_others"]) for i in range(2)]
        else:
            payers = [("discarder", flags["discarder_declared"])]
        pays = []
        any_capped = False
        for who, declared in payers:
            m, capped = payer_multiplier(value.product, ctx.declared, declared, opts, top)
            any_capped |= capped
            pays.append(Payment(who, b * m, _LAID_OPEN if declared else None))
        total = sum(p.amount for p in pays)
        return Points(total, total, tuple(pays), {"base": b}), any_capped


# --- helpers: kong money, a ready hand's value, the draw (荒庄) -----------------------------------------------


def kong_money(kind_: str, options: dict | None = None, kong_on_kong: bool = False) -> tuple[Payment, ...]:
    """§6 / K7: 明杠 on a discard (``minkan``): the discarder pays 2 底 (option zhigang_money); 补杠 (``kakan``): each
    of the two others pays 1; 暗杠 (``ankan``): each pays 2. 杠上杠 (``kong_on_kong``, a kong made on the replacement
    tile of a kong): that kong's money x2. Kong money stands after 杠上炮 and after 荒庄 (荒庄不荒杠)."""
    o = RULESET.resolve_options(options)
    x = o["base"] * (2 if kong_on_kong else 1)
    if kind_ == "minkan":
        return (Payment("discarder", x * o["zhigang_money"], _KONG_NOTES["minkan"]),)
    if kind_ == "kakan":
        return (Payment("other", x, _KONG_NOTES["kakan"]), Payment("other", x, _KONG_NOTES["kakan"]))
    if kind_ == "ankan":
        return (Payment("other", 2 * x, _KONG_NOTES["ankan"]), Payment("other", 2 * x, _KONG_NOTES["ankan"]))
    raise InputError("bad_meld", f"kong kind is minkan (明杠), kakan (补杠) or ankan (暗杠), not {kind_!r}")


def max_value(hand, melds=(), options: dict | None = None, declared: bool = False) -> MaxValue | None:
    """The highest value a waiting hand can reach (for 查大叫): each wait scored as a self-draw (a 屁胡 is legal so)
    without context multipliers, with the player's own 亮倒, capped. None when not ready."""
    ctx = build_context(RULESET.context_flags, tsumo=True, declared=declared)
    return RULESET.max_value(hand, melds, RULESET.resolve_options(options), ctx, lambda r: r.explain["multipliers"][0])


def exhaustive_draw(
    players: tuple[str, ...] | list[str],
    first_declared: str | None = None,
    hands: dict | None = None,
    options: dict | None = None,
) -> list[tuple[str, str, int]]:
    """荒庄 (§6): ``(payer, payee, amount)`` rows. The first player who declared 亮倒 pays each other player 1 底;
    kong money stands (荒庄不荒杠, not repeated here). With option ``cha_da_jiao``, ``hands`` maps each player to
    ``{"hand": ..., "melds": [...], "declared": bool}`` and every player not ready pays every ready player that
    player's ``max_value``."""
    o = RULESET.resolve_options(options)
    players = list(players)
    if len(players) != 3 or len(set(players)) != 3:
        raise InputError("bad_input", f"Ka Wu Xing is played by three players, not {players!r}")
    if first_declared is not None and first_declared not in players:
        raise InputError("bad_input", f"first_declared {first_declared!r} is not one of the players {players}")
    out: list[tuple[str, str, int]] = []
    if first_declared is not None:
        out += [(first_declared, p, o["base"]) for p in players if p != first_declared]
    if o["cha_da_jiao"]:
        if not hands or set(hands) != set(players):
            raise InputError("bad_input", "cha_da_jiao needs the hand of each of the three players")
        values = {
            p: max_value(h["hand"], h.get("melds", ()), options, h.get("declared", False)) for p, h in hands.items()
        }
        for payer in players:
            if values[payer] is None:
                out += [(payer, p, v.amount) for p, v in values.items() if v is not None]
    return out


RULESET = KaWuXing()

__all__ = [
    "RULESET",
    "TILES_84",
    "MaxValue",
    "Value",
    "cap",
    "exhaustive_draw",
    "kong_money",
    "max_value",
    "payer_multiplier",
]
