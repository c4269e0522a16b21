"""tenhou.net/6 JSON: the object the tenhou.net/6 viewer reads (``name``, ``rule``, ``log``, optionally ``sc``).

Each entry of ``log`` is one round: ``[kyoku, honba, sticks]``, the scores, the dora and ura dora indicators, then
for each seat its 13 dealt tiles, its takes (draws, and calls written as text) and its discards (60: the tile
just drawn; ``r`` before a tile: riichi; ``a`` / ``k`` texts: a concealed / added kong; 0: no discard after an open
kong), and last the result: ``和了`` with, per winner, the point changes and ``[who, from, pao, "30符2飜2000点",
"立直(1飜)", ...]``; ``流局``, ``流し満貫`` with the point changes; or an abortive draw (九種九牌, 四家立直, 三家和了,
四槓散了, 四風連打).

Tiles: 11-19 man, 21-29 pin, 31-39 sou, 41-47 E S W N white green red, 51-53 the red fives. In a call the letter
(c chi, p pon, m open kong) stands before the called tile, and where it stands says who gave it: first from the
left, in the middle from across, last from the right.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from ..errors import InputError
from ..tiles import KIND, tile_name
from .model import WIND_JA, Draw, Game, Round, Win, round_changes
from .table import Table, is_tenpai
from .tenhou import game_rules
from .yaku import JAPANESE, YAKUMAN_HAN

ABORTS = {
    "九種九牌": "kyuushu_kyuuhai",
    "四家立直": "suucha_riichi",
    "三家和了": "sanchahou",
    "四槓散了": "suukan_sanra",
    "四開槓": "suukan_sanra",
    "四風連打": "suufon_renda",
}
LIMIT_NAMES = {"満貫": "mangan", "跳満": "haneman", "倍満": "baiman", "三倍満": "sanbaiman", "役満": "yakuman"}
YAKU_TEXT = re.compile(r"^(.*)\((\d+)飜\)$|^(.*)\(役満\)$")
DRAWN = -1  # a discard of the tile just drawn (60)
Take = int | tuple[str, list[int], int]  # a drawn tile, or a call: (kind, tiles, the seat called from)
Drop = tuple[int, bool] | str | None  # (tile or DRAWN, riichi?), a kong from the hand, or no discard
POINTS_TEXT = re.compile(r"(?:(\d+)符)?(?:(\d+)飜)?(満貫|跳満|倍満|三倍満|役満|数え役満)?(\d+)(?:-(\d+))?点(∀)?")


# the suanfan tile of each tile code: 11-19 man, 21-29 pin, 31-39 sou, 41-47 honors, 51-53 red fives
TILES = {10 * (s + 1) + n: 9 * s + n - 1 for s in range(3) for n in range(1, 10)}
TILES.update({40 + n: 26 + n for n in range(1, 8)})
TILES.update({51: 42, 52: 43, 53: 44})


def tile(code: object) -> int:
    t = TILES.get(code) if type(code) is int else None  # not isinstance: True is no tile code, though True == 1
    if t is None:
        if not isinstance(code, int) or isinstance(code, bool):
            raise InputError("bad_log", f"tile {code!r} is not a tile code")
        raise InputError("bad_log", f"tile code {code} is not 11-19, 21-29, 31-39, 41-47 or 51-53")
    return t


CALL_TEXT = re.compile(r"(\d*)([cpm])(\d+)")
CALL_KINDS = {"c": "chi", "p": "pon", "m": "minkan"}
# where the letter stands (tiles written before it) -> the seats on from the caller the tile came from: 3 the left,
# 2 across, 1 the right (an open kong writes three tiles besides the called one, so its right is after the third)
OFFSETS = {"chi": {0: 3, 1: 2, 2: 1}, "pon": {0: 3, 1: 2, 2: 1}, "minkan": {0: 3, 1: 2, 3: 1}}


def call_parts(text: str) -> tuple[str, tuple[int, ...], int] | str:
    """A call as the log writes it (``c275226``: chi of 7p, with 0p 6p): (kind, its tiles, the seats on from the
    caller it came from), or what is wrong with it, as the end of a sentence naming it. A bad tile code raises."""
    m = CALL_TEXT.fullmatch(text)
    if not m:
        return " is not a chi, pon or open kong"
    before, letter, after = m.groups()
    codes = [int(before[i : i + 2]) for i in range(0, len(before), 2)]
    rest = [int(after[i : i + 2]) for i in range(0, len(after), 2)]
    tiles = tuple([tile(c) for c in codes + rest])
    kind = CALL_KINDS[letter]
    offset = OFFSETS[kind].get(len(codes))
    if offset is None:
        return ": the letter stands where no seat is"
    return kind, tiles, offset


def call_source(who: int, offset: int, seats: int) -> int | None:
    """The seat a call's tile came from, ``offset`` seats on from the caller as the letter's place says (3 the
    left, 2 across, 1 the right); None where nobody sits. Three players: Tenhou counts around a table of four, the
    empty seat too (as in its mjlog, where seat 0's left is 2 seats on), so the left of seat 0 is written across;
    written as the left (or seat 2's right as the right) it is read the same."""
    if seats == 4:
        return (who + offset) % 4
    seat = (who + offset) % 4
    if seat == 3 and offset != 2:
        seat = (who - 1) % 3 if offset == 3 else (who + 1) % 3
    return None if seat == 3 else seat


class _Calls(dict):
    """A take written as text -> its ``call_parts``, read once per distinct text (a KeyError when it is none: the
    replay then names what is wrong with it)."""

    def __missing__(self, text: object) -> tuple[str, tuple[int, ...], int]:
        try:
            parts = call_parts(text) if type(text) is str else None
        except InputError:
            parts = None
        if not isinstance(parts, tuple):
            raise KeyError(text)
        if len(self) < 100_000:  # bounded: an endless stream of odd texts cannot grow it without end
            self[text] = parts
        return parts


class _DropTexts(dict):
    """A discard written as text -> what the fast replay does with it, read once per distinct text, as ``drop``
    reads it: ("riichi", the tile or DRAWN), ("kong",) for a concealed or added kong (read by ``closed_kong``),
    ("kita",) for a North set aside; a KeyError for any other (the replay then names it)."""

    def __missing__(self, text: object) -> tuple:
        what: tuple | None = None
        if type(text) is str:
            if "a" in text or "k" in text:
                what = ("kong",)
            elif text == "f44":
                what = ("kita",)
            elif text.startswith("r") and text[1:].isdigit() and text[1:].isascii():
                code = int(text[1:])
                what = ("riichi", DRAWN if code == 60 else TILES[code])
        if what is None:
            raise KeyError(text)
        if len(self) < 100_000:
            self[text] = what
        return what


class _Points(dict):
    """A win's points as tenhou.net/6 writes them (``30符2飜2000点``, ``満貫2000-4000点``, ``1000点∀``) -> (fu, han,
    the limit's name, the first amount, the second, all pay alike), the numbers as ints (None where the text has
    none), or None when the text is none of those; read once per distinct text."""

    def __missing__(self, text: str) -> tuple | None:
        m = POINTS_TEXT.search(text)
        parts = None
        if m:
            fu, han, limit, a, b, all_pay = m.groups()
            parts = (int(fu) if fu else None, int(han) if han else None, limit, int(a), int(b) if b else None, all_pay)
        if len(self) < 100_000:
            self[text] = parts
        return parts


class _YakuItems(dict):
    """A yaku as tenhou.net/6 writes it (``立直(1飜)``, ``国士無双(役満)``) -> (suanfan's id, han, a yakuman?), or
    None for a yaku it does not name; read once per distinct text."""

    def __missing__(self, text: str) -> tuple[str, int, bool] | None:
        y = YAKU_TEXT.match(text)
        item = None
        if y and (y.group(1) or y.group(3)) in JAPANESE:
            name = JAPANESE[y.group(1) or y.group(3)]
            item = (name, int(y.group(2)), False) if y.group(2) else (name, YAKUMAN_HAN, True)
        if len(self) < 100_000:
            self[text] = item
        return item


POINTS = _Points()
YAKU_ITEMS = _YakuItems()
CALLS = _Calls()
DROP_TEXTS = _DropTexts()


NEXT = {n: tuple((p + 1) % n for p in range(n)) for n in (3, 4)}
# seat -> offset (3 the left, 2 across, 1 the right) -> the seat a call's tile came from (call_source, looked up)
CALL_SOURCES = {n: tuple((None, *(call_source(p, o, n) for o in (1, 2, 3))) for p in range(n)) for n in (3, 4)}
AROUND = {n: tuple(tuple((p + k) % n for k in range(1, n)) for p in range(n)) for n in (3, 4)}  # after a discard
SEATS = {n: tuple(range(n)) for n in (3, 4)}
LISTS = {list}
FAST_READINGS = 64  # readings the fast replay plays before it leaves a round to the replay


class _Stuck(Exception):
    """The reading the fast replay plays cannot go on: where the replay fails too and tries its next reading."""


def _refused() -> Table:
    """A take or discard the replay refuses before it plays (it names it): the fast replay leaves the round."""
    raise LookupError


def _remove(hand: list[int], t: int) -> None:
    try:
        hand.remove(t)
    except ValueError:
        raise _Stuck from None  # a discard not in the hand


def _written(table: Table, live: int, last: int | None) -> None:
    """Give the table what the fast replay's own moves left: the wall's count, and the last move when it was one
    of them (``last``: its seat for a discard, the tile the river's last; ~seat for a draw, the hand's last), which
    a call takes or a win reads. A count below 0 stays so: the table's draw refuses it."""
    table.live = live
    if last is not None:
        if last >= 0:
            table.last_discard, table.drawn = (last, table.rivers[last][-1]), None
        else:
            table.drawn, table.last_discard = (~last, table.hands[~last][-1], False), None


def _plain(table: Table) -> bool:
    """Nothing pending that a draw must settle (a riichi stick, a kong, a replacement): the draw only moves a tile
    (``Table.play``'s test)."""
    t = table
    return (t.unconfirmed is None and not t.kong_open and t.rinshan_due is None and t.robbable is None
            and t.declared is None)  # fmt: skip


def tiles_of(codes: list) -> list[int]:
    """``tile`` of each code: a look-up each when all are tile codes (ints; a float 11.0 would be found as 11, so
    their sum, a float when any is one, says whether they all are)."""
    try:
        if type(sum(codes)) is int:
            return list(map(TILES.__getitem__, codes))
    except (TypeError, KeyError):
        pass
    return [tile(c) for c in codes]


def read(text: str, file: str) -> list[Game]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError("bad_log", f"{file}: not complete JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    items = data if isinstance(data, list) else [data]
    return [_read_game(obj, file, i) for i, obj in enumerate(items)]


def _rules(obj: dict, seats: int) -> tuple[dict, dict, bool]:
    rule = obj.get("rule") or {}
    disp = str(rule.get("disp", ""))
    aka = bool(rule.get("aka") or rule.get("aka51") or rule.get("aka52") or rule.get("aka53"))
    if "の間" in disp:  # a Mahjong Soul room (銅 / 銀 / 金 / 玉 / 王座の間), as converters from Mahjong Soul name it
        return _mahjongsoul_rules(disp, aka, seats)
    east = "東" in disp or "East" in disp
    game_type = 0x01 | (0 if aka else 0x02) | (0 if east else 0x08) | (0x10 if seats == 3 else 0)
    disp = disp.removeprefix("三").removeprefix("四")  # 三鳳南喰赤: a three-player lobby
    if disp and disp[0] in "般上特鳳" and "喰" not in disp:
        game_type |= 0x04
    options, settings = game_rules(game_type)
    ranked = bool(disp) and disp[0] in "般上特鳳"  # a Tenhou ranked lobby: its uma and rounding are known
    if not ranked:
        settings.pop("uma")
        settings.pop("rounding")
    return options, settings, ranked


def _mahjongsoul_rules(disp: str, aka: bool, seats: int) -> tuple[dict, dict, bool]:
    """A game converted from Mahjong Soul: its preset (``players: 3`` making it mahjongsoul_sanma), a hanchan when the
    room's name says 南, else an East game (the converted games of tests/data/logs/tenhou6/mjai-reviewer3p name no
    wind, and one of them ends at 東3局 on the first-placed dealer's win, which only an East game's last hand does).
    The points in ``sc`` are the platform's rank points, not the game's uma: they are not checked."""
    options: dict = {"preset": "mahjongsoul", "aka_dora": aka}
    if seats == 3:
        options["players"] = 3
    return options, {"length": "hanchan" if "南" in disp else "east"}, False


def _read_game(obj: object, file: str, index: int) -> Game:
    if not isinstance(obj, dict) or not isinstance(obj.get("log"), list):
        raise InputError("bad_log", f"{file}: game {index + 1} is not a tenhou.net/6 object with a 'log' list")
    given = obj.get("name")
    name = str(obj.get("ref") or file.rsplit("/", 1)[-1].removesuffix(".gz").removesuffix(".json"))
    first = obj["log"][0] if obj["log"] and isinstance(obj["log"][0], list) and len(obj["log"][0]) > 1 else None
    # three players: three names, or (as Tenhou writes them) four entries everywhere with the fourth seat empty
    three = isinstance(given, list) and (len(given) == 3 or len(given) == 4 and not given[3])
    if first is not None and isinstance(first[1], list):
        three = len(first[1]) == 3 or len(first) == 17 and first[13] == [] and first[1][3:] in ([0], [])
    seats = 3 if three else 4
    if isinstance(given, list) and given and len(given) not in (seats, 4):
        raise InputError("bad_log", f"{file}: game {index + 1} names {len(given)} players, its rounds seat {seats}")
    names = [str(n) for n in given][:seats] if isinstance(given, list) and given else [""] * seats
    options, settings, ranked = _rules(obj, seats)
    rounds = []
    for n, entry in enumerate(obj["log"]):
        place = f"{file}: game {index + 1}, log entry {n + 1}"
        try:
            rounds.append(_Round(entry, options, place, seats).read())
        except InputError as e:
            if e.message.startswith(place):
                raise
            # a tile code read before the round knew its place (the hands, the dora indicators)
            raise InputError(e.code, f"{place}: {e.message}") from None
        except (TypeError, ValueError, IndexError, KeyError, AttributeError) as e:
            raise InputError("bad_log", f"{place}: not a tenhou.net/6 round ({e})") from None
    final_scores = final_points = None
    sc = obj.get("sc")
    if isinstance(sc, list) and len(sc) in (2 * seats, 8):
        final_scores = tuple(map(int, sc[0 : 2 * seats : 2]))
        if ranked:
            final_points = tuple(map(float, sc[1 : 2 * seats : 2]))
    return Game(
        file, index, "tenhou6", name, tuple(names), options, settings, tuple(rounds), final_scores, final_points
    )


class _Round:
    def __init__(self, entry: list, options: dict, place: str, seats: int) -> None:
        self.entry = entry
        self.options = options
        self.place = place
        self.seats = seats

    def fail(self, message: str) -> None:
        raise InputError("bad_log", f"{self.place}: {message}")

    def read(self) -> Round:
        e = self.entry
        if not isinstance(e, list) or len(e) != 17:
            self.fail("a round is a list of 17 entries")
        kyoku, honba, sticks = e[0]
        n = self.seats
        scores = tuple(map(int, e[1][:n]))
        dealer = kyoku % 4
        self.label = f"{WIND_JA[kyoku // 4 % 4]}{kyoku % 4 + 1}局 {honba}本場"
        self.place += f" ({self.label})"
        hands = list(map(tiles_of, e[4 : 4 + 3 * n : 3]))  # entries 4, 7, 10, 13
        first_dora = [tile(e[2][0])] if e[2] else []

        def new_table() -> Table:
            table = Table(n, dealer, kyoku // 4, hands, first_dora)
            table.place = self.place
            return table

        table = self.fast_play(new_table, e)
        if table is None:  # the replay, which tries every reading and names what is wrong
            takes = [[self.take(p, x) for x in e[5 + 3 * p]] for p in range(n)]
            drops = [[self.drop(p, x) for x in e[6 + 3 * p]] for p in range(n)]
        result = e[16]
        if not isinstance(result, list) or not result or not isinstance(result[0], str):
            self.fail(f"the result {result!r} is not a list starting with its kind")
        if table is None:
            table = self.play(new_table(), takes, drops, dealer)
        table.dora = tiles_of(e[2])
        ura = tiles_of(e[3])
        outcomes: list[Win | Draw] = []
        kind = result[0]
        if kind == "和了":
            for i in range(1, len(result), 2):
                outcomes.append(self.win(table, result[i], result[i + 1], ura, i > 1, honba, sticks))
        elif kind in ("流局", "流し満貫"):
            deltas = tuple(map(int, result[1][:n])) if len(result) > 1 else (0,) * n
            table._confirm()
            ready = []  # (a loop: a generator expression costs a few thousand instructions more)
            for p in SEATS[n]:
                if table.riichi[p] or is_tenpai(table, p):
                    ready.append(p)
            nagashi = tuple(p for p in range(n) if table.nagashi[p]) if kind == "流し満貫" else ()
            outcomes.append(Draw("exhaustive", tuple(ready), nagashi, deltas, self.label))
        elif kind in ABORTS:
            if ABORTS[kind] == "suucha_riichi":
                table._confirm()
            deltas = tuple(map(int, result[1][:n])) if len(result) > 1 else (0,) * n
            outcomes.append(Draw(ABORTS[kind], deltas=deltas, place=self.label))
        else:
            self.fail(f"the result {kind!r} is not 和了, 流局, 流し満貫 or an abortive draw")
        return Round(
            kyoku // 4, kyoku % 4 + 1, honba, sticks, dealer, scores, tuple(table.stood), tuple(outcomes),
            round_changes(outcomes, table.stood, n), place=self.label,
        )  # fmt: skip

    # ---- the play ------------------------------------------------------------------------------------------
    def take(self, who: int, item: object) -> Take:
        """A take as the replay reads it: a drawn tile, or a call (kind, tiles, the seat called from)."""
        return self.parse_call(item, who) if isinstance(item, str) else tile(item)

    def drop(self, who: int, item: object) -> Drop:
        """A discard as the replay reads it: (tile, riichi?), DRAWN standing for the tile just drawn (60); a kong
        from the hand as its text; None for no discard (0, after an open kong)."""
        if isinstance(item, str) and ("a" in item or "k" in item or item.startswith("f")):
            return item  # a kong from the hand, or a North set aside (f44)
        if item == 0 and not isinstance(item, str):
            return None
        riichi = isinstance(item, str) and item.startswith("r")
        code = int(item[1:]) if riichi else item  # type: ignore[index]
        return (DRAWN if code == 60 else tile(code)), riichi

    def fast_play(self, new_table: Callable[[], Table], e: list) -> Table | None:
        """The round replayed as ``play`` replays it, straight from the log's lists, or None when anything is not as
        the replay would have it (a take or discard it would refuse, the readings of the calls all failing): then
        the replay reads the round again and names the error.

        The replay tries each reading of the calls depth first (after a discard the first of ``callers`` acts; if
        the play cannot go on, the next), each on a copy of the table. This plays one reading at a time on a fresh
        table with the choices it makes noted, and when it fails plays again with the last choice that has another
        option moved on to it: the same readings in the same order, so the first that stands is the replay's, and
        the table it leaves the same (tiles, rivers, melds, counters). Most rounds stand on the first reading. A
        draw and discard cost one short step (a tile code looked up; a tile drawn and thrown at once (60) not even
        put in the hand); calls, kongs, riichi, kita and a draw with something pending go to the table's methods."""
        n = self.seats
        takes = e[5 : 5 + 3 * n : 3]  # each seat's takes (entries 5, 8, 11, 14), and its discards
        drops = e[6 : 6 + 3 * n : 3]
        if {*map(type, takes), *map(type, drops)} != LISTS:
            return None
        choices: list[int] = []  # the option taken at each choice, the first where none is given
        for _ in range(FAST_READINGS):
            options: list[int] = []  # how many options each choice reached had
            try:
                return self._fast_play(new_table(), takes, drops, choices, options)
            except (InputError, _Stuck):  # this reading fails where the replay's does: the next reading
                pass
            except (LookupError, ValueError, TypeError):  # a take or discard the replay refuses or cannot read
                return None
            made = choices + [0] * (len(options) - len(choices))
            while made and made[-1] + 1 == options[len(made) - 1]:
                made.pop()
            if not made:
                return None  # no reading stands
            made[-1] += 1
            choices = made
        return None

    def _fast_play(
        self, table: Table, takes: list[list], drops: list[list], choices: list[int], options: list[int]
    ) -> Table:
        # A seat's k-th take is always followed by its k-th discard (a kong, a North set aside or an open kong's 0
        # is followed by the replacement tile's take), so one count a seat says how far it has played: ``at``, its
        # takes played; its discards played are as many, but for the last seat when it stops after a take.
        n = self.seats
        hands, rivers = table.hands, table.rivers
        at = [0] * n
        short = None  # the seat that stopped after a take (a self-draw win)
        calling = [bool(x) and x[0].__class__ is str for x in takes]  # the seat's next take is a call
        live = table.live  # below 0 once the wall would have run out: the reading fails at the end
        plain = True  # nothing pending: a draw only moves a tile (Table.play's test)
        last = None  # the last move made here and not by the table's methods: its seat, ~seat for a draw
        n_takes, n_drops = list(map(len, takes)), list(map(len, drops))
        after = NEXT[n]
        sources = CALL_SOURCES[n]
        actor = table.dealer
        while True:
            k = at[actor]
            if plain and True not in calling:
                # A run of plain turns in turn order: each a draw and a discard, both ints (a float would be found
                # as its int, TILES[11.0]); it stops after a seat whose next take is a call (the seat waits on a
                # discard, which the callers' test below must see). Some 76 bytecodes a turn, where the steps below
                # take some 110 (the type tests, the callers' test, the counts): 67 of a game's 86 turns are played
                # here (the fast replay 0.664 M -> 0.561 M instructions a game). A turn that is not plain (a take or
                # discard past its list's end, a code that is none, a discard of 0) raises before anything of it is
                # played and is left to the steps below.
                try:
                    while True:
                        T = takes[actor]
                        x = T[k]
                        d = drops[actor][k]
                        if x.__class__ is not int or d.__class__ is not int:
                            break
                        if d == 60:
                            t = TILES[x]
                        else:
                            t = TILES[d]
                            hand = hands[actor]
                            hand.append(TILES[x])
                            hand.remove(t)
                        rivers[actor].append(t)
                        live -= 1
                        last = actor
                        k += 1
                        at[actor] = k
                        if k < n_takes[actor] and T[k].__class__ is str:
                            calling[actor] = True  # the seat waits on a discard to call: the steps below
                            actor = after[actor]
                            k = at[actor]
                            break
                        actor = after[actor]
                        k = at[actor]
                except (IndexError, KeyError):
                    pass
                except ValueError:
                    raise _Stuck from None  # a discard not in the hand
            T = takes[actor]
            if k == n_takes[actor]:
                break
            x = T[k]
            at[actor] = k + 1
            d = drops[actor][k] if k < n_drops[actor] else 0
            if plain and x.__class__ is int and (d == 60 or d.__class__ is int and d):
                # the common turn: a draw and a discard (0 is no discard, after an open kong)
                live -= 1
                if d == 60:
                    t = TILES[x]
                else:
                    hand = hands[actor]
                    hand.append(TILES[x])
                    t = TILES[d]
                    try:
                        hand.remove(t)
                    except ValueError:
                        raise _Stuck from None  # a discard not in the hand
                rivers[actor].append(t)
                last = actor
            else:
                D = drops[actor]
                drawn = None
                if x.__class__ is int:
                    drawn = TILES[x]
                    if plain:
                        live -= 1
                        hands[actor].append(drawn)
                        last = ~actor
                    else:
                        _written(table, live, last)
                        last = None
                        table.draw(actor, drawn)
                        live, plain = table.live, _plain(table)
                else:
                    kind, tiles, offset = CALLS[x]
                    source = sources[actor][offset]
                    if source is None:
                        return _refused()
                    _written(table, live, last)
                    last = None
                    table.call(actor, kind, list(tiles), source)
                    plain = _plain(table)
                t = None
                while True:  # the discard, or kongs from the hand and their replacements
                    if k == len(D):
                        short = actor
                        break
                    d = D[k]
                    if d.__class__ is int and d:
                        t = drawn if d == 60 else TILES[d]
                        if t is None:
                            raise _Stuck  # the drawn tile (60) thrown after a call
                        _remove(hands[actor], t)
                        rivers[actor].append(t)
                        last = actor
                        break
                    if d.__class__ is str:
                        what = DROP_TEXTS[d]
                        _written(table, live, last)
                        last = None
                        if what[0] == "riichi":
                            t = drawn if what[1] == DRAWN else what[1]
                            if t is None:
                                raise _Stuck
                            table.discard(actor, t, riichi=True)
                            plain = False
                            break
                        if what[0] == "kita":
                            table.set_north_aside(actor, 30)
                        else:
                            self.closed_kong(table, actor, d)
                        plain = False
                    elif d.__class__ is not int:
                        return _refused()  # False or 0.0 read as 0, a float as its tile: the replay reads those
                    k += 1
                    if k == len(T):
                        break  # the kong was robbed (chankan)
                    r = T[k]
                    at[actor] = k + 1
                    if r.__class__ is not int:
                        CALLS[r]  # a call where the replacement is drawn: the replay's error, if it is a call
                        raise _Stuck
                    drawn = TILES[r]
                    _written(table, live, last)
                    last = None
                    table.draw(actor, drawn)
                    live, plain = table.live, _plain(table)
                if t is None:
                    break  # a self-draw win, or a kong robbed
            # who acts next: callers(), a pon or kong, a chi, then the next seat drawing
            k = at[actor]
            calling[actor] = k < n_takes[actor] and T[k].__class__ is str
            nxt = after[actor]
            if True in calling:
                calls, chis = [], []
                for q in AROUND[n][actor]:
                    if calling[q]:
                        kind, tiles, where = CALLS[takes[q][at[q]]]
                        if t in tiles and sources[q][where] == actor:
                            (chis if kind == "chi" else calls).append(q)
                if calls or chis:
                    if at[nxt] == n_takes[nxt]:
                        following: list[int | None] = [*calls, *chis, None]
                    elif calling[nxt] and nxt not in chis:
                        following = [*calls, *chis]
                    else:
                        following = [*calls, *chis, nxt]
                    if len(following) > 1:
                        c = choices[len(options)] if len(options) < len(choices) else 0
                        options.append(len(following))
                        who = following[c]
                    else:
                        who = following[0]
                    if who is None:
                        break
                    actor = who
                    continue
                if calling[nxt]:
                    break  # somebody's call is due and nobody calls this discard: nobody acts
            if at[nxt] == n_takes[nxt]:
                break
            actor = nxt
        if live < 0:
            raise _Stuck  # a draw from an empty wall
        if at != n_takes:
            raise _Stuck  # the takes do not replay in turn order
        if short is not None:
            at[short] -= 1  # now the discards played
        if at != n_drops:
            raise _Stuck  # the discards do not replay in turn order
        _written(table, live, last)
        return table

    def play(self, table: Table, takes: list[list[Take]], drops: list[list[Drop]], dealer: int) -> Table:
        """Replay the round in turn order: after a discard the next to act is whoever calls it, else the next seat.
        A call the log writes may belong to this discard or to a later one of the same tile from the same seat
        (the takes do not say when): both are tried, and only a replay that uses every take and discard stands.
        ``took`` and ``dropped`` count each seat's takes and discards played so far."""
        return self._play(table, takes, drops, [0] * self.seats, [0] * self.seats, dealer)

    def _play(
        self, table: Table, takes: list[list[Take]], drops: list[list[Drop]], took: list[int], dropped: list[int],
        actor: int | None,
    ) -> Table:  # fmt: skip
        drawn: int | None = None
        while actor is not None and took[actor] < len(takes[actor]):
            take = takes[actor][took[actor]]
            took[actor] += 1
            if isinstance(take, tuple):
                table.call(actor, *take)
                drawn = None
            else:
                drawn = take
                table.draw(actor, drawn)
            t = None
            while dropped[actor] < len(drops[actor]):  # the discard, or kongs from the hand and their replacements
                drop = drops[actor][dropped[actor]]
                dropped[actor] += 1
                if isinstance(drop, str) and drop.startswith("f"):
                    table.set_north_aside(actor, tile(int(drop[1:]) if drop[1:].isdigit() else drop))
                elif isinstance(drop, str):
                    self.closed_kong(table, actor, drop)
                elif drop is not None:  # None: no discard after an open kong, the replacement draw comes first
                    t, riichi = drop
                    if t == DRAWN:
                        if drawn is None:
                            self.fail(f"seat {actor} discards the drawn tile (60) after a call")
                        t = drawn
                    table.discard(actor, t, riichi=riichi)
                    break
                if took[actor] == len(takes[actor]):
                    break  # the kong was robbed (chankan)
                replacement = takes[actor][took[actor]]
                took[actor] += 1
                if isinstance(replacement, tuple):
                    self.fail(f"seat {actor} calls where a kong's replacement tile is drawn")
                drawn = replacement
                table.draw(actor, drawn)
            if t is None:
                break  # a self-draw win, or a kong robbed
            callers = self.callers(takes, took, actor, t)
            for p in callers[:-1]:  # every choice but the last on a copy of the table
                try:
                    return self._play(table.copy(), takes, drops, list(took), list(dropped), p)
                except InputError:
                    continue
            actor = callers[-1]
        if took != [len(x) for x in takes] or dropped != [len(x) for x in drops]:
            self.fail("the takes and discards do not replay in turn order")
        return table

    def callers(self, takes: list[list[Take]], took: list[int], discarder: int, t: int) -> list[int | None]:
        """Who may act after ``discarder`` let ``t`` go, most likely first: a pon or kong, a chi, then the next seat
        drawing (None when nobody has anything left to take)."""
        calls, chi = [], []
        n = self.seats
        nexts = [takes[p][took[p]] if took[p] < len(takes[p]) else None for p in range(n)]
        for offset in range(1, n):
            p = (discarder + offset) % n
            call = nexts[p]
            if isinstance(call, tuple) and call[2] == discarder and t in call[1]:
                (chi if call[0] == "chi" else calls).append(p)
        nxt = (discarder + 1) % n
        if nexts[nxt] is None:
            draw = None
        elif isinstance(nexts[nxt], tuple) and nxt not in chi:
            return calls + chi or [None]  # the next seat's take is a call: somebody calls now, or nobody acts
        else:
            draw = nxt
        return calls + chi + [draw]

    def parse_call(self, text: str, who: int) -> tuple[str, list[int], int]:
        parts = call_parts(text)
        if isinstance(parts, str):
            self.fail(f"seat {who}'s call {text!r}{parts}")
        kind, tiles, offset = parts
        return kind, list(tiles), self.source(who, offset, text)

    def source(self, who: int, offset: int, text: str) -> int:
        seat = call_source(who, offset, self.seats)
        if seat is None:
            self.fail(f"seat {who}'s call {text!r}: with three players nobody sits across from seat {who}")
        return seat

    def closed_kong(self, table: Table, who: int, text: str) -> None:
        m = re.fullmatch(r"(\d*)([ak])(\d+)", text)
        if not m:
            self.fail(f"seat {who}'s kong {text!r} is not a concealed or added kong")
        digits = m.group(1) + m.group(3)
        tiles = [tile(int(digits[i : i + 2])) for i in range(0, len(digits), 2)]
        if m.group(2) == "a":
            table.ankan(who, tiles)
            return
        for meld in table.melds[who]:
            if meld[0] == "pon" and KIND[meld[1][0]] == KIND[tiles[0]]:
                added = list(tiles)
                for t in meld[1]:
                    added.remove(t)
                table.kakan(who, added[0])
                return
        self.fail(f"seat {who}'s added kong {text!r} has no pon to add to")

    # ---- the end -------------------------------------------------------------------------------------------
    def win(self, table: Table, deltas: list, info: list, ura: list[int], second: bool, honba: int, sticks: int) -> Win:
        if not isinstance(info, list) or len(info) < 4:
            self.fail(f"the win {info!r} is not [who, from, pao, points, yaku...]")
        who, source, pao = int(info[0]), int(info[1]), int(info[2])
        on_table = sticks + len(table.stood)  # the sticks of the round's riichi too
        hand = table.win_hand(who, source, self.options, 0 if second else honba, 0 if second else on_table)
        if hand.get("riichi") or hand.get("double_riichi"):
            hand["ura_indicators"] = [tile_name(t) for t in ura]
        if pao != who:
            hand["pao"] = table.source_letter(who, pao)
            if source != who:
                hand["discarder"] = table.source_letter(who, source)
        text = str(info[3])
        parts = POINTS[text]
        if parts is None:
            self.fail(f"the points {info[3]!r} are not 30符2飜2000点 / 満貫8000点 / 1000-2000点")
        fu, han_text, limit_text, a, b, all_pay = parts
        if who == source:
            is_dealer = who == table.dealer
            others = (
                self.seats - 1
            )  # who pay a self-draw (ツモ損 with three players: nobody pays the empty seat's share)
            points = a * others if is_dealer or all_pay else a * (others - 1) + (a if b is None else b)
        else:
            points = a
        yaku: dict[str, int] = {}
        yakuman = False
        for item in info[4:]:
            y = YAKU_ITEMS[str(item)]
            if y is None:
                self.fail(f"yaku {item!r} is not a yaku tenhou.net/6 names")
            name, han, is_yakuman = y
            yakuman = yakuman or is_yakuman
            if han:
                yaku[name] = yaku.get(name, 0) + han
        limit = LIMIT_NAMES.get(limit_text or "", "yakuman" if limit_text == "数え役満" else None)
        return Win(
            who,
            None if who == source else source,
            hand,
            None if yakuman else sum(yaku.values()) if han_text is None else han_text,
            fu,
            points,
            limit,
            yaku,
            None if pao == who else pao,
            tuple(map(int, deltas[: self.seats])),
            self.label,
        )
