"""A match: its rule set, its players, its options and settings, and its rounds (each a list of events).

The match's state is never stored: it is what replaying the rounds gives, so a round that is saved is a round that
counts, and undoing a round is dropping the last one. Each rule set's game (``riichi.RiichiGame``, ``mcr.MCRGame``,
``local.*``, each registered with ``register``) says how a round settles against the state and how the state moves on.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .. import jsontext
from .. import rules as rules_mod
from ..controls import LANGS
from ..errors import InputError
from ..rules import Option
from .events import Settlement, check_events

FORMAT = "suanfan-match"
VERSION = 1


class Game:
    """One rule set's rounds and match: override ``start``, ``settle``, ``advance``, ``standings``."""

    rules: str = ""
    seats: int = 4
    seat_counts: tuple[int, ...] = ()  # the numbers of players the game can be played by, if not just ``seats``
    settings: tuple[Option, ...] = ()

    @classmethod
    def options_for(cls, n_players: int, options: dict) -> dict:
        """The rule set's options for a match of ``n_players`` (Riichi reads three names as ``players: 3``)."""
        return options

    @classmethod
    def seats_for(cls, options: dict) -> int:
        """How many play under these resolved rule-set options."""
        return cls.seats

    @classmethod
    def settings_for(cls, options: dict) -> tuple[Option, ...]:
        """The match settings, their defaults for these rule-set options as given (a preset's start points...)."""
        return cls.settings

    def __init__(self, players: tuple[str, ...], options: dict, settings: dict) -> None:
        self.players = players
        self.options = options  # the rule set's options, resolved
        self.config = settings  # the match settings, resolved

    def start(self) -> dict:
        return {"points": {p: 0 for p in self.players}, "round": 1, "finished": False}

    def settle(self, state: dict, events: list[dict]) -> Settlement:  # pragma: no cover - interface
        raise NotImplementedError

    def advance(self, state: dict, s: Settlement) -> dict:
        """The next state: the points moved by the round; rule sets add dealer, honba, the end of the match."""
        new = copy.deepcopy(state)
        for p, d in s.deltas.items():
            new["points"][p] += d
        new["round"] += 1
        return new

    def label(self, state: dict) -> str:
        return f"round {state['round']}"

    def names(self, state: dict) -> dict[str, str]:
        """The round's name as the players of each language say it (en, zh, ja); ``label`` is the one-line name the
        command line prints."""
        return {lang: self.label(state) for lang in LANGS}

    def standings(self, state: dict) -> dict:
        order = sorted(self.players, key=lambda p: (-state["points"][p], self.players.index(p)))
        return {"ranking": order, "points": dict(state["points"])}


def resolve_settings(game: type[Game], given: dict | None, options: dict | None = None) -> dict:
    settings = game.settings_for(options or {})
    out = {o.name: o.default for o in settings}
    if given is None:
        return out
    if not isinstance(given, dict):
        raise InputError("bad_setting", f"settings must be an object, not {given!r}")
    by_name = {o.name: o for o in settings}
    for key, value in given.items():
        if key not in by_name:
            known = ", ".join(by_name) or "none"
            raise InputError("bad_setting", f"'{key}' is not a match setting of {game.rules} (settings: {known})")
        try:
            out[key] = by_name[key].check(value)
        except InputError as e:
            raise InputError("bad_setting", e.message.replace("option", "setting", 1)) from None
    return out


_GAMES: dict[str, type[Game]] = {}


def register(game: type[Game]) -> type[Game]:
    """Make ``game`` the match rules of its rule set (a class decorator). The game modules register their games when
    the package imports them (``match/__init__.py``): this module imports none of them."""
    _GAMES[game.rules] = game
    return game


def games() -> dict[str, type[Game]]:
    """The match rules of every rule set that has them, by rule set name."""
    return dict(_GAMES)


def game_class(rules: str) -> type[Game]:
    table = games()
    if not isinstance(rules, str) or rules not in table:
        raise InputError("bad_rules", f"no match rules for {rules!r} (known: {', '.join(table)})")
    return table[rules]


MAX_NAME = 100  # characters of a match's or a player's name


def check_header(players: Any, options: Any, settings: Any, name: Any) -> None:
    """The types of a match's header, before anything reads them: a list of names, two objects (or none), a name."""
    if not isinstance(players, (list, tuple)) or any(not isinstance(p, str) or not p.strip() for p in players):
        raise InputError("bad_players", "players is a list of names")
    if any(len(p) > MAX_NAME for p in players):
        raise InputError("bad_players", f"a player's name has at most {MAX_NAME} characters")
    if options is not None and not isinstance(options, dict):
        raise InputError("bad_option", f"options must be an object (name: value), not {type(options).__name__}")
    if settings is not None and not isinstance(settings, dict):
        raise InputError("bad_setting", f"settings must be an object (name: value), not {type(settings).__name__}")
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise InputError("bad_input", f"a match's name is text of at most {MAX_NAME} characters")
    jsontext.check([players, options, settings, name], "the match")


