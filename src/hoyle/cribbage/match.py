"""Cribbage between computer players, by the game runner (:mod:`hoyle.engine.runner`),
every random choice from one seed.

>>> from hoyle.cribbage.players import RandomPlayer
>>> a = play_game([RandomPlayer(), RandomPlayer()], seed=5)
>>> b = play_game([RandomPlayer(), RandomPlayer()], seed=5)
>>> a.is_terminal(), a.history == b.history
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hoyle.cribbage.players.base import Player
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState
from hoyle.engine.event import Event
from hoyle.engine.runner import Seeds, play

__all__ = ["play_game"]


def play_game(players: Sequence[Player], seed: int | None = None,
              rules: CribbageRules | None = None, state: CribbageState | None = None,
              on_events: Callable[[list[Event]], None] | None = None,
              resumable: bool = True, itemize: bool = True) -> CribbageState:
    """Play a game of cribbage to the end between computer ``players`` (one per seat), by
    the game runner (:func:`hoyle.engine.runner.play`).

    Args:
        players: one player per seat.
        seed: every chance outcome and every player's random choice flows from it
            (default: the seed of ``state``).
        rules: the variant (default six-card); ignored when ``state`` is given.
        state: continue this game instead of starting a new one.
        on_events: called with the events of each action.
        resumable: see :class:`hoyle.engine.runner.Seeds`.
        itemize: itemise each show in its events (off: totals only, faster).

    Returns:
        The final state (its ``result`` says who won).
    """
    s = state if state is not None else CribbageState(rules, seed=seed, itemize=itemize)
    return play(s, players, Seeds(seed if seed is not None else s.seed, resumable),
                on_events=on_events)
