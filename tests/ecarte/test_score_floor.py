"""An écarté score never falls below 0, and the ``score`` event says the change made: a
point taken down from a score of 0 changes nothing and emits no -1 (CLUB-51: an admitted
overscore is taken down; a seat with no point has none to lose)."""

from __future__ import annotations

from helpers.ecarte import act, at_play, scores
from helpers.rulings import rulings, the_ruling


def test_a_point_taken_from_a_score_of_0_emits_no_minus_one() -> None:
    s = at_play("club", referee=True)
    assert scores(s) == (0, 0)
    events = act(s, "REPORT overscore 0")
    assert rulings(events, "CLUB-51")
    assert scores(s) == (0, 0)
    assert [e for e in events if e.kind == "score"] == []
    # From a score of 1 the same report takes the point: one event of -1, total 0.
    act(s, "KING")  # the elder hand (seat 0) holds KS: 1 point
    assert scores(s) == (1, 0)
    events = act(s, "REPORT overscore 0")
    assert [(e.seat, e.points, e.total) for e in events if e.kind == "score"] == [(0, -1, 0)]


def test_CLUB_51_overscore_by_a_seat_on_0_nothing_to_take_down() -> None:
    # The ruling says what the state does: a seat with no point marked has nothing to take
    # down, so it does not say "put back 1" (and the score stays 0).
    s = at_play("club", referee=True)
    r = the_ruling(act(s, "REPORT overscore 1"), "CLUB-51")
    assert not r.effects and r.text == "seat 1 has no point marked: nothing to take down"
    assert scores(s) == (0, 0)
    act(s, "KING")
    r = the_ruling(act(s, "REPORT overscore 0"), "CLUB-51")
    assert r.text == "an admitted overscore: seat 0 is put back 1"
    assert scores(s) == (0, 0)


def test_ECARTE_R_17_overscore_under_oh_by_a_seat_on_0_nothing_to_take_down() -> None:
    s = at_play("oh", referee=True)
    r = the_ruling(act(s, "REPORT overscore 1"), "ECARTE-R-17")
    assert not r.effects and "nothing to take down" in r.text and "put back" not in r.text
    assert scores(s) == (0, 0)
