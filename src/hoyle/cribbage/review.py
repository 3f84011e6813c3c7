"""Cribbage's game review (``hoyle review``): each discard and each card laid of a recorded
two-hand six-card or five-card game beside the expert's choice
(:class:`~hoyle.cribbage.players.ExpertPlayer`), with what it cost.

Far from the end of the game (both sides more than :data:`NEAR` points, 25, short of it before
the deal; with the master as coach, its own ``near``, below) a cost is in expected points: a
discard's the expert's value of each way to lay away (the kept hand's expected show over
the 46 starters, the crib's from hoyle's crib table, ours added, his taken off, and half the
pegging table's value of the kept ranks), the best less the one made; a card's the expected net points of the rest of the play (ours
less his), the opponent's hands drawn as the expert draws them (20 per decision, seeded by
the record's seed and the action's index, so a review is the same every time) and each
solved exactly; the best card less the one laid.

Near the end a six-card discard's cost is in the probability of winning the game, the
score-aware expert's estimate
(:meth:`~hoyle.cribbage.players.aware.AwareExpertPlayer.discard_chances`: the opponent's six
drawn and kept by the discard advice, every starter left, the play's points in order drawn
from expert deals, the sides counting in the laws' order, the pone first, CRIB-R-10, the
game ending the moment a side reaches it, CRIB-R-11, and a deal that does not end the game
valued by the win table at the next position, :mod:`hoyle.cribbage.advice.wintable`; its
draws seeded by the record's seed and the action's index), and the choice shown beside it
is the way with the best chance. A card
that would have pegged out (CRIB-R-11) and was not laid costs, in win probability, the
chance of losing from there by the win table (the position as it stands, before the next
deal). Every other card laid near the end of a six-card game costs, in win probability, the
score-aware expert's chance of the game with its best rank less that with the rank laid
(:meth:`~hoyle.cribbage.players.aware.AwareExpertPlayer.win_values`: its 60 determinizations,
each solved for the chance of winning, the show in the laws' order and the win table
after the deal); near the end of a five-card game cards are costed in points, as far from
it.

Five-card (EW-P-83a: five dealt, two laid away by each, three kept; game 61) has its own
discard values (:func:`five_card_options`): each of the ten ways to lay away is the kept
three's expected show over the 47 starters (CRIB-R-10, a three-card flush in the hand,
EW-T-vii) plus the crib's expected value from hoyle's crib table (ours added, his taken off;
the table is made from six-card discards, the nearest the code has to the opponent's two of
five), without the pegging table (made for four kept cards); the expert's choice is the best
of them. Near the end its win probability is reckoned as the six-card one with the
five-card win table and the five-card averages of :data:`FIVE_PEG`, :data:`FIVE_HAND` and
:data:`FIVE_CRIB` (measured: the expert's own deals, ``scripts/five_card_averages.py``).

With ``coach="master"`` (``hoyle review --coach master``) the values are the master's
(:class:`~hoyle.cribbage.players.master.MasterPlayer`): far from the end its searched
lay-away (six-card) or its five-card values with the pegging, and the play's net points
over its reads of the opponent; near the end the score-aware expert's chances with the
master's reads. "Near" is as the master plays, so that its hint is its own move: its
``near`` in six-card (:data:`~hoyle.cribbage.players.master.MASTER_NEAR`, 121: every
decision by the chance of the game), its ``five_near`` (25) in five-card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hoyle.cards import Card, derive_rng
from hoyle.cribbage.advice.endgame import chance_after_deal
from hoyle.cribbage.advice.fivecard import (FIVE_CRIB, FIVE_HAND, FIVE_PEG, five_card_options,
                                            five_card_win_chances)
from hoyle.cribbage.advice.wintable import VARIANT_TARGETS, WinTable, win_table
from hoyle.cribbage.events import Kind
from hoyle.cribbage.players.aware import NEAR, AwareExpertPlayer
from hoyle.cribbage.players.expert import ExpertPlayer
from hoyle.cribbage.players.master import MasterPlayer
from hoyle.cribbage.players.search import peg_points
from hoyle.cribbage.records import replay_record, state_for_record
from hoyle.cribbage.state import CribbageState, CribbageView, Phase
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.event import Event
from hoyle.engine.records import GameRecord
from hoyle.interface.review import POINTS, WIN, Decision, Review
from hoyle.engine.runner import walk
from hoyle.interface.text import HUMAN, seat_names
from hoyle.errors import HoyleError

__all__ = ["FIVE_CRIB", "FIVE_HAND", "FIVE_PEG", "NEAR", "REVIEW_COACHES", "coach_choice",
           "five_card_options", "five_card_win_chances", "review_names", "review_record",
           "reviewable"]

def _cards(cards: Sequence[Card]) -> str:
    """Cards in the game's notation (``A♥ 10♦``; the terminal's ASCII fallback writes
    ``AH 10D`` where the suits cannot be shown)."""
    return " ".join(c.pretty for c in cards)


def review_names(record: GameRecord) -> tuple[str, str]:
    """The seats' names as the game shows them: a game against the computer's ``You`` and
    ``Computer (KIND)`` (:func:`~hoyle.interface.text.seat_names`), else the record's own
    names (``expert``, ``Alice``); ``seat N`` for a seat the record does not name."""
    seats = list(record.seats)
    if len(seats) == 2 and seats.count(HUMAN) == 1:
        me = seats.index(HUMAN)
        names = seat_names(2, me, seats[1 - me])
        return names[0], names[1]
    named = [seats[i] if i < len(seats) and seats[i] else f"seat {i}" for i in (0, 1)]
    return named[0], named[1]


def _near(view: CribbageView, coach: ExpertPlayer | None = None) -> bool:
    """Whether the review values this decision by the chance of the game: a side within the
    coach's points of it, as the coach plays (the master's ``near`` in six-card,
    :data:`~hoyle.cribbage.players.master.MASTER_NEAR`, and its ``five_near`` in five-card;
    else the score-aware expert's :data:`~hoyle.cribbage.players.aware.NEAR`)."""
    return min(view.target - s for s in view.scores) <= _near_points(view.target, coach)


