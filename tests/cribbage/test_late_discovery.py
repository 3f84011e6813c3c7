"""Late discovery (issue 15, items 3 and 4): a renege claimed after the go, a wrong go
corrected, muggins called through the window ACC allows (on heels too), a wrong muggins
call, an overscore called once its window is past; each on both sides of its window.

The situation is ``test_laws_ew``'s (seat 1 deals, seat 0 is the pone): the pone keeps
5H 5C 5S JD, the dealer 4H 5D 6D TH, the starter is 9S. ``TO_24`` plays 5H (pone), TH
(dealer: fifteen, 2), 5C, 4H: count 24, scores (0, 2); the pone holds 5S (fits: 29) and JD
(34: does not), the dealer 5D and 6D.
"""

from __future__ import annotations

import re

import pytest

from hoyle.cribbage.laws import get_code
from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import Action
from hoyle.engine.laws import LawCode
from hoyle.errors import IllegalAction

from helpers.cribbage import snapshot
from helpers.cribbage_laws import CUT, DEAL, DEALER, DISCARDS, PONE, TO_24, act
from helpers.rulings import only_ruling

EW, ACC = get_code("ew"), get_code("acc")
MUGGINS = get_code("acc", muggins="acc")
SETUP = (*CUT, DEAL, *DISCARDS)


def at_play(code: LawCode, starter: str = "9S") -> CribbageState:
    s = CribbageState(laws=code, referee=True)
    act(s, *SETUP, f"STARTER {starter}")
    return s


def at_24(code: LawCode) -> CribbageState:
    s = at_play(code)
    act(s, *TO_24)
    assert (s.count, s.current_player, s.scores) == (24, PONE, (0, 2))
    return s


# -- EW-xxi: a renege claimed by the adversary, until the end of the count ---------------

def test_EW_xxi_late_renege_claimed_before_the_count_ends_scores_2() -> None:
    s = at_24(EW)
    # the pone says go holding 5S: nothing is ruled until the dealer claims
    assert not [e for e in act(s, "GO") if e.kind == "ruling"]
    act(s, "PLAY 5D", "CLAIM 0")  # 29: no score (5C 4H 5D: no run, no pair)
    assert s.phase == "claim" and s.view(DEALER).claim == "go"  # the count not yet over
    r = only_ruling(act(s, "REPORT renege 0"))
    assert r.law == "EW-xxi" and r.points == ((DEALER, 2),)
    assert s.scores == (0, 4) and len(s.played) == 5  # nothing taken back
    act(s, "CLAIM 1")
    assert s.scores == (0, 5)


def test_EW_xxi_late_renege_after_the_count_is_out_of_time() -> None:
    s = at_24(EW)
    act(s, "GO", "PLAY 5D", "CLAIM 0", "CLAIM 1")  # the dealer's one for last ends the count
    assert (s.count, s.scores) == (0, (0, 3))
    r = only_ruling(act(s, "REPORT renege 0"))
    assert r.law == "EW-xxi" and not r.effects and r.points == ()
    assert r.parameter == "renege_penalty" and "too late" in r.text
    assert "until the end of the count" in r.text
    assert s.scores == (0, 3) and (s.phase, s.current_player) == ("play", PONE)


def test_EW_xxi_renege_claimed_with_no_renege_is_refused() -> None:
    s = at_24(EW)
    r = only_ruling(act(s, "REPORT renege 1"))
    assert r.law == "EW-xxi" and not r.effects and s.scores == (0, 2)


# -- ACC-7.3: the claim until the adversary plays after the reneged card -----------------

