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
from functools import cache, lru_cache
from html import unescape
from operator import itemgetter
from urllib.parse import unquote

from ..errors import InputError
from ..tiles import KIND, tile_name
from .model import WIND_JA, Draw, Game, Round, Win, round_changes
from .table import LIVE_WALL, Move, Table, table_at
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


# the numbers an mjlog writes (tile ids, scores and changes in hundreds, counts) as text -> the number: a list of
# them is read by look-ups (a third of int()'s instructions); anything else (-3000 or less, a sign, white space)
# is read by int(), which gives the same number or the same error
_NUMBERS = {str(k): k for k in range(-2999, 3000)}


def ints(text: str | None) -> tuple[int, ...]:
    if not text:
        return ()
    parts = text.split(",")
    try:  # one itemgetter call looks them all up (one number gives no tuple; the tuple kept as it is, no list made)
        return itemgetter(*parts)(_NUMBERS) if len(parts) > 1 else (_NUMBERS[parts[0]],)
    except KeyError:
        return tuple(map(int, parts))


# points in hundreds -> points, for map(): a generator expression is a function call of its own on this CPython
# (some 2,000 instructions more for a seat's four scores, callgrind)
_HUNDRED = (100).__mul__


@lru_cache(maxsize=4096)
def player_name(text: str) -> str:
    """A player's name as UN writes it (percent-encoded UTF-8), decoded once per text (a player plays many games)."""
    return unquote(text) if "%" in text else text


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


def attrs(body: str) -> dict[str, str]:
    """A tag's attributes (read only for the tags that have some: most are a draw or a discard)."""
    found = ATTR.findall(body)
    return {k: unescape(v) for k, v in found} if "&" in body else dict(found)


