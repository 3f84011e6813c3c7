"""A table of ``hoyle serve``, for any registered game: the game's state, its seats and
their tokens, and what each reader may be sent. Nothing here names a game: the game comes
from the registry (:func:`hoyle.interface.registry.get_game`), its words from its
:class:`~hoyle.interface.text.GameText`, what a seat may know from ``state.view(seat)`` (a
spectator's from ``state.public_view()``) and events filtered by
:meth:`~hoyle.engine.event.Event.seen_by`.

Every accepted action is stored (:mod:`hoyle.web.store`) before the state takes it and
before anyone is told; a table is rebuilt from its stored actions. Every random choice
flows from the table's seed by the game runner's convention
(:class:`hoyle.engine.runner.Seeds`), as ``hoyle play``'s does. The seed is drawn with :mod:`secrets` (128 bits) and kept secret until the
game ends; its SHA-256 commitment is shown from the start.

A table of a match (the game's ``match`` option: first to N games) plays its games back to
back. When a game ends, every reader is sent its result, its seed (revealed) and the
match's tally (:meth:`~hoyle.interface.text.GameText.match_lines`); until the match is decided
the next game is made by the game's own rules
(:meth:`~hoyle.interface.text.GameText.next_match_game`: who deals first, ACC-1.5 or the cut)
with a fresh seed of its own (128 bits, its commitment shown at its start), stored
(:meth:`~hoyle.web.store.TableStore.start_game`) before anyone is told. The table's action
numbers run on through the match, so a reader's ``sync`` works across games; each game's
record (``record(reader, game)``) is its own and verifies by itself.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import logging
import re
import secrets
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields, is_dataclass, replace
from enum import Enum
from functools import lru_cache
from typing import Any

from rich.text import Text

from hoyle.cards import Card
from hoyle.engine.action import CHANCE, TERMINAL, Action
from hoyle.engine.event import Event
from hoyle.interface.mystats import GameStats, OwnGame, own_game, totals
from hoyle.interface.play import undo_point
from hoyle.interface.registry import UNDO_OPTION, Capability, GameSpec, get_game
from hoyle.engine.runner import Seeds, next_action, play, replay
from hoyle.engine.series import MAX_MATCH, MatchState
from hoyle.interface.tally import game_seed
from hoyle.interface.text import HUMAN, Confirm, TextTable
from hoyle.errors import HoyleError, IllegalAction, UndoRefused, short_repr
from hoyle.web.logs import event
from hoyle.web.store import GameRow, SeatKind, StaleTable, StoreError, TableRow, TableStore

log = logging.getLogger(__name__)

__all__ = ["FIRST_DEALER", "HINT_WORDS", "UNDO_WORDS", "MAX_NAME", "PERSON", "COMPUTER", "MATCH", "MATCH_LENGTHS",
           "TABLE_KINDS", "GameRun", "Step", "Table", "Tables", "WebError", "check_match",
           "commitment", "display_name", "hash_token", "jsonable", "plain", "seat_count",
           "table_options"]

PERSON = "person"
COMPUTER = "computer"
HELP_WORDS = frozenset({"help", "?", "h"})
"""What a person types for help (as in the terminal)."""
FORCED_WORDS = "Your only move is made for you\u2026"
"""The prompt of a person whose only legal move (one card, the go) is being made for him,
after a pause a person could take (as the terminal makes it)."""
HINT_WORDS = frozenset({"hint"})
"""What a person types (or the Hint button sends) to ask the coach."""
UNDO_WORDS = frozenset({"undo"})
"""What a person types (or the Undo button sends) to take back his last decision."""
WEB_HELP = ("Click a ringed card to play it (for a lay-away click each card; a second "
            "click takes a card back); the other moves are the buttons under your hand. "
            "You may also type a move in the box (press / to reach it): a card as rank then "
            "suit (7h, 10c, KS), several cards with spaces, or a button's word (go, stand, "
            "propose).")
"""What ``help`` says at a web table (the page's ways, not the terminal's)."""
HINT_HELP = ("Hint (the button, or type hint) asks the coach what it would do now; Undo (or "
             "type undo) takes back your last decision and the computer's replies, until a "
             "card is turned: against the computer only.")
"""What ``help`` adds where the coach may be asked."""
SKIPPED_OPTIONS = frozenset({"seed", "save", "resume", "opponent"})
"""Play options a table does not take from its creator's form (the seed is drawn; the
seats say who the computers are)."""
FIRST_DEALER = "first_dealer"
"""The stored option of a game played again whose code names its first dealer (ACC-1.5:
the loser of the last game): no form sets it."""
MATCH = "match"
"""The option of a game that has match play: first to N games (:mod:`hoyle.engine.series`)."""
MATCH_LENGTHS = (2, 3, 4, 5, 7, 9)
"""The match lengths the lobby's forms list (first to N games), after "single game"; any
length from 1 to :data:`~hoyle.engine.series.MAX_MATCH` is taken, but a match between
computers only is first to at most 9 (the longest listed)."""


class WebError(HoyleError):
    """A request or message the table refuses (not seated, out of turn, stale, illegal,
    malformed); the table is left exactly as it was."""


def stale_move() -> WebError:
    """The refusal of a move sent when the table was at another action number than it is
    now (a second window's late move, an undo there, a replayed message), in a player's
    words: nothing was played (CLUB-24's stale answer too). The numbers count the table's
    actions, not the log's lines: they are not said."""
    return WebError("too late: the table changed before this move came (another window, "
                    "or a slow connection?); nothing was played; look again")


class _MadeElsewhere(Exception):
    """A finished table's next one was made by another server process first
    (:meth:`Tables.play_again`)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(table_id)
        self.table_id = table_id


class TableMoved(WebError):
    """Another server process wrote to the table since this one last read it: nothing was
    stored; the table has been read again (:meth:`Table.refresh`), so its readers here are
    to be sent what they missed (:attr:`what`), and the person may decide again."""

    def __init__(self, message: str, what: str | None = None) -> None:
        super().__init__(message)
        self.what = what
        """What :meth:`Table.refresh` found: ``"more"``, ``"again"``, ``"reset"`` or ``None``."""


def check_match(value: Any) -> int | None:
    """A table's match length (first to N games), checked: ``None`` for a single game.

    Raises:
        WebError: not a whole number from 1 to :data:`~hoyle.engine.series.MAX_MATCH`.

    >>> check_match(3), check_match(None)
    (3, None)
    >>> check_match(0)
    Traceback (most recent call last):
    ...
    hoyle.web.tables.WebError: a match is first to 1 to 99 games, not 0
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_MATCH:
        raise WebError(f"a match is first to 1 to {MAX_MATCH} games, not {value!r}")
    return value


MAX_NAME = 24
"""The most characters of a person's display name (a longer one is cut there)."""


_SEAT_WORDS = re.compile(r"^\s*(computer|player|side)\s+\d|\(seat\s*\d+\)", re.IGNORECASE)
"""What only the page's own names say ("Computer 2 (expert)", "Player 1", "Ann (seat 2)")."""


def page_prompt(prompt: str) -> str:
    """A game's prompt as the page asks it: no terminal choice list (``[stand/propose]``:
    the page's buttons), no Enter key (the page's "discard none" button), and a full stop
    for the terminal's colon before the typing.

    >>> page_prompt("Stand (play) or propose? [stand/propose]:")
    'Stand (play) or propose?'
    >>> page_prompt("Discard 0-5 cards (Enter or 'none' for none):")
    'Discard 0-5 cards (click them, or discard none).'
    >>> page_prompt("Lay away 2 cards to your crib: ")
    'Lay away 2 cards to your crib.'
    """
    prompt = re.sub(r"\s*\[[a-z/ -]+\]:\s*$", "", prompt)
    prompt = re.sub(r":\s*$", ".", prompt.rstrip())  # a terminal's colon, before the typing
    return prompt.replace("(Enter or 'none' for none)", "(click them, or discard none)")


def display_name(text: str | None) -> str | None:
    """A person's display name as typed, made safe to show: control and format characters
    dropped, runs of spaces made one, cut at :data:`MAX_NAME` characters, a trailing
    backslash dropped; ``None`` for no name (empty, or spaces: the seat keeps "Player k").

    >>> display_name("  Ann   Lee ")
    'Ann Lee'
    >>> display_name(" ") is None
    True
    >>> display_name("Ann\\\\")
    'Ann'
    >>> display_name("you")
    Traceback (most recent call last):
    ...
    hoyle.web.tables.WebError: 'you' is what the page calls each reader's own seat: choose another name

    Raises:
        WebError: nothing of what was typed can be shown (only control, format or
            backslash characters), the name is "You" (each reader's own seat is called that), holds a card
            ("5H", "K♥ Q♥": the log would read as cards played), or reads as one of the
            page's own names ("Computer 2", "Player 1", "(seat 2)").
    """
    if text is None:
        return None
    kept = "".join(" " if ch.isspace() else ch for ch in str(text)  # a joiner joins emoji
                   if ch.isspace() or ch == "\u200d" or unicodedata.category(ch)[0] != "C")
    # a trailing backslash would read as an escape in the lines' markup (shown doubled)
    name = " ".join(kept.split())[:MAX_NAME].strip().rstrip("\\").strip()
    if not name:
        if str(text).strip():  # something typed, nothing of it to show: not "no name"
            raise WebError(f"{short_repr(text)} has nothing that can be shown as a name "
                           "(only control, format or backslash characters): choose another")
        return None
    if name.casefold() == "you":
        raise WebError(f"{name!r} is what the page calls each reader's own seat: "
                       "choose another name")
    if _SEAT_WORDS.search(name):
        raise WebError(f"{name!r} reads as another seat's name: choose another name")
    for word in [name, *name.split()]:
        try:
            Card.parse(word)
        except (HoyleError, ValueError):
            continue
        raise WebError(f"{name!r} reads as a card: choose another name")
    return name


def commitment(seed: str) -> str:
    """The SHA-256 (hex) of the seed's decimal text: shown before the game, checked after.

    >>> commitment("1")[:16]
    '6b86b273ff34fce1'
    """
    return hashlib.sha256(seed.encode("ascii")).hexdigest()


def hash_token(token: str) -> str:
    """The SHA-256 (hex) of a seat token: only this is stored."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@lru_cache(maxsize=8192)
def plain(markup: str) -> str:
    """A line of the game's text (rich markup) as the plain text a terminal shows; the
    same line is read once (every reader of a table is sent the same status and event
    lines, and rich's markup parser is most of an update's cost).

    >>> plain("[red]10♥[/red] \\\\[0]")
    '10♥ [0]'
    """
    return Text.from_markup(markup).plain


def jsonable(value: Any) -> Any:
    """A view (named tuples, dataclasses, cards, enums, tuples) as JSON-ready data: cards
    as their text (``"TH"``), enums by value, named tuples and dataclasses as objects."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Enum):
        return jsonable(value.value)
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, tuple) and hasattr(value, "_asdict"):
        return {k: jsonable(v) for k, v in value._asdict().items()}
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    return str(value)


def table_options(spec: GameSpec) -> list[Any]:
    """The game's play options a table's creator chooses (variant, law code, manual
    counting...): :meth:`GameSpec.play_options` less the seed, files and opponent."""
    return [o for o in spec.play_options() if o.name not in SKIPPED_OPTIONS]


def _block(block: str | TextTable) -> Any:
    if isinstance(block, str):
        return plain(block)
    return {"title": plain(block.title or ""), "columns": [plain(c) for c in block.columns],
            "rows": [[plain(c) for c in row] for row in block.rows]}


@dataclass(frozen=True)
class Step:
    """One applied action: its number (1 = the first), the seat that took it (CHANCE for
    chance), its text and the events it caused (whole: each reader gets them through
    ``seen_by``)."""

    n: int
    seat: int
    action: str
    events: tuple[Event, ...]
    game: int = 1
    """The number of the game it belongs to (a match's games from 1)."""


@dataclass
class GameRun:
    """One game of a table: its number (from 1), its seed (decimal text; ``"0"`` at a
    referee table, which has none) and commitment, the table's action count before its
    first action, its state, and once it is over the match after it (``None``: not a game
    of a match) and the number of the step that ended it; ``words``: who deals it first and
    why (a match's next game: the law, or the engine default)."""

    number: int
    seed: str
    commitment: str
    first: int
    state: Any
    words: str = ""
    after: MatchState | None = None
    last: int | None = None
    undos: int = 0
    """The person's undos in it (a game against the computer)."""


class Table:
    """One table: a game of a registered game between persons and computer players, or a
    match of such games played back to back (:class:`GameRun` each).

    Args:
        row: the stored table (header, seats, tokens' hashes, actions, games).
        store: where each accepted action is stored before it is applied.
        fixed_seeds: seed a match's next games from the table's seed
            (:attr:`fixed_seeds`).

    Raises:
        HoyleError: the game, an option or a computer player is unknown, or a stored action
            does not replay.
    """

    def __init__(self, row: TableRow, store: TableStore, fixed_seeds: bool = False) -> None:
        self.row = row
        self.store = store
        self.fixed_seeds = fixed_seeds
        self.id = row.id
        self.spec = get_game(row.game)
        self.text = self.spec.text()
        self.state: Any = self._first_state()
        seats = self.text.seat_count(self.state)
        if len(row.seats) != seats:
            raise WebError(f"the game has {seats} seats, not {len(row.seats)}")
        self.players: dict[int, Any] = {
            i: self.spec.make_player(s.player) for i, s in enumerate(row.seats)
            if s.kind == COMPUTER}
        if len(row.token_hashes) != seats:
            row.token_hashes = (list(row.token_hashes) + [None] * seats)[:seats]
        if len(row.seat_names) != seats:
            row.seat_names = (list(row.seat_names) + [None] * seats)[:seats]
        self._relabel()
        self._reviews, self._reviewable = {}, {}
        self._own: dict[int, OwnGame | None] = {}
        self.rated: set[int] = set()
        self.rating_words: dict[int, str] = {}
        """Each seat's rating change in the game just rated (shown with its result)."""
        self.reported = False
        """Whether its result went into its tournament (a tournament's table)."""
        """The finished games handed to the ratings (each is rated once in the store)."""
        self.declined: set[tuple[int, int]] = set()
        """The laws' windows a person let pass (:meth:`window_offer`): (seat, the table's
        number then). In this process only: after a restart, or at another worker, the
        question is asked again."""
        self._replay()

    _reviews: dict[tuple[int, int | None], list[Any]]
    """The reviews worked out so far, by game and reader."""
    _reviewable: dict[int, bool]
    """Whether each finished game has a review, by game."""

    @property
    def again(self) -> str | None:
        """The id of the table this one's players went on to with "Play again" (``None``:
        not made yet; stored, :meth:`TableStore.create_again`)."""
        return self.row.again

    def _again_words(self, reader: int | None) -> dict[str, Any] | None:
        """For a player of a finished table: whether "Play again" has made the next table
        (``made``) and who will deal first in it and why (``dealer``)."""
        if reader is None or reader not in self.person_seats() or not self.seeded \
                or not self.finished:
            return None
        first, why = self.rematch_dealer()
        names = self.names_for(reader)
        if first is None:  # no law names him: the cut, as for any new game
            return {"made": self.again is not None,
                    "dealer": "The cut for deal decides who deals first."}
        who = "You deal first" if first == reader else f"{names[first]} deals first"
        return {"made": self.again is not None, "dealer": f"{who}: {plain(why)}."}

    def _last_record(self) -> Any:
        """The finished last game's whole record (a :class:`GameRecord`), or ``None``."""
        game = self.game
        if not self.seeded or game.last is None:
            return None
        return game.state.to_record(seats=self.names, date=self.row.created[:10])

    def reviewable(self) -> bool:
        """Whether the finished game has a review (the game's :meth:`GameSpec.can_review`:
        cribbage's two-hand games; écarté's); asked once a game (every reader's frame asks)."""
        number = self.game.number
        if number not in self._reviewable:
            record = self._last_record()
            if record is None:
                return False
            self._reviewable[number] = self.spec.can_review(record)
        return self._reviewable[number]

    def review(self, reader: int | None) -> list[Any]:
        """The review of the finished game (``hoyle review``'s blocks, the same engine
        function): ``reader``'s decisions (a spectator: every seat's), each beside the
        expert's choice with its cost; tables as ``{"title", "columns", "rows"}``, lines as
        plain text. Worked out once a reader and kept (it takes seconds).

        Raises:
            WebError: the game is not over, or has no review.
        """
        from hoyle.interface.review import review_blocks

        if not self.reviewable():
            raise WebError("a game is reviewed once it is over (two-hand games)")
        key = (self.game.number, reader)
        if key not in self._reviews:
            seat = reader if reader is not None and reader in self.person_seats() else None
            review = self.spec.review(self._last_record(), seat)
            self._reviews[key] = [_block(b) for b in review_blocks(review, f"table {self.id}")]
        return self._reviews[key]

    def rematch_dealer(self) -> tuple[int | None, str]:
        """Who deals first if the game is played again, and why (the game's
        :meth:`~hoyle.interface.text.GameText.rematch_dealer`; ACC-1.5: the loser).

        Raises:
            WebError: the table is not over, or is a referee's.
        """
        if not self.seeded or not self.finished:
            raise WebError("a game is played again once it is over")
        return self.text.rematch_dealer(self.state)

    fixed_seeds: bool = False
    """Whether a match's next game is seeded from the table's seed (game ``k``:
    ``interface.tally.game_seed(seed, k - 1)``; ``hoyle serve --insecure-seed``, tests and
    demonstrations only) rather than drawn with :mod:`secrets` (128 bits)."""

    def _first_state(self) -> Any:
        """Game 1 as it starts (no action)."""
        state = self.text.new_play(int(self.row.seed), _values(self.spec, self.row.options)).state
        state.keep_views()  # each reader's frame asks for its view many times
        return state

    def _replay(self) -> None:
        """Rebuild the games from the stored actions (``self.state``: game 1's start)."""
        row = self.row
        first = row.games[0].undos if row.games and row.games[0].number == 1 else 0
        self.games: list[GameRun] = [GameRun(1, row.seed, row.commitment, 0, self.state,
                                             undos=first)]
        self.steps: list[Step] = []
        actions, row.actions = list(row.actions), []
        try:
            replay(self.state, actions,
                   apply=lambda action: (self._apply(action, store=False), self.state)[1])
        finally:
            row.actions = actions

    # -- reading ---------------------------------------------------------------------------
    def _seed_int(self) -> int:
        return int(self.games[-1].seed)

    @property
    def game(self) -> GameRun:
        """The game being played (or the last one, once the table is over)."""
        return self.games[-1]

    @property
    def seeded(self) -> bool:
        """Whether the table's games are dealt from seeds (a referee table's are not)."""
        return self.kind == "play"

    @property
    def seq(self) -> int:
        """The number of actions applied (the last event's number)."""
        return len(self.steps)

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return bool(self.state.is_terminal())

    def person_seats(self) -> list[int]:
        """The seats a person plays."""
        return [i for i, s in enumerate(self.row.seats) if s.kind == PERSON]

    def free_seats(self) -> list[int]:
        """The person seats nobody has taken yet."""
        return [i for i in self.person_seats() if self.row.token_hashes[i] is None]

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token ``token`` is (compared in constant time), else ``None``."""
        if not token:
            return None
        h = hash_token(token)
        found = None
        for i, stored in enumerate(self.row.token_hashes):
            if stored is not None and hmac.compare_digest(stored, h):
                found = i
        return found

    @property
    def open_seats(self) -> bool:
        """Whether anyone may take a free seat (else only with the invite's secret)."""
        return self.row.invite is None

    def invited(self, secret: str | None) -> bool:
        """Whether ``secret`` is the table's invite secret (compared in constant time); an
        open table invites anyone."""
        if self.row.invite is None:
            return True
        return bool(secret) and hmac.compare_digest(self.row.invite.encode(),
                                                    str(secret).encode("utf-8", "replace"))

    def _default_name(self, seat: int) -> str:
        s = self.row.seats[seat]
        return (f"Computer {seat + 1} ({s.player})" if s.kind == COMPUTER
                else f"Player {seat + 1}")

    def _relabel(self) -> None:
        """Each seat's name from the names given (``Player k``, ``Computer k (expert)`` where
        none), told apart in seat order: a name given at an earlier seat too (case aside)
        gets its seat (``Ann (seat 2)``), whichever seat took it first, so a restart shows
        the same names."""
        seen: set[str] = set()
        self.names = []
        for i, given in enumerate(self.row.seat_names):
            if given is None:
                self.names.append(self._default_name(i))
                continue
            self.names.append(given if given.casefold() not in seen
                              else f"{given} (seat {i + 1})")
            seen.add(given.casefold())

    def take_seat(self, seat: int, name: str | None = None, account: str | None = None
                  ) -> str:
        """Take the free person seat ``seat`` (from 0; its errors say it from 1, as a page
        shows seats): a new token (128+ bits from :mod:`secrets`),
        of which only the hash is stored, with the name the person gave (already checked by
        :func:`display_name`; ``None``: "Player k"), told apart from the other seats' names,
        and the account he is signed in to (``None``: a guest; the game is then on his
        player's page). The seat's cookie alone acts for the seat, never the account.

        Raises:
            WebError: no such person seat, or it is taken.
        """
        if seat not in self.person_seats():
            raise WebError(f"seat {seat + 1} is not a person's seat at this table")
        if self.row.token_hashes[seat] is not None:
            raise WebError(f"seat {seat + 1} is taken")
        token = secrets.token_urlsafe(24)
        h = hash_token(token)
        with self._written(checked=False):  # taken elsewhere meanwhile: refused here
            if not self.store.claim_seat(self.id, seat, h, name, account):
                raise WebError(f"seat {seat + 1} is taken")
        self.row.token_hashes[seat] = h
        log.info("seat taken", extra=event(table=self.id, seat=seat + 1))
        if self.seeded:  # a referee's seat is not a player's: the players' names stay
            self.row.seat_names[seat] = name
            self._relabel()
        return token

    def retake_seat(self, seat: int) -> str:
        """A new token for the taken seat ``seat`` (its person, from another browser: a
        tournament's kept seat, checked by the caller); the old token acts no more.

        Raises:
            WebError: the seat is not a person's, or is free.
        """
        if seat not in self.person_seats() or self.row.token_hashes[seat] is None:
            raise WebError(f"seat {seat + 1} is not a taken person's seat at this table")
        token = secrets.token_urlsafe(24)
        h = hash_token(token)
        with self._written(checked=False):
            self.store.replace_seat_token(self.id, seat, h)
        self.row.token_hashes[seat] = h
        log.info("seat taken again", extra=event(table=self.id, seat=seat + 1))
        return token

    def renamable(self, seat: int | None) -> bool:
        """Whether ``seat`` may change the name it plays under: a person's taken seat of a
        table whose game has not started (no person has made a move: the cuts and deals
        that make themselves do not count), its first game."""
        if seat is None or not self.seeded or seat not in self.person_seats() or \
                self.row.token_hashes[seat] is None or self.game.number != 1:
            return False
        persons = set(self.person_seats())
        return not any(step.seat in persons for step in self.steps)

    def rename(self, seat: int, name: str | None) -> None:
        """``seat``'s person plays under ``name`` from now (already checked by
        :func:`display_name`; ``None``: "Player k"), told apart from the others' names;
        stored first.

        Raises:
            WebError: the game has started (a person has moved) or the seat is not his.
            StoreError: the name could not be stored (nothing changed).
        """
        if not self.renamable(seat):
            raise WebError("a name is changed before the game starts (before anyone's "
                           "first move), at a seat of your own")
        with self._written():
            self.store.rename_seat(self.id, seat, name)
        self.row.seat_names[seat] = name
        self._relabel()

    # -- acting ----------------------------------------------------------------------------
    def _apply(self, action: Action, store: bool = True) -> Step:
        """Apply a legal ``action``: stored first (when ``store``: the action, the next
        game's start and the table's end in one transaction, refused if another server
        process has written to the table since: :meth:`_written`), then applied."""
        state = self.state
        seat = state.current_player
        why = state.check(action)
        if why is not None:  # nothing stored, nothing changed
            raise IllegalAction(why)
        n = len(self.steps) + 1
        if not store:
            return self._play(action, n, seat, writing=False)
        games, begun = list(self.row.games), False
        try:
            with self._written():
                self.store.append_action(self.id, n, seat, str(action))
                begun = True
                step = self._play(action, n, seat, writing=True)
                if self.finished:
                    self.store.finish(self.id)
                self.store.set_due(self.id, self.next_automatic() is not None)
        except BaseException:
            if begun:  # applied here, not stored (rolled back): back to the stored table
                self.row.games = games
                self._rebuild(self.row)
            raise
        self.row.actions.append(str(action))
        if self.finished:
            self.row.finished = True
            log.info("table over", extra=event(table=self.id, actions=n,
                                                games=len(self.games)))
        return step

    def _play(self, action: Action, n: int, seat: int, writing: bool) -> Step:
        """Apply ``action`` (number ``n``, by ``seat``) to the game, and start a match's
        next game once it ends (stored in the open write when ``writing``)."""
        events = self.state.apply(action)
        step = Step(n, seat, str(action), tuple(events), self.game.number)
        self.steps.append(step)
        if self.state.is_terminal():
            self._next_game(step, writing)
        return step

    @contextmanager
    def _written(self, checked: bool = True) -> Iterator[None]:
        """The block's writes in one transaction of the store, at the table's version
        (:meth:`TableStore.table_writes`), counted up when it commits. Unless
        ``checked`` (a seat taken: whatever the game's state), another process's writes
        meanwhile do not refuse it; this one's count is then left behind, and the table
        is read again when that process's writes are heard.

        Raises:
            TableMoved: another server process wrote to the table meanwhile; nothing was
                stored, and the table has been read again (:meth:`refresh`).
        """
        try:
            with self.store.table_writes(self.id, self.row.version if checked else None
                                         ) as found:
                yield
            if found != self.row.version:
                return  # others wrote first: this table is read again when heard
        except StaleTable:
            what = self.refresh()
            raise TableMoved("the table moved on meanwhile (another window or server): "
                             "nothing was played; look again", what) from None
        self.row.version += 1

    def refresh(self) -> str | None:
        """Read the table again from the store (another server process wrote to it): the
        new actions applied, or, after an undo there (or the database restored from an
        earlier copy: its version is lower), the whole table replayed. Returns ``"more"``
        (actions or seats added: send the readers their update), ``"again"`` (its next
        table was made, "Play again": send every reader the table again), ``"reset"``
        (send them the whole table again, from its start) or ``None`` (nothing new).

        Raises:
            StoreError: the store does not answer (the table is as it was).
        """
        row = self.store.load_table(self.id)
        if row is None or row.damaged is not None or row.version == self.row.version:
            return None
        old = self.row
        if row.version < old.version:  # the database was restored from an earlier copy
            self._rebuild(row)
            return "reset"
        grown = (row.actions[:len(old.actions)] == old.actions
                 and row.games[:len(old.games)] == old.games
                 and len(self.steps) == len(old.actions))
        if grown:
            seats = len(old.token_hashes)
            row.token_hashes = (list(row.token_hashes) + [None] * seats)[:seats]
            row.seat_names = (list(row.seat_names) + [None] * seats)[:seats]
            self.row = row  # its games: a match's next game is known, not started here
            try:  # the new actions, by the runner's replay
                replay(self.state, row.actions[len(old.actions):], apply=lambda action: (
                    self._apply(action, store=False), self.state)[1])
            except Exception:  # noqa: BLE001  the whole table again, from its start
                grown = False
        if grown:
            if self.seeded:
                self._relabel()
            else:  # a referee's table: its players are named in its options
                row.seat_names = old.seat_names
            return "again" if row.again != old.again else "more"
        self._rebuild(row)
        return "reset"

    def _rebuild(self, row: TableRow) -> None:
        """This table made again from ``row`` (every action replayed), in place: the hub
        and the sockets keep the same object."""
        fresh = type(self)(row, self.store, getattr(self, "fixed_seeds", False))
        self.__dict__.clear()
        self.__dict__.update(fresh.__dict__)

    def _next_game(self, step: Step | None, writing: bool = False) -> None:
        """The game just ended (at ``step``): note the match after it and, until the match
        is decided, start its next game (its seed stored before anyone is told). Replaying
        a table stopped between games (the last game's end stored, not the next's start),
        the next game is started and stored then."""
        game = self.game
        if game.last is not None:
            return
        game.last = step.n if step is not None else 0
        match = self.text.match_after(self.state)
        game.after = match
        if match is None or match.decided() is not None:
            return
        new, words = self.text.next_match_game(self.state, replace(match, seed=None))
        number = game.number + 1
        seed, commit, undos = "0", "", 0
        if self.seeded:
            known = next((g for g in self.row.games if g.number == number), None)
            if known is None:
                seed = str(game_seed(int(self.row.seed), number - 1) if self.fixed_seeds
                           else secrets.randbits(128))
                commit = commitment(seed)
                self.store.start_game(self.id, number, seed, commit, game.last)
                self.row.games.append(GameRow(number, seed, commit, game.last))
                if not writing:  # a table read stopped between games: a write of its own
                    self.row.version += 1
            elif known.first_action != game.last:
                raise WebError(f"game {number} is stored to start after action "
                               f"{known.first_action}, not {game.last}")
            else:
                seed, commit = known.seed, known.commitment
                undos = known.undos
            new.seed = int(seed)  # the engine's record of the game's seed
        new.keep_views()
        self.games.append(GameRun(number, seed, commit, game.last, new, words, undos=undos))
        self.state = new

    def game_lines(self, game: GameRun, reader: int | None) -> list[str]:
        """What is said when ``game`` of a match ends, as ``reader`` reads it (plain): its
        seed revealed, the match's tally and winner (the game's
        :meth:`~hoyle.interface.text.GameText.match_lines`), and the next game's first dealer
        and commitment; empty for a game not of a match."""
        if game.after is None:
            return []
        out = []
        if self.seeded:
            out.append(f"Game {game.number} is over: its seed was {game.seed} (SHA-256 "
                       f"{game.commitment}, as shown at its start); its record is "
                       f"record.json?game={game.number}.")
        names = self.names_for(reader) if self.seeded else list(self.names)  # a referee
        out.extend(plain(t) for t in self.text.match_lines(game.state, game.after, names))
        nxt = next((g for g in self.games if g.number == game.number + 1), None)
        if nxt is not None:
            commit = f"; its seed's SHA-256 is {nxt.commitment}" if self.seeded else ""
            out.append(f"Game {nxt.number} of the match: {plain(nxt.words)}{commit}.")
        return out

    def standing(self) -> MatchState | None:
        """Where the table's match stands (games won by side, from the games over), or
        ``None``: a table of one game."""
        for g in reversed(self.games):
            if g.after is not None:
                return g.after
        first_to = self.row.options.get(MATCH)
        if first_to is None:
            return None
        match = getattr(self.state, "match", None)  # the game's own (its sides)
        if isinstance(match, dict):
            return MatchState.from_dict(match)
        board = self.text.board(self.state, 0, self.names)
        sides = len(board.tracks) if board is not None and board.tracks else \
            len(self.row.seats)
        return MatchState.new(int(first_to), sides)

    def match_info(self) -> dict[str, Any] | None:
        """The match as a page shows it: ``first_to``, the ``game`` being played, games
        ``won`` and game ``points`` by side, the ``winner`` (a side, once decided), and
        each game's number, commitment, seed (once that game is over) and whether it is
        over; ``None`` for a table of one game."""
        m = self.standing()
        if m is None:
            return None
        return {"first_to": m.first_to, "game": self.game.number, "won": list(m.won),
                "points": list(m.points), "winner": m.decided(), "line": self.match_line(m),
                "games": [{"number": g.number, "commitment": g.commitment,
                           "seed": g.seed if g.last is not None and self.seeded else None,
                           "over": g.last is not None} for g in self.games]}

    def match_line(self, m: MatchState) -> str:
        """Where the match stands in one line (plain), in the game's words with the
        sides' names (:meth:`~hoyle.interface.text.GameText.match_lines`): ``Game 2. Match,
        first to 2 games: Ann 1, Bob 0; game points 3-0 (ACC-12.1).`` (game points under
        ACC), and the winner once decided."""
        said = [plain(t) for t in self.text.match_lines(self.state, m, list(self.names))]
        if not said:
            said = [f"Match, first to {m.first_to} game{'s' if m.first_to != 1 else ''}: "
                    f"games won {'-'.join(map(str, m.won))}."]
        return " ".join([f"Game {self.game.number}.", *said])

    def read(self, seat: int, line: str) -> Action | Confirm:
        """The move a typed line stands for (the game's own reading, as the terminal's).

        Raises:
            WebError: not this seat's turn, or the line is not a move here.
        """
        self._check_turn(seat)
        try:
            move = self.text.read_move(line.strip(), self.state, seat)
        except HoyleError as e:
            raise WebError(str(e)) from None
        if move is None:
            raise WebError("type a move (or 'help')")
        return move

    def _check_turn(self, seat: int) -> None:
        if self.finished:
            raise WebError("the game is over")
        if self.state.current_player != seat:
            raise WebError("it is not your turn")

    def act(self, seat: int, action: Action, at: int) -> Step:
        """Seat ``seat`` takes ``action``, having seen the table at action number ``at``.

        Raises:
            WebError: not the seat's turn, ``at`` is not the table's number (a stale or
                replayed message), or the action is illegal; nothing stored or changed.
        """
        if at != self.seq:
            raise stale_move()
        self._check_turn(seat)
        return self._take(action)

    def _take(self, action: Action) -> Step:
        """Store and apply a person's ``action`` (:meth:`act`, :meth:`answer_window`).

        Raises:
            WebError: not stored, or illegal; nothing stored or changed.
        """
        try:
            return self._apply(action)
        except TableMoved:
            raise
        except StoreError as e:
            if e.cause is not None:  # the write failed (a full disk): nothing was played
                log.warning("a move was not stored", extra=event(table=self.id,
                                                                 cause=e.cause))
                raise WebError(f"not stored: {e.cause}; nothing was played") from None
            raise WebError(str(e)) from None
        except self.REFUSED as e:
            raise WebError(str(e)) from None

    REFUSED: tuple[type[HoyleError], ...] = (IllegalAction, StoreError)
    """What :meth:`act` turns into one ``WebError`` (the rest is a server fault)."""

    def next_automatic(self) -> tuple[str, int] | None:
        """What moves by itself next: ``("chance", CHANCE)``, ``("computer", seat)`` or
        ``("forced", seat)`` (a person's forced move, as the terminal makes it), or
        ``None`` (a person is to move, or the game is over)."""
        seat = self.state.current_player
        if seat == TERMINAL or self.finished:
            return None
        if seat == CHANCE:
            return ("chance", seat)
        if seat in self.players:
            if any(self.window_offer(p) is not None for p in self.person_seats()):
                return None  # a person is asked first, as the terminal asks him
            return ("computer", seat)
        if self.text.auto_move(self.state, seat) is not None:
            return ("forced", seat)
        return None

    def window_offer(self, seat: int | None) -> tuple[str, Action] | None:
        """An act the laws let the person at ``seat`` make while a computer is to move
        (the game's :meth:`~hoyle.interface.text.GameText.window`: écarté's king led as
        his first card and not announced, CLUB-24), not yet let pass: the question and the
        action a yes stands for. The computer's move waits for the answer
        (:meth:`next_automatic`), as the terminal asks before it; ``None``: nothing to
        offer."""
        if seat is None or self.finished or seat not in self.person_seats() \
                or (seat, self.seq) in self.declined:
            return None
        if self.state.current_player not in self.players:
            return None
        return self.text.window(self.state, seat)

    def answer_window(self, seat: int, yes: bool, at: int) -> Step | None:
        """The person's answer to :meth:`window_offer`: yes applies its act (stored
        first), no lets the window pass (the computer moves on).

        Raises:
            WebError: nothing is offered to this seat now, or ``at`` is stale.
        """
        offer = self.window_offer(seat)
        if offer is None:
            raise WebError("nothing is asked of you now")
        if at != self.seq:
            raise stale_move()
        if not yes:
            self.declined.add((seat, self.seq))
            return None
        return self._take(offer[1])

    def forced_names_a_card(self) -> bool:
        """Whether the person's forced move to be made next names a card (his only legal
        card; a go names none)."""
        seat = self.state.current_player
        if seat in self.players or seat in (CHANCE, TERMINAL) or self.finished:
            return False
        forced = self._forced(self.state, seat)
        return forced is not None and bool(forced.cards)

    def automatic_action(self) -> Action | None:
        """The action of :meth:`next_automatic` (a computer's choice may take a while: call
        it off the event loop), or ``None``: the game runner's
        (:func:`hoyle.engine.runner.next_action`: a person's choice gives ``None``; the
        caller has asked :meth:`next_automatic` already, so it is not asked again)."""
        if self.finished or self.state.current_player == TERMINAL:
            return None
        return next_action(self.state, self.players, Seeds(self._seed_int()), self._forced)

    def _forced(self, state: Any, seat: int) -> Action | None:
        """A person's forced move, as the terminal makes it (``None``: his choice)."""
        forced = self.text.auto_move(state, seat)
        return None if forced is None else forced[1]

    def apply_automatic(self, action: Action) -> Step:
        """Apply the action :meth:`automatic_action` chose (stored first)."""
        return self._apply(action)

    def run_automatic(self) -> list[Step]:
        """Apply automatic moves until a person is to move or the game ends (each stored,
        then applied), by the game runner."""
        done: list[Step] = []

        def step(action: Action) -> Any:
            done.append(self._apply(action))
            return self.state  # a match's next game, once one ends

        if self.next_automatic() is not None:
            play(self.state, self.players, forced=self._forced, apply=step)
        return done

    kind = "play"
    """The table's kind: ``"play"`` (seats for persons and computers) or ``"referee"``."""

    def help_lines(self, seat: int | None) -> list[str]:
        """What ``help`` says at this table: the page's own ways to move (no terminal
        command), and the coach where there is one."""
        lines = [WEB_HELP]
        if self.coached(seat):
            lines.append(HINT_HELP)
        return lines

    def word_list(self) -> frozenset[str]:
        """The words typed at the table that ask for something (help, a hint) rather than
        move."""
        return HELP_WORDS | HINT_WORDS | UNDO_WORDS

    def coached(self, seat: int | None) -> bool:
        """Whether ``seat`` may ask the coach (:meth:`hint_lines`): a person's seat at a
        table where every other seat is a computer's (as the terminal's ``hint``, never
        against another person), of a game with a coach."""
        return (seat is not None and self.seeded and seat in self.person_seats()
                and len(self.person_seats()) == 1 and self.spec.has(Capability.HINT))

    def hint_lines(self, seat: int | None) -> list[str]:
        """The coach's advice for ``seat``'s move now (plain lines): the game's
        :meth:`~hoyle.interface.registry.GameSpec.hint`, the same engine function the
        terminal's ``hint`` calls (for cribbage the discard table's three best with their
        expected hand, crib and net points, then the expert's move), from the seat's view
        only. Refused in one line against another person, off turn, or once it is over."""
        if not self.coached(seat):
            return ["The coach is for a game against the computer only."]
        assert seat is not None
        if self.finished or self.state.current_player != seat \
                or self.next_automatic() is not None:
            return ["A hint is for your own move: it is not your turn."]
        return [plain(line) for line in self.spec.hint(self.state, seat)]

    def undo(self, seat: int | None) -> int:
        """The coach's ``undo`` for ``seat``: his last decision and the computer's replies
        taken back, as the terminal takes them back (:func:`hoyle.interface.play.undo_point`:
        refused once a card has been turned since, or the computer has answered a proposal,
        or where the person counts his own points), at a table where he plays the computer
        alone (:meth:`coached`). The actions after it are dropped from the store and the
        game's undos counted (its record says how many), then the table is replayed.
        Returns the number of actions taken back.

        Raises:
            WebError: not a game against the computer, the game is over, or the undo is
                refused (the law or rule that refuses it said); nothing stored or changed.
        """
        keep = self._undo_keep(seat)
        game = self.game
        try:
            with self._written():
                self.store.take_back(self.id, keep, game.number, game.undos + 1)
        except StoreError as e:
            raise WebError(str(e)) from None
        taken = self.seq - keep
        log.info("undo", extra=event(table=self.id, seat=(seat or 0) + 1, taken=taken))
        self.row.actions = self.row.actions[:keep]
        games = self.row.games
        if not games or games[0].number != 1:  # a new table's row holds no game 1 yet
            games.insert(0, GameRow(1, self.row.seed, self.row.commitment, 0))
        for i, g in enumerate(games):
            if g.number == game.number:
                games[i] = replace(g, undos=game.undos + 1)
        self.state = self._first_state()
        self._replay()
        return taken

    def _undo_keep(self, seat: int | None) -> int:
        """How many of the table's actions :meth:`undo` keeps.

        Raises:
            WebError: see :meth:`undo`.
        """
        if not self.coached(seat):
            raise WebError("undo is for a game against the computer only")
        assert seat is not None
        if self.finished:
            raise WebError("the game is over: nothing to undo")
        record = self.state.to_record(seats=self.names)
        try:
            return self.game.first + undo_point(self.spec, self.text, self.state, record, seat)
        except UndoRefused as e:
            raise WebError(str(e)) from None

    def can_undo(self, seat: int | None) -> bool:
        """Whether :meth:`undo` would take something back for ``seat`` now: asked once a
        seat and action number (every frame of his asks; the answer replays the game)."""
        key = (self.seq, self.undos, seat)
        if self._undoable[0] != key:
            try:
                self._undo_keep(seat)
                self._undoable = (key, True)
            except WebError:
                self._undoable = (key, False)
        return self._undoable[1]

    _undoable: tuple[tuple[int, int, int | None] | None, bool] = (None, False)
    """The last :meth:`can_undo` answer, by (action number, undos, seat)."""

    @property
    def undos(self) -> int:
        """The person's undos at this table (every game)."""
        return sum(g.undos for g in self.games)

    def say(self, seat: int | None, word: str) -> list[str]:
        """The answer to one of :meth:`word_list` (plain lines)."""
        if word in HINT_WORDS:
            return self.hint_lines(seat)
        return self.help_lines(seat)

    # -- what a reader is sent -------------------------------------------------------------
    def lines(self, reader: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The event lines of the steps after number ``since``, as ``reader`` (a seat, or
        ``None`` for a spectator) may see them: ``{"n": step, "text": line}``."""
        out: list[dict[str, Any]] = []
        names = self.names_for(reader)
        for step in self.steps[max(0, since):]:
            seen = [e.seen_by(reader) for e in step.events]
            game = self.games[step.game - 1]
            # the terminal's own lines (a score's without its rule ID; rulings keep theirs)
            texts = self.text.play_event_lines(game.state, seen, names,
                                               -1 if reader is None else reader)
            out.extend({"n": step.n, "text": plain(t)} for t in texts if t)
            if game.last == step.n:
                out.extend({"n": step.n, "text": t} for t in self.game_lines(game, reader))
        return out

    def resync_lines(self, reader: int | None, since: int) -> list[dict[str, Any]]:
        """The lines a reader last sent action ``since`` is sent: :meth:`lines` after
        ``since``, but never more than one game's. From before the current game's start
        (a match's game ``k > 1``), what came after ``since`` is the earlier games (each in
        its own record) and game ``k``: the reader is sent the match summary (the last
        game's end, the tally and game ``k``'s start, :meth:`game_lines`, and where the
        earlier games' records are) and game ``k``'s lines, so a frame is bounded by one
        game whatever the match's length."""
        game = self.game
        if since >= game.first or game.number == 1:
            return self.lines(reader, since)
        before = self.games[game.number - 2]
        k = before.number
        summary = ["Game 1 of the match: its lines are in its record (record.json?game=1)."
                   if k == 1 else f"Games 1 to {k} of the match: their lines are in their "
                   f"records (record.json?game=1 to {k})."]
        summary.extend(self.game_lines(before, reader))
        return [{"n": game.first, "text": t} for t in summary] + self.lines(reader, game.first)

    def show_lines(self, reader: int | None, since: int = 0) -> list[str]:
        """The last show among the steps after ``since`` in the players' words, as the
        game holds it on screen (:meth:`~hoyle.interface.text.GameText.held_lines`: "fifteen
        two, fifteen four, and a pair is six"), as ``reader`` may see it; empty if none."""
        names = self.names_for(reader)
        for step in reversed(self.steps[max(0, since, self.game.first):]):
            seen = [e.seen_by(reader) for e in step.events]
            if self.text.hold(seen):
                return [plain(t) for t in self.text.held_lines(
                    self.state, seen, names, -1 if reader is None else reader) if t]
        return []

    def names_for(self, reader: int | None) -> list[str]:
        """The seats' names as ``reader`` reads them (his own seat: "You")."""
        return [("You" if i == reader else n) for i, n in enumerate(self.names)]

    def view(self, reader: int | None) -> Any:
        """What ``reader`` may know now: ``state.view(seat)``, or ``state.public_view()``
        for a spectator."""
        if reader is None:
            return self.state.public_view()
        return self.state.view(reader)

    def frame(self, reader: int | None, since: int) -> dict[str, Any]:
        """The update a reader is sent: the table's number, the lines after ``since``, the
        view, and for the seat to move its legal actions, the cards in them, the prompt
        and the decision's options."""
        names = self.names_for(reader)
        to_act = self.state.current_player
        seat = -1 if reader is None else reader
        automatic = self.next_automatic()
        mine = reader is not None and to_act == reader and not self.finished \
            and automatic is None  # a forced move is made for him
        legal = self.state.legal_actions() if mine else []
        frame: dict[str, Any] = {
            "type": "update", "kind": self.kind, "seq": self.seq, "seat": reader,
            "names": names,
            "board": jsonable(self.text.board(self.state, max(seat, 0), names)),
            "to_act": to_act, "finished": self.finished,
            "lines": self.resync_lines(reader, since),
            "show": self.show_lines(reader, since),
            "view": jsonable(self.view(reader)),
            "legal": [str(a) for a in legal],
            "legal_cards": sorted({str(c) for a in legal for c in a.cards}),
            "prompt": page_prompt(plain(self.text.prompt(self.state, seat, names))) if mine
            else FORCED_WORDS if automatic == ("forced", reader) else "",
            "decision": [plain(d) for d in self.text.decision_lines(self.state, seat)]
            if mine else [],
            "status": [_block(b) for b in self.text.status(self.state, seat, names)]
            if reader is not None and not self.finished else [],
            "coach": self.coached(reader),
            "rename": self.renamable(reader),
            "me": None if reader is None else self.names[reader],
            "ahead": self.text.ahead(self.state, reader)
            if reader is not None and not mine and not self.finished else 0,
            "undo": mine and self.can_undo(reader),
            "window": self._window_frame(reader),
            "undos": self.undos,
            "again": self._again_words(reader),
            "review": self.finished and self.reviewable(),
            "rating": self.rating_words.get(reader) if reader is not None and self.finished
            else None,
            "free_seats": self.free_seats(),
            "computers": sorted(self.players),
            "commitment": self.game.commitment,
            "seed": self.game.seed if self.finished else None,
            "match": self.match_info(),
        }
        return frame

    def _window_frame(self, reader: int | None) -> dict[str, str] | None:
        """The question of :meth:`window_offer` for ``reader`` (and the action a yes
        sends), or ``None``."""
        offer = self.window_offer(reader)
        if offer is None:
            return None
        question = re.sub(r"\s*\([a-z]+ or no\):?\s*$", "", plain(offer[0]).rstrip())
        return {"question": page_prompt(question), "action": str(offer[1])}

    def game_run(self, number: int | None) -> GameRun:
        """Game ``number`` of the table (``None``: the one being played, or the last).

        Raises:
            WebError: no such game (yet).
        """
        if number is None:
            return self.game
        if not 1 <= number <= len(self.games):
            raise WebError(f"no game {number} at this table (it has played "
                           f"{len(self.games)})")
        return self.games[number - 1]

    def record(self, reader: int | None, number: int | None = None) -> dict[str, Any]:
        """The downloadable record of game ``number`` (``None``: the current or last game;
        a match's every game has its own): the whole record (every card, the seed) once
        that game is over; until then only what ``reader`` may know (the header, the
        commitment, the number of the game's actions and the reader's own event lines of
        it). Either names the table (``web_table``: its id), so ``hoyle replay --verify``
        requires its commitment.

        Raises:
            WebError: no such game (yet).
        """
        game = self.game_run(number)
        if game.last is not None:
            data = game.state.to_record(seats=self.names,
                                        date=self.row.created[:10]).to_dict()
            if game.undos:  # the person's undos, as the terminal's record counts them
                data.setdefault("options", {})[UNDO_OPTION] = game.undos
            data["commitment"] = game.commitment
            data["web_table"] = self.id  # --verify then requires the commitment
            return data  # type: ignore[no-any-return]
        lines = [line["text"] for line in self.lines(reader, game.first)]
        return {"game": self.spec.name, "options": self.row.options, "seats": self.names,
                "commitment": game.commitment, "web_table": self.id,
                "match_game": game.number, "actions": self.seq - game.first,
                "redacted": True, "lines": lines}

    def unrated_games(self) -> list[tuple[int, int, int, list[tuple[str, str]]]]:
        """The finished games of a table dealt from seeds not yet handed to the ratings:
        (game number, the winning side, the number of sides: the result's scores, seat
        ``i`` on side ``i % sides``, each seat as ``("person", "")`` or ``("computer",
        player name)``); each is marked handed."""
        if not self.seeded:
            return []
        out = []
        seats = [("person", "") if s.kind == PERSON else ("computer", s.player or "")
                 for s in self.row.seats]
        for game in self.games:
            if game.last is None or game.number in self.rated:
                continue
            self.rated.add(game.number)
            result = game.state.result_dict() or {}
            scores = result.get("scores")
            if isinstance(result.get("winner"), int) and isinstance(scores, list):
                out.append((game.number, int(result["winner"]), len(scores), seats))
        return out

    def own_games(self, name: str) -> list[OwnGame]:
        """The finished games at this table of the person who sat under ``name`` (the
        name given, compared without case) against the computer alone, as the statistics
        count them (:func:`hoyle.interface.mystats.own_game`); each game summed once."""
        persons = self.person_seats()
        if self.kind != "play" or len(persons) != 1:
            return []
        seat = persons[0]
        given = self.row.seat_names[seat] if seat < len(self.row.seat_names) else None
        if given is None or given.casefold() != name.casefold():
            return []
        return self.own_games_at(seat)

    def own_games_at(self, seat: int) -> list[OwnGame]:
        """The finished games of the person at ``seat`` against the computer alone (none
        at a table of several persons, or a referee's), as the statistics count them."""
        if self.kind != "play" or self.person_seats() != [seat]:
            return []
        out = []
        for game in self.games:
            if game.last is None:
                continue
            if game.number not in self._own:
                seats = [HUMAN if i == seat else s.player for i, s in enumerate(self.row.seats)]
                self._own[game.number] = own_game(game.state.to_record(seats=seats))
            found = self._own[game.number]
            if found is not None:
                out.append(found)
        return out

    def summary(self) -> dict[str, Any]:
        """The lobby's line for this table (public)."""
        return {"id": self.id, "game": self.spec.title,
                "options": {k: v for k, v in self.row.options.items()},
                "seats": self.names, "free": self.free_seats(), "seq": self.seq,
                "finished": self.finished, "match": self.match_info(),
                "open": self.open_seats}


def _values(spec: GameSpec, options: Mapping[str, Any]) -> dict[str, Any]:
    values: dict[str, Any] = {o.name: o.default for o in spec.play_options()}
    values.update(options)
    values["opponent"] = spec.default_opponent
    return values


def seat_count(game: str, options: Mapping[str, Any]) -> int:
    """The number of seats of a table of ``game`` with ``options`` (the variant's).

    Raises:
        HoyleError: an unknown game, variant or option value.
    """
    spec = get_game(game)
    text = spec.text()
    return text.seat_count(text.new_play(0, _values(spec, options)).state)


TABLE_KINDS: dict[str, type[Table]] = {}
"""The classes of the tables whose first seat is of a special kind (``"referee"``:
:class:`hoyle.web.referee.RefereeTable`, which adds itself here when imported)."""


def table_class(row: TableRow) -> type[Table]:
    """The class of a stored table: by its first seat's kind (:data:`TABLE_KINDS`), else
    :class:`Table`."""
    return TABLE_KINDS.get(row.seats[0].kind, Table) if row.seats else Table


_CARD_WORD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHScdhs\u2663\u2666\u2665\u2660]\b|"
                        r"(?:10|[2-9TJQKA])[\u2663\u2666\u2665\u2660]")


def replay_fault(e: BaseException) -> str:
    """Why a stored table does not replay, as a log line or ``hoyle db check`` says it:
    the error's type, the action's number, and its words with every card hidden (a stored
    deal names the hidden hands).

    >>> from hoyle.errors import RecordError
    >>> replay_fault(RecordError("a deal needs 12 cards, not 11", 2, "DEAL KH 7H 10C"))
    'RecordError: action 3: a deal needs 12 cards, not 11'
    >>> replay_fault(RecordError("5H is not in the hand"))
    'RecordError: … is not in the hand'
    """
    text = str(e)
    if isinstance(e, HoyleError) and getattr(e, "index", None) is not None:
        text = text.replace(f" {getattr(e, 'action', '')!r}", "", 1)
    return f"{type(e).__name__}: {_CARD_WORD.sub('…', text)}"


_TABLE_ID = re.compile(r"[0-9a-f]{16}")
"""How a table's id reads (:meth:`Tables.create`: 8 random bytes in hex)."""


class Tables:
    """Every table of the server, loaded from the store at start (unfinished games go on
    where their stored actions left them).

    Args:
        store: the tables' storage.
    """

    def __init__(self, store: TableStore, fixed_seeds: bool = False) -> None:
        self.store = store
        self.fixed_seeds = fixed_seeds
        """Whether the tables' seeds are fixed (tests only): a match's next games are
        seeded from their table's (:attr:`Table.fixed_seeds`)."""
        self.tables: dict[str, Table] = {}
        """The tables this process holds (replayed, in memory): every table of an SQLite
        file; where several processes share the database (:attr:`TableStore.shared`),
        those read since it started that it has not let go (:meth:`forget`)."""
        self.unreadable: dict[str, str] = {}
        """Stored tables that do not replay (a damaged row): table id -> the reason. They
        are left in the store, untouched, and not served."""
        self.on_load: Callable[[Table], None] | None = None
        """Called with each table read after the start (:meth:`load`), once held."""
        if store.shared:  # each is read when it is first asked for (:meth:`get`)
            return
        for row in store.load_tables():
            if row.damaged is not None:
                self.unreadable[row.id] = row.damaged
                continue
            try:
                self.tables[row.id] = table_class(row)(row, store, fixed_seeds)
            except Exception as e:  # noqa: BLE001  one table's fault never stops the server
                self.unreadable[row.id] = f"its stored game does not replay " \
                    f"({replay_fault(e)})"

    def create(self, game: str, options: Mapping[str, Any], seats: Sequence[SeatKind],
               seed: int | None = None, open_seats: bool = False,
               first_dealer: int | None = None, again_of: str | None = None) -> Table:
        """A new table (stored), its chance moves and computers' moves made until a person
        is to move. The seed is drawn with :mod:`secrets` (128 bits) unless given. Its free
        seats are taken by anyone when ``open_seats``, else only with its invite link's
        secret (:attr:`TableRow.invite`, 128 bits from :mod:`secrets`).

        ``first_dealer``: the seat that deals first without a cut (a game played again,
        :meth:`Table.rematch_dealer`), kept with the options (:data:`FIRST_DEALER`).
        ``again_of``: the finished table whose players go on to this one
        (:meth:`play_again`).

        Raises:
            HoyleError: an unknown game, option, law code, variant or computer player, or
                the wrong number of seats.
        """
        spec = get_game(game)
        known = {o.name: o for o in table_options(spec)}
        clean: dict[str, Any] = {}
        for name, value in options.items():
            if name not in known:
                raise WebError(f"{spec.title} has no option {name!r}")
            clean[name] = check_match(value) if name == MATCH else value
        if first_dealer is not None:
            clean[FIRST_DEALER] = first_dealer
        longest = MATCH_LENGTHS[-1]
        if not any(s.kind == PERSON for s in seats) and (clean.get(MATCH) or 0) > longest:
            raise WebError(f"a match between computers is first to at most {longest} games, "
                           f"not {clean[MATCH]}")
        for s in seats:
            if s.kind == COMPUTER:
                spec.make_player(s.player)  # HoyleError: unknown player
            elif s.kind != PERSON:
                raise WebError(f"a seat is a {PERSON} or a {COMPUTER}, not {s.kind!r}")
        seed_text = str(secrets.randbits(128) if seed is None else seed)
        row = TableRow(secrets.token_hex(8), spec.name, clean, list(seats), seed_text,
                       commitment(seed_text),
                       datetime.datetime.now(datetime.timezone.utc).isoformat(
                           timespec="microseconds"),
                       [], [None] * len(seats),
                       invite=None if open_seats else secrets.token_urlsafe(16))
        table = Table(row, self.store, self.fixed_seeds or seed is not None)  # checks the
        # options and the seat count
        if again_of is None:
            self.store.create_table(row)
        else:
            made = self.store.create_again(again_of, row)
            if made != row.id:  # made by another process meanwhile
                raise _MadeElsewhere(made)
        self.tables[row.id] = table
        log.info("table made", extra=event(table=row.id, game=row.game, kind="play",
                                            seats=[s.player or s.kind for s in seats],
                                            open=open_seats))
        return table

    def play_again(self, table: Table, seed: int | None = None) -> tuple[Table, bool]:
        """The table ``table``'s players go on to ("Play again"): a new one of the same
        game, options and seats, its first dealer as the code says
        (:meth:`Table.rematch_dealer`), made once even where two server processes are
        asked at once (:meth:`TableStore.create_again`). Returns it, and whether this call
        made it (``False``: it was made before, here or by another process).

        Raises:
            WebError: ``table`` is not over, or its next table is no longer stored.
            StoreError: the store does not answer (nothing made).
        """
        first, _ = table.rematch_dealer()
        if table.again is None:
            try:
                new = self.create(table.spec.name,
                                  {k: v for k, v in table.row.options.items()
                                   if k != FIRST_DEALER},
                                  list(table.row.seats), seed, open_seats=table.open_seats,
                                  first_dealer=first, again_of=table.id)
                table.row.again = new.id
                return new, True
            except _MadeElsewhere as e:
                table.row.again = e.table_id
        found = self.load(str(table.again))
        if found is None:
            raise WebError("the next table is no longer stored")
        return found, False

    def add(self, table: Table) -> None:
        """Serve a new table (already stored), e.g. a referee table
        (:func:`hoyle.web.referee.create_referee`)."""
        self.tables[table.id] = table
        log.info("table made", extra=event(table=table.id, game=table.row.game,
                                            kind=table.kind))

    def stats_for(self, name: str) -> list[GameStats]:
        """The statistics of the person who plays under ``name`` (display name, compared
        without case): his finished games against the computer at every table, by game
        and variant, the figures of ``hoyle stats --mine``
        (:func:`hoyle.interface.mystats.totals`).

        Raises:
            WebError: not a name a seat could be given (:func:`display_name`).
        """
        given = display_name(name)
        if given is None:
            return []
        if not self.store.shared:
            return totals(o for t in self.tables.values() for o in t.own_games(given))
        read = (self.tables.get(i) or self.read(i) for i in self.store.named_tables(given))
        return totals(o for t in read if t is not None for o in t.own_games(given))

    def stats_at(self, seats: Sequence[tuple[str, int]]) -> list[GameStats]:
        """The statistics of the person who sat at ``seats`` ((table id, seat) each: an
        account's), as :meth:`stats_for` counts a name's; a table gone is skipped."""
        found = []
        for table_id, seat in seats:
            try:
                table = self.get(table_id)
            except (WebError, StoreError):
                continue
            found.extend(table.own_games_at(seat))
        return totals(found)

    def open_ids(self) -> list[str]:
        """The unfinished tables anyone may sit at (no invite link), oldest first: those
        held, or, where processes share the database, those stored.

        Raises:
            StoreError: the shared database does not answer.
        """
        if self.store.shared:
            return self.store.open_tables()
        return [t.id for t in self.tables.values() if not t.finished and t.open_seats]

    def forget(self, table_id: str) -> None:
        """Let go of a held table (where processes share the database: no socket of it is
        open here and nothing drives it here); it is read again when next asked for."""
        self.tables.pop(table_id, None)

    def get(self, table_id: str) -> Table:
        """The table ``table_id``.

        Raises:
            WebError: no such table.
            StoreError: the shared database does not answer (the table may exist: the
                server answers 503, never "no such table").
        """
        table = self.tables.get(table_id)
        if table is None and self.store.shared:  # made by another server process
            try:
                table = self.load(table_id)
            except StoreError as e:
                raise StoreError(f"the table cannot be read now: {e.cause or e}",
                                 e.cause or str(e)) from None  # the page answers 503
        if table is None:
            raise WebError("no such table")
        return table

    def load(self, table_id: str) -> Table | None:
        """Table ``table_id`` read from the store and served from now (another server
        process made it), or ``None``: no such table, or it does not replay (noted in
        :attr:`unreadable`).

        Raises:
            StoreError: the store does not answer.
        """
        if table_id in self.tables:
            return self.tables[table_id]
        table = self.read(table_id)
        if table is not None:
            self.tables[table.id] = table
            if self.on_load is not None:
                self.on_load(table)
        return table

    def read(self, table_id: str) -> Table | None:
        """Table ``table_id`` as stored, replayed but not held (:meth:`load` holds it), or
        ``None``: no such table, or it does not replay (noted in :attr:`unreadable`).

        Raises:
            StoreError: the store does not answer.
        """
        if not _TABLE_ID.fullmatch(table_id):
            return None
        row = self.store.load_table(table_id)
        if row is None or row.damaged is not None:
            return None
        try:
            return table_class(row)(row, self.store, self.fixed_seeds)
        except Exception as e:  # noqa: BLE001  one table's fault never stops the server
            self.unreadable[row.id] = f"its stored game does not replay ({replay_fault(e)})"
            return None
