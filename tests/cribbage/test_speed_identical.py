"""The faster search and discard advice (players/search.py's memo keyed by what can still
score, advice/discard.py's numpy expected values) decide exactly as before: the same values
as the plain code they replaced (kept in ``helpers/plain_players.py``) on random positions,
and the same games, action for action, as the expert played before the change."""

from __future__ import annotations

import pytest

import json
import random
from pathlib import Path

from helpers.plain_players import peg_points as plain_peg_points
from helpers.plain_players import plain_card_values, plain_discard_totals

from hoyle.cards import CARDS
from hoyle.cribbage.advice.discard import best_keep, discard_options
from hoyle.cribbage.players import search
from hoyle.cribbage.tally import play_one

_PIP = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
DATA = Path(__file__).parent / "data" / "expert_games.json"


def _position(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...], int,
                                           tuple[int, ...], bool]:
    """A random two-hand play position: my 1-4 ranks, his 0-4, a count under way."""
    deck = [r for r in range(1, 14) for _ in range(4)]
    rng.shuffle(deck)
    seq: list[int] = []
    count = 0
    for r in deck[8:8 + rng.randint(0, 6)]:
        if count + _PIP[r] < 31:
            seq.append(r)
            count += _PIP[r]
    mine = tuple(deck[:rng.randint(1, 4)])
    if not any(count + _PIP[r] <= 31 for r in mine):
        seq, count = [], 0
    return mine, tuple(deck[4:4 + rng.randint(0, 4)]), count, tuple(seq), rng.random() < 0.2


@pytest.mark.slow
def test_the_memoised_solver_gives_the_plain_solvers_values() -> None:
    rng = random.Random(17)
    search._forget()
    for _ in range(4000):
        pos = _position(rng)
        assert search.card_values(*pos) == plain_card_values(*pos), pos
    # a second time from the memo
    rng = random.Random(17)
    for _ in range(500):
        pos = _position(rng)
        assert search.card_values(*pos) == plain_card_values(*pos), pos


def test_the_count_tail_scores_as_the_whole_count() -> None:
    rng = random.Random(3)
    for n in range(1, 8):
        for _ in range(2000):
            seq = tuple(rng.randint(1, 13) for _ in range(n))
            tail = search._tail(seq)
            assert search._points(tail, sum(_PIP[r] for r in seq)) == plain_peg_points(seq), seq
            assert search.peg_points(seq) == plain_peg_points(seq)
    # 2-3-4 then 6: the 5 would make a run of five, so 2-3-4-6 is kept whole with one card
    # to come, and cut to the 6 with none
    assert search._trim((2, 3, 4, 6), 1) == (2, 3, 4, 6)
    assert search._trim((2, 3, 4, 6), 0) == (6,)
    assert search._trim((9, 2, 3), 0) == (2, 3)   # 9 cannot join a run any more


@pytest.mark.slow
def test_the_numpy_discard_values_are_the_same_floats() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        hand = rng.sample(CARDS, 6)
        dealer = rng.random() < 0.5
        plain = plain_discard_totals(hand, dealer)
        fast = discard_options(hand, dealer)
        assert [(o.keep, o.discard, o.hand_ev, o.crib_ev, o.total) for o in fast] == plain
        assert best_keep(hand, dealer) == plain[0][0]


@pytest.mark.slow
def test_the_expert_plays_the_same_games_as_before() -> None:
    # The first eight games of `hoyle sim cribbage --players expert,expert --seed 17`,
    # recorded with the expert before the speed work.
    saved = json.loads(DATA.read_text())
    assert len(saved["games"]) == 8
    for game in saved["games"]:
        record = play_one(saved["players"], saved["seed"], game["index"]).record
        assert record["actions"] == game["actions"], game["index"]
