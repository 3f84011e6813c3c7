"""A reviewer's findings on the web app's match tables (issue 16): a resync never resends
the whole match (a frame is bounded by one game) and costs more against the socket's rate
limit; a computers-only table is driven in the background, so neither making it nor a
restart waits for its match to end."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from helpers.webclient import connect, new_table, recv, settle
from hoyle.web.app import BURST, SYNC_COST, create_app
from hoyle.web.store import SqliteStore
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
    assert e["type"] == "error" and "slow down" in e["message"]


def test_a_computers_match_does_not_hold_the_lobby_nor_the_start(tmp_path: Path) -> None:
    """First to 9 between two computers (some 2,000 actions): the lobby's form is answered
    with the table's page at once and the lobby answers while the match is played; a
    restarted server answers before the match it goes on with has ended."""
    db = tmp_path / "hoyle.db"
    with TestClient(create_app(db, rate=1e6, burst=1e6, fixed_seed=SEED)) as client:
        r = client.post("/tables", data={"game": "cribbage", "seat0": "random",
                                         "seat1": "random", "opt_laws": "acc",
                                         "opt_match": "9"}, follow_redirects=False)
        assert r.status_code == 303
        table_id = r.headers["location"].rsplit("/", 1)[1]
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        lobby = client.get("/")
        assert lobby.status_code == 200 and f'href="/t/{table_id}"' in lobby.text
        assert not table.finished and table.game.number < 5
        page = client.get(f"/t/{table_id}")
        assert page.status_code == 200 and not table.finished
        seq = table.seq
    # stopped part way: the owner task was cancelled, what it stored is kept
    store = SqliteStore(db)
    try:
        stored = Tables(store).tables[table_id]
        assert not stored.finished and stored.seq >= seq
    finally:
        store.close()
    with TestClient(create_app(db, rate=1e6, burst=1e6)) as again:
        table = again.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert again.get("/").status_code == 200
        assert not table.finished
        # and it goes on in the background, to the end of the match
        settle(again, table_id)
        assert table.finished and table.match_info()["winner"] is not None
