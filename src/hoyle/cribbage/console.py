"""Cribbage at a keyboard, for any interface: what to ask in each phase, how a typed line
becomes an action (against the computer and at a refereed table), the help, the referee's
menu and the opening lines. Strings in, strings and actions out
(:class:`hoyle.interface.text.GameText`); the terminal sessions are in :mod:`hoyle.cli`.

>>> from hoyle.cribbage.state import CribbageState
>>> from hoyle.cribbage.laws import get_code
>>> state = CribbageState(laws=get_code("ew"), referee=True)
>>> str(parse_table_input(state, "9c")), str(parse_table_input(state, "report misdeal"))
('CUT 9C', 'REPORT misdeal')
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from hoyle.cards import Card, derive_rng, parse_cards, parse_cards_in
from hoyle.cribbage.laws import get_code
from hoyle.cribbage.players import make_player
from hoyle.cribbage.records import replay_record
from hoyle.cribbage.rules import CribbageRules
from hoyle.engine.state import read_scores
from hoyle.cribbage.state import CribbageState, Phase
from hoyle.cribbage.text import event_lines, show_table, side_names
from hoyle.cribbage.text import play_words, show_words, status_lines
from hoyle.cribbage.coach import missed_items, summary_lines
from hoyle.cribbage.review import REVIEW_COACHES, coach_choice
from hoyle.engine.action import Action, choice_words
from hoyle.engine.event import Event
from hoyle.engine.laws import LawCode, report_menu
from hoyle.engine.records import GameRecord
from hoyle.interface.text import (HUMAN, Area, Block, Board, Confirm, GameText, PlayGame,
                               TextTable, Track, card_markup, cards_markup,
                               check_play_record, escape, seat_names)
from hoyle.engine.series import MatchState
from hoyle.interface.board import board_lines
from hoyle.errors import HoyleError, ParameterError, RecordError, short_repr

__all__ = ["CribbageText", "HELP", "REFEREE_HELP", "law_code", "parse_table_input", "score"]

_CARDS_HELP = ("Type cards as rank then suit: 5h, 10c, TC, 10♥ (A 2-9 T/10 J Q K; C D H S), "
               "or a rank alone (5) when it names one card. ")
_SAVED_HELP = ("The game is saved after every move; 'quit' stops, and hoyle play --resume "
               "FILE continues.")
HELP = (_CARDS_HELP + "When no card fits under 31 you say go by yourself, and the game "
        "counts every point for you. " + _SAVED_HELP)
"""What ``help`` prints in a game against the computer that counts for the person."""
MANUAL_HELP = (_CARDS_HELP + "You count your own points: at a claim type the points (Enter "
               "for none); 'amend N' corrects your claim for the card you just played; "
               "'heels' takes the dealer's two for a jack turned (before his first card); "
               "'go' when no card fits and your heels are due. " + _SAVED_HELP)
"""What ``help`` prints when the person counts his own points (``--manual-count``)."""

REFEREE_HELP = (
    "Enter what happens at the table: cards for the act asked for (e.g. '7s'), 'go', a "
    "number at a claim, an option at a decision; 'heels' (dealer's two for his heels), "
    "'amend N', 'report KIND [SEAT]' for an irregularity ('menu' lists them), 'muggins N' "
    "for a muggins call (ACC, announced), 'fact dealt_by|cut_by|led_by SEAT' for who really "
    "dealt, cut or led, "
    "'board' (or 'score') for the score, 'quit' to save and stop. Full actions work too: 'PLAY 7S'.")
"""What ``help`` prints when refereeing."""

VERBS = ("CUT", "DEAL", "DISCARD", "STARTER", "PLAY", "GO", "CLAIM", "CHOOSE", "HEELS",
         "AMEND", "REPORT", "MUGGINS", "FACT")
"""The verbs a line of table input may begin with (the action language of records)."""


def agreed_rules(rules: CribbageRules, laws: str | None, lurch_agreed: bool) -> CribbageRules:
    """``rules`` with the lurch agreed before the game (``lurch_agreed``: a lurch counts
    two games, EW-xvii) under the law code named ``laws``.

    Raises:
        HoyleError: the lurch agreed under a code other than EW (ACC knows no lurch).
    """
    if not (lurch_agreed or rules.lurch_agreed):
        return rules
    if laws is None or laws.lower() != "ew":
        raise HoyleError("--lurch-agreed is an option of the EW code (EW-xvii): "
                         "add --laws ew")
    return replace(rules, lurch_agreed=True)


def _one_way(values: Mapping[str, Any]) -> bool:
    """The flags and ``--set`` words of a new game said once each: ``--muggins``,
    ``--acc-edition`` and ``--lurch-agreed`` are refused beside ``--set`` of the same
    parameter, and a match is match play (``--set match_play=false`` with ``--match``,
    ACC-8.11). Returns whether muggins is announced (by either).

    Raises:
        HoyleError: a parameter given both ways, or a match that is not match play.
    """
    laws = values.get("law_params") or {}
    rules = values.get("rule_options") or {}
    for flag, name, given in (("--muggins", "muggins", values.get("muggins")),
                              ("--acc-edition", "acc_edition", values.get("acc_edition")),
                              ("--lurch-agreed", "lurch_agreed", values.get("lurch_agreed"))):
        if given and (name in laws or name in rules):
            raise HoyleError(f"{flag} and --set {name} say the same thing: give one")
    if values.get("match") is not None and laws.get("match_play") is False:
        raise HoyleError("--set match_play=false: a game of a match is match play "
                         "(ACC-8.11)")
    return bool(values.get("muggins")) or laws.get("muggins") == "acc"


def law_code(laws: str, muggins: bool, acc_edition: str | None = None,
             more: Mapping[str, Any] | None = None) -> LawCode:
    """The law code for a game, with muggins announced if asked (ACC-10.1), the ACC
    rule book's edition (``acc_edition``: web2008, 2020 or 2025; default 2025) and the
    parameters ``more`` changes (``--set``).

    Raises:
        HoyleError: unknown code, or muggins or an edition under a code that has none.
        ParameterError: an edition the ACC code does not know.
    """
    if muggins and laws.lower() != "acc":
        raise HoyleError("muggins is an option of the ACC code (ACC-10.1); "
                         f"the {laws} code has none")
    acc_edition = acc_edition or None  # "" (a form's blank choice) is not given
    if acc_edition is not None and laws.lower() != "acc":
        raise HoyleError("--acc-edition is an option of the ACC code (the rule book's "
                         f"edition); the {laws} code has none")
    params: dict[str, Any] = {}
    if muggins:
        params["muggins"] = "acc"
    if acc_edition is not None:
        params["acc_edition"] = acc_edition
    return get_code(laws, **{**(more or {}), **params})


def _match_words(state: CribbageState) -> str:
    """``, a match: game 2, first to 3 games`` for a game of a match, else ``""``."""
    if state.match is None:
        return ""
    n = state.match["first_to"]
    return f", a match: game {state.match['number']}, first to {n} game{'s' if n != 1 else ''}"


def _start_words(state: CribbageState) -> str:
    """``, from the scores 110-112`` for a game joined part way, else ``""``."""
    if state.start_scores is None:
        return ""
    return f", from the scores {'-'.join(map(str, state.start_scores))}"


def _new_match(first_to: int | None, rules: CribbageRules,
               seed: int | None) -> dict[str, Any] | None:
    """A new match of first to ``first_to`` games (``--match``), or ``None``."""
    if first_to is None:
        return None
    return MatchState.new(first_to, rules.sides, seed).to_dict()


def _scores(text: str | None, rules: CribbageRules) -> tuple[int, ...] | None:
    """``--scores 110,112``: the sides' scores a refereed game starts from (a table that
    joins part way), or ``None`` (:func:`hoyle.engine.state.read_scores`).

    Raises:
        ParameterError: not one whole number per side, each from 0 to below the target.
    """
    return read_scores(text, rules.sides, rules.target, (110, 112, 95))


def code_words(code: LawCode | None) -> str:
    """``ACC, 2020 edition`` / ``EW``: the code's name and, where it has one, its edition."""
    if code is None:
        return "no law code"
    edition = code.edition
    return code.name.upper() + (f", {edition} edition" if edition else "")


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
    if head in ("REPORT", "FACT") and len(words) == 3 and not re.fullmatch(r"[0-9]+", words[2]):
        lowered = [n.lower() for n in names]
        if words[2].lower() not in lowered:
            raise HoyleError(f"no player {words[2]!r}: name a player or give a seat number "
                             f"({', '.join(f'{i} = {n}' for i, n in enumerate(names))})")
        words[2] = str(lowered.index(words[2].lower()))
        text = " ".join(words)
    if head == "AMEND" and (len(words) != 2 or not re.fullmatch(r"[0-9]{1,3}", words[1])):
        raise HoyleError("amend names the corrected points, e.g. amend 4")
    if head == "MUGGINS" and len(words) == 1:  # the option of a decision (CHOOSE muggins)
        return Action("CHOOSE", word="muggins")
    if state.phase == Phase.DECISION and state.decision is not None and any(
            o.action.word == words[0].lower() and o.action.cards
            for o in state.decision.options):  # an option naming a card: "starter 5d"
        return Action("CHOOSE", parse_cards(" ".join(words[1:])), word=words[0].lower())
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
    verbs: dict[str, str] = {Phase.CUT_FOR_DEAL: "CUT", Phase.DEAL: "DEAL",
                             Phase.DISCARD: "DISCARD", Phase.STARTER: "STARTER",
                             Phase.PLAY: "PLAY"}
    verb = verbs.get(phase)
    if verb is None:
        raise HoyleError("the game is over")
    return Action(verb, cards)


