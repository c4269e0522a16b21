"""四川麻将 · 血战到底 (Sichuan Bloody Battle): 108 tiles, pung and kong only, a missing suit, roots (根).

Digest: ../shared/rules/sichuan.md (seed 000, section 四川麻将番数算法). Two scoring profiles (option ``profile``):

- ``seed`` (SC-QQ, default): the seed's own table. One base category, the highest the hand reaches ("以下番型均不重复
  计算，只按最大番算", §4), times the doubling add-ons (根, 杠上花, 杠上炮, 抢杠胡, ...): ``M = 2^(level-1+add-ons)``,
  capped by ``cap_multiplier``.
- ``modern`` (SC-XZ): additive 番 (§5), ``M = 2^min(F, cap_fan)``.

The result: ``fan`` is the profile's 番 (seed: the base category's level plus the add-ons; modern: F), each item's
``value`` its 番 (a row's value in ``suanfan rules`` gives both profiles); ``explain`` adds ``multiplier`` (after
the cap; ``limit`` is ``capped`` when the cap cut it), ``multiplier_uncapped``, ``name`` (清对, 龙七对, 十八罗汉, ...),
``kong_money`` (what each of the winner's kongs collected when made) and, for a hand that does not win,
``reason_text``. ``points.payments``: one row per payer (``discarder``, or ``other`` per player paying a self-draw).

Every reading of the hand is scored and the best kept (A14: highest uncapped value). A complete hand holding all
three suits does not win (缺门, seed item 3): ``winning`` false, reason ``missing_suit_not_void``; with the modern
定缺 flag ``void_suit`` a hand still holding the declared void suit fails with ``void_suit_held``.

Context flags beside the contract's (``tsumo``, ``rinshan`` 杠上花, ``after_kong_discard`` 杠上炮, ``chankan`` 抢杠胡,
``haitei`` 海底捞月, ``houtei`` 海底炮, ``tenhou`` 天胡, ``chiihou`` 地胡):

- ``active_opponents`` (1-3, default 3): the other players still in the hand (血战: winners have left); each pays a
  self-draw (A10).
- ``discarder_kong`` (``minkan`` / ``kakan`` / ``ankan``): on 杠上炮, the kong the discarder had just made; needed
  for 呼叫转移 (its kong money goes to the winner).
- ``void_suit`` (``m`` / ``p`` / ``s``): the suit declared void (定缺, modern rule).

Helpers for a round's end (查花猪 / 查大叫, §6) and for kongs:

- ``max_value(hand, melds=(), options=None, void_suit=None) -> MaxValue | None``: a waiting (13-tile) hand's highest
  value over its waits, valued as a win on a discard with no draw-only bonus, roots included, capped (A12);
  None when the hand is not ready.
- ``is_flower_pig(hand, melds=()) -> bool``: the tiles (hand and melds) hold all three suits (花猪).
- ``flower_pig_penalty(options=None) -> int``: what a 花猪 pays each non-花猪 player still in the hand (A7).
- ``kong_money(kind, options=None, payers=3) -> tuple[Payment, ...]``: the money a kong collects when made
  (刮风下雨, seed item 6).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..controls import KONGS, SUITS, text
from ..errors import InputError
from ..hand import TILES_108, Context, Hand, Meld, build_context
from ..notes import said
from ..result import Item, Payment, Points, Result
from ..shapes import CHOW, KONG, PAIR, Reading
from ..tiles import kind, parse_tiles, tile_name
from . import ItemTable, Option
from .local import NO_CHI, LocalRuleSet, MaxValue, Rows, Scored, Win, win_rows

SEED, MODERN = "seed", "modern"
BASE, ADD = "base", "add"  # a seed base category (max-only) or an add-on (+1 番 each, 另加番)
SUIT_LETTERS = "mps"


@dataclass(frozen=True, slots=True)
class Facts:
    """What the rows read: one reading of the hand plus the hand-level facts and the win's context."""

    regular: bool  # four sets and a pair (not 七对)
    all_pungs: bool  # 对对胡: regular and every set a pung or kong
    yao_jiu: bool  # 带幺九: regular and every set and the pair hold a 1 or a 9
    four_melds: bool  # 金钩钓: four declared melds, the winning tile waited on alone
    four_kongs: bool
    one_suit: bool
    all_258: bool
    roots: int  # 根: kinds of which the winner holds all four copies
    no_19: bool
    closed: bool  # 门清: no 碰 / 明杠 / 加杠 (暗杠 allowed)
    ctx: Context


TABLE = ItemTable()


def row(id: str, *, zh: str, en: str, seed: int | None, modern: int | None, role: str, doc: str, **facts):
    """A scoring element with its value in each profile (None: the profile does not know it)."""
    return TABLE(id, {SEED: seed, MODERN: modern}, zh=zh, en=en, doc=doc, role=role, **facts)


