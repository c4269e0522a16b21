"""What every log reader shares (suanfan.logs.model and suanfan.logs.table), checked where it was written for speed:
the game model's values make themselves (their own ``__init__``) and must stay the frozen dataclasses they
declare, and a win's hand and melds are written from caches that must give what writing them out gives."""

from __future__ import annotations

import dataclasses
import inspect
import random

import pytest

from suanfan.errors import InputError
from suanfan.logs import model
from suanfan.logs.model import Draw, Game, Round, Win, round_changes
from suanfan.logs.table import NAMES, SOURCES, Table, meld_text_of, tiles_text
from suanfan.tiles import format_tiles, tile_name

VALUES = (Win, Draw, Round)  # the values with an __init__ of their own


@pytest.mark.parametrize("cls", VALUES)
def test_a_value_takes_its_fields_in_order_with_their_defaults(cls: type) -> None:
    """The hand-written ``__init__`` has the signature the dataclass would make: every field, in order, each
    with its default (so a reader's call, positional or by name, and ``dataclasses.replace`` mean what they say)."""
    params = list(inspect.signature(cls).parameters.values())
    fields = dataclasses.fields(cls)
    assert [p.name for p in params] == [f.name for f in fields]
    assert [p.default for p in params] == [
        inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default for f in fields
    ]


@pytest.mark.parametrize("cls", VALUES)
def test_a_value_sets_every_field_and_stays_frozen(cls: type) -> None:
    names = [f.name for f in dataclasses.fields(cls)]
    values = [object() for _ in names]
    value = cls(*values)
    assert [getattr(value, n) for n in names] == values
    assert vars(value) == dict(zip(names, values, strict=True))  # nothing else is set
    by_name = cls(**dict(zip(names, values, strict=True)))
    assert by_name == value and repr(by_name) == repr(value)
    for n in names:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, n, None)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(value, n)
    changed = dataclasses.replace(value, **{names[0]: 1})
    assert getattr(changed, names[0]) == 1 and [getattr(changed, n) for n in names[1:]] == values[1:]


def test_values_compare_by_their_fields_and_kind() -> None:
    win = Win(0, 1, {"hand": "x"}, 3, 30, 3900, None, {"riichi": 1}, deltas=(3900, -3900, 0, 0), place="tag 9")
    assert win == Win(0, 1, {"hand": "x"}, 3, 30, 3900, None, {"riichi": 1}, None, (3900, -3900, 0, 0), "tag 9")
    assert win != Win(0, 1, {"hand": "x"}, 3, 40, 3900, None, {"riichi": 1}, deltas=(3900, -3900, 0, 0))
    assert Draw("exhaustive") == Draw("exhaustive", (), (), None, "")
    assert Draw("exhaustive") != Win("exhaustive", (), (), None, "", None, None, None)
    assert Draw("exhaustive").tenpai == () and Win(0, None, {}, 1, 30, 1000, None, None).tsumo
    rnd = Round(1, 2, 1, 0, 1, (25000,) * 4, (), (win,), (3900, -3900, 0, 0))
    assert rnd.label == "南2局 1本場" and rnd.wins == (win,) and rnd.place == ""
    game = Game("f", 0, "tenhou", "g", ("a", "b", "c", "d"), {}, {}, (rnd,))
    assert game.rounds[0] == rnd and game.info == {}


def test_round_changes_add_up_the_outcomes_less_the_sticks() -> None:
    ron = Win(0, 1, {}, 1, 30, 1000, None, None, deltas=(2000, -1000, 0, 0))
    second = Win(2, 1, {}, 1, 30, 1000, None, None, deltas=(0, -1000, 1000, 0))
    assert round_changes([ron, second], [0], 4) == (1000, -2000, 1000, 0)
    assert round_changes((Draw("exhaustive", deltas=(1500, 1500, -1500, -1500)),), [], 4) == (1500, 1500, -1500, -1500)
    assert round_changes([Draw("kyuushu_kyuuhai")], [1, 2], 4) == (0, -1000, -1000, 0)
    assert round_changes([Draw("exhaustive", deltas=(1000, -1000))], [], 3) == (1000, -1000, 0)  # fewer than seats
    assert round_changes([Draw("exhaustive", deltas=())], [2], 3) == (0, 0, -1000)
    assert round_changes.__module__ == model.__name__


def _written_out(meld: list, seats: int) -> str:
    """A meld's text as the contract writes it, the long way."""
    kind, tiles, offset = meld
    text = f"{kind}:{format_tiles(tiles)}"
    return text if kind == "ankan" else f"{text}@{SOURCES[seats][offset]}"