def _near_points(target: int, coach: ExpertPlayer | None) -> int:
    """The points short of ``target`` from which the review values by the chance of the
    game (see :func:`_near`)."""
    if isinstance(coach, MasterPlayer):
        return coach.near if target == 121 else coach.five_near
    return NEAR


def _reviewed(state: object) -> bool:
    return isinstance(state, CribbageState) and state.rules.players == 2 and \
        state.rules.variant in VARIANT_TARGETS


def reviewable(record: GameRecord) -> bool:
    """Whether :func:`review_record` reviews games like ``record``'s: two-hand six-card or
    five-card (from its header; the actions are not replayed). A record that is not a
    cribbage game's, or names an unknown option, is not."""
    try:
        return _reviewed(state_for_record(record))
    except HoyleError:
        return False


REVIEW_COACHES = ("expert", "master")
"""The players the review can value decisions by (``hoyle review --coach``; ``aware`` is
taken as ``expert``: the review is the score-aware expert's near the end either way)."""


def _coach(name: str) -> ExpertPlayer:
    """The review's player named ``name`` (:data:`REVIEW_COACHES`, any case): far from the
    end the expert's values (the master's: its searched lay-away and its read of the
    opponent), near it the score-aware expert's (the master's reads in the play).

    Raises:
        HoyleError: a name the review does not know.
    """
    low = name.strip().lower()
    if low == "aware":  # the review's default is the expert far from the end, aware near it
        low = "expert"
    if low not in REVIEW_COACHES:
        raise HoyleError(f"the review's coach is one of {', '.join(REVIEW_COACHES)}, "
                         f"not {name!r}")
    return MasterPlayer() if low == "master" else ExpertPlayer()


