"""The exception hierarchy of hoyle.

Every error the library raises on bad input is a :class:`HoyleError`; each is also a
``ValueError`` so that callers who only know the standard library can still catch it.
A failed operation never changes the state it was applied to.
"""

from __future__ import annotations

__all__ = [
    "short_repr",
    "UndoRefused",
    "ParameterError",
    "HoyleError",
    "CardParseError",
    "DuplicateCardError",
    "IllegalAction",
    "RecordError",
    "RecordsFileError",
    "SeatError",
    "ResampleError",
]


def short_repr(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, for an error that quotes what it was
    given (a message never quotes a huge value back).

    >>> short_repr("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    """
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


class HoyleError(ValueError):
    """Base class of every error hoyle raises on bad input."""


class CardParseError(HoyleError):
    """A card's text could not be read (e.g. ``"1X"``). The message quotes the text."""

    def __init__(self, text: str, why: str = "") -> None:
        self.text = text
        shown = text if len(text) <= 24 else f"{text[:20]}... ({len(text):,} characters)"
        msg = f"cannot read card {shown!r}"
        if why:
            msg += f": {why}"
        else:
            msg += " (expected rank then suit, e.g. 'TH', '10H', '5c', '10♥')"
        super().__init__(msg)


class DuplicateCardError(HoyleError):
    """The same card appears twice where distinct cards are required."""


class IllegalAction(HoyleError):
    """An action that is not legal in the current state. The state is left untouched."""


class UndoRefused(HoyleError):
    """The coach's ``undo`` refused (``hoyle.interface.play.PlayDriver.undo``): nothing to
    undo, undo not allowed in this game, or a card turned since the person's last
    decision. The game is left as it was."""


class ParameterError(HoyleError):
    """An unknown parameter, or a value it does not take: the message names the parameter
    and the values (or range) allowed.

    Attributes:
        name: the parameter asked for.
    """

    def __init__(self, message: str, name: str = "") -> None:
        super().__init__(message)
        self.name = name


class RecordError(HoyleError):
    """A game record is corrupt or has been tampered with.

    ``index`` is the 0-based position of the first bad action (``None`` when the header is
    at fault) and ``action`` its text.
    """

    def __init__(self, message: str, index: int | None = None, action: str | None = None) -> None:
        self.index = index
        self.action = action
        if index is not None:
            message = f"action {index + 1} {action!r}: {message}"
        super().__init__(message)


class RecordsFileError(RecordError):
    """A file of several records, one a line (JSON Lines, as ``hoyle sim --out`` writes),
    read as one record; ``count`` is how many lines it holds."""

    def __init__(self, message: str, count: int) -> None:
        self.count = count
        super().__init__(message)


class SeatError(HoyleError):
    """A seat that is not a seat of the game (``-1``, a chance node's player, or a number
    past the last seat) was asked for what only a seat may see."""


class ResampleError(HoyleError):
    """No deal is consistent with what a seat has seen (the cards it holds and saw, and the
    public history): nothing can be resampled for it."""
