"""The benchmarks compare like with like: the `mahjong` library's from-text path scores what its prepared path scores,
and the timing helper times every side on every hand."""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import riichi_gen  # noqa: E402


def test_mahjong_from_text_scores_what_its_prepared_input_scores():
    """bench_riichi.from_text (the library's own TilesConverter, Meld and HandConfig from the mpsz text) gives the same
    han, fu, points and yaku as the 136-tile input tests/riichi_gen.oracle builds, on every kind of generated hand: the
    end-to-end column times the same work on both sides."""
    pytest.importorskip("mahjong")
    import bench_riichi

    rnd = random.Random(5)
    for i in range(600):
        hand = riichi_gen.random_hand(rnd, riichi_gen.MODES[i % len(riichi_gen.MODES)])
        a, b = riichi_gen.oracle(hand), bench_riichi.from_text(hand)
        got = [(r.han, r.fu, r.error, r.cost, sorted(str(y) for y in r.yaku or ())) for r in (a, b)]
        assert got[0] == got[1], hand


def test_race_times_every_side_on_every_hand():
    from timing import race

    seen: dict[str, list] = {"a": [], "b": []}
    cleared = []
    rates = race(
        {"a": (seen["a"].extend, list(range(250))), "b": (seen["b"].extend, list(range(250, 500)))},
        repeat=2,
        chunk=100,
        before=lambda: cleared.append(1),
    )
    assert seen["a"] == list(range(250)) * 2 and seen["b"] == list(range(250, 500)) * 2
    assert len(cleared) == 2 * 3 * 2  # repeats x chunks x sides
    assert set(rates) == {"a", "b"} and all(r > 0 for r in rates.values())
    with pytest.raises(ValueError, match="different numbers of hands"):
        race({"a": (len, [1, 2]), "b": (len, [1])}, repeat=1)


def test_bench_logs_measures_each_format_on_its_own_games():
    """bench_logs.py's rows: each format's test logs are read as that format, and MJAI's are the Tenhou games told
    again (tests/mjai_from_tenhou.py), with the same wins."""
    import bench_logs

    games = {fmt: bench_logs.games_of(bench_logs.logs_of(fmt)) for fmt in bench_logs.FORMATS}
    for fmt, found in games.items():
        assert found and {g.format for g in found} == {fmt}
    wins = {fmt: sum(len(r.wins) for g in found for r in g.rounds) for fmt, found in games.items()}
    assert len(games["mjai"]) == len(games["tenhou"]) and wins["mjai"] == wins["tenhou"]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--hands", "100"], "above 128 for Riichi"),
        (["--hands", "100", "--group", "open"], "above 128 for Riichi"),
        (["--group", "open", "--only", "mcr"], "cannot go with --only mcr"),
        (["--suanfan-only", "--src", "/nonexistent"], "no suanfan package there"),
    ],
)
def test_instructions_refuses_what_it_cannot_count(args: list[str], says: str, monkeypatch) -> None:
    """bench/instructions.py stops before any valgrind run on arguments it cannot count (fewer than 129 hands against
    the `mahjong` anchor, whose cache holds the last 128 divisions; a Riichi row with MCR; a --src without suanfan)."""
    import instructions

    monkeypatch.setattr(sys, "argv", ["instructions.py", *args])
    with pytest.raises(SystemExit) as e:
        instructions.main()
    assert says in str(e.value.code)


def test_instructions_src_is_found_first_by_the_children(monkeypatch, tmp_path) -> None:
    """--src DIR puts DIR before the installed package on the children's PYTHONPATH (the count itself needs valgrind:
    here the run stops where valgrind is looked for)."""
    import instructions

    (tmp_path / "suanfan").mkdir()
    (tmp_path / "suanfan" / "__init__.py").write_text("")
    monkeypatch.setenv("PYTHONPATH", "/elsewhere")
    monkeypatch.setattr(instructions.shutil, "which", lambda name: None)
    monkeypatch.setattr(sys, "argv", ["instructions.py", "--suanfan-only", "--hands", "100", "--src", str(tmp_path)])
    with pytest.raises(SystemExit) as e:
        instructions.main()
    assert "valgrind is not installed" in str(e.value.code)
    assert os.environ["PYTHONPATH"].split(os.pathsep) == [str(tmp_path.resolve()), "/elsewhere"]


def test_bench_logs_scores_every_win_with_the_mahjong_library():
    """The anchor column: every win of each format goes to the `mahjong` library once, as tests/riichi_gen.oracle
    makes its input, and the library's points are the log's on every four-player win (the platform's own scoring:
    an authority), so the column counts the library scoring these very hands; the three-player ones are counted."""
    pytest.importorskip("mahjong")
    import bench_logs

    for fmt in bench_logs.FORMATS:
        games = bench_logs.games_of(bench_logs.logs_of(fmt))
        wins = [w for g in games for r in g.rounds for w in r.wins]
        calls = bench_logs.mahjong_calls(games)
        assert len(calls) == len(wins)
        for w, ((args, _), answer) in zip(wins, calls, strict=True):
            assert len(args[0]) == 14 + sum(m.startswith(("minkan", "ankan", "kakan")) for m in w.hand["melds"])
            if w.hand["options"].get("players") != 3:
                assert not answer.error and bench_logs.mahjong_points(w.hand, answer) == w.points, w.hand
        found = bench_logs.mahjong_agreement(games)
        assert found["agree"] == found["four"] > 0 and found["four"] + found["three"] == len(wins)


def test_bench_logs_cold_child_reads_each_game_in_a_fork_of_its_own(tmp_path):
    """--cold (run under valgrind by the bench): a pair of forked children per game, one exiting at once and one
    reading the game; a read that fails fails the run rather than counting a read cut short."""
    import pickle
    import subprocess

    import bench_logs

    logs = bench_logs.logs_of("tenhou6")[:3]
    where = tmp_path / "logs"
    where.write_bytes(pickle.dumps(logs))
    run = [sys.executable, str(BENCH / "bench_logs.py"), "--cold", str(where)]
    out = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    pairs = [tuple(map(int, line.split())) for line in out.splitlines()]
    assert len(pairs) == 3 and len({pid for pair in pairs for pid in pair}) == 6
    where.write_bytes(pickle.dumps([logs[0], ("bad.json", b'{"log": [[1]]}')]))
    bad = subprocess.run(run, capture_output=True, text=True)
    assert bad.returncode != 0 and "failed" in bad.stderr and len(bad.stdout.splitlines()) == 1
