"""The coach on the web: ``hint`` (the Hint button sends it) answers a person playing the
computer with the very lines of the engine's coach (:meth:`GameSpec.hint`, what the
terminal's ``hint`` prints): for a two-hand lay-away the discard table's three best with
the expected hand, crib and net points worked out by ``hoyle.cribbage.advice``, then the
expert's move. It is refused, in one line and with nothing changed, against another person,
off turn, and past its rate. ``help`` speaks of the page, not of terminal commands."""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient

from helpers.webclient import connect, new_table, recv, settle, sit
from hoyle.cards import Card
from hoyle.cribbage.advice import discard_options
from hoyle.web.app import create_app
from hoyle.web.tables import plain


def ask(ws, word: str, seq: int) -> dict:  # type: ignore[no-untyped-def]
    ws.send_text(json.dumps({"type": "move", "seq": seq, "text": word}))
    return recv(ws)  # type: ignore[no-any-return]


def test_a_hint_is_the_engines_coach_for_a_game_against_the_computer(tmp_path: Path) -> None:
    # a socket's bucket barely refills (0.1 a second): the rate is counted, not timed
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=11, rate=0.1, burst=30)
                    ) as client:
        table_id, token = new_table(client, "cribbage", ["person", "expert"])
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        with connect(client, table_id, token) as ws:
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            f = recv(ws)
            assert f["coach"] is True and f["view"]["phase"] == "discard"
            before = list(table.row.actions)
            answer = ask(ws, "hint", f["seq"])
            assert answer["type"] == "help"
            lines = answer["lines"]
            assert lines == [plain(t) for t in table.spec.hint(table.state, 0)]
            # the discard table's best, worked out here from the hand alone
            hand = [Card.parse(c) for c in f["view"]["hand"]]
            best = discard_options(hand, f["view"]["dealer"] == 0)[0]
            assert lines[0] == "The discard table (expected points: hand, crib, net):"
            assert f"net {best.total:.2f}" in lines[1]
            assert lines[-1].startswith("The expert would type: ")
            assert table.row.actions == before  # a hint changes nothing
            assert "hint" in " ".join(ask(ws, "help", f["seq"])["lines"])
            help_text = " ".join(ask(ws, "help", f["seq"])["lines"])
            assert "Click a ringed card" in help_text and "quit" not in help_text
            for _ in range(2):  # 5 + 10 + 1 + 1 so far, 10 more: past 30, refused
                answer = ask(ws, "hint", f["seq"])
            assert answer["type"] == "error" and "too many hints" in answer["message"]


def test_no_hint_against_a_person_nor_off_turn(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=12)) as client:
        table_id, a = new_table(client, "cribbage", ["person", "person"])
        b = sit(client, table_id, 1)
        settle(client, table_id)
        for token in (a, b):
            with connect(client, table_id, token) as ws:
                ws.send_text(json.dumps({"type": "sync", "seq": 0}))
                f = recv(ws)
                assert f["coach"] is False
                assert ask(ws, "hint", f["seq"])["lines"] == [
                    "The coach is for a game against the computer only."]
                assert "hint" not in " ".join(ask(ws, "help", f["seq"])["lines"]).lower()
        table_id, token = new_table(client, "ecarte", ["person", "rules"])
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        with connect(client, table_id, token) as ws:
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            f = recv(ws)
            lines = ask(ws, "hint", f["seq"])["lines"]
            if table.state.current_player == 0:
                assert lines == [plain(t) for t in table.spec.hint(table.state, 0)] != []
            else:
                assert lines == ["A hint is for your own move: it is not your turn."]
        with connect(client, table_id, None) as ws:  # a spectator: no seat, no coach
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            f = recv(ws)
            assert f["coach"] is False
            answer = ask(ws, "hint", f["seq"])
            assert answer["type"] == "error"


def test_a_refused_move_is_said_in_a_players_words_not_the_engines(tmp_path: Path) -> None:
    """A stale button (an action of another phase) is refused with what is to be done now,
    never the engine's "expected DISCARD"; nothing is played."""
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=13)) as client:
        table_id, token = new_table(client, "cribbage", ["person", "expert"])
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        with connect(client, table_id, token) as ws:
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            f = recv(ws)
            assert f["view"]["phase"] == "discard"
            before = table.seq
            ws.send_text(json.dumps({"type": "move", "seq": f["seq"], "action": "GO"}))
            answer = recv(ws)
            assert answer["type"] == "error"
            assert answer["message"] == ("go is not possible now: it is the time to discard")
            assert "expected" not in answer["message"] and table.seq == before
            # typed: "go" in the lay-away, and the terminal's "hint master", each said in
            # words (both once read as cards: "cannot read card 'go'", "... 'hint'")
            answer = ask(ws, "go", f["seq"])
            assert answer["type"] == "error" and answer["message"].startswith(
                "'go' is said in the play, when no card of yours fits within 31; now lay "
                "away 2 cards"), answer
            answer = ask(ws, "hint master", f["seq"])
            assert answer == {"type": "error", "seq": before, "message":
                              "type hint alone: here it takes no words after it (the page's "
                              "coach is the expert; 'hint master' is the terminal's)"}
            assert table.seq == before


def test_a_forced_move_says_so_while_it_waits() -> None:
    """While a person's only legal move waits its pause, his frame's prompt says it is made
    for him (not "Waiting for the other side"), and he is offered no move."""
    import random

    from hoyle.web.store import SeatKind, SqliteStore
    from hoyle.web.tables import FORCED_WORDS, Tables

    tables = Tables(SqliteStore(":memory:"))
    rng = random.Random(4)
    t = tables.create("cribbage", {}, [SeatKind("person"), SeatKind("computer", "random")],
                      seed=31)
    for _ in range(3000):
        auto = t.next_automatic()
        if auto == ("forced", 0):
            f = t.frame(0, t.seq)
            assert f["prompt"] == FORCED_WORDS and f["legal"] == []
            assert t.frame(1, t.seq)["prompt"] == ""  # the other seat: not his words
            return
        if auto is not None:
            action = t.automatic_action()
            assert action is not None
            t.apply_automatic(action)
        else:
            t.act(0, rng.choice(t.state.legal_actions()), t.seq)
    raise AssertionError("no forced move came")


def test_the_spectators_are_counted_on_the_page(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=14)) as client:
        table_id, token = new_table(client, "ecarte", ["person", "rules"])
        with connect(client, table_id, token) as ws:
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            assert recv(ws)["watching"] == 0
            with connect(client, table_id, None) as a, connect(client, table_id, None) as b:
                for s in (a, b):
                    s.send_text(json.dumps({"type": "sync", "seq": 0}))
                    assert recv(s)["type"] == "update"
                ws.send_text(json.dumps({"type": "sync", "seq": 0}))
                f = recv(ws)
                while f["type"] != "update":
                    f = recv(ws)
                assert f["watching"] == 2
            # the two gone (their handlers finished): the seat was told without asking (it
            # once read 2 till a move); a malformed message's refusal comes after it
            ws.send_text("{")
            frames = [recv(ws)]
            while frames[-1]["type"] != "error":
                frames.append(recv(ws))
            assert [f["watching"] for f in frames if f["type"] == "presence"][-1:] == [0]
