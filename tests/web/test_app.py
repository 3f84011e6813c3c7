"""The web app through FastAPI's test client and real WebSockets: creating and joining a
table, playing, resyncing after a reconnect, every hostile message refused with the stored
state unchanged, what each reader is sent (never a card it may not know), the record kept
redacted until the game ends and the seed's commitment checked after it, and the tables
reloaded from the database."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from helpers.web import cards_mentioned, free_port, known_after, server
from helpers.webclient import connect, invite, new_table, recv, sit, stored
from hoyle.engine.action import Action
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import get_game
from hoyle.web.app import MAX_MESSAGE, TOO_FAST, cookie_name, create_app
from hoyle.web.tables import Table

SEED = 20260


def sync(ws: WebSocketTestSession, seq: int = 0) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "sync", "seq": seq}))
    frame = recv(ws)
    assert frame["type"] == "update"
    return frame


def settle(ws: WebSocketTestSession) -> dict[str, Any]:
    """Frames until a person is to move (or the game is over): the last one."""
    while True:
        f = recv(ws)
        assert f["type"] == "update", f
        if f["finished"] or f["to_act"] >= 0 and f["to_act"] not in f.get("computers", ()):
            if f["finished"] or f["legal"] or f["to_act"] != f["seat"]:
                return f


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "hoyle.db"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    # a script plays far faster than a person: the rate limit has its own test
    with TestClient(create_app(db, rate=1e6, burst=1e6, fixed_seed=SEED)) as c:
        yield c


@pytest.fixture
def drawn(db: Path) -> Iterator[TestClient]:
    """A server as ``hoyle serve`` runs it: every seed drawn by the server."""
    with TestClient(create_app(db, rate=1e6, burst=1e6)) as c:
        yield c


def table_of(client: TestClient, table_id: str) -> Table:
    return client.app.state.tables.get(table_id)  # type: ignore[attr-defined,no-any-return]


def test_the_lobby_offers_every_registered_game_and_its_players(client: TestClient) -> None:
    page = client.get("/").text
    for spec in (get_game("cribbage"), get_game("ecarte")):
        assert f'value="{spec.name}"' in page
        for player in spec.players():
            assert f'value="{player}"' in page
    assert 'name="opt_variant"' in page and 'value="five-card"' in page
    assert 'name="opt_laws"' in page


def test_two_people_join_by_link_and_play_each_seeing_only_its_own_hand(
        client: TestClient, db: Path) -> None:
    table_id, t0 = new_table(client, "cribbage", ["person", "person"])
    page = client.get(f"/t/{table_id}{invite(client, table_id)}").text
    assert "Take seat 2" in page
    t1 = sit(client, table_id, 1)
    assert t0 and t1 and t0 != t1
    # a taken seat cannot be taken again
    assert client.post(f"/t/{table_id}/sit/1{invite(client, table_id)}",
                       follow_redirects=False).status_code == 409
    table = table_of(client, table_id)
    with connect(client, table_id, t0) as w0, connect(client, table_id, t1) as w1:
        f0, f1 = sync(w0), sync(w1)
        assert f0["seat"] == 0 and f1["seat"] == 1
        assert f0["view"]["hand"] == [str(c) for c in table.state.view(0).hand]
        assert f1["view"]["hand"] == [str(c) for c in table.state.view(1).hand]
        assert not set(f0["view"]["hand"]) & set(f1["view"]["hand"])
        # both lay away two cards (the first legal discard each), then the play begins
        frames = [f0, f1]
        for _ in range(6):
            mover = frames[0]["to_act"]
            ws = (w0, w1)[mover]
            before = frames[mover]["seq"]
            ws.send_text(json.dumps({"type": "move", "seq": before,
                                     "action": frames[mover]["legal"][0]}))
            frames = [settle(w0), settle(w1)]
            assert frames[0]["seq"] == frames[1]["seq"] > before
            assert frames[0]["seq"] == table.seq
        assert frames[0]["view"]["phase"] == "play"
    assert stored(db, table_id) == [str(a) for a in table.state.history]
    assert len(stored(db, table_id)) >= 5  # two cuts, the deal, two discards (and more)


def test_typed_moves_use_the_game_grammar(client: TestClient) -> None:
    table_id, t0 = new_table(client, "ecarte", ["person", "random"])
    table = table_of(client, table_id)
    with connect(client, table_id, t0) as ws:
        f = sync(ws)
        while table.state.current_player != 0:  # pragma: no cover - the cut decides
            f = recv(ws)
        before = table.seq
        ws.send_text(json.dumps({"type": "move", "seq": f["seq"], "text": "nonsense"}))
        err = recv(ws)
        assert err["type"] == "error" and table.seq == before
        # the first legal move, typed as a person types it
        typed = f["legal"][0].lower()
        ws.send_text(json.dumps({"type": "move", "seq": f["seq"], "text": typed}))
        f = recv(ws)
        assert f["type"] == "update" and f["seq"] == before + 1
        assert table.steps[before].action == f_legal0_upper(typed)


def f_legal0_upper(typed: str) -> str:
    return str(Action.parse(typed))


def test_a_reconnecting_client_gets_exactly_what_it_missed(client: TestClient) -> None:
    table_id, t0 = new_table(client, "cribbage", ["person", "person"])
    t1 = sit(client, table_id, 1)
    table = table_of(client, table_id)
    with connect(client, table_id, t0) as w0:
        seen = sync(w0)["seq"]
    # seat 0 is away while the seat to act moves
    seat = table.state.current_player
    with connect(client, table_id, [t0, t1][seat]) as w:
        f = sync(w, table.seq)
        w.send_text(json.dumps({"type": "move", "seq": f["seq"], "action": f["legal"][0]}))
        assert recv(w)["seq"] == seen + 1
    with connect(client, table_id, t0) as w0:
        again = sync(w0, seen)
    assert again["seq"] == table.seq == seen + 1
    assert [line["n"] for line in again["lines"]] and \
        all(line["n"] > seen for line in again["lines"])
    assert again["lines"] == table.lines(0, seen)
    # a sync from the start gives every line once, in order
    with connect(client, table_id, t0) as w0:
        full = sync(w0, 0)
    ns = [line["n"] for line in full["lines"]]
    assert ns == sorted(ns) and ns[0] == 1 and ns[-1] == table.seq


def _refused(ws: WebSocketTestSession, table: Table, db: Path, send: Any) -> dict[str, Any]:
    """Send a hostile message: exactly one error frame comes back, and neither the table
    nor the database changes."""
    before_seq, before_hist = table.seq, [str(a) for a in table.state.history]
    before_db = stored(db, table.id)
    send()
    err = recv(ws)
    assert err["type"] == "error", err
    # nothing else was sent: the next frame is the answer to this sync
    ws.send_text(json.dumps({"type": "sync", "seq": table.seq}))
    assert recv(ws)["type"] == "update"
    assert table.seq == before_seq
    assert [str(a) for a in table.state.history] == before_hist
    assert stored(db, table.id) == before_db
    return err


def test_hostile_messages_are_refused_and_change_nothing(client: TestClient, db: Path
                                                         ) -> None:
    table_id, t0 = new_table(client, "cribbage", ["person", "person"])
    t1 = sit(client, table_id, 1)
    table = table_of(client, table_id)
    mover = table.state.current_player
    tokens = [t0, t1]
    with connect(client, table_id, tokens[mover]) as good, \
            connect(client, table_id, tokens[1 - mover]) as other, \
            connect(client, table_id, "forged-token-of-nobody") as forged:
        f = sync(good)
        sync(other)
        sync(forged)
        legal = f["legal"][0]
        move = {"type": "move", "seq": table.seq, "action": legal}
        # a wrong token: a spectator, who cannot move
        err = _refused(forged, table, db, lambda: forged.send_text(json.dumps(move)))
        assert "no seat" in err["message"]
        # another seat's token: the other player claims the mover's seat
        err = _refused(other, table, db, lambda: other.send_text(
            json.dumps({**move, "seat": mover})))
        assert "not your seat" in err["message"]
        # out of turn
        err = _refused(other, table, db, lambda: other.send_text(json.dumps(
            {"type": "move", "seq": table.seq,
             "action": str(Action("DISCARD", table.state.view(1 - mover).hand[:2]))})))
        assert "not your turn" in err["message"]
        # oversized, malformed JSON, not an object, no sequence number, unknown type
        for bad in ("x" * (MAX_MESSAGE + 1), "{not json", "[1, 2]",
                    json.dumps({"type": "move", "action": legal}),
                    json.dumps({"type": "shout", "seq": table.seq})):
            _refused(good, table, db, lambda b=bad: good.send_text(b))
        # an illegal action: a card the mover does not hold, and a verb of no game
        theirs = table.state.view(1 - mover).hand
        err = _refused(good, table, db, lambda: good.send_text(json.dumps(
            {"type": "move", "seq": table.seq,
             "action": str(Action("DISCARD", theirs[:2]))})))
        assert not cards_mentioned(err["message"]) - {str(c) for c in theirs[:2]}
        _refused(good, table, db, lambda: good.send_text(json.dumps(
            {"type": "move", "seq": table.seq, "action": "FLY 5H"})))
        # a good move is taken once; the same message replayed is stale
        good.send_text(json.dumps(move))
        assert recv(good)["seq"] == move["seq"] + 1
        err = _refused(good, table, db, lambda: good.send_text(json.dumps(move)))
        assert err["message"].startswith("too late: the table changed before this move came")
        # a sync to a number the table has not reached
        _refused(good, table, db, lambda: good.send_text(json.dumps(
            {"type": "sync", "seq": table.seq + 5})))


def test_each_reader_is_sent_only_what_it_may_know(client: TestClient) -> None:
    """A whole game of écarté, a person against the computer, watched by a spectator: every
    frame each of them is sent names only cards the engine's view and seen events let it
    know at that action (worked out from the finished record alone)."""
    table_id, t0 = new_table(client, "ecarte", ["person", "rules"])
    table = table_of(client, table_id)
    frames: dict[int | None, list[dict[str, Any]]] = {0: [], None: []}
    with connect(client, table_id, t0) as me, connect(client, table_id, None) as watcher:
        frames[0].append(sync(me))
        frames[None].append(sync(watcher))
        while not table.finished:
            f = frames[0][-1]
            if f["legal"] and f["seq"] == table.seq:
                me.send_text(json.dumps({"type": "move", "seq": f["seq"],
                                         "action": f["legal"][-1]}))
            frames[0].append(recv(me))
            assert frames[0][-1]["type"] == "update", frames[0][-1]
        while frames[None][-1]["seq"] != table.seq:
            frames[None].append(recv(watcher))
        while frames[0][-1]["seq"] != table.seq:  # pragma: no cover - drained above
            frames[0].append(recv(me))
    record = GameRecord.from_json(json.dumps(client.get(f"/t/{table_id}/record.json").json()))
    assert record.actions == [str(a) for a in table.state.history]
    for reader in (0, None):
        known = known_after(record, reader)
        for f in frames[reader]:
            text = json.dumps(f, ensure_ascii=False)
            assert cards_mentioned(text) <= known[f["seq"]], (reader, f["seq"])
    watcher_frames = frames[None]
    assert all(f["view"]["hand"] == [] and f["legal"] == [] for f in watcher_frames)
    # the spectator never saw the person's hand before it was played
    dealt = set(frames[0][0]["view"]["hand"])
    assert dealt and not dealt <= cards_mentioned(json.dumps(frames[None][0]))


def test_the_record_is_redacted_until_the_end_and_the_seed_matches_its_commitment(
        drawn: TestClient) -> None:
    client = drawn
    table_id, t0 = new_table(client, "ecarte", ["person", "random"])
    table = table_of(client, table_id)
    cookie = {"cookie": f"{cookie_name(table_id)}={t0}"}
    early = client.get(f"/t/{table_id}/record.json", headers=cookie).json()
    assert early["redacted"] is True and "seed" not in early
    deal = next(a for a in table.state.history if a.verb == "DEAL")
    mine = known_after(table.state.to_record(), 0)[table.seq]
    assert cards_mentioned(json.dumps(early, ensure_ascii=False)) <= mine
    assert set(map(str, deal.cards)) - mine  # the deal holds cards seat 0 may not see
    commitment = early["commitment"]
    with connect(client, table_id, t0) as ws:
        f = sync(ws)
        assert f["seed"] is None and f["commitment"] == commitment
        while not f["finished"]:
            if f["legal"] and f["seq"] == table.seq:
                ws.send_text(json.dumps({"type": "move", "seq": f["seq"],
                                         "action": f["legal"][0]}))
            f = recv(ws)
    seed = f["seed"]
    assert int(seed) < 2 ** 128 and int(seed).bit_length() > 64  # drawn, 128 bits
    assert hashlib.sha256(seed.encode()).hexdigest() == commitment
    final = client.get(f"/t/{table_id}/record.json", headers=cookie).json()
    assert final["seed"] == int(seed) and final["result"] is not None
    # the revealed record replays to the same game through the registry
    state, _ = get_game("ecarte").replay_record(GameRecord.from_json(json.dumps(final)))
    assert state.is_terminal() and [str(a) for a in state.history] == final["actions"]


def test_tables_are_reloaded_from_their_stored_actions(db: Path) -> None:
    with TestClient(create_app(db)) as c:
        table_id, t0 = new_table(c, "cribbage", ["person", "expert"], variant="five-card")
        with connect(c, table_id, t0) as ws:
            f = sync(ws)
            ws.send_text(json.dumps({"type": "move", "seq": f["seq"],
                                     "action": f["legal"][0]}))
            f = settle(ws)
        table = table_of(c, table_id)
        history, view = [str(a) for a in table.state.history], table.state.view(0)
    with TestClient(create_app(db)) as c:
        again = table_of(c, table_id)
        assert [str(a) for a in again.state.history] == history
        assert again.state.view(0) == view and again.state.rules.variant == "five-card"
        assert again.seat_of(t0) == 0 and again.seat_of("x" + t0) is None
        with connect(c, table_id, t0) as ws:
            assert sync(ws, f["seq"])["seq"] == len(history)


def test_bad_table_requests(client: TestClient) -> None:
    assert client.get("/t/nope").status_code == 404
    r = client.post("/tables", data={"game": "piquet", "seat0": "person"},
                    follow_redirects=False)
    assert r.status_code == 400 and "unknown game" in r.text
    r = client.post("/tables", data={"game": "cribbage", "seat0": "person",
                                     "seat1": "grandmaster"}, follow_redirects=False)
    assert r.status_code == 400 and "grandmaster" in r.text
    with client.websocket_connect("/t/nope/ws") as ws:
        assert recv(ws)["type"] == "error"


def test_a_socket_that_floods_is_closed_past_its_burst(db: Path) -> None:
    """A sync takes 5 of the burst's 10 (SYNC_COST): two are answered, the third message
    empties nothing more (the bucket holds 0): one error frame, then the socket is closed
    with TOO_FAST; nothing it sent after is answered."""
    with TestClient(create_app(db, rate=0.0, burst=10)) as c:
        table_id, t0 = new_table(c, "cribbage", ["person", "person"])
        with connect(c, table_id, t0) as ws:
            answers = []
            for _ in range(3):
                ws.send_text(json.dumps({"type": "sync", "seq": 0}))
                answers.append(recv(ws))
            closed = ws.receive()
    assert [a["type"] for a in answers] == ["update", "update", "error"]
    assert answers[2]["message"] == ("too many messages (over 10 at once or 0 a second): "
                                     "this socket is closed; reload to go on")
    assert closed == {"type": "websocket.close", "code": TOO_FAST,
                      "reason": "too many messages"}


def test_no_form_chooses_the_seed(drawn: TestClient) -> None:
    """Whoever knows the seed knows every card: a seed in the lobby's form is ignored, the
    server draws 128 bits (a small seed could be found from its SHA-256 commitment)."""
    r = drawn.post("/tables", data={"game": "cribbage", "seat0": "person",
                                    "seat1": "person", "seed": "1"}, follow_redirects=False)
    assert r.status_code == 303
    table = table_of(drawn, r.headers["location"].rsplit("/", 1)[1])
    assert int(table.row.seed) != 1 and int(table.row.seed).bit_length() > 64
    assert table.row.commitment != hashlib.sha256(b"1").hexdigest()


def test_a_seated_player_cannot_take_a_second_seat(client: TestClient) -> None:
    """Taking another seat would replace the first seat's cookie and lock the table."""
    table_id, t0 = new_table(client, "cribbage", ["person", "person"])
    table = table_of(client, table_id)
    before = (table.free_seats(), table.seq)
    r = client.post(f"/t/{table_id}/sit/1{invite(client, table_id)}",
                    headers={"cookie": f"{cookie_name(table_id)}={t0}"}, follow_redirects=False)
    assert r.status_code == 409 and "already hold seat 1" in r.text
    assert (table.free_seats(), table.seq) == before
    page = client.get(f"/t/{table_id}", headers={"cookie": f"{cookie_name(table_id)}={t0}"})
    assert "Take seat" not in page.text