def score(cards: Sequence[str], starter: str, crib: bool) -> list[Block]:
    """``hoyle score``: a hand or crib in the show, itemised, as a table.

    Raises:
        HoyleError: an unreadable or repeated card, or a hand of the wrong size.
    """
    from hoyle.cribbage.scoring import score_show

    hand = parse_cards(cards)
    turn = Card.parse(starter)
    if crib and len(hand) != 4:
        raise HoyleError(f"a crib has 4 cards, not {len(hand)}")
    if not 3 <= len(hand) <= 6:
        raise HoyleError(f"a hand in the show has 3 to 6 cards, not {len(hand)}")
    result = score_show(hand, turn, crib=crib)
    return [show_table(hand, turn, result.items, result.total)]


def _digits(text: str) -> bool:
    return re.fullmatch(r"[0-9]{1,3}", text) is not None


FACE_DOWN = "▒"
"""A card face down, as a full-screen table draws it."""


def move_words(action: Action) -> str:
    """An action as the person types it (``5h 10c``, ``go``, ``heels``, a claim's number,
    a choice's word)."""
    if action.verb in ("DISCARD", "PLAY"):
        return " ".join(str(c).lower() for c in action.cards)
    if action.verb in ("CLAIM", "AMEND"):
        return ("amend " if action.verb == "AMEND" else "") + str(action.n)
    if action.verb == "CHOOSE":
        return action.word
    return action.verb.lower()


