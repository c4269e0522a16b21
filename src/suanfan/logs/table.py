"""One round at the table, replayed event by event, so that each win can be told as a contract hand object.

Every reader turns its format's events into calls on ``Table`` (draw, discard, call, kan, riichi, dora); the table
keeps what a win needs and the log does not say outright: the concealed tiles, the rivers, the melds and who fed
them, the wall count (haitei, houtei), the uninterrupted first go-around (double riichi, tenhou, chiihou), ippatsu
(broken by any call, a kong by anyone included), the kong replacement (rinshan), the kong that can be robbed
(chankan), and the dora indicators revealed so far (each platform reveals kong dora when its log says).

Most of a log is draws and discards with nothing between them. The table keeps so little per draw and discard
(the tile into or out of the hand and the river; the rest is read off the rivers and a few counters when a win
asks) that a reader can hand it a whole run of them at once (``play``), and a run costs one short loop.

Tiles are suanfan tile numbers (``suanfan.tiles``: 0-33, red fives 42-44).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from ..errors import InputError
from ..tiles import KIND, YAOCHU, format_tiles, tile_name

WINDS = "ESWN"
# seat of the discarder minus seat of the caller (mod the seats): right (下家), across, left (上家)
SOURCES = {4: {1: "R", 2: "A", 3: "L"}, 3: {1: "R", 2: "L"}}
LIVE_WALL = {4: 70, 3: 55}  # draws the live wall holds (136 - 52 dealt - 14 dead; 108 - 39 - 14)
Move = tuple[int, int, bool]  # (seat, tile, a draw?): a draw, or else a discard


class Table:
    """A round in play. ``place`` is set by the reader: a text, or a function giving it (called only on an error),
    so that an error names where it was; within a run of moves (``play``) ``offset`` is the failing move's
    index in the run (0 for any other event)."""

    def __init__(self, seats: int, dealer: int, round_wind: int, hands: list[list[int]], dora: list[int]) -> None:
        self.seats = seats
        self.dealer = dealer
        self.round_wind = round_wind
        # list(map(...)) and the lists written out: a comprehension is a function call of its own (Table() made once
        # a round by the readers that replay: 28.8 k -> see docs/logs.md "Speed")
        self.hands = list(map(list, hands))
        self.rivers: list[list[int]] = [[], [], [], []] if seats == 4 else [[], [], []]  # every discard, called too
        self.melds: list[list[list]] = [[], [], [], []] if seats == 4 else [[], [], []]  # [kind, tiles, source offset]
        self.dora = list(dora)
        self.live = LIVE_WALL[seats]
        self.place: str | Callable[[], str] = ""
        self.offset = 0
        self.calls = 0  # calls made this round (chi, pon, any kong): the first go-around is over after one
        self.breaks = 0  # what ended every ippatsu so far: a call, or a kong once complete (its replacement draw)
        self.fed = [False] * seats  # a discard of the seat was called (no nagashi mangan)
        self.riichi: list[str | None] = [None] * seats  # "riichi" or "double_riichi", once the tile is out
        self.riichi_at: list[tuple[int, int] | None] = [None] * seats  # (river length, breaks) after the riichi tile
        self.stood: list[int] = []  # seats whose riichi stick went down, in order
        self.declared: int | None = None  # riichi declared, its tile not yet discarded
        self.unconfirmed: int | None = None  # riichi tile out, the stick not yet down
        self.kong_open = False  # a kong declared and not yet complete (its replacement not drawn)
        self.rinshan_due: int | None = None  # the seat that draws a replacement next (a kong, a North set aside)
        self.drawn: tuple[int, int, bool] | None = None  # (seat, tile, a replacement?) when the last move was a draw
        self.last_discard: tuple[int, int] | None = None  # (seat, tile) when the last move was a discard
        self.robbable: tuple[int, int, str] | None = None  # (seat, tile, "kakan" / "ankan" / "kita") until a draw
        self.kita = [0] * seats  # North tiles set aside (抜きドラ, three players)
        self.liable: list[int | None] = [None] * seats  # pao: who fed the third dragon or the fourth wind set

    def copy(self) -> Table:
        """An independent copy (a reader trying one reading of the log, keeping the other to go back to)."""
        new = Table.__new__(Table)
        for key, value in self.__dict__.items():
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            setattr(new, key, value)
        new.melds = [[[m[0], list(m[1]), m[2]] for m in melds] for melds in self.melds]
        return new

    # ---- what the events leave ---------------------------------------------------------------------------------
    @property
    def nagashi(self) -> list[bool]:
        """Per seat: every discard a terminal or honor, none of them called (流し満貫)."""
        return [not self.fed[p] and all(KIND[t] in YAOCHU for t in self.rivers[p]) for p in range(self.seats)]

    def ippatsu(self, who: int) -> bool:
        """The go-around after the riichi tile is not over: no own discard since, nothing that ends it."""
        return self.riichi_at[who] == (len(self.rivers[who]), self.breaks)

    def first_turn(self, who: int) -> bool:
        """No discard of the seat's yet, no call by anyone (double riichi, tenhou, chiihou)."""
        return not self.rivers[who] and not self.calls

    # ---- errors ----------------------------------------------------------------------------------------------
    def fail(self, message: str) -> None:
        place = self.place() if callable(self.place) else self.place
        raise InputError("bad_log", f"{place}: {message}" if place else message)

    def take(self, who: int, tile: int, what: str) -> None:
        try:
            self.hands[who].remove(tile)
        except ValueError:
            self.not_held(who, tile, what)

    def not_held(self, who: int, tile: int, what: str) -> None:
        """The error of a tile that must leave a hand and is not in it (``what``: "discards", "calls pon with")."""
        self.fail(f"seat {who} {what} {tile_name(tile)}, which is not in the hand")

    # ---- events ----------------------------------------------------------------------------------------------
    # The readers call these once per call, riichi, kong and the moves next to them (an MJAI game some 70 times),
    # so the common case takes few steps: a tile leaves the hand by ``list.remove`` in place (``take`` and its
    # message only when it is not there), and ``_confirm`` and ``first_turn`` are read in place (a method call costs
    # about 1,000 instructions, callgrind).
    def play(self, moves: Sequence[Move]) -> None:
        """A run of draws and discards with no other event between them: the same as ``draw`` and ``discard``
        move by move. The moves right after another event (which may leave a riichi stick to put down, a kong to
        complete) go one by one; the rest of the run only moves tiles and counts the wall."""
        k, n = 0, len(moves)
        while k < n and (self.unconfirmed is not None or self.kong_open or self.rinshan_due is not None
                         or self.robbable is not None or self.declared is not None):  # fmt: skip
            self.offset = k
            who, tile, is_draw = moves[k]
            if is_draw:
                self.draw(who, tile)
            else:
                self.discard(who, tile)
            k += 1
        self.offset = 0
        if k == n:
            return
        hands, rivers, live = self.hands, self.rivers, self.live
        for at in range(k, n):
            who, tile, is_draw = moves[at]
            if is_draw:
                if not live:
                    break
                live -= 1
                hands[who].append(tile)
            else:
                try:
                    hands[who].remove(tile)
                except ValueError:
                    break
                rivers[who].append(tile)
        else:
            self.live = live
            self.drawn = (who, tile, False) if is_draw else None
            self.last_discard = None if is_draw else (who, tile)
            return
        self.offset, self.live = at, live
        self.fail(f"seat {who} draws, but the wall is empty" if is_draw else
                  f"seat {who} discards {tile_name(tile)}, which is not in the hand")  # fmt: skip

    def draw(self, who: int, tile: int) -> None:
        if self.live <= 0:
            self.fail(f"seat {who} draws, but the wall is empty")
        if self.unconfirmed is not None:  # self._confirm()
            self.riichi_stands(self.unconfirmed)
        if self.kong_open:
            self.breaks += 1  # the kong is complete: ippatsu ends (robbing it would still have counted)
            self.kong_open = False
        rinshan = self.rinshan_due == who
        self.rinshan_due = None
        self.live -= 1  # a kong replacement too: the dead wall takes the last tile of the live wall
        self.hands[who].append(tile)
        self.drawn = (who, tile, rinshan)
        self.robbable = None
        self.last_discard = None

    def declare_riichi(self, who: int) -> None:
        if self.riichi[who]:
            self.fail(f"seat {who} declares riichi twice")
        self.declared = who

    def discard(self, who: int, tile: int, riichi: bool = False) -> None:
        try:
            self.hands[who].remove(tile)
        except ValueError:
            self.not_held(who, tile, "discards")
        river = self.rivers[who]
        if riichi:
            self.declared = who
        if self.declared == who:
            self.riichi[who] = "double_riichi" if not river and not self.calls else "riichi"  # first_turn(who)
            self.riichi_at[who] = (len(river) + 1, self.breaks)
            self.declared = None
            self.unconfirmed = who
        river.append(tile)
        self.last_discard = (who, tile)
        self.drawn = None

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
        last = self.last_discard
        if last is None or last[0] != source:
            self.fail(f"seat {who} calls {kind} on seat {source}, whose tile is not the last discard")
        called = last[1]
        if called not in tiles:
            self.fail(f"seat {who}'s {kind} {format_tiles(tiles)} does not hold the called tile {tile_name(called)}")
        rest = list(tiles)
        rest.remove(called)
        hand = self.hands[who]
        for t in rest:
            try:
                hand.remove(t)
            except ValueError:
                self.not_held(who, t, f"calls {kind} with")
        if self.unconfirmed is not None:  # self._confirm()
            self.riichi_stands(self.unconfirmed)
        melds = self.melds[who]
        melds.append([kind, list(tiles), (source - who) % self.seats])
        if kind != "chi" and KIND[called] >= 27:
            group = range(31, 34) if KIND[called] >= 31 else range(27, 31)
            if sum(KIND[m[1][0]] in group for m in melds) == len(group):
                self.liable[who] = source  # 責任払い: the call that made daisangen / daisuushii certain
        self.fed[source] = True
        self.calls += 1
        self.breaks += 1
        if kind == "minkan":
            self.rinshan_due = who
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
        self.rinshan_due = who
        self.robbable = (who, tile, "kita")
        self.last_discard = None
        self.drawn = None

    def _kong(self, who: int, tile: int, kind: str) -> None:
        if self.unconfirmed is not None:  # self._confirm()
            self.riichi_stands(self.unconfirmed)
        self.calls += 1
        self.kong_open = True  # robbing the kong still counts ippatsu (the kong is not complete)
        self.rinshan_due = who
        self.robbable = (who, tile, kind)
        self.last_discard = None
        self.drawn = None

    def reveal_dora(self, indicator: int) -> None:
        if len(self.dora) >= 5:
            self.fail("a sixth dora indicator")
        self.dora.append(indicator)

    # ---- the end ---------------------------------------------------------------------------------------------
    def win_hand(
        self, who: int, source: int | None, options: dict, honba: int, sticks: int, shown: list[int] | None = None
    ) -> dict:
        """The contract hand object of seat ``who`` winning now: by self-draw (``source`` None or ``who``) or on
        ``source``'s discard or kong. ``honba`` and ``sticks`` are what this winner takes (0 for a second ron).
        ``shown``: the concealed tiles the log shows, which must be those the events give."""
        # Every reader tells each win here, so it is written for few Python steps (callgrind, the test logs' 725 wins:
        # 32.7 k instructions a call before, see docs/logs.md "Speed"): the concealed tiles sorted once for both the
        # check of ``shown`` and their text, names and meld texts by look-ups (``NAMES``, ``meld_text_of``), and
        # ``ippatsu`` and ``first_turn`` read in place (a method call costs about 1,000 instructions).
        if source is None or source == who:
            drawn = self.drawn
            if drawn is None or drawn[0] != who:
                self.fail(f"seat {who} wins by self-draw without a drawn tile")
            _, tile, rinshan = drawn
            concealed = self.hands[who]
            tsumo = True
            chankan = False
        else:
            tsumo = rinshan = False
            robbable, last = self.robbable, self.last_discard
            if robbable is not None and robbable[0] == source:
                tile, chankan = robbable[1], True
            elif last is not None and last[0] == source:
                tile, chankan = last[1], False
            else:
                self.fail(f"seat {who} wins on seat {source}, who has no tile out")
            concealed = [*self.hands[who], tile]
        ordered = sorted(concealed)
        if shown is not None and sorted(shown) != ordered:
            self.fail(f"the round's events give {format_tiles(concealed)}, the log shows {format_tiles(shown)}")
        seats = self.seats
        melds = []
        for kind, tiles, offset in self.melds[who]:  # meld_text_of(meld, seats), with no call a meld
            melds.append(_MELD_TEXT[(seats, kind, offset, *tiles)])
        hand: dict = {
            "rules": "riichi",
            "hand": _TILES_TEXT[tuple(ordered)],
            "win": NAMES[tile],
            "melds": melds,
            "tsumo": tsumo,
            "seat_wind": WINDS[(who - self.dealer) % seats],
            "round_wind": WINDS[self.round_wind],
        }
        state = self.riichi[who]
        if state:
            hand[state] = True
            if self.riichi_at[who] == (len(self.rivers[who]), self.breaks):  # self.ippatsu(who)
                hand["ippatsu"] = True
        live = self.live
        if rinshan:
            hand["rinshan"] = True
        elif tsumo and live == 0:
            hand["haitei"] = True
        if chankan and robbable[2] == "kakan":  # robbing a concealed kong or a North set aside is no chankan
            hand["chankan"] = True
        elif not tsumo and not chankan and live == 0:
            hand["houtei"] = True
        if tsumo and not self.rivers[who] and not self.calls:  # self.first_turn(who)
            hand["tenhou" if who == self.dealer else "chiihou"] = True
        if self.dora:
            hand["dora_indicators"] = list(map(_NAME_OF, self.dora))
        if self.kita[who]:
            hand["kita"] = self.kita[who]
        if honba:
            hand["honba"] = honba
        if sticks:
            hand["riichi_sticks"] = sticks
        hand["options"] = options
        return hand

    def meld_text(self, meld: list) -> str:
        """A meld as the contract writes it (``pon:555z@L``; a concealed kong has no source)."""
        return meld_text_of(meld, self.seats)

    def source_letter(self, who: int, other: int) -> str:
        return SOURCES[self.seats][(other - who) % self.seats]


