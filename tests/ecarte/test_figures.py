"""The figures of ``shared/figures.md`` §4, reproduced by enumeration or exact computation
over the engine's own pack and deal."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

from hoyle.cards import Card, Rank, Suit, parse_cards
from hoyle.ecarte.rules import HAND_SIZE, STOCK_SIZE, ecarte_pack
from hoyle.ecarte.state import EcarteState
from hoyle.engine.action import Action


def state_after_deal(elder: str, dealer: str) -> EcarteState:
    s = EcarteState()
    s.apply(Action.parse("CUT 9C"))
    s.apply(Action.parse("CUT KD"))
    s.apply(Action.parse(f"DEAL 32 {elder} {dealer}"))
    return s


def test_stock_is_21_and_turn_up_choices_are_22() -> None:
    s = state_after_deal("7H 8H 9H TH AH", "7D 8D 9D TD AD")
    assert len(s.chance_outcomes()) == 22 and STOCK_SIZE == 21


def test_dealer_possible_hands_seen_by_elder_is_65780() -> None:
    s = state_after_deal("KS QS JS 7H 7D", "AS 9S KH QH KD")
    s.apply(Action.parse("TURN 8S"))
    view = s.view(0)
    unseen = [c for c in ecarte_pack() if c not in view.hand and c != view.turn_up]
    assert len(unseen) == 26
    assert sum(1 for _ in combinations(unseen, HAND_SIZE)) == 65_780  # Foster


def test_trumps_in_a_dealt_hand_table() -> None:
    turn = Card.parse("7S")
    unseen = [c for c in ecarte_pack() if c != turn]
    counts = [0] * 6
    for hand in combinations(unseen, 5):
        counts[sum(1 for c in hand if c.suit == Suit.SPADES)] += 1
    assert counts == [42_504, 74_382, 42_504, 9_660, 840, 21]
    assert sum(counts) == 169_911
    pct = [round(100 * c / 169_911, 3) for c in counts]
    assert pct == [25.015, 43.777, 25.015, 5.685, 0.494, 0.012]


def test_turned_king_one_deal_in_eight() -> None:
    # Over every deal: with k kings among the ten dealt, (4 - k) of the 22 turn-ups are kings.
    s = state_after_deal("KH KD 7H 8H 9H", "7C 8C 9C TC AC")  # two kings dealt
    kings = [a for a in s.chance_outcomes() if a.cards[0].rank == Rank.KING]
    assert len(kings) == 2 and len(s.chance_outcomes()) == 22
    p = sum(Fraction(comb(4, k) * comb(28, 10 - k), comb(32, 10)) * Fraction(4 - k, 22)
            for k in range(5))
    assert p == Fraction(1, 8)  # 7 to 1 against


def test_king_turned_or_dealt_before_exchange() -> None:
    p = Fraction(1, 8) + Fraction(7, 8) * Fraction(10, 31)
    assert p == Fraction(101, 248)


def test_dealer_fewer_than_two_trumps_table() -> None:
    turn = Card.parse("7S")
    hands = {0: "KH QH JH AH TH", 1: "8S KH QH JH AH", 2: "8S 9S KH QH JH",
             3: "8S 9S TS KH QH"}
    expected = {0: (38_760, 27_020), 1: (44_574, 21_206), 2: (50_274, 15_506),
                3: (55_594, 10_186)}
    for k, text in hands.items():
        s = state_after_deal(text, "7D 8D 9D TD AD")
        s.apply(Action("TURN", (turn,)))
        mine = set(parse_cards(text))
        unseen = [c for c in ecarte_pack() if c not in mine and c != turn]
        few = many = 0
        for hand in combinations(unseen, 5):
            t = sum(1 for c in hand if c.suit == Suit.SPADES)
            if t < 2:
                few += 1
            else:
                many += 1
        assert (few, many) == expected[k]
        u = 7 - k  # the closed formula of figures.md
        assert few == comb(26 - u, 5) + u * comb(26 - u, 4)
