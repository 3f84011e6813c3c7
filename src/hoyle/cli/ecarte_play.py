"""An interactive game of écarté in the terminal against a computer player.

``hoyle play ecarte [--laws oh|club] [--seed N] [--opponent rules|random] [--save FILE]``;
``hoyle play ecarte --resume FILE`` continues a saved game. Ctrl-C, end of input or ``quit``
saves the game as a record; every random choice is derived from the seed and the position
(:mod:`hoyle.ecarte.match`), so a resumed game continues exactly as it would have.
"""

from __future__ import annotations

import datetime
import shlex
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from hoyle.cards import parse_cards
from hoyle.cli.render import cards_markup, ecarte_event_lines, ecarte_status_lines
from hoyle.cli.session import PlaySession
from hoyle.ecarte.laws import get_code
from hoyle.ecarte.match import chance_rng, seat_rng
from hoyle.ecarte.players import Player, make_player
from hoyle.ecarte.records import replay_record
from hoyle.ecarte.rules import EcarteRules
from hoyle.ecarte.state import EcarteState, Phase
from hoyle.errors import HoyleError, IllegalAction, RecordError
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.event import Event
from hoyle.engine.records import GameRecord

__all__ = ["EcarteSession", "new_session", "resume_session", "HUMAN"]

HUMAN = "human"
"""The seat name that marks the person at the keyboard in a record."""

HELP = ("Cards are rank then suit: 7h, 10c, TC, KS (K Q J A 10 9 8 7; C D H S). At the "
        "proposal type 'stand' (play) or 'propose'; the dealer 'accept' or 'refuse'; discard "
        "by naming cards (dealer: Enter for none); 'king' announces the king of trumps "
        "before your first card. 'quit' saves the game.")


