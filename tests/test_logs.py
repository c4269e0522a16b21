"""Game logs (tests/data/logs, sources and licenses in its README): every win rescored, every round settled, the
final scores and points, all compared with what the platform itself recorded in the log.

The expected values are the logs' own: Tenhou's ``ten`` / ``yaku`` / ``sc`` / ``owari`` and the tenhou.net/6
result entries. Where suanfan differs on purpose or lacks a platform rule, ``KNOWN`` names the difference and
why; the test asserts exactly those, so a fix (or a new difference) shows up.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import suanfan.logs
from suanfan import parallel
from suanfan.cli import app
from suanfan.errors import InputError
from suanfan.logs.check import check_file, check_win, score_command

DATA = Path(__file__).parent / "data" / "logs"
BAD = Path(__file__).parent / "data" / "logs_bad"
FILES = sorted(str(p) for p in DATA.rglob("*") if p.is_file() and p.name != "README.md")
GAMES = [g for f in FILES for g in suanfan.logs.read(f)]
WINS = [(g, r, w) for g in GAMES for r in g.rounds for w in r.wins]

KNOWN = {
    "bye.xml": {("", "final_points"): "an east-only game of 2009 paid uma 5-10, not today's 10-20"},
    "shuffle.xml": {("", "final_points"): "an east-only game of 2009 paid uma 5-10, not today's 10-20"},
    "confusing_nakis_1.json": {
        ("東2局 2本場", "deltas"): "the winner's delta leaves out the riichi stick that stood (a cut test fixture)"
    },
    "kokushi_peinuki.json": {
        ("東3局 0本場", "deltas"): "the converted delta leaves out the riichi stick the winner took (a kita robbed by "
        "kokushi); the game's final scores (sc: 94000 = 45000 + 48000 + 1000) have it, and agree"
    },
}


def test_the_set_is_large_and_varied() -> None:
    """A few dozen real games in two formats: ron and tsumo, double ron, pao, draws, aborts, kongs, riichi."""
    assert len(GAMES) >= 40
    assert {g.format for g in GAMES} >= {"tenhou", "tenhou6"}
    hands = [w.hand for _, _, w in WINS]
    assert len(hands) >= 300
    for flag in ("tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "pao"):
        assert any(h.get(flag) for h in hands), flag
    assert any(len(r.wins) == 2 for g in GAMES for r in g.rounds)
    kinds = {o.kind for g in GAMES for r in g.rounds for o in r.outcomes if not hasattr(o, "yaku")}
    assert {"exhaustive", "kyuushu_kyuuhai", "suucha_riichi", "sanchahou", "suukan_sanra", "suufon_renda"} <= kinds
    assert any(o.nagashi for g in GAMES for r in g.rounds for o in r.outcomes if not hasattr(o, "yaku"))


@pytest.mark.parametrize(("game", "rnd", "win"), WINS, ids=[f"{g.name}:{r.label}:{w.winner}" for g, r, w in WINS])
def test_win(game, rnd, win) -> None:
    """han, fu, points and yaku as the platform scored the win."""
    diffs, _ = check_win(win)
    assert not diffs, f"{game.file} {rnd.label}: {diffs}\n{score_command(win.hand)}"


@pytest.mark.parametrize("file", FILES, ids=[Path(f).name for f in FILES])
def test_rounds_and_final(file: str) -> None:
    """Each round settled by the project's round settlement gives the log's point changes; the game's end and
    its final scores and points are the log's, but for the documented differences."""
    rep = check_file(file, Path(file).read_bytes())
    assert not rep.errors
    found = {(m.round, m.what) for m in rep.mismatches}
    assert found == set(KNOWN.get(Path(file).name, {})), [m.to_dict() for m in rep.mismatches]


def test_three_players_are_checked() -> None:
    """A Tenhou three-player game (lobby 0xb9): North set aside (kita) counted among the dora as Tenhou lists it,
    ツモ損 self-draws, 35000 / 40000 with uma +20 0 -20, all as its sc and owari record."""
    game = next(suanfan.logs.read(DATA / "tenhou/dnovikoff/sanma2.xml"))
    assert game.seats == 3 and any(w.hand.get("kita") for r in game.rounds for w in r.wins)
    rep = check_file("sanma2.xml", (DATA / "tenhou/dnovikoff/sanma2.xml").read_bytes())
    assert (rep.games, rep.games_agree, rep.wins, rep.wins_agree) == (1, 1, 5, 5) and not rep.mismatches


