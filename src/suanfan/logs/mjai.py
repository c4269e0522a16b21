"""MJAI JSON lines: one event a line, as the mjai protocol writes a game (``start_game``, ``start_kyoku`` with
``bakaze``, ``kyoku``, ``honba``, ``kyotaku``, ``oya``, ``scores``, ``dora_marker``, ``tehais``; ``tsumo``,
``dahai``, ``chi``, ``pon``, ``daiminkan``, ``kakan``, ``ankan``, ``nukidora``, ``reach``, ``reach_accepted``,
``dora``; ``hora`` with ``yakus``, ``fu``, ``fan``, ``hora_points``, ``uradora_markers``, ``deltas``, ``scores``;
``ryukyoku`` with ``reason``, ``tenpais``, ``deltas``; ``end_kyoku``, ``end_game``).

Tiles: ``1m``-``9m``, ``1p``-``9p``, ``1s``-``9s``, ``E S W N P F C`` (P white, F green, C red), a red five
``5mr`` / ``5pr`` / ``5sr``. A file may hold several games. MJAI writes no lobby: a game is read with Tenhou's
rules (red fives as ``start_game`` ``aka_flag`` says, default on), east only unless a South round is played.
"""

from __future__ import annotations

import json
from dataclasses import replace

from ..errors import InputError
from ..tiles import tile_name
from .model import WIND_JA, Draw, Game, Round, Win
from .table import Table, is_tenpai
from .tenhou import game_rules
from .yaku import MJAI, YAKUMAN_HAN

HONORS = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}
SUITS = {"m": 0, "p": 1, "s": 2}
ABORTS = {
    "kyushukyuhai": "kyuushu_kyuuhai",
    "suufonrenda": "suufon_renda",
    "suukaikan": "suukan_sanra",
    "suuchariichi": "suucha_riichi",
    "sanchaho": "sanchahou",
}
LIMIT_OF_BASE = {2000: "mangan", 3000: "haneman", 4000: "baiman", 6000: "sanbaiman"}


def tile(text: object) -> int:
    if isinstance(text, str):
        if text in HONORS:
            return HONORS[text]
        if len(text) in (2, 3) and text[0] in "123456789" and text[1] in SUITS:
            if len(text) == 3:
                if text[0] == "5" and text[2] == "r":
                    return 42 + SUITS[text[1]]
            else:
                return SUITS[text[1]] * 9 + int(text[0]) - 1
    raise InputError("bad_log", f"{text!r} is not an MJAI tile (1m-9m, 1p-9p, 1s-9s, E S W N P F C, 5mr)")


def read(text: str, file: str) -> list[Game]:
    events = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            ev = json.loads(line)
        except json.JSONDecodeError as e:
            raise InputError("bad_log", f"{file}: line {n} is not JSON ({e.msg} at column {e.colno})") from None
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise InputError("bad_log", f"{file}: line {n} is not an MJAI event (an object with a 'type')")
        events.append((n, ev))
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
            games.append(_Game(file, len(games), events[start : i + 1]).read())
            start = None
    if start is not None:
        last = events[-1][0]
        raise InputError(
            "bad_log", f"{file}: the game of line {events[start][0]} has no end_game (cut short at line {last})"
        )
    if not games:
        raise InputError("bad_log", f"{file}: no start_game ... end_game in the MJAI events")
    return games


class _Game:
    def __init__(self, file: str, index: int, events: list[tuple[int, dict]]) -> None:
        self.file = file
        self.index = index
        self.events = events
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
            final = tuple(int(x) for x in end_game["scores"][:seats])
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
            scores = tuple(int(x) for x in ev["scores"][: self.seats])
            hands = [[tile(t) for t in h] for h in ev["tehais"][: self.seats]]
            table = Table(self.seats, dealer, wind, hands, [tile(ev["dora_marker"])])
        except (KeyError, ValueError, TypeError) as e:
            self.fail(f"start_kyoku needs bakaze, kyoku, honba, kyotaku, oya, scores, dora_marker, tehais ({e})")
        label = f"{WIND_JA[wind]}{number}局 {honba}本場"
        table.place = lambda: f"{self.file}: {label}: line {self.line}"
        outcomes: list[Win | Draw] = []
        changes = [0] * self.seats
        first_win = True
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
                    tiles = [tile(ev["pai"]), *(tile(t) for t in ev["consumed"])]
                    table.call(actor, {"daiminkan": "minkan"}.get(kind, kind), tiles, ev["target"])
                elif kind == "kakan":
                    table.kakan(actor, tile(ev["pai"]))
                elif kind == "ankan":
                    table.ankan(actor, [tile(t) for t in ev["consumed"]])
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
                    continue
                else:
                    self.fail(f"{kind!r} is not an MJAI event of a round")
            except (KeyError, TypeError, IndexError) as e:
                self.fail(f"{kind}: a field is missing or wrong ({e!r})")
            except InputError as e:
                if self.file in e.message:
                    raise
                self.fail(e.message)
        if not outcomes:
            self.fail(f"{label} has no hora or ryukyoku: the log is cut short")
        for o in outcomes:
            for p, d in enumerate(o.deltas or ()):
                changes[p] += d
        for p in table.stood:
            changes[p] -= 1000
        return Round(wind, number, honba, sticks, dealer, scores, tuple(table.stood), tuple(outcomes),
                     tuple(changes), place=f"line {self.events[start][0]}")  # fmt: skip

    def changes_from_scores(self, rounds: list[Round], final: tuple[int, ...] | None) -> list[Round]:
        """A round whose hora and ryukyoku give no deltas (some MJAI writers leave them out) changes the scores to
        the next round's (or the final ones): those are its point changes, as the log records them."""
        out = []
        for k, rnd in enumerate(rounds):
            after = rounds[k + 1].scores if k + 1 < len(rounds) else final
            if after is not None and all(o.deltas is None for o in rnd.outcomes):
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
            tuple(int(x) for x in ev["deltas"][: self.seats]) if ev.get("deltas") else None,
            f"line {self.line}",
        )

    def ryukyoku(self, table: Table, ev: dict) -> Draw:
        deltas = tuple(int(x) for x in ev["deltas"][: self.seats]) if ev.get("deltas") else None
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


YAKUMAN_NAMES = {
    "tenho", "chiho", "renho", "daisangen", "suanko", "tsuiso", "ryuiso", "chinroto", "churenpoton",
    "kokushimuso", "daisushi", "shosushi", "sukantsu",
}  # fmt: skip
