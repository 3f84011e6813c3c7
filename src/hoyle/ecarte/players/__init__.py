"""Écarté players. A player is ``choose(view, legal_actions, rng) -> action``
(``shared/DESIGN.md``, Players); it sees only its :class:`~hoyle.ecarte.state.EcarteView`.

>>> sorted(PLAYERS)
['expert', 'random', 'rules']
"""

from __future__ import annotations

from collections.abc import Callable

from hoyle.ecarte.players.base import Player
from hoyle.ecarte.players.expert import ExpertPlayer
from hoyle.ecarte.players.random import RandomPlayer
from hoyle.ecarte.players.rules import RulesPlayer
from hoyle.engine.names import by_name

__all__ = ["Player", "RandomPlayer", "RulesPlayer", "ExpertPlayer", "PLAYERS", "make_player"]

PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "rules": RulesPlayer,
    "expert": ExpertPlayer,
}
"""Computer players by name."""


def make_player(name: str) -> Player:
    """A new computer player by name (``random``, ``rules``, ``expert``; in any case).

    Raises:
        HoyleError: unknown name.
    """
    return by_name(PLAYERS, name, "player", fold_case=True)()
