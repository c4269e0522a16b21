"""The command line (src/suanfan/cli.py) through typer's CliRunner: score (readable in en/zh/ja and --json), batch,
rules, waits, draw; bad input exits 2 with the contract's error and no traceback (../shared/CONTRACT.md, Commands).

Expected points: the Riichi point table (seed 003; ../shared/rules/riichi.md): riichi + pinfu 2 han 30 fu,
non-dealer ron 2000; the dealer's double East pung, 2 han 40 fu ron 3900. Exhaustive draw payments: the digest's
"Draws and the match" section (3000 from the noten players shared among the tenpai players; nagashi mangan paid as a
mangan tsumo).
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import suanfan
from suanfan.cli import app

runner = CliRunner()
PINFU = ["123456m78999p345s", "--win", "5s", "--seat", "S", "--riichi"]


def _run(args: list[str], stdin: str | None = None):
    res = runner.invoke(app, args, input=stdin)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert "Traceback" not in res.output
    return res


def _flat(text: str) -> str:
    """Rich wraps long lines at the terminal width; compare with the whitespace squeezed."""
    return " ".join(text.split())


# (language, words the readable breakdown must show: the names of the items and the labels)
LANGS = [
    ("en", ["Riichi", "Pinfu", "2 han", "30 fu", "2000", "discarder", "Base 20"]),
    ("zh", ["立直", "平和", "2 翻", "30 符", "2000", "放铳者", "副底 20", "门清荣和 10", "两面"]),
    ("ja", ["立直", "平和", "2 翻", "30 符", "2000", "放銃者", "門前加符 10", "両面"]),
]


@pytest.mark.parametrize(("lang", "words"), LANGS, ids=[x[0] for x in LANGS])
def test_score_readable(lang: str, words: list[str]) -> None:
    res = _run(["score", *PINFU, "--lang", lang])
    assert res.exit_code == 0
    out = _flat(res.stdout)
    for w in words:
        assert w in out, (w, out)
    assert "123m 456m 789p 345s 99p" in out  # the reading


def test_score_json_is_the_api_result() -> None:
    res = _run(["score", *PINFU, "--json"])
    assert res.exit_code == 0
    d = json.loads(res.stdout)
    want = suanfan.score("123456m78999p345s", win="5s", seat_wind="S", riichi=True).to_dict()
    assert d == want
    assert (d["han"], d["fu"], d["points"]["hand"]) == (2, 30, 2000)


def test_score_options_melds_and_context() -> None:
    res = _run(["score", "234m55m456p789s", "--win", "2m", "-m", "pon:777z", "--json", "--honba", "1"])
    d = json.loads(res.stdout)
    want = suanfan.score("234m55m456p789s", win="2m", melds=["pon:777z"], honba=1).to_dict()
    assert d == want and d["melds"] == ["pon:777z"]
    res = _run(["score", "234m55m456p789s", "--win", "5m", "-m", "chi:123s", "--json", "-o", "open_tanyao=false"])
    assert json.loads(res.stdout)["reason"] == "no_yaku"
    res = _run(["score", "234m55m456p789s", "--win", "5m", "-m", "chi:123s"])
    assert res.exit_code == 0 and "no_yaku" in res.stdout  # the readable form says why it does not win


BAD = [
    (["score", "123456m78999p349z"], "bad_tile", ["9z", "position 16"]),
    (["score", "123456m78999p34s"], "bad_count", ["13", "14"]),
    (["score", *PINFU, "--rules", "nope"], "bad_rules", ["nope"]),
    (["score", *PINFU, "-o", "nope=1"], "bad_option", ["nope"]),
    (["score", *PINFU, "-o", "renhou=sometimes"], "bad_option", ["renhou", "sometimes"]),
    (["score", *PINFU, "-o", "nope"], "bad_input", ["nope", "NAME=VALUE"]),
    (["score", *PINFU, "--lang", "fr"], "bad_input", ["fr"]),
    (["score", "123456m78999p345s", "--seat", "X"], "bad_context", ["X"]),
    (["score", "123456m78999p345s", "-f", "nope=true"], "bad_context", ["nope"]),
    (["score", "234m55m456p789s", "-m", "chi:135m"], "bad_meld", ["chi:135m"]),
    (["score", "123456m78999p345s", "--win", "1z"], "bad_win", ["1z"]),
    (["score", "123456m78999p345s", "--flowers", "2"], "bad_tile", ["flowers"]),
    (["waits", "23m456p789s111223z"], "bad_count", ["14", "13"]),
    (["waits", "23m456p789s1112x"], "bad_tile", ["position 12", "no suit letter"]),
    (["rules", "nope"], "bad_rules", ["nope"]),
]


@pytest.mark.parametrize(("args", "code", "parts"), BAD, ids=[" ".join(b[0]) for b in BAD])
def test_bad_input_exits_2(args: list[str], code: str, parts: list[str]) -> None:
    res = _run(args)
    assert res.exit_code == 2
    err = _flat(res.stderr)
    assert f"({code})" in err
    for p in parts:
        assert p in err, (p, err)
    assert res.stdout == ""
    # with --json the same error is the contract's error object on stdout
    if args[0] in ("score", "waits", "rules"):
        res = _run([*args, "--json"])
        assert res.exit_code == 2
        d = json.loads(res.stdout)
        assert d["ok"] is False and d["error"]["code"] == code
        for p in parts:
            assert p in d["error"]["message"]


def test_batch() -> None:
    lines = [
        json.dumps({"hand": "123456m78999p345s", "win": "5s", "seat_wind": "S", "riichi": True}),
        "not json",
        json.dumps({"hand": "123456m78999p349z"}),
        "",
        json.dumps({"hand": "123m456p789s11234z", "win": "4z"}),
        json.dumps(["a list"]),
        json.dumps({"hand": "123456m78999p345s", "win": "5s", "rules": "mcr"}),
    ]
    res = _run(["batch"], "\n".join(lines) + "\n")
    assert res.exit_code == 0
    out = [json.loads(x) for x in res.stdout.splitlines()]
    assert len(out) == 6  # the empty line is skipped; every other line gives one line, in order
    assert out[0] == suanfan.score_dict(json.loads(lines[0])).to_dict()
    assert out[0]["points"]["hand"] == 2000
    assert out[1]["ok"] is False and out[1]["error"]["code"] == "bad_json" and "line 2" in out[1]["error"]["message"]
    assert out[2]["ok"] is False and out[2]["error"]["code"] == "bad_tile" and "9z" in out[2]["error"]["message"]
    assert out[3]["ok"] is True and out[3]["reason"] == "not_winning"
    assert out[4]["ok"] is False and out[4]["error"]["code"] == "bad_input"
    assert out[5]["ok"] is True and out[5]["rules"] == "mcr"


def test_batch_default_rules() -> None:
    res = _run(["batch", "--rules", "mcr"], json.dumps({"hand": "123456m78999p345s", "win": "5s"}) + "\n")
    assert json.loads(res.stdout)["rules"] == "mcr"


def test_rules() -> None:
    res = _run(["rules"])
    assert res.exit_code == 0
    for name in ("riichi", "mcr", "sichuan", "wuhu", "kawuxing", "popular", "twoplayer"):
        assert name in res.stdout
    res = _run(["rules", "riichi", "--json"])
    (d,) = json.loads(res.stdout)
    assert d["name"] == "riichi" and d["tiles"] == "136"
    options = {o["name"]: o["default"] for o in d["options"]}
    # issue 2: these options with these defaults
    assert options["open_tanyao"] is True and options["double_yakuman"] is True and options["kazoe_yakuman"] is True
    assert options["kiriage_mangan"] is False and options["local_yaku"] is False
    assert {"tenhou", "mahjongsoul"} <= set(d["presets"])
    assert {"riichi", "pinfu", "tanyao"} <= {i["id"] for i in d["items"]}
    res = _run(["rules", "riichi", "--lang", "zh"])
    assert "立直" in res.stdout and "open_tanyao" in res.stdout


def test_waits() -> None:
    res = _run(["waits", "23m456p789s11122z"])
    assert res.exit_code == 0
    lines = res.stdout.splitlines()
    assert [x.split(":")[0] for x in lines] == ["1m", "4m"]
    assert all("3900" in x and "2 han 40 fu" in x for x in lines)
    res = _run(["waits", "23m456p789s11122z", "--json"])
    d = json.loads(res.stdout)
    assert [w["tile"] for w in d] == ["1m", "4m"]
    assert all(w["result"]["winning"] for w in d)
    res = _run(["waits", "123m456p789s1357z"])
    assert res.exit_code == 0 and "not tenpai" in res.stdout
    res = _run(["waits", "23m456p789s11z", "-m", "pon:777z", "--json"])
    assert [w["tile"] for w in json.loads(res.stdout)] == ["1m", "4m"]


# (tenpai, nagashi, the seats' point changes, the dealer keeps the seat)
DRAWS = [
    ("", "", {"E": 0, "S": 0, "W": 0, "N": 0}, False),
    ("ESWN", "", {"E": 0, "S": 0, "W": 0, "N": 0}, True),
    ("S", "", {"E": -1000, "S": 3000, "W": -1000, "N": -1000}, False),
    ("ES", "", {"E": 1500, "S": 1500, "W": -1500, "N": -1500}, True),
    ("ESW", "", {"E": 1000, "S": 1000, "W": 1000, "N": -3000}, True),
    ("S", "S", {"E": -4000, "S": 8000, "W": -2000, "N": -2000}, False),
    ("", "E", {"E": 12000, "S": -4000, "W": -4000, "N": -4000}, False),
]


@pytest.mark.parametrize(("tenpai", "nagashi", "deltas", "dealer_stays"), DRAWS)
def test_draw(tenpai: str, nagashi: str, deltas: dict, dealer_stays: bool) -> None:
    res = _run(["draw", "--tenpai", tenpai, "--nagashi", nagashi, "--honba", "2"])
    assert res.exit_code == 0
    d = json.loads(res.stdout)
    assert d["deltas"] == deltas
    assert d["dealer_keeps_seat"] == dealer_stays
    assert d["next_honba"] == 3  # honba are not paid on a draw; the count grows
    for seat, delta in deltas.items():  # the payment lines add up to the deltas
        paid = sum(p["amount"] for p in d["payments"] if p["to"] == seat) - sum(
            p["amount"] for p in d["payments"] if p["from"] == seat
        )
        assert paid == delta


def test_draw_bad_seat() -> None:
    res = _run(["draw", "--tenpai", "X"])
    assert res.exit_code == 2
    d = json.loads(res.stdout)
    assert d["ok"] is False and "X" in d["error"]["message"]


def test_no_arguments_shows_help() -> None:
    res = _run([])
    assert "score" in res.output and "batch" in res.output