def test_a_seat_is_not_taken_from_another_site(client: TestClient) -> None:
    table_id, _ = new_table(client, "cribbage", ["person", "person"])
    table = table_of(client, table_id)
    r = client.post(f"/t/{table_id}/sit/1", headers={"origin": "https://evil.example"},
                    follow_redirects=False)
    assert r.status_code == 403 and table.free_seats() == [1]
    r = client.post("/tables", data={"game": "cribbage", "seat0": "person", "seat1": "person"},
                    headers={"origin": "https://evil.example"}, follow_redirects=False)
    assert r.status_code == 400


def test_binary_and_deeply_nested_frames_get_one_error_frame(client: TestClient) -> None:
    table_id, t0 = new_table(client, "cribbage", ["person", "person"])
    table = table_of(client, table_id)
    seq = table.seq
    with connect(client, table_id, t0) as ws:
        ws.send_bytes(b'{"type": "sync", "seq": 0}')
        f = json.loads(ws.receive_text())
        assert f["type"] == "error" and "text frame" in f["message"]
        ws.send_text("[" * 5000 + "]" * 5000)
        f = json.loads(ws.receive_text())
        assert f["type"] == "error" and "not JSON" in f["message"]
        ws.send_text(json.dumps({"type": "sync", "seq": 0}))
        assert json.loads(ws.receive_text())["type"] == "update"  # the socket still works
    assert table.seq == seq


