"""Many server processes over one PostgreSQL (issue 30): ``hoyle serve`` processes on
several ports sharing a database (as servers on several machines behind a load balancer),
and ``hoyle serve --workers N`` on one port. A socket may land on any of them: every move
is stored under the table's row lock at the table's version, announced to the others by
``NOTIFY``, and the computers' moves are made by whichever process holds the table's lease.

The faults, each a test: a worker killed (SIGKILL) under load, again and again; two sockets
of one seat on two workers sending at once; a worker cut from the others (its listening
connection ended by PostgreSQL); PostgreSQL restarted under load. Every table's record
replays and verifies after each."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from helpers.live import LOST, Seat, new_table, person_to_move, play, sit, update, ws_for
from helpers.postgres import bindir, new_database
from helpers.web import SRC, free_port, server
from hoyle.engine.records import GameRecord
from hoyle.interface.verify import verify_record
from hoyle.web.db import open_store

pytestmark = [pytest.mark.slow,  # processes, a browser, a terminal, a cluster or every hand
              pytest.mark.workers]  # and both cores: make test runs them alone


@contextlib.contextmanager
def servers(url: str, count: int, tmp: Path, seed: int = 300
            ) -> Iterator[list[tuple[int, subprocess.Popen[bytes]]]]:
    """``count`` ``hoyle serve`` processes on one database, each on a port of its own."""
    with contextlib.ExitStack() as stack:
        procs = []
        for i in range(count):
            port = free_port()
            procs.append((port, stack.enter_context(
                server(url, port, seed + 1000 * i, log=tmp / f"serve{i}.log"))))
        yield procs


def again(port: int, table_id: str, token: str) -> tuple[str, str]:
    """"Play again" asked by seat ``token`` of finished table ``table_id`` at the server on
    ``port``: the next table's id, and the seat's token there."""
    from hoyle.web.app import cookie_name

    r = httpx.post(f"http://127.0.0.1:{port}/t/{table_id}/again", timeout=30,
                   cookies={cookie_name(table_id): token}, follow_redirects=False)
    assert r.status_code == 303, r.text
    new_id = r.headers["location"].rsplit("/", 1)[1].split("?")[0]
    return new_id, r.cookies.get(cookie_name(new_id)) or ""


def start(url: str, port: int, seed: int, log: Path) -> subprocess.Popen[bytes]:
    """``hoyle serve`` started again on ``port``, not waited for (it answers once it has
    loaded the tables)."""
    return subprocess.Popen(
        [sys.executable, "-m", "hoyle", "serve", "--port", str(port), "--db", url,
         "--insecure-seed", str(seed), "--forced-pause", "0"],
        env={**os.environ, "PYTHONPATH": str(SRC)}, stdout=subprocess.DEVNULL,
        stderr=log.open("wb"))


def answers(port: int) -> bool:
    """Whether the server on ``port`` answers (and hears the others)."""
    try:
        return httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200
    except httpx.TransportError:
        return False


def record_of(port: int, table_id: str) -> GameRecord:
    r = httpx.get(f"http://127.0.0.1:{port}/t/{table_id}/record.json", timeout=30)
    assert r.status_code == 200, r.text
    return GameRecord.from_json(r.text)


def stored(url: str, table_id: str) -> list[str]:
    store = open_store(url, migrate=False)
    try:
        row = store.load_table(table_id)
        assert row is not None
        return row.actions
    finally:
        store.close()


def test_a_game_between_persons_on_three_servers(pg_cluster: str, tmp_path: Path) -> None:
    """A table made at the first server, its second seat taken at the second, each player's
    socket at another server and a spectator at the third: every move reaches every socket,
    and the record (from any server) verifies and equals the database's."""
    url = new_database(pg_cluster)
    with servers(url, 3, tmp_path) as procs:
        (p0, _), (p1, _), (p2, _) = procs
        table_id, ann = new_table(p0, ["person", "person"])
        bob = sit(p1, table_id, 1)
        with ws_for(p2, table_id, None) as watcher:
            watcher.send(json.dumps({"type": "sync", "seq": 0}))
            first = update(watcher)
            assert first["type"] == "update"
            seq, made = play([p0, p1], table_id, [ann, bob], moves=None)
            seen = first["seq"]
            while seen < seq:  # the spectator at the third server saw every number
                f = update(watcher)
                assert f["type"] == "update" and f["seq"] > seen, f
                seen = f["seq"]
        assert made
        records = [record_of(p, table_id) for p in (p0, p1, p2)]
        # "Play again" asked at two servers: one next table, both players at it, and the
        # page at the other server told the next game is made
        with ws_for(p1, table_id, bob) as bobs:
            bobs.send(json.dumps({"type": "sync", "seq": seq}))
            assert update(bobs)["again"]["made"] is False
            first_ask = again(p0, table_id, ann)
            assert update(bobs)["again"]["made"] is True  # from the other server
        second_ask = again(p1, table_id, bob)
        assert first_ask[0] == second_ask[0] != table_id, (first_ask, second_ask)
        with ws_for(p2, first_ask[0], None) as watcher:
            watcher.send(json.dumps({"type": "sync", "seq": 0}))
            assert update(watcher)["free_seats"] == []  # Ann's seat and Bob's
    assert records[0].actions == records[1].actions == records[2].actions
    assert verify_record(records[0]).verified and records[0].result is not None
    assert stored(url, table_id) == records[0].actions and len(records[0].actions) == seq


