"""Load on ``hoyle serve``: N concurrent cribbage tables, each with two scripted WebSocket
clients that play legal moves at human-like pauses, over loopback, for a bounded time.

The server is the real one (``python -m hoyle serve``) in a subprocess on a temporary
SQLite file, or (``--db postgres``) ``--workers N`` servers on N ports over one throwaway
PostgreSQL cluster (Debian's package, every commit flushed: ``fsync=on``), as N workers
behind a load balancer: a table's two clients are at two different workers, so every move
reaches the opponent through PostgreSQL's NOTIFY. Each client waits a pause drawn from a
seeded generator (``--pause`` seconds on average), then sends a random legal move; the
latency of a move is the time from its sending to the opponent's socket receiving the
update numbered after it. At the end the database is read back: every acknowledged action
must be stored (nothing lost). ``--workers 1,2`` runs each in turn and prints the speed-up
(the server CPU a thousand actions cost, one worker's against N's).

    python bench/web.py [--tables 200] [--seconds 60] [--pause 1.0] [--db sqlite|postgres]
                        [--workers 1[,2...]]
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
from hoyle.web.db import open_store

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC.parent / "tests"))  # the tests' throwaway PostgreSQL cluster
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


class Clock:
    """The run's start and end, set once every socket is open and synced (opening
    thousands of sockets is not what is measured)."""

    def __init__(self, sockets: int, seconds: float, mark: Any = None) -> None:
        self.mark = mark
        """Called at the start (the servers' CPU and memory read then)."""
        self.waiting = sockets
        self.seconds = seconds
        self.go = asyncio.Event()
        self.start = self.deadline = 0.0

    async def ready(self) -> float:
        """One socket is synced: wait for the others; the run's deadline."""
        self.waiting -= 1
        if self.waiting == 0:
            if self.mark is not None:
                self.mark()
            self.start = time.monotonic()
            self.deadline = self.start + self.seconds
            self.go.set()
        await self.go.wait()
        return self.deadline


async def client(base: str, table_id: str, token: str, seat: int, stats: Stats,
                 clock: Clock, pause: float, rng: random.Random) -> None:
    uri = base.replace("http", "ws") + f"/t/{table_id}/ws"
    async with connect(uri, origin=Origin(base), open_timeout=120, additional_headers={
            "Cookie": f"{cookie_name(table_id)}={token}"}, max_size=None) as ws:
        await ws.send(json.dumps({"type": "sync", "seq": 0}))
        first = json.loads(await ws.recv())
        deadline = await clock.ready()
        await ws.send(json.dumps({"type": "sync", "seq": first.get("seq", 0)}))
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
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite",
                        help="an SQLite file (one server), or a throwaway PostgreSQL cluster")
    parser.add_argument("--workers", default="1",
                        help="servers over the one database (postgres), e.g. 1,2: each run "
                             "in turn")
    args = parser.parse_args()
    counts = [int(w) for w in args.workers.split(",")]
    if args.db == "sqlite" and counts != [1]:
        parser.error("more than one worker needs --db postgres")
    cost: dict[int, float] = {}
    p99: dict[int, float] = {}
    for n in counts:
        if args.db == "postgres":
            from helpers.postgres import cluster, new_database
            with cluster(durable=True) as url:
                cost[n], p99[n] = bench(args, new_database(url), n)
        else:
            tmp = Path(tempfile.mkdtemp(prefix="hoyle-bench-web-"))
            cost[n], p99[n] = bench(args, str(tmp / "bench.db"), 1)
        print()
    if len(cost) > 1:
        one = cost[counts[0]]
        print(f"server CPU per 1,000 actions against {counts[0]} worker(s): "
              + ", ".join(f"{n} workers {c / one:.2f}x" for n, c in cost.items())
              + " (a worker applies the actions of the tables it has a socket of: here "
                "each table's two seats are at two workers, the worst case)")
        print(f"p99 latency: " + ", ".join(f"{n} workers {lat:.0f} ms"
                                           for n, lat in p99.items()))


def db_bytes(db: str) -> int:
    """The tables' size on disk (bytes): on PostgreSQL hoyle's tables with their indexes
    (``pg_total_relation_size``), or the SQLite file with its write-ahead log."""
    if db.startswith("postgres"):
        import psycopg
        with psycopg.connect(db, autocommit=True) as conn:
            row = conn.execute(
                "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c JOIN pg_namespace n"
                " ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'"
            ).fetchone()
            return int(row[0] or 0) if row else 0
    return sum(Path(db + tail).stat().st_size for tail in ("", "-wal")
               if Path(db + tail).exists())


