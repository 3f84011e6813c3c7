"""The law codes of écarté: ``oh`` (old Hoyle's laws 5-12, completed by *Hoyle's Games
Improved and Enlarged*) and ``club`` (the Club Code, Cavendish 1878).

>>> get_code("club").name, get_code("OH").name
('club', 'oh')
>>> get_code("ew")
Traceback (most recent call last):
...
hoyle.errors.HoyleError: unknown écarté law code 'ew' (known: oh, club)
>>> get_code("oh", penalty_level="hgie").params["penalty_level"]
'hgie'
"""

from __future__ import annotations

from typing import Any

from hoyle.ecarte.laws.club import CLUB
from hoyle.ecarte.laws.oh import OH
from hoyle.engine.laws import LawCode
from hoyle.engine.names import by_name

__all__ = ["CODES", "get_code", "OH", "CLUB"]

CODES: dict[str, LawCode] = {"oh": OH, "club": CLUB}
"""The écarté law codes by profile name."""


def get_code(name: str, **params: Any) -> LawCode:
    """The écarté law code named ``name`` (case-insensitive), with ``params`` changed.

    Raises:
        HoyleError: no such code, or a parameter it does not have.
    """
    code = by_name(CODES, name, "écarté law code", fold_case=True)
    return code.with_params(**params) if params else code