NAMES: tuple[str, ...] = tuple(tile_name(t) for t in range(45))  # tile number -> mpsz name, for map() and look-ups
_NAME_OF = NAMES.__getitem__


class _TilesText(dict):
    """Tiles in order (a tuple of sorted tile numbers) -> ``format_tiles`` of them, written once per distinct set of
    tiles: a win's hand and melds are told as text, and the same hands and melds come back game after game."""

    def __missing__(self, tiles: tuple[int, ...]) -> str:
        text = format_tiles(tiles)
        if len(self) < 100_000:  # bounded: an endless stream of new hands cannot grow it without end
            self[tiles] = text
        return text


_TILES_TEXT = _TilesText()


def tiles_text(tiles: list[int]) -> str:
    """``format_tiles(tiles)``, by one look-up of the sorted tiles."""
    return _TILES_TEXT[tuple(sorted(tiles))]


class _MeldText(dict):
    """(seats, kind, source offset, *tiles as the meld holds them) -> the meld's contract text, written once per
    distinct meld (the same melds come back game after game). One look-up costs about a third of writing the text
    (an f-string, the tiles sorted and looked up, the source's letter: some 6 k instructions a meld)."""

    def __missing__(self, key: tuple) -> str:
        seats, kind, offset, *tiles = key
        text = f"{kind}:{tiles_text(tiles)}"
        if kind != "ankan":
            text += f"@{SOURCES[seats][offset]}"
        if len(self) < 100_000:  # bounded, as _TILES_TEXT
            self[key] = text
        return text


