"""The state protocol both games implement (OpenSpiel style; ``shared/DESIGN.md``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from hoyle.engine.action import Action
from hoyle.engine.event import Event

__all__ = ["GameState"]


class GameState(Protocol):
    """The state machine both games implement (OpenSpiel style; ``shared/DESIGN.md``)."""

    @property
    def current_player(self) -> int:
        """A seat, :data:`CHANCE` or :data:`TERMINAL`."""

    def legal_actions(self) -> list[Action]:
        """What the current player may do (empty at chance and terminal nodes)."""

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action``; return the events. Raises ``IllegalAction``, state untouched."""

    def sample_chance(self, rng: random.Random) -> Action:
        """A chance outcome drawn from ``rng`` at a chance node."""

    def is_terminal(self) -> bool:
        """Whether the game is over."""

    def clone(self) -> GameState:
        """An independent copy."""

    @property
    def history(self) -> Sequence[Action]:
        """Every action applied so far, chance outcomes included."""
