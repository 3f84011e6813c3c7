"""The random player: a fixed baseline."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hoyle.ecarte.players.base import routine_action
from hoyle.ecarte.state import EcarteView
from hoyle.engine import rng as draw  # the seeded draws
from hoyle.engine.action import Action

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Chooses uniformly among the legal actions from ``rng``; it always marks the king and
    takes remedies as :func:`~hoyle.ecarte.players.base.routine_action`."""

    name = "random"

    def choose(self, view: EcarteView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        """A uniformly random legal action (the king always marked)."""
        routine = routine_action(view, legal_actions)
        if routine is not None:
            return routine
        return legal_actions[draw.randbelow(rng, len(legal_actions))]  # = rng.randrange
