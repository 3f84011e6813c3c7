"""The web app's caps and words: a seat's sockets capped (the oldest closed
for the newest, with the reason) and a table's sockets capped in all, form bodies refused
past 16 KiB before they are read whole, the words of a bad match length, game or seat, one
seat numbering (from 1) in every text, and the header's games from the registry."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from helpers.webclient import connect, invite, new_table, recv, sit, stored
from hoyle.web.app import MAX_SEAT_SOCKETS, REPLACED, create_app


def body(r: Any) -> str:
    """What a refusal's page says (the site's page around it: its header, stylesheet and a
    phone's viewport, asserted here once)."""
    text = r.text
    assert text.startswith("<!doctype html>") and 'name="viewport"' in text, text
    return text.split('<main class="notice">\n', 1)[1].split("\n</main>", 1)[0]


def sync(ws: WebSocketTestSession, seq: int = 0) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "sync", "seq": seq}))
    return recv(ws)


def test_a_seats_fifth_socket_closes_its_oldest_with_the_reason(tmp_path: Path) -> None:
    db = tmp_path / "hoyle.db"
    with TestClient(create_app(db, rate=1e6, burst=1e6, fixed_seed=5)) as client:
        table_id, t0 = new_table(client, "cribbage", ["person", "random"])
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        before, seq = stored(db, table_id), table.seq
        assert MAX_SEAT_SOCKETS == 4
        socks = [connect(client, table_id, t0).__enter__() for _ in range(4)]
        try:
            for ws in socks:
                assert sync(ws)["type"] == "update"
            assert len(hub.conns[table_id]) == 4
            fifth = connect(client, table_id, t0).__enter__()
            socks.append(fifth)
            e = recv(socks[0])
            assert e["type"] == "error" and e["message"] == (
                "seat 1 has 4 sockets open, the most it may: this one, the oldest, was "
                "closed for the newest (reload to take it back here)")
            with pytest.raises(WebSocketDisconnect) as closed:
                socks[0].receive_text()
            assert closed.value.code == REPLACED
            assert sync(fifth)["type"] == "update"  # the newest is served
            assert len(hub.conns[table_id]) == 4
            assert {c.seat for c in hub.conns[table_id]} == {0}
            assert sync(socks[1])["type"] == "update"  # the others are kept
        finally:
            for ws in socks:
                ws.__exit__(None, None, None)
        assert table.seq == seq and stored(db, table_id) == before  # nothing changed


def test_a_tables_sockets_are_capped_in_all_seats_first(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", rate=1e6, burst=1e6,
                               max_table_sockets=3)) as client:
        table_id, t0 = new_table(client, "ecarte", ["person", "random"])
        with connect(client, table_id, t0) as a, connect(client, table_id, t0) as b, \
                connect(client, table_id, None) as w:
            assert {sync(x)["type"] for x in (a, b, w)} == {"update"}
            with connect(client, table_id, None) as extra:  # the fourth: a spectator
                e = recv(extra)
                assert e["message"] == ("this table has 3 sockets open, the most it takes: "
                                        "try again later")
                assert extra.receive()["code"] == 4429
            with connect(client, table_id, t0) as c:  # a seat's is never refused
                assert sync(c)["type"] == "update"


