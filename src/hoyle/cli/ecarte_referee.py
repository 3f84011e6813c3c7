"""Referee mode for écarté: a score keeper and umpire for a game played with real cards.

``hoyle referee ecarte [--laws oh|club] [--names A,B] [--save FILE] [--resume FILE]``. The
table enters what happens in the action language of records (``CUT 9C``, ``DEAL 32 …``,
``TURN 7S``, ``STAND``, ``PROPOSE``, ``ACCEPT``, ``DISCARD 7H 8C``, ``DRAW …``, ``PLAY KS``,
``KING``, ``REPORT too_many 0 9D``, ``CHOOSE fresh_deal``), with shortcuts: bare cards for
the act the phase expects, bare words (stand, propose, accept, refuse, king) and a bare word
at a decision. The engine keeps the score and prints each ruling with its law ID.
"""

from __future__ import annotations

import datetime
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hoyle.cards import parse_cards
from hoyle.cli.session import RecordedSession
from hoyle.cli.render import ecarte_event_lines
from hoyle.ecarte.laws import get_code
from hoyle.ecarte.records import replay_record
from hoyle.ecarte.state import REPORTS, EcarteState, Phase
from hoyle.errors import HoyleError
from hoyle.engine.action import Action
from hoyle.engine.event import Event
from hoyle.engine.records import GameRecord

__all__ = ["EcarteRefereeSession", "parse_table_input", "new_referee", "resume_referee"]

VERBS = ("CUT", "DEAL", "TURN", "STAND", "PROPOSE", "ACCEPT", "REFUSE", "DISCARD", "DRAW",
         "TAKE", "PLAY", "KING", "CHOOSE", "REPORT")
HELP = ("Enter what happens: cards for the act asked for (the deal: the pattern then the "
        "elder hand's five and the dealer's five, e.g. '32 7h 8h ... '), 'stand', "
        "'propose', 'accept', 'refuse', 'king', an option at a decision, 'report KIND [SEAT] "
        "[CARDS]' ('menu' lists them), 'score', 'quit'. Full actions work too: 'PLAY KS'.")


def parse_table_input(state: EcarteState, text: str) -> Action:
    """Read one line from the table as an action for ``state``.

    Raises:
        HoyleError: the line is not an action (unreadable cards, empty line).
    """
    words = text.split()
    if not words:
        raise HoyleError("nothing entered: type 'help' for what to enter")
    head = words[0].upper()
    if state.phase == Phase.DECISION and head not in ("CHOOSE", "REPORT") and \
            words[0].lower() in {a.word for a in state.legal_actions()}:
        # An option word that is also a verb (stand, draw, take, refuse, discard).
        return Action("CHOOSE", parse_cards(words[1:]) if len(words) > 1 else (),
                      word=words[0].lower())
    if head in VERBS:
        return Action.parse(text)
    if head in ("STAND", "PLAY") and len(words) == 1:
        return Action("STAND")
    phase = state.phase
    if phase == Phase.DECISION:
        return Action("CHOOSE", parse_cards(words[1:]) if len(words) > 1 else (),
                      word=words[0].lower())
    if phase == Phase.DEAL:
        if words[0] not in ("32", "23") or len(words) != 11:
            raise HoyleError("enter the deal's pattern, 32 (three then two) or 23 (two then "
                             "three), then the ten cards: the elder hand's five, then the "
                             "dealer's")
        return Action.parse("DEAL " + text)
    verb = {Phase.CUT_FOR_DEAL: "CUT", Phase.TURN_UP: "TURN", Phase.DISCARD: "DISCARD",
            Phase.DRAW: "DRAW", Phase.PLAY: "PLAY"}.get(phase)
    if phase == Phase.RECTIFY:
        verb = "DISCARD" if state.current_player >= 0 else \
            ("TAKE" if state.steps[0][0] == "draw_surplus" else "DRAW")
    if verb is None:
        raise HoyleError("enter an action, e.g. 'stand' or 'accept'")
    return Action(verb, parse_cards(text))


