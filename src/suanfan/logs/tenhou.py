"""Tenhou mjlog XML (``<mjloggm>``, plain or gzipped), the format the Tenhou server writes.

The encoding, as the public log parsers document it:
- ``GO type``: bit 0x02 no red fives, 0x04 no open tanyao, 0x08 hanchan (else east only), 0x10 three players.
- ``INIT seed="kyoku,honba,sticks,dice,dice,dora"``, ``ten`` (hundreds), ``oya``, ``hai0``-``hai3``.
- tiles are 0-135: ``id // 4`` is the kind (0-8 man, 9-17 pin, 18-26 sou, 27-33 E S W N white green red); ids 16,
  52 and 88 are the red fives when the game has them.
- ``T U V W`` + id: seat 0-3 draws; ``D E F G`` + id: seat 0-3 discards.
- ``N who m``: a call; ``m & 3`` is the discarder's seat minus the caller's (0 for a kong from the hand); bit 2
  chi, bit 3 pon, bit 4 added kong, bit 5 kita (three players), else a kong (concealed when ``m & 3`` is 0).
- ``REACH who step``: step 1 declares, step 2 puts the stick down (old logs have no ``ten``).
- ``DORA hai``: a kong dora indicator, written when Tenhou reveals it.
- ``AGARI``: ``ba`` (honba, sticks), ``hai``, ``m``, ``machi``, ``ten`` (fu, points, limit), ``yaku`` / ``yakuman``,
  ``doraHai``, ``doraHaiUra``, ``who``, ``fromWho``, ``paoWho``, ``sc`` (score, change; hundreds), ``owari``.
- ``RYUUKYOKU``: ``type`` (absent: exhaustive; yao9, reach4, ron3, kan4, kaze4, nm), ``sc``, ``hai0``-``hai3`` (the
  hands shown tenpai), ``owari`` (final scores in hundreds and final points, seat by seat).
- ``UN`` again mid-game and ``BYE``: a player reconnects or leaves; the game goes on.
"""

from __future__ import annotations

import re
from functools import cache
from html import unescape
from urllib.parse import unquote

from ..errors import InputError
from ..tiles import format_tiles, tile_name
from .model import WIND_JA, Draw, Game, Round, Win
from .table import Move, Table
from .yaku import LIMITS, TENHOU_IDS, YAKUMAN_HAN

RED_IDS = {16: 42, 52: 43, 88: 44}
# a tag's first letter: (a draw?, the seat); T U V W draw, D E F G discard
MOVES = {"T": (True, 0), "U": (True, 1), "V": (True, 2), "W": (True, 3)}
MOVES.update({"D": (False, 0), "E": (False, 1), "F": (False, 2), "G": (False, 3)})
ABORTS = {
    "yao9": "kyuushu_kyuuhai",
    "reach4": "suucha_riichi",
    "ron3": "sanchahou",
    "kan4": "suukan_sanra",
    "kaze4": "suufon_renda",
}


def ints(text: str | None) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def game_rules(game_type: int) -> tuple[dict, dict]:
    """The suanfan Riichi options and match settings of a Tenhou lobby type."""
    options = {"preset": "tenhou", "aka_dora": not game_type & 0x02, "open_tanyao": not game_type & 0x04}
    three = bool(game_type & 0x10)
    if three:
        options["players"] = 3  # the preset becomes tenhou_sanma
    hanchan = bool(game_type & 0x08)
    # Tenhou's ranked lobbies: uma 10-20 (+20 +10 -10 -20) and oka 20, with three players +20 0 -20 (35000 /
    # 40000, the preset's); the first takes what the others' rounded scores leave (the owari records of the test
    # logs; two east-only logs of 2009 paid 5-10 instead)
    uma = [20, 0, -20] if three else [20, 10, -10, -20]
    # the end of a Tenhou game: the West round when nobody has 30000 after the last hand (西入, sudden death),
    # the dealer of the last hand stopping as first on a win only (agari-yame, no tenpai-yame)
    settings = {
        "length": "hanchan" if hanchan else "east",
        "uma": uma,
        "rounding": "tenhou",
        "extension": True,
        "agari_yame": True,
        "tenpai_yame": False,
    }
    return options, settings


ATTR = re.compile(r'(\w+)="([^"]*)"')
GAPS = re.compile(r">\s+<")  # white space between tags (a log written out one tag a line)


def attrs(body: str) -> dict[str, str]:
    """A tag's attributes (read only for the tags that have some: most are a draw or a discard)."""
    return {k: unescape(v) if "&" in v else v for k, v in ATTR.findall(body)}


