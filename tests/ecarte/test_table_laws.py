"""The laws at a real table, écarté (issue 15 part C): the false king never credited, the
CLUB-24 window after the king is led, CLUB-37's exposed card at the next exchange, a deal
out of turn found late, revokes ruled when claimed during the hand, and the facts of the
table (who dealt, the elder hand has looked) as recorded, replayable reports.

The situations are those of ``helpers.ecarte`` (seat 1 deals; the elder hand, seat 0,
holds KS QS JS 7H 7D; the dealer AS 9S KH QH KD; turn-up 8S, spades trumps), worked by hand
from ``shared/laws/ecarte.md``; each test names the law it checks, on both sides of its
window, and that the state shows the remedy.
"""

from __future__ import annotations

import pytest

from hoyle.cards import Card
from hoyle.ecarte.console import EcarteText, king_seat, parse_table_input
from hoyle.ecarte.records import replay_record
from hoyle.errors import IllegalAction
from hoyle.engine.action import Action

from helpers.ecarte import CUT, DEALER, ELDER, act, at_play, at_proposal, at_turn, new, scores
from helpers.rulings import rulings, the_ruling

C, OH = "club", "oh"
KING_TURNED = "DEAL 32 QS JS 7H 8H 9D TD AC 7C 8C 9C"  # nobody can hold KS: it is turned


# -- 1. the false king ------------------------------------------------------------------

@pytest.mark.parametrize("referee", [True, False])
def test_ECARTE_R_7_dealer_king_when_the_king_is_turned_up_is_an_input_error(
        referee: bool) -> None:
    s = at_proposal(C, referee=referee, deal=KING_TURNED, turn="TURN KS")
    assert scores(s) == (0, 1)  # the turned king, the dealer's (auto marking)
    act(s, "STAND", "PLAY 7H")
    before = (s.history, scores(s), s.phase, s.to_act)
    with pytest.raises(IllegalAction, match="already marked"):
        s.apply(Action("KING"))
    assert (s.history, scores(s), s.phase, s.to_act) == before
    act(s, "PLAY 8C")  # his card: no false-king ruling, the turned king stands
    assert scores(s) == (0, 1)


def test_CLUB_25_a_false_king_at_four_does_not_win_the_game() -> None:
    s = at_play(C, turn="TURN 8C")  # clubs trumps: KC is in the stock
    s.scores = [0, 4]
    s.deal_start_scores = [0, 4]
    act(s, "PLAY 7H", "KING 1")
    assert scores(s) == (0, 4) and not s.is_terminal()
    r = the_ruling(act(s, "PLAY KH"), "CLUB-25")
    assert r.decision is not None and scores(s) == (0, 4)


@pytest.mark.parametrize("code,law", [(C, "CLUB-25"), (OH, "HGIE-5")])
def test_CLUB_25_HGIE_5_false_king_corrected_before_his_card_no_penalty(code: str,
                                                                        law: str) -> None:
    s = at_play(code, turn="TURN 8C")
    act(s, "PLAY 7H", "KING 1")
    r = the_ruling(act(s, "REPORT king_corrected 1"), law)
    assert "no penalty" in r.text
    assert s.false_king == [] and s.announced == [False, False]
    assert rulings(act(s, "PLAY KH")) == []  # no false king left to rule
    assert scores(s) == (0, 0)
    # the other side of the window: after his card the correction is too late
    s = at_play(code, turn="TURN 8C")
    act(s, "PLAY 7H", "KING 1")
    ev = act(s, "PLAY KH")
    assert [e.source for e in rulings(ev)] == [law]
    if s.phase == "decision":
        act(s, "CHOOSE stand")
    r = the_ruling(act(s, "REPORT king_corrected 1"), law)
    assert not r.effects
    assert scores(s) == ((1, 0) if code == OH else (0, 0))  # HGIE-5: the adversary 1


def test_CLUB_25_elder_false_king_when_the_king_is_turned_up_no_penalty() -> None:
    # Catalogue gap: nobody holds the king when it is turned; the default reads the
    # turned king as the adversary's (the dealer's), so the announcement cannot mislead.
    s = at_play(C, deal=KING_TURNED, turn="TURN KS")
    act(s, "KING 0")
    r = the_ruling(act(s, "PLAY 7H"), "CLUB-25")
    assert r.decision is None and "no penalty" in r.text
    assert scores(s) == (0, 1)  # the dealer's turned king stands


# -- 2. the CLUB-24 window after the king is led ----------------------------------------

