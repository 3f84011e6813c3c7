"""The table page through the test client and real WebSockets: an away
seat counted down on its opponent's page (and back again), ``help`` typed answered with
the game's help, a move before any ``sync`` refused (nothing stored), the caps on sockets
per table and tables per client, the board's start, game hole and marked line, and the
show in the players' words."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from helpers.webclient import connect, new_table, recv, sit, stored
from hoyle.web.app import ADJOURNMENT, create_app


def sync(ws: WebSocketTestSession, seq: int = 0) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "sync", "seq": seq}))
    return recv(ws)


def test_an_away_seat_is_counted_down_and_comes_back(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", rate=1e6, burst=1e6)) as client:
        table_id, t0 = new_table(client, "cribbage", ["person", "person"])
        t1 = sit(client, table_id, 1)
        with connect(client, table_id, t0) as ws0:
            first = sync(ws0)
            assert first["away"] == {} and first["adjournment"] == ADJOURNMENT == 600.0
            with connect(client, table_id, t1) as ws1:
                sync(ws1)
            f = recv(ws0)  # seat 1's socket closed: seat 0 is told at once
            assert set(f["away"]) == {"1"} and 0 <= f["away"]["1"] < ADJOURNMENT
            assert f["present"] == [0]
            with connect(client, table_id, t1) as ws1:
                back = sync(ws1)
                assert back["away"] == {}
                f = recv(ws0)  # and that it is back
                assert f["away"] == {} and f["present"] == [0, 1]


def test_help_typed_is_answered_and_a_move_before_sync_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "hoyle.db"
    with TestClient(create_app(db, rate=1e6, burst=1e6)) as client:
        table_id, t0 = new_table(client, "cribbage", ["person", "expert"])
        with connect(client, table_id, t0) as ws:
            before = stored(db, table_id)
            ws.send_text(json.dumps({"type": "move", "seq": len(before), "text": "5h"}))
            e = recv(ws)
            assert e["type"] == "error" and e["message"].startswith("sync first")
            assert stored(db, table_id) == before
            f = sync(ws)
            while not f["legal"]:
                f = recv(ws)
            ws.send_text(json.dumps({"type": "move", "seq": f["seq"], "text": "help"}))
            h = recv(ws)
            assert h["type"] == "help" and h["seq"] == f["seq"]
            assert h["lines"][0].startswith("Click a ringed card")  # the page's ways
            assert "quit" not in " ".join(h["lines"])  # no terminal command
            assert stored(db, table_id) == [*before, *stored(db, table_id)[len(before):]]
            assert len(stored(db, table_id)) == f["seq"]  # nothing was played


def test_the_caps_on_sockets_and_on_tables_made(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", max_sockets=2, max_tables=2)) as client:
        table_id, _ = new_table(client, "ecarte", ["person", "random"])
        with connect(client, table_id, None) as a, connect(client, table_id, None) as b:
            assert sync(a)["type"] == sync(b)["type"] == "update"
            with connect(client, table_id, None) as c:
                e = recv(c)
                assert e["type"] == "error" and "2 spectators' sockets open" in e["message"]
                assert c.receive()["code"] == 4429
        with connect(client, table_id, None) as again:  # room once one closes
            assert sync(again)["type"] == "update"
        # a form refused makes no table and is not counted
        r = client.post("/referee", data={"game": "ecarte", "names": "Ann,Bob",
                                          "opt_laws": "nolaws"})
        assert r.status_code == 400 and "at most" not in r.text
        r = client.post("/tables", data={"game": "ecarte", "seat0": "person",
                                         "seat1": "chess"})
        assert r.status_code == 400 and "at most" not in r.text
        new_table(client, "ecarte", ["person", "random"])
        r = client.post("/tables", data={"game": "ecarte", "seat0": "person",
                                         "seat1": "random"})
        assert r.status_code == 429 and "at most 2 new tables an hour" in r.text
        # when the next may be made, and the site's own page (a phone's viewport), not a
        # bare line
        assert "the next in 60 minutes" in r.text and 'name="viewport"' in r.text
        r = client.post("/referee", data={"game": "ecarte", "names": "Ann,Bob"})
        assert r.status_code == 429 and "at most 2 new tables an hour" in r.text
        assert len(client.app.state.tables.tables) == 2  # type: ignore[attr-defined]


def test_a_form_that_is_not_utf8_is_refused_whole(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db")) as client:
        for body in (b"game=ecarte&names=Ann%FF,Bob", b"game=ecarte&names=Ann\xff,Bob"):
            r = client.post("/referee", content=body, headers={
                "content-type": "application/x-www-form-urlencoded"})
            assert r.status_code == 400 and "a form is UTF-8 text" in r.text, r.text
        assert client.app.state.tables.tables == {}  # type: ignore[attr-defined]


def test_spectators_never_lock_the_seats_out(tmp_path: Path) -> None:
    """16 spectators fill the table's cap (and an address's); both seats still get in."""
    with TestClient(create_app(tmp_path / "hoyle.db", rate=1e6, burst=1e6,
                               max_sockets_per_address=16)) as client:
        table_id, t0 = new_table(client, "cribbage", ["person", "person"])
        t1 = sit(client, table_id, 1)
        watchers = [connect(client, table_id, None) for _ in range(16)]
        try:
            for w in watchers:
                assert sync(w.__enter__())["type"] == "update"
            with connect(client, table_id, None) as extra:  # the 17th spectator: refused
                e = recv(extra)
                assert "16 spectators' sockets open" in e["message"]
                assert extra.receive()["code"] == 4429
            with connect(client, table_id, t0) as ws0, connect(client, table_id, t1) as ws1:
                f0, f1 = sync(ws0), sync(ws1)
                assert f0["type"] == f1["type"] == "update"
                assert f1["present"] == [0, 1]
        finally:
            for w in watchers:
                w.__exit__(None, None, None)


def test_spectators_are_capped_per_address(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", rate=1e6, burst=1e6,
                               max_sockets_per_address=3)) as client:
        a, _ = new_table(client, "ecarte", ["person", "random"])
        b, _ = new_table(client, "ecarte", ["person", "random"])
        with connect(client, a, None) as w1, connect(client, a, None) as w2, \
                connect(client, b, None) as w3:
            assert {sync(w)["type"] for w in (w1, w2, w3)} == {"update"}
            with connect(client, b, None) as w4:  # a fourth from one address, any table
                e = recv(w4)
                assert "your address has 3 spectators' sockets open" in e["message"]
                assert w4.receive()["code"] == 4429


def test_the_board_and_the_show_in_the_players_words(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", rate=1e6, burst=1e6,
                               fixed_seed=77)) as client:
        five, _ = new_table(client, "cribbage", ["person", "random"], variant="five-card")
        with connect(client, five, None) as ws:
            board = sync(ws)["board"]
        # five-card: game 61, the lurch line after hole 30 (EW-xvii)
        assert board["target"] == 61 and board["line"] == ["lurch", 30]
        table_id, t0 = new_table(client, "cribbage", ["person", "random"])
        shows: list[tuple[int, list[str]]] = []
        with connect(client, table_id, t0) as ws:
            f = sync(ws)
            # six-card: game 121, the skunk line after hole 90 (ACC-12.1), both in the start
            assert f["board"]["target"] == 121 and f["board"]["line"] == ["skunk", 90]
            assert [(t["front"], t["back"]) for t in f["board"]["tracks"]] == [(0, 0), (0, 0)]
            while len(shows) < 2 and not f["finished"]:
                if f["show"]:
                    shows.append((f["seq"], f["show"]))
                if f["legal"] and f["to_act"] == 0:
                    ws.send_text(json.dumps({"type": "move", "seq": f["seq"],
                                             "action": f["legal"][0]}))
                f = recv(ws)
        steps = client.app.state.tables.get(table_id).steps  # type: ignore[attr-defined]
    assert shows
    spoken = re.compile(r"^\s*“(?P<words>.+)”\s+= (?P<points>\d+)$")
    for seq, show in shows:
        said = [m for m in map(spoken.match, show) if m]
        assert said and len(said) * 2 == len(show)  # the cards, then the words, each hand
        for m in said:
            words, points = m["words"], int(m["points"])
            if points == 0:
                assert words == "nineteen (nothing)"
            else:  # the last total said is the points
                assert words.split()[-1] in NUMBERS and NUMBERS.index(words.split()[-1]) == \
                    points, words
        # the hands said are the show the engine scored at the last step that showed
        step = next(st for st in reversed(steps[:seq])
                    if any(e.kind == "show" for e in st.events))
        assert [int(m["points"]) for m in said] == [e.points for e in step.events
                                                    if e.kind == "show"]


NUMBERS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
           "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen",
           "seventeen", "eighteen", "nineteen", "twenty", "twenty-one", "twenty-two",
           "twenty-three", "twenty-four", "twenty-five", "twenty-six", "twenty-seven",
           "twenty-eight", "twenty-nine"]


def test_after_a_restart_an_absent_seat_is_away(tmp_path: Path) -> None:
    db = tmp_path / "hoyle.db"
    with TestClient(create_app(db, rate=1e6, burst=1e6)) as client:
        table_id, t0 = new_table(client, "cribbage", ["person", "person"])
        t1 = sit(client, table_id, 1)
    with TestClient(create_app(db, rate=1e6, burst=1e6)) as client:  # restarted
        with connect(client, table_id, t0) as ws0:
            f = sync(ws0)
            assert f["present"] == [0]
            assert set(f["away"]) == {"1"} and 0 <= f["away"]["1"] < ADJOURNMENT
            with connect(client, table_id, t1) as ws1:
                assert sync(ws1)["away"] == {}
                back = recv(ws0)
                assert back["away"] == {} and back["present"] == [0, 1]