_MELD_TEXT = _MeldText()


def meld_text_of(meld: list, seats: int) -> str:
    """The contract text of a meld ``[kind, tiles, source offset]`` at a table of ``seats``: ``chi:123m@L``,
    ``kakan:5555z@A``, ``ankan:1111p``."""
    kind, tiles, offset = meld
    return _MELD_TEXT[(seats, kind, offset, *tiles)]


def is_tenpai(table: Table, who: int) -> bool:
    """Whether a seat's 13 tiles (fewer by 3 a meld) wait on a tile not all of whose copies it holds: four sets
    and a pair, seven pairs or thirteen orphans (``suanfan.waits.waits``' answer), read off each suit's pattern
    (``suit_waits``: the suit's tiles that complete it, found once per pattern), not by trying every tile on the
    whole hand. A hand the contract would refuse (five of a tile, a chi that is no run) is read as a ``Hand`` all
    the same, which names what is wrong.

    Written with plain loops and counts: a generator expression (with ``all``, ``any``, ``sum``) or ``max`` costs
    a few thousand instructions on this CPython, and they made up most of the 70 k a call cost before."""
    tiles = table.hands[who]
    melds = table.melds[who]
    counts = [0] * 34  # the concealed tiles by kind
    for t in tiles:
        counts[KIND[t]] += 1
    seen = _counts_held(tiles, melds, counts)
    if seen is None:
        return _tenpai_of_hand(table, who)
    if not melds:
        if counts.count(2) == 6 and counts.count(1) == 1:
            return True  # seven pairs, waiting on the single (one copy held)
        held = list(map(counts.__getitem__, YAOCHU))
        if sum(held) == 13 and held.count(0) <= 1:
            return True  # thirteen orphans: on any of them, or on the one missing (none held)
    groups = (suit_waits(tuple(counts[0:9])), suit_waits(tuple(counts[9:18])), suit_waits(tuple(counts[18:27])),
              suit_waits(tuple(counts[27:34])))  # fmt: skip
    # each group is sets alone, sets and one pair, or neither: the wait is in the one group left to complete
    broken = paired = 0
    for alone, with_pair, _, _ in groups:
        if alone:
            continue
        if with_pair:
            paired += 1
        else:
            broken += 1
    for s in range(4):
        alone, with_pair, to_sets, to_pair = groups[s]
        if broken - (not alone and not with_pair):
            continue  # another group is neither sets alone nor sets and a pair
        pairs = paired - (not alone and with_pair)  # the other groups holding the pair
        waits = to_pair if pairs == 0 else to_sets if pairs == 1 else ()
        base = 9 * s
        for t in waits:
            if seen[base + t] < 4:
                return True
    return False