def test_CLUB_24_bare_king_at_the_dealers_prompt_announces_the_led_king() -> None:
    s = at_play(C)
    act(s, "PLAY KS")  # the elder hand leads the king of trumps, unannounced
    names = ["Alice", "Bob"]
    prompt = EcarteText().referee_prompt(s, names)
    assert "Alice may still announce the king led, CLUB-24" in prompt
    a = parse_table_input(s, "king")
    assert a == Action("KING", n=ELDER) and king_seat(s) == ELDER
    act(s, str(a))
    assert scores(s) == (1, 0) and s.announced == [True, False]
    # the window closes once the king is played to: a bare king is the dealer's again
    s = at_play(C)
    act(s, "PLAY KS", "PLAY 9S")
    assert parse_table_input(s, "king") == Action("KING", n=ELDER)  # the elder leads now
    r = the_ruling(act(s, "KING"), "CLUB-23")  # too late: refused, not marked
    assert not r.effects and scores(s) == (0, 0)


def test_CLUB_24_window_offered_to_the_person_after_he_leads_the_king() -> None:
    text = EcarteText()
    s = at_play(C, referee=False)
    assert text.window(s, ELDER) is None  # his turn: the prompt offers 'king'
    act(s, "PLAY KS")
    offer = text.window(s, ELDER)
    assert offer is not None and "CLUB-24" in offer[0]
    assert offer[1] == Action("KING", n=ELDER)
    act(s, str(offer[1]))
    assert scores(s) == (1, 0) and text.window(s, ELDER) is None
    s = at_play(C, referee=False)
    act(s, "PLAY KS", "PLAY 9S")  # played to: the window is closed
    assert text.window(s, ELDER) is None
    s = at_play(OH, referee=False)  # HGIE-5: no first-card extension
    act(s, "PLAY KS")
    assert text.window(s, ELDER) is None


def test_CLUB_24_dealer_announces_the_king_played_first_before_his_next_card() -> None:
    # The dealer holds KS; the elder leads 7S, the dealer wins with KS unannounced.
    s = at_play(C, referee=False, deal="DEAL 32 7S QH JH 7H 7D KS 9S KH AH KD")
    act(s, "PLAY 7S", "PLAY KS")
    assert s.to_act == DEALER and Action("KING") in s.legal_actions()
    act(s, "KING")
    assert scores(s) == (0, 1)
    s = at_play(C, referee=False, deal="DEAL 32 7S QH JH 7H 7D KS 9S KH AH KD")
    act(s, "PLAY 7S", "PLAY KS", "PLAY 9S")  # his next card: too late
    assert Action("KING") not in s.legal_actions()


# -- 3. CLUB-37's exposed card at the next exchange --------------------------------------

FIRST_EXCHANGE = ("PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C", "DISCARD KD", "DRAW 8C")


def test_CLUB_37_exposed_card_offered_at_the_next_exchange_taken() -> None:
    s = at_proposal(C)
    act(s, *FIRST_EXCHANGE)
    the_ruling(act(s, "REPORT card_turned_in_exchange 9C"), "CLUB-37")
    assert s.exposed_offer == Card.parse("9C")
    act(s, "PROPOSE", "ACCEPT")
    r = the_ruling(act(s, "DISCARD 7C 7H"), "CLUB-37")  # he asks for two
    assert r.decision is not None and r.decision.seat == ELDER
    assert [o.action.word for o in r.decision.options] == ["take", "leave"]
    act(s, "CHOOSE take")
    assert Card.parse("9C") in s.hands[ELDER] and s.taken[ELDER] == 2
    assert (s.phase, s.serving) == ("draw", ELDER)
    assert rulings(act(s, "DRAW TC")) == []  # one card was still due (else CLUB-32)
    assert sorted(map(str, s.hands[ELDER])) == sorted(["KS", "QS", "JS", "9C", "TC"])
    assert s.taken[ELDER] == 3 and s.phase == "discard" and s.to_act == DEALER


def test_CLUB_37_exposed_card_left_is_set_aside_and_not_offered_without_a_proposal() -> None:
    s = at_proposal(C)
    act(s, *FIRST_EXCHANGE, "REPORT card_turned_in_exchange 9C", "PROPOSE", "ACCEPT",
        "DISCARD 7C 7H", "CHOOSE leave")
    nine = Card.parse("9C")
    assert nine in s.set_aside and nine not in s.stock() and s.exposed_offer is None
    with pytest.raises(IllegalAction, match="not in the stock"):
        s.apply(Action.parse("DRAW 9C TC"))
    assert rulings(act(s, "DRAW TC 9D")) == []  # both cards still due
    assert s.taken[ELDER] == 3 and nine not in s.hands[ELDER]
    # the other side: he stands instead of proposing again; nothing is offered
    s = at_proposal(C)
    act(s, *FIRST_EXCHANGE, "REPORT card_turned_in_exchange 9C", "STAND")
    assert s.phase == "play" and nine in s.stock() and s.decision is None


