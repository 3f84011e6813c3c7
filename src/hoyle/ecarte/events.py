"""The kinds of event of écarté: what :attr:`hoyle.engine.event.Event.kind` may be.

Every kind has a line of text (``hoyle.ecarte.text``); ``tests/test_catalogue.py`` checks it.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Kind"]


class Kind(StrEnum):
    """The kinds of event écarté's own rules and laws emit (``Event.kind``), beside the
    framework's (:class:`hoyle.engine.event.EventKind`: the cut, the dealer, a new deal, a
    ruling, a choice, the game over); each is a ``str``, so an event compares and
    serialises as its word."""

    ACCEPT = "accept"
    """The dealer accepts a proposal."""
    DEAL = "deal"
    """The cards are dealt (hidden: each seat sees its own)."""
    DEAL_STANDS = "deal_stands"
    """A deal made out of turn stands: who dealt it is its dealer (CLUB-14, OH-6)."""
    FACT = "fact"
    """A fact of the table reported (the elder hand has looked at his cards)."""
    DISCARD = "discard"
    """Cards laid away (cribbage: to the crib; écarté: in the exchange)."""
    DRAW = "draw"
    """Cards drawn from the talon."""
    HAND_OVER = "hand_over"
    """The hand is over: its tricks counted."""
    IRREGULAR_PLAY = "irregular_play"
    """A card played against the laws of play (referee mode)."""
    KING = "king"
    """The king of trumps announced."""
    KING_LOST = "king_lost"
    """The king may no longer be marked."""
    PLAY = "play"
    """A card played."""
    PLAY_STARTS = "play_starts"
    """The play of the cards begins."""
    PROPOSE = "propose"
    """The elder hand proposes."""
    REFUSE = "refuse"
    """The dealer refuses a proposal."""
    REPLAY = "replay"
    """The hand is played again."""
    REPORT = "report"
    """The table reports an irregularity."""
    RESTORE = "restore"
    """Cards go back to their hands."""
    SCORE = "score"
    """Points scored (or taken down); ``items`` say what for."""
    SET_ASIDE = "set_aside"
    """Cards set aside, face down."""
    STAND = "stand"
    """The elder hand stands (plays without proposing)."""
    STOCK_OUT = "stock_out"
    """The talon cannot supply the cards asked for."""
    TAKE_BACK = "take_back"
    """A card goes back to its player."""
    TRICK = "trick"
    """A trick is won."""
    TURN_UP = "turn_up"
    """The trump card turned up."""
