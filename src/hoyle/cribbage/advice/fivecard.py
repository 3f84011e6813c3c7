"""Five-card (EW-P-83a: five dealt, two laid away by each, three kept; game 61) lay-away
values: each of the ten ways in points (:func:`five_card_options`: the kept three's exact
expected show over the 47 starters, CRIB-R-10, a three-card flush in the hand, EW-T-vii,
and the crib's expected value from hoyle's crib table, made from six-card discards, the
nearest the code has to the opponent's two of five) and, near the end, in the chance of the
game (:func:`five_card_win_chances`, with the five-card win table and the expert's measured
averages :data:`FIVE_PEG`, :data:`FIVE_HAND`, :data:`FIVE_CRIB`). The game review and the
master player use them (:mod:`hoyle.cribbage.review`,
:mod:`hoyle.cribbage.players.master`).
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.cards import CARDS, Card
from hoyle.cribbage.advice.cribtable import crib_table
from hoyle.cribbage.advice.discard import DiscardOption
from hoyle.cribbage.advice.endgame import chance_after_deal
from hoyle.cribbage.advice.wintable import WinTable
from hoyle.cribbage.scoring import hand_ev, show_total
from hoyle.cribbage.state import CribbageView
from hoyle.errors import HoyleError

__all__ = ["FIVE_CRIB", "FIVE_HAND", "FIVE_PEG", "five_card_options", "five_card_win_chances"]

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
