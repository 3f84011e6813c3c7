"""Checks for the computer players' settings: each player refuses its own bad settings when
it is made, with one ValueError that names the setting, what it must be and what it got.

A whole number is an ``int`` (not a ``bool``); a finite number an ``int`` or ``float`` (not
a ``bool``, not NaN or an infinity, not an int too big for a float).
"""

from __future__ import annotations

import math

__all__ = ["finite", "is_finite", "whole"]


def is_finite(value: object) -> bool:
    """Whether ``value`` is a finite real number (an int or a float, not a bool; an int too
    big for a float is not)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def whole(label: str, value: object, least: int) -> None:
    """Refuse ``value`` unless it is a whole number of at least ``least``.

    Raises:
        ValueError: "<label> is a whole number, at least <least>, not <value>".
    """
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise ValueError(f"{label} is a whole number, at least {least}, not {value!r}")


def finite(label: str, value: object, unit: str, least: float | None = None) -> None:
    """Refuse ``value`` unless it is a finite number (and at least ``least`` when given);
    ``unit`` names what it counts (points, standard errors) in the message.

    Raises:
        ValueError: "<label> must be a finite number[, at least <least>] (<unit>), not
            <value>".
    """
    if not is_finite(value) or (least is not None and value < least):  # type: ignore[operator]
        bound = "" if least is None else f", at least {least:g}"
        raise ValueError(f"{label} must be a finite number{bound} ({unit}), not {value!r}")