def test_two_sockets_of_one_seat_on_two_servers_sending_at_once(pg_cluster: str,
                                                                 tmp_path: Path) -> None:
    """The same seat open at two servers, both sending a different move for the same
    number at the same moment, 12 times: exactly one is applied each time, the other
    refused (an error to its own socket, none to the winner's), and the table's record
    verifies.

    A socket's answer is not simply its next frame: a server may broadcast the winner's
    move (and the computer's after it) to the loser's socket before it reaches the loser's
    own message, which waits on the table's lock, so its refusal comes later (in CI once
    after the next round's move was sent). So the winner is read from the store, the
    loser's socket is read until its refusal, and at the end every socket's errors are
    counted: one for each round it lost, none else."""
    url = new_database(pg_cluster)
    with servers(url, 2, tmp_path) as procs:
        (p0, _), (p1, _) = procs
        table_id, ann = new_table(p0, ["person", "random"])
        a, b = ws_for(p0, table_id, ann), ws_for(p1, table_id, ann)
        sockets = {"a": a, "b": b}
        reader = {name: Frames(ws) for name, ws in sockets.items()}
        lost = {"a": 0, "b": 0}
        rounds = 0
        try:
            for ws in (a, b):
                ws.send(json.dumps({"type": "sync", "seq": 0}))
            for _ in range(12):
                fa = reader["a"].until_mine()
                fb = reader["b"].until_mine(fa["seq"])
                if fa["finished"]:
                    break
                assert fa["seq"] == fb["seq"] and fa["legal"] == fb["legal"]
                legal = fa["legal"]
                before = len(stored(url, table_id))
                if len(legal) < 2:  # nothing to tell the two apart: one socket moves
                    a.send(json.dumps({"type": "move", "seq": fa["seq"], "action": legal[0]}))
                    continue
                gate = threading.Barrier(2)
                moves = {"a": legal[0], "b": legal[-1]}

                def send(name: str, at: int) -> None:
                    gate.wait()
                    sockets[name].send(json.dumps({"type": "move", "seq": at,
                                                   "action": moves[name]}))

                threads = [threading.Thread(target=send, args=(name, fa["seq"]))
                           for name in sockets]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                after = stored(url, table_id)
                deadline = time.monotonic() + 30
                while len(after) <= before and time.monotonic() < deadline:
                    time.sleep(0.05)  # the winner's write, committed before it is told
                    after = stored(url, table_id)
                assert after[before] in moves.values(), (after[before:], legal)
                loser = "b" if after[before] == moves["a"] else "a"
                refusal = reader[loser].until_error()  # the loser's answer, however late
                assert re.match(r"(too late: the table changed before this move came"
                                r"|the table moved on meanwhile)", refusal["message"]), refusal
                lost[loser] += 1
                rounds += 1
            for name in sockets:  # what is still on its way: an error for no lost round?
                reader[name].drain(quiet=2.0)
        finally:
            a.close()
            b.close()
        rest = Seat([p1], table_id, ann)  # then to its end
        while not rest.finished:
            rest.step()
        record = record_of(p0, table_id)
    assert rounds >= 6
    assert {name: reader[name].errors for name in sockets} == lost  # one per round lost
    actions = stored(url, table_id)
    assert record.actions == actions and verify_record(record).verified


