"""Cribbage players. A player is ``choose(view, legal_actions, rng) -> action``
(``shared/DESIGN.md``, Players); it sees only its :class:`~hoyle.cribbage.state.CribbageView`.

>>> sorted(PLAYERS)
['aware', 'expert', 'greedy', 'master', 'random', 'table']
"""

from __future__ import annotations

from collections.abc import Callable

from hoyle.cribbage.players.aware import AwareExpertPlayer
from hoyle.cribbage.players.base import Player
from hoyle.cribbage.players.expert import ExpertPlayer
from hoyle.cribbage.players.greedy import GreedyPlayer
from hoyle.cribbage.players.master import MasterPlayer
from hoyle.cribbage.players.random import RandomPlayer
from hoyle.cribbage.players.table import TablePlayer
from hoyle.engine.names import by_name

__all__ = ["Player", "RandomPlayer", "GreedyPlayer", "TablePlayer", "ExpertPlayer",
           "AwareExpertPlayer", "MasterPlayer", "PLAYERS",
           "make_player"]

PLAYERS: dict[str, Callable[[], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "table": TablePlayer,
    "expert": ExpertPlayer,
    "aware": AwareExpertPlayer,
    "master": MasterPlayer,
}
"""Computer players by name."""


def make_player(name: str) -> Player:
    """A new computer player by name (``random``, ``greedy``, ``table``, ``expert``,
    ``aware``: the score-aware expert; ``master``: the aware expert reading the
    opponent and searching the lay-away; in any case).

    Raises:
        HoyleError: unknown name.
    """
    return by_name(PLAYERS, name, "player", fold_case=True)()
