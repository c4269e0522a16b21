"""What was played: the concealed tiles, the melds, the winning tile, flowers, and the win's context.

``Hand.build`` reads the contract's input (strings, lists or dicts) and validates it against a tile set, raising
``InputError`` with a message that names the tile, the meld or the count that is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cached_property, lru_cache

from .errors import InputError
from .result import filled
from .tiles import (
    FLOWER0,
    KIND,
    N_KINDS,
    RED0,
    SUIT_GROUPS,
    TILE_ID,
    count_bits,
    counts_text,
    format_tiles,
    held_bits,
    is_flower,
    kind,
    parse_tile,
    parse_tiles,
    suit_keys,
    tile_name,
)

MELD_KINDS = ("chi", "pon", "minkan", "kakan", "ankan")
KONGS = ("minkan", "kakan", "ankan")
SOURCES = ("L", "A", "R")
_new = object.__new__  # frozen values made from fields already checked, in one step (see ``result.filled``)


@dataclass(frozen=True, slots=True)
class TileSet:
    """The tiles a rule set plays with: which kinds exist, how many copies, red fives, flowers."""

    name: str
    kinds: frozenset[int]
    copies: int = 4
    red_fives: bool = False
    flowers: bool = False

    @property
    def size(self) -> int:
        return len(self.kinds) * self.copies + (8 if self.flowers else 0)


TILES_136 = TileSet("136", frozenset(range(34)), red_fives=True)
TILES_144 = TileSet("144", frozenset(range(34)), flowers=True)
TILES_108 = TileSet("108", frozenset(range(27)))


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set. ``source`` is where the claimed tile came from: L (left), A (across), R (right)."""

    kind: str
    tiles: tuple[int, ...]
    source: str | None = None
    text: str = field(init=False, repr=False, compare=False)  # ``pon:777z@L``, written once
    count_bits: int = field(init=False, repr=False, compare=False)  # ``tiles.count_bits`` of its tiles
    held_bits: int = field(init=False, repr=False, compare=False)  # ``tiles.held_bits`` of its tiles

    def __post_init__(self) -> None:
        text = f"{self.kind}:{format_tiles(self.tiles)}" + (f"@{self.source}" if self.source else "")
        object.__setattr__(self, "text", text)
        tiles = [t for t in self.tiles if not FLOWER0 <= t < RED0]
        object.__setattr__(self, "count_bits", count_bits(tiles))
        object.__setattr__(self, "held_bits", held_bits(tiles))

    @property
    def is_kong(self) -> bool:
        return self.kind in KONGS

    @property
    def is_open(self) -> bool:
        """Everything but a concealed kong exposes the hand (副露)."""
        return self.kind != "ankan"

    @property
    def first(self) -> int:
        """The lowest tile kind of the meld."""
        return min(kind(t) for t in self.tiles)

    def __str__(self) -> str:
        return self.text

    @classmethod
    def parse(cls, spec) -> Meld:
        """``pon:777z``, ``chi:123m@L``, or ``{"type": "pon", "tiles": "777z", "from": "L"}``."""
        if isinstance(spec, Meld):
            return spec
        if isinstance(spec, str):
            return _parse_meld_text(spec)
        return cls._parse(spec)

    @classmethod
    def _parse(cls, spec) -> Meld:
        if isinstance(spec, dict):
            kind_ = spec.get("type", spec.get("kind"))
            text = spec.get("tiles")
            source = spec.get("from", spec.get("source"))
            original = str(spec)
        elif isinstance(spec, str):
            original = spec
            if ":" not in spec:
                raise InputError(
                    "bad_meld",
                    f"meld '{spec}' needs a kind, like pon:777z or chi:123m (kinds: {', '.join(MELD_KINDS)})",
                )
            kind_, _, text = spec.partition(":")
            source = None
            if "@" in text:
                text, _, source = text.partition("@")
        else:
            raise InputError("bad_meld", f"meld {spec!r} is neither a string like pon:777z nor an object")
        kind_ = (kind_ or "").strip().lower()
        if kind_ not in MELD_KINDS:
            raise InputError("bad_meld", f"meld '{original}': kind '{kind_}' is not one of {', '.join(MELD_KINDS)}")
        if source is not None:
            source = str(source).strip().upper()
            if source not in SOURCES:
                raise InputError("bad_meld", f"meld '{original}': source '@{source}' is not L, A or R")
        tiles = tuple(parse_tiles(text if text is not None else ""))
        meld = cls(kind_, tiles, source)
        meld._check(original)
        return meld

    def _check(self, original: str) -> None:
        want = 4 if self.is_kong else 3
        if len(self.tiles) != want:
            raise InputError("bad_meld", f"meld '{original}': a {self.kind} has {want} tiles, not {len(self.tiles)}")
        if any(is_flower(t) for t in self.tiles):
            raise InputError("bad_meld", f"meld '{original}': a flower cannot be in a meld")
        ks = sorted(kind(t) for t in self.tiles)
        if self.kind == "chi":
            if ks[0] >= 27 or ks[1] != ks[0] + 1 or ks[2] != ks[0] + 2 or ks[0] // 9 != ks[2] // 9:
                raise InputError("bad_meld", f"meld '{original}': a chi is three consecutive tiles of one suit")
        elif len(set(ks)) != 1:
            raise InputError("bad_meld", f"meld '{original}': a {self.kind} is {want} copies of one tile")


