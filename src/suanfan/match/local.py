"""The Chinese local rule sets: Sichuan 血战到底, Wuhu, Ka Wu Xing, the popular table and the two-player game.
A match is a running total over any number of rounds; each round settles as the rule set's digest says.

Events every local rule set takes (players by name):
- ``{"type": "win", "winner": W, "from": D}`` (a discard; leave ``from`` out for a self-draw), with ``"hand": {...}``
  (a contract hand object, scored with the match's options; the dealer's seat wind is E) or a given value: Sichuan
  and Ka Wu Xing ``"multiplier"``, Wuhu, the popular table and the two-player game ``"fan"``.
- ``{"type": "dealer", "player": P}`` (first in the round): P deals this round, and after it until the rule set's
  own rule moves the deal.
- ``{"type": "penalty", "player": P, "amount": n, "to": Q | "each"}``.
- ``{"type": "draw", ...}``: the wall ran out; what it settles is the rule set's (below).

Sichuan (../shared/rules/sichuan.md §6, A7-A10, A16): ``{"type": "kong", "player": P, "kind": "minkan" | "kakan" |
"ankan", "from": D}`` pays kong money at once (直杠 by the discarder, 补杠 / 暗杠 by every other player still in the
hand; a robbed 补杠 is no kong: leave it out). Wins go on until three players have won (血战到底): a winner leaves
the hand and pays and receives nothing more; 一炮多响 is several wins in a row from one discarder; a win on the
discard right after the discarder's kong (``after_kong_discard`` in the hand or the event) hands that kong's money
on (呼叫转移, option hu_jiao_zhuan_yi; each winner gets all of it, A9). ``{"type": "draw", "players": {P: hand |
{"status": "flower_pig" | "not_ready" | "ready", "multiplier": M}}}`` for every player still in the hand: 查花猪
(a 花猪 pays each other player still in the hand), 退税 (a player not ready returns his kong money), 查大叫 (a
player not ready, not a 花猪, pays each ready player that player's highest value, ``max_value``).

Wuhu (../shared/rules/wuhu.md §7): one winner; ``"bao": P`` (包牌, W10) makes P pay every share; a given value is
``"fan"`` plus ``"di_fan"`` (the 底番 added to payments by or to the dealer under 2468 and 315; 0 for a 交牌). A draw
pays nothing. Every payment, of a scored hand or of a given value, is the rule set's own ``payments``.

Ka Wu Xing (../shared/rules/kawuxing.md §2, §6, K4, K5, K7, K11): ``{"type": "declare", "player": P}`` (亮倒),
``{"type": "kong", ..., "kong_on_kong": true}`` (杠上杠 doubles that kong's money), one win or two on one discard
(一炮双响); each payer pays at his own multiplier (亮倒 of the winner or of that payer doubles it, capped). A given
value is ``"multiplier"``, the pattern product without 亮倒 (``"shuang_long": true`` when it holds 双龙七对, for the
襄阳 cap of 16). ``draw`` (荒庄): the first player who declared 亮倒 pays each other player 1 底; kong money stands
(荒庄不荒杠); with option cha_da_jiao, ``"players"`` as in Sichuan (no flower pigs). The winner deals next; after
一炮双响 the discarder; after 荒庄 the dealer stays.

The popular table and the two-player game: a discard win is paid by the discarder, a self-draw by each other player
(the two-player game: the opponent, min(番, 13)). A draw pays nothing. The two-player winner deals next (§2).
"""

from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..hand import Context, build_context
from ..result import Points
from ..rules import kawuxing as kwx
from ..rules import popular, twoplayer, wuhu
from ..rules import sichuan as sc
from .core import Game, register
from .events import Settlement, only_keys, player, score_hand, whole

WINDS = "ESWN"


