"""Load on ``hoyle serve``: N concurrent cribbage tables, each with two scripted WebSocket
clients that play legal moves at human-like pauses, over loopback, for a bounded time.

The server is the real one (``python -m hoyle serve``) in a subprocess on a temporary
SQLite file. Each client waits a pause drawn from a seeded generator (``--pause`` seconds
on average), then sends a random legal move; the latency of a move is the time from its
sending to the opponent's socket receiving the update numbered after it. At the end the
database is read back: every acknowledged action must be stored (nothing lost).

    python bench/web.py [--tables 200] [--seconds 60] [--pause 1.0]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.typing import Origin

from hoyle.web.app import cookie_name
from hoyle.web.store import SqliteStore

SRC = Path(__file__).resolve().parents[1] / "src"
DRAIN = 2.0
"""Seconds at the end in which no move is sent (the updates of the last moves arrive)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def rss_kib(pid: int) -> tuple[int, int]:
    """The process's resident memory now and at its peak, in KiB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return int(fields["VmRSS"].split()[0]), int(fields["VmHWM"].split()[0])


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far (user + system), in seconds."""
    parts = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(parts[11]) + int(parts[12])) / os.sysconf("SC_CLK_TCK")


class Stats:
    def __init__(self) -> None:
        self.actions = 0
        self.errors: list[str] = []
        self.latencies: list[float] = []
        # (table, number after the move) -> (the mover's seat, when it was sent)
        self.pending: dict[tuple[str, int], tuple[int, float]] = {}
        self.acked: dict[str, int] = {}
        self.finished = 0
        self.timeline: list[tuple[float, float]] = []
        self.forced = 0
        """Updates where the seat to act had nothing to choose (the server's forced go):
        the client sends nothing and waits for the next update, on its own socket."""
        self.last: dict[str, float] = {}
        """When each table last sent an update (a table that stops is a stalled client)."""


