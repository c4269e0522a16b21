"""What the set and form fans of MCR read: the facts of the whole hand (``HandFacts``, the same for every division)
and of one division of it (``Division``: its chows, pungs, kongs, pair, waits). The rows of fans.py are predicates
over these; nothing here decides a fan.

Tile numbering: 0-8 m, 9-17 p, 18-26 s, 27-30 E S W N, 31-33 White Green Red.
"""

from __future__ import annotations

from ...hand import Context, Hand
from ...notes import said
from ...shapes import CHOW, KNITTED, KNITTED_PATTERNS, KONG, PAIR, PUNG, Block
from ...tiles import KIND, WIND_LETTERS, suit_keys, wind_tile
from .waits import waits_once

_DISCARD_PUNG = said("pung_by_discard_melded")
_WIND_TILE = {w: wind_tile(w) for w in WIND_LETTERS}


class HandFacts:
    """The facts of the hand that every division shares: its counts, kinds held, winning tile, winds, and whether
    it waits on one kind only (worked out on first need, once for the hand)."""

    __slots__ = ("hand", "ctx", "opts", "win", "counts", "every", "held", "fours", "tsumo", "seat", "round")
    __slots__ += ("_unique",)

    def __init__(self, hand: Hand, ctx: Context, opts: dict, tsumo: bool) -> None:
        """``tsumo``: self-drawn (the flag, or haitei / rinshan, which are self-draws by definition)."""
        self.hand = hand
        self.ctx = ctx
        self.opts = opts
        self.win = KIND[hand.win_tile]
        self.counts = hand.counts34  # the concealed tiles by kind
        self.every = hand.all_counts  # every tile by kind, the melds' included
        self.held = hand.kinds_held  # the kinds held, melds included, a bit each
        self.fours = self.every.count(4)  # kinds the hand holds all four copies of
        self.tsumo = tsumo
        self.seat = _WIND_TILE[ctx.seat_wind]
        self.round = _WIND_TILE[ctx.round_wind]
        self._unique: bool | None = None

    def waits_on_one_kind(self) -> bool:
        """Does the hand, before the winning tile, wait on one kind only (as four sets and a pair, or as seven
        pairs)? The same for every regular division (consensus: 独听 is about the shape)."""
        if self._unique is None:
            before = None
            if not self.hand.melds and self.held.bit_count() <= 8:  # it may also wait as seven pairs
                before = bytearray(self.counts)
                before[self.win] -= 1
            self._unique = waits_once(self.hand.suit_keys, self.win, before)
        return self._unique


class Sets:
    """The facts of one division that the ``sets`` rows read: its form, chows, pungs, kongs, pair and wait, and the
    two winds, the only facts of the hand they need. Made from the division's key (``Division.key``, the fields of
    ``FIELDS`` in order), which is also what the rows' answers are kept by (patterns.py ``set_fans``), so a row reads
    nothing else; the facts that follow from those (``kongs``, ``wind_pungs``, ``dragon_pungs``, the kinds of each
    block for ``every_block``) are worked out once here, not by each row that reads them.

    A row's predicate may add what it wants said of the division to ``notes`` (a ``why`` of the result)."""

    FIELDS = ("form", "chows", "pungs", "pair", "concealed", "concealed_kongs", "melded_kongs", "wait", "hogs")
    FIELDS += ("round", "seat", "discard_pung")
    __slots__ = (*FIELDS, "kongs", "wind_pungs", "dragon_pungs", "blocks", "notes")

    def __init__(self, key: tuple) -> None:
        (
            self.form,
            self.chows,  # the lowest tile of each chow, in order
            self.pungs,  # the tile of each pung or kong, in order
            self.pair,  # the pair's tile (the last pair of seven pairs), None for the forms without one
            self.concealed,  # concealed pungs, concealed kongs counting (MIL)
            self.concealed_kongs,
            self.melded_kongs,
            self.wait,  # edge, closed, pair or None (``Division``)
            self.hogs,  # 四归一: the kinds whose four copies are all used, none as a kong (seven pairs: its fours)
            self.round,  # the round wind's tile
            self.seat,  # the seat wind's tile
            self.discard_pung,  # won on a discard that completed a pung: it counts as melded (said in ``notes``)
        ) = key
        pungs = self.pungs
        self.kongs = self.concealed_kongs + self.melded_kongs
        self.wind_pungs = tuple([t for t in pungs if 27 <= t <= 30])  # in order
        self.dragon_pungs = sum([t >= 31 for t in pungs])
        # four sets and a pair: the kinds each block holds, as a mask (a chow of lowest tile t holds t, t + 1, t + 2)
        if self.form == "regular":
            self.blocks = (*[7 << t for t in self.chows], *[1 << t for t in pungs], 1 << self.pair)
        else:
            self.blocks = ()
        self.notes: list[str] = [_DISCARD_PUNG] if self.discard_pung else []

    def every_block(self, kinds: int) -> bool:
        """Four sets and a pair, each holding one of ``kinds`` (a mask, bit k for tile kind k)."""
        return bool(self.blocks) and all([b & kinds for b in self.blocks])


