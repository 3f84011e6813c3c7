"""Cards, packs, parsing and seeded shuffling (hoyle.cards, CRIB-R-1)."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from hoyle.cards import (
    CARDS,
    Card,
    Rank,
    Suit,
    derive_rng,
    format_cards,
    full_pack,
    parse_cards,
    piquet_pack,
    shuffled,
)
from hoyle.errors import CardParseError, DuplicateCardError, HoyleError

TEN_OF_HEARTS_SPELLINGS = ["TH", "10H", "th", "10♥", "T♥", "10h", "t♥", " TH "]


@pytest.mark.parametrize("text", TEN_OF_HEARTS_SPELLINGS)
def test_every_spelling_of_the_ten_of_hearts_is_the_same_card(text: str) -> None:
    card = Card.parse(text)
    assert card is Card.of(Rank.TEN, Suit.HEARTS)
    assert card.rank == Rank.TEN and card.suit == Suit.HEARTS
    assert str(card) == "TH"
    # index = (rank - 1) * 4 + suit = 9 * 4 + 2
    assert card.index == 38
    assert card.pretty == "10♥"


@pytest.mark.parametrize("text,rank,suit", [
    ("AC", Rank.ACE, Suit.CLUBS), ("as", Rank.ACE, Suit.SPADES), ("2D", Rank.TWO, Suit.DIAMONDS),
    ("9♠", Rank.NINE, Suit.SPADES), ("JD", Rank.JACK, Suit.DIAMONDS),
    ("q♣", Rank.QUEEN, Suit.CLUBS), ("KH", Rank.KING, Suit.HEARTS),
])
def test_parse_reads_rank_then_suit(text: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert str(card) == rank.letter + suit.letter


@pytest.mark.parametrize("text", ["1X", "", "HT", "11H", "ZZ", "T", "10", "H", "TT", "0H",
                                  "5HH", "10 H 5"])
def test_bad_card_text_raises_CardParseError_quoting_it(text: str) -> None:
    with pytest.raises(CardParseError) as exc:
        Card.parse(text)
    assert repr(text) in str(exc.value)
    assert isinstance(exc.value, HoyleError) and isinstance(exc.value, ValueError)


@pytest.mark.parametrize("thing", [None, 38, b"TH"])
def test_non_string_card_raises_CardParseError_naming_it(thing: object) -> None:
    with pytest.raises(CardParseError) as exc:
        Card.parse(thing)  # type: ignore[arg-type]
    assert repr(thing) in str(exc.value)


def test_parse_cards_reads_separated_tokens() -> None:
    cards = parse_cards("5H 5c,5s  jd")
    assert [str(c) for c in cards] == ["5H", "5C", "5S", "JD"]
    assert parse_cards(["10♥", "AS"]) == (Card.parse("TH"), Card.parse("AS"))
    assert format_cards(cards) == "5H 5C 5S JD"
    assert format_cards(cards, pretty=True) == "5♥ 5♣ 5♠ J♦"


def test_parse_cards_bad_token_is_quoted() -> None:
    with pytest.raises(CardParseError) as exc:
        parse_cards("5H 1X 5S")
    assert "'1X'" in str(exc.value)


def test_parse_cards_duplicate_raises_DuplicateCardError() -> None:
    # "th" and "10♥" are the same card, so this names one card twice
    with pytest.raises(DuplicateCardError) as exc:
        parse_cards("5H th 9C 10♥")
    assert "card 10♥ is given twice" in str(exc.value)  # as the hands write it
    with pytest.raises(DuplicateCardError):
        parse_cards(["5H", "5C", "5H"])
    assert len(parse_cards("5H 5H", distinct=False)) == 2


def test_full_pack_is_52_distinct_cards_13_ranks_of_4_suits() -> None:
    pack = full_pack()
    assert len(pack) == 52 and len(set(pack)) == 52
    assert {(c.rank, c.suit) for c in pack} == {(r, s) for r in Rank for s in Suit}
    assert [c.index for c in pack] == list(range(52))
    assert tuple(pack) == CARDS
    pack.pop()  # a new list every time: the module's pack is not changed
    assert len(full_pack()) == 52


def test_piquet_pack_is_32_cards_ace_and_seven_to_king() -> None:
    pack = piquet_pack()
    assert len(pack) == 32 and len(set(pack)) == 32
    ranks = {Rank.ACE, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN,
             Rank.KING}
    assert {(c.rank, c.suit) for c in pack} == {(r, s) for r in ranks for s in Suit}
    for s in Suit:
        assert sum(1 for c in pack if c.suit == s) == 8


def test_seeded_shuffle_is_reproducible_and_seed_dependent() -> None:
    pack = full_pack()
    a = shuffled(pack, random.Random(1))
    b = shuffled(pack, random.Random(1))
    c = shuffled(pack, random.Random(2))
    assert a == b
    assert a != c
    assert sorted(a) == pack and sorted(c) == pack  # a permutation of the pack
    assert pack == full_pack()  # the input is not shuffled in place
    assert a != pack


def test_derive_rng_is_stable_per_seed_and_keys() -> None:
    x = [derive_rng(7, "chance", 3).random() for _ in range(2)]
    assert x[0] == x[1]
    assert derive_rng(7, "chance", 3).random() != derive_rng(7, "chance", 4).random()
    assert derive_rng(7, "chance", 3).random() != derive_rng(8, "chance", 3).random()


@pytest.mark.parametrize("card", [Card.parse("AC"), Card.parse("TH"), Card.parse("KS")])
def test_card_identity_survives_pickle_and_copy(card: Card) -> None:
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.copy(card) is card
    assert copy.deepcopy(card) is card
    hand = [card, Card.parse("5D")]
    assert all(a is b for a, b in zip(pickle.loads(pickle.dumps(hand)), hand))


def test_cards_are_immutable_and_interned() -> None:
    card = Card.parse("5C")
    with pytest.raises(AttributeError):
        card.rank = Rank.SIX  # type: ignore[misc]
    with pytest.raises(TypeError):
        Card()
    assert Card.from_index(card.index) is card
    assert Card.of(5, 0) is card
    with pytest.raises(IndexError):
        Card.from_index(52)


def test_cards_order_by_rank_then_suit() -> None:
    # ace low (CRIB-R-1): AS < 2C; same rank orders by suit C < D < H < S
    assert Card.parse("AS") < Card.parse("2C")
    assert Card.parse("5C") < Card.parse("5D") < Card.parse("5H") < Card.parse("5S")
    assert sorted(parse_cards("KD 2S AH TC")) == list(parse_cards("AH 2S TC KD"))


def test_a_long_unreadable_card_is_quoted_shortened() -> None:
    """A pasted line of 10,000 characters is not echoed back in full."""
    from hoyle.errors import CardParseError
    with pytest.raises(CardParseError) as err:
        Card.parse("Q" * 10_000)
    assert len(str(err.value)) < 200 and "10,000 characters" in str(err.value)
