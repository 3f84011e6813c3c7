"""Écarté fixes from review: the stand penalty needs a stand without proposing
(ECARTE-R-15, HGIE-21), and option words that are also verbs are read as choices."""

from __future__ import annotations

import pytest

from hoyle.cli.ecarte_referee import parse_table_input
from hoyle.ecarte.laws import get_code
from hoyle.ecarte.state import EcarteState

# Seat 0 (A) cuts KH, seat 1 (B) cuts 7C: the higher card deals, so A deals and B is the
# elder hand. B proposes, A accepts; B lays out 7S 8S and draws 7D 8D; A takes none; B then
# stands (after proposing). The tricks: B leads 7H... B holds hearts 7 8 9 and diamonds.
LINES = ["kh", "7c", "32 7h 8h 9h 7s 8s kd qd jd ad td", "tc", "propose", "accept",
         "discard 7s 8s", "7d 8d", "discard", "stand",
         "7h", "td", "7d", "kd", "qd", "8d", "jd", "8h", "ad", "9h"]


@pytest.mark.parametrize("code", ["oh", "club"])
def test_ECARTE_R_15_stand_after_a_proposal_carries_no_penalty(code: str) -> None:
    s = EcarteState(laws=get_code(code), referee=True)
    for line in LINES:
        s.apply(parse_table_input(s, line))
    # The dealer (A) won the point after B stood having proposed: 1, not 2, under both
    # codes (the penalty is for standing without proposing).
    assert s.scores[0] == 1 and s.scores[1] == 0
