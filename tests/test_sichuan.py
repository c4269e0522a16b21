"""Sichuan Bloody Battle: the digest's worked examples (tests/data/sichuan_examples.jsonl) as cases of the one schema, and
the helpers (kong money, max_value, ...). Its table of cases (tests/data/sichuan_cases.jsonl, derived by hand from
../shared/rules/sichuan.md) is checked by test_cases.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import cases
import suanfan
from suanfan.rules import sichuan
from suanfan.tiles import format_tiles, parse_tiles, tile_name

DATA = Path(__file__).parent / "data"


def _load(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]


CASES = cases.load("sichuan_cases.jsonl")  # checked by test_cases.py
EXAMPLES = _load("sichuan_examples.jsonl")


def example_case(ex: dict) -> dict:
    """A worked example (the digest's own format) as a case of the one schema: their ``hand`` lacks the winning
    tile, their context mixes options, their payments are signed and name the payers by number."""
    ctx = dict(ex.get("context", {}))
    tsumo = ex["win"] == "tsumo"
    opts = {"profile": {"SC-QQ": "seed", "SC-XZ": "modern"}[ex["profile"]]}
    for key in ("cap_fan", "self_draw"):
        if key in ctx:
            opts[key] = ctx.pop(key)
    if "cap" in ctx:
        opts["cap_multiplier"] = ctx.pop("cap")
    context = {"tsumo": tsumo}
    if ctx.pop("after_kong", False):
        context["rinshan" if tsumo else "after_kong_discard"] = True
    if ctx.pop("last_tile", False):
        context["haitei" if tsumo else "houtei"] = True
    context.update(ctx)
    hand = format_tiles(parse_tiles(ex["hand"]) + parse_tiles(ex["win_tile"]))
    want = ex["expected"]
    out: dict = {"explain": {"multiplier": want["M"]}}
    if "fan" in want:  # modern: every element by its Chinese name, its 番
        out.update(items_zh=want["fan"], fan=want["F"])
    if "level" in want:  # seed: the base category and its level, the add-ons
        out["items_zh"] = {want["base"].split()[0]: want["level"], **want.get("addons", {})}
    pays = want["payments"]
    if "discarder" in pays:
        out["payments"] = [["discarder", -pays["discarder"]]]
    else:
        n = int(next(k for k in pays if k.startswith("each_of_")).rsplit("_", 1)[1])
        out["payments"] = [["other", -pays[f"each_of_{n}"]]] * n
    out["received"] = pays["winner"]
    inputs = {"hand": hand, "win": ex["win_tile"], "melds": ex.get("melds", []), "options": opts, **context}
    return {"id": ex["id"], "rules": "sichuan", "in": inputs, "out": out, "why": ex["derivation"]}


@pytest.mark.parametrize("ex", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_worked_example(ex: dict) -> None:
    r = cases.check(example_case(ex))
    want = ex["expected"]
    if "level" in want:  # the base category comes first, and the roots the example counts
        zh = {i.names["zh"]: i for i in r.items}
        base = want["base"].split()[0]
        assert r.items[0].names["zh"] == base
        assert (zh["根"].count if "根" in zh else 0) == want.get("roots_counted", want.get("addons", {}).get("根", 0))


HELPERS = [
    # kong money (seed item 6, §6 table): kind, options, payers -> payments
    ("minkan", {}, 3, [["discarder", 1]]),
    ("minkan", {"profile": "modern"}, 3, [["discarder", 2]]),
    ("minkan", {"zhigang_money": 2}, 3, [["discarder", 2]]),
    ("minkan", {"profile": "modern", "zhigang_money": 1}, 3, [["discarder", 1]]),
    ("kakan", {}, 3, [["other", 1]] * 3),
    ("kakan", {"profile": "modern"}, 2, [["other", 1]] * 2),
    ("ankan", {}, 3, [["other", 2]] * 3),
    ("ankan", {"base": 5}, 1, [["other", 10]]),
]


@pytest.mark.parametrize("kind,options,payers,want", HELPERS)
def test_kong_money(kind: str, options: dict, payers: int, want: list) -> None:
    assert [[p.payer, p.amount] for p in sichuan.kong_money(kind, options, payers)] == want


FLOWER_PIGS = [
    ("123m456p789s1m", (), True),
    ("123m456m789m11p", (), False),
    ("123m456m11p", ("pon:111s",), True),
    ("1m", (), False),
]


@pytest.mark.parametrize("hand,melds,want", FLOWER_PIGS)
def test_is_flower_pig(hand: str, melds: tuple, want: bool) -> None:
    assert sichuan.is_flower_pig(hand, melds) is want


PENALTIES = [  # A7 / §6 step 1: seed 16 底; modern 2^cap_fan; option flower_pig_penalty; in 底
    ({}, 16),
    ({"profile": "modern"}, 16),
    ({"profile": "modern", "cap_fan": 3}, 8),
    ({"profile": "modern", "cap_fan": 5}, 32),
    ({"profile": "modern", "cap_fan": None}, 16),
    ({"flower_pig_penalty": 32}, 32),
    ({"base": 2}, 32),
]


@pytest.mark.parametrize("options,want", PENALTIES)
def test_flower_pig_penalty(options: dict, want: int) -> None:
    assert sichuan.flower_pig_penalty(options) == want


MAX_VALUES = [
    # hand (13 tiles), melds, options, void_suit -> (tile, multiplier) or None
    # waits 9m (111 555 999m 234p 22p: 平胡) and 2p (222p makes four 2p: 根): the 根 wait is worth more
    ("111555m99m22234p", (), {"profile": "modern"}, None, ("2p", 2)),
    ("111555m99m22234p", (), {}, None, ("2p", 2)),
    # 清七对 on 4m (modern 4 番 -> 16; cap 3 -> 8); no draw-only bonus is counted
    ("1122335577994m", (), {"profile": "modern"}, None, ("4m", 16)),
    ("1122335577994m", (), {"profile": "modern", "cap_fan": 3}, None, ("4m", 8)),
    ("1122335577994m", (), {}, None, ("4m", 16)),
    ("123456789m2356p", (), {}, None, None),  # not ready
    ("123m456p789s2355m", (), {}, None, None),  # 花猪: three suits never win
    ("123456789m2345p", (), {}, "p", None),  # ready in shape, but holds the declared void suit
]


@pytest.mark.parametrize("hand,melds,options,void,want", MAX_VALUES)
def test_max_value(hand: str, melds: tuple, options: dict, void: str | None, want) -> None:
    mv = sichuan.max_value(hand, melds, options, void_suit=void)
    if want is None:
        assert mv is None
    else:
        assert (mv.tile, mv.multiplier) == want
        assert mv.amount == mv.multiplier * (options or {}).get("base", 1)
        assert mv.result.winning


ERRORS = [
    ({"hand": "123456789m23455p", "win": "5p", "rinshan": True}, "bad_context"),  # 杠上花 needs a self-draw
    ({"hand": "123456789m23455p", "win": "5p", "rinshan": True, "tsumo": True}, "bad_context"),  # and a kong
    ({"hand": "123456789m23455p", "win": "5p", "tenhou": True, "tsumo": True, "seat_wind": "S"}, "bad_context"),
    ({"hand": "123456789m23455p", "win": "5p", "chiihou": True}, "bad_context"),  # seat E is the dealer
    ({"hand": "123456789m23455p", "win": "5p", "houtei": True, "tsumo": True}, "bad_context"),
    ({"hand": "123456789m23455p", "win": "5p", "active_opponents": 4}, "bad_context"),
    ({"hand": "123456789m23455p", "win": "5p", "void_suit": "z"}, "bad_context"),
    ({"hand": "123456789m23455p", "win": "5p", "discarder_kong": "pon"}, "bad_context"),
    (
        {"hand": "123456789m23455p", "win": "5p", "after_kong_discard": True, "options": {"profile": "modern"}},
        "bad_context",
    ),  # 呼叫转移 needs the discarder's kong
    ({"hand": "123456789m23411z", "win": "1z"}, "bad_tile"),  # no honors in the 108 tiles
    ({"hand": "123456789m23455p", "win": "5p", "options": {"profile": "qq"}}, "bad_option"),
    ({"hand": "123456789m23455p", "win": "5p", "options": {"cap_fan": 7}}, "bad_option"),
    ({"hand": "123456789m23455p", "win": "5p", "options": {"base": 0}}, "bad_option"),
]


@pytest.mark.parametrize("obj,code", ERRORS)
def test_bad_input(obj: dict, code: str) -> None:
    with pytest.raises(suanfan.InputError) as e:
        suanfan.score_dict({"rules": "sichuan", **obj})
    assert e.value.code == code


def test_every_item_and_option_is_exercised() -> None:
    rs = suanfan.rules.get("sichuan")
    seen_items = {i for c in CASES for i in c["out"].get("items", {})}
    seen_items |= {"long_qi_dui", "qing_dui", "gang_shang_hua"}  # pinned by the worked examples
    assert {row.id for row in rs.items} <= seen_items
    seen_opts = {k for c in CASES for k in c["in"].get("options", {})} | {"cap_fan", "self_draw"}
    assert {o.name for o in rs.options} - seen_opts <= {"flower_pig_penalty"}  # that one: test_flower_pig_penalty
    for row in rs.items:
        assert row.names["zh"] and row.names["en"] and row.doc
    d = rs.describe()
    assert d["tiles"] == "108" and rs.tile_set.size == 108
    assert {f["name"] for f in d["context_flags"]} == {"active_opponents", "discarder_kong", "void_suit"}


# A3: "max-only and the additive SC-XZ model give the same value for every hand except 龙七对 (A1), 天胡/地胡 and
# the patterns SC-QQ does not know (金钩钓, 将七对, 海底, 自摸加番)". With 龙七对 at x8 (option) and no cap, a win on a
# discard must cost the same in both profiles: checked over random two-suit hands.
def two_suit_hand(rng: random.Random) -> tuple[str, str, list[str]]:
    """A random complete hand of one or two suits: four sets (concealed chows and pungs, 碰, 暗杠) and a pair, or
    seven pairs."""
    suits = rng.sample("mps", rng.choice((1, 2)))
    counts: dict[str, int] = {}
    blocks: list[tuple[str, str]] = []

    def take(tiles: list[str]) -> bool:
        if any(counts.get(t, 0) + tiles.count(t) > 4 for t in set(tiles)):
            return False
        for t in tiles:
            counts[t] = counts.get(t, 0) + 1
        return True

    def pair() -> None:
        while True:
            s, n = rng.choice(suits), rng.randint(1, 9)
            if take([f"{n}{s}"] * 2):
                blocks.append(("pair", f"{n}{n}{s}"))
                return

    if rng.random() < 0.3:
        for _ in range(7):
            pair()
    else:
        while len(blocks) < 4:
            s, n = rng.choice(suits), rng.randint(1, 9)
            kind_ = rng.choice(["chow", "chow", "pung", "pon", "ankan"])
            if kind_ == "chow":
                n = min(n, 7)
                tiles = [f"{n + i}{s}" for i in range(3)]
            else:
                tiles = [f"{n}{s}"] * (4 if kind_ == "ankan" else 3)
            if take(tiles):
                blocks.append((kind_, "".join(t[0] for t in tiles) + s))
        pair()
    melds = [f"{k}:{t}" for k, t in blocks if k in ("pon", "ankan")]
    concealed = "".join(t for k, t in blocks if k not in ("pon", "ankan"))
    win = tile_name(rng.choice(parse_tiles(concealed)))
    return concealed, win, melds


@pytest.mark.parametrize("seed", range(300))
def test_profiles_agree_where_the_digest_says_they_do(seed: int) -> None:
    concealed, win, melds = two_suit_hand(random.Random(seed))
    seed_r = suanfan.score(concealed, win=win, rules="sichuan", melds=melds, options={"long_qidui_multiplier": 8})
    modern = suanfan.score(
        concealed, win=win, rules="sichuan", melds=melds, options={"profile": "modern", "cap_fan": None}
    )
    assert seed_r.winning and modern.winning
    if {i.id for i in modern.items} & {"jin_gou_diao", "jiang_qi_dui"}:
        return  # patterns the seed's table does not know (A3)
    assert seed_r.explain["multiplier"] == modern.explain["multiplier"], (seed_r.to_dict(), modern.to_dict())
    # §5: the items add up to F and M = 2^F
    assert modern.fan == sum(i.value * (i.count or 1) for i in modern.items)
    assert modern.explain["multiplier"] == 2**modern.fan


def test_chi_is_refused() -> None:
    """§2: claims are 碰 and 杠 only, no 吃; a chi among the melds is an error, in scoring and in waits."""
    with pytest.raises(suanfan.InputError) as e:
        suanfan.score("456m23455p789p", win="5p", rules="sichuan", melds=["chi:123m"])
    assert e.value.code == "bad_meld" and "chi" in e.value.message
    with pytest.raises(suanfan.InputError) as e:
        suanfan.waits_of("456m2345p789p", rules="sichuan", melds=["chi:123m"])
    assert e.value.code == "bad_meld"
