"""Écarté, according to Hoyle, as a PettingZoo AEC environment (``hoyle/ecarte-v0``).

| Import             | ``from hoyle.envs.pettingzoo import ecarte_v0``    |
|--------------------|----------------------------------------------------|
| Actions            | Discrete                                           |
| Parallel API       | No                                                 |
| Manual control     | No                                                 |
| Agents             | ``agents = ['player_0', 'player_1']``              |
| Action shape       | Discrete(69)                                       |
| Action values      | Discrete(69)                                       |
| Observation shape  | (observation: (228,), action_mask: (69,))          |
| Observation values | [0, 1]                                             |

Arguments: ``laws`` (``None``, ``"oh"`` or ``"club"``: the code supplies the parameters
where the codes differ, such as which refusals make the point worth two; no irregularity
arises, as the environment plays without a referee), ``reward`` (``"win"``: +1 / -1 at the
end of the game; ``"game_points"``: ± the games won, 1, or with ``game_values=True`` 2 for a
double and 3 for a treble), ``render_mode`` (``"ansi"`` or ``"human"``), and any
``EcarteRules`` option (``target``, ``game_values``, ``dealer_min_exchange``,
``trump_when_void``, ``max_exchanges``, ``turned_king_marking``, ...).

Each episode is one game of five points. Chance (the cut for deal, the deal, the turn-up,
the cards drawn from the stock) is resolved inside the environment from the generator
seeded by ``reset(seed=...)``.

Action space (``hoyle.envs.encoding``):

| id        | action                                                                   |
|-----------|--------------------------------------------------------------------------|
| 0 … 31    | play card ``ECARTE_PACK[id]`` (the piquet pack in index order: A♣ A♦ A♥ A♠ 7♣ 7♦ … K♠) |
| 32        | stand ("I play": the elder hand refuses to propose)                      |
| 33        | propose                                                                  |
| 34        | accept the proposal (the dealer)                                         |
| 35        | refuse it (the dealer)                                                   |
| 36        | announce the king of trumps (or, with manual marking, mark a turned-up king) |
| 37 … 68   | discard: bit *b* of ``id - 37`` lays out the *b*-th card of the hand taken in index order (37: none, the dealer stands pat; 68: all five). The elder hand asks for as many cards as he lays out. |

Observation: ``observation`` is ``hoyle.envs.encoding.ecarte_observation`` (own hand, own
discards, the turn-up, the card led, the cards each seat played, trumps, the phase, scores,
tricks, proposals and exchanges, cards taken, stock size, stand/refusal, king marks...),
built only from ``state.view(seat)``; ``action_mask`` marks the legal ids.

>>> e = env()
>>> e.reset(seed=1)
>>> obs, reward, done, truncated, info = e.last()
>>> obs["observation"].shape, [i for i in range(69) if obs["action_mask"][i]]
((228,), [32, 33])
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from hoyle.cards import format_cards
from hoyle.ecarte.laws import get_code
from hoyle.ecarte.rules import EcarteRules
from hoyle.ecarte.state import EcarteState
from hoyle.envs.encoding import (ECARTE_NUM_ACTIONS, ECARTE_OBSERVATION_SIZE,
                                 ecarte_action_id, ecarte_id_action, ecarte_observation)
from hoyle.envs.pettingzoo import HoyleAECEnv
from hoyle.engine.action import Action

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's standard wrappers (see ``cribbage_v0.env``)."""
    e = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(HoyleAECEnv):  # noqa: N801 - PettingZoo's name
    """Écarté as an AEC environment (see the module's documentation)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "hoyle_ecarte_v0",
                "is_parallelizable": False}

    def __init__(self, laws: str | None = None, reward: str = "win",
                 render_mode: str | None = None, **rule_options: Any) -> None:
        self.rules = EcarteRules.from_options(rule_options)
        self.laws = get_code(laws) if laws is not None else None
        self.num_players = 2
        self.num_actions = ECARTE_NUM_ACTIONS
        self.observation_size = ECARTE_OBSERVATION_SIZE
        super().__init__(render_mode=render_mode, reward=reward)

    def _new_state(self, seed: int | None) -> EcarteState:
        return EcarteState(self.rules, seed=seed, laws=self.laws)

    def _hand(self) -> list[Any]:
        s: EcarteState = self.state
        return s.hands[s.current_player]

    def _legal_ids(self) -> list[int]:
        hand = self._hand()
        return [ecarte_action_id(a, hand) for a in self.state.legal_actions()]

    def _id_action(self, action_id: int) -> Action:
        return ecarte_id_action(action_id, self._hand())

    def _observation(self, seat: int) -> npt.NDArray[np.float32]:
        return ecarte_observation(self.state.view(seat))

    def _game_value(self) -> int:
        return int(self.state.result.games)

    def _render_text(self) -> str:
        s: EcarteState = self.state
        lines = [f"écarté deal {s.deal_number}, phase {s.phase}, dealer {s.dealer}, "
                 f"to act {s.current_player}",
                 f"scores: {s.scores[0]} {s.scores[1]} (target {self.rules.target}); "
                 f"tricks {s.tricks[0]}-{s.tricks[1]}",
                 f"  turn-up {s.turn_up or '-'}  stock {len(s.stock())}  "
                 f"trick {' '.join(f'{seat}:{c}' for seat, c in s.trick) or '-'}"]
        for seat in (0, 1):
            lines.append(f"  player_{seat}: {format_cards(sorted(s.hands[seat])) or '-'}")
        if s.result is not None:
            lines.append(f"game over: player_{s.result.winner} wins "
                         f"{s.result.scores[0]}-{s.result.scores[1]}")
        return "\n".join(lines)
