"""The player protocol."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from hoyle.cribbage.state import CribbageView
from hoyle.engine.action import Action

__all__ = ["Player"]


class Player(Protocol):
    """Chooses an action from what its seat may see.

    ``name`` is the player kind (``"greedy"``). ``choose`` must return one of
    ``legal_actions`` and draw any randomness from ``rng`` only, so that a seeded game
    replays identically.
    """

    name: str

    def choose(self, view: CribbageView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        """Pick one of ``legal_actions``."""
        ...
