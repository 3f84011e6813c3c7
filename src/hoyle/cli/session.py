"""What the sessions of both games share: :class:`PlaySession` (a game against the computer:
the record file, the loop of moves, quitting and resuming) and :class:`RecordedSession` (a
game refereed at a real table: the table's names, the record file, and the loop that reads
what happens there)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from rich.console import Console
from rich.markup import escape

from hoyle.errors import HoyleError
from hoyle.engine.action import Action
from hoyle.engine.event import Event
from hoyle.engine.records import GameRecord

__all__ = ["PlaySession", "Quit", "RecordedSession"]


class _Recordable(Protocol):
    def to_record(self, seats: list[str], date: str) -> GameRecord: ...

    def is_terminal(self) -> bool: ...

    def apply(self, action: Action) -> list[Event]: ...


S = TypeVar("S", bound=_Recordable)


class Quit(Exception):
    """The player asked to stop (quit, Ctrl-C, end of input)."""


QUIT_WORDS = frozenset({"quit", "q", "exit", "save"})
"""What a person types to save and stop."""


class _Session(Generic[S]):
    """A game kept as a record in a file (both kinds of session)."""

    def __init__(self, console: Console, state: S, save_path: Path, date: str) -> None:
        self.console = console
        self.state = state
        self.save_path = save_path
        self.date = date

    def seats(self) -> list[str]:
        """Seat names for the record."""
        raise NotImplementedError

    def record(self) -> GameRecord:
        """The game so far as a record."""
        return self.state.to_record(seats=self.seats(), date=self.date)

    def save(self) -> None:
        """Write the record to ``save_path`` (atomically; RecordError if it cannot be
        written)."""
        self.record().save(self.save_path)

    def _quoted_path(self) -> str:
        """The record file as it is pasted into a shell (quoted), for the hints."""
        return escape(shlex.quote(str(self.save_path)))

    def _print_finished(self) -> None:
        path = self._quoted_path()
        self.console.print(f"Record saved to {path} (hoyle replay {path}).", soft_wrap=True)


class PlaySession(_Session[S]):
    """A game between the person at the keyboard and computer players: :meth:`run` makes
    one move at a time (:meth:`step`, each game's own) and saves the record after each, so
    nothing is lost if the terminal closes; quitting saves and says how to resume.

    Args:
        console: where to print and read.
        state: the game (new or resumed).
        human_seat: the person's seat.
        save_path: where the record is written.
        date: the date the game started (ISO).
    """

    def __init__(self, console: Console, state: S, human_seat: int, save_path: Path,
                 date: str) -> None:
        super().__init__(console, state, save_path, date)
        self.human = human_seat

    def seats(self) -> list[str]:
        """Seat names for the record: ``human`` and the computer players' kinds."""
        raise NotImplementedError

    def run(self) -> int:
        """Play until the game ends or the person quits; returns the exit code (0)."""
        try:
            while not self.state.is_terminal():
                self.step()
                self.save()
        except (Quit, KeyboardInterrupt):
            self.save()
            path = self._quoted_path()
            self.console.print(f"\nGame saved to [bold]{escape(str(self.save_path))}[/bold]. "
                               f"Resume with: hoyle play --resume {path} (or see it so far: "
                               f"hoyle replay {path})", soft_wrap=True)
            return 0
        self._print_finished()
        return 0

    def step(self) -> None:
        """Make one move: a chance outcome, a computer player's, or the person's (asked)."""
        raise NotImplementedError

    def read(self, prompt: str) -> str:
        """A line from the person.

        Raises:
            Quit: 'quit' (or q, exit, save), Ctrl-C or the end of input.
        """
        try:
            text = self.console.input(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None
        if text.strip().lower() in QUIT_WORDS:
            raise Quit
        return text


class RecordedSession(_Session[S]):
    """A session at a table whose game is kept as a record: :meth:`run` reads what happens
    line by line (``quit``, ``help``, ``menu``, the :attr:`board_words`, or an act that
    :meth:`parse` turns into an action), applies it, prints the events and saves the
    record after every act. A game subclasses it with its own prompt, parser and menu.

    Args:
        console: where to print and read.
        state: the game (new or resumed).
        names: the players' names, by seat.
        save_path: where the record is written.
        date: the date the game started (ISO).
    """

    def __init__(self, console: Console, state: S, names: list[str], save_path: Path,
                 date: str) -> None:
        super().__init__(console, state, save_path, date)
        self.names = names

    def seats(self) -> list[str]:
        """Seat names for the record: the table's names."""
        return self.names

    game = ""
    """The game's name in ``hoyle referee GAME --resume``."""
    help_text = ""
    """What ``help`` prints."""
    board_words: tuple[str, ...] = ("board", "score")
    """The words that print the board (or the score)."""

    def run(self) -> int:
        """Referee until the game ends or the table quits; returns the exit code (0)."""
        try:
            self._loop()
        except KeyboardInterrupt:
            pass
        self.save()
        path = self._quoted_path()
        if self.state.is_terminal():
            self._print_finished()
        else:
            self.console.print(f"Saved to {path}. Continue with: hoyle referee {self.game} "
                               f"--resume {path} (or see it so far: hoyle replay {path})",
                               soft_wrap=True)
        return 0

    def _loop(self) -> None:
        self.on_start()
        while not self.state.is_terminal():
            self.show_options()
            try:
                text = self.console.input(self.prompt())
            except EOFError:
                self.console.print()  # end the prompt's line
                return
            low = text.strip().lower()
            if low in QUIT_WORDS:
                return
            if low in ("help", "?", "h"):
                self.console.print(self.help_text)
                continue
            if low == "menu":
                self.menu()
                continue
            if low in self.board_words:
                self.show_board()
                continue
            try:
                events = self.state.apply(self.parse(text))
            except HoyleError as e:  # the state is left as it was
                self.console.print(f"[red]{escape(str(e))}[/red]")
                continue
            self.print_events(events)
            self.save()

    # -- what each game fills in ------------------------------------------------------

    def on_start(self) -> None:
        """Called once before the first line is read."""

    def show_options(self) -> None:
        """Print the options of a decision the laws leave to a player, if one is due."""

    def prompt(self) -> str:
        """What the table is asked for now."""
        return "> "

    def parse(self, text: str) -> Action:
        """The action a line of table input stands for.

        Raises:
            HoyleError: the line cannot be read as an act of the game here.
        """
        raise NotImplementedError

    def menu(self) -> None:
        """Print the irregularities the table can report."""

    def show_board(self) -> None:
        """Print the board or the score."""

    def print_events(self, events: list[Event]) -> None:
        """Print what an act led to."""
