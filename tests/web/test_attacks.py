"""The web server under attack (issue 28): a real ``hoyle serve`` in a process of its own,
driven over real sockets (and in Chromium for the cross-origin socket), each point of the
issue a test. Each test speaks from a loopback address of its own (127.0.0.N), so that the
per-address caps of one never touch another's, and a bystander's latency is measured from
yet another address.

The bounds the latency tests assert, and why: on this machine an idle server answers the
lobby in about 10 ms; under the attacks as the issue measured them on the old code the
lobby took 11 s (a socket flood) or never answered (slow connections). The bounds (a median
under 1 s, every answer under 5 s) leave room for a loaded two-core CI machine and are far
below the old figures."""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import sqlite3
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from helpers.web import SRC, chromium, free_port, metric, server, wait_until
from hoyle.web.app import FOREIGN, TOO_FAST, cookie_name

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand


class Site:
    """The server under test: its port, its base address and its database."""

    def __init__(self, port: int, db: Path) -> None:
        self.port = port
        self.base = f"http://127.0.0.1:{port}"
        self.db = db

    def http(self, n: int) -> httpx.Client:
        """An HTTP client speaking from 127.0.0.``n``."""
        return httpx.Client(base_url=self.base, timeout=30,
                            transport=httpx.HTTPTransport(local_address=f"127.0.0.{n}"))

    def table(self, n: int, seats: tuple[str, ...] = ("person", "person"),
              game: str = "ecarte", **form: str) -> tuple[str, str]:
        """A new table made from 127.0.0.``n``: its id and the creator's token."""
        with self.http(n) as c:
            r = c.post("/tables", data={"game": game, **{f"seat{i}": s for i, s
                                                             in enumerate(seats)}, **form})
        assert r.status_code == 303, r.text
        table_id = r.headers["location"].rsplit("/", 1)[1]
        return table_id, r.cookies.get(cookie_name(table_id)) or ""

    def ws(self, n: int, table_id: str, token: str | None = None,
           origin: str | None = "own", host: str | None = None) -> ClientConnection:
        """The table's socket from 127.0.0.``n``: from the server's own page
        (``origin="own"``), another origin, or none; with a seat's cookie or none."""
        headers = {"Cookie": f"{cookie_name(table_id)}={token}"} if token else {}
        if host is not None:
            headers["Host"] = host
        return connect(f"ws://127.0.0.1:{self.port}/t/{table_id}/ws",
                       origin=Origin(self.base if origin == "own" else origin)
                       if origin else None, additional_headers=headers,
                       source_address=(f"127.0.0.{n}", 0), open_timeout=30)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    db = tmp_path_factory.mktemp("attacks") / "hoyle.db"
    port = free_port()
    with server(db, port, None, "--max-tables", "3"):
        yield Site(port, db)


def frames(ws: ClientConnection, timeout: float = 30) -> Iterator[dict[str, Any]]:
    while True:
        yield json.loads(ws.recv(timeout=timeout))


def first(ws: ClientConnection, kind: str) -> dict[str, Any]:
    return next(f for f in frames(ws) if f["type"] == kind)


def lobby_times(site: Site, n: int, stop: threading.Event, times: list[float]) -> None:
    """Ask for the lobby from 127.0.0.``n`` until ``stop``, noting each answer's time."""
    with site.http(n) as c:
        while not stop.is_set():
            t = time.perf_counter()
            assert c.get("/").status_code == 200
            times.append(time.perf_counter() - t)
            time.sleep(0.05)


# -- 1. cross-site WebSocket hijacking ----------------------------------------------------
def test_a_socket_from_another_origin_gets_no_seat_nor_view(site: Site) -> None:
    table_id, token = site.table(11)
    for origin in (f"http://127.0.0.1:{site.port + 1}", "http://evil.example", None, "null"):
        with site.ws(11, table_id, token, origin=origin) as ws:
            f = json.loads(ws.recv(timeout=30))
            assert f["type"] == "error" and "seat" not in f and "view" not in f, f
            with pytest.raises(ConnectionClosed):
                ws.recv(timeout=30)
            assert ws.close_code == FOREIGN
    with site.ws(11, table_id, None, origin=None) as ws:  # a script, no cookie: a spectator
        ws.send(json.dumps({"type": "sync", "seq": 0}))
        assert first(ws, "update")["seat"] is None
    with site.ws(11, table_id, token) as ws:  # the server's own page: the seat
        ws.send(json.dumps({"type": "sync", "seq": 0}))
        assert first(ws, "update")["seat"] == 0