async def client(base: str, table_id: str, token: str, seat: int, stats: Stats,
                 deadline: float, pause: float, rng: random.Random) -> None:
    uri = base.replace("http", "ws") + f"/t/{table_id}/ws"
    async with connect(uri, origin=Origin(base), additional_headers={
            "Cookie": f"{cookie_name(table_id)}={token}"}, max_size=None) as ws:
        await ws.send(json.dumps({"type": "sync", "seq": 0}))
        while time.monotonic() < deadline:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, deadline - time.monotonic()))
            except asyncio.TimeoutError:
                break
            f = json.loads(raw)
            if f["type"] == "error":
                stats.errors.append(f["message"])
                continue
            if f["type"] != "update":
                continue
            now = time.monotonic()
            for key in [k for k in stats.pending if k[0] == table_id and k[1] <= f["seq"]
                        and stats.pending[k][0] != seat]:  # the opponent's update
                sent = stats.pending.pop(key)[1]
                stats.latencies.append(now - sent)
                stats.timeline.append((sent, now - sent))
            stats.acked[table_id] = max(stats.acked.get(table_id, 0), f["seq"])
            stats.last[table_id] = now
            if f["to_act"] == seat and not f["legal"] and not f["finished"]:
                stats.forced += 1
            if f["finished"]:
                stats.finished += 1
                break
            if f["legal"]:
                await asyncio.sleep(rng.expovariate(1 / pause) if pause > 0 else 0)
                if time.monotonic() >= deadline - DRAIN:
                    continue  # the last seconds only collect the updates still due
                stats.pending[(table_id, f["seq"] + 1)] = (seat, time.monotonic())
                await ws.send(json.dumps({"type": "move", "seq": f["seq"],
                                          "action": rng.choice(f["legal"])}))
                stats.actions += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--pause", type=float, default=1.0,
                        help="mean pause before a move, seconds (exponential)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="hoyle-bench-web-"))
    db = tmp / "bench.db"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-m", "hoyle", "serve", "--port", str(port),
                             "--db", str(db), "--max-tables", str(max(20, args.tables)),
                             "--max-connections-per-address", str(max(256, 4 * args.tables))],
                            env=env, stdout=subprocess.DEVNULL)
    try:
        for _ in range(600):
            try:
                httpx.get(base + "/", timeout=2)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        seats: list[tuple[str, str, str]] = []
        with httpx.Client(base_url=base, timeout=30) as http:
            for i in range(args.tables):
                r = http.post("/tables", data={"game": "cribbage", "seat0": "person",
                                               "seat1": "person", "seed": str(args.seed + i)})
                table_id = r.headers["location"].rsplit("/", 1)[1]
                t0 = r.cookies[cookie_name(table_id)]
                page = http.get(f"/t/{table_id}").text  # the creator's page: the invite link
                secret = page.split("?invite=", 1)[1].split('"', 1)[0]
                http.cookies.clear()
                t1 = http.post(f"/t/{table_id}/sit/1?invite={secret}").cookies[
                    cookie_name(table_id)]
                http.cookies.clear()
                seats.append((table_id, t0, t1))
        stats = Stats()
        gc.collect()
        gc.freeze()  # the clients' own long-lived objects: no full collections mid-run
        rss_before = rss_kib(proc.pid)[0]
        cpu_before, own_before = cpu_seconds(proc.pid), time.process_time()
        start = time.monotonic()
        deadline = start + args.seconds

        async def run() -> None:
            rng = random.Random(args.seed)
            await asyncio.gather(*(
                client(base, tid, tok, seat, stats, deadline, args.pause,
                       random.Random(rng.random()))
                for tid, t0, t1 in seats for seat, tok in ((0, t0), (1, t1))))

        asyncio.run(run())
        elapsed = time.monotonic() - start
        rss, peak = rss_kib(proc.pid)
        cpu = cpu_seconds(proc.pid) - cpu_before
        own = time.process_time() - own_before
    finally:
        proc.terminate()
        proc.wait()
    store = SqliteStore(db)
    stored = {r.id: len(r.actions) for r in store.load_tables()}
    store.close()
    lost = sum(1 for tid, n in stats.acked.items() if stored.get(tid, 0) < n)
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")

    print(f"tables {args.tables} (two websocket clients each), {elapsed:.0f} s, "
          f"mean pause {args.pause} s")
    print(f"person moves sent {stats.actions} ({stats.actions / elapsed:.1f}/s); table actions "
          f"stored {sum(stored.values())} ({sum(stored.values()) / elapsed:.1f}/s with chance)")
    print(f"latency move -> opponent's update: p50 {pct(0.50):.1f} ms, p99 {pct(0.99):.1f} ms, "
          f"max {1000 * lat[-1] if lat else float('nan'):.1f} ms ({len(lat)} moves)")
    quiet = sum(1 for tid, _, _ in seats if stats.last.get(tid, 0) < deadline - DRAIN - 10)
    print(f"errors {len(stats.errors)}; games finished {stats.finished // 2}; tables with an "
          f"acknowledged action not stored: {lost}")
    print(f"forced moves seen (nothing to choose: the server moved, the client waited) "
          f"{stats.forced}; tables with no update in the last {DRAIN + 10:.0f} s: {quiet}")
    print(f"server RSS {rss / 1024:.0f} MiB (before the clients {rss_before / 1024:.0f} MiB, "
          f"peak {peak / 1024:.0f} MiB)")
    print(f"CPU: server {cpu:.1f} s ({100 * cpu / elapsed:.0f}% of a core), the clients "
          f"{own:.1f} s ({100 * own / elapsed:.0f}%); load average {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} cores")
    windows: dict[int, list[float]] = {}
    for sent, latency in stats.timeline:
        windows.setdefault(int((sent - start) // 10), []).append(latency)
    print("p99 by 10 s window (ms): " + ", ".join(
        f"{10 * w}-{10 * w + 10}s {1000 * sorted(v)[int(0.99 * len(v))]:.0f}"
        for w, v in sorted(windows.items())))
    if stats.errors:
        print("first errors:", stats.errors[:5])


if __name__ == "__main__":
    main()
