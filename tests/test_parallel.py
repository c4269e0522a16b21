"""The process pools of ``log check --jobs N`` and ``batch --jobs N`` fork with no other thread alive (a lock another
thread holds at a fork stays held in the child for ever), with the progress bar drawn, and give the report of one
job. Each command runs in a fresh interpreter (a test session has threads of its own: pytest-timeout's), which
notes the threads alive at every fork (``os.register_at_fork``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

DATA = Path(__file__).parent / "data" / "logs"

# run the CLI, noting at every fork of this process the names of the threads other than the forking one; the
# pool always takes every task (WARM_UP and WORTH_A_POOL 0: on a quiet machine the warm-up alone could check all
# the files), so it has its two processes; batch lines go in chunks of 100
CLI = """
import os, sys, threading
import suanfan.cli
from suanfan import parallel
suanfan.cli.BATCH_CHUNK = 100
parallel.WARM_UP = 0
def note():
    others = [t.name for t in threading.enumerate() if t is not threading.current_thread()]
    with open(os.environ["FORKS"], "a") as f:
        f.write(repr(others) + "\\n")
os.register_at_fork(before=note)
parallel.WORTH_A_POOL = 0
from suanfan.cli import main
sys.argv[0] = "suanfan"
main()
"""


def _run(tmp_path: Path, args: list[str], stdin: str | None = None) -> tuple[subprocess.CompletedProcess, list]:
    forks = tmp_path / "forks"
    forks.unlink(missing_ok=True)
    # FORCE_COLOR: standard error counts as a terminal for Rich, so the progress bar and its redrawing run
    env = {**os.environ, "FORKS": str(forks), "FORCE_COLOR": "1", "COLUMNS": "100"}
    r = subprocess.run(
        [sys.executable, "-c", CLI, *args], input=stdin, capture_output=True, text=True, env=env, timeout=300
    )
    seen = [eval(line) for line in forks.read_text().splitlines()] if forks.exists() else []
    return r, seen


def test_log_check_pool_forks_with_no_other_thread(tmp_path: Path) -> None:
    paths = [str(DATA / "tenhou6")]
    one, _ = _run(tmp_path, ["log", "check", "--jobs", "1", *paths])
    many, seen = _run(tmp_path, ["log", "check", "--jobs", "2", *paths])
    assert len(seen) == 2, seen  # the pool's two processes, each forked once
    assert seen == [[], []], f"threads alive at the pool's forks: {seen}"
    assert "checking logs" in many.stderr and "\x1b[" in many.stderr  # the bar was drawn
    assert many.returncode == one.returncode == 1  # the test logs' known differences (docs/logs.md)
    assert many.stdout == one.stdout and "wins agree" in one.stdout


def test_batch_pool_forks_with_no_other_thread(tmp_path: Path) -> None:
    lines = subprocess.run(
        [sys.executable, "-m", "suanfan.cli", "log", "hands", "--jobs", "1", str(DATA / "tenhou")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    lines = lines * 2  # 7 chunks, for the pool's two processes
    one, _ = _run(tmp_path, ["batch", "--jobs", "1"], stdin=lines)
    many, seen = _run(tmp_path, ["batch", "--jobs", "2"], stdin=lines)
    assert seen == [[], []], f"threads alive at the pool's forks: {seen}"
    assert many.returncode == one.returncode == 0
    assert many.stdout == one.stdout and len(one.stdout.splitlines()) == len(lines.splitlines())