def bench(args: argparse.Namespace, db: str, workers: int) -> tuple[float, float]:
    """One run on ``db`` with ``workers`` servers: its figures printed; returns the
    servers' CPU seconds per 1,000 stored actions and the p99 latency (ms)."""
    ports = [free_port() for _ in range(workers)]
    bases = [f"http://127.0.0.1:{p}" for p in ports]
    env = {**os.environ, "PYTHONPATH": str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    procs = [subprocess.Popen(
        [sys.executable, "-m", "hoyle", "serve", "--port", str(port), "--db", db,
         "--max-tables", str(max(20, args.tables)),
         "--max-connections-per-address", str(max(256, 4 * args.tables)),
         "--handshakes", f"{max(2, args.tables)},{max(20, 4 * args.tables)}"],
        env=env, stdout=subprocess.DEVNULL) for port in ports]
    try:
        for base in bases:
            for _ in range(600):
                try:
                    httpx.get(base + "/", timeout=2)
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
        seats: list[tuple[str, str, str, str, str]] = []
        made = time.monotonic()
        with httpx.Client(timeout=60) as http:
            for i in range(args.tables):
                b0, b1 = bases[i % workers], bases[(i + 1) % workers]
                r = http.post(b0 + "/tables", data={"game": "cribbage", "seat0": "person",
                                                    "seat1": "person"})
                table_id = r.headers["location"].rsplit("/", 1)[1]
                t0 = r.cookies[cookie_name(table_id)]
                page = http.get(f"{b0}/t/{table_id}").text  # the creator's page: the invite
                secret = page.split("?invite=", 1)[1].split('"', 1)[0]
                http.cookies.clear()
                r1 = http.post(f"{b1}/t/{table_id}/sit/1?invite={secret}")
                if cookie_name(table_id) not in r1.cookies:
                    raise SystemExit(f"seat 2 of table {i + 1} not taken ({r1.status_code}): "
                                     f"{r1.text[-300:]}")
                t1 = r1.cookies[cookie_name(table_id)]
                http.cookies.clear()
                seats.append((table_id, b0, t0, b1, t1))
        made = time.monotonic() - made
        stats = Stats()
        gc.collect()
        gc.freeze()  # the clients' own long-lived objects: no full collections mid-run
        rss_before: list[int] = []
        cpu_before: list[float] = []
        own_before = [0.0]

        stored_before = [0]

        def mark() -> None:
            store = open_store(db, migrate=False)
            stored_before[0] = sum(len(r.actions) for r in store.load_tables())
            store.close()
            rss_before.extend(rss_kib(p.pid)[0] for p in procs)
            cpu_before.extend(cpu_seconds(p.pid) for p in procs)
            own_before[0] = time.process_time()

        opened = time.monotonic()
        clock: Clock | None = None

        async def run() -> None:
            nonlocal clock
            clock = Clock(2 * len(seats), args.seconds, mark)
            rng = random.Random(args.seed)
            await asyncio.gather(*(
                client(base, tid, tok, seat, stats, clock, args.pause,
                       random.Random(rng.random()))
                for tid, b0, t0, b1, t1 in seats
                for seat, base, tok in ((0, b0, t0), (1, b1, t1))))

        asyncio.run(run())
        assert clock is not None
        start, deadline = clock.start, clock.deadline
        opened = start - opened
        elapsed = args.seconds  # the measured window (the sockets' closing after it: not)
        rss = [rss_kib(p.pid) for p in procs]
        cpu = [cpu_seconds(p.pid) - c for p, c in zip(procs, cpu_before)]
        own = time.process_time() - own_before[0]
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait()
    store = open_store(db, migrate=False)
    stored = {r.id: len(r.actions) for r in store.load_tables()}
    store.close()
    size = db_bytes(db)
    lost = sum(1 for tid, n in stats.acked.items() if stored.get(tid, 0) < n)
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")

    where = "an SQLite file" if args.db == "sqlite" else \
        f"PostgreSQL (fsync on), {workers} worker{'s' if workers > 1 else ''}"
    print(f"tables {args.tables} (two websocket clients each) on {where}, {elapsed:.0f} s, "
          f"mean pause {args.pause} s; the tables made in {made:.0f} s, their "
          f"{2 * len(seats)} sockets opened and synced in {opened:.0f} s")
    total = sum(stored.values()) - stored_before[0]
    print(f"person moves sent {stats.actions} ({stats.actions / elapsed:.1f}/s); table actions "
          f"stored in the window {total} ({total / elapsed:.1f}/s with chance and the "
          f"computers' none: two persons a table)")
    print(f"latency move -> opponent's update: p50 {pct(0.50):.1f} ms, p99 {pct(0.99):.1f} ms, "
          f"max {1000 * lat[-1] if lat else float('nan'):.1f} ms ({len(lat)} moves)")
    quiet = sum(1 for s in seats if stats.last.get(s[0], 0) < deadline - DRAIN - 10)
    print(f"errors {len(stats.errors)}; games finished {stats.finished // 2}; tables with an "
          f"acknowledged action not stored (lost): {lost}")
    print(f"forced moves seen (nothing to choose: the server moved, the client waited) "
          f"{stats.forced}; tables with no update in the last {DRAIN + 10:.0f} s: {quiet}")
    for i, ((now, peak), before, c) in enumerate(zip(rss, rss_before, cpu)):
        print(f"worker {i + 1}: RSS {now / 1024:.0f} MiB (at the start "
              f"{before / 1024:.0f} MiB, peak {peak / 1024:.0f} MiB); CPU {c:.1f} s "
              f"({100 * c / elapsed:.0f}% of a core)")
    per = 1000 * sum(cpu) / max(1, total)
    print(f"server CPU per 1,000 stored actions: {per:.2f} s; the clients {own:.1f} s "
          f"({100 * own / elapsed:.0f}%); load average {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} cores")
    actions = sum(stored.values())
    print(f"database {size / 2 ** 20:.1f} MiB after the run: {len(stored)} tables, "
          f"{actions} actions ({size / max(1, len(stored)) / 1024:.1f} KiB a table, "
          f"{size / max(1, actions):.0f} bytes an action, indexes and all)")
    windows: dict[int, list[float]] = {}
    for sent, latency in stats.timeline:
        windows.setdefault(int((sent - start) // 10), []).append(latency)
    print("p99 by 10 s window (ms): " + ", ".join(
        f"{10 * w}-{10 * w + 10}s {1000 * sorted(v)[int(0.99 * len(v))]:.0f}"
        for w, v in sorted(windows.items())))
    if stats.errors:
        print("first errors:", stats.errors[:5])
    return per, pct(0.99)


if __name__ == "__main__":
    main()