def hint(state: CribbageState, seat: int, coach: str = "expert") -> list[str]:
    """The coach: for a two-hand six-card lay-away, the discard table's three best
    (``hoyle.cribbage.advice``: the kept hand's expected show and the crib's, in points);
    then what the expert player would do now, from ``seat``'s view only: in a game the
    review reviews, the review's own choice with the review's draws
    (:func:`hoyle.cribbage.review.coach_choice`: a move that follows the hint is charged
    nothing in the review; the score-aware expert's near the end), else the expert's (drawn
    from the game's seed and the move's index). ``coach``: another computer player's name
    (``hint master``: the master's choice, and the review's with the master as its coach).
    Empty when ``seat`` is not to move.

    Raises:
        HoyleError: no cribbage player named ``coach``.
    """
    from hoyle.cribbage.advice import discard_options

    name = coach.strip().lower()
    player = make_player(name)
    if state.is_terminal() or state.current_player != seat:
        return []
    view = state.view(seat)
    lines = []
    if state.phase == Phase.DISCARD and len(view.hand) == 6 and state.rules.players == 2:
        lines.append("The discard table (expected points: hand, crib, net):")
        for o in discard_options(view.hand, view.is_dealer)[:3]:
            lines.append(f"  lay away {cards_markup(o.discard)}: keep {cards_markup(o.keep)}"
                         f"  hand {o.hand_ev:.2f}, crib {o.crib_ev:.2f}, net {o.total:.2f}")
    # the review's own choice, its own draws (the review knows the expert and the master)
    choice = coach_choice(state, seat, name) if name in REVIEW_COACHES else None
    if choice is None:
        choice = player.choose(view, state.legal_actions(),
                               derive_rng(state.seed, "hint", len(state.history)))
    label = name if name in ("expert", "master") else f"{name} player"
    lines.append(f"The {escape(label)} would type: [bold]{escape(move_words(choice))}[/bold]")
    return lines


def _crib_owner_words(view: Any, names: Sequence[str]) -> str:
    """Whose the crib is, as a heading: ``Yours``, or the dealer's name."""
    if view.dealer is None:
        return "The crib"
    if view.is_dealer:
        return "Yours"
    return f"{escape(names[view.dealer].split(' (')[0])}'s"


def _owner_words(view: Any, names: Sequence[str], seat: int) -> str:
    """Whose a shown hand or crib is: ``Your``, or the seat's name's (``Computer's``)."""
    if seat == view.seat:
        return "Your"
    return f"{escape(names[seat].split(' (')[0])}'s"


