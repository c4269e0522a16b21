"""Every Wuhu table row of the seed (and of vicwinlarry's rules.py) reproduced by scoring a real hand on that row.

The rows come from tests/data/wuhu_examples.jsonl (= ../shared/rules/examples/wuhu.jsonl) (``kind: table_vector``): a table, 支数 n, 押 y, a win type
and the printed total. For each row ``build_hand`` writes a hand with exactly n tiles of 万, 押 y (the winning tile
fills a 坎张 y-1 _ y+1) or no 押 at all, and no 嘴子; the scorer must land on that row. Hands with 10, 13 or 14 支
need declared kongs (a suit split into sets and a pair never holds 10 or 13 tiles; 14 without a kong is 清一色),
so their totals carry the digest's 杠番 on top of the row (2468: 暗杠 +4; 315: 暗杠 +2).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import suanfan

# a copy of ../shared/rules/examples/wuhu.jsonl
EXAMPLES = Path(__file__).parent / "data" / "wuhu_examples.jsonl"
ROWS = [r for r in map(json.loads, EXAMPLES.read_text().splitlines()) if r.get("kind") == "table_vector"]
SCHEME = {"2468": "2468", "vic525": "2468", "zhishu_1234": "315", "315": "315", "vic315": "315"}
ANGANG = {"2468": 4, "315": 2}  # digest §4 footer "暗杠+4", §5 remark "暗杠+2"


def spaced(ranks: list[int], k: int) -> list[int]:
    """k ranks from ``ranks`` with no three in a row, so no pungs can be re-read as 123/456/789 sequences."""
    for gap in (2, 1):
        out: list[int] = []
        for r in ranks:
            if not out or r - out[-1] >= gap:
                out.append(r)
        if len(out) >= k:
            return out[:k]
    raise AssertionError(ranks)


def build_hand(n: int, y: int | None) -> tuple[str, str, list[str]]:
    """(hand incl. winning tile, winning tile, melds) with n 万 tiles and 押 y (None: no 押)."""
    # m-suit blocks besides the 押 sequence: (kongs, pungs, pair) and the 饼 tiles that complete the hand.
    if y is not None:
        plan = {
            8: (0, 1, 1, "234p678p"),
            9: (0, 2, 0, "234p66p"),
            10: (1, 1, 0, "234p66p"),
            11: (0, 2, 1, "234p"),
            12: (0, 3, 0, "66p"),
            13: (1, 2, 0, "66p"),
            14: (2, 1, 0, "66p"),
        }[n]
        kongs, pungs, pair, rest = plan
        free = [r for r in range(1, 10) if r not in (y - 1, y, y + 1)]
        ranks = spaced(free, kongs + pungs + pair)
        concealed = f"{y - 1}{y}{y + 1}"
        melds = [f"ankan:{r}{r}{r}{r}m" for r in ranks[:kongs]]
        concealed += "".join(f"{r}{r}{r}" for r in ranks[kongs : kongs + pungs])
        concealed += "".join(f"{r}{r}" for r in ranks[kongs + pungs :])
        return concealed + "m" + rest, f"{y}m", melds
    # no 押: the winning 5m completes a pung (双碰), no sequence can take it.
    plan = {
        8: ([], "11133355m", "234p678p"),
        9: ([], "111333555m", "234p66p"),
        10: (["1111"], "333555m", "234p66p"),
        11: ([], "11133355577m", "234p"),
        12: ([], "111333555789m", "66p"),
        13: (["1111"], "333555789m", "66p"),
        14: (["1111", "3333"], "555789m", "66p"),
    }[n]
    kong_tiles, m, p = plan
    return m + p, "5m", [f"ankan:{k}m" for k in kong_tiles]


def _id(row: dict) -> str:
    return row["id"]


@pytest.mark.parametrize("row", ROWS, ids=_id)
def test_table_row(row: dict) -> None:
    scheme = SCHEME[row["table"]]
    n, y, typ = row["zhi"], row["ya"], row["type"]
    hand, win, melds = build_hand(n, y)
    tsumo = typ.startswith("zimo")
    kong_fan = ANGANG[scheme] * len(melds)
    r = suanfan.score(
        hand,
        win=win,
        rules="wuhu",
        melds=melds,
        tsumo=tsumo,
        seat_wind="S",
        discarder="W" if not tsumo else None,
        options={"scheme": scheme},
    )
    assert r.winning, r.reason
    assert (r.explain["zhi"], r.explain["ya"], r.explain["type"]) == (n, y, typ), hand
    assert r.explain["zuizi"] == [] and r.explain["jiao"] == []
    assert r.fan == row["expected"]["total"] + kong_fan
    assert r.explain["gang"] == kong_fan
    if "zhifan" in row["expected"]:
        assert r.explain["zhifan"] == row["expected"]["zhifan"]
    non_dealer = {p.payer: p.amount for p in r.points.payments}
    if tsumo:
        # dealer E pays the row's dealer value, W and N the plain value (§7)
        assert non_dealer["W"] == non_dealer["N"] == row["expected"]["total"] + kong_fan
    else:
        assert non_dealer == {"W": row["expected"]["total"] + kong_fan}
    if "dealer_total" in row["expected"]:
        d = suanfan.score(
            hand, win=win, rules="wuhu", melds=melds, tsumo=tsumo, seat_wind="E", options={"scheme": scheme}
        )
        assert {p.amount for p in d.points.payments} == {row["expected"]["dealer_total"] + kong_fan}
        if tsumo:
            assert non_dealer["E"] == row["expected"]["dealer_total"] + kong_fan


def test_every_table_row_present() -> None:
    """The seed's 2468 (80 cells), 支数 (80) and 315 tables and vicwinlarry's 525 / 315 tables (112 each)."""
    assert len(ROWS) == 478
