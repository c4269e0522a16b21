"""The per-pattern tables MCR reads a hand from agree with the plain definitions they are filled from."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from suanfan.rules.mcr import _TABLES
from suanfan.rules.mcr.exclusions import NonRepeat, exclusion_table, non_repeat
from suanfan.rules.mcr.fans import BIT, FANS, TILE_FANS, TileFacts, tile_fans
from suanfan.rules.mcr.waits import waits_once
from suanfan.shapes import is_regular_complete, is_seven_pairs
from suanfan.tiles import suit_keys

KINDS = st.sets(st.integers(0, 33), max_size=14)


def _definition(kinds: set[int]) -> int:
    """The tile fans of a hand holding these kinds, from ``TileFacts.key`` (the facts spelled out on the whole
    mask) and each row's predicate."""
    facts = TileFacts(*TileFacts.key(sum(1 << k for k in kinds)))
    return sum(BIT[row.id] for row in TILE_FANS if row.check(facts))


@settings(max_examples=400)
@given(KINDS)
def test_tile_fans_from_the_two_halves_are_the_definition(kinds: set[int]) -> None:
    assert tile_fans(sum(1 << k for k in kinds)) == _definition(kinds)


def test_tile_fans_by_hand() -> None:
    """A few facts checked by hand: 绿一色 23468s 发; 推不倒 1234589p 245689s 白; 清幺九 terminals only."""
    green = {19, 20, 21, 23, 25, 32}
    assert tile_fans(sum(1 << k for k in green)) & BIT["lv_yi_se"]
    assert not tile_fans(sum(1 << k for k in green | {18})) & BIT["lv_yi_se"]  # 1s is not green
    reversible = {9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31}
    assert tile_fans(sum(1 << k for k in reversible)) & BIT["tui_bu_dao"]
    assert not tile_fans(sum(1 << k for k in reversible | {14})) & BIT["tui_bu_dao"]  # 6p is not
    terminals = {0, 8, 9, 17}
    assert tile_fans(sum(1 << k for k in terminals)) & BIT["qing_yao_jiu"]
    assert not tile_fans(sum(1 << k for k in terminals | {27})) & BIT["qing_yao_jiu"]  # with an honor: 混幺九


@st.composite
def _waiting_hands(draw) -> list[int]:
    """13 counts (34 kinds): four sets and a pair, or seven pairs, less one tile."""
    if draw(st.booleans()):
        tiles = [t for t in draw(st.lists(st.integers(0, 33), min_size=7, max_size=7)) for _ in range(2)]
    else:
        tiles = []
        for _ in range(4):
            if draw(st.booleans()):
                s = draw(st.integers(0, 2)) * 9 + draw(st.integers(0, 6))
                tiles += [s, s + 1, s + 2]
            else:
                tiles += [draw(st.integers(0, 33))] * 3
        tiles += [draw(st.integers(0, 33))] * 2
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    assume(max(counts) <= 4)
    counts[draw(st.sampled_from(tiles))] -= 1
    return counts


def _waits_by_hand(counts13: list[int]) -> list[int]:
    """The kinds that complete the hand, each tried: sets and a pair, or seven pairs (four of a kind as two)."""
    out = []
    for k in range(34):
        grown = list(counts13)
        grown[k] += 1
        if is_regular_complete(grown) or is_seven_pairs(grown, kongs_as_pairs=True):
            out.append(k)
    return out


@settings(max_examples=600)
@given(_waiting_hands())
def test_waits_once_from_the_suit_keys_is_waiting_on_one_kind(counts13: list[int]) -> None:
    waits = _waits_by_hand(counts13)
    for win in waits:  # the hand as scored: won on each of its waits, ``waits_once`` takes the winning tile away
        counts14 = list(counts13)
        counts14[win] += 1
        kinds14 = sum(1 for n in counts14 if n)
        seven = bytes(counts13) if kinds14 <= 8 else None  # as MCR asks (seven pairs need 8 kinds at most)
        assert waits_once(suit_keys(counts14), win, seven) is (len(waits) == 1)
        if kinds14 > 8:  # so the seven-pairs test may be skipped there: no seven-pairs wait
            assert not any(is_seven_pairs([n + (k == j) for j, n in enumerate(counts13)], True) for k in range(34))


def is_seven_shifted_pairs(held: int) -> bool:
    """连七对's row asked of a seven-pairs hand holding the kinds of ``held`` (what it reads of the division)."""
    return bool(FANS["lian_qi_dui"].check(SimpleNamespace(form="seven_pairs", h=SimpleNamespace(held=held))))


@given(st.sets(st.integers(0, 33), min_size=7, max_size=7))
def test_seven_shifted_pairs_from_the_kinds_held(kinds: set[int]) -> None:
    ordered = sorted(kinds)
    in_a_row = ordered[6] - ordered[0] == 6 and ordered[6] < 27 and ordered[0] // 9 == ordered[6] // 9
    assert is_seven_shifted_pairs(sum(1 << k for k in kinds)) is in_a_row


