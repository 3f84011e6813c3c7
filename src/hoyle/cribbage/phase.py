"""The phases of a cribbage deal (``shared/laws/cribbage.md`` §0)."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase"]


class Phase(StrEnum):
    """The phases of a cribbage game (``shared/laws/cribbage.md`` §0); the framework's
    own (:class:`~hoyle.engine.state.FramePhase`) among them. A phase is a ``str``.

    >>> Phase.PLAY == "play", Phase("claim") is Phase.CLAIM
    (True, True)
    """

    CUT_FOR_DEAL = "cut_for_deal"
    DEAL = "deal"
    DISCARD = "discard"
    STARTER = "starter"
    """The starter is to be cut and turned."""
    PLAY = "play"
    CLAIM = "claim"
    """A seat is to claim (or confirm) its points (manual counting)."""
    DECISION = "decision"
    GAME_OVER = "game_over"
