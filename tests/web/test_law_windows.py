"""Écarté at the level of cribbage on the web (issue 33, point 8): the windows the laws
open out of turn are offered on the web table as the terminal offers them.

- **CLUB-24** (the Club Code's ``held_king_window = club_24``): a person who leads the king
  of trumps as his first card without announcing it may still announce it until it is
  played to. The terminal asks him before the computer plays ("Announce it? (king or no)");
  the web table now holds the computer's move and asks him on his page (a question and
  two buttons): yes marks the king (stored as ``KING 0``, replayed from the record), no
  lets the computer play to it. Nobody else is asked; the spectator's frame names no
  question. A "no" holds in this process (a restart asks again).
- **CLUB-37** on the web referee table: a card the dealer turned up in the exchange is
  offered to the elder hand at his next exchange as the terminal offers it (the choice
  ``take`` / ``leave`` as buttons).

The deal (seed 1, the Club Code): Ann (seat 0, a person) is the elder hand with KS 8S AH TD
KD, the turn-up 9S: she holds the king of trumps. Bob is the computer (``rules``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from helpers.webclient import connect, new_table, recv, settle
from hoyle.web.app import cookie_name, create_app


def sync(ws: WebSocketTestSession, seq: int = 0) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "sync", "seq": seq}))
    return recv(ws)


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "t.db", rate=1e6, burst=1e6, fixed_seed=1)) as c:
        yield c


def error_of(ws: WebSocketTestSession) -> dict[str, Any]:
    """The next error message (updates and presence notes skipped)."""
    got = recv(ws)
    while got["type"] != "error":
        got = recv(ws)
    return got


def table_of(client: TestClient, table_id: str) -> Any:
    return client.app.state.tables.get(table_id)  # type: ignore[attr-defined]


def lead_the_king(client: TestClient, ws: WebSocketTestSession, table: Any) -> dict[str, Any]:
    f = sync(ws)
    assert f["view"]["hand"] and "KS" in f["view"]["hand"] and "STAND" in f["legal"]
    for action in ("STAND", "PLAY KS"):
        ws.send_text(json.dumps({"type": "move", "seq": table.seq, "action": action}))
        f = recv(ws)
        settle(client, table.id)
    while f["seq"] != table.seq:
        f = recv(ws)
    return f


def test_CLUB_24_the_king_led_unannounced_is_asked_before_the_computer_plays(
        client: TestClient) -> None:
    table_id, token = new_table(client, "ecarte", ["person", "rules"], laws="club")
    table = table_of(client, table_id)
    with connect(client, table_id, token) as me, connect(client, table_id, None) as watcher:
        f = lead_the_king(client, me, table)
        # the computer is to play to the king: it waits; Ann is asked
        assert table.state.current_player == 1 and table.state.trick
        assert f["window"] == {"question": "You played the king of trumps without "
                                           "announcing it; you may still (CLUB-24). "
                                           "Announce it?", "action": "KING 0"}
        assert f["legal"] == [] and f["to_act"] == 1
        held = table.seq
        settle(client, table_id)
        assert table.seq == held  # still held: no move was made without her answer
        w = sync(watcher)
        assert w["window"] is None
        # she announces it: the king is marked, then the computer plays to it
        me.send_text(json.dumps({"type": "move", "seq": table.seq, "action": "KING 0"}))
        settle(client, table_id)
        assert [str(a) for a in table.state.history][held:held + 1] == ["KING 0"]
        assert table.state.scores[0] == 1 and table.seq > held + 1


def test_CLUB_24_no_lets_the_computer_play(client: TestClient) -> None:
    table_id, token = new_table(client, "ecarte", ["person", "rules"], laws="club")
    table = table_of(client, table_id)
    with connect(client, table_id, token) as me:
        f = lead_the_king(client, me, table)
        assert f["window"] is not None
        held = table.seq
        me.send_text(json.dumps({"type": "move", "seq": table.seq, "text": "no"}))
        settle(client, table_id)
        assert table.seq > held and "KING 0" not in [str(a) for a in table.state.history]
        assert table.state.scores[0] == 0
        # the window has passed: a late "yes" is refused, nothing stored
        seq = table.seq
        me.send_text(json.dumps({"type": "move", "seq": seq, "action": "KING 0"}))
        assert error_of(me)["message"] == ("too late: the king must be announced before the "
                                           "holder's first card (CLUB-23, CLUB-24)")
        assert table.seq == seq


def test_CLUB_24_a_stale_or_foreign_answer_changes_nothing(client: TestClient) -> None:
    table_id, token = new_table(client, "ecarte", ["person", "rules"], laws="club")
    table = table_of(client, table_id)
    with connect(client, table_id, token) as me, connect(client, table_id, None) as watcher:
        lead_the_king(client, me, table)
        held = table.seq
        me.send_text(json.dumps({"type": "move", "seq": held - 1, "text": "yes"}))
        assert error_of(me)["message"] == (
            "too late: the table changed before this move came (another window, or a slow "
            "connection?); nothing was played; look again")
        sync(watcher)
        watcher.send_text(json.dumps({"type": "move", "seq": held, "text": "yes"}))
        assert "you have no seat at this table" in error_of(watcher)["message"]
        assert table.seq == held
        assert table.window_offer(0) is not None  # still asked


def test_CLUB_37_the_exposed_card_offered_on_the_web_referee_table(
        client: TestClient) -> None:
    r = client.post("/referee", data={"game": "ecarte", "names": "Al,Bo", "opt_laws": "club"},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    table_id = r.headers["location"].rsplit("/", 1)[1]
    token = r.cookies.get(cookie_name(table_id)) or ""
    client.cookies.clear()
    lines = ["9c", "kd", "32 KS QS JS 7H 7D AS 9S KH QH KD", "8s", "propose", "accept",
             "7d", "7c", "qh", "8c", "report card_turned_in_exchange 8h", "propose"]
    with connect(client, table_id, token) as ws:
        f = sync(ws)
        for line in lines:
            ws.send_text(json.dumps({"type": "move", "seq": f["seq"], "text": line}))
            f = recv(ws)
            assert f["type"] == "update", (line, f)
        assert "ACCEPT" in f["legal"] and "REFUSE" not in f["legal"]  # may not refuse
        for line in ("accept", "7h"):
            ws.send_text(json.dumps({"type": "move", "seq": f["seq"], "text": line}))
            f = recv(ws)
        assert set(f["legal"]) == {"CHOOSE take", "CHOOSE leave"}  # the buttons
        assert "Ruling CLUB-37: Al proposes again: he may take the exposed card 8H" in \
            [line["text"] for line in f["lines"]][-1]
        assert f["prompt"] == "Al chooses [take/leave]:"
