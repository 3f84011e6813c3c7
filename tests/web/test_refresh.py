"""Two server processes' copies of one table (two stores on one SQLite file, as two workers
on one PostgreSQL): a move stored by one is read by the other (the new actions applied),
an undo there makes the other replay the whole table, and a move made on a copy that is
behind is refused whole (``TableMoved``), the copy read again. No process is started."""

from __future__ import annotations

from pathlib import Path

import pytest

from hoyle.engine.action import Action
from hoyle.web.store import SeatKind, SqliteStore
from hoyle.web.tables import Table, TableMoved, Tables, WebError


def first_choice(table: Table, seat: int) -> Action:
    """The person's first legal action, the automatic moves made first."""
    table.run_automatic()
    assert table.state.current_player == seat
    return table.state.legal_actions()[0]


def test_a_copy_reads_the_others_moves_undo_and_refuses_a_stale_move(tmp_path: Path) -> None:
    db = tmp_path / "hoyle.db"
    one, two = SqliteStore(db), SqliteStore(db)
    made = Tables(one).create("cribbage", {"variant": "five-card"},
                              [SeatKind("person"), SeatKind("computer", "random")], seed=9)
    (row,) = [r for r in two.load_tables() if r.id == made.id]
    other = Table(row, two, fixed_seeds=True)
    assert other.refresh() is None  # nothing new
    made.run_automatic()
    for _ in range(3):
        made.act(0, first_choice(made, 0), made.seq)
        made.run_automatic()
    assert other.seq < made.seq
    assert other.refresh() == "more"
    assert (other.seq, other.row.version, other.state.history) == (
        made.seq, made.row.version, made.state.history)
    # the other copy is behind again: its move is refused whole, and it is read again
    made.act(0, first_choice(made, 0), made.seq)
    stale = other.seq
    with pytest.raises(TableMoved) as moved:
        other.act(0, other.state.legal_actions()[0] if other.state.current_player == 0
                  else Action.parse("GO"), stale)
    assert moved.value.what == "more" and other.seq == made.seq
    assert len(two.load_table(made.id).actions) == made.seq  # nothing more stored
    # an undo at one: the other replays the whole table
    made.run_automatic()
    taken = 0
    for _ in range(30):  # the first move the coach's rule lets be taken back (no card
        made.act(0, first_choice(made, 0), made.seq)  # turned since it)
        made.run_automatic()
        try:
            taken = made.undo(0)
            break
        except WebError:
            continue
    assert taken >= 1
    assert other.refresh() == "reset"
    assert other.state.history == made.state.history and other.undos == made.undos == 1
    # a seat taken at one is known at the other once read (and refused there meanwhile)
    with pytest.raises(WebError, match="not a person's seat"):
        other.take_seat(1)
    one.close()
    two.close()


def play_out(table: Table) -> None:
    """The person (seat 1) plays his first legal action until the table is over."""
    for _ in range(2000):
        table.run_automatic()
        if table.finished:
            return
        table.act(0, first_choice(table, 0), table.seq)
    raise AssertionError("the game did not end")


def test_a_finished_table_played_again_at_two_copies_goes_on_to_one_table(tmp_path: Path
                                                                          ) -> None:
    """"Play again" asked at two processes' copies of a finished table (the second copy
    has not heard of the first's next table): one next table is made, both send their
    players to it; a third copy reads it as ``"again"`` (its readers are sent the link)."""
    db = tmp_path / "hoyle.db"
    one, two, three = SqliteStore(db), SqliteStore(db), SqliteStore(db)
    made = Tables(one).create("cribbage", {"variant": "five-card"},
                              [SeatKind("person"), SeatKind("computer", "random")], seed=11)
    play_out(made)
    copies = [Tables(two), Tables(three)]
    late, reader = (t.load(made.id) for t in copies)
    assert late is not None and reader is not None and late.finished
    new, fresh = Tables(one).play_again(made)
    assert fresh and made.again == new.id != made.id
    assert late.again is None  # not heard yet
    again, fresh2 = copies[0].play_again(late)
    assert (again.id, fresh2) == (new.id, False)  # the one made first, nothing new
    assert late.again == new.id
    assert sum(1 for r in one.load_tables() if r.id != made.id) == 1
    assert reader.refresh() == "again" and reader.again == new.id
    assert Tables(one).play_again(made)[0].id == new.id  # asked again: the same one
    for store in (one, two, three):
        store.close()


def test_a_copy_ahead_of_a_restored_database_reads_it_again(tmp_path: Path) -> None:
    """The database is restored from an earlier copy under a running process (its table's
    stored version is below the one it holds): the table is read again whole
    (``"reset"``), and the next move is stored (never refused as stale for ever)."""
    import sqlite3

    db = tmp_path / "hoyle.db"
    store = SqliteStore(db)
    table = Tables(store).create("cribbage", {"variant": "five-card"},
                                 [SeatKind("person"), SeatKind("computer", "random")],
                                 seed=12)
    table.run_automatic()
    early = table.seq
    for _ in range(3):
        table.act(0, first_choice(table, 0), table.seq)
        table.run_automatic()
    assert table.seq > early
    with sqlite3.connect(db) as raw:  # the earlier copy: its actions and version then
        raw.execute("DELETE FROM actions WHERE table_id = ? AND n > ?", (table.id, early))
        raw.execute("UPDATE tables SET version = 1 WHERE id = ?", (table.id,))
    with pytest.raises(TableMoved) as moved:
        table.act(0, first_choice(table, 0), table.seq)
    assert moved.value.what == "reset" and table.seq == early and table.row.version == 1
    table.act(0, first_choice(table, 0), table.seq)  # stored now
    assert len(store.load_table(table.id).actions) == table.seq == early + 1
    store.close()


def test_a_notice_of_a_lower_version_reads_the_table_again(tmp_path: Path) -> None:
    """A worker hears of a write at a version below the one it holds (the database was
    restored from an earlier copy, and the table written at another worker since): it reads
    the table again whole, rather than taking the notice for one of its own."""
    import asyncio
    import sqlite3

    from hoyle.web.app import Hub

    db = tmp_path / "hoyle.db"
    store = SqliteStore(db)
    tables = Tables(store)
    table = tables.create("cribbage", {"variant": "five-card"},
                          [SeatKind("person"), SeatKind("computer", "random")], seed=13)
    table.run_automatic()
    early = table.seq
    for _ in range(3):
        table.act(0, first_choice(table, 0), table.seq)
        table.run_automatic()
    held = table.row.version
    with sqlite3.connect(db) as raw:  # the earlier copy, then one write at another worker
        raw.execute("DELETE FROM actions WHERE table_id = ? AND n > ?", (table.id, early))
        raw.execute("UPDATE tables SET version = 2 WHERE id = ?", (table.id,))
    hub = Hub(tables)
    asyncio.run(hub.heard(table.id, held))  # its own version: nothing read
    assert table.seq > early
    asyncio.run(hub.heard(table.id, 2))
    assert table.seq == early and table.row.version == 2
    store.close()
