"""A probe, not part of suanfan: what reading an MJAI game's draws and discards in bulk with numpy would cost
(docs/logs.md, "MJAI reading, session 11"). The reader was not changed: this measures the numpy part alone, on the
47 MJAI test games of bench/bench_logs.py, and the part of today's reader a numpy reader would keep (the other
lines, sliced off the bytes and parsed).

    python bench/probe_mjai_numpy.py                  # checks the scan finds every move line of the test games
    python bench/probe_mjai_numpy.py --instructions   # instructions a game of each part (callgrind, 2 passes less 0)

numpy is needed (installed beside suanfan; suanfan does not depend on it).

The parts: ``scan``, every line of the bytes found (the line breaks), each line's first and last 32 bytes gathered,
a key of both (two dot products and the length) looked up in a table of 2^20 slots holding the 1,184 move texts
(``tsumo`` and ``dahai`` of 4 seats and 37 tiles, a ``tsumogiri`` or none, the default and compact separators, as
``json.dumps`` writes them), the text's bytes compared with the line's (exact: the two windows and the length cover
a line of up to 64 bytes); ``core``, the scan and the checks the reader makes of the moves, for the whole game at
once (each discard held: a stable sort of (round, seat, tile) keys, dealt tiles +1, draws +1, discards -1, the
counts of each key never below 0; no round drawing more than the wall holds), and each winner's hand as counts
where the hora is (searchsorted, ``np.repeat``, ``tolist``); ``core_lists``, the same with its inputs (the dealt
tiles and the wins, as the parsed lines give them) turned into arrays; ``other``, the lines the scan does not take,
sliced, decoded and looked up or parsed as ``suanfan.logs.mjai`` does.

What a reader would add is left out: calls, kongs and a North set aside are not in the keys (a winner's hand is the
reader's where the seat has none of them), and the table's state (rivers, the wall count, the last move, riichi,
kongs) is not kept between the events.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from suanfan.logs import mjai  # noqa: E402

PARTS = ("scan", "core", "core_lists", "other")


def move_texts() -> tuple[list[bytes], list[tuple[int, int, bool]]]:
    """Every draw and discard line the common writers write, with its line break, and its move."""
    lines, moves = [], []
    for seps in ((", ", ": "), (",", ":")):
        for kind in ("tsumo", "dahai"):
            for actor in range(4):
                for text, t in mjai.TILES.items():
                    for giri in (None,) if kind == "tsumo" else (None, False, True):
                        ev: dict = {"type": kind, "actor": actor, "pai": text}
                        if giri is not None:
                            ev["tsumogiri"] = giri
                        lines.append(json.dumps(ev, separators=seps).encode() + b"\n")
                        moves.append((actor, t, kind == "tsumo"))
    return lines, moves


W = 32  # the window at each end of a line
LINES, MOVES = move_texts()
HEAD = np.frombuffer(b"".join(x[:W].ljust(W, b"\0") for x in LINES), "V32")
TAIL = np.frombuffer(b"".join(x[-W:].rjust(W, b"\0") for x in LINES), "V32")
LENGTH = np.array([len(x) for x in LINES])
ACTOR = np.array([m[0] for m in MOVES], dtype=np.int16)
TILE = np.array([m[1] for m in MOVES], dtype=np.int16)
DRAW = np.array([m[2] for m in MOVES])
SEAT_TILE = ACTOR.astype(np.int64) * 45 + TILE  # a move's key within its round
SIGN = np.where(DRAW, 1, -1).astype(np.int8)  # a draw adds its tile to the hand, a discard takes it out
BITS = 20


def _slots() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Two multipliers that give the 1,184 texts distinct keys in 2^BITS slots, and the table of slots."""
    rng = np.random.default_rng(1)
    head, tail = HEAD.view("<u8").reshape(-1, 4), TAIL.view("<u8").reshape(-1, 4)
    while True:
        ch = rng.integers(1, 2**63, size=4, dtype=np.uint64) | np.uint64(1)
        ct = rng.integers(1, 2**63, size=4, dtype=np.uint64) | np.uint64(1)
        keys = ((head @ ch + tail @ ct + LENGTH.astype(np.uint64)) >> np.uint64(64 - BITS)).astype(np.int64)
        if len(np.unique(keys)) == len(keys):
            table = np.zeros(1 << BITS, dtype=np.int16)
            table[keys] = np.arange(len(keys))
            return ch, ct, table


CH, CT, SLOTS = _slots()
SHIFT = np.uint64(64 - BITS)


