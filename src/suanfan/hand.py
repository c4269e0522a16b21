"""What was played: the concealed tiles, the melds, the winning tile, flowers, and the win's context.

``Hand.build`` reads the contract's input (strings, lists or dicts) and validates it against a tile set, raising
``InputError`` with a message that names the tile, the meld or the count that is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import lru_cache

from .controls import WINDS as WIND_CHOICES
from .controls import Control, text
from .errors import InputError
from .messages import say
from .tiles import (
    FLOWER0,
    N_KINDS,
    RED0,
    counts_key,
    format_tiles,
    is_flower,
    keys_counts,
    keys_text,
    kind,
    parse_tile,
    parse_tiles,
    split_key,
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
                raise InputError("bad_meld", say("meld_needs_kind", meld=spec, kinds=", ".join(MELD_KINDS)))
            kind_, _, text = spec.partition(":")
            source = None
            if "@" in text:
                text, _, source = text.partition("@")
        else:
            raise InputError("bad_meld", f"meld {spec!r} is neither a string like pon:777z nor an object")
        kind_ = (kind_ or "").strip().lower()
        if kind_ not in MELD_KINDS:
            raise InputError(
                "bad_meld", say("meld_kind_unknown", meld=original, kind=kind_, kinds=", ".join(MELD_KINDS))
            )
        if source is not None:
            source = str(source).strip().upper()
            if source not in SOURCES:
                raise InputError("bad_meld", say("meld_source", meld=original, source=source))
        tiles = tuple(parse_tiles(text if text is not None else ""))
        meld = cls(kind_, tiles, source)
        meld._check(original)
        return meld

    def _check(self, original: str) -> None:
        want = 4 if self.is_kong else 3
        if len(self.tiles) != want:
            raise InputError("bad_meld", say("meld_size", meld=original, kind=self.kind, want=want, n=len(self.tiles)))
        if any(is_flower(t) for t in self.tiles):
            raise InputError("bad_meld", say("meld_flower", meld=original))
        ks = sorted(kind(t) for t in self.tiles)
        if self.kind == "chi":
            if ks[0] >= 27 or ks[1] != ks[0] + 1 or ks[2] != ks[0] + 2 or ks[0] // 9 != ks[2] // 9:
                raise InputError("bad_meld", say("chi_not_a_run", meld=original))
        elif len(set(ks)) != 1:
            raise InputError("bad_meld", say("meld_not_one_kind", meld=original, kind=self.kind, want=want))


@lru_cache(maxsize=4096)
def _parse_meld_text(spec: str) -> Meld:
    return Meld._parse(spec)


def described(default, type: str, names: dict[str, str], help: dict[str, str], **more):
    """A ``Context`` field with its description: ``context_controls`` makes a ``Control`` of it, from which the CLI
    options, the HTTP models and the page's controls are made (a new field touches this class only)."""
    return field(default=default, metadata={"type": type, "names": names, "help": help, **more})


