"""The expert écarté player (hoyle.ecarte.players.expert)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from hoyle.cards import Suit, parse_cards
from hoyle.ecarte.match import play_game
from hoyle.ecarte.players import RandomPlayer, RulesPlayer
from hoyle.ecarte.players.expert import (DEAL_OUTCOMES, ExpertPlayer, classical_lead,
                                         deal_value, win_probability)
from hoyle.ecarte.state import EcarteView
from hoyle.engine.action import Action


class Checked:
    """The expert, asserting that every action it returns is legal."""

    name = "expert"

    def __init__(self) -> None:
        self.p = ExpertPlayer(samples=16, deal_samples=30, discard_samples=12)
        self.decisions = 0

    def choose(self, view: EcarteView, legal: Sequence[Action], rng: random.Random) -> Action:
        a = self.p.choose(view, legal, rng)
        assert a in legal, (str(a), [str(x) for x in legal])
        self.decisions += 1
        return a


def test_plays_only_legal_actions() -> None:
    for g in range(6):
        e = Checked()
        other = RandomPlayer() if g % 2 else RulesPlayer()
        s = play_game([e, other] if g < 3 else [other, e], seed=g)
        assert s.is_terminal()
        assert e.decisions > 0


def test_deterministic_given_seed() -> None:
    a = play_game([Checked(), RulesPlayer()], seed=42)
    b = play_game([Checked(), RulesPlayer()], seed=42)
    assert a.history == b.history


def test_win_probability() -> None:
    # Symmetric: the two players' chances from any score add to one.
    for me in range(5):
        for opp in range(5):
            p = win_probability(me, opp, True) + win_probability(opp, me, False)
            assert abs(p - 1) < 1e-9
    # More points, better chances; a point at 4-3 is worth more than at 0-0.
    assert win_probability(1, 0, False) > win_probability(0, 0, False)
    gain_late = win_probability(4, 3, True) - win_probability(3, 3, True)
    gain_early = win_probability(1, 0, True) - win_probability(0, 0, True)
    assert gain_late > gain_early
    # A king that reaches five wins the game before the point is scored.
    assert deal_value(4, 4, True, [True, False], [1, 2]) == 1.0
    assert sum(n for _, n in DEAL_OUTCOMES) == 13_715


def test_classical_lead() -> None:
    assert str(classical_lead(parse_cards("KS QS 7S 8H 7D"), Suit.SPADES)) == "KS"
    assert str(classical_lead(parse_cards("KS 9H 7H 8D 7C"), Suit.SPADES)) == "9H"


@pytest.mark.parametrize("option", [{"trump_when_void": "free"}, {"must_head_trick": False}])
def test_the_expert_searches_under_the_games_own_rules(option: dict[str, object]) -> None:
    """A game whose rules let more cards answer a lead (CLUB-43's trump when void made
    free, HGIE-18; §5.3's heading the trick off): the expert made for that game
    (``make_player(name, rules)``, as ``hoyle play ecarte --set`` does) values every card
    it may play, and plays games out (it once searched under the default rules and failed
    on a card only the relaxed rules allow)."""
    from hoyle.ecarte.match import play_game
    from hoyle.ecarte.players import make_player
    from hoyle.ecarte.rules import EcarteRules

    rules = EcarteRules.from_options(dict(option))
    for seed in range(4):
        state = play_game([make_player("expert", rules), make_player("rules", rules)],
                          seed=seed, rules=rules)
        assert state.is_terminal() and max(state.scores) >= rules.target
