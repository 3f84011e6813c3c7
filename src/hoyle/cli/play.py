"""An interactive game of cribbage in the terminal against a computer player.

Ctrl-C, end of input or ``quit`` saves the game as a record; ``hoyle play --resume FILE``
continues it exactly where it stopped (every random choice is derived from the seed and the
position, :class:`hoyle.cribbage.match.GameRng`).
"""

from __future__ import annotations

import datetime
import re
import shlex
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from hoyle.cards import parse_cards
from hoyle.cli.render import board, cards_markup, event_lines, status_lines
from hoyle.cli.session import PlaySession
from hoyle.cribbage.laws import get_code
from hoyle.cribbage.players import Player, make_player
from hoyle.cribbage.records import replay_record
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState, Phase
from hoyle.errors import HoyleError, IllegalAction, RecordError
from hoyle.cribbage.match import GameRng
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.event import Event
from hoyle.engine.laws import LawCode
from hoyle.engine.records import GameRecord

__all__ = ["CribbageSession", "HUMAN"]

HUMAN = "human"
"""The seat name that marks the person at the keyboard in a record."""

HELP = ("Type cards as rank then suit: 5h, 10c, TC, 10♥ (A 2-9 T/10 J Q K; C D H S). "
        "At a claim type the points (Enter for none); 'go' when no card fits; 'heels' (the "
        "dealer, a jack turned, before his first card). The game is saved after every move; "
        "'quit' stops, and hoyle play --resume FILE continues.")


class CribbageSession(PlaySession[CribbageState]):
    """A game between the person at the keyboard and computer players.

    Args:
        console: where to print and read.
        state: the game (new or resumed).
        players: the computer player of every other seat, by seat.
        human_seat: the person's seat.
        seed: the game's seed (recorded; every random choice flows from it).
        save_path: where the record is written, after every move.
        date: the date the game started (ISO).
    """

    def __init__(self, console: Console, state: CribbageState, players: dict[int, Player],
                 human_seat: int, seed: int, save_path: Path, date: str) -> None:
        super().__init__(console, state, human_seat, save_path, date)
        self.players = players
        self.rng = GameRng(seed)
        self.names = seat_names(state.rules.players, human_seat,
                                next(iter(players.values())).name)
        self.side_names = side_names(state.rules, self.names)

    def seats(self) -> list[str]:
        """Seat names for the record: ``human`` and the computer players' kinds."""
        return [HUMAN if i == self.human else self.players[i].name
                for i in range(self.state.rules.players)]

    def _print_events(self, events: list[Event]) -> None:
        for line in event_lines(events, self.names, self.human,
                                itemize=not self.state.manual_count,
                                side_names=self.side_names):
            self.console.print(line)

    def step(self) -> None:
        """Make one move: a chance outcome, a computer player's, or the person's."""
        s = self.state
        n = len(s.history)
        seat = s.current_player
        if seat == CHANCE:
            self._print_events(s.apply(s.sample_chance(self.rng.chance(n))))
            return
        if seat != self.human:
            action = self.players[seat].choose(s.view(seat), s.legal_actions(),
                                               self.rng.player(seat, n))
            self._print_events(s.apply(action))
            return
        legal = s.legal_actions()
        if s.phase == Phase.PLAY and legal[0].verb == "GO" and \
                all(a.verb != "PLAY" for a in legal) and not s.heels_due:
            self.console.print(f"You cannot play within 31 (count {s.count}).")
            self._print_events(s.apply(legal[0]))
            return
        self._show_status()
        while True:
            action = self._ask(s)
            try:
                events = s.apply(action)
            except IllegalAction as e:
                self.console.print(f"[red]{escape(str(e))}[/red]")
                continue
            self._print_events(events)
            return

    def _show_status(self) -> None:
        view = self.state.view(self.human)
        self.console.print()
        self.console.print(board(view, self.side_names))
        for line in status_lines(view, self.names):
            self.console.print(line)

    def _prompt(self, s: CribbageState) -> str:
        view = s.view(self.human)
        if s.phase == Phase.DISCARD:
            k = s.rules.discard_per_player
            whose = "your" if view.is_dealer else \
                f"{self.names[view.dealer].split(' (')[0]}'s" if view.dealer is not None else "the"
            noun = "card" if k == 1 else "cards"
            return f"Lay away {k} {noun} to {whose} crib: "
        if s.phase == Phase.CLAIM:
            if view.claim == "play":
                return f"Points for your {cards_markup(view.count_cards[-1:])}? \\[0] "
            if view.claim == "go":
                return "Points for the last card (the go)? \\[0] "
            _, what, cards = view.shown[-1]
            return (f"Count your {what}: {cards_markup(cards)} + starter "
                    f"{cards_markup([view.starter] if view.starter else [])}. Points? \\[0] ")
        if s.phase == Phase.DECISION:
            words = "/".join(a.word for a in s.legal_actions())
            return f"Your choice \\[{words}]: "
        playable = [a.cards[0] for a in s.legal_actions() if a.verb == "PLAY"]
        heels = " or 'heels'" if view.heels_due else ""
        if not playable:
            return f"You cannot play within 31: type 'go'{heels}: "
        return (f"Play a card (count {s.count}; playable: {cards_markup(playable)}){heels}: ")

    def _confirm(self, prompt: str) -> bool:
        return self.read(prompt).strip().lower() in ("y", "yes")

    def _ask(self, s: CribbageState) -> Action:
        """Prompt until the text reads as an action of the right shape."""
        if s.phase == Phase.DECISION:
            view = s.view(self.human)
            for a, text in zip(s.legal_actions(), view.decision):
                self.console.print(f"  [bold]{a.word}[/bold]: {escape(text)}")
        while True:
            text = self.read(self._prompt(s)).strip()
            low = text.lower()
            if low in ("help", "?", "h"):
                self.console.print(HELP)
                continue
            if s.phase == Phase.CLAIM:
                if not low:
                    return Action("CLAIM", n=0)
                if not re.fullmatch(r"[0-9]{1,3}", low):
                    self.console.print("[red]Type the number of points you claim, e.g. 4 "
                                       "(just Enter for none).[/red]")
                    continue
                n = int(low)
                side = s.rules.side_of(self.human)
                if s.scores[side] + n >= s.rules.target and not self._confirm(
                        f"A claim of {n} takes you to {s.scores[side] + n} and ends the game "
                        "if it is right (a false claim of game loses it). Claim it? [y/N] "):
                    continue
                return Action("CLAIM", n=n)
            if s.phase == Phase.DECISION:
                if not low:
                    continue
                return Action("CHOOSE", word=low)
            if low.startswith("amend"):
                parts = low.split()
                if len(parts) != 2 or not re.fullmatch(r"[0-9]{1,3}", parts[1]):
                    self.console.print("[red]amend N: N is your corrected claim for the "
                                       "card you just played, e.g. amend 4[/red]")
                    continue
                return Action("AMEND", n=int(parts[1]))
            if low == "heels":
                if s.dealer != self.human:
                    self.console.print("[red]Only the dealer takes two for his heels.[/red]")
                    continue
                return Action("HEELS")
            if low == "go" and s.phase == Phase.PLAY:
                return Action("GO")
            try:
                cards = parse_cards(text)
            except HoyleError as e:
                self.console.print(f"[red]{escape(str(e))}[/red]")
                continue
            if s.phase == Phase.DISCARD:
                k = s.rules.discard_per_player
                if len(cards) != k:
                    self.console.print(f"[red]Name exactly {k} card{'s' if k > 1 else ''}, "
                                       f"e.g. {'5h 10c' if k > 1 else '10c'}.[/red]")
                    continue
                return Action("DISCARD", cards)
            if len(cards) != 1:
                self.console.print("[red]Name one card to play, e.g. 7d.[/red]")
                continue
            return Action("PLAY", cards)