def test_ACC_7_3_late_renege_retracts_what_followed_then_the_choice() -> None:
    s = at_24(ACC)
    act(s, "GO", "PLAY 5D", "CLAIM 0", "CLAIM 1")  # dealer 2 + 1 for last = 3
    act(s, "PLAY 5S", "CLAIM 0")  # the pone leads the reneged card in the next count
    assert (s.count, s.scores) == (5, (0, 3))
    events = act(s, "REPORT renege 0")  # the dealer has not played since: in time
    r = only_ruling(events)
    assert r.law == "ACC-7.3" and "every card played since the go goes back" in r.text
    # taken back: 5D and 5S and the dealer's point for last; then 2 for the one playable
    # card (5S; JD would make 34): (0, 2) + 2 = (0, 4)
    assert s.scores == (0, 4)
    back = [e for e in events if e.kind == "retracted"]
    assert [sorted(map(str, e.cards)) for e in back] == [["5D", "5S"]]
    assert sorted(map(str, s.hands[PONE])) == ["5S", "JD"]
    assert sorted(map(str, s.hands[DEALER])) == ["5D", "6D"]
    assert (s.phase, s.current_player, s.count) == ("decision", DEALER, 24)
    played = s.clone()
    act(played, "CHOOSE played")  # the offender must play the reneged card
    assert (played.phase, played.current_player, played.count) == ("play", PONE, 24)
    assert [str(a) for a in played.legal_actions()] == ["PLAY 5S"]
    assert played.passed == [False, False]
    dead = s.clone()
    act(dead, "CHOOSE dead")  # 5S out of the play; the go stands: the dealer plays on
    assert dead.hands[PONE] == [c for c in dead.hands[PONE] if str(c) == "JD"]
    assert (dead.phase, dead.current_player, dead.count) == ("play", DEALER, 24)


def test_ACC_7_3_late_renege_before_the_reneged_card_is_played() -> None:
    s = at_24(ACC)
    act(s, "GO", "PLAY 5D", "CLAIM 0", "CLAIM 1")
    r = only_ruling(act(s, "REPORT renege 0"))  # in the next count, 5S not yet played
    assert r.law == "ACC-7.3" and r.points == ((DEALER, 2),)
    assert s.scores == (0, 4) and s.count == 24  # the 5D and the point for last back


def test_ACC_7_3_late_renege_after_the_adversary_played_again_is_too_late() -> None:
    s = at_24(ACC)
    act(s, "GO", "PLAY 5D", "CLAIM 0", "CLAIM 1", "PLAY 5S", "CLAIM 0")
    act(s, "PLAY 6D", "CLAIM 0")  # the dealer plays his next card: 11
    r = only_ruling(act(s, "REPORT renege 0"))
    assert r.law == "ACC-7.3" and not r.effects and r.points == () and "too late" in r.text
    assert s.scores == (0, 3) and (s.count, s.current_player) == (11, PONE)


def test_ACC_7_3_wrong_go_corrected_before_the_adversary_plays() -> None:
    s = at_24(ACC)
    act(s, "GO")
    r = only_ruling(act(s, "REPORT go_corrected 0"))
    assert r.law == "ACC-7.3" and r.points == ()
    assert (s.phase, s.current_player, s.count, s.passed) == ("play", PONE, 24,
                                                              [False, False])
    assert s.scores == (0, 2) and Action.parse("PLAY 5S") in s.legal_actions()


def test_ACC_7_3_wrong_go_corrected_prints_no_empty_taken_back_line() -> None:
    # Nothing was played since the go: the ruling is printed, no "Taken back: —" line.
    from hoyle.cribbage.text import event_lines
    s = at_24(ACC)
    act(s, "GO")
    events = act(s, "REPORT go_corrected 0")
    assert [e.cards for e in events if e.kind == "retracted"] == [()]
    text = "\n".join(event_lines(events, ["Alice", "Bob"], None))
    assert "Ruling ACC-7.3" in text and "Taken back" not in text and "—" not in text
    s = at_24(ACC)
    act(s, "GO", "PLAY 5D", "CLAIM 0", "CLAIM 1", "PLAY 5S", "CLAIM 0")
    text = "\n".join(event_lines(act(s, "REPORT renege 0"), ["Alice", "Bob"], None))
    text = re.sub(r"\[/?[a-z ]+\]", "", text)  # the markup
    assert "Taken back to the hands: 5♦ 5♠; the count is 24 again" in text


def test_ACC_7_3_wrong_go_not_corrected_once_the_adversary_played() -> None:
    s = at_24(ACC)
    act(s, "GO", "PLAY 5D")  # the dealer has played: the correction window is past
    r = only_ruling(act(s, "REPORT go_corrected 0"))
    assert r.law == "ACC-7.3" and not r.effects and "too late" in r.text
    assert s.count == 29 and s.passed == [True, False]
    # the renege itself may still be claimed: the 5D goes back, the dealer scores 2
    act(s, "CLAIM 0")
    r = only_ruling(act(s, "REPORT renege 0"))
    assert r.points == ((DEALER, 2),) and s.count == 24 and s.scores == (0, 4)


