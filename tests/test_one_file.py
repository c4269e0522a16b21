"""Adding a fan, a yaku or a win-context field touches one file (docs/architecture.md, "Adding a fan"): a row
written into a copy of the package's sichuan.py (Sichuan), fans.py (MCR) or yaku.py (Riichi), and nothing else, is
scored and listed by ``suanfan rules`` like the others; a field written into ``Context`` (hand.py), and nothing
else, is a CLI option, a field of the HTTP request and a control of ``GET /api/rules``; a rule set is one new module
of ``suanfan.rules``. The rows, the field and the rule set here are made up for the test (no rule set has them)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "suanfan"

SICHUAN_ROW = """
@row(
    "duan_yao_men_qing",
    zh="断幺门清",
    en="Concealed, No Terminals",
    seed=1,
    modern=1,
    role=ADD,
    doc="No 1 or 9 anywhere and no 碰 / 明杠 / 加杠 (a made-up add-on: +1 番).",
)
def _duan_yao_men_qing(f: Facts, o: dict) -> int:
    return f.no_19 and f.closed
"""

MCR_ROW = '''
@fan("jian_jiang", 1, "箭将", "Dragon Pair", no=None, group="sets")
def jian_jiang(s: Sets) -> int:
    """The pair is a dragon (a made-up fan)."""
    return s.pair is not None and s.pair >= 31

'''

RIICHI_ROW = '''
@yaku("dragon_pair", 1, en="Dragon Pair", zh="箭将", ja="役牌雀頭", needs=("form", "regular"))
def dragon_pair(v: View) -> bool:
    """The pair is a dragon (a made-up yaku)."""
    return v.pair is not None and v.pair >= 31

'''

CONTEXT_FIELD = """
    lucky_draw: bool = described(
        False,
        "bool",
        text("Lucky draw", "好运摸牌", "幸運のツモ"),
        text("A made-up win flag", "虚构的和牌条件", "架空の和了条件"),
    )
"""

# A whole rule set as one new module of ``suanfan.rules`` (docs/architecture.md, "How to add a rule set"): its rows,
# the data (tiles, melds, context fields) and the four hooks of ``LocalRuleSet``; the registry finds it.
RULE_SET = '''
"""A made-up rule set for tests/test_one_file.py: 1 番 a hand, +1 for a self-draw, pon and kong only."""

from ..hand import TILES_136
from ..result import Payment, Points
from . import ItemTable
from .local import NO_CHI, LocalRuleSet, Rows, Scored

ITEMS = ItemTable()


@ITEMS("hu", 1, en="Win", zh="和")
def _hu(r) -> bool:
    return True


@ITEMS("zi_mo", 1, en="Self-Draw", zh="自摸")
def _zi_mo(r, ctx) -> bool:
    return ctx.tsumo


class Toy(LocalRuleSet):
    name = "toy"
    names = {"en": "Toy", "zh": "玩具", "ja": "玩具"}
    tile_set = TILES_136
    melds = NO_CHI
    meld_rule = "pon and kong only"
    context_fields = ("tsumo",)
    items = ITEMS

    def score_reading(self, r, facts, win):
        hits = ROWS.count(lambda row: row.check(r) if row.id == "hu" else row.check(r, win.ctx))
        return Scored(r, tuple(row.item() for row, _ in hits), sum(row.value for row, _ in hits))

    def finish(self, win, best):
        return self.won(win, best, self.payments(best.key, win.ctx, win.opts), fan=best.key)

    def payments(self, value, ctx, opts):
        return Points(value, value, (Payment("discarder" if not ctx.tsumo else "other", value),))


ROWS = Rows(ITEMS)
RULESET = Toy()
'''

A_RULE_SET = """
import json
import suanfan
from suanfan import rules
won = suanfan.score_dict({"rules": "toy", "hand": "123m456p789s23455m", "win": "5m", "tsumo": True}).to_dict()
try:
    suanfan.score_dict({"rules": "toy", "hand": "456p789s23455m", "win": "5m", "melds": ["chi:123m"]})
    chi = None
except suanfan.InputError as e:
    chi = e.code
print(json.dumps({"listed": "toy" in rules.registry(), "won": won, "chi": chi}))
"""

SCRIPT = """
import json, sys
import suanfan
hand = json.loads(sys.argv[1])
result = suanfan.score_dict(hand).to_dict()
listed = [i["id"] for i in suanfan.get_rules(hand["rules"]).describe()["items"]]
print(json.dumps({"result": result, "items": [i["id"] for i in result["items"]], "listed": listed}))
"""

FRONT_ENDS = """
import json, sys
from fastapi.testclient import TestClient
from typer.testing import CliRunner
import suanfan
from suanfan.cli import app
from suanfan.web.app import create_app
from suanfan.web.models import HandIn
cli = CliRunner().invoke(app, ["score", "--help"], env={"COLUMNS": "300"}).output
scored = CliRunner().invoke(app, ["score", "123m456p789s23455m", "--riichi", "--lucky-draw", "--json"])
page = TestClient(create_app()).get("/api/rules").json()["context"]
control = next(c for c in page if c["name"] == "lucky_draw")
api = suanfan.score_dict({"hand": "123m456p789s23455m", "riichi": True, "lucky_draw": True}).to_dict()
print(json.dumps({"cli": "--lucky-draw" in cli, "scored": scored.exit_code, "request": "lucky_draw" in HandIn.model_fields,
                  "control": control, "winning": api["winning"]}))
