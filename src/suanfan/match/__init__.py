"""Rounds and matches: a round's events settle into each player's point change with a line per payment; a match's
rounds give the running totals and the standings. Saved in SQLite by ``store``; ``cli.match_app`` and ``api.router``
are the command line and the HTTP API over it."""

from __future__ import annotations

from . import local, mcr, riichi  # noqa: F401 - each registers its games (core.register)
from .core import Match, games
from .events import Line, Settlement

__all__ = ["Line", "Match", "Settlement", "games"]