class Frames:
    """A socket's frames read in order (presence frames past), keeping count of the error
    frames among them; the updates read past while looking for an error are kept for the
    next look for an update."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.errors = 0
        self.kept: list[dict[str, Any]] = []

    def next(self, timeout: float = 60) -> dict[str, Any]:
        while True:
            f: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
            if f["type"] == "error":
                self.errors += 1
            if f["type"] != "presence":
                return f

    def until_mine(self, seq: int = 0) -> dict[str, Any]:
        """Read until the person's own turn (with a choice) at ``seq`` or later."""
        while True:
            f = self.kept.pop(0) if self.kept else self.next()
            if f["type"] == "update" and f["seq"] >= seq and person_to_move(f) and (
                    f["finished"] or f["legal"]):
                return f

    def until_error(self) -> dict[str, Any]:
        """Read until an error frame (the frames before it kept)."""
        while True:
            f = self.next()
            if f["type"] == "error":
                return f
            self.kept.append(f)

    def drain(self, quiet: float) -> None:
        """Read until nothing comes for ``quiet`` seconds."""
        with contextlib.suppress(TimeoutError):
            while True:
                self.next(timeout=quiet)


@pytest.mark.heavy  # 20 kills under load
def test_a_killed_worker_loses_nothing_and_its_sockets_and_leases_move_on(
        pg_cluster: str, tmp_path: Path) -> None:
    """Four persons against the computer, their sockets spread over three workers, each
    playing table after table; 20 times (``HOYLE_KILLS``) at a random
    moment one worker is killed (SIGKILL) and started again: no acknowledged move is lost or
    applied twice, every socket is back
    at another worker within 10 s, the computers' moves go on (their lease passes on), and
    every table's record verifies."""
    url = new_database(pg_cluster)
    rng = random.Random(int(os.environ.get("HOYLE_KILL_SEED", "30")))
    kills_wanted = int(os.environ.get("HOYLE_KILLS", "20"))
    assert 5 <= kills_wanted <= 100, "HOYLE_KILLS: 5 to 100"
    with servers(url, 3, tmp_path) as procs:
        ports = [p for p, _ in procs]
        live = dict(procs)
        played: list[Seat] = []
        stop = threading.Event()
        faults: list[BaseException] = []
        lock = threading.Lock()

        def run(i: int) -> None:
            try:
                while not stop.is_set():
                    for tries in range(50):  # a table made at a worker that is up
                        try:
                            table_id, token = new_table(
                                ports[(i + tries) % 3], ["person", "greedy" if i % 2 else
                                                         "random"],
                                variant="six-card" if i % 3 == 0 else "five-card")
                            break
                        except (httpx.TransportError, AssertionError):
                            time.sleep(0.1)
                    seat = Seat(ports, table_id, token, first=i)
                    with lock:
                        played.append(seat)
                    while not seat.finished:
                        seat.step()
            except BaseException as e:  # noqa: BLE001  reported below
                faults.append(e)

        threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(4)]
        for t in threads:
            t.start()
        kills = 0
        started: list[subprocess.Popen[bytes]] = []
        try:
            while kills < kills_wanted and not faults:
                time.sleep(rng.uniform(0.1, 0.6))
                up = [p for p in ports if answers(p)]
                if len(up) < 2:  # somewhere for the sockets to go
                    continue
                port = rng.choice(up)
                live[port].send_signal(signal.SIGKILL)
                live[port].wait()
                kills += 1
                live[port] = start(url, port, 5000 + kills, tmp_path / f"again{kills}.log")
                started.append(live[port])
            stop.set()  # each game played to its end now, faults over
            for t in threads:
                t.join(timeout=300)
            assert not faults, faults
            deadline = time.monotonic() + 60
            while not answers(ports[0]):  # perhaps started again a moment ago
                assert time.monotonic() < deadline
                time.sleep(0.1)
            records = {s.table_id: record_of(ports[0], s.table_id) for s in played}
        finally:
            for proc in started:
                proc.kill()
                proc.wait()
    assert kills == kills_wanted
    for seat in played:
        actions = stored(url, seat.table_id)
        for n, action in seat.acked.items():  # every acknowledged move, at its number
            assert actions[n - 1] == action, (seat.table_id, n)
        assert records[seat.table_id].actions == actions
        assert verify_record(records[seat.table_id]).verified, seat.table_id
        assert all(o < 10.0 for o in seat.outages), seat.outages
    # sockets were moved, and came back: one at least every other kill
    assert sum(len(s.outages) for s in played) >= kills_wanted // 2