won_on = win_rows(row, lambda f, o: (f.ctx, o))  # the rows of the wins the context names (local.WINS)


# --- shapes and base categories (seed §4 table; modern §5 shape table and modifiers) ---------------------------


@row(
    "ping_hu",
    zh="平胡",
    en="Plain Win",
    seed=1,
    modern=0,
    role=BASE,
    doc="Four sets and a pair, not all pungs (seed 一番 x1; modern shape 0).",
)
def _ping_hu(f: Facts, o: dict) -> int:
    return f.regular and not f.all_pungs


@row(
    "dui_dui_hu",
    zh="对对胡",
    en="All Pungs",
    seed=2,
    modern=1,
    role=BASE,
    doc="Four pungs or kongs and a pair (大对子/碰碰胡; seed 二番 x2; modern shape 1).",
)
def _dui_dui_hu(f: Facts, o: dict) -> int:
    return f.all_pungs


@row(
    "qi_dui",
    zh="七对",
    en="Seven Pairs",
    seed=3,
    modern=2,
    role=BASE,
    doc="Seven pairs, no melds; four of a kind may be two pairs (seed 三番 x4; modern shape 2).",
)
def _qi_dui(f: Facts, o: dict) -> int:
    return not f.regular


@row(
    "qing_yi_se",
    zh="清一色",
    en="Full Flush",
    seed=3,
    modern=2,
    role=BASE,
    doc="Every tile of one suit (seed 三番 x4; modern +2).",
)
def _qing_yi_se(f: Facts, o: dict) -> int:
    return f.one_suit


@row(
    "dai_yao_jiu",
    zh="带幺九",
    en="Terminals in Every Set",
    seed=3,
    modern=2,
    role=BASE,
    doc="Four sets and a pair, every set and the pair hold a 1 or a 9 (seed 三番 x4; modern +2).",
)
def _dai_yao_jiu(f: Facts, o: dict) -> int:
    return f.yao_jiu


@row(
    "jiang_dui",
    zh="将对",
    en="All 2-5-8 Pungs",
    seed=4,
    modern=2,
    role=BASE,
    doc="All pungs, every tile a 2, 5 or 8 (seed 四番 x8; modern 将 +2 on top of 对对胡).",
)
def _jiang_dui(f: Facts, o: dict) -> int:
    return f.all_pungs and f.all_258


@row(
    "jiang_qi_dui",
    zh="将七对",
    en="2-5-8 Seven Pairs",
    seed=None,
    modern=2,
    role=BASE,
    doc="Seven pairs, every tile a 2, 5 or 8 (modern only, 将 +2).",
)
def _jiang_qi_dui(f: Facts, o: dict) -> int:
    return not f.regular and f.all_258


@row(
    "qing_dui",
    zh="清对",
    en="Pure All Pungs",
    seed=4,
    modern=None,
    role=BASE,
    doc="清一色 and 对对胡 (seed 四番 x8; modern: a display name, 1 + 2).",
)
def _qing_dui(f: Facts, o: dict) -> int:
    return f.one_suit and f.all_pungs


@row(
    "long_qi_dui",
    zh="龙七对",
    en="Dragon Seven Pairs",
    seed=5,
    modern=None,
    role=BASE,
    excludes=(("gen", 1),),
    doc="Seven pairs with a root; the seed's 五番 x16 (A1, option long_qidui_multiplier), one root absorbed "
    "(同时减1根). Modern: a display name, 七对 2 + 根 1.",
)
def _long_qi_dui(f: Facts, o: dict) -> int:
    return not f.regular and f.roots > 0 and o["long_qidui_multiplier"] == 16


@row(
    "qing_qi_dui",
    zh="清七对",
    en="Pure Seven Pairs",
    seed=5,
    modern=None,
    role=BASE,
    doc="清一色 and 七对 (seed 五番 x16; modern: a display name, 2 + 2).",
)
def _qing_qi_dui(f: Facts, o: dict) -> int:
    return f.one_suit and not f.regular


@row(
    "qing_yao_jiu",
    zh="清幺九",
    en="Pure Terminals in Every Set",
    seed=5,
    modern=None,
    role=BASE,
    doc="清一色 and 带幺九 (seed 五番 x16; modern: 2 + 2).",
)
def _qing_yao_jiu(f: Facts, o: dict) -> int:
    return f.one_suit and f.yao_jiu


@row(
    "qing_long_qi_dui",
    zh="清龙七对",
    en="Pure Dragon Seven Pairs",
    seed=6,
    modern=None,
    role=BASE,
    excludes=(("gen", 1),),
    doc="清一色 seven pairs with a root (seed 六番 x32, one root absorbed; modern 2 + 2 + 根).",
)
def _qing_long_qi_dui(f: Facts, o: dict) -> int:
    return f.one_suit and not f.regular and f.roots > 0


