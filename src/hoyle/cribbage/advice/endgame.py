"""The end of the game between deals: the seat's chance of winning once a deal is over, from
the win table (:mod:`hoyle.cribbage.advice.wintable`), used by the game review
(:mod:`hoyle.cribbage.review`). The score-aware expert's estimate of each way to lay away
near the end is :meth:`hoyle.cribbage.players.aware.AwareExpertPlayer.discard_chances`.
"""

from __future__ import annotations

from hoyle.cribbage.advice.wintable import WinTable

__all__ = ["chance_after_deal"]


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
