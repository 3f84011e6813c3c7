"""The greedy player: best expected hand at the discard, most points now in the play.

Discard: keeps the four cards whose show value, averaged exactly over the 46 possible
starters, is highest (the crib is ignored). Play: takes the most points for the card laid;
among equals it avoids leaving the count at 5 or 21 (where any tenth card makes 15 or 31
for the opponent), then keeps low cards back (plays the highest card); remaining ties are
broken by ``rng``.

The published discard example (``shared/figures.md`` §3, cribbageforum.com): from
A-2-7-9-J-Q, keeping A-2-J-Q averages 131/46 points and A-2-7-9 110/46:

>>> from hoyle.cards import parse_cards
>>> values = dict(keep_values(parse_cards("AH 2C 7D 9S JH QC")))
>>> round(values[parse_cards("AH 2C JH QC")] * 46), round(values[parse_cards("AH 2C 7D 9S")] * 46)
(131, 110)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

from hoyle.cards import Card
from hoyle.cribbage.scoring import hand_ev, pip_value, play_points
from hoyle.cribbage.players.claims import routine_action
from hoyle.cribbage.state import CribbageView, Phase
from hoyle.engine.action import Action

__all__ = ["GreedyPlayer", "keep_values", "best_keep"]


def keep_values(cards: Sequence[Card], keep: int = 4) -> list[tuple[tuple[Card, ...], float]]:
    """Every way to keep ``keep`` of ``cards`` with its expected show value in points,
    averaged exactly over every possible starter (46 for a six-card hand), best first.
    The crib is not counted. Ties keep the order of ``itertools.combinations``."""
    out = []
    for kept in combinations(cards, keep):
        out.append((kept, hand_ev(kept, [c for c in cards if c not in kept])))
    out.sort(key=lambda kv: -kv[1])
    return out


def best_keep(cards: Sequence[Card], keep: int = 4) -> tuple[tuple[Card, ...], float]:
    """The keep with the highest expected show value, and that value in points."""
    return keep_values(cards, keep)[0]


class GreedyPlayer:
    """The greedy baseline (see the module docstring)."""

    name = "greedy"

    def choose(self, view: CribbageView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        """Discard for the best expected hand; in the play, the most points now. Claims
        and decisions as :func:`~hoyle.cribbage.players.claims.routine_action`."""
        if view.manual_count or view.phase == Phase.DECISION:
            routine = routine_action(view, legal_actions)
            if routine is not None:
                return routine
        first = legal_actions[0]
        if first.verb == "DISCARD":
            keep = len(view.hand) - len(first.cards)
            values = keep_values(view.hand, keep)
            best = values[0][1]
            choices = [k for k, v in values if v >= best - 1e-9]
            kept = set(choices[rng.randrange(len(choices))])
            return Action("DISCARD", tuple(sorted(c for c in view.hand if c not in kept)))
        if first.verb != "PLAY":
            return first  # GO: the only legal action
        best_key: tuple[int, int, int] | None = None
        best_moves: list[Action] = []
        for a in legal_actions:
            if a.verb != "PLAY":
                continue
            card = a.cards[0]
            count = view.count + pip_value(card)
            pts = play_points([*view.count_cards, card])
            key = (pts, 0 if count in (5, 21) else 1, pip_value(card))
            if best_key is None or key > best_key:
                best_key, best_moves = key, [a]
            elif key == best_key:
                best_moves.append(a)
        return best_moves[rng.randrange(len(best_moves))]