@row(
    "jin_gou_diao",
    zh="金钩钓",
    en="Golden Hook",
    seed=None,
    modern=1,
    role=ADD,
    doc="All pungs with four declared melds, won on the single wait for the pair (全求人/单钓; modern +1, A11).",
)
def _jin_gou_diao(f: Facts, o: dict) -> int:
    return f.all_pungs and f.four_melds


won_on(
    "tian_hu",
    "tenhou",
    option="tian_di_hu",
    note="seed 六番 x32; modern +5",
    zh="天胡",
    en="Heavenly Hand",
    seed=6,
    modern=5,
    role=BASE,
)


@row(
    "di_hu",
    zh="地胡",
    en="Earthly Hand",
    seed=6,
    modern=5,
    role=BASE,
    doc="A non-dealer wins before his second draw, nobody having claimed (A6; option di_hu_requires_self_draw).",
)
def _di_hu(f: Facts, o: dict) -> int:
    return f.ctx.chiihou and o["tian_di_hu"] and (f.ctx.tsumo or not o["di_hu_requires_self_draw"])


# --- add-ons: +1 番 each, on top of the base category (另加番) ---------------------------------------------------


@row(
    "gen",
    zh="根",
    en="Root",
    seed=1,
    modern=1,
    role=ADD,
    doc="Each kind of which the winner holds all four copies: a kong, or four tiles in hand used any way (A2).",
)
def _gen(f: Facts, o: dict) -> int:
    return f.roots


won_on("gang_shang_hua", "rinshan", zh="杠上花", en="Win on a Kong Replacement", seed=1, modern=1, role=ADD)


won_on(
    "gang_shang_pao", "after_kong_discard", zh="杠上炮", en="Win on a Discard after a Kong", seed=1, modern=1, role=ADD
)


won_on(
    "qiang_gang_hu",
    "chankan",
    option="qiang_gang_bonus",
    note="A4",
    zh="抢杠胡",
    en="Robbing a Kong",
    seed=1,
    modern=1,
    role=ADD,
)


won_on(
    "hai_di_lao_yue",
    "haitei",
    option="haidi",
    note="seed off, modern on",
    zh="海底捞月",
    en="Last Tile Self-Draw",
    seed=1,
    modern=1,
    role=ADD,
)


won_on("hai_di_pao", "houtei", option="haidi", zh="海底炮", en="Win on the Last Discard", seed=1, modern=1, role=ADD)


@row(
    "zi_mo",
    zh="自摸",
    en="Self-Draw",
    seed=1,
    modern=1,
    role=ADD,
    doc="Self-draw +1 番 when self_draw is add_fan (A5); not added to 天胡.",
)
def _zi_mo(f: Facts, o: dict) -> int:
    return f.ctx.tsumo and o["self_draw"] == "add_fan" and not (f.ctx.tenhou and o["tian_di_hu"])


@row(
    "men_qing",
    zh="门清",
    en="Concealed Hand",
    seed=None,
    modern=1,
    role=ADD,
    doc="No 碰 / 明杠 / 加杠, concealed kongs allowed (modern option men_qing_zhong_zhang).",
)
def _men_qing(f: Facts, o: dict) -> int:
    return f.closed and o["men_qing_zhong_zhang"]


@row(
    "zhong_zhang",
    zh="中张",
    en="No Terminals",
    seed=None,
    modern=1,
    role=ADD,
    doc="No 1 or 9 anywhere (modern option men_qing_zhong_zhang).",
)
def _zhong_zhang(f: Facts, o: dict) -> int:
    return f.no_19 and o["men_qing_zhong_zhang"]


_BY_PROFILE = text("As the profile says", "按规则版本", "ルール版に従う")
_NO_CAP = text("No cap", "不封顶", "上限なし")
_ON, _OFF = text("On", "开", "あり"), text("Off", "关", "なし")


def _times(n: int) -> dict[str, str]:
    return text(f"×{n}", f"{n} 倍", f"{n}倍")


def _base_units(n: int) -> dict[str, str]:
    return text(f"{n} × base", f"{n} 底", f"{n} 底")


