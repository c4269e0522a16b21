"""What the yaku, fu and dora rules look at: one reading of the hand, with its facts computed once."""

from __future__ import annotations

from operator import itemgetter

from ...hand import Context, Hand
from ...shapes import CHOW, KONG, PAIR, PUNG, Reading
from ...tiles import KIND, RED0, YAOCHU, wind_tile

YAOCHU_SET = frozenset(YAOCHU)
_YAOCHU_OF = itemgetter(*YAOCHU)
_MIDDLE_OF = itemgetter(3, 4, 5, 12, 13, 14, 21, 22, 23)  # the 4, 5 and 6 of each suit


_WIND_TILE = {w: wind_tile(w) for w in "ESWN"}


class HandFacts:
    """Facts about the whole hand, shared by all its readings."""

    __slots__ = (
        "hand",
        "ctx",
        "opts",
        "counts",
        "closed",
        "tsumo",
        "seat",
        "round",
        "suits",
        "one_suit",
        "honors",
        "yaochu_only",
        "no_yaochu",
        "n_kongs",
        "win",
        "reds",
        "flags",
        "riichi_flags",
        "kong_flags",
        "last_tile_flags",
        "first_turn_flags",
        "outside",
        "dragons",
        "winds",
    )

    def __init__(self, hand: Hand, ctx: Context, opts: dict) -> None:
        self.hand = hand
        self.ctx = ctx
        self.opts = opts
        counts = list(hand.counts34)
        reds = 0
        for t in hand.concealed:
            if t >= RED0:
                reds += 1
        n_kongs = 0
        closed = True
        for m in hand.melds:
            if m.kind != "ankan":
                closed = False
                if m.kind != "chi" and m.kind != "pon":
                    n_kongs += 1
            else:
                n_kongs += 1
            for t in m.tiles:
                counts[KIND[t]] += 1
                if t >= RED0:
                    reds += 1
        self.reds = reds
        self.counts = counts
        self.closed = closed
        self.tsumo = ctx.tsumo
        self.seat = _WIND_TILE[ctx.seat_wind]
        self.round = _WIND_TILE[ctx.round_wind]
        suits = set()
        if any(counts[0:9]):
            suits.add(0)
        if any(counts[9:18]):
            suits.add(1)
        if any(counts[18:27]):
            suits.add(2)
        self.suits = suits
        self.one_suit = len(suits) <= 1
        self.winds = any(counts[27:31])
        self.dragons = any(counts[31:34])
        self.honors = self.winds or self.dragons
        yaochu = sum(_YAOCHU_OF(counts))
        self.yaochu_only = yaochu == sum(counts)
        self.no_yaochu = yaochu == 0
        self.outside = not any(_MIDDLE_OF(counts))
        self.n_kongs = n_kongs
        self.win = KIND[hand.win_tile]
        # a win-context flag that a per-hand row reads (the rows gated "flags")
        # the win-context flags the per-hand rows read, by the rows' gates
        self.riichi_flags = ctx.riichi or ctx.double_riichi or ctx.ippatsu
        self.kong_flags = ctx.rinshan or ctx.chankan
        self.last_tile_flags = ctx.haitei or ctx.houtei
        self.first_turn_flags = ctx.tenhou or ctx.chiihou or ctx.renhou
        self.flags = self.riichi_flags or self.kong_flags or self.last_tile_flags or self.first_turn_flags


class View:
    """One reading: its chows, triplets (tile, concealed, kong) and pair, as the rules need them."""

    __slots__ = ("f", "r", "form", "chows", "triplets", "trip", "pair", "wait", "concealed_triplets")

    def __init__(self, facts: HandFacts, reading: Reading) -> None:
        self.f = facts
        self.r = reading
        self.form = reading.form
        self.wait = reading.wait
        chows: list[int] = []
        triplets: list[tuple[int, bool, bool]] = []
        trip: list[int] = []
        pair = None
        concealed = 0
        # A triplet completed by a ron counts as open (seed 003 example 2; digest: Fu).
        ron_block = -1 if facts.tsumo else reading.win_block
        i = 0
        for b in reading.blocks:
            kind = b.kind
            if kind == CHOW:
                chows.append(b.tile)
            elif kind == PAIR:
                pair = b.tile
            elif kind == PUNG or kind == KONG:
                is_concealed = b.concealed and i != ron_block
                triplets.append((b.tile, is_concealed, kind == KONG))
                trip.append(b.tile)
                concealed += is_concealed
            i += 1
        self.chows = chows
        self.triplets = triplets
        self.trip = trip
        self.pair = pair
        self.concealed_triplets = concealed

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