def _counts_held(tiles: list[int], melds: list[list], counts: list[int]) -> list[int] | None:
    """The seat's tiles by kind, its melds' included (``counts``: its concealed tiles by kind); None for a hand
    ``Hand.build`` would refuse (the tile count, a meld that is not one, more than four copies of a tile, two red
    fives of a suit)."""
    if len(melds) > 4 or len(tiles) != 13 - 3 * len(melds):
        return None
    seen = list(counts)
    held = list(tiles)
    for kind, meld, _ in melds:
        if len(meld) != (3 if kind in ("chi", "pon") else 4):
            return None
        kinds = sorted(map(KIND.__getitem__, meld))
        if kind == "chi":
            first = kinds[0]
            if first >= 27 or kinds[1] != first + 1 or kinds[2] != first + 2 or first // 9 != kinds[2] // 9:
                return None
        elif kinds[0] != kinds[-1]:
            return None
        held += meld
        for k in kinds:
            seen[k] += 1
    if max(seen) > 4 or held.count(42) > 1 or held.count(43) > 1 or held.count(44) > 1:
        return None  # a fifth copy, or two red fives of a suit
    return seen


@lru_cache(maxsize=100_000)
def suit_waits(counts: tuple[int, ...]) -> tuple[bool, bool, tuple[int, ...], tuple[int, ...]]:
    """One suit's counts (9, or the 7 honors, which make no runs) -> whether they are sets alone, whether they are
    sets and one pair, the tiles of the suit that make them sets alone, and those that make them sets and a pair."""
    from ..shapes import suit_decompositions

    def complete(c: tuple[int, ...], pair: bool) -> bool:
        if len(c) == 7:
            return all(n in (0, 3) for n in c) if not pair else sorted(n for n in c if n not in (0, 3)) == [2]
        return bool(suit_decompositions(c, pair))

    more = [counts[:t] + (counts[t] + 1,) + counts[t + 1 :] for t in range(len(counts))]
    to_sets = tuple(t for t, c in enumerate(more) if complete(c, False))
    to_pair = tuple(t for t, c in enumerate(more) if complete(c, True))
    return complete(counts, False), complete(counts, True), to_sets, to_pair