OPTIONS = (
    Option(
        "profile",
        SEED,
        "seed: the seed's max-only table plus doublings (SC-QQ); modern: additive 番 (SC-XZ)",
        (SEED, MODERN),
        names=text("Rules profile", "规则版本", "ルール版"),
        help=text(
            "The old table (the highest pattern, then doublings) or the modern added-up fan",
            "老规则（取最大番型再翻倍）或现行规则（番数相加）",
            "旧ルール（最高の役に倍付け）か現行ルール（番を足す）",
        ),
        choice_names={
            SEED: text("Classic table", "老规则 (取最大)", "旧ルール（最大のみ）"),
            MODERN: text("Modern (fan added up)", "现行规则 (番数相加)", "現行ルール（番を合計）"),
        },
    ),
    Option(
        "cap_fan",
        4,
        "modern: cap on the 番 total, M = 2^min(F, cap_fan); None = no cap (WMT: 3)",
        (3, 4, 5, 6, None),
        names=text("Fan cap (modern)", "封顶番数 (现行)", "番数の上限（現行）"),
        help=text(
            "Modern profile: the most fan a hand counts; each fan doubles the stake",
            "现行规则：一手牌最多计几番，每番翻一倍",
            "現行ルール：数える番の上限（1番ごとに倍）",
        ),
        choice_names={
            3: text("3 fan", "3 番", "3番"),
            4: text("4 fan", "4 番", "4番"),
            5: text("5 fan", "5 番", "5番"),
            6: text("6 fan", "6 番", "6番"),
            None: _NO_CAP,
        },
    ),
    Option(
        "cap_multiplier",
        None,
        "seed: cap on the multiplier (8 满格, 16, 32); None = no cap (the seed is silent)",
        (None, 8, 16, 32),
        names=text("Multiplier cap (classic)", "封顶倍数 (老规则)", "倍率の上限（旧ルール）"),
        help=text(
            "Classic profile: the highest multiple of the base a hand is paid",
            "老规则：一手牌最多按几倍底支付",
            "旧ルール：支払いの倍率の上限",
        ),
        choice_names={None: _NO_CAP, 8: _times(8), 16: _times(16), 32: _times(32)},
    ),
    Option(
        "self_draw",
        None,
        "add_base (自摸加底: each payer +1 底), add_fan (自摸 +1 番) or none; "
        "None = the profile's (seed add_base, modern add_fan)",
        (None, "add_base", "add_fan", "none"),
        names=text("Self-draw bonus", "自摸加成", "ツモの加算"),
        help=text(
            "What a self-draw adds: one base from each payer, or one fan",
            "自摸加什么：每家多付一底，或加一番",
            "ツモで何を足すか：各自1底、または1番",
        ),
        choice_names={
            None: _BY_PROFILE,
            "add_base": text("Each payer adds one base", "自摸加底", "各自1底を加算"),
            "add_fan": text("One more fan", "自摸加番", "1番を加算"),
            "none": text("Nothing", "不加", "なし"),
        },
    ),
    Option(
        "zhigang_money",
        None,
        "直杠 (kong on a discard): what the discarder pays, in 底; None = the profile's (seed 1, modern 2; A13)",
        (None, 1, 2),
        names=text("Kong-on-a-discard money", "直杠钱", "大明槓の支払い"),
        help=text(
            "What the discarder pays for a kong made on his tile",
            "直杠（杠别人打出的牌）时放杠者付多少",
            "大明槓のとき牌を出した人が払う額",
        ),
        choice_names={None: _BY_PROFILE, 1: _base_units(1), 2: _base_units(2)},
    ),
    Option(
        "hu_jiao_zhuan_yi",
        None,
        "呼叫转移: on 杠上炮 the discarder hands that kong's money to the winner; "
        "None = the profile's (seed off, modern on)",
        (None, True, False),
        names=text("Kong money moves to the winner", "呼叫转移", "呼叫転移"),
        help=text(
            "On a discard right after a kong, the discarder hands that kong's money to the winner",
            "杠上炮时，放炮者把那个杠的钱转给和牌者",
            "槓上放銃のとき、その槓の収入を和了者に渡す",
        ),
        choice_names={None: _BY_PROFILE, True: _ON, False: _OFF},
    ),
    Option(
        "qiang_gang_bonus",
        True,
        "抢杠胡 counts +1 番 (A4)",
        names=text("Robbing a kong +1 fan", "抢杠胡加番", "搶槓和で1番"),
        help=text("Winning by robbing a kong adds one fan", "抢杠胡加一番", "搶槓和で1番を加える"),
    ),
    Option(
        "haidi",
        None,
        "海底捞月 / 海底炮 count +1 番; None = the profile's (seed off, modern on)",
        (None, True, False),
        names=text("Last tile +1 fan", "海底加番", "海底で1番"),
        help=text(
            "Winning on the last tile, drawn or discarded, adds one fan",
            "海底捞月或海底炮加一番",
            "海底撈月・海底炮で1番を加える",
        ),
        choice_names={None: _BY_PROFILE, True: _ON, False: _OFF},
    ),
    Option(
        "long_qidui_multiplier",
        16,
        "seed: 龙七对 is 五番 x16 as the seed prints it, or x8 (七对 x4 times its root; A1)",
        (16, 8),
        names=text("Dragon seven pairs (classic)", "龙七对倍数 (老规则)", "龍七対の倍率（旧ルール）"),
        help=text(
            "Classic profile: seven pairs with four of a kind pays ×16, or ×8",
            "老规则：龙七对按 16 倍或 8 倍",
            "旧ルール：龍七対を16倍か8倍にする",
        ),
        choice_names={16: _times(16), 8: _times(8)},
    ),
    Option(
        "tian_di_hu",
        True,
        "天胡 / 地胡 count (seed 六番, modern +5)",
        names=text("Heavenly and earthly hands", "天胡地胡", "天胡・地胡"),
        help=text(
            "The dealer's win on the dealt hand and a first-draw win count",
            "计天胡（庄家起手和）与地胡（第一次摸牌和）",
            "天胡（親の配牌和了）と地胡（第一ツモ和了）を数える",
        ),
    ),
    Option(
        "di_hu_requires_self_draw",
        False,
        "地胡 only by self-draw (A6)",
        names=text("Earthly hand by self-draw only", "地胡须自摸", "地胡はツモのみ"),
        help=text("The earthly hand counts only when self-drawn", "地胡只算自摸", "地胡はツモ和了のときだけ"),
    ),
    Option(
        "men_qing_zhong_zhang",
        False,
        "modern: 门清 +1 and 中张 +1",
        names=text("Concealed and all-simples fan (modern)", "门清中张 (现行)", "門清・中張（現行）"),
        help=text(
            "Modern profile: a concealed hand and a hand without 1 or 9 each add one fan",
            "现行规则：门清加一番，中张（无一九）加一番",
            "現行ルール：門清と中張（一・九なし）でそれぞれ1番",
        ),
    ),
    Option(
        "flower_pig_penalty",
        None,
        "what a 花猪 pays each non-花猪 player, in 底; None = the profile's "
        "(seed 16, modern 2^cap_fan, 16 when uncapped)",
        (None, 8, 16, 32, 64),
        names=text("Flower-pig penalty", "花猪赔付", "花豬の罰符"),
        help=text(
            "What a player still holding three suits at the end pays each other player",
            "荒庄时手里仍有三门牌（花猪）的人赔每家多少",
            "流局時に三色を持つ人（花豬）が各自に払う額",
        ),
        choice_names={
            None: _BY_PROFILE,
            8: _base_units(8),
            16: _base_units(16),
            32: _base_units(32),
            64: _base_units(64),
        },
    ),
    Option(
        "base",
        1,
        "底: the base stake every amount is counted in",
        names=text("Base stake", "底", "底"),
        help=text("The stake every amount is counted in", "所有金额按底计算", "すべての額の基準となる底"),
        minimum=1,
    ),
)