@lru_cache(maxsize=4096)
def _parse_meld_text(spec: str) -> Meld:
    return Meld._parse(spec)


@dataclass(frozen=True)
class Context:
    """How the hand was won: the contract's win context. Rule-set flags go in ``extra``."""

    tsumo: bool = False
    seat_wind: str = "E"
    round_wind: str = "E"
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    chankan: bool = False
    haitei: bool = False
    houtei: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    last_copy: bool = False
    after_kong_discard: bool = False
    declared: bool = False
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0
    extra: dict = field(default_factory=dict)
    # the flags above that are true, one bit each (``FLAG_BITS``): a rule set reads them all in one step
    flags: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        bits = 0
        for name, bit in FLAG_BITS.items():
            if getattr(self, name):
                bits |= bit
        object.__setattr__(self, "flags", bits)

    @property
    def is_dealer(self) -> bool:
        """The dealer is the player whose seat wind is East."""
        return self.seat_wind == "E"


# a flag's bit in ``Context.flags``, in the order the fields are declared (tsumo 1, riichi 2, double_riichi 4, ...)
FLAG_BITS = {f.name: 1 << i for i, f in enumerate(f for f in fields(Context) if f.type in ("bool", bool))}
CONTEXT_FLAGS = frozenset(FLAG_BITS)
_WIND_ALIASES = {
    "E": "E",
    "S": "S",
    "W": "W",
    "N": "N",
    "东": "E",
    "南": "S",
    "西": "W",
    "北": "N",
    "EAST": "E",
    "SOUTH": "S",
    "WEST": "W",
    "NORTH": "N",
    "1Z": "E",
    "2Z": "S",
    "3Z": "W",
    "4Z": "N",
}


def parse_wind(value, what: str) -> str:
    w = _WIND_ALIASES.get(str(value).strip().upper()) if value is not None else None
    if w is None:
        raise InputError("bad_context", f"{what} '{value}' is not a wind (E, S, W or N)")
    return w


