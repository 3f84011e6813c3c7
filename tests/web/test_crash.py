"""The crash test: the real server (``hoyle serve``, uvicorn) in a subprocess on a temporary
SQLite file; two players play over real WebSockets; the server is killed with SIGKILL
mid-game, started again on the same file, and both players go on: every action the server
acknowledged (announced) is still there, and the game continues from it to the end."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest

from helpers.live import play
from helpers.web import free_port, kill, server
from hoyle.web.app import cookie_name
from hoyle.web.db import open_store

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand


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
        kill(proc)  # it and any workers of its
    store = open_store(db)
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
