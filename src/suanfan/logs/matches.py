"""A game log as a suanfan match export (``suanfan match import-log``): the players, the rules and settings read
from the log, and every round as the match's events (riichi, ron / tsumo with the derived hand, draw, abort)."""

from __future__ import annotations

from ..errors import InputError
from ..match.core import FORMAT, VERSION
from . import read_bytes, read_file
from .check import match_players


def match_export(file: str, game: int = 1) -> dict:
    games = read_bytes(read_file(file), file)
    if not 1 <= game <= len(games):
        raise InputError("bad_input", f"{file} holds {len(games)} game(s), not a game {game}")
    g = games[game - 1]
    if g.skipped:
        raise InputError("unsupported", f"{file}: {g.label} is not imported ({g.skipped})")
    if not g.rounds:
        raise InputError("bad_log", f"{file}: {g.label} has no rounds")
    first = g.rounds[0]
    if (first.wind, first.number, first.honba, first.sticks) != (0, 1, 0, 0) or len(set(first.scores)) != 1:
        raise InputError(
            "unsupported",
            f"{file}: {g.label} starts at {first.label}, not at 東1局 0本場 with equal scores: a match is imported "
            "from the first round of its game",
        )
    names = match_players(g)
    start = g.rounds[0].scores if g.rounds else ()
    settings = dict(g.settings)
    if start and len(set(start)) == 1:
        settings["start"] = start[0]
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": "riichi",
        "name": g.label,
        "players": list(names),
        "options": g.options,
        "settings": settings,
        "rounds": [{"events": rnd.match_events(names)} for rnd in g.rounds],
    }