def test_a_form_over_16_kib_is_refused_at_once_never_cut_short(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db")) as client:
        tables = client.app.state.tables.tables  # type: ignore[attr-defined]
        good = b"game=ecarte&seat0=person&seat1=random"
        padded = good + b"&pad=" + b"x" * (16 * 1024 - len(good) - 5)  # 16 KiB exactly
        assert len(padded) == 16384
        big = padded + b"x"  # one byte over
        said = ("<p>a form is at most 16384 bytes (16 KiB): this one is larger, and nothing "
                "was made</p>")
        for path in ("/tables", "/referee"):
            r = client.post(path, content=big, follow_redirects=False,
                            headers={"content-type": "application/x-www-form-urlencoded"})
            assert (r.status_code, body(r)) == (413, said)

            def streamed() -> Iterator[bytes]:  # no Content-Length: read until past 16 KiB
                for _ in range(40):
                    yield b"x" * 1024
            r = client.post(path, content=streamed(), follow_redirects=False,
                            headers={"content-type": "application/x-www-form-urlencoded"})
            assert "content-length" not in r.request.headers
            assert (r.status_code, body(r)) == (413, said)
        assert len(tables) == 0
        r = client.post("/tables", content=padded, follow_redirects=False,
                        headers={"content-type": "application/x-www-form-urlencoded"})
        assert r.status_code == 303 and len(tables) == 1  # 16 KiB itself is taken


def test_bad_match_lengths_games_and_seats_are_said_quoted(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=3)) as client:
        form = {"game": "cribbage", "seat0": "person", "seat1": "random"}
        for value, shown in (("9" * 5000, "'" + "9" * 36 + "..."), ("0", "'0'"),
                             ("100", "'100'")):
            r = client.post("/tables", data={**form, "opt_match": value})
            assert r.status_code == 400 and (
                f"<p>Cannot create the table: a match is first to 1 to 99 games, not "
                f"{shown}</p><p><a href=\"/\">Back to the lobby</a></p>") in r.text, r.text
        table_id, _ = new_table(client, "cribbage", ["person", "person"])
        r = client.get(f"/t/{table_id}/record.json?game=9999999")
        assert r.status_code == 404 and r.json() == {
            "error": "no game '9999999' at this table (it has played 1)"}
        r = client.post(f"/t/{table_id}/sit/99999999", follow_redirects=False)
        assert (r.status_code, body(r)) == (
            400, "<p>there is no seat '99999999' at this table</p>")


def test_seats_are_said_from_1_as_the_page_shows_them(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=4)) as client:
        table_id, t0 = new_table(client, "cribbage", ["person", "person"])
        q = invite(client, table_id)
        page = client.get(f"/t/{table_id}{q}").text
        assert f'action="/t/{table_id}/sit/1{q}">' in page and "Take seat 2</button>" in page
        sit(client, table_id, 1)
        r = client.post(f"/t/{table_id}/sit/1", follow_redirects=False)
        back = (f'<p><a href="/t/{table_id}">Back to the table</a> · '
                '<a href="/">the lobby</a></p>')  # a refused seat's ways back
        assert (r.status_code, body(r)) == (409, "<p>seat 2 is taken</p>" + back)
        r = client.post(f"/t/{table_id}/sit/0", follow_redirects=False,
                        headers={"cookie": f"hoyle_{table_id}={t0}"})
        assert (r.status_code, body(r)) == (
            409, "<p>you already hold seat 1 at this table</p>" + back)
        r = client.post(f"/t/{table_id}/sit/2", follow_redirects=False)
        assert (r.status_code, body(r)) == (
            400, "<p>seat 3 is not a person's seat at this table</p>")
        r = client.post("/t/nosuch/sit/0", follow_redirects=False)
        assert (r.status_code, body(r)) == (404, "<p>no such table</p>")
        r = client.post(f"/t/{table_id}/sit/x", follow_redirects=False)
        assert r.status_code == 400
        # an old or mistyped table's link: the site's page, its header and the way back
        for path in ("/t/nosuch", "/t/nosuch/review"):
            r = client.get(path)
            assert (r.status_code, body(r)) == (
                404, '<p>No such table.</p><p><a href="/">Back to the lobby</a></p>')
            assert "by their written laws</span>" in r.text  # the site's header (base.html)


def test_the_header_names_the_registrys_games(tmp_path: Path) -> None:
    from hoyle.interface.registry import games
    from hoyle.web import pages
    base = (pages.TEMPLATES / "base.html").read_text("utf-8")
    assert "écarté" not in base and "cribbage" not in base.lower()  # not hard-coded
    assert [g.title for g in games()] == ["Cribbage", "Écarté"]
    with TestClient(create_app(tmp_path / "a.db")) as client:
        assert ('<span class="tag">cribbage and écarté by their written laws</span>'
                in client.get("/").text)
    # the words for any registry's titles: one game, three
    assert pages.tagline(["Piquet"]) == "piquet by their written laws"
    assert pages.tagline(["Cribbage", "Écarté", "Piquet"]) == (
        "cribbage, écarté and piquet by their written laws")
