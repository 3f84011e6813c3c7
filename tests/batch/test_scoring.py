"""The batch engine's scoring, against published figures and hands worked by hand.

The show: every (four-card hand, starter) combination, 52 starters x C(51,4) =
12,994,800, scored by the batch's own ``show_points`` (the function its ``step`` counts the
show with) as a hand and as a crib, reproduces ``shared/figures.md`` §1 count for count.
The play: combinations worked out by hand (CRIB-R-9).
"""

from __future__ import annotations

from itertools import combinations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from hoyle.cribbage.batch import play_points, rank_points, show_points
from hoyle.cards import Card, parse_cards

from helpers.figures import CRIB_SUM, FIGURES, HAND_SUM, TOTAL

_SHOW = {crib: jax.jit(jax.vmap(lambda h, s, crib=crib: show_points(h, s, crib)))
         for crib in (False, True)}


def _ids(text: str) -> list[int]:
    return [c.index for c in parse_cards(text)]


def test_crib_r_10_every_hand_and_starter_equals_figures_md() -> None:
    base = np.array(list(combinations(range(51), 4)), dtype=np.int32)  # 249,900 x 4
    counts = {False: np.zeros(32, np.int64), True: np.zeros(32, np.int64)}
    for starter in range(52):
        hands = jnp.asarray(base + (base >= starter))  # the 51 cards other than the starter
        starters = jnp.full(base.shape[0], starter, jnp.int32)
        for crib in (False, True):
            scores = np.asarray(_SHOW[crib](hands, starters))
            counts[crib] += np.bincount(scores, minlength=32)
    hand, crib = counts[False], counts[True]
    assert hand.sum() == crib.sum() == TOTAL
    for score, (want_hand, want_crib) in FIGURES.items():
        assert (hand[score], crib[score]) == (want_hand, want_crib), score
    assert hand[30:].sum() == crib[30:].sum() == 0
    assert int((hand * np.arange(32)).sum()) == HAND_SUM
    assert int((crib * np.arange(32)).sum()) == CRIB_SUM


@pytest.mark.parametrize("hand, starter, crib, points", [
    ("5H 5C 5S JD", "5D", False, 29),  # the 29 hand: 16 in fifteens, 12 pairs, his nobs
    ("5H 5C 5S JH", "5D", False, 28),  # the jack not of the starter's suit
    ("4H 4C 5S 6D", "6H", False, 24),  # runs 4 x 3, two pairs 4, fifteens 4 x 2 (figures §1)
    ("2H 4H 6H 8H", "KC", False, 4),   # a four-card flush, no fifteen (all even, K 10)
    ("2H 4H 6H 8H", "KC", True, 0),    # the crib: no flush without the starter (EW-T-vii)
    ("2H 4H 6H 8H", "KH", True, 5),    # ...with it, five
    ("AC 2D 3H 3S", "3C", False, 15),  # triple run 9, pair royal 6
])
def test_crib_r_10_show_worked_by_hand(hand: str, starter: str, crib: bool,
                                       points: int) -> None:
    got = int(show_points(jnp.asarray(_ids(hand)), jnp.int32(Card.parse(starter).index), crib))
    assert got == points


def test_crib_r_10_rank_points_runs_and_fifteens() -> None:
    # 7-8-8-9 with a 6: runs 6-7-8-9 twice (8), a pair (2), 7-8 twice and 6-9 (6): 16
    assert int(rank_points(jnp.asarray([7, 8, 8, 9, 6]))) == 16
    # 10-J-Q-K-5: four fifteens (8), a run of four (4): 12
    assert int(rank_points(jnp.asarray([10, 11, 12, 13, 5]))) == 12


@pytest.mark.parametrize("cards, points", [
    ("7C", 0),
    ("7C 8D", 2),              # fifteen
    ("7C 7D", 2),              # a pair
    ("7C 7D 7H", 6),           # pair royal
    ("7C 7D 7H 7S", 12),       # double pair royal
    ("5C 5D 5H", 8),           # pair royal and fifteen
    ("3C 5D 4H", 3),           # a run of three, out of order
    ("3C 5D 4H 2S 6C", 5),     # a run of five
    ("3C 5D 4H 4S", 2),        # a pair ends the run
    ("4C 5D 4H 3S", 3),        # 4-5-... the run is 5-4-3, counted from the last card back
    ("2C 3D 2H 3S 4C", 3),     # 2-3-4: the latest three distinct; 3-2-3-4 repeats a rank
    ("TC 6H 4S 6C", 0),        # a pair broken by a card between, no run (6-4-6)
])
def test_crib_r_9_play_points_worked_by_hand(cards: str, points: int) -> None:
    ids = _ids(cards)
    count = sum(min(c.rank, 10) for c in parse_cards(cards))
    padded = jnp.asarray(ids + [-1] * (8 - len(ids)), jnp.int32)
    assert int(play_points(padded, jnp.int32(len(ids)), jnp.int32(count))) == points


def test_crib_r_9_thirty_one_scores_two() -> None:
    ids = _ids("KC QD JH AC")
    padded = jnp.asarray(ids + [-1] * 4, jnp.int32)
    assert int(play_points(padded, jnp.int32(4), jnp.int32(31))) == 2