@cache
def tile_codes(red: bool) -> tuple[int, ...]:
    """The suanfan tile of each Tenhou tile id 0-135 (red fives 42-44 when the game has them)."""
    return tuple(RED_IDS[t] if red and t in RED_IDS else t // 4 for t in range(136))


@cache
def tile_texts(red: bool) -> dict[str, int]:
    """The suanfan tile of each tile id as a tag writes it (``hai0="12,34,..."``), so a list is read by look-ups."""
    return {str(t): tile for t, tile in enumerate(tile_codes(red))}


@cache
def move_codes(red: bool) -> dict[str, Move]:
    """Each draw and discard tag as it stands between ``<`` and the next ``<`` (``T12/>``), and the move it is:
    (seat, suanfan tile, a draw?). Most of a log is these tags; one look-up reads each."""
    tiles = tile_codes(red)
    return {
        f"{letter}{t}/>": (seat, tiles[t], is_draw) for letter, (is_draw, seat) in MOVES.items() for t in range(136)
    }


def tags_of(text: str, file: str) -> list[str]:
    """The text of each tag between ``<mjloggm>`` and ``</mjloggm>`` (``T12/>``, ``INIT seed=... />``), white
    space after a tag left on it (a log written one tag a line: the round reads those tags one by one)."""
    pieces = text.strip().split("<")
    if pieces[0]:
        raise InputError("bad_log", f"{file}: not a Tenhou mjlog (it does not start with a tag)")
    tags = pieces[1:]
    while tags and tags[0].startswith(("?", "!")):  # an XML declaration, a comment
        del tags[0]
    first = _name(tags[0]) if tags else ""
    if first != "mjloggm":
        raise InputError("bad_log", f"{file}: not a Tenhou mjlog (the first tag is <{first or 'none'}>, not <mjloggm>)")
    if tags[-1] != "/mjloggm>":
        body = [t for t in tags[1:] if not t.startswith("/") and t.rstrip().endswith(">")]
        last = f"<{_name(body[-1])}>" if body else "<mjloggm>"
        raise InputError(
            "bad_log", f"{file}: not a complete mjlog (cut short after tag {len(body)} {last}, no </mjloggm>)"
        )
    return tags[1:-1]


def _name(tag: str) -> str:
    return (tag.split(None, 1) or [""])[0].rstrip("/>")


def value(tag: str, key: str) -> str | None:
    """One attribute of a tag, found without reading the others: ``value('REACH who="1" step="1"/>', ' who="')``
    is ``'1'`` (``key`` written as it stands in the tag)."""
    at = tag.find(key)
    if at < 0:
        return None
    at += len(key)
    return tag[at : tag.find('"', at)]


@lru_cache(maxsize=4096)
def indicator_names(text: str | None, red: bool) -> tuple[str, ...]:
    """The mpsz names of an attribute's tile ids (``doraHai``, ``doraHaiUra``), read once per text (a round's wins
    show the same indicators)."""
    if not text:
        return ()
    texts = tile_texts(red)
    try:
        return tuple([tile_name(texts[t]) for t in text.split(",")])
    except KeyError as e:
        raise InputError("bad_log", f"tile id {e.args[0]} is not 0-135") from None


@lru_cache(maxsize=4096)
def yaku_of(yaku: str | None, yakuman: str | None) -> tuple[tuple[str, int], ...]:
    """suanfan's items and their han of an AGARI's ``yaku`` (id, han pairs) and ``yakuman`` (ids), summed by item
    (Tenhou writes each dora kind once; "53,0" is a riichi without ura dora)."""
    pairs = ints(yaku)
    if len(pairs) % 2:
        raise IndexError
    out: dict[str, int] = {}
    for y, han in zip(pairs[0::2], pairs[1::2], strict=True):
        if han:
            out[TENHOU_IDS[y]] = out.get(TENHOU_IDS[y], 0) + han
    for y in ints(yakuman):
        out[TENHOU_IDS[y]] = out.get(TENHOU_IDS[y], 0) + YAKUMAN_HAN
    return tuple(out.items())


@lru_cache(maxsize=1 << 16)
def meld_ids(m: int) -> tuple[str, tuple[int, ...], int]:
    """(kind, tile ids, offset of the discarder) of an ``N`` tag's ``m`` code (decoded once per code)."""
    offset = m & 3
    if m & 0x4:
        t = (m >> 10) // 3
        base = (t // 7) * 9 + t % 7
        kind, ids = "chi", [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
    elif m & 0x18:
        unused = (m >> 5) & 3
        t = (m >> 9) // 3
        if m & 0x8:
            kind, ids = "pon", [t * 4 + i for i in range(4) if i != unused]
        else:
            kind, ids = "kakan", [t * 4 + unused]
    elif m & 0x20:
        kind, ids, offset = "kita", [m >> 8], 0
    else:
        t = (m >> 8) // 4
        kind, ids = ("ankan" if offset == 0 else "minkan"), [t * 4 + i for i in range(4)]
    if not all(0 <= t < 136 for t in ids):
        raise InputError("bad_log", f"m={m} is no meld: tile id {max(ids)} is not 0-135")
    return kind, tuple(ids), offset


def meld(m: int, red: bool) -> tuple[str, tuple[int, ...], int]:
    """(kind, suanfan tiles, offset of the discarder) of an ``N`` tag's ``m`` code."""
    kind, ids, offset = meld_ids(m)
    tiles = tile_codes(red)
    return kind, tuple(tiles[t] for t in ids), offset


def read(text: str, file: str, fast: bool = True) -> list[Game]:
    """The game of an mjlog; ``fast=False`` replays every round move by move (the fast path's reference)."""
    return [_Reader(file, text, fast).game()]


class _Reader:
    def __init__(self, file: str, text: str, fast: bool = True) -> None:
        self.file = file
        self.text = text
        self.body = text.strip()  # the text tags_of splits: the fast path reads it by positions
        self._tags: list[str] | None = None
        self.red = True
        self.options: dict = {}
        self.fast = fast
        self.replayed: list[int] = []  # the INIT tags of the rounds replayed move by move

    @property
    def tags(self) -> list[str]:
        """The log's tags (``tags_of``), split when the replay or an error needs them: the fast path reads the
        text by positions and splits only its runs of moves."""
        if self._tags is None:
            self._tags = tags_of(self.text, self.file)
        return self._tags

    def position(self, i: int) -> int:
        """Where tag ``i``'s ``<`` stands in ``body`` (a fast round after a replayed one starts there)."""
        s = self.body
        at = 0
        while s.startswith(("<?", "<!"), at):  # the declarations tags_of leaves out, then <mjloggm>
            at = s.find("<", at + 1)
        at = s.find("<", at + 1)
        return at + sum(len(t) + 1 for t in self.tags[:i])

    def fail(self, i: int, message: str) -> None:
        raise InputError("bad_log", f"{self.file}: tag {i + 1} <{_name(self.tags[i])}>: {message}")

    def tiles_in(self, text: str | None) -> list[int]:
        """The tiles of an attribute's list of tile ids (``hai``, ``doraHai``)."""
        if not text:
            return []
        ids = text.split(",")
        try:  # one itemgetter call looks them all up (one id gives no tuple)
            return list(itemgetter(*ids)(self.texts)) if len(ids) > 1 else [self.texts[ids[0]]]
        except KeyError as e:
            raise InputError("bad_log", f"tile id {e.args[0]} is not 0-135") from None

    def game(self) -> Game:
        names: list[str] = []
        game_type = None
        head = self.head()
        for tag in self.tags if head is None else head[0]:
            name = _name(tag)
            if name == "GO" and game_type is None:
                game_type = int(fast_attrs(tag).get("type", "0"))
            elif name == "UN" and not names:
                a = fast_attrs(tag)
                names = [player_name(a.get(f"n{i}", "")) for i in range(4)]
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
        self.texts = tile_texts(self.red)
        self.options, settings = game_rules(game_type)
        self.seats = 3 if game_type & 0x10 else 4
        players = tuple(names[: self.seats]) if names else ("",) * self.seats
        self.moves: list[Move | None] = []  # the replay's moves, made when a round is replayed
        rounds: list[Round] = []
        final_scores = final_points = None
        if head is not None:
            start, at = head[1], head[2]
        else:
            start = next((i for i, tag in enumerate(self.tags) if tag.startswith("INIT ")), None)
            at = self.position(start) if self.fast and start is not None else None
        while start is not None:
            read = fast_round(self, at, start) if self.fast else None
            if read is None:  # the fast path does not vouch for the round: the replay gives it or its error
                self.replayed.append(start)
                rnd, owari, start = self.replay_round(start)
                at = self.position(start) if self.fast and start is not None else None
            else:
                rnd, owari, at, start = read
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

    def head(self) -> tuple[list[str], int, int] | None:
        """For the fast path, the tags before the first INIT, that INIT's tag number and its place in ``body``,
        found without splitting the whole text; None where the log does not begin as a plain mjlog does
        (``<mjloggm ...>`` first, ``</mjloggm>`` last, a round: the tags then say what it is)."""
        s = self.body
        at = s.find("<INIT ")
        if not self.fast or at < 0 or not s.startswith("<mjloggm") or not s.endswith("</mjloggm>"):
            return None
        pieces = s[:at].split("<")  # '', 'mjloggm ver=...>', then the tags before the INIT
        if _name(pieces[1]) != "mjloggm" or any(_name(t) == "INIT" for t in pieces[2:]):
            return None
        return pieces[2:], len(pieces) - 2, at

    def replay_round(self, start: int) -> tuple[Round, str | None, int | None]:
        """The round whose INIT is tag ``start``, replayed move by move on a ``Table``."""
        if not self.moves:
            self.codes = move_codes(self.red)
            self.moves = [*map(self.codes.get, self.tags), None]
        init = attrs(self.tags[start])
        seed = ints(init.get("seed"))
        if len(seed) < 6:
            self.fail(start, f"seed {init.get('seed')!r} is not kyoku,honba,sticks,dice,dice,dora")
        kyoku, honba, sticks = seed[:3]
        dealer = int(init.get("oya", "0"))
        n = self.seats
        scores = tuple(map(_HUNDRED, ints(init.get("ten"))))[:n]
        if len(scores) != n:
            self.fail(start, f"ten {init.get('ten')!r} is not {n} scores")
        try:
            hands = [self.tiles_in(init.get(f"hai{p}")) for p in range(n)]
            table = Table(n, dealer, kyoku // 4, hands, self.tiles_in(str(seed[5])))
        except InputError as e:
            self.fail(start, e.message)
        label = f"{WIND_JA[kyoku // 4 % 4]}{kyoku % 4 + 1}局 {honba}本場"
        outcomes: list[Win | Draw] = []
        owari = None
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
            if not tag.endswith(">"):  # white space after the tag
                tag = tag.rstrip()
                if tag in self.codes:
                    table.play([self.codes[tag]])
                    i += 1
                    continue
            name = tag.partition(" ")[0]  # the name of a tag with attributes (the others: event reads them)
            if name == "INIT":
                break
            try:
                outcome = self.event(table, name, tag, i, bool(outcomes))
            except InputError as e:
                if self.file in e.message:
                    raise
                self.fail(i, e.message)
            if outcome is not None:
                outcomes.append(outcome[0])
                owari = outcome[1] or owari
            i += 1
        if not outcomes:
            self.fail(i - 1, f"{label} has no AGARI or RYUUKYOKU: the log is cut short")
        rnd = Round(
            kyoku // 4, kyoku % 4 + 1, honba, sticks, dealer, scores, tuple(table.stood), tuple(outcomes),
            round_changes(outcomes, table.stood, n), place=f"tag {start + 1}",
        )  # fmt: skip
        return rnd, owari, i if i < end else None

    def event(self, table: Table, name: str, tag: str, i: int, second: bool) -> tuple[Win | Draw, str | None] | None:
        """Play tag ``i`` of the round (no draw or discard); an AGARI or RYUUKYOKU gives what ended the round and
        its ``owari``. ``second``: a win has been read already (a double ron's second winner)."""
        if name == "N":
            self.call(table, int(value(tag, ' who="') or 0), int(value(tag, ' m="') or 0))
        elif name == "REACH":
            who = int(value(tag, ' who="') or 0)
            if value(tag, ' step="') == "1":
                table.declare_riichi(who)
            else:
                table.riichi_stands(who)
        elif name == "DORA":
            table.reveal_dora(self.tiles_in(value(tag, ' hai="') or "0")[0])
        elif name == "AGARI":
            a = attrs(tag)
            return self.agari(table, a, i, second), a.get("owari")
        elif name == "RYUUKYOKU":
            a = attrs(tag)
            return self.ryuukyoku(table, a, i), a.get("owari")
        elif _name(tag) in ("UN", "BYE", "SHUFFLE", "GO", "TAIKYOKU") or tag.startswith("/"):
            pass  # reconnects and the like, a closing tag: nothing to score
        elif _name(tag)[:1] in MOVES and _name(tag)[1:].isdigit():
            self.fail(i, "a draw or discard of no tile 0-135")
        else:
            self.fail(i, "not a tag of a Tenhou round")
        return None

    def call(self, table: Table, who: int, m: int) -> None:
        kind, tiles, offset = meld(m, self.red)
        if kind == "kakan":
            table.kakan(who, tiles[0])
        elif kind == "ankan":
            table.ankan(who, list(tiles))
        elif kind == "kita":
            table.set_north_aside(who, tiles[0])
        else:
            # m & 3 counts seats around a table of four, the empty fourth seat of three players too
            table.call(who, kind, list(tiles), (who + offset) % 4)

    def agari(self, table: Table, tag: dict, i: int, second: bool) -> Win:
        who, source = int(tag.get("who", "0")), int(tag.get("fromWho", "0"))
        ba = ints(tag.get("ba"))
        ten = ints(tag.get("ten"))
        sc = ints(tag.get("sc"))
        if len(ba) != 2 or len(ten) != 3 or len(sc) < 2 * table.seats:
            self.fail(i, "ba, ten or sc is not complete")
        # Tenhou pays the honba and sticks of a double ron to the winner nearest the discarder, who comes first
        honba, sticks = (0, 0) if second else (ba[0], ba[1])
        hand = table.win_hand(who, source, self.options, honba, sticks, shown=self.tiles_in(tag.get("hai")))
        if hand.get("riichi") or hand.get("double_riichi"):
            hand["ura_indicators"] = list(indicator_names(tag.get("doraHaiUra"), self.red))
        logged_dora = list(indicator_names(tag.get("doraHai"), self.red))
        if logged_dora != hand.get("dora_indicators", []):
            self.fail(i, f"the round revealed dora {hand.get('dora_indicators')}, the tag shows {logged_dora}")
        pao = tag.get("paoWho")
        derived = table.liable[who]
        if (None if pao is None else int(pao)) != derived:
            self.fail(i, f"paoWho is {pao}, but the calls make seat {derived} liable")
        if pao is not None:
            hand["pao"] = table.source_letter(who, int(pao))
        try:
            yaku = dict(yaku_of(tag.get("yaku"), tag.get("yakuman")))
        except (IndexError, ValueError):
            self.fail(i, f"yaku {tag.get('yaku') or tag.get('yakuman')!r}: an unknown Tenhou yaku id")
        return Win(
            who,
            None if who == source else source,
            hand,
            None if tag.get("yakuman") else sum(yaku.values()),  # the han of every yaku pair, summed by item
            ten[0],
            ten[1],
            LIMITS.get(ten[2]),
            yaku,
            None if pao is None else int(pao),
            tuple(map(_HUNDRED, sc[1 : 2 * table.seats : 2])),
            f"tag {i + 1}",
        )

    def ryuukyoku(self, table: Table, tag: dict, i: int) -> Draw:
        sc = ints(tag.get("sc"))
        n = table.seats
        if len(sc) < 2 * n:
            self.fail(i, f"sc is not {n} scores and changes")
        deltas = tuple(map(_HUNDRED, sc[1 : 2 * n : 2]))
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


# ---- the fast path: a round read by positions in the text, its draws and discards as tag texts in one set --------
#
# Most of a round is draws and discards (some 92 a round, against a dozen other tags), and none of them has an
# attribute: the round's other tags are found by looking for the next ``="`` in the text (``str.find``, no Python
# step per tag), and the draws and discards before each are split off as one run (``T12/>``, ``D12/>``).
# Tenhou's tile ids 0-135 are distinct, so a round can be followed with ids instead of tiles, and an id held by a
# seat is written as that seat's discard tag of it (seat 0 holding id 12: ``D12/>``): the tiles all seats hold are
# one set of those texts. A discard takes its own text out of the set (a tile not held is not there), a draw puts
# in the discard text of its tile (one look-up, ``DRAWN``); a draw of a tile the seat holds changes nothing, and
# is found when the round ends by the count (the set holds exactly dealt + drawn - discarded - called tiles, or a
# draw did not add). A run's moves alternate: the discard that may open it (after a call, a riichi declaration),
# then draw and discard pairs, then the draw that may end it (before a win, a kong, a riichi), each applied in turn.
# The other tags (calls, riichi, dora, the end) are read one by one as the replay reads them, each looking at the
# move just before it (the last draw, the last discard) and the few states that wait for the next draw (a riichi
# stick, a kong, a replacement tile); at the end a winner's hand is the set's texts of that seat, and the Table a
# win is told from is made as it stands then.
#
# Anything the fast path does not vouch for (a tile id the round's hands do not explain, a riichi tile that is not
# the next discard, a move after the round's end, a tag it does not know, an attribute it cannot read) makes it
# give up, and the round is replayed move by move: the replay gives the round, or its precise error.
# tests/test_logs_fast.py checks that the two give the same Game on every test log and on mutated logs.

# HELD[s][x]: seat s holding tile id x, written as its discard tag of it
HELD = [[f"{letter}{x}/>" for x in range(136)] for letter in "DEFG"]
SEAT_HELD = [frozenset(held) for held in HELD]  # a seat's held texts (its discard tags)
DEALT = [{str(x): HELD[s][x] for x in range(136)} for s in range(4)]  # a dealt id as INIT writes it -> its text
# DRAWN[seats]: a draw tag -> the text of the tile it brings in (only the seats a game has: another seat's draw is
# no draw)
DRAWN = {n: {f"{letter}{x}/>": HELD[s][x] for s, letter in enumerate("TUVW"[:n]) for x in range(136)} for n in (3, 4)}
# a draw or discard tag -> (seat, tile id, a draw?)
MOVE_AT = {f"{letter}{x}/>": (s % 4, x, s < 4) for s, letter in enumerate("TUVWDEFG") for x in range(136)}
TILE_IDS = {str(t): t for t in range(136)}
DISCARD_OPENS = ("<D", "<E", "<F", "<G")  # how a seat's discard tags begin in the text
# REACH as Tenhou writes it (without ten) -> (seat, step); another spelling is read by ``value``
REACHES = {f'REACH who="{w}" step="{k}"{end}': (w, k) for w in range(4) for k in (1, 2) for end in ("/>", " />")}


@lru_cache(maxsize=4096)
def call_of(tag: str) -> tuple[int, int]:
    """An N tag's seat and meld code (``N who="1" m="50763" />``), read once per text (a code comes back game after
    game)."""
    return int(value(tag, ' who="') or 0), int(value(tag, ' m="') or 0)


# the attributes of a tag written as Tenhou writes it (``AGARI ba="0,1" hai="..." .../>``), split at its quotes:
# each piece before a value is ' name=' (the first also has the tag's name) and maps to the name
_ATTR_NAMES = (
    "seed ten oya hai0 hai1 hai2 hai3 shuffle ba hai m machi yaku yakuman doraHai doraHaiUra who fromWho paoWho "
    "sc owari type n0 n1 n2 n3 dan rate sx"
).split()
_ATTR_KEYS = {
    f"{tag}{name}=": name for tag in (" ", "INIT ", "AGARI ", "RYUUKYOKU ", "GO ", "UN ") for name in _ATTR_NAMES
}
# a tag's pieces before its values, joined by '"' (which no piece holds) -> the names of its values, or None where
# a piece is not one of _ATTR_KEYS: a few dozen layouts come back log after log
_LAYOUTS: dict[str, tuple[str, ...] | None] = {}


def fast_attrs(tag: str) -> dict[str, str]:
    """``attrs(tag)``, for the tags the fast path reads (INIT, AGARI, RYUUKYOKU, GO, UN) by one split at the quotes
    instead of a regular expression: where each piece before a value is ``name=`` after a space, the pieces are
    exactly the expression's matches, and the names of a layout seen before are one look-up. Anything else (an
    escape, a name it does not know, a quote left open) is read by ``attrs``."""
    parts = tag.split('"')
    if len(parts) & 1 and "&" not in tag:
        names = parts[0:-1:2]
        layout = '"'.join(names)
        fields = _LAYOUTS.get(layout)
        if fields is None and layout not in _LAYOUTS:
            fields = tuple(map(_ATTR_KEYS.get, names))
            fields = None if None in fields else fields
            if len(_LAYOUTS) < 4096:  # bounded: a stream of odd tags cannot grow it without end
                _LAYOUTS[layout] = fields
        if fields is not None:
            return dict(zip(fields, parts[1::2], strict=True))
    return attrs(tag)


# INIT as Tenhou writes it: these pieces before its values when it is split at its quotes, then `/>` or a shuffle
_INIT_LAYOUT = ["INIT seed=", " ten=", " oya=", " hai0=", " hai1=", " hai2=", " hai3="]


def init_values(tag: str) -> list[str | None]:
    """An INIT's ``seed``, ``ten``, ``oya`` and ``hai0``-``hai3`` (None where it has none), as ``attrs`` reads them.
    Tenhou writes them first and in this order, then ``shuffle`` or nothing: where the tag is that layout with no
    escape, its first 14 quotes split off the seven values and no later attribute can name one of them again (the
    regular expression would keep the last), so the values are the pieces between those quotes (no dict made:
    11.1 k instructions a tag against ``fast_attrs``' 18.1 k, callgrind). Any other tag is read by ``fast_attrs``."""
    parts = tag.split('"', 14)
    if len(parts) == 15 and parts[0:14:2] == _INIT_LAYOUT and "&" not in tag:
        rest = parts[14]  # after hai3's closing quote
        if rest == "/>" or (rest.startswith(' shuffle="') and rest.endswith('"/>') and rest.count('"') == 2):
            return parts[1:14:2]
    a = fast_attrs(tag)
    return [a.get("seed"), a.get("ten"), a.get("oya"), a.get("hai0"), a.get("hai1"), a.get("hai2"), a.get("hai3")]


@cache
def held_tiles(red: bool) -> dict[str, int]:
    """Each held text (a discard tag) -> its suanfan tile: a hand's and a river's tiles by look-ups."""
    tiles = tile_codes(red)
    return {HELD[s][x]: tiles[x] for s in range(4) for x in range(136)}


def fast_round(r: _Reader, at: int, start: int) -> tuple[Round, str | None, int | None, int | None] | None:
    """The round whose INIT is tag ``start`` at ``at`` in the text, with its ``owari`` and where the next round
    starts (its place in the text, its tag number; None at the end), as ``_Reader.replay_round`` gives it; or None
    where the fast checks find anything wrong or unusual: then the round is replayed."""
    try:
        return _fast_round(r, at, start)
    except (InputError, KeyError, ValueError, IndexError):
        return None  # a value the fast path cannot read: the replay reads it, or says what is wrong with it


def _fast_round(r: _Reader, at: int, start: int) -> tuple[Round, str | None, int | None, int | None] | None:
    s, n = r.body, r.seats
    tiles = tile_codes(r.red)
    end = len(s) - len("</mjloggm>")  # the last tag's <
    e = s.find("<", at + 1)
    seed_text, ten, oya, *hands = init_values(s[at + 1 : e])
    seed = ints(seed_text)
    kyoku, honba, sticks = seed[:3]
    dealer = int("0" if oya is None else oya)
    scores = tuple(map(_HUNDRED, ints(ten)))[:n]
    if len(seed) < 6 or len(scores) != n or not 0 <= seed[5] < 136:
        return None
    # the hands: the texts of the tiles each seat holds
    held: set[str] = set()
    dealt = 0
    for p in range(n):
        if text := hands[p]:
            ids = text.split(",")
            # one itemgetter call looks the 13 up (a third fewer instructions than a map; one id gives no tuple)
            held.update(itemgetter(*ids)(DEALT[p]) if len(ids) > 1 else [DEALT[p][ids[0]]])
            dealt += len(ids)
    if len(held) != dealt:
        return None  # a tile id dealt twice to a seat
    add, remove, drawn_text = held.add, held.remove, DRAWN[n]
    # draws less discards so far (with the moves' number, both counts): each run adds its closing draw less its
    # opening discard, its pairs being one of each
    excess = 0
    moved: list[str] = []  # the round's draws and discards so far (a river is read off them)
    last: str | None = None  # the last move's tag, while it is the last thing that happened (a call ends that)
    last_rinshan = False  # that move is a kong's replacement draw

    # the table's state as the replay keeps it (Table), changed by each tag that is no move
    calls = breaks = 0
    fed = [False] * n
    riichi: list[str | None] = [None] * n
    riichi_at: list[tuple[int, int] | None] = [None] * n
    stood: list[int] = []
    declared = unconfirmed = rinshan_due = None
    kong_open = False
    robbable: tuple[int, int, str] | None = None
    pending = False  # one of unconfirmed, kong_open, rinshan_due, robbable may be set: the next draw clears them
    kita = [0] * n
    liable: list[int | None] = [None] * n
    melds: list[list[list]] = [[], [], [], []][:n]
    taken: list[str] = []  # the texts of tiles gone from a hand into a meld
    dora = [tiles[seed[5]]]
    outcomes: list[Win | Draw] = []
    owari = None
    table = None

    pos, i = e, start + 1  # the next tag's < and its number
    while True:
        q = s.find('="', pos, end)  # the next tag with an attribute: the tags before it are moves
        b = end if q < 0 else s.rfind("<", pos, q)
        if b > pos:  # the moves: what the replay's state keeps of them
            if table is not None:
                return None  # a move after the round's end
            moves = s[pos + 1 : b].split("<")
            m = len(moves)
            i += m
            first = moves[0]
            opened = first not in drawn_text  # the run opens with a discard
            if opened:
                remove(first)  # KeyError: no tile the seat holds (or no move at all)
            odd = (m - opened) & 1  # the run ends with a draw
            pairs = iter(moves[opened : m - odd] if opened or odd else moves)
            for d, x in zip(pairs, pairs, strict=True):  # KeyError: a draw that is none, a discard of a tile not held
                add(drawn_text[d])
                remove(x)
            if odd:
                add(drawn_text[moves[-1]])
            excess += odd - opened
            if declared is not None:  # the riichi tile: the run's first move, a discard of the seat's
                if unconfirmed is not None or not opened or first not in SEAT_HELD[declared]:
                    return None
                # the seat's river so far: its discard tags in the round's text before this run (every tag there is
                # a move or one the loop knows, and only DORA also begins with D)
                before = s.count(DISCARD_OPENS[declared], at, pos) - (len(dora) - 1 if declared == 0 else 0)
                riichi[declared] = "riichi" if before or calls else "double_riichi"
                riichi_at[declared] = (before + 1, breaks)
                unconfirmed, declared, pending = declared, None, True
            moved += moves
            last, last_rinshan = moves[-1], False
            if pending and opened < m:
                # the run's first draw: the riichi stick is down, a kong complete, a replacement drawn
                if unconfirmed is not None:
                    if unconfirmed not in stood:
                        stood.append(unconfirmed)
                    unconfirmed = None
                if kong_open:
                    breaks += 1
                    kong_open = False
                last_rinshan = opened == m - 1 and rinshan_due == MOVE_AT[moves[opened]][0]
                rinshan_due = robbable = None
                pending = False
        if q < 0:
            break
        pos = s.find("<", q)
        tag = s[b + 1 : pos]  # the tag as tags_of gives it
        if not tag.endswith(">"):
            return None
        name = tag.partition(" ")[0]
        if name == "INIT":
            break
        p, i = i, i + 1
        if name in ("AGARI", "RYUUKYOKU"):
            if table is None:
                # every move is in: a draw that added nothing leaves the set short (dealt + drawn - discarded -
                # taken is what the hands hold)
                draws = (len(moved) + excess) // 2
                if len(held) != dealt + excess - len(taken) or draws > LIVE_WALL[n]:
                    return None
                drawn = last_discard = None
                if last is not None:
                    who, x, is_draw = MOVE_AT[last]
                    if is_draw:
                        drawn = (who, tiles[x], last_rinshan)
                    else:
                        last_discard = (who, tiles[x])
                table = table_at({
                    "seats": n, "dealer": dealer, "round_wind": kyoku // 4, "hands": [[], [], [], []][:n],
                    "rivers": [[], [], [], []][:n], "melds": melds, "dora": dora, "live": LIVE_WALL[n] - draws,
                    "place": "", "offset": 0, "calls": calls, "breaks": breaks, "fed": fed, "riichi": riichi,
                    "riichi_at": riichi_at, "stood": stood, "declared": declared, "unconfirmed": unconfirmed,
                    "kong_open": kong_open, "rinshan_due": rinshan_due, "drawn": drawn, "last_discard": last_discard,
                    "robbable": robbable, "kita": kita, "liable": liable,
                })  # fmt: skip
            a = fast_attrs(tag)
            if name == "AGARI":
                who = int(a.get("who", "0"))
                # the river is read by a win only for ippatsu and the first turn (tenhou, chiihou)
                river = riichi[who] is not None or int(a.get("fromWho", "0")) == who
                _hand_and_river(table, who, held, moved if river else None, r.red)
                outcomes.append(r.agari(table, a, p, bool(outcomes)))
            else:
                if a.get("type") == "nm":
                    for seat in range(n):
                        _hand_and_river(table, seat, held, moved, r.red)
                outcomes.append(r.ryuukyoku(table, a, p))
            owari = a.get("owari") or owari
            continue
        if name in ("N", "REACH", "DORA") and table is not None:
            return None  # play after the round's end
        if name == "N":
            who, code = call_of(tag)
            if not 0 <= who < n:
                return None
            kind, ids, offset = meld_ids(code)
            texts = HELD[who]
            if kind in ("chi", "pon", "minkan"):
                source = (who + offset) % 4
                if last is None:
                    return None
                seat, x, is_draw = MOVE_AT[last]  # the called tile: the last discard
                if is_draw or seat != source or x not in ids:
                    return None
                for y in ids:  # the caller's tiles leave its hand
                    if y != x:
                        if texts[y] not in held:
                            return None
                        remove(texts[y])
                        taken.append(texts[y])
                if unconfirmed is not None:
                    if unconfirmed not in stood:
                        stood.append(unconfirmed)
                    unconfirmed = None
                meld_tiles = list(map(tiles.__getitem__, ids))
                melds[who].append([kind, meld_tiles, (source - who) % n])
                called = KIND[tiles[x]]
                if kind != "chi" and called >= 27:
                    group = range(31, 34) if called >= 31 else range(27, 31)
                    if sum(KIND[m[1][0]] in group for m in melds[who]) == len(group):
                        liable[who] = source  # 責任払い, as Table.call finds it
                fed[source] = True
                calls += 1
                breaks += 1
                if kind == "minkan":
                    rinshan_due, pending = who, True
                last = None
                continue
            for y in ids:  # a kong from the hand, an added kong, a North set aside
                if texts[y] not in held:
                    return None
                remove(texts[y])
                taken.append(texts[y])
            t = tiles[ids[0]]
            if kind == "kita":
                if n != 3 or t != 30:
                    return None
                kita[who] += 1
                rinshan_due, robbable, last, pending = who, (who, t, "kita"), None, True
                continue
            if kind == "kakan":
                pon = next((m for m in melds[who] if m[0] == "pon" and KIND[m[1][0]] == KIND[t]), None)
                if pon is None:
                    return None
                pon[0] = "kakan"
                pon[1].append(t)
            else:
                melds[who].append(["ankan", list(map(tiles.__getitem__, ids)), 0])
            if unconfirmed is not None:
                if unconfirmed not in stood:
                    stood.append(unconfirmed)
                unconfirmed = None
            calls += 1
            kong_open = True
            rinshan_due, robbable, last, pending = who, (who, t, kind), None, True
        elif name == "REACH":
            who, step = REACHES.get(tag) or (int(value(tag, ' who="') or 0), 1 if value(tag, ' step="') == "1" else 2)
            if not 0 <= who < n:
                return None
            if step == 1:
                if riichi[who]:
                    return None
                declared = who
            else:
                if riichi[who] is None:
                    return None
                if who not in stood:
                    stood.append(who)
                if unconfirmed == who:
                    unconfirmed = None
        elif name == "DORA":
            indicator = list(map(TILE_IDS.__getitem__, (value(tag, ' hai="') or "0").split(",")))[0]
            if len(dora) >= 5:
                return None
            dora.append(tiles[indicator])
        elif not (_name(tag) in ("UN", "BYE", "SHUFFLE", "GO", "TAIKYOKU") or tag.startswith("/")):
            return None
    if not outcomes or table is None:
        return None
    rnd = Round(
        kyoku // 4, kyoku % 4 + 1, honba, sticks, dealer, scores, tuple(table.stood), tuple(outcomes),
        round_changes(outcomes, table.stood, n), place=f"tag {start + 1}",
    )  # fmt: skip
    return (rnd, owari, None, None) if q < 0 else (rnd, owari, b, i)


def _hand_and_river(table: Table, who: int, held: set[str], moves: list[str] | None, red: bool) -> None:
    """Seat ``who``'s concealed tiles at the round's end onto ``table``, from the texts of the tiles held, and its
    river from the round's moves where given (its order is not kept: a win and nagashi ask only its length and tiles)."""
    tile_of = held_tiles(red).__getitem__  # map(), not a list comprehension (a function call of its own)
    table.hands[who] = list(map(tile_of, SEAT_HELD[who].intersection(held)))
    if moves is not None:
        table.rivers[who] = list(map(tile_of, SEAT_HELD[who].intersection(moves)))