class EcarteSession(PlaySession[EcarteState]):
    """A game of écarté between the person at the keyboard and a computer player.

    Args:
        console: where to print and read.
        state: the game (new or resumed).
        computer: the computer player.
        human_seat: the person's seat (0 or 1).
        seed: the game's seed.
        save_path: where the record is written, after every move.
        date: the date the game started (ISO).
    """

    def __init__(self, console: Console, state: EcarteState, computer: Player,
                 human_seat: int, seed: int, save_path: Path, date: str) -> None:
        super().__init__(console, state, human_seat, save_path, date)
        self.computer = computer
        self.seed = seed
        self.names = ["You" if s == human_seat else f"Computer ({computer.name})"
                      for s in (0, 1)]

    def seats(self) -> list[str]:
        """Seat names for the record."""
        return [HUMAN if s == self.human else self.computer.name for s in (0, 1)]

    def _print(self, events: list[Event]) -> None:
        for line in ecarte_event_lines(events, self.names, self.human):
            self.console.print(line)

    def step(self) -> None:
        """Make one move: a chance outcome, a computer player's, or the person's."""
        s = self.state
        n = len(s.history)
        seat = s.current_player
        if seat == CHANCE:
            self._print(s.apply(s.sample_chance(chance_rng(self.seed, n))))
            return
        if seat != self.human:
            action = self.computer.choose(s.view(seat), s.legal_actions(),
                                          seat_rng(self.seed, seat, n))
            self._print(s.apply(action))
            return
        legal = s.legal_actions()
        if len(legal) == 1 and legal[0].verb != "KING":
            only = legal[0]
            if only.verb == "PLAY":
                self.console.print(f"Your only card: {cards_markup(only.cards)}.")
                self._print(s.apply(only))
                return
            if only.verb == "STAND":
                self.console.print("The stock cannot serve you: you play.")
                self._print(s.apply(only))
                return
        if s.rules.auto_announce_king and any(a.verb == "KING" for a in legal):
            self._print(s.apply(Action("KING")))
            return
        view = s.view(self.human)
        self.console.print()
        for line in ecarte_status_lines(view, self.names):
            self.console.print(line)
        while True:
            action = self._ask(s)
            try:
                events = s.apply(action)
            except IllegalAction as e:
                self.console.print(f"[red]{escape(str(e))}[/red]")
                continue
            self._print(events)
            return

    def prompt(self) -> str:
        """The question for the person now."""
        s = self.state
        legal = s.legal_actions()
        king = " or 'king'" if any(a.verb == "KING" for a in legal) else ""
        if s.phase == Phase.PROPOSAL:
            return "Stand (play) or propose? \\[stand/propose]: "
        if s.phase == Phase.ANSWER:
            return "Your adversary proposes. Accept or refuse? \\[accept/refuse]: "
        if s.phase == Phase.DISCARD:
            sizes = sorted({len(a.cards) for a in legal if a.verb == "DISCARD"})
            extra = " (Enter for none)" if sizes and sizes[0] == 0 else ""
            return f"Discard {sizes[0]}-{sizes[-1]} cards{extra}{king}: "
        if s.phase == Phase.RECTIFY:
            k = len(legal[0].cards)
            return f"Lay out {k} card(s) (OH-10 / CLUB-15): "
        if s.phase == Phase.DECISION:
            words = "/".join(a.word for a in legal)
            return f"Your choice \\[{words}]: "
        playable = [a.cards[0] for a in legal if a.verb == "PLAY"]
        return f"Play a card (playable: {' '.join(str(c) for c in playable)}){king}: "

    def _ask(self, s: EcarteState) -> Action:
        """Prompt until the text reads as an action of the right shape."""
        if s.phase == Phase.DECISION:
            view = s.view(self.human)
            for a, text in zip(s.legal_actions(), view.decision):
                self.console.print(f"  [bold]{a.word}[/bold]: {escape(text)}")
        while True:
            text = self.read(self.prompt()).strip()
            low = text.lower()
            if low in ("help", "?", "h"):
                self.console.print(HELP)
                continue
            if low == "king":
                return Action("KING")
            if s.phase == Phase.PROPOSAL and low in ("stand", "play", "s", "p", "propose"):
                return Action("PROPOSE") if low in ("propose", "p") else Action("STAND")
            if s.phase == Phase.ANSWER and low in ("accept", "refuse", "a", "r"):
                return Action("ACCEPT") if low.startswith("a") else Action("REFUSE")
            if s.phase == Phase.DECISION:
                if not low:
                    continue
                parts = low.split()
                return Action("CHOOSE", parse_cards(parts[1:]) if len(parts) > 1 else (),
                              word=parts[0])
            if s.phase in (Phase.PROPOSAL, Phase.ANSWER):
                self.console.print("[red]Type one of the words in brackets.[/red]")
                continue
            try:
                cards = parse_cards(text) if text else ()
            except HoyleError as e:
                self.console.print(f"[red]{escape(str(e))}[/red]")
                continue
            if s.phase in (Phase.DISCARD, Phase.RECTIFY):
                return Action("DISCARD", cards)
            if len(cards) != 1:
                self.console.print("[red]Name one card to play, e.g. 7d.[/red]")
                continue
            return Action("PLAY", cards)


def new_session(console: Console, seed: int, opponent: str, save_path: Path,
                laws: str = "club", rules: EcarteRules | None = None) -> EcarteSession:
    """A new game against the computer ``opponent`` under the code ``laws`` (the person is
    seat 0; the cut decides the deal).

    Raises:
        HoyleError: unknown opponent or law code.
    """
    computer = make_player(opponent)
    state = EcarteState(rules, seed=seed, laws=get_code(laws))
    return EcarteSession(console, state, computer, 0, seed, save_path,
                         datetime.date.today().isoformat())


def resume_session(console: Console, path: Path) -> EcarteSession:
    """Continue the saved écarté game in ``path``.

    Raises:
        RecordError: not a valid saved écarté game against the computer, or already over.
    """
    record = GameRecord.load(path)
    if record.options.get("referee"):
        raise RecordError(f"that is a refereed game: hoyle referee ecarte --resume {shlex.quote(str(path))}")
    if record.seed is None:
        raise RecordError("the record has no seed, so it cannot be resumed")
    if len(record.seats) != 2 or record.seats.count(HUMAN) != 1:
        raise RecordError("not a saved game between a person and the computer")
    state, _ = replay_record(record)
    human = record.seats.index(HUMAN)
    try:
        computer = make_player(record.seats[1 - human])
    except HoyleError as e:
        raise RecordError(str(e)) from None
    if state.is_terminal():
        raise RecordError(f"that game is over ({len(record.actions)} actions)")
    console.print(f"Resuming the game in {escape(str(path))} "
                  f"({len(record.actions)} actions, deal {state.deal_number}).")
    return EcarteSession(console, state, computer, human, record.seed, path,
                         record.date or datetime.date.today().isoformat())
