"""The PettingZoo environments (issue 8): PettingZoo's own API, seed and render tests, the
action tables, seeding into the engine, rewards, and observations that show nothing hidden."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

from helpers.cribbage import apply_all, hidden_from
from hoyle.cards import CARDS, Card
from hoyle.cribbage.encoding import CRIB_NUM_ACTIONS, crib_action_id, crib_id_action, pair_id
from hoyle.ecarte.encoding import (ECARTE_NUM_ACTIONS, ECARTE_PACK, ecarte_action_id,
                                   ecarte_id_action)
import hoyle.envs.pettingzoo
from hoyle.interface.registry import Capability, games
from hoyle.envs.pettingzoo import cribbage_v0, ecarte_v0, make
from hoyle.engine.action import Action

ENVS = [getattr(hoyle.envs.pettingzoo, f"{spec.name}_v0")
        for spec in games(Capability.ENCODING)]
"""Every game of the registry with an encoding."""
NAMES = [spec.name for spec in games(Capability.ENCODING)]


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test warns about dict observations
        yield


@pytest.mark.parametrize("module", ENVS, ids=NAMES)
def test_pettingzoo_api_seed_render(module: Any) -> None:
    api_test(module.env(), num_cycles=1000)
    seed_test(module.env, num_cycles=500)
    render_test(module.env)


@pytest.mark.parametrize("variant", ["five-card", "three-hand", "four-hand", "eight-card"])
def test_cribbage_variants_pass_the_api_test(variant: str) -> None:
    api_test(cribbage_v0.env(variant=variant, laws="acc"), num_cycles=300)


def play_out(env: Any, seed: int, check: Any = None) -> Any:
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if check is not None:
            check(env)
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return env


@pytest.mark.parametrize("module", ENVS, ids=NAMES)
def test_the_seed_goes_into_the_engine(module: Any) -> None:
    a = play_out(module.raw_env(), 7).state.history
    b = play_out(module.raw_env(), 7).state.history
    c = play_out(module.raw_env(), 8).state.history
    assert a == b
    assert a != c
    assert play_out(module.raw_env(), 7).state.seed == 7


def test_rewards_at_the_end_only_win_or_game_points() -> None:
    for reward, values in (("win", {1.0}), ("game_points", {2.0, 3.0, 4.0})):
        env = cribbage_v0.raw_env(reward=reward)
        env.reset(seed=3)
        rng = np.random.default_rng(3)
        while not all(env.terminations.values()):
            agent = env.agent_selection
            obs = env.observe(agent)
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            if not all(env.terminations.values()):
                assert all(r == 0 for r in env.rewards.values())
        winner = env.state.result.winner
        assert env.rewards[f"player_{winner}"] in values
        assert env.rewards[f"player_{1 - winner}"] == -env.rewards[f"player_{winner}"]
        assert env.infos["player_0"]["winner"] == winner


def test_cribbage_action_table() -> None:
    assert CRIB_NUM_ACTIONS == 1431
    assert crib_action_id(Action.parse("PLAY 5H")) == Card.parse("5H").index
    assert crib_action_id(Action.parse("GO")) == 52
    assert crib_action_id(Action.parse("DISCARD AC AD")) == 53
    assert crib_action_id(Action.parse("DISCARD KH KS")) == 1378
    assert crib_action_id(Action.parse("DISCARD 5H")) == 1379 + Card.parse("5H").index
    for i in range(52):
        for j in range(i + 1, 52):
            assert pair_id(i, j) == i * 51 - i * (i - 1) // 2 + j - i - 1
    assert [crib_action_id(crib_id_action(i)) for i in range(CRIB_NUM_ACTIONS)] == \
        list(range(CRIB_NUM_ACTIONS))


def test_ecarte_action_table() -> None:
    assert ECARTE_NUM_ACTIONS == 69
    hand = [Card.parse(t) for t in ("KS", "7H", "AC", "9D", "QH")]  # index order: AC 7H 9D QH KS
    assert ecarte_action_id(Action.parse("DISCARD AC KS"), hand) == 37 + 0b10001
    assert ecarte_id_action(37 + 0b00110, hand) == Action.parse("DISCARD 7H 9D")
    assert ecarte_id_action(37, hand) == Action("DISCARD", ())
    assert [str(ecarte_id_action(i)) for i in range(32, 37)] == \
        ["STAND", "PROPOSE", "ACCEPT", "REFUSE", "KING"]
    assert [ecarte_action_id(ecarte_id_action(i)) for i in range(32)] == list(range(32))
    assert len(ECARTE_PACK) == 32


def _crib_cards_shown(obs: np.ndarray, players: int) -> set[Card]:
    """Every card an observation marks (the card-indexed slices)."""
    slots = obs[:52 * (5 + players)].reshape(-1, 52)
    return {CARDS[i] for i in np.flatnonzero(slots.max(axis=0))}


def _ecarte_cards_shown(obs: np.ndarray) -> set[Card]:
    slots = obs[:32 * 6].reshape(-1, 32)
    return {ECARTE_PACK[i] for i in np.flatnonzero(slots.max(axis=0))}


@pytest.mark.parametrize("variant", ["six-card", "three-hand"])
def test_cribbage_observations_hide_what_the_view_hides(variant: str) -> None:
    def check(env: Any) -> None:
        s = env.state
        for seat, agent in enumerate(env.possible_agents):
            obs = env.observe(agent)["observation"]
            public = {c for _, _, cards in s.shown for c in cards}
            leaked = _crib_cards_shown(obs, s.rules.players) & hidden_from(s, seat, public)
            assert not leaked, (agent, leaked)

    for seed in range(3):
        play_out(cribbage_v0.raw_env(variant=variant), seed, check)


def test_ecarte_observations_hide_what_the_view_hides() -> None:
    def check(env: Any) -> None:
        s = env.state
        for seat, agent in enumerate(env.possible_agents):
            obs = env.observe(agent)["observation"]
            other = 1 - seat
            hidden = set(s.stock()) | set(s.hands[other]) | set(s.discards[other])
            leaked = _ecarte_cards_shown(obs) & hidden
            assert not leaked, (agent, leaked)

    for seed in range(5):
        play_out(ecarte_v0.raw_env(), seed, check)


def test_make_takes_gymnasium_style_names() -> None:
    env = make("hoyle/ecarte-v0", render_mode="ansi")
    env.reset(seed=2)
    assert "écarté" in env.render()
    with pytest.raises(KeyError):
        make("hoyle/piquet-v0")


@pytest.mark.parametrize("module, name", [(cribbage_v0, "hoyle/cribbage-v0"),
                                          (ecarte_v0, "hoyle/ecarte-v0")],
                         ids=["cribbage", "ecarte"])
def test_pettingzoo_make_builds_the_registered_environments(module: Any, name: str) -> None:
    import pettingzoo
    made = pettingzoo.make("aec", name, render_mode="ansi")
    ours = module.env(render_mode="ansi")
    assert name in pettingzoo.aec_registry
    assert made.unwrapped.metadata["name"] == ours.unwrapped.metadata["name"]
    for env in (made, ours):
        env.reset(seed=5)
    rng_a, rng_b = np.random.default_rng(5), np.random.default_rng(5)
    for _ in range(40):
        a, b = made.last(), ours.last()
        np.testing.assert_array_equal(a[0]["observation"], b[0]["observation"])
        np.testing.assert_array_equal(a[0]["action_mask"], b[0]["action_mask"])
        assert a[1:] == b[1:]
        if a[2] or a[3]:
            break
        made.step(int(rng_a.choice(np.flatnonzero(a[0]["action_mask"]))))
        ours.step(int(rng_b.choice(np.flatnonzero(b[0]["action_mask"]))))
    assert made.render() == ours.render()
    assert made.unwrapped.state.history == ours.unwrapped.state.history


def test_pettingzoo_make_passes_the_game_arguments() -> None:
    import pettingzoo
    env = pettingzoo.make("aec", "hoyle/cribbage-v0", variant="three-hand", laws="acc")
    env.reset(seed=1)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert env.unwrapped.laws.name == "acc"


def test_the_environment_objects_and_their_documentation() -> None:
    # (the examples of the former cribbage_v0 and ecarte_v0 module docstrings)
    e = cribbage_v0.env()
    e.reset(seed=1)
    obs, reward, done, truncated, info = e.last()
    assert (obs["observation"].shape, int(obs["action_mask"].sum())) == ((474,), 15)
    e = ecarte_v0.env()
    e.reset(seed=1)
    obs, reward, done, truncated, info = e.last()
    assert (obs["observation"].shape, [i for i in range(69) if obs["action_mask"][i]]) == \
        ((228,), [32, 33])
    assert "Discrete(1431)" in cribbage_v0.__doc__ and "Discrete(69)" in ecarte_v0.__doc__
    assert cribbage_v0.raw_env().metadata["name"] == "hoyle_cribbage_v0"
    assert ecarte_v0.raw_env().metadata["name"] == "hoyle_ecarte_v0"
    import hoyle.envs.pettingzoo as pz
    with pytest.raises(AttributeError):
        pz.piquet_v0  # noqa: B018


def test_CRIB_R_9_observation_gives_the_count_in_the_order_played() -> None:
    # Seat 1 deals (cuts 9C, 2D); the pone keeps 5H 5C 5S JD, the dealer 4H 5D 6D TH;
    # starter 9S. The play: 5H, TH, 5C (20). The last 7 x 13 floats are the count's latest
    # cards, newest first, by rank: 5 (5C), 10 (TH), 5 (5H), then nothing. Worked by hand
    # from the layout (crib_observation_size's docstring), the same for both seats.
    from hoyle.cribbage.encoding import COUNT_ORDER, crib_observation
    from hoyle.cribbage.rules import CribbageRules
    from hoyle.cribbage.state import CribbageState
    rules = CribbageRules()
    s = CribbageState(rules)
    apply_all(s, ["CUT 9C", "CUT 2D", "DEAL 5H 5C 5S JD 2C 3C 5D TH 4H 6D QC KD",
                  "DISCARD 2C 3C", "DISCARD QC KD", "STARTER 9S", "PLAY 5H", "PLAY TH",
                  "PLAY 5C"])
    for seat in (0, 1):
        order = crib_observation(s.view(seat), rules)[-COUNT_ORDER * 13:].reshape(-1, 13)
        assert [int(np.flatnonzero(row)[0]) + 1 if row.any() else 0 for row in order] == \
            [5, 10, 5, 0, 0, 0, 0]
        assert order.sum() == 3
