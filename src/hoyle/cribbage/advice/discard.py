"""Discard advice: the expected value of each way to lay away two cards from six.

For a six-card hand and a role, each of the 15 discards is valued as the kept hand's exact
expected show over the 46 possible starters, plus the expected crib from hoyle's crib table
(:mod:`hoyle.cribbage.advice.cribtable`) when the crib is yours, minus it when it is your
opponent's. Values are in points. Source: the show (CRIB-R-10); ``shared/figures.md`` §3.

The published example (``shared/figures.md`` §3): the dealer holding A-2-7-9-J-Q keeps
A-2-J-Q (131/46 on average in hand) and lays J-Q away... no: keeps A-2-J-Q by hand value,
but the crib makes tossing J-Q better than tossing 7-9:

>>> from hoyle.cards import parse_cards
>>> round(hand_ev(parse_cards("AH 2C JH QC"), parse_cards("7D 9S")) * 46)
131
>>> opts = {" ".join(map(str, o.discard)): o for o in
...         discard_options(parse_cards("AH 2C 7D 9S JH QC"), dealer=True)}
>>> opts["JH QC"].total > opts["7D 9S"].total
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from hoyle.cribbage.advice.cribtable import CribTable, crib_table
from hoyle.cards import Card, require_distinct
from hoyle.cribbage.scoring import hand_ev
from hoyle.errors import HoyleError

__all__ = ["DiscardOption", "discard_options", "hand_ev"]


@dataclass(frozen=True)
class DiscardOption:
    """One way to lay away: ``keep`` (four cards), ``discard`` (two), ``hand_ev`` (the kept
    hand's expected show, points), ``crib_ev`` (expected crib of the pair; yours as dealer,
    the opponent's as pone) and ``total`` (hand_ev + crib_ev as dealer, hand_ev - crib_ev as
    pone)."""

    keep: tuple[Card, ...]
    discard: tuple[Card, ...]
    hand_ev: float
    crib_ev: float
    total: float


def discard_options(hand: Sequence[Card], dealer: bool,
                    table: CribTable | None = None) -> list[DiscardOption]:
    """The 15 discards from a six-card ``hand``, best first.

    Args:
        hand: six distinct cards.
        dealer: whether the crib is yours.
        table: the crib table (default: the shipped one).

    Raises:
        HoyleError: not six cards; DuplicateCardError: a card twice.
    """
    if len(hand) != 6:
        raise HoyleError(f"discard advice needs six cards, not {len(hand)}")
    require_distinct(hand)
    t = table if table is not None else crib_table()
    out = []
    for keep in combinations(hand, 4):
        away = tuple(c for c in hand if c not in keep)
        h = hand_ev(keep, away)
        crib = t.value(away[0], away[1], dealer)
        out.append(DiscardOption(tuple(keep), away, h, crib, h + crib if dealer else h - crib))
    out.sort(key=lambda o: -o.total)
    return out
