"""A report with no kind asks for one, and a report naming cards its kind does not take is
refused (bad input: one clear error, the state as it was). Found by the fresh tryout of
issue 33: a bare ``report`` said "unknown irregularity ''", écarté's list left out the fact
``elder_looked`` its menu shows, and ``report touched_pack 0 AS AS`` recorded two cards the
kind does not use."""

from __future__ import annotations

import pytest

from hoyle.cribbage.laws import get_code
from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import Action
from hoyle.errors import IllegalAction

from helpers import ecarte as E
from helpers.cribbage import snapshot


def test_a_bare_report_asks_for_the_kind_and_cards_a_kind_does_not_take_are_refused() -> None:
    s = CribbageState(laws=get_code("ew"), referee=True)
    for a in ("CUT 9C", "CUT 2D"):
        s.apply(Action.parse(a))
    before = snapshot(s)
    with pytest.raises(IllegalAction, match=r"^report what\? name the kind \(menu lists "
                                            r"them\): bystander_interference, "):
        s.apply(Action("REPORT"))
    with pytest.raises(IllegalAction, match="^REPORT touched_pack names no card$"):
        s.apply(Action.parse("REPORT touched_pack 0 AS AS"))
    assert snapshot(s) == before and len(s.history) == 2


def test_ecarte_a_bare_report_lists_the_facts_too() -> None:
    s = E.at_turn("club")
    with pytest.raises(IllegalAction, match=r"^report what\?.*\belder_looked\b"):
        s.apply(Action("REPORT"))
