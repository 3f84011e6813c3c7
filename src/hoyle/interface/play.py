"""A game against the computer without a screen: :class:`PlayDriver` makes the moves that
need no person (chance, the computer players, a forced move), takes the person's, and keeps
the coach's ``hint`` and ``undo``. Every interface that plays (the line mode's
``hoyle.cli.session.PlaySession``, the full-screen ``hoyle.tui``) drives a game through it,
so they play the same game from the same seed and write the same record.

Every random choice is drawn from the seed and the move's index by the game runner
(:mod:`hoyle.engine.runner`), so a resumed or an undone game goes on as it would have.
"""

from __future__ import annotations

import dataclasses
import shlex
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hoyle.engine.action import CHANCE, Action
from hoyle.engine.event import Event
from hoyle.engine.records import GameRecord
from hoyle.engine.runner import Seeds, next_action, walk
from hoyle.interface.registry import UNDO_OPTION
from hoyle.interface.text import HUMAN, Block, Confirm, GameText, PlayGame
from hoyle.errors import HoyleError, UndoRefused

if TYPE_CHECKING:
    from hoyle.interface.registry import GameSpec

__all__ = ["TURNED", "UNDO_OPTION", "PlayDriver", "Step", "decision_marks", "undo_point"]


TURNED = "the cards have been turned since your last decision: no undo"
"""Why an undo is refused once a chance outcome has come since the person's last
decision (:meth:`PlayDriver.undo`)."""


DASH = "\u2013"
"""Between the scores of a result (``121–96``)."""

_RULING_KINDS = frozenset({"ruling", "choice", "score"})
"""The events that settle a move (the coach speaks after them)."""


@dataclasses.dataclass(frozen=True)
class Step:
    """What one move the person did not make led to: the line said first (a forced move's),
    if any, and the events."""

    said: str | None
    events: list[Event]


