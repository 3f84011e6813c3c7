"""The web tests' client side, on FastAPI's test client and real WebSockets: a table made
through the lobby's form, a seat taken, a socket with a seat's cookie (or a spectator's,
without), its frames, and what the database holds for a table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from hoyle.web.app import cookie_name
import hoyle.web.db


def new_table(client: TestClient, game: str, seats: list[str],
              **options: str) -> tuple[str, str]:
    """Create a table through the lobby's form: its id and the creator's token."""
    form = {"game": game, **{f"seat{i}": s for i, s in enumerate(seats)},
            **{f"opt_{k}": v for k, v in options.items()}}
    r = client.post("/tables", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text
    table_id = r.headers["location"].rsplit("/", 1)[1]
    token = r.cookies.get(cookie_name(table_id)) or ""
    client.cookies.clear()
    settle(client, table_id)
    return table_id, token


def settle(client: TestClient, table_id: str | None = None) -> None:
    """Wait until the server's background moves (chance, the computers') at table
    ``table_id`` (``None``: every table) are made: a person is to move or the game is
    over."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    client.portal.call(hub.settle, table_id)  # type: ignore[union-attr]


def invite(client: TestClient, table_id: str) -> str:
    """The table's invite query (``?invite=SECRET``, as its page shows its seated players;
    an open table's: ``""``)."""
    secret = client.app.state.tables.get(table_id).row.invite  # type: ignore[attr-defined]
    return "" if secret is None else f"?invite={secret}"


def sit(client: TestClient, table_id: str, seat: int) -> str:
    """Take seat ``seat`` from the invite link: its token."""
    r = client.post(f"/t/{table_id}/sit/{seat}{invite(client, table_id)}",
                    follow_redirects=False)
    assert r.status_code == 303
    token = r.cookies.get(cookie_name(table_id)) or ""
    client.cookies.clear()
    return token


ORIGIN = {"origin": "http://testserver"}
"""The ``Origin`` a page of the test client's server sends (every browser sends one)."""


def connect(client: TestClient, table_id: str, token: str | None) -> WebSocketTestSession:
    """The table's socket from the server's own page, with the seat's cookie (``None``: a
    spectator's)."""
    headers = {"cookie": f"{cookie_name(table_id)}={token}"} if token else {}
    return client.websocket_connect(f"/t/{table_id}/ws", headers={**ORIGIN, **headers})


def recv(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next frame, as JSON."""
    return json.loads(ws.receive_text())  # type: ignore[no-any-return]


def stored(db: Path, table_id: str) -> list[str]:
    """The actions the database holds for the table (read on a connection of its own)."""
    store = hoyle.web.db.open_store(db)  # looked up now: the suite's PostgreSQL stand-in
    try:
        return next(r.actions for r in store.load_tables() if r.id == table_id)
    finally:
        store.close()


def play_out(client: TestClient, table_id: str, token: str | dict[int, str],
             moves: int | None = None) -> None:
    """The persons' first legal action at each turn (``moves`` of them, or to the end):
    ``token`` the one person's, or each person seat's by seat.

    The table is asked for again at each turn: where other processes may share the
    database (PostgreSQL), the server forgets a table idle at two sweeps in a row and reads
    it again when next asked for, so an object held from an earlier turn may be stale."""
    made = 0
    while moves is None or made < moves:
        settle(client, table_id)
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        if table.finished:
            break
        mine = token if isinstance(token, str) else token[table.state.current_player]
        with connect(client, table_id, mine) as ws:
            ws.send_text(json.dumps({"type": "sync", "seq": table.seq}))
            f = recv(ws)
            ws.send_text(json.dumps({"type": "move", "seq": f["seq"], "action": f["legal"][0]}))
            while recv(ws)["type"] != "update":
                pass
        made += 1