def test_three_player_tenhou6_is_checked() -> None:
    """tenhou.net/6 with three players (the fourth seat empty, as Tenhou writes it; North set aside as f44; a call
    from seat 0's left written across, as the mjlog counts seats): the three-player Tenhou game told again in it
    (tests/tenhou6_from_tenhou.py) with Tenhou's own values reads as its mjlog does. (Public three-player tenhou.net/6
    logs are in tenhou6/mjai-reviewer3p since, checked by test_win and test_rounds_and_final.)"""
    xml = DATA / "tenhou/dnovikoff/sanma2.xml"
    text = json.dumps(tenhou6_from_tenhou.convert(xml.read_text(encoding="utf-8")), ensure_ascii=False)
    game = suanfan.logs.read_bytes(text.encode(), "sanma2.json")[0]
    assert game.format == "tenhou6" and game.seats == 3 and game.options["players"] == 3
    rep = check_file("sanma2.json", text.encode())
    assert (rep.games, rep.games_agree, rep.rounds_agree, rep.wins, rep.wins_agree) == (1, 1, 6, 5, 5)
    mjlog = next(suanfan.logs.read(xml))
    assert [w.hand for r in game.rounds for w in r.wins] == [w.hand for r in mjlog.rounds for w in r.wins]
    assert (game.final_scores, game.final_points) == (mjlog.final_scores, mjlog.final_points)


def test_tenhou6_names_and_seats_must_agree(tmp_path: Path) -> None:
    obj = json.loads((DATA / "tenhou6/mjai-reviewer/rinshan.json").read_text(encoding="utf-8"))
    obj["name"] = obj["name"][:3]
    file = _bad(tmp_path, "three.json", json.dumps(obj))
    with pytest.raises(InputError, match="names 3 players, its rounds seat 4"):
        list(suanfan.logs.read(file))


@pytest.mark.parametrize("slot", [2, 3, 4])  # the dora and ura indicators, seat 0's hand
def test_tenhou6_bad_tile_code_names_the_file_and_round(tmp_path: Path, slot: int) -> None:
    """A tile code that is no tile, read before the round's turns, still names the file and the log entry."""
    obj = json.loads((DATA / "tenhou6/mjai-reviewer/rinshan.json").read_text(encoding="utf-8"))
    obj["log"][0][slot] = ["x"]
    file = _bad(tmp_path, "bad_tile.json", json.dumps(obj))
    with pytest.raises(InputError, match=r"bad_tile\.json: game 1, log entry 1\b.*tile 'x' is not a tile code"):
        list(suanfan.logs.read(file))


def test_a_gzipped_log_is_read_as_the_plain_one(tmp_path: Path) -> None:
    plain = DATA / "tenhou/dnovikoff/pao.xml"
    packed = tmp_path / "pao.mjlog"
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    a, b = next(suanfan.logs.read(plain)), next(suanfan.logs.read(packed))
    assert a.rounds == b.rounds


def test_format_is_found_from_the_content(tmp_path: Path) -> None:
    (tmp_path / "game.txt").write_bytes((DATA / "tenhou6/mjai-reviewer/double_ron.json").read_bytes())
    assert next(suanfan.logs.read(tmp_path / "game.txt")).format == "tenhou6"


def _bad(tmp_path: Path, name: str, text: str | bytes) -> str:
    path = tmp_path / name
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    return str(path)


