"""MJAI JSON lines: one event a line, as the mjai protocol writes a game (``start_game``, ``start_kyoku`` with
``bakaze``, ``kyoku``, ``honba``, ``kyotaku``, ``oya``, ``scores``, ``dora_marker``, ``tehais``; ``tsumo``,
``dahai``, ``chi``, ``pon``, ``daiminkan``, ``kakan``, ``ankan``, ``nukidora``, ``reach``, ``reach_accepted``,
``dora``; ``hora`` with ``yakus``, ``fu``, ``fan``, ``hora_points``, ``uradora_markers``, ``deltas``, ``scores``;
``ryukyoku`` with ``reason``, ``tenpais``, ``deltas``; ``end_kyoku``, ``end_game``).

Tiles: ``1m``-``9m``, ``1p``-``9p``, ``1s``-``9s``, ``E S W N P F C`` (P white, F green, C red), a red five
``5mr`` / ``5pr`` / ``5sr``. A file may hold several games. MJAI writes no lobby: a game is read with Tenhou's
rules (red fives as ``start_game`` ``aka_flag`` says, default on), east only unless a South round is played.

Most of a game is ``tsumo`` and ``dahai`` lines. They are read the fast way: a line whose text has been seen
before is looked up (``_MOVE_LINES``: the text, the move it stands for), not parsed, and the draws and discards
between two other events are played as one run (``Table.play``). A game the fast way refuses is read again the
plain way (``replay``: every line parsed, every event played on its own), so an error names the line where the
log breaks, and says what breaks, exactly as it always has; tests/test_logs_mjai.py checks that the two ways give
the same games or the same error, on the test logs and on many mutated ones.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from operator import itemgetter

from ..errors import InputError
from ..tiles import tile_name
from .model import WIND_JA, Draw, Game, Round, Win, round_changes
from .table import Move, Table, is_tenpai
from .tenhou import game_rules
from .yaku import MJAI, YAKUMAN_HAN

HONORS = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}
ABORTS = {
    "kyushukyuhai": "kyuushu_kyuuhai",
    "suufonrenda": "suufon_renda",
    "suukaikan": "suukan_sanra",
    "suuchariichi": "suucha_riichi",
    "sanchaho": "sanchahou",
}
LIMIT_OF_BASE = {2000: "mangan", 3000: "haneman", 4000: "baiman", 6000: "sanbaiman"}


# every MJAI tile's text and its suanfan tile (1m-9m 0-8, 1p-9p 9-17, 1s-9s 18-26, E S W N P F C 27-33, red 42-44)
TILES = {f"{n}{suit}": base + n - 1 for suit, base in (("m", 0), ("p", 9), ("s", 18)) for n in range(1, 10)}
TILES.update(HONORS)
TILES.update({"5mr": 42, "5pr": 43, "5sr": 44})


def tile(text: object) -> int:
    try:
        return TILES[text]  # type: ignore[index]
    except (KeyError, TypeError):  # not a tile's text; a list or an object is not hashable
        raise InputError("bad_log", f"{text!r} is not an MJAI tile (1m-9m, 1p-9p, 1s-9s, E S W N P F C, 5mr)") from None


# Each draw and discard line as a file writes it, once seen, and the move it is (seat, tile, a draw?): most of a
# game is these lines, and a line's text found here is not parsed again (a line of any other text is). Bounded, so
# that files whose every line is different (a field of their own on each) do not grow it without end.
_MOVE_LINES: dict[str, Move] = {}
_MOVE_LINES_MAX = 1 << 14
# The same for the other short lines (reach, reach_accepted, end_kyoku, most calls): the event each stands for,
# parsed once and shared by every game that has the line (an event is read, never changed).
_SHORT_EVENTS: dict[str, dict] = {}
_SHORT = 120


def read(text: str, file: str) -> list[Game]:
    """The games of an MJAI file, read the fast way (``fast``); a file the fast way refuses is read again event by
    event (``replay``), which finds the line that breaks it and says what is wrong there."""
    try:
        return fast(text, file)
    except InputError:
        return replay(text, file)


def replay(text: str, file: str) -> list[Game]:
    """The games of an MJAI file read event by event: every line parsed, every draw and discard played on its own.
    What the fast way must give (tests/test_logs_mjai.py compares the two)."""
    lines = text.splitlines()
    events = []  # (line number, event) of every line but the blank ones
    for i, line in enumerate(lines):
        if line.strip():
            events.append((i + 1, _event(line, i + 1, file)))
    return _games_of(
        file, events, None, lambda: len(lines) - next(k for k, x in enumerate(reversed(lines)) if x.strip())
    )


def _event(line: str, n: int, file: str) -> dict:
    """The event of line ``n`` (not blank), parsed; a line that is no JSON object with a ``type`` is an error."""
    try:
        ev = _parse(line)
    except json.JSONDecodeError as e:
        raise InputError("bad_log", f"{file}: line {n} is not JSON ({e.msg} at column {e.colno})") from None
    if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
        raise InputError("bad_log", f"{file}: line {n} is not an MJAI event (an object with a 'type')")
    return ev


# Where a draw line begins, as the common writers format it (json.dumps' default and compact separators): the fast
# way splits a file's text there, so that each piece is a draw and, mostly, the discard after it.
_DRAW_MARKS = ('\n{"type": "tsumo"', '\n{"type":"tsumo"')
# Each piece of text between two draw marks that is a plain draw line and a discard line of the same seat, once
# seen, and the pair of moves it is (seat, tile drawn, tile discarded). A game is some 430 such pieces: looking one
# up costs less than splitting the text into its 860 lines, and one step of ``_play_pairs`` plays both moves.
_PIECES: dict[str, tuple[int, int, int]] = {}


def fast(text: str, file: str) -> list[Game]:
    """The games of an MJAI file the fast way: the text split at each draw line (``_DRAW_MARKS``), each piece that
    is a known plain draw and discard (``_PIECES``) taken as that pair of moves, the other pieces' first two lines
    looked up the same way (most begin with a known pair), and only the rest split into lines, each line looked
    up among the known draw and discard lines (``_MOVE_LINES``) and short events (``_SHORT_EVENTS``) or else
    parsed (and learned). The moves between two other events are played as one run.
    Refuses (an ``InputError``, not always the replay's) whatever it does not read as the replay would."""
    mark = next((m for m in _DRAW_MARKS if text.find(m) >= 0), "\n")
    pieces = text.split(mark) if mark != "\n" else [text]
    pairs: list = list(map(_PIECES.get, pieces))
    pairs[0] = pairs[-1] = None  # the first piece follows no mark; the last is read line by line (the file's end)
    head = mark[1:]  # a piece's first line less the mark's line break
    last = len(pieces) - 1
    events: list[tuple[int, dict]] = []  # (line number, event) of each line that is no draw or discard
    after: list = []  # after[k]: the moves between events k and k + 1, as segments (pairs?, moves) or None
    run: list = []  # the segments since the last event
    line, i = 1, 0  # the number of the first line of piece i
    while True:
        piece = pieces[i]
        whole = True  # the piece is read whole (not its rest after a known pair)
        if 0 < i < last:
            # A piece that holds more than a plain pair (a call, a riichi, a round's end) mostly begins with one:
            # its first two lines, as a known piece's text, join the pairs before them (one look-up, not two lines
            # read and a run of moves of their own), and only the rest is read line by line.
            cut = piece.find("\n", piece.find("\n") + 1)
            pair = _PIECES.get(piece[:cut]) if cut > 0 else None
            if pair is not None:
                if run and run[-1][0]:
                    run[-1][1].append(pair)
                else:
                    run.append((True, [pair]))
                line += 2
                part = piece[cut + 1 :]
                whole = False
            else:
                part = head + piece
        else:
            part = piece if i == 0 else head + piece
        # the pieces are the text's lines split between the marks' two halves: each but the last ends a line there
        lines = part.splitlines() if i == last else (part + "\n").splitlines()
        moves: list[Move] = []
        for n, text_line in enumerate(lines, line):
            move = _MOVE_LINES.get(text_line)
            if move is None:
                ev = _SHORT_EVENTS.get(text_line) if len(text_line) <= _SHORT else None
                if ev is None:
                    if not text_line.strip():
                        continue
                    ev = _event(text_line, n, file)
                    move = _move(ev)
                    if move is not None:
                        if len(_MOVE_LINES) < _MOVE_LINES_MAX:
                            _MOVE_LINES[text_line] = move
                    elif len(text_line) <= _SHORT and len(_SHORT_EVENTS) < _MOVE_LINES_MAX:
                        _SHORT_EVENTS[text_line] = ev
            if move is not None:
                moves.append(move)
                continue
            if moves:
                run.append((False, moves))
                moves = []
            if events:
                after.append(run or None)
            run = []
            events.append((n, ev))
        if moves:
            run.append((False, moves))
            if whole and 0 < i < last and len(lines) == 2 == len(moves) and len(_PIECES) < _MOVE_LINES_MAX:
                (who, drawn, is_draw), (seat, out, is_draw_too) = moves
                if is_draw and not is_draw_too and who == seat:
                    _PIECES[piece] = (who, drawn, out)  # a plain draw and discard: the next one is looked up
        line += len(lines)
        if i == last:
            break
        j = pairs.index(None, i + 1)  # the next piece that is not a known draw and discard
        if j > i + 1:
            run.append((True, pairs[i + 1 : j]))
            line += 2 * (j - i - 1)
        i = j
    after.append(None)
    return _games_of(file, events, after, None)


def _games_of(file: str, events: list[tuple[int, dict]], after: list | None, last_line) -> list[Game]:
    """The games of a file's events, each from its ``start_game`` to its ``end_game``. ``after``: the runs of moves
    after each event (the fast way), or None (the replay: the moves are among the events). ``last_line``: the
    number of the file's last line that is not blank (for a game cut short), or None: the fast way refuses then."""
    games: list[Game] = []
    start = None
    for i, (n, ev) in enumerate(events):
        if ev["type"] == "start_game":
            if start is not None:
                raise InputError("bad_log", f"{file}: line {n}: a start_game before the end_game of the last game")
            start = i
        elif ev["type"] == "end_game":
            if start is None:
                raise InputError("bad_log", f"{file}: line {n}: end_game without start_game")
            runs = None if after is None else [*after[start:i], None]  # no move after end_game is the game's
            games.append(_Game(file, len(games), events[start : i + 1], runs).read())
            start = None
    if start is not None:
        if last_line is None:
            raise InputError("bad_log", f"{file}: a game has no end_game")
        raise InputError(
            "bad_log", f"{file}: the game of line {events[start][0]} has no end_game (cut short at line {last_line()})"
        )
    if not games:
        raise InputError("bad_log", f"{file}: no start_game ... end_game in the MJAI events")
    return games


# the C scanner json.loads runs (a decoder of json.loads's defaults)
_SCAN = json.JSONDecoder().scan_once


def _parse(line: str) -> object:
    """``json.loads(line)``, the scanner called directly when the line is one JSON value with no white space around
    it (as a writer writes a line: json.loads's Python steps around the scanner cost about as much as scanning a
    short event); any other line is read by json.loads itself, for its exact errors."""
    try:
        value, end = _SCAN(line, 0)
    except (StopIteration, ValueError):
        return json.loads(line)
    return value if end == len(line) else json.loads(line)


def _tiles(texts: list) -> Sequence[int]:
    """The tiles of a list of tile texts (a hand), by look-ups; a list with a text that is not a tile is read tile
    by tile, for the error. Two tiles or more by one ``itemgetter`` call, which gives a tuple (``Table`` copies
    each hand into a list): a start_kyoku's four hands cost 80 k instructions a game less than by ``map`` of
    ``TILES.__getitem__`` (a call of its own per tile); an itemgetter of one item gives that item, not a tuple."""
    try:
        if len(texts) > 1:
            return itemgetter(*texts)(TILES)
        return list(map(TILES.__getitem__, texts))
    except (KeyError, TypeError):
        return [tile(t) for t in texts]


def _move(ev: dict) -> Move | None:
    """The move of a tsumo or dahai that the replay plays as a plain draw or discard (an int actor 0-3, a tile),
    else None (the event is read as any other: a bad actor or tile is then named where it is)."""
    kind = ev["type"]
    if kind != "tsumo" and kind != "dahai":
        return None
    actor = ev.get("actor")
    if type(actor) is not int or not 0 <= actor < 4 or ev.get("pai") not in TILES:
        return None
    return actor, TILES[ev["pai"]], kind == "tsumo"


class _Game:
    """One game's events read into a Game. ``runs``: the draws and discards after each event (None where there are
    none), left out of ``events`` and played as a run (the fast way); without them every event is in ``events``
    (the replay)."""

    def __init__(self, file: str, index: int, events: list[tuple[int, dict]], runs: list | None = None) -> None:
        self.file = file
        self.index = index
        self.events = events
        self.runs = runs or [None] * len(events)
        self.line = events[0][0]

    def fail(self, message: str) -> None:
        raise InputError("bad_log", f"{self.file}: line {self.line}: {message}")

    def read(self) -> Game:
        head = self.events[0][1]
        names = [str(x) for x in head.get("names") or []]
        kyoku_starts = [i for i, (_, ev) in enumerate(self.events) if ev["type"] == "start_kyoku"]
        first = self.events[kyoku_starts[0]][1] if kyoku_starts else {}
        seats = len(first.get("scores") or names or [0, 0, 0, 0])
        south = any(self.events[i][1].get("bakaze") not in (None, "E") for i in kyoku_starts)
        game_type = (
            0x01 | (0 if head.get("aka_flag", True) else 0x02) | (0x08 if south else 0) | (0x10 if seats == 3 else 0)
        )
        options, settings = game_rules(game_type)
        self.options = options
        self.seats = seats
        names = names[:seats] if len(names) >= seats else [f"player {i + 1}" for i in range(seats)]
        rounds = []
        for k, start in enumerate(kyoku_starts):
            end = kyoku_starts[k + 1] if k + 1 < len(kyoku_starts) else len(self.events)
            rounds.append(self.round(start, end))
        final = None
        end_game = self.events[-1][1]
        if isinstance(end_game.get("scores"), list):  # the game's end and final scores, when the log gives them
            final = tuple(map(int, end_game["scores"][:seats]))
        rounds = self.changes_from_scores(rounds, final)
        name = str(head.get("uri") or head.get("id") or f"{self.file.rsplit('/', 1)[-1]} #{self.index + 1}")
        return Game(self.file, self.index, "mjai", name, tuple(names), options, settings, tuple(rounds), final,
                    info={"coarse_yaku": True})  # fmt: skip

    def round(self, start: int, end: int) -> Round:
        self.line, ev = self.events[start]
        winds = "ESWN"
        try:
            wind = winds.index(ev.get("bakaze", "E"))
            number = int(ev.get("kyoku", 1))
            honba, sticks = int(ev.get("honba", 0)), int(ev.get("kyotaku", 0))
            dealer = int(ev.get("oya", number - 1))
            scores = tuple(map(int, ev["scores"][: self.seats]))
            hands = [_tiles(h) for h in ev["tehais"][: self.seats]]
            table = Table(self.seats, dealer, wind, hands, [tile(ev["dora_marker"])])
        except (KeyError, ValueError, TypeError) as e:
            self.fail(f"start_kyoku needs bakaze, kyoku, honba, kyotaku, oya, scores, dora_marker, tehais ({e})")
        label = f"{WIND_JA[wind]}{number}局 {honba}本場"
        table.place = lambda: f"{self.file}: {label}: line {self.line}"
        outcomes: list[Win | Draw] = []
        first_win = True
        if self.runs[start]:
            self.play(table, self.runs[start])
        for i in range(start + 1, end):
            self.line, ev = self.events[i]
            kind = ev["type"]
            actor = ev.get("actor")
            try:
                if actor is not None and not (isinstance(actor, int) and 0 <= actor < self.seats):
                    self.fail(f"{kind}: actor {actor!r} is not a seat 0-{self.seats - 1}")
                if kind == "tsumo":
                    table.draw(actor, tile(ev["pai"]))
                elif kind == "dahai":
                    table.discard(actor, tile(ev["pai"]))
                elif kind in ("chi", "pon", "daiminkan"):
                    tiles = [tile(ev["pai"]), *map(tile, ev["consumed"])]
                    table.call(actor, {"daiminkan": "minkan"}.get(kind, kind), tiles, ev["target"])
                elif kind == "kakan":
                    table.kakan(actor, tile(ev["pai"]))
                elif kind == "ankan":
                    table.ankan(actor, list(map(tile, ev["consumed"])))
                elif kind == "nukidora":
                    table.set_north_aside(actor, tile(ev.get("pai", "N")))
                elif kind == "reach":
                    table.declare_riichi(actor)
                elif kind == "reach_accepted":
                    table.riichi_stands(actor)
                elif kind == "dora":
                    table.reveal_dora(tile(ev["dora_marker"]))
                elif kind == "hora":
                    outcomes.append(self.hora(table, ev, honba, sticks, first_win))
                    first_win = False
                elif kind == "ryukyoku":
                    outcomes.append(self.ryukyoku(table, ev))
                elif kind in ("end_kyoku", "end_game", "none"):
                    pass
                else:
                    self.fail(f"{kind!r} is not an MJAI event of a round")
            except (KeyError, TypeError, IndexError) as e:
                self.fail(f"{kind}: a field is missing or wrong ({e!r})")
            except InputError as e:
                if self.file in e.message:
                    raise
                self.fail(e.message)
            if self.runs[i]:
                self.play(table, self.runs[i])
        if not outcomes:
            self.fail(f"{label} has no hora or ryukyoku: the log is cut short")
        return Round(wind, number, honba, sticks, dealer, scores, tuple(table.stood), tuple(outcomes),
                     round_changes(outcomes, table.stood, self.seats), place=f"line {self.events[start][0]}")  # fmt: skip

    def play(self, table: Table, run: list[tuple[bool, list]]) -> None:
        """A run of draws and discards (the fast way), as segments: pairs of a draw and a discard (``_play_pairs``)
        or single moves (``Table.play``); their seats checked at once."""
        for pairs, moves in run:
            if self.seats < 4 and max(moves)[0] >= self.seats:  # known moves are of seats 0-3
                self.fail("a draw or discard of a seat the game does not have")
            if pairs:
                _play_pairs(table, moves)
            elif len(moves) == 1:  # mostly the discard after a call: the table's own step, not a run of one
                who, t, is_draw = moves[0]
                if is_draw:
                    table.draw(who, t)
                else:
                    table.discard(who, t)
            else:
                table.play(moves)

    def changes_from_scores(self, rounds: list[Round], final: tuple[int, ...] | None) -> list[Round]:
        """A round whose hora and ryukyoku give no deltas (some MJAI writers leave them out) changes the scores to
        the next round's (or the final ones): those are its point changes, as the log records them."""
        out = []
        for k, rnd in enumerate(rounds):
            after = rounds[k + 1].scores if k + 1 < len(rounds) else final
            if after is not None and _no_deltas(rnd.outcomes):
                rnd = replace(rnd, deltas=tuple(b - a for a, b in zip(rnd.scores, after, strict=True)))
            out.append(rnd)
        return out

    def hora(self, table: Table, ev: dict, honba: int, sticks: int, first: bool) -> Win:
        who, source = int(ev["actor"]), int(ev["target"])
        on_table = sticks + len(table.stood)  # the sticks of the round's riichi too
        hand = table.win_hand(who, source, self.options, honba if first else 0, on_table if first else 0)
        pao = table.liable[who]  # MJAI writes no pao: it is who fed the last dragon or wind set
        if pao is not None:
            hand["pao"] = table.source_letter(who, pao)
            if source != who:
                hand["discarder"] = table.source_letter(who, source)
        if hand.get("riichi") or hand.get("double_riichi"):
            hand["ura_indicators"] = [
                tile_name(tile(t)) for t in ev.get("uradora_markers") or ev.get("ura_markers") or []
            ]
        yaku: dict[str, int] | None = {} if "yakus" in ev else None  # a hora may list no yaku at all
        yakuman = False
        for entry in ev.get("yakus") or []:
            if not isinstance(entry, list) or len(entry) != 2 or entry[0] not in MJAI:
                self.fail(f"hora: yaku {entry!r} is not an MJAI yaku [name, han]")
            han = int(entry[1])
            if entry[0] in YAKUMAN_NAMES or han >= 13 and entry[0] not in ("dora", "uradora", "akadora"):
                yakuman, han = True, YAKUMAN_HAN
            if han and yaku is not None:
                yaku[MJAI[entry[0]]] = yaku.get(MJAI[entry[0]], 0) + han
        points = ev.get("hora_points")
        return Win(
            who,
            None if who == source else source,
            hand,
            None if yakuman or ev.get("fan") is None else int(ev["fan"]),
            None if yakuman or ev.get("fu") is None else int(ev["fu"]),
            None if points is None else int(points),
            None,
            yaku,
            pao,
            tuple(map(int, ev["deltas"][: self.seats])) if ev.get("deltas") else None,
            f"line {self.line}",
        )

    def ryukyoku(self, table: Table, ev: dict) -> Draw:
        deltas = tuple(map(int, ev["deltas"][: self.seats])) if ev.get("deltas") else None
        reason = ev.get("reason", "fanpai")
        if reason in ABORTS:
            if ABORTS[reason] == "suucha_riichi" and table.unconfirmed is not None:
                table.riichi_stands(table.unconfirmed)
            return Draw(ABORTS[reason], deltas=deltas, place=f"line {self.line}")
        if reason not in ("fanpai", "nagashimangan"):
            self.fail(f"ryukyoku: reason {reason!r} is not an MJAI draw")
        table._confirm()
        if isinstance(ev.get("tenpais"), list):
            tenpai = tuple(p for p in range(self.seats) if ev["tenpais"][p])
        else:  # a ryukyoku that does not say who was tenpai: the hands say it
            tenpai = tuple(p for p in range(self.seats) if table.riichi[p] or is_tenpai(table, p))
        nagashi = tuple(p for p in range(self.seats) if table.nagashi[p]) if reason == "nagashimangan" else ()
        return Draw("exhaustive", tenpai, nagashi, deltas, f"line {self.line}")


def _no_deltas(outcomes: tuple) -> bool:
    """No outcome of a round gives its deltas (a loop: ``all`` of a generator expression costs a few thousand
    instructions on this CPython, once a round)."""
    for o in outcomes:
        if o.deltas is not None:
            return False
    return True


def _play_pairs(table: Table, pairs: list[tuple[int, int, int]]) -> None:
    """Pairs of moves (seat, tile drawn, tile discarded), each a draw and the same seat's discard, with no other
    event among them: the same as ``Table.draw`` and ``Table.discard`` move by move (what ``Table.play`` does for
    single moves), in one short step a pair. The first pair after another event (which may leave a riichi stick
    to put down, a kong to complete) goes move by move. A tile not in the hand, or a wall too short, is an
    ``InputError`` without its place: the fast way then leaves the file to the replay, which names it."""
    k = 0
    while k < len(pairs) and (table.unconfirmed is not None or table.kong_open or table.rinshan_due is not None
                              or table.robbable is not None or table.declared is not None):  # fmt: skip
        who, drawn, out = pairs[k]
        table.draw(who, drawn)
        table.discard(who, out)
        k += 1
    rest = pairs[k:] if k else pairs
    if not rest:
        return
    if len(rest) > table.live:
        raise InputError("bad_log", "a draw from an empty wall")
    hands, rivers = table.hands, table.rivers
    try:
        for who, drawn, out in rest:
            rivers[who].append(out)
            if drawn != out:  # a tile drawn and thrown at once leaves the hand as it was
                hand = hands[who]
                hand[hand.index(out)] = drawn  # the drawn tile takes the discarded one's place
    except ValueError:
        raise InputError("bad_log", "a discard of a tile not in the hand") from None
    table.live -= len(rest)
    table.drawn = None
    table.last_discard = (who, out)


YAKUMAN_NAMES = {
    "tenho", "chiho", "renho", "daisangen", "suanko", "tsuiso", "ryuiso", "chinroto", "churenpoton",
    "kokushimuso", "daisushi", "shosushi", "sukantsu",
}  # fmt: skip
