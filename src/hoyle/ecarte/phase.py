"""The phases of an écarté deal (``shared/laws/ecarte.md`` §0)."""

from __future__ import annotations

__all__ = ["Phase"]


class Phase:
    """Phase names (``shared/laws/ecarte.md`` §0)."""

    CUT_FOR_DEAL = "cut_for_deal"
    DEAL = "deal"
    TURN_UP = "turn_up"
    PROPOSAL = "proposal"
    ANSWER = "answer"
    DISCARD = "discard"
    DRAW = "draw"
    PLAY = "play"
    RECTIFY = "rectify"
    DECISION = "decision"
    GAME_OVER = "game_over"