def test_EW_wrong_go_corrected_not_covered_default_applied() -> None:
    s = at_24(EW)
    act(s, "GO")
    r = only_ruling(act(s, "REPORT go_corrected 0"))
    assert r.law == "EW" and not r.covered and "not covered by EW" in r.text
    assert r.parameter == "renege_penalty"
    assert (s.current_player, s.passed, s.scores) == (PONE, [False, False], (0, 2))


# -- ACC-10.4: muggins called at the table -------------------------------------------------

def test_ACC_10_4_b_muggins_called_in_the_play_within_the_window() -> None:
    s = at_play(MUGGINS)
    events = act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 0")  # the dealer's 15 (2) missed
    assert not [e for e in events if e.kind == "ruling"]  # nothing is said for the pone
    act(s, "PLAY 5H", "CLAIM 2")  # the pone plays on (pair): the dealer has not pegged again
    events = act(s, "MUGGINS 2")
    r = only_ruling(events)
    assert r.law == "ACC-10.4.a" and r.points == ((PONE, 2),)
    (score,) = [e for e in events if e.kind == "score"]
    assert score.reason == "muggins"  # ACC-1.6: muggins is no penalty
    assert s.scores == (4, 0)


def test_ACC_10_4_b_muggins_after_the_player_pegs_again_is_too_late() -> None:
    s = at_play(MUGGINS)
    # the pone's pair (5D 5H: 2) is claimed as 0; he pegs again with one for last
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 2", "PLAY 5H", "CLAIM 0", "PLAY 4H",
        "CLAIM 0", "PLAY 5C", "CLAIM 0")
    in_time = s.clone()
    r = only_ruling(act(in_time, "MUGGINS 2"))
    assert r.points == ((DEALER, 2),) and in_time.scores == (0, 4)
    act(s, "CLAIM 1")
    r = only_ruling(act(s, "MUGGINS 2"))
    assert r.law == "ACC-10.4.b" and not r.effects and "too late" in r.text
    assert s.scores == (1, 2)


def test_ACC_10_4_a_award_is_the_lesser_of_the_call_and_the_points_missed() -> None:
    s = at_play(MUGGINS)
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 0")
    r = only_ruling(act(s, "MUGGINS 5"))  # 5 called, 2 missed
    assert r.points == ((PONE, 2),) and s.scores == (2, 0)


def test_ACC_10_4_a_wrong_muggins_call_gives_the_points_to_the_other_player() -> None:
    s = at_play(MUGGINS)
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 2")  # the dealer pegged his 15 in full
    events = act(s, "MUGGINS 2")  # the pone calls anyway
    r = only_ruling(events)
    assert r.law == "ACC-10.4.a" and r.points == ((DEALER, 2),) and "wrong" in r.text
    (score,) = [e for e in events if e.kind == "score"]
    assert score.reason == "a wrong muggins call"
    assert s.scores == (0, 4)


def test_ACC_10_4_b_muggins_call_before_the_player_finishes_pegging_is_refused() -> None:
    # The dealer plays 5D at 24 (29, nothing) and is still to claim the last card: a call
    # now is early (he has not finished his pegging) and changes nothing; once he has
    # claimed the last card in full, the same call is a wrong call (2 to the dealer).
    s = at_24(MUGGINS)
    act(s, "GO", "PLAY 5D", "CLAIM 0")
    assert (s.phase, s.current_player, s.scores) == ("claim", DEALER, (0, 2))
    before = snapshot(s)
    with pytest.raises(IllegalAction,
                       match=r"a muggins call waits until seat 1 has finished pegging "
                             r"\(ACC-10\.4\.b\)"):
        s.apply(Action.parse("MUGGINS 2"))
    assert snapshot(s) == before
    act(s, "CLAIM 1")
    r = only_ruling(act(s, "MUGGINS 2"))
    assert r.law == "ACC-10.4.a" and "wrong" in r.text and r.points == ((DEALER, 2),)
    assert s.scores == (0, 5)


