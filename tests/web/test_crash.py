"""The crash test: the real server (``hoyle serve``, uvicorn) in a subprocess on a temporary
SQLite file; two players play over real WebSockets; the server is killed with SIGKILL
mid-game, started again on the same file, and both players go on: every action the server
acknowledged (announced) is still there, and the game continues from it to the end."""

from __future__ import annotations

import contextlib
import json
import os
import signal
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from helpers.web import free_port, server
from hoyle.web.app import cookie_name
from hoyle.web.store import SqliteStore
import pytest

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

def ws_for(port: int, table_id: str, token: str) -> ClientConnection:
    return connect(f"ws://127.0.0.1:{port}/t/{table_id}/ws",
                   origin=Origin(f"http://127.0.0.1:{port}"), additional_headers={"Cookie": f"{cookie_name(table_id)}={token}"})


# Reads wait at most 60 s for a frame (a hang becomes a failure, not a stuck suite).
def update(ws: ClientConnection) -> dict[str, Any]:
    """The next update (a presence frame, who is present or away, is read past)."""
    while True:
        f = json.loads(ws.recv(timeout=60))
        if f["type"] != "presence":
            return f  # type: ignore[no-any-return]


def until_person(ws: ClientConnection, seq: int, sync: bool = False) -> dict[str, Any]:
    """(Sync from ``seq`` and) read updates until one numbered ``seq`` or later in which a
    person is to move (or the game is over)."""
    if sync:
        ws.send(json.dumps({"type": "sync", "seq": seq}))
    while True:
        f = update(ws)
        assert f["type"] == "update", f
        if f["seq"] >= seq and (f["finished"] or f["to_act"] >= 0
                                and f["to_act"] not in f["computers"]):
            return f  # type: ignore[no-any-return]


def play(port: int, table_id: str, tokens: list[str], moves: int | None, seq: int = 0
         ) -> tuple[int, list[str]]:
    """Play ``moves`` person moves (None: to the end), each player choosing the first legal
    action it is offered: the last acknowledged number and the moves made."""
    made: list[str] = []
    with contextlib.ExitStack() as stack:
        socks = [stack.enter_context(ws_for(port, table_id, t)) for t in tokens]
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
            socks[mover].send(json.dumps({"type": "move", "seq": f["seq"],
                                          "action": f["legal"][0]}))
            made.append(f["legal"][0])
            # the mover's acknowledgement: the update numbered after its move
            ack = update(socks[mover])  # one update a number: no presence news as one
            assert ack["type"] == "update" and ack["seq"] == f["seq"] + 1, ack
            seq = ack["seq"]
            frames = [ack if i == mover else until_person(ws, seq)
                      for i, ws in enumerate(socks)]
            if not (ack["finished"] or ack["to_act"] >= 0
                    and ack["to_act"] not in ack["computers"]):
                frames[mover] = until_person(socks[mover], seq)
            seq = max(f["seq"] for f in frames)
        return seq, made


def test_a_killed_server_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db = tmp_path / "crash.db"
    port = free_port()
    seed = int(os.environ.get("HOYLE_CRASH_SEED", "424242"))  # a fixed deal: the same game
    with server(db, port, insecure_seed=seed) as proc:
        r = httpx.post(f"http://127.0.0.1:{port}/tables", data={
            "game": "cribbage", "opt_variant": "five-card", "seat0": "person",
            "seat1": "person", "open": "on"})  # open: the second seat taken without invite
        assert r.status_code == 303, r.text
        table_id = r.headers["location"].rsplit("/", 1)[1]
        t0 = r.cookies[cookie_name(table_id)]
        r1 = httpx.post(f"http://127.0.0.1:{port}/t/{table_id}/sit/1")
        t1 = r1.cookies[cookie_name(table_id)]
        acked, made = play(port, table_id, [t0, t1], moves=12)
        assert len(made) == 12
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    store = SqliteStore(db)
    kept = store.load_tables()[0].actions
    store.close()
    assert len(kept) >= acked  # every acknowledged action is in the file
    for move in made:
        assert move in kept
    with server(db, port):
        # both players come back with their cookies and go on from what they last saw
        seq, rest = play(port, table_id, [t0, t1], moves=None, seq=acked)
        record = httpx.get(f"http://127.0.0.1:{port}/t/{table_id}/record.json").json()
    assert record["result"] is not None and rest
    assert record["actions"][:len(kept)] == kept
    assert len(record["actions"]) == seq
