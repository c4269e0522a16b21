"""二人麻将 (the 71-tile two-player online game of "麻将番数计算规则"): its mechanics and a stand-in fan table.

Digest: ../shared/rules/two_player.md (seed 000, section 三、麻将游戏规则). The seed keeps the game's mechanics — the
13-番 cap (上限封顶即役满牌型), 报听, 门清 with 暗杠, 抢杠 only on a 蓄杠 and scored as a self-draw, 花牌 shown on the
wall — but its fan list is lost. What stands in for it (T1) is the digest's riichi-style list (seed vocabulary:
役满 = 13番, 报听 ≈ 立直, 花牌 ≈ dora); option ``fan_table`` replaces any of its values.

F = Σ fans + 花牌 (+1 per tile of a shown 花牌 kind, T4), at most 13; the opponent pays min(F, 13) × 底 on a discard
win and on a self-draw alike (T2). A win needs one fan that is not 花牌 (T3).

Context: ``tsumo``, ``declared`` (报听), ``chankan`` (抢杠; ``robbed_kong`` = kakan (蓄杠, default) / minkan /
ankan), ``haitei`` / ``houtei`` (海底 / 河底, also the 海底捞月 final draw, T6), ``rinshan`` (岭上), ``tenhou`` /
``chiihou``, ``seat_wind`` / ``round_wind`` (役牌 winds), ``flower_kinds`` (the 花牌 tiles shown on the wall),
``game_tiles`` (the 71 tiles drawn for this game: the hand is checked against them, T7).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..controls import KONGS, text
from ..errors import InputError
from ..hand import Context, Hand, TileSet
from ..result import Payment, Points, Result
from ..shapes import PAIR, Reading
from ..tiles import DRAGONS, WINDS, counts34, kind, parse_tiles, tile_name, wind_tile
from . import ItemTable, Option, local
from .local import LocalRuleSet, Rows, Scored, Win, win_rows

CAP = 13  # "上限封顶即役满牌型，为13番" (§5)
GAME_TILES = 71  # "随机选出71张牌" (§2)
TILES = TileSet("136", frozenset(range(34)))  # 筒36 万36 条36 风字28, no flowers, no red fives
GREEN = frozenset({19, 20, 21, 23, 25, 32})  # 2s 3s 4s 6s 8s 6z
TERMINALS = frozenset({0, 8, 9, 17, 18, 26})

items = ItemTable()


@dataclass(frozen=True, slots=True)
class View(local.View):
    """One reading and what the rows read."""

    counts: tuple[int, ...]  # every tile of the hand by kind (melds included)
    self_draw: bool  # tsumo, or 抢杠 scored as a self-draw (§3, T5)

    @property
    def concealed_triplets(self) -> int:
        """Pungs and kongs made without a claim; a pung completed by the opponent's discard is not one."""
        n = 0
        for i, b in enumerate(self.r.blocks):
            if b.kind != PAIR and b.is_triplet and b.concealed and not (i == self.r.win_block and not self.self_draw):
                n += 1
        return n if self.regular else 0

    @property
    def kongs(self) -> int:
        return sum(1 for b in self.r.sets if b.kind == "kong")

    @property
    def yakuhai(self) -> list[int]:
        return [
            DRAGONS.start,
            DRAGONS.start + 1,
            DRAGONS.start + 2,
            wind_tile(self.ctx.seat_wind),
            wind_tile(self.ctx.round_wind),
        ]


def fan(
    id: str,
    value: int,
    *,
    zh: str,
    en: str,
    ja: str,
    open: int | None = None,
    excludes: tuple[str, ...] = (),
    doc: str = "",
):
    """A row: ``value`` closed, ``open`` on an open hand (0: closed only; None: the same)."""
    return items(id, value, zh=zh, en=en, ja=ja, doc=doc, open=open, excludes=excludes)


won_on = win_rows(fan, lambda v: (v.ctx, None))  # the rows of the wins the context names (local.WINS)


# ---- 1 fan ------------------------------------------------------------------------------------------------------
@fan("baoting", 1, zh="报听", en="Declared ready", ja="立直", open=0, doc="报听 (context declared), as 立直 (T1).")
def baoting(v: View) -> bool:
    return v.ctx.declared


