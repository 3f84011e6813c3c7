"""The random player: a fixed baseline."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hoyle.cribbage.players.claims import routine_action
from hoyle.cribbage.state import CribbageView, Phase
from hoyle.engine import rng as draw  # the seeded draws
from hoyle.engine.action import Action

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Chooses uniformly among the legal actions, from the given ``rng``."""

    name = "random"

    def choose(self, view: CribbageView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        """A uniformly random discard or card; claims and decisions as
        :func:`~hoyle.cribbage.players.claims.routine_action` (claims are always right)."""
        if view.manual_count or view.phase == Phase.DECISION:
            routine = routine_action(view, legal_actions)
            if routine is not None:
                return routine
        return self.choose_blind(legal_actions, rng)

    def choose_blind(self, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """The choice among card plays and discards, which needs no view (the runner,
        :func:`hoyle.cribbage.match.play_game`, calls it without building one)."""
        return legal_actions[draw.randbelow(rng, len(legal_actions))]  # = rng.randrange