def seat_names(players: int, human: int, kind: str) -> list[str]:
    """Names for the seats: "You" and the computers (by their place at the table)."""
    if players == 2:
        others = [f"Computer ({kind})"]
    elif players == 3:
        others = [f"Left ({kind})", f"Right ({kind})"]
    else:
        others = [f"Left ({kind})", f"Partner ({kind})", f"Right ({kind})"]
    return [others[(seat - human - 1) % players] if seat != human else "You"
            for seat in range(players)]


def side_names(rules: CribbageRules, names: list[str]) -> list[str]:
    """Names for the scoring sides (partners together in four-hand)."""
    if not rules.partnerships:
        return names
    return [" & ".join(n.split(" (")[0] for i, n in enumerate(names)
                       if rules.side_of(i) == side) for side in range(rules.sides)]


def law_code(laws: str, muggins: bool) -> LawCode:
    """The law code for a game, with muggins announced if asked (ACC-10.1).

    Raises:
        HoyleError: unknown code, or muggins under a code that has none.
    """
    if muggins and laws.lower() != "acc":
        raise HoyleError("muggins is an option of the ACC code (ACC-10.1); "
                         f"the {laws} code has none")
    return get_code(laws, muggins="acc") if muggins else get_code(laws)


def new_session(console: Console, seed: int, opponent: str, save_path: Path,
                manual_count: bool = False, laws: str = "ew",
                variant: str = "six-card", muggins: bool = False) -> CribbageSession:
    """A new game of ``variant`` against computer ``opponent`` players (the person is
    seat 0; the cut decides the deal). With ``manual_count`` the person claims his own points
    under the law code ``laws``.

    Raises:
        HoyleError: unknown opponent, variant or law code.
    """
    rules = CribbageRules.for_variant(variant)
    players = {seat: make_player(opponent) for seat in range(1, rules.players)}
    code = law_code(laws, muggins)
    state = CribbageState(rules, seed=seed, laws=code, manual_count=manual_count)
    return CribbageSession(console, state, players, 0, seed, save_path,
                           datetime.date.today().isoformat())


def resume_session(console: Console, path: Path) -> CribbageSession:
    """Continue the saved game in ``path``.

    Raises:
        RecordError: the file is not a valid saved game against the computer, or the game
            is already over.
    """
    record = GameRecord.load(path)
    if record.options.get("referee"):
        raise RecordError(f"that is a refereed game: hoyle referee cribbage --resume {shlex.quote(str(path))}")
    if record.seed is None:
        raise RecordError("the record has no seed, so it cannot be resumed")
    if record.seats.count(HUMAN) != 1:
        raise RecordError("not a saved game between a person and the computer")
    state, _ = replay_record(record)
    if len(record.seats) != state.rules.players:
        raise RecordError("the record's seats do not match its variant")
    human = record.seats.index(HUMAN)
    try:
        players = {i: make_player(name) for i, name in enumerate(record.seats) if i != human}
    except HoyleError as e:
        raise RecordError(str(e)) from None
    if state.is_terminal():
        raise RecordError(f"that game is over (use: hoyle replay {shlex.quote(str(path))})")
    session = CribbageSession(console, state, players, human, record.seed, path,
                              record.date or datetime.date.today().isoformat())
    console.print(f"Resuming the game in {escape(str(path))} "
                  f"({len(record.actions)} actions, deal {state.deal_number}).")
    return session
