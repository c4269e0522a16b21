"""Adding a fan or a yaku touches one file (docs/architecture.md): a row written into a copy of the package's
fans.py (MCR) or yaku.py (Riichi), and nothing else, is scored and listed by ``suanfan rules`` like the others. The
rows here are made up for the test (neither rule set has them)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "suanfan"

MCR_ROW = '''
@fan("jian_jiang", 1, "箭将", "Dragon Pair", no=None, group="sets")
def jian_jiang(d: Division) -> int:
    """The pair is a dragon (a made-up fan)."""
    return d.pair is not None and d.pair >= 31

'''

RIICHI_ROW = '''
@yaku("dragon_pair", 1, en="Dragon Pair", zh="箭将", ja="役牌雀頭", needs=("form", "regular"))
def dragon_pair(v: View) -> bool:
    """The pair is a dragon (a made-up yaku)."""
    return v.pair is not None and v.pair >= 31

'''

SCRIPT = """
import json, sys
import suanfan
hand = json.loads(sys.argv[1])
result = suanfan.score_dict(hand).to_dict()
listed = [i["id"] for i in suanfan.get_rules(hand["rules"]).describe()["items"]]
print(json.dumps({"items": [i["id"] for i in result["items"]], "listed": listed}))
"""


def _score_with_row(tmp_path: Path, file: str, before: str, row: str, hand: dict) -> dict:
    """Copy the package, write ``row`` into ``file`` just before the line starting ``before``, score ``hand``."""
    package = tmp_path / "suanfan"
    shutil.copytree(SRC, package, ignore=shutil.ignore_patterns("__pycache__"))
    path = package / file
    text = path.read_text(encoding="utf-8")
    at = text.index("\n" + before) + 1
    path.write_text(text[:at] + row.lstrip("\n") + "\n" + text[at:], encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(hand)], capture_output=True, text=True, env=env, check=True
    )
    return json.loads(out.stdout)


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


@pytest.mark.parametrize(
    "file, before",
    [
        ("rules/mcr/fans.py", "# 联众 / 天津 platform extras"),
        ("rules/riichi/yaku.py", "# The per-hand rows that read only"),
    ],
)
def test_the_places_named_exist(file: str, before: str) -> None:
    """The lines the rows above go before are in the files (the docs name them as where a new row goes)."""
    assert "\n" + before in (SRC / file).read_text(encoding="utf-8")
