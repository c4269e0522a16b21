"""Bad input on the newer surfaces, tried as a new user would (session 7's walkthrough): each gives the contract's
error naming the file or the option, exit status 2, and never a traceback, a stall or the machine's memory."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import suanfan.logs
from suanfan import parallel
from suanfan.cli import app
from suanfan.errors import InputError

DATA = Path(__file__).parent / "data" / "logs"
GAME = DATA / "tenhou" / "dnovikoff" / "pao.xml"


def _error(file: Path | str) -> InputError:
    with pytest.raises(InputError) as e:
        list(suanfan.logs.read(file))
    return e.value


def test_a_file_larger_than_a_log_is_refused_before_it_is_read_whole(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(suanfan.logs, "MAX_LOG_BYTES", 1000)
    big = tmp_path / "disk.img"
    big.write_bytes(b"<" + b"x" * 5000)
    e = _error(big)
    assert e.code == "too_large" and str(big) in e.message and "split it" in e.message


def test_a_gzip_bomb_is_refused_once_it_unpacks_past_the_limit(tmp_path: Path, monkeypatch) -> None:
    """A small file that unpacks to far more than any log: it is not unpacked to the end."""
    monkeypatch.setattr(suanfan.logs, "MAX_LOG_BYTES", 100_000)
    bomb = tmp_path / "game.mjlog"
    bomb.write_bytes(gzip.compress(b"<mjloggm" + b" " * 10_000_000))
    assert bomb.stat().st_size < 100_000
    e = _error(bomb)
    assert e.code == "too_large" and "unpacks to more than" in e.message


def test_a_log_within_the_limit_is_read_as_before(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(suanfan.logs, "MAX_LOG_BYTES", GAME.stat().st_size)
    packed = tmp_path / "pao.mjlog"
    packed.write_bytes(gzip.compress(GAME.read_bytes()) + gzip.compress(b""))  # two members, as gzip allows
    assert next(suanfan.logs.read(packed)).rounds == next(suanfan.logs.read(GAME)).rounds


def test_an_endless_device_named_on_the_command_line_is_refused(monkeypatch) -> None:
    monkeypatch.setattr(suanfan.logs, "MAX_LOG_BYTES", 4096)
    r = CliRunner().invoke(app, ["log", "check", "--json", "-j", "1", "/dev/zero"])
    assert r.exit_code == 2, r.output
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    assert lines[0]["error"]["code"] == "too_large" and "/dev/zero" in lines[0]["error"]["message"]


@pytest.mark.parametrize(
    ("content", "message"),
    [("[]", "holds no game"), ('{"log": []}', "empty has no rounds")],
)
def test_a_log_with_nothing_to_check_is_refused_not_counted_as_agreeing(tmp_path: Path, content, message) -> None:
    file = tmp_path / "empty.json"
    file.write_text(content, encoding="utf-8")
    e = _error(file)
    assert e.code == "bad_log" and str(file) in e.message and message in e.message
    r = CliRunner().invoke(app, ["log", "check", "-j", "1", str(file)])
    assert r.exit_code == 2 and "agree" in r.stdout and message in r.stderr


def test_a_file_that_cannot_be_opened_is_named(tmp_path: Path) -> None:
    e = _error(tmp_path / "gone.xml")
    assert e.code == "no_file" and "gone.xml" in e.message
    with pytest.raises(InputError) as e2:
        suanfan.logs.read_file(str(tmp_path))  # a folder opened as a file
    assert e2.value.code == "no_file" and str(tmp_path) in e2.value.message


@pytest.mark.parametrize("address", ["nonsense", "http://[::1", "tcp://host:port", "tcp://"])
def test_an_address_that_is_no_dask_address_is_a_clear_error(address: str) -> None:
    pytest.importorskip("dask.distributed")
    r = CliRunner().invoke(app, ["log", "check", "--dask", address, str(GAME)])
    assert r.exit_code == 2, r.output
    assert "no_dask" in r.output and address in r.output and "internal" not in r.output


def test_a_bad_dask_address_makes_no_client(monkeypatch) -> None:
    """A dask Client refused in its constructor is left half made, its IO loop thread running; one refused for a bad
    address is closed later by the garbage collector, in whatever thread collects it, and closing takes distributed's
    one LoopRunner lock: a collection landing while that thread held the lock (starting the next test's cluster) hung
    a clean-clone CI run for ever at load 0. The address is read (distributed's resolve_address) before any Client."""
    distributed = pytest.importorskip("dask.distributed")

    def no_client(*args, **kwargs):
        raise AssertionError("a Client was made for an address that is none")

    monkeypatch.setattr(distributed, "Client", no_client)
    for address in ("nonsense", "http://[::1", "tcp://host:port", "tcp://", "tcp://no-such-host.invalid:8786"):
        r = CliRunner().invoke(app, ["log", "check", "--dask", address, str(GAME)])
        assert r.exit_code == 2 and "no_dask" in r.stderr and address in r.stderr, r.output


@pytest.mark.slow  # a LocalCluster's start, like tests/test_dask.py's (on a loaded machine it can take 10 s and more)
def test_a_cluster_without_workers_is_an_error_not_a_wait(monkeypatch) -> None:
    """A scheduler with no worker (or only workers that died: suanfan not installed there) would hold every task
    for ever; the check waits ``DASK_WORKER_WAIT`` seconds for one, then says so."""
    distributed = pytest.importorskip("dask.distributed")
    monkeypatch.setattr(parallel, "DASK_WORKER_WAIT", 1)
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster:
        r = CliRunner().invoke(app, ["log", "check", "--dask", cluster.scheduler_address, str(GAME)])
    assert r.exit_code == 2, r.output
    assert "no_dask" in r.output and "no worker" in r.output


def test_the_progress_bar_writes_nothing_when_standard_error_is_no_terminal(tmp_path: Path) -> None:
    """Piped or logged, the check's standard error holds its errors and nothing else (no bar, no blank line)."""
    r = CliRunner().invoke(app, ["log", "check", "-j", "1", str(GAME)])
    assert r.exit_code == 0 and r.stderr == ""


def test_what_a_user_typed_is_printed_as_typed_not_read_as_rich_markup(tmp_path: Path) -> None:
    """A name, a tile text or a file name with brackets ('[b]', '[red]', '[dask]') is text: Rich must not take it
    for a style and drop it from the table, the error or the report."""
    db = str(tmp_path / "m.sqlite3")
    r = CliRunner().invoke(
        app, ["match", "new", "-r", "riichi", "-p", "[b]", "-p", "B", "-p", "C", "-p", "D", "--db", db]
    )
    assert r.exit_code == 0 and "[b], B, C, D" in r.stdout
    r = CliRunner().invoke(app, ["match", "add", "1", "ron winner=[b] from=B han=1 fu=30", "--db", db])
    assert r.exit_code == 0 and "[b] +1500 → 26500" in r.stdout and "│ B    │ [b] │" in r.stdout
    r = CliRunner().invoke(app, ["match", "show", "1", "--db", db])
    assert "ron [b] ← B" in r.stdout and "│ [b]    │  26500 │" in r.stdout
    r = CliRunner().invoke(app, ["match", "list", "--db", db])
    assert "[b], B, C, D" in r.stdout
    r = CliRunner().invoke(app, ["score", "[red]1m"])
    assert r.exit_code == 2 and "'[red]1m'" in r.stderr
    folder = tmp_path / "[dask]"
    folder.mkdir()
    (folder / "x.xml").write_text("hand,win\n", encoding="utf-8")
    r = CliRunner().invoke(app, ["log", "check", "-j", "1", str(folder / "x.xml")])
    assert r.exit_code == 2 and f"{folder}/x.xml: not a game log" in r.stderr


def test_a_folder_that_cannot_be_opened_is_an_error_not_left_out(tmp_path: Path, monkeypatch) -> None:
    """os.walk reports a folder it cannot list (a folder of another user's); its games are not silently lost."""
    (tmp_path / "a.xml").write_bytes(GAME.read_bytes())
    locked = tmp_path / "locked"
    locked.mkdir()
    real_scandir = __import__("os").scandir

    def scandir(path):
        if str(path) == str(locked):
            raise PermissionError(13, "Permission denied", str(path))
        return real_scandir(path)

    monkeypatch.setattr("os.scandir", scandir)
    assert suanfan.logs.files_of([tmp_path], named=True) == [(str(tmp_path / "a.xml"), False), (str(locked), True)]
    r = CliRunner().invoke(app, ["log", "check", "--json", "-j", "1", str(tmp_path)])
    lines = [json.loads(line) for line in r.stdout.splitlines()]
    assert r.exit_code == 2 and lines[0]["error"]["code"] == "no_file" and str(locked) in lines[0]["error"]["message"]
    assert lines[-1]["summary"]["games_agree"] == 1 and lines[-1]["summary"]["skipped"] == {"unreadable": 1}


def test_a_file_whose_folder_cannot_be_opened_is_named_not_an_internal_error(tmp_path: Path, monkeypatch) -> None:
    def stat(self, *, follow_symlinks=True):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "stat", stat)
    with pytest.raises(InputError) as e:
        suanfan.logs.files_of([tmp_path / "x.xml"])
    assert e.value.code == "no_file" and "x.xml: cannot be read (Permission denied)" in e.value.message


@pytest.mark.parametrize("content", [None, "hand,win\n"])
def test_a_folder_with_no_log_is_an_error_not_everything_agrees(tmp_path: Path, content) -> None:
    if content is not None:
        (tmp_path / "notes.csv").write_text(content, encoding="utf-8")
    r = CliRunner().invoke(app, ["log", "check", "-j", "1", str(tmp_path)])
    assert r.exit_code == 2 and "no game log found" in r.stderr and str(tmp_path) in r.stderr
    assert ("1 file, none a Tenhou" if content else "no file at all") in r.stderr


def test_serve_on_a_taken_port_is_a_clear_error_not_a_fault() -> None:
    """uvicorn logs a failed bind and exits 3, the status of a bug in suanfan; the address is checked first."""
    pytest.importorskip("uvicorn")
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = CliRunner().invoke(app, ["serve", "--port", str(port)])
    assert r.exit_code == 2, r.output
    assert f"error (no_server): cannot listen on 127.0.0.1:{port}" in r.stderr.replace("\n", " ")
    r = CliRunner().invoke(app, ["serve", "--host", "no-such-host.invalid", "--port", "8123"])
    assert r.exit_code == 2 and "no_server" in r.stderr


def test_match_import_of_an_endless_file_is_refused(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr("suanfan.match.cli.MAX_IMPORT", 4096)
    r = CliRunner().invoke(app, ["match", "import", "/dev/zero", "--db", str(tmp_path / "m.sqlite3")])
    assert r.exit_code == 2 and "too_large" in r.stderr and "/dev/zero" in r.stderr
    r = CliRunner().invoke(app, ["match", "import", str(tmp_path), "--db", str(tmp_path / "m.sqlite3")])
    assert r.exit_code == 2 and "cannot read" in r.stderr