# -- 4. a deal out of turn found late; 6. who dealt ---------------------------------------

def test_CLUB_14_deal_out_of_turn_found_in_the_play_stands_with_the_roles_swapped() -> None:
    s = at_play(C, deal=KING_TURNED, turn="TURN KS")
    assert scores(s) == (0, 1)  # the turned king scored for seat 1, the dealer by turn
    act(s, "PLAY 7H")
    r = the_ruling(act(s, "REPORT deal_out_of_turn 0"), "CLUB-14")  # seat 0 dealt it
    assert "stands" in r.text
    assert (s.dealer, s.elder) == (ELDER, DEALER)  # seat 0 is the dealer of this deal
    assert scores(s) == (1, 0)  # the turned-up king is his who dealt
    assert (s.phase, s.current_player) == ("play", DEALER)  # seat 1 plays to the 7H
    # Spades trumps; seat 1 (TD AC 7C 8C 9C) has no heart and no spade: seat 0 wins 7H/8C,
    # JS/9C, QS/7C, 8H/AC; 9D/TD is seat 1's. Seat 0 has the point (4 tricks), worth 1: his
    # stand was made as elder hand under the wrong roles, so no penalty point (default).
    act(s, "PLAY 8C", "PLAY JS", "PLAY 9C", "PLAY QS", "PLAY 7C", "PLAY 8H", "PLAY AC",
        "PLAY 9D", "PLAY TD")
    assert scores(s) == (2, 0)  # the turned king and the point
    assert s.deal_number == 2 and s.dealer == DEALER  # the deal alternates from it


def test_CLUB_14_deal_out_of_turn_before_the_turn_up_is_void() -> None:
    s = at_turn(C)
    r = the_ruling(act(s, "REPORT deal_out_of_turn 0"), "CLUB-14")
    assert r.new_deal and s.phase == "deal" and s.dealer == DEALER and s.deal_number == 2
    s = at_turn(C)
    before = s.history
    with pytest.raises(IllegalAction, match="was to deal"):
        s.apply(Action.parse("REPORT deal_out_of_turn 1"))  # the dealer in turn
    assert s.history == before and s.phase == "turn_up"


def test_OH_6_deal_out_of_turn_after_a_card_played_stands_with_the_roles_swapped() -> None:
    s = at_play(OH)
    act(s, "PLAY 7H", "PLAY KH")
    r = the_ruling(act(s, "REPORT deal_out_of_turn 0"), "OH-6")
    assert r.parameter == "deal_out_of_turn"
    assert s.dealer == ELDER and s.phase == "play" and s.current_player == DEALER


# -- 6. the facts of the table: the elder hand has looked --------------------------------

def test_CLUB_11_elder_looked_reported_makes_the_fresh_deal_compulsory() -> None:
    s = at_proposal(C)
    r = the_ruling(act(s, "REPORT several_turned 9C"), "CLUB-11")  # not looked: his choice
    assert r.decision is not None and s.phase == "decision"
    s = at_proposal(C)
    ev = act(s, "REPORT elder_looked")
    assert rulings(ev) == [] and s.elder_looked and [e.kind for e in ev] == ["fact"]
    r = the_ruling(act(s, "REPORT several_turned 9C"), "CLUB-11")
    assert r.new_deal and r.decision is None and s.phase == "deal" and s.deal_number == 2


def test_CLUB_13_elder_looked_before_the_turn_up_the_deal_stands() -> None:
    s = at_turn(C)
    r = the_ruling(act(s, "REPORT exposed_elder_card"), "CLUB-13")
    assert r.decision is not None
    s = at_turn(C)
    act(s, "REPORT elder_looked")
    r = the_ruling(act(s, "REPORT exposed_elder_card"), "CLUB-13")
    assert not r.effects and s.phase == "turn_up" and s.deal_number == 1
    with pytest.raises(IllegalAction, match="already recorded"):
        s.apply(Action.parse("REPORT elder_looked"))


def test_OH_5_elder_looked_reported_his_choice_stays_open() -> None:
    # OH-5's choice is made "when the deal is complete, before the proposal": the look
    # does not close it (issue 33, point 3); his first act does
    s = at_turn(OH)
    act(s, "REPORT elder_looked")
    r = the_ruling(act(s, "REPORT exposed_elder_card"), "OH-5")
    assert r.decision is not None and r.decision.seat == ELDER and s.deal_number == 1


