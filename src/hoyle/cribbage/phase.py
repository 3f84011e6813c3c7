"""The phases of a cribbage deal (``shared/laws/cribbage.md`` §0)."""

from __future__ import annotations

from typing import Final

__all__ = ["Phase"]


class Phase:
    """Phase names (``shared/laws/cribbage.md`` §0)."""

    CUT_FOR_DEAL: Final = "cut_for_deal"
    DEAL: Final = "deal"
    DISCARD: Final = "discard"
    STARTER: Final = "starter"
    PLAY: Final = "play"
    CLAIM: Final = "claim"
    DECISION: Final = "decision"
    GAME_OVER: Final = "game_over"
