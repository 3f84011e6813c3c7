"""A reviewer's findings on the web app's match tables (issue 16): a resync never resends
the whole match (a frame is bounded by one game) and costs more against the socket's rate
limit; a computers-only table is driven in the background, so neither making it nor a
restart waits for its match to end."""

from __future__ import annotations

import html
import json
from pathlib import Path

from fastapi.testclient import TestClient

from helpers.webclient import connect, new_table, recv, settle, sit
from hoyle.web.app import BURST, SYNC_COST, TOO_FAST, create_app
from hoyle.web.db import open_store
from hoyle.web.tables import Tables

SEED = 7009


def test_a_resync_from_0_of_a_long_match_sends_the_current_game_alone(
        tmp_path: Path) -> None:
    """First to 5 under ACC between two computers (8 games, 1,142 actions at this seed):
    a spectator's ``sync`` from 0 is sent the last game's lines and the match's summary,
    not the match's 2,739 lines; its size is that of one game."""
    with TestClient(create_app(tmp_path / "hoyle.db", rate=1e6, burst=1e6,
                               fixed_seed=SEED)) as client:
        table_id, _ = new_table(client, "cribbage", ["random", "random"], laws="acc",
                                match="5")
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert table.finished and len(table.games) >= 6
        with connect(client, table_id, None) as ws:
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            f = recv(ws)
    game = table.games[-1]
    k = game.number
    own = [line for line in table.lines(None, 0) if line["n"] > game.first]
    everything = table.lines(None, 0)
    # the summary: where the earlier games are, game k-1's end (its seed, the tally, game
    # k's start); then game k's lines, those of the steps after game k's first action
    summary = len(table.game_lines(table.games[-2], None)) + 1
    assert len(f["lines"]) == len(own) + summary
    assert f["lines"][summary:] == own
    assert f["lines"][0]["text"] == (f"Games 1 to {k - 1} of the match: their lines are "
                                     f"in their records (record.json?game=1 to {k - 1}).")
    assert len(everything) > 4 * len(f["lines"])
    size = len(json.dumps(f, ensure_ascii=False).encode())
    whole = len(json.dumps(everything, ensure_ascii=False).encode())
    assert size < whole / 4


def test_a_sync_costs_more_than_a_move_against_the_rate_limit(tmp_path: Path) -> None:
    """A burst of 30 messages: six syncs (5 each) empty it; the seventh is refused."""
    assert (BURST, SYNC_COST) == (30.0, 5.0)
    with TestClient(create_app(tmp_path / "hoyle.db", rate=1e-6)) as client:
        table_id, _ = new_table(client, "cribbage", ["person", "random"])
        with connect(client, table_id, None) as ws:
            for _ in range(6):
                ws.send_text(json.dumps({"type": "sync", "seq": 0}))
                assert recv(ws)["type"] == "update"
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            e = recv(ws)
            assert ws.receive()["code"] == TOO_FAST  # closed: its excess is never read
    assert e["type"] == "error" and "too many messages" in e["message"]


def test_a_computers_match_does_not_hold_the_lobby_nor_the_start(tmp_path: Path) -> None:
    """First to 9 between two computers (some 2,000 actions): the lobby's form is answered
    with the table's page at once and the lobby answers while the match is played; a
    restarted server answers before the match it goes on with has ended."""
    db = tmp_path / "hoyle.db"
    with TestClient(create_app(db, rate=1e6, burst=1e6, fixed_seed=SEED)) as client:
        r = client.post("/tables", data={"game": "cribbage", "seat0": "random",
                                         "seat1": "random", "opt_laws": "acc",
                                         "opt_match": "9", "open": "on"},
                        follow_redirects=False)
        assert r.status_code == 303
        table_id = r.headers["location"].rsplit("/", 1)[1]
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        lobby = client.get("/")  # an open table: listed, to watch
        assert lobby.status_code == 200 and f'href="/t/{table_id}"' in lobby.text
        assert not table.finished and table.game.number < 5
        page = client.get(f"/t/{table_id}")
        assert page.status_code == 200 and not table.finished
        seq = table.seq
    # stopped part way: the owner task was cancelled, what it stored is kept
    store = open_store(db)
    try:
        stored = Tables(store).load(table_id)
        assert stored is not None and not stored.finished and stored.seq >= seq
    finally:
        store.close()
    with TestClient(create_app(db, rate=1e6, burst=1e6)) as again:
        table = again.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert again.get("/").status_code == 200
        assert not table.finished
        # and it goes on in the background, to the end of the match
        settle(again, table_id)
        assert table.finished and table.match_info()["winner"] is not None


