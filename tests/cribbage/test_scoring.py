"""Show and play scoring (shared/laws/cribbage.md §1.3, §1.4), with hand-worked values.

Each expected value is worked out in the comment beside it ("15s: ..."). Pips: A=1, T/J/Q/K=10.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from hoyle.cards import CARDS, Card, parse_cards
from hoyle.cribbage.scoring import (
    CRIB_FLUSH_LENIENT,
    heels_points,
    pip_value,
    play_points,
    score_batch,
    score_play,
    score_show,
    show_total,
)
from hoyle.errors import DuplicateCardError

from helpers.cribbage import ref_show


def show(hand: str, starter: str, **kw: object):  # type: ignore[no-untyped-def]
    return score_show(parse_cards(hand), Card.parse(starter), **kw)  # type: ignore[arg-type]


def card_sets(s, kind: str) -> set[frozenset[str]]:  # type: ignore[no-untyped-def]
    return {frozenset(str(c) for c in i.cards) for i in s.items if i.kind == kind}


# --------------------------------------------------------------------------- pip values


def test_CRIB_R_1_counting_values() -> None:
    assert [pip_value(Card.parse(t)) for t in "AC 2C 5D 9H TS JC QD KH".split()] == \
        [1, 2, 5, 9, 10, 10, 10, 10]


# --------------------------------------------------------------------------- fifteens


def test_EW_T_v_one_fifteen_two_cards() -> None:
    # 7C 8D 2S 3H + KS. 15s: 7+8, 2+3+K = 2 fifteens = 4; no other subset makes 15
    # (7+2+3=12, 8+2+3=13, 7+8+2+3=20). pairs 0; runs: 2-3 and 7-8 only, none. Total 4.
    s = show("7C 8D 2S 3H", "KS")
    assert (s.total, s.fifteens, s.pairs, s.runs, s.flush, s.nobs) == (4, 4, 0, 0, 0, 0)
    assert card_sets(s, "fifteen") == {frozenset({"7C", "8D"}), frozenset({"2S", "3H", "KS"})}


def test_EW_T_v_fifteens_of_three_cards_itemised() -> None:
    # AH 4C KD 9S + 2D (1,4,10,9,2). 15s: A+4+K, 4+9+2; no pair makes 15 and the smallest
    # four-card sum is 1+2+4+9=16. pairs 0; runs: A-2 then no 3, none. Total 4.
    s = show("AH 4C KD 9S", "2D")
    assert s.total == 4 and s.fifteens == 4
    assert card_sets(s, "fifteen") == {frozenset({"AH", "4C", "KD"}),
                                      frozenset({"4C", "9S", "2D"})}


def test_EW_T_v_tenth_cards_make_fifteens_but_pair_only_with_own_rank() -> None:
    # KC QD 5H 2S + 3C. 15s: K+5, Q+5, K+2+3, Q+2+3 = 8. pairs: K-Q is not a pair (CRIB-R-1),
    # 0. runs: 2-3 (no 4), Q-K (no J): none. Total 8.
    s = show("KC QD 5H 2S", "3C")
    assert (s.total, s.fifteens, s.pairs, s.runs) == (8, 8, 0, 0)


def test_EW_T_v_four_fives_and_a_ten_is_28() -> None:
    # 5C 5D 5H 5S + TC. 15s: any three fives (4 ways) + any five with the ten (4 ways)
    # = 8 fifteens = 16; pairs: C(4,2)=6 pairs = 12. Total 28.
    s = show("5C 5D 5H 5S", "TC")
    assert (s.total, s.fifteens, s.pairs) == (28, 16, 12)


def test_EW_T_v_fifteen_of_all_five_cards() -> None:
    # AC 2D 3H 4S + 5C: 1+2+3+4+5 = 15, the only subset (any smaller one is < 15) = 2.
    # run A-2-3-4-5 = 5. Total 7.
    s = show("AC 2D 3H 4S", "5C")
    assert (s.total, s.fifteens, s.runs) == (7, 2, 5)
    assert card_sets(s, "fifteen") == {frozenset({"AC", "2D", "3H", "4S", "5C"})}


# --------------------------------------------------------------------------- pairs


def test_EW_T_ii_pair() -> None:
    # KH KC 2D 4S + 8C. 15s: none (K+4=14, K+2=12, K+2+4=16, 2+4+8=14, 8+K=18). pair K-K 2.
    # runs none. Total 2.
    s = show("KH KC 2D 4S", "8C")
    assert (s.total, s.pairs, s.fifteens) == (2, 2, 0)
    assert card_sets(s, "pair") == {frozenset({"KH", "KC"})}


def test_EW_T_iii_pair_royal() -> None:
    # 7C 7D 7H 2S + KD. 15s: 7+7=14, 7+2=9, 7+K=17, 2+K=12, 7+7+2=16: none.
    # pair royal = 3 pairs = 6. Total 6.
    s = show("7C 7D 7H 2S", "KD")
    assert (s.total, s.pairs) == (6, 6)
    assert len(card_sets(s, "pair")) == 3


def test_EW_T_iv_double_pair_royal() -> None:
    # 9C 9D 9H 9S + 2C. 15s: 9+2=11, 9+9=18: none. double pair royal = 6 pairs = 12.
    assert show("9C 9D 9H 9S", "2C").total == 12
    # 4C 4D 4H 4S + 7C: 15s: 4+4+7 with any two fours, C(4,2) = 6 fifteens = 12;
    # pairs 12. Total 24 (a published 24 pattern, figures.md §1).
    s = show("4C 4D 4H 4S", "7C")
    assert (s.total, s.fifteens, s.pairs) == (24, 12, 12)


# --------------------------------------------------------------------------- runs


def test_EW_T_vi_CRIB_R_10_run_of_three() -> None:
    # 3C 4D 5H KS + 9C. 15s: 5+K = 1 (3+K=13, 4+K=14, 9+5=14, 3+4+5=12, 9+4=13...) = 2.
    # run 3-4-5 = 3. Total 5.
    s = show("3C 4D 5H KS", "9C")
    assert (s.total, s.fifteens, s.runs) == (5, 2, 3)
    assert card_sets(s, "run") == {frozenset({"3C", "4D", "5H"})}


def test_EW_T_vi_run_of_four() -> None:
    # 3C 4D 5H 6S + KC. 15s: 5+K, 4+5+6 = 4 (3+6+... no). run 3-4-5-6 = 4. Total 8.
    s = show("3C 4D 5H 6S", "KC")
    assert (s.total, s.fifteens, s.runs) == (8, 4, 4)


def test_EW_T_vi_run_of_five() -> None:
    # AC 2D 3H 4S + 5C: fifteen 2 (all five), run of 5 = 5. Total 7.
    assert show("AC 2D 3H 4S", "5C").runs == 5


def test_CRIB_R_10_double_run() -> None:
    # 3C 3D 4H 5S + KC. 15s: 5+K, 3+3+4+5 = 4. pair 3-3 = 2. runs: 3-4-5 twice = 6.
    # Total 12.
    s = show("3C 3D 4H 5S", "KC")
    assert (s.total, s.fifteens, s.pairs, s.runs) == (12, 4, 2, 6)
    assert card_sets(s, "run") == {frozenset({"3C", "4H", "5S"}), frozenset({"3D", "4H", "5S"})}


def test_CRIB_R_10_double_run_of_four() -> None:
    # 3C 3D 4H 5S + 6C. 15s: 4+5+6, 3+3+4+5 = 4. pair 2. runs 3-4-5-6 twice = 8. Total 14.
    s = show("3C 3D 4H 5S", "6C")
    assert (s.total, s.fifteens, s.pairs, s.runs) == (14, 4, 2, 8)


def test_CRIB_R_10_triple_run() -> None:
    # 3C 3D 3H 4S + 5C. 15s: 3+3+4+5 with any two of the three threes = 3 fifteens = 6.
    # pair royal 6. runs 3-4-5 three times = 9. Total 21.
    s = show("3C 3D 3H 4S", "5C")
    assert (s.total, s.fifteens, s.pairs, s.runs) == (21, 6, 6, 9)


def test_CRIB_R_10_double_double_run() -> None:
    # 3C 3D 4H 4S + 5C. 15s: 3+3+4+5 with either four = 2 fifteens = 4. pairs 3-3, 4-4 = 4.
    # runs 3-4-5 four ways = 12. Total 20.
    s = show("3C 3D 4H 4S", "5C")
    assert (s.total, s.fifteens, s.pairs, s.runs) == (20, 4, 4, 12)
    assert len(card_sets(s, "run")) == 4


def test_CRIB_R_1_ace_is_low_a23_is_a_run_qka_is_not() -> None:
    # AC 2D 3H 9S + KC. 15s: K+2+3, 9+A+2+3 = 4. run A-2-3 = 3. Total 7.
    s = show("AC 2D 3H 9S", "KC")
    assert (s.total, s.fifteens, s.runs) == (7, 4, 3)
    # QC KD AH 5S + 9C. 15s: Q+5, K+5, A+9+5 = 6. Q-K-A is not a run: runs 0. Total 6.
    s = show("QC KD AH 5S", "9C")
    assert (s.total, s.fifteens, s.runs) == (6, 6, 0)


# --------------------------------------------------------------------------- flush


def test_EW_T_vii_hand_flush_of_four() -> None:
    # 2H 4H 6H 8H + KS: all pips even + 10, no subset can total 15 (odd); no pair, no run
    # (2,4,6,8 not consecutive), no nobs; four hearts in the hand = 4. Total 4.
    s = show("2H 4H 6H 8H", "KS")
    assert (s.total, s.flush) == (4, 4)


def test_EW_T_vii_hand_flush_of_five_with_starter() -> None:
    # same cards, starter KH of the hand's suit: flush 5. Total 5.
    assert show("2H 4H 6H 8H", "KH").total == 5
    assert show("2H 4H 6H 8H", "KH", crib=True).total == 5


def test_EW_T_vii_crib_flush_needs_starter() -> None:
    # a four-card crib flush without the starter's suit scores nothing (EW-T-vii)
    assert show("2H 4H 6H 8H", "KS", crib=True).total == 0


def test_ACC_1_6_crib_flush_only_with_all_five() -> None:
    # 3 of the crib's suit + the starter is not a flush either way
    assert show("2H 4H 6H 8S", "KH", crib=True).total == 0
    assert show("2H 4H 6H 8S", "KH").total == 0
    assert show("2H 4H 6H 8H", "KH", crib=True).flush == 5


def test_EW_T_vii_flush_item_lists_the_flush_cards() -> None:
    s = show("2H 4H 6H 8H", "KS")
    assert card_sets(s, "flush") == {frozenset({"2H", "4H", "6H", "8H"})}
    s = show("2H 4H 6H 8H", "KH")
    assert card_sets(s, "flush") == {frozenset({"2H", "4H", "6H", "8H", "KH"})}


def test_hand_without_starter() -> None:
    # starter None scores the hand alone: 5H 5C 5S JD: 15s J+5 x3, 5+5+5 = 8; pairs 6 = 14
    s = score_show(parse_cards("5H 5C 5S JD"), None)
    assert (s.total, s.fifteens, s.pairs, s.nobs) == (14, 8, 6, 0)


def test_lenient_crib_flush_rule_counts_a_four_card_crib_flush() -> None:
    # Hoyle Improved custom (crib_flush_rule = lenient): 4, or 5 with the starter
    assert show("2H 4H 6H 8H", "KS", crib=True, crib_flush_rule=CRIB_FLUSH_LENIENT).total == 4
    assert show("2H 4H 6H 8H", "KH", crib=True, crib_flush_rule=CRIB_FLUSH_LENIENT).total == 5


def test_CRIB_R_10_zero_hand() -> None:
    # 2H 4C 6D 8S + KH: no fifteen (all even + 10), no pair, no run, no flush, no nobs = 0
    s = show("2H 4C 6D 8S", "KH")
    assert s.total == 0 and s.items == ()


def test_EW_T_vii_hand_not_one_suit_is_no_flush() -> None:
    # 2H 4H 6H 8C + KH: four hearts among five cards, but the hand itself is not one suit
    assert show("2H 4H 6H 8C", "KH").total == 0


# --------------------------------------------------------------------------- nobs


def test_EW_T_viii_his_nobs() -> None:
    # JH 2C 4D 9S + 7H. 15s: 9+2+4 = 2 (J+4=14, J+2=12, 7+... none). no pair, no run.
    # nobs: JH with a heart starter = 1. Total 3.
    s = show("JH 2C 4D 9S", "7H")
    assert (s.total, s.fifteens, s.nobs) == (3, 2, 1)
    assert card_sets(s, "nobs") == {frozenset({"JH"})}
    # the same hand with a club starter: no nobs. Total 2.
    assert show("JH 2C 4D 9S", "7C").total == 2


def test_EW_T_viii_nobs_also_in_crib() -> None:
    assert show("JH 2C 4D 9S", "7H", crib=True).nobs == 1


def test_EW_T_viii_jack_starter_is_not_nobs() -> None:
    # 2C 4D 9S 7H + JH: 15s: 9+2+4 = 2; J+... needs 5: none. No jack in hand: no nobs. 2.
    s = show("2C 4D 9S 7H", "JH")
    assert (s.total, s.nobs) == (2, 0)
    # a jack in the hand with a jack starter of another suit is not nobs either
    assert show("JD 2C 4S 9H", "JC").nobs == 0


# --------------------------------------------------------------------------- extremes


def test_CRIB_R_10_the_29_hand() -> None:
    # 5H 5C 5S JD + 5D. 15s: J + any five (4) + any three fives (4) = 8 = 16; pairs: 6 = 12;
    # nobs JD with the 5D starter = 1. Total 29 (§1.4).
    s = show("5H 5C 5S JD", "5D")
    assert (s.total, s.fifteens, s.pairs, s.runs, s.flush, s.nobs) == (29, 16, 12, 0, 0, 1)
    assert len(card_sets(s, "fifteen")) == 8
    assert show("5H 5C 5D JS", "5S").total == 29
    # with the fourth five of another suit than the jack: no nobs, 28
    assert show("5H 5C 5D JC", "5S").total == 28


def test_CRIB_R_10_19_25_26_27_never_occur_spot_check() -> None:
    # §1.4: 19, 25, 26 and 27 cannot occur. Exhaustive in test_golden; a sample here.
    rng = random.Random(19)
    for _ in range(5000):
        cards = rng.sample(CARDS, 5)
        assert show_total(cards[:4], cards[4]) not in (19, 25, 26, 27)
    # near misses: 5 5 5 J + 5 of another suit = 28, 5 5 5 5 + J = 28; 5 5 J J + 5 = 20+...
    # 5C 5D JH JS + 5H: 15s: J with any five (2*3=6) + 5+5+5 (1) = 7 = 14; pairs 3+1 = 8;
    # nobs: JH with 5H starter = 1. Total 23.
    assert show("5C 5D JH JS", "5H").total == 23


def test_duplicate_cards_rejected() -> None:
    with pytest.raises(DuplicateCardError):
        show("5H 5C 5S JD", "5H")
    with pytest.raises(DuplicateCardError):
        score_show(parse_cards("5H 5C 5S 5S", distinct=False), Card.parse("5D"))


# --------------------------------------------------------------------------- fast paths


@pytest.mark.slow
def test_show_total_equals_score_show_on_20000_random_hands_and_cribs() -> None:
    rng = random.Random(2024)
    for i in range(20_000):
        cards = rng.sample(CARDS, 5)
        hand, starter = cards[:4], cards[4]
        crib = i % 2 == 1
        rule = CRIB_FLUSH_LENIENT if i % 4 == 3 else "strict"
        assert show_total(hand, starter, crib=crib, crib_flush_rule=rule) == \
            score_show(hand, starter, crib=crib, crib_flush_rule=rule).total


@pytest.mark.slow
def test_show_total_equals_score_show_on_every_flush_and_nobs_case() -> None:
    # flushes and nobs are rare in random samples; force them
    rng = random.Random(7)
    hearts = [c for c in CARDS if str(c)[1] == "H"]
    for _ in range(2000):
        hand = rng.sample(hearts, 4)
        starter = rng.choice([c for c in CARDS if c not in hand])
        for crib in (False, True):
            expected = ref_show(hand, starter, crib=crib)
            assert score_show(hand, starter, crib=crib).total == expected
            assert show_total(hand, starter, crib=crib) == expected


def test_score_show_agrees_with_reference_on_random_hands() -> None:
    rng = random.Random(99)
    for i in range(3000):
        cards = rng.sample(CARDS, 5)
        crib = bool(i & 1)
        assert score_show(cards[:4], cards[4], crib=crib).total == \
            ref_show(cards[:4], cards[4], crib=crib)


def _rows(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    idx = np.array([rng.permutation(52)[:5] for _ in range(n)])
    return idx[:, :4], idx[:, 4]


def test_score_batch_equals_show_total_on_random_rows() -> None:
    hands, starters = _rows(5000, 11)
    for crib, rule in [(False, "strict"), (True, "strict"), (True, CRIB_FLUSH_LENIENT)]:
        got = score_batch(hands, starters, crib=crib, crib_flush_rule=rule)
        assert got.shape == (5000,)
        want = [show_total([CARDS[i] for i in h], CARDS[s], crib=crib, crib_flush_rule=rule)
                for h, s in zip(hands.tolist(), starters.tolist())]
        assert got.tolist() == want


def test_score_batch_known_rows() -> None:
    rows = [("5H 5C 5S JD", "5D", 29), ("2H 4H 6H 8H", "KS", 4), ("2H 4C 6D 8S", "KH", 0),
            ("3C 3D 4H 4S", "5C", 20)]
    h = np.array([[c.index for c in parse_cards(t)] for t, _, _ in rows])
    s = np.array([Card.parse(st).index for _, st, _ in rows])
    assert score_batch(h, s).tolist() == [r[2] for r in rows]
    # as cribs: the four-heart flush without a heart starter is 0
    assert score_batch(h, s, crib=True).tolist() == [29, 0, 0, 20]


@pytest.mark.parametrize("hands,starters", [
    (np.zeros((3, 5), dtype=int), np.zeros(3, dtype=int)),      # five columns
    (np.zeros((3, 4), dtype=int), np.zeros(2, dtype=int)),      # row counts differ
    (np.zeros(4, dtype=int), np.zeros(1, dtype=int)),           # one-dimensional hands
    (np.zeros((3, 4), dtype=int), np.zeros((3, 1), dtype=int)),  # starters not (N,)
    (np.array([[0, 1, 2, 52]]), np.array([4])),                  # index 52
    (np.array([[0, 1, 2, 3]]), np.array([-1])),                  # negative index
    (np.array([[0, -1, 2, 3]]), np.array([4])),
])
def test_score_batch_rejects_bad_shapes_and_indices(hands: np.ndarray,
                                                    starters: np.ndarray) -> None:
    with pytest.raises(ValueError):
        score_batch(hands, starters)


# --------------------------------------------------------------------------- the play


def play(text: str) -> list[tuple[str, int]]:
    return [(i.kind, i.points) for i in score_play(parse_cards(text))]


def test_CRIB_R_9_fifteen_in_play() -> None:
    assert play("7C 8D") == [("fifteen", 2)]
    assert play("KH 5C") == [("fifteen", 2)]


def test_ACC_1_7_thirty_one_scores_2_not_3() -> None:
    # K Q T A = 10+10+10+1 = 31; last three T,Q,K not a run (no J); no pair: 2 in all
    assert play_points(parse_cards("KC QD TH AS")) == 2
    assert play("KC QD TH AS") == [("thirty-one", 2)]
    # 5 8 9 9 = 31 and a pair: 2 + 2
    assert play_points(parse_cards("5C 8D 9H 9S")) == 4


def test_EW_T_ii_pair_in_play() -> None:
    assert play("4C 4D") == [("pair", 2)]


def test_EW_T_iii_pair_royal_in_play() -> None:
    assert play("4C 4D 4H") == [("pair royal", 6)]


def test_EW_T_iv_double_pair_royal_in_play() -> None:
    assert play("4C 4D 4H 4S") == [("double pair royal", 12)]


def test_EW_T_iv_pairs_must_be_successive() -> None:
    # 4 5 4: the last two are 5, 4: no pair; 4,5,4 is not three ranks: no run. 13: 0
    assert play_points(parse_cards("4C 5D 4H")) == 0


def test_CRIB_R_9_pair_royal_with_fifteen() -> None:
    # 5 5 5 = 15: fifteen 2 + pair royal 6 = 8
    assert play_points(parse_cards("5C 5D 5H")) == 8


def test_EW_T_vi_runs_in_any_order() -> None:
    # 3, 5, 4 → run of 3 for the third card (count 12)
    assert play("3C 5D 4H") == [("run", 3)]
    # a following 2 → run of 4 (count 14)
    assert play("3C 5D 4H 2S") == [("run", 4)]
    # a following 6 → run of 5 (count 20)
    assert play("3C 5D 4H 2S 6C") == [("run", 5)]


def test_CRIB_R_9_run_and_fifteen_together() -> None:
    # §1.3 example: 4-6-5 → the 5 makes 15 and a run of 3 = 5
    assert play_points(parse_cards("4C 6D 5H")) == 5
    assert sorted(play("4C 6D 5H")) == [("fifteen", 2), ("run", 3)]


def test_CRIB_R_9_longest_run_among_latest_cards() -> None:
    # 7, 5, 6 → run of 3 (count 18); then 4 → 7,5,6,4 is a run of 4 (count 22): 4
    assert play("7C 5D 6H") == [("run", 3)]
    assert play("7C 5D 6H 4S") == [("run", 4)]


def test_CRIB_R_9_repeated_rank_stops_a_run() -> None:
    # 3, 4, 4, 5: last three 4,4,5 and last four 3,4,4,5 repeat a rank: no run. No pair
    # (4 then 5). Count 16: nothing.
    assert play("3C 4D 4H 5S") == []
    # 2, 3, 2, 4: the last three 3,2,4 are a run of 3 (count 11)
    assert play("2C 3D 2H 4S") == [("run", 3)]
    # 3, 4, 9, 5: a non-fitting card inside the last cards: no run (count 21)
    assert play("3C 4D 9H 5S") == []


def test_CRIB_R_1_no_run_round_the_corner_in_play() -> None:
    # Q, K, A: not a run (ace low); count 21: nothing. A, 3, 2: run of 3 (count 6).
    assert play("QC KD AH") == []
    assert play("AC 3D 2H") == [("run", 3)]


def test_CRIB_R_9_single_card_scores_nothing() -> None:
    assert play("5C") == []
    assert play("KC") == []


def test_CRIB_R_9_play_items_name_the_cards() -> None:
    items = score_play(parse_cards("9S 3C 5D 4H"))
    run = [i for i in items if i.kind == "run"]
    assert len(run) == 1
    assert {str(c) for c in run[0].cards} == {"3C", "5D", "4H"}


def test_EW_xii_heels_points() -> None:
    assert heels_points(Card.parse("JH")) == 2
    assert heels_points(Card.parse("JC")) == 2
    assert all(heels_points(c) == 0 for c in CARDS if str(c)[0] != "J")


def test_play_scores_never_misses_a_scoring_card() -> None:
    """The engine's quick test (play_scores) may say yes to a card that makes nothing,
    but must never say no to one that scores (checked against score_play)."""
    import random

    from hoyle.cards import CARDS
    from hoyle.cribbage.scoring import pip_value, play_scores, score_play

    rng = random.Random(3)
    checked = 0
    for _ in range(40_000):
        seq = rng.sample(CARDS, rng.randint(1, 8))
        count = sum(pip_value(c) for c in seq)
        if count > 31:
            continue
        checked += 1
        if score_play(seq):
            assert play_scores(seq, count), [str(c) for c in seq]
    assert checked > 15_000