def test_a_page_on_another_port_of_the_same_host_cannot_take_a_seat(site: Site) -> None:
    """The hijack as the issue found it, in Chromium: the victim holds seat 1's cookie
    (SameSite=strict); a page served from another port of 127.0.0.1 (the same site) opens
    the table's socket with it, syncs, and tries to lay away."""
    table_id, token = site.table(12)
    page = f"""<!doctype html><title>other</title><script>
    window.got = [];
    const ws = new WebSocket("ws://127.0.0.1:{site.port}/t/{table_id}/ws");
    ws.onopen = () => ws.send(JSON.stringify({{type: "sync", seq: 0}}));
    ws.onmessage = (e) => {{ window.got.push(JSON.parse(e.data)); }};
    ws.onclose = (e) => {{ window.closeCode = e.code; }};
    </script>""".encode()

    class Attacker(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args: Any) -> None:
            pass

    other = ThreadingHTTPServer(("127.0.0.1", 0), Attacker)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        with chromium() as browser:
            context = browser.new_context()
            context.add_cookies([{"name": cookie_name(table_id), "value": token,
                                  "domain": "127.0.0.1", "path": f"/t/{table_id}",
                                  "httpOnly": True, "sameSite": "Strict"}])
            p = context.new_page()
            p.goto(f"{site.base}/t/{table_id}")  # the victim's own page: his seat
            wait_until(p, "document.getElementById('table').dataset.seq !== undefined")
            assert "You are Player 1 (seat 1)" in (p.text_content(".who") or "")
            p.goto(f"http://127.0.0.1:{other.server_address[1]}/")
            wait_until(p, "window.closeCode !== undefined", timeout=30_000)
            got = p.evaluate("window.got")
            closed = p.evaluate("window.closeCode")
    finally:
        other.shutdown()
    assert closed == FOREIGN
    assert [f["type"] for f in got] == ["error"]
    assert got[0]["message"] == ("a socket is opened from this server's own pages, not "
                                 "from another origin")


# -- 2. one client's flood ------------------------------------------------------------------
@pytest.mark.one_process  # the caps of one process
def test_a_flood_of_syncs_is_closed_and_the_others_do_not_notice(site: Site) -> None:
    """Eight spectators' sockets from one address (another process: the attacker) send sync
    as fast as they can, and open a new socket each time theirs is closed, for 4.5 s: each
    is closed past its burst (TOO_FAST), and its address may open only so many new sockets
    (HANDSHAKES); the lobby and a new seat's handshake, from another address, stay under
    the bounds."""
    table_id, token = site.table(21)
    flooder = subprocess.Popen(
        [sys.executable, "-c", FLOOD, f"ws://127.0.0.1:{site.port}/t/{table_id}/ws",
         "127.0.0.22", "4.5"], stdout=subprocess.PIPE, text=True)
    stop = threading.Event()
    times: list[float] = []
    handshakes: list[float] = []
    lobby = threading.Thread(target=lobby_times, args=(site, 23, stop, times))
    time.sleep(0.5)
    lobby.start()
    end = time.monotonic() + 3.5
    while time.monotonic() < end:
        t0 = time.perf_counter()
        with site.ws(24, table_id, token) as ws:
            ws.send(json.dumps({"type": "sync", "seq": 0}))
            first(ws, "update")
        handshakes.append(time.perf_counter() - t0)
        time.sleep(0.2)
    stop.set()
    lobby.join(60)
    out, _ = flooder.communicate(timeout=60)
    sent, closes = json.loads(out)
    assert sent > 1000 and closes.get(str(TOO_FAST), 0) > 0, (sent, closes)
    assert set(closes) <= {str(TOO_FAST), "4429", "None"}, closes  # None: open at the end
    # new sockets from one address: a burst of 20, then 2 a second (HANDSHAKES); past it
    # each is refused (4429) before it is served, so reconnecting buys no fresh burst
    assert closes.get(str(TOO_FAST), 0) <= 20 + 2 * 5, closes
    assert closes.get("4429", 0) > 0, closes
    assert statistics.median(times) < 1.0 and max(times) < 5.0, times
    assert statistics.median(handshakes) < 1.0 and max(handshakes) < 5.0, handshakes