class LocalGame(Game):
    """Running totals; the dealer (for 天胡, and the dealer's 底番 in Wuhu) is kept in the state."""

    win_keys: tuple[str, ...] = ()

    def start(self) -> dict:
        return {"points": {p: 0 for p in self.players}, "round": 1, "finished": False, "dealer": self.players[0]}

    def seat(self, dealer: str, p: str) -> str:
        return WINDS[(self.players.index(p) - self.players.index(dealer)) % len(self.players)]

    def label(self, state: dict) -> str:
        return f"round {state['round']} (dealer {state['dealer']})"

    def names(self, state: dict) -> dict[str, str]:
        r, d = state["round"], state["dealer"]
        return {"en": f"Round {r} (dealer {d})", "zh": f"第{r}局（庄家 {d}）", "ja": f"第{r}局（親 {d}）"}

    def settle(self, state: dict, events: list[dict]) -> Settlement:
        s = Settlement(self.players)
        dealer = state["dealer"]
        rest = []
        for i, ev in enumerate(events):
            if ev["type"] == "dealer":
                only_keys(ev, {"player"})
                if i:
                    raise InputError("bad_round", "the dealer event comes first in the round")
                dealer = player(ev, "player", self.players)
            elif ev["type"] == "penalty":
                self.penalty(s, ev)
            else:
                rest.append(ev)
        s.info["dealer"] = dealer
        self.play(s, dealer, rest)
        return s

    def penalty(self, s: Settlement, ev: dict) -> None:
        only_keys(ev, {"player", "amount", "to"})
        p = player(ev, "player", self.players)
        amount = whole(ev, "amount", 1)
        if ev.get("to", "each") == "each":
            for q in self.players:
                s.pay(p, q, amount, "penalty", ev.get("note"))
            return
        q = player(ev, "to", self.players)
        if q == p:
            raise InputError("bad_event", "penalty: a player does not pay himself")
        s.pay(p, q, amount, "penalty", ev.get("note"))

    def play(self, s: Settlement, dealer: str, events: list[dict]) -> None:
        """Plain rule sets: one win, or a draw that pays nothing."""
        bad = [ev["type"] for ev in events if ev["type"] not in ("win", "draw")]
        if bad:
            raise InputError("bad_event", f"{bad[0]!r} is not a {self.rules} event (win, draw, dealer, penalty)")
        if len(events) != 1:
            raise InputError("bad_round", f"a {self.rules} round ends once: one win or one draw")
        ev = events[0]
        if ev["type"] == "draw":
            only_keys(ev, set())
            s.info.update(outcome="draw", winners=[])
            return
        only_keys(ev, {"winner", "from", "hand", "fan", *self.win_keys})
        w = player(ev, "winner", self.players)
        d = player(ev, "from", self.players, required=False)
        if d == w:
            raise InputError("bad_event", f"win: {w} does not win on his own discard; leave 'from' out for self-draw")
        self.given_or_hand(ev, "fan")
        self.win(s, dealer, ev, w, d)
        s.info.update(outcome="win", winners=[w], discarder=d)

    @staticmethod
    def given_or_hand(ev: dict, key: str) -> None:
        if ("hand" in ev) == (key in ev):
            raise InputError("bad_event", f"{ev['type']}: give the hand or its {key}, one of the two")

    def win(self, s: Settlement, dealer: str, ev: dict, w: str, d: str | None) -> None:  # pragma: no cover
        raise NotImplementedError

    def collect(self, s: Settlement, dealer: str, w: str, d: str | None, points: Points, reason: str) -> None:
        """The winner ``w`` collects the rule set's payments: each payer named by seat wind, or the discarder ``d``,
        or the opponent (two players); in the order of the players."""
        by_seat = {self.seat(dealer, p): p for p in self.players}
        others = [p for p in self.players if p != w]
        payers = {"discarder": d, "opponent": others[0], **by_seat}
        for pay in sorted(points.payments, key=lambda pay: self.players.index(payers[pay.payer])):
            s.pay(payers[pay.payer], w, pay.amount, reason, pay.note)

    def advance(self, state: dict, s: Settlement) -> dict:
        new = super().advance(state, s)
        new["dealer"] = self.next_dealer(s)
        return new

    def next_dealer(self, s: Settlement) -> str:
        """Sichuan 血战 throws dice every hand, and Wuhu and the popular table say nothing: the dealer stays until a
        ``dealer`` event moves the deal."""
        return s.info["dealer"]