@pytest.mark.sqlite_only  # files that are not databases
def test_hoyle_serve_refuses_bad_databases_and_ports_in_one_line(tmp_path: Path) -> None:
    import socket

    from typer.testing import CliRunner

    from hoyle.cli.main import app
    runner = CliRunner()
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 100)
    from helpers.web import free_port
    busy = socket.create_server(("127.0.0.1", 0))
    port, free = busy.getsockname()[1], str(free_port())
    try:
        for args, said in [(["--db", str(tmp_path)], "is a folder"),
                           (["--db", str(junk), "--port", free], "cannot open the database"),
                           (["--db", str(tmp_path / "no" / "x.db"), "--port", free],
                            "cannot open the database"),
                           (["--port", str(port)], f"cannot listen on 127.0.0.1:{port}"),
                           (["--port", "99999"], "65535"),
                           (["--db", "dbname=club password=S3cretPw", "--port", free],
                            "as a postgresql:// URL"),
                           (["--db", "mysql://ann:S3cretPw@h/x", "--port", free],
                            "an SQLite file or a postgresql:// URL, not mysql://"),
                           (["--db", "", "--port", free], "--db names the database")]:
            r = runner.invoke(app, ["serve", *args])
            assert r.exit_code == 2 and said in r.output, (args, r.output)
            assert "Traceback" not in r.output and "serving on" not in r.output
            assert "S3cretPw" not in r.output
        assert not (Path.cwd() / "dbname=club password=S3cretPw").exists()
    finally:
        busy.close()


