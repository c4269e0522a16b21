"""Riichi situations no game reaches, refused with a message that says why (issue 12). One function for a hand's
context, one for a round entered by its value (han and fu) instead of its hand, and one for a draw's honba.
``rules/riichi/__init__`` checks what a flag needs (tsumo, a kong, riichi); these are the combinations that no
sequence of play makes."""

from __future__ import annotations

from ...errors import InputError
from ...hand import MAX_COUNT, Context
from ...messages import WIN_KINDS, say

MAX_FU = 110  # riichi.md "Fu": the most a hand makes (closed ron, four concealed kongs of terminals and honors)
MAX_HAN = 100  # far past any hand with all its dora (a hand of 13 han and more is a counted yakuman)


def bad(msg: str) -> None:
    raise InputError("bad_context", msg)


def check_impossible_context(ctx: Context) -> None:
    """The context flags and fields of a win that no game can give together."""
    if ctx.rinshan and ctx.haitei:
        # a kong's replacement comes from the dead wall: the live wall's last tile is never drawn after a kong
        bad("rinshan and haitei cannot go together: the replacement tile of a kong is never the last tile of the wall")
    if ctx.houtei and ctx.chankan:
        # no kong is declared with the last tile (nor after it), so there is no kong to rob on the last discard
        bad("houtei and chankan cannot go together: no kong is declared on the last tile, so none is robbed then")
    ura, dora = len(ctx.ura_indicators), len(ctx.dora_indicators)
    if ura > dora:
        # each ura indicator lies under a dora indicator (kan dora included)
        what = "no dora indicators" if not dora else f"{dora} dora indicator{'s' if dora > 1 else ''}"
        bad(f"{ura} ura dora indicator{'s' if ura > 1 else ''} but {what}: each lies under a dora indicator")
    if ctx.extra and ctx.extra.get("paarenchan") is True and not ctx.is_dealer:
        # 八連荘: eight wins in a row as the dealer; a non-dealer's win is never one
        bad("paarenchan is the dealer's eighth win in a row; this winner is not the dealer (seat_wind E)")


def check_han_fu(kind: str, han: int, fu: int, tsumo: bool) -> None:
    """A win entered by its value in a match (``ron`` / ``tsumo`` with ``han`` and ``fu``): a value some hand has.
    riichi.md "Fu": 20 fu is only pinfu's self-draw (pinfu and menzen tsumo: 2 han at least; a ron with pinfu is 30);
    25 fu only seven pairs (2 han at least); at most 110 fu."""
    named = WIN_KINDS.get(kind, kind)
    if han > MAX_HAN:
        raise InputError("bad_event", say("han_past_any", kind=named, han=han, most=MAX_HAN))
    if han >= 5:
        return  # mangan and above: the fu do not count
    if fu > MAX_FU:
        raise InputError("bad_event", say("fu_past_any", kind=named, fu=fu, most=MAX_FU))
    if fu == 20 and (not tsumo or han < 2):
        raise InputError("bad_event", say("fu_20_only_pinfu_tsumo", kind=named))
    if fu == 25 and han < 2:
        raise InputError("bad_event", say("fu_25_only_seven_pairs", kind=named))


def check_draw_honba(honba: int) -> None:
    if isinstance(honba, bool) or not isinstance(honba, int) or not 0 <= honba <= MAX_COUNT:
        raise InputError("bad_context", f"honba must be a whole number from 0 to {MAX_COUNT}, not {honba!r}")
