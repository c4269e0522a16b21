"""A load benchmark of the HTTP server on loopback: requests per second and p99 latency of ``POST /api/score`` and
``POST /api/batch``, first alone, then with hostile requests mixed in (the inputs issue 12 saw stall the server:
a 200 KB hand, a body nested 30,000 deep, a chunked body over the limit, lone surrogates), in one run.

    python bench/bench_http.py [--seconds 5] [--clients 4] [--hostile 2] [--batch 50]

It starts ``suanfan serve`` on 127.0.0.1 (a free port, a temporary match file) and talks only to it; every phase
stops after ``--seconds``, and the server is stopped at the end. The hands are the README's examples. A hostile
client's requests are not counted; every answer it gets must be a 4xx (a 5xx or a dropped connection is reported).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HOST = "127.0.0.1"  # loopback only: nothing here sends a request anywhere else
HANDS = [
    {"hand": "234567m34599p678s", "win": "6s", "tsumo": True, "riichi": True, "seat_wind": "S", "dora_indicators": ["1m"]},
    {"rules": "mcr", "hand": "123m123p123s789m55z", "tsumo": True, "win": "5z", "flowers": 2},
    {"rules": "sichuan", "hand": "1222334567999m8m", "win": "8m", "options": {"profile": "modern"}},
    {"hand": "123456m78999p345s", "win": "5s", "riichi": True, "seat_wind": "S"},
]  # fmt: skip
HOSTILE = [
    ("application/json", json.dumps({"hand": "123m" * 15_000}).encode()),  # a 60 KB hand (0.8 s of parsing before)
    ("application/json", b"[" * 30_000 + b"]" * 30_000),  # nested 30,000 deep, 60,000 bytes
    ("application/json", b'{"hand": "\\ud800\\ud800\\ud800"}'),  # lone surrogates
    ("application/json", b'{"hand": "123m456p789s11z222s", "extra_flags": ["x"]}'),
    ("chunked", b"x" * (70 * 1024)),  # a chunked body over the limit
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def start_server(port: int, db: str) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k != "SUANFAN_TOKEN"}
    env["SUANFAN_DB"] = db
    code = f"from suanfan.web.app import serve; serve({HOST!r}, {port})"
    proc = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=2)
            conn.request("GET", "/api/rules")
            if conn.getresponse().status == 200:
                conn.close()
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start")


def client(port: int, path: str, bodies: list[bytes], stop: threading.Event, times: list[float], errors: list) -> None:
    """Send ``bodies`` in turn on one keep-alive connection until ``stop``; each answer's latency into ``times``."""
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    i = 0
    while not stop.is_set():
        body = bodies[i % len(bodies)]
        i += 1
        t0 = time.perf_counter()
        try:
            conn.request("POST", path, body=body, headers={"content-type": "application/json"})
            r = conn.getresponse()
            r.read()
        except (OSError, http.client.HTTPException) as e:
            errors.append(repr(e))
            conn.close()
            conn = http.client.HTTPConnection(HOST, port, timeout=30)
            continue
        times.append(time.perf_counter() - t0)
        if r.status != 200:
            errors.append(r.status)
    conn.close()


def hostile(port: int, stop: threading.Event, answers: list) -> None:
    """Hostile requests until ``stop``, each on a new connection (the server may close one after refusing it)."""
    i = 0
    while not stop.is_set():
        kind, body = HOSTILE[i % len(HOSTILE)]
        i += 1
        conn = http.client.HTTPConnection(HOST, port, timeout=30)
        try:
            if kind == "chunked":
                conn.putrequest("POST", "/api/score")
                conn.putheader("content-type", "application/json")
                conn.putheader("transfer-encoding", "chunked")
                conn.endheaders()
                for start in range(0, len(body), 8192):
                    part = body[start : start + 8192]
                    conn.send(f"{len(part):x}\r\n".encode() + part + b"\r\n")
                conn.send(b"0\r\n\r\n")
            else:
                conn.request("POST", "/api/score", body=body, headers={"content-type": kind})
            r = conn.getresponse()
            r.read()
            answers.append(r.status)
        except (OSError, http.client.HTTPException) as e:
            answers.append(repr(e))
        finally:
            conn.close()


def phase(port: int, path: str, bodies: list[bytes], seconds: float, clients: int, hostiles: int) -> dict:
    stop = threading.Event()
    times: list[float] = []
    errors: list = []
    answers: list = []
    threads = [threading.Thread(target=client, args=(port, path, bodies, stop, times, errors)) for _ in range(clients)]
    threads += [threading.Thread(target=hostile, args=(port, stop, answers)) for _ in range(hostiles)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    time.sleep(seconds)
    stop.set()
    for t in threads:
        t.join(timeout=60)
    took = time.perf_counter() - t0
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))] if times else float("nan")
    bad = [a for a in answers if not (isinstance(a, int) and 400 <= a < 500)]
    return {
        "rps": len(times) / took,
        "p50": statistics.median(times) * 1000 if times else float("nan"),
        "p99": p99 * 1000,
        "errors": len(errors),
        "hostile": len(answers),
        "hostile_bad": bad[:5],
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="length of each phase")
    ap.add_argument("--clients", type=int, default=4, help="normal clients, one keep-alive connection each")
    ap.add_argument("--hostile", type=int, default=2, help="hostile clients in the second run of each endpoint")
    ap.add_argument("--batch", type=int, default=50, help="hands in one /api/batch request")
    args = ap.parse_args()
    score_bodies = [json.dumps(h).encode() for h in HANDS]
    batch_bodies = [json.dumps([HANDS[i % len(HANDS)] for i in range(args.batch)]).encode()]
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = start_server(port, str(Path(tmp) / "bench.sqlite3"))
        try:
            print(f"{args.clients} clients, {args.seconds:g} s a phase, /api/batch of {args.batch} hands")
            print(
                f"{'endpoint':<12} {'hostile':>7} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'errors':>6} {'refused':>8}"
            )
            for path, bodies in (("/api/score", score_bodies), ("/api/batch", batch_bodies)):
                for hostiles in (0, args.hostile):
                    r = phase(port, path, bodies, args.seconds, args.clients, hostiles)
                    print(
                        f"{path:<12} {hostiles:>7} {r['rps']:>8.1f} {r['p50']:>8.1f} {r['p99']:>8.1f} "
                        f"{r['errors']:>6} {r['hostile']:>8}"
                        + (f"  NOT 4xx: {r['hostile_bad']}" if r["hostile_bad"] else "")
                    )
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    main()
