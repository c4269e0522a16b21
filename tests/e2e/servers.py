"""Starting the app's server for the browser tests."""

from __future__ import annotations

import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

import pytest


def serve_app(ready_path: str, env: dict | None = None):
    """Run ``suanfan serve`` on a free loopback port in a child process; yield its URL once ``ready_path`` answers."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code = f"from suanfan.web.app import serve; serve('127.0.0.1', {port})"
    # the server's log goes to a file: a pipe nobody reads fills after about 64 KiB of access lines, and the server
    # then blocks writing its next line (every later page load times out)
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(url + ready_path, timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    log.seek(0)
                    out = log.read().decode(errors="replace")
                    pytest.fail(f"the server did not start: {out[-2000:]}")
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