def test_meld_texts_are_the_contract_s() -> None:
    """The cached meld text is the written-out one for every kind, source, order of tiles and table size, the
    same meld given again included (the cache's second answer)."""
    rng = random.Random(5)
    for _ in range(3000):
        seats = rng.choice((3, 4))
        kind = rng.choice(("chi", "pon", "minkan", "kakan", "ankan"))
        tiles = [rng.choice([*range(34), 42, 43, 44]) for _ in range(4 if "kan" in kind else 3)]
        offset = 0 if kind == "ankan" else rng.choice(list(SOURCES[seats]))
        meld = [kind, tiles, offset]
        assert meld_text_of(meld, seats) == _written_out(meld, seats)
        assert meld_text_of([kind, list(tiles), offset], seats) == _written_out(meld, seats)
        table = Table(seats, 0, 0, [[]] * seats, [])
        assert table.meld_text(meld) == _written_out(meld, seats)
    assert meld_text_of(["pon", [31, 31, 31], 2], 4) == "pon:555z@A"
    assert meld_text_of(["pon", [31, 31, 31], 2], 3) == "pon:555z@L"
    assert meld_text_of(["chi", [44, 23, 24], 3], 4) == "chi:067s@L"


def test_tile_names_and_texts() -> None:
    assert NAMES == tuple(tile_name(t) for t in range(45))
    rng = random.Random(6)
    for _ in range(2000):
        tiles = [rng.choice([*range(34), 42, 43, 44]) for _ in range(rng.randrange(1, 15))]
        assert tiles_text(tiles) == format_tiles(tiles)


def _hand_written_out(table: Table, who: int, source: int | None, options: dict, honba: int, sticks: int) -> dict:
    """A win's hand object the long way: every field looked up and written as the contract says, in its order."""
    tsumo = source is None or source == who
    chankan = rinshan = False
    if tsumo:
        _, tile, rinshan = table.drawn
        concealed = list(table.hands[who])
    elif table.robbable is not None and table.robbable[0] == source:
        tile, chankan = table.robbable[1], True
        concealed = [*table.hands[who], tile]
    else:
        tile = table.last_discard[1]
        concealed = [*table.hands[who], tile]
    hand: dict = {
        "rules": "riichi",
        "hand": format_tiles(concealed),
        "win": tile_name(tile),
        "melds": [_written_out(m, table.seats) for m in table.melds[who]],
        "tsumo": tsumo,
        "seat_wind": "ESWN"[(who - table.dealer) % table.seats],
        "round_wind": "ESWN"[table.round_wind],
    }
    if table.riichi[who]:
        hand[table.riichi[who]] = True
        if table.ippatsu(who):
            hand["ippatsu"] = True
    if rinshan:
        hand["rinshan"] = True
    elif tsumo and table.live == 0:
        hand["haitei"] = True
    if chankan and table.robbable[2] == "kakan":
        hand["chankan"] = True
    elif not tsumo and not chankan and table.live == 0:
        hand["houtei"] = True
    if tsumo and table.first_turn(who):
        hand["tenhou" if who == table.dealer else "chiihou"] = True
    if table.dora:
        hand["dora_indicators"] = [tile_name(t) for t in table.dora]
    if table.kita[who]:
        hand["kita"] = table.kita[who]
    if honba:
        hand["honba"] = honba
    if sticks:
        hand["riichi_sticks"] = sticks
    hand["options"] = options
    return hand


def test_every_win_of_the_test_logs_is_told_as_written_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Table.win_hand`` gives the long way's hand object (the same keys in the same order) on every win of every
    test log, read by each format's reader, the MJAI games (the Tenhou ones told as MJAI) included."""
    from pathlib import Path

    from mjai_from_tenhou import convert
    from suanfan.logs import decode, files_of, read_bytes, sniff

    seen = []
    real = Table.win_hand

    def compare(self: Table, who: int, source: int | None, options: dict, honba: int, sticks: int, shown=None):
        hand = real(self, who, source, options, honba, sticks, shown)
        expected = _hand_written_out(self, who, source, options, honba, sticks)
        assert list(hand.items()) == list(expected.items())
        seen.append(hand)
        return hand

    monkeypatch.setattr(Table, "win_hand", compare)
    for file in files_of([Path(__file__).parent / "data" / "logs"]):
        data = Path(file).read_bytes()
        try:
            text = decode(data, file)
            kind = sniff(text)
            read_bytes(data, file)
        except InputError:  # a file in the folder that is no log, or a log the tests keep for its error
            continue
        if kind == "tenhou":
            read_bytes(convert(text).encode(), file + ".mjai")
    assert len(seen) > 700 and any(h["melds"] for h in seen) and any(h.get("ippatsu") for h in seen)
