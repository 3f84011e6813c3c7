"""Play again: a finished table's player makes a new table of the same game, options and
seats, keeps his own seat and name, and its first dealer is the one the code names
(ACC-1.5: the loser of the last game deals first; EW: the cut again, EW-i). Its other
players join it from their finished page (its frame says the next game is made); a
spectator, a table still being played, or another site's page is refused; the new game's
record verifies from its own seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from helpers.webclient import ORIGIN, connect, invite, new_table, recv, settle
from hoyle.engine.records import GameRecord
from hoyle.interface.verify import verify_record
from hoyle.web.app import cookie_name, create_app
from hoyle.web.tables import FIRST_DEALER, Table


def play_out(client: TestClient, table_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Each person's first legal action until the game is over: the last frame."""
    table: Table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
    for _ in range(5000):
        settle(client, table_id)
        if table.finished:
            break
        seat = table.state.current_player
        with connect(client, table_id, tokens[seat]) as ws:
            ws.send_text(json.dumps({"type": "sync", "seq": table.seq}))
            f = recv(ws)
            assert f["legal"], f["prompt"]
            ws.send_text(json.dumps({"type": "move", "seq": f["seq"], "action": f["legal"][0]}))
            while recv(ws)["type"] != "update":
                pass
    assert table.finished
    with connect(client, table_id, tokens[min(tokens)]) as ws:
        ws.send_text(json.dumps({"type": "sync", "seq": table.seq}))
        return recv(ws)


def again(client: TestClient, table_id: str, token: str | None, origin: bool = True) -> Any:
    headers = {**(ORIGIN if origin else {"origin": "http://evil.example"}),
               **({"cookie": f"{cookie_name(table_id)}={token}"} if token else {})}
    r = client.post(f"/t/{table_id}/again", headers=headers, follow_redirects=False)
    client.cookies.clear()
    return r


def test_ACC_1_5_the_loser_of_the_last_game_deals_the_game_played_again(tmp_path: Path
                                                                         ) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=21)) as client:
        tables = client.app.state.tables  # type: ignore[attr-defined]
        table_id, token = new_table(client, "cribbage", ["person", "random"], laws="acc")
        table = tables.get(table_id)
        r = again(client, table_id, token)
        assert r.status_code == 409 and "once it is over" in r.text  # not over yet
        f = play_out(client, table_id, {0: token})
        loser = 1 - table.state.result.winner
        words = f["again"]
        assert words["made"] is False
        who = "You deal" if loser == 0 else "Computer 2 (random) deals"
        assert words["dealer"].startswith(f"{who} first: the loser of the last game")
        assert "ACC-1.5" in words["dealer"]
        assert again(client, table_id, None).status_code == 403  # a spectator
        assert again(client, table_id, token, origin=False).status_code == 403
        r = again(client, table_id, token)
        assert r.status_code == 303
        new_id = r.headers["location"].rsplit("/", 1)[1]
        new = tables.get(new_id)
        assert new_id != table_id and table.again == new_id
        assert new.row.options == {**table.row.options, FIRST_DEALER: loser}
        assert [(s.kind, s.player) for s in new.row.seats] == [("person", ""),
                                                               ("computer", "random")]
        assert new.seat_of(r.cookies.get(cookie_name(new_id))) == 0  # his own seat
        settle(client, new_id)
        assert new.state.dealer == loser  # no cut for deal
        assert not any(s.action.startswith("CUT") for s in new.steps)
        # asked again: the same new table, no third one
        r2 = again(client, table_id, token)
        assert r2.status_code == 303 and r2.headers["location"].startswith(f"/t/{new_id}")
        assert len([t for t in tables.tables.values() if t.spec.name == "cribbage"]) == 2
        # the new game's record verifies from its own seed once it is over
        play_out(client, new_id, {0: r.cookies.get(cookie_name(new_id)) or ""})
        record = client.get(f"/t/{new_id}/record.json").json()
        assert verify_record(GameRecord.from_json(json.dumps(record))).verified


def test_EW_i_two_people_play_again_and_the_cut_decides_anew(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=22)) as client:
        tables = client.app.state.tables  # type: ignore[attr-defined]
        table_id, a = new_table(client, "cribbage", ["person", "person"], laws="ew",
                                variant="five-card")
        r = client.post(f"/t/{table_id}/sit/1{invite(client, table_id)}",
                        data={"name": "Bob"}, headers=ORIGIN, follow_redirects=False)
        b = r.cookies.get(cookie_name(table_id)) or ""
        client.cookies.clear()
        play_out(client, table_id, {0: a, 1: b})
        r = again(client, table_id, b)  # Bob asks first: he keeps seat 2 and his name
        assert r.status_code == 303
        new = tables.get(r.headers["location"].rsplit("/", 1)[1])
        assert FIRST_DEALER not in new.row.options  # EW: the cut again
        assert new.names == ["Player 1", "Bob"] and new.free_seats() == [0]
        with connect(client, table_id, a) as ws:  # Ann's finished page: the next is made
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            f = recv(ws)
            assert f["again"]["made"] is True
            assert f["again"]["dealer"] == "The cut for deal decides who deals first."
        r = again(client, table_id, a)  # Ann joins: her own seat 1
        assert r.status_code == 303 and new.free_seats() == []
        assert new.seat_of(r.cookies.get(cookie_name(new.id))) == 0
        settle(client, new.id)
        assert new.steps[0].action.startswith("CUT")  # no first dealer: the cut for deal


def test_the_review_of_a_finished_game_is_the_engines(tmp_path: Path) -> None:
    """``/t/ID/review``: refused (409) until the game is over; then the player's own
    decisions, each beside the expert's choice and its cost, the very rows ``hoyle review``
    prints for the same record (the same engine function); a spectator gets every seat's."""
    import html
    import re

    from hoyle.interface.review import review_blocks
    from hoyle.web.tables import plain

    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=23)) as client:
        tables = client.app.state.tables  # type: ignore[attr-defined]
        table_id, token = new_table(client, "cribbage", ["person", "random"], variant="five-card")
        cookie = {"cookie": f"{cookie_name(table_id)}={token}"}
        assert client.get(f"/t/{table_id}/review", headers=cookie).status_code == 409
        f = play_out(client, table_id, {0: token})
        assert f["review"] is True
        table = tables.get(table_id)
        page = client.get(f"/t/{table_id}/review", headers=cookie)
        assert page.status_code == 200 and "Your decisions" in page.text
        record = GameRecord.from_json(json.dumps(client.get(
            f"/t/{table_id}/record.json").json()))
        review = table.spec.review(record, 0)
        assert review.decisions and {d.seat for d in review.decisions} == {0}
        first = review_blocks(review, f"table {table_id}")[0]
        rows = re.findall(r"<tr>(.*?)</tr>", page.text.split("</thead>", 1)[1].split(
            "</table>", 1)[0])
        cells = [[html.unescape(c) for c in re.findall(r"<td>(.*?)</td>", r)] for r in rows]
        assert cells == [[plain(c) for c in row] for row in first.rows]
        watcher = client.get(f"/t/{table_id}/review")  # a spectator: every seat's
        assert watcher.status_code == 200 and "Every seat" in watcher.text
