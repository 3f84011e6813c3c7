"""Cribbage, according to Hoyle, as a PettingZoo AEC environment (``hoyle/cribbage-v0``).

| Import             | ``from hoyle.envs.pettingzoo import cribbage_v0``  |
|--------------------|----------------------------------------------------|
| Actions            | Discrete                                           |
| Parallel API       | No                                                 |
| Manual control     | No                                                 |
| Agents             | ``agents = ['player_0', 'player_1']`` (2-4 by variant) |
| Action shape       | Discrete(1431)                                     |
| Action values      | Discrete(1431)                                     |
| Observation shape  | (observation: (383,), action_mask: (1431,)) for two players |
| Observation values | [0, 1]                                             |

Arguments: ``variant`` (``"six-card"``, ``"five-card"``, ``"three-hand"``, ``"four-hand"``,
``"eight-card"``), ``laws`` (the law code, ``"ew"`` or ``"acc"``: it supplies the citations
and rules equal cuts; the environment counts automatically, so no claim, decision or
penalty ever arises), ``reward`` (``"win"``: +1 / -1 at the end of the game;
``"game_points"``: ± the ACC game points, 2, or 3 for a skunk), ``render_mode``
(``"ansi"`` or ``"human"``), and any ``CribbageRules`` option (``target=61``,
``crib_flush_rule="lenient"``, ...).

Each episode is one game: the cut for deal, the deals, the discards, the play and the show,
until a side reaches the target. Chance (the cut, the deal, the starter) is resolved inside
the environment from the generator seeded by ``reset(seed=...)``, so the agents only see
their own decisions: the discard (one decision: both cards at once) and each card of the
play.

Action space (``hoyle.envs.encoding``):

| id          | action                                                                 |
|-------------|------------------------------------------------------------------------|
| 0 … 51      | play card ``id`` (``Card.index``: ``(rank - 1) * 4 + suit``; A♣ 0, A♦ 1 … K♠ 51) |
| 52          | go                                                                     |
| 53 … 1378   | lay away two cards ``i < j``: ``53 + pair_id(i, j)``, the pair's rank in the upper triangle of the 52×52 table (``i * 51 - i * (i - 1) // 2 + j - i - 1``) |
| 1379 … 1430 | lay away one card (three- and four-hand): ``1379 + index``             |

Observation: ``observation`` is the vector of ``hoyle.envs.encoding.crib_observation``
(own hand, kept cards, own discards, the starter, the current count's cards, every card
played by each seat, scores, the count, the phase, the dealer, the seat to act, goes, cards
held; seats relative to the observer), built only from ``state.view(seat)``;
``action_mask`` marks the legal ids (all zero for an agent not to act).

Rewards come at the end of the game only. ``infos`` then hold the final ``scores`` and the
``winner`` (a side, with partnerships).

>>> e = env()
>>> e.reset(seed=1)
>>> obs, reward, done, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum())
((383,), 15)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from hoyle.cards import format_cards
from hoyle.cribbage.laws import get_code
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState
from hoyle.envs.encoding import (CRIB_NUM_ACTIONS, crib_action_id, crib_id_action,
                                 crib_observation, crib_observation_size)
from hoyle.envs.pettingzoo import HoyleAECEnv
from hoyle.engine.action import Action

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> Any:
    """The environment with PettingZoo's standard wrappers: an illegal action ends the game
    with reward -1 for the offender; actions out of bounds and calls out of order raise."""
    e = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


class raw_env(HoyleAECEnv):  # noqa: N801 - PettingZoo's name
    """Cribbage as an AEC environment (see the module's documentation)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "hoyle_cribbage_v0",
                "is_parallelizable": False}

    def __init__(self, variant: str = "six-card", laws: str = "ew", reward: str = "win",
                 render_mode: str | None = None, **rule_options: Any) -> None:
        self.rules = CribbageRules.for_variant(variant, **rule_options)
        self.laws = get_code(laws)
        self.num_players = self.rules.players
        self.num_actions = CRIB_NUM_ACTIONS
        self.observation_size = crib_observation_size(self.rules.players)
        super().__init__(render_mode=render_mode, reward=reward)

    def _new_state(self, seed: int | None) -> CribbageState:
        return CribbageState(self.rules, seed=seed, itemize=False, laws=self.laws)

    def _legal_ids(self) -> list[int]:
        return [crib_action_id(a) for a in self.state.legal_actions()]

    def _id_action(self, action_id: int) -> Action:
        return crib_id_action(action_id)

    def _observation(self, seat: int) -> npt.NDArray[np.float32]:
        return crib_observation(self.state.view(seat), self.rules)

    def _side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def _game_value(self) -> int:
        return int(self.state.result.game_points)

    def _render_text(self) -> str:
        s: CribbageState = self.state
        lines = [f"cribbage ({self.rules.variant}, {self.laws.name}) deal {s.deal_number}, "
                 f"phase {s.phase}, dealer {s.dealer}, to act {s.current_player}",
                 "scores: " + " ".join(str(x) for x in s.scores)
                 + f" (target {self.rules.target})"]
        for seat in range(self.rules.players):
            lines.append(f"  player_{seat}: {format_cards(s.hands[seat]) or '-'}"
                         f"  kept {format_cards(s.kept[seat]) or '-'}")
        lines.append(f"  starter {s.starter or '-'}  count {s.count}: "
                     f"{format_cards(s.count_cards) or '-'}")
        if s.result is not None:
            lines.append(f"game over: side {s.result.winner} wins "
                         f"{'-'.join(map(str, s.result.scores))}")
        return "\n".join(lines)
