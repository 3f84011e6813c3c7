"""The kinds of event of cribbage: what :attr:`hoyle.engine.event.Event.kind` may be.

Every kind has a line of text (``hoyle.cribbage.text``); ``tests/test_catalogue.py`` checks it.
"""

from __future__ import annotations

from enum import StrEnum

from hoyle.engine.event import EventKind

__all__ = ["Kind"]


class Kind(StrEnum):
    """Every kind of event cribbage emits (``Event.kind``); each is a ``str``, so an event
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
    COUNT_RESET = "count_reset"
    """The count goes back to 0 after a go or 31."""
    CRIB_FROM_STOCK = "crib_from_stock"
    """The crib's card from the stock (three-hand)."""
    DEAD = "dead"
    """A card declared dead (ACC-7.3)."""
    DEAL = "deal"
    """The cards are dealt (hidden: each seat sees its own)."""
    DISCARD = "discard"
    """Cards laid away (cribbage: to the crib; écarté: in the exchange)."""
    GO = "go"
    """A seat says go."""
    HEELS_LOST = "heels_lost"
    """Two for his heels not taken in time (EW-xii)."""
    PLAY = "play"
    """A card played."""
    SCORE = "score"
    """Points scored (or taken down); ``items`` say what for."""
    SHOW = "show"
    """A hand or the crib counted in the show."""
    STARTER = "starter"
    """The starter turned up."""
