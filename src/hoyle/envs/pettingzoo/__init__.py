"""PettingZoo AEC environments for cribbage and écarté (``hoyle[envs]``).

``cribbage_v0`` and ``ecarte_v0`` follow PettingZoo's classic-environment style: ``env()``
returns the wrapped environment (out-of-bounds check, illegal move ends the game with
reward -1 for the offender, order enforcing), ``raw_env`` the bare one. PettingZoo keeps
no registry: :func:`make` maps the gymnasium-style names ``hoyle/cribbage-v0`` and
``hoyle/ecarte-v0`` to the ``env`` constructors.

This module also holds :class:`HoyleAECEnv`, the shared machinery: the engine state, the
seeded chance, rewards at the end of the game, ``ansi`` rendering.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from hoyle.engine.action import CHANCE, TERMINAL, Action

__all__ = ["HoyleAECEnv", "ENV_NAMES", "make"]

REWARD_MODES = ("win", "game_points")


class HoyleAECEnv(AECEnv):  # type: ignore[misc]  # AECEnv is untyped
    """The machinery both environments share. A subclass supplies the engine.

    Subclasses define ``_new_state(seed)``, ``_legal_ids()``, ``_id_action(id)``,
    ``_observation(seat)``, ``_render_text()``, ``_game_value()``, ``num_actions``,
    ``observation_size`` and ``num_players``.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "hoyle",
                                "is_parallelizable": False}
    num_actions: int
    observation_size: int
    num_players: int

    def __init__(self, render_mode: str | None = None, reward: str = "win") -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {REWARD_MODES}, not {reward!r}")
        self.render_mode = render_mode
        self.reward_mode = reward
        self.possible_agents = [f"player_{i}" for i in range(self.num_players)]
        self.agents = self.possible_agents[:]
        self.action_spaces = {a: spaces.Discrete(self.num_actions)
                              for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (self.observation_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }) for a in self.possible_agents}
        self._rng: random.Random | None = None
        self.state: Any = None
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]

    # -- to be supplied by each game --------------------------------------------------

    def _new_state(self, seed: int | None) -> Any:
        raise NotImplementedError

    def _legal_ids(self) -> list[int]:
        raise NotImplementedError

    def _id_action(self, action_id: int) -> Action:
        raise NotImplementedError

    def _observation(self, seat: int) -> npt.NDArray[np.float32]:
        raise NotImplementedError

    def _render_text(self) -> str:
        raise NotImplementedError

    def _game_value(self) -> int:
        """The winner's game points (``reward="game_points"``)."""
        raise NotImplementedError

    # -- the AEC interface ---------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if self.state is not None and self.state.current_player == seat:
            mask[self._legal_ids()] = 1
        return {"observation": self._observation(seat), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``seed`` seeds every chance outcome of the game (the cut for
        deal, the deals, the starter or turn-up, the draws); without it the environment's
        random generator carries on (a fresh one on the first reset)."""
        if seed is not None:
            self._rng = random.Random(seed)
        elif self._rng is None:
            self._rng = random.Random()
        game_seed = seed if seed is not None else self._rng.getrandbits(32)
        self.state = self._new_state(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._resolve_chance()
        self._after_move()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert action is not None
        action_id = int(action)
        if action_id not in self._legal_ids():
            raise ValueError(f"illegal action {action_id} for {agent}")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.state.apply(self._id_action(action_id))
        self._resolve_chance()
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _resolve_chance(self) -> None:
        state, rng = self.state, self._rng
        assert rng is not None
        while state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))

    def _after_move(self) -> None:
        state = self.state
        if state.current_player == TERMINAL:
            result = state.result
            value = 1.0 if self.reward_mode == "win" else float(self._game_value())
            for i, a in enumerate(self.agents):
                won = self._side_of(i) == result.winner
                self.rewards[a] = value if won else -value
                self.terminations[a] = True
                self.infos[a] = {"scores": tuple(state.scores), "winner": result.winner}
            return
        self.agent_selection = self.possible_agents[state.current_player]

    def _side_of(self, seat: int) -> int:
        return seat

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self._render_text() if self.state is not None else "(no game: call reset)"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


ENV_NAMES = ("hoyle/cribbage-v0", "hoyle/ecarte-v0")
"""The gymnasium-style names of the environments (for :func:`make`)."""


def make(name: str, **kwargs: Any) -> Any:
    """The wrapped environment called ``name`` (one of :data:`ENV_NAMES`), built with
    ``kwargs``: PettingZoo keeps no registry, so this stands in for ``gymnasium.make``.

    Raises:
        KeyError: an unknown name.
    """
    from hoyle.envs.pettingzoo import cribbage_v0, ecarte_v0
    table: dict[str, Callable[..., Any]] = {"hoyle/cribbage-v0": cribbage_v0.env,
                                            "hoyle/ecarte-v0": ecarte_v0.env}
    if name not in table:
        raise KeyError(f"unknown environment {name!r} (known: {', '.join(ENV_NAMES)})")
    return table[name](**kwargs)