def test_bad_game_and_seat_numbers_get_one_error_line(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db")) as client:
        table_id, _ = new_table(client, "cribbage", ["person", "person"])
        for query, shown in (("abc", "'abc'"), ("", "''"), ("-1", "'-1'")):
            r = client.get(f"/t/{table_id}/record.json?game={query}")
            assert r.status_code == 400 and r.json() == {
                "error": f"a game is a whole number, not {shown}"}, r.text
        r = client.post(f"/t/{table_id}/sit/x", follow_redirects=False)
        assert r.status_code == 400 and "<p>a seat is a whole number, not 'x'</p>" in r.text


def test_the_forms_words_not_the_terminal_s(tmp_path: Path) -> None:
    """An option refused, the match length's help and its errors, in the lobby's words."""
    with TestClient(create_app(tmp_path / "hoyle.db")) as client:
        r = client.post("/tables", data={"game": "cribbage", "seat0": "person",
                                         "seat1": "random", "opt_laws": "acc",
                                         "opt_lurch_agreed": "on"})
        assert r.status_code == 400
        assert ('Cannot create the table: &quot;lurch agreed&quot; is an option of the EW '
                "code (EW-xvii): choose laws ew</p>") in r.text
        page = html.unescape(client.get("/").text)
        assert "--" not in page.replace("<!--", "").replace("-->", "")
        assert "NAME-2.json" not in page
        assert "each game its own record (Game 1, Game 2, ... on the table's page)" in page
        # a match length: one wording, whatever is wrong with it
        said = []
        for value in ("-1", "0", "x", "100"):
            r = client.post("/tables", data={"game": "cribbage", "seat0": "person",
                                             "seat1": "random", "opt_match": value})
            assert r.status_code == 400
            said.append(r.text.split(": ", 1)[1].split("</p>")[0])
        assert said == ["a match is first to 1 to 99 games, not '-1'",
                        "a match is first to 1 to 99 games, not '0'",
                        "a match is first to 1 to 99 games, not 'x'",
                        "a match is first to 1 to 99 games, not '100'"]
        # computers alone: at most first to 9 (the form's longest); a person may play 99
        r = client.post("/tables", data={"game": "cribbage", "seat0": "random",
                                         "seat1": "random", "opt_match": "10"})
        assert r.status_code == 400 and \
            "a match between computers is first to at most 9 games, not 10" in r.text
        assert len(client.app.state.tables.tables) == 0  # type: ignore[attr-defined]
        new_table(client, "cribbage", ["person", "random"], match="99")


def test_each_game_s_record_downloads_under_its_own_name(tmp_path: Path) -> None:
    """The computers' match of ``test_match_table`` (first to 2 under ACC, three games):
    "Download the record" (no game named) is game 3's, named so, as ``?game=3`` is."""
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=SEED)) as client:
        table_id, _ = new_table(client, "cribbage", ["random", "random"], laws="acc",
                                match="2")
        single, _ = new_table(client, "cribbage", ["person", "random"])

        def name(url: str) -> str:
            r = client.get(url)
            assert r.status_code == 200
            return r.headers["content-disposition"]

        names = [name(f"/t/{table_id}/record.json?game={k}") for k in (1, 2, 3)]
        assert names == [f'attachment; filename="hoyle-{table_id}-game-{k}.json"'
                         for k in (1, 2, 3)]
        assert name(f"/t/{table_id}/record.json") == names[2]
        assert client.get(f"/t/{table_id}/record.json").json() == \
            client.get(f"/t/{table_id}/record.json?game=3").json()
        assert name(f"/t/{single}/record.json") == \
            f'attachment; filename="hoyle-{single}.json"'


def test_a_match_of_one_game_and_partners_win_it(tmp_path: Path) -> None:
    """Four-hand cribbage (partners, seats 1 and 3 against 2 and 4), first to 1 game,
    between computers: the tally says "first to 1 game" and the partners "win"."""
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=SEED)) as client:
        table_id, _ = new_table(client, "cribbage", ["random"] * 4, variant="four-hand",
                                match="1")
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert table.finished
        info = table.match_info()
    texts = [line["text"] for line in table.lines(None, 0)]
    won = info["winner"]
    side = ["Computer 1 & Computer 3", "Computer 2 & Computer 4"][won]
    tally = {won: 1, 1 - won: 0}
    assert texts[-2] == (f"Match, first to 1 game: Computer 1 & Computer 3 {tally[0]}, "
                         f"Computer 2 & Computer 4 {tally[1]}.")
    assert texts[-1] == f"{side} win the match (1 game to 0)."
    assert info["line"] == f"Game 1. {texts[-2]} {texts[-1]}"


def test_a_seat_coming_back_is_one_presence_frame_not_a_second_update(
        tmp_path: Path) -> None:
    """Seat 1 leaves and comes back: seat 0 is sent two presence frames (away, then back),
    never an update of a number it already has (which a client answering each update
    would answer with its move twice); a second socket of a seat that is present closing
    sends nothing."""
    with TestClient(create_app(tmp_path / "hoyle.db", rate=1e6, burst=1e6)) as client:
        table_id, t0 = new_table(client, "cribbage", ["person", "person"])
        t1 = sit(client, table_id, 1)
        with connect(client, table_id, t0) as ws0:
            ws0.send_text(json.dumps({"type": "sync", "seq": 0}))
            first = recv(ws0)
            assert first["type"] == "update"
            with connect(client, table_id, t1) as ws1:
                ws1.send_text(json.dumps({"type": "sync", "seq": 0}))
                assert recv(ws1)["type"] == "update"
                with connect(client, table_id, t1) as second:  # a second tab: closed
                    second.send_text(json.dumps({"type": "sync", "seq": 0}))
                    assert recv(second)["type"] == "update"
            away = recv(ws0)  # the last socket of seat 1 closed
            with connect(client, table_id, t1) as ws1:
                ws1.send_text(json.dumps({"type": "sync", "seq": 0}))
                assert recv(ws1)["type"] == "update"
                back = recv(ws0)
                ws0.send_text(json.dumps({"type": "move", "seq": first["seq"],
                                          "text": "help"}))
                after = recv(ws0)  # nothing else was queued for seat 0
    names = ["You", "Player 2"]  # each frame says the names (a seat may be taken with one)
    assert away == {"type": "presence", "seq": first["seq"], "present": [0], "watching": 0,
                    "away": away["away"], "adjournment": 600.0, "free_seats": [],
                    "names": names}
    assert set(away["away"]) == {"1"}
    assert back == {"type": "presence", "seq": first["seq"], "present": [0, 1],
                    "watching": 0, "away": {}, "adjournment": 600.0, "free_seats": [],
                    "names": names}
    assert after["type"] == "help"
