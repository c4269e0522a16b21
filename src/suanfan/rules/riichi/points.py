"""Points: base points, limits, payments, honba and riichi sticks, pao, and the draw payments.

Seeds 001 and 003; digest ../shared/rules/riichi.md, "Points" and "Draws and the match".
"""

from __future__ import annotations

from ...errors import InputError
from ...result import Payment, Points
from .impossible import check_draw_honba
from .options import resolve

LIMITS = {"mangan": 2000, "haneman": 3000, "baiman": 4000, "sanbaiman": 6000, "yakuman": 8000}
MULTI_YAKUMAN = {
    1: "yakuman",
    2: "double_yakuman",
    3: "triple_yakuman",
    4: "quadruple_yakuman",
    5: "quintuple_yakuman",
    6: "sextuple_yakuman",
}


def _up100(x: float) -> int:
    return -(-int(x) // 100) * 100


def base_points(han: int, fu: int, yakuman: int, opts: dict) -> tuple[int, str | None]:
    """基本点 = fu × 2^(han+2), or the limit it reaches."""
    if yakuman:
        if not opts["multiple_yakuman"]:
            yakuman = 1  # one yakuman at most, however many the hand holds
        return 8000 * yakuman, MULTI_YAKUMAN.get(yakuman, f"{yakuman}x_yakuman")
    if han >= 13:
        if opts["kazoe_yakuman"]:
            return 8000, "kazoe_yakuman"
        return 6000, "sanbaiman"
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    base = fu * 2 ** (han + 2)
    if han == 5 or base >= 2000:
        return 2000, "mangan"
    if opts["kiriage_mangan"] and (han, fu) in ((4, 30), (3, 60)):
        return 2000, "mangan"
    return base, None


# The payment table: (base, dealer, tsumo, honba, sticks) -> Points, without pao; ``payments`` fills it.
POINT_TABLE: dict[tuple, Points] = {}


def payments(
    base: int,
    dealer: bool,
    tsumo: bool,
    honba: int,
    sticks: int,
    pao_base: int = 0,
    pao_seat: str | None = None,
    discarder: str | None = None,
) -> Points:
    """Who pays what. ``pao_base`` is the part of ``base`` a liable player (pao, 責任払い) answers for.

    Without pao the answer depends on five small numbers only, like a printed point table: each row is worked out
    once and shared (``Points`` is immutable).
    """
    if not pao_base:
        key = (base, dealer, tsumo, honba, sticks)
        pts = POINT_TABLE.get(key)
        if pts is None:
            pts = POINT_TABLE[key] = _payments(base, dealer, tsumo, honba, sticks, 0, None, None)
        return pts
    return _payments(base, dealer, tsumo, honba, sticks, pao_base, pao_seat, discarder)


def _payments(
    base: int,
    dealer: bool,
    tsumo: bool,
    honba: int,
    sticks: int,
    pao_base: int,
    pao_seat: str | None,
    discarder: str | None,
) -> Points:
    pays: list[Payment] = []
    if tsumo:
        normal = base - pao_base
        if dealer:
            each = [("non_dealer", _up100(2 * normal))] * 3
        else:
            each = [("dealer", _up100(2 * normal)), ("non_dealer", _up100(normal)), ("non_dealer", _up100(normal))]
        hand = sum([a for _, a in each])
        if pao_base:
            pao_amount = _up100((6 if dealer else 4) * pao_base)
            hand += pao_amount
            pays.append(
                Payment(
                    f"pao:{pao_seat}" if pao_seat else "pao",
                    pao_amount + 300 * honba,
                    "pays the whole yakuman it is liable for, and the honba",
                )
            )
            pays += [Payment(who, amount) for who, amount in each if amount]
        else:
            pays += [Payment(who, amount + 100 * honba) for who, amount in each]
    else:
        hand = _up100((6 if dealer else 4) * base)
        if pao_base and pao_seat != discarder:
            pao_share = _up100((6 if dealer else 4) * pao_base) // 2
            pays.append(Payment("discarder", hand - pao_share + 300 * honba))
            pays.append(
                Payment(
                    f"pao:{pao_seat}" if pao_seat else "pao", pao_share, "pays half of the yakuman it is liable for"
                )
            )
        else:
            pays.append(Payment("discarder", hand + 300 * honba))
    received = hand + 300 * honba + 1000 * sticks
    extra = {"honba": 300 * honba, "riichi_sticks": 1000 * sticks}
    return Points(hand, received, tuple(pays), extra)


# Three players: (base, dealer, tsumo, honba, sticks, sanma_tsumo, sanma_honba) -> Points, without pao.
SANMA_TABLE: dict[tuple, Points] = {}


def sanma_payments(
    base: int,
    dealer: bool,
    tsumo: bool,
    honba: int,
    sticks: int,
    tsumo_rule: str = "loss",
    honba_rule: str = "loss",
    pao_base: int = 0,
    pao_seat: str | None = None,
    discarder: str | None = None,
) -> Points:
    """Who pays what with three players (CONTRACT "Three-player Riichi"; riichi.wiki "Sanma").

    A ron is paid as with four. A self-draw by ``tsumo_rule``: ``loss`` (ツモ損) has the two others pay their
    four-player share and the absent North's share is not paid (a non-dealer mangan 4000 + 2000, a dealer mangan
    4000 all); ``split`` (北家折半) splits the absent share between the two payers, each share worked out from the base
    and rounded up once (a non-dealer mangan 5000 + 3000, a dealer mangan 6000 all). Honba by ``honba_rule``:
    ``loss`` 100 from each other player (200 by ron), ``full`` 300 by ron and 100 from each by self-draw. Pao: the liable player pays the whole self-draw (as the two would
    pay it) and the honba, or half of a ron.
    """
    if not pao_base:
        key = (base, dealer, tsumo, honba, sticks, tsumo_rule, honba_rule)
        pts = SANMA_TABLE.get(key)
        if pts is None:
            pts = SANMA_TABLE[key] = _sanma(base, dealer, tsumo, honba, sticks, tsumo_rule, honba_rule, 0, None, None)
        return pts
    return _sanma(base, dealer, tsumo, honba, sticks, tsumo_rule, honba_rule, pao_base, pao_seat, discarder)


def _sanma_shares(base: int, dealer: bool, split: bool) -> list[tuple[str, int]]:
    """The two payers of a self-draw worth ``base`` and what each pays, before honba (base is a multiple of 8, or
    of 8000 for a pao part: the halves below are whole numbers)."""
    if dealer:
        return [("non_dealer", _up100((3 if split else 2) * base))] * 2
    if split:
        return [("dealer", _up100(5 * base // 2)), ("non_dealer", _up100(3 * base // 2))]
    return [("dealer", _up100(2 * base)), ("non_dealer", _up100(base))]


def _sanma(
    base: int,
    dealer: bool,
    tsumo: bool,
    honba: int,
    sticks: int,
    tsumo_rule: str,
    honba_rule: str,
    pao_base: int,
    pao_seat: str | None,
    discarder: str | None,
) -> Points:
    pays: list[Payment] = []
    if tsumo:
        per_payer = 100 * honba
        honba_total = 2 * per_payer
        split = tsumo_rule == "split"
        each = _sanma_shares(base - pao_base, dealer, split)
        hand = sum([a for _, a in each])
        if pao_base:
            pao_amount = sum([a for _, a in _sanma_shares(pao_base, dealer, split)])
            hand += pao_amount
            pays.append(
                Payment(
                    f"pao:{pao_seat}" if pao_seat else "pao",
                    pao_amount + honba_total,
                    "pays the whole yakuman it is liable for, and the honba",
                )
            )
            pays += [Payment(who, amount) for who, amount in each if amount]
        else:
            pays += [Payment(who, amount + per_payer) for who, amount in each]
    else:
        honba_total = (200 if honba_rule == "loss" else 300) * honba
        hand = _up100((6 if dealer else 4) * base)
        if pao_base and pao_seat != discarder:
            pao_share = _up100((6 if dealer else 4) * pao_base) // 2
            pays.append(Payment("discarder", hand - pao_share + honba_total))
            pays.append(
                Payment(
                    f"pao:{pao_seat}" if pao_seat else "pao", pao_share, "pays half of the yakuman it is liable for"
                )
            )
        else:
            pays.append(Payment("discarder", hand + honba_total))
    received = hand + honba_total + 1000 * sticks
    extra = {"honba": honba_total, "riichi_sticks": 1000 * sticks}
    return Points(hand, received, tuple(pays), extra)


SEATS = ("E", "S", "W", "N")


def _seat_list(values, what: str, seats: tuple[str, ...] = SEATS) -> list[str]:
    out = []
    for v in values or ():
        w = str(v).upper()
        if w not in seats:
            names = "E, S or W (three players)" if len(seats) == 3 else "E, S, W or N"
            raise InputError("bad_context", f"{what}: '{v}' is not a seat ({names})")
        if w in out:
            raise InputError("bad_context", f"{what}: seat {w} is named twice")
        out.append(w)
    return out


def exhaustive_draw(tenpai=(), nagashi=(), honba: int = 0, options: dict | None = None) -> dict:
    """Payments of an exhaustive draw (荒牌流局), by seat (E is the dealer).

    ``tenpai``: the seats that are tenpai; ``nagashi``: the seats that qualify for nagashi mangan (流局满贯).
    Noten players pay 3000 in all, shared among the tenpai players (seed 000; digest R9); with three players
    (option ``players`` 3, seats E S W) 2000 in all (one tenpai: 1000 from each of the two; two: the noten player
    pays 1000 to each), the tenpai pool of Tenhou's and Mahjong Soul's three-player rules. With nagashi mangan
    (option ``nagashi_mangan``, default on), each qualifying player is paid as a mangan self-draw instead (with three
    players, as ``sanma_tsumo`` pays a self-draw: a reading of the digest and the contract, found in no platform's log;
    docs/rules/riichi.md "Three-player Riichi" says what was searched) and no tenpai payments are made. Honba are not
    paid on a draw; the count grows (digest R4).
    """
    check_draw_honba(honba)
    opts = resolve(options)
    three = opts["players"] == 3
    seats = SEATS[:3] if three else SEATS
    tenpai_seats = _seat_list(tenpai, "tenpai", seats)
    nagashi_seats = _seat_list(nagashi, "nagashi", seats)
    delta = {s: 0 for s in seats}
    lines: list[dict] = []
    if nagashi_seats and opts["nagashi_mangan"]:
        for w in nagashi_seats:
            if three:
                # the two payers of a mangan self-draw: the dealer first when the winner is not the dealer
                shares = [amount for _, amount in _sanma_shares(2000, w == "E", opts["sanma_tsumo"] == "split")]
                payers = sorted([s for s in seats if s != w], key=lambda s: s != "E")
                amounts = dict(zip(payers, shares, strict=True))
            else:
                amounts = {s: 4000 if (w == "E" or s == "E") else 2000 for s in seats if s != w}
            for s, amount in amounts.items():
                delta[s] -= amount
                delta[w] += amount
                lines.append({"from": s, "to": w, "amount": amount, "reason": "nagashi_mangan"})
    else:
        n = len(tenpai_seats)
        pool = 2000 if three else 3000
        if 0 < n < len(seats):
            receive = pool // n
            pay = pool // (len(seats) - n)
            for s in seats:
                if s in tenpai_seats:
                    delta[s] += receive
                else:
                    delta[s] -= pay
            for s in seats:
                if s not in tenpai_seats:
                    for t in tenpai_seats:
                        lines.append({"from": s, "to": t, "amount": pay // n, "reason": "noten_penalty"})
    dealer_stays = "E" in tenpai_seats  # renchan on a draw: the dealer is tenpai
    return {"deltas": delta, "payments": lines, "dealer_keeps_seat": dealer_stays, "next_honba": honba + 1}


def final_scores(
    points, start: int = 25000, return_points: int = 30000, uma=None, rounding: str = "exact", ties: str = "seat"
) -> list[float]:
    """A game's final scores, by seat order (seed 001; digest "Final score", R5, R7).

    Each player scores (points − return) / 1000; first place also takes the oka, (return − start) × players / 1000
    (+20 at a 25000 start with four, +15 at 35000 / 40000 with three); ``uma`` (e.g. [20, 10, -10, -20]) is added
    by rank, default none. Ties in points: ``seat`` ranks them by seat order (the first seat in the list ranks
    higher); ``split`` has the tied players share the uma and oka of the places they hold, evenly (WRC and EMA
    rules: tied players split the uma). ``rounding``: exact (one decimal), thousands (round half up to whole
    thousands before dividing), or tenhou: every player but the first rounds his points to whole thousands (half
    away from zero: 7500 -> 8, -7500 -> -8) and first place takes what makes the scores add up to zero (Tenhou's
    owari records: 37400 first of four with 18000, 8200, 36400 scores +48).
    """
    pts = list(points)
    if len(pts) not in (3, 4) or any(isinstance(p, bool) or not isinstance(p, int) for p in pts):
        raise InputError("bad_input", f"final scores need 3 or 4 whole point totals, not {points!r}")
    if uma is not None and len(uma) != len(pts):
        raise InputError("bad_input", f"uma needs {len(pts)} values, not {len(uma)}")
    if rounding not in ("exact", "thousands", "tenhou"):
        raise InputError("bad_input", f"rounding is exact, thousands or tenhou, not {rounding!r}")
    if ties not in ("seat", "split"):
        raise InputError("bad_input", f"ties is seat or split, not {ties!r}")
    order = sorted(range(len(pts)), key=lambda i: (-pts[i], i))
    bonus = [0.0] * len(pts)  # by rank: the oka and the uma of that place
    bonus[0] += (return_points - start) * len(pts) / 1000
    if uma:
        for rank in range(len(pts)):
            bonus[rank] += uma[rank]
    if ties == "split":
        shared = list(bonus)
        for rank, i in enumerate(order):
            tied = [r for r, j in enumerate(order) if pts[j] == pts[i]]
            shared[rank] = sum(bonus[r] for r in tied) / len(tied)
        bonus = shared
    if rounding == "tenhou":
        out = [0.0] * len(pts)
        for rank, i in enumerate(order[1:], 1):
            thousands = (abs(pts[i]) + 500) // 1000 * (1 if pts[i] >= 0 else -1)
            out[i] = float(thousands - return_points // 1000 + bonus[rank])
        out[order[0]] = -sum(out)
        return out
    out = []
    for p in pts:
        if rounding == "thousands":
            p = (p + 500) // 1000 * 1000
        out.append((p - return_points) / 1000)
    for rank, i in enumerate(order):
        out[i] += bonus[rank]
    return [round(x, 1) for x in out]