@fan(
    "menqing_zimo",
    1,
    zh="门清自摸",
    en="Concealed self-draw",
    ja="門前清自摸和",
    open=0,
    doc="门清 (暗杠 keeps it) and a self-draw; a 抢杠 counts as a self-draw (T5).",
)
def menqing_zimo(v: View) -> bool:
    return v.self_draw


won_on("qianggang", "chankan", note="only on a 蓄杠 (加杠)", value=1, zh="抢杠", en="Robbing a kong", ja="槍槓")


@fan(
    "pinghe",
    1,
    zh="平和",
    en="All sequences",
    ja="平和",
    open=0,
    doc="Four sequences, a pair that is no 役牌, a two-sided wait.",
)
def pinghe(v: View) -> bool:
    pair = v.r.pair
    return len(v.chows) == 4 and v.r.wait == "ryanmen" and pair is not None and pair.tile not in v.yakuhai


@fan("duanyao", 1, zh="断幺", en="All simples", ja="断么九", doc="No 1, 9 or honour tile.")
def duanyao(v: View) -> bool:
    return all(t < 27 and t not in TERMINALS for t in v.kinds)


@fan(
    "yipai",
    1,
    zh="役牌",
    en="Value tiles",
    ja="役牌",
    doc="Each pung or kong of a dragon, of the seat wind, of the round wind (a double wind counts twice).",
)
def yipai(v: View) -> int:
    return sum(v.yakuhai.count(t) for t in v.triplets)


@fan("yibeikou", 1, zh="一杯口", en="Pure double sequence", ja="一盃口", open=0)
def yibeikou(v: View) -> bool:
    return len(v.chows) != len(set(v.chows))


won_on("haidi", "haitei", note="also the 海底捞月 final draw (T6)", value=1, zh="海底", en="Last tile", ja="海底摸月")


won_on("hedi", "houtei", value=1, zh="河底", en="Last discard", ja="河底撈魚")


won_on("lingshang", "rinshan", value=1, zh="岭上开花", en="After a kong", ja="嶺上開花")


# ---- 2 fan ------------------------------------------------------------------------------------------------------
@fan("qidui", 2, zh="七对", en="Seven pairs", ja="七対子", open=0)
def qidui(v: View) -> bool:
    return v.r.form == "seven_pairs"


@fan("duiduihe", 2, zh="对对和", en="All pungs", ja="対々和")
def duiduihe(v: View) -> bool:
    return len(v.triplets) == 4


@fan("sananke", 2, zh="三暗刻", en="Three concealed pungs", ja="三暗刻")
def sananke(v: View) -> bool:
    return v.concealed_triplets == 3


@fan("sangang", 2, zh="三杠", en="Three kongs", ja="三槓子")
def sangang(v: View) -> bool:
    return v.kongs == 3


@fan("yiqitongguan", 2, zh="一气通贯", en="Pure straight", ja="一気通貫", open=1)
def yiqitongguan(v: View) -> bool:
    return any({s, s + 3, s + 6} <= set(v.chows) for s in (0, 9, 18))


@fan("sansetongshun", 2, zh="三色同顺", en="Mixed triple sequence", ja="三色同順", open=1)
def sansetongshun(v: View) -> bool:
    return any({n, n + 9, n + 18} <= set(v.chows) for n in range(7))


@fan("sansetongke", 2, zh="三色同刻", en="Triple pungs", ja="三色同刻")
def sansetongke(v: View) -> bool:
    return any({n, n + 9, n + 18} <= set(v.triplets) for n in range(9))


@fan(
    "hunquandaiyao",
    2,
    zh="混全带幺",
    en="Outside hand",
    ja="混全帯么九",
    open=1,
    doc="Every set and the pair hold a 1, 9 or honour, with at least one sequence.",
)
def hunquandaiyao(v: View) -> bool:
    return bool(v.chows) and all(any(t >= 27 or t in TERMINALS for t in g) for g in v.groups)


@fan("hunlaotou", 2, zh="混老头", en="All terminals and honours", ja="混老頭")
def hunlaotou(v: View) -> bool:
    return all(t >= 27 or t in TERMINALS for t in v.kinds) and any(t >= 27 for t in v.kinds)


@fan("xiaosanyuan", 2, zh="小三元", en="Little three dragons", ja="小三元")
def xiaosanyuan(v: View) -> bool:
    pair = v.r.pair
    return sum(1 for t in v.triplets if t in DRAGONS) == 2 and pair is not None and pair.tile in DRAGONS


