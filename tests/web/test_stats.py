"""Your statistics on the web (issue 27): the figures of ``hoyle stats --mine`` for the name
a person plays under, from his finished games against the computer at the server's
tables. Worked out again here through the terminal's own store
(:class:`hoyle.cli.stats.StatsStore`) from the same records, and checked against the
results themselves (games, wins); a game against a person, under another name, or not
finished is not counted; a name no seat could have is refused in one line."""

from __future__ import annotations

import random
from pathlib import Path

from fastapi.testclient import TestClient

from hoyle.cli.stats import StatsStore
from hoyle.interface.text import HUMAN
from hoyle.web.app import create_app
from hoyle.web.store import SeatKind, SqliteStore
from hoyle.web.tables import Table, Tables


def play_out(t: Table, rng: random.Random, moves: int | None = None) -> None:
    """Random moves for the persons (``moves`` of them, or until the game is over)."""
    made = 0
    while not t.finished and (moves is None or made < moves):
        t.run_automatic()
        if t.finished:
            break
        t.act(t.state.current_player, rng.choice(t.state.legal_actions()), t.seq)
        made += 1


def table(tables: Tables, variant: str, seats: list[SeatKind], name: str | None,
          seed: int) -> Table:
    """A table whose first person seat is taken under ``name``, the others unnamed."""
    t = tables.create("cribbage", {"variant": variant}, seats, seed=seed)
    persons = [i for i, s in enumerate(seats) if s.kind == "person"]
    for i in persons:
        t.take_seat(i, name if i == persons[0] else None)
    return t


def test_the_statistics_of_a_name_are_the_terminals_figures(tmp_path: Path) -> None:
    tables = Tables(SqliteStore(":memory:"))
    rng = random.Random(5)
    me, computer, person = SeatKind("person"), SeatKind("computer", "random"), SeatKind("person")
    mine = [table(tables, "six-card", [me, computer], "Ann", 51),
            table(tables, "five-card", [computer, me], "ANN", 52),  # seat 2, another case
            table(tables, "six-card", [me, computer], "Ann", 53)]
    others = [table(tables, "six-card", [me, computer], "Bob", 54),
              table(tables, "six-card", [me, person], "Ann", 55),
              table(tables, "six-card", [me, computer], "Ann", 56)]
    for t in mine + others[:2]:
        play_out(t, rng)
    play_out(others[2], rng, moves=3)  # not finished: not counted
    store = StatsStore(tmp_path / "stats.sqlite")
    wins = {"six-card": 0, "five-card": 0}
    for t in mine:
        seat = t.person_seats()[0]
        seats = [HUMAN if i == seat else s.player for i, s in enumerate(t.row.seats)]
        record = t.game.state.to_record(seats=seats)
        assert store.add(record, t.id)
        wins[record.variant] += record.result["winner"] == seat
    expected = store.totals()
    store.close()
    found = tables.stats_for("  ann ")  # the name as typed: spaces and case do not count
    assert found == expected
    by = {g.variant: g for g in found}
    assert (by["six-card"].games, by["five-card"].games) == (2, 1)
    assert by["six-card"].wins == wins["six-card"] and by["five-card"].wins == wins["five-card"]
    assert sum(by["six-card"].deals.values()) > 0
    assert tables.stats_for("Carol") == []


def test_the_statistics_page(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "hoyle.db", fixed_seed=61)) as client:
        tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
        t = table(tables, "six-card", [SeatKind("person"), SeatKind("computer", "random")],
                  "Ann <b>", 61)
        play_out(t, random.Random(6))
        r = client.get("/stats", params={"name": "Ann <b>"})
        assert r.status_code == 200
        assert "Statistics of Ann &lt;b&gt;" in r.text and "<b>" not in r.text.split("<main")[1]
        assert "Your cribbage (six-card)" in r.text
        assert "<th scope=\"row\">games</th><td>1</td>" in r.text
        r = client.get("/stats", params={"name": "Nobody"})
        assert r.status_code == 200 and "No finished game" in r.text
        r = client.get("/stats", params={"name": "5H"})
        assert r.status_code == 400 and "reads as a card" in r.text
        assert client.get("/stats").status_code == 200  # the form alone
        assert 'id="my-stats"' in client.get("/").text