def test_CLUB_9_wrong_count_after_the_look_before_the_turn_up_is_ruled_as_CLUB_17() -> None:
    s = at_turn(C)
    assert the_ruling(act(s, "REPORT too_many 1 9C"), "CLUB-9").decision is not None
    s = at_turn(C)
    act(s, "REPORT elder_looked")
    r = the_ruling(act(s, "REPORT too_many 1 9C"), "CLUB-17")  # gap default
    assert r.decision is not None and r.decision.seat == ELDER


def test_facts_of_the_table_are_recorded_and_replayed() -> None:
    s = at_play(C, deal=KING_TURNED, turn="TURN KS")
    act(s, "PLAY 7H", "REPORT deal_out_of_turn 0")
    t = at_turn(C)
    act(t, "REPORT elder_looked")
    for state in (s, t):
        again, _ = replay_record(state.to_record(seats=["Ann", "Bob"]))
        assert (again.dealer, again.elder_looked, again.scores) == \
            (state.dealer, state.elder_looked, state.scores)
    lines = EcarteText().event_lines(act(new(C, referee=True), *CUT,
                                         "DEAL 32 KS QS JS 7H 7D AS 9S KH QH KD",
                                         "REPORT elder_looked"), ["Ann", "Bob"], None)
    assert any("Ann: the elder hand has looked at the cards dealt" in ln for ln in lines)


# -- 5. revokes ruled when claimed during the hand ----------------------------------------

# The elder hand revokes at trick 2 (helpers.ecarte.ELDER_REVOKES): 7D/KD the dealer's;
# KH led, the elder holds 7H but trumps with KS: his trick, a revoke.
TO_THE_REVOKE = ("PLAY 7D", "PLAY KD", "PLAY KH", "PLAY KS")
REST = ("PLAY QS", "PLAY 9S", "PLAY JS", "PLAY AS", "PLAY 7H", "PLAY QH")


def test_CLUB_43_revoke_claimed_during_the_hand_is_ruled_at_once() -> None:
    s = at_play(C)
    act(s, *TO_THE_REVOKE)
    r = the_ruling(act(s, "REPORT revoke_claimed 0"), "CLUB-43")
    assert r.decision is not None and r.decision.seat == DEALER
    assert s.phase == "decision" and len(s.played) == 4  # mid-hand, not at its end
    act(s, "CHOOSE stand")
    assert (s.phase, s.current_player) == ("play", ELDER)  # he won the trick: he leads
    assert rulings(act(s, *REST)) == []  # ruled once: not again at the end
    assert scores(s) == (1, 0)  # KS, QS, JS: the elder hand's point, as played
    s = at_play(C)
    act(s, *TO_THE_REVOKE, "REPORT revoke_claimed 0", "CHOOSE replay")
    assert s.played == [] and s.reduced == {ELDER: "club"} and s.current_player == ELDER


def test_CLUB_43_revoke_not_claimed_is_ruled_at_the_end_and_a_false_claim_fails() -> None:
    s = at_play(C)
    act(s, *TO_THE_REVOKE)
    r = the_ruling(act(s, "REPORT revoke_claimed 1"), "CLUB-43")  # the dealer did not
    assert not r.effects and r.decision is None
    assert (s.phase, s.current_player, len(s.played)) == ("play", ELDER, 4)
    r = the_ruling(act(s, *REST), "CLUB-43")  # discovered at the end of the hand
    assert r.decision is not None and r.decision.seat == DEALER


def test_HGIE_18_revoke_claimed_during_the_hand_reduce_or_replay() -> None:
    s = at_play(OH)
    act(s, *TO_THE_REVOKE)
    r = the_ruling(act(s, "REPORT revoke_claimed 0"), "HGIE-18")
    assert r.decision is not None and [o.action.word for o in r.decision.options] == \
        ["reduce", "replay"]
    act(s, "CHOOSE reduce", *REST)
    assert scores(s) == (0, 0)  # he wins the point but cannot score it


# -- 6. what a ruling says is what the state does ------------------------------------------

def test_CLUB_3_short_cut_in_the_cut_for_deal_is_cut_again_and_after_the_deal_stands() -> None:
    s = new(C, referee=True)
    act(s, "CUT 9C")
    r = the_ruling(act(s, "REPORT short_cut"), "CLUB-3")
    assert "again" in r.text and s.cuts == [None, None]  # both cut again
    s = at_turn(C)
    r = the_ruling(act(s, "REPORT short_cut"), "CLUB-3")
    assert not r.effects and "deal stands" in r.text
    assert s.phase == "turn_up" and s.deal_number == 1