@dataclass(frozen=True)
class Context:
    """How the hand was won: the contract's win context. Rule-set flags go in ``extra``.

    Each field says what it is (``described``): its type, its names and a one-line help in en / zh / ja.
    """

    tsumo: bool = described(
        False,
        "bool",
        text("Self-draw (tsumo)", "自摸", "ツモ"),
        text(
            "You drew the winning tile yourself instead of winning on a discard",
            "和牌张是自己摸到的，不是别人打出的",
            "和了牌を自分で引いた（ロンではない）",
        ),
    )
    seat_wind: str = described(
        "E",
        "wind",
        text("Seat wind", "门风", "自風"),
        text("Your seat; East is the dealer", "你的座位风；东家是庄家", "自分の席の風。東家が親"),
    )
    round_wind: str = described(
        "E",
        "wind",
        text("Round wind", "圈风", "場風"),
        text("The wind of the round being played", "当前这一圈的风", "今の場の風"),
    )
    riichi: bool = described(
        False,
        "bool",
        text("Riichi", "立直", "立直"),
        text("You declared riichi before this win", "和牌前已宣告立直", "和了の前にリーチを宣言した"),
    )
    double_riichi: bool = described(
        False,
        "bool",
        text("Double riichi", "两立直", "ダブル立直"),
        text(
            "Riichi declared with your first discard, before any call",
            "第一巡打第一张牌时就立直，之前无人鸣牌",
            "第一打牌でリーチした（それまで鳴きなし）",
        ),
    )
    ippatsu: bool = described(
        False,
        "bool",
        text("Ippatsu", "一发", "一発"),
        text(
            "Won within one go-around after riichi, with no call in between",
            "立直后一巡内和牌，中间无人鸣牌",
            "リーチ後一巡以内に和了（その間に鳴きなし）",
        ),
    )
    rinshan: bool = described(
        False,
        "bool",
        text("Win on a kong replacement", "杠上开花", "嶺上開花"),
        text(
            "The winning tile is the one you drew after declaring a kong",
            "和牌张是开杠后补摸的牌",
            "カンの後に引いた嶺上牌で和了",
        ),
    )
    chankan: bool = described(
        False,
        "bool",
        text("Robbing a kong", "抢杠", "槍槓"),
        text(
            "You won on the tile another player added to a kong",
            "抢别人加杠的那张牌和牌",
            "他家が加槓した牌で和了",
        ),
    )
    haitei: bool = described(
        False,
        "bool",
        text("Last tile of the wall", "海底摸月 (妙手回春)", "海底摸月"),
        text("You won by drawing the last tile of the wall", "摸牌墙最后一张牌自摸和", "最後のツモ牌で和了"),
    )
    houtei: bool = described(
        False,
        "bool",
        text("Last discard", "河底捞鱼 (海底捞月)", "河底撈魚"),
        text(
            "You won on the discard after the last tile was drawn",
            "和最后一张牌摸完后打出的那张牌",
            "最後の捨て牌でロン和了",
        ),
    )
    tenhou: bool = described(
        False,
        "bool",
        text("Blessing of heaven", "天和", "天和"),
        text("The dealer won on the hand as dealt", "庄家起手十四张就和牌", "親が配牌で和了"),
    )
    chiihou: bool = described(
        False,
        "bool",
        text("Blessing of earth", "地和", "地和"),
        text(
            "A non-dealer won on the first draw, before any call",
            "闲家第一次摸牌就和牌，之前无人鸣牌",
            "子が第一ツモで和了（鳴きなし）",
        ),
    )
    renhou: bool = described(
        False,
        "bool",
        text("Blessing of man", "人和", "人和"),
        text(
            "A non-dealer won on a discard before the first draw",
            "闲家在第一次摸牌前和别人打出的牌",
            "子が第一ツモの前にロン和了",
        ),
    )
    last_copy: bool = described(
        False,
        "bool",
        text("Last copy of the tile", "和绝张", "和絶張"),
        text(
            "The winning tile is the last copy: the other three are in sight",
            "和牌张是最后一张：另外三张已经亮明或打出",
            "和了牌が最後の一枚（残り三枚が見えている）",
        ),
    )
    after_kong_discard: bool = described(
        False,
        "bool",
        text("Discard right after a kong", "杠上炮", "槓上放銃"),
        text(
            "You won on the tile a player discarded right after his kong",
            "和别人开杠后打出的那张牌",
            "カンをした人の直後の捨て牌でロン和了",
        ),
    )
    declared: bool = described(
        False,
        "bool",
        text("Declared ready", "报听 / 亮倒", "聴牌宣言"),
        text(
            "You declared your hand ready before winning",
            "和牌前已报听（亮倒）",
            "和了の前に聴牌を宣言した",
        ),
    )
    dora_indicators: tuple[int, ...] = described(
        (),
        "tiles",
        text("Dora indicators", "宝牌指示牌", "ドラ表示牌"),
        text(
            "The tiles turned up that point at the dora",
            "翻开的宝牌指示牌",
            "めくられたドラ表示牌",
        ),
    )
    ura_indicators: tuple[int, ...] = described(
        (),
        "tiles",
        text("Ura dora indicators", "里宝牌指示牌", "裏ドラ表示牌"),
        text(
            "The tiles under the dora indicators, turned after a riichi win",
            "立直和牌后翻开的里宝牌指示牌",
            "リーチで和了した後にめくる裏ドラ表示牌",
        ),
    )
    honba: int = described(
        0,
        "count",
        text("Honba", "本场", "本場"),
        text(
            "Repeat counters on the table; each adds 300 points to the win",
            "本场数；每本场多得 300 点",
            "積み棒の数。一本場につき 300 点",
        ),
    )
    riichi_sticks: int = described(
        0,
        "count",
        text("Riichi sticks", "立直棒", "供託リーチ棒"),
        text(
            "Riichi sticks left on the table, 1,000 points each, taken by the winner",
            "场上的立直棒，每根 1000 点，归和牌者",
            "場に供託されたリーチ棒（1本 1000 点、和了者が得る）",
        ),
    )
    extra: dict = field(default_factory=dict)

    @property
    def is_dealer(self) -> bool:
        """The dealer is the player whose seat wind is East."""
        return self.seat_wind == "E"