# ---- 3 and 6 fan ------------------------------------------------------------------------------------------------
@fan("erbeikou", 3, zh="二杯口", en="Twice pure double sequence", ja="二盃口", open=0, excludes=("yibeikou",))
def erbeikou(v: View) -> bool:
    c = v.chows
    return len(c) == 4 and all(c.count(t) % 2 == 0 for t in c)


@fan(
    "chunquandaiyao",
    3,
    zh="纯全带幺",
    en="Terminals in every set",
    ja="純全帯么九",
    open=2,
    excludes=("hunquandaiyao",),
)
def chunquandaiyao(v: View) -> bool:
    return bool(v.chows) and all(any(t in TERMINALS for t in g) for g in v.groups)


@fan("hunyise", 3, zh="混一色", en="Half flush", ja="混一色", open=2)
def hunyise(v: View) -> bool:
    return len(v.suits) == 1 and any(t >= 27 for t in v.kinds)


@fan("qingyise", 6, zh="清一色", en="Full flush", ja="清一色", open=5)
def qingyise(v: View) -> bool:
    return len(v.suits) == 1 and all(t < 27 for t in v.kinds)


# ---- 役满: 13 (the cap) -----------------------------------------------------------------------------------------
def yakuman(id: str, zh: str, en: str, ja: str, doc: str = ""):
    return items(id, CAP, zh=zh, en=en, ja=ja, doc=doc or "役满 = the 13-番 cap.", yakuman=True)


yakuman_won_on = win_rows(yakuman, lambda v: (v.ctx, None))


@yakuman("guoshi", "国士无双", "Thirteen orphans", "国士無双")
def guoshi(v: View) -> bool:
    return v.r.form == "thirteen_orphans"


@yakuman("sianke", "四暗刻", "Four concealed pungs", "四暗刻")
def sianke(v: View) -> bool:
    return v.concealed_triplets == 4


@yakuman("dasanyuan", "大三元", "Big three dragons", "大三元")
def dasanyuan(v: View) -> bool:
    return sum(1 for t in v.triplets if t in DRAGONS) == 3


@yakuman("xiaosixi", "小四喜", "Little four winds", "小四喜")
def xiaosixi(v: View) -> bool:
    pair = v.r.pair
    return sum(1 for t in v.triplets if t in WINDS) == 3 and pair is not None and pair.tile in WINDS


@yakuman("dasixi", "大四喜", "Big four winds", "大四喜")
def dasixi(v: View) -> bool:
    return sum(1 for t in v.triplets if t in WINDS) == 4


@yakuman("ziyise", "字一色", "All honours", "字一色")
def ziyise(v: View) -> bool:
    return all(t >= 27 for t in v.kinds)


@yakuman("lvyise", "绿一色", "All green", "緑一色")
def lvyise(v: View) -> bool:
    return v.kinds <= GREEN


@yakuman("qinglaotou", "清老头", "All terminals", "清老頭")
def qinglaotou(v: View) -> bool:
    return v.kinds <= TERMINALS


@yakuman("jiulianbaodeng", "九莲宝灯", "Nine gates", "九蓮宝燈")
def jiulianbaodeng(v: View) -> bool:
    if not v.closed or v.kongs or len(v.suits) != 1 or any(t >= 27 for t in v.kinds):
        return False
    s = next(iter(v.suits)) * 9
    c = v.counts[s : s + 9]
    return all(c[i] >= (3 if i in (0, 8) else 1) for i in range(9))


@yakuman("sigang", "四杠", "Four kongs", "四槓子")
def sigang(v: View) -> bool:
    return v.kongs == 4


yakuman_won_on("tianhe", "tenhou", note="役满 = the 13-番 cap", zh="天和", en="Heavenly hand", ja="天和")


@yakuman("dihe", "地和", "Earthly hand", "地和")
def dihe(v: View) -> bool:
    return v.ctx.chiihou


items(
    "huapai",
    1,
    zh="花牌",
    en="Flower tile",
    ja="花牌",
    doc="+1 per tile of the winning hand whose kind is a 花牌 shown on the wall (context flower_kinds, T4); "
    "never enough to win alone (T3).",
)(None)

