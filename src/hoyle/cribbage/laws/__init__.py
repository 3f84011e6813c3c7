"""The law codes of cribbage: ``ew`` (Enquire Within, the seed code) and ``acc`` (the
American Cribbage Congress tournament rules).

>>> get_code("ew").title
'The Accepted Laws of Cribbage (Enquire Within Upon Everything, §82)'
>>> get_code("xx")
Traceback (most recent call last):
...
hoyle.errors.HoyleError: unknown law code 'xx' (known: ew, acc)
>>> get_code("acc", muggins="acc").params["muggins"]
'acc'
"""

from __future__ import annotations

from typing import Any

from hoyle.cribbage.laws.acc import ACC
from hoyle.cribbage.laws.ew import EW
from hoyle.cribbage.laws.uncovered import ACC_DEFAULTS, EW_DEFAULTS
from hoyle.engine.laws import LawCode, Report, union_reports
from hoyle.engine.names import by_name

__all__ = ["ABSENT", "CODES", "DETECTED_KINDS", "REPORT_KINDS", "get_code", "EW", "ACC"]

CODES: dict[str, LawCode] = {"ew": EW, "acc": ACC}
"""The cribbage law codes by profile name."""

DETECTED_KINDS: frozenset[str] = frozenset().union(*(c.detected for c in CODES.values()))
"""Irregularities the engine detects itself (the rest are reported with ``REPORT``): a
read-only view of the codes' :class:`~hoyle.engine.laws.Report` declarations."""

REPORT_KINDS: dict[str, Report] = union_reports(tuple(CODES.values()))
"""What the table may report in referee mode under any cribbage code (the referee's menu
under every code): kind -> its :class:`~hoyle.engine.laws.Report`. A kind the chosen code
does not rule gets "not covered by CODE" (``uncovered`` defaults where the catalogue has
one)."""

ABSENT: dict[str, Any] = {
    "muggins": "off",  # no muggins without ACC-10's (EW-x: a point not claimed is lost)
    "match_play": False,  # ACC-8.11's match play is ACC's alone
}
"""The engine's value of a parameter for a code that does not have it (read by
:meth:`~hoyle.engine.laws.LawCode.value`): the one place these defaults are written."""

for _code in CODES.values():
    _code.game_reports = REPORT_KINDS
    _code.absent = ABSENT
EW.uncovered.update(EW_DEFAULTS)
ACC.uncovered.update(ACC_DEFAULTS)


def get_code(name: str, **params: Any) -> LawCode:
    """The law code named ``name`` (case-insensitive), with ``params`` changed.

    Raises:
        HoyleError: no such code, or a parameter it does not have.
    """
    code = by_name(CODES, name, "law code", fold_case=True)
    return code.with_params(**params) if params else code
