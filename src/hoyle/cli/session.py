"""What the referee sessions of both games share: the table's names and the record file."""

from __future__ import annotations

from pathlib import Path
from typing import Generic, Protocol, TypeVar

from rich.console import Console

from hoyle.table.records import GameRecord

__all__ = ["RecordedSession"]


class _Recordable(Protocol):
    def to_record(self, seats: list[str], date: str) -> GameRecord: ...


S = TypeVar("S", bound=_Recordable)


class RecordedSession(Generic[S]):
    """A session at a table whose game is kept as a record.

    Args:
        console: where to print and read.
        state: the game (new or resumed).
        names: the players' names, by seat.
        save_path: where the record is written.
        date: the date the game started (ISO).
    """

    def __init__(self, console: Console, state: S, names: list[str], save_path: Path,
                 date: str) -> None:
        self.console = console
        self.state = state
        self.names = names
        self.save_path = save_path
        self.date = date

    def save(self) -> None:
        """Write the record (atomically; RecordError if the file cannot be written)."""
        self.state.to_record(seats=self.names, date=self.date).save(self.save_path)