class PopularGame(LocalGame):
    rules = "popular"
    seats = 4

    def win(self, s: Settlement, dealer: str, ev: dict, w: str, d: str | None) -> None:
        """§5: the discarder pays the total; on a self-draw each of the three others pays it."""
        ctx = {"seat_wind": self.seat(dealer, w), "tsumo": d is None}
        if "hand" in ev:
            r = score_hand(self.rules, ev, w, self.options, **ctx)
            s.hands.append({"player": w, **r.to_dict()})
            points = r.points
        else:
            points = popular.RULESET.payments(whole(ev, "fan", 1), build_context(**ctx), self.options)
        self.collect(s, dealer, w, d, points, "discard" if d else "self_draw")


class TwoPlayerGame(LocalGame):
    rules = "twoplayer"
    seats = 2

    def win(self, s: Settlement, dealer: str, ev: dict, w: str, d: str | None) -> None:
        """§5 / T2: the opponent pays min(F, 13), on a discard or a self-draw."""
        if "hand" in ev:
            r = score_hand(self.rules, ev, w, self.options, seat_wind=self.seat(dealer, w), tsumo=d is None)
            s.hands.append({"player": w, **r.to_dict()})
            points = r.points
        else:
            points = twoplayer.RULESET.payments(whole(ev, "fan", 1), build_context(tsumo=d is None), self.options)
        self.collect(s, dealer, w, d, points, "discard" if d else "self_draw")

    def next_dealer(self, s: Settlement) -> str:
        """§2: the winner of the previous hand deals; after 流局 the dealer stays."""
        return s.info["winners"][0] if s.info["winners"] else s.info["dealer"]


class WuhuGame(LocalGame):
    rules = "wuhu"
    seats = 4
    win_keys = ("bao", "di_fan")

    def win(self, s: Settlement, dealer: str, ev: dict, w: str, d: str | None) -> None:
        bao = player(ev, "bao", self.players, required=False)
        if bao == w:
            raise InputError("bad_event", "win: the 包牌 player is not the winner")
        reason = "bao" if bao else ("discard" if d else "self_draw")
        ctx = {
            "seat_wind": self.seat(dealer, w),
            "tsumo": d is None,
            "discarder": self.seat(dealer, d) if d else None,
            "bao": self.seat(dealer, bao) if bao else None,
        }
        if "hand" in ev:
            if "di_fan" in ev:
                raise InputError("bad_event", "win: di_fan goes with a given fan, not with a hand")
            r = score_hand(self.rules, ev, w, self.options, **ctx)
            s.hands.append({"player": w, **r.to_dict()})
            points = r.points
        else:  # §7 with a given value: the 底番 (di_fan) is what payments by or to the dealer add
            value = wuhu.Value(whole(ev, "fan", 1), whole(ev, "di_fan", 0, default=0))
            context = build_context(wuhu.RULESET.context_flags, **{k: v for k, v in ctx.items() if v is not None})
            points = wuhu.RULESET.payments(value, context, self.options)
        self.collect(s, dealer, w, d, points, reason)


class KongsAndDraws(LocalGame):
    """Kong money paid at once (kept per kong for 退税 and 呼叫转移), and the draw's check of each player: ready
    (with the amount of his highest value), not_ready or flower_pig, from his hand or a status given."""

    def kong(self, s: Settlement, ev: dict, active: list[str], money) -> dict:
        p = player(ev, "player", self.players)
        if p not in active:
            raise InputError("bad_event", f"kong: {p} has already won and left the hand")
        kind_ = ev.get("kind")
        d = player(ev, "from", self.players, required=False)
        if kind_ == "minkan":
            if d is None or d == p or d not in active:
                raise InputError("bad_event", "kong minkan (直杠 / 明杠): 'from' is the discarder, still in the hand")
        elif d is not None:
            raise InputError("bad_event", f"kong {kind_}: only a minkan has a discarder ('from')")
        others = [q for q in active if q != p]
        paid: list[tuple[str, int]] = []
        for pay in money(kind_, len(others)):
            payer = d if pay.payer == "discarder" else others[len(paid)]
            s.pay(payer, p, pay.amount, f"kong_{kind_}", pay.note)
            paid.append((payer, pay.amount))
        return {"player": p, "kind": kind_, "paid": paid}

    def statuses(self, ev: dict, active: list[str], flower_pigs: bool, declared: list[str]) -> dict:
        given = ev.get("players")
        if not isinstance(given, dict) or set(given) != set(active):
            raise InputError(
                "bad_event", f"draw: 'players' gives the hand or status of each player still in the hand: {active}"
            )
        return {p: self.status(p, given[p], flower_pigs, declared) for p in active}

    def status(self, p: str, h: Any, flower_pigs: bool, declared: list[str]) -> tuple[str, int]:
        base = self.options["base"]
        if isinstance(h, dict) and "status" in h:
            st = h["status"]
            allowed = ("ready", "not_ready", "flower_pig") if flower_pigs else ("ready", "not_ready")
            if st not in allowed:
                raise InputError("bad_event", f"draw: {p}'s status is one of {', '.join(allowed)}, not {st!r}")
            if st == "ready":
                return st, base * whole({"type": "draw", **h}, "multiplier", 1)
            return st, 0
        obj = {"hand": h} if isinstance(h, str) else h
        if not isinstance(obj, dict) or "hand" not in obj:
            raise InputError("bad_event", f"draw: {p}'s entry is a hand object or a status")
        melds = obj.get("melds") or ()
        if flower_pigs and sc.is_flower_pig(obj["hand"], melds):
            return "flower_pig", 0
        v = self.max_value(p, obj, melds, declared)
        return ("ready", v.amount) if v else ("not_ready", 0)

    def max_value(self, p: str, obj: dict, melds: Any, declared: list[str]) -> Any:  # pragma: no cover
        raise NotImplementedError


