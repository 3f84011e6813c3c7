"""What every game's words are made of, for any interface (the terminal, a full-screen
game, a web page): cards as markup, tables as data, and :class:`GameText`, the one object
a game hands out (:meth:`hoyle.interface.registry.GameSpec.text`) for its event lines, its
prompts and the reading of what a person types.

Lines are strings in rich's console markup (``[bold]…[/bold]``, ``[red]…[/red]``; a
literal ``[`` is escaped as ``\\[``): a terminal prints them as they are, another interface
strips or translates the markup. Nothing here reads a terminal or prints.

>>> from hoyle.cards import Card
>>> cards_markup([Card.parse("10H"), Card.parse("KS")])
'[red]10♥[/red] [bold]K♠[/bold]'
>>> cards_markup([])
'—'
>>> name_seats("seat 1 takes seat 0 down", ["Ann", "Bob"])
'Bob takes Ann down'
"""

from __future__ import annotations

import datetime
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

from rich.markup import escape

from hoyle.cards import Card, Suit
from hoyle.engine.action import Action
from hoyle.engine.event import Event, EventKind
from hoyle.engine.records import GameRecord
from hoyle.engine.series import MatchState
from hoyle.errors import HoyleError, RecordError

__all__ = ["HUMAN", "Area", "Block", "Board", "Confirm", "GameText", "PlayGame", "TextTable",
           "framework_line", "seat_names",
           "Track",
           "card_markup", "cards_markup", "check_play_record", "escape", "name_seats",
           "unknown_event_line", "who", "ruling_line", "revised_line", "choice_line", "marks_text"]

HUMAN = "human"
"""The seat name that marks the person at the keyboard in a record."""


def card_markup(card: Card) -> str:
    """A card as ``10♥`` in red (hearts, diamonds) or bold (clubs, spades)."""
    style = "red" if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else "bold"
    return f"[{style}]{escape(card.pretty)}[/{style}]"


def cards_markup(cards: Sequence[Card]) -> str:
    """Cards as space-separated :func:`card_markup` (``—`` for none)."""
    return " ".join(card_markup(c) for c in cards) if cards else "—"


def who(names: Sequence[str], seat: int | None) -> str:
    """The (escaped) name of ``seat``, or ``The table`` for no seat or one out of range."""
    return escape(names[seat]) if seat is not None and 0 <= seat < len(names) else "The table"


def seat_names(players: int, human: int, kind: str) -> list[str]:
    """Names for the seats of a game against the computer: "You" and the computers by
    their place at the table (Left, Partner, Right; one opponent is "Computer (KIND)")."""
    if players == 2:
        others = [f"Computer ({kind})"]
    elif players == 3:
        others = [f"Left ({kind})", f"Right ({kind})"]
    else:
        others = [f"Left ({kind})", f"Partner ({kind})", f"Right ({kind})"]
    return [others[(seat - human - 1) % players] if seat != human else "You"
            for seat in range(players)]


def name_seats(text: str, names: Sequence[str]) -> str:
    """Law texts say "seat 0"; the players' names instead."""
    for i, name in enumerate(names):
        text = text.replace(f"seat {i}", name)
    return text


@dataclass(frozen=True)
class TextTable:
    """A table as data: cells are markup strings.

    Attributes:
        rows: the rows, each a tuple of cells.
        columns: the column headings (empty: columns without headings, made by the rows).
        justify: each column's ``"left"`` or ``"right"`` (empty: all left).
        title: the table's title, if any.
        header: whether the headings are shown.
        boxed: whether the table is drawn with a box (``False``: bare columns, as a board).
    """

    rows: tuple[tuple[str, ...], ...]
    columns: tuple[str, ...] = ()
    justify: tuple[str, ...] = ()
    title: str | None = None
    header: bool = True
    boxed: bool = True


Block = Union[str, TextTable]
"""What an interface shows: a line (markup) or a table."""


@dataclass(frozen=True)
class Track:
    """One side's track on a pegging board.

    Attributes:
        name: the side's name as shown (plain text).
        front: the front peg, in points (the side's score; 0: in the start hole).
        back: the back peg, in points (the score before the last peg moved).
    """

    name: str
    front: int
    back: int