SUIT_NAMES = {c.value: c.names for c in SUITS}  # a suit in the reasons' text, as each language names it
CONTEXT_FIELDS = (
    "tsumo",
    "seat_wind",
    "rinshan",
    "after_kong_discard",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
)

PROFILE_DEFAULTS = {
    SEED: {"self_draw": "add_base", "zhigang_money": 1, "hu_jiao_zhuan_yi": False, "haidi": False},
    MODERN: {"self_draw": "add_fan", "zhigang_money": 2, "hu_jiao_zhuan_yi": True, "haidi": True},
}
KONG_NAMES = {"minkan": "直杠", "kakan": "补杠", "ankan": "暗杠"}
_KONG_WORDS = {c.value: c.names for c in KONGS}  # a kong named in a note, in each language
_KONG_NOTES = {"minkan": said("kong_minkan_wind"), "kakan": said("kong_kakan_wind"), "ankan": said("kong_ankan_rain")}


def _facts(hand: Hand, r: Reading, ctx: Context, hand_facts: dict) -> Facts:
    sets = [b for b in r.blocks if b.kind != PAIR]
    regular = r.form == "regular"
    all_pungs = regular and all(b.kind != CHOW for b in sets)
    yao_jiu = regular and all((b.tile % 9 in (0, 6)) if b.kind == CHOW else (b.tile % 9 in (0, 8)) for b in r.blocks)
    return Facts(
        regular,
        all_pungs,
        yao_jiu,
        len(hand.melds) == 4,
        len(hand.melds) == 4 and all(b.kind == KONG for b in sets),
        ctx=ctx,
        **hand_facts,
    )


def _roots_in(d) -> int:
    """The roots a category holds (takes away from 根)."""
    return sum(x[1] for x in d.facts.get("excludes", ()) if not isinstance(x, str) and x[0] == "gen")


def _seed_excludes() -> dict[str, tuple]:
    """What each row excludes in the seed profile.

    The base categories count max-only ("以下番型均不重复计算，只按最大番算", §4): each excludes every category below
    it, the highest level first; a category that holds a root (龙七对, 清龙七对) ranks one level lower, its root
    being in it (A3), and the first in the table wins a tie. The add-ons (另加番) exclude nothing."""
    bases = sorted(
        (d for d in TABLE if d.value[SEED] is not None and d.facts["role"] == BASE),
        key=lambda d: (-(d.value[SEED] - _roots_in(d)), -d.value[SEED]),
    )
    return {d.id: (*d.facts.get("excludes", ()), *(b.id for b in bases[n + 1 :])) for n, d in enumerate(bases)}


