"""The score-aware expert: the expert (:class:`~hoyle.cribbage.players.expert.ExpertPlayer`,
kept as it is under its own name, the fixed baseline) but, near the end of a two-hand
six-card game, laying away for the game rather than for points.

When either side is :data:`~hoyle.cribbage.review.NEAR` (25) points or fewer short of the
game before the deal, each way to lay away is valued by the estimated chance of winning
the game (:func:`hoyle.cribbage.advice.endgame.discard_win_chances`: the kept hand's show
over the 46 starters, the crib and the pegging at their averages, the laws' order of
counting, the win table beyond the deal), ties broken by the expert's points. Far from the
end, and in the play, it is the expert: the play already lays a card that pegs out
(CRIB-R-11) at once. Every draw comes from ``rng``, as the expert's.
"""

from __future__ import annotations

from hoyle.cards import Card
from hoyle.cribbage.advice.endgame import discard_win_chances
from hoyle.cribbage.advice.wintable import win_table
from hoyle.cribbage.players.expert import ExpertPlayer
from hoyle.cribbage.state import CribbageView

__all__ = ["AwareExpertPlayer", "NEAR"]

NEAR = 25
"""A side this many points or fewer short of the game: the discard is for the game."""


class AwareExpertPlayer(ExpertPlayer):
    """The score-aware expert (see the module docstring); the expert's arguments."""

    name = "aware"

    def _discard(self, view: CribbageView) -> tuple[Card, ...]:
        if view.players != 2 or len(view.hand) != 6 or view.target != 121 or \
                min(view.target - s for s in view.scores) > NEAR:
            return super()._discard(view)
        chances = discard_win_chances(view, win_table("six-card"))
        worth = self.discard_values(view)
        best = max(chances, key=lambda d: (round(chances[d], 9), worth[d]))
        return tuple(sorted(best))
