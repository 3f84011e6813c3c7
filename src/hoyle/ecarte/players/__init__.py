"""Écarté players. A player is ``choose(view, legal_actions, rng) -> action``
(``shared/DESIGN.md``, Players); it sees only its :class:`~hoyle.ecarte.state.EcarteView`.

>>> sorted(PLAYERS)
['expert', 'random', 'rules']
"""

from __future__ import annotations

from collections.abc import Callable

from hoyle.ecarte.players.base import Player
from hoyle.ecarte.rules import EcarteRules
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


def make_player(name: str, rules: EcarteRules | None = None) -> Player:
    """A new computer player by name (``random``, ``rules``, ``expert``; in any case),
    searching under the game's ``rules`` where it searches (the expert: which cards may
    answer a lead, ``trump_when_void``, ``must_head_trick``).

    Raises:
        HoyleError: unknown name.
    """
    player = by_name(PLAYERS, name, "player", fold_case=True)()
    if rules is not None and isinstance(player, ExpertPlayer):
        player.rules = rules
    return player
