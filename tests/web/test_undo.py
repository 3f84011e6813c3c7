"""Undo on the web (issue 27): at a table where a person plays the computer alone, ``undo``
(the Undo button sends it) takes back his last decision and the computer's replies by the
terminal's own rule (:func:`hoyle.interface.play.undo_point`): refused with nothing changed
before his first move, once a card has been turned since (the starter after the
lay-away), against another person, and once the game is over. An undo drops the actions
from the store (a restart finds the table as it was left), sends every socket of the
table the whole table again marked ``reset``, and a page that was away when it happened
is sent the whole table on its next sync. The game's record counts the undos (as the
terminal's does) and still verifies from its seed."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from helpers.web import free_port, server, wait_until
from helpers.webclient import connect, new_table, recv, settle, sit, stored
from hoyle.engine.records import GameRecord
from hoyle.interface.play import TURNED
from hoyle.interface.registry import UNDO_OPTION
from hoyle.interface.verify import verify_record
from hoyle.web.app import create_app
from hoyle.web.store import SeatKind, SqliteStore
from hoyle.web.tables import Table, Tables


def send(ws: Any, seq: int, **fields: Any) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "move", "seq": seq, **fields}))
    return recv(ws)


def sync(ws: Any, seq: int = 0) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "sync", "seq": seq}))
    f = recv(ws)
    while f["type"] != "update":
        f = recv(ws)
    return f


def test_undo_takes_back_the_last_decision_and_the_computers_reply(tmp_path: Path) -> None:
    db = tmp_path / "hoyle.db"
    with TestClient(create_app(db, fixed_seed=31)) as client:
        table_id, token = new_table(client, "cribbage", ["person", "random"])
        table: Table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        with connect(client, table_id, token) as ws:
            f = sync(ws)
            assert f["view"]["phase"] == "discard" and f["coach"] and f["undo"] is False
            before = list(table.row.actions)
            answer = send(ws, f["seq"], text="undo")
            assert answer["type"] == "error" and "nothing to undo" in answer["message"]
            assert table.row.actions == before
            # the lay-away, then the starter turned: the lay-away cannot be taken back
            send(ws, f["seq"], action=f["legal"][0])
        settle(client, table_id)
        with connect(client, table_id, token) as ws:
            f = sync(ws)
            assert f["view"]["phase"] == "play" and f["undo"] is False
            answer = send(ws, f["seq"], text="undo")
            assert answer["type"] == "error" and answer["message"] == TURNED
            assert stored(db, table_id) == table.row.actions and table.seq == f["seq"]
            at, hand = f["seq"], f["view"]["hand"]
            play = next(a for a in f["legal"] if a.startswith("PLAY"))
            send(ws, at, action=play)
        settle(client, table_id)
        with connect(client, table_id, token) as ws, connect(client, table_id, token) as ws2:
            f = sync(ws)
            sync(ws2)
            assert f["seq"] > at + 1 and f["undo"] is True and f["undos"] == 0
            answer = send(ws, f["seq"], text="undo")
            assert answer["type"] == "update" and answer["reset"] is True
            assert answer["seq"] == at and answer["view"]["hand"] == hand
            assert answer["undos"] == 1 and answer["lines"][0]["n"] == 1  # from the start
            said = recv(ws)
            assert said["type"] == "help" and said["lines"][0].startswith("Undone: back to your last decision (")
            other = recv(ws2)  # the seat's other tab is sent the whole table too
            assert other["reset"] is True and other["seq"] == at
        assert table.seq == at and stored(db, table_id) == table.row.actions
        assert len(table.row.actions) == at
    with TestClient(create_app(db, fixed_seed=31)) as client:  # restarted: as left
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert table.seq == at and table.undos == 1
        with connect(client, table_id, token) as ws:
            # a page that saw the moves since taken back: the whole table, marked reset
            f = sync(ws, at + 3)
            assert f["reset"] is True and f["seq"] == at and f["lines"][0]["n"] == 1
            assert f["view"]["hand"] == hand


def test_no_undo_against_a_person(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=32)) as client:
        table_id, a = new_table(client, "cribbage", ["person", "person"])
        b = sit(client, table_id, 1)
        settle(client, table_id)
        table: Table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        tokens = {0: a, 1: b}
        for seat in (0, 1):
            with connect(client, table_id, tokens[seat]) as ws:
                f = sync(ws)
                if f["legal"]:
                    send(ws, f["seq"], action=f["legal"][0])
        settle(client, table_id)
        before = list(table.row.actions)
        with connect(client, table_id, a) as ws:
            f = sync(ws)
            assert f["undo"] is False
            answer = send(ws, f["seq"], text="undo")
            assert answer == {"type": "error", "seq": f["seq"],
                              "message": "undo is for a game against the computer only"}
        assert table.row.actions == before
        with connect(client, table_id, None) as ws:  # a spectator has no seat to undo
            f = sync(ws)
            assert send(ws, f["seq"], text="undo")["type"] == "error"


def test_the_record_counts_the_undos_and_verifies() -> None:
    """A whole game with undos made where they are allowed: the finished game's record
    says how many (``undos``, as the terminal's record) and verifies from its seed; the
    game over, undo is refused."""
    tables = Tables(SqliteStore(":memory:"))
    t = tables.create("cribbage", {}, [SeatKind("person"), SeatKind("computer", "random")],
                      seed=33)
    rng = random.Random(3)
    undos = 0
    for _ in range(5000):
        if t.finished:
            break
        t.run_automatic()
        if t.finished:
            break
        if t.can_undo(0) and rng.random() < 0.3:
            seq = t.seq
            taken = t.undo(0)
            assert taken >= 1 and t.seq == seq - taken
            undos += 1
            continue
        t.act(0, rng.choice(t.state.legal_actions()), t.seq)
    assert t.finished and undos >= 3
    data = t.record(0)
    assert data["options"][UNDO_OPTION] == undos
    record = GameRecord.from_json(json.dumps(data))
    assert verify_record(record).verified
    assert not t.can_undo(0)


def test_the_undo_button(browser: Any, tmp_path: Path) -> None:
    """The page: Undo is greyed until there is something to take back, and a click puts
    the hand back as it was before the card was laid, the log from the start again."""
    port = free_port()
    with server(tmp_path / "hoyle.db", port, insecure_seed=41):
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.set_default_timeout(15000)
        page.goto(f"http://127.0.0.1:{port}/")
        page.locator("#computer-cribbage button[type=submit]").click()
        page.wait_for_url("**/t/*")
        wait_until(page, f"{TABLE}.dataset.mine === '1'")
        assert page.is_disabled("#undo") and page.is_visible("#undo")
        # the lay-away (two cards clicked), then the starter is turned: no undo of it
        page.click("#hand button.legal >> nth=0")
        page.click("#hand button.legal >> nth=1")
        wait_until(page, f"{TABLE}.dataset.phase === 'play' && {TABLE}.dataset.mine === '1'")
        assert page.is_disabled("#undo")
        seq = int(page.get_attribute("#table", "data-seq") or 0)
        hand = page.inner_text("#hand")
        page.click("#hand button.legal >> nth=0")
        wait_until(page, f"([s]) => +{TABLE}.dataset.seq > s + 1 && {TABLE}.dataset.mine === '1'",
                   arg=[seq])
        assert not page.is_disabled("#undo")
        page.click("#undo")
        wait_until(page, f"([s]) => +{TABLE}.dataset.seq === s", arg=[seq])
        wait_until(page, "/Undone: back to your last decision/.test(document.getElementById('said').textContent)")
        assert page.inner_text("#hand") == hand
        assert page.get_attribute("#log li", "data-n") == "1"  # the log again from the start
        page.close()


TABLE = "document.getElementById('table')"