def review_record(record: GameRecord, seat: int | None = None,
                  coach: str = "expert") -> Review:
    """Review every discard and card laid of a two-hand game's record (see the module
    docstring), of ``seat`` or of both, by the expert's values (or ``coach``'s:
    :data:`REVIEW_COACHES`).

    Raises:
        RecordError: the record does not replay.
        HoyleError: not a two-hand six- or five-card game, no such seat, no such coach.
    """
    expert = _coach(coach)
    replay_record(record)  # the whole record checked first
    state = state_for_record(record)
    if not _reviewed(state):
        raise HoyleError("the review is for two-hand six-card and five-card games")
    if seat is not None and seat not in (0, 1):
        raise HoyleError(f"no seat {seat} in this game")
    table = win_table(state.rules.variant)
    decisions: list[Decision] = []
    deal = 0

    def count_deals(events: list[Event]) -> None:
        nonlocal deal
        deal += sum(1 for e in events if e.kind == Kind.DEAL and e.seat == state.dealer)

    for i, action in walk(state, record.actions, count_deals):
        who = state.current_player
        if who != CHANCE and (seat is None or who == seat) and \
                state.phase in (Phase.DISCARD, Phase.PLAY):
            worth = _worth(state, record.seed or 0, i, expert, table) \
                if action.verb in ("DISCARD", "PLAY") else None
            if worth is not None and action.verb == worth.action().verb:
                decisions.append(worth.decision(deal, who, action, i))
    near = _near_points(state.rules.target, expert)
    when = (f"far from the end (both more than {near} short): expected points; near it: "
            if near < state.rules.target else "from the first deal, as the coach plays: ")
    return Review(decisions, review_names(record), [
        when + "discards and cards in win probability (estimated with the win table; "
        "five-card cards in points, a missed peg-out in win probability)",
        *_coach_notes(coach)], coach=coach.strip().lower())


def _coach_notes(coach: str) -> list[str]:
    """The review's note on its coach's draws (the master's values are drawn afresh)."""
    if coach.strip().lower() != "master":
        return []
    return ["the master's values are estimated from its own draws of the opponent's hands, "
            "seeded by the game and the move: a move the master made in the game (other "
            "draws) may be charged a small cost here"]


@dataclass(frozen=True)
class _Worth:
    """What the review counts each choice of one decision worth: ``values`` by choice (a
    discard's two cards sorted, or a rank in the play), in ``unit``; ``best`` the review's
    choice (the one the hint names), ``plays`` the legal cards to show a rank by."""

    kind: str
    values: dict[Any, float]
    best: Any
    unit: str
    plays: tuple[Card, ...] = ()

    def key(self, action: Action) -> Any:
        return tuple(sorted(action.cards)) if self.kind == "discard" else action.cards[0].rank

    def action(self) -> Action:
        """The review's choice as an action (a card of the best rank in the play)."""
        if self.kind == "discard":
            return Action("DISCARD", tuple(self.best))
        return Action("PLAY", (next(c for c in self.plays if c.rank == self.best),))

    def decision(self, deal: int, seat: int, action: Action, index: int) -> Decision:
        """The decision ``action`` made here, its cost the best value less its own (0 when
        it is as good), the choice shown beside it the action itself when it is."""
        made = self.key(action)
        top = self.values[self.best]
        cost = max(0.0, top - self.values[made])
        best = action if cost <= 1e-12 else self.action()
        shown = _cards(best.cards) if self.kind == "discard" else best.cards[0].pretty
        made_text = _cards(tuple(sorted(action.cards))) if self.kind == "discard" \
            else action.cards[0].pretty
        return Decision(deal, seat, self.kind, made_text, shown, round(cost, 6), self.unit,
                        index)


def _worth(state: CribbageState, seed: int, index: int, expert: ExpertPlayer,
           table: WinTable) -> _Worth | None:
    """The review's values of the decision the player to move makes at ``state`` (action
    ``index`` of the game; the draws seeded by ``seed`` and ``index``); None where there is
    no choice that matters (one rank to play, or no discard or card to lay)."""
    if state.phase not in (Phase.DISCARD, Phase.PLAY) or state.current_player == CHANCE:
        return None
    view = state.view(state.current_player)
    rng = derive_rng(seed, "review", index)
    legal = state.legal_actions()
    if state.phase == Phase.DISCARD:
        if not any(a.verb == "DISCARD" for a in legal):
            return None
        return _discard(view, expert, table, rng)
    return _play(view, legal, expert, table, rng)


