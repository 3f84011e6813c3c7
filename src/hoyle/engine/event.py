"""Events: what an action caused, as immutable records a seat sees through :meth:`Event.seen_by`.

>>> e = Event("deal", 0, cards=(), hidden=True)
>>> e.seen_by(1) == e
True
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

from hoyle.cards import Card
from hoyle.engine.action import ScoreItem

if TYPE_CHECKING:
    from hoyle.engine.laws import Ruling

__all__ = ["Event", "EventKind", "event"]


class EventKind(StrEnum):
    """The kinds of event the framework (``engine.state.BaseState``) emits for every game;
    each game's ``Kind`` (``hoyle.<game>.events``) repeats them beside its own. A kind is a
    ``str``: an event compares and serialises as its word.

    >>> EventKind.NEW_DEAL == "new_deal"
    True
    """

    CUT = "cut"
    """A card cut for deal (EW-i, ECARTE-R-2)."""
    CUT_TIE = "cut_tie"
    """Equal cuts: cut again."""
    DEALER = "dealer"
    """The dealer is chosen by the cut."""
    NEW_DEAL = "new_deal"
    """The deal passes (or a void deal is dealt again)."""
    GAME_OVER = "game_over"
    """A side has reached the target, or a law ends the game."""
    RULING = "ruling"
    """A law's ruling on an irregularity."""
    CHOICE = "choice"
    """A seat takes one of a ruling's options."""
    REVISED = "revised"
    """Earlier rulings of the deal are ruled again because a report the law code rules
    before them came in after them (:meth:`hoyle.engine.laws.LawCode.rule_first`)."""


class Event(NamedTuple):
    """Something an action caused (an immutable record; a named tuple, cheap to create).

    Attributes:
        kind: what happened: an :class:`EventKind` of the framework or a kind of the
            game's (``hoyle.<game>.events.Kind``), a ``str`` either way.
        seat: the seat concerned (``None`` for table events).
        cards: the cards concerned.
        points: points scored (for ``score`` events).
        items: the itemised combinations behind ``points`` or behind a ``show``.
        reason: a short human text (``"fifteen two"``, ``"his heels"``).
        source: the rule or law ID this comes from (``"CRIB-R-9"``, ``"EW-xii"``).
        total: the seat's or side's score after this event (``score`` events).
        hidden: the ``cards`` are private to ``seat`` (see :meth:`seen_by`).
        count: the running count of the play (cribbage: after a card, a go, a retraction),
            in pips.
        ruling: the law's ruling, for ``ruling`` events.
        n_cards: how many cards the event concerns (a lay-away, a discard, a draw), for
            those who may know the number but not the cards.
        tricks: the tricks ``seat`` has won so far in the deal (écarté).
        proposals: the proposals made so far in the deal (écarté: a ``propose`` event
            carries its own number, a ``stand`` 0 when the elder stood at once).

    Each field means one thing for every kind of event; a field an event does not concern
    is left at its default.
    """

    kind: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    points: int = 0
    items: tuple[ScoreItem, ...] = ()
    reason: str = ""
    source: str = ""
    total: int | None = None
    hidden: bool = False
    count: int | None = None  # type: ignore[assignment]  # shadows tuple.count on purpose
    ruling: Ruling | None = None
    n_cards: int | None = None
    tricks: int | None = None
    proposals: int | None = None

    def seen_by(self, seat: int | None) -> Event:
        """This event as ``seat`` may see it (``None``: a spectator): hidden cards of
        another seat are removed."""
        if self.hidden and seat != self.seat and self.cards:
            return self._replace(cards=())
        return self


def event(kind: str, seat: int | None = None, cards: tuple[Card, ...] = (), points: int = 0,
          items: tuple[ScoreItem, ...] = (), reason: str = "", source: str = "",
          total: int | None = None, hidden: bool = False, count: int | None = None,
          ruling: Ruling | None = None, n_cards: int | None = None,
          tricks: int | None = None, proposals: int | None = None) -> Event:
    """``Event(...)`` by a faster path, for the engine's hot loops: the same arguments and
    the same value (a named tuple's own constructor is a Python-level function; this builds
    the tuple directly, which is much cheaper when compiled, see :mod:`hoyle._accel`).

    >>> event("play", 0, count=5) == Event("play", 0, count=5)
    True
    """
    return tuple.__new__(Event, (kind, seat, cards, points, items, reason, source, total,
                                 hidden, count, ruling, n_cards, tricks, proposals))
