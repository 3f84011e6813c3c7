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
from hoyle.engine.laws import LawCode, Report
from hoyle.engine.names import by_name
from hoyle.errors import HoyleError

__all__ = ["ABSENT", "CODES", "REPORT_WORDS", "get_code", "OH", "CLUB"]

CODES: dict[str, LawCode] = {"oh": OH, "club": CLUB}
"""The écarté law codes by profile name."""


def _report_words() -> dict[str, Report]:
    """The words the table may report under écarté's codes, each with its
    :class:`~hoyle.engine.laws.Report` as the codes declare it (a word must be declared
    alike wherever it is declared)."""
    words: dict[str, Report] = {}
    for code in CODES.values():
        for word, spec in code.reports.items():
            if not spec.reportable:
                continue
            seen = words.setdefault(word, spec)
            if (seen.seat, seen.cards, seen.window, seen.menu_text, seen.classified) != (
                    spec.seat, spec.cards, spec.window, spec.menu_text, spec.classified):
                raise HoyleError(f"report {word!r} is declared differently by the codes")
    return words


REPORT_WORDS: dict[str, Report] = _report_words()
"""What the table may report in referee mode, under any of the game's codes: word -> its
:class:`~hoyle.engine.laws.Report` (a read-only view of the codes' law declarations).
``too_many`` and ``too_few`` (:attr:`~hoyle.engine.laws.Report.classified`) are classified
by the state into the finer kinds the codes rule (``nd_too_many``, ``dealer_took_too_few``,
``nd_played_too_many``, …)."""

ABSENT: dict[str, Any] = {
    "forfeit_semantics": "opponent_scores",  # the Club Code's penalties are points scored
    "lose_the_deal": "pass_deal",  # the Club Code's lost deal passes (CLUB-14, CLUB-18)
    "penalty_level": "oh",  # HGIE-12's heavier penalties belong to the old code
    "turned_king_after_wrong_count": "scores",  # the old code has no CLUB-19
}
"""The engine's value of a parameter for a code that does not have it (read by
:meth:`~hoyle.engine.laws.LawCode.value`): the one place these defaults are written."""

for _code in CODES.values():
    _code.game_reports = REPORT_WORDS
    _code.absent = ABSENT


def get_code(name: str, **params: Any) -> LawCode:
    """The écarté law code named ``name`` (case-insensitive), with ``params`` changed.

    Raises:
        HoyleError: no such code, or a parameter it does not have.
    """
    code = by_name(CODES, name, "écarté law code", fold_case=True)
    return code.with_params(**params) if params else code
