"""Playing écarté between computer players, every random choice flowing from one seed.

The stream for the chance node or the decision at action ``n`` is
``derive_rng(seed, "chance", n)`` / ``derive_rng(seed, "seat", seat, n)``, as for cribbage
(``hoyle.cribbage.match.GameRng``): a game saved and resumed continues exactly as it would have.

>>> from hoyle.ecarte.players import RandomPlayer
>>> a = play_game([RandomPlayer(), RandomPlayer()], seed=5)
>>> b = play_game([RandomPlayer(), RandomPlayer()], seed=5)
>>> a.is_terminal(), a.history == b.history, max(a.scores) >= 5
(True, True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from hoyle.cards import derive_rng
from hoyle.ecarte.rules import EcarteRules
from hoyle.ecarte.state import EcarteState, EcarteView
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.event import Event
from hoyle.engine.laws import LawCode

__all__ = ["chance_rng", "seat_rng", "play_game", "Chooser"]


class Chooser(Protocol):
    """Anything with the player protocol's ``choose``."""

    def choose(self, view: EcarteView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        """Pick one of ``legal_actions``."""
        ...


def chance_rng(seed: int | None, n: int) -> random.Random:
    """The stream for the chance node at action index ``n``."""
    return derive_rng(seed, "chance", n)


def seat_rng(seed: int | None, seat: int, n: int) -> random.Random:
    """The stream for ``seat``'s decision at action index ``n``."""
    return derive_rng(seed, "seat", seat, n)


def play_game(players: Sequence[Chooser], seed: int | None = None,
              rules: EcarteRules | None = None, laws: LawCode | None = None,
              state: EcarteState | None = None,
              on_events: Callable[[list[Event]], None] | None = None) -> EcarteState:
    """Play a game of écarté to the end between computer ``players`` (seat 0, seat 1).

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
    seed = seed if seed is not None else s.seed
    while not s.is_terminal():
        n = len(s._history)
        seat = s.current_player
        if seat == CHANCE:
            action = s.sample_chance(chance_rng(seed, n))
        else:
            action = players[seat].choose(s.view(seat), s.legal_actions(),
                                          seat_rng(seed, seat, n))
        events = s.apply(action)
        if on_events is not None:
            on_events(events)
    return s
