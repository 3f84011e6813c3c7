"""The kinds of event of écarté: what :attr:`hoyle.engine.event.Event.kind` may be.

Every kind has a line of text (``hoyle.ecarte.text``); ``tests/test_catalogue.py`` checks it.
"""

from __future__ import annotations

from enum import StrEnum

from hoyle.engine.event import EventKind

__all__ = ["Kind"]


class Kind(StrEnum):
    """Every kind of event écarté emits (``Event.kind``); each is a ``str``, so an event
    compares and serialises as its word. The framework's own kinds (``engine.event.EventKind``)
    come first."""

    CHOICE = EventKind.CHOICE.value
    """A seat takes one of a ruling's options."""
    CUT = EventKind.CUT.value
    """A card cut for deal (EW-i, ECARTE-R-2)."""
    CUT_TIE = EventKind.CUT_TIE.value
    """Equal cuts: cut again."""
    DEALER = EventKind.DEALER.value
    """The dealer is chosen by the cut."""
    GAME_OVER = EventKind.GAME_OVER.value
    """A side has reached the target, or a law ends the game."""
    NEW_DEAL = EventKind.NEW_DEAL.value
    """The deal passes (or a deal is void and dealt again)."""
    RULING = EventKind.RULING.value
    """A law's ruling on an irregularity."""
    ACCEPT = "accept"
    """The dealer accepts a proposal."""
    DEAL = "deal"
    """The cards are dealt (hidden: each seat sees its own)."""
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