def test_ACC_10_4_c_muggins_on_a_hand_until_the_next_hand_is_pegged() -> None:
    s = at_play(MUGGINS)
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 2", "PLAY 5H", "CLAIM 2", "PLAY 4H",
        "CLAIM 0", "PLAY 5C", "CLAIM 0", "CLAIM 1", "PLAY TH", "CLAIM 0", "PLAY 5S",
        "CLAIM 2", "PLAY 6D", "CLAIM 0", "CLAIM 1")
    assert s.scores == (5, 3) and s.view(PONE).claim == "hand"
    act(s, "CLAIM 10")  # the pone's hand is 14 (four fifteens 8, pair royal 6)
    in_time = s.clone()
    r = only_ruling(act(in_time, "MUGGINS 4"))
    assert r.law == "ACC-10.4.a" and r.points == ((DEALER, 4),)
    assert in_time.scores == (15, 7)
    act(s, "CLAIM 9")  # the dealer pegs his hand: the window on the pone's is past
    r = only_ruling(act(s, "MUGGINS 4"))
    assert r.law == "ACC-10.4.c" and not r.effects and r.parameter == "muggins"
    assert s.scores == (15, 12)


def test_ACC_10_3_muggins_on_his_heels_is_void() -> None:
    s = at_play(MUGGINS, starter="JS")
    act(s, "PLAY JD", "CLAIM 0")
    act(s, "PLAY 5D", "CLAIM 2")  # the dealer plays without pegging his heels: lost
    r = only_ruling(act(s, "MUGGINS heels 2"))
    assert r.law == "ACC-10.3" and not r.effects and s.scores == (0, 2)


def test_ACC_10_1_muggins_not_announced_the_call_is_void() -> None:
    s = at_play(ACC)
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 0")
    r = only_ruling(act(s, "MUGGINS 2"))
    assert r.law == "ACC-10.1" and not r.effects and s.scores == (0, 0)


def test_EW_x_no_muggins_the_call_is_void() -> None:
    s = at_play(EW)
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 0")
    events = act(s, "PLAY 5H")  # past EW-xix's window: the 2 are lost
    del events
    act(s, "CLAIM 2")
    r = only_ruling(act(s, "MUGGINS 2"))
    assert r.law == "EW-x" and not r.effects and s.scores == (2, 0)


def test_ACC_10_4_a_muggins_in_software_play_is_scored_as_muggins_not_penalty() -> None:
    s = CribbageState(laws=MUGGINS, manual_count=True)
    act(s, *SETUP, "STARTER 9S", "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 0")
    events = act(s, "CHOOSE muggins")
    (score,) = [e for e in events if e.kind == "score"]
    assert (score.seat, score.points, score.reason) == (PONE, 2, "muggins")


# -- EW-ix: an overscore called until the cut for the next deal ----------------------------

def _overscored_then_next_deal(code: LawCode) -> CribbageState:
    s = at_play(code)
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 2", "PLAY 5H", "CLAIM 2", "PLAY 4H",
        "CLAIM 0", "PLAY 5C", "CLAIM 0", "CLAIM 1", "PLAY TH", "CLAIM 0", "PLAY 5S",
        "CLAIM 2", "PLAY 6D", "CLAIM 0", "CLAIM 1")
    act(s, "CLAIM 16", "CHOOSE accept", "CLAIM 9", "CLAIM 4")  # the pone took 16 of 14
    assert (s.phase, s.deal_number, s.scores) == ("deal", 2, (21, 16))
    return s


def test_EW_ix_overscore_called_before_the_next_cut_taken_down() -> None:
    s = _overscored_then_next_deal(EW)
    r = only_ruling(act(s, "REPORT overscore_called 0"))
    assert r.law == "EW-ix" and s.scores == (19, 18)


def test_EW_ix_overscore_called_after_the_next_cut_too_late() -> None:
    s = _overscored_then_next_deal(EW)
    act(s, "DEAL 5H 5C 5S JD 2C 3C 5D TH 4H 6D QC KD")  # the cut and the deal
    r = only_ruling(act(s, "REPORT overscore_called 0"))
    assert r.law == "EW-ix" and not r.effects and r.parameter == "overscore_claim_window"
    assert "until the cut for the next deal" in r.text and s.scores == (21, 16)


def test_ACC_8_4_c_overpeg_called_after_the_next_cut_too_late() -> None:
    s = _overscored_then_next_deal(ACC)
    act(s, "DEAL 5H 5C 5S JD 2C 3C 5D TH 4H 6D QC KD")
    r = only_ruling(act(s, "REPORT overscore_called 0"))
    assert r.law == "ACC-8.4.c" and not r.effects and s.scores == (21, 16)