FLOOD = """
import asyncio, json, sys, time
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
uri, source, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
sent, closes = 0, {}
async def flood(end):
    global sent
    msg = json.dumps({"type": "sync", "seq": 0})
    while time.monotonic() < end:
        try:
            async with connect(uri, local_addr=(source, 0)) as ws:
                try:
                    while time.monotonic() < end:
                        await ws.send(msg)
                        sent += 1
                        if sent % 50 == 0:
                            await asyncio.sleep(0)
                except ConnectionClosed:
                    pass
                code = str(ws.close_code)
                closes[code] = closes.get(code, 0) + 1
        except (ConnectionClosed, OSError):
            await asyncio.sleep(0.01)
async def main():
    end = time.monotonic() + seconds
    await asyncio.gather(*(flood(end) for _ in range(8)))
asyncio.run(main())
print(json.dumps([sent, closes]))
"""


# -- 8. squatted seats ----------------------------------------------------------------------
def test_an_invited_seat_is_taken_only_with_the_invite_links_secret(site: Site) -> None:
    table_id, token = site.table(81)
    with site.http(82) as stranger:
        page = stranger.get(f"/t/{table_id}").text
        assert "Take seat" not in page and "for invited players" in page
        assert table_id not in stranger.get("/").text  # invite-only: reached by its link alone
        for query in ("", "?invite=", "?invite=guess"):
            r = stranger.post(f"/t/{table_id}/sit/1{query}")
            assert r.status_code == 403 and "invite link" in r.text
    with site.http(81) as creator:  # the creator's page shows him the link, secret and all
        page = creator.get(f"/t/{table_id}",
                           headers={"Cookie": f"{cookie_name(table_id)}={token}"}).text
    link = re.search(r'value="(http://[^"]+\?invite=[^"]+)"', page)
    assert link is not None
    with site.http(83) as friend:
        page = friend.get(link.group(1)).text
        action = re.search(r'action="(/t/[^"]+/sit/1\?invite=[^"]+)"', page)
        assert action is not None
        r = friend.post(action.group(1))
        assert r.status_code == 303 and cookie_name(table_id) in r.cookies
    # the secret is in no frame a spectator or the seats are sent
    with site.ws(82, table_id, None, origin=None) as ws:
        ws.send(json.dumps({"type": "sync", "seq": 0}))
        assert link.group(1).split("=")[-1] not in json.dumps(first(ws, "update"))