class SichuanGame(KongsAndDraws):
    rules = "sichuan"
    seats = 4

    def play(self, s: Settlement, dealer: str, events: list[dict]) -> None:
        o = self.options
        active = list(self.players)
        kongs: list[dict] = []
        winners: list[str] = []
        pending: list[str] = []  # the winners on one discard (一炮多响) leave the hand together
        drawn = False
        for i, ev in enumerate(events):
            t = ev["type"]
            if drawn or len(winners) >= 3:
                raise InputError("bad_round", f"{t}: the hand is over (three players have won, or the wall ran out)")
            if t == "kong":
                only_keys(ev, {"player", "kind", "from"})
                kongs.append(self.kong(s, ev, active, lambda k, n: sc.kong_money(k, o, n)))
            elif t == "win":
                w = self._win(s, dealer, ev, active, kongs)
                winners.append(w)
                pending.append(w)
                nxt = events[i + 1] if i + 1 < len(events) else None
                if ev.get("from") is None or nxt is None or nxt["type"] != "win" or nxt.get("from") != ev["from"]:
                    active = [p for p in active if p not in pending]
                    pending = []
            elif t == "draw":
                self._draw(s, ev, active, kongs)
                drawn = True
            else:
                raise InputError("bad_event", f"{t!r} is not a Sichuan event (kong, win, draw, dealer, penalty)")
        if len(winners) < 3 and not drawn:
            raise InputError(
                "bad_round", "血战到底 goes on until three players have won or the wall runs out: add the draw"
            )
        s.info.update(outcome="draw" if drawn else "win", winners=winners)

    def _win(self, s: Settlement, dealer: str, ev: dict, active: list[str], kongs: list[dict]) -> str:
        only_keys(ev, {"winner", "from", "hand", "multiplier", "after_kong_discard"})
        o = self.options
        w = player(ev, "winner", self.players)
        d = player(ev, "from", self.players, required=False)
        if w not in active:
            raise InputError("bad_event", f"win: {w} has already won and left the hand")
        if d is not None and (d == w or d not in active):
            raise InputError("bad_event", f"win: the discarder {d} is another player still in the hand")
        self.given_or_hand(ev, "multiplier")
        obj = ev["hand"] if isinstance(ev.get("hand"), dict) else {}
        after_kong = bool(ev.get("after_kong_discard") or obj.get("after_kong_discard"))
        last_kong = next((k for k in reversed(kongs) if k["player"] == d), None) if d else None
        if after_kong and last_kong is None:
            raise InputError("bad_event", "win after_kong_discard (杠上炮): the discarder made a kong this round")
        payers = [d] if d else [p for p in active if p != w]
        if "hand" in ev:
            ctx: dict = {"seat_wind": self.seat(dealer, w), "tsumo": d is None, "active_opponents": len(active) - 1}
            if after_kong and last_kong is not None:
                ctx["discarder_kong"] = last_kong["kind"]
            r = score_hand(self.rules, ev, w, o, **ctx)
            s.hands.append({"player": w, **r.to_dict()})
            each = r.points.payments[0].amount
        else:  # a given multiplier, paid as the rule set pays it (自摸加底 on a self-draw)
            ctx = build_context(sc.RULESET.context_flags, tsumo=d is None, active_opponents=len(active) - 1)
            each = sc.RULESET.payments(whole(ev, "multiplier", 1), ctx, o).payments[0].amount
        for p in payers:
            s.pay(p, w, each, "discard" if d else "self_draw")
        if after_kong and last_kong is not None and d is not None and o["hu_jiao_zhuan_yi"]:
            # 呼叫转移: the discarder hands on what his kong collected; each winner gets all of it (A9)
            s.pay(d, w, sum(a for _, a in last_kong["paid"]), "hu_jiao_zhuan_yi", "呼叫转移")
            last_kong["transferred"] = True
        return w

    def _draw(self, s: Settlement, ev: dict, active: list[str], kongs: list[dict]) -> None:
        only_keys(ev, {"players"})
        if len(active) < 2:  # pragma: no cover - three winners end the hand before
            raise InputError("bad_event", "draw: it takes two players still in the hand (A16)")
        status = self.statuses(ev, active, True, [])
        pigs = [p for p in active if status[p][0] == "flower_pig"]
        not_ready = [p for p in active if status[p][0] != "ready"]
        ready = [p for p in active if status[p][0] == "ready"]
        penalty = sc.flower_pig_penalty(self.options)
        for pig in pigs:  # 查花猪 (A7): to each non-花猪 player still in the hand
            for p in active:
                if p not in pigs:
                    s.pay(pig, p, penalty, "flower_pig", "查花猪")
        for p in not_ready:  # 退税 (seed item 7; A8: a 花猪 refunds too); money handed on by 呼叫转移 is gone
            for k in kongs:
                if k["player"] == p and not k.get("transferred"):
                    for payer, amount in k["paid"]:
                        s.pay(p, payer, amount, "kong_refund", "退税")
        for p in not_ready:  # 查大叫: a 花猪 does not pay it (A8)
            if p not in pigs:
                for q in ready:
                    s.pay(p, q, status[q][1], "cha_da_jiao", "查大叫")
        s.info["draw"] = {p: status[p][0] for p in active}

    def max_value(self, p: str, obj: dict, melds: Any, declared: list[str]) -> Any:
        return sc.max_value(obj["hand"], melds, self.options, obj.get("void_suit"))