def test_a_worker_cut_from_the_others_tells_its_sockets_and_hears_again(
        pg_cluster: str, tmp_path: Path) -> None:
    """The listening connection of one worker is ended by PostgreSQL: its sockets are told
    and closed with 1012 (the page reconnects), it says it is not ready until it listens
    again, then it serves and hears the others' moves made meanwhile."""
    import psycopg

    url = new_database(pg_cluster)
    with servers(url, 2, tmp_path) as procs:
        (p0, proc0), (p1, _) = procs
        table_id, ann = new_table(p1, ["person", "person"])
        bob = sit(p1, table_id, 1)
        with ws_for(p0, table_id, None) as watcher:
            watcher.send(json.dumps({"type": "sync", "seq": 0}))
            assert update(watcher)["type"] == "update"
            with psycopg.connect(url, autocommit=True) as db:
                ended = db.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                   "WHERE application_name LIKE %s",
                                   (f"hoyle-bus-{proc0.pid}-%",)).fetchall()
            assert ended == [(True,)]
            frames = []
            with pytest.raises(LOST) as closed:
                while True:
                    frames.append(json.loads(watcher.recv(timeout=30)))
            assert any(f["type"] == "error" and "lost touch" in f["message"] for f in frames)
            assert getattr(closed.value, "rcvd", None) is not None
            assert closed.value.rcvd.code == 1012  # type: ignore[attr-defined]
        seq, _ = play(p1, table_id, [ann, bob], moves=4)  # meanwhile, at the other worker
        deadline = time.monotonic() + 30
        while httpx.get(f"http://127.0.0.1:{p0}/readyz").status_code != 200:
            assert time.monotonic() < deadline, "the cut worker did not listen again"
            time.sleep(0.1)
        with ws_for(p0, table_id, None) as watcher:  # it heard what was made meanwhile
            watcher.send(json.dumps({"type": "sync", "seq": 0}))
            assert update(watcher)["seq"] == seq
        seq, _ = play([p0, p1], table_id, [ann, bob], moves=None, seq=seq)
        record = record_of(p0, table_id)
    assert verify_record(record).verified and record.actions == stored(url, table_id)


