"""The random player: a fixed baseline."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hoyle.cribbage.state import CribbageView
from hoyle.table.core import Action

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Chooses uniformly among the legal actions, from the given ``rng``."""

    name = "random"

    def choose(self, view: CribbageView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return legal_actions[rng.randrange(len(legal_actions))]