SEED_ROWS = Rows((d for d in TABLE if d.value[SEED] is not None), _seed_excludes())
MODERN_ROWS = Rows(d for d in TABLE if d.value[MODERN] is not None)


def _score_seed(f: Facts, o: dict) -> tuple[tuple[Item, ...], int, int]:
    """(items, 番, multiplier before the cap): the base category's level plus one 番 per add-on, M = 2^(番-1)."""
    hits = SEED_ROWS.count(lambda d: d.check(f, o))
    base, level = hits[0][0], hits[0][0].value[SEED]  # every complete hand is at least 平胡 or 七对
    items = [base.item(level, note=said("multiplier", n=2 ** (level - 1)))]
    items += [d.item(1, count=n if d.id == "gen" else None) for d, n in hits[1:]]
    fan = level + sum(n for _, n in hits[1:])
    return tuple(items), fan, 2 ** (fan - 1)


def _score_modern(f: Facts, o: dict) -> tuple[tuple[Item, ...], int, int]:
    """(items, 番, multiplier before the cap): additive 番 (§5), M = 2^F."""
    hits = MODERN_ROWS.count(lambda d: d.check(f, o))
    items = tuple(d.item(d.value[MODERN], count=n if d.id == "gen" else None) for d, n in hits)
    total = sum(d.value[MODERN] * n for d, n in hits)
    return items, total, 2**total


def _modern_name(f: Facts) -> str:
    """The name a table calls the hand (§5: display names are derived, never extra points)."""
    if not f.regular:
        name = ("七对", "龙七对", "双龙七对", "三龙七对")[min(f.roots, 3)]
        if f.all_258:
            name = "将" + name
        return "清" + name if f.one_suit else name
    if f.all_pungs:
        name = ("十八罗汉" if f.four_kongs else "金钩钓") if f.four_melds else "对对胡"
        if f.all_258:
            name = "将对" if name == "对对胡" else "将" + name
        if f.one_suit:
            name = "清对" if name == "对对胡" else "清" + name
        return name
    if f.one_suit:
        return "清幺九" if f.yao_jiu else "清一色"
    return "带幺九" if f.yao_jiu else "平胡"


def _kong_items(hand: Hand, o: dict, payers: int) -> list[dict]:
    out = []
    for m in hand.melds:
        if m.is_kong:
            pays = _kong_money(m.kind, o, payers)
            out.append(
                {
                    "meld": str(m),
                    "kind": KONG_NAMES[m.kind],
                    "payments": [p.to_dict() for p in pays],
                    "total": sum(p.amount for p in pays),
                }
            )
    return out