def _count(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InputError("bad_context", f"{what} must be a whole number 0 or more, not {value!r}")
    return value


# How ``read_context`` reads each field: 0 a flag, 1 a field it skips, 2 a wind, 3 tiles, 4 a count (5 others).
_CONTEXT_KEYS = {
    **{key: 0 for key in CONTEXT_FLAGS},
    "seat_wind": 2,
    "round_wind": 2,
    "dora_indicators": 3,
    "ura_indicators": 3,
    "honba": 4,
    "riichi_sticks": 4,
}


class _Readers(dict):
    """The fields to skip (a tuple) -> the table of ``read_context`` that skips them."""

    def __missing__(self, skip: tuple[str, ...]) -> dict:
        table = self[skip] = {**{key: 1 for key in skip}, **_CONTEXT_KEYS}
        return table


_READERS = _Readers()
_CONTEXT_DEFAULTS = {f.name: f.default for f in fields(Context) if f.name != "extra"}


def build_context(extra_flags: tuple[str, ...] = (), **ctx) -> Context:
    """Read the win context; a key that neither the contract nor the rule set knows is an error."""
    return read_context(ctx, extra_flags)


def read_context(obj: dict, extra_flags: tuple[str, ...] = (), skip: tuple[str, ...] = ()) -> Context:
    """``build_context`` of the fields of ``obj`` but those in ``skip`` (a hand object's ``hand``, ``win``, ...)."""
    context = _new(Context)
    fields = context.__dict__
    # every field in the instance's own dict: reading one left to the class default goes the slow way, and the rule
    # sets read each flag of every hand
    fields.update(_CONTEXT_DEFAULTS)
    extra: dict = {}
    flags = 0
    table = _READERS[skip] if skip else _CONTEXT_KEYS
    for key, value in obj.items():
        try:
            what = table[key]
        except KeyError:
            what = 5  # a rule set's field, or unknown
        if what == 0:
            if value is True:
                fields[key] = True
                flags |= FLAG_BITS[key]
            elif value is not False and value is not None:
                raise InputError("bad_context", f"'{key}' is true or false, not {value!r}")
        elif what == 1 or value is None:
            if what == 5 and not isinstance(key, str):
                raise TypeError(f"field {key!r} is not a string")
        elif what == 2:
            wind = _WIND_ALIASES.get(value) if value.__class__ is str else None
            fields[key] = wind if wind is not None else parse_wind(value, key)
        elif what == 3:
            if value.__class__ is list:
                try:
                    fields[key] = tuple(map(_TILE_ID_OF, value))  # the common case: each one tile in plain mpsz
                    continue
                except (KeyError, TypeError):
                    pass
            fields[key] = _indicators(value)
        elif what == 4:
            fields[key] = value if value.__class__ is int and value >= 0 else _count(value, key)
        elif key in extra_flags:
            extra[key] = value
        else:
            raise InputError("bad_context", f"unknown field '{key}'")
    fields["extra"] = extra
    fields["flags"] = flags
    return context


def _indicators(value) -> tuple[int, ...]:
    """Dora or ura dora indicators: a list of tiles (or one tile)."""
    return tuple(parse_tiles(value if isinstance(value, (list, tuple)) else [value]))


_TILE_ID_OF = TILE_ID.__getitem__


@dataclass(frozen=True)
class Hand:
    """A winning (14-tile) or waiting (13-tile) hand.

    ``concealed`` holds the tiles in hand, the winning tile included; ``melds`` the declared sets.
    """

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    win_tile: int | None = None
    flowers: tuple[int, ...] = ()
    counts34: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        c = [0] * N_KINDS
        for t in self.concealed:
            c[KIND[t]] += 1
        object.__setattr__(self, "counts34", tuple(c))

    @property
    def is_closed(self) -> bool:
        """门前清: no meld but concealed kongs."""
        return all(not m.is_open for m in self.melds)

    @property
    def counts(self) -> list[int]:
        """Concealed tiles by kind (34 counts, red fives as fives); a fresh list the caller may change."""
        return list(self.counts34)

    def all_tiles(self) -> list[int]:
        out = list(self.concealed)
        for m in self.melds:
            out.extend(m.tiles)
        return out

    # Facts counted once per hand: ``build`` writes them while reading the hand; a hand made directly counts them on
    # first use. Read as attributes (a cached property is a plain attribute once set).

    @cached_property
    def suit_keys(self) -> tuple[int, int, int, int]:
        """``tiles.suit_keys`` of the concealed counts: one integer a suit, the keys of the per-suit tables."""
        return suit_keys(self.counts34)

    @cached_property
    def kinds_held(self) -> int:
        """``tiles.held_bits`` of every tile, the melds' included: bit k for each kind k held, bits 34-36 for the red
        fives."""
        held = held_bits(self.concealed)
        for m in self.melds:
            held |= m.held_bits
        return held

    @cached_property
    def meld_texts(self) -> tuple[str, ...]:
        """The melds as the contract writes them (``chi:123m``), in order."""
        return tuple([m.text for m in self.melds])

    @cached_property
    def tile_bits(self) -> int:
        """``tiles.count_bits`` of every tile, the melds' included (flowers aside): 8 bits a kind, red fives counted
        as fives and again in lanes 34-36. ``tile_bits.to_bytes(37, "little")`` is the counts by kind."""
        bits = count_bits(self.concealed)
        for m in self.melds:
            bits += m.count_bits
        return bits

    @cached_property
    def concealed_text(self) -> str:
        """Canonical mpsz of the concealed tiles (``text()``)."""
        t = self.concealed
        return counts_text(self.counts34, (42 in t, 43 in t, 44 in t))

    def text(self) -> str:
        """Canonical mpsz of the concealed tiles."""
        return self.concealed_text

    @classmethod
    def build(
        cls,
        hand,
        win=None,
        melds=(),
        flowers=None,
        tile_set: TileSet = TILES_136,
        waiting: bool = False,
    ) -> Hand:
        """Parse and validate. ``waiting`` expects 13 − 3 × melds tiles and no winning tile."""
        if hand.__class__ is str and not waiting:
            plain = _build_plain(cls, hand, win, melds, flowers, tile_set)
            if plain is not None:
                return plain
        tiles = parse_tiles(hand)
        if isinstance(melds, (str, dict, Meld)):
            melds = [melds]  # one meld given on its own
        elif melds is not None and not isinstance(melds, (list, tuple)):
            raise InputError("bad_meld", f"melds is a list of melds like ['pon:777z', 'chi:123m'], not {melds!r}")
        meld_objs = tuple([Meld.parse(m) for m in melds]) if melds else ()
        counts = [0] * 45  # by tile id: red fives and flowers apart
        for t in tiles:
            counts[t] += 1
        flower_tiles = [t for t in tiles if 34 <= t < 42] if any(counts[34:42]) else []
        if flower_tiles:
            tiles = [t for t in tiles if not is_flower(t)]
        if flowers is not None:
            if isinstance(flowers, bool) or not isinstance(flowers, (int, str, list, tuple)):
                raise InputError("bad_flowers", f"flowers must be a count or flower tiles, not {flowers!r}")
            if isinstance(flowers, int):
                if not 0 <= flowers <= 8:
                    raise InputError("bad_flowers", f"there are 8 flowers, not {flowers}")
                flower_tiles += [FLOWER0 + i for i in range(flowers)] if not flower_tiles else []
                if len(flower_tiles) != flowers:
                    raise InputError(
                        "bad_flowers", f"flowers says {flowers} but the hand has {len(flower_tiles)} flower tiles"
                    )
            else:
                given = parse_tiles(flowers)
                bad = [tile_name(t) for t in given if not is_flower(t)]
                if bad:
                    raise InputError("bad_flowers", f"{', '.join(bad)} in flowers is not a flower (1f-8f)")
                flower_tiles += given
        if flower_tiles and not tile_set.flowers:
            raise InputError(
                "bad_tile", f"this rule set plays without flowers, but {format_tiles(flower_tiles)} was given"
            )
        if len(set(flower_tiles)) != len(flower_tiles):
            raise InputError("bad_flowers", f"flower {format_tiles(flower_tiles)} is given twice; each exists once")
        want = (13 if waiting else 14) - 3 * len(meld_objs)
        if len(meld_objs) > 4:
            raise InputError("bad_count", f"a hand has at most 4 melds, not {len(meld_objs)}")
        if len(tiles) != want:
            melds_txt = f" with {len(meld_objs)} meld{'s' if len(meld_objs) != 1 else ''}" if meld_objs else ""
            raise InputError(
                "bad_count",
                f"hand '{format_tiles(tiles)}' has {len(tiles)} tiles; {want} are needed{melds_txt} "
                f"({'13' if waiting else '14'} − 3 per meld{'' if waiting else ', winning tile included'})",
            )
        in_hand = list(counts)
        for m in meld_objs:
            for t in m.tiles:
                counts[t] += 1
        reds = counts[42:45]
        counts = counts[:34]
        counts[4] += reds[0]
        counts[13] += reds[1]
        counts[22] += reds[2]
        _check_tiles(counts, reds, tile_set)
        win_tile = None
        if waiting and win is not None:
            raise InputError("bad_win", f"a waiting hand has no winning tile yet, but {win!r} was given")
        if not waiting:
            if win is None:
                win_tile = tiles[-1]  # documented default: the last tile written
            else:
                win_tile = parse_tile(win)
                if win_tile not in tiles:
                    # a plain five given for a hand holding only the red one (or the reverse) is the same tile
                    same = [t for t in tiles if kind(t) == kind(win_tile)]
                    if not same:
                        raise InputError(
                            "bad_win", f"winning tile {tile_name(win_tile)} is not in the hand '{format_tiles(tiles)}'"
                        )
                    if win_tile >= RED0 or not any(t == kind(t) for t in same):
                        win_tile = same[0]
        counts34 = in_hand[:34]
        if in_hand[42] or in_hand[43] or in_hand[44]:
            counts34[4] += in_hand[42]
            counts34[13] += in_hand[43]
            counts34[22] += in_hand[44]
        fields = {
            "concealed": tuple(tiles),
            "melds": meld_objs,
            "win_tile": win_tile,
            "flowers": tuple(sorted(flower_tiles)) if flower_tiles else (),
            "counts34": tuple(counts34),
        }
        return filled(cls, fields)


_GROUPS_M, _GROUPS_P, _GROUPS_S, _GROUPS_Z = SUIT_GROUPS
# ``count_bits`` of a hand and its melds: adding 123 to a kind's 8 bits (127 - 4 copies), 126 to a suit's red fives
# (127 - 1), sets the top bit of those 8 bits exactly when there are too many (a count never passes 30).
_RED_BITS = 8 * N_KINDS
_OVER_BITS = sum(123 << 8 * k for k in range(N_KINDS)) + sum(126 << _RED_BITS + 8 * s for s in range(3))
_TOP_BITS = sum(128 << 8 * k for k in range(N_KINDS + 3))
_FLOWER_RUNS = [tuple(range(FLOWER0, FLOWER0 + n)) for n in range(9)]  # ``flowers`` given as a count


def _build_plain(cls, hand: str, win, melds, flowers, tile_set: TileSet) -> Hand | None:
    """``Hand.build`` of the common input by table look-ups: plain mpsz in suit order, the winning tile in plain
    mpsz, melds as a list, flowers as a count. None sends anything else (and every doubtful count or winning tile)
    to the full reader, which names what is wrong; the errors raised here are the ones it would raise."""
    # one group per suit, in the order m p s z (``123m456p11z``): each read once by ``SUIT_GROUPS``
    i = hand.find("m") + 1
    j = hand.find("p", i) + 1 or i
    k = hand.find("s", j) + 1 or j
    end = hand.find("z", k) + 1 or k
    if end != len(hand):
        return None
    a = _GROUPS_M[hand[:i]]
    b = _GROUPS_P[hand[i:j]]
    c = _GROUPS_S[hand[j:k]]
    d = _GROUPS_Z[hand[k:end]]
    if a is None or b is None or c is None or d is None:
        return None
    tiles = a[0] + b[0] + c[0] + d[0]
    bits = a[4] + b[4] + c[4] + d[4]
    held = a[5] | b[5] | c[5] | d[5]
    if not melds and (melds is None or melds.__class__ is list or melds.__class__ is tuple):
        meld_objs = meld_texts = ()
    elif melds.__class__ is list or melds.__class__ is tuple:
        if len(melds) > 4:
            return None
        read = []
        for spec in melds:
            if spec.__class__ is not str:
                return None
            meld = _parse_meld_text(spec)
            bits += meld.count_bits
            held |= meld.held_bits
            read.append(meld)
        meld_objs = tuple(read)
        meld_texts = tuple([m.text for m in read])
    else:
        return None
    if len(tiles) != 14 - 3 * len(meld_objs):
        return None
    if flowers is None:
        flower_tiles = ()
    elif flowers.__class__ is int and 0 <= flowers <= 8 and (tile_set.flowers or not flowers):
        flower_tiles = _FLOWER_RUNS[flowers]
    else:
        return None
    counts34 = a[1] + b[1] + c[1] + d[1]
    if (
        (bits + _OVER_BITS) & _TOP_BITS
        or (bits >> _RED_BITS and not tile_set.red_fives)
        or tile_set.copies != 4
        or len(tile_set.kinds) < N_KINDS
    ):
        counts = list(counts34)
        reds = [a[3], b[3], c[3]]
        for m in meld_objs:
            for t in m.tiles:
                counts[KIND[t]] += 1
                if t >= RED0:
                    reds[t - RED0] += 1
        _check_tiles(counts, reds, tile_set)
    if win is None:
        win_tile = tiles[-1]  # documented default: the last tile written
    else:
        win_tile = TILE_ID.get(win) if win.__class__ is str else None
        if win_tile is None or win_tile not in tiles:
            return None
    obj = _new(cls)
    obj.__dict__.update(
        {
            "concealed": tiles,
            "melds": meld_objs,
            "win_tile": win_tile,
            "flowers": flower_tiles,
            "counts34": counts34,
            "concealed_text": a[2] + b[2] + c[2] + d[2],
            "tile_bits": bits,
            "kinds_held": held,
            "suit_keys": (a[6], b[6], c[6], d[6]),
            "meld_texts": meld_texts,
        }
    )
    return obj


@lru_cache(maxsize=8)
def _more_than(copies: int) -> frozenset[int]:
    """The counts of one kind above ``copies`` (a hand and its melds hold at most 14 + 4 × 4 tiles)."""
    return frozenset(range(copies + 1, 31))


def _check_tiles(counts: list[int], reds: list[int], tile_set: TileSet) -> None:
    """``counts`` by kind (red fives counted as fives) and ``reds`` the red fives by suit, the hand's and its melds'."""
    if reds[0] or reds[1] or reds[2]:
        for s in range(3):
            n = reds[s]
            if not n:
                continue
            five = 4 + 9 * s
            if not tile_set.red_fives:
                raise InputError(
                    "bad_tile",
                    f"{tile_name(RED0 + s)} (red five) is not in this rule set's tiles; write {tile_name(five)}",
                )
            if n > 1:
                raise InputError(
                    "too_many_copies", f"{tile_name(RED0 + s)} appears {n} times; there is one red five per suit"
                )
    if not _more_than(tile_set.copies).isdisjoint(counts):
        k = next(k for k in range(N_KINDS) if counts[k] > tile_set.copies)
        raise InputError("too_many_copies", f"{tile_name(k)} appears {counts[k]} times; the set has {tile_set.copies}")
    if len(tile_set.kinds) < N_KINDS:
        for k in range(N_KINDS):
            if counts[k] and k not in tile_set.kinds:
                raise InputError("bad_tile", f"{tile_name(k)} is not in this rule set's {tile_set.name} tiles")
