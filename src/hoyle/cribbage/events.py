"""The kinds of event of cribbage: what :attr:`hoyle.engine.event.Event.kind` may be.

Every kind has a line of text (``hoyle.cribbage.text``); ``tests/test_catalogue.py`` checks it.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Kind"]


class Kind(StrEnum):
    """The kinds of event cribbage's own rules and laws emit (``Event.kind``), beside the
    framework's (:class:`hoyle.engine.event.EventKind`: the cut, the dealer, a new deal, a
    ruling, a choice, the game over); each is a ``str``, so an event compares and
    serialises as its word."""

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
    FACT = "fact"
    """A fact of the table entered by the referee (who dealt, cut, led)."""
    GO = "go"
    """A seat says go."""
    HEELS_LOST = "heels_lost"
    """Two for his heels not taken in time (EW-xii)."""
    PLAY = "play"
    """A card played."""
    RETRACTED = "retracted"
    """Cards played since a go taken back to their hands (ACC-7.3)."""
    SWAPPED = "swapped"
    """The dealer's hand and the crib exchanged (ACC-5.2.c)."""
    SCORE = "score"
    """Points scored (or taken down); ``items`` say what for."""
    SHOW = "show"
    """A hand or the crib counted in the show."""
    STARTER = "starter"
    """The starter turned up."""