class Division:
    """One division of the hand (``shapes.divisions``): its form, blocks (the melds' included, the pair last for four
    sets and a pair), and the blocks the winning tile can complete; with the hand's facts (``h``), which the ``form``
    rows read, and ``key``, the facts of its sets (``Sets``) which the ``sets`` rows read."""

    __slots__ = ("h", "form", "blocks", "placements", "key")

    def __init__(self, h: HandFacts, form: str, blocks: tuple[Block, ...], placements: tuple[int, ...]) -> None:
        self.h = h
        self.form = form
        self.blocks = blocks
        self.placements = placements
        chows: list[int] = []
        pungs: list[int] = []
        pair = None
        concealed = concealed_kongs = melded_kongs = 0
        for b in blocks:
            kind = b.kind
            if kind == CHOW:
                chows.append(b.tile)
            elif kind == PUNG:
                pungs.append(b.tile)
                concealed += b.concealed
            elif kind == KONG:
                pungs.append(b.tile)
                if b.concealed:
                    concealed_kongs += 1
                else:
                    melded_kongs += 1
            elif kind == PAIR:
                pair = b.tile
        discard_pung = bool(concealed) and not h.tsumo and self._pung_completed_by_the_discard()
        if discard_pung:
            # won on a discard and the tile cannot be read into a chow: its pung is a melded pung (1998 p.91 暗刻)
            concealed -= 1
        if len(chows) > 1:
            chows.sort()
        if len(pungs) > 1:
            pungs.sort()
        if form == "seven_pairs":
            hogs = h.counts.count(4)
        else:
            hogs = max(h.fours - concealed_kongs - melded_kongs, 0)
        wait = self._single_wait() if form == "regular" or form == "knitted_straight" else None
        self.key = (
            form,
            tuple(chows),
            tuple(pungs),
            pair,
            concealed + concealed_kongs,
            concealed_kongs,
            melded_kongs,
            wait,
            hogs,
            h.round,
            h.seat,
            discard_pung,
        )

    @property
    def ctx(self) -> Context:
        return self.h.ctx

    @property
    def sets(self) -> Sets:
        return Sets(self.key)

    def _pung_completed_by_the_discard(self) -> bool:
        """Every block the winning tile can complete is a pung (no chow, no knitted straight can take it)."""
        kinds = {self.blocks[i].kind for i in self.placements}
        return PUNG in kinds and CHOW not in kinds and KNITTED not in kinds

    def _single_wait(self) -> str | None:
        """edge, closed or pair: the wait 边张 / 嵌张 / 单钓将 count, when the hand waits on one kind only (consensus,
        MIL; digest rows 77-79) and the winning tile can sit in an edge chow, the middle of a chow, or the pair; of
        two places the first of those (the higher fan: table order)."""
        h = self.h
        win = h.win
        best = None
        for i in self.placements:
            b = self.blocks[i]
            if b.kind == CHOW:
                t = b.tile
                if win == t + 1:
                    shape = "closed"
                elif (win == t and t % 9 < 6) or (win == t + 2 and t % 9 > 0):
                    return None  # 两面: the chow's other side completes these sets too, a second wait
                else:
                    shape = "edge"
            elif b.kind == PAIR:
                shape = "pair"
            elif b.kind == PUNG:
                return None  # 双碰: the pair completes these sets too (as a pung), a second wait
            else:
                continue
            if best is None or _WAIT_ORDER[shape] < _WAIT_ORDER[best]:
                best = shape
        if best is None:
            return None
        if self.form == "knitted_straight":
            pattern = KNITTED_PATTERNS[self.blocks[0].tile]  # the knitted straight comes first
            in_pattern = win in pattern
            if in_pattern and h.opts["knitted_straight_waits"] == "wmcc_2006":
                return None
            if h.counts[win] - in_pattern < 1:  # the winning tile is the pattern's only
                return None
            rest = list(h.counts)  # the rest: a set and a pair, before the winning tile
            for t in pattern:
                rest[t] -= 1
            return best if waits_once(suit_keys(rest), win) else None
        return best if h.waits_on_one_kind() else None


_WAIT_ORDER = {"edge": 0, "closed": 1, "pair": 2}  # 边张, 嵌张, 单钓将: their order in the fan table
