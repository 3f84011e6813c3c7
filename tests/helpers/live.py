"""A player at a real ``hoyle serve`` (or several sharing one database), over real sockets:
what the crash and many-worker tests play with. Reads wait at most 60 s for a frame (a hang
becomes a failure, not a stuck suite)."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Sequence
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from helpers.web import pace
from hoyle.web.app import cookie_name

LOST = (ConnectionClosed, InvalidHandshake, OSError, TimeoutError)
"""What a socket raises when its server is gone, stopping, or refuses it."""


def ws_for(port: int, table_id: str, token: str | None) -> ClientConnection:
    """A socket to table ``table_id`` at the server on ``port``, as seat ``token``'s page
    (``None``: a spectator)."""
    headers = {"Cookie": f"{cookie_name(table_id)}={token}"} if token else {}
    return connect(f"ws://127.0.0.1:{port}/t/{table_id}/ws", open_timeout=10,
                   origin=Origin(f"http://127.0.0.1:{port}"), additional_headers=headers)


def update(ws: ClientConnection) -> dict[str, Any]:
    """The next update (a presence frame, who is present or away, is read past)."""
    while True:
        f = json.loads(ws.recv(timeout=60))
        if f["type"] != "presence":
            return f  # type: ignore[no-any-return]


def person_to_move(f: dict[str, Any]) -> bool:
    """Whether update ``f`` waits for a person (or the game is over)."""
    return bool(f["finished"] or f["to_act"] >= 0 and f["to_act"] not in f["computers"])


def until_person(ws: ClientConnection, seq: int, sync: bool = False) -> dict[str, Any]:
    """(Sync from ``seq`` and) read updates until one numbered ``seq`` or later in which a
    person is to move (or the game is over)."""
    if sync:
        ws.send(json.dumps({"type": "sync", "seq": seq}))
    while True:
        f = update(ws)
        assert f["type"] == "update", f
        if f["seq"] >= seq and person_to_move(f):
            return f


def play(ports: int | Sequence[int], table_id: str, tokens: list[str], moves: int | None,
         seq: int = 0, paced: bool = False) -> tuple[int, list[str]]:
    """Play ``moves`` person moves (None: to the end), each player choosing the first legal
    action it is offered, player ``i``'s socket at ``ports[i]`` (one port: all there): the
    last acknowledged number and the moves made. ``paced``: each socket's moves no faster
    than a page's (:func:`helpers.web.pace`: 0.8 of the server's message rate), for a
    long game that would run past its burst."""
    at = [ports] * len(tokens) if isinstance(ports, int) else list(ports)
    made: list[str] = []
    with contextlib.ExitStack() as stack:
        socks = [stack.enter_context(ws_for(p, table_id, t)) for p, t in zip(at, tokens)]
        frames = [until_person(ws, seq, sync=True) for ws in socks]
        while moves is None or len(made) < moves:
            latest = max(frames, key=lambda f: f["seq"])
            if latest["finished"]:
                break
            mover = latest["to_act"]
            f = frames[mover]
            if f["seq"] < latest["seq"] or not f["legal"]:
                # behind, or a seat to act with nothing to choose (the server makes its
                # forced move, a go): read on, then look again at who is to act
                frames[mover] = update(socks[mover])
                continue
            if paced:
                pace(socks[mover])
            socks[mover].send(json.dumps({"type": "move", "seq": f["seq"],
                                          "action": f["legal"][0]}))
            made.append(f["legal"][0])
            # the mover's acknowledgement: the update numbered after its move
            ack = update(socks[mover])  # one update a number: no presence news as one
            assert ack["type"] == "update" and ack["seq"] == f["seq"] + 1, ack
            seq = ack["seq"]
            frames = [ack if i == mover else until_person(ws, seq)
                      for i, ws in enumerate(socks)]
            if not person_to_move(ack):
                frames[mover] = until_person(socks[mover], seq)
            seq = max(f["seq"] for f in frames)
        return seq, made


def new_table(port: int, seats: Sequence[str], variant: str = "five-card",
              open_seats: bool = True) -> tuple[str, str]:
    """A new cribbage table at the server on ``port`` (``seats``: "person" or a computer
    player's name, by seat): its id and the first seat's token."""
    data = {"game": "cribbage", "opt_variant": variant,
            **{f"seat{i}": s for i, s in enumerate(seats)}}
    if open_seats:
        data["open"] = "on"
    r = httpx.post(f"http://127.0.0.1:{port}/tables", data=data, timeout=30)
    assert r.status_code == 303, r.text
    table_id = r.headers["location"].rsplit("/", 1)[1]
    return table_id, r.cookies[cookie_name(table_id)]


def sit(port: int, table_id: str, seat: int) -> str:
    """Take seat ``seat`` (from 0) at the server on ``port``: its token."""
    r = httpx.post(f"http://127.0.0.1:{port}/t/{table_id}/sit/{seat}", timeout=30)
    assert r.status_code in (200, 303), r.text
    return r.cookies[cookie_name(table_id)]


class Seat:
    """One person's page at a table served by several workers: it plays the first legal
    action at each of its turns, and when its socket is lost it opens another at the next
    worker that takes it and syncs from the last number it was sent, as the page does.

    Attributes:
        acked: each move it made and saw acknowledged, by number (``{n: action}``).
        outages: seconds from each loss to the socket's first update from a worker.
    """

    def __init__(self, ports: Sequence[int], table_id: str, token: str, first: int = 0
                 ) -> None:
        self.ports, self.table_id, self.token = list(ports), table_id, token
        self.at = first
        self.seq = 0
        self.acked: dict[int, str] = {}
        self.outages: list[float] = []
        self.finished = False
        self.ws: ClientConnection | None = None
        self.frame: dict[str, Any] | None = None

    def _open(self, deadline: float) -> float:
        """A socket at the next worker that takes it, synced (its first update in
        :attr:`frame`): the seconds it took."""
        lost = time.monotonic()
        while True:
            port = self.ports[self.at % len(self.ports)]
            try:
                self.ws = ws_for(port, self.table_id, self.token)
                self.ws.send(json.dumps({"type": "sync", "seq": self.seq}))
                f = update(self.ws)
                if f["type"] == "update":
                    self.frame = f
                    return time.monotonic() - lost
            except LOST:
                pass
            self._drop()
            self.at += 1
            assert time.monotonic() < deadline, "no worker took the socket back"
            time.sleep(0.05)

    def _drop(self) -> None:
        if self.ws is not None:
            with contextlib.suppress(Exception):
                self.ws.close()
        self.ws = None

    def step(self, deadline: float = 60.0) -> None:
        """Make one move at the seat's next turn (reading updates until then), or note the
        end; a lost socket is opened again at another worker (not counted as an outage on
        the first open)."""
        if self.ws is None:
            self._open(time.monotonic() + deadline)
        try:
            f = self.frame
            assert self.ws is not None and f is not None
            while not (f["type"] == "update" and (f["finished"] or (
                    f["to_act"] >= 0 and f["legal"] and f["to_act"] not in f["computers"]
                    and f["seq"] >= self.seq))):
                f = update(self.ws)
                if f["type"] == "update":
                    self.seq = max(self.seq, f["seq"])
            self.frame = f
            if f["finished"]:
                self.finished = True
                return
            n = f["seq"] + 1
            self.ws.send(json.dumps({"type": "move", "seq": f["seq"],
                                     "action": f["legal"][0]}))
            while True:
                g = update(self.ws)
                if g["type"] == "update" and g["seq"] >= n:
                    self.acked[n] = f["legal"][0]
                    self.seq = g["seq"]
                    self.frame = g
                    return
                if g["type"] == "error":  # refused (stale, moved on): look again
                    self.ws.send(json.dumps({"type": "sync", "seq": self.seq}))
                    self.frame = update(self.ws)
                    return
        except LOST:
            self._drop()
            self.at += 1
            self.outages.append(self._open(time.monotonic() + deadline))
