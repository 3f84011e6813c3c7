"""Every (four-card hand, starter) combination scored and checked against the published
distribution (shared/figures.md §1): 52 starters x C(51,4) = 12,994,800 combinations.

The table values below are typed in from figures.md; nothing here comes from running hoyle.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations

import numpy as np
import pytest

from hoyle.cribbage.scoring import CRIB_FLUSH_LENIENT, score_batch

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

from helpers.figures import CRIB_SUM, FIGURES, HAND_SUM, TOTAL

NO_FLUSH_SUM = 61_399_320  # fifteens, pairs, runs and nobs only ("4.7249")
# figures.md: without flushes and nobs the mean is 4.652516; nobs alone add
# 48/52 * 4/51 per combination, i.e. 48 non-jack starters x C(50,3) hands holding the
# jack of the starter's suit = 48 * 19,600 = 940,800 points.
NOBS_POINTS = 940_800

# figures.md §1, score 24: nine rank patterns
PATTERNS_24 = {
    (1, 7, 7, 7, 7): 20, (3, 3, 3, 3, 9): 20, (3, 6, 6, 6, 6): 20, (4, 4, 4, 4, 7): 20,
    (4, 4, 5, 5, 6): 720, (4, 4, 5, 6, 6): 720, (4, 5, 5, 6, 6): 720, (6, 7, 7, 8, 8): 720,
    (7, 7, 8, 8, 9): 720,
}


@lru_cache(maxsize=1)
def enumerate_all() -> dict[str, object]:
    """Score every combination once (hand, strict crib, lenient crib), starter by starter."""
    base = np.array(list(combinations(range(51), 4)), dtype=np.int16)  # 249,900 x 4
    assert base.shape == (249_900, 4)
    hist = {k: np.zeros(32, dtype=np.int64) for k in ("hand", "crib", "lenient")}
    sums = dict.fromkeys(hist, 0)
    flush_points = 0   # hand-rule flush points, computed here from the suits
    nobs_points = 0    # computed here from the cards
    rows_29: list[tuple[tuple[int, ...], int]] = []
    patterns_24: Counter[tuple[int, ...]] = Counter()
    n = 0
    for s in range(52):
        hands = base + (base >= s)  # the 51 cards other than the starter
        starters = np.full(len(hands), s, dtype=np.int16)
        n += len(hands)
        for kind, kw in (("hand", {}), ("crib", {"crib": True}),
                         ("lenient", {"crib": True, "crib_flush_rule": CRIB_FLUSH_LENIENT})):
            scores = score_batch(hands, starters, **kw).astype(np.int64)
            hist[kind] += np.bincount(scores, minlength=32)[:32]
            sums[kind] += int(scores.sum())
            if kind == "hand":
                hand_scores = scores
        suits = hands & 3
        flush4 = (suits == suits[:, :1]).all(axis=1)
        flush5 = flush4 & (suits[:, 0] == (s & 3))
        flush_points += int(4 * flush4.sum() + flush5.sum())
        if s >> 2 != 10:  # starter not a jack: the jack of its suit has index 40 + suit
            nobs_points += int((hands == 40 + (s & 3)).any(axis=1).sum())
        for row in hands[hand_scores == 29]:
            rows_29.append((tuple(sorted(row.tolist())), s))
        for row in hands[hand_scores == 24]:
            patterns_24[tuple(sorted([(int(c) >> 2) + 1 for c in row] + [(s >> 2) + 1]))] += 1
    return {"n": n, "hist": hist, "sums": sums, "flush": flush_points, "nobs": nobs_points,
            "rows_29": rows_29, "patterns_24": patterns_24}


def test_universe_is_12994800() -> None:
    assert enumerate_all()["n"] == TOTAL == 52 * 249_900
    assert sum(h for h, _ in FIGURES.values()) == TOTAL
    assert sum(c for _, c in FIGURES.values()) == TOTAL


@pytest.mark.parametrize("score", sorted(FIGURES))
def test_CRIB_R_10_hand_distribution_matches_figures(score: int) -> None:
    hist = enumerate_all()["hist"]["hand"]  # type: ignore[index]
    assert hist[score] == FIGURES[score][0]


@pytest.mark.parametrize("score", sorted(FIGURES))
def test_EW_T_vii_ACC_1_6_crib_distribution_matches_figures(score: int) -> None:
    hist = enumerate_all()["hist"]["crib"]  # type: ignore[index]
    assert hist[score] == FIGURES[score][1]


def test_CRIB_R_10_nothing_above_29() -> None:
    for kind in ("hand", "crib", "lenient"):
        assert enumerate_all()["hist"][kind][30:].sum() == 0  # type: ignore[index]


def test_sum_of_hand_scores_is_61974180() -> None:
    assert enumerate_all()["sums"]["hand"] == HAND_SUM  # type: ignore[index]
    # mean 60759/12740
    assert HAND_SUM * 12740 == 60759 * TOTAL


def test_sum_of_crib_scores_is_61528020() -> None:
    assert enumerate_all()["sums"]["crib"] == CRIB_SUM  # type: ignore[index]
    assert CRIB_SUM * 216580 == 1025467 * TOTAL


def test_lenient_crib_scores_like_a_hand() -> None:
    # with crib_flush_rule = lenient a four-card crib flush counts as in a hand
    data = enumerate_all()
    assert data["sums"]["lenient"] == HAND_SUM  # type: ignore[index]
    assert data["hist"]["lenient"][:30].tolist() == [FIGURES[k][0] for k in range(30)]  # type: ignore[index]


def test_sum_without_flushes_is_61399320() -> None:
    # figures.md "4.7249": fifteens, pairs, runs and nobs only. Flush points are counted here
    # from the suits: 4 x 715 one-suit hands, each with 9 starters of its suit (5) and 39
    # others (4): 2,860 x 201 = 574,860 = 61,974,180 - 61,399,320.
    data = enumerate_all()
    assert data["flush"] == 2860 * 201 == HAND_SUM - NO_FLUSH_SUM
    assert data["sums"]["hand"] - data["flush"] == NO_FLUSH_SUM  # type: ignore[operator]
    # the strict crib drops exactly the 39 x 4 points of each four-card flush
    assert data["sums"]["hand"] - data["sums"]["crib"] == 2860 * 39 * 4  # type: ignore[index,operator]


def test_sum_without_flushes_and_nobs_mean_4_652516() -> None:
    data = enumerate_all()
    assert data["nobs"] == NOBS_POINTS
    no_flush_no_nobs = data["sums"]["hand"] - data["flush"] - data["nobs"]  # type: ignore[index,operator]
    assert round(no_flush_no_nobs / TOTAL, 6) == 4.652516
    assert round(NOBS_POINTS / TOTAL, 6) == 0.072398


def test_CRIB_R_10_the_four_29s_are_5_5_5_J_with_the_fourth_five_of_the_jacks_suit() -> None:
    # index = (rank - 1) * 4 + suit: fives are 16..19, jacks 40..43
    expected = set()
    for suit in range(4):
        others = [16 + t for t in range(4) if t != suit]
        expected.add((tuple(sorted(others + [40 + suit])), 16 + suit))
    assert set(enumerate_all()["rows_29"]) == expected  # type: ignore[arg-type]


def test_the_24s_come_from_nine_rank_patterns() -> None:
    assert dict(enumerate_all()["patterns_24"]) == PATTERNS_24  # type: ignore[arg-type]