def test_open_seats_are_taken_at_most_ten_an_hour_from_one_address(site: Site) -> None:
    tables = [site.table(84 + i // 3, open="on")[0] for i in range(11)]  # 3 an address
    with site.http(88) as squatter:
        for table_id in tables[:10]:
            assert squatter.post(f"/t/{table_id}/sit/1").status_code == 303
        r = squatter.post(f"/t/{tables[10]}/sit/1")
    assert r.status_code == 429 and "at most 10 open tables' seats an hour" in r.text
    with site.http(89) as other:  # another address is not held back
        assert other.post(f"/t/{tables[10]}/sit/1").status_code == 303


# -- 9. forwarded addresses -----------------------------------------------------------------
def test_x_forwarded_for_is_not_believed_from_an_untrusted_client(site: Site) -> None:
    """The server runs with --max-tables 3 and no --trusted-proxy: three tables from
    127.0.0.1 (the loopback address uvicorn trusts by default), each claiming another
    forwarded address, use up its hour."""
    with site.http(1) as c:
        for i in range(3):
            r = c.post("/tables", data={"game": "ecarte", "seat0": "person",
                                        "seat1": "random"},
                       headers={"X-Forwarded-For": f"10.0.0.{i}"})
            assert r.status_code == 303
        r = c.post("/tables", data={"game": "ecarte", "seat0": "person", "seat1": "random"},
                   headers={"X-Forwarded-For": "10.9.9.9"})
    assert r.status_code == 429


@pytest.mark.one_process  # the caps of one process
def test_a_trusted_proxys_forwarded_address_is_counted(tmp_path: Path) -> None:
    """Behind a trusted proxy each forwarded client has its own caps, and the proxy's own
    connections (every client's) are not held to one address's connection cap."""
    port = free_port()
    with server(tmp_path / "p.db", port, None, "--max-tables", "1",
                "--trusted-proxy", "127.0.0.1", "--max-connections-per-address", "5"):
        site = Site(port, tmp_path / "p.db")
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as proxy:
            form = {"game": "ecarte", "seat0": "person", "seat1": "random"}
            for client in ("10.0.0.1", "10.0.0.2"):
                r = proxy.post("/tables", data=form, headers={"X-Forwarded-For": client})
                assert r.status_code == 303
            table_id = r.headers["location"].rsplit("/", 1)[1]
            r = proxy.post("/tables", data=form, headers={"X-Forwarded-For": "10.0.0.1"})
            assert r.status_code == 429
            socks = [site.ws(1, table_id, None, origin=None) for _ in range(6)]
            try:
                assert proxy.get("/", headers={"X-Forwarded-For": "10.0.0.9"}
                                 ).status_code == 200
                others = [socket.create_connection(("127.0.0.1", port),
                                                   source_address=("127.0.0.2", 0))
                          for _ in range(6)]
                others[-1].settimeout(10)
                assert others[-1].recv(100).startswith(b"HTTP/1.1 503")  # not a proxy
                for o in others:
                    o.close()
            finally:
                for ws in socks:
                    ws.close()


# -- 10. DNS rebinding ----------------------------------------------------------------------
def test_a_request_for_another_host_name_is_refused(site: Site) -> None:
    table_id, token = site.table(101)
    with site.http(101) as c:
        for path in ("/", f"/t/{table_id}", f"/t/{table_id}/record.json"):
            refused = c.get(path, headers={"Host": f"evil.example:{site.port}"})
            assert refused.status_code == 400
            assert "frame-ancestors 'none'" in refused.headers["content-security-policy"]
            for name in ("localhost", "LOCALHOST", "127.0.0.1", "[::1]"):
                assert c.get(path, headers={"Host": f"{name}:{site.port}"}).status_code == 200
        r = c.post("/tables", data={"game": "ecarte", "seat0": "person", "seat1": "person"},
                   headers={"Host": "evil.example"})
        assert r.status_code == 400
    with pytest.raises(Exception) as refused:  # noqa: PT011  the handshake is refused
        with site.ws(101, table_id, None, origin=None, host="evil.example"):
            pass
    assert "400" in str(refused.value)


# -- 11. a lone surrogate -------------------------------------------------------------------
@pytest.mark.one_process  # no other process's moves heard meanwhile
def test_a_lone_surrogate_gets_one_error_frame_and_the_socket_stays(site: Site) -> None:
    table_id, token = site.table(111)
    with site.ws(111, table_id, token) as ws:
        ws.send(json.dumps({"type": "sync", "seq": 0}))
        seq = first(ws, "update")["seq"]
        for field in ("action", "text"):
            ws.send('{"type": "move", "seq": %d, "%s": "\\udfff"}' % (seq, field))
            assert first(ws, "error")["message"] == (
                "malformed message: a value out of range (a lone surrogate or a number too "
                "long)")
        ws.send(json.dumps({"type": "sync", "seq": seq}))
        assert first(ws, "update")["seq"] == seq  # still open, nothing played


# -- 12. computers' matches -----------------------------------------------------------------
def test_computers_matches_take_their_turns_one_table_at_a_time(tmp_path: Path) -> None:
    """Twenty first-to-9 matches between score-aware computers (one address's hourly cap)
    play while the lobby is asked for from another address: every lobby is answered, and
    the matches take their turns one table at a time (``hoyle_computer_tables_waiting`` in
    ``/metrics``: the others wait theirs), so the lobby stays near an idle server's. The
    lobby's answer times are a benchmark's (``bench/lobby.py``), never a test's: it failed
    once on a loaded CI machine (a 90th percentile of 176 ms). Measured when this was a
    timed test: a median of 14 ms and a 90th percentile of 30 ms; 46 and 256 ms when every
    table's computer ran at once."""
    port = free_port()
    with server(tmp_path / "c.db", port):
        site = Site(port, tmp_path / "c.db")
        made = [site.table(121 + i // 20, ("aware", "aware"), "cribbage", opt_match="9")[0]
                for i in range(20)]
        stop = threading.Event()
        times: list[float] = []
        lobby = threading.Thread(target=lobby_times, args=(site, 126, stop, times))
        lobby.start()
        waiting: list[float] = []
        with site.http(127) as c:
            for _ in range(20):
                waiting.append(metric(c.get("/metrics").text, "hoyle_computer_tables_waiting"))
                time.sleep(0.2)
        stop.set()
        lobby.join(60)
        assert not lobby.is_alive() and times  # every lobby answered (200: lobby_times)
        with site.http(126) as c:
            played = [c.get(f"/t/{t}/record.json").json() for t in made]
    assert sum(1 for r in played if r["actions"]) >= 2  # they were playing meanwhile
    # one table moves (or rests COMPUTERS_PACE after its move): 15 to 19 others were seen
    # waiting (none where every table moved at once)
    assert max(waiting) >= 10 and all(0 <= w <= 19 for w in waiting), waiting


# -- 13. headers, pages, one server a database ----------------------------------------------
def test_every_response_carries_the_security_headers(site: Site) -> None:
    table_id, _ = site.table(131)
    with site.http(131) as c:
        for path in ("/", f"/t/{table_id}", "/static/table.js", f"/t/{table_id}/record.json",
                     "/nowhere"):
            h = c.get(path).headers
            assert "frame-ancestors 'none'" in h["content-security-policy"]
            assert "'unsafe-inline'" not in h["content-security-policy"]
            assert h["x-content-type-options"] == "nosniff"
            assert h["referrer-policy"] == "same-origin"


@pytest.mark.sqlite_only  # a file has one server (PostgreSQL: many, test_workers.py)
def test_a_second_server_on_the_same_database_is_refused(site: Site) -> None:
    r = subprocess.run([sys.executable, "-m", "hoyle", "serve", "--db", str(site.db),
                        "--port", str(free_port())], capture_output=True, text=True,
                       timeout=120, env={**os.environ, "PYTHONPATH": str(SRC)})
    assert r.returncode == 2
    assert " ".join(r.stderr.split()) == (
        f"error: another hoyle serve is using {site.db}: stop it first, or give this one "
        "another --db"), r.stderr


# -- 3. slow and idle connections -----------------------------------------------------------
@pytest.mark.one_process  # the caps of one process
def test_slow_and_idle_connections_are_closed_and_capped(tmp_path: Path) -> None:
    """Under a 1,024-descriptor limit, 1,100 connections from one address that send nothing,
    half a request line, or a header every half second: those past the address's cap (256)
    are answered 503 at once, the others closed 2 s after they opened (--request-timeout 2);
    the lobby answers another address meanwhile, and the log holds no flood."""
    port = free_port()
    log = tmp_path / "serve.log"
    with server(tmp_path / "s.db", port, None, "--request-timeout", "2", nofile=1024,
                log=log):
        base = Site(port, tmp_path / "s.db")
        stop = threading.Event()
        times: list[float] = []
        lobby = threading.Thread(target=lobby_times, args=(base, 32, stop, times))
        lobby.start()
        socks: list[socket.socket] = []
        busy = 0
        start = time.monotonic()
        for i in range(1100):
            s = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.31", 0))
            s.settimeout(10)
            kind = i % 3
            if kind == 1:
                s.sendall(b"GET / HT")
            elif kind == 2:
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            socks.append(s)
        opened = time.monotonic() - start
        end = time.monotonic() + 4
        while time.monotonic() < end:  # the slowest: a header every half second
            for s in socks[2::3]:
                try:
                    s.sendall(b"X-a: b\r\n")
                except OSError:
                    pass
            time.sleep(0.5)
        closed = 0
        for s in socks:
            try:
                data = s.recv(200)
            except OSError:
                data = b""
            if data.startswith(b"HTTP/1.1 503"):
                busy += 1
            elif data == b"":
                closed += 1
            s.close()
        stop.set()
        lobby.join(60)
    assert busy + closed == 1100 and closed >= 256, (busy, closed, opened)
    if opened < 1.5:  # all opened before the first were closed: exactly the cap admitted
        assert closed == 256, (busy, closed, opened)
    assert statistics.median(times) < 1.0 and max(times) < 5.0, times
    text = log.read_text(errors="replace")
    assert text.count("Too many open files") <= 5, text[-2000:]


# -- 4. a full disk -------------------------------------------------------------------------
@pytest.mark.sqlite_only  # SQLite's own full-disk error
def test_a_full_disk_refuses_a_move_and_a_table_and_the_computer_waits(tmp_path: Path
                                                                        ) -> None:
    """The store's disk fills (its writes fail as SQLite's do on a full disk: rolled back by
    SQLite, then "database or disk is full"): a person's move is refused with one error
    frame and the socket stays; the lobby's form says so in one line; an automatic move
    waits, its owner task alive, and is made once there is room again."""
    from fastapi.testclient import TestClient

    from helpers.webclient import ORIGIN, connect, new_table, recv, stored
    from hoyle.web.app import create_app

    db = tmp_path / "hoyle.db"
    with TestClient(create_app(db, rate=1e6, burst=1e6, fixed_seed=7)) as client:
        table_id, t0 = new_table(client, "ecarte", ["person", "random"])
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        store = table.store
        disk = FullDisk(store._db)
        store._db = disk
        with connect(client, table_id, t0) as ws:
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            f = recv(ws)
            while not f.get("legal"):
                f = recv(ws)
            seq, before = f["seq"], list(table.row.actions)
            disk.full = True
            ws.send_text(json.dumps({"type": "move", "seq": seq, "action": f["legal"][0]}))
            e = recv(ws)
            assert e == {"type": "error", "seq": seq, "message":
                         "not stored: the server's disk is full; nothing was played"}
            assert table.seq == seq and table.row.actions == before
            ws.send_text(json.dumps({"type": "sync", "seq": seq}))
            assert recv(ws)["seq"] == seq  # the socket is open
            r = client.post("/tables", data={"game": "ecarte", "seat0": "person",
                                             "seat1": "random"}, headers=ORIGIN,
                            follow_redirects=False)
            assert r.status_code == 503 and r.text.count("<p>") == 2
            assert "the server's disk is full" in r.text
            disk.full = False
            # the automatic move's write fails: the disk fills as the computer's turn comes
            real = store.append_action

            def filling(table_id: str, n: int, seat: int, action: str) -> None:
                disk.full = seat != 0
                real(table_id, n, seat, action)

            store.append_action = filling
            while True:  # the person's moves, until the computer's (or chance's) turn
                ws.send_text(json.dumps({"type": "move", "seq": seq,
                                         "action": f["legal"][0]}))
                f = recv(ws)
                assert f["type"] == "update" and f["seq"] == seq + 1, f  # stored, played
                seq += 1
                if table.state.current_player != 0:
                    break
            hub = client.app.state.hub  # type: ignore[attr-defined]
            time.sleep(1.5)
            task = hub.tasks[table_id]
            assert not task.done() and table.seq == seq  # waiting, not dead
            store.append_action = real
            disk.full = False
            client.portal.call(asyncio.wait_for, hub.settle(table_id), 60)
            assert table.seq > seq  # made once there was room
        assert stored(db, table_id) == table.row.actions


class FullDisk:
    """A store's SQLite connection on a disk that is full while ``full``: each write fails
    as SQLite fails it then (the transaction rolled back by SQLite itself, then
    ``OperationalError: database or disk is full``, code ``SQLITE_FULL``)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.full = False

    def execute(self, sql: str, *args: Any) -> Any:
        if self.full and sql.lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")):
            self.db.execute("ROLLBACK")  # as SQLite does on SQLITE_FULL
            e = sqlite3.OperationalError("database or disk is full")
            e.sqlite_errorcode = sqlite3.SQLITE_FULL  # type: ignore[attr-defined]
            raise e
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)


# -- 6. forced cards ------------------------------------------------------------------------
def test_a_persons_forced_card_is_played_at_a_persons_pace(tmp_path: Path) -> None:
    """Écarté, a person against the computer, the person's first legal card always chosen:
    each of his forced cards (the only one he may play: the server plays it) comes at least
    0.6 s after the update that put him to play (FORCED_PAUSE), never in milliseconds."""
    from fastapi.testclient import TestClient

    from helpers.webclient import connect, new_table, recv
    from hoyle.web.app import create_app

    gaps: list[float] = []
    with TestClient(create_app(tmp_path / "hoyle.db", rate=1e6, burst=1e6, fixed_seed=3,
                               forced_pause=(0.6, 1.6))) as client:
        table_id, t0 = new_table(client, "ecarte", ["person", "random"])
        with connect(client, table_id, t0) as ws:
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            f, at = recv(ws), time.monotonic()
            while not f["finished"] and len(gaps) < 3:
                if f["type"] != "update":
                    f, at = recv(ws), time.monotonic()
                    continue
                if f["to_act"] == 0 and not f["legal"]:  # his forced move, made for him
                    nxt = recv(ws)
                    gaps.append(time.monotonic() - at)
                    f, at = nxt, time.monotonic()
                    continue
                if f["legal"]:
                    ws.send_text(json.dumps({"type": "move", "seq": f["seq"],
                                             "action": f["legal"][0]}))
                f, at = recv(ws), time.monotonic()
    assert gaps and min(gaps) >= 0.6, gaps


# -- 13. the lobby's pages, the cookie over https -------------------------------------------
def test_the_lobby_lists_fifty_tables_a_page_newest_first(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from hoyle.web.app import LOBBY_PAGE, create_app
    from hoyle.web.store import SeatKind

    assert LOBBY_PAGE == 50
    with TestClient(create_app(tmp_path / "hoyle.db")) as client:
        tables = client.app.state.tables  # type: ignore[attr-defined]
        made = [tables.create("ecarte", {}, [SeatKind("person"), SeatKind("person")],
                              open_seats=True).id for _ in range(120)]
        first_page = client.get("/").text
        listed = re.findall(r'<li><a href="/t/([0-9a-f]+)"', first_page)
        assert listed == made[::-1][:50]
        assert "120 tables, page 1 of 3" in first_page and 'href="/?page=2"' in first_page
        assert re.findall(r'<li><a href="/t/([0-9a-f]+)"', client.get("/?page=3").text
                          ) == made[::-1][100:]
        for page in ("9", "x", "0", "9" * 40):  # past the last, or not a page: a page shown
            assert client.get(f"/?page={page}").status_code == 200


def test_the_seat_cookie_is_secure_over_https(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from hoyle.web.app import create_app

    with TestClient(create_app(tmp_path / "hoyle.db"), base_url="https://testserver") as c:
        r = c.post("/tables", data={"game": "ecarte", "seat0": "person", "seat1": "random"},
                   follow_redirects=False)
        assert r.status_code == 303 and "secure" in r.headers["set-cookie"].lower()
    with TestClient(create_app(tmp_path / "hoyle2.db")) as c:
        r = c.post("/tables", data={"game": "ecarte", "seat0": "person", "seat1": "random"},
                   follow_redirects=False)
        assert "secure" not in r.headers["set-cookie"].lower()  # http: a Secure one is lost


def test_a_kept_alive_connection_has_the_same_deadline_for_its_next_request(
        tmp_path: Path) -> None:
    """A first request answered, then the second's headers trickled in (one every half
    second): the connection is closed --request-timeout (2 s) after the response, as a
    first request would be."""
    port = free_port()
    with server(tmp_path / "k.db", port, None, "--request-timeout", "2"):
        s = socket.create_connection(("127.0.0.1", port))
        s.settimeout(10)
        s.sendall(b"GET /static/style.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        reply = b""
        while b"\r\n\r\n" not in reply:
            reply += s.recv(65536)
        assert reply.startswith(b"HTTP/1.1 200")
        start = time.monotonic()
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        closed_after = None
        while time.monotonic() - start < 8:
            try:
                s.sendall(b"X-a: b\r\n")
                s.settimeout(0.5)
                if s.recv(65536) == b"":
                    closed_after = time.monotonic() - start
                    break
            except TimeoutError:
                continue
            except OSError:
                closed_after = time.monotonic() - start
                break
        s.close()
    assert closed_after is not None and closed_after < 5, closed_after
