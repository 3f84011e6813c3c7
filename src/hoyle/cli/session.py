"""The terminal sessions, for every game: :class:`PlaySession` (a game against the computer:
the record file, the loop of moves, quitting and resuming) and :class:`RecordedSession` (a
game refereed at a real table: the table's names, the record file, and the loop that reads
what happens there). What is said and how a line is read is the game's own
(:class:`hoyle.interface.text.GameText`, from the registry); the sessions print it and read
the terminal."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hoyle.cli.lines import LineReader
from hoyle.engine.action import Action
from hoyle.engine.event import Event
from hoyle.interface.play import PlayDriver
from hoyle.engine.records import GameRecord, RecordClaim
from hoyle.interface.text import Block, Confirm, GameText, PlayGame, TextTable, name_seats
from hoyle.errors import HoyleError, IllegalAction, RecordError

if TYPE_CHECKING:
    from hoyle.interface.registry import GameSpec

__all__ = ["PlaySession", "Quit", "RecordedSession", "rich_table", "show"]


def rich_table(table: TextTable) -> Table:
    """A :class:`TextTable` as a rich table."""
    if table.boxed:
        t = Table(title=table.title, show_header=table.header)
    else:
        t = Table(title=table.title, show_header=table.header, box=None, pad_edge=False)
    for i, heading in enumerate(table.columns):
        justify: Any = table.justify[i] if table.justify else "left"
        t.add_column(heading, justify=justify)
    for row in table.rows:
        t.add_row(*row)
    return t


def show(console: Console, block: Block) -> None:
    """Print a line (markup) or a table."""
    console.print(block if isinstance(block, str) else rich_table(block))


class _Recordable(Protocol):
    def to_record(self, seats: list[str], date: str) -> GameRecord: ...

    def is_terminal(self) -> bool: ...

    def apply(self, action: Action) -> list[Event]: ...


S = TypeVar("S", bound=_Recordable)


class Quit(Exception):
    """The player asked to stop (quit, Ctrl-C, end of input)."""


QUIT_WORDS = frozenset({"quit", "q", "exit", "save"})
"""What a person types to save and stop."""

COACH_HELP = ("  [bold]hint[/bold]: the coach's advice for this move ([bold]hint NAME[/bold]: "
              "the computer player NAME's, e.g. hint master in cribbage).   "
              "[bold]undo[/bold]: take back your last decision and the computer's replies "
              "(not once a card has been turned since, nor when you count your own points).")
"""The help of the coach's words, in every game against the computer."""


class _Session(Generic[S]):
    """A game kept as a record in a file (both kinds of session)."""

    def __init__(self, console: Console, state: S, save_path: Path, date: str) -> None:
        self.console = console
        self.state = state
        self.save_path = save_path
        self.date = date
        self.claim = RecordClaim(save_path)  # RecordError: another session has the file
        self.lines = LineReader(console)

    def seats(self) -> list[str]:
        """Seat names for the record."""
        raise NotImplementedError

    def record(self) -> GameRecord:
        """The game so far as a record."""
        return self.state.to_record(seats=self.seats(), date=self.date)

    saved_actions: int = -1
    """How many actions the last good record in ``save_path`` holds (-1: none written)."""

    def save(self) -> None:
        """Write the record to ``save_path`` (atomically; RecordError if it cannot be
        written, the file keeping the last good record)."""
        record = self.record()
        record.save(self.save_path)
        self.saved_actions = len(record.actions)

    def first_save(self) -> None:
        """Write a new game's first record. If it cannot be written the session never
        runs: its claim on the file is given up first (:meth:`RecordClaim.release`, which
        removes the ``.NAME.claim`` file), so nothing is left beside the save.

        Raises:
            RecordError: the record cannot be written.
        """
        try:
            self.save()
        except BaseException:
            self.claim.release()
            raise

    def save_or_say(self) -> bool:
        """Save; if the record cannot be written (a full disk...), say so in one line and
        go on: the game is all in memory and is saved again after the next move. Returns
        whether it was saved."""
        try:
            self.save()
            return True
        except RecordError as e:
            kept = (f"{self._quoted_path()} keeps the last good record "
                    f"({self.saved_actions} actions)" if self.saved_actions >= 0
                    else "nothing was saved yet")
            then = "the game is over: saving again before you leave" \
                if self.state.is_terminal() else \
                "the game goes on and is saved again after the next move"
            self.console.print(f"[red]Not saved: {escape(str(e))}[/red]; {kept}; {then}.",
                               soft_wrap=True)
            return False

    def save_at_end(self) -> bool:
        """Save before stopping: while the record cannot be written, say so and offer to
        try again (Enter) or to stop without saving (``quit``, end of input). Returns
        whether it was saved."""
        if self.saved_actions == len(self.record().actions):
            return True  # saved after the last move
        while not self.save_or_say():
            answer = self.ask("Free some room, then press Enter to save again (or 'quit' "
                              "to stop without saving): ")
            if answer is None or answer.strip().lower() in QUIT_WORDS:
                return False
        return True

    def ask(self, prompt: str) -> str | None:
        """A line from the terminal; ``None`` at the end of input or on Ctrl-C."""
        try:
            return self.lines.input(prompt)
        except (EOFError, KeyboardInterrupt):
            return None

    def _print_unsaved(self) -> None:
        self.console.print(f"[red]Stopped without saving the last moves[/red] (the record "
                           f"in {self._quoted_path()} is as last saved).", soft_wrap=True)

    def _quoted_path(self) -> str:
        """The record file as it is pasted into a shell (quoted), for the hints."""
        return escape(shlex.quote(str(self.save_path)))

    def show(self, blocks: list[Block] | list[str]) -> None:
        """Print lines (markup) and tables."""
        for block in blocks:
            show(self.console, block)

    def _print_finished(self) -> None:
        path = self._quoted_path()
        self.console.print(f"Record saved to {path} (hoyle replay {path}).", soft_wrap=True)