def _tenpai_of_hand(table: Table, who: int) -> bool:
    """``is_tenpai`` the long way: the seat's tiles read as a waiting ``Hand`` (which refuses one that is none, and
    says why), each tile that could be its wait tried on it."""
    from ..hand import Hand
    from ..waits import waits

    melds = [table.meld_text(m).split("@")[0] for m in table.melds[who]]
    tiles = table.hands[who]
    hand = Hand.build(format_tiles(tiles), None, melds, None, waiting=True)
    # a wait makes a set or a pair with tiles held: it is one of theirs or within two of one in its suit, or (thirteen
    # orphans) any terminal or honor; only those are tried, and the first wait found is enough
    kinds = {KIND[t] for t in tiles}
    near = {k + d for k in kinds if k < 27 for d in (-2, -1, 1, 2) if 0 <= k % 9 + d < 9} | kinds
    if kinds <= set(YAOCHU):
        near.update(YAOCHU)
    return any(waits(hand, kinds=(k,)) for k in sorted(near))


def table_at(state: dict) -> Table:
    """A table as it stands after events a reader has followed without playing them one by one (Tenhou's fast
    path): ``state`` holds every attribute ``Table.__init__`` sets, as they are then."""
    table = Table.__new__(Table)
    table.__dict__.update(state)
    return table
