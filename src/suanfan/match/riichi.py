"""Riichi rounds and matches (digest ../shared/rules/riichi.md "Points", "Draws and the match";
riichi_variants_from_seeds.md §2, §3, R1-R9).

Events of a round (players by name):
- ``{"type": "riichi", "player": P}``: P puts 1000 on the table (立直棒). Record only a riichi that stood: a riichi
  whose declaring tile was won on puts nothing down.
- ``{"type": "ron", "winner": W, "from": D, ...value}``: W wins on D's discard. Several ron events on one discard are
  a multiple ron, settled by the option ``multiple_ron`` (head_bump, double, all).
- ``{"type": "tsumo", "winner": W, ...value}``: a self-draw.
  The value is ``"hand": {...}`` (a contract hand object, scored with the seat and round wind, honba and riichi of
  the match), or ``"han"`` and ``"fu"``, or ``"yakuman": n``. ``"pao": P`` names the player liable for 大三元 / 大四喜
  (四杠子 with ``pao_suukantsu``); with a given value ``"pao_yakuman"`` says how many yakuman P answers for.
- ``{"type": "draw", "tenpai": [...], "nagashi": [...]}``: an exhaustive draw (荒牌流局): noten payments, or
  nagashi mangan.
- ``{"type": "abort", "reason": ...}``: an abortive draw (九种九牌, 四风连打, 四杠散了, 四家立直, 三家和了).
- ``{"type": "penalty", "player": P, "amount": n, "to": Q | "each" | "table"}``: a penalty (e.g. seed 000's 1000 for
  drawing out of turn), paid to a player, to each other player, or put on the table with the riichi sticks.
- ``{"type": "chombo", "player": P}``: a chombo (錯和: a false win, a riichi found noten, ...). The hand is played
  again with the same dealer and honba; riichi declared in it are given back. By the setting ``chombo``: ``mangan``
  (P pays a mangan as if the others had self-drawn it: 4000 all as dealer, 4000 / 2000 otherwise) or ``points``
  (nothing moves now; ``chombo_points`` come off P's final score, as M-League and the WRC take it at the end).

Three players (``options.players`` 3, or three names: CONTRACT "Three-player Riichi"): seats East, South and West,
three hands a wind, self-draws by ``sanma_tsumo``, honba by ``sanma_honba``, a 2000 tenpai pool, and the abortive
draws that exist with three (九种九牌, 四杠散了). Start 35000 and return 40000 by default.

Honba (300 each, 100 from each payer on a self-draw) and the sticks on the table go to the winner nearest the
discarder. The dealer keeps the seat on a win or when tenpai at a draw; honba grow on a dealer win and on every draw
(R4) and go back to 0 after a non-dealer win.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from ..controls import text
from ..errors import InputError
from ..messages import WIN_KINDS, say
from ..rules import Option
from ..rules.riichi.impossible import check_han_fu
from ..rules.riichi.points import base_points, exhaustive_draw, final_scores, payments, sanma_payments
from ..rules.riichi.presets import PRESET_MATCH, SANMA_OF
from .core import Game, register
from .events import TABLE, Settlement, only_keys, player, player_list, score_hand, whole

WINDS = "ESWN"
WIND_ZH = "东南西北"
WIND_JA = "東南西北"
WIND_EN = ("East", "South", "West", "North")
LENGTHS = {"east": 1, "hanchan": 2, "full": 4}  # 东风战, 半庄战, 全庄战 (一庄战)
ABORTS = {
    "kyuushu_kyuuhai": "九种九牌",
    "suufon_renda": "四风连打",
    "suukan_sanra": "四杠散了",
    "suucha_riichi": "四家立直",
    "sanchahou": "三家和了",
}
ABORTS_WITH_THREE = ("kyuushu_kyuuhai", "suukan_sanra")  # no fourth player: no 四风连打, 四家立直, 三家和了
MAX_YAKUMAN = 8  # more than any hand holds (大四喜 and 四暗刻单骑 double, with 字一色 and 四杠子: 6 in all)
VALUE_KEYS = {"hand", "han", "fu", "yakuman", "pao", "pao_yakuman"}

SETTINGS = (
    Option(
        "length",
        "hanchan",
        "east (东风战), hanchan (半庄 东南) or full (一庄战 东南西北)",
        tuple(LENGTHS),
        names=text("Match length", "对局长度", "対局の長さ"),
        help=text("How many winds the match plays", "比赛打几圈风", "何場まで打つか"),
        choice_names={
            "east": text("East only (tonpuusen)", "东风战", "東風戦"),
            "hanchan": text("Half game (hanchan: East and South)", "半庄战（东南）", "半荘戦（東南）"),
            "full": text("Full game (East to North)", "全庄战（东南西北）", "一荘戦（東南西北）"),
        },
    ),
    Option(
        "start",
        25000,
        "start points of each player (seed 000: 25000; seed 001: 27000; 30000 ...; three players: 35000)",
        names=text("Start points", "起始点数", "配給原点"),
        help=text(
            "Each player's points at the start (three players: 35000)",
            "每人开局的点数（三人：35000）",
            "開始時の各自の持ち点（三麻は35000）",
        ),
    ),
    Option(
        "return_points",
        30000,
        "return points (返し): final score = (points − return) / 1000; three players 40000",
        names=text("Return points", "返点", "返し"),
        help=text(
            "Final score = (points − return points) / 1000; the difference to the start is the first place's oka",
            "终局得分 = (点数 − 返点) / 1000；与起始点数之差归第一名（顶）",
            "最終スコア＝（持ち点−返し）÷1000。配給原点との差はトップのオカ",
        ),
    ),
    Option(
        "uma",
        None,
        'uma by rank, e.g. [20, 10, -10, -20] (顺位马), three numbers with three players; or by how many end at or above the return points (浮きウマ), {"0": [...], "1": [...], ...}; none by default (R7)',
        names=text("Uma", "马（顺位马）", "ウマ（順位ウマ）"),
        help=text(
            "Points by rank, e.g. 20, 10, -10, -20 (three numbers with three players); empty: none",
            "按名次加减的分，如 20, 10, -10, -20（三人三个数）；空：无",
            "順位点。例 20, 10, -10, -20（三麻は3つ）。空欄はなし",
        ),
    ),
    Option(
        "uma_ties",
        "seat",
        "players tied on points: seat (the one nearer the first dealer, 起家, ranks higher) or split (they share the uma and oka of the places they hold, evenly)",
        ("seat", "split"),
        names=text("Players tied on points", "同分时", "同点の扱い"),
        help=text(
            "How uma and oka go to players with the same points",
            "点数相同的玩家如何分马与顶",
            "同点者のウマ・オカの扱い",
        ),
        choice_names={
            "seat": text(
                "By seat (nearer the first dealer ranks higher)",
                "按座位（离起家近者在前）",
                "上家取り（起家に近い方が上）",
            ),
            "split": text("Share the uma and oka", "平分马与顶", "ウマ・オカを等分"),
        },
    ),
    Option(
        "tobi",
        True,
        "the match ends when a player's points drop below zero (飞)",
        names=text("Bust ends the match (tobi)", "被飞结束比赛", "トビ終了あり"),
        help=text(
            "The match ends when a player's points drop below zero",
            "有人点数低于零时比赛结束",
            "持ち点がマイナスになると終了",
        ),
    ),
    Option(
        "tobi_at_zero",
        False,
        "with tobi: a player at exactly zero busts too (0点で飛び); off, zero plays on",
        names=text("Zero points busts too", "零点也算被飞", "0点でトビ"),
        help=text(
            "With tobi: a player at exactly zero busts; off, zero plays on",
            "被飞时：正好零点也算；关闭时零点继续",
            "トビあり時、ちょうど0点でもトビ。なしなら続行",
        ),
    ),
    Option(
        "last_hand_renchan",
        True,
        "オーラス: the dealer of the last hand goes on after a win or tenpai unless first; false ends the match after the last hand anyway",
        names=text("Dealer continues in the last hand", "最后一局庄家可连庄", "オーラスの連荘あり"),
        help=text(
            "In the last hand the dealer goes on after a win or tenpai unless first; off: the match ends after the last hand",
            "最后一局庄家和了或听牌且非第一名时连庄；关闭时最后一局后结束",
            "オーラスで親が和了・聴牌ならトップでない限り続行。なしならオーラスで終了",
        ),
    ),
    Option(
        "agari_yame",
        True,
        "オーラス: a dealer who wins and is first may end the match (アガリやめ); off: goes on",
        names=text("Agari-yame", "和了终止", "アガリやめ"),
        help=text(
            "In the last hand a dealer who wins and is first may end the match",
            "最后一局庄家和了且为第一名时可结束比赛",
            "オーラスに親が和了してトップなら終了できる",
        ),
    ),
    Option(
        "tenpai_yame",
        True,
        "オーラス: a dealer tenpai at a draw who is first ends the match (テンパイやめ)",
        names=text("Tenpai-yame", "听牌终止", "テンパイやめ"),
        help=text(
            "In the last hand a dealer tenpai at a draw who is first ends the match",
            "最后一局流局时庄家听牌且为第一名则比赛结束",
            "オーラス流局時に親が聴牌でトップなら終了",
        ),
    ),
    Option(
        "extension",
        False,
        "西入: when the last hand ends and no one has extension_target points, the match goes on into the next wind (West after South; South after an East-only game) and ends as soon as someone has them",
        names=text("Extension (West round)", "西入（延长）", "西入"),
        help=text(
            "When the last hand ends and no one has the target points, the match goes on into the next wind and ends as soon as someone has them",
            "最后一局结束时无人达到目标点数，则进入下一圈风，有人达到即结束",
            "オーラス終了時に誰も目標点に届かなければ次の場へ延長し、届いた時点で終了",
        ),
    ),
    Option(
        "extension_target",
        0,
        "points that end the extension (and that the last hand needs): 0 = return_points",
        names=text("Extension target points", "延长的目标点数", "延長の終了点"),
        help=text(
            "Points that end the extension (and that the last hand needs); 0: the return points",
            "结束延长（及最后一局所需）的点数；0 为返点",
            "延長を終える（オーラスで必要な）点数。0は返し",
        ),
    ),
    Option(
        "extension_winds",
        1,
        "how many winds the extension may add at most (1: West only, as Tenhou)",
        names=text("Extension winds at most", "最多延长几圈风", "延長する場数の上限"),
        help=text(
            "How many winds the extension may add (1: West only, as Tenhou)",
            "延长最多增加几圈风（1：只到西，天凤）",
            "延長できる場数（1：西場まで、天鳳）",
        ),
    ),
    Option(
        "abortive_draws",
        True,
        "abortive draws (途中流局) end a hand; off (WRC, EMA, 最高位戦): an abort event is refused",
        names=text("Abortive draws", "途中流局", "途中流局あり"),
        help=text(
            "Abortive draws end a hand; off (WRC, EMA, 最高位戦): an abort is refused",
            "途中流局结束一局；关闭时（WRC、EMA、最高位战）不接受途中流局",
            "途中流局で局が終わる。なし（WRC・EMA・最高位戦）なら受け付けない",
        ),
    ),
    Option(
        "chombo",
        "mangan",
        "a chombo event: mangan (paid to the others as a mangan self-draw) or points (chombo_points taken off the final score at the end, placement unchanged)",
        ("mangan", "points"),
        names=text("Chombo", "错和罚则", "チョンボ"),
        help=text("What a chombo costs", "错和（冲和）如何罚", "チョンボの罰則"),
        choice_names={
            "mangan": text("Pay a mangan", "支付满贯", "満貫払い"),
            "points": text("Points off the final score", "终局时扣分", "終局時に減点"),
        },
    ),
    Option(
        "chombo_points",
        20000,
        "with chombo points: the points one chombo takes off the final score",
        names=text("Chombo points", "错和扣分", "チョンボの減点"),
        help=text(
            "With chombo points: the points one chombo takes off the final score",
            "按扣分罚时：每次错和从终局得分扣去的点数",
            "減点のとき、1回のチョンボで最終スコアから引く点数",
        ),
    ),
    Option(
        "leftover_deposits",
        "first",
        "riichi sticks still on the table when the match ends: to the first place, or lost",
        ("first", "lost"),
        names=text("Riichi sticks left at the end", "终局时剩余的供托", "終局時に残った供託"),
        help=text(
            "Riichi sticks still on the table when the match ends",
            "比赛结束时场上还有的立直棒",
            "終局時に卓上に残ったリーチ棒",
        ),
        choice_names={"first": text("To first place", "归第一名", "トップ取り"), "lost": text("Lost", "作废", "消滅")},
    ),
    Option(
        "rounding",
        "exact",
        "final score: exact (one decimal), round to thousands first (R5), or tenhou (each but the first rounded to thousands, half away from zero; the first takes the rest)",
        ("exact", "thousands", "tenhou"),
        names=text("Rounding of the final score", "终局得分的取整", "最終スコアの端数処理"),
        help=text("How the final score is rounded", "终局得分如何取整", "最終スコアの丸め方"),
        choice_names={
            "exact": text("Exact (one decimal)", "精确（一位小数）", "そのまま（小数1桁）"),
            "thousands": text("Points to thousands first", "先取整到千点", "先に千点単位に丸める"),
            "tenhou": text(
                "As Tenhou (first place takes the rest)", "天凤式（第一名取余数）", "天鳳式（トップが端数を取る）"
            ),
        },
    ),
)

# The match settings of a preset (``-o preset=...``) are rules/riichi/presets.py PRESET_MATCH, cited in PRESET_DOCS;
# three players start at 35000 and return at 40000 (riichi.wiki "Sanma": starting point value is typically 35,000).
THREE_PLAYER_SETTINGS = {"start": 35000, "return_points": 40000}


def _uma_list(uma, n: int) -> bool:
    return (
        isinstance(uma, list)
        and len(uma) == n
        and not any(isinstance(u, bool) or not isinstance(u, (int, float)) for u in uma)
    )


def _preset_name(options: dict) -> str | None:
    """The preset the options name, three players making a platform's preset its three-player one."""
    preset = options.get("preset")
    if options.get("players") == 3 and preset in SANMA_OF:
        return SANMA_OF[preset]
    return preset if isinstance(preset, str) else None


