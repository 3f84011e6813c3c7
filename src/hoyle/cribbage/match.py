"""Cribbage's game runner: drives a game state with players, every random choice from one seed.

>>> from hoyle.cribbage.players import RandomPlayer
>>> a = play_game([RandomPlayer(), RandomPlayer()], seed=5)
>>> b = play_game([RandomPlayer(), RandomPlayer()], seed=5)
>>> a.is_terminal(), a.history == b.history
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from hoyle.cards import derive_rng
from hoyle.cribbage.players.base import Player
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState, Phase
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.event import Event

__all__ = ["GameRng", "play_game"]


class GameRng:
    """The random streams of one game, all flowing from ``seed``.

    With ``resumable`` (the default, used for games people play), the stream for the chance
    node or the decision at action ``n`` is derived from ``(seed, n)``: a game saved and
    resumed continues exactly as it would have without the interruption. Without it, one
    stream serves chance and one each seat (faster: for batch simulation); still the same
    seed gives the same game.
    """

    def __init__(self, seed: int | None, resumable: bool = True) -> None:
        self.seed = seed
        self.resumable = resumable
        self._chance = derive_rng(seed, "chance")
        self._seats: dict[int, random.Random] = {}

    def chance(self, n: int) -> random.Random:
        """The stream for the chance node at action index ``n``."""
        return derive_rng(self.seed, "chance", n) if self.resumable else self._chance

    def player(self, seat: int, n: int) -> random.Random:
        """The stream for ``seat``'s decision at action index ``n``."""
        if self.resumable:
            return derive_rng(self.seed, "seat", seat, n)
        if seat not in self._seats:
            self._seats[seat] = derive_rng(self.seed, "seat", seat)
        return self._seats[seat]


def play_game(players: Sequence[Player], seed: int | None = None,
              rules: CribbageRules | None = None, state: CribbageState | None = None,
              on_events: Callable[[list[Event]], None] | None = None,
              resumable: bool = True, itemize: bool = True) -> CribbageState:
    """Play a game of cribbage to the end between computer ``players`` (one per seat).

    Args:
        players: one player per seat.
        seed: every chance outcome and every player's random choice flows from it
            (default: the seed of ``state``).
        rules: the variant (default six-card); ignored when ``state`` is given.
        state: continue this game instead of starting a new one.
        on_events: called with the events of each action.
        resumable: see :class:`GameRng`.
        itemize: itemise each show in its events (off: totals only, faster).

    Returns:
        The final state (its ``result`` says who won).
    """
    s = state if state is not None else CribbageState(rules, seed=seed, itemize=itemize)
    rng = GameRng(seed if seed is not None else s.seed, resumable)
    # Players that choose among the card plays and discards without looking at the table
    # (the random player) say so with a ``choose_blind(legal_actions, rng)`` method: the
    # runner then builds no view for those choices (same choice, same draws).
    blind: list[Callable[[Sequence[Action], random.Random], Action] | None] = [
        getattr(p, "choose_blind", None) for p in players]
    while not s.is_terminal():
        n = len(s._history)
        seat = s.current_player
        if seat == CHANCE:
            events = s._apply_checked(s.sample_chance(rng.chance(n)))
        else:
            legal = s.legal_actions()
            quick = blind[seat]
            if quick is not None and not s.manual_count and \
                    (s.phase == Phase.PLAY or s.phase == Phase.DISCARD):
                action = quick(legal, rng.player(seat, n))
            else:
                action = players[seat].choose(s.view(seat), legal, rng.player(seat, n))
            # An action from this state's legal list (the very object) needs no second check.
            known = False
            for a in legal:
                if a is action:
                    known = True
                    break
            events = s._apply_checked(action) if known else s.apply(action)
        if on_events is not None:
            on_events(events)
    return s
