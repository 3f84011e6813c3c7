"""The same irregularity under the ``oh`` and the ``club`` profile gives the differing rulings
``shared/laws/ecarte.md`` §4 predicts (each case names the parameter row of §4)."""

from __future__ import annotations

import pytest

from hoyle.ecarte.effects import NoKing
from hoyle.errors import IllegalAction
from hoyle.engine.action import Action

from helpers.ecarte import DEALER, ELDER, act, at_play, at_proposal, at_turn, scores, words
from helpers.rulings import the_ruling


def test_exchange_count_mismatch_oh_11_vs_club_29() -> None:
    rulings = {}
    for code in ("oh", "club"):
        s = at_proposal(code)
        act(s, "PROPOSE", "ACCEPT", "DISCARD 2 7D")
        rulings[code] = s, act(s, "DRAW 7C 8C")
    s, ev = rulings["oh"]
    r = the_ruling(ev, "OH-11")  # the dealer scores 1; the elder hand loses the king
    assert r.points == ((DEALER, 1),) and r.effect(NoKing) == NoKing(ELDER) and scores(s) == (0, 1)
    s, ev = rulings["club"]
    r = the_ruling(ev, "CLUB-29")  # no point: the dealer chooses fresh deal or draw
    assert not r.points and words(r) == ["fresh_deal", "draw"] and scores(s) == (0, 0)


def test_short_delivery_oh_8_rectified_vs_club_32_option() -> None:
    for code, law, has_choice in (("oh", "OH-8", False), ("club", "CLUB-32", True)):
        s = at_proposal(code)
        act(s, "PROPOSE", "ACCEPT", "DISCARD 7H 7D")
        r = the_ruling(act(s, "DRAW 7C"), law)
        assert (r.decision is not None) == has_choice


def test_over_delivery_oh_10_claim_deal_vs_club_31_fresh_deal() -> None:
    words_by = {}
    for code, law in (("oh", "OH-10"), ("club", "CLUB-31")):
        s = at_proposal(code)
        act(s, "PROPOSE", "ACCEPT", "DISCARD 7D")
        words_by[code] = words(the_ruling(act(s, "DRAW 7C 8C"), law))
    assert words_by == {"oh": ["discard", "claim_deal"], "club": ["fresh_deal", "lay_out"]}


def test_dealer_wrong_count_oh_9_lose_deal_vs_club_17_fresh_deal() -> None:
    s = at_proposal("oh")
    act(s, "REPORT too_many 1 9C", "CHOOSE lose_deal")
    assert s.dealer == ELDER  # lose_the_deal: the deal passes
    s = at_proposal("club")
    act(s, "REPORT too_many 1 9C", "CHOOSE fresh_deal")
    assert s.dealer == DEALER  # a fresh deal by the same dealer


def test_deal_out_of_turn_after_turn_up_oh_6_new_deal_vs_club_14_stands() -> None:
    s = at_proposal("oh")
    assert the_ruling(act(s, "REPORT deal_out_of_turn 0"), "OH-6").new_deal
    s = at_proposal("club")
    r = the_ruling(act(s, "REPORT deal_out_of_turn 0"), "CLUB-14")
    assert "stands" in r.text and s.dealer == ELDER and s.phase == "proposal"
    assert s.to_act == DEALER  # seat 1, now the elder hand, stands or proposes


def test_played_with_too_many_oh_12_point_vs_club_29_no_point() -> None:
    for code, law, points in (("oh", "OH-12", ((DEALER, 1),)), ("club", "CLUB-29", ())):
        s = at_proposal(code)
        act(s, "PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C", "DISCARD", "STAND",
            "PLAY 7H", "PLAY KH")
        assert the_ruling(act(s, "REPORT too_many 0 8C"), law).points == points


def test_false_king_oh_opponent_scores_vs_club_correction_only() -> None:
    for code, law, after in (("oh", "HGIE-5", (1, 0)), ("club", "CLUB-25", (0, 0))):
        s = at_proposal(code, turn="TURN 8C")  # nobody holds the king of clubs
        act(s, "STAND", "PLAY 7H", "KING 1")
        the_ruling(act(s, "PLAY KH"), law)
        assert scores(s) == after


def test_revoke_oh_reduce_or_replay_vs_club_replay_or_stand() -> None:
    from helpers.ecarte import ELDER_REVOKES
    got = {}
    for code, law in (("oh", "HGIE-18"), ("club", "CLUB-43")):
        s = at_play(code)
        got[code] = words(the_ruling(act(s, *ELDER_REVOKES), law))
    assert got == {"oh": ["reduce", "replay"], "club": ["replay", "stand"]}


def test_turned_king_after_wrong_count_oh_scores_vs_club_19_struck() -> None:
    deal = "DEAL 32 QS JS 7H 7D 8D AS 9S KH QH KD"
    s = at_turn("oh", deal=deal)
    act(s, "TURN KS", "REPORT too_many 0 9C", "CHOOSE discard", "DISCARD 9C")
    assert scores(s) == (0, 1)  # OH silent: the king scores
    s = at_turn("club", deal=deal)
    act(s, "TURN KS", "REPORT too_many 0 9C", "CHOOSE lay_out", "DISCARD 9C")
    assert scores(s) == (0, 0)  # CLUB-19


def test_held_king_window_club_24_extension_not_in_oh() -> None:
    s = at_play("club", referee=False)
    act(s, "PLAY KS", "KING 0")
    assert scores(s) == (1, 0)
    s = at_play("oh", referee=False)
    act(s, "PLAY KS")
    with pytest.raises(IllegalAction):
        s.apply(Action("KING", n=ELDER))


def test_refusal_scope_second_refusal() -> None:
    from helpers.ecarte import SECOND_REFUSAL
    results = {}
    for code in ("oh", "club"):
        s = at_proposal(code, referee=False)
        act(s, *SECOND_REFUSAL)
        results[code] = scores(s)
    assert results == {"oh": (2, 0), "club": (1, 0)}  # HGIE-21 any vs CLUB-49 first


def test_misdeal_before_seen_both_offer_rectify() -> None:
    for code, law in (("oh", "OH-7"), ("club", "CLUB-9")):
        s = at_turn(code)
        assert "rectify" in words(the_ruling(act(s, "REPORT misdeal"), law))
