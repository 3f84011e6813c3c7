"""The end of the game in the discard: each way to lay away valued by the estimated
chance of winning the game (used by the review, :mod:`hoyle.cribbage.review`; the
score-aware expert, :mod:`hoyle.cribbage.players.aware`, draws the opponent's cards, the
starter and the play instead of these averages).

The estimate: for each of the 46 starters the seat's points this deal are its kept hand's
show (CRIB-R-10) plus the crib's expected value from the crib table (if it deals) plus the
average pegging of its role, the opponent's his averages (published expert averages,
``shared/figures.md`` §3: play 2.0 as pone, 3.5 as dealer; hand 8.1 as pone, 8.0 as dealer;
crib 4.7); the sides count in the laws' order (the pone first, CRIB-R-10; the game ends the
moment a side reaches it, CRIB-R-11); a deal that does not end the game is valued by the
win table at the next position (:mod:`hoyle.cribbage.advice.wintable`). The race in the
play itself is not modelled.
"""

from __future__ import annotations

from hoyle.cards import CARDS, Card
from hoyle.cribbage.advice.discard import discard_options
from hoyle.cribbage.advice.wintable import WinTable
from hoyle.cribbage.scoring import show_total
from hoyle.cribbage.state import CribbageView

__all__ = ["PEG", "HAND", "CRIB", "chance_after_deal", "discard_win_chances"]

PEG = {True: 3.5, False: 2.0}
"""Average points in the play, dealer and pone (Chambers, cribbage.org; figures.md §3)."""
HAND = {True: 8.0, False: 8.1}
"""Average hand, dealer and pone (ibid.)."""
CRIB = 4.7
"""Average crib (ibid.)."""


def chance_after_deal(table: WinTable, mine: float, his: float, dealer: bool) -> float:
    """The seat's chance of winning once this deal is over at ``mine`` and ``his`` points
    (rounded; at most ``target - 1``) without a side reaching the game, ``dealer`` whether
    the seat deals this deal: the table (``P(dealer wins)`` before a deal) at the next
    position, where the pone of this deal deals (the deal alternates, CRIB-R-3):
    ``p[mine, his]`` if the seat was pone, ``1 - p[his, mine]`` if it dealt."""
    top = table.target - 1
    m, h = min(int(round(mine)), top), min(int(round(his)), top)
    # next deal: if the seat dealt, the opponent deals now
    return float(1.0 - table.p[h, m]) if dealer else float(table.p[m, h])


_after_deal = chance_after_deal


def discard_win_chances(view: CribbageView, table: WinTable) -> dict[tuple[Card, ...], float]:
    """Each way to lay away (the two cards, as the discard advice orders them) and the
    seat's estimated chance of winning the game with it (see the module docstring)."""
    dealer = view.is_dealer
    me, him = view.scores[view.seat], view.scores[1 - view.seat]
    target = view.target
    held = set(view.hand)
    starters = [c for c in CARDS if c not in held]
    out: dict[tuple[Card, ...], float] = {}
    for o in discard_options(view.hand, dealer):
        total = 0.0
        for s in starters:
            hand = show_total(o.keep, s)
            mine = me + PEG[dealer] + hand + (o.crib_ev if dealer else 0.0)
            his = him + PEG[not dealer] + HAND[not dealer] + (0.0 if dealer else CRIB)
            if dealer:  # the pone counts first
                if his >= target:
                    continue
                total += 1.0 if mine >= target else _after_deal(table, mine, his, dealer)
            else:
                if mine >= target:
                    total += 1.0
                elif his < target:
                    total += _after_deal(table, mine, his, dealer)
        out[o.discard] = total / len(starters)
    return out