"""


def _run_with(tmp_path: Path, file: str, before: str, added: str, script: str, *args: str) -> dict:
    """Copy the package, write ``added`` into ``file`` just before the line starting ``before`` (and change no other
    file), run ``script`` with the copy; its output is JSON."""
    package = tmp_path / "suanfan"
    shutil.copytree(SRC, package, ignore=shutil.ignore_patterns("__pycache__"))
    path = package / file
    text = path.read_text(encoding="utf-8")
    at = text.index("\n" + before) + 1
    path.write_text(text[:at] + added.lstrip("\n") + "\n" + text[at:], encoding="utf-8")
    changed = [
        p for p in package.rglob("*") if p.is_file() and p.read_bytes() != (SRC / p.relative_to(package)).read_bytes()
    ]
    assert changed == [path]
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", script, *args], capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout)


def test_a_rule_set_is_one_module(tmp_path: Path) -> None:
    """A module written into a copy's ``rules/`` folder, and no other file changed, is a rule set: listed, scored
    with the base's loop and results, a chi refused as its ``melds`` say."""
    package = tmp_path / "suanfan"
    shutil.copytree(SRC, package, ignore=shutil.ignore_patterns("__pycache__"))
    (package / "rules" / "toy.py").write_text(RULE_SET.lstrip("\n"), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", A_RULE_SET], capture_output=True, text=True, env=env, check=True)
    got = json.loads(out.stdout)
    assert got["listed"] and got["chi"] == "bad_meld"
    assert [i["id"] for i in got["won"]["items"]] == ["hu", "zi_mo"] and got["won"]["fan"] == 2
    assert got["won"]["points"]["payments"] == [{"from": "other", "amount": 2}]


def _score_with_row(tmp_path: Path, file: str, before: str, row: str, hand: dict) -> dict:
    return _run_with(tmp_path, file, before, row, SCRIPT, json.dumps(hand))


def test_a_sichuan_fan_is_one_row_in_sichuan_py(tmp_path: Path) -> None:
    """An add-on counts +1 番 on top of the base category in both profiles (seed §4 另加番, modern §5)."""
    hand = {"rules": "sichuan", "hand": "234m456m678m22p345p", "win": "5p"}
    got = _score_with_row(tmp_path, "rules/sichuan.py", SICHUAN_BEFORE, SICHUAN_ROW, hand)
    assert got["items"] == ["ping_hu", "duan_yao_men_qing"] and "duan_yao_men_qing" in got["listed"]
    # seed: 平胡 一番 + one add-on = 2 番, M = 2^(2-1)
    assert got["result"]["fan"] == 2 and got["result"]["multiplier"] == 2
    modern = _score_with_row(
        tmp_path / "modern", "rules/sichuan.py", SICHUAN_BEFORE, SICHUAN_ROW, {**hand, "options": {"profile": "modern"}}
    )
    # modern: 平胡 0 + 1 = 1 番, M = 2^1
    assert "duan_yao_men_qing" in modern["items"] and modern["result"]["multiplier"] == 2


def test_a_win_context_field_is_one_field_of_context(tmp_path: Path) -> None:
    """A field added to ``Context`` is an option of ``score``, a field of the request and a control of the page."""
    got = _run_with(tmp_path, "hand.py", CONTEXT_BEFORE, CONTEXT_FIELD, FRONT_ENDS)
    assert got["cli"] and got["scored"] == 0 and got["request"] and got["winning"]
    assert got["control"]["type"] == "bool" and got["control"]["names"]["zh"] == "好运摸牌"


def test_an_mcr_fan_is_one_row_in_fans_py(tmp_path: Path) -> None:
    hand = {"rules": "mcr", "hand": "123m456p789s345s55z", "win": "5z"}
    got = _score_with_row(tmp_path, "rules/mcr/fans.py", "# 联众 / 天津 platform extras", MCR_ROW, hand)
    assert "jian_jiang" in got["items"] and "jian_jiang" in got["listed"]
    assert "hua_long" in got["items"]  # 花龙 123m 456p 789s, the hand's own


def test_a_riichi_yaku_is_one_row_in_yaku_py(tmp_path: Path) -> None:
    hand = {"rules": "riichi", "hand": "123m456p789s345s55z", "win": "5z", "riichi": True}
    got = _score_with_row(tmp_path, "rules/riichi/yaku.py", "# The per-hand rows that read only", RIICHI_ROW, hand)
    assert "dragon_pair" in got["items"] and "dragon_pair" in got["listed"]
    assert "riichi" in got["items"]


SICHUAN_BEFORE = "_BY_PROFILE = text("
CONTEXT_BEFORE = "    extra: dict = field(default_factory=dict)"


@pytest.mark.parametrize(
    "file, before",
    [
        ("rules/sichuan.py", SICHUAN_BEFORE),
        ("hand.py", CONTEXT_BEFORE),
        ("rules/mcr/fans.py", "# 联众 / 天津 platform extras"),
        ("rules/riichi/yaku.py", "# The per-hand rows that read only"),
    ],
)
def test_the_places_named_exist(file: str, before: str) -> None:
    """The lines the rows above go before are in the files (the docs name them as where a new row goes)."""
    assert "\n" + before in (SRC / file).read_text(encoding="utf-8")