# The fields of ``Context`` by how ``read_context`` reads them: by the type each is described with.
def _of_type(kind: str) -> frozenset[str]:
    return frozenset(f.name for f in fields(Context) if f.metadata.get("type") == kind)


CONTEXT_FLAGS = _of_type("bool")
_FIELD_TYPE = {f.name: f.metadata["type"] for f in fields(Context) if "type" in f.metadata}  # name -> its type
# The flowers set aside go with the hand (``Hand.flowers``), but a player gives them with the win's context.
FLOWERS = Control(
    "flowers",
    "tiles",
    None,
    text("Flowers", "花牌", "花牌"),
    text(
        "The flower tiles you set aside (1f-8f), or how many",
        "补出的花牌（1f-8f），或花牌张数",
        "抜いた花牌（1f-8f）、またはその枚数",
    ),
)


def context_controls() -> tuple[Control, ...]:
    """The contract's win context as typed controls, read off ``Context``'s descriptions, then the flowers."""
    described_fields = (f for f in fields(Context) if "type" in f.metadata)
    return (
        *(
            Control(
                f.name,
                f.metadata["type"],
                f.default,
                f.metadata["names"],
                f.metadata["help"],
                WIND_CHOICES if f.metadata["type"] == "wind" else (),
            )
            for f in described_fields
        ),
        FLOWERS,
    )


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
    w = _WIND_ALIASES.get(value) if value.__class__ is str else None  # E, S, W, N as written: no need to clean
    if w is None and value is not None:
        w = _WIND_ALIASES.get(str(value).strip().upper())
    if w is None:
        raise InputError("bad_context", say("not_a_wind", what=what, value=value))
    return w


MAX_COUNT = 100  # honba and riichi sticks: past any real game (a total of 10^20 is more than a JSON client reads)