@cache
def tile_codes(red: bool) -> tuple[int, ...]:
    """The suanfan tile of each Tenhou tile id 0-135 (red fives 42-44 when the game has them)."""
    return tuple(RED_IDS[t] if red and t in RED_IDS else t // 4 for t in range(136))


@cache
def move_codes(red: bool) -> dict[str, Move]:
    """Each draw and discard tag as it stands between ``<`` and the next ``<`` (``T12/>``), and the move it is:
    (seat, suanfan tile, a draw?). Most of a log is these tags; one look-up reads each."""
    tiles = tile_codes(red)
    return {f"{letter}{t}/>": (seat, tiles[t], is_draw) for letter, (is_draw, seat) in MOVES.items() for t in range(136)}


def tags_of(text: str, file: str) -> list[str]:
    """The text of each tag between ``<mjloggm>`` and ``</mjloggm>`` (``T12/>``, ``INIT seed=... />``)."""
    text = text.strip()
    if GAPS.search(text):
        text = GAPS.sub("><", text)
    pieces = text.split("<")
    if pieces[0]:
        raise InputError("bad_log", f"{file}: not a Tenhou mjlog (it does not start with a tag)")
    tags = pieces[1:]
    if "<?" in text or "<!" in text:
        tags = [p for p in tags if not p.startswith(("?", "!"))]  # an XML declaration, a comment
    first = _name(tags[0]) if tags else ""
    if first != "mjloggm":
        raise InputError("bad_log", f"{file}: not a Tenhou mjlog (the first tag is <{first or 'none'}>, not <mjloggm>)")
    if tags[-1] != "/mjloggm>":
        body = [t for t in tags[1:] if not t.startswith("/") and t.endswith(">")]
        last = f"<{_name(body[-1])}>" if body else "<mjloggm>"
        raise InputError(
            "bad_log", f"{file}: not a complete mjlog (cut short after tag {len(body)} {last}, no </mjloggm>)"
        )
    tags = tags[1:-1]
    if "</" in text[: -len("</mjloggm>")]:
        tags = [t for t in tags if not t.startswith("/")]  # a closing tag: nothing to read
    return tags


def _name(tag: str) -> str:
    return tag.split(" ", 1)[0].rstrip("/>")


def read(text: str, file: str) -> list[Game]:
    return [_Reader(file, tags_of(text, file)).game()]


class _Reader:
    def __init__(self, file: str, tags: list[str]) -> None:
        self.file = file
        self.tags = tags
        self.red = True
        self.options: dict = {}

    def fail(self, i: int, message: str) -> None:
        raise InputError("bad_log", f"{self.file}: tag {i + 1} <{_name(self.tags[i])}>: {message}")

    def tile(self, t: int) -> int:
        return self.tiles_of([t])[0]

    def tiles_of(self, ids: list[int]) -> list[int]:
        tiles = self.tiles
        try:
            if min(ids, default=0) < 0:
                raise IndexError
            return [tiles[t] for t in ids]
        except IndexError:
            bad = next(t for t in ids if not 0 <= t < 136)
            raise InputError("bad_log", f"tile id {bad} is not 0-135") from None

    def game(self) -> Game:
        names: list[str] = []
        game_type = None
        for tag in self.tags:
            name = _name(tag)
            if name == "GO" and game_type is None:
                game_type = int(attrs(tag).get("type", "0"))
            elif name == "UN" and not names:
                a = attrs(tag)
                names = [unquote(a.get(f"n{i}", "")) for i in range(4)]
            elif name == "INIT":
                break
        if game_type is None:
            game_type = 0x09  # no GO tag: a four-player hanchan with red fives, the default lobby
        name = self.file.rsplit("/", 1)[-1]
        for ext in (".gz", ".mjlog", ".xml"):
            name = name.removesuffix(ext)
        if len(names) == 4 and not names[3]:
            game_type |= 0x10  # no fourth player: a three-player game whatever the lobby says
        self.red = not game_type & 0x02
        self.tiles = tile_codes(self.red)
        self.options, settings = game_rules(game_type)
        self.seats = 3 if game_type & 0x10 else 4
        players = tuple(names[: self.seats]) if names else ("",) * self.seats
        # each tag's move (None: another tag), and a None past the end: the tags between two others are a run
        self.moves = [*map(move_codes(self.red).get, self.tags), None]
        rounds: list[Round] = []
        final_scores = final_points = None
        start = next((i for i, tag in enumerate(self.tags) if tag.startswith("INIT ")), None)
        while start is not None:
            rnd, owari, start = self.round(start)
            rounds.append(rnd)
            if owari:
                values = owari.split(",")
                final_scores = tuple(int(values[2 * p]) * 100 for p in range(self.seats))
                # a lobby above 0xff (tournament, jansou) sets its own start, oka and uma: its final points are
                # not the ranked lobbies' and are not compared
                if game_type <= 0xFF:
                    final_points = tuple(float(values[2 * p + 1]) for p in range(self.seats))
        info = {"type": game_type}
        return Game(
            self.file, 0, "tenhou", name, players, self.options, settings, tuple(rounds), final_scores, final_points,
            info=info,
        )  # fmt: skip

    def round(self, start: int) -> tuple[Round, str | None, int | None]:
        """The round whose INIT is tag ``start``, its ``owari``, and where the next round starts (None: the end)."""
        init = attrs(self.tags[start])
        seed = ints(init.get("seed"))
        if len(seed) < 6:
            self.fail(start, f"seed {init.get('seed')!r} is not kyoku,honba,sticks,dice,dice,dora")
        kyoku, honba, sticks = seed[:3]
        dealer = int(init.get("oya", "0"))
        n = self.seats
        scores = tuple(x * 100 for x in ints(init.get("ten")))[:n]
        if len(scores) != n:
            self.fail(start, f"ten {init.get('ten')!r} is not {n} scores")
        try:
            hands = [self.tiles_of(ints(init.get(f"hai{p}"))) for p in range(n)]
            table = Table(n, dealer, kyoku // 4, hands, [self.tile(seed[5])])
        except InputError as e:
            self.fail(start, e.message)
        label = f"{WIND_JA[kyoku // 4 % 4]}{kyoku % 4 + 1}局 {honba}本場"
        outcomes: list[Win | Draw] = []
        changes = [0] * n
        owari = None
        first_winner_paid = False
        tags, moves, end = self.tags, self.moves, len(self.tags)
        i = start + 1
        table.place = lambda: f"{self.file}: {label}: tag {i + table.offset + 1} <{_name(tags[i + table.offset])}>"
        while i < end:
            other = moves.index(None, i)  # the next tag that is no draw or discard
            if other > i:
                table.play(moves[i:other])
                i = other
                if i == end:
                    break
            tag = tags[i]
            name = _name(tag)
            if name == "INIT":
                break
            if name[0] in MOVES and name[1:].isdigit():
                self.fail(i, "a draw or discard of no tile 0-135")
            a = attrs(tag)
            if name == "N":
                self.call(table, int(a.get("who", "0")), int(a.get("m", "0")))
            elif name == "REACH":
                who = int(a.get("who", "0"))
                if a.get("step") == "1":
                    table.declare_riichi(who)
                else:
                    table.riichi_stands(who)
            elif name == "DORA":
                table.reveal_dora(self.tile(int(a.get("hai", "0"))))
            elif name == "AGARI":
                win = self.agari(table, a, i, first_winner_paid)
                first_winner_paid = True
                outcomes.append(win)
                owari = a.get("owari") or owari
            elif name == "RYUUKYOKU":
                outcomes.append(self.ryuukyoku(table, a, i))
                owari = a.get("owari") or owari
            elif name not in ("UN", "BYE", "SHUFFLE", "GO", "TAIKYOKU"):  # reconnects and the like: nothing to score
                self.fail(i, "not a tag of a Tenhou round")
            i += 1
        if not outcomes:
            self.fail(i - 1, f"{label} has no AGARI or RYUUKYOKU: the log is cut short")
        for o in outcomes:
            for p, d in enumerate(o.deltas or ()):
                changes[p] += d
        for p in table.stood:
            changes[p] -= 1000
        rnd = Round(
            kyoku // 4, kyoku % 4 + 1, honba, sticks, dealer, scores, tuple(table.stood), tuple(outcomes),
            tuple(changes), place=f"tag {start + 1}",
        )  # fmt: skip
        return rnd, owari, i if i < end else None

    def meld(self, m: int) -> tuple[str, list[int], int]:
        """(kind, tile ids, offset of the discarder) of an ``m`` code."""
        offset = m & 3
        if m & 0x4:
            t = (m >> 10) // 3
            base = (t // 7) * 9 + t % 7
            return "chi", [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)], offset
        if m & 0x18:
            unused = (m >> 5) & 3
            t = (m >> 9) // 3
            if m & 0x8:
                return "pon", [t * 4 + i for i in range(4) if i != unused], offset
            return "kakan", [t * 4 + unused], offset
        if m & 0x20:
            return "kita", [(m >> 8)], 0
        t = (m >> 8) // 4
        return ("ankan" if offset == 0 else "minkan"), [t * 4 + i for i in range(4)], offset

    def call(self, table: Table, who: int, m: int) -> None:
        kind, ids, offset = self.meld(m)
        tiles = self.tiles_of(ids)
        if kind == "kakan":
            table.kakan(who, tiles[0])
        elif kind == "ankan":
            table.ankan(who, tiles)
        elif kind == "kita":
            table.set_north_aside(who, tiles[0])
        else:
            # m & 3 counts seats around a table of four, the empty fourth seat of three players too
            table.call(who, kind, tiles, (who + offset) % 4)

    def agari(self, table: Table, tag: dict, i: int, second: bool) -> Win:
        who, source = int(tag.get("who", "0")), int(tag.get("fromWho", "0"))
        ba = ints(tag.get("ba"))
        ten = ints(tag.get("ten"))
        sc = ints(tag.get("sc"))
        if len(ba) != 2 or len(ten) != 3 or len(sc) < 2 * table.seats:
            self.fail(i, "ba, ten or sc is not complete")
        # Tenhou pays the honba and sticks of a double ron to the winner nearest the discarder, who comes first
        honba, sticks = (0, 0) if second else (ba[0], ba[1])
        hand = table.win_hand(who, source, self.options, honba, sticks)
        if hand.get("riichi") or hand.get("double_riichi"):
            hand["ura_indicators"] = [tile_name(t) for t in self.tiles_of(ints(tag.get("doraHaiUra")))]
        shown = self.tiles_of(ints(tag.get("hai")))
        if format_tiles(shown) != hand["hand"]:
            self.fail(i, f"the round's events give {hand['hand']}, the tag shows {format_tiles(shown)}")
        logged_dora = [tile_name(t) for t in self.tiles_of(ints(tag.get("doraHai")))]
        if logged_dora != hand.get("dora_indicators", []):
            self.fail(i, f"the round revealed dora {hand.get('dora_indicators')}, the tag shows {logged_dora}")
        pao = tag.get("paoWho")
        derived = table.liable[who]
        if (None if pao is None else int(pao)) != derived:
            self.fail(i, f"paoWho is {pao}, but the calls make seat {derived} liable")
        if pao is not None:
            hand["pao"] = table.source_letter(who, int(pao))
        yaku: dict[str, int] = {}
        pairs = ints(tag.get("yaku"))
        try:
            for y, han in zip(pairs[0::2], pairs[1::2], strict=True):
                if han:  # "53,0": a riichi without ura dora
                    yaku[TENHOU_IDS[y]] = yaku.get(TENHOU_IDS[y], 0) + han
            for y in ints(tag.get("yakuman")):
                yaku[TENHOU_IDS[y]] = yaku.get(TENHOU_IDS[y], 0) + YAKUMAN_HAN
        except (IndexError, ValueError):
            self.fail(i, f"yaku {tag.get('yaku') or tag.get('yakuman')!r}: an unknown Tenhou yaku id")
        yakuman = bool(tag.get("yakuman"))
        return Win(
            who,
            None if who == source else source,
            hand,
            None if yakuman else sum(pairs[1::2]),
            ten[0],
            ten[1],
            LIMITS.get(ten[2]),
            yaku,
            None if pao is None else int(pao),
            tuple(sc[2 * p + 1] * 100 for p in range(table.seats)),
            f"tag {i + 1}",
        )

    def ryuukyoku(self, table: Table, tag: dict, i: int) -> Draw:
        sc = ints(tag.get("sc"))
        n = table.seats
        if len(sc) < 2 * n:
            self.fail(i, f"sc is not {n} scores and changes")
        deltas = tuple(sc[2 * p + 1] * 100 for p in range(n))
        kind = tag.get("type")
        if kind in ABORTS:
            if kind == "reach4" and table.unconfirmed is not None:
                table.riichi_stands(table.unconfirmed)  # the fourth riichi's stick is down
            return Draw(ABORTS[kind], deltas=deltas, place=f"tag {i + 1}")
        if kind not in (None, "nm"):
            self.fail(i, f"type {kind!r} is not a Tenhou draw (yao9 reach4 ron3 kan4 kaze4 nm)")
        table._confirm()
        tenpai = tuple(p for p in range(n) if tag.get(f"hai{p}") is not None)
        nagashi = tuple(p for p in range(n) if table.nagashi[p]) if kind == "nm" else ()
        return Draw("exhaustive", tenpai, nagashi, deltas, f"tag {i + 1}")