@pytest.mark.heavy  # a cluster of its own, restarted: make test-postgres
def test_postgresql_restarted_under_load(pg_cluster: str, tmp_path: Path) -> None:
    """PostgreSQL restarted while two workers serve three games: the workers reconnect
    (moves refused meanwhile are said so and tried again by the pages), nothing
    acknowledged is lost, and every record verifies."""
    from helpers.postgres import cluster

    with cluster() as own:  # a cluster of this test's own, restarted under the workers
        url = new_database(own)
        folder = re.search(r"host=([^&]+)", own).group(1)  # type: ignore[union-attr]
        with servers(url, 2, tmp_path) as procs:
            ports = [p for p, _ in procs]
            tables = [new_table(ports[i % 2], ["person", "random"]) for i in range(3)]
            seats = [Seat(ports, t, token, first=i) for i, (t, token) in enumerate(tables)]
            for seat in seats:
                for _ in range(3):
                    seat.step()
            subprocess.run([*(["runuser", "-u", "postgres", "--"] if os.geteuid() == 0
                              else []), str(bindir() / "pg_ctl"), "-D", f"{folder}/data",
                            "-l", f"{folder}/log", "-m", "fast", "-w", "restart"],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for seat in seats:
                while not seat.finished:
                    seat.step()
            records = {t: record_of(ports[1], t) for t, _ in tables}
        for seat, (table_id, _) in zip(seats, tables):
            actions = stored(url, table_id)
            assert all(actions[n - 1] == a for n, a in seat.acked.items())
            assert records[table_id].actions == actions
            assert verify_record(records[table_id]).verified


@pytest.mark.heavy  # --workers 3: make test-postgres
def test_workers_on_one_port_and_a_rolling_stop(pg_cluster: str, tmp_path: Path) -> None:
    """``hoyle serve --workers 3``: three processes on one port play a game between two
    persons whose sockets land where the system sends them; SIGTERM stops them all, each
    socket closed with 1012 (the page reconnects), and the record verifies. Each worker's
    log is JSON, one object a line, with no access log (a page's address may carry an
    invite's secret)."""
    url = new_database(pg_cluster)
    port = free_port()
    log = tmp_path / "serve.log"
    with server(url, port, 700, "--workers", "3", "--log-format", "json", "--log-level",
                "info", log=log) as proc:
        pids = set()
        deadline = time.monotonic() + 30
        while len(pids) < 3 and time.monotonic() < deadline:  # new connections spread
            pids.add(httpx.get(f"http://127.0.0.1:{port}/healthz").json()["pid"])
        assert len(pids) == 3
        table_id, ann = new_table(port, ["person", "person"])
        bob = sit(port, table_id, 1)
        seq, made = play(port, table_id, [ann, bob], moves=None)
        watcher = ws_for(port, table_id, None)
        watcher.send(json.dumps({"type": "sync", "seq": 0}))
        assert update(watcher)["seq"] == seq
        proc.send_signal(signal.SIGTERM)
        with pytest.raises(LOST) as closed:
            while True:
                watcher.recv(timeout=30)
        assert closed.value.rcvd.code == 1012  # type: ignore[attr-defined]
        assert proc.wait(timeout=30) == 0
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.strip()]
    assert {"socket opened", "seat taken"} <= {e["event"] for e in lines}
    assert not [e for e in lines if e["logger"] == "uvicorn.access"]
    record = GameRecord.from_json(json.dumps(_record_from_store(url, table_id)))
    assert verify_record(record).verified and len(record.actions) == seq and made


def test_a_worker_that_cannot_reach_the_database_says_so_in_one_line(
        pg_cluster: str, tmp_path: Path) -> None:
    """``hoyle serve --workers 2 --log-format json``: a worker killed while the database
    takes no new connection is started again by uvicorn and cannot open it; each try is
    one JSON line (no traceback), tried again every few seconds, and once the database
    takes connections again a worker serves beside the other."""
    import psycopg

    url = new_database(pg_cluster)
    name = re.search(r"/(\w+)\?", url).group(1)  # type: ignore[union-attr]
    port = free_port()
    log = tmp_path / "serve.log"
    with server(url, port, 710, "--workers", "2", "--log-format", "json", log=log):
        def pids() -> set[int]:
            found: set[int] = set()
            deadline = time.monotonic() + 30
            while len(found) < 2 and time.monotonic() < deadline:
                with contextlib.suppress(httpx.TransportError):
                    found.add(httpx.get(f"http://127.0.0.1:{port}/healthz",
                                        timeout=5).json()["pid"])
            return found

        first = pids()
        assert len(first) == 2
        with psycopg.connect(url.replace(f"/{name}?", "/postgres?"), autocommit=True) as admin:
            admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS false")
            killed = min(first)
            os.kill(killed, signal.SIGKILL)
            deadline = time.monotonic() + 30
            while "a worker cannot start" not in log.read_text():
                assert time.monotonic() < deadline, log.read_text()[-2000:]
                time.sleep(0.2)
            admin.execute(f"ALTER DATABASE {name} ALLOW_CONNECTIONS true")
        deadline = time.monotonic() + 30
        while True:  # a new worker serves beside the one left
            now = pids()
            if len(now) == 2 and killed not in now:
                break
            assert time.monotonic() < deadline, now
    text = log.read_text()
    assert "Traceback" not in text
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    refused = [e for e in lines if e["event"].startswith("a worker cannot start")]
    assert refused and all(e["level"] == "error" and e["pid"] != killed for e in refused)


