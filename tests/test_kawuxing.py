"""Ka Wu Xing: the digest's worked examples (tests/data/kawuxing_examples.jsonl) as cases of the one schema, and
the helpers (kong money, max_value, ...). Its table of cases (tests/data/kawuxing_cases.jsonl, derived by hand from
../shared/rules/kawuxing.md) is checked by test_cases.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cases
import suanfan
from suanfan.rules import kawuxing
from suanfan.tiles import format_tiles, parse_tiles

DATA = Path(__file__).parent / "data"


def _load(name: str) -> list[dict]:
    return [json.loads(line) for line in (DATA / name).read_text(encoding="utf-8").splitlines() if line.strip()]


CASES = cases.load("kawuxing_cases.jsonl")  # checked by test_cases.py
EXAMPLES = _load("kawuxing_examples.jsonl")


def _pays(r) -> list[list]:
    return [[p.payer, p.amount] for p in r.points.payments]


ZH = {row.names["zh"]: row.id for row in kawuxing.TABLE}
HAND_EXAMPLES = [e for e in EXAMPLES if e["hand"] is not None]


def example_case(ex: dict) -> dict:
    """A worked example (the digest's own format) as a case of the one schema: its hand lacks the winning tile,
    its context mixes options, its payments are signed."""
    ctx = dict(ex.get("context", {}))
    tsumo = ex["win"] == "tsumo"
    opts = {"cap_profile": ctx.pop("cap_profile"), "base": ctx.pop("base")}
    if "dui_liang_dui_fan" in ctx:
        opts["dui_liang_dui_fan"] = ctx.pop("dui_liang_dui_fan")
    context = {"tsumo": tsumo}
    if ctx.pop("after_kong", False):
        context["rinshan" if tsumo else "after_kong_discard"] = True
    if ctx.pop("last_tile", False):
        context["haitei" if tsumo else "houtei"] = True
    if ctx.pop("winner_liangdao", False):
        context["declared"] = True
    if ctx.pop("discarder_liangdao", False):
        context["discarder_declared"] = True
    assert not ctx, ctx
    hand = format_tiles(parse_tiles(ex["hand"]) + parse_tiles(ex["win_tile"]))
    inputs = {"hand": hand, "win": ex["win_tile"], "melds": ex["melds"], "options": opts, **context}
    want = ex["expected"]
    if want.get("legal") is False:
        out: dict = {"winning": False, "reason": "pi_hu_on_discard"}
        return {"id": ex["id"], "rules": "kawuxing", "in": inputs, "out": out, "why": ex["derivation"]}
    out = {}
    if "patterns" in want:
        # the examples list 亮倒 among the patterns when the winner declared; a hand with no other is 屁胡 (x1)
        plain = not set(want["patterns"]) - {"亮倒"}
        out["items_zh"] = {**({"屁胡": 1} if plain else {}), **want["patterns"]}
    if "P" in want:
        # kwx-15 counts the winner's 亮倒 in P (our ``fan``); kwx-03 / kwx-19 keep it in L as §6 writes
        # M = P x L (our ``product``, 亮倒 excluded)
        if "L" in want:
            out["explain"] = {"product": want["P"]}
        else:
            out["fan"] = want["P"]
    if "P_uncapped" in want:
        out.update(fan=want["P_uncapped"], limit="capped" if want.get("capped") else None)
    pays = want["payments"]
    if "discarder" in pays:
        out["payments"] = [["discarder", -pays["discarder"]]]
    else:
        out["payments"] = [["other", -pays["each_of_2"]]] * 2
    out["received"] = pays["winner"]
    return {"id": ex["id"], "rules": "kawuxing", "in": inputs, "out": out, "why": ex["derivation"]}


@pytest.mark.parametrize("ex", HAND_EXAMPLES, ids=[e["id"] for e in HAND_EXAMPLES])
def test_worked_example(ex: dict) -> None:
    r = cases.check(example_case(ex))
    want = ex["expected"]
    if "alternatives" in want:  # both readings reach the same product; the one scored must be one of them
        assert r.fan in want["alternatives"].values()
    if "M" in want:
        assert set(r.explain["multipliers"]) == {want["M"]}


def test_exhaustive_draw_example() -> None:
    """kwx-20: 荒庄, X declared first: X pays each other player 1; kong money is not touched (荒庄不荒杠)."""
    ex = next(e for e in EXAMPLES if e["id"] == "kwx-20")
    rows = kawuxing.exhaustive_draw(["X", "Y", "Z"], first_declared="X")
    assert rows == [("X", "Y", 1), ("X", "Z", 1)]
    assert -sum(a for p, _, a in rows if p == "X") == ex["expected"]["payments"]["X"]


DRAWS = [
    # players, first_declared, hands, options -> rows
    (("X", "Y", "Z"), None, None, {}, []),
    (("X", "Y", "Z"), "Z", None, {"base": 3}, [("Z", "X", 3), ("Z", "Y", 3)]),
    # 查大叫: X waits on 1p/4p/7p (all 屁胡, x1), Y on 5s (卡五星 x2), Z is not ready and pays both
    (
        ("X", "Y", "Z"),
        None,
        {"X": {"hand": "1234567p234789s"}, "Y": {"hand": "12333789p46789s"}, "Z": {"hand": "1357p1357s555z66z"}},
        {"cha_da_jiao": True},
        [("Z", "X", 1), ("Z", "Y", 2)],
    ),
    # Y declared 亮倒: his value doubles; X declared first and pays the others 1 each
    (
        ("X", "Y", "Z"),
        "X",
        {
            "X": {"hand": "1357p1357s555z66z"},
            "Y": {"hand": "12333789p46789s", "declared": True},
            "Z": {"hand": "1357p1357s555z66z"},
        },
        {"cha_da_jiao": True},
        [("X", "Y", 1), ("X", "Z", 1), ("X", "Y", 4), ("Z", "Y", 4)],
    ),
]


@pytest.mark.parametrize("players,first,hands,options,want", DRAWS)
def test_exhaustive_draw(players, first, hands, options, want) -> None:
    assert kawuxing.exhaustive_draw(players, first, hands, options) == want


KONGS = [  # §6 / K7 kong money: kind, options, kong_on_kong -> payments
    ("minkan", {}, False, [["discarder", 2]]),
    ("minkan", {"zhigang_money": 3}, False, [["discarder", 3]]),
    ("minkan", {}, True, [["discarder", 4]]),
    ("kakan", {}, False, [["other", 1], ["other", 1]]),
    ("kakan", {}, True, [["other", 2], ["other", 2]]),
    ("ankan", {}, False, [["other", 2], ["other", 2]]),
    ("ankan", {"base": 2}, False, [["other", 4], ["other", 4]]),
]


@pytest.mark.parametrize("kind,options,kong_on_kong,want", KONGS)
def test_kong_money(kind: str, options: dict, kong_on_kong: bool, want: list) -> None:
    assert [[p.payer, p.amount] for p in kawuxing.kong_money(kind, options, kong_on_kong)] == want


MAX_VALUES = [
    ("12333789p46789s", {}, False, ("5s", 2)),
    ("12333789p46789s", {}, True, ("5s", 4)),
    ("1122334456677s", {}, False, ("5s", 8)),  # 七对 x 清一色 16, capped
    ("1122334456677s", {"cap_profile": "uncapped"}, False, ("5s", 16)),
    ("1357p1357s555z66z", {}, False, None),
]


@pytest.mark.parametrize("hand,options,declared,want", MAX_VALUES)
def test_max_value(hand: str, options: dict, declared: bool, want) -> None:
    mv = kawuxing.max_value(hand, (), options, declared)
    assert (None if mv is None else (mv.tile, mv.multiplier)) == want


ERRORS = [
    ({"hand": "12345677p234789s", "win": "7p", "tsumo": True, "discarder_declared": True}, "bad_context"),
    ({"hand": "12345677p234789s", "win": "7p", "declared_others": 1}, "bad_context"),
    ({"hand": "12345677p234789s", "win": "7p", "tsumo": True, "declared_others": 3}, "bad_context"),
    ({"hand": "12345677p234789s", "win": "7p", "tsumo": True, "rinshan": True}, "bad_context"),  # no kong
    ({"hand": "12345677p234789s", "win": "7p", "chankan": True, "tsumo": True}, "bad_context"),
    ({"hand": "12345677p234789s", "win": "7p", "haitei": True}, "bad_context"),
    ({"hand": "12345677m234789s", "win": "7m", "tsumo": True}, "bad_tile"),  # no 万 in the 84 tiles
    ({"hand": "12345677p2347s11z", "win": "7p", "tsumo": True}, "bad_tile"),  # no winds
    ({"hand": "12345677p234789s", "win": "7p", "options": {"cap_profile": "wuhan"}}, "bad_option"),
    ({"hand": "12345677p234789s", "win": "7p", "options": {"zhigang_money": 4}}, "bad_option"),
]


@pytest.mark.parametrize("obj,code", ERRORS)
def test_bad_input(obj: dict, code: str) -> None:
    with pytest.raises(suanfan.InputError) as e:
        suanfan.score_dict({"rules": "kawuxing", **obj})
    assert e.value.code == code


def test_every_item_and_option_is_exercised() -> None:
    rs = suanfan.rules.get("kawuxing")
    seen = {i for c in CASES for i in c["out"].get("items", {})}
    assert {row.id for row in rs.items} <= seen | {"liang_dao"}  # 亮倒: kwx-15, kwx-19 and the cases above
    seen_opts = {k for c in CASES for k in c["in"].get("options", {})}
    assert {o.name for o in rs.options} - seen_opts <= {"zhigang_money", "cha_da_jiao", "dui_liang_dui_fan"}
    for row in rs.items:
        assert row.names["zh"] and row.names["en"] and row.doc
    assert rs.tile_set.size == 84 and rs.describe()["tiles"] == "84"


def test_chi_is_refused() -> None:
    """§2: claims are 碰 and 杠 only (no 吃); a chi among the melds is an error."""
    with pytest.raises(suanfan.InputError) as e:
        suanfan.score("45677p234789s", win="7p", rules="kawuxing", melds=["chi:123p"], tsumo=True)
    assert e.value.code == "bad_meld" and "chi" in e.value.message
