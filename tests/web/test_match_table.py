"""A web table of a match (issue 16, the lobby's match length): the games played back to
back, each with its own seed, commitment and record (each verified by ``hoyle replay
--verify``), who deals the next game as the code says (ACC-1.5: the loser), the match's
tally sent to every reader; a restart at any point of the match (inside a game, between
games, even between a game's last action and the next game's start) reloads it at the
right game with the right score; a reconnect syncs across the game boundary; a match
length the game does not allow is refused and makes no table; a spectator or seat never
gets a card it may not know, in any game."""

from __future__ import annotations

import hashlib
import json
import random
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from typer.testing import CliRunner

from helpers.web import cards_mentioned, known_after
from helpers.webclient import connect, new_table, recv, settle
from hoyle.cli.main import app as cli
from hoyle.engine.records import GameRecord
from hoyle.interface.verify import verify_record
from hoyle.web.app import create_app
from hoyle.web.db import open_store
from hoyle.web.tables import Table, Tables

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
SEED = 4242
MATCH_SEED = 7009
"""The computers' match (``--insecure-seed``: game ``k`` seeded ``7009 * 1000003 + k - 1``,
:func:`hoyle.interface.tally.game_seed`) is three games, won 1-2 (game 1 a skunk: 3 game
points, ACC-12.1)."""


def table_of(client: TestClient, table_id: str) -> Table:
    return client.app.state.tables.get(table_id)  # type: ignore[attr-defined,no-any-return]


def verify_cli(path: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["replay", str(path), "--verify"],
                                env={"NO_COLOR": "1", "COLUMNS": "400"})
    return result.exit_code, ANSI.sub("", result.output).strip()


def records(client: TestClient, table_id: str, games: int) -> list[dict[str, Any]]:
    out = []
    for k in range(1, games + 1):
        r = client.get(f"/t/{table_id}/record.json?game={k}")
        assert r.status_code == 200, r.text
        out.append(r.json())
    return out


def tally(recs: list[dict[str, Any]]) -> list[int]:
    """The games each side won, from the records' results alone."""
    won = [0, 0]
    for rec in recs:
        won[rec["result"]["winner"]] += rec["result"].get("games", 1)
    return won


def reload(db: Path) -> dict[str, Table]:
    """The tables as a restarted server loads them (nothing driven yet)."""
    store = open_store(db)
    return Tables(store).tables


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "hoyle.db"


@pytest.fixture
def computers(db: Path) -> Iterator[tuple[TestClient, str]]:
    """A match, first to 2 games under the ACC rules, between two computer players, played
    to its end when the table is made (:data:`MATCH_SEED`)."""
    with TestClient(create_app(db, rate=1e6, burst=1e6, fixed_seed=MATCH_SEED)) as client:
        table_id, _ = new_table(client, "cribbage", ["random", "random"], laws="acc",
                                match="2")
        yield client, table_id


