"""``--dask``: the same work on a Dask cluster (a LocalCluster of two worker processes) gives the same output, in
the same order, as one process (``log check``, ``log hands``, ``batch``); ``--jobs`` too for ``batch``."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import threading
from pathlib import Path

import pytest
from typer.testing import CliRunner

if not os.environ.get("CI"):  # CI installs the dask extra (.ci/run); a checkout without it skips, saying why
    pytest.importorskip("dask.distributed", reason="the dask extra is not installed: pip install -e '.[dask]'")
from dask.distributed import LocalCluster  # noqa: E402

from suanfan.cli import app

pytestmark = pytest.mark.slow
DATA = Path(__file__).parent / "data" / "logs"


@pytest.fixture(scope="module")
def scheduler() -> str:
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def test_log_check_on_dask(scheduler: str) -> None:
    here = CliRunner().invoke(app, ["log", "check", "--json", "-j", "1", str(DATA)])
    there = CliRunner().invoke(app, ["log", "check", "--json", "--dask", scheduler, str(DATA)])
    assert there.stdout == here.stdout and there.exit_code == here.exit_code
    assert json.loads(there.stdout.splitlines()[-1])["summary"]["wins_agree"] >= 300


def test_log_hands_and_batch_on_dask(scheduler: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("suanfan.cli.BATCH_CHUNK", 100)  # many tasks, so that their order is tested
    hands = CliRunner().invoke(app, ["log", "hands", "--dask", scheduler, str(DATA)])
    assert hands.exit_code == 0
    assert hands.stdout == CliRunner().invoke(app, ["log", "hands", "-j", "1", str(DATA)]).stdout
    lines = hands.stdout
    one = CliRunner().invoke(app, ["batch"], input=lines)
    for args in (["--dask", scheduler], ["--jobs", "2"]):
        many = CliRunner().invoke(app, ["batch", *args], input=lines)
        assert many.exit_code == 0 and many.stdout == one.stdout
    results = [json.loads(line) for line in one.stdout.splitlines()]
    wants = [json.loads(line)["log_result"] for line in lines.splitlines()]
    assert [r["points"]["hand"] for r in results] == [w["points"] for w in wants]


def test_no_scheduler_is_a_clear_error_and_leaves_no_thread() -> None:
    """A refused --dask leaves nothing running: a synchronous Client refused so kept its "IO loop" thread for ever
    (distributed's own: docs/logs.md shows it); ours is an asynchronous client on a loop in a thread of ours, joined
    at the end."""
    before = set(threading.enumerate())  # this module's LocalCluster and pytest-timeout have threads of their own
    r = CliRunner().invoke(app, ["log", "check", "--dask", "tcp://127.0.0.1:1", str(DATA / "tenhou/dnovikoff/pao.xml")])
    assert r.exit_code == 2 and "no_dask" in r.output
    gc.collect()
    left = [t.name for t in set(threading.enumerate()) - before if t.is_alive()]
    assert not left, f"threads left running after a refused --dask: {left}"


def test_dask_from_a_thread_with_an_event_loop_running(scheduler: str) -> None:
    """A caller with an event loop running in its thread (a notebook, an async server) gets the same work done: the
    client's loop runs in a thread of its own (run in the caller's thread, it was refused: 'Cannot run the event
    loop while another loop is running')."""
    one = str(DATA / "tenhou/dnovikoff/pao.xml")

    got: dict = {}

    async def inside() -> None:
        got["result"] = CliRunner().invoke(app, ["log", "check", "--json", "--dask", scheduler, one])

    # a thread of the test's own runs the loop (in the whole suite this thread may have one running already)
    caller = threading.Thread(target=asyncio.run, args=(inside(),))
    caller.start()
    caller.join()
    there = got["result"]
    here = CliRunner().invoke(app, ["log", "check", "--json", "-j", "1", one])
    assert there.stdout == here.stdout and there.exit_code == here.exit_code, there.output
