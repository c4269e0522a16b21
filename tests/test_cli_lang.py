"""``--lang zh`` / ``--lang ja`` on the command line print no English: ``score``, ``waits``, ``analyze`` and ``rules``
run over every case hand of every rule set's case table (tests/data/*_cases.json*), and the visible text may hold
no Latin letter outside the tile notation (``123m``, ``55z``, ``1f``).

That is stricter than a list of English words: any word of the engine's vocabulary left untranslated (han, fu,
mangan, kanchan, dealer, discarder, Reading, Items, Total, Points, Payments, shanten, ...) and any raw id (an item
id, a limit, a reason code, a payer, a meld kind such as ``pon``) is a Latin word, and fails the test.

The one place ids stay is ``suanfan rules``: it is the reference of what one types on the command line
(``-o open_tanyao=false``, ``-o preset=tenhou``, ``--flag void_suit=p``), so it shows each item id, option name,
choice value, preset and flag beside its name in the language; those ids (and JSON's ``true`` / ``false`` /
``null``) are taken out before its text is checked. Every other word of it must be in the language. The readable
breakdown of ``score`` shows no id column in zh and ja (the ids are in ``--json``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cases
from suanfan import rules as rules_mod
from suanfan.cli import app
from suanfan.hand import context_controls
from suanfan.tiles import format_tiles, parse_tiles

runner = CliRunner()
TILES = re.compile(r"(?:[0-9]+[mpszf])+")
LATIN = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
CONTROLS = {c.name: c for c in context_controls()}
TABLES = sorted(p.name for p in Path(cases.DATA).glob("*_cases.json*"))
CASES = [c for name in TABLES for c in cases.load(name) if "error" not in c["out"]]


def _args(given: dict) -> list[str]:
    """A case's contract hand object as command-line arguments (the hand first, then the options)."""
    args = ["-r", given.get("rules", "riichi")]
    if given.get("win"):
        args += ["--win", given["win"]]
    for m in given.get("melds", ()):
        args += ["-m", m]
    for k, v in (given.get("options") or {}).items():
        args += ["-o", f"{k}={json.dumps(v)}"]
    for k, v in given.items():
        if k in ("hand", "win", "melds", "options", "rules"):
            continue
        control = CONTROLS.get(k)
        option = "--" + k.replace("_", "-")
        if control is None:
            args += ["--flag", f"{k}={json.dumps(v)}"]
        elif control.type == "bool":
            args += [option] if v else []
        elif control.type == "tiles":
            for t in v if isinstance(v, list) else [v]:
                args += [option, str(t)]
        else:
            args += [option, str(v)]
    return args


