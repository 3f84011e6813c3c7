"""Écarté at a keyboard, for any interface: what to ask in each phase, how a typed line
becomes an action (against the computer and at a refereed table), the help, the referee's
menu and the opening lines. Strings in, strings and actions out
(:class:`hoyle.interface.text.GameText`); the terminal sessions are in :mod:`hoyle.cli`.

>>> from hoyle.ecarte.laws import get_code
>>> from hoyle.ecarte.state import EcarteState
>>> state = EcarteState(laws=get_code("club"), referee=True)
>>> parse_table_input(state, "9c").verb
'CUT'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hoyle.cards import derive_rng, parse_cards, parse_cards_in
from hoyle.ecarte.rules import EcarteRules, trick_rank
from hoyle.engine.state import read_scores
from hoyle.ecarte.laws import get_code
from hoyle.ecarte.players import make_player
from hoyle.ecarte.records import replay_record
from hoyle.ecarte.laws import REPORT_WORDS
from hoyle.ecarte.phase import StepKind
from hoyle.ecarte.referee import FACTS
from hoyle.ecarte.state import EcarteState, Phase
from hoyle.ecarte.text import event_lines, status_lines
from hoyle.engine.action import Action, choice_words
from hoyle.engine.event import Event
from hoyle.engine.records import GameRecord
from hoyle.engine.series import MatchState
from hoyle.interface.tally import game_seed
from hoyle.interface.text import (HUMAN, Area, Block, Confirm, GameText, PlayGame,
                               TextTable, card_markup, cards_markup, check_play_record,
                               escape)
from hoyle.errors import HoyleError, RecordError

__all__ = ["EcarteText", "HELP", "REFEREE_HELP", "parse_table_input"]

HELP = ("Cards are rank then suit: 7h, 10c, TC, KS (K Q J A 10 9 8 7; C D H S). At the "
        "proposal type 'stand' (play) or 'propose'; the dealer 'accept' or 'refuse'; discard "
        "by naming cards (dealer: Enter for none); 'king' announces the king of trumps "
        "before your first card. 'quit' saves the game.")
"""What ``help`` prints in a game against the computer."""

REFEREE_HELP = (
    "Enter what happens: cards for the act asked for (the deal: the pattern then the "
    "elder hand's five and the dealer's five, e.g. '32 7h 8h ... '), 'stand', "
    "'propose', 'accept', 'refuse', 'king', an option at a decision, 'report KIND [SEAT] "
    "[CARDS]' ('menu' lists them), 'score', 'quit'. Full actions work too: 'PLAY KS'.")
"""What ``help`` prints when refereeing."""

VERBS = ("CUT", "DEAL", "TURN", "STAND", "PROPOSE", "ACCEPT", "REFUSE", "DISCARD", "DRAW",
         "TAKE", "PLAY", "KING", "CHOOSE", "REPORT")
"""The verbs a line of table input may begin with (the action language of records)."""


ANSWERED = "the computer has answered your proposal: no undo"
"""Why undo is refused once the dealer has accepted or refused the person's proposal."""


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
    if head == "KING" and len(words) == 1 and state.phase == Phase.PLAY:
        return Action("KING", n=king_seat(state))
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
    verbs: dict[str, str] = {Phase.CUT_FOR_DEAL: "CUT", Phase.TURN_UP: "TURN",
                             Phase.DISCARD: "DISCARD", Phase.DRAW: "DRAW", Phase.PLAY: "PLAY"}
    verb = verbs.get(phase)
    if phase == Phase.RECTIFY:
        verb = "DISCARD" if state.current_player >= 0 else \
            ("TAKE" if state.steps[0].kind is StepKind.DRAW_SURPLUS else "DRAW")
    if verb is None:
        raise HoyleError("enter an action, e.g. 'stand' or 'accept'")
    return Action(verb, parse_cards(text))


