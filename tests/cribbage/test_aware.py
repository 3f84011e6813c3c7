"""The score-aware expert (players.aware): the expert far from the end of the game, the
discard with the best estimated chance of the game near it; the expert kept as it is."""

from __future__ import annotations

from hoyle.cards import parse_cards
from hoyle.cribbage.advice.endgame import discard_win_chances
from hoyle.cribbage.advice.wintable import win_table
from hoyle.cribbage.match import play_game
from hoyle.cribbage.players import PLAYERS, AwareExpertPlayer, ExpertPlayer, make_player
from hoyle.cribbage.players.aware import NEAR
from hoyle.cribbage.state import CribbageState, Phase
from hoyle.engine.action import CHANCE


def test_aware_is_the_expert_far_from_the_end_and_plays_for_the_game_near_it() -> None:
    aware, expert = AwareExpertPlayer(), ExpertPlayer()
    table = win_table("six-card")
    seen = {"far": 0, "near": 0}

    def check(state: CribbageState) -> None:
        if state.current_player == CHANCE or state.phase != Phase.DISCARD:
            return
        view = state.view(state.current_player)
        mine = tuple(sorted(aware._discard(view)))
        if min(view.target - s for s in view.scores) > NEAR:
            assert mine == tuple(sorted(expert._discard(view)))
            seen["far"] += 1
        else:
            chances = discard_win_chances(view, table)
            assert chances[next(k for k in chances if tuple(sorted(k)) == mine)] == \
                max(chances.values())
            seen["near"] += 1

    for seed in (1, 2):
        state = CribbageState(seed=seed, itemize=False)
        play_game([make_player("aware"), make_player("expert")], seed=seed, state=state,
                  on_events=lambda _e, s=state: check(s), resumable=False, itemize=False)
    assert seen["far"] >= 10 and seen["near"] >= 2
    assert PLAYERS["expert"] is ExpertPlayer and PLAYERS["aware"] is AwareExpertPlayer


def test_near_the_end_the_pone_keeps_the_hand_that_counts_out() -> None:
    # Pone at 117 (4 to go, counting first), dealer at 60: 5-5-5-J kept counts out with
    # every starter (at least 14), a run-free junk keep seldom does.
    import random
    hand = parse_cards(["5H", "5C", "5S", "JD", "KC", "2H"])
    state = CribbageState(seed=3, itemize=False)
    rng = random.Random(3)
    while state.phase != Phase.DISCARD:
        state.apply(state.sample_chance(rng))
    assert state.dealer is not None
    view = state.view(1 - state.dealer)._replace(
        hand=tuple(hand), scores=(60, 117) if state.dealer == 0 else (117, 60))
    assert not view.is_dealer
    chances = discard_win_chances(view, win_table("six-card"))
    best = max(chances, key=chances.__getitem__)
    assert set(best) == set(parse_cards(["KC", "2H"])) and chances[best] == 1.0