def test_CLUB_7_exposed_in_cut_after_the_deal_stands() -> None:
    s = at_turn(C)
    r = the_ruling(act(s, "REPORT exposed_in_cut"), "CLUB-7")
    assert "deal stands" in r.text and s.phase == "turn_up"


def test_CLUB_2_improper_shuffle_during_the_hand_the_deal_goes_on() -> None:
    s = at_play(C)
    r = the_ruling(act(s, "REPORT improper_shuffle"), "CLUB-2")
    assert not r.effects and "goes on" in r.text and "shuffled again" not in r.text
    assert (s.phase, s.current_player, s.deal_number) == ("play", ELDER, 1)


# -- several cards turned up, reported after its window: too late (CLUB-11, HGIE-11) -------

@pytest.mark.parametrize("code, law", [(C, "CLUB-11"), (OH, "HGIE-11")])
def test_CLUB_11_HGIE_11_several_turned_in_the_play_is_too_late(code: str, law: str) -> None:
    # The elder hand has stood: the play is on. A report of several cards turned up now
    # is past its window (at the turn-up): the code's too-late ruling, nothing done.
    s = at_play(code)
    before = (s.phase, s.current_player, tuple(s.scores), str(s.turn_up),
              tuple(s.stock()), tuple(tuple(h) for h in s.hands), tuple(s.exposed_turn))
    r = the_ruling(act(s, "REPORT several_turned 8C"), law)
    assert not r.effects and r.decision is None and not r.new_deal
    assert r.text == ("several turned: too late, reported after its window (at the "
                      "turn-up, before the first act after it): no remedy")
    assert (s.phase, s.current_player, tuple(s.scores), str(s.turn_up),
            tuple(s.stock()), tuple(tuple(h) for h in s.hands),
            tuple(s.exposed_turn)) == before


@pytest.mark.parametrize("code, law", [(C, "CLUB-11"), (OH, "HGIE-11")])
def test_CLUB_11_HGIE_11_several_turned_at_the_turn_up_is_in_time(code: str,
                                                                  law: str) -> None:
    s = at_proposal(code)
    r = the_ruling(act(s, "REPORT several_turned 9C"), law)
    assert r.decision is not None and s.phase == "decision"
    s = at_turn(code)  # before the turn-up there is no turn-up to report on
    with pytest.raises(IllegalAction, match="reported at the turn-up"):
        s.apply(Action.parse("REPORT several_turned 9C"))


def test_a_huge_unknown_report_word_is_not_echoed_in_full() -> None:
    s = at_play(C)
    with pytest.raises(IllegalAction) as info:
        s.apply(Action.parse("REPORT " + "x" * 100_000))
    text = str(info.value)
    assert text.startswith("unknown irregularity '" + "x" * 36 + "...; known: ")
    assert len(text) < 2_000 and "x" * 41 not in text


def test_CLUB_14_king_moved_with_the_deal_reads_loses_not_scores_minus_one() -> None:
    # The turned king follows the true dealer: the seat who lost it "loses 1", never
    # "scores -1".
    import re
    s = at_play(C, deal=KING_TURNED, turn="TURN KS")
    events = act(s, "PLAY 7H", "REPORT deal_out_of_turn 0")
    assert [(e.seat, e.points) for e in events if e.kind == "score"] == [(1, -1), (0, 1)]
    text = re.sub(r"\[/?[a-z ]+\]", "", "\n".join(
        EcarteText().event_lines(events, ["Ann", "Bob"], None)))
    assert "Bob loses 1 for the king turned up (not the dealer) → 0" in text
    assert "scores -1" not in text and "Ann scores 1 for the king turned up (the dealer)" in text


def test_CLUB_43_a_failed_revoke_claim_prints_no_revoke_claimed_line() -> None:
    s = at_play(C)
    act(s, *TO_THE_REVOKE)
    lines = EcarteText().event_lines(act(s, "REPORT revoke_claimed 1"), ["Ann", "Bob"], None)
    assert not any("revoke claimed" in ln for ln in lines)
    assert any("the claim fails" in ln for ln in lines)
    lines = EcarteText().event_lines(act(s, "REPORT revoke_claimed 0"), ["Ann", "Bob"], None)
    assert any("Ann: revoke claimed" in ln for ln in lines)  # it stands: said