class PlayDriver:
    """A game between the person (``game.human``) and computer players.

    Args:
        spec: the game's registry entry (:func:`hoyle.interface.registry.get_game`).
        game: the game (new or resumed), its computer players and the person's seat.
        seed: the game's seed.
        undos: the undos already made (a resumed record's :data:`UNDO_OPTION`).
    """

    def __init__(self, spec: GameSpec, game: PlayGame, seed: int, undos: int = 0) -> None:
        self.spec = spec
        self.text: GameText = spec.text()
        self.game = game
        self.state: Any = game.state
        self.human = game.human
        self.players = game.players
        self.seed = seed
        self.seeds = Seeds(seed)
        self.undos = undos
        self.names = self.text.play_names(game)
        self._coached: list[str] = []  # the coach's lines on the person's last move

    # -- the record -----------------------------------------------------------------------
    def seats(self) -> list[str]:
        """Seat names for the record: ``human`` and the computer players' kinds."""
        return [HUMAN if i == self.human else self.players[i].name
                for i in range(self.text.seat_count(self.state))]

    def record(self) -> GameRecord:
        """The game so far as a record (the undos counted in its options)."""
        record: GameRecord = self.state.to_record(seats=self.seats(), date=self.game.date)
        if self.undos:
            record.options[UNDO_OPTION] = self.undos
        return record

    # -- the moves ------------------------------------------------------------------------
    def finished(self) -> bool:
        """Whether the game is over."""
        return bool(self.state.is_terminal())

    def persons_turn(self) -> bool:
        """Whether the person is to move now (and no forced move is his)."""
        s = self.state
        return (not s.is_terminal() and s.current_player == self.human
                and self.text.auto_move(s, self.human) is None)

    def window(self) -> tuple[str, Action] | None:
        """An act the laws let the person make now though a computer player is to move
        (:meth:`GameText.window`): the question and the action a yes stands for; ``None``
        when there is none, or the person or chance is to move."""
        s = self.state
        if self.finished() or s.current_player in (CHANCE, self.human):
            return None
        return self.text.window(s, self.human)

    def step(self) -> Step:
        """Make one move that is not the person's to choose: a chance outcome, a computer
        player's, or the person's forced move.

        Raises:
            HoyleError: the game is over or the person is to choose.
        """
        s = self.state
        if self.finished() or self.persons_turn():
            raise HoyleError("no move to make without the person")
        computers = {seat: p for seat, p in self.players.items() if seat != self.human}
        action = next_action(s, computers, self.seeds)
        if action is not None:
            return Step(None, s.apply(action))
        forced = self.text.auto_move(s, self.human)
        assert forced is not None
        said, action = forced
        return Step(said, s.apply(action))

    def read(self, line: str) -> Action | Confirm | None:
        """The person's move a line stands for (the game's :meth:`GameText.read_move`).

        Raises:
            HoyleError: the line is not a move here.
        """
        return self.text.read_move(line.strip(), self.state, self.human)

    def play(self, action: Action) -> list[Event]:
        """Apply the person's move.

        Raises:
            IllegalAction: not a legal move now (the game is left as it was).
        """
        coached = self.text.coach_lines(self.state, self.human, action)
        events = list(self.state.apply(action))
        self._coached = coached
        return events

    def lines(self, events: Sequence[Event]) -> list[str]:
        """The lines for ``events`` as the person saw them, then what the coach says of
        the person's move that led to them (the game's :meth:`GameText.coach_lines`)."""
        coached, self._coached = self._coached, []
        if not coached:
            return self.text.play_event_lines(self.state, events, self.names, self.human)
        # the coach speaks after the move's own rulings and scores, before what follows
        head = 0
        while head < len(events) and events[head].kind in _RULING_KINDS:
            head += 1
        return [*self.text.play_event_lines(self.state, events[:head], self.names,
                                            self.human), *coached,
                *self.text.play_event_lines(self.state, events[head:], self.names,
                                            self.human)]

    def summary(self) -> list[str]:
        """The finished game's summary for the person (the game's
        :meth:`GameText.summary_lines`, from the record replayed); empty while the game
        goes on."""
        if not self.finished():
            return []
        state, events = self.spec.replay_record(self.record())
        return self.text.summary_lines(state, events, self.names, self.human)

    def result_line(self) -> str:
        """The finished game's result in one line, as the table's banner says it (the web
        table's words): ``Game over: You win, 121–96.`` (a side's name where another side
        wins; partners' names joined by ``&`` win; the winner's score first, then the
        others' in seat order, as the record and the log give them); ``The game is over.``
        when the record holds no winner and scores."""
        result = self.record().result or {}
        winner, scores = result.get("winner"), result.get("scores")
        if not isinstance(winner, int) or not isinstance(scores, list) or \
                not 0 <= winner < len(scores):
            return "The game is over."
        board = self.text.board(self.state, self.human, self.names)
        sides = [t.name for t in board.tracks] if board is not None else list(self.names)
        if winner == self.human % len(scores):
            who = "You win"
        else:
            name = sides[winner] if winner < len(sides) else f"side {winner + 1}"
            who = f"{name} {'win' if ' & ' in name else 'wins'}"
        shown = [scores[winner], *(s for i, s in enumerate(scores) if i != winner)]
        return f"Game over: {who}, {DASH.join(str(s) for s in shown)}."

    def past_lines(self) -> list[str]:
        """The log of the game so far as the person saw it, from its record replayed (a
        resumed game's log opens with it): each move's lines, a forced move's line first;
        not the coach's words on his moves (said once, when made)."""
        record = self.record()
        state: Any = self.spec.state_for_record(dataclasses.replace(record, actions=[],
                                                                     result=None))
        out: list[str] = []
        for _, action in walk(state, record.actions, lambda events: out.extend(
                self.text.play_event_lines(state, events, self.names, self.human))):
            if state.current_player == self.human:  # a forced move's line, said first
                forced = self.text.auto_move(state, self.human)
                if forced is not None and forced[0] and forced[1] == action:
                    out.append(forced[0])
        return out

    # -- the review -----------------------------------------------------------------------
    def can_review(self) -> bool:
        """Whether the game is over and its game has a review for games like it
        (:meth:`~hoyle.interface.registry.GameSpec.can_review`): the interfaces offer it then."""
        return self.finished() and self.spec.can_review(self.record())

    def review_command(self, path: str) -> str:
        """The command that prints the person's review later: ``hoyle review PATH --seat
        N`` (the path quoted for a shell)."""
        return f"hoyle review {shlex.quote(path)} --seat {self.human}"

    def review(self, path: str) -> list[Block]:
        """The person's decisions reviewed, as ``hoyle review PATH --seat N`` shows them
        (:func:`hoyle.interface.review.review_blocks`; ``path`` names the record file).

        Raises:
            HoyleError: the game is not over, or has no review.
        """
        from hoyle.interface.review import review_blocks

        if not self.finished():
            raise HoyleError("the game is still in progress: it is reviewed once it is over")
        return review_blocks(self.spec.review(self.record(), self.human), path)

    # -- the coach ------------------------------------------------------------------------
    def hint(self, coach: str | None = None) -> list[str]:
        """The coach's advice for the person's move now (the game's
        :meth:`~hoyle.interface.registry.GameSpec.hint`; ``coach`` a computer player's
        name, as ``hint master`` asks it).

        Raises:
            HoyleError: it is not the person's move; no player named ``coach``.
        """
        if not self.persons_turn():
            raise HoyleError("a hint is for your own move: it is not your turn")
        return self.spec.hint(self.state, self.human, coach)

    def undo_points(self) -> list[int]:
        """The number of actions before each of the person's decisions so far (forced
        moves not counted), from the record replayed."""
        return decision_marks(self.spec, self.text, self.record(), self.human)[0]

    def undo(self) -> int:
        """Take back the person's last decision and the computer's replies: the game is
        the record's actions replayed up to that decision (:func:`undo_point`). Returns the
        actions taken back.

        Raises:
            UndoRefused: see :func:`undo_point` (the game is left as it was).
        """
        n = len(self.state.history)
        keep = undo_point(self.spec, self.text, self.state, self.record(), self.human)
        record = self.record()
        options = {k: v for k, v in record.options.items() if k != UNDO_OPTION}
        state, _ = self.spec.replay_record(dataclasses.replace(
            record, options=options, actions=record.actions[:keep], result=None))
        self.state = state
        self.game.state = state
        self.undos += 1
        return n - keep


