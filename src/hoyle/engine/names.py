"""Looking up a named thing (a law code, a player, a variant) with one clear error.

>>> by_name({"ew": 1, "acc": 2}, "ACC", "law code", fold_case=True)
2
>>> by_name({"ew": 1, "acc": 2}, "xx", "law code")
Traceback (most recent call last):
...
hoyle.errors.HoyleError: unknown law code 'xx' (known: ew, acc)
>>> by_name({"ew": 1}, None, "law code")
Traceback (most recent call last):
...
hoyle.errors.HoyleError: a law code is named by a string, not None
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from hoyle.errors import HoyleError

__all__ = ["by_name"]

T = TypeVar("T")


def by_name(table: Mapping[str, T], name: str, what: str, fold_case: bool = False) -> T:
    """``table[name]`` (``name`` lower-cased first when ``fold_case``).

    Raises:
        HoyleError: no such name (or not a string); the message says ``what`` was asked
            for and lists the known names in the table's order.
    """
    if not isinstance(name, str):
        raise HoyleError(f"a {what} is named by a string, not {name!r}")
    try:
        return table[name.lower() if fold_case else name]
    except KeyError:
        raise HoyleError(f"unknown {what} {name!r} (known: {', '.join(table)})") from None