@register
class RiichiGame(Game):
    rules = "riichi"
    seats = 4
    seat_counts = (4, 3)
    settings = SETTINGS

    @classmethod
    def options_for(cls, n_players: int, options: dict) -> dict:
        """Three names are a three-player match: ``players: 3`` unless the options say otherwise."""
        if n_players == 3 and "players" not in options:
            return {**options, "players": 3}
        return options

    @classmethod
    def seats_for(cls, options: dict) -> int:
        return options["players"]

    @classmethod
    def settings_for(cls, options: dict) -> tuple[Option, ...]:
        defaults = dict(THREE_PLAYER_SETTINGS) if options.get("players") == 3 else {}
        defaults.update(PRESET_MATCH.get(_preset_name(options) or "", {}))
        if not defaults:
            return SETTINGS
        return tuple(replace(o, default=defaults[o.name]) if o.name in defaults else o for o in SETTINGS)

    def __init__(self, players: tuple[str, ...], options: dict, settings: dict) -> None:
        super().__init__(players, options, settings)
        n = self.n = len(players)
        self.three = n == 3
        uma = settings["uma"]
        last = "third" if n == 3 else "fourth"
        if isinstance(uma, dict):  # 浮きウマ: the uma by how many players end at or above the return points
            if sorted(uma) != [str(k) for k in range(n + 1)] or not all(_uma_list(u, n) for u in uma.values()):
                raise InputError(
                    "bad_setting",
                    f"setting 'uma' by players at or above the return points is an object with keys 0 to {n}, each a "
                    f"list of {n} numbers, not {uma!r}",
                )
        elif uma is not None and not _uma_list(uma, n):
            raise InputError("bad_setting", f"setting 'uma' is a list of {n} numbers (first to {last}), not {uma!r}")
        s = settings["start"]
        if s <= 0 or s % 100:
            raise InputError("bad_setting", f"setting 'start' is a positive multiple of 100, not {s!r}")
        for key, low in (("extension_target", 0), ("extension_winds", 1), ("chombo_points", 0)):
            if settings[key] < low:
                raise InputError("bad_setting", f"setting '{key}' is a whole number {low} or more, not {settings[key]}")

    # ---- state -----------------------------------------------------------------------------------------------
    def start(self) -> dict:
        return {
            "points": {p: self.config["start"] for p in self.players},
            "round": 1,
            "finished": False,
            "wind": 0,  # round wind: 0 East, 1 South, 2 West, 3 North
            "hand": 0,  # 0-3: the dealer is players[hand] (players[0] is the first dealer, 起家)
            "honba": 0,
            "deposits": 0,  # riichi sticks (and penalties) on the table, in points
            "chombo": {},  # chombo counts by player, when the setting chombo is points
        }

    def seat(self, state: dict, p: str) -> str:
        return WINDS[(self.players.index(p) - state["hand"]) % self.n]

    def dealer(self, state: dict) -> str:
        return self.players[state["hand"]]

    def label(self, state: dict) -> str:
        return f"{WIND_ZH[state['wind']]}{state['hand'] + 1}局 {state['honba']}本场"

    def names(self, state: dict) -> dict[str, str]:
        """东1局 0本场 in Chinese, 東1局 0本場 in Japanese (as Tenhou writes it), "East 1, 0 honba" in English."""
        wind, hand, honba = state["wind"], state["hand"] + 1, state["honba"]
        return {
            "en": f"{WIND_EN[wind]} {hand}, {honba} honba",
            "zh": f"{WIND_ZH[wind]}{hand}局 {honba}本场",
            "ja": f"{WIND_JA[wind]}{hand}局 {honba}本場",
        }

    # ---- one round -------------------------------------------------------------------------------------------
    def settle(self, state: dict, events: list[dict]) -> Settlement:
        s = Settlement(self.players)
        riichi: list[str] = []
        rons: list[dict] = []
        outcome: list[dict] = []
        if any(ev["type"] == "chombo" for ev in events):
            return self._chombo(s, state, events)
        for ev in events:
            t = ev["type"]
            if t == "riichi":
                only_keys(ev, {"player"})
                p = player(ev, "player", self.players)
                if p in riichi:
                    raise InputError("bad_event", f"riichi: {p} declares riichi twice")
                if state["points"][p] < 1000:
                    raise InputError(
                        "bad_event", f"riichi: {p} has {state['points'][p]} points, under the 1000 to put down"
                    )
                riichi.append(p)
                s.pay(p, TABLE, 1000, "riichi_deposit")
            elif t == "ron":
                rons.append(ev)
            elif t in ("tsumo", "draw", "abort"):
                outcome.append(ev)
            elif t == "penalty":
                self._penalty(s, ev)
            else:
                raise InputError(
                    "bad_event", f"{t!r} is not a Riichi event (riichi, ron, tsumo, draw, abort, penalty, chombo)"
                )
        if rons and outcome or len(outcome) > 1:
            raise InputError("bad_round", "a round ends once: by ron (one discard), one tsumo, one draw or one abort")
        if not rons and not outcome:
            raise InputError("bad_round", "the round has no end: add a ron, tsumo, draw or abort event")
        on_table = state["deposits"] + s.table  # what the winner nearest the discarder takes
        if rons:
            self._rons(s, state, rons, riichi, on_table)
        elif outcome[0]["type"] == "tsumo":
            ev = outcome[0]
            only_keys(ev, {"winner"} | VALUE_KEYS)
            w = player(ev, "winner", self.players)
            self._win(s, state, ev, w, None, riichi, state["honba"])
            s.pay(TABLE, w, on_table, "riichi_sticks")
            s.info.update(outcome="tsumo", winners=[w], dealer_keeps=w == self.dealer(state))
        elif outcome[0]["type"] == "draw":
            self._draw(s, state, outcome[0], riichi)
        else:
            ev = outcome[0]
            only_keys(ev, {"reason"})
            if not self.config["abortive_draws"]:
                raise InputError("bad_event", "abort: this match plays without abortive draws (setting abortive_draws)")
            known = ABORTS_WITH_THREE if self.three else tuple(ABORTS)
            if ev.get("reason") not in known:
                with_three = " with three players" if self.three else ""
                raise InputError(
                    "bad_event", f"abort: reason is one of {', '.join(known)}{with_three}, not {ev.get('reason')!r}"
                )
            if ev["reason"] == "suucha_riichi" and len(riichi) != 4:
                raise InputError("bad_event", "abort suucha_riichi (四家立直): all four players declare riichi")
            s.info.update(outcome="abort", reason=ev["reason"], winners=[], dealer_keeps=True)
        return s

    def _penalty(self, s: Settlement, ev: dict) -> None:
        only_keys(ev, {"player", "amount", "to"})
        p = player(ev, "player", self.players)
        amount = whole(ev, "amount", 1)
        to = ev.get("to", "each")
        note = ev.get("note")
        if to == "each":
            for q in self.players:
                s.pay(p, q, amount, "penalty", note)
        elif to == TABLE:
            s.pay(p, TABLE, amount, "penalty", note)
        else:
            q = player(ev, "to", self.players)
            if q == p:
                raise InputError("bad_event", "penalty: a player does not pay himself")
            s.pay(p, q, amount, "penalty", note)

    def _chombo(self, s: Settlement, state: dict, events: list[dict]) -> Settlement:
        """A chombo round: the chombo, and riichi declared before it (their sticks go back: nothing is put down)."""
        offender = None
        for ev in events:
            if ev["type"] == "riichi":
                only_keys(ev, {"player"})
                player(ev, "player", self.players)
            elif ev["type"] == "chombo":
                only_keys(ev, {"player"})
                if offender is not None:
                    raise InputError("bad_round", "one chombo a round: the hand is played again after it")
                offender = player(ev, "player", self.players)
            else:
                raise InputError("bad_round", f"a chombo ends the round: no {ev['type']} event with it")
        assert offender is not None
        dealer = self.dealer(state)
        if self.config["chombo"] == "mangan":
            # as if each of the others had self-drawn a mangan the offender pays alone (digest "Points"; with three
            # players the missing North is not paid, as by ツモ損)
            for q in self.players:
                if q != offender:
                    s.pay(offender, q, 4000 if dealer in (offender, q) else 2000, "chombo")
        s.info.update(outcome="chombo", player=offender, winners=[], dealer_keeps=True)
        return s

    def _value(self, state: dict, ev: dict, w: str, tsumo: bool, riichi: list[str]) -> tuple[int, int, dict | None]:
        """(base points, the part of them the pao player answers for, the scored hand)."""
        opts = self.options
        liable = {"daisangen", "daisuushii"} | ({"suukantsu"} if opts["pao_suukantsu"] else set())
        if "hand" in ev:
            if any(k in ev for k in ("han", "fu", "yakuman", "pao_yakuman")):
                raise InputError("bad_event", f"{ev['type']}: give the hand or its value (han, fu, yakuman), not both")
            obj = ev["hand"] if isinstance(ev["hand"], dict) else {"hand": ev["hand"]}
            for key in ("pao", "discarder", "riichi_sticks"):
                if key in obj:
                    raise InputError("bad_event", f"{w}'s hand: '{key}' comes from the event, not the hand")
            declared = obj.get("riichi") or obj.get("double_riichi")
            if declared and w not in riichi:
                raise InputError("bad_event", f"{w}'s hand says riichi, but {w} has no riichi event this round")
            ctx = {
                "seat_wind": self.seat(state, w),
                "round_wind": WINDS[state["wind"]],
                "tsumo": tsumo,
                "honba": state["honba"],
            }
            if w in riichi and not declared:
                ctx["riichi"] = True
            r = score_hand(self.rules, ev, w, self.options, **ctx)
            base = r.explain["base_points"]
            units = sum(i.value // 13 for i in r.items if i.id in liable)
            return base, 8000 * units, r.to_dict()
        if "yakuman" in ev:
            if "han" in ev or "fu" in ev:
                raise InputError("bad_event", f"{ev['type']}: yakuman or han and fu, not both")
            y = whole(ev, "yakuman", 1)
            if y > MAX_YAKUMAN:
                raise InputError("bad_event", f"{ev['type']}: {y} yakuman is more than any hand holds")
            base, _ = base_points(0, 0, y, opts)
            units = whole(ev, "pao_yakuman", 0, default=y if "pao" in ev else 0)
        else:
            han = whole(ev, "han", 1)
            fu = whole(ev, "fu", 20, default=30 if han >= 5 else None)
            if fu != 25 and fu % 10:
                raise InputError("bad_event", say("fu_step", kind=WIN_KINDS.get(ev["type"], ev["type"]), fu=fu))
            check_han_fu(ev["type"], han, fu, tsumo)
            base, _ = base_points(han, fu, 0, opts)
            units = whole(ev, "pao_yakuman", 0, default=0)
            if units and han < 13:
                raise InputError("bad_event", f"{ev['type']}: pao_yakuman needs a yakuman")
        if units * 8000 > base:
            raise InputError("bad_event", f"{ev['type']}: pao_yakuman {units} is more than the hand's yakuman")
        return base, 8000 * units, None

    def _win(self, s: Settlement, state: dict, ev: dict, w: str, d: str | None, riichi: list[str], honba: int) -> None:
        tsumo = d is None
        pao = player(ev, "pao", self.players, required=False)
        if pao is not None and not self.options["pao"]:
            raise InputError(
                "bad_event", f"{ev['type']}: pao {pao} given, but the option pao is off (no one is liable)"
            )
        if pao == w:
            raise InputError("bad_event", f"{ev['type']}: the pao player is not the winner")
        if "pao_yakuman" in ev and pao is None:
            raise InputError("bad_event", f"{ev['type']}: pao_yakuman needs 'pao', the liable player")
        base, pao_base, hand = self._value(state, ev, w, tsumo, riichi)
        if pao is not None and not pao_base:
            raise InputError("bad_event", f"{ev['type']}: pao {pao} given, but no yakuman here makes a player liable")
        if pao is None:
            pao_base = 0  # a daisangen / daisuushii with no liable player is paid as any other hand
        dealer = self.dealer(state)
        is_dealer = w == dealer
        if self.three:
            opts = self.options
            pts = sanma_payments(base, is_dealer, tsumo, 0, 0, opts["sanma_tsumo"], "loss", pao_base, pao, d)
        else:
            pts = payments(base, is_dealer, tsumo, 0, 0, pao_base, pao, d)
        # non_dealer payers: the three others of a dealer, or the two non-dealers besides a non-dealer winner
        non_dealers = [p for p in self.players if p not in (w, dealer)]
        reason = "tsumo" if tsumo else "ron"
        for pay in pts.payments:
            if pay.payer == "discarder":
                payer = d
            elif pay.payer.startswith("pao:"):
                payer = pay.payer[4:]
            elif pay.payer == "dealer":
                payer = dealer
            else:
                payer = non_dealers.pop(0)
            s.pay(payer, w, pay.amount, "pao" if pay.payer.startswith("pao") else reason, pay.note)
        if honba:
            # 300 a honba (100 from each other player on a self-draw); three players by sanma_honba: loss 100 from
            # each of the two (200 by ron), full 300 by ron
            by_ron = 200 if self.three and self.options["sanma_honba"] == "loss" else 300
            if not tsumo:
                s.pay(d, w, by_ron * honba, "honba")
            elif pao_base:
                s.pay(pao, w, 100 * (self.n - 1) * honba, "honba", "pao")
            else:
                for p in self.players:
                    if p != w:
                        s.pay(p, w, 100 * honba, "honba")
        if hand is not None:
            s.hands.append({"player": w, **hand})

    def _rons(self, s: Settlement, state: dict, rons: list[dict], riichi: list[str], on_table: int) -> None:
        d = None
        winners = []
        for ev in rons:
            only_keys(ev, {"winner", "from"} | VALUE_KEYS)
            w = player(ev, "winner", self.players)
            frm = player(ev, "from", self.players)
            if d is not None and frm != d:
                raise InputError("bad_round", "several ron in one round are on one discard: the same 'from'")
            d = frm
            if w == d:
                raise InputError("bad_event", f"ron: {w} does not win on his own discard (that is tsumo)")
            if w in [x for x, _ in winners]:
                raise InputError("bad_event", f"ron: {w} wins twice")
            winners.append((w, ev))
        assert d is not None
        n = len(self.players)
        di = self.players.index(d)
        # the winner nearest the discarder in turn order (下家 first) takes honba and sticks (digest "Points")
        winners.sort(key=lambda x: (self.players.index(x[0]) - di) % n)
        rule = self.options["multiple_ron"]
        notes = []
        if len(winners) > 1 and rule == "head_bump":
            notes = [f"head bump (头跳): only {winners[0][0]} wins; {', '.join(w for w, _ in winners[1:])} do not"]
            winners = winners[:1]
        if len(winners) == 3 and rule == "double":  # four players only: three have two others
            # 三家和了: an abortive draw under the double-ron rule (digest); the riichi sticks stay on the table
            s.info.update(outcome="abort", reason="sanchahou", winners=[], dealer_keeps=True)
            return
        for i, (w, ev) in enumerate(winners):
            self._win(s, state, ev, w, d, riichi, state["honba"] if i == 0 else 0)
        s.pay(TABLE, winners[0][0], on_table, "riichi_sticks")
        names = [w for w, _ in winners]
        s.info.update(outcome="ron", winners=names, discarder=d, dealer_keeps=self.dealer(state) in names)
        if notes:
            s.info["notes"] = notes

    def _draw(self, s: Settlement, state: dict, ev: dict, riichi: list[str]) -> None:
        only_keys(ev, {"tenpai", "nagashi"})
        tenpai = player_list(ev, "tenpai", self.players)
        nagashi = player_list(ev, "nagashi", self.players)
        missing = [p for p in riichi if p not in tenpai]
        if missing:
            raise InputError("bad_event", f"draw: {missing[0]} declared riichi, so is tenpai: list him in 'tenpai'")
        out = exhaustive_draw(
            [self.seat(state, p) for p in tenpai], [self.seat(state, p) for p in nagashi], state["honba"], self.options
        )
        by_seat = {self.seat(state, p): p for p in self.players}
        for line in out["payments"]:
            s.pay(by_seat[line["from"]], by_seat[line["to"]], line["amount"], line["reason"])
        s.info.update(
            outcome="draw",
            tenpai=tenpai,
            nagashi=nagashi if self.options["nagashi_mangan"] else [],
            winners=[],
            dealer_keeps=out["dealer_keeps_seat"],
        )

    # ---- the match -------------------------------------------------------------------------------------------
    def advance(self, state: dict, s: Settlement) -> dict:
        new = super().advance(state, s)
        cfg = self.config
        n = self.n
        new["deposits"] = state["deposits"] + s.table
        new.setdefault("chombo", {})
        keeps = s.info["dealer_keeps"]
        outcome = s.info["outcome"]
        won = outcome in ("ron", "tsumo")
        if outcome == "chombo":
            new["honba"] = state["honba"]  # the hand is played again as it was
            if cfg["chombo"] == "points":
                who = s.info["player"]
                new["chombo"][who] = new["chombo"].get(who, 0) + 1
        else:
            new["honba"] = state["honba"] + 1 if keeps or not won else 0
        wind, hand = state["wind"], state["hand"]
        if not keeps:
            new["hand"] = (hand + 1) % n
            new["wind"] = wind + (hand == n - 1)
        normal = LENGTHS[cfg["length"]]
        extra = cfg["extension_winds"] if cfg["extension"] else 0
        target = cfg["extension_target"] or cfg["return_points"]
        top = max(new["points"].values())
        in_extension = wind >= normal
        end = None
        if cfg["tobi"] and any(v < 0 or (cfg["tobi_at_zero"] and v <= 0) for v in new["points"].values()):
            end = "tobi"  # 飞: a player below zero (or at zero, with tobi_at_zero)
        elif in_extension and top >= target:
            end = "extension_target"  # 西入: sudden death, someone has the points
        elif wind == normal - 1 + (extra if in_extension else 0) and hand == n - 1:  # the last hand
            if not keeps:
                end = "last_hand"
            elif outcome not in ("abort", "chombo"):
                if not cfg["last_hand_renchan"]:
                    end = "last_hand"
                elif self._ranking(new)[0] == self.dealer(state) and (cfg["agari_yame"] if won else cfg["tenpai_yame"]):
                    end = "dealer_first"  # オーラス: the dealer who wins or is tenpai and is first ends the match
            if end and extra and not in_extension and top < target:
                end = None  # no one has the points: on into the extension (the dealer going on, or the next wind)
        if end:
            new["finished"] = True
            new["end"] = end
        return new

    def _ranking(self, state: dict) -> list[str]:
        """Ranked by points; a tie goes to the player who sat nearer the first dealer (起家)."""
        return sorted(self.players, key=lambda p: (-state["points"][p], self.players.index(p)))

    def standings(self, state: dict) -> dict:
        """Seed 001 / digest "Final score": (points − return) / 1000, the oka to first place, the uma if set (tied
        players share theirs with uma_ties split); the riichi sticks left on the table go to first place (setting
        leftover_deposits); with chombo points, each chombo takes chombo_points / 1000 off the final score."""
        cfg = self.config
        pts = copy.deepcopy(state["points"])
        ranking = self._ranking(state)
        leftover = state["deposits"]
        if leftover and cfg["leftover_deposits"] == "first":
            pts[ranking[0]] += leftover
        uma = cfg["uma"]
        if isinstance(uma, dict):  # 浮きウマ (JPML): by the players at or above the return points
            uma = uma[str(sum(pts[p] >= cfg["return_points"] for p in self.players))]
        scores = final_scores(
            [pts[p] for p in self.players],
            cfg["start"],
            cfg["return_points"],
            uma,
            cfg["rounding"],
            cfg["uma_ties"],
        )
        chombo = state.get("chombo") or {}
        final = {
            p: round(scores[i] - chombo.get(p, 0) * cfg["chombo_points"] / 1000, 1) for i, p in enumerate(self.players)
        }
        out = {
            "ranking": ranking,
            "points": dict(state["points"]),
            "deposits": state["deposits"],
            "honba": state["honba"],
            "dealer": self.dealer(state),
            "seats": {p: self.seat(state, p) for p in self.players},
            "final": final,
            "final_is_provisional": not state["finished"],
        }
        if chombo:
            out["chombo"] = dict(chombo)
        return out