def test_a_two_game_match_between_computers_is_played_to_its_end(
        computers: tuple[TestClient, str], tmp_path: Path) -> None:
    client, table_id = computers
    table = table_of(client, table_id)
    assert table.finished
    n = len(table.games)
    assert n == 3  # first to 2, won 2-1
    recs = records(client, table_id, n)
    won = tally(recs)
    assert max(won) == 2 and min(won) == 1
    info = table.match_info()
    assert info is not None
    assert info["first_to"] == 2 and info["won"] == won and info["game"] == n
    assert info["winner"] == won.index(2)
    # ACC-12.1's game points, from the records: 2 a game, 3 for a skunk
    points = [0, 0]
    for rec in recs:
        points[rec["result"]["winner"]] += rec["result"]["game_points"]
    assert info["points"] == points
    # every game its own seed (128 bits), its commitment its SHA-256, and its record
    # verifies by itself (through the command line, as a player would check it)
    assert [rec["seed"] for rec in recs] == [7009, 7009021028, 7009021029]
    for k, rec in enumerate(recs, 1):
        assert hashlib.sha256(str(rec["seed"]).encode()).hexdigest() == rec["commitment"]
        assert info["games"][k - 1] == {"number": k, "commitment": rec["commitment"],
                                        "seed": str(rec["seed"]), "over": True}
        assert rec["web_table"] == table_id and rec["options"]["match_number"] == k
        path = tmp_path / f"game{k}.json"
        path.write_text(json.dumps(rec))
        code, out = verify_cli(path)
        assert code == 0 and out.startswith("verified: the "), out
        assert verify_record(GameRecord.from_json(json.dumps(rec))).verified
    # ACC-1.5: the loser of a game deals first in the next (no cut for deal)
    for prev, rec in zip(recs, recs[1:]):
        assert rec["options"]["first_dealer"] == 1 - prev["result"]["winner"]
        assert not rec["actions"][0].startswith("CUT")
    assert "first_dealer" not in recs[0]["options"]  # the first game: the cut
    assert recs[0]["actions"][0].startswith("CUT")
    # the table's actions run on through the match: the games' actions, in order
    assert table.seq == sum(len(rec["actions"]) for rec in recs)
    assert [s.action for s in table.steps] == [a for rec in recs for a in rec["actions"]]
    # the store holds every game: its number, seed, commitment and first action
    store = open_store(tmp_path / "hoyle.db")
    stored = store.load_table(table_id)
    store.close()
    assert stored is not None
    rows = [(g.number, g.seed, g.commitment, g.first_action) for g in stored.games]
    firsts = [0]
    for rec in recs[:-1]:
        firsts.append(firsts[-1] + len(rec["actions"]))
    assert rows == [(k, str(rec["seed"]), rec["commitment"], firsts[k - 1])
                    for k, rec in enumerate(recs, 1)]
    # a spectator syncing from 0 reads the last game's lines alone, after the match's
    # summary: where the earlier games' lines are, game 2's end, the tally, game 3's start
    with connect(client, table_id, None) as ws:
        ws.send_text(json.dumps({"type": "sync", "seq": 0}))
        f = recv(ws)
    texts = [line["text"] for line in f["lines"]]
    first = table.games[-1].first
    assert first == len(recs[0]["actions"]) + len(recs[1]["actions"])
    assert texts[0] == ("Games 1 to 2 of the match: their lines are in their records "
                        "(record.json?game=1 to 2).")
    assert texts[1] == f"Game 2 is over: its seed was {recs[1]['seed']} (SHA-256 " \
        f"{recs[1]['commitment']}, as shown at its start); its record is " \
        "record.json?game=2."
    assert not any(t.startswith("Game 1 is over") for t in texts)
    assert texts.count("Game 3 of the match: the loser of the last game deals first "
                       f"(ACC-1.5; provisional: the catalogue has it from a summary); its seed's SHA-256 is {recs[2]['commitment']}.") == 1
    assert all(line["n"] >= first for line in f["lines"])
    assert f["lines"][len(texts) - len(table.lines(None, first)):] == table.lines(None, first)
    winner = f["names"][info["winner"]]
    assert texts[-1] == f"{winner} wins the match ({won[info['winner']]} games to " \
        f"{n - 2})."
    assert f["finished"] and f["seed"] == str(recs[-1]["seed"])
    assert f["match"] == info
    # the score lines are the terminal's: no rule ID at their end
    scores = [t for t in texts if " for " in t and "→" in t]
    assert scores and not any(t.rstrip().endswith(")") and "(ACC-" in t.rsplit("→", 1)[1]
                              for t in scores)
    # the lobby and the table page say where the match stands
    page = client.get(f"/t/{table_id}").text
    names = table.names
    line = (f"Game {n}. Match, first to 2 games: {names[0]} {won[0]}, {names[1]} {won[1]}; "
            f"game points {points[0]}-{points[1]} (ACC-12.1). {winner} wins the match "
            f"(2 games to 1).")
    assert info["line"] == line and f'<p id="match" role="status">{line}</p>' in page
    assert f"{line}</span>" not in client.get("/").text  # a finished table: not listed
    assert f'href="/t/{table_id}/record.json?game={n}"' in page
    # a game the table has not played is no record
    r = client.get(f"/t/{table_id}/record.json?game={n + 1}")
    assert r.status_code == 404 and f"no game {n + 1} at this table" in r.json()["error"]


