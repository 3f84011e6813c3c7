"""Referee mode: a digital cribbage board and umpire for a game played with real cards.

The table reports what happens in the action language of records (``CUT 9C``, ``DEAL …``,
``DISCARD 5H 6C``, ``STARTER JD``, ``PLAY 7S``, ``GO``, ``CLAIM 6``, ``HEELS``, ``AMEND 8``,
``REPORT touched_pegs 1``, ``CHOOSE takedown``), with shortcuts: bare cards for the act the
phase expects, a bare number for a claim, a bare word at a decision. The engine keeps the
score and prints each ruling with its law ID and the options open to the offended player.
The session is saved as a record and replays like any game.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hoyle.cards import parse_cards
from hoyle.cli.session import RecordedSession
from hoyle.cli.render import board, event_lines
from hoyle.cribbage.records import replay_record
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import DETECTED_KINDS, CribbageState, Phase
from hoyle.errors import HoyleError
from hoyle.engine.action import Action
from hoyle.engine.event import Event
from hoyle.engine.records import GameRecord

__all__ = ["RefereeSession", "parse_table_input"]

VERBS = ("CUT", "DEAL", "DISCARD", "STARTER", "PLAY", "GO", "CLAIM", "CHOOSE", "HEELS",
         "AMEND", "REPORT")

HELP = ("Enter what happens at the table: cards for the act asked for (e.g. '7s'), 'go', a "
        "number at a claim, an option at a decision; 'heels' (dealer's two for his heels), "
        "'amend N', 'report KIND [SEAT]' for an irregularity ('menu' lists them), "
        "'board' (or 'score') for the score, 'quit' to save and stop. Full actions work too: 'PLAY 7S'.")


def parse_table_input(state: CribbageState, text: str,
                      names: Sequence[str] = ()) -> Action:
    """Read one line from the table as an action for ``state``. A player's name may stand
    for his seat number (``report touched_pegs Bob``).

    Raises:
        HoyleError: the line is not an action (unreadable cards, empty line, wrong shape).
    """
    words = text.split()
    if not words:
        raise HoyleError("nothing entered: type 'help' for what to enter")
    head = words[0].upper()
    if head == "REPORT" and len(words) == 3 and not re.fullmatch(r"[0-9]+", words[2]):
        lowered = [n.lower() for n in names]
        if words[2].lower() not in lowered:
            raise HoyleError(f"no player {words[2]!r}: name a player or give a seat number "
                             f"({', '.join(f'{i} = {n}' for i, n in enumerate(names))})")
        words[2] = str(lowered.index(words[2].lower()))
        text = " ".join(words)
    if head == "AMEND" and (len(words) != 2 or not re.fullmatch(r"[0-9]{1,3}", words[1])):
        raise HoyleError("amend names the corrected points, e.g. amend 4")
    if head in VERBS:
        return Action.parse(text)
    phase = state.phase
    if phase == Phase.CLAIM:
        if re.fullmatch(r"[0-9]{1,3}", text.strip()):
            return Action("CLAIM", n=int(text.strip()))
        raise HoyleError("enter the points claimed, e.g. 6 (0 for none)")
    if phase == Phase.DECISION:
        return Action("CHOOSE", word=text.strip().lower())
    cards = parse_cards(text)
    verb = {Phase.CUT_FOR_DEAL: "CUT", Phase.DEAL: "DEAL", Phase.DISCARD: "DISCARD",
            Phase.STARTER: "STARTER", Phase.PLAY: "PLAY"}.get(phase)
    if verb is None:
        raise HoyleError("the game is over")
    return Action(verb, cards)


class RefereeSession(RecordedSession[CribbageState]):
    """A referee session at a real table.

    Args:
        console: where to print and read.
        state: the game (new or resumed), in referee mode.
        names: the players' names, by seat.
        save_path: where the record is written.
        date: the date the game started (ISO).
    """

    game = "cribbage"
    help_text = HELP

    def menu(self) -> None:
        """Print the irregularities the table can report, with their laws."""
        laws = self.state.laws
        assert laws is not None
        t = Table(title=f"Irregularities ({laws.name.upper()}): report KIND [SEAT]")
        t.add_column("kind")
        t.add_column("law")
        t.add_column("what happened")
        for kind in laws.kinds:
            if kind in DETECTED_KINDS:
                continue
            t.add_row(kind, laws.law_for(kind).id, laws.kind_text.get(kind, ""))
        self.console.print(t)

    def prompt(self) -> str:
        """What the table is asked for now."""
        s = self.state
        names = [escape(n) for n in self.names]
        who = names[s.to_act] if 0 <= s.to_act < len(names) else ""
        if s.phase == Phase.CUT_FOR_DEAL:
            seat = s.cuts.index(None)
            return f"{names[seat]} cuts for the deal (a card): "
        if s.phase == Phase.DEAL:
            assert s.dealer is not None
            k = s.rules.cards_dealt
            seats = s.seat_order()
            order = ", then ".join(f"{names[x]}'s" for x in seats)
            extra = ", then the crib card from the stock" if s.rules.crib_cards_from_stock \
                else ""
            total = k * len(seats) + s.rules.crib_cards_from_stock
            return (f"{names[s.dealer]} deals: {k} cards each; all {total} on one line "
                    f"({order}{extra}): ")
        if s.phase == Phase.DISCARD:
            n = s.rules.discard_per_player
            return f"{who} lays away {n} card{'s' if n != 1 else ''}: "
        if s.phase == Phase.STARTER:
            return "The starter (the card turned up): "
        if s.phase == Phase.PLAY:
            return f"{who} plays a card or says go (count {s.count}): "
        if s.phase == Phase.CLAIM:
            assert s.claim is not None
            what = {"play": "the card just played", "go": "the last card (go)",
                    "hand": "the hand", "crib": "the crib"}[s.claim.what]
            return f"{who} claims how many points for {what}? "
        if s.phase == Phase.DECISION:
            words = "/".join(a.word for a in s.legal_actions())
            return f"{who} chooses \\[{words}]: "
        return ""

    def on_start(self) -> None:
        """Print the board."""
        self.show_board()

    def show_options(self) -> None:
        """Print the options of a decision, if one is due."""
        s = self.state
        if s.phase == Phase.DECISION:
            view = s.view(s.to_act)
            for a, text in zip(s.legal_actions(), view.decision):
                self.console.print(f"  option [bold]{a.word}[/bold]: {escape(text)}")

    def parse(self, text: str) -> Action:
        """The action a line of table input stands for (:func:`parse_table_input`)."""
        return parse_table_input(self.state, text, self.names)

    def show_board(self) -> None:
        """Print the board."""
        self.console.print(board(self.state.view(0), self.names))

    def print_events(self, events: list[Event]) -> None:
        """Print the events, and the board when a score or the deal changed."""
        for line in event_lines(events, self.names, None, itemize=False):
            self.console.print(line)
        if any((e.kind == "score" and e.points) or e.kind in ("new_deal", "game_over")
               for e in events):
            self.show_board()


def new_referee(console: Console, laws: str, names: list[str] | None, save_path: Path,
                variant: str = "six-card", muggins: bool = False) -> RefereeSession:
    """A new refereed game of ``variant`` under the code ``laws``.

    Raises:
        HoyleError: unknown law code or variant, or the wrong number of names.
    """
    from hoyle.cli.play import law_code

    rules = CribbageRules.for_variant(variant)
    if names is None:
        names = [f"Seat {i}" for i in range(rules.players)]
    if len(names) != rules.players or not all(names) or len(set(names)) != len(names):
        raise HoyleError(f"give {rules.players} different names, e.g. --names "
                         + ",".join(["Alice", "Bob", "Carol", "Dan"][:rules.players]))
    state = CribbageState(rules, laws=law_code(laws, muggins), referee=True)
    console.print(f"Refereeing {rules.variant} cribbage under "
                  f"{escape(state.laws.title if state.laws else '')}"
                  f"{' (muggins announced)' if muggins else ''}. "
                  "Type 'help' for what to enter, 'menu' for the irregularities.")
    return RefereeSession(console, state, names, save_path, datetime.date.today().isoformat())


def resume_referee(console: Console, path: Path) -> RefereeSession:
    """Continue a refereed game from its record.

    Raises:
        RecordError: the file is not a valid record of a refereed game.
    """
    record = GameRecord.load(path)
    state, events = replay_record(record)
    if not state.referee:
        raise HoyleError("that record is not a refereed game")
    n = state.rules.players
    names = record.seats if len(record.seats) == n else [f"Seat {i}" for i in range(n)]
    console.print(f"Resuming the refereed game in {escape(str(path))} "
                  f"({len(record.actions)} actions).")
    return RefereeSession(console, state, names, path,
                          record.date or datetime.date.today().isoformat())

