"""Cribbage's game review (``hoyle review``): each discard (six-card: the discard advice is
for six cards) and each card laid of a recorded two-hand game beside the expert's choice (:class:`~hoyle.cribbage.players.ExpertPlayer`),
with what it cost.

Far from the end of the game (both sides more than :data:`NEAR` points, 25, short of it before
the deal) a cost is in expected points: a discard's the expert's value of each way to lay
away (the kept hand's expected show over the 46 starters, the crib's from hoyle's crib
table, ours added, his taken off, and half the pegging table's value of the kept ranks),
the best less the one made; a card's the expected net points of the rest of the play (ours
less his), the opponent's hands drawn as the expert draws them (20 per decision, seeded by
the record's seed and the action's index, so a review is the same every time) and each
solved exactly; the best card less the one laid.

Near the end a discard's cost is in the probability of winning the game, an estimate:
for each starter the seat's points this deal are its kept hand's show plus the crib's
expected value (if it deals) plus the average pegging of its role (pone 2.0, dealer 3.5:
``shared/figures.md`` §3), the opponent's his averages (hand 8.1 as pone, 8.0 and 4.7 crib
as dealer), the sides counting in the laws' order (the pone first, CRIB-R-10, the game
ending the moment a side reaches it, CRIB-R-11), and a deal that does not end the game
valued by the win table at the next position (:mod:`hoyle.cribbage.advice.wintable`). A card
that would have pegged out (CRIB-R-11) and was not laid costs, in win probability, the
chance of losing from there by the win table (the position as it stands, before the next
deal). Other cards near the end are costed in points, as far from it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hoyle.cards import Card, derive_rng
from hoyle.cribbage.advice.endgame import chance_after_deal, discard_win_chances
from hoyle.cribbage.advice.wintable import VARIANT_TARGETS, WinTable, win_table
from hoyle.cribbage.events import Kind
from hoyle.cribbage.players.aware import NEAR
from hoyle.cribbage.players.expert import ExpertPlayer
from hoyle.cribbage.players.search import peg_points
from hoyle.cribbage.records import replay_record, state_for_record
from hoyle.cribbage.state import CribbageState, CribbageView, Phase
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.records import GameRecord
from hoyle.engine.review import POINTS, WIN, Decision, Review
from hoyle.errors import HoyleError

__all__ = ["NEAR", "review_record"]


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def _near(view: CribbageView) -> bool:
    return min(view.target - s for s in view.scores) <= NEAR


def review_record(record: GameRecord, seat: int | None = None) -> Review:
    """Review every discard and card laid of a two-hand game's record (see the module
    docstring), of ``seat`` or of both.

    Raises:
        RecordError: the record does not replay.
        HoyleError: not a two-hand six- or five-card game, or no such seat.
    """
    replay_record(record)  # the whole record checked first
    state = state_for_record(record)
    if not isinstance(state, CribbageState) or state.rules.players != 2 or \
            state.rules.variant not in VARIANT_TARGETS:
        raise HoyleError("the review is for two-hand six-card and five-card games")
    if seat is not None and seat not in (0, 1):
        raise HoyleError(f"no seat {seat} in this game")
    table = win_table(state.rules.variant)
    expert = ExpertPlayer()
    decisions: list[Decision] = []
    deal = 0
    for i, text in enumerate(record.actions):
        action = Action.parse(text)
        who = state.current_player
        if who != CHANCE and (seat is None or who == seat) and \
                state.phase in (Phase.DISCARD, Phase.PLAY):
            view = state.view(who)
            rng = derive_rng(record.seed or 0, "review", i)
            if action.verb == "DISCARD" and len(view.hand) == 6:  # six-card only: the
                decisions.append(_discard(view, action, deal, expert, table))  # advice
            elif action.verb == "PLAY":
                found = _play(view, action, state.legal_actions(), deal, expert, table, rng)
                if found is not None:
                    decisions.append(found)
        for e in state.apply(action):
            if e.kind == Kind.DEAL and e.seat == state.dealer:
                deal += 1
    names = tuple(record.seats) if len(record.seats) == 2 else ("seat 0", "seat 1")
    return Review(decisions, names, [
        f"far from the end (both more than {NEAR} short): expected points; near it: "
        "discards in win probability (estimated with the win table), a missed peg-out "
        "in win probability, other cards in points"])


def _discard(view: CribbageView, action: Action, deal: int, expert: ExpertPlayer,
             table: WinTable) -> Decision:
    made = tuple(sorted(action.cards))
    best = tuple(sorted(expert._discard(view)))
    if _near(view):
        chances = {tuple(sorted(k)): v for k, v in discard_win_chances(view, table).items()}
        top = max(chances.values())
        return Decision(deal, view.seat, "discard", _cards(made), _cards(best),
                        round(top - chances[made], 6), WIN)
    worth = {tuple(sorted(k)): v for k, v in expert.discard_values(view).items()}
    return Decision(deal, view.seat, "discard", _cards(made), _cards(best),
                    round(max(worth.values()) - worth[made], 6), POINTS)


def missed_peg_out_keeps(view: CribbageView, table: WinTable) -> float:
    """The seat's chance of winning after a play that could have pegged out and did not:
    the game goes on past this deal, so the table at the next deal's position, where the
    pone of this one deals (:func:`~hoyle.cribbage.advice.endgame.chance_after_deal`, at
    today's scores: the rest of this deal's points are not modelled)."""
    me, him = view.scores[view.seat], view.scores[1 - view.seat]
    return chance_after_deal(table, me, him, view.is_dealer)


def _play(view: CribbageView, action: Action, legal: Sequence[Action], deal: int,
          expert: ExpertPlayer, table: WinTable, rng: random.Random) -> Decision | None:
    plays = [a for a in legal if a.verb == "PLAY"]
    if len({a.cards[0].rank for a in plays}) < 2:
        return None  # no choice that matters: one rank (suits do not count in the play)
    made = action.cards[0]
    seq = tuple(c.rank for c in view.count_cards)
    need = view.target - view.scores[view.seat]
    winning = [a.cards[0] for a in plays if peg_points(seq + (a.cards[0].rank,)) >= need]
    if winning:
        if peg_points(seq + (made.rank,)) >= need:
            return Decision(deal, view.seat, "play", str(made), str(made), 0.0, WIN)
        return Decision(deal, view.seat, "play", str(made), str(winning[0]),
                        round(1.0 - missed_peg_out_keeps(view, table), 6), WIN)
    values = expert.play_values(view, rng)
    best = max(values, key=lambda r: (values[r], r))
    best_card = next(a.cards[0] for a in plays if a.cards[0].rank == best)
    return Decision(deal, view.seat, "play", str(made), str(best_card),
                    round(values[best] - values[made.rank], 6), POINTS)
