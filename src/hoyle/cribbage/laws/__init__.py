"""The law codes of cribbage: ``ew`` (Enquire Within, the seed code); ``acc`` to come.

>>> get_code("ew").title
'The Accepted Laws of Cribbage (Enquire Within Upon Everything, §82)'
>>> get_code("xx")
Traceback (most recent call last):
...
hoyle.errors.HoyleError: unknown law code 'xx' (known: ew)
"""

from __future__ import annotations

from hoyle.cribbage.laws.ew import EW
from hoyle.errors import HoyleError
from hoyle.table.laws import LawCode

__all__ = ["CODES", "get_code", "EW"]

CODES: dict[str, LawCode] = {"ew": EW}
"""The cribbage law codes by profile name."""


def get_code(name: str) -> LawCode:
    """The law code named ``name`` (case-insensitive).

    Raises:
        HoyleError: no such code.
    """
    try:
        return CODES[name.lower()]
    except KeyError:
        raise HoyleError(f"unknown law code {name!r} (known: {', '.join(CODES)})") from None