def _english(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """The Latin words of ``text`` outside the tile notation and ``allowed``."""
    return [w for w in LATIN.findall(TILES.sub(" ", text)) if w not in allowed]


def _run(args: list[str]) -> str:
    res = runner.invoke(app, args)
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert res.exit_code == 0, (args, res.output)
    return res.output


def _case_id(case: dict) -> str:
    return f"{case['rules']}-{case.get('id') or case['why'][:40]}"


def _waiting(case: dict) -> list[str] | None:
    """The case's hand without its winning tile, as ``waits`` and ``analyze`` take it (13 tiles less 3 a meld)."""
    given = case["in"]
    tiles = parse_tiles(given["hand"])
    win = parse_tiles(given["win"])[0] if given.get("win") else tiles[-1]
    if win not in tiles:
        return None
    tiles.remove(win)
    rest = {k: v for k, v in given.items() if k != "win"}
    return [format_tiles(tiles), *_args({**rest, "rules": case["rules"]})]


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_score_says_nothing_in_english(case: dict, lang: str) -> None:
    text = _run(["score", case["in"]["hand"], *_args({**case["in"], "rules": case["rules"]}), "--lang", lang])
    assert not _english(text), f"English in the {lang} breakdown: {_english(text)}\n{text}"


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_waits_says_nothing_in_english(case: dict, lang: str) -> None:
    args = _waiting(case)
    if args is None:
        pytest.skip("the winning tile is not among the concealed tiles")  # pragma: no cover - every case has it
    text = _run(["waits", *args, "--lang", lang])
    assert not _english(text), f"English in the {lang} waits: {_english(text)}\n{text}"


# analysis scores every wait of every discard: one case hand of each table is enough to see each of its words
ANALYZED = list({c["rules"] + str(bool(c["in"].get("melds"))): c for c in CASES}.values())


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("case", ANALYZED, ids=_case_id)
def test_analyze_says_nothing_in_english(case: dict, lang: str) -> None:
    given = {**case["in"], "rules": case["rules"]}
    keep = ("hand", "win", "melds", "options", "rules", "tsumo", "seat_wind", "round_wind")
    args = _args({k: v for k, v in given.items() if k in keep and k != "win"})
    for full in (case["in"]["hand"], _waiting(case)[0]):  # the 14-tile hand (discards ranked) and the waiting one
        args_ = [full, *[a.replace("--seat-wind", "--seat").replace("--round-wind", "--round") for a in args]]
        text = _run(["analyze", *args_, "--lang", lang])
        assert not _english(text), f"English in the {lang} analysis: {_english(text)}\n{text}"


# proper names that Chinese and Japanese write in Latin letters too: the presets' organisations (Mリーグ, WRC, EMA)
PROPER_NAMES = frozenset(("M", "WRC", "EMA"))


def _ids(name: str) -> frozenset[str]:
    """What one types for rule set ``name``: its item ids, options and their values, presets, flags, match
    settings; and JSON's words."""
    d = rules_mod.get(name).describe()
    ids = {i["id"] for i in d["items"]} | {o["name"] for o in d["options"]} | set(d["presets"])
    ids |= {f["name"] for f in d["context_flags"]} | {name, "true", "false", "null"} | PROPER_NAMES
    for values in [*d["presets"].values(), *d.get("preset_match_settings", {}).values()]:
        ids |= set(values)
        ids |= {w for v in values.values() for w in LATIN.findall(json.dumps(v))}
    for o in d["options"] + d["context_flags"]:
        ids |= {w for c in o.get("choices", ()) for w in LATIN.findall(json.dumps(c["value"]))}
        ids |= set(LATIN.findall(json.dumps(o.get("default"))))
    for i in d["items"]:
        ids |= set(LATIN.findall(json.dumps(i["value"])))  # a value per option (Sichuan's per profile)
    return frozenset(ids)


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("name", sorted(rules_mod.registry()))
def test_rules_says_nothing_in_english_but_ids(name: str, lang: str) -> None:
    text = _run(["rules", name, "--lang", lang])
    assert not _english(text, _ids(name)), f"English in {name} rules ({lang}): {_english(text, _ids(name))}"


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_rules_overview_says_nothing_in_english_but_ids(lang: str) -> None:
    allowed = frozenset().union(*(_ids(n) for n in rules_mod.registry()))
    text = _run(["rules", "--lang", lang])
    assert not _english(text, allowed), f"English in the rules overview ({lang}): {_english(text, allowed)}"


def test_the_check_finds_english() -> None:
    """The check itself: an English word or an id is found, the tile notation is not."""
    assert _english("合計: 4 han, 20 符") == ["han"]
    assert _english("手牌: 234567m34599p678s  pon:777z") == ["pon"]
    assert _english("注: 1m×4 2s 11z 3f") == []
    assert _english("平和  pinfu   1") == ["pinfu"]


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize(
    "args",
    [
        ["score", "123m456p789s11p23x"],
        ["score", "11112m456p789s11z"],
        ["score", "123m456p789s11z222z", "-m", "pon:778m"],
        ["waits", "123m456p789s11p2x"],
        ["analyze", "123m456p789s11p2x"],
        ["rules", "nosuch"],
    ],
    ids=["bad-tile", "bad-count", "bad-meld", "waits", "analyze", "rules"],
)
def test_errors_in_the_language(args: list[str], lang: str) -> None:
    """An error of a command run with --lang is told in that language (readable and --json alike); only its code
    (in parentheses: what the contract documents it by) and what was typed stay as they were."""
    res = runner.invoke(app, [*args, "--lang", lang])
    assert res.exit_code == 2
    code = re.search(r"\((\w+)\)", res.output).group(1)
    # the tile notation's letters, which a message about it names, and the rule sets one may type instead
    typed = " ".join([*args, "m p s z f", *rules_mod.registry()])
    left = [w for w in _english(res.output) if w != code and w not in typed and w not in _ids("riichi")]
    assert not left, res.output
    as_json = json.loads(runner.invoke(app, [*args, "--lang", lang, "--json"]).stdout)
    assert as_json["error"]["code"] == code and not [
        w for w in _english(as_json["error"]["message"]) if w not in typed and w not in _ids("riichi")
    ]


# match show / add and log check: their words, the rounds' names and the payments' reasons in the language; the
# players' names (written here in Chinese characters) and the numbers are what they are
MATCH_ROUNDS = {
    "riichi": [
        ["riichi player=甲", "ron winner=丙 from=甲 han=3 fu=30"],
        ["riichi player=丁", "draw tenpai=丁 nagashi=乙"],
        ["abort reason=kyuushu_kyuuhai"],
        ["chombo player=乙"],
        ["penalty player=乙 amount=1000 to=table", "draw"],
        ['{"type": "tsumo", "winner": "丙", "hand": {"hand": "234m456p678s345s22p", "win": "2p"}}'],
        ["ron winner=乙 from=甲 yakuman=1 pao=丁"],
    ],
    "mcr": [["win winner=乙 from=丙 fan=8"], ["win winner=丁 fan=10"], ["false_win player=甲"], ["draw"]],
    "sichuan": [
        [
            '{"type": "kong", "player": "甲", "kind": "ankan"}',
            "win winner=乙 from=丙 multiplier=2",
            '{"type": "draw", "players": {"甲": {"status": "ready", "multiplier": 1}, "丙": {"status": "not_ready"}, '
            '"丁": {"status": "flower_pig"}}}',
        ]
    ],
}


@pytest.mark.parametrize("lang", ["zh", "ja"])
@pytest.mark.parametrize("rules", sorted(MATCH_ROUNDS))
def test_match_show_and_add_say_nothing_in_english(tmp_path, rules: str, lang: str) -> None:
    db = str(tmp_path / "m.sqlite3")
    _run(["match", "new", "-r", rules, "-p", "甲", "-p", "乙", "-p", "丙", "-p", "丁", "--db", db])
    for events in MATCH_ROUNDS[rules]:
        text = _run(["match", "add", "1", *events, "--db", db, "--lang", lang])
        assert not _english(text), f"English in {rules} match add ({lang}): {_english(text)}\n{text}"
    text = _run(["match", "show", "1", "--db", db, "--lang", lang])
    assert not _english(text), f"English in {rules} match show ({lang}): {_english(text)}\n{text}"


def test_match_show_names_each_round_in_the_language(tmp_path) -> None:
    """The rounds as the players of each language say them (the names the API gives, Game.names); English by
    default, as every other command."""
    db = str(tmp_path / "m.sqlite3")
    _run(["match", "new", "-r", "riichi", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--db", db])
    _run(["match", "add", "1", "draw tenpai=B", "--db", db])
    for lang, label, upcoming in (
        ("en", "East 1, 0", "next: East 2, 1 honba"),
        ("zh", "东1局", "下一局：东2局 1本场"),
        ("ja", "東1局", "次の局：東2局 1本場"),
    ):
        text = _run(["match", "show", "1", "--db", db, "--lang", lang])  # the label may wrap in the table
        assert label in text and upcoming in text, text
    res = runner.invoke(app, ["match", "show", "1", "--db", db, "--lang", "xx"])
    assert res.exit_code == 2 and "--lang xx" in res.output
    res = runner.invoke(app, ["match", "show", "7", "--db", db, "--lang", "ja", "--json"])
    assert res.exit_code == 2 and json.loads(res.stdout)["error"]["code"] == "not_found"


LOGS = Path(cases.DATA) / "logs"


@pytest.mark.parametrize("lang", ["zh", "ja"])
def test_log_check_says_nothing_in_english_but_the_logs_own_names(lang: str) -> None:
    """The summary, the skipped reasons and what differs are in the language; the file and game names, the
    values and the product's name are what they are."""
    res = runner.invoke(app, ["log", "check", "-j", "1", "--lang", lang, str(LOGS)])
    assert res.exit_code == 1, res.output
    names = " ".join(str(p) for p in LOGS.rglob("*")) + " suanfan"
    left = [w for w in _english(res.stdout) if w not in names]
    assert not left, res.stdout
