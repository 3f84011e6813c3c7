"""The fixture game's rules of play (``highcard.md``), each worked by hand."""

from __future__ import annotations

import pytest

from conformance.highcard import HighCardState
from hoyle.cards import Card
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.state import DEAL
from hoyle.errors import IllegalAction


def act(state: HighCardState, text: str) -> list[str]:
    return [str(e.kind) for e in state.apply(Action.parse(text))]


def dealt(dealer_cut: str = "3D", other_cut: str = "5H") -> HighCardState:
    """Seat 1 cuts the lower card and deals: seat 0 is the elder hand."""
    state = HighCardState(seed=1)
    act(state, f"CUT {other_cut}")
    act(state, f"CUT {dealer_cut}")
    return state


def test_HIGH_R_1_the_lower_cut_deals_and_equal_cuts_cut_again() -> None:
    state = dealt()
    assert state.dealer == 1 and state.phase == DEAL and state.current_player == CHANCE
    tie = HighCardState(seed=1)
    act(tie, "CUT 7H")
    assert act(tie, "CUT 7S") == ["cut", "cut_tie"]
    assert tie.dealer is None and tie.cuts == [None, None]


def test_HIGH_R_2_the_elder_hand_is_dealt_first() -> None:
    state = dealt()
    assert act(state, "DEAL AS KS 2C 3C") == ["deal", "deal"]
    assert set(state.view(0).hand) == {Card.parse("AS"), Card.parse("KS")}
    assert set(state.view(1).hand) == {Card.parse("2C"), Card.parse("3C")}
    with pytest.raises(IllegalAction):  # four cards, all different
        dealt().apply(Action.parse("DEAL AS AS 2C 3C"))


def test_HIGH_R_3_the_elder_hand_plays_first_then_the_dealer() -> None:
    state = dealt()
    act(state, "DEAL AS KS 2C 3C")
    assert state.current_player == 0
    with pytest.raises(IllegalAction):
        state.apply(Action.parse("PLAY 2C"))  # the dealer's card, out of turn
    act(state, "PLAY KS")
    assert state.current_player == 1
    assert [str(a) for a in state.legal_actions()] == ["PLAY 2C", "PLAY 3C"]


def test_HIGH_R_4_the_higher_rank_scores_a_point_ace_high() -> None:
    state = dealt()
    act(state, "DEAL AS KS 2C 3C")
    act(state, "PLAY AS")
    assert act(state, "PLAY 3C") == ["play", "score", "new_deal"]
    assert state.scores == [1, 0]
    even = dealt()
    act(even, "DEAL 9S KS 9C 3C")
    act(even, "PLAY 9S")
    assert act(even, "PLAY 9C") == ["play", "new_deal"] and even.scores == [0, 0]


def test_HIGH_R_5_the_deal_passes_and_five_points_win() -> None:
    state = dealt()
    for n in range(5):
        elder = 1 - state.dealer  # type: ignore[operator]
        # seat 0 holds the ace and the king whoever deals
        act(state, "DEAL AS KS 2C 3C" if elder == 0 else "DEAL 2C 3C AS KS")
        act(state, "PLAY AS" if elder == 0 else "PLAY 2C")
        events = act(state, "PLAY 3C" if elder == 0 else "PLAY AS")
        assert state.scores[0] == n + 1
    assert events[-1] == "game_over" and state.is_terminal()
    assert state.result is not None and state.result.to_dict() == {"winner": 0,
                                                                  "scores": [5, 0]}