def decision_marks(spec: GameSpec, text: GameText, record: GameRecord, human: int
                   ) -> tuple[list[int], list[int], list[tuple[int, str]]]:
    """The game of ``record`` replayed: the number of actions before each of the person's
    (seat ``human``) decisions (forced moves not counted), the indices of the chance
    outcomes (a card turned, dealt or drawn), and those of the other seats' answers that
    end undo (:meth:`GameText.undo_barrier`), with why.

    Raises:
        RecordError: the record does not replay.
    """
    state: Any = spec.state_for_record(dataclasses.replace(record, actions=[], result=None))
    points, chance = [], []
    answers: list[tuple[int, str]] = []
    for i, action in walk(state, record.actions):
        if state.current_player == CHANCE:
            chance.append(i)
        elif state.current_player == human:
            if text.auto_move(state, human) is None:
                points.append(i)
        elif (why := text.undo_barrier(state, action)) is not None:
            answers.append((i, why))
    return points, chance, answers


def undo_point(spec: GameSpec, text: GameText, state: Any, record: GameRecord,
               human: int) -> int:
    """How many of the game's actions an ``undo`` keeps: those before the person's (seat
    ``human``) last decision, so that it and the computer's replies are taken back
    (``record``: the game of ``state`` so far). The terminal's rule, the web's too.

    Undo is refused once a chance outcome (the starter, a new deal, écarté's turn-up or
    draws) has come since that decision: every random choice is drawn from the seed and
    the move's index, so the person would see the card before deciding again; and so it
    is once the computer has answered that decision in a way the game says ends undo
    (:meth:`GameText.undo_barrier`: écarté's refusal or acceptance of a proposal).

    Raises:
        UndoRefused: undo is not allowed in this game (manual counting; the game's
            :meth:`GameText.undo_allowed`), there is nothing to undo, or the cards have
            been turned or the computer has answered since the person's last decision.
    """
    why = text.undo_allowed(state)
    if why is not None:
        raise UndoRefused(why)
    n = len(state.history)
    marks, chance, answers = decision_marks(spec, text, record, human)
    points = [p for p in marks if p < n]
    if not points:
        raise UndoRefused("nothing to undo: you have not moved yet")
    if any(c > points[-1] for c in chance):
        raise UndoRefused(TURNED)
    for i, why in answers:
        if i > points[-1]:
            raise UndoRefused(why)
    return points[-1]