class PlaySession(_Session[S]):
    """A game between the person at the keyboard and computer players, in line mode:
    :meth:`run` makes one move at a time (:meth:`step`, through
    :class:`hoyle.interface.play.PlayDriver`, which the full-screen table shares) and saves the
    record after each, so nothing is lost if the terminal closes; quitting saves and says
    how to resume. ``hint`` asks the coach, ``undo`` takes the person's last decision back
    (casual games only).

    Args:
        console: where to print and read.
        spec: the game (:func:`hoyle.interface.registry.get_game`).
        game: the game (new or resumed), its computer players and the person's seat.
        seed: the game's seed.
        save_path: where the record is written.
        undos: the undos already made (a resumed record's).
    """

    def __init__(self, console: Console, spec: GameSpec, game: PlayGame, seed: int,
                 save_path: Path, undos: int = 0) -> None:
        super().__init__(console, game.state, save_path, game.date)
        self.driver = PlayDriver(spec, game, seed, undos)
        self.text = self.driver.text
        self.game = game
        self.human = game.human
        self.players = game.players
        self.seed = seed
        self.names = self.driver.names

    @property
    def state(self) -> Any:
        """The game now (an undo replaces it)."""
        return self.driver.state

    @state.setter
    def state(self, value: Any) -> None:
        if hasattr(self, "driver"):
            self.driver.state = value

    def seats(self) -> list[str]:
        """Seat names for the record: ``human`` and the computer players' kinds."""
        return self.driver.seats()

    def record(self) -> GameRecord:
        """The game so far as a record (with the undos made)."""
        return self.driver.record()

    def run(self, full_screen: bool = False, banner: str = "") -> int:
        """Play until the game ends or the person quits; returns the exit code (0; 1 when
        the record could not be written and the person stopped without saving). With
        ``full_screen``, on the full-screen table (:mod:`hoyle.tui`) with ``banner`` at the
        top of its log, else line by line (``banner`` printed first)."""
        if full_screen:
            from hoyle.tui import play_full_screen
            try:
                over = play_full_screen(self.driver, self.save, banner, str(self.save_path))
            except KeyboardInterrupt:
                over = False
            if not self.save_at_end():
                self._print_unsaved()
                return 1
            if over:
                self._game_over()
            self._print_stopped() if not over else self._print_finished()
            if over and self.driver.can_review():  # the table offered it: name it only
                self.console.print(f"Your review: {escape(self._review_command())}",
                                   soft_wrap=True)
            return 0
        if banner:
            self.console.print(banner)
        try:
            while not self.state.is_terminal():
                self.step()
                self.save_or_say()
        except (Quit, KeyboardInterrupt):
            if not self.save_at_end():
                self._print_unsaved()
                return 1
            self._print_stopped()
            return 0
        if not self.save_at_end():
            self._print_unsaved()
            return 1
        self._game_over()
        self._print_finished()
        self._offer_review()
        return 0

    offer_review: bool | None = None
    """At the end of the game in line mode: ``None`` offers the review of the person's
    decisions when the input is a terminal ("Review the game? [y/N]", the end of input
    meaning no), ``True`` shows it without asking (``--review``), ``False`` never."""

    def _review_command(self) -> str:
        return self.driver.review_command(str(self.save_path))

    def _offer_review(self) -> None:
        """The review of the person's decisions (the lines of ``hoyle review FILE --seat
        N``), offered as :attr:`offer_review` says, for a game whose registry entry has a
        review (:meth:`PlayDriver.can_review`; no word of it otherwise), and the command
        that prints it later."""
        if self.offer_review is False or not self.driver.can_review():
            return
        if self.offer_review is None:
            if not sys.stdin.isatty():
                return
            self.console.print(f"The review of your decisions, now or later with: "
                               f"{escape(self._review_command())}", soft_wrap=True)
            answer = self.ask("Review the game? \\[y/N] ")
            if answer is None or answer.strip().lower() not in ("y", "yes"):
                return
        try:
            blocks = self.driver.review(str(self.save_path))
        except HoyleError as e:
            self.console.print(f"[red]No review: {escape(str(e))}[/red]")
            return
        self.show(blocks)
        if self.offer_review:
            self.console.print(f"[dim]Again later: {escape(self._review_command())}[/dim]",
                               soft_wrap=True)

    def _game_over(self) -> None:
        """The finished game's summary, and the game kept in the person's statistics
        (:class:`hoyle.cli.stats.StatsStore`; ``hoyle stats --mine``)."""
        from hoyle.cli.stats import StatsStore
        try:
            self.show(self.driver.summary())
            store = StatsStore()
            try:
                store.add(self.record(), str(self.save_path.resolve()))
            finally:
                store.close()
        except HoyleError as e:
            self.console.print(f"[dim]Not counted in your statistics: {escape(str(e))}[/dim]")
            return
        self.console.print("[dim]Counted in your statistics (hoyle stats --mine).[/dim]")

    def _print_stopped(self) -> None:
        path = self._quoted_path()
        self.console.print(f"\nGame saved to [bold]{escape(str(self.save_path))}[/bold]. "
                           f"Resume with: hoyle play --resume {path} (or see it so far: "
                           f"hoyle replay {path})", soft_wrap=True)

    def _print_events(self, events: list[Event]) -> None:
        self.show(self.driver.lines(events))

    def step(self) -> None:
        """Make one move: a chance outcome, a computer player's, or the person's (asked)."""
        d = self.driver
        if not d.persons_turn():
            offer = d.window()
            if offer is not None and self._take_window(*offer):
                return
            done = d.step()
            if done.said is not None:
                self.console.print(done.said)
            self._print_events(done.events)
            return
        self.show(self.text.status(self.state, self.human, self.names,
                                   width=self.console.width))
        while True:
            action = self._ask()
            if action is None:  # undone: the game is back at an earlier move
                return
            try:
                events = d.play(action)
            except IllegalAction as e:
                self.console.print(f"[red]{escape(str(e))}[/red]")
                continue
            self._print_events(events)
            return

    def _take_window(self, question: str, action: Action) -> bool:
        """Ask the person whether he takes the window the laws open out of turn
        (:meth:`PlayDriver.window`): a yes (``y``, ``yes`` or the act's own word) applies
        ``action``. Returns whether it was applied."""
        answer = self.read(question).strip().lower()
        if answer not in ("y", "yes", action.verb.lower()):
            return False
        try:
            events = self.driver.play(action)
        except IllegalAction as e:
            self.console.print(f"[red]{escape(str(e))}[/red]")
            return False
        self._print_events(events)
        return True

    def _ask(self) -> Action | None:
        """Prompt until the text reads as an action of the right shape (``None``: the
        person undid his last decision)."""
        while True:
            s = self.state
            self.show(self.text.decision_lines(s, self.human))
            line = self.read(self.text.prompt(s, self.human, self.names)).strip()
            low = line.lower()
            if low in ("help", "?", "h"):
                self.console.print(self.text.help_for(s))
                self.console.print(COACH_HELP)
                continue
            try:
                words = low.split()
                if words and words[0] == "hint":
                    self.show(self.driver.hint(" ".join(words[1:]) or None))
                    continue
                if low == "undo":
                    self.driver.undo()
                    self.console.print("[yellow]Undone: back to your last decision.[/yellow]")
                    return None
                move = self.text.read_move(line, s, self.human)
            except HoyleError as e:
                self.console.print(f"[red]{escape(str(e))}[/red]")
                continue
            if move is None:
                continue
            if isinstance(move, Confirm):
                if self.read(move.question).strip().lower() in ("y", "yes"):
                    return move.action
                continue
            return move

    def read(self, prompt: str) -> str:
        """A line from the person.

        Raises:
            Quit: 'quit' (or q, exit, save), Ctrl-C or the end of input.
        """
        try:
            text = self.lines.input(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None
        if text.strip().lower() in QUIT_WORDS:
            raise Quit
        return text


class RecordedSession(_Session[S]):
    """A session at a table whose game is kept as a record: :meth:`run` reads what happens
    line by line (``quit``, ``help``, ``menu``, the :attr:`board_words`, or an act that the
    game's text reads as an action), applies it, prints the events and saves the record
    after every act.

    Args:
        console: where to print and read.
        text: the game's words (:meth:`hoyle.interface.registry.GameSpec.text`).
        game: the game's registry name (for ``hoyle referee GAME --resume``).
        state: the game (new or resumed), in referee mode.
        names: the players' names, by seat.
        save_path: where the record is written.
        date: the date the game started (ISO).
    """

    def __init__(self, console: Console, text: GameText, game: str, state: S,
                 names: list[str], save_path: Path, date: str) -> None:
        super().__init__(console, state, save_path, date)
        self.text = text
        self.game = game
        self.names = names

    def seats(self) -> list[str]:
        """Seat names for the record: the table's names."""
        return self.names

    board_words: tuple[str, ...] = ("board", "score")
    """The words that print the board (or the score)."""

    def run(self) -> int:
        """Referee until the game ends or the table quits; returns the exit code (0; 1 when
        the record could not be written and the table stopped without saving)."""
        try:
            self._loop()
        except KeyboardInterrupt:
            pass
        if not self.save_at_end():
            self._print_unsaved()
            return 1
        path = self._quoted_path()
        if self.state.is_terminal():
            self._print_finished()
        else:
            self.console.print(f"Saved to {path}. Continue with: hoyle referee {self.game} "
                               f"--resume {path} (or see it so far: hoyle replay {path})",
                               soft_wrap=True)
        return 0

    def _loop(self) -> None:
        self.show(self.text.referee_start(self.state, self.names, self.console.width))
        if self.state.is_terminal():  # a finished game resumed: nothing more to enter
            return
        while True:
            last = self.state.is_terminal()
            if last:
                kinds = getattr(self.state, "revisable", lambda: ())()
                if not kinds:
                    return
                # A ruling ended the game, and a report the code rules before it may still
                # revise it (a misdeal voiding the deal a forfeit was ruled in: EW-iii and
                # EW-xxii together): asked once more before the game is closed.
                prompt = ("The game ended on a ruling about this deal; a report the laws "
                          "rule before it may still change that ("
                          + ", ".join(k.replace("_", " ") for k in kinds)
                          + "): enter it, or press Enter to finish: ")
            else:
                self.show(self.text.referee_options(self.state))
                prompt = self.text.referee_prompt(self.state, self.names)
            try:
                text = self.lines.input(prompt)
            except EOFError:
                self.console.print()  # end the prompt's line
                return
            low = text.strip().lower()
            if low in QUIT_WORDS or (last and not low):
                return
            if low in ("help", "?", "h"):
                self.console.print(self.text.referee_help)
                continue
            if low == "menu":
                show(self.console, self.text.referee_menu(self.state))
                continue
            if low in self.board_words:
                self.show_board()
                continue
            try:
                events = self.state.apply(self.text.read_table(text, self.state, self.names))
            except HoyleError as e:  # the state is left as it was
                self.console.print(f"[red]{escape(name_seats(str(e), self.names))}[/red]")
                continue
            self.show(self.text.referee_event_lines(self.state, events, self.names))
            if self.text.board_changed(events):
                self.show_board()
            self.save_or_say()

    def show_board(self) -> None:
        """Print the board or the score."""
        show(self.console, self.text.referee_board(self.state, self.names,
                                                   self.console.width))