@pytest.mark.sqlite_only  # copies of the file, cut at each point
def test_a_restart_at_any_point_of_a_match_goes_on_at_the_right_game(
        computers: tuple[TestClient, str], tmp_path: Path) -> None:
    """Every action is stored before it is applied, so a server killed at any moment left
    the database as it stood then: the database cut back to a point (inside game 2,
    right after game 1 ended, or after game 1's last action but before game 2's start was
    stored) is a restart there. The reloaded table is at the right game, with the right
    score, and the restarted server plays on to the very same games (the seeds stored);
    only a game whose start was never stored (begun after the cut) gets a fresh seed."""
    client, table_id = computers
    table = table_of(client, table_id)
    full = [s.action for s in table.steps]
    games = [(g.number, g.first, g.last, g.after) for g in table.games]
    first_end = table.games[0].last
    assert first_end is not None and table.games[0].after is not None
    won_after_1 = list(table.games[0].after.won)
    recs = records(client, table_id, len(table.games))
    db = tmp_path / "hoyle.db"

    def cut(name: str, keep: int, drop_next_game: bool = False) -> Path:
        path = tmp_path / f"{name}.db"
        with sqlite3.connect(db) as src, sqlite3.connect(path) as dst:
            src.backup(dst)  # the file and its write-ahead log, as the server left them
        with sqlite3.connect(path) as con:
            con.execute("DELETE FROM actions WHERE table_id = ? AND n > ?", (table_id, keep))
            con.execute("DELETE FROM games WHERE table_id = ? AND first_action >= ? AND "
                        "number > 1", (table_id, keep + (0 if drop_next_game else 1)))
            con.execute("UPDATE tables SET finished = 0 WHERE id = ?", (table_id,))
        return path

    middle = first_end + (len(recs[1]["actions"]) // 2)
    for name, keep in (("inside-2", middle), ("between", first_end)):
        path = cut(name, keep)
        t = reload(path)[table_id]
        assert (t.game.number, t.seq, t.finished) == (2, keep, False), name
        info = t.match_info()
        assert info is not None and info["won"] == won_after_1 and info["game"] == 2, name
        assert [g["commitment"] for g in info["games"]] == [r["commitment"] for r in recs[:2]]
        assert t.game.commitment == recs[1]["commitment"]  # the stored seed's
        assert info["games"][0]["seed"] == str(recs[0]["seed"])  # game 1's revealed
        assert info["games"][1]["seed"] is None  # game 2's still secret
        # the restarted server plays on (the computers' moves): game 2 exactly as before
        # (its seed stored); a game 3, never started, has a seed of its own
        end_2 = games[1][2]
        with TestClient(create_app(path)) as again:
            settle(again)
            t2 = table_of(again, table_id)
            assert t2.finished, name
            assert [s.action for s in t2.steps][:end_2] == full[:end_2], name
            assert [(g.number, g.first, g.last, g.after) for g in t2.games][:2] == games[:2]
            again_recs = records(again, table_id, len(t2.games))
            assert again_recs[:2] == recs[:2]
            assert len(t2.games) == len(games)  # game 2 ended the same way
            if len(games) == 3:
                assert again_recs[2]["commitment"] != recs[2]["commitment"]
                assert verify_record(GameRecord.from_json(json.dumps(again_recs[2]))).verified

    # inside game 1: game 1 goes on as it was; game 2, never started, gets a seed then
    path = cut("inside-1", first_end // 2)
    t = reload(path)[table_id]
    assert (t.game.number, t.seq, t.finished) == (1, first_end // 2, False)
    assert t.match_info() == {"first_to": 2, "game": 1, "won": [0, 0], "points": [0, 0],
                              "winner": None, "line": (
                                  "Game 1. Match, first to 2 games: Computer 1 (random) 0, "
                                  "Computer 2 (random) 0; game points 0-0 (ACC-12.1)."),
                              "games": [{
                                  "number": 1, "commitment": recs[0]["commitment"],
                                  "seed": None, "over": False}]}
    with TestClient(create_app(path)) as again:
        settle(again)
        t2 = table_of(again, table_id)
        assert t2.finished and [s.action for s in t2.steps][:first_end] == full[:first_end]
        assert t2.games[1].commitment != recs[1]["commitment"]
        for rec in records(again, table_id, len(t2.games)):
            assert verify_record(GameRecord.from_json(json.dumps(rec))).verified

    # killed after game 1's last action was stored, before game 2's start was: the reload
    # starts game 2 then, with a seed of its own, stored before it is played
    path = cut("no-start", first_end, drop_next_game=True)
    with sqlite3.connect(path) as con:
        assert con.execute("SELECT COUNT(*) FROM games WHERE table_id = ?",
                           (table_id,)).fetchone()[0] == 1
    t = reload(path)[table_id]
    assert (t.game.number, t.seq, t.finished) == (2, first_end, False)
    assert t.game.commitment != recs[1]["commitment"]
    info = t.match_info()
    assert info is not None and info["won"] == won_after_1
    with sqlite3.connect(path) as con:
        stored = con.execute("SELECT seed, commitment, first_action FROM games WHERE "
                             "table_id = ? AND number = 2", (table_id,)).fetchone()
    assert stored == (t.game.seed, t.game.commitment, first_end)
    assert hashlib.sha256(stored[0].encode()).hexdigest() == stored[1]
    with TestClient(create_app(path)) as again:
        settle(again)
        t2 = table_of(again, table_id)
        assert t2.finished and t2.games[1].commitment == stored[1]
        assert [s.action for s in t2.steps][:first_end] == full[:first_end]
        again_recs = records(again, table_id, len(t2.games))
        assert again_recs[0] == recs[0]
        for rec in again_recs:
            assert verify_record(GameRecord.from_json(json.dumps(rec))).verified


def play_to(ws: WebSocketTestSession, frames: list[dict[str, Any]], until: Any,
            table: Table) -> dict[str, Any]:
    """The person's moves (the first legal one, chosen on the table's latest frame) until
    ``until(frame)``: the frames kept."""
    f = frames[-1]
    while not until(f):
        if f["legal"] and f["seq"] == table.seq:
            ws.send_text(json.dumps({"type": "move", "seq": f["seq"],
                                     "action": f["legal"][0]}))
        f = recv(ws)
        assert f["type"] == "update", f
        frames.append(f)
    return f


def check_known(frames: list[dict[str, Any]], table: Table, reader: int | None,
                recs: list[dict[str, Any]]) -> int:
    """Every frame names only cards the reader may know in the game it shows, and every
    line only what it could know in the game the line is of (worked out from that game's
    record alone); the number of lines checked."""
    knowns = [known_after(GameRecord.from_json(json.dumps(r)), reader) for r in recs]
    firsts = [g.first for g in table.games]

    def game_at(seq: int) -> int:
        return max(i for i, first in enumerate(firsts) if first <= seq)

    checked = 0
    for f in frames:
        g = game_at(f["seq"])
        rest = json.dumps({k: v for k, v in f.items() if k != "lines"}, ensure_ascii=False)
        assert cards_mentioned(rest) <= knowns[g][f["seq"] - firsts[g]], (reader, f["seq"])
        for line in f["lines"]:
            lg = max(i for i, first in enumerate(firsts) if first < line["n"])
            assert cards_mentioned(line["text"]) <= knowns[lg][line["n"] - firsts[lg]], \
                (reader, line)
            checked += 1
    return checked


def test_a_person_s_match_resyncs_across_games_and_a_restart_and_leaks_nothing(
        db: Path) -> None:
    """A person against the computer, a match of five-card cribbage (to 61) first to 2
    games, watched by a spectator: the socket that missed the end of game 1 resyncs
    across the boundary (the action numbers run on), before and after a restart inside
    game 2; no frame of either reader names a card it may not know, in either game."""
    opts = {"variant": "five-card", "laws": "acc", "match": "2"}
    with TestClient(create_app(db, rate=1e6, burst=1e6, fixed_seed=SEED)) as client:
        table_id, token = new_table(client, "cribbage", ["person", "random"], **opts)
        table = table_of(client, table_id)
        mine: list[dict[str, Any]] = []
        watched: list[dict[str, Any]] = []
        with connect(client, table_id, token) as ws, connect(client, table_id, None) as sp:
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            sp.send_text(json.dumps({"type": "sync", "seq": 0}))
            mine.append(recv(ws))
            watched.append(recv(sp))
            assert mine[0]["match"]["game"] == 1 and mine[0]["match"]["won"] == [0, 0]
            # up to a few actions before game 1's end ...
            play_to(ws, mine, lambda f: f["match"]["game"] == 2, table)
            boundary = table.games[0].last
            assert boundary is not None
            before = max(f["seq"] for f in mine if f["seq"] < boundary)
            # ... then a socket that last saw ``before`` syncs: it gets the match's summary
            # (the end of game 1, the tally and game 2's start) and game 2's lines
            settle(client, table_id)
            with connect(client, table_id, token) as late:
                late.send_text(json.dumps({"type": "sync", "seq": before}))
                f = recv(late)
            assert f["seq"] == table.seq and f["match"]["game"] == 2
            assert [line["n"] for line in f["lines"]] == sorted(
                line["n"] for line in f["lines"])
            assert all(line["n"] >= boundary for line in f["lines"])
            assert [x for x in f["lines"] if x["n"] > boundary] == table.lines(0, boundary)
            texts = [line["text"] for line in f["lines"]]
            assert any(t.startswith("Game 1 is over: its seed was ") for t in texts)
            assert any(t.startswith("Game 2 of the match: the loser of the last game deals "
                                    "first (ACC-1.5; provisional: the catalogue has it from a summary)") for t in texts)
            # game 2 a little way in, then the server stops
            stop_at = table.seq + 12
            play_to(ws, mine, lambda f: f["seq"] >= stop_at or f["finished"], table)
            while watched[-1]["seq"] != table.seq:
                watched.append(recv(sp))
            seq, won = table.seq, table.match_info()["won"]  # type: ignore[index]
            assert won == [1, 0] or won == [0, 1]
            missed_from = boundary - 1
            lines_then = table.resync_lines(0, missed_from)
    with TestClient(create_app(db, rate=1e6, burst=1e6)) as client:
        table = table_of(client, table_id)
        assert (table.seq, table.game.number) == (seq, 2)
        assert table.match_info()["won"] == won  # type: ignore[index]
        with connect(client, table_id, token) as ws, connect(client, table_id, None) as sp:
            ws.send_text(json.dumps({"type": "sync", "seq": missed_from}))
            f = recv(ws)
            assert f["lines"] == lines_then and f["seq"] == seq
            mine.append(f)
            sp.send_text(json.dumps({"type": "sync", "seq": watched[-1]["seq"]}))
            watched.append(recv(sp))
            play_to(ws, mine, lambda f: f["finished"], table)
            while watched[-1]["seq"] != table.seq:
                watched.append(recv(sp))
        info = table.match_info()
        assert info is not None and max(info["won"]) == 2
        recs = records(client, table_id, len(table.games))
        # a spectator's download of the last game is whole now; every game verifies
        for rec in recs:
            assert verify_record(GameRecord.from_json(json.dumps(rec))).verified
    assert tally(recs) == info["won"]
    assert check_known(mine, table, 0, recs) > 100
    assert check_known(watched, table, None, recs) > 100
    # the spectator never saw the person's hand of game 2 before it was played
    g2 = table.games[1].first
    dealt = next(f for f in mine if f["seq"] > g2 and f["view"]["hand"])
    early = [f for f in watched if g2 < f["seq"] <= dealt["seq"]]
    assert early and not set(dealt["view"]["hand"]) <= cards_mentioned(json.dumps(early))


def test_a_match_game_s_record_is_redacted_until_that_game_ends(db: Path) -> None:
    """Seeds drawn as ``hoyle serve`` draws them: each game's its own, 128 bits."""
    with TestClient(create_app(db, rate=1e6, burst=1e6)) as client:
        table_id, token = new_table(client, "cribbage", ["person", "random"],
                                    variant="five-card", match="3")
        table = table_of(client, table_id)
        cookie = {"cookie": f"hoyle_{table_id}={token}"}
        with connect(client, table_id, token) as ws:
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            frames = [recv(ws)]
            assert frames[0]["match"] == {
                "first_to": 3, "game": 1, "won": [0, 0], "points": [0, 0], "winner": None,
                "line": "Game 1. Match, first to 3 games: Player 1 0, Computer 2 (random) 0.",
                "games": [{"number": 1, "commitment": table.games[0].commitment,
                           "seed": None, "over": False}]}
            play_to(ws, frames, lambda f: f["match"]["game"] == 2, table)
        settle(client, table_id)  # the computer's moves of game 2 made: the records hold still
        one = client.get(f"/t/{table_id}/record.json?game=1", headers=cookie).json()
        two = client.get(f"/t/{table_id}/record.json?game=2", headers=cookie).json()
        now = client.get(f"/t/{table_id}/record.json", headers=cookie).json()
    assert "redacted" not in one and one["seed"] == int(table.games[0].seed)
    seeds = [int(g.seed) for g in table.games]
    assert seeds[0] != seeds[1] and all(64 < s.bit_length() <= 128 for s in seeds)
    assert two == now and two["redacted"] is True and "seed" not in two
    assert two["match_game"] == 2 and two["commitment"] == table.games[1].commitment
    assert two["actions"] == table.seq - table.games[1].first
    assert two["lines"] == [line["text"] for line in table.lines(0, table.games[1].first)]
    # under EW (the default code) the cut decides each game's deal again (engine default)
    assert any("the cut for deal decides" in line["text"] for line in table.lines(0))
    assert table.games[1].state.history[0].verb == "CUT"
    # the record of game 1 says the match stood 0-0 at its start; game 2's header 1-0
    assert one["options"]["match_won"] == "0,0"


@pytest.mark.parametrize("value, message", [
    ("0", "a match is first to 1 to 99 games, not '0'"),
    ("100", "a match is first to 1 to 99 games, not '100'"),
    ("two", "a match is first to 1 to 99 games, not 'two'"),
    ("-2", "a match is first to 1 to 99 games, not '-2'"),
    ("2.5", "a match is first to 1 to 99 games, not '2.5'"),
])
def test_a_match_length_the_game_does_not_allow_is_refused(db: Path, value: str,
                                                           message: str) -> None:
    with TestClient(create_app(db)) as client:
        for game, seats in (("cribbage", ("person", "random")), ("ecarte", ("person", "rules"))):
            for path, form in (("/tables", {"game": game, "seat0": seats[0],
                                            "seat1": seats[1], "opt_match": value}),
                               ("/referee", {"game": game, "names": "A, B",
                                             "opt_match": value})):
                r = client.post(path, data=form, follow_redirects=False)
                assert r.status_code == 400 and message in r.text, (path, r.text)
        assert client.app.state.tables.tables == {}  # type: ignore[attr-defined]
    store = open_store(db)
    assert store.load_tables() == []  # no table, so no game
    store.close()


def test_the_lobby_offers_the_match_lengths_of_a_game_with_match_play(db: Path) -> None:
    with TestClient(create_app(db)) as client:
        page = client.get("/").text
    crib = page[page.index('id="form-cribbage"'):]
    crib = crib[:crib.index("</form>")]
    assert '<select name="opt_match">' in crib
    assert '<option value="" selected>single game</option>' in crib
    for n in (2, 3, 5):
        assert f'<option value="{n}" >first to {n} games</option>' in crib
    ecarte = page[page.index('id="form-ecarte"'):]  # écarté too (issue 33, item 8)
    assert '<option value="3" >first to 3 games</option>' in ecarte[:ecarte.index("</form>")]
    for game in ("cribbage", "ecarte"):
        referee = page[page.index(f'id="referee-{game}"'):]
        form = referee[:referee.index("</form>")]
        assert '<option value="3" >first to 3 games</option>' in form, game
        assert 'name="opt_scores"' in form, game


def test_a_refereed_match_goes_on_to_its_next_game(db: Path) -> None:
    """The referee form's match length: a game joined at 118-60 under ACC, every act
    entered through the referee's socket (the cards from a seeded shuffle, the claims the
    largest offered: ACC-8.4's false claims decide it); the tally is said to the table, the
    next game follows the code (ACC-1.5: the loser deals, no cut), with no seed (real
    cards), and a restart reloads it at game 2, 1-0."""
    rng = random.Random(3)
    with TestClient(create_app(db, rate=1e6, burst=1e6)) as client:
        r = client.post("/referee", data={"game": "cribbage", "names": "Ann, Bob",
                                          "opt_laws": "acc", "opt_match": "2",
                                          "opt_scores": "118,60"}, follow_redirects=False)
        assert r.status_code == 303, r.text
        table_id = r.headers["location"].rsplit("/", 1)[1]
        token = r.cookies.get(f"hoyle_{table_id}") or ""
        client.cookies.clear()
        table = table_of(client, table_id)
        line = "Game 1. Match, first to 2 games: Ann 0, Bob 0; game points 0-0 (ACC-12.1)."
        assert f'<p id="match" role="status">{line}</p>' in client.get(f"/t/{table_id}").text
        assert f'<span class="opt match">{line}</span>' in client.get("/").text
        with connect(client, table_id, token) as ws:
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            f = recv(ws)
            while f["match"]["game"] == 1:
                s = table.state
                act = s.sample_chance(rng) if s.current_player < 0 else s.legal_actions()[-1]
                ws.send_text(json.dumps({"type": "move", "seq": f["seq"],
                                         "action": str(act)}))
                f = recv(ws)
                assert f["type"] == "update", f
        texts = [line["text"] for line in f["lines"]]
        assert texts[-2:] == ["Match, first to 2 games: Ann 1, Bob 0; game points 3-0 "
                              "(ACC-12.1).",
                              "Game 2 of the match: the loser of the last game deals first "
                              "(ACC-1.5; provisional: the catalogue has it from a summary)."]
        assert f["match"]["won"] == [1, 0] and not f["finished"]
        assert f["prompt"].startswith("Bob deals")  # no cut: Bob lost, Bob deals
        one = client.get(f"/t/{table_id}/record.json?game=1").json()
        assert one["result"]["winner"] == 0 and one["options"]["start_scores"] == "118,60"
        assert one["seed"] is None  # real cards: nothing to verify
        seq = table.seq
    with TestClient(create_app(db)) as client:
        table = table_of(client, table_id)
        assert (table.seq, table.game.number, table.finished) == (seq, 2, False)
        assert table.match_info()["won"] == [1, 0]  # type: ignore[index]
        two = client.get(f"/t/{table_id}/record.json?game=2").json()
    assert two["redacted"] is True and two["match_game"] == 2 and two["actions"] == 0


def test_the_web_log_s_score_lines_are_the_terminal_s(db: Path) -> None:
    """Écarté between two computers: a seat's and a spectator's score lines end with the
    score ("scores 1 for the point → 3"), as the terminal prints them, never a rule ID."""
    with TestClient(create_app(db, fixed_seed=SEED)) as client:
        table_id, _ = new_table(client, "ecarte", ["random", "rules"])
        table = table_of(client, table_id)
        with connect(client, table_id, None) as ws:
            ws.send_text(json.dumps({"type": "sync", "seq": 0}))
            watched = [line["text"] for line in recv(ws)["lines"]]
    assert table.finished
    seat = [line["text"] for line in table.lines(0)]
    for texts in (watched, seat):
        scores = [t for t in texts if re.search(r" scores? \d+ for ", t)]
        assert len(scores) >= 3, texts
        assert all(re.search(r"→ \d+$", t) for t in scores), scores
        assert not any("(ECARTE-" in t or "(CLUB-" in t or "(OH-" in t for t in scores)


def test_an_ecarte_match_between_computers_is_played_game_by_game(tmp_path: Path) -> None:
    """Écarté has matches too (issue 33, item 8): first to 2 games between two computers,
    each game its own seed, record and result; the match's tally (a game counts one, no
    ``game_values``) is the records', each game's cut decides its dealer, and every record
    verifies by itself."""
    with TestClient(create_app(tmp_path / "hoyle.db", rate=1e6, burst=1e6,
                               fixed_seed=MATCH_SEED)) as client:
        table_id, _ = new_table(client, "ecarte", ["random", "random"], match="2")
        table = table_of(client, table_id)
        assert table.finished
        n = len(table.games)
        assert n in (2, 3)
        recs = records(client, table_id, n)
        won = tally(recs)
        assert sorted(won) == [n - 2, 2]
        info = table.match_info()
        assert info is not None and info["first_to"] == 2 and info["won"] == won
        assert info["winner"] == won.index(2) and info["game"] == n
        for k, rec in enumerate(recs, 1):
            assert rec["game"] == "ecarte" and rec["options"]["match_number"] == k
            assert rec["actions"][0].startswith("CUT")  # the cut for deal, every game
            assert verify_record(GameRecord.from_json(json.dumps(rec))).verified


def test_an_ecarte_referee_match_tallies_both_players_from_its_start(db: Path) -> None:
    """A refereed écarté match (one seat at the table: the referee's) counts both players'
    games from game 1 (it once counted one side until the first game ended)."""
    with TestClient(create_app(db)) as client:
        r = client.post("/referee", data={"game": "ecarte", "names": "Ann, Bob",
                                          "opt_match": "2", "opt_scores": "3,4"},
                        follow_redirects=False)
        assert r.status_code == 303, r.text
        table = table_of(client, r.headers["location"].rsplit("/", 1)[1].split("?")[0])
        info = table.match_info()
        assert info is not None and info["won"] == [0, 0] and info["first_to"] == 2
        assert info["line"].startswith("Game 1. Match, first to 2 games: Ann 0, Bob 0.")