def led_king_window(state: EcarteState, seat: int) -> bool:
    """Whether ``seat`` played the king of trumps as his first card, unannounced, and may
    still announce it though another seat is to move (CLUB-24: the elder hand until it is
    played to, the dealer before his next card; ``held_king_window = club_24``)."""
    k = state.trump_king
    return (state.phase == Phase.PLAY and k is not None and state.to_act != seat
            and [c for p, c in state.played if p == seat][:1] == [k]
            and state.king_window(seat))


def king_seat(state: EcarteState) -> int:
    """Whose king a bare ``king`` typed at the table announces: the seat to play, unless
    the king of trumps is on the table as the other seat's first card and his CLUB-24
    window is open (the seat to play cannot hold it then); a seat without the king is
    ruled for a false king (CLUB-25, HGIE-5)."""
    seat = state.to_act
    other = 1 - seat
    if 0 <= seat < 2 and not state.king_window(seat) and led_king_window(state, other):
        return other
    return seat


FACE_DOWN = "▒"
"""A card face down, as a full-screen table draws it."""


def move_words(action: Action) -> str:
    """An action as the person types it (cards ``kh 7c``, a choice's word and cards, else
    the verb's word)."""
    if action.verb == "CHOOSE":
        return " ".join([action.word, *(str(c).lower() for c in action.cards)])
    if action.cards:
        return " ".join(str(c).lower() for c in action.cards)
    if action.verb == "DISCARD":  # the dealer takes no cards (Enter, or "none")
        return "none"
    return action.word or action.verb.lower()


def hint(state: EcarteState, seat: int, coach: str = "expert") -> list[str]:
    """The coach: what the expert player (or the player named ``coach``) would do now, from
    ``seat``'s view only (drawn from the game's seed and the move's index). Empty when
    ``seat`` is not to move.

    Raises:
        HoyleError: no écarté player named ``coach``.
    """
    name = coach.strip().lower()
    player = make_player(name, state.rules)
    if state.is_terminal() or state.current_player != seat:
        return []
    choice = player.choose(state.view(seat), state.legal_actions(),
                           derive_rng(state.seed, "hint", len(state.history)))
    label = name if name == "expert" else f"{name} player"
    return [f"The {escape(label)} would type: [bold]{escape(move_words(choice))}[/bold]"]


def _new_match(first_to: int | None, seed: int | None) -> dict[str, Any] | None:
    """A new match of first to ``first_to`` games (``--match``), or ``None``."""
    return None if first_to is None else MatchState.new(first_to, 2, seed).to_dict()


def _match_words(state: EcarteState) -> str:
    """``, a match: game 2, first to 3 games`` for a game of a match, else ``""``."""
    if state.match is None:
        return ""
    n = state.match["first_to"]
    return f", a match: game {state.match['number']}, first to {n} game{'s' if n != 1 else ''}"