def _mjlog(name: str = "tenhou/dnovikoff/example.xml") -> str:
    return (DATA / name).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("truncated", "not a complete mjlog (cut short after tag"),
        ("other", "not a game log"),
        ("unknown_yaku", "an unknown Tenhou yaku id"),
        ("bad_json", "not complete JSON"),
        ("no_points", "is not [who, from, pao, points, yaku...]"),
        ("bad_gzip", "a broken gzip file"),
    ],
)
def test_bad_input_names_the_file_and_place(tmp_path: Path, case: str, message: str) -> None:
    text = _mjlog()
    content: str | bytes = {
        "truncated": text[: len(text) // 2],
        "other": "hand,win\n123m,1m\n",
        "unknown_yaku": text.replace('yaku="', 'yaku="77,1,', 1),
        "bad_json": (DATA / "tenhou6/mjai-reviewer/rinshan.json").read_text(encoding="utf-8")[:300],
        "no_points": (BAD / "no_points.json").read_bytes(),
        "bad_gzip": gzip.compress(text.encode())[:200],
    }[case]
    file = _bad(tmp_path, f"{case}.log", content)
    with pytest.raises(InputError) as e:
        list(suanfan.logs.read(file))
    assert e.value.code == ("not_a_log" if case == "other" else "bad_log")
    assert file in e.value.message and message in e.value.message


def test_deltas_that_do_not_add_up_are_an_error_naming_the_round(tmp_path: Path) -> None:
    """The log's own changes must take a round's scores to the next round's."""
    text = _mjlog()
    second = text.index("<INIT", text.index("<INIT") + 1)
    head, tail = text[:second], text[second:]
    start = tail.index('ten="') + 5
    end = tail.index('"', start)
    values = tail[start:end].split(",")
    values[0] = str(int(values[0]) + 10)
    file = _bad(tmp_path, "edited.xml", head + tail[:start] + ",".join(values) + tail[end:])
    rep = check_file(file, Path(file).read_bytes())
    # the edited start of round 2 follows neither from round 1 nor leads to round 3
    assert len(rep.errors) == 2 and all(file in e["message"] for e in rep.errors)
    assert "東1局 0本場" in rep.errors[0]["message"]


def test_one_bad_game_never_stops_the_others(tmp_path: Path) -> None:
    good = DATA / "tenhou/dnovikoff/pao.xml"
    (tmp_path / "a_good.xml").write_bytes(good.read_bytes())
    (tmp_path / "b_bad.xml").write_text(_mjlog()[:1000], encoding="utf-8")
    (tmp_path / "c_good.xml").write_bytes(good.read_bytes())
    r = CliRunner().invoke(app, ["log", "check", "--json", "--jobs", "1", str(tmp_path)])
    assert r.exit_code == 2
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    errors = [x["error"] for x in lines if "error" in x]
    assert len(errors) == 1 and "b_bad.xml" in errors[0]["message"]
    assert lines[-1]["summary"]["games"] == 2 and lines[-1]["summary"]["games_agree"] == 2


def test_check_json_is_the_contract(tmp_path: Path) -> None:
    r = CliRunner().invoke(app, ["log", "check", "--json", "-j", "1", str(DATA / "tenhou/dnovikoff/bye.xml")])
    assert r.exit_code == 1
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    assert set(lines[-1]) == {"summary"}
    assert set(lines[-1]["summary"]) == {
        "files", "games", "rounds", "wins", "wins_agree", "rounds_agree", "games_agree", "skipped"
    }  # fmt: skip
    for line in lines[:-1]:
        assert set(line["mismatch"]) == {"file", "game", "round", "what", "log", "suanfan", "hand"}


def test_check_exits_0_when_all_agree() -> None:
    r = CliRunner().invoke(app, ["log", "check", "-j", "1", str(DATA / "tenhou/dnovikoff/pao.xml")])
    assert r.exit_code == 0, r.output
    assert "4 rounds agree" in r.stdout


def test_a_mismatch_gives_a_score_command_that_reproduces_the_hand(tmp_path: Path) -> None:
    """A win scored differently (here the log's points edited) is reported with the command of the hand."""
    text = _mjlog("tenhou/dnovikoff/pao.xml")
    i = text.index("<AGARI")
    j = text.index('ten="', i) + 5
    k = text.index('"', j)
    fu, points, limit = text[j:k].split(",")
    edited = text[:j] + f"{fu},{int(points) + 100},{limit}" + text[k:]
    file = _bad(tmp_path, "edited.xml", edited)
    r = CliRunner().invoke(app, ["log", "check", "--json", "-j", "1", file])
    mismatch = json.loads(r.stdout.splitlines()[0])["mismatch"]
    assert mismatch["what"] == "points" and mismatch["log"] == int(points) + 100
    command = mismatch["hand"].split()[2:]
    scored = CliRunner().invoke(app, ["score", *command, "--json"])
    assert json.loads(scored.stdout)["points"]["hand"] == int(points)


def test_jobs_give_the_same_report(monkeypatch: pytest.MonkeyPatch) -> None:
    one = CliRunner().invoke(app, ["log", "check", "--json", "-j", "1", str(DATA)])
    # the test logs are too little work to be worth a pool: told it is always worth it, two processes check them
    monkeypatch.setattr(parallel, "WARM_UP", 0)
    monkeypatch.setattr(parallel, "WORTH_A_POOL", 0)
    two = CliRunner().invoke(app, ["log", "check", "--json", "-j", "2", str(DATA)])
    assert one.stdout == two.stdout and one.exit_code == two.exit_code == 1


def test_little_work_stays_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """A pool starts only when the work left after the warm-up is worth its start; the order is the tasks' always."""

    def no_pool(*args: object, **kwargs: object) -> None:
        raise AssertionError("a process pool was started")

    monkeypatch.setattr(parallel, "ProcessPoolExecutor", no_pool)
    tasks = [(str(f), None, True) for f in sorted((DATA / "tenhou/dnovikoff").glob("*.xml"))[:3]]
    reports = list(parallel.run(check_file, tasks, jobs=2))
    assert [r.files for r in reports] == [1, 1, 1] and sum(r.games for r in reports) == 3
    monkeypatch.undo()
    monkeypatch.setattr(parallel, "WARM_UP", 0)
    monkeypatch.setattr(parallel, "WORTH_A_POOL", 0)
    pooled = list(parallel.run(check_file, tasks, jobs=2))
    assert [r.summary() for r in pooled] == [r.summary() for r in reports]


def test_log_hands_feed_batch() -> None:
    r = CliRunner().invoke(app, ["log", "hands", "-j", "1", str(DATA / "tenhou/dnovikoff/pao.xml")])
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    assert len(lines) == 4
    results = CliRunner().invoke(app, ["batch"], input=r.stdout)
    for line, result in zip(lines, results.stdout.splitlines(), strict=True):
        want = json.loads(line)["log_result"]
        got = json.loads(result)
        assert got["ok"] and got["points"]["hand"] == want["points"]


def test_import_log_makes_a_match(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    file = str(DATA / "tenhou/dnovikoff/pao.xml")
    r = CliRunner().invoke(app, ["match", "import-log", file, "--db", str(db), "--json"])
    assert r.exit_code == 0, r.output
    match_id = json.loads(r.stdout)["id"]
    shown = json.loads(CliRunner().invoke(app, ["match", "show", str(match_id), "--db", str(db), "--json"]).stdout)
    game = next(suanfan.logs.read(file))
    assert [shown["standings"]["points"][p] for p in shown["players"]] == list(game.final_scores)


# ---- MJAI ------------------------------------------------------------------------------------------------------
sys.path.insert(0, str(Path(__file__).parent))
import tenhou6_from_tenhou  # noqa: E402
from mjai_from_tenhou import convert  # noqa: E402

TENHOU = [f for f in FILES if "/tenhou/" in f]


@pytest.mark.parametrize("file", TENHOU, ids=[Path(f).name for f in TENHOU])
def test_mjai(file: str) -> None:
    """The Tenhou games told as MJAI events (tests/mjai_from_tenhou.py: no public MJAI log with its points was
    found): every win, round and final score as Tenhou recorded it, pao found from the calls (MJAI writes none)."""
    text = convert(Path(file).read_text(encoding="utf-8"))
    rep = check_file(file + ".mjai", text.encode())
    game = next(suanfan.logs.read(file))
    assert not rep.errors and not rep.mismatches, [m.to_dict() for m in rep.mismatches]
    assert rep.wins == sum(len(r.wins) for r in game.rounds) and rep.games_agree == 1
    mjai_game = suanfan.logs.read_bytes(text.encode(), "x")[0]
    assert mjai_game.format == "mjai"
    assert [w.hand for r in mjai_game.rounds for w in r.wins] == [w.hand for r in game.rounds for w in r.wins]


def _bare(text: str) -> str:
    """MJAI as some writers give it (akochan's game logs): a hora with its winner, target and ura indicators only, a
    ryukyoku with neither its tenpai seats nor deltas; the scores of each start_kyoku and of end_game remain."""
    out = []
    for line in text.splitlines():
        ev = json.loads(line)
        if ev["type"] == "hora":
            ev = {
                "type": "hora",
                "actor": ev["actor"],
                "target": ev["target"],
                "uradora_markers": ev["uradora_markers"],
            }
        elif ev["type"] == "ryukyoku" and ev["reason"] == "fanpai":
            ev = {"type": "ryukyoku"}
        out.append(json.dumps(ev))
    return "\n".join(out) + "\n"


BARE = [f for f in TENHOU if "/mjx/" in f][:8]


@pytest.mark.parametrize("file", BARE, ids=[Path(f).name for f in BARE])
def test_bare_mjai_is_checked_by_its_scores(file: str) -> None:
    """With no points, yaku or deltas in the log, a win is checked as a win, and each round's changes are the next
    round's scores less its own (the last: end_game's): settled from the hands as the events give them (the
    tenpai seats of a draw found from the hands), they must be those."""
    text = _bare(convert(Path(file).read_text(encoding="utf-8")))
    rep = check_file(file + ".mjai", text.encode())
    assert not rep.errors and not rep.mismatches, [m.to_dict() for m in rep.mismatches]
    assert rep.rounds_agree == rep.rounds > 0 and rep.wins_agree == rep.wins and rep.games_agree == 1


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t[: t.rindex('{"type": "end_game"')], "has no end_game (cut short at line"),
        (lambda t: t.replace('["tanyaochu", 1]', '["tanyao_typo", 1]', 1), "is not an MJAI yaku"),
        (lambda t: t.replace('"pai": "1m"', '"pai": "1x"', 1), "is not an MJAI tile"),
        (lambda t: t.replace('{"type": "tsumo"', "{oops", 1), "is not JSON"),
    ],
)
def test_bad_mjai_names_the_file_and_line(tmp_path: Path, edit, message: str) -> None:
    text = edit(convert(_mjlog("tenhou/dnovikoff/example.xml")))
    file = _bad(tmp_path, "game.mjson", text)
    with pytest.raises(InputError) as e:
        list(suanfan.logs.read(file))
    assert e.value.code == "bad_log" and file in e.value.message and message in e.value.message


