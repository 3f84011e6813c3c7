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
