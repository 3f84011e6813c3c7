"""Issue 19, the PettingZoo environments: rendering shows the table as every seat sees it
(never a hand), ``human`` mode prints no hidden card after a step, and a bad
``render_mode`` or ``reward`` is a clean error naming the values allowed."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

from hoyle.errors import HoyleError, ParameterError
import hoyle.envs.pettingzoo
from hoyle.interface.registry import Capability, games

ENVS = [getattr(hoyle.envs.pettingzoo, f"{spec.name}_v0")
        for spec in games(Capability.ENCODING)]
"""Every game of the registry with an encoding."""
NAMES = [spec.name for spec in games(Capability.ENCODING)]
CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")


def _hidden_everywhere(state: Any) -> set[str]:
    """Cards some seat may not know now: every card held or laid away face down (the
    hands and crib laid face up in a cribbage show are public)."""
    cards = {c for h in state.hands for c in h}
    cards |= {c for d in state.discards for c in d}
    if hasattr(state, "shown"):
        cards -= {c for _, _, shown in state.shown for c in shown}
        cards |= set(state.stock())
    return {str(c) for c in cards}


@pytest.mark.parametrize("module", ENVS, ids=NAMES)
def test_render_shows_no_hand(module: Any) -> None:
    env = module.raw_env(render_mode="ansi")
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    steps = 0
    while not all(env.terminations.values()) and steps < 400:
        text = env.render()
        assert isinstance(text, str) and "scores:" in text
        shown = set(CARD.findall(text))
        assert not shown & _hidden_everywhere(env.state), (shown, text)
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps > 40


@pytest.mark.parametrize("module", ENVS, ids=NAMES)
def test_human_render_prints_no_hidden_hand_after_steps(module: Any, capsys: Any) -> None:
    env = module.raw_env(render_mode="human")
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    printed = 0
    for _ in range(60):
        if all(env.terminations.values()):
            break
        hidden = _hidden_everywhere(env.state)
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        out = capsys.readouterr().out
        assert out.strip()  # human mode prints the table after each step
        printed += 1
        assert not set(CARD.findall(out)) & (hidden & _hidden_everywhere(env.state)), out
    assert printed == 60


@pytest.mark.parametrize("module", ENVS, ids=NAMES)
def test_bad_render_mode_and_reward_raise_naming_the_values(module: Any) -> None:
    with pytest.raises(ParameterError, match="render_mode must be one of ansi, human or None, "
                                             "not 'rgb_array'"):
        module.raw_env(render_mode="rgb_array")
    with pytest.raises(ParameterError, match="reward must be one of win, game_points"):
        module.raw_env(reward="score")
    assert issubclass(ParameterError, HoyleError) and issubclass(ParameterError, ValueError)


@pytest.mark.parametrize("seed", ["a", -1, 1.5, True])
def test_reset_refuses_a_seed_that_is_not_a_whole_number(seed: object) -> None:
    from hoyle.envs.pettingzoo import cribbage_v0
    from hoyle.errors import ParameterError
    env = cribbage_v0.env()
    with pytest.raises(ParameterError, match="seed must be a whole number"):
        env.reset(seed=seed)  # type: ignore[arg-type]
    env.reset(seed=3)  # a good seed still works after the refusal
