"""Checks for the computer players' settings: each player refuses its own bad settings when
it is made, with one ValueError that names the setting, what it must be and what it got.

A whole number is an integer (an ``int`` or numpy's, not a ``bool``); a finite number a
real one (an integer, a ``float``, numpy's or a ``Fraction``; not a ``bool``, not NaN or an
infinity, not an integer too big for a float); a switch is ``True`` or ``False``.
"""

from __future__ import annotations

import math
import numbers

__all__ = ["finite", "is_finite", "shown", "switch", "whole"]


def is_finite(value: object) -> bool:
    """Whether ``value`` is a finite real number (an integer or a float, not a bool; an
    integer too big for a float is not)."""
    if not isinstance(value, numbers.Real) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def shown(value: object) -> str:
    """``repr(value)`` for a message, cut to 60 characters (an integer too long to write
    out said by its number of digits)."""
    try:
        text = repr(value)
    except ValueError:  # an int past Python's limit for writing one out
        return f"an integer of about {int(abs(value).bit_length() * 0.30103)} digits"  # type: ignore[arg-type]
    return text if len(text) <= 60 else text[:57] + "..."


def whole(label: str, value: object, least: int) -> None:
    """Refuse ``value`` unless it is a whole number of at least ``least``.

    Raises:
        ValueError: "<label> is a whole number, at least <least>, not <value>".
    """
    if not isinstance(value, numbers.Integral) or isinstance(value, bool) or value < least:
        raise ValueError(f"{label} is a whole number, at least {least}, not {shown(value)}")


def finite(label: str, value: object, unit: str, least: float | None = None) -> None:
    """Refuse ``value`` unless it is a finite number (and at least ``least`` when given);
    ``unit`` names what it counts (points, standard errors) in the message.

    Raises:
        ValueError: "<label> must be a finite number[, at least <least>] (<unit>), not
            <value>".
    """
    if not is_finite(value) or (least is not None and value < least):  # type: ignore[operator]
        bound = "" if least is None else f", at least {least:g}"
        raise ValueError(f"{label} must be a finite number{bound} ({unit}), not {shown(value)}")


def switch(label: str, value: object) -> None:
    """Refuse ``value`` unless it is ``True`` or ``False`` (a setting turned on or off).

    Raises:
        ValueError: "<label> is True or False, not <value>".
    """
    if not isinstance(value, bool):
        raise ValueError(f"{label} is True or False, not {shown(value)}")