class EcarteText(GameText):
    """Écarté's :class:`hoyle.interface.text.GameText`."""

    help_text = HELP
    referee_help = REFEREE_HELP
    play_command_help = "Play écarté against the computer (game of five)."
    referee_save = "hoyle-referee-ecarte.json"
    law_id_example = "CLUB-17 or OH-9"
    stats_roles = (("elder", "elder hand"), ("dealer", "dealer"))

    def seat_count(self, state: EcarteState) -> int:
        """Two."""
        return 2

    def undo_barrier(self, state: EcarteState, action: Action) -> str | None:
        """The dealer's answer to a proposal (``ACCEPT`` or ``REFUSE``, ECARTE-R-8) ends
        undo of the proposal: the person would propose again, or not, knowing it."""
        if action.verb in ("ACCEPT", "REFUSE"):
            return ANSWERED
        return None

    def event_lines(self, events: Sequence[Event], names: Sequence[str],
                    viewer: int | None) -> list[str]:
        """:func:`hoyle.ecarte.text.event_lines`."""
        return event_lines(events, names, viewer)

    # -- a game against the computer ------------------------------------------------------
    def play_event_lines(self, state: Any, events: Sequence[Event], names: Sequence[str],
                         seat: int) -> list[str]:
        """The events as ``seat`` saw them, a score's line without its rule ID (as
        cribbage's in play); rulings keep their law IDs."""
        return event_lines(events, names, seat, cite=False)

    def new_play(self, seed: int, values: Mapping[str, Any]) -> PlayGame:
        """A new game against the computer ``values["opponent"]`` under the code
        ``values["laws"]`` (the person is seat 0; the cut decides the deal)."""
        state = EcarteState(EcarteRules.from_options(dict(values.get("rule_options", {}))),
                            seed=seed, laws=get_code(values["laws"],
                                                     **values.get("law_params", {})),
                            match=_new_match(values.get("match"), seed))
        return PlayGame(state, {1: make_player(values["opponent"], state.rules)}, 0)

    def play_banner(self, game: PlayGame, seed: int, values: Mapping[str, Any]) -> str:
        """``Écarté, game of 5, against the rules player, laws CLUB. …`` (never the seed: it
        derives the computer's hand and every deal to come)."""
        return (f"[bold]Écarté[/bold], game of {game.state.rules.target}, "
                f"against the {values['opponent']} player, laws {values['laws'].upper()}"
                f"{_match_words(game.state)}. "
                "Type 'help' for help, 'quit' to save and stop.")

    def resume_play(self, record: GameRecord, path: Path) -> PlayGame:
        """The saved écarté game in ``record``, between one person and the computer, not
        over."""
        check_play_record(record, path, "ecarte")
        if len(record.seats) != 2 or record.seats.count(HUMAN) != 1:
            raise RecordError("not a saved game between a person and the computer")
        state, _ = replay_record(record, seeded=True)
        human = record.seats.index(HUMAN)
        try:
            computer = make_player(record.seats[1 - human], state.rules)
        except HoyleError as e:
            raise RecordError(str(e)) from None
        if state.is_terminal():
            raise RecordError(f"that game is over ({len(record.actions)} actions)")
        if record.date:
            return PlayGame(state, {1 - human: computer}, human, record.date)
        return PlayGame(state, {1 - human: computer}, human)

    def play_names(self, game: PlayGame) -> list[str]:
        """"You" and "Computer (KIND)"."""
        return ["You" if s == game.human else f"Computer ({game.players[s].name})"
                for s in (0, 1)]

    def auto_move(self, state: EcarteState, seat: int) -> tuple[str | None, Action] | None:
        """The only card; the stand when the stock cannot serve; the king announced when
        the rules announce it."""
        legal = state.legal_actions()
        if len(legal) == 1 and legal[0].verb != "KING":
            only = legal[0]
            if only.verb == "PLAY":
                return f"Your only card: {cards_markup(only.cards)}.", only
            if only.verb == "STAND":
                return "The stock cannot serve you: you play.", only
        if state.rules.auto_announce_king and any(a.verb == "KING" for a in legal):
            return None, Action("KING")
        return None

    def window(self, state: EcarteState, seat: int) -> tuple[str, Action] | None:
        """The king of trumps the person played as his first card without announcing it,
        while CLUB-24's window is open (the computer is to play to it, or to lead before
        the person's next card): ask whether he announces it now."""
        if not led_king_window(state, seat):
            return None
        return ("You played the king of trumps without announcing it; you may still "
                "(CLUB-24). Announce it? (king or no): ", Action("KING", n=seat))

    def status(self, state: EcarteState, seat: int, names: Sequence[str],
               width: int | None = None) -> list[Block]:
        """A blank line, the score, the turn-up, the trick and the hand."""
        return ["", *status_lines(state.view(seat), names)]

    def typed(self, action: Action) -> str:
        """:func:`move_words`."""
        return move_words(action)

    # -- a full-screen table ---------------------------------------------------------------
    def table_areas(self, state: EcarteState, seat: int, names: Sequence[str]
                    ) -> list[Area]:
        """The score to five (ECARTE-R-7), the turn-up and trump, the trick area and the
        tricks of this hand, the cards played so far, the hands (the seat's own, the other
        face down)."""
        view = state.view(seat)
        score = tuple(f"{escape(names[s])}: [bold]{view.scores[s]}[/bold] of {view.target}"
                      + ("  (dealer)" if view.dealer == s else "") for s in (0, 1))
        areas = [Area(f"Score (game {view.target})", score)]
        trump = view.trump.name.lower() if view.trump is not None else "none"
        areas.append(Area("Turn-up", (f"{cards_markup([view.turn_up]) if view.turn_up else '—'}"
                                      f"   trumps: {trump}   stock: {view.stock_size}",)))
        trick = " ".join(f"{escape(names[s])} {card_markup(c)}" for s, c in view.trick)
        areas.append(Area("Trick", (trick or "—", "tricks: " + "   ".join(
            f"{escape(names[s])} {view.tricks[s]}" for s in (0, 1)))))
        areas.append(Area("Played so far", tuple(
            f"{escape(names[s])}: {cards_markup([c for p, c in view.played if p == s])}"
            for s in (0, 1))))
        hand = sorted(view.hand, key=lambda c: (c.suit, -trick_rank(c)))
        other = 1 - seat
        areas.append(Area("Hands", (f"{escape(names[seat])}: {cards_markup(hand)}",
                                    f"{escape(names[other])}: "
                                    f"{FACE_DOWN * view.hand_sizes[other] or '—'}")))
        return areas

    def decision_lines(self, state: EcarteState, seat: int) -> list[str]:
        """The options of a decision due to the person, one a line."""
        if state.phase != Phase.DECISION:
            return []
        view = state.view(seat)
        return [f"  [bold]{a.word}[/bold]: {escape(text)}"
                for a, text in zip(state.legal_actions(), view.decision)]

    def prompt(self, state: EcarteState, seat: int, names: Sequence[str]) -> str:
        """Stand or propose, accept or refuse, what to discard or lay out, the choice, or
        the card to play."""
        s = state
        legal = s.legal_actions()
        king = " or 'king'" if any(a.verb == "KING" for a in legal) else ""
        if s.phase == Phase.PROPOSAL:
            return "Stand (play) or propose? \\[stand/propose]: "
        if s.phase == Phase.ANSWER:
            return "Your adversary proposes. Accept or refuse? \\[accept/refuse]: "
        if s.phase == Phase.DISCARD:
            sizes = sorted({len(a.cards) for a in legal if a.verb == "DISCARD"})
            extra = " (Enter or 'none' for none)" if sizes and sizes[0] == 0 else ""
            return f"Discard {sizes[0]}-{sizes[-1]} cards{extra}{king}: "
        if s.phase == Phase.RECTIFY:
            k = len(legal[0].cards)
            return f"Lay out {k} card(s) (OH-10 / CLUB-15): "
        if s.phase == Phase.DECISION:
            words = choice_words(legal)
            return f"Your choice \\[{words}]: "
        playable = [a.cards[0] for a in legal if a.verb == "PLAY"]
        return f"Play a card (playable: {' '.join(c.pretty for c in playable)}){king}: "

    def read_move(self, line: str, state: EcarteState, seat: int) -> Action | Confirm | None:
        """``king``; stand or propose; accept or refuse; a choice; cards (to discard or lay
        out, or one to play)."""
        s = state
        low = line.lower()
        if low == "king":
            return Action("KING")
        if s.phase == Phase.PROPOSAL and low in ("stand", "play", "s", "p", "propose"):
            return Action("PROPOSE") if low in ("propose", "p") else Action("STAND")
        if s.phase == Phase.ANSWER and low in ("accept", "refuse", "a", "r"):
            return Action("ACCEPT") if low.startswith("a") else Action("REFUSE")
        if s.phase == Phase.DECISION:
            if not low:
                return None
            parts = low.split()
            return Action("CHOOSE", parse_cards(parts[1:]) if len(parts) > 1 else (),
                          word=parts[0])
        if s.phase in (Phase.PROPOSAL, Phase.ANSWER):
            raise HoyleError("Type one of the words in brackets.")
        if s.phase in (Phase.DISCARD, Phase.RECTIFY) and low == "none":
            return Action("DISCARD")  # as an empty line: no cards (the dealer's right)
        cards = parse_cards_in(line, s.view(seat).hand, [
            a.cards[0] for a in s.legal_actions() if a.verb == "PLAY"]) if line else ()
        if s.phase in (Phase.DISCARD, Phase.RECTIFY):
            return Action("DISCARD", cards)
        if len(cards) != 1:
            raise HoyleError("Name one card to play, e.g. 7d.")
        return Action("PLAY", cards)

    # -- refereeing -----------------------------------------------------------------------
    def new_referee(self, names: list[str] | None, values: Mapping[str, Any]
                    ) -> tuple[EcarteState, list[str]]:
        """A refereed game under ``values["laws"]`` between two named players."""
        if names is None:
            names = ["Seat 0", "Seat 1"]
        if len(names) != 2 or not all(names):
            raise HoyleError("give two names, e.g. --names Alice,Bob")
        rules = EcarteRules.from_options(dict(values.get("rule_options", {})))
        return EcarteState(rules, laws=get_code(values["laws"],
                                                **values.get("law_params", {})),
                           referee=True, start_scores=read_scores(
                               values.get("scores"), 2, rules.target, (3, 4)),
                           match=_new_match(values.get("match"), None)), names

    def referee_banner(self, state: EcarteState, values: Mapping[str, Any]) -> str:
        """``Refereeing écarté under …``"""
        assert state.laws is not None
        start = ("" if state.start_scores is None
                 else f", from the scores {'-'.join(map(str, state.start_scores))}")
        return (f"Refereeing écarté under {escape(state.laws.title)}, game of "
                f"{state.rules.target}{_match_words(state)}{start}. Type 'help' for what "
                "to enter, 'menu' for the irregularities.")

    # -- matches (--match N) --------------------------------------------------------------
    def match_after(self, state: EcarteState) -> MatchState | None:
        """Where the match stands after ``state``'s finished game: a game counts one, or
        with ``game_values`` two or three (CLUB-46, ECARTE-R-16), toward first to N games
        (neither code counts a rubber: the engine's match, :mod:`hoyle.engine.series`)."""
        if state.match is None or state.result is None:
            return None
        r = state.result
        return MatchState.from_dict(state.match, 2).after(r.winner, r.games, 0)

    def rematch_dealer(self, state: EcarteState) -> tuple[int | None, str]:
        """The cut decides who deals the next game: ECARTE-R-3's cut for deal (HGIE-2,
        CLUB-5) read for each game, the deal alternating within it; neither code names
        the next game's dealer (engine default)."""
        law = "CLUB-5" if state.laws is not None and state.laws.name == "club" else "HGIE-2"
        return None, (f"the cut for deal decides ({law} read for each game; the code is "
                      "silent on the next game: engine default, cut again)")

    def next_match_game(self, state: EcarteState, match: MatchState
                        ) -> tuple[EcarteState, str]:
        """The match's next game: the same rules, code and mode, the cut for the deal
        (:meth:`rematch_dealer`), seeded from the match's seed.

        Raises:
            HoyleError: the match is decided.
        """
        if match.decided() is not None:
            raise HoyleError("the match is over")
        seed = game_seed(match.seed, match.number - 1) if match.seed is not None else None
        new = EcarteState(state.rules, seed=seed, laws=state.laws, referee=state.referee,
                          match=match.to_dict())
        return new, self.rematch_dealer(state)[1]

    def match_lines(self, state: EcarteState, match: MatchState,
                    names: Sequence[str]) -> list[str]:
        """``Match, first to 3 games: Ann 1, Bob 2.`` (a double or treble game counts two
        or three, CLUB-46) and the match's winner once decided."""
        values = (" (a double or treble game counts two or three, CLUB-46)"
                  if state.rules.game_values else "")
        games = ", ".join(f"{escape(n)} {w}" for n, w in zip(names, match.won))
        lines = [f"[bold]Match, first to {match.first_to} "
                 f"game{'s' if match.first_to != 1 else ''}[/bold]{values}: {games}."]
        won = match.decided()
        if won is not None:
            who = names[won]
            rest = match.won[1 - won]
            lines.append(f"[bold magenta]{escape(who)} win{'' if who == 'You' else 's'} the "
                         f"match[/bold magenta] ({match.won[won]} "
                         f"game{'s' if match.won[won] != 1 else ''} to {rest}).")
        return lines

    def referee_options(self, state: EcarteState) -> list[str]:
        """The options of a decision due (with a card, if the option names one)."""
        if state.phase != Phase.DECISION:
            return []
        view = state.view(state.to_act)
        lines = []
        for a, text in zip(state.legal_actions(), view.decision):
            card = f" {a.cards[0]}" if a.cards else ""
            lines.append(f"  option [bold]{a.word}{card}[/bold]: {escape(text)}")
        return lines

    def referee_prompt(self, state: EcarteState, names: Sequence[str]) -> str:
        """Who cuts, deals, stands, answers, discards, takes, plays or chooses (markup: the
        table's names escaped, so a name such as ``[/]`` is shown as typed)."""
        s = state
        names = [escape(n) for n in names]
        who = names[s.to_act] if 0 <= s.to_act < 2 else ""
        if s.phase == Phase.CUT_FOR_DEAL:
            return f"{names[s.cuts.index(None)]} cuts for the deal (a card): "
        if s.phase == Phase.DEAL:
            assert s.dealer is not None and s.elder is not None
            return (f"{names[s.dealer]} deals: pattern (32 or 23), then "
                    f"{names[s.elder]}'s five and {names[s.dealer]}'s five: ")
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
            return f"The cards {names[s.serving]} takes from the stock: "
        if s.phase == Phase.PLAY:
            other = 1 - s.to_act
            if led_king_window(s, other):
                return (f"{who} plays a card (or 'king': {names[other]} may still announce "
                        "the king led, CLUB-24): ")
            return f"{who} plays a card (or 'king'): "
        if s.phase == Phase.RECTIFY:
            return "The cards (as the law directs): "
        if s.phase == Phase.DECISION:
            return f"{who} chooses \\[{choice_words(s.legal_actions())}]: "
        return ""

    def read_table(self, line: str, state: EcarteState, names: Sequence[str]) -> Action:
        """:func:`parse_table_input`."""
        return parse_table_input(state, line)

    def referee_menu(self, state: EcarteState) -> TextTable:
        """What the table can report under the game's code, with its laws (too many and too
        few cards: classified by whom and when)."""
        laws = state.laws
        assert laws is not None
        rows = []
        for word, spec in sorted(REPORT_WORDS.items()):
            if spec.classified:
                law = "by whom and when"  # classified into the code's finer kinds
            elif word in laws.kinds:
                law = laws.law_for(word).id
            else:  # ruled "not covered by CODE" (engine.laws.LawCode.not_covered)
                law = f"not covered by {laws.name.upper()}"
            rows.append((word, law, laws.reports.get(word, spec).menu_text))
        for word, spec in sorted(FACTS.items()):
            rows.append((word, "a fact", spec.menu_text))
        return TextTable(tuple(rows), ("kind", "law", "what happened"),
                         title=f"Irregularities ({laws.name.upper()}): report KIND [SEAT] "
                               "[CARDS]")

    def referee_board(self, state: EcarteState, names: Sequence[str],
                      width: int | None = None) -> Block:
        """The score (one line at any ``width``)."""
        return (f"[bold]Score[/bold] {escape(names[0])} {state.scores[0]}, "
                f"{escape(names[1])} {state.scores[1]}")