class EcarteRefereeSession(RecordedSession[EcarteState]):
    """A referee session at a real table.

    Args:
        console: where to print and read.
        state: the game, in referee mode.
        names: the players' names, by seat.
        save_path: where the record is written.
        date: the date the game started (ISO).
    """

    game = "ecarte"
    help_text = HELP

    def menu(self) -> None:
        """Print what the table can report."""
        laws = self.state.laws
        assert laws is not None
        t = Table(title=f"Irregularities ({laws.name.upper()}): report KIND [SEAT] [CARDS]")
        t.add_column("kind")
        t.add_column("law")
        t.add_column("what happened")
        for word, (text, _, _) in sorted(REPORTS.items()):
            if word in ("too_many", "too_few"):
                law = "by who and when"  # classified into the code's finer kinds
            elif word in laws.kinds:
                law = laws.law_for(word).id
            else:
                continue  # this code has no law for it
            t.add_row(word, law, text)
        self.console.print(t)

    def prompt(self) -> str:
        """What the table is asked for now."""
        s = self.state
        who = self.names[s.to_act] if 0 <= s.to_act < 2 else ""
        if s.phase == Phase.CUT_FOR_DEAL:
            return f"{self.names[s.cuts.index(None)]} cuts for the deal (a card): "
        if s.phase == Phase.DEAL:
            assert s.dealer is not None and s.elder is not None
            return (f"{self.names[s.dealer]} deals: pattern (32 or 23), then "
                    f"{self.names[s.elder]}'s five and {self.names[s.dealer]}'s five: ")
        if s.phase == Phase.TURN_UP:
            return "The turn-up: "
        if s.phase == Phase.PROPOSAL:
            return f"{who} stands or proposes: "
        if s.phase == Phase.ANSWER:
            return f"{who} accepts or refuses: "
        if s.phase == Phase.DISCARD:
            return f"{who} discards: "
        if s.phase == Phase.DRAW:
            assert s.serving is not None
            return f"The cards {self.names[s.serving]} takes from the stock: "
        if s.phase == Phase.PLAY:
            return f"{who} plays a card (or 'king'): "
        if s.phase == Phase.RECTIFY:
            return "The cards (as the law directs): "
        if s.phase == Phase.DECISION:
            return f"{who} chooses \\[{'/'.join(a.word for a in s.legal_actions())}]: "
        return ""

    def show_options(self) -> None:
        """Print the options of a decision, if one is due."""
        s = self.state
        if s.phase == Phase.DECISION:
            view = s.view(s.to_act)
            for a, text in zip(s.legal_actions(), view.decision):
                card = f" {a.cards[0]}" if a.cards else ""
                self.console.print(f"  option [bold]{a.word}{card}[/bold]: {escape(text)}")

    def parse(self, text: str) -> Action:
        """The action a line of table input stands for (:func:`parse_table_input`)."""
        return parse_table_input(self.state, text)

    def show_board(self) -> None:
        """Print the score."""
        s = self.state
        self.console.print(f"[bold]Score[/bold] {escape(self.names[0])} {s.scores[0]}, "
                           f"{escape(self.names[1])} {s.scores[1]}")

    def print_events(self, events: list[Event]) -> None:
        """Print the events, and the score when it or the deal changed."""
        for line in ecarte_event_lines(events, self.names, None):
            self.console.print(line)
        if any(e.kind in ("score", "new_deal", "game_over") for e in events):
            self.show_board()


def new_referee(console: Console, laws: str, names: list[str] | None,
                save_path: Path) -> EcarteRefereeSession:
    """A new refereed game of écarté under the code ``laws``.

    Raises:
        HoyleError: unknown law code, or not two names.
    """
    if names is None:
        names = ["Seat 0", "Seat 1"]
    if len(names) != 2 or not all(names):
        raise HoyleError("give two names, e.g. --names Alice,Bob")
    state = EcarteState(laws=get_code(laws), referee=True)
    assert state.laws is not None
    console.print(f"Refereeing écarté under {escape(state.laws.title)}. Type 'help' for what "
                  "to enter, 'menu' for the irregularities.")
    return EcarteRefereeSession(console, state, names, save_path,
                                datetime.date.today().isoformat())


def resume_referee(console: Console, path: Path) -> EcarteRefereeSession:
    """Continue a refereed game from its record.

    Raises:
        RecordError: the file is not a valid record; HoyleError: not a refereed game.
    """
    record = GameRecord.load(path)
    state, _ = replay_record(record)
    if not state.referee:
        raise HoyleError("that record is not a refereed game")
    names = record.seats if len(record.seats) == 2 else ["Seat 0", "Seat 1"]
    console.print(f"Resuming the refereed game in {escape(str(path))} "
                  f"({len(record.actions)} actions).")
    return EcarteRefereeSession(console, state, names, path,
                                record.date or datetime.date.today().isoformat())
