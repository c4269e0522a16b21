"""What the yaku, fu and dora rules look at: one reading of the hand, with its facts computed once."""

from __future__ import annotations

from ...hand import Context, Hand
from ...shapes import CHOW, KONG, PAIR, Reading
from ...tiles import YAOCHU, wind_tile

YAOCHU_SET = frozenset(YAOCHU)


_WIND_TILE = {w: wind_tile(w) for w in "ESWN"}


# The bits of ``HandFacts.key``: one for each win-context flag the rows read, then the yes/no facts that rows are
# gated on (yaku.py).
KEY_FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou",
             "chiihou", "renhou")  # fmt: skip
TSUMO, RIICHI, DOUBLE_RIICHI, IPPATSU, RINSHAN, CHANKAN, HAITEI, HOUTEI, TENHOU, CHIIHOU, RENHOU = (
    1 << i for i in range(len(KEY_FLAGS))
)
NO_YAOCHU, YAOCHU_ONLY, OUTSIDE, ONE_SUIT, KONGS = (1 << len(KEY_FLAGS) + i for i in range(5))
RIICHI_FLAGS = RIICHI | DOUBLE_RIICHI | IPPATSU
KONG_FLAGS = RINSHAN | CHANKAN
LAST_TILE_FLAGS = HAITEI | HOUTEI
FIRST_TURN_FLAGS = TENHOU | CHIIHOU | RENHOU
FLAGS = RIICHI_FLAGS | KONG_FLAGS | LAST_TILE_FLAGS | FIRST_TURN_FLAGS  # the win-context flags but tsumo
# a row's gate (yaku.py) -> the bits of the key it opens on (one of them set), but the honor gates (dragons, winds)
GATE_BITS = {
    "riichi_flags": RIICHI_FLAGS,
    "kong_flags": KONG_FLAGS,
    "last_tile_flags": LAST_TILE_FLAGS,
    "first_turn_flags": FIRST_TURN_FLAGS,
    "yaochu_only": YAOCHU_ONLY,
    "outside": OUTSIDE,
    "one_suit": ONE_SUIT,
    "n_kongs": KONGS,
}


class HandFacts:
    """Facts about the whole hand, shared by all its readings.

    ``key`` holds the win-context flags and the gate facts as bits (``GATE_BITS``): the rows worth asking, and the
    answers of the rows that read only those flags, are looked up by it.
    """

    __slots__ = (
        "hand",
        "ctx",
        "opts",
        "counts",
        "closed",
        "tsumo",
        "seat",
        "round",
        "held",
        "honors",
        "yaochu_only",
        "no_yaochu",
        "n_kongs",
        "reds",
        "flags",
        "key",
    )

    def __init__(self, hand: Hand, ctx: Context, opts: dict) -> None:
        self.hand = hand
        self.ctx = ctx
        self.opts = opts
        held = hand.kinds_held  # one bit a kind held, melds included
        n_kongs = 0
        closed = True
        for m in hand.melds:
            n_kongs += m.is_kong
            closed = closed and not m.is_open
        self.reds = hand.red_fives
        self.counts = hand.all_counts
        self.closed = closed
        self.tsumo = ctx.tsumo
        self.seat = _WIND_TILE[ctx.seat_wind]
        self.round = _WIND_TILE[ctx.round_wind]
        self.held = held
        self.honors = (held & _HONORS) != 0
        self.yaochu_only = yaochu_only = (held & _SIMPLES) == 0
        self.no_yaochu = no_yaochu = (held & _YAOCHU) == 0
        self.n_kongs = n_kongs
        key = (
            (TSUMO if ctx.tsumo else 0)
            | (RIICHI if ctx.riichi else 0)
            | (DOUBLE_RIICHI if ctx.double_riichi else 0)
            | (IPPATSU if ctx.ippatsu else 0)
            | (RINSHAN if ctx.rinshan else 0)
            | (CHANKAN if ctx.chankan else 0)
            | (HAITEI if ctx.haitei else 0)
            | (HOUTEI if ctx.houtei else 0)
            | (TENHOU if ctx.tenhou else 0)
            | (CHIIHOU if ctx.chiihou else 0)
            | (RENHOU if ctx.renhou else 0)
        )
        self.flags = key & FLAGS
        if no_yaochu:
            key |= NO_YAOCHU
        if yaochu_only:
            key |= YAOCHU_ONLY
        if not held & _MIDDLE:
            key |= OUTSIDE
        man, pin, sou = held & _MAN, held & _PIN, held & _SOU
        if not (man and pin or (man or pin) and sou):  # at most one suit
            key |= ONE_SUIT
        if n_kongs:
            key |= KONGS
        self.key = key

    @property
    def suits(self) -> frozenset[int]:
        """The suits held (0 man, 1 pin, 2 sou), for the few rows that ask."""
        held = self.held
        return _SUITS[(held & _MAN) != 0, (held & _PIN) != 0, (held & _SOU) != 0]