class KaWuXingGame(KongsAndDraws):
    rules = "kawuxing"
    seats = 3

    def play(self, s: Settlement, dealer: str, events: list[dict]) -> None:
        o = self.options
        declared: list[str] = []
        wins: list[dict] = []
        drawn = None
        for ev in events:
            t = ev["type"]
            if (wins and t != "win") or drawn is not None:
                raise InputError("bad_round", f"{t}: the hand is over")
            if t == "declare":
                only_keys(ev, {"player"})
                p = player(ev, "player", self.players)
                if p in declared:
                    raise InputError("bad_event", f"declare: {p} declares 亮倒 twice")
                declared.append(p)
            elif t == "kong":
                only_keys(ev, {"player", "kind", "from", "kong_on_kong"})
                on_kong = ev.get("kong_on_kong", False)
                if not isinstance(on_kong, bool):
                    raise InputError("bad_event", "kong: kong_on_kong is true or false")
                self.kong(s, ev, list(self.players), lambda k, n, x=on_kong: kwx.kong_money(k, o, x))
            elif t == "win":
                wins.append(ev)
            elif t == "draw":
                drawn = ev
            else:
                raise InputError(
                    "bad_event", f"{t!r} is not a Ka Wu Xing event (declare, kong, win, draw, dealer, penalty)"
                )
        if wins:
            self._wins(s, dealer, wins, declared)
        elif drawn is not None:
            self._draw(s, drawn, declared)
        else:
            raise InputError("bad_round", "the round has no end: add a win or a draw")

    def _wins(self, s: Settlement, dealer: str, wins: list[dict], declared: list[str]) -> None:
        o = self.options
        froms = {ev.get("from") for ev in wins}
        if len(wins) > 2 or (len(wins) == 2 and (len(froms) != 1 or None in froms)):
            raise InputError("bad_round", "one win, or two on one discard (一炮双响)")
        names: list[str] = []
        d = None
        for ev in wins:
            only_keys(ev, {"winner", "from", "hand", "multiplier", "shuang_long"})
            w = player(ev, "winner", self.players)
            d = player(ev, "from", self.players, required=False)
            if d == w or w in names:
                raise InputError("bad_event", f"win: {w} wins once, and not on his own discard")
            names.append(w)
            self.given_or_hand(ev, "multiplier")
            payers = [d] if d else [p for p in self.players if p != w]
            wd = w in declared
            if "hand" in ev:
                obj = ev["hand"] if isinstance(ev["hand"], dict) else {}
                if obj.get("declared") and not wd:
                    raise InputError("bad_event", f"{w}'s hand says declared (亮倒), but {w} has no declare event")
                ctx: dict = {"seat_wind": self.seat(dealer, w), "tsumo": d is None, "declared": wd or None}
                if d:
                    ctx["discarder_declared"] = (d in declared) or None
                else:
                    ctx["declared_others"] = sum(p in declared for p in payers) or None
                r = score_hand(self.rules, ev, w, o, **ctx)
                s.hands.append({"player": w, **r.to_dict()})
                value = kwx.Value(r.explain["product"], any(i.id in kwx.DOUBLE_DRAGONS for i in r.items))
            else:
                value = kwx.Value(whole(ev, "multiplier", 1), bool(ev.get("shuang_long")))
                if value.product == 1 and d and d not in declared:
                    raise InputError("bad_event", "win: a 屁胡 (x1) wins on a discard only from a 亮倒 player (§3)")
            # K11: each payer at his own multiplier, as the rule set pays it (the declared payers' first)
            amounts = [
                p.amount for p in kwx.RULESET.payments(value, self._context(d, wd, payers, declared), o).payments
            ]
            for p in payers:
                note = "亮倒" if wd or p in declared else None
                s.pay(p, w, amounts[0] if p in declared else amounts[-1], "discard" if d else "self_draw", note)
        s.info.update(outcome="win", winners=names, discarder=d)

    @staticmethod
    def _context(d: str | None, winner_declared: bool, payers: list[str], declared: list[str]) -> Context:
        """The context of a win as the rule set's payments read it: who had declared 亮倒."""
        if d is not None:
            return build_context(kwx.RULESET.context_flags, declared=winner_declared, discarder_declared=d in declared)
        n = sum(p in declared for p in payers)
        return build_context(kwx.RULESET.context_flags, tsumo=True, declared=winner_declared, declared_others=n)

    def _draw(self, s: Settlement, ev: dict, declared: list[str]) -> None:
        only_keys(ev, {"players"})
        o = self.options
        if declared:  # 荒庄: the first player who declared 亮倒 pays each other player 1 底
            for p in self.players:
                s.pay(declared[0], p, o["base"], "liang_dao_draw", "荒庄: the first 亮倒 pays")
        if o["cha_da_jiao"]:
            status = self.statuses(ev, list(self.players), False, declared)
            for p in self.players:
                if status[p][0] == "not_ready":
                    for q in self.players:
                        if status[q][0] == "ready":
                            s.pay(p, q, status[q][1], "cha_da_jiao", "查大叫")
            s.info["draw"] = {p: status[p][0] for p in self.players}
        elif "players" in ev:
            raise InputError("bad_event", "draw: 'players' is for the option cha_da_jiao (查大叫), which is off")
        s.info.update(outcome="draw", winners=[])

    def max_value(self, p: str, obj: dict, melds: Any, declared: list[str]) -> Any:
        return kwx.max_value(obj["hand"], melds, self.options, p in declared)

    def next_dealer(self, s: Settlement) -> str:
        """§2: the winner deals next; after 一炮双响 the discarder; after 荒庄 the dealer stays."""
        w = s.info["winners"]
        if len(w) == 1:
            return w[0]
        if len(w) == 2:
            return s.info["discarder"]
        return s.info["dealer"]


for _game in (SichuanGame, WuhuGame, KaWuXingGame, PopularGame, TwoPlayerGame):
    register(_game)