def _count(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise InputError("bad_context", say("count_range", what=what, most=MAX_COUNT, value=repr(value)))
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
        type_ = _FIELD_TYPE.get(key)
        if type_ is not None:
            if value is None:
                continue
            if type_ == "bool":
                if value is True:
                    values[key] = True
                elif value is not False:
                    raise InputError("bad_context", say("flag_not_bool", what=key, value=repr(value)))
            elif type_ == "wind":
                values[key] = parse_wind(value, key)
            elif type_ == "tiles":
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
            raise InputError("bad_context", say("unknown_field", what=key))
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
    # Facts the rule sets read for every reading, counted once from the fields above:
    counts34: tuple[int, ...] = field(init=False, repr=False, compare=False)  # concealed tiles by kind (34)
    all_counts: tuple[int, ...] = field(init=False, repr=False, compare=False)  # every tile by kind, melds' too
    kinds_held: int = field(init=False, repr=False, compare=False)  # bit k for each kind k held, melds included
    red_fives: int = field(init=False, repr=False, compare=False)  # red fives held, melds included
    # ``tiles.suit_keys`` of the concealed counts: one integer a suit (3 bits a count), the per-suit tables' keys
    suit_keys: tuple[int, int, int, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        concealed = counts_key(self.concealed)  # the counts by kind as one integer (tiles.counts_key)
        keys = split_key(concealed)
        counts, held = keys_counts(keys)
        every = counts
        reds = 0 if max(self.concealed, default=0) < RED0 else sum([t >= RED0 for t in self.concealed])
        if self.melds:
            for m in self.melds:
                concealed += counts_key(m.tiles)
                reds += sum([t >= RED0 for t in m.tiles])
            every, held = keys_counts(split_key(concealed))
        set_ = object.__setattr__  # a frozen dataclass sets its derived fields so (dataclasses docs)
        set_(self, "counts34", counts)
        set_(self, "all_counts", every)
        set_(self, "kinds_held", held)
        set_(self, "red_fives", reds)
        set_(self, "suit_keys", keys)

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

    @property
    def meld_texts(self) -> tuple[str, ...]:
        """The melds as the contract writes them (``chi:123m``), in order."""
        return tuple([m.text for m in self.melds])

    def text(self) -> str:
        """Canonical mpsz of the concealed tiles."""
        if not self.red_fives:
            return keys_text(self.suit_keys)
        t = self.concealed
        return keys_text(self.suit_keys, (RED0 in t, RED0 + 1 in t, RED0 + 2 in t))

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
                    raise InputError("bad_flowers", say("flowers_count", n=flowers))
                flower_tiles += [FLOWER0 + i for i in range(flowers)] if not flower_tiles else []
                if len(flower_tiles) != flowers:
                    raise InputError("bad_flowers", say("flowers_mismatch", n=flowers, held=len(flower_tiles)))
            else:
                given = parse_tiles(flowers)
                bad = [tile_name(t) for t in given if not is_flower(t)]
                if bad:
                    raise InputError("bad_flowers", say("not_a_flower", tiles=", ".join(bad)))
                flower_tiles += given
        if flower_tiles and not tile_set.flowers:
            raise InputError("bad_tile", say("no_flowers_here", tiles=format_tiles(flower_tiles)))
        if len(set(flower_tiles)) != len(flower_tiles):
            raise InputError("bad_flowers", say("flower_twice", tiles=format_tiles(flower_tiles)))
        want = (13 if waiting else 14) - 3 * len(meld_objs)
        if len(meld_objs) > 4:
            raise InputError("bad_count", say("too_many_melds", n=len(meld_objs)))
        if len(tiles) != want:
            melds_txt = f" with {len(meld_objs)} meld{'s' if len(meld_objs) != 1 else ''}" if meld_objs else ""
            raise InputError(
                "bad_count",
                say(
                    "tile_count",
                    hand=format_tiles(tiles),
                    n=len(tiles),
                    want=want,
                    melds=melds_txt,
                    base=13 if waiting else 14,
                    win="" if waiting else ", winning tile included",
                ),
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
            raise InputError("bad_win", say("waiting_hand_has_win", win=repr(win)))
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
                            "bad_win", say("win_not_in_hand", tile=tile_name(win_tile), hand=format_tiles(tiles))
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
            raise InputError("bad_tile", say("red_not_in_set", tile=tile_name(RED0 + s), plain=tile_name(4 + 9 * s)))
        if n > 1:
            raise InputError("too_many_copies", say("red_twice", tile=tile_name(RED0 + s), n=n))
    if max(counts) > tile_set.copies:
        k = next(k for k, n in enumerate(counts) if n > tile_set.copies)
        raise InputError(
            "too_many_copies", say("too_many_copies", tile=tile_name(k), n=counts[k], copies=tile_set.copies)
        )
    if len(tile_set.kinds) < N_KINDS:  # a tile set without some kinds (Sichuan's 108, three-player Riichi's)
        for k, n in enumerate(counts):
            if n and k not in tile_set.kinds:
                raise InputError("bad_tile", say("tile_not_in_set", tile=tile_name(k), tiles=tile_set.name))
