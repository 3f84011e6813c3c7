"""The phases of an écarté deal (``shared/laws/ecarte.md`` §0) and the steps of a
rectification."""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

__all__ = ["Phase", "RectifyStep", "StepKind"]


class Phase(StrEnum):
    """The phases of an écarté game (``shared/laws/ecarte.md`` §0); the framework's own
    (:class:`~hoyle.engine.state.FramePhase`) among them. A phase is a ``str``.

    >>> Phase.PROPOSAL == "proposal"
    True
    """

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


class StepKind(StrEnum):
    """A rectification step (ECARTE-R-9, CLUB-20, OH-13): a short hand completed from the
    stock (``COMPLETE``), a surplus drawn at random (``DRAW_SURPLUS``) or laid out by its
    holder (``LAY_OUT``)."""

    COMPLETE = "complete"
    DRAW_SURPLUS = "draw_surplus"
    LAY_OUT = "lay_out"


class RectifyStep(NamedTuple):
    """One step of a rectification: its kind, the seat whose hand it concerns and how
    many cards."""

    kind: StepKind
    seat: int
    cards: int
