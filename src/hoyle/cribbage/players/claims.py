"""What every computer player does the same way: claim exactly the points due, take his
heels in time, and take the offered remedy when the adversary overscores.

Source: EW-ix (take him down), EW-x (claim all that is due), EW-xii (heels before the
dealer's first card).
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.cribbage.scoring import play_points, score_show
from hoyle.cribbage.state import CribbageView, Phase
from hoyle.errors import HoyleError
from hoyle.engine.action import Action

__all__ = ["true_claim", "routine_action", "PREFERRED_OPTIONS"]

PREFERRED_OPTIONS = ("takedown", "muggins")
"""Decision options a computer player takes when offered (they only ever gain it points)."""


def true_claim(view: CribbageView) -> int:
    """The points due for the claim ``view.claim``, from what the seat can see.

    Raises:
        HoyleError: the view is not at a claim.
    """
    if view.claim == "play":
        return play_points(view.count_cards)
    if view.claim == "go":
        return 1
    if view.claim in ("hand", "crib") and view.shown and view.starter is not None:
        _, what, cards = view.shown[-1]
        return score_show(cards, view.starter, crib=what == "crib",
                          crib_flush_rule=view.crib_flush_rule).total
    raise HoyleError("the view is not at a claim")


def routine_action(view: CribbageView, legal: Sequence[Action]) -> Action | None:
    """The action for a routine moment (a claim, his heels, a decision), or ``None`` when
    the moment needs the player's own judgement (discard, play)."""
    if view.phase == Phase.CLAIM:
        return Action("CLAIM", n=true_claim(view))
    if view.phase == Phase.DECISION:
        for word in PREFERRED_OPTIONS:
            for a in legal:
                if a.word == word:
                    return a
        return legal[0]
    if view.heels_due:
        for a in legal:
            if a.verb == "HEELS":
                return a
    return None