def coach_choice(state: CribbageState, seat: int, coach: str = "expert") -> Action | None:
    """The move the game review (by ``coach``'s values, :data:`REVIEW_COACHES`) counts
    best for ``seat`` where ``state`` stands (the same values and the same draws as
    :func:`review_record`, so a move that equals it is charged nothing there); None when
    the review does not review this game or this decision (see :func:`reviewable`), or
    ``seat`` is not to move.

    Raises:
        HoyleError: a coach the review does not know.
    """
    player = _coach(coach)
    if not _reviewed(state) or state.is_terminal() or state.current_player != seat:
        return None
    worth = _worth(state, state.seed or 0, state.action_count, player,
                   win_table(state.rules.variant))
    return None if worth is None else worth.action()


def _discard(view: CribbageView, expert: ExpertPlayer, table: WinTable,
             rng: random.Random) -> _Worth:
    if len(view.hand) == 5:  # five-card: the values of five_card_options
        if _near(view, expert):
            chances = five_card_win_chances(view, table)
            return _Worth("discard", chances, max(chances, key=chances.__getitem__), WIN)
        if isinstance(expert, MasterPlayer):  # with the pegging searched
            worth = {tuple(sorted(k)): v for k, v in expert.five_card_values(view, rng).items()}
            return _Worth("discard", worth, max(worth, key=worth.__getitem__), POINTS)
        options = five_card_options(view.hand, view.is_dealer)
        return _Worth("discard", {tuple(sorted(o.discard)): o.total for o in options},
                      tuple(sorted(options[0].discard)), POINTS)
    if _near(view, expert):
        aware = expert if isinstance(expert, AwareExpertPlayer) else AwareExpertPlayer()
        chances = {tuple(sorted(k)): v for k, v in aware.discard_chances(view, rng).items()}
        return _Worth("discard", chances, max(chances, key=chances.__getitem__), WIN)
    if isinstance(expert, MasterPlayer):  # the searched lay-away (its best is its choice)
        worth = {tuple(sorted(k)): v for k, v in expert.layaway_values(view, rng).items()}
        return _Worth("discard", worth, max(worth, key=worth.__getitem__), POINTS)
    worth = {tuple(sorted(k)): v for k, v in expert.discard_values(view).items()}
    # the expert's own discard, when it is among the best (it is, far from the end)
    own = tuple(sorted(expert._discard(view)))
    best = own if worth[own] >= max(worth.values()) - 1e-12 else max(worth, key=worth.__getitem__)
    return _Worth("discard", worth, best, POINTS)
def missed_peg_out_keeps(view: CribbageView, table: WinTable) -> float:
    """The seat's chance of winning after a play that could have pegged out and did not:
    the game goes on past this deal, so the table at the next deal's position, where the
    pone of this one deals (:func:`~hoyle.cribbage.advice.endgame.chance_after_deal`, at
    today's scores: the rest of this deal's points are not modelled)."""
    me, him = view.scores[view.seat], view.scores[1 - view.seat]
    return chance_after_deal(table, me, him, view.is_dealer)


def _play(view: CribbageView, legal: Sequence[Action], expert: ExpertPlayer,
          table: WinTable, rng: random.Random) -> _Worth | None:
    cards = tuple(a.cards[0] for a in legal if a.verb == "PLAY")
    ranks = sorted({c.rank for c in cards})
    if len(ranks) < 2:
        return None  # no choice that matters: one rank (suits do not count in the play)
    seq = tuple(c.rank for c in view.count_cards)
    need = view.target - view.scores[view.seat]
    winning = [c.rank for c in cards if peg_points(seq + (c.rank,)) >= need]
    if winning:  # a card that pegs out wins at once (CRIB-R-11)
        keeps = missed_peg_out_keeps(view, table)
        return _Worth("play", {r: 1.0 if r in winning else keeps for r in ranks},
                      winning[0], WIN, cards)
    if _near(view, expert) and view.target == 121 and view.starter is not None and \
            len(view.kept) == 4 and len(view.discards) == 2:
        # six-card near the end: the score-aware expert's chance of the game for each rank
        aware = expert if isinstance(expert, AwareExpertPlayer) else AwareExpertPlayer()
        chances = aware.win_values(view, rng)
        top = max(chances, key=lambda r: (round(chances[r][0], 9), chances[r][1], r))
        return _Worth("play", {r: v[0] for r, v in chances.items()}, top, WIN, cards)
    values = expert.play_values(view, rng)
    return _Worth("play", values, max(values, key=lambda r: (values[r], r)), POINTS, cards)
