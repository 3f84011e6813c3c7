"""Cribbage's game review (``hoyle review``): each discard and each card laid of a recorded
two-hand six-card or five-card game beside the expert's choice
(:class:`~hoyle.cribbage.players.ExpertPlayer`), with what it cost.

Far from the end of the game (both sides more than :data:`NEAR` points, 25, short of it before
the deal) a cost is in expected points: a discard's the expert's value of each way to lay
away (the kept hand's expected show over the 46 starters, the crib's from hoyle's crib
table, ours added, his taken off, and half the pegging table's value of the kept ranks),
the best less the one made; a card's the expected net points of the rest of the play (ours
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
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hoyle.cards import CARDS, Card, derive_rng
from hoyle.cribbage.advice.cribtable import crib_table
from hoyle.cribbage.advice.discard import DiscardOption
from hoyle.cribbage.advice.endgame import chance_after_deal
from hoyle.cribbage.advice.wintable import VARIANT_TARGETS, WinTable, win_table
from hoyle.cribbage.events import Kind
from hoyle.cribbage.players.aware import NEAR, AwareExpertPlayer
from hoyle.cribbage.players.expert import ExpertPlayer
from hoyle.cribbage.players.search import peg_points
from hoyle.cribbage.records import replay_record, state_for_record
from hoyle.cribbage.scoring import hand_ev, show_total
from hoyle.cribbage.state import CribbageState, CribbageView, Phase
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.event import Event
from hoyle.engine.records import GameRecord
from hoyle.interface.review import POINTS, WIN, Decision, Review
from hoyle.engine.runner import walk
from hoyle.interface.text import HUMAN, seat_names
from hoyle.errors import HoyleError

__all__ = ["FIVE_CRIB", "FIVE_HAND", "FIVE_PEG", "NEAR", "five_card_options",
           "five_card_win_chances", "review_names", "review_record", "reviewable"]

# Five-card averages, simulated: the first deal of 4,000 games of two expert players at 0-0
# (seed 2026, scripts/five_card_averages.py), standard errors 0.03 to 0.05.
FIVE_PEG = {True: 1.94, False: 1.28}
"""Five-card: average points in the play (the go and his heels with it), dealer and pone."""
FIVE_HAND = {True: 4.98, False: 5.00}
"""Five-card: average show of the three kept and the starter, dealer and pone."""
FIVE_CRIB = 4.49
"""Five-card: average crib."""


def five_card_options(hand: Sequence[Card], dealer: bool) -> list[DiscardOption]:
    """The ten ways to lay away two of a five-card ``hand`` (two-hand five-card, EW-P-83a),
    best first: ``hand_ev`` the kept three's expected show over the 47 starters (points),
    ``crib_ev`` the crib's from hoyle's crib table (yours as dealer, his as pone),
    ``total`` hand_ev + crib_ev as dealer, hand_ev - crib_ev as pone.

    Raises:
        HoyleError: not five cards; DuplicateCardError: a card twice.
    """
    if len(hand) != 5:
        raise HoyleError(f"five-card discard values need five cards, not {len(hand)}")
    table = crib_table()
    out = []
    for i in range(5):
        for j in range(i + 1, 5):
            away = (hand[i], hand[j])
            keep = tuple(c for c in hand if c not in away)
            h = hand_ev(keep, away)
            crib = table.value(away[0], away[1], dealer)
            out.append(DiscardOption(keep, away, h, crib, h + crib if dealer else h - crib))
    out.sort(key=lambda o: -o.total)
    return out


def five_card_win_chances(view: CribbageView, table: WinTable
                          ) -> dict[tuple[Card, ...], float]:
    """Each way to lay away two of the five in ``view.hand`` and the seat's estimated
    chance of winning the game with it: for each of the 47 starters the seat's points this
    deal are its kept three's show plus the crib's expected value (if it deals) plus
    :data:`FIVE_PEG` of its role, the opponent's his averages (:data:`FIVE_PEG`,
    :data:`FIVE_HAND`, :data:`FIVE_CRIB`); the pone counts first (CRIB-R-10), the game
    ends when a side reaches it (CRIB-R-11), and a deal that does not end it is valued by
    the five-card win table at the next position."""
    dealer = view.is_dealer
    me, him = view.scores[view.seat], view.scores[1 - view.seat]
    target = view.target
    starters = [c for c in CARDS if c not in view.hand]
    out: dict[tuple[Card, ...], float] = {}
    for o in five_card_options(view.hand, dealer):
        his = him + FIVE_PEG[not dealer] + FIVE_HAND[not dealer] + (0.0 if dealer else FIVE_CRIB)
        total = 0.0
        for s in starters:
            mine = me + FIVE_PEG[dealer] + show_total(o.keep, s) + (o.crib_ev if dealer else 0.0)
            if dealer:  # the pone counts first
                if his < target:
                    total += 1.0 if mine >= target else chance_after_deal(table, mine, his, True)
            elif mine >= target:
                total += 1.0
            elif his < target:
                total += chance_after_deal(table, mine, his, False)
        out[tuple(sorted(o.discard))] = total / len(starters)
    return out


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


def _near(view: CribbageView) -> bool:
    return min(view.target - s for s in view.scores) <= NEAR


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


def review_record(record: GameRecord, seat: int | None = None) -> Review:
    """Review every discard and card laid of a two-hand game's record (see the module
    docstring), of ``seat`` or of both.

    Raises:
        RecordError: the record does not replay.
        HoyleError: not a two-hand six- or five-card game, or no such seat.
    """
    replay_record(record)  # the whole record checked first
    state = state_for_record(record)
    if not _reviewed(state):
        raise HoyleError("the review is for two-hand six-card and five-card games")
    if seat is not None and seat not in (0, 1):
        raise HoyleError(f"no seat {seat} in this game")
    table = win_table(state.rules.variant)
    expert = ExpertPlayer()
    decisions: list[Decision] = []
    deal = 0

    def count_deals(events: list[Event]) -> None:
        nonlocal deal
        deal += sum(1 for e in events if e.kind == Kind.DEAL and e.seat == state.dealer)

    for i, action in walk(state, record.actions, count_deals):
        who = state.current_player
        if who != CHANCE and (seat is None or who == seat) and \
                state.phase in (Phase.DISCARD, Phase.PLAY):
            view = state.view(who)
            rng = derive_rng(record.seed or 0, "review", i)
            if action.verb == "DISCARD":
                decisions.append(_discard(view, action, deal, expert, table, rng))
            elif action.verb == "PLAY":
                found = _play(view, action, state.legal_actions(), deal, expert, table, rng)
                if found is not None:
                    decisions.append(found)
    return Review(decisions, review_names(record), [
        f"far from the end (both more than {NEAR} short): expected points; near it: "
        "discards and cards in win probability (estimated with the win table; five-card "
        "cards in points, a missed peg-out in win probability)"])


def _discard(view: CribbageView, action: Action, deal: int, expert: ExpertPlayer,
             table: WinTable, rng: random.Random) -> Decision:
    made = tuple(sorted(action.cards))
    if len(view.hand) == 5:  # five-card: the values of five_card_options
        return _five_card_discard(view, made, deal, table)
    if _near(view):
        aware = AwareExpertPlayer()
        chances = {tuple(sorted(k)): v for k, v in aware.discard_chances(view, rng).items()}
        top = max(chances.values())
        # the best way; the one made when it is among the best
        wins: tuple[Card, ...] = made if chances[made] >= top - 1e-12 else \
            max(chances, key=chances.__getitem__)
        return Decision(deal, view.seat, "discard", _cards(made), _cards(wins),
                        round(top - chances[made], 6), WIN)
    best = tuple(sorted(expert._discard(view)))
    worth = {tuple(sorted(k)): v for k, v in expert.discard_values(view).items()}
    return Decision(deal, view.seat, "discard", _cards(made), _cards(best),
                    round(max(worth.values()) - worth[made], 6), POINTS)


def _five_card_discard(view: CribbageView, made: tuple[Card, ...], deal: int,
                       table: WinTable) -> Decision:
    if _near(view):
        chances = five_card_win_chances(view, table)
        best = max(chances, key=lambda k: chances[k])
        return Decision(deal, view.seat, "discard", _cards(made), _cards(best),
                        round(chances[best] - chances[made], 6), WIN)
    options = five_card_options(view.hand, view.is_dealer)
    worth = {tuple(sorted(o.discard)): o.total for o in options}
    top = tuple(sorted(options[0].discard))
    return Decision(deal, view.seat, "discard", _cards(made), _cards(top),
                    round(worth[top] - worth[made], 6), POINTS)


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
            return Decision(deal, view.seat, "play", made.pretty, made.pretty, 0.0, WIN)
        return Decision(deal, view.seat, "play", made.pretty, winning[0].pretty,
                        round(1.0 - missed_peg_out_keeps(view, table), 6), WIN)
    if _near(view) and view.target == 121 and view.starter is not None and \
            len(view.kept) == 4 and len(view.discards) == 2:
        # six-card near the end: the score-aware expert's chance of the game for each rank
        chances = AwareExpertPlayer().win_values(view, rng)
        top = max(chances, key=lambda r: (round(chances[r][0], 9), chances[r][1], r))
        pick = made if made.rank == top or chances[made.rank][0] >= chances[top][0] - 1e-12 \
            else next(a.cards[0] for a in plays if a.cards[0].rank == top)
        return Decision(deal, view.seat, "play", made.pretty, pick.pretty,
                        round(max(0.0, chances[top][0] - chances[made.rank][0]), 6), WIN)
    values = expert.play_values(view, rng)
    best = max(values, key=lambda r: (values[r], r))
    # the expert chooses a rank (suits do not count in the play): the card laid if it is one
    best_card = made if made.rank == best else \
        next(a.cards[0] for a in plays if a.cards[0].rank == best)
    return Decision(deal, view.seat, "play", made.pretty, best_card.pretty,
                    round(values[best] - values[made.rank], 6), POINTS)