def test_seven_shifted_pairs_each_start() -> None:
    for suit in range(3):
        for start in range(9):
            held = sum(1 << suit * 9 + start + i for i in range(7) if start + i < 9)
            assert is_seven_shifted_pairs(held) is (start <= 2)


@settings(max_examples=500)
@given(st.sets(st.sampled_from(sorted(BIT)), max_size=12), st.sampled_from(["consensus", "green_book_2006"]))
def test_non_repeat_by_the_implying_fans_is_the_walk(fans: set[str], edition: str) -> None:
    """不重复 worked out per set of implying fans (``NonRepeat``) keeps, removes and logs what the walk from the
    highest fan down (``non_repeat``) does, on any set of fans."""
    table = exclusion_table(_TABLES[edition][1])
    found = sum(BIT[f] for f in fans)
    want_log: list = []
    want = non_repeat(found, {"yao_jiu_ke": 2}, want_log, table)
    by_implying = NonRepeat(table)
    removes = by_implying[found & by_implying.implying]
    if removes is None:  # 九莲宝灯 takes a 幺九刻: the walk itself runs
        assert "jiu_lian_bao_deng" in fans
        return
    assert found & ~removes[0] == want
    assert [entry for bit, entry in removes[1] if bit & found] == want_log


def test_nine_gates_takes_one_terminal_pung() -> None:
    """九莲宝灯 不计 幺九刻 ×1 (consensus): of one 幺九刻 none is left, of two one is, and a fan missing from the counts
    counts once."""
    table = exclusion_table(_TABLES["consensus"][1])
    found = BIT["jiu_lian_bao_deng"] | BIT["yao_jiu_ke"]
    one: dict = {}
    assert not non_repeat(found, one, [], table) & BIT["yao_jiu_ke"]
    assert one == {}
    two = {"yao_jiu_ke": 2}
    assert non_repeat(found, two, [], table) & BIT["yao_jiu_ke"]
    assert two == {}  # one left: it counts once


def test_set_fans_kept_are_the_rows_answers(monkeypatch) -> None:
    """The set rows' answers kept per pattern of sets (patterns.py ``set_fans``) are what the rows answer fresh: random
    winning hands score the same with the table full, empty, or holding two patterns at most (begun again each time
    it fills), and every kept answer is ``find`` of its key's ``Sets``."""
    import random

    import suanfan
    from suanfan.rules.mcr import patterns
    from test_mcr_oracle import random_hand

    rng = random.Random(7)
    hands = [{"rules": "mcr", **random_hand(rng)} for _ in range(300)]

    def scored() -> list[dict]:
        return [suanfan.score_dict(h).to_dict() for h in hands]

    patterns._KEPT.clear()
    fresh = scored()
    assert len(patterns._KEPT) > 100  # the hands' patterns were kept
    for key, answer in patterns._KEPT.items():
        assert patterns.find(patterns.Sets(key)) == answer
    assert scored() == fresh  # read from the table
    monkeypatch.setattr(patterns, "LIMIT", 2)
    patterns._KEPT.clear()
    assert scored() == fresh
    assert len(patterns._KEPT) <= 2


def test_set_rows_skipped_for_what_they_need_would_find_nothing() -> None:
    """A ``sets`` row that ``needs`` a fact of ``Sets`` is not asked of a division without it (patterns.py ``find``):
    asked anyway, over every division of random winning hands, it finds nothing there."""
    import random

    import suanfan
    from suanfan import shapes
    from suanfan.hand import Hand, build_context
    from suanfan.rules.mcr import _FORMS, _Scorer
    from suanfan.rules.mcr.division import Division, Sets
    from suanfan.rules.mcr.fans import SET_ROWS
    from test_mcr_oracle import random_hand

    rs = suanfan.get_rules("mcr")
    rng = random.Random(11)
    skipped = 0
    for _ in range(400):
        h = random_hand(rng)
        hand = Hand.build(h["hand"], h["win"], h.get("melds", ()), h.get("flowers"), tile_set=rs.tile_set)
        ctx = build_context(
            rs.context_flags, **{k: v for k, v in h.items() if k not in ("hand", "win", "melds", "flowers")}
        )
        scorer = _Scorer(hand, ctx, rs.resolve_options(None), [])
        for division in shapes.divisions(hand, **_FORMS):
            key = Division(scorer.facts, *division).key
            for needs, rows in SET_ROWS[key[0]]:
                if needs and not getattr(Sets(key), needs):
                    for _, fan_id, check in rows:
                        skipped += 1
                        assert not check(Sets(key)), (fan_id, needs, key)
    assert skipped > 1000