def _mask(kinds) -> int:
    out = 0
    for k in kinds:
        out |= 1 << k
    return out


_MAN, _PIN, _SOU = _mask(range(9)), _mask(range(9, 18)), _mask(range(18, 27))
_HONORS = _mask(range(27, 34))
_YAOCHU = _mask(YAOCHU)
_SIMPLES = _mask(range(34)) & ~_YAOCHU
_MIDDLE = _mask((3, 4, 5, 12, 13, 14, 21, 22, 23))  # the 4, 5 and 6 of each suit
# the suits held, by (man, pin, sou) held: a frozenset each, shared
_SUITS = {
    (m, p, s): frozenset(i for i, held in enumerate((m, p, s)) if held)
    for m in (False, True)
    for p in (False, True)
    for s in (False, True)
}


class View:
    """One reading: its chows, triplets (tile, concealed, kong) and pair, as the rules need them."""

    __slots__ = (
        "f",
        "r",
        "form",
        "chows",
        "triplets",
        "pair",
        "wait",
        "concealed_triplets",
        "chow_bits",  # a bit for each chow's lowest tile (two equal chows: one bit)
        "trip_bits",  # a bit for each pung or kong's tile
    )

    def __init__(self, facts: HandFacts, reading: Reading) -> None:
        self.f = facts
        self.r = reading
        self.form = reading.form
        self.wait = reading.wait
        chows: list[int] = []
        triplets: list[tuple[int, bool, bool]] = []
        pair = None
        concealed = 0
        chow_bits = trip_bits = 0
        blocks = reading.blocks
        # A triplet completed by a ron counts as open (seed 003 example 2; digest: Fu). No two pungs or kongs of a
        # reading are one block, so the block the ron completed is found by identity.
        ron = None if facts.tsumo or reading.win_block is None else blocks[reading.win_block]
        for b in blocks:
            kind = b.kind
            if kind == CHOW:
                t = b.tile
                chows.append(t)
                chow_bits |= 1 << t
            elif kind == PAIR:
                pair = b.tile
            else:  # a pung or a kong (Riichi reads no knitted blocks)
                t = b.tile
                is_concealed = b.concealed and b is not ron
                triplets.append((t, is_concealed, kind == KONG))
                trip_bits |= 1 << t
                concealed += is_concealed
        self.chows = chows
        self.triplets = triplets
        self.pair = pair
        self.concealed_triplets = concealed
        self.chow_bits = chow_bits
        self.trip_bits = trip_bits

    @property
    def regular(self) -> bool:
        return self.form == "regular"

    def blocks_all_contain(self, pred) -> bool:
        """Every set and the pair holds a tile for which ``pred`` holds (全带)."""
        for c in self.chows:
            if not (pred(c) or pred(c + 2)):
                return False
        for t, _, _ in self.triplets:
            if not pred(t):
                return False
        return self.pair is not None and pred(self.pair)
