"""The OpenSpiel games (issue 8): OpenSpiel's random simulation test, the Python ISMCTS bot
playing a full game, observer tensors that show nothing hidden, and the resampler."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import hoyle.envs.openspiel  # noqa: F401 - registers the games
from hoyle.interface.registry import Capability, games
from hoyle.cards import CARDS, Card
from hoyle.ecarte.encoding import ECARTE_PACK

GAMES = [f"python_hoyle_{spec.name}" for spec in games(Capability.ENCODING)]
"""Every game of the registry with an encoding."""


@pytest.mark.parametrize("name", GAMES)
def test_random_simulation(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_games_and_states_pickle_and_serialize(name: str) -> None:
    # OpenSpiel's own checks serialize every state; the games are classes built from the
    # registry, which pickle must find by name (a regression of the registry step).
    game = pyspiel.load_game(name, {"laws": "oh" if "ecarte" in name else "acc"})
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game) and again.get_parameters() == game.get_parameters()
    state = game.new_initial_state()
    for _ in range(10):
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node()
                           else state.legal_actions()[0])
    for copy in (game.deserialize_state(state.serialize()), pickle.loads(pickle.dumps(state))):
        assert str(copy) == str(state) and copy.history() == state.history()
        assert copy.legal_actions() == state.legal_actions()
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("params", [{"variant": "five-card"}, {"variant": "three-hand"},
                                    {"variant": "four-hand", "reward": "game_points"}])
def test_random_simulation_cribbage_variants(params: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_hoyle_cribbage", params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_ismcts_bot_plays_a_full_game(name: str) -> None:
    # cribbage's five-card game to 61: each simulation's rollout plays to the game's end, and
    # a six-card game to 121 made this the suite's slowest test on the environments
    game = pyspiel.load_game(name, {"variant": "five-card"} if name.endswith("cribbage") else {})
    rs = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bots = [ismcts.ISMCTSBot(game=game, evaluator=evaluator, uct_c=2.0, max_simulations=8,
                             random_state=rs) for _ in range(2)]
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rs.choice(actions, p=probs)))
        else:
            if len(state.legal_actions()) > 1:
                searched += 1
            state.apply_action(int(bots[state.current_player()].step(state)))
    assert searched > 5
    assert sorted(state.returns()) == [-1.0, 1.0]


def _walk(name: str, seed: int, visit: Any, params: dict[str, Any] | None = None) -> None:
    game = pyspiel.load_game(name, params or {})
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, _ = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions)))
        else:
            visit(state)
            state.apply_action(int(rng.choice(state.legal_actions())))


def _hidden(state: Any, seat: int) -> set[Card]:
    e = state.engine
    hidden = set(e.stock())
    for other in range(len(e.hands)):
        if other != seat:
            hidden |= set(e.hands[other]) | set(e.discards[other])
    if hasattr(e, "shown"):  # cribbage: hands and crib laid out in the show are public
        hidden -= {c for _, _, cards in e.shown for c in cards}
    return hidden


def _cards_marked(values: np.ndarray, pack: tuple[Card, ...], card_slots: int) -> set[Card]:
    n = len(pack)
    slots = values[:n * card_slots].reshape(-1, n)
    return {pack[i] for i in np.flatnonzero(slots.max(axis=0))}


@pytest.mark.parametrize("name", GAMES)
def test_tensors_contain_nothing_hidden(name: str) -> None:
    game = pyspiel.load_game(name)
    cribbage = name.endswith("cribbage")
    pack = CARDS if cribbage else ECARTE_PACK
    slots = 5 + 2 if cribbage else 6
    obs_size = game.observation_tensor_size()

    def visit(state: Any) -> None:
        for seat in range(game.num_players()):
            hidden = _hidden(state, seat)
            obs = np.asarray(state.observation_tensor(seat))
            info = np.asarray(state.information_state_tensor(seat))
            marked = _cards_marked(obs, pack, slots)
            marked |= _cards_marked(info[obs_size:], pack, len(info[obs_size:]) // len(pack))
            assert not marked & hidden, (seat, marked & hidden)
            # (the information state strings are checked by the resampling test: states
            # whose hidden cards differ give the same string)
            words = set(state.observation_string(seat).replace(":", " ").split())
            assert not {str(c) for c in hidden} & words, state.observation_string(seat)

    for seed in range(3):
        _walk(name, seed, visit)


@pytest.mark.parametrize("name", GAMES)
def test_resampled_states_agree_with_what_the_player_knows(name: str) -> None:
    changed = [0, 0]

    def visit(state: Any) -> None:
        p = state.current_player()
        r = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert r.information_state_string(p) == state.information_state_string(p)
        assert r.observation_string(p) == state.observation_string(p)
        assert r.legal_actions() == state.legal_actions()
        assert list(r.observation_tensor(p)) == list(state.observation_tensor(p))
        other = 1 - p if len(state.engine.hands) == 2 else (p + 1) % len(state.engine.hands)
        changed[0] += 1
        changed[1] += sorted(r.engine.hands[other]) != sorted(state.engine.hands[other])

    for seed in range(3):
        _walk(name, seed, visit, {"target": 31} if name.endswith("cribbage") else {})
    assert changed[1] > changed[0] // 3  # the hidden cards are really dealt again


def test_returns_are_zero_sum_in_three_hand() -> None:
    game = pyspiel.load_game("python_hoyle_cribbage", {"variant": "three-hand"})
    rng = np.random.default_rng(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() \
            else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    assert sorted(state.returns()) == [-0.5, -0.5, 1.0]


def test_the_games_as_documented() -> None:
    # (the examples of the former python_hoyle_cribbage and python_hoyle_ecarte modules)
    import random
    game = pyspiel.load_game("python_hoyle_cribbage")
    assert (game.num_distinct_actions(), game.max_chance_outcomes(), game.num_players()) == \
        (1431, 52, 2)
    rng = random.Random(0)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    assert (len(state.legal_actions()), state.action_to_string(state.legal_actions()[0])[:7]) \
        == (15, "DISCARD")
    game = pyspiel.load_game("python_hoyle_ecarte")
    assert (game.num_distinct_actions(), game.max_chance_outcomes()) == (69, 32)
    rng = random.Random(0)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["STAND", "PROPOSE"]


def test_the_game_types_and_parameters() -> None:
    crib = pyspiel.load_game("python_hoyle_cribbage").get_type()
    ecarte = pyspiel.load_game("python_hoyle_ecarte").get_type()
    assert (crib.long_name, crib.max_num_players) == ("Python Cribbage (hoyle)", 4)
    assert (ecarte.long_name, ecarte.max_num_players) == ("Python Écarté (hoyle)", 2)
    assert pyspiel.load_game("python_hoyle_cribbage").get_parameters() == {
        "variant": "six-card", "laws": "ew", "target": 0, "crib_flush_rule": "",
        "reward": "win"}
    assert pyspiel.load_game("python_hoyle_ecarte").get_parameters() == {
        "laws": "", "target": 5, "game_values": False, "reward": "win"}
    game = pyspiel.load_game("python_hoyle_cribbage", {"reward": "game_points"})
    assert (game.min_utility(), game.max_utility()) == (-4.0, 4.0)
