"""The écarté player protocol and what every computer player does alike: announce the king
of trumps when it may, and take a law's remedy when offered one.

Source: ECARTE-R-7 (the king is the holder's free choice: a computer player always marks
it); ``shared/DESIGN.md`` (Players).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from hoyle.ecarte.state import EcarteView, Phase
from hoyle.engine.action import Action

__all__ = ["Player", "routine_action", "PREFERRED_OPTIONS"]

PREFERRED_OPTIONS = ("draw", "discard", "lay_out", "complete", "rectify", "reduce", "stand",
                     "play_on", "take", "play_to")
"""Decision options a computer player takes first when offered (the remedy that keeps the
deal), in order."""


class Player(Protocol):
    """Chooses an action from what its seat may see.

    ``name`` is the player kind. ``choose`` must return one of ``legal_actions`` and draw any
    randomness from ``rng`` only, so that a seeded game replays identically.
    """

    name: str

    def choose(self, view: EcarteView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        """Pick one of ``legal_actions``."""
        ...


def routine_action(view: EcarteView, legal: Sequence[Action]) -> Action | None:
    """The action for a routine moment (marking the king, a decision), or ``None`` when the
    moment needs the player's own judgement.

    >>> routine_action(None, [Action("PLAY", ()), Action("KING")])  # type: ignore[arg-type]
    Action(verb='KING', cards=(), n=None, word='')
    """
    for a in legal:
        if a.verb == "KING":
            return a
    if view is not None and view.phase == Phase.DECISION:
        for word in PREFERRED_OPTIONS:
            for a in legal:
                if a.word == word:
                    return a
        return legal[0]
    return None