def test_an_edited_log_is_refused_where_it_breaks() -> None:
    """mjx's kan4.mjlog was edited by hand for mjx's tests: a discard of a tile the player never held is named."""
    file = str(BAD / "kan4.mjlog")
    rep = check_file(file, Path(file).read_bytes())
    assert rep.skipped == {"unreadable": 1} and len(rep.errors) == 1
    assert "東2局 0本場: tag 499 <G89>: seat 3 discards 5s, which is not in the hand" in rep.errors[0]["message"]


def test_import_log_refuses_a_game_cut_from_the_middle(tmp_path: Path) -> None:
    file = str(DATA / "tenhou6/mjai-reviewer/double_ron.json")
    r = CliRunner().invoke(app, ["match", "import-log", file, "--db", str(tmp_path / "m.db"), "--json"])
    assert r.exit_code == 2
    assert json.loads(r.stdout)["error"]["code"] == "unsupported" and "南4局 0本場" in r.stdout


def test_a_round_s_events_settle_as_a_match() -> None:
    """``Round.events``: the round as match events, the players by seat number; a match settles them."""
    from suanfan.match import Match

    game = next(suanfan.logs.read(DATA / "tenhou/dnovikoff/pao.xml"))
    m = Match("riichi", ["A", "B", "C", "D"], game.options, {"length": "east"})
    for rnd in game.rounds:
        played = m.add_round(rnd.events)
        assert [played.settlement.deltas[p] for p in m.players] == list(rnd.deltas)