def _record_from_store(url: str, table_id: str) -> dict[str, Any]:
    """The table's record, from the database alone (its servers stopped)."""
    from hoyle.web.db import open_store as opened
    from hoyle.web.tables import table_class
    store = opened(url, migrate=False)
    try:
        row = store.load_table(table_id)
        assert row is not None
        return table_class(row)(row, store).record(0)
    finally:
        store.close()


def test_each_reader_at_each_worker_is_sent_only_what_it_may_know(
        pg_cluster: str, tmp_path: Path) -> None:
    """The leak check against three workers: a game of écarté against the computer, the
    person's socket at the first worker and a second socket of his at the second, a
    spectator at the third; every frame each socket is sent (updates, presence, errors)
    names only cards its reader may know at that action, worked out from the record."""
    from helpers.web import cards_mentioned, known_after

    url = new_database(pg_cluster)
    with servers(url, 3, tmp_path) as procs:
        (p0, _), (p1, _), (p2, _) = procs
        r = httpx.post(f"http://127.0.0.1:{p0}/tables", timeout=30, data={
            "game": "ecarte", "seat0": "person", "seat1": "rules"})
        table_id = r.headers["location"].rsplit("/", 1)[1]
        token = r.cookies[f"hoyle_{table_id}"]
        frames: dict[str, list[dict[str, Any]]] = {"me": [], "mine": [], "watcher": []}
        with ws_for(p0, table_id, token) as me, ws_for(p1, table_id, token) as mine, \
                ws_for(p2, table_id, None) as watcher:
            for ws in (me, mine, watcher):
                ws.send(json.dumps({"type": "sync", "seq": 0}))
            latest = 0
            while True:
                f = json.loads(me.recv(timeout=60))
                frames["me"].append(f)
                if f["type"] != "update":
                    continue
                latest = max(latest, f["seq"])
                if f["finished"]:
                    break
                if f["to_act"] == 0 and f["legal"] and f["seq"] == latest:
                    me.send(json.dumps({"type": "move", "seq": f["seq"],
                                        "action": f["legal"][-1]}))
            for name, ws in (("mine", mine), ("watcher", watcher)):
                while not frames[name] or frames[name][-1].get("seq") != latest \
                        or frames[name][-1]["type"] != "update":
                    frames[name].append(json.loads(ws.recv(timeout=60)))
        record = record_of(p2, table_id)
    assert verify_record(record).verified and len(record.actions) == latest
    checked = 0
    for name, reader in (("me", 0), ("mine", 0), ("watcher", None)):
        known = known_after(record, reader)
        for f in frames[name]:
            assert "seq" in f, f
            assert cards_mentioned(json.dumps(f, ensure_ascii=False)) <= known[f["seq"]], (
                name, f["seq"])
            checked += 1
    assert checked > 30 and len(frames["watcher"]) > 5 and len(frames["mine"]) > 5


def test_workers_stop_when_their_server_is_killed(pg_cluster: str, tmp_path: Path) -> None:
    """``hoyle serve --workers 2`` killed (SIGKILL: it cannot tell its workers): each worker
    sees its parent gone and stops within seconds, rather than serving on unsupervised."""
    url = new_database(pg_cluster)
    port = free_port()
    with server(url, port, 710, "--workers", "2", log=tmp_path / "serve.log") as proc:
        pids = set()
        deadline = time.monotonic() + 30
        while len(pids) < 2 and time.monotonic() < deadline:
            pids.add(httpx.get(f"http://127.0.0.1:{port}/healthz").json()["pid"])
        assert len(pids) == 2
        proc.send_signal(signal.SIGKILL)  # the parent alone
        proc.wait()
        deadline = time.monotonic() + 15
        while any(Path(f"/proc/{p}").exists() for p in pids):
            assert time.monotonic() < deadline, "a worker served on without its server"
            time.sleep(0.2)


def held(port: int) -> int:
    """How many tables the server on ``port`` holds in memory (``/readyz``)."""
    return int(httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=10).json()["tables"])


