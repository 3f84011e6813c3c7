"""The show in the players' words (hoyle.cribbage.text.show_words), each count worked out
by hand: the fifteens by running total, pairs of a rank as one, runs on the same ranks as
one with their pairs, then the flush and his nobs."""

from __future__ import annotations

import pytest

from hoyle.cards import parse_cards
from hoyle.cribbage.scoring import score_show
from hoyle.cribbage.text import show_words


@pytest.mark.parametrize("hand,starter,words,total", [
    # 29: eight fifteens (four 5-5-5, four J-5), the double pair royal, his nobs.
    ("5H 5S 5C JD", "5D", "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen "
     "ten, fifteen twelve, fifteen fourteen, fifteen sixteen, a double pair royal is "
     "twenty-eight, his nobs is twenty-nine", 29),
    # 3-3-4-4-5: two fifteens (3+3+4+5 twice), four runs of three and two pairs: 16.
    ("3H 3S 4C 4D", "5S", "fifteen two, fifteen four, a double double run of three for "
     "sixteen is twenty", 20),
    # three sevens: no fifteen, no run.
    ("7H 7S 7C KD", "2S", "a pair royal is six", 6),
    # 6+9 and 2+4+9; five hearts; the jack of the starter's suit.
    ("2H 4H 6H JH", "9H", "fifteen two, fifteen four, a flush of five is nine, his nobs is "
     "ten", 10),
    # a single run and a pair outside it (no five, so no fifteen).
    ("9H 10S JC KD", "KS", "a pair is two, a run of three is five", 5),
    ("2H 4S 6C 8D", "QS", "nineteen (nothing)", 0),
])
def test_show_words(hand: str, starter: str, words: str, total: int) -> None:
    show = score_show(parse_cards(hand), parse_cards(starter)[0])
    assert show.total == total
    assert show_words(show.items) == words