def scan(data: bytes) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per line of ``data``: whether it is one of the move texts exactly, which, its start and its line break."""
    n = len(data)
    ends = np.flatnonzero(np.frombuffer(data, np.uint8) == 10)
    starts = np.empty_like(ends)
    starts[0] = 0
    starts[1:] = ends[:-1] + 1
    length = ends - starts + 1
    windows = np.ndarray((n - W + 1,), "V32", data, 0, (1,))  # the 32 bytes from each byte on
    head = windows[np.minimum(starts, n - W)].view("<u8").reshape(-1, 4)
    tail = windows[np.maximum(ends - (W - 1), 0)].view("<u8").reshape(-1, 4)
    text = SLOTS[(head @ CH + tail @ CT + length.astype(np.uint64)) >> SHIFT]
    differ = (head ^ HEAD[text].view("<u8").reshape(-1, 4)) | (tail ^ TAIL[text].view("<u8").reshape(-1, 4))
    ok = LENGTH[text] == length
    ok[np.flatnonzero(differ) >> 2] = False
    return ok, text, starts, ends


def core(data: bytes, rounds_at, dealt, wins) -> tuple[bool, list[int], list[int]]:
    """The moves' checks for a whole game, and each winner's hand: ``rounds_at`` the line numbers of the
    start_kyoku lines, ``dealt`` (round, seat, tile) arrays of the dealt tiles, ``wins`` (line, seat) of the horas.
    Whether every discard is held and no round draws beyond the wall; the hands' tiles; each hand's size (a hora
    ends its round: the hand is the round's last count of each of the seat's tiles)."""
    ok, text, _, _ = scan(data)
    lines = np.flatnonzero(ok)
    t = text[lines]
    rnd = np.searchsorted(rounds_at, lines) - 1
    d_round, d_seat, d_tile = dealt
    key = np.concatenate([(d_round * 4 + d_seat) * 45 + d_tile, rnd * 180 + SEAT_TILE[t]]).astype(np.int16)
    delta = np.concatenate([np.ones(len(d_tile), np.int8), SIGN[t]])
    order = np.argsort(key, kind="stable")  # a radix sort (int16): each key's entries in the game's order
    keys = key[order]
    d = delta[order]
    sums = np.cumsum(d, dtype=np.int32)
    new = np.empty(len(keys), bool)
    new[0] = True
    np.not_equal(keys[1:], keys[:-1], out=new[1:])
    start = np.maximum.accumulate(np.where(new, np.arange(len(keys)), 0))  # where each entry's key begins
    before = sums - d  # the sum before each entry
    held = (sums - before[start]).min() >= 0
    wall = np.bincount(rnd[DRAW[t]]).max() <= 70
    w_line, w_seat = wins
    asked = ((np.searchsorted(rounds_at, w_line) - 1) * 180 + w_seat * 45)[:, None] + np.arange(45)
    lo, hi = np.searchsorted(keys, asked), np.searchsorted(keys, asked, "right")
    counts = np.where(hi > lo, sums[hi - 1] - before[lo.clip(max=len(keys) - 1)], 0)
    hands = np.repeat(np.tile(np.arange(45), len(w_line)), counts.ravel()).tolist()
    return bool(held and wall), hands, counts.sum(axis=1).tolist()


def inputs(data: bytes) -> tuple[list, list, list]:
    """What the parsed other lines give the core: start_kyoku lines, dealt tiles, wins (as lists)."""
    rounds_at: list[int] = []
    dealt: tuple[list, list, list] = ([], [], [])  # round, seat, tile of each dealt tile
    wins: tuple[list, list] = ([], [])  # line, seat of each hora
    for i, line in enumerate(data.decode().splitlines()):
        ev = json.loads(line)
        if ev["type"] == "start_kyoku":
            rounds_at.append(i)
            for s, hand in enumerate(ev["tehais"]):
                dealt[0].extend([len(rounds_at) - 1] * len(hand))
                dealt[1].extend([s] * len(hand))
                dealt[2].extend(map(mjai.TILES.__getitem__, hand))
        elif ev["type"] == "hora":
            wins[0].append(i)
            wins[1].append(ev["actor"])
    return rounds_at, dealt, wins


def arrays(rounds_at: list, dealt: tuple, wins: tuple) -> tuple:
    return np.array(rounds_at), tuple(map(np.array, dealt)), tuple(map(np.array, wins))


def work_of(part: str, logs: list[tuple[str, bytes]]):
    if part == "scan":
        return lambda: [scan(data) for _, data in logs]
    given = [(data, *inputs(data)) for _, data in logs]
    if part == "core_lists":
        return lambda: [core(data, *arrays(r, d, w)) for data, r, d, w in given]
    if part == "core":
        ready = [(data, *arrays(r, d, w)) for data, r, d, w in given]
        return lambda: [core(*x) for x in ready]
    others = []
    for _, data in logs:
        ok, _, starts, ends = scan(data)
        rest = np.flatnonzero(~ok)
        others.append((data, starts[rest].tolist(), ends[rest].tolist()))

    def other() -> None:
        events = mjai._SHORT_EVENTS
        for data, starts, ends in others:
            for a, b in zip(starts, ends, strict=True):
                line = data[a:b].decode()
                ev = events.get(line) if len(line) <= mjai._SHORT else None
                if ev is None:
                    ev = mjai._parse(line)
                    if len(line) <= mjai._SHORT:
                        events[line] = ev

    return other


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--instructions", action="store_true", help="count each part under valgrind (callgrind)")
    ap.add_argument("--child", nargs=2, metavar=("PART", "LOOPS"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    from bench_logs import logs_of

    if args.child:
        work = work_of(args.child[0], logs_of("mjai"))
        for _ in range(1 + int(args.child[1])):  # a warm-up pass, then the counted ones
            work()
        return
    if not args.instructions:
        logs = logs_of("mjai")
        for f, data in logs:  # the scan takes exactly the lines that parse as a plain draw or discard
            ok, _, _, _ = scan(data)
            moves = [mjai._move(json.loads(x)) is not None for x in data.decode().splitlines()]
            assert ok.tolist() == moves, f
        print(f"the scan finds every draw and discard line of the {len(logs)} MJAI test games, and only those")
        return
    if not shutil.which("valgrind"):
        sys.exit("valgrind is not installed")
    games = len(logs_of("mjai"))
    for part in PARTS:
        counts = []
        for loops in (0, 2):
            cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, __file__]
            out = subprocess.run([*cmd, "--child", part, str(loops)], capture_output=True, text=True, check=True)
            counts.append(int(next(x for x in out.stderr.splitlines() if "Collected" in x).split()[-1]))
        print(f"{part:10} {(counts[1] - counts[0]) / (2 * games) / 1e6:7.3f} M instructions a game")


if __name__ == "__main__":
    main()