def test_each_worker_holds_only_its_tables_and_a_dead_one_s_computers_go_on(
        pg_cluster: str, tmp_path: Path) -> None:
    """A match between computers made at the first of two servers is driven there; the
    second, with no socket of it, neither holds it nor hears its moves. The first is killed
    (SIGKILL) mid-match: within seconds the second finds the table no one drives (its
    ``due`` mark, its lease free), reads it and plays the match to its end from the stored
    actions; the record verifies. Once nothing of it is served there, the second lets go
    of it."""
    url = new_database(pg_cluster)
    with servers(url, 2, tmp_path) as procs:
        (p0, proc0), (p1, _) = procs
        r = httpx.post(f"http://127.0.0.1:{p0}/tables", timeout=30, data={
            "game": "cribbage", "opt_variant": "five-card", "opt_match": "9",
            "seat0": "expert", "seat1": "greedy", "open": "on"})
        assert r.status_code == 303, r.text
        table_id = r.headers["location"].rsplit("/", 1)[1]
        deadline = time.monotonic() + 60
        while len(stored(url, table_id)) < 60:  # under way, at the first server
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert held(p1) == 0 and held(p0) == 1
        os.killpg(proc0.pid, signal.SIGKILL)
        proc0.wait()
        before = len(stored(url, table_id))
        deadline = time.monotonic() + 10
        while len(stored(url, table_id)) == before:  # driven on by the second
            assert time.monotonic() < deadline, "no one drove the table on"
            time.sleep(0.05)
        assert held(p1) == 1
        deadline = time.monotonic() + 300
        while not (row := _row(url, table_id)).finished:
            assert time.monotonic() < deadline, "the match did not end"
            time.sleep(0.5)
        records = [GameRecord.from_json(httpx.get(
            f"http://127.0.0.1:{p1}/t/{table_id}/record.json?game={g.number}",
            timeout=30).text) for g in row.games]
        deadline = time.monotonic() + 30
        while held(p1):  # idle two sweeps: let go of
            assert time.monotonic() < deadline, "the idle table was held on"
            time.sleep(0.2)
    assert all(verify_record(r).verified for r in records)
    assert [a for r in records for a in r.actions] == row.actions
    assert len(records) >= 9  # first to 9 games, played to its end


def _row(url: str, table_id: str) -> Any:
    store = open_store(url, migrate=False)
    try:
        return store.load_table(table_id)
    finally:
        store.close()


def presence_until(ws: Any, ok: Any, within: float = 15.0) -> dict[str, Any]:
    """Read frames until one says who is present as ``ok`` wants (a deadline, not a timed
    assertion: the notice crosses the database)."""
    deadline = time.monotonic() + within
    while True:
        left = deadline - time.monotonic()
        assert left > 0, "the presence never came"
        f = json.loads(ws.recv(timeout=left))
        if "present" in f and ok(f):
            return f  # type: ignore[no-any-return]


def test_a_seat_at_another_worker_is_present_then_away_then_gone_with_its_worker(
        pg_cluster: str, tmp_path: Path) -> None:
    """Ann's socket at the first server, Bob's at the second: Ann's page says Bob is present
    (the second server said so on the bus); Bob's socket closes: Bob is away on Ann's page,
    counted down; Bob back at the second server: present again; the second server killed
    (SIGKILL, so it tells no one): Bob is away on Ann's page within a few seconds (its
    listening connection is gone from ``pg_stat_activity``)."""
    url = new_database(pg_cluster)
    with servers(url, 2, tmp_path) as procs:
        (p0, _), (p1, proc1) = procs
        table_id, ann = new_table(p0, ["person", "person"])
        bob = sit(p1, table_id, 1)
        with ws_for(p0, table_id, ann) as mine:
            mine.send(json.dumps({"type": "sync", "seq": 0}))
            with ws_for(p1, table_id, bob) as his:
                his.send(json.dumps({"type": "sync", "seq": 0}))
                f = presence_until(mine, lambda f: f["present"] == [0, 1])
                assert f["away"] == {}
            f = presence_until(mine, lambda f: "1" in f["away"])
            assert f["present"] == [0] and 0 <= f["away"]["1"] < f["adjournment"]
            his = ws_for(p1, table_id, bob)
            his.send(json.dumps({"type": "sync", "seq": 0}))
            presence_until(mine, lambda f: f["present"] == [0, 1] and f["away"] == {})
            os.killpg(proc1.pid, signal.SIGKILL)
            proc1.wait()
            f = presence_until(mine, lambda f: f["present"] == [0] and "1" in f["away"])
            with contextlib.suppress(*LOST):
                his.close()
