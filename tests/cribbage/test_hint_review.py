"""The hint and the review agree (issue 27): a move the coach's hint named is never charged
a cost in the game's review. Over 20 seeded games (six-card and five-card) a person's seat
follows the hint at about half its decisions and makes a random legal move at the others;
the review of the finished game charges 0 to every decision that equals the hint's, and
something to some of the random ones (so the test can fail)."""

from __future__ import annotations

import random
import re

import pytest

from hoyle.cribbage.console import hint, move_words
from hoyle.cribbage.players import make_player
from hoyle.cribbage.review import review_record
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import Action
from hoyle.engine.runner import play
from hoyle.interface.text import HUMAN

TYPED = re.compile(r"^The (?:expert|master) would type: \[bold\](.*)\[/bold\]$")


def hinted_game(seed: int, variant: str, coach: str = "expert"
                ) -> tuple[CribbageState, dict[int, bool]]:
    """A game of the person (seat 0) against the expert: at each of the person's moves the
    hint is asked; the move follows it or is drawn at random. Returns the finished state
    and, by action index, whether the move made was the hint's."""
    state = CribbageState(seed=seed, rules=CribbageRules.for_variant(variant))
    rng = random.Random(seed)
    followed: dict[int, bool] = {}

    def person(s: CribbageState, seat: int) -> Action:
        legal = s.legal_actions()
        lines = hint(s, seat, coach)
        assert lines[-1].startswith(f"The {coach} would type")
        typed = TYPED.match(lines[-1])
        assert typed, lines
        named = next(a for a in legal if move_words(a) == typed.group(1))
        made = named if rng.random() < 0.5 else rng.choice(legal)
        followed[s.action_count] = move_words(made) == move_words(named)
        return made

    play(state, {1: make_player("expert")}, seed, forced=person)
    assert state.is_terminal()
    return state, followed


@pytest.mark.parametrize("variant,seeds", [("six-card", range(1, 15)), ("five-card", range(1, 7))])
def test_a_move_the_hint_named_costs_nothing_in_the_review(variant: str, seeds: range) -> None:
    charged_random = 0
    checked = 0
    for seed in seeds:
        state, followed = hinted_game(seed, variant)
        review = review_record(state.to_record(seats=(HUMAN, "expert")), seat=0)
        for d in review.decisions:
            assert d.index is not None and d.index in followed
            if followed[d.index]:
                assert d.cost == 0.0, (seed, d)
                assert d.best == d.made
                checked += 1
            elif d.cost > 0:
                charged_random += 1
    assert checked >= 10 * len(seeds)
    assert charged_random >= len(seeds)


@pytest.mark.parametrize("variant,seeds", [("six-card", range(1, 3)), ("five-card", range(1, 3))])
def test_the_masters_hint_costs_nothing_in_the_masters_review(variant: str, seeds: range
                                                               ) -> None:
    # ``hint master`` and ``hoyle review --coach master`` (issue 32) agree as the expert's do.
    charged = checked = 0
    for seed in seeds:
        state, followed = hinted_game(seed, variant, "master")
        review = review_record(state.to_record(seats=(HUMAN, "expert")), seat=0,
                               coach="master")
        # its note says where it begins to play for the game: the master's from the first
        # deal of a game to 121, from its five_near (25) short of 61
        assert review.notes[0].startswith(
            "from the first deal, as the coach plays: discards and cards in win probability"
            if variant == "six-card" else "far from the end (both more than 25 short)")
        for d in review.decisions:
            assert d.index is not None and d.index in followed
            if followed[d.index]:
                assert d.cost == 0.0, (seed, d)
                checked += 1
            else:
                charged += d.cost > 0
    assert checked > 20 and charged > 0


def test_an_unknown_coach_is_refused_in_one_line() -> None:
    from hoyle.errors import HoyleError

    state, _ = hinted_game(1, "five-card")
    record = state.to_record(seats=(HUMAN, "expert"))
    with pytest.raises(HoyleError, match="coach is one of expert, master, not 'nobody'"):
        review_record(record, seat=0, coach="nobody")
    fresh = CribbageState(seed=2)
    with pytest.raises(HoyleError, match="nobody"):
        hint(fresh, 0, "nobody")


def test_the_masters_review_is_for_the_game_where_the_master_plays_for_it() -> None:
    # A master playing for the game from 40 points short (``near``; the master's own is
    # MASTER_NEAR, the first deal); aware, and the review with the expert as coach, from
    # 25. 30 points short that master's review (so its hint) values the lay-away by the
    # chance of the game, as it lays away, and names its own choice with the same draws (it
    # once valued it in points there, and its hint was not its move); the expert's review
    # there is in points. 50 points short, both in points; the master's own, by the chance.
    from itertools import combinations

    from hoyle.cards import derive_rng
    from hoyle.cribbage.advice.wintable import win_table
    from hoyle.cribbage.players import ExpertPlayer, MasterPlayer
    from hoyle.cribbage.players.master import MASTER_NEAR
    from hoyle.cribbage.review import POINTS, WIN, _discard

    assert MASTER_NEAR == 121
    state = CribbageState(seed=5)
    g = random.Random(5)
    while not state.legal_actions() or state.legal_actions()[0].verb != "DISCARD":
        state.apply(state.sample_chance(g))
    seat = state.current_player
    table = win_table("six-card")
    for short, master_unit in ((30, WIN), (50, POINTS)):
        view = state.view(seat)._replace(scores=(121 - short, 121 - short))
        legal = [Action("DISCARD", tuple(sorted(p))) for p in combinations(view.hand, 2)]
        master = MasterPlayer(near=40)
        assert _discard(view, MasterPlayer(), table, derive_rng(5, "review", 9)).unit == WIN
        worth = _discard(view, master, table, derive_rng(5, "review", 9))
        assert worth.unit == master_unit
        made = master.choose(view, legal, derive_rng(5, "review", 9))
        assert tuple(sorted(made.cards)) == worth.best
        assert _discard(view, ExpertPlayer(), table, derive_rng(5, "review", 9)).unit == POINTS