# -- windows of the deal and the starter ---------------------------------------------------

def test_EW_ii_short_cut_at_the_deal_cut_again_after_the_deal_too_late() -> None:
    s = CribbageState(laws=EW, referee=True)
    act(s, "CUT 9C", "CUT 2D")
    r = only_ruling(act(s, "REPORT short_cut"))
    assert r.law == "EW-ii" and "again" in r.text and s.phase == "deal"
    act(s, SETUP[2])
    r = only_ruling(act(s, "REPORT short_cut"))
    assert r.law == "EW-ii" and "too late" in r.text
    assert s.phase == "discard" and len(s.hands[0]) == 6


def test_ACC_2_1_dealer_saw_bottom_after_the_deal_too_late_no_points() -> None:
    s = CribbageState(laws=ACC, referee=True)
    act(s, "CUT 9C", "CUT 2D")
    before = only_ruling(s.clone().apply(Action.parse("REPORT dealer_saw_bottom")))
    assert before.points == ((PONE, 2),) and "reshuffled" in before.text
    act(s, SETUP[2])
    r = only_ruling(act(s, "REPORT dealer_saw_bottom"))
    assert r.law == "ACC-2.1" and not r.effects and r.points == () and r.edition == "2025"
    assert s.scores == (0, 0)


def test_ACC_6_1_d_faced_starter_before_the_first_card_cut_again() -> None:
    s = at_play(ACC)
    r = only_ruling(act(s, "REPORT faced_starter"))
    assert r.law == "ACC-6.1.d" and s.starter is None and s.phase == "starter"
    act(s, "STARTER 8C")
    assert str(s.starter) == "8C" and s.phase == "play"


def test_ACC_6_1_d_faced_starter_after_the_first_card_too_late() -> None:
    s = at_play(ACC)
    act(s, "PLAY JD", "CLAIM 0")
    r = only_ruling(act(s, "REPORT faced_starter"))
    assert not r.effects and "too late" in r.text and str(s.starter) == "9S"


def _dealer_reneges_then_plays_out(code: LawCode) -> CribbageState:
    """The dealer says go at 20 holding 4H 6D TH (all fit); the pone plays 5C (25: pair
    royal 6) and 5S (30: double pair royal 12) and takes 1 for last; the dealer plays out
    4H 6D TH (20) and takes 1 for the last card. Pone 2 + 6 + 12 + 1 = 21, dealer 2 + 1 = 3;
    the pone, to count first, has not played since the reneged cards were played."""
    s = at_play(code)
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 2", "PLAY 5H", "CLAIM 2", "GO")
    act(s, "PLAY 5C", "CLAIM 6", "PLAY 5S", "CLAIM 12", "CLAIM 1")
    act(s, "PLAY 4H", "CLAIM 0", "PLAY 6D", "CLAIM 0", "PLAY TH", "CLAIM 0", "CLAIM 1")
    assert s.scores == (21, 3) and (s.phase, s.current_player) == ("claim", PONE)
    assert s.view(PONE).claim == "hand"
    return s


def test_ACC_7_3_late_renege_claimed_in_the_show_before_the_hand_count() -> None:
    s = _dealer_reneges_then_plays_out(ACC)
    r = only_ruling(act(s, "REPORT renege 1"))
    # everything since the go is taken back (back to count 20, scores 2-2), then 2 for
    # each of the 3 playable cards to the pone: 8-2; the pone chooses dead or played
    assert r.law == "ACC-7.3" and r.points == ((PONE, 6),)
    assert s.scores == (8, 2) and s.count == 20 and s.shown == []
    assert (s.phase, s.current_player) == ("decision", PONE)
    act(s, "CHOOSE played")
    assert (s.phase, s.current_player) == ("play", DEALER)
    assert sorted(str(a) for a in s.legal_actions()) == ["PLAY 4H", "PLAY 6D", "PLAY TH"]


def test_ACC_7_3_late_renege_after_the_adversary_counts_his_hand_too_late() -> None:
    s = _dealer_reneges_then_plays_out(ACC)
    act(s, "CLAIM 14")  # the pone announces his hand (5H 5C 5S JD + 9S: 14)
    r = only_ruling(act(s, "REPORT renege 1"))
    assert r.law == "ACC-7.3" and not r.effects and "too late" in r.text
    assert s.scores == (35, 3)