REGULAR = [row for row in items if not row.facts.get("yakuman") and row.id != "huapai"]
YAKUMAN = [row for row in items if row.facts.get("yakuman")]
YAKUMAN_IDS = frozenset(row.id for row in YAKUMAN)
# 役满 alone: "上限封顶即役满牌型" (§5); a yakuman excludes every other row, the regular rows keep their own
ROWS = Rows(YAKUMAN + REGULAR, {y.id: tuple(row.id for row in REGULAR) for y in YAKUMAN})


def _tiles(value: object) -> list[int]:
    return parse_tiles(value if isinstance(value, (list, tuple)) else str(value))


@dataclass(frozen=True, slots=True)
class _HandFacts:
    """What every reading of the hand shares."""

    closed: bool
    kinds: frozenset[int]
    counts: tuple[int, ...]
    self_draw: bool
    flowers: int  # tiles of the hand whose kind is a shown 花牌 (T4)
    values: dict[str, tuple[int, int]]  # (closed, open) value of each row, after option fan_table


class TwoPlayer(LocalRuleSet):
    name = "twoplayer"
    chi_from = ("L", "A", "R")  # two_player.md: every discard comes from the opponent, so chi is always possible
    names = {"en": "Two-player 71-tile game", "zh": "二人麻将", "ja": "二人麻雀"}
    tile_set = TILES
    items = items
    flags = (
        Option(
            "flower_kinds",
            None,
            "the 花牌 tiles shown on the wall: +1 per tile of the hand of their kinds (T4)",
            read=lambda v: frozenset(kind(t) for t in _tiles(v)),
            type="tiles",
            names=text("Flower tiles shown", "亮出的花牌", "花牌の種類"),
            help=text(
                "The tiles shown on the wall as flowers: each copy of them in the hand adds one fan",
                "牌墙上翻出作为花牌的牌：手里每有一张加一番",
                "花牌として示された牌。手の中の一枚ごとに1番",
            ),
        ),
        Option(
            "robbed_kong",
            "kakan",
            "on 抢杠, the kong robbed: kakan (蓄杠), minkan or ankan (only a 蓄杠 may be robbed)",
            ("kakan", "minkan", "ankan"),
            what="kakan, minkan or ankan",
            type="choice",
            names=text("Kong robbed", "被抢的杠", "搶槓された槓"),
            help=text(
                "When robbing a kong: which kind of kong it was",
                "抢杠时：被抢的是哪种杠",
                "搶槓のとき、どの種類の槓だったか",
            ),
            choice_names={c.value: c.names for c in KONGS},
        ),
        Option(
            "game_tiles",
            None,
            "the 71 tiles drawn for this game: the hand is checked against them (T7)",
            read=_tiles,
            type="tiles",
            names=text("This game's 71 tiles", "本局的 71 张牌", "この対局の71枚"),
            help=text(
                "The 71 tiles drawn for this game; the hand is checked against them",
                "本局抽出的 71 张牌；手牌须在其中",
                "この対局で使う71枚。手牌はその中になければならない",
            ),
        ),
    )
    discard_wins = {"chankan": "抢杠"}
    reasons = ("not_winning", "robbed_kong_not_kakan", "no_fan", "only_flowers")
    context_fields = (
        "tsumo",
        "seat_wind",
        "round_wind",
        "declared",
        "rinshan",
        "chankan",
        "haitei",
        "houtei",
        "tenhou",
        "chiihou",
    )
    winds = ("E", "S")  # two players: the dealer and the other
    options = (
        Option(
            "fan_table",
            {},
            "replace fan values of the stand-in table (T1): {item id: value}, e.g. "
            '{"qidui": 1}; a value of 0 switches a fan off',
            names=text("Fan values", "番数表", "番数表"),
            help=text(
                "Change what a fan is worth; 0 switches it off",
                "修改各番种的番数；0 表示不计",
                "役の番数を変更（0 でなし）",
            ),
            keys="items",
        ),
    )
    doc = (
        "The 71-tile two-player game: 13-番 cap, 报听 (context declared), 抢杠 only on a 蓄杠 and scored as a "
        "self-draw, 花牌 (context flower_kinds: +1 per matching tile). Its fan list is lost; a riichi-style list "
        "stands in (option fan_table replaces values). The opponent pays min(F, 13)."
    )

    def resolve_options(self, given: dict | None) -> dict:
        opts = super().resolve_options(given)
        self._values(opts)  # a bad fan_table is an error before any hand is read
        return opts

    def _values(self, opts: dict) -> dict[str, tuple[int, int]]:
        """(closed, open) value of every row, after ``fan_table`` ({id: n} or {id: [closed, open]})."""
        table = opts["fan_table"]
        if not isinstance(table, dict):
            raise InputError("bad_option", f"option 'fan_table' is an object {{item id: value}}, not {table!r}")
        out = {}
        for row in items:
            open_ = row.facts.get("open")
            out[row.id] = (row.value, row.value if open_ is None else open_)
        for key, value in table.items():
            if key not in out:
                raise InputError("bad_option", f"fan_table: '{key}' is not an item of twoplayer")
            pair = value if isinstance(value, (list, tuple)) else [value, value]
            if len(pair) != 2 or any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in pair):
                raise InputError(
                    "bad_option", f"fan_table: '{key}' is a whole number 0 or more, or [closed, open], not {value!r}"
                )
            out[key] = (pair[0], pair[1])
        return out

    def check_context(self, hand: Hand, ctx: Context, flags: dict, opts: dict) -> None:
        """T7: a game draws 71 of the 136 tiles; the hand must fit in them."""
        given = flags["game_tiles"]
        if given is None:
            return
        pool = counts34(given)
        if sum(pool) != GAME_TILES:
            raise InputError("bad_context", f"game_tiles has {sum(pool)} tiles; a game uses {GAME_TILES}")
        if any(n > 4 for n in pool):
            raise InputError("bad_context", "game_tiles holds more than four copies of a tile")
        need = counts34(hand.all_tiles())
        for t in range(34):
            if need[t] > pool[t]:
                raise InputError(
                    "too_many_copies", f"{tile_name(t)} appears {need[t]} times; this game's 71 tiles hold {pool[t]}"
                )

    def hand_facts(self, win: Win) -> _HandFacts:
        hand, ctx = win.hand, win.ctx
        all_tiles = [kind(t) for t in hand.all_tiles()]
        closed = hand.is_closed
        return _HandFacts(
            closed,
            frozenset(all_tiles),
            tuple(counts34(all_tiles)),
            (ctx.tsumo or ctx.chankan) and closed,
            sum(1 for t in all_tiles if t in (win.flags["flower_kinds"] or ())),
            self._values(win.opts),
        )

    def score_reading(self, r: Reading, facts: _HandFacts, win: Win) -> Scored:
        """Yakuman alone when any (each the cap); otherwise every row that holds, less what a stronger one
        excludes; 花牌 on top when a real fan holds (T3, T4)."""
        v = View(r, win.ctx, facts.closed, facts.kinds, facts.counts, facts.self_draw)
        values = facts.values
        side = 0 if facts.closed else 1

        def value(row) -> int:
            return values[row.id][0 if row.facts.get("yakuman") else side]

        found = [
            row.item(value(row), count=n if n > 1 else None)
            for row, n in ROWS.count(lambda row: value(row) and row.check(v))
        ]
        real = sum(i.value * (i.count or 1) for i in found)
        if facts.flowers and real and not any(i.id in YAKUMAN_IDS for i in found):
            found.append(items["huapai"].item(values["huapai"][0], count=facts.flowers))
        raw = sum(i.value * (i.count or 1) for i in found)
        return Scored(r, tuple(found), (raw, real), info={"flowers": facts.flowers})

    def finish(self, win: Win, best: Scored) -> Result:
        raw, real = best.key
        explain = {"fan_raw": raw, "cap": CAP}
        if win.ctx.chankan and win.flags["robbed_kong"] != "kakan":
            return self.refuse(win, "robbed_kong_not_kakan", best, fan=min(raw, CAP), explain=explain)
        if not real:
            return self.refuse(win, "only_flowers" if best.info["flowers"] else "no_fan", best, fan=0, explain=explain)
        f = min(raw, CAP)
        return self.won(
            win,
            best,
            self.payments(raw, win.ctx, win.opts),
            fan=f,
            limit="役满" if raw >= CAP else None,
            explain=explain,
        )

    def payments(self, value: int, ctx: Context, opts: dict) -> Points:
        """§5 / T2: the opponent pays min(F, 13), on a discard or a self-draw alike."""
        f = min(value, CAP)
        return Points(f, f, (Payment("opponent", f),))


RULESET = TwoPlayer()
