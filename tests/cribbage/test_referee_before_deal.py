"""Referee mode before the first dealer is known: only the players' conduct, the pegs and a
short cut for deal may be reported (``hoyle.cribbage.referee.PRE_DEAL_KINDS``); every other
report and a muggins call are refused with one line and change nothing. Before, ACC's
``wrong_count`` dealt again with no dealer and the next prompt crashed, and ``MUGGINS heels``
crashed the state (a stored web action then stopped the server from starting)."""

from __future__ import annotations

import pytest

from hoyle.cribbage.console import CribbageText
from hoyle.cribbage.laws import REPORT_KINDS, get_code
from hoyle.cribbage.referee import PRE_DEAL_KINDS
from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import Action
from hoyle.errors import IllegalAction

KINDS = sorted(k for k, spec in REPORT_KINDS.items() if spec.reportable)


def _report(kind: str) -> Action:
    return Action.parse(f"REPORT {kind} 0" if REPORT_KINDS[kind].seat else f"REPORT {kind}")


@pytest.mark.parametrize("code", ["ew", "acc"])
@pytest.mark.parametrize("cuts", [0, 1])
def test_a_deal_s_report_before_any_deal_is_refused(code: str, cuts: int) -> None:
    for kind in KINDS:
        s = CribbageState(laws=get_code(code), referee=True)
        if cuts:
            s.apply(Action.parse("CUT 5H"))
        before = list(s.history)
        if kind in PRE_DEAL_KINDS:
            s.apply(_report(kind))  # ruled: the conduct of the players, the pegs
        else:
            with pytest.raises(IllegalAction, match="cut for deal first"):
                s.apply(_report(kind))
            assert s.history == before and s.scores == (0, 0)
        # the table goes on: the referee's prompt and the legal actions read the state
        prompt = CribbageText().referee_prompt(s, ["Ann", "Bob"])
        s.legal_actions()
        assert prompt or s.is_terminal()  # (refusing the laws loses the game: EW, ACC)


def test_a_deal_s_report_once_the_dealer_is_known_is_ruled() -> None:
    s = CribbageState(laws=get_code("acc"), referee=True)
    for a in ("CUT 5H", "CUT 9C"):
        s.apply(Action.parse(a))
    assert s.dealer == 0
    events = s.apply(_report("wrong_count"))  # ACC-4.4(a): the same dealer deals again
    assert any(e.kind == "ruling" and e.source == "ACC-4.4(a)" for e in events)
    assert s.dealer == 0 and s.phase == "deal"
    assert "deal" in CribbageText().referee_prompt(s, ["Ann", "Bob"]).lower()


@pytest.mark.parametrize("code", ["ew", "acc"])
def test_muggins_before_any_deal_is_refused(code: str) -> None:
    s = CribbageState(laws=get_code(code), referee=True)
    for text in ("MUGGINS heels 2", "MUGGINS 2"):
        with pytest.raises(IllegalAction, match="cut for deal first"):
            s.apply(Action.parse(text))
    assert s.history == [] and s.scores == (0, 0)
