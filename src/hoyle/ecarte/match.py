"""Playing écarté between computer players, every random choice flowing from one seed.

Every game is played by the game runner (:mod:`hoyle.engine.runner`), seeded as every
game is: a game saved and resumed continues exactly as it would have.

>>> from hoyle.ecarte.players import RandomPlayer
>>> a = play_game([RandomPlayer(), RandomPlayer()], seed=5)
>>> b = play_game([RandomPlayer(), RandomPlayer()], seed=5)
>>> a.is_terminal(), a.history == b.history, max(a.scores) >= 5
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hoyle.ecarte.rules import EcarteRules
from hoyle.ecarte.state import EcarteState
from hoyle.engine.event import Event
from hoyle.engine.laws import LawCode
from hoyle.engine.runner import Chooser, play

__all__ = ["play_game", "Chooser"]


def play_game(players: Sequence[Chooser], seed: int | None = None,
              rules: EcarteRules | None = None, laws: LawCode | None = None,
              state: EcarteState | None = None,
              on_events: Callable[[list[Event]], None] | None = None) -> EcarteState:
    """Play a game of écarté to the end between computer ``players`` (seat 0, seat 1), by
    the game runner (:func:`hoyle.engine.runner.play`).

    Args:
        players: one player per seat.
        seed: every chance outcome and every choice flows from it (default: the state's).
        rules, laws: for a new game; ignored when ``state`` is given.
        state: continue this game.
        on_events: called with the events of each action.

    Returns:
        The final state (``result`` says who won).
    """
    s = state if state is not None else EcarteState(rules, seed=seed, laws=laws)
    return play(s, players, seed if seed is not None else s.seed, on_events=on_events)