class CribbageText(GameText):
    """Cribbage's :class:`hoyle.interface.text.GameText`."""

    help_text = HELP
    referee_help = REFEREE_HELP
    play_command_help = "Play cribbage against the computer (six-card to 121 unless --variant says)."
    referee_save = "hoyle-referee.json"
    law_id_example = "EW-ix"
    stats_roles = (("pone", "pone"), ("dealer", "dealer"))
    stats_skunks = True

    def seat_count(self, state: CribbageState) -> int:
        """The number of players of the state's variant."""
        return state.rules.players

    def finished(self, state: CribbageState) -> bool:
        """Whether the game has its result."""
        return state.result is not None

    def event_lines(self, events: Sequence[Event], names: Sequence[str],
                    viewer: int | None) -> list[str]:
        """:func:`hoyle.cribbage.text.event_lines`, the show itemised."""
        return event_lines(events, names, viewer)

    # -- a game against the computer ------------------------------------------------------
    def new_play(self, seed: int, values: Mapping[str, Any]) -> PlayGame:
        """A new game of ``values["variant"]`` against ``values["opponent"]`` players (the
        person is seat 0; the cut decides the deal unless ``values["first_dealer"]`` names
        the seat, as a game played again does: :meth:`rematch_dealer`); with
        ``manual_count`` the person claims his own points under the law code ``laws``
        (``muggins``: ACC-10.1)."""
        if _one_way(values) and not values["manual_count"]:
            raise HoyleError("--muggins needs --manual-count: muggins takes the points a "
                             "player fails to claim (ACC-10.1), and without manual "
                             "counting every score is taken for him")
        rules = agreed_rules(CribbageRules.for_variant(values["variant"],
                                                       **values.get("rule_options", {})),
                             values["laws"], bool(values.get("lurch_agreed")))
        players = {seat: make_player(values["opponent"]) for seat in range(1, rules.players)}
        code = law_code(values["laws"], values["muggins"], values.get("acc_edition"),
                        values.get("law_params"))
        match = _new_match(values.get("match"), rules, seed)
        state = CribbageState(rules, seed=seed, laws=code, manual_count=values["manual_count"],
                              match=match, first_dealer=values.get("first_dealer"))
        return PlayGame(state, players, 0)

    def play_banner(self, game: PlayGame, seed: int, values: Mapping[str, Any]) -> str:
        """``Cribbage, six-card to 121, against the expert player, laws EW. …`` (never the
        seed: it derives the computer's hand and every deal to come)."""
        mode = ", manual counting" if values["manual_count"] else ""
        rules = game.state.rules
        return (f"[bold]Cribbage[/bold], {rules.variant} to {rules.target}, against the "
                f"{values['opponent']} player{'s' if rules.players > 2 else ''}, "
                f"laws {code_words(game.state.laws)}{mode}"
                f"{_match_words(game.state)}. "
                "Type 'help' for help, 'quit' to save and stop.")

    def resume_play(self, record: GameRecord, path: Path) -> PlayGame:
        """The saved game in ``record``: a game of cribbage between one person and the
        computer, not over."""
        if record.game != "cribbage":
            raise HoyleError(f"that is a game of {record.game}: hoyle play --resume "
                             f"{shlex.quote(str(path))}")
        check_play_record(record, path, "cribbage")
        if record.seats.count(HUMAN) != 1:
            raise RecordError("not a saved game between a person and the computer")
        state, _ = replay_record(record, seeded=True)
        if len(record.seats) != state.rules.players:
            raise RecordError("the record's seats do not match its variant")
        human = record.seats.index(HUMAN)
        try:
            players = {i: make_player(name) for i, name in enumerate(record.seats)
                       if i != human}
        except HoyleError as e:
            raise RecordError(str(e)) from None
        if state.is_terminal():
            raise RecordError(f"that game is over (use: hoyle replay {shlex.quote(str(path))})")
        if record.date:
            return PlayGame(state, players, human, record.date)
        return PlayGame(state, players, human)

    def play_names(self, game: PlayGame) -> list[str]:
        """"You" and the computers by their place: Computer, or Left, Partner, Right."""
        return seat_names(game.state.rules.players, game.human,
                          next(iter(game.players.values())).name)

    def play_event_lines(self, state: CribbageState, events: Sequence[Event],
                         names: Sequence[str], seat: int) -> list[str]:
        """The events as ``seat`` saw them; the show not itemised when he counts (EW-xiii);
        the result named by side (partners)."""
        return event_lines(events, names, seat, itemize=not state.manual_count,
                           side_names=side_names(state.rules, list(names)), cite=False)

    def coach_lines(self, state: CribbageState, seat: int, action: Action) -> list[str]:
        """After a claim the person made himself (manual counting, EW-xiii), what he
        missed or claimed too many: the true count in the players' words and the items
        most likely missed (:func:`missed_items`: which fifteen, his nobs...). The hand,
        crib or cards of the count are on the table by then; nothing else is named."""
        claim = state.claim
        if action.verb != "CLAIM" or state.phase != Phase.CLAIM or claim is None or \
                claim.seat != seat or action.n is None or action.n == claim.points:
            return []
        n, true = action.n, claim.points
        what = {"play": "your card", "go": "the go", "hand": "your hand",
                "crib": "your crib"}[claim.what]
        words = show_words(claim.items) if claim.what in ("hand", "crib") else \
            "one for last" if claim.what == "go" else play_words(claim.items)
        if n > true:
            return [f"  [cyan]Coach:[/cyan] you claimed {n} for {what}; it is worth {true}: "
                    f"“{escape(words)}”."]
        missed = missed_items(claim.items, true - n) if claim.what in ("hand", "crib") \
            else [words] if n == 0 else []
        named = f": {escape('; '.join(missed))}" if missed else ""
        return [f"  [cyan]Coach:[/cyan] {what} is worth {true} (“{escape(words)}”); you "
                f"claimed {n} and missed {true - n}{named}."]

    def summary_lines(self, state: CribbageState, events: Sequence[Event],
                      names: Sequence[str], seat: int) -> list[str]:
        """The game's points by side (pegging: the play, the go and his heels; hand;
        crib; penalties), and the person's own hand of the last deal if the game ended
        before it was counted."""
        return summary_lines(state, events, side_names(state.rules, list(names)), seat)

    def help_for(self, state: CribbageState) -> str:
        """The help of the words the game takes now: claims, ``amend``, ``heels`` and
        ``go`` only when the person counts his own points (EW-xiii); else the game says
        go and counts for him."""
        return MANUAL_HELP if state.manual_count else HELP

    def auto_move(self, state: CribbageState, seat: int) -> tuple[str | None, Action] | None:
        """"Go" when no card fits and no heels are due."""
        legal = state.legal_actions()
        if state.phase == Phase.PLAY and legal[0].verb == "GO" and \
                all(a.verb != "PLAY" for a in legal) and not state.heels_due:
            return f"You cannot play within 31 (count {state.count}).", legal[0]
        return None

    def likely_entries(self, state: CribbageState) -> list[tuple[Action, str]]:
        """A claim being entered (manual counting at a refereed table): the true count of
        the points claimed (the engine's, from the cards entered) first, then the usual
        slips: a fifteen missed or counted twice (2 less or more), his nobs or a pair's
        point (1 less or more), and nothing claimed (0); only those the laws let be
        entered."""
        claim = state.claim
        if state.phase != Phase.CLAIM or claim is None:
            return []
        legal = {a.n: a for a in state.legal_actions() if a.verb == "CLAIM"}
        n = claim.points
        out: list[tuple[Action, str]] = []
        for k in (n, n - 2, n - 1, n + 1, n + 2, 0):
            if k in legal and all(a.n != k for a, _ in out):
                out.append((legal[k], f"{k} (the count)" if k == n else str(k)))
        return out

    def ahead(self, state: CribbageState, seat: int) -> int:
        """The lay-away (CRIB-R-6: each lays away face down, so none waits on another's
        choice): the cards ``seat`` may choose while another seat is still to lay away
        before him (two in two-hand, one in three- and four-hand); 0 once he has, or out
        of the lay-away."""
        if state.phase != Phase.DISCARD or state.current_player == seat or \
                not 0 <= seat < state.rules.players or state.discards[seat]:
            return 0
        return state.rules.discard_per_player

    def status(self, state: CribbageState, seat: int, names: Sequence[str],
               width: int | None = None) -> list[Block]:
        """A blank line, the board (by side: :meth:`board_text`, with its streets of holes
        when the deal starts, at the lay-away; the score lines alone in the play; the
        score lines alone too when the streets are wider than ``width``, the console's
        characters), the starter, the count and the hand."""
        view = state.view(seat)
        return ["", self.board_text(state, seat, names, streets=view.phase == Phase.DISCARD,
                                    width=width),
                *status_lines(view, names)]

    def board_text(self, state: CribbageState, seat: int, names: Sequence[str],
                   streets: bool = True, width: int | None = None) -> str:
        """The board as the line mode prints it (markup): :meth:`board` drawn by
        :func:`hoyle.interface.board.board_lines` (the holes in groups of five, front and back
        pegs, the skunk or lurch line; ``streets=False``, or streets wider than ``width``
        characters: the target, the line and each side's score and back peg only), the
        dealer's side marked ``(dealer)``."""
        view = state.view(seat)
        drawn = self.board(state, seat, names)
        assert drawn is not None
        sides = len(view.scores)
        dealer = None if view.dealer is None else \
            view.dealer if sides == view.players else view.dealer % sides
        marked = Board(tuple(Track(t.name + (" (dealer)" if i == dealer else ""), t.front, t.back)
                             for i, t in enumerate(drawn.tracks)), drawn.target, drawn.line)
        return escape("\n".join(board_lines(marked, width, streets=streets)))

    def typed(self, action: Action) -> str:
        """:func:`move_words`."""
        return move_words(action)

    # -- a full-screen table ---------------------------------------------------------------
    def board(self, state: CribbageState, seat: int, names: Sequence[str]) -> Board | None:
        """The board: one track a side (two, three, or two for partners), the game hole at
        the target (121, 61), the skunk line after hole 90 of 121 (ACC-12.1) or else the
        lurch line (EW-xvii: after hole 30 of 61)."""
        view = state.view(seat)
        sides = side_names(state.rules, list(names))
        skunk = state.rules.skunk_at_or_below
        line = ("skunk", skunk) if skunk is not None else \
            ("lurch", state.rules.lurch_below - 1)
        return Board(tuple(Track(sides[i], view.scores[i], view.back_pegs[i])
                           for i in range(len(view.scores))), view.target, line)

    def table_areas(self, state: CribbageState, seat: int, names: Sequence[str]
                    ) -> list[Area]:
        """The hands (the seat's own, the others face down), the starter, the count and
        its cards, the cards played so far in this deal, the crib (face down until shown)
        and the show so far."""
        view = state.view(seat)
        hands = []
        for s in range(view.players):
            if s == seat:
                hands.append(f"{escape(names[s])}: {cards_markup(sorted(view.hand))}")
            else:
                n = view.hand_sizes[s]
                hands.append(f"{escape(names[s])}: {FACE_DOWN * n or '—'}  "
                             f"({n} card{'' if n == 1 else 's'})")
        areas = [Area("Hands", tuple(hands))]
        areas.append(Area("Starter", (cards_markup([view.starter]) if view.starter
                                      else "not turned",)))
        played = " ".join(card_markup(c) for c in view.count_cards) or "—"
        areas.append(Area("Count", (f"[bold]{view.count}[/bold]   {played}",)))
        so_far = tuple(f"{escape(names[s])}: "
                       f"{cards_markup([c for p, c in view.played if p == s])}"
                       for s in range(view.players))
        areas.append(Area("Played so far", so_far))
        crib_shown = [cards for _, what, cards in view.shown if what == "crib"]
        owner = _crib_owner_words(view, names)
        if crib_shown:
            crib = f"{owner}: {cards_markup(crib_shown[0])}"
        elif view.phase == Phase.DISCARD or view.dealer is None:
            laid = sum(max(0, state.rules.cards_dealt - n) for n in view.hand_sizes)
            crib = f"{owner}: {FACE_DOWN * laid or '—'}"
        else:
            crib = f"{owner}: {FACE_DOWN * 4}  (face down)"
        areas.append(Area("Crib", (crib,)))
        if view.shown:
            areas.append(Area("The show", tuple(
                f"{_owner_words(view, names, s)} {what}: {cards_markup(cards)}"
                for s, what, cards in view.shown)))
        return areas

    def hold(self, events: Sequence[Event]) -> bool:
        """The show is held on screen until the person goes on."""
        return any(e.kind == "show" for e in events)

    def held_lines(self, state: CribbageState, events: Sequence[Event],
                   names: Sequence[str], seat: int) -> list[str]:
        """The show, hand by hand in the players' words (:func:`show_words`: "fifteen two,
        fifteen four, a pair is six"), with each total; what else happened after. When
        the person counts for himself (EW-xiii) only the usual lines, nothing counted for
        him."""
        if state.manual_count:
            return super().held_lines(state, events, names, seat)
        lines = []
        for e in events:
            if e.kind != "show":
                continue
            who = escape(names[e.seat]) if e.seat is not None else "The table"
            what = "crib" if e.reason == "crib" else "hand"
            lines.append(f"[bold]{who}[/bold], the {what}: {cards_markup(e.cards[:-1])} + "
                         f"starter {cards_markup(e.cards[-1:])}")
            lines.append(f"    “{escape(show_words(e.items))}”  = [bold]{e.points}[/bold]")
        return lines

    def undo_allowed(self, state: CribbageState) -> str | None:
        """No undo when the person counts his own points (EW-xiii: a claim once made
        stands)."""
        if state.manual_count:
            return ("no undo when you count your own points (EW-xiii: a count once made "
                    "stands)")
        return None

    def decision_lines(self, state: CribbageState, seat: int) -> list[str]:
        """The options of a decision due to the person, one a line."""
        if state.phase != Phase.DECISION:
            return []
        view = state.view(seat)
        return [f"  [bold]{a.word}[/bold]: {escape(text)}"
                for a, text in zip(state.legal_actions(), view.decision)]

    def prompt(self, state: CribbageState, seat: int, names: Sequence[str]) -> str:
        """What to lay away, what to claim, the choice, or the card to play."""
        s = state
        view = s.view(seat)
        if s.phase == Phase.DISCARD:
            k = s.rules.discard_per_player
            whose = "your" if view.is_dealer else \
                f"{names[view.dealer].split(' (')[0]}'s" if view.dealer is not None else "the"
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
            words = choice_words(s.legal_actions())
            return f"Your choice \\[{words}]: "
        playable = [a.cards[0] for a in s.legal_actions() if a.verb == "PLAY"]
        heels = " or 'heels'" if view.heels_due else ""
        if not playable:
            return f"You cannot play within 31: type 'go'{heels}: "
        return (f"Play a card (count {s.count}; playable: {cards_markup(playable)}){heels}: ")

    def read_move(self, line: str, state: CribbageState, seat: int
                  ) -> Action | Confirm | None:
        """A claim (a number; Enter for none; a claim of game asks first), a choice, ``amend
        N``, ``heels``, ``go``, or cards (to lay away, or one to play)."""
        s = state
        low = line.lower()
        if s.phase == Phase.CLAIM:
            if not low:
                return Action("CLAIM", n=0)
            if not _digits(low):
                raise HoyleError("Type the number of points you claim, e.g. 4 "
                                 "(just Enter for none).")
            n = int(low)
            side = s.rules.side_of(seat)
            if s.scores[side] + n >= s.rules.target:
                return Confirm(f"A claim of {n} takes you to {s.scores[side] + n} and ends "
                               "the game if it is right (a false claim of game loses it). "
                               "Claim it? [y/N] ", Action("CLAIM", n=n))
            return Action("CLAIM", n=n)
        if s.phase == Phase.DECISION:
            if not low:
                return None
            return Action("CHOOSE", word=low)
        if low.startswith("amend"):
            parts = low.split()
            if len(parts) != 2 or not _digits(parts[1]):
                raise HoyleError("amend N: N is your corrected claim for the card you just "
                                 "played, e.g. amend 4")
            return Action("AMEND", n=int(parts[1]))
        if low == "heels":
            if s.dealer != seat:
                raise HoyleError("Only the dealer takes two for his heels.")
            return Action("HEELS")
        if low == "go" and s.phase == Phase.PLAY:
            return Action("GO")
        if low == "go" and s.phase == Phase.DISCARD:  # once "cannot read card 'go'"
            k = s.rules.discard_per_player
            raise HoyleError("'go' is said in the play, when no card of yours fits within 31; "
                             f"now lay away {k} card{'s' if k > 1 else ''}, "
                             f"e.g. {'5h 10c' if k > 1 else '10c'}.")
        cards = parse_cards_in(line, s.view(seat).hand,
                               [a.cards[0] for a in s.legal_actions() if a.verb == "PLAY"])
        if s.phase == Phase.DISCARD:
            k = s.rules.discard_per_player
            if len(cards) != k:
                raise HoyleError(f"Name exactly {k} card{'s' if k > 1 else ''}, "
                                 f"e.g. {'5h 10c' if k > 1 else '10c'}.")
            return Action("DISCARD", cards)
        if len(cards) != 1:
            raise HoyleError("Name one card to play, e.g. 7d.")
        return Action("PLAY", cards)

    # -- refereeing -----------------------------------------------------------------------
    def new_referee(self, names: list[str] | None, values: Mapping[str, Any]
                    ) -> tuple[CribbageState, list[str]]:
        """A refereed game of ``values["variant"]`` under ``values["laws"]`` (``muggins``:
        ACC-10.1), with different names for its players."""
        _one_way(values)
        rules = agreed_rules(CribbageRules.for_variant(values["variant"],
                                                       **values.get("rule_options", {})),
                             values["laws"], bool(values.get("lurch_agreed")))
        if names is None:
            names = [f"Seat {i}" for i in range(rules.players)]
        if len(names) != rules.players or not all(names) or len(set(names)) != len(names):
            raise HoyleError(f"give {rules.players} different names, e.g. --names "
                             + ",".join(["Alice", "Bob", "Carol", "Dan"][:rules.players]))
        state = CribbageState(rules, laws=law_code(values["laws"], values["muggins"],
                                                   values.get("acc_edition"),
                                                   values.get("law_params")),
                              referee=True, start_scores=_scores(values.get("scores"), rules),
                              match=_new_match(values.get("match"), rules, None))
        return state, names

    # -- matches (--match N) --------------------------------------------------------------
    def match_after(self, state: CribbageState) -> MatchState | None:
        """:func:`hoyle.cribbage.matchplay.match_after`."""
        from hoyle.cribbage.matchplay import match_after
        return match_after(state)

    def rematch_dealer(self, state: CribbageState) -> tuple[int | None, str]:
        """:func:`hoyle.cribbage.matchplay.next_first_dealer` (ACC-1.5: the loser deals
        first; EW: the cut again; with three for last, the cut)."""
        from hoyle.cribbage.matchplay import next_first_dealer
        first, words = next_first_dealer(state)
        if first is not None and state.rules.last_bonus:
            return None, words + "; three for last goes with the cut: cut for deal"
        return first, words

    def next_match_game(self, state: CribbageState, match: MatchState
                        ) -> tuple[CribbageState, str]:
        """:func:`hoyle.cribbage.matchplay.next_game` (ACC-1.5: the loser deals first)."""
        from hoyle.cribbage.matchplay import next_game
        return next_game(state, match)

    def match_lines(self, state: CribbageState, match: MatchState,
                    names: Sequence[str]) -> list[str]:
        """``Match, first to 3 games: Alice 1, Bob 2; game points 2-5 (ACC-12.1)`` and the
        match's winner once decided."""
        sides = side_names(state.rules, list(names))
        games = ", ".join(f"{escape(n)} {w}" for n, w in zip(sides, match.won))
        laws = state.laws
        lurch = " (an agreed lurch counts two, EW-xvii)" if state.rules.lurch_agreed and \
            laws is not None and laws.name == "ew" else ""
        points = (f"; game points {'-'.join(map(str, match.points))} (ACC-12.1)"
                  if laws is not None and laws.name == "acc" and not state.scope else "")
        lines = [f"[bold]Match, first to {match.first_to} "
                 f"game{'s' if match.first_to != 1 else ''}[/bold]{lurch}: "
                 f"{games}{points}."]
        won = match.decided()
        if won is not None:
            who = sides[won]
            rest = max(w for i, w in enumerate(match.won) if i != won)
            several = who == "You" or len(sides) < len(names)  # "You", or partners
            lines.append(f"[bold magenta]{escape(who)} win{'' if several else 's'} the "
                         f"match[/bold magenta] ({match.won[won]} "
                         f"game{'s' if match.won[won] != 1 else ''} to {rest}).")
        return lines

    def referee_banner(self, state: CribbageState, values: Mapping[str, Any]) -> str:
        """``Refereeing six-card cribbage under …`` (the ACC edition named)."""
        ed = state.laws.edition if state.laws is not None else ""
        edition = f", {ed} edition" if ed else ""
        return (f"Refereeing {state.rules.variant} cribbage under "
                f"{escape(state.laws.title if state.laws else '')}"
                f"{edition}"
                f"{' (muggins announced)' if values['muggins'] else ''}"
                f"{_match_words(state)}{_start_words(state)}. "
                "Type 'help' for what to enter, 'menu' for the irregularities.")

    def referee_start(self, state: CribbageState, names: Sequence[str],
                      width: int | None = None) -> list[Block]:
        """The board (:meth:`referee_board`)."""
        return [self.referee_board(state, names, width)]

    def referee_options(self, state: CribbageState) -> list[str]:
        """The options of a decision due, one a line."""
        if state.phase != Phase.DECISION:
            return []
        view = state.view(state.to_act)
        return [f"  option [bold]{a.word}[/bold]: {escape(text)}"
                for a, text in zip(state.legal_actions(), view.decision)]

    def referee_prompt(self, state: CribbageState, names: Sequence[str]) -> str:
        """Who cuts, deals, lays away, plays, claims or chooses, and what."""
        s = state
        names = [escape(n) for n in names]
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
            words = choice_words(s.legal_actions())
            return f"{who} chooses \\[{words}]: "
        return ""

    def read_table(self, line: str, state: CribbageState, names: Sequence[str]) -> Action:
        """:func:`parse_table_input`."""
        return parse_table_input(state, line, names)

    def referee_menu(self, state: CribbageState) -> TextTable:
        """The irregularities the table reports (not those the engine detects itself), with
        their laws."""
        laws = state.laws
        assert laws is not None
        rows = report_menu(laws)  # every code's kinds; "not covered by CODE" where so
        return TextTable(rows, ("kind", "law", "what happened"),
                         title=f"Irregularities ({laws.name.upper()}): report KIND [SEAT]")

    def referee_board(self, state: CribbageState, names: Sequence[str],
                      width: int | None = None) -> Block:
        """The board, with its streets of holes where they fit in ``width`` characters
        (:meth:`board_text`)."""
        return self.board_text(state, 0, names, width=width)

    def referee_event_lines(self, state: CribbageState, events: Sequence[Event],
                            names: Sequence[str]) -> list[str]:
        """Every card shown; the show not itemised (the table counts)."""
        return event_lines(events, names, None, itemize=False)

    def board_changed(self, events: Sequence[Event]) -> bool:
        """A score of some points, a new deal or the end of the game."""
        return any((e.kind == "score" and e.points) or e.kind in ("new_deal", "game_over")
                   for e in events)

    # -- the laws -------------------------------------------------------------------------
    def laws_preface(self, values: Mapping[str, Any]) -> list[Block]:
        """With ``values["variant"]``: that variant's rules of play, one line."""
        variant = values.get("variant")
        if variant is None:
            return []
        rules = CribbageRules.for_variant(variant)
        return [f"[bold]{rules.variant}[/bold]: {rules.players} players, "
                f"{rules.cards_dealt} dealt, {rules.discard_per_player} each to the crib"
                + (f" plus {rules.crib_cards_from_stock} from the stock"
                   if rules.crib_cards_from_stock else "")
                + f", hands of {rules.hand_size}, game {rules.target}"
                + (f", {rules.last_bonus} for last" if rules.last_bonus else "")
                + ("" if rules.play_all_cards else ", one count only")
                + (", partners" if rules.partnerships else "")
                + " (shared/laws/cribbage.md §1.2)"]
