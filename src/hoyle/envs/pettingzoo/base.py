"""The machinery of every hoyle PettingZoo environment (:mod:`hoyle.envs.pettingzoo`):
one AEC environment, generic over the game's :class:`~hoyle.engine.encoding.Encoding`
(``GameSpec.encoding()``): the engine state, the seeded chance, rewards at the end of the
game, and rendering of the public table (``ansi`` or ``human``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from hoyle.engine.action import TERMINAL
from hoyle.engine.encoding import EncodedGame
from hoyle.interface.registry import GameSpec
from hoyle.engine.runner import resolve_chance
from hoyle.errors import ParameterError, short_repr

__all__ = ["HoyleAECEnv", "REWARD_MODES", "env_name", "raw_env_class", "wrapped"]

REWARD_MODES = ("win", "game_points")


class HoyleAECEnv(AECEnv):  # type: ignore[misc]  # AECEnv is untyped
    """A registry game as an AEC environment; :func:`raw_env_class` gives each game its
    subclass (``cribbage_v0.raw_env``), which names the game in :attr:`game`.

    Args:
        reward: ``"win"`` (+1 / -1 at the end) or ``"game_points"`` (± the game points
            the winner takes).
        render_mode: ``"ansi"`` (:meth:`render` returns the text), ``"human"`` (it
            prints it, and so does every :meth:`step`) or ``None``. Either renders the
            table as every seat sees it (``EncodedGame.render_text``: scores, cards
            played, cards held by number, the starter or turn-up): never a hand, so that
            rendering shows no agent a card it may not know.
        options: the game's own arguments (``Encoding.from_options``: variant, law code,
            rule options).

    Raises:
        ParameterError: a bad ``render_mode`` or ``reward`` (the message names the values
            allowed; a ``ValueError`` too).
        HoyleError: a bad game argument.
    """

    game: GameSpec
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "hoyle",
                                "is_parallelizable": False}

    def __init__(self, *, reward: str = "win", render_mode: str | None = None,
                 **options: Any) -> None:
        modes = self.metadata["render_modes"]
        if render_mode is not None and render_mode not in modes:
            raise ParameterError(f"render_mode must be one of {', '.join(modes)} or None, "
                                 f"not {render_mode!r}", "render_mode")
        if reward not in REWARD_MODES:
            raise ParameterError(f"reward must be one of {', '.join(REWARD_MODES)}, not "
                                 f"{reward!r}", "reward")
        self.encoded: EncodedGame[Any] = self.game.encoded().from_options(**options)
        self.rules = self.encoded.rules
        self.laws = self.encoded.laws
        self.num_players = self.encoded.num_players
        self.num_actions = self.encoded.num_actions
        self.observation_size = self.encoded.observation_size
        super().__init__()
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

    # -- the game's part, through its encoding -------------------------------------------

    def _legal_ids(self) -> list[int]:
        return self.encoded.legal_ids(self.state)

    def _observation(self, seat: int) -> npt.NDArray[np.float32]:
        return self.encoded.observation(self.state, seat)

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
        random generator carries on (a fresh one on the first reset).

        Raises:
            ParameterError: a seed that is not a whole number 0 or more.
        """
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                                 or seed < 0):
            raise ParameterError(f"seed must be a whole number 0 or more (not {short_repr(seed)})",
                                 "seed")
        if seed is not None:
            self._rng = random.Random(seed)
        elif self._rng is None:
            self._rng = random.Random()
        game_seed = seed if seed is not None else self._rng.getrandbits(32)
        self.state = self.encoded.new_state(game_seed)
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
        self.state.apply(self.encoded.id_action(self.state, action_id))
        self._resolve_chance()
        self._after_move()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _resolve_chance(self) -> None:
        assert self._rng is not None
        resolve_chance(self.state, self._rng)

    def _after_move(self) -> None:
        state = self.state
        if state.current_player == TERMINAL:
            result = state.result
            value = 1.0 if self.reward_mode == "win" else self.encoded.game_value(state)
            for i, a in enumerate(self.agents):
                won = self._side_of(i) == result.winner
                self.rewards[a] = value if won else -value
                self.terminations[a] = True
                self.infos[a] = {"scores": tuple(state.scores), "winner": result.winner}
            return
        self.agent_selection = self.possible_agents[state.current_player]

    def _side_of(self, seat: int) -> int:
        return self.encoded.side_of(seat)

    def render(self) -> str | None:
        """The table as every seat sees it (no hand: see the class's ``render_mode``):
        returned in ``ansi`` mode, printed in ``human`` mode; ``None`` without a mode."""
        if self.render_mode is None:
            return None
        text = self.encoded.render_text(self.state) if self.state is not None else "(no game: call reset)"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env_name(spec: GameSpec) -> str:
    """The gymnasium-style name of a registry game's environment: ``hoyle/<name>-v0``."""
    return f"hoyle/{spec.name}-v0"


def raw_env_class(spec: GameSpec) -> type[HoyleAECEnv]:
    """The bare environment class of a registry game (``cribbage_v0.raw_env``)."""

    class raw_env(HoyleAECEnv):  # noqa: N801 - PettingZoo's name
        metadata = {"render_modes": ["ansi", "human"], "name": f"hoyle_{spec.name}_v0",
                    "is_parallelizable": False}

    raw_env.game = spec
    raw_env.__doc__ = f"{spec.title} as an AEC environment (``{env_name(spec)}``)."
    return raw_env


def wrapped(raw: type[HoyleAECEnv], **kwargs: Any) -> Any:
    """The environment ``raw(**kwargs)`` with PettingZoo's standard wrappers: an illegal
    action ends the game with reward -1 for the offender; actions out of bounds and calls
    out of order raise."""
    e = raw(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)
