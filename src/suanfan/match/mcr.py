"""Chinese Official (国标, MCR) rounds and the 16-hand match.

Seed 002 「国标麻将规则和图解」: the winner of a self-draw gets (8 + 番) × 3, (8 + 番) from each; on a discard the
discarder pays 8 + 番 and the two others 8 each. 一场比赛打四圈，不设连庄，因此每场一定是打16局: four rounds of
four hands, the deal passes after every hand, a draw included. 第三圈（西圈）开始前，东家跟南家，西家跟北家对调座位，
由原本的南家先做庄: before the West round East and South swap seats, West and North swap, and the first South deals.

Events of a round (players by name):
- ``{"type": "win", "winner": W, "from": D}`` (a discard) or ``{"type": "win", "winner": W}`` (self-draw), with
  ``"hand": {...}`` (scored with the seat and round wind of the hand) or ``"fan": n`` (the total, flowers included).
- ``{"type": "draw"}``: 荒庄, nobody pays.
- ``{"type": "penalty", "player": P, "amount": n, "to": Q | "each"}``: a penalty the table agreed on.
- ``{"type": "false_win", "player": P}``: 错和 (诈和), a win declared on a hand that does not win (short of 8 fan, a
  false set, too many or too few tiles): P pays 30, 10 to each other player. The seeds name no penalty for it; the
  30 points, 10 to each player, are those of "A Guide to Mahjong (Chinese / Official International Rules)", p. 38
  ("announcing Mahjong and revealing your hand without the minimum 8 points ... a penalty of 30 points (10 points
  to each player)"), as the Botzone judge of 国标麻将 also settles it (−30 for the offender, +10 for each other).

A round ends the hand with one win or one draw. A round of penalties only (``penalty``, ``false_win``) ends nothing:
the hand goes on (or is played again), so the next round is still that hand.

Standings: the table score (场分) is the sum of the hands; the standard score (标准分) is 4 / 2 / 1 / 0 by rank,
tied players sharing the points of the places they tie for.
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import InputError
from ..rules.mcr.payments import payments
from .core import Game, register
from .events import Settlement, only_keys, player, score_hand, whole

WINDS = "ESWN"
WIND_ZH = "东南西北"
WIND_JA = "東南西北"
WIND_EN = ("East", "South", "West", "North")
HANDS = 16
STANDARD = (4, 2, 1, 0)  # 标准分 by rank
FALSE_WIN = 10  # 错和: paid to each other player (A Guide to Mahjong, p. 38; the Botzone judge)
PENALTIES = ("penalty", "false_win")  # events that do not end the hand


@register
class MCRGame(Game):
    rules = "mcr"
    seats = 4

    def start(self) -> dict:
        return {"points": {p: 0 for p in self.players}, "round": 1, "finished": False}

    def table_order(self, state: dict) -> list[str]:
        """The players at the East, South, West and North places of the table for this hand: after the South
        round, the first two and the last two have changed places (seed)."""
        p = list(self.players)
        return [p[1], p[0], p[3], p[2]] if state["round"] > 8 else p

    def seat(self, state: dict, who: str) -> str:
        """The seat wind (门风) of a player: the dealer of the hand is East."""
        order = self.table_order(state)
        return WINDS[(order.index(who) - (state["round"] - 1) % 4) % 4]

    def round_wind(self, state: dict) -> str:
        return WINDS[(state["round"] - 1) // 4]

    def dealer(self, state: dict) -> str:
        return self.table_order(state)[(state["round"] - 1) % 4]

    def label(self, state: dict) -> str:
        r = state["round"]
        return f"{WIND_ZH[(r - 1) // 4]}风圈 第{(r - 1) % 4 + 1}局 (hand {r} of {HANDS})"

    def names(self, state: dict) -> dict[str, str]:
        """The wind round (圈风) and the hand in it, and the hand's place among the 16."""
        r = state["round"]
        wind, hand = (r - 1) // 4, (r - 1) % 4 + 1
        return {
            "en": f"{WIND_EN[wind]} round, hand {hand} ({r} of {HANDS})",
            "zh": f"{WIND_ZH[wind]}风圈 第{hand}局（第{r}/{HANDS}局）",
            "ja": f"{WIND_JA[wind]}風圏 第{hand}局（{r}/{HANDS}局目）",
        }

    def settle(self, state: dict, events: list[dict]) -> Settlement:
        s = Settlement(self.players)
        ends = [ev for ev in events if ev["type"] in ("win", "draw")]
        if len(ends) > 1:
            raise InputError("bad_round", "an MCR round ends once: one win (one winner only) or one draw")
        if not ends and not all(ev["type"] in PENALTIES for ev in events):
            raise InputError("bad_round", "the round has no end: add a win or a draw (or give penalties only)")
        for ev in events:
            t = ev["type"]
            if t == "false_win":
                only_keys(ev, {"player"})
                p = player(ev, "player", self.players)
                for q in self.players:
                    s.pay(p, q, FALSE_WIN, "false_win", ev.get("note"))
            elif t == "penalty":
                only_keys(ev, {"player", "amount", "to"})
                p = player(ev, "player", self.players)
                amount = whole(ev, "amount", 1)
                if ev.get("to", "each") == "each":
                    for q in self.players:
                        s.pay(p, q, amount, "penalty", ev.get("note"))
                else:
                    q = player(ev, "to", self.players)
                    if q == p:
                        raise InputError("bad_event", "penalty: a player does not pay himself")
                    s.pay(p, q, amount, "penalty", ev.get("note"))
            elif t == "draw":
                only_keys(ev, set())
                s.info.update(outcome="draw", winners=[])
            elif t == "win":
                self._win(s, state, ev)
            else:
                raise InputError("bad_event", f"{t!r} is not an MCR event (win, draw, penalty, false_win)")
        if not ends:
            s.info.update(outcome="penalty", winners=[])
        s.info["dealer"] = self.dealer(state)
        return s

    def _win(self, s: Settlement, state: dict, ev: dict) -> None:
        only_keys(ev, {"winner", "from", "hand", "fan"})
        w = player(ev, "winner", self.players)
        d = player(ev, "from", self.players, required=False)
        if d == w:
            raise InputError("bad_event", f"win: {w} does not win on his own discard; leave 'from' out for self-draw")
        tsumo = d is None
        if "hand" in ev:
            if "fan" in ev:
                raise InputError("bad_event", "win: give the hand or its fan, not both")
            r = score_hand(
                self.rules,
                ev,
                w,
                self.options,
                seat_wind=self.seat(state, w),
                round_wind=self.round_wind(state),
                tsumo=tsumo,
            )
            fan = r.fan
            s.hands.append({"player": w, **r.to_dict()})
        else:
            # a winning hand holds at least 8 fan besides flowers, so its total is 8 or more
            fan = whole(ev, "fan", 8)
        others = [p for p in self.players if p not in (w, d)]
        for pay in payments(fan, tsumo).payments:
            payer = d if pay.payer == "discarder" else others.pop(0)
            s.pay(payer, w, pay.amount, "self_draw" if tsumo else ("discard" if payer == d else "base"), pay.note)
        s.info.update(outcome="win", winners=[w], fan=fan, discarder=d)

    def advance(self, state: dict, s: Settlement) -> dict:
        new = super().advance(state, s)
        if s.info["outcome"] == "penalty":
            new["round"] = state["round"]  # penalties only: the hand is not over
        if new["round"] > HANDS:
            new["finished"] = True
        return new

    def standings(self, state: dict) -> dict:
        """Table score (the points) and standard score: 4/2/1/0 by rank, ties share the places' points."""
        pts = state["points"]
        ranking = sorted(self.players, key=lambda p: -pts[p])
        standard: dict[str, float | int] = {}
        i = 0
        while i < len(ranking):
            j = i
            while j + 1 < len(ranking) and pts[ranking[j + 1]] == pts[ranking[i]]:
                j += 1
            share = Fraction(sum(STANDARD[i : j + 1]), j - i + 1)
            for p in ranking[i : j + 1]:
                standard[p] = int(share) if share.denominator == 1 else round(float(share), 2)
            i = j + 1
        rank = {p: 1 + sum(1 for q in self.players if pts[q] > pts[p]) for p in self.players}
        return {
            "ranking": ranking,
            "points": dict(pts),
            "rank": rank,
            "standard": standard,
            "dealer": None if state["finished"] else self.dealer(state),
            "seats": None if state["finished"] else {p: self.seat(state, p) for p in self.players},
        }
