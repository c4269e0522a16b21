"""One round at the table, replayed event by event, so that each win can be told as a contract hand object.

Every reader turns its format's events into calls on ``Table`` (draw, discard, call, kan, riichi, dora); the table
keeps what a win needs and the log does not say outright: the concealed tiles, the melds and who fed them, the
wall count (haitei, houtei), the uninterrupted first go-around (double riichi, tenhou, chiihou), ippatsu (broken
by any call, a kong by anyone included), the kong replacement (rinshan), the kong that can be robbed (chankan),
and the dora indicators revealed so far (each platform reveals kong dora when its log says).

Tiles are suanfan tile numbers (``suanfan.tiles``: 0-33, red fives 42-44).
"""

from __future__ import annotations

import copy

from ..errors import InputError
from ..tiles import KIND, YAOCHU, format_tiles, tile_name

WINDS = "ESWN"
# seat of the discarder minus seat of the caller (mod the seats): right (下家), across, left (上家)
SOURCES = {4: {1: "R", 2: "A", 3: "L"}, 3: {1: "R", 2: "L"}}
LIVE_WALL = {4: 70, 3: 55}  # draws the live wall holds (136 - 52 dealt - 14 dead; 108 - 39 - 14)


class Table:
    """A round in play. ``place`` is set by the reader before each event so that an error names where it was."""

    def __init__(self, seats: int, dealer: int, round_wind: int, hands: list[list[int]], dora: list[int]) -> None:
        self.seats = seats
        self.dealer = dealer
        self.round_wind = round_wind
        self.hands = [list(h) for h in hands]
        self.melds: list[list[list]] = [[] for _ in range(seats)]  # [kind, tiles, source offset]
        self.dora = list(dora)
        self.live = LIVE_WALL[seats]
        self.place: object = ""  # where the reader is: a text, or a function giving it (asked only on an error)
        self.called = False  # a call (chi, pon, any kong) has been made this round
        self.discarded = [False] * seats
        self.riichi: list[str | None] = [None] * seats  # "riichi" or "double_riichi", once the tile is out
        self.stood: list[int] = []  # seats whose riichi stick went down, in order
        self.declared: int | None = None  # riichi declared, its tile not yet discarded
        self.unconfirmed: int | None = None  # riichi tile out, the stick not yet down
        self.ippatsu = [False] * seats
        self.break_ippatsu = False  # a kong was declared: ippatsu ends once it is complete (the next draw)
        self.rinshan_due = [False] * seats
        self.drawn: list[int | None] = [None] * seats
        self.drawn_rinshan = [False] * seats
        self.last_discard: tuple[int, int] | None = None
        self.robbable: tuple[int, int, str] | None = None  # (seat, tile, "kakan" or "ankan") until the next draw
        self.nagashi = [True] * seats  # every discard a terminal or honor, none called
        self.kita = [0] * seats  # North tiles set aside (抜きドラ, three players)
        self.liable: list[int | None] = [None] * seats  # pao: who fed the third dragon or the fourth wind set

    def copy(self) -> Table:
        """An independent copy (a reader trying one reading of the log, keeping the other to go back to)."""
        new = copy.copy(self)
        for key, value in self.__dict__.items():
            if isinstance(value, list):
                setattr(new, key, [list(v) if isinstance(v, list) else v for v in value])
        new.melds = [[[m[0], list(m[1]), m[2]] for m in melds] for melds in self.melds]
        return new

    # ---- errors ----------------------------------------------------------------------------------------------
    def fail(self, message: str) -> None:
        place = self.place() if callable(self.place) else self.place
        raise InputError("bad_log", f"{place}: {message}" if place else message)

    def take(self, who: int, tile: int, what: str) -> None:
        try:
            self.hands[who].remove(tile)
        except ValueError:
            self.fail(f"seat {who} {what} {tile_name(tile)}, which is not in the hand")

    # ---- events ----------------------------------------------------------------------------------------------
    def draw(self, who: int, tile: int) -> None:
        if self.live <= 0:
            self.fail(f"seat {who} draws, but the wall is empty")
        if self.unconfirmed is not None:
            self._confirm()
        if self.break_ippatsu:
            self.ippatsu = [False] * self.seats
            self.break_ippatsu = False
        self.live -= 1  # a kong replacement too: the dead wall takes the last tile of the live wall
        self.drawn_rinshan[who] = self.rinshan_due[who]
        self.rinshan_due[who] = False
        self.drawn[who] = tile
        self.hands[who].append(tile)
        self.robbable = None
        self.last_discard = None

    def declare_riichi(self, who: int) -> None:
        if self.riichi[who]:
            self.fail(f"seat {who} declares riichi twice")
        self.declared = who

    def discard(self, who: int, tile: int, riichi: bool = False) -> None:
        self.take(who, tile, "discards")
        if riichi:
            self.declared = who
        if self.declared == who:
            self.riichi[who] = "double_riichi" if not self.discarded[who] and not self.called else "riichi"
            self.ippatsu[who] = True
            self.declared = None
            self.unconfirmed = who
        else:
            self.ippatsu[who] = False  # the go-around after the riichi ends at the next own discard
        self.discarded[who] = True
        if KIND[tile] not in YAOCHU:
            self.nagashi[who] = False
        self.last_discard = (who, tile)
        self.drawn[who] = None

    def riichi_stands(self, who: int) -> None:
        """The riichi stick is down (Tenhou's REACH step 2, MJAI's reach_accepted)."""
        if self.riichi[who] is None:
            self.fail(f"seat {who}'s riichi is accepted before its tile is discarded")
        if who not in self.stood:
            self.stood.append(who)
        if self.unconfirmed == who:
            self.unconfirmed = None

    def _confirm(self) -> None:
        """The play went on after a riichi tile: nobody won on it, so the stick is down."""
        if self.unconfirmed is not None:
            self.riichi_stands(self.unconfirmed)

    def call(self, who: int, kind: str, tiles: list[int], source: int) -> None:
        """chi, pon or minkan on the last discard; ``tiles`` are all the meld's tiles, the called one included."""
        if self.last_discard is None or self.last_discard[0] != source:
            self.fail(f"seat {who} calls {kind} on seat {source}, whose tile is not the last discard")
        called = self.last_discard[1]
        if called not in tiles:
            self.fail(f"seat {who}'s {kind} {format_tiles(tiles)} does not hold the called tile {tile_name(called)}")
        rest = list(tiles)
        rest.remove(called)
        for t in rest:
            self.take(who, t, f"calls {kind} with")
        self._confirm()
        self.melds[who].append([kind, list(tiles), (source - who) % self.seats])
        if kind != "chi" and KIND[called] >= 27:
            group = range(31, 34) if KIND[called] >= 31 else range(27, 31)
            if sum(KIND[m[1][0]] in group for m in self.melds[who]) == len(group):
                self.liable[who] = source  # 責任払い: the call that made daisangen / daisuushii certain
        self.nagashi[source] = False
        self._interrupt()
        if kind == "minkan":
            self.rinshan_due[who] = True
        self.last_discard = None

    def kakan(self, who: int, tile: int) -> None:
        """A pon made a kong with the fourth tile (加槓); others may rob it until the replacement is drawn."""
        for meld in self.melds[who]:
            if meld[0] == "pon" and KIND[meld[1][0]] == KIND[tile]:
                break
        else:
            self.fail(f"seat {who} adds {tile_name(tile)} to a pon it does not have")
        self.take(who, tile, "adds to a kong")
        meld[0] = "kakan"
        meld[1].append(tile)
        self._kong(who, tile, "kakan")

    def ankan(self, who: int, tiles: list[int]) -> None:
        for t in tiles:
            self.take(who, t, "declares a concealed kong with")
        self.melds[who].append(["ankan", list(tiles), 0])
        self._kong(who, tiles[0], "ankan")

    def set_north_aside(self, who: int, tile: int) -> None:
        """kita (抜きドラ, three players): a North set aside as a dora, a replacement tile drawn for it."""
        if self.seats != 3 or tile != 30:
            self.fail(f"seat {who} sets aside {tile_name(tile)}: only a North, with three players")
        self.take(who, tile, "sets aside")
        self.kita[who] += 1
        self.rinshan_due[who] = True
        self.robbable = (who, tile, "kita")
        self.last_discard = None
        self.drawn[who] = None

    def _kong(self, who: int, tile: int, kind: str) -> None:
        self._confirm()
        self.called = True
        self.break_ippatsu = True  # robbing the kong still counts ippatsu (the kong is not complete)
        self.rinshan_due[who] = True
        self.robbable = (who, tile, kind)
        self.last_discard = None
        self.drawn[who] = None

    def _interrupt(self) -> None:
        self.called = True
        self.ippatsu = [False] * self.seats

    def reveal_dora(self, indicator: int) -> None:
        if len(self.dora) >= 5:
            self.fail("a sixth dora indicator")
        self.dora.append(indicator)

    # ---- the end ---------------------------------------------------------------------------------------------
    def win_hand(self, who: int, source: int | None, options: dict, honba: int, sticks: int) -> dict:
        """The contract hand object of seat ``who`` winning now: by self-draw (``source`` None or ``who``) or on
        ``source``'s discard or kong. ``honba`` and ``sticks`` are what this winner takes (0 for a second ron)."""
        tsumo = source is None or source == who
        chankan = False
        if tsumo:
            tile = self.drawn[who]
            if tile is None:
                self.fail(f"seat {who} wins by self-draw without a drawn tile")
            concealed = list(self.hands[who])
        else:
            if self.robbable is not None and self.robbable[0] == source:
                tile, chankan = self.robbable[1], True
            elif self.last_discard is not None and self.last_discard[0] == source:
                tile = self.last_discard[1]
            else:
                self.fail(f"seat {who} wins on seat {source}, who has no tile out")
            concealed = [*self.hands[who], tile]
        hand: dict = {
            "rules": "riichi",
            "hand": format_tiles(concealed),
            "win": tile_name(tile),
            "melds": [self.meld_text(m) for m in self.melds[who]],
            "tsumo": tsumo,
            "seat_wind": WINDS[(who - self.dealer) % self.seats],
            "round_wind": WINDS[self.round_wind],
        }
        state = self.riichi[who]
        if state:
            hand[state] = True
            if self.ippatsu[who]:
                hand["ippatsu"] = True
        if tsumo and self.drawn_rinshan[who]:
            hand["rinshan"] = True
        elif tsumo and self.live == 0:
            hand["haitei"] = True
        if chankan and self.robbable and self.robbable[2] == "kakan":
            hand["chankan"] = True
        elif not tsumo and not chankan and self.live == 0:
            hand["houtei"] = True
        if tsumo and not self.discarded[who] and not self.called:
            hand["tenhou" if who == self.dealer else "chiihou"] = True
        if self.dora:
            hand["dora_indicators"] = [tile_name(t) for t in self.dora]
        if self.kita[who]:
            hand["kita"] = self.kita[who]
        if honba:
            hand["honba"] = honba
        if sticks:
            hand["riichi_sticks"] = sticks
        hand["options"] = options
        return hand

    def meld_text(self, meld: list) -> str:
        kind, tiles, offset = meld
        text = f"{kind}:{format_tiles(tiles)}"
        return text + f"@{SOURCES[self.seats][offset]}" if kind != "ankan" else text

    def source_letter(self, who: int, other: int) -> str:
        return SOURCES[self.seats][(other - who) % self.seats]


def is_tenpai(table: Table, who: int) -> bool:
    """Whether a seat's 13 tiles (fewer by 3 a meld) wait on a tile not all of whose copies it holds."""
    from ..hand import Hand
    from ..waits import waits

    melds = [table.meld_text(m).split("@")[0] for m in table.melds[who]]
    hand = Hand.build(format_tiles(table.hands[who]), None, melds, None, waiting=True)
    return bool(waits(hand))
