"""Real Tenhou wins (tests/data/tenhou_agari.jsonl): suanfan must give the han, fu, points and yaku the server gave.

Each line is one AGARI tag of a public Tenhou game log (mjlog), decoded by tests/tools/tenhou_decode.py from the
verbatim tags in tests/tools/tenhou_agari_raw.txt (each with the repository and path it was copied from). The
expected values are Tenhou's own record: ``ten="fu,points,limit"``, ``yaku="id,han,..."`` (dora, red fives and
ura dora included, as Tenhou lists them) and ``sc`` (what the winner gained with honba and riichi sticks, what each
loser paid). Scored with the preset ``tenhou`` (red fives, open tanyao, no double
yakuman, kazoe on, kiriage off, a double-wind pair 4 fu).

Tenhou's own payment rules the records carry: on a double ron the honba and riichi sticks go to the first winner
only (the second winner's line has them zeroed, as its ``sc`` shows); a pao (責任払い) daisangen / daisuushii tsumo is
paid in full by the liable player (``pao`` = L / A / R from the winner).

A line that disagrees for a documented reason carries ``known_difference`` (the rule, or the bug reported) and
``got`` (what suanfan says instead); the test asserts exactly that, so a fix or a new change shows up.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import suanfan

HERE = Path(__file__).parent
ROWS = [json.loads(line) for line in (HERE / "data" / "tenhou_agari.jsonl").open()]
RAW = HERE / "tools" / "tenhou_agari_raw.txt"
LIMIT_CODES = {"mangan", "haneman", "baiman", "sanbaiman", "yakuman"}


def _items(r) -> dict[str, int]:
    """Han per item as Tenhou lists them (dora counted once per tile); yakuman as 13 each, as the decoder writes."""
    out: dict[str, int] = {}
    for i in r.items:
        out[i.id] = out.get(i.id, 0) + i.value * (i.count or 1)
    if r.limit and "yakuman" in r.limit and r.limit != "kazoe_yakuman":
        out = {k: 13 for k in out}
    return out


def _outcome(r) -> dict:
    """What we compare with Tenhou's record."""
    limit = "yakuman" if r.limit == "kazoe_yakuman" else r.limit
    return {
        "winning": r.winning,
        "han": r.han,
        "fu": r.fu,
        "points": r.points.hand if r.points else None,
        "received": r.points.received if r.points else None,
        "payments": sorted(p.amount for p in r.points.payments) if r.points else None,
        "limit": limit,
        "items": _items(r),
    }


def _expected(x: dict) -> dict:
    return {
        "winning": True,
        "han": x["han"],
        "fu": x["fu"],
        "points": x["points"],
        "received": x["received"],
        "payments": x["payments"],
        "limit": x["limit"],
        "items": x["items"],
    }


def _compare(got: dict, x: dict) -> dict:
    """The fields where ``got`` differs from Tenhou's record ``x`` (han and fu only where Tenhou's count applies)."""
    want = _expected(x)
    keys = ["winning", "points", "received", "payments", "limit", "items"]
    if x["limit"] != "yakuman":
        keys += ["han", "fu"]  # a yakuman's han and fu are not Tenhou's record of it
    return {k: {"got": got[k], "tenhou": want[k]} for k in keys if got[k] != want[k]}


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row["id"])
def test_tenhou_win(row: dict) -> None:
    r = suanfan.score_dict(row["hand"])
    diff = _compare(_outcome(r), row["expected"])
    if "known_difference" in row:
        assert diff == row["got"], f"{row['known_difference']}: the documented difference changed"
    else:
        assert not diff, f"{row['source']['agari']} -> {diff}"


def test_the_set_is_large_and_varied() -> None:
    """At least 100 real wins from several logs, with ron and tsumo, dealer and not, open and closed hands."""
    assert len(ROWS) >= 100
    logs = {row["source"]["path"] for row in ROWS}
    assert len(logs) >= 10
    hands = [row["hand"] for row in ROWS]
    assert any(h["tsumo"] for h in hands) and any(not h["tsumo"] for h in hands)
    assert any(h["seat_wind"] == "E" for h in hands) and any(h["seat_wind"] != "E" for h in hands)
    assert any(h["melds"] for h in hands) and any(not h["melds"] for h in hands)
    assert any(row["expected"]["limit"] for row in ROWS) and any(not row["expected"]["limit"] for row in ROWS)


def test_no_win_is_counted_twice() -> None:
    """Some fixtures are copies of the same game under another name (mjx's encdec-tenhou.mjlog is
    2017040900gm-00a9-0000-af5434e3): a win appears once."""
    keys = [(row["source"]["kyoku"], row["source"]["agari"]) for row in ROWS]
    assert len(keys) == len(set(keys))


def test_every_line_is_decoded_from_a_verbatim_tag() -> None:
    """The JSONL is exactly what the decoder makes of the raw tags (no hand-edited expectation)."""
    sys.path.insert(0, str(HERE / "tools"))
    try:
        import tenhou_decode
    finally:
        sys.path.pop(0)
    raw = [line for line in RAW.read_text().splitlines() if line.strip() and not line.startswith("#")]
    assert len(raw) == len(ROWS)
    for line, row in zip(raw, ROWS, strict=True):
        decoded = tenhou_decode.decode(line)
        for key in ("id", "hand", "expected", "source"):
            assert decoded[key] == row[key], row["id"]