@pytest.mark.sqlite_only  # the file edited behind the server's back
def test_a_damaged_table_does_not_stop_the_server(db: Path) -> None:
    """A stored table that does not replay is left alone and not served; the others are."""
    with TestClient(create_app(db, fixed_seed=SEED)) as c:
        good, _ = new_table(c, "cribbage", ["person", "person"])
        bad, _ = new_table(c, "cribbage", ["person", "person"])
    import sqlite3
    con = sqlite3.connect(db)
    con.execute("UPDATE actions SET action = 'PLAY ZZ' WHERE table_id = ? AND n = 1", (bad,))
    con.commit()
    con.close()
    app = create_app(db)
    assert bad in app.state.unreadable and "ZZ" in app.state.unreadable[bad]
    with TestClient(app) as c:
        assert c.get(f"/t/{good}").status_code == 200
        assert c.get(f"/t/{bad}").status_code == 404


@pytest.mark.sqlite_only  # the file edited behind the server's back
def test_a_malformed_stored_row_is_named_and_the_others_served(tmp_path: Path) -> None:
    """``options='[1'`` in one row: ``hoyle serve`` starts, names it, serves the others."""
    db = tmp_path / "hoyle.db"
    with TestClient(create_app(db, fixed_seed=SEED)) as c:
        ids = [new_table(c, "cribbage", ["person", "person"])[0] for _ in range(3)]
    con = sqlite3.connect(db)
    con.execute("UPDATE tables SET options = '[1' WHERE rowid = 2")
    (bad,) = con.execute("SELECT id FROM tables WHERE rowid = 2").fetchone()
    con.commit()
    con.close()
    app = create_app(db)
    assert set(app.state.unreadable) == {bad}
    assert app.state.unreadable[bad].startswith("its stored row is damaged (JSONDecodeError")
    port = free_port()
    with server(db, port) as proc:
        for table_id in ids:
            r = httpx.get(f"http://127.0.0.1:{port}/t/{table_id}", timeout=30)
            assert r.status_code == (404 if table_id == bad else 200), table_id
        proc.kill()
        proc.wait()
        said = proc.stderr.read().decode() if proc.stderr else ""
    assert f"table {bad} is not served: its stored row is damaged" in said
    assert "Traceback" not in said


def test_a_long_action_is_quoted_shortened(client: TestClient, db: Path) -> None:
    """A 12,000-character ``"action"`` is refused quoting 40 characters of it."""
    table_id, t0 = new_table(client, "cribbage", ["person", "expert"])
    table = table_of(client, table_id)
    with connect(client, table_id, t0) as ws:
        f = sync(ws)
        for junk in ("x" * 12000, "PLAY " + "x" * 12000, "GO " + "y" * 12000):
            err = _refused(ws, table, db, lambda: ws.send_text(json.dumps(
                {"type": "move", "seq": f["seq"], "action": junk})))
            quoted = repr(junk)[:37] + "..."
            assert err["message"] == f"not an action: {quoted}", err["message"][:80]
