"""Checking a game against the project: every win rescored, every round settled, the final scores and points.

A ``Mismatch`` names the file, the game, the round as players say it (東2局 1本場), what differs, the log's value,
suanfan's value, and for a win the ``suanfan score`` command line that reproduces the hand. The round settlement
is the project's own (``suanfan.match.riichi.RiichiGame``), run from the state the log gives at the round's start,
so one disagreement does not carry into the rounds after it.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field

from .. import api
from .. import rules as rules_mod
from ..errors import InputError
from ..match.core import resolve_settings
from ..match.riichi import RiichiGame
from .model import WIND_JA, Game, Round, Win
from .yaku import COARSE, YAKUMAN_HAN

SCORED_KEYS = ("han", "fu", "points", "yaku")


@dataclass(frozen=True, slots=True)
class Mismatch:
    file: str
    game: str
    round: str
    what: str
    log: object
    suanfan: object
    hand: str | None = None

    def to_dict(self) -> dict:
        return {
            "file": self.file,
            "game": self.game,
            "round": self.round,
            "what": self.what,
            "log": self.log,
            "suanfan": self.suanfan,
            "hand": self.hand,
        }


@dataclass
class Report:
    """What checking some games found; reports add up (``merge``) in the order the games were given."""

    files: int = 0
    games: int = 0
    rounds: int = 0
    wins: int = 0
    wins_agree: int = 0
    rounds_agree: int = 0
    games_agree: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    mismatches: list[Mismatch] = field(default_factory=list)
    errors: list[dict] = field(default_factory=list)  # {"code", "message"}: what could not be read

    def merge(self, other: Report) -> None:
        for key in ("files", "games", "rounds", "wins", "wins_agree", "rounds_agree", "games_agree"):
            setattr(self, key, getattr(self, key) + getattr(other, key))
        for reason, n in other.skipped.items():
            self.skipped[reason] = self.skipped.get(reason, 0) + n
        self.mismatches += other.mismatches
        self.errors += other.errors

    def summary(self) -> dict:
        return {
            "files": self.files,
            "games": self.games,
            "rounds": self.rounds,
            "wins": self.wins,
            "wins_agree": self.wins_agree,
            "rounds_agree": self.rounds_agree,
            "games_agree": self.games_agree,
            "skipped": dict(sorted(self.skipped.items())),
        }

    def skip(self, reason: str) -> None:
        self.skipped[reason] = self.skipped.get(reason, 0) + 1


# ---- one win -------------------------------------------------------------------------------------------------
def scored_yaku(result, coarse: bool) -> dict[str, int]:
    """Han per item as the platforms list them: dora counted per tile, each yakuman 13."""
    out: dict[str, int] = {}
    yakuman = bool(result.limit) and "yakuman" in result.limit and result.limit != "kazoe_yakuman"
    for item in result.items:
        key = COARSE.get(item.id, item.id) if coarse else item.id
        value = YAKUMAN_HAN * (item.value // 13 or 1) if yakuman else item.value * (item.count or 1)
        out[key] = out.get(key, 0) + value
    if yakuman:  # a single yakuman each: the platforms count no double yakuman in their lists
        out = {k: YAKUMAN_HAN for k in out}
    return out


def log_yaku(win: Win, coarse: bool) -> dict[str, int]:
    assert win.yaku is not None
    if not coarse:
        return dict(win.yaku)
    out: dict[str, int] = {}
    for k, v in win.yaku.items():
        key = COARSE.get(k, k)
        out[key] = out.get(key, 0) + v
    return out


def score_command(hand: dict) -> str:
    """The ``suanfan score`` command line of a hand object."""
    args = ["suanfan", "score", hand["hand"], "--win", hand["win"]]
    for m in hand.get("melds") or ():
        args += ["--meld", m]
    if hand.get("tsumo"):
        args.append("--tsumo")
    args += ["--seat", hand.get("seat_wind", "E"), "--round", hand.get("round_wind", "E")]
    for flag in ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou"):
        if hand.get(flag):
            args.append("--" + flag.replace("_", "-"))
    for t in hand.get("dora_indicators") or ():
        args += ["--dora", t]
    for t in hand.get("ura_indicators") or ():
        args += ["--ura", t]
    if hand.get("honba"):
        args += ["--honba", str(hand["honba"])]
    if hand.get("riichi_sticks"):
        args += ["--sticks", str(hand["riichi_sticks"])]
    for key in ("pao", "discarder", "kita"):
        if key in hand:
            args += ["--flag", f"{key}={hand[key]}"]
    for key, value in (hand.get("options") or {}).items():
        text = str(value).lower() if isinstance(value, bool) else str(value)
        args += ["-o", f"{key}={text}"]
    return shlex.join(args)


def check_win(win: Win, coarse: bool = False) -> tuple[list[tuple[str, object, object]], object]:
    """(the differences as (what, log, suanfan), the result) for one win."""
    try:
        r = api.score_dict(win.hand)
    except InputError as e:
        return [("hand", "a win", f"{e.code}: {e.message}")], None
    if not r.winning:
        return [("winning", "a win", r.explain.get("reason_text") or r.reason)], r
    diffs: list[tuple[str, object, object]] = []
    yakuman = win.han is None
    if not yakuman:
        if r.han != win.han:
            diffs.append(("han", win.han, r.han))
        if win.fu is not None and r.fu != win.fu:
            diffs.append(("fu", win.fu, r.fu))
    if win.points is not None and r.points.hand != win.points:
        diffs.append(("points", win.points, r.points.hand))
    if win.yaku is None:  # a log that records no yaku (an MJAI hora with none): nothing to compare
        return diffs, r
    got = scored_yaku(r, coarse)
    want = log_yaku(win, coarse)
    if "nukidora" in got and "nukidora" not in want:  # Tenhou counts a North set aside among the dora (id 52)
        got["dora"] = got.get("dora", 0) + got.pop("nukidora")
    if got != want:
        diffs.append(("yaku", want, got))
    return diffs, r


# ---- one round -----------------------------------------------------------------------------------------------
def match_players(game: Game) -> tuple[str, ...]:
    """Names a match accepts (distinct, not a number, not 'table'), in seat order."""
    out: list[str] = []
    for i, name in enumerate(game.players):
        name = name.strip() or f"player {i + 1}"
        if name.isdigit() or name == "table":
            name = f"player {name}"
        while name in out:
            name += "'"
        out.append(name)
    return tuple(out)


def new_game(game: Game) -> RiichiGame:
    names = match_players(game)
    options = rules_mod.get("riichi").resolve_options(game.options)
    settings = {k: v for k, v in game.settings.items() if k in {o.name for o in RiichiGame.settings}}
    return RiichiGame(names, options, resolve_settings(RiichiGame, settings, game.options))


def start_state(game: Game, rnd: Round, names: tuple[str, ...]) -> dict:
    return {
        "points": dict(zip(names, rnd.scores, strict=True)),
        "round": 1,
        "finished": False,
        "wind": rnd.wind,
        "hand": rnd.dealer,
        "honba": rnd.honba,
        "deposits": 1000 * rnd.sticks,
    }


def next_label(state: dict) -> str:
    return f"{WIND_JA[state['wind'] % 4]}{state['hand'] + 1}局 {state['honba']}本場 供託{state['deposits'] // 1000}"


# ---- one game ------------------------------------------------------------------------------------------------
def check_game(game: Game) -> Report:
    rep = Report(games=1)
    if game.skipped:
        rep.games = 0
        rep.skip(game.skipped)
        return rep
    coarse = bool(game.info.get("coarse_yaku"))
    names = match_players(game)
    try:
        match = new_game(game)
    except InputError as e:
        rep.errors.append({"code": e.code, "message": f"{game.file}: {game.label}: {e.message}"})
        rep.games = 0
        rep.skip("unreadable")
        return rep
    game_ok = True

    def differ(rnd: Round | None, what: str, log: object, ours: object, hand: str | None = None) -> None:
        rep.mismatches.append(Mismatch(game.file, game.label, rnd.label if rnd else "", what, log, ours, hand))

    state = None
    for n, rnd in enumerate(game.rounds):
        rep.rounds += 1
        round_ok = True
        for win in rnd.wins:
            rep.wins += 1
            diffs, _ = check_win(win, coarse)
            if diffs:
                round_ok = False
                command = score_command(win.hand)
                for what, log, ours in diffs:
                    differ(rnd, what, log, ours, command)
            else:
                rep.wins_agree += 1
        state = start_state(game, rnd, names)
        try:
            s = match.settle(state, rnd.match_events(names))
        except InputError as e:
            differ(rnd, "settlement", list(rnd.deltas), f"{e.code}: {e.message}")
            round_ok = game_ok = False
            state = None
            continue
        ours = [s.deltas[p] for p in names]
        if ours != list(rnd.deltas):
            differ(rnd, "deltas", list(rnd.deltas), ours)
            round_ok = False
        state = match.advance(state, s)
        if n + 1 < len(game.rounds):
            nxt = game.rounds[n + 1]
            after = [a + d for a, d in zip(rnd.scores, rnd.deltas, strict=True)]
            if after != list(nxt.scores):
                rep.errors.append(
                    {
                        "code": "bad_log",
                        "message": f"{game.file}: {game.label}: {rnd.label}: the log's point changes {list(rnd.deltas)} "
                        f"take {list(rnd.scores)} to {after}, but the next round starts at {list(nxt.scores)}",
                    }
                )
            want = next_label(start_state(game, nxt, names))
            if state.get("finished"):
                differ(rnd, "game_end", f"goes on to {want}", f"ends ({state.get('end')})")
                round_ok = False
            elif next_label(state) != want:
                differ(rnd, "next_round", want, next_label(state))
                round_ok = False
        elif game.final_scores is not None and not state.get("finished"):
            differ(rnd, "game_end", "ends", f"goes on to {next_label(state)}")
            round_ok = False
        if round_ok:
            rep.rounds_agree += 1
        else:
            game_ok = False
    if state is not None and game.final_scores is not None:
        standing = match.standings(state)
        points = [standing["points"][p] for p in names]
        if standing["deposits"] and match.config["leftover_deposits"] == "first":
            points[names.index(standing["ranking"][0])] += standing["deposits"]
        if points != list(game.final_scores):
            differ(None, "final_scores", list(game.final_scores), points)
            game_ok = False
        if game.final_points is not None:
            final = [standing["final"][p] for p in names]
            if final != list(game.final_points):
                differ(None, "final_points", list(game.final_points), final)
                game_ok = False
    if game_ok:
        rep.games_agree += 1
    return rep


def _read(file: str, data: bytes | None) -> list[Game]:
    from . import read_bytes, read_file

    return read_bytes(read_file(file) if data is None else data, file)


def check_file(file: str, data: bytes | None = None, named: bool = True) -> Report:
    """Read and check every game of one file (its ``data``, or read from the file when None); a file that cannot
    be read is an error in the report, but a file found in a folder (not ``named``) that holds no log at all is
    only counted under skipped ``not_a_log``."""
    rep = Report(files=1)
    try:
        games = _read(file, data)
    except InputError as e:
        if e.code == "not_a_log" and not named:
            rep.files = 0
            rep.skip("not_a_log")
            return rep
        rep.errors.append({"code": e.code, "message": e.message})
        rep.skip("unreadable")
        return rep
    for game in games:
        rep.merge(check_game(game))
    return rep


def hand_lines(file: str, data: bytes | None = None, named: bool = True) -> tuple[list[dict], list[dict]]:
    """Every win of one file as a contract hand object with ``log_result``, and the errors met reading it."""
    try:
        games = _read(file, data)
    except InputError as e:
        if e.code == "not_a_log" and not named:
            return [], []
        return [], [{"code": e.code, "message": e.message}]
    lines = []
    for game in games:
        for rnd in game.rounds:
            for win in rnd.wins:
                lines.append({**win.hand, "log_result": log_result(game, rnd, win)})
    return lines, []


def log_result(game: Game, rnd: Round, win: Win) -> dict:
    """What the log says of a win."""
    return {
        "file": game.file,
        "game": game.label,
        "round": rnd.label,
        "winner": game.players[win.winner],
        "han": win.han,
        "fu": win.fu,
        "points": win.points,
        "limit": win.limit,
        "yaku": win.yaku,
        "deltas": list(win.deltas) if win.deltas is not None else None,
    }
