"""What was played: the concealed tiles, the melds, the winning tile, flowers, and the win's context.

``Hand.build`` reads the contract's input (strings, lists or dicts) and validates it against a tile set, raising
``InputError`` with a message that names the tile, the meld or the count that is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cached_property, lru_cache

from .errors import InputError
from .tiles import (
    FLOWER0,
    KIND,
    N_KINDS,
    RED0,
    counts_text,
    format_tiles,
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
# Three-player Riichi (三麻): 2m-8m taken out, 108 tiles; the red fives left are 0p and 0s.
TILES_SANMA = TileSet("sanma", frozenset(range(34)) - frozenset(range(1, 8)), red_fives=True)


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set. ``source`` is where the claimed tile came from: L (left), A (across), R (right)."""

    kind: str
    tiles: tuple[int, ...]
    source: str | None = None
    text: str = field(init=False, repr=False, compare=False)  # ``pon:777z@L``, as the contract writes it

    def __post_init__(self) -> None:
        text = f"{self.kind}:{format_tiles(self.tiles)}" + (f"@{self.source}" if self.source else "")
        object.__setattr__(self, "text", text)

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

    @property
    def is_dealer(self) -> bool:
        """The dealer is the player whose seat wind is East."""
        return self.seat_wind == "E"


# The fields of ``Context`` by how ``read_context`` reads them.
CONTEXT_FLAGS = frozenset(f.name for f in fields(Context) if f.type in ("bool", bool))
_WIND_FIELDS = frozenset({"seat_wind", "round_wind"})
_TILE_FIELDS = frozenset({"dora_indicators", "ura_indicators"})
_COUNT_FIELDS = frozenset({"honba", "riichi_sticks"})
_CONTEXT_FIELDS = CONTEXT_FLAGS | _WIND_FIELDS | _TILE_FIELDS | _COUNT_FIELDS
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


MAX_COUNT = 100  # honba and riichi sticks: past any real game (a total of 10^20 is more than a JSON client reads)


def _count(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise InputError("bad_context", f"{what} must be a whole number from 0 to {MAX_COUNT}, not {value!r}")
    return value


def build_context(extra_flags: tuple[str, ...] = (), /, **ctx) -> Context:
    """Read the win context; a key that neither the contract nor the rule set knows is an error (``extra_flags``
    included: it is positional only, so a field of that name is one more unknown field, not this argument)."""
    return read_context(ctx, extra_flags)


def read_context(obj: dict, extra_flags: tuple[str, ...] = (), skip: tuple[str, ...] = ()) -> Context:
    """``build_context`` of the fields of ``obj`` but those in ``skip`` (a hand object's ``hand``, ``win``, ...).

    A field given as null is left at its default; a rule set's field (``extra_flags``) goes in ``extra``."""
    values: dict = {}
    extra: dict = {}
    for key, value in obj.items():
        if key in _CONTEXT_FIELDS:
            if value is None:
                continue
            if key in CONTEXT_FLAGS:
                if value is True:
                    values[key] = True
                elif value is not False:
                    raise InputError("bad_context", f"'{key}' is true or false, not {value!r}")
            elif key in _WIND_FIELDS:
                values[key] = parse_wind(value, key)
            elif key in _TILE_FIELDS:
                values[key] = _indicators(value)
            else:
                values[key] = _count(value, key)
        elif key in skip or value is None:
            if not isinstance(key, str):
                raise InputError("bad_context", f"field {key!r} is not a name (a string)")
        elif key.__class__ is str and key in extra_flags:
            extra[key] = value
        elif not isinstance(key, str):
            raise InputError("bad_context", f"field {key!r} is not a name (a string)")
        else:
            raise InputError("bad_context", f"unknown field '{key}'")
    return Context(**values, extra=extra)


def _indicators(value) -> tuple[int, ...]:
    """Dora or ura dora indicators: a list of tiles (or one tile)."""
    return tuple(parse_tiles(value if isinstance(value, (list, tuple)) else [value]))


@dataclass(frozen=True)
class Hand:
    """A winning (14-tile) or waiting (13-tile) hand.

    ``concealed`` holds the tiles in hand, the winning tile included; ``melds`` the declared sets.
    """

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    win_tile: int | None = None
    flowers: tuple[int, ...] = ()

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

    # Facts of the hand the rule sets read for every reading, counted on first use (a frozen value never changes).

    @cached_property
    def counts34(self) -> tuple[int, ...]:
        """Concealed tiles by kind: 34 counts, red fives as fives."""
        c = [0] * N_KINDS
        for t in self.concealed:
            c[KIND[t]] += 1
        return tuple(c)

    @cached_property
    def all_counts(self) -> tuple[int, ...]:
        """Every tile by kind, the melds' included: 34 counts, red fives as fives."""
        c = list(self.counts34)
        for m in self.melds:
            for t in m.tiles:
                c[KIND[t]] += 1
        return tuple(c)

    @cached_property
    def kinds_held(self) -> int:
        """The kinds of every tile, the melds' included, as bits: bit k for kind k."""
        return sum(1 << k for k, n in enumerate(self.all_counts) if n)

    @cached_property
    def red_fives(self) -> int:
        """How many red fives the hand holds, the melds' included."""
        return sum(1 for t in self.all_tiles() if t >= RED0)

    @cached_property
    def suit_keys(self) -> tuple[int, int, int, int]:
        """``tiles.suit_keys`` of the concealed counts: one integer a suit, the keys of the per-suit tables."""
        return suit_keys(self.counts34)

    @cached_property
    def meld_texts(self) -> tuple[str, ...]:
        """The melds as the contract writes them (``chi:123m``), in order."""
        return tuple(m.text for m in self.melds)

    def text(self) -> str:
        """Canonical mpsz of the concealed tiles."""
        t = self.concealed
        return counts_text(self.counts34, (RED0 in t, RED0 + 1 in t, RED0 + 2 in t))

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
        flowers_held = tuple(sorted(flower_tiles))
        return cls(tuple(tiles), meld_objs, win_tile, flowers_held)


def _check_tiles(counts: list[int], reds: list[int], tile_set: TileSet) -> None:
    """``counts`` by kind (red fives counted as fives) and ``reds`` the red fives by suit, the hand's and its melds'."""
    for s, n in enumerate(reds):
        if not n:
            continue
        if not tile_set.red_fives:
            raise InputError(
                "bad_tile",
                f"{tile_name(RED0 + s)} (red five) is not in this rule set's tiles; write {tile_name(4 + 9 * s)}",
            )
        if n > 1:
            raise InputError(
                "too_many_copies", f"{tile_name(RED0 + s)} appears {n} times; there is one red five per suit"
            )
    for k, n in enumerate(counts):
        if n > tile_set.copies:
            raise InputError("too_many_copies", f"{tile_name(k)} appears {n} times; the set has {tile_set.copies}")
    for k, n in enumerate(counts):
        if n and k not in tile_set.kinds:
            raise InputError("bad_tile", f"{tile_name(k)} is not in this rule set's {tile_set.name} tiles")