class Sichuan(LocalRuleSet):
    name = "sichuan"
    names = {"en": "Sichuan Bloody Battle", "zh": "四川麻将 血战到底", "ja": "四川麻雀 血戦到底"}
    tile_set = TILES_108
    options = OPTIONS
    melds = NO_CHI
    meld_rule = "碰 and 杠 only, no 吃 (§2)"
    flags = (
        Option(
            "active_opponents",
            3,
            "the other players still in the hand (血战: winners have left); each pays a self-draw (A10)",
            (1, 2, 3),
            what="the number of other players still in the hand (1, 2 or 3)",
            type="count",
            names=text("Players still in the hand", "未和牌的对手", "残っている相手"),
            help=text(
                "How many other players have not won yet and pay a self-draw (bloody battle)",
                "还没和牌、要付自摸钱的其他玩家数（血战到底）",
                "まだ和了しておらずツモを払う相手の人数（血戦到底）",
            ),
        ),
        Option(
            "void_suit",
            None,
            "the suit declared void (定缺, modern rule)",
            tuple(SUIT_LETTERS),
            what="m, p or s",
            type="choice",
            names=text("Declared void suit", "定缺", "定缺"),
            help=text(
                "The suit you declared you would give up at the start (the hand must not hold it)",
                "开局时定缺的那门花色（和牌时手里不能有）",
                "開始時に捨てると決めた色（和了時に持てない）",
            ),
            choice_names={c.value: c.names for c in SUITS},
        ),
        Option(
            "discarder_kong",
            None,
            "on 杠上炮, the kong the discarder had just made (for 呼叫转移)",
            tuple(KONG_NAMES),
            what="minkan, kakan or ankan",
            type="choice",
            names=text("The discarder's kong", "放炮者的杠", "放銃者の槓"),
            help=text(
                "On a discard right after a kong: which kong the discarder had made",
                "杠上炮时，放炮者开的是哪种杠",
                "槓上放銃のとき、放銃者のした槓の種類",
            ),
            choice_names={c.value: c.names for c in KONGS},
        ),
    )
    self_draw_wins = {"rinshan": "杠上花", "haitei": "海底捞月", "tenhou": "天胡"}
    discard_wins = {"after_kong_discard": "杠上炮", "chankan": "抢杠胡", "houtei": "海底炮"}
    reasons = ("not_winning", "missing_suit_not_void", "void_suit_held")
    context_fields = CONTEXT_FIELDS
    items = TABLE
    doc = __doc__ or ""

    def resolve_options(self, given: dict | None) -> dict:
        """The options given, with the profile-dependent ones (None) filled from the profile (§7)."""
        opts = super().resolve_options(given)
        for key, value in PROFILE_DEFAULTS[opts["profile"]].items():
            if opts[key] is None:
                opts[key] = value
        return opts

    def forms(self, opts: dict) -> dict:
        return {"seven_pairs": True, "seven_pairs_kongs": True, "thirteen_orphans": False}

    def waits(self, hand: Hand, opts: dict) -> list[int]:
        """Waits that give a winning hand: a wait in a third suit makes a 花猪 hand, which cannot win."""
        suits = {kind(t) // 9 for t in hand.all_tiles()}
        return [t for t in super().waits(hand, opts) if len(suits | {t // 9}) <= 2]

    def check_context(self, hand: Hand, ctx: Context, flags: dict, opts: dict) -> None:
        if ctx.tenhou and (not ctx.is_dealer or hand.melds):
            raise InputError(
                "bad_context", "tenhou (天胡) is the dealer's (seat_wind E) win on his dealt tiles, no melds"
            )
        if ctx.chiihou and ctx.is_dealer:
            raise InputError("bad_context", "chiihou (地胡) is a non-dealer's win; seat_wind E is the dealer")
        if ctx.after_kong_discard and opts["hu_jiao_zhuan_yi"] and flags["discarder_kong"] is None:
            raise InputError(
                "bad_context",
                "after_kong_discard (杠上炮) with 呼叫转移 (option hu_jiao_zhuan_yi) needs "
                "discarder_kong: minkan, kakan or ankan, the kong the discarder made",
            )
        if ctx.tsumo and flags["discarder_kong"] is not None:
            raise InputError("bad_context", "discarder_kong is for a win on a discard after a kong (杠上炮)")

    def hand_facts(self, win: Win) -> tuple[dict, set[int]]:
        """The facts of the tiles (every reading shares them) and the suits the hand holds."""
        kinds = [kind(t) for t in win.hand.all_tiles()]
        counts = [0] * 27
        for k in kinds:
            counts[k] += 1
        facts = {
            "one_suit": len({k // 9 for k in kinds}) == 1,
            "all_258": all(k % 9 in (1, 4, 7) for k in kinds),
            "roots": sum(1 for n in counts if n == 4),
            "no_19": all(k % 9 not in (0, 8) for k in kinds),
            "closed": win.hand.is_closed,
        }
        return facts, {k // 9 for k in kinds}

    def score_reading(self, r: Reading, facts: tuple[dict, set[int]], win: Win) -> Scored:
        f = _facts(win.hand, r, win.ctx, facts[0])
        scorer = _score_seed if win.opts["profile"] == SEED else _score_modern
        items, fan, uncapped = scorer(f, win.opts)
        return Scored(r, items, uncapped, f, {"fan": fan, "suits": facts[1]})

    def finish(self, win: Win, best: Scored) -> Result:
        o, fan = win.opts, best.info["fan"]
        multiplier, capped = _cap(fan, best.key, o)
        explain = {
            "profile": o["profile"],
            "name": _modern_name(best.facts) if o["profile"] == MODERN else best.items[0].names["zh"],
            "multiplier": multiplier,
            "multiplier_uncapped": best.key,
            "kong_money": _kong_items(win.hand, o, win.flags["active_opponents"]),
        }
        fields = {"fan": fan, "limit": "capped" if capped else None, "explain": explain}
        void = win.flags["void_suit"]
        if len(best.info["suits"]) == 3:
            return self.refuse(win, "missing_suit_not_void", best, **fields)
        if void is not None and SUIT_LETTERS.index(void) in best.info["suits"]:
            return self.refuse(win, "void_suit_held", best, reason_fields={"suit": SUIT_NAMES[void]}, **fields)
        return self.won(win, best, self.payments(multiplier, win.ctx, o), **fields)

    def payments(self, value: int, ctx: Context, opts: dict) -> Points:
        """§6 for a hand worth ``value`` (the multiplier, capped): a discard win is paid by the discarder (抢杠胡: the
        robbed player); a self-draw by every other player still in the hand, each adding 1 底 under 自摸加底.
        呼叫转移 hands the discarder's kong money on (A9)."""
        flags = self.flag_values(ctx)
        b, active = opts["base"], flags["active_opponents"]
        pays: list[Payment] = []
        if ctx.tsumo:
            extra = b if opts["self_draw"] == "add_base" else 0
            note = said("self_draw_adds_base") if extra else None
            pays += [Payment("other", b * value + extra, note) for _ in range(active)]
        else:
            pays.append(
                Payment(
                    "discarder",
                    b * value,
                    said("robbed_kong_pays") if ctx.chankan else None,
                )
            )
        hand_total = sum(p.amount for p in pays)
        transfer = 0
        kong = flags["discarder_kong"]
        if ctx.after_kong_discard and opts["hu_jiao_zhuan_yi"] and kong is not None:
            transfer = sum(p.amount for p in _kong_money(kong, opts, active))
            pays.append(Payment("discarder", transfer, said("call_transfer", kong=_KONG_WORDS[kong])))
        extra_points = {"base": b, "kong_transfer": transfer} if transfer else {"base": b}
        return Points(hand_total, hand_total + transfer, tuple(pays), extra_points)


def _cap(fan: int, uncapped: int, o: dict) -> tuple[int, bool]:
    if o["profile"] == SEED:
        cap = o["cap_multiplier"]
        return (cap, True) if cap is not None and uncapped > cap else (uncapped, False)
    cap = o["cap_fan"]
    return (2**cap, True) if cap is not None and fan > cap else (uncapped, False)


# --- helpers for the round's end and for kongs -------------------------------------------------------------------


def kong_money(kind_: str, options: dict | None = None, payers: int = 3) -> tuple[Payment, ...]:
    """刮风下雨 (seed item 6, §6): 直杠 (``minkan``) is paid by the discarder (seed 1 底, modern 2: option
    zhigang_money); 补杠 (``kakan``) 1 底 and 暗杠 (``ankan``) 2 底 by each of ``payers`` other players still in the
    hand. A robbed 补杠 (抢杠胡) pays nothing; kong money of a player not ready at a draw is refunded (退税)."""
    if isinstance(payers, bool) or payers not in (1, 2, 3):
        raise InputError("bad_input", f"payers is the number of other players still in the hand (1-3), not {payers!r}")
    return _kong_money(kind_, RULESET.resolve_options(options), payers)


def _kong_money(kind_: str, o: dict, payers: int) -> tuple[Payment, ...]:
    b = o["base"]
    if kind_ == "minkan":
        return (Payment("discarder", b * o["zhigang_money"], _KONG_NOTES["minkan"]),)
    if kind_ == "kakan":
        return tuple(Payment("other", b, _KONG_NOTES["kakan"]) for _ in range(payers))
    if kind_ == "ankan":
        return tuple(Payment("other", 2 * b, _KONG_NOTES["ankan"]) for _ in range(payers))
    raise InputError("bad_meld", f"kong kind is minkan (直杠), kakan (补杠) or ankan (暗杠), not {kind_!r}")


def _tiles_and_melds(hand, melds) -> list[int]:
    tiles = [kind(t) for t in parse_tiles(hand)]
    for m in melds or ():
        tiles += [kind(t) for t in Meld.parse(m).tiles]
    bad = [tile_name(t) for t in tiles if t >= 27]
    if bad:
        raise InputError("bad_tile", f"{', '.join(bad)} is not in Sichuan's 108 tiles (no honors, no flowers)")
    return tiles


def is_flower_pig(hand, melds=()) -> bool:
    """花猪 (查花猪, seed item 7): the player's tiles, hand and melds, hold all three suits."""
    return len({t // 9 for t in _tiles_and_melds(hand, melds)}) == 3


def flower_pig_penalty(options: dict | None = None) -> int:
    """What a 花猪 pays each non-花猪 player still in the hand (A7): seed 16 底, modern 2^cap_fan 底."""
    o = RULESET.resolve_options(options)
    if o["flower_pig_penalty"] is not None:
        return o["base"] * o["flower_pig_penalty"]
    if o["profile"] == MODERN and o["cap_fan"] is not None:
        return o["base"] * 2 ** o["cap_fan"]
    return o["base"] * 16


def max_value(hand, melds=(), options: dict | None = None, void_suit: str | None = None) -> MaxValue | None:
    """The highest value a waiting (13-tile) hand can reach: every wait scored as a win on a discard with no
    draw-only bonus (自摸, 杠上花, 海底, 天地胡), roots included, capped. None when the hand is not ready."""
    ctx = build_context(RULESET.context_flags, void_suit=void_suit)
    return RULESET.max_value(hand, melds, RULESET.resolve_options(options), ctx, lambda r: r.explain["multiplier"])


RULESET = Sichuan()

__all__ = ["RULESET", "MaxValue", "flower_pig_penalty", "is_flower_pig", "kong_money", "max_value"]
