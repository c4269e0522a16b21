"""The game model every log reader fills: a game, its rounds, and what ended each round.

Seats are numbers 0-3 in the log's own order (seat 0 is the first dealer, 起家). Points are whole points
(25000, not Tenhou's 250). Each round keeps the log's own point changes (``deltas``), so a check compares them
with what the project's round settlement gives.
"""

from __future__ import annotations

from dataclasses import dataclass, field

WIND_JA = "東南西北"

# Win, Draw and Round are made once per win and round by every reader, so they write their own ``__init__``: a frozen
# dataclass's generated one sets each field by ``object.__setattr__`` (about 1,500 instructions a field, callgrind),
# where these write the fields straight into the instance's ``__dict__`` (the frozen ``__setattr__`` stays and refuses
# any change after). A Win costs 6.5 k instructions to make instead of 17.2 k, a Round 6 k instead of 17 k. Each stays
# a frozen dataclass (its fields, defaults, equality, repr, ``dataclasses.replace``); tests/test_logs_shared.py checks
# that each ``__init__`` takes the fields in order with their defaults and sets every one.


@dataclass(frozen=True, init=False)
class Win:
    """One win (和了) as the log records it, with the hand derived from the round's events.

    ``hand`` is a contract hand object (rules, options, tiles, melds with their sources, the win context);
    the rest is the platform's own scoring: ``han`` (None for a yakuman), ``fu``, ``points`` (the hand's value
    without honba and riichi sticks), ``limit`` (mangan ... yakuman or None), ``yaku`` (suanfan item id -> han,
    yakuman as 13 each; None where the log lists none), ``deltas`` (what this win moved, per seat, where the log says
    it). A value the log does not record is None and not compared."""

    winner: int
    discarder: int | None
    hand: dict
    han: int | None
    fu: int | None
    points: int | None
    limit: str | None
    yaku: dict[str, int] | None
    pao: int | None = None
    deltas: tuple[int, ...] | None = None
    place: str = ""

    def __init__(
        self,
        winner: int,
        discarder: int | None,
        hand: dict,
        han: int | None,
        fu: int | None,
        points: int | None,
        limit: str | None,
        yaku: dict[str, int] | None,
        pao: int | None = None,
        deltas: tuple[int, ...] | None = None,
        place: str = "",
    ) -> None:
        d = self.__dict__
        d["winner"] = winner
        d["discarder"] = discarder
        d["hand"] = hand
        d["han"] = han
        d["fu"] = fu
        d["points"] = points
        d["limit"] = limit
        d["yaku"] = yaku
        d["pao"] = pao
        d["deltas"] = deltas
        d["place"] = place

    @property
    def tsumo(self) -> bool:
        return self.discarder is None


@dataclass(frozen=True, init=False)
class Draw:
    """A round ended without a win. ``kind``: ``exhaustive`` (荒牌流局, with ``tenpai`` and ``nagashi`` seats) or an
    abortive draw: ``kyuushu_kyuuhai``, ``suufon_renda``, ``suukan_sanra``, ``suucha_riichi``, ``sanchahou``."""

    kind: str
    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()
    deltas: tuple[int, ...] | None = None
    place: str = ""

    def __init__(
        self,
        kind: str,
        tenpai: tuple[int, ...] = (),
        nagashi: tuple[int, ...] = (),
        deltas: tuple[int, ...] | None = None,
        place: str = "",
    ) -> None:
        d = self.__dict__
        d["kind"] = kind
        d["tenpai"] = tenpai
        d["nagashi"] = nagashi
        d["deltas"] = deltas
        d["place"] = place


def round_changes(outcomes: tuple[Win | Draw, ...] | list[Win | Draw], stood: list[int], seats: int) -> tuple[int, ...]:
    """The log's point changes over a round, per seat: what each outcome moved, less the 1000 of each riichi stick
    put down (a round's ``deltas``)."""
    if len(outcomes) == 1 and not stood:  # most rounds: one outcome, no riichi stick (5 k -> 1 k instructions)
        deltas = outcomes[0].deltas
        if deltas is not None and len(deltas) == seats:
            return tuple(deltas)
    changes = [0] * seats
    for o in outcomes:
        for p, d in enumerate(o.deltas or ()):
            changes[p] += d
    for p in stood:
        changes[p] -= 1000
    return tuple(changes)


