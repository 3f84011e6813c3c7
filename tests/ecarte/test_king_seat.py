"""``KING n`` outside referee mode: the seat to act announces only its own king. Naming the
other seat is refused with one text whether or not that seat holds the king of trumps (so
the refusal tells nothing of its hand), and never scores the king for it; out of turn only
a king on the table may be marked (the one led, CLUB-24; the one turned up, CLUB-22).

Worked from the standard situation (``helpers.ecarte``): spades trumps (TURN 8S); in
``DEAL`` the elder hand (seat 0) holds KS, in ``SWAPPED`` the dealer (seat 1) holds it.
"""

from __future__ import annotations

import pytest
from helpers.ecarte import (CUT, DEAL, DEALER, DEALER_HAND, ELDER, ELDER_HAND, act, new,
                            scores, snapshot)

from hoyle.engine.action import Action
from hoyle.errors import IllegalAction

SWAPPED = f"DEAL 32 {DEALER_HAND} {ELDER_HAND}"


def _elder_to_lead(deal: str, code: str = "club") -> object:
    s = new(code)
    act(s, *CUT, deal, "TURN 8S", "STAND")
    assert (s.phase, s.current_player) == ("play", ELDER)
    return s


def _refusal(s: object, action: Action) -> str:
    before = snapshot(s)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction) as err:
        s.apply(action)  # type: ignore[attr-defined]
    assert snapshot(s) == before  # type: ignore[arg-type]
    return str(err.value)


def test_the_seat_to_act_cannot_name_the_other_seat_and_learns_nothing_of_its_king() -> None:
    holds = _elder_to_lead(SWAPPED)  # the dealer holds KS, in his window (no card played)
    lacks = _elder_to_lead(DEAL)  # the elder holds it
    said = {_refusal(s, Action("KING", n=DEALER)) for s in (holds, lacks)}
    assert len(said) == 1  # the same words, whoever holds the king
    assert "a seat announces its own king at its turn" in said.pop()
    assert scores(holds) == scores(lacks) == (0, 0)  # nothing scored for the dealer
    # The elder hand's own king, at his turn, scores for him (ECARTE-R-7).
    act(lacks, "KING")
    assert scores(lacks) == (1, 0)
    # The dealer announces his own at his turn (after the lead, before his first card).
    act(holds, "PLAY AS")
    assert holds.current_player == DEALER  # type: ignore[attr-defined]
    act(holds, "KING 1")
    assert scores(holds) == (0, 1)


def test_out_of_turn_only_a_king_on_the_table_is_marked() -> None:
    # CLUB-24: the elder hand leads KS and announces it before the dealer plays to it.
    s = _elder_to_lead(DEAL)
    act(s, "PLAY KS", "KING 0")
    assert scores(s) == (1, 0)
    # Under the old Hoyle laws there is no such window: too late (the king is on the table:
    # the refusal tells only what all see).
    s = _elder_to_lead(DEAL, code="oh")
    act(s, "PLAY KS")
    assert "too late" in _refusal(s, Action("KING", n=ELDER))
    # Out of turn with no king on the table: refused with the one text.
    s = _elder_to_lead(DEAL)
    act(s, "PLAY 7H")
    assert s.current_player == DEALER  # type: ignore[attr-defined]
    assert "out of turn only a king on the table" in _refusal(s, Action("KING", n=ELDER))
