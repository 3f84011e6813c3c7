"""The master (players.master) and its pegging matrix (players.pegmatrix): the matrix
against plays worked by hand and against the search; the searched lay-away in positions
worked by hand, where it differs from the expert's tabled one and where it must not; the
five-card lay-away; the player's place among the others."""

from __future__ import annotations

import random

import numpy as np
import pytest

from helpers.cribbage import dealer_view, pone_view

from hoyle.cards import parse_cards
from hoyle.cribbage.match import play_game
from hoyle.cribbage.players import PLAYERS, ExpertPlayer, MasterPlayer, make_player
from hoyle.cribbage.players.pegmatrix import kind_index, matrix_rows, peg_matrix
from hoyle.cribbage.players.pegtable import KEEP_KINDS
from hoyle.cribbage.players.search import play_value
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState


def test_the_matrix_holds_a_play_worked_by_hand() -> None:
    # Pone A-A-A-A against dealer K-K-K-K: every card forced. A (1), K (11), A (12),
    # K (22), A (23); the dealer cannot play (33): go; the pone's last ace makes 24 and
    # pairs the ace before it (2) and takes the last card (1): 3 to the pone. A new count:
    # the dealer's K (10), K (20) pairs (2) and the last card (1): 3. Net 0.
    m = peg_matrix()
    assert m[kind_index((1, 1, 1, 1)), kind_index((13, 13, 13, 13))] == 0
    # Pone 5-T-T-T against dealer 5-5-5-T: the doctest's position, and the search.
    assert m[kind_index((5, 10, 10, 10)), kind_index((5, 5, 5, 10))] == \
        play_value((5, 10, 10, 10), (5, 5, 5, 10), 0, ())
    assert m.shape == (1820, 1820) and m.dtype == np.int8 and not m.flags.writeable


def test_the_matrix_agrees_with_the_search_on_sampled_rows() -> None:
    rng = random.Random(11)
    rows = sorted(rng.sample(range(len(KEEP_KINDS)), 3))
    assert (matrix_rows(rows) == peg_matrix()[rows]).all()


def _uniform_opponent(mine: tuple[int, ...]) -> np.ndarray:
    """The chance of each of the opponent's four kinds of ranks dealt from the 48 cards
    ``mine`` leaves: the product over ranks of C(4 - mine's, his), normalised."""
    from math import comb

    w = np.array([np.prod([comb(4 - mine.count(r), his.count(r)) for r in set(his)])
                  for his in KEEP_KINDS], dtype=np.float64)
    return w / w.sum()


@pytest.mark.parametrize("mine", [(1, 2, 3, 4), (5, 5, 10, 13), (7, 7, 8, 8), (3, 6, 9, 12)])
def test_the_matrix_averaged_over_a_full_pack_is_the_pegging_table(mine: tuple[int, ...]
                                                                   ) -> None:
    # The pegging table is the same play averaged over 200 hands drawn from a full pack;
    # the matrix averaged exactly over every hand the 48 cards allow lies within four of
    # the table's standard errors of it (over 40 kinds drawn: z mean 0.28 and 0.01, sd 1.2).
    from hoyle.cribbage.players.pegtable import keep_key, peg_table

    m = peg_matrix().astype(np.float64)
    w = _uniform_opponent(mine)
    i = kind_index(mine)
    t, key = peg_table(), keep_key(mine)
    assert abs(m[i] @ w - t.pone[key]) < 4 * t.pone_se[key]
    assert abs(-(m[:, i] @ w) - t.dealer[key]) < 4 * t.dealer_se[key]