@dataclass
class Played:
    """A round as replayed: its number, its name before it was played, its events and what it did."""

    number: int
    label: str
    events: list[dict]
    settlement: Settlement
    points: dict[str, int]  # the running totals after it
    state: dict | None = field(default=None, repr=False, compare=False)  # the match's state after it
    names: dict[str, str] = field(default_factory=dict)  # ``label`` in each language (``Game.names``)

    def to_dict(self) -> dict:
        return {
            "number": self.number,
            "label": self.label,
            "names": self.names or {lang: self.label for lang in LANGS},
            "events": self.events,
            **self.settlement.to_dict(),
            "points": self.points,
        }


class Match:
    """A match in memory. ``add_round`` settles the round against the current state (an error leaves the match
    unchanged) and keeps it; ``undo`` drops the last round."""

    def __init__(
        self,
        rules: str,
        players: list[str],
        options: dict | None = None,
        settings: dict | None = None,
        name: str = "",
        rounds: list[list[dict]] | None = None,
    ) -> None:
        cls = game_class(rules)
        check_header(players, options, settings, name)
        players = [p.strip() for p in players]
        if len(players) not in (cls.seat_counts or (cls.seats,)):
            counts = " or ".join(str(n) for n in cls.seat_counts or (cls.seats,))
            raise InputError("bad_players", f"{rules} is played by {counts} players, not {len(players)}")
        if len(set(players)) != len(players):
            raise InputError("bad_players", "two players have the same name")
        if any(p == "table" or p.isascii() and p.isdigit() for p in players):
            raise InputError("bad_players", "a player's name is not 'table' nor a number")
        self.rules = rules
        self.players = tuple(players)
        if options is not None and not isinstance(options, dict):
            raise InputError("bad_option", f"options must be an object (name: value), not {options!r}")
        self.options = cls.options_for(len(players), dict(options or {}))
        self.settings = dict(settings or {})
        self.name = name
        resolved = rules_mod.get(rules).resolve_options(self.options)
        seats = cls.seats_for(resolved)
        if len(players) != seats:
            raise InputError(
                "bad_players", f"{rules} with these options is played by {seats} players, not {len(players)}"
            )
        self.game = cls(self.players, resolved, resolve_settings(cls, self.settings, self.options))
        self.rounds: list[list[dict]] = []
        self.played: list[Played] = []
        self.first = 0  # rounds played before those in ``rounds`` (a match resumed from a kept state)
        self.state = self.game.start()
        for events in rounds or ():
            self.add_round(events)

    def check_round(self, events: Any) -> Settlement:
        """Settle a round against the current state without keeping it."""
        events = check_events(events)
        if self.state.get("finished"):
            raise InputError("match_over", "the match is over: no more rounds")
        s = self.game.settle(self.state, events)
        if s.balance() != 0:  # pragma: no cover - every settlement is built from balanced payments
            raise AssertionError(f"round does not balance: {s.to_dict()}")
        return s

    def add_round(self, events: Any) -> Played:
        events = check_events(events)
        s = self.check_round(events)
        label, names = self.game.label(self.state), self.game.names(self.state)
        self.state = self.game.advance(self.state, s)
        self.rounds.append(copy.deepcopy(events))
        number = self.first + len(self.rounds)
        played = Played(number, label, self.rounds[-1], s, dict(self.state["points"]), self.state, names)
        self.played.append(played)
        return played

    def undo(self) -> list[dict]:
        if not self.rounds:
            raise InputError("no_round", "the match has no round to undo")
        last = self.rounds[-1]
        replay = Match(self.rules, list(self.players), self.options, self.settings, self.name, self.rounds[:-1])
        self.__dict__.update(replay.__dict__)
        return last

    def summary(self) -> dict:
        return {
            "rules": self.rules,
            "name": self.name,
            "players": list(self.players),
            "options": self.options,
            "settings": self.settings,
            "next": None if self.state.get("finished") else self.game.label(self.state),
            "next_names": None if self.state.get("finished") else self.game.names(self.state),
            "finished": bool(self.state.get("finished")),
            "state": self.state,
            "rounds": [p.to_dict() for p in self.played],
            "standings": self.game.standings(self.state),
        }

    def export(self) -> dict:
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules": self.rules,
            "name": self.name,
            "players": list(self.players),
            "options": self.options,
            "settings": self.settings,
            "rounds": [{"events": r} for r in self.rounds],
        }

    @classmethod
    def from_export(cls, data: Any) -> Match:
        """A match from its exported JSON; every round is settled again, so a bad file is an error, not a match."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise InputError("bad_import", f"not a suanfan match export (format must be {FORMAT!r})")
        if data.get("version") != VERSION:
            raise InputError("bad_import", f"export version {data.get('version')!r} is not {VERSION}")
        rounds = data.get("rounds") or []
        if not isinstance(rounds, list):
            raise InputError("bad_import", "rounds is a list")
        name = data.get("name")
        m = cls(
            data.get("rules"),
            data.get("players"),
            data.get("options"),
            data.get("settings"),
            "" if name is None else name,
        )
        for i, r in enumerate(rounds):
            try:
                m.add_round(r)
            except InputError as e:
                raise InputError(e.code, f"round {i + 1}: {e.message}") from None
        return m