@dataclass(frozen=True, init=False)
class Round:
    """One hand of the game (局): round wind (0 East ...), number (1-4), honba, riichi sticks on the table at
    the start, the dealer's seat, the scores at the start, the seats whose riichi stood, what ended it, and the
    log's point changes over the whole round (riichi sticks put down included). ``events`` is the round as the
    project's match events (``suanfan.match``: riichi, ron / tsumo with the derived hand and pao, draw, abort)."""

    wind: int
    number: int
    honba: int
    sticks: int
    dealer: int
    scores: tuple[int, ...]
    riichi: tuple[int, ...]
    outcomes: tuple[Win | Draw, ...]
    deltas: tuple[int, ...]
    place: str = ""

    def __init__(
        self,
        wind: int,
        number: int,
        honba: int,
        sticks: int,
        dealer: int,
        scores: tuple[int, ...],
        riichi: tuple[int, ...],
        outcomes: tuple[Win | Draw, ...],
        deltas: tuple[int, ...],
        place: str = "",
    ) -> None:
        d = self.__dict__
        d["wind"] = wind
        d["number"] = number
        d["honba"] = honba
        d["sticks"] = sticks
        d["dealer"] = dealer
        d["scores"] = scores
        d["riichi"] = riichi
        d["outcomes"] = outcomes
        d["deltas"] = deltas
        d["place"] = place

    @property
    def label(self) -> str:
        """The round as players say it: 東2局 1本場."""
        return f"{WIND_JA[self.wind]}{self.number}局 {self.honba}本場"

    @property
    def wins(self) -> tuple[Win, ...]:
        return tuple(o for o in self.outcomes if isinstance(o, Win))

    @property
    def events(self) -> list[dict]:
        """The match events, the players by seat number (a match reads a number as its player at that seat)."""
        return self.match_events(tuple(range(len(self.scores))))

    def match_events(self, names: tuple) -> list[dict]:
        """The match events with the players named by ``names`` (seat order)."""
        events: list[dict] = [{"type": "riichi", "player": names[p]} for p in self.riichi]
        for o in self.outcomes:
            if isinstance(o, Win):
                hand = {k: v for k, v in o.hand.items() if k not in _MATCH_GIVES}
                ev: dict = {"type": "tsumo" if o.tsumo else "ron", "winner": names[o.winner], "hand": hand}
                if not o.tsumo:
                    ev["from"] = names[o.discarder]
                if o.pao is not None:
                    ev["pao"] = names[o.pao]
                events.append(ev)
            elif o.kind == "exhaustive":
                tenpai, nagashi = [names[p] for p in o.tenpai], [names[p] for p in o.nagashi]
                events.append({"type": "draw", "tenpai": tenpai, "nagashi": nagashi})
            else:
                events.append({"type": "abort", "reason": o.kind})
        return events


# what a match gives a hand itself (its rules and options, honba and sticks on the table, the pao player)
_MATCH_GIVES = ("rules", "options", "honba", "riichi_sticks", "pao", "discarder")


@dataclass(frozen=True, slots=True)
class Game:
    """A game: where it came from, its players, its rules (suanfan Riichi options and match settings read from
    the log), its rounds, and the log's final scores and final points (with oka and uma) where it has them.
    ``skipped`` names why a game is not checked, with the rounds left empty."""

    file: str
    index: int
    format: str
    name: str
    players: tuple[str, ...]
    options: dict
    settings: dict
    rounds: tuple[Round, ...] = ()
    final_scores: tuple[int, ...] | None = None
    final_points: tuple[float, ...] | None = None
    skipped: str | None = None
    info: dict = field(default_factory=dict)

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def label(self) -> str:
        return self.name or f"game {self.index + 1}"