@dataclass(frozen=True)
class Board:
    """A pegging board as data, for an interface to draw.

    Attributes:
        tracks: one :class:`Track` a scoring side, in seat order.
        target: the game hole, in points (121, 61).
        line: the board's marked line (the skunk line after hole 90 of 121, ACC-12.1; the
            lurch line after hole 30 of 61, EW-xvii), as ``(name, hole)``: the line is
            drawn after ``hole``; ``None``: no line.
    """

    tracks: tuple[Track, ...]
    target: int
    line: tuple[str, int] | None = None


@dataclass(frozen=True)
class Area:
    """One area of the table (the hands, the count, the crib, the trick), for a
    full-screen interface: a title and its lines (markup)."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Confirm:
    """A move that needs a yes first: ask ``question`` (``y``/``yes`` for yes); on yes the
    move is ``action``, on anything else the person is asked for his move again."""

    question: str
    action: Action


@dataclass
class PlayGame:
    """A game between a person and computer players, as a session starts it.

    Attributes:
        state: the game (a :class:`hoyle.engine.state.GameState` with ``view(seat)`` and
            ``to_record(seats, date)``).
        players: the computer player of every other seat, by seat.
        human: the person's seat.
        date: the date the game started (ISO).
    """

    state: Any
    players: dict[int, Any]
    human: int
    date: str = field(default_factory=lambda: datetime.date.today().isoformat())


def marks_text(marks: Sequence[str]) -> str:
    """A ruling's (or a result's) marks as printed after it: ``  (provisional; parameter
    wrong_count_after_starter; 2020 edition)``, dimmed; ``""`` when it has none.

    >>> marks_text(("provisional", "2020 edition"))
    '  [dim](provisional; 2020 edition)[/dim]'
    >>> marks_text(())
    ''
    """
    return f"  [dim]({escape('; '.join(marks))})[/dim]" if marks else ""


def ruling_line(e: Event, names: Sequence[str]) -> str:
    """A ``ruling`` event's line, the same in every game: the law, the ruling's words
    (seats named as ``names`` say) and its marks (:attr:`~hoyle.engine.laws.Ruling.marks`:
    provisional, the parameter that decided it, the rule book's edition, the code's scope),
    so play, referee, replay and the web app (which shows these lines) all carry them."""
    marks: Sequence[str] = e.ruling.marks if e.ruling is not None else ()
    return (f"  [yellow]Ruling {escape(e.source)}:[/yellow] "
            f"{escape(name_seats(e.reason, names))}{marks_text(marks)}")


def choice_line(e: Event, who: str, names: Sequence[str]) -> str:
    """A ``choice`` event's line (the option an offended side took), the same in every
    game."""
    return (f"  {who} chose: {escape(name_seats(e.reason, names))}  "
            f"[dim]({escape(e.source)})[/dim]")


def framework_line(e: Event, names: Sequence[str]) -> str | None:
    """The line of an event of the framework's own kinds
    (:class:`~hoyle.engine.event.EventKind`: the cut for deal, the dealer, a new deal, the
    game's end, a ruling, a choice) in plain words any game may use; ``None`` for any other
    kind."""
    w = who(names, e.seat)
    kind = e.kind
    if kind == EventKind.CUT:
        return f"{w}: cuts {cards_markup(e.cards)} for the deal."
    if kind == EventKind.CUT_TIE:
        return f"Equal cuts: cut again ({escape(e.source)})."
    if kind == EventKind.DEALER:
        return f"[bold]{w}: deals first[/bold] ({escape(e.reason)}, {escape(e.source)})."
    if kind == EventKind.NEW_DEAL:
        return f"[dim]── New deal: {w} deals. ──[/dim]"
    if kind == EventKind.GAME_OVER:
        return f"[bold magenta]{w}: {escape(e.reason)}[/bold magenta]"
    if kind == EventKind.RULING:
        return ruling_line(e, names)
    if kind == EventKind.CHOICE:
        return choice_line(e, w, names)
    if kind == EventKind.REVISED:
        return revised_line(e, names)
    return None


def revised_line(e: Event, names: Sequence[str]) -> str:
    """A ``revised`` event's line (a report ruled before earlier ones of its deal, or an
    action the new order set aside), the same in every game."""
    return (f"[bold yellow]Revised:[/bold yellow] {escape(name_seats(e.reason, names))}  "
            f"[dim]({escape(e.source)})[/dim]")


def unknown_event_line(e: Event, who: str) -> str:
    """The line for an event kind a game's text has no line for: a fallback that never
    hides what happened (``tests/test_catalogue.py`` fails if a game emits such a kind)."""
    return f"{who}: {escape(e.kind)} {cards_markup(e.cards)}"


class GameText:
    """A game's words and the reading of a person's input, for any interface.

    A game subclasses this (``hoyle/<game>/console.py``). ``state`` arguments are the
    game's state; ``names`` are the seats' names as shown; ``seat`` is the person's seat.
    Every method returns strings (markup) or :class:`TextTable` and reads strings: none
    reads a terminal or prints.
    """

    help_text: str = ""
    """What ``help`` prints in a game against the computer."""
    referee_help: str = ""
    """What ``help`` prints when refereeing."""
    play_command_help: str = ""
    """The help of ``hoyle play GAME``."""
    referee_save: str = "hoyle-referee.json"
    """The record file of a refereed game when none is named."""
    stats_roles: tuple[tuple[str, str], ...] = ()
    """The roles of a deal as (key, name), in the order ``hoyle stats --mine`` shows them:
    the key is the ``role`` of the match summary's ``"kind:role"`` points and deals by
    role, the name the game's term (cribbage's pone and dealer, écarté's elder hand and
    dealer)."""
    stats_skunks: bool = False
    """Whether the game has skunks (lurches), shown won and lost by ``hoyle stats``."""

    # -- every interface ------------------------------------------------------------------
    def seat_count(self, state: Any) -> int:
        """The number of seats of ``state``'s game (by default, the seats that cut)."""
        return len(state.cuts)

    def finished(self, state: Any) -> bool:
        """Whether ``state``'s game is over."""
        return bool(state.is_terminal())

    def event_lines(self, events: Sequence[Event], names: Sequence[str],
                    viewer: int | None) -> list[str]:
        """Lines for ``events`` as seat ``viewer`` saw them (``None``: every card). By
        default the framework's kinds (:func:`framework_line`) and the fallback for any
        other: a game gives the lines of its own kinds and hands the rest here."""
        out = []
        for raw in events:
            e = raw if viewer is None else raw.seen_by(viewer)
            line = framework_line(e, names)
            out.append(line if line is not None else unknown_event_line(e, who(names, e.seat)))
        return out

    def ruling_marks(self, ruling: Any) -> str:
        """The one text form of a ruling's marks (provisional, parameter, edition, scope)
        printed after its line in play, referee and replay (:func:`marks_text`); ``""``
        when it has none. ``ruling``: a :class:`~hoyle.engine.laws.Ruling`."""
        return marks_text(ruling.marks)

    # -- a game against the computer ------------------------------------------------------
    def new_play(self, seed: int, values: Mapping[str, Any]) -> PlayGame:
        """A new game for the person (seat 0) from the play command's option ``values``
        (by :class:`Option` name; not ``seed``, ``save``, ``resume``).

        Raises:
            HoyleError: an unknown opponent, variant or law code, or options that do not go
                together.
        """
        raise NotImplementedError

    def play_banner(self, game: PlayGame, seed: int, values: Mapping[str, Any]) -> str:
        """The line that opens a new game. It never says the seed (which derives the
        computer's cards and every deal to come): only a game that is over shows it. By
        default the game's help."""
        return escape(self.help_text)

    def resume_play(self, record: GameRecord, path: Path) -> PlayGame:
        """The saved game ``record`` (read from ``path``), to continue.

        Raises:
            RecordError: not a saved game of this game against the computer, or over.
        """
        raise NotImplementedError

    def resumed_line(self, game: PlayGame, record: GameRecord, path: Path) -> str:
        """The line said when a saved game is resumed."""
        return (f"Resuming the game in {escape(str(path))} "
                f"({len(record.actions)} actions, deal {game.state.deal_number}).")

    def help_for(self, state: Any) -> str:
        """What ``help`` prints in this game against the computer now (only the words it
        takes): by default :attr:`help_text`."""
        return self.help_text

    def play_names(self, game: PlayGame) -> list[str]:
        """The seats' names as the person sees them ("You", "Computer (expert)")."""
        return ["You" if seat == game.human else
                f"Computer ({getattr(game.players[seat], 'name', 'computer')})"
                for seat in range(self.seat_count(game.state))]

    def play_event_lines(self, state: Any, events: Sequence[Event], names: Sequence[str],
                         seat: int) -> list[str]:
        """Lines for ``events`` in a game against the computer, as ``seat`` saw them."""
        return self.event_lines(events, names, seat)

    def coach_lines(self, state: Any, seat: int, action: Action) -> list[str]:
        """What the coach says after the person's ``action`` (asked before it is applied
        to ``state``): by default nothing. Cribbage names the points missed in a count
        the person made himself. Never a card the seat may not know."""
        return []

    def summary_lines(self, state: Any, events: Sequence[Event], names: Sequence[str],
                      seat: int) -> list[str]:
        """The summary of a finished game (``events``: all of them, as replayed), for
        ``seat``: by default nothing."""
        return []

    def auto_move(self, state: Any, seat: int) -> tuple[str | None, Action] | None:
        """The move made for the person without asking (a forced one), with the line said
        first (or ``None``); ``None`` when he is to be asked."""
        return None

    def ahead(self, state: Any, seat: int) -> int:
        """How many cards ``seat`` may choose before his turn comes, for a move that does
        not wait on the others' (cribbage's lay-away: each player lays away without seeing
        the other's, so a page lets him choose while another lays away and sends it when
        his turn comes); 0 (the default): none."""
        return 0

    def window(self, state: Any, seat: int) -> tuple[str, Action] | None:
        """An act the laws let the person (``seat``) make while another seat is to move
        (écarté: announcing the king he led as his first card, CLUB-24): the question to
        ask and the action a yes stands for; ``None`` (the default): nothing to offer."""
        return None

    def status(self, state: Any, seat: int, names: Sequence[str],
               width: int | None = None) -> list[Block]:
        """What is shown before the person is asked for a move, for a console ``width``
        characters wide (``None``: any width; a board too wide for it is drawn compact)."""
        raise NotImplementedError

    def decision_lines(self, state: Any, seat: int) -> list[str]:
        """The options of a decision the laws leave to the person (none if none is due)."""
        return []

    def prompt(self, state: Any, seat: int, names: Sequence[str]) -> str:
        """The question for the person now (markup)."""
        raise NotImplementedError

    def read_move(self, line: str, state: Any, seat: int) -> Action | Confirm | None:
        """The move a stripped line stands for; ``None``: ask again, saying nothing.

        Raises:
            HoyleError: the line is not a move here (its message says what to type).
        """
        raise NotImplementedError

    # -- refereeing a game played with real cards -----------------------------------------
    def new_referee(self, names: list[str] | None, values: Mapping[str, Any]
                    ) -> tuple[Any, list[str]]:
        """A new refereed game and the seats' names, from the referee command's option
        ``values`` (not ``names``, ``save``, ``resume``) and the table's ``names``
        (``None``: Seat 0, Seat 1, …).

        Raises:
            HoyleError: an unknown law code or variant, or the wrong names.
        """
        raise NotImplementedError

    def referee_banner(self, state: Any, values: Mapping[str, Any]) -> str:
        """The line that opens a new refereed game."""
        raise NotImplementedError

    def referee_start(self, state: Any, names: Sequence[str],
                      width: int | None = None) -> list[Block]:
        """What is shown before the table's first line (for a console ``width`` wide)."""
        return []

    def referee_options(self, state: Any) -> list[str]:
        """The options of a decision due (none if none is due)."""
        return []

    def likely_entries(self, state: Any) -> list[tuple[Action, str]]:
        """At a refereed table, the entries the referee most likely makes now, each with
        its label, when the legal ones are too many to show (a claim's every number): for
        cribbage the true count of the points claimed, then the usual slips around it. The
        referee sees every card entered, so nothing here is hidden from him; a player's own
        table never offers them (EW-xiii: no help in counting). Default: none."""
        return []

    def referee_prompt(self, state: Any, names: Sequence[str]) -> str:
        """What the table is asked for now (markup)."""
        raise NotImplementedError

    def read_table(self, line: str, state: Any, names: Sequence[str]) -> Action:
        """The action a line of table input stands for.

        Raises:
            HoyleError: the line is not an act of the game here.
        """
        raise NotImplementedError

    def referee_menu(self, state: Any) -> TextTable:
        """The irregularities the table can report under the game's law code."""
        raise NotImplementedError

    def referee_board(self, state: Any, names: Sequence[str],
                      width: int | None = None) -> Block:
        """The board or the score, for a console ``width`` characters wide (``None``: any
        width; a board too wide for it is drawn compact)."""
        raise NotImplementedError

    def referee_event_lines(self, state: Any, events: Sequence[Event],
                            names: Sequence[str]) -> list[str]:
        """Lines for what an act at the table led to."""
        return self.event_lines(events, names, None)

    def typed(self, action: Action) -> str:
        """What the person types for ``action`` (what :meth:`read_move` reads back as it):
        by default its text form."""
        return str(action)

    # -- a full-screen table ---------------------------------------------------------------
    def board(self, state: Any, seat: int, names: Sequence[str]) -> Board | None:
        """The pegging board as ``seat`` sees it (``None``: the game has no board, its
        score is among :meth:`table_areas`)."""
        return None

    def table_areas(self, state: Any, seat: int, names: Sequence[str]) -> list[Area]:
        """The table as ``seat`` may see it, area by area (never a card he may not know):
        by default one area of :meth:`status`'s lines."""
        return [Area("Table", tuple(b for b in self.status(state, seat, names)
                                    if isinstance(b, str) and b))]

    def hold(self, events: Sequence[Event]) -> bool:
        """Whether a full-screen interface holds ``events``' lines on screen until the
        person goes on (the show): by default never."""
        return False

    def held_lines(self, state: Any, events: Sequence[Event], names: Sequence[str],
                   seat: int) -> list[str]:
        """The lines a full-screen interface holds on screen for ``events`` (those
        :meth:`hold` holds): by default :meth:`play_event_lines`."""
        return [line for line in self.play_event_lines(state, events, names, seat) if line]

    def undo_allowed(self, state: Any) -> str | None:
        """Why ``undo`` is refused in this game against the computer (``None``: allowed);
        by default allowed."""
        return None

    def undo_barrier(self, state: Any, action: Action) -> str | None:
        """Why another seat's ``action`` (taken in ``state``) ends undo of the person's
        decisions before it, or ``None`` (the default: it does not). An answer that tells
        the person what he could not know when he decided (écarté's dealer refusing a
        proposal) is one: undoing it would let him decide again knowing the answer."""
        return None

    def board_changed(self, events: Sequence[Event]) -> bool:
        """Whether ``events`` changed the score or the deal (the board is shown again)."""
        return any(e.kind in ("score", "new_deal", "game_over") for e in events)

    # -- matches (``--match N``, :mod:`hoyle.engine.series`) ------------------------------
    def match_after(self, state: Any) -> MatchState | None:
        """Where the match stands after ``state``'s finished game (its game number the
        next game's), or ``None``: not a game of a match (the default: a game with no
        match play)."""
        return None

    def rematch_dealer(self, state: Any) -> tuple[int | None, str]:
        """Who deals first in a new game played again by the same players after
        ``state``'s finished game (a seat, or ``None``: the cut for deal decides), and the
        words saying why. The default: the cut, as for any new game; a game whose code
        names the next game's first dealer says so (cribbage: ACC-1.5, the loser). A new
        game takes the seat as its ``first_dealer`` value (:meth:`new_play`)."""
        return None, "the cut for deal decides, as for any new game"

    def next_match_game(self, state: Any, match: MatchState) -> tuple[Any, str]:
        """The match's next game after ``state``'s (first dealer as the code says), and the
        words saying who deals first and why (law or engine default).

        Raises:
            HoyleError: the game has no match play, or the match is decided.
        """
        raise HoyleError("this game has no match play")

    def match_lines(self, state: Any, match: MatchState, names: Sequence[str]) -> list[str]:
        """The match's tally after ``state``'s game (games and game points by side), and
        its winner once decided (markup)."""
        return []

    # -- the laws -------------------------------------------------------------------------
    law_id_example: str = ""
    """Law IDs to show in the help of ``hoyle laws GAME [ID]`` (``"EW-ix"``)."""

    def laws_preface(self, values: Mapping[str, Any]) -> list[Block]:
        """What ``hoyle laws GAME`` shows before the laws, from its game's own options.

        Raises:
            HoyleError: a bad option value.
        """
        return []


def check_play_record(record: GameRecord, path: Path, game: str) -> None:
    """Check that ``record`` is a saved game against the computer that can go on.

    Raises:
        RecordError: a refereed game (the message says how to resume it), no seed, or not
            exactly one person.
    """
    if record.options.get("referee"):
        raise RecordError(f"that is a refereed game: hoyle referee {game} --resume "
                          f"{shlex.quote(str(path))}")
    if record.seed is None:
        raise RecordError("the record has no seed, so it cannot be resumed")
