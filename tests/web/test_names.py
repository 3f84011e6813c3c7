"""Names at a web table: given with the lobby's quick forms and with a seat, shown in
every frame's names, lines and result to the other seats (each reader's own seat is
"You"), sanitised (control and format characters dropped, spaces folded, cut at 24),
told apart when two are alike, refused in one line when they would mislead ("You", a
card), and kept by the store across a restart."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from helpers.webclient import ORIGIN, connect, invite, recv, settle
from hoyle.web.app import cookie_name, create_app
from hoyle.web.tables import MAX_NAME


def friend_table(client: TestClient, name: str) -> tuple[str, str]:
    """The lobby's "Play a friend" for cribbage, with the maker's name: id and token."""
    r = client.post("/tables", data={"game": "cribbage", "quick": "friend", "name": name},
                    headers=ORIGIN, follow_redirects=False)
    assert r.status_code == 303, r.text
    table_id = r.headers["location"].rsplit("/", 1)[1]
    token = r.cookies.get(cookie_name(table_id)) or ""
    client.cookies.clear()
    return table_id, token


def sit_named(client: TestClient, table_id: str, seat: int, name: str) -> tuple[int, str]:
    r = client.post(f"/t/{table_id}/sit/{seat}{invite(client, table_id)}",
                    data={"name": name}, headers=ORIGIN, follow_redirects=False)
    token = r.cookies.get(cookie_name(table_id)) or ""
    client.cookies.clear()
    return r.status_code, r.text if r.status_code != 303 else token


def test_names_are_shown_to_the_other_seat_and_kept_across_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "hoyle.db"
    with TestClient(create_app(db, fixed_seed=5)) as client:
        table_id, ann = friend_table(client, "  Ann \u200b  Lee\t")
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert [s.kind for s in table.row.seats] == ["person", "person"]  # a friend's seat
        with connect(client, table_id, ann) as ws:  # Ann's page open while Bob sits
            ws.send_json({"type": "sync", "seq": 0})
            assert recv(ws)["names"] == ["You", "Player 2"]
            status, bob = sit_named(client, table_id, 1, "[b]Bob[/b]")
            assert status == 303
            # her page is told the new name at once (and asks every line again in it)
            assert recv(ws)["names"] == ["You", "[b]Bob[/b]"]
        settle(client, table_id)
        with connect(client, table_id, ann) as ws:
            ws.send_json({"type": "sync", "seq": 0})
            f = recv(ws)
            assert f["names"] == ["You", "[b]Bob[/b]"]  # markup is text, shown as typed
            assert any("[b]Bob[/b]" in line["text"] for line in f["lines"])
        with connect(client, table_id, bob) as ws:
            ws.send_json({"type": "sync", "seq": 0})
            f = recv(ws)
            assert f["names"] == ["Ann Lee", "You"]
            assert any(line["text"].startswith("Ann Lee ") for line in f["lines"])
            assert [t["name"] for t in f["board"]["tracks"]] == ["Ann Lee", "You"]
        with connect(client, table_id, None) as ws:  # a spectator: both names
            ws.send_json({"type": "sync", "seq": 0})
            assert recv(ws)["names"] == ["Ann Lee", "[b]Bob[/b]"]
        page = client.get(f"/t/{table_id}", headers={"cookie": f"{cookie_name(table_id)}={bob}"})
        assert ("You are <span id=\"who-name\" title=\"[b]Bob[/b]\">[b]Bob[/b]</span> (seat 2)."
                in page.text)  # cut short on a phone: whole in its title
    with TestClient(create_app(db, fixed_seed=5)) as client:  # restarted: the names kept
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert table.names == ["Ann Lee", "[b]Bob[/b]"]


def test_a_name_is_capped_told_apart_and_refused_when_it_would_mislead(tmp_path: Path
                                                                        ) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=6)) as client:
        table_id, _ = friend_table(client, "Ann")
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        for bad, why in (("you", "'you' is what the page calls each reader's own seat"),
                         ("K\u2665", "'K\u2665' reads as a card"),
                         ("5h", "'5h' reads as a card"),
                         ("K\u2665 Q\u2665", "reads as a card"),
                         ("Computer 2 (expert)", "reads as another seat's name"),
                         ("player 7", "reads as another seat's name"),
                         ("Bob (seat 2)", "reads as another seat's name")):
            status, text = sit_named(client, table_id, 1, bad)
            assert status == 400 and why in text, text
            assert f'href="/t/{table_id}?invite=' in text  # the way back, the invite kept
            assert table.free_seats() == [1]  # refused: the seat is still free
        status, _ = sit_named(client, table_id, 1, "ann")
        assert status == 303
        assert table.names == ["Ann", "ann (seat 2)"]  # alike but for case: told apart
        table_id, _ = friend_table(client, "x" * 40 + "\x00\x1b[31m")
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert table.names[0] == "x" * MAX_NAME and MAX_NAME == 24
        r = client.post("/tables", data={"game": "cribbage", "quick": "friend", "name": "You"},
                        headers=ORIGIN)
        assert r.status_code == 400 and "choose another name" in r.text
        family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # one emoji, joined
        table_id, _ = friend_table(client, f"Ann {family}")
        assert client.app.state.tables.get(table_id).names[0] == f"Ann {family}"  # type: ignore
        table_id, _ = friend_table(client, "  ")  # no name: "Player 1"
        assert client.app.state.tables.get(table_id).names[0] == "Player 1"  # type: ignore
        for nothing in ("\u202e\u200b ", "\\\\", "\x00\x01"):  # typed, nothing to show
            r = client.post("/tables", data={"game": "cribbage", "quick": "friend",
                                             "name": nothing}, headers=ORIGIN)
            assert r.status_code == 400 and "nothing that can be shown" in r.text


def test_the_quick_forms_seat_a_computer_or_a_friend_as_the_variant_says(tmp_path: Path
                                                                          ) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=7)) as client:
        tables = client.app.state.tables  # type: ignore[attr-defined]
        for variant, seats in (("six-card", 2), ("three-hand", 3), ("four-hand", 4)):
            r = client.post("/tables", data={"game": "cribbage", "opt_variant": variant,
                                             "opponent": "greedy"},
                            headers=ORIGIN, follow_redirects=False)
            assert r.status_code == 303, r.text
            table = tables.get(r.headers["location"].rsplit("/", 1)[1])
            assert [(s.kind, s.player) for s in table.row.seats] == [("person", "")] + [
                ("computer", "greedy")] * (seats - 1)
            assert not table.open_seats  # a game against the computer is not listed
        r = client.post("/tables", data={"game": "ecarte", "opponent": "nobody"},
                        headers=ORIGIN)
        assert r.status_code == 400 and "nobody" in r.text
        lobby = client.get("/").text
        assert 'id="computer-cribbage"' in lobby and 'id="friend-ecarte"' in lobby
        assert '<details id="more">' in lobby  # every option, one click away
        assert "No open table now" in lobby
        r = client.get("/favicon.ico", follow_redirects=False)  # the page's own icon
        assert r.status_code == 301 and r.headers["location"] == "/static/favicon.svg"
        assert client.get("/static/favicon.svg").headers["content-type"].startswith(
            "image/svg+xml")


def test_a_seat_is_renamed_before_the_first_move_only(tmp_path: Path) -> None:
    import json

    db = tmp_path / "hoyle.db"
    with TestClient(create_app(db, fixed_seed=8)) as client:
        table_id, ann = friend_table(client, "Ann")
        status, bob = sit_named(client, table_id, 1, "Bob")
        assert status == 303
        settle(client, table_id)
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]

        def frame(ws) -> dict:  # type: ignore[no-untyped-def]
            f = recv(ws)
            while f["type"] not in ("update", "error"):
                f = recv(ws)
            return f  # type: ignore[no-any-return]

        with connect(client, table_id, ann) as a, connect(client, table_id, bob) as b:
            for ws in (a, b):
                ws.send_text(json.dumps({"type": "sync", "seq": 0}))
                f = frame(ws)
                assert f["rename"] is True
            a.send_text(json.dumps({"type": "rename", "name": " Annie\u200b  B "}))
            f = frame(a)
            assert f["reset"] is True and f["me"] == "Annie B" and f["names"][0] == "You"
            p = recv(b)  # Bob's page: the new name, in a presence frame
            assert p["names"] == ["Annie B", "You"]
            a.send_text(json.dumps({"type": "rename", "name": "Bob"}))  # told apart, by seat
            assert frame(a)["me"] == "Bob"
            assert recv(b)["names"] == ["Bob", "You"]
            assert table.names == ["Bob", "Bob (seat 2)"]
            for bad, why in (("5H", "reads as a card"), ("you", "own seat"),
                             ("\u200b\\", "nothing that can be shown")):
                a.send_text(json.dumps({"type": "rename", "name": bad}))
                f = frame(a)
                assert f["type"] == "error" and why in f["message"]
            a.send_text(json.dumps({"type": "rename", "name": 5}))
            assert frame(a)["message"].startswith("malformed message")
            # the first move: no more renaming, for either seat
            seat = table.state.current_player
            ws = a if seat == 0 else b
            ws.send_text(json.dumps({"type": "sync", "seq": table.seq}))
            f = frame(ws)
            ws.send_text(json.dumps({"type": "move", "seq": f["seq"], "action": f["legal"][0]}))
            f = frame(ws)
            assert f["rename"] is False
            ws.send_text(json.dumps({"type": "rename", "name": "Carol"}))
            f = frame(ws)
            assert f["type"] == "error" and "before the game starts" in f["message"]
        with connect(client, table_id, None) as w:  # a spectator has no seat to rename
            w.send_text(json.dumps({"type": "sync", "seq": 0}))
            frame(w)
            w.send_text(json.dumps({"type": "rename", "name": "Eve"}))
            assert frame(w)["message"] == "you have no seat at this table"
    with TestClient(create_app(db, fixed_seed=8)) as client:  # stored: kept on a restart
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert table.names == ["Bob", "Bob (seat 2)"]


def test_a_trailing_backslash_is_not_shown_doubled(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=9)) as client:
        table_id, _ = friend_table(client, "Ann\\")
        status, _ = sit_named(client, table_id, 1, "Bob \\\\")
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert table.names == ["Ann", "Bob"]
        settle(client, table_id)
        assert not any("\\" in line["text"] for line in table.lines(None))


def test_a_referee_tables_names_are_made_safe_as_a_seats(tmp_path: Path) -> None:
    """The players named at a referee table follow the seats' rules: cut at 24, control and
    format characters dropped, "You", a card or a name of the page's own refused."""
    with TestClient(create_app(tmp_path / "hoyle.db")) as client:
        tables = client.app.state.tables  # type: ignore[attr-defined]

        def make(names: str) -> object:
            return client.post("/referee", data={"game": "cribbage", "names": names},
                               headers=ORIGIN, follow_redirects=False)

        r = make("W" * 80 + ", \u202eBob\x07 the second")
        assert r.status_code == 303  # type: ignore[attr-defined]
        (table,) = tables.tables.values()
        assert table.names == ["W" * MAX_NAME, "Bob the second"]
        for names, why in (("You, Bob", "own seat"), ("5h, Bob", "reads as a card"),
                           ("Computer 2, Player 1", "another seat"), ("Ann, ", "needs a name")):
            r = make(names)
            assert r.status_code == 400 and why in r.text, (names, r.text)  # type: ignore
        assert len(tables.tables) == 1
