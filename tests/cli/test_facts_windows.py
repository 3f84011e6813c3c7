"""Facts close only the windows the law ties to them (issue 33, point 3).

A fact of the table (écarté: ``report elder_looked``, the elder hand has looked at his
cards; cribbage: ``fact dealt_by|dealt_first|cut_by|led_by SEAT``) is audited against every
report kind, at each point of the deal where the kind may be reported: the fact changes a
ruling only where the law says that act closes it.

- The elder hand's look closes: CLUB-9 (a misdeal "found before the turn-up and before the
  elder hand looks"), CLUB-11 (several cards turned: "before looking at his hand" he
  chooses; after, a fresh deal is compulsory), CLUB-13 (his exposed card: "before looking at
  his hand"), OH-7 (a misdeal "before either player has seen his hand"), HGIE-11 (the new
  deal "if he has not seen his hand"), and so the classification of a wrong count found
  before the turn-up (CLUB-9 / OH-7 while no one has looked).
- It does not close OH-5: the elder hand's choice of a new deal when the dealer showed one
  of his cards is made "when the deal is complete, before the proposal": his first act
  closes it, not his look. (Before this issue the look closed it.)
- Cribbage's facts, entered as the regular course (the dealer dealt, the pone was dealt to
  first and cut, the pone led), change no ruling of any kind.

The deal (tests/helpers/ecarte.py): Al (seat 0) cuts 9C, Bo (seat 1) KD: Bo deals; Al is
the elder hand with KS QS JS 7H 7D, Bo holds AS 9S KH QH KD.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hoyle.cribbage.console import parse_table_input
from hoyle.cribbage.laws import get_code
from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import Action

from helpers import ecarte as E
from helpers.referee import ecarte_referee

def referee(code: str, lines: str, save: Path) -> str:
    return ecarte_referee(code, lines, save)


def test_OH_5_the_elder_hands_look_leaves_his_choice_open_his_first_act_closes_it(
        tmp_path: Path) -> None:
    # the dealer showed one of Al's cards; Al has looked at his hand: he still chooses
    out = referee("oh", "report elder_looked\nreport exposed_elder_card\nnew_deal\n",
                  tmp_path / "a.json")
    assert ("Ruling OH-5: the dealer turned up his adversary's card: Al may let the deal "
            "stand or call a new one") in out
    assert "Bo deals" in out.split("new_deal")[-1]  # a new deal by the same dealer
    # once Al has proposed, the choice is gone
    out = referee("oh", "8s\npropose\nreport exposed_elder_card\n", tmp_path / "b.json")
    assert ("Ruling OH-5: the choice was to be made when the deal was complete, before the "
            "proposal: the deal stands") in out


def test_CLUB_13_the_elder_hands_look_closes_his_claim(tmp_path: Path) -> None:
    out = referee("club", "report elder_looked\nreport exposed_elder_card\n",
                  tmp_path / "a.json")
    assert "Ruling CLUB-13: the elder hand has looked at his hand: the deal stands" in out


# -- every fact against every window ------------------------------------------------------

LOOK_CLOSES = {  # (code, point) -> the report kinds whose ruling the elder's look changes
    ("oh", "before the turn-up"): {"misdeal", "too_many"},
    ("oh", "after the turn-up"): {"misdeal", "several_turned"},
    ("club", "before the turn-up"): {"misdeal", "too_many", "exposed_elder_card"},
    ("club", "after the turn-up"): {"several_turned", "exposed_elder_card"},
}


def rulings(events: list[Any]) -> list[tuple[str, str, list[str]]]:
    return [(e.source, e.reason, [str(o.action) for o in e.ruling.decision.options]
             if e.ruling.decision else []) for e in events if e.kind == "ruling"]


def reports(state: Any) -> list[Action]:
    out = []
    for kind, spec in sorted(state.laws.game_reports.items()):
        if not spec.reportable or kind == "elder_looked":
            continue
        for seat in ("", " 0", " 1"):
            for cards in ("", " 9C", " 9C 8C"):
                out.append(Action.parse(f"REPORT {kind}{seat}{cards}"))
    return out


@pytest.mark.parametrize("code,point", sorted(LOOK_CLOSES))
def test_CLUB_9_11_13_OH_5_7_HGIE_11_the_elder_hands_look_against_every_window(
        code: str, point: str) -> None:
    def make() -> Any:
        return E.at_turn(code) if point == "before the turn-up" else E.at_proposal(code)
    changed, tried = set(), 0
    for action in reports(make()):
        before, after = make(), make()
        E.act(after, "REPORT elder_looked")
        if before.check(action) is not None:
            continue
        assert after.check(action) is None, action  # the look refuses no report
        tried += 1
        if rulings(before.apply(action)) != rulings(after.apply(action)):
            changed.add(action.word)
    assert tried > 40
    assert changed == LOOK_CLOSES[code, point]


CRIB_FACTS = ("FACT dealt_by 1", "FACT dealt_first 0", "FACT cut_by 0")


@pytest.mark.parametrize("code", ["ew", "acc"])
@pytest.mark.parametrize("fact", CRIB_FACTS + ("FACT led_by 0",))
def test_cribbage_facts_of_the_regular_course_close_no_window(code: str, fact: str) -> None:
    # Alice (seat 0) cuts 9C, Bob 2D: Bob deals; at the lay-away, or at the lead (led_by)
    lines = ["9c", "2d", "5H 5C 5S JD 2C 3C 5D TH 4H 6D QC KD"]
    if fact.startswith("FACT led_by"):
        lines += ["2c 3c", "qc kd", "9s"]
    elif fact.startswith("FACT cut_by"):
        lines = lines[:2]  # the cut before the deal

    def make() -> CribbageState:
        s = CribbageState(laws=get_code(code), referee=True, start_scores=(40, 40))
        for line in lines:
            s.apply(parse_table_input(s, line, ("Alice", "Bob")))
        return s
    tried = 0
    for kind, spec in sorted(make().laws.game_reports.items()):  # type: ignore[union-attr]
        if not spec.reportable:
            continue
        for seat in ("", " 0", " 1"):
            action = Action.parse(f"REPORT {kind}{seat}")
            before, after = make(), make()
            after.apply(Action.parse(fact))
            if before.check(action) is not None:
                continue
            tried += 1
            assert rulings(before.apply(action)) == rulings(after.apply(action)), action
    assert tried > 40
