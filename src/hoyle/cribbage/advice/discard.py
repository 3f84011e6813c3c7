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

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from operator import itemgetter

import numpy as np
import numpy.typing as npt

from hoyle.cribbage.advice.cribtable import CribTable, crib_table
from hoyle.cards import Card, require_distinct
from hoyle.cribbage.scoring import hand_ev, rank_table
from hoyle.errors import HoyleError

__all__ = ["DiscardOption", "discard_options", "best_keep", "way_values", "hand_ev"]


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
    out = [DiscardOption(keep, away, h, crib, h + crib if dealer else h - crib)
           for keep, away, h, crib in _values(hand, dealer, t)]
    out.sort(key=lambda o: -o.total)
    return out


def best_keep(hand: Sequence[Card], dealer: bool) -> tuple[Card, ...]:
    """The four cards the advice keeps from a six-card ``hand`` with the shipped crib table:
    ``discard_options(hand, dealer)[0].keep``, without building the 15 options (the
    expert's model of his opponent calls it for every hand it draws). ``hand`` must be
    six distinct cards (not checked)."""
    best: tuple[Card, ...] = ()
    top = -math.inf
    for keep, _away, h, crib in _values(hand, dealer, crib_table()):
        v = h + crib if dealer else h - crib
        if v > top:  # the first of equals, as the stable sort of discard_options
            best, top = keep, v
    return best


def way_values(hand: Sequence[Card], dealer: bool
               ) -> list[tuple[tuple[Card, ...], tuple[Card, ...], float]]:
    """``(keep, away, total)`` of the 15 ways to lay away two of the six distinct cards of
    ``hand``, in combination order (not sorted), ``total`` in points as
    :attr:`DiscardOption.total`, with the shipped crib table: the values of
    :func:`discard_options` without building them (the opponent model calls it for every
    hand it draws, :mod:`hoyle.cribbage.players.reading`). Not checked."""
    return [(keep, away, h + crib if dealer else h - crib)
            for keep, away, h, crib in _values(hand, dealer, crib_table())]


_COMBOS = tuple(combinations(range(6), 4))
_AWAY = tuple(tuple(i for i in range(6) if i not in k) for k in _COMBOS)
_GET_KEEP = tuple(itemgetter(*k) for k in _COMBOS)
_COLS = np.array(_COMBOS, dtype=np.int64)  # (15, 4): the kept positions of each discard
_POW = np.array([13 ** 3, 13 ** 2, 13, 1], dtype=np.int64)
_ROWS: npt.NDArray[np.int64] | None = None
_CRIB: dict[tuple[Card, Card, bool], float] = {}
"""The shipped crib table's values by the two cards laid away and the role."""


def _rank_rows() -> npt.NDArray[np.int64]:
    """The rank table (:func:`~hoyle.cribbage.scoring.rank_table`) as rows of the 13
    starter ranks for each ordered four ranks: shape (13**4, 13), int64."""
    global _ROWS
    if _ROWS is None:
        _ROWS = rank_table().astype(np.int64).reshape(13 ** 4, 13)
    return _ROWS


def _values(hand: Sequence[Card], dealer: bool, table: CribTable
            ) -> list[tuple[tuple[Card, ...], tuple[Card, ...], float, float]]:
    """``(keep, away, hand_ev, crib_ev)`` of the 15 discards in combination order: the
    kept hand's show summed over the 46 starters at once (numpy; the same integers as
    :func:`~hoyle.cribbage.scoring.show_sum`, so the same floats as
    :func:`~hoyle.cribbage.scoring.hand_ev`)."""
    rank_list = [c.rank - 1 for c in hand]
    left = [4] * 13  # starters left of each rank
    suit_left = [13, 13, 13, 13]  # and of each suit
    for c in hand:
        left[c.rank - 1] -= 1
        suit_left[c.suit] -= 1
    ranks = np.array(rank_list, dtype=np.int64)
    sums = (_rank_rows()[ranks[_COLS] @ _POW] @ np.array(left, dtype=np.int64)).tolist()
    # his nobs: a starter of a kept jack's suit; a flush: four kept cards of one suit
    nobs = [suit_left[c.suit] if c.rank == 11 else 0 for c in hand]
    all_nobs = sum(nobs)
    flush = min(suit_left) <= 9  # some suit has four of the six cards
    shipped = table is crib_table()
    out: list[tuple[tuple[Card, ...], tuple[Card, ...], float, float]] = []
    for k in range(15):
        keep: tuple[Card, ...] = _GET_KEEP[k](hand)
        i, j = _AWAY[k]
        away = (hand[i], hand[j])
        total: int = sums[k] + all_nobs - nobs[i] - nobs[j]
        if flush:
            s = keep[0].suit
            if keep[1].suit == s and keep[2].suit == s and keep[3].suit == s:
                total += 4 * 46 + suit_left[s]
        if shipped:
            ck = (away[0], away[1], dealer)
            crib = _CRIB.get(ck)
            if crib is None:
                crib = _CRIB[ck] = table.value(away[0], away[1], dealer)
        else:
            crib = table.value(away[0], away[1], dealer)
        out.append((keep, away, total / 46, crib))
    return out
