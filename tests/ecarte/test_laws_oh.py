"""Law tests for the ``oh`` profile: OH-5 … OH-12 (the seed) completed by HGIE-1 … HGIE-26.

Project policy (``shared/laws/README.md``): every law of the catalogue
(``shared/laws/ecarte.md`` §2) is implemented in ``hoyle.ecarte.laws.oh`` and has a test here
named after its ID. Each test builds the situation on a real :class:`EcarteState` in referee
mode with scripted actions (the standard deal of ``helpers.ecarte``: seat 1 deals; the
elder hand, seat 0, holds KS QS JS 7H 7D; the dealer AS 9S KH QH KD; turn-up 8S) and asserts
the ruling, each option open to the offended player and its effects, worked out from the law
text.
"""

from __future__ import annotations

import pytest

from hoyle.ecarte.effects import HandOver, NoKing, Rectify, TakeBack
from hoyle.cards import Card
from hoyle.ecarte.laws import OH
from hoyle.ecarte.state import EcarteState
from hoyle.errors import IllegalAction
from hoyle.engine.action import CHANCE, Action

from helpers.ecarte import (CUT, DEALER, ELDER, act, at_play, at_proposal, at_turn, new, scores,
                            words)
from helpers.rulings import rulings, the_ruling

OH_CODE = "oh"


def exchange_to_dealer_draw(code: str = OH_CODE) -> EcarteState:
    s = at_proposal(code)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C", "DISCARD KD")
    return s


# -- OH-5 … OH-12 ----------------------------------------------------------------------

def test_OH_5_own_card_stands_adversary_card_gives_him_the_choice() -> None:
    s = at_turn(OH_CODE)
    r = the_ruling(act(s, "REPORT exposed_own_card"), "OH-5")
    assert r.decision is None and not r.new_deal and s.phase == "turn_up"
    r = the_ruling(act(s, "REPORT exposed_elder_card"), "OH-5")
    assert r.decision is not None and r.decision.seat == ELDER
    assert words(r) == ["stand", "new_deal"]
    act(s, "CHOOSE stand")
    assert s.phase == "turn_up" and s.deal_number == 1  # the deal goes on
    act(s, "REPORT exposed_elder_card", "CHOOSE new_deal")
    assert (s.phase, s.dealer, s.deal_number) == ("deal", DEALER, 2)  # same dealer
    s = at_play(OH_CODE)  # the elder hand has stood: too late
    assert not the_ruling(act(s, "REPORT exposed_elder_card"), "OH-5").effects


def test_OH_6_deal_out_of_turn_three_cases() -> None:
    s = at_turn(OH_CODE)  # before the trump card is seen: a new deal by the rightful dealer
    r = the_ruling(act(s, "REPORT deal_out_of_turn 0"), "OH-6")
    assert r.new_deal and (s.dealer, s.deal_number, s.phase) == (DEALER, 2, "deal")
    s = at_proposal(OH_CODE)  # after the turn-up, before any discard or play
    r = the_ruling(act(s, "REPORT deal_out_of_turn 0"), "OH-6")
    assert r.new_deal and r.parameter == "deal_out_of_turn" and s.dealer == DEALER
    s = at_proposal(OH_CODE)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D")  # a discard has been laid out: stands
    r = the_ruling(act(s, "REPORT deal_out_of_turn 0"), "OH-6")
    assert s.deal_number == 1 and s.phase == "draw"
    assert s.dealer == DEALER and s.dealt_by == (ELDER, "OH-6")  # once the exchange ends
    act(s, "DRAW 7C", "DISCARD")
    assert s.dealer == ELDER and (s.phase, s.current_player) == ("proposal", DEALER)


def test_OH_7_misdeal_before_hands_seen_made_good_or_new_deal() -> None:
    s = new(OH_CODE, referee=True)
    act(s, *CUT)
    r = the_ruling(act(s, "REPORT misdeal"), "OH-7")
    assert r.decision is not None and r.decision.seat == ELDER
    assert words(r) == ["rectify", "new_deal"]
    act(s, "CHOOSE new_deal")
    assert s.phase == "deal" and s.dealer == DEALER
    s = at_turn(OH_CODE)
    act(s, "REPORT too_many 0 9C")  # the elder hand found with a sixth card
    assert len(s.hands[ELDER]) == 6
    act(s, "CHOOSE rectify")  # restored to the order they would have fallen
    assert len(s.hands[ELDER]) == 5 and Card.parse("9C") in s.stock()
    assert s.phase == "turn_up"
    s = at_play(OH_CODE)  # hands seen: OH-7 no longer applies
    assert not the_ruling(act(s, "REPORT misdeal"), "OH-7").effects


def test_OH_8_short_delivery_put_right_from_the_stock() -> None:
    s = at_proposal(OH_CODE)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7H 7D")
    r = the_ruling(act(s, "DRAW 7C"), "OH-8")  # asked two, given one
    assert r.effect(Rectify).complete == (ELDER, 1) and r.decision is None and not r.points
    assert (s.phase, s.current_player) == ("rectify", CHANCE)
    act(s, "DRAW 8C")  # the missing card, as it should have fallen
    assert len(s.hands[ELDER]) == 5 and s.phase == "discard" and s.current_player == DEALER


def test_OH_9_dealer_too_many_draw_at_random_or_lose_the_deal() -> None:
    s = exchange_to_dealer_draw()
    r = the_ruling(act(s, "DRAW 8C 9C"), "OH-9")  # laid out one, took two
    assert r.decision is not None and r.decision.seat == ELDER
    assert words(r) == ["draw", "lose_deal"]
    lose = r.decision.options[1].ruling
    assert lose.new_deal and lose.redealer == ELDER and lose.parameter == "lose_the_deal"
    act(s, "CHOOSE draw")
    assert (s.phase, s.current_player) == ("rectify", CHANCE)
    act(s, "TAKE 9C")  # drawn at random from the dealer's hand, set aside
    assert len(s.hands[DEALER]) == 5 and s.phase == "proposal"
    s = exchange_to_dealer_draw()
    act(s, "DRAW 8C 9C", "CHOOSE lose_deal")
    assert (s.phase, s.dealer, s.deal_number) == ("deal", ELDER, 2)  # the deal passes


def test_OH_9_dealer_too_few_complete_or_lose_the_deal() -> None:
    s = at_proposal(OH_CODE)
    r = the_ruling(act(s, "REPORT too_few 1 AS"), "OH-9")
    assert words(r) == ["complete", "lose_deal"]
    act(s, "CHOOSE complete")
    act(s, "DRAW TC")  # from the top of the stock
    assert len(s.hands[DEALER]) == 5 and s.phase == "proposal"


def test_OH_10_elder_too_many_discard_or_claim_the_deal() -> None:
    s = at_proposal(OH_CODE)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D")
    r = the_ruling(act(s, "DRAW 7C 8C"), "OH-10")  # asked one, given two
    assert r.decision is not None and r.decision.seat == ELDER
    assert words(r) == ["discard", "claim_deal"]
    act(s, "CHOOSE discard")
    assert (s.phase, s.current_player) == ("rectify", ELDER)
    assert s.view(ELDER).lay_out == 1
    act(s, "DISCARD 8C")  # of his choosing
    assert len(s.hands[ELDER]) == 5 and s.phase == "discard" and s.current_player == DEALER
    s = at_proposal(OH_CODE)
    r = the_ruling(act(s, "REPORT too_few 0 7D"), "OH-10")
    assert words(r) == ["complete", "claim_deal"]
    act(s, "CHOOSE claim_deal")
    assert (s.phase, s.dealer) == ("deal", ELDER)  # the dealer loses the deal


def test_OH_11_elder_asks_three_lays_out_two_loses_a_point_and_the_king() -> None:
    s = at_proposal(OH_CODE)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 2 7D")  # asked for two, laid out one
    r = the_ruling(act(s, "DRAW 7C 8C"), "OH-11")
    assert r.points == ((DEALER, 1),) and r.effect(NoKing) == NoKing(ELDER)
    assert r.effect(Rectify).draw_surplus == (ELDER, 1) and r.decision is None
    assert scores(s) == (0, 1)
    act(s, "TAKE 8C")  # the surplus drawn at random (exchange_count_mismatch)
    assert len(s.hands[ELDER]) == 5
    act(s, "DISCARD", "STAND")
    with pytest.raises(IllegalAction, match="may not mark the king"):
        s.apply(Action("KING"))  # he holds KS but may not score it
    s = at_proposal(OH_CODE)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 1 7H 7D")  # asked for one, laid out two
    r = the_ruling(act(s, "DRAW 7C"), "OH-11")
    assert r.effect(Rectify).complete == (ELDER, 1)
    act(s, "DRAW 8C")
    assert len(s.hands[ELDER]) == 5


def test_OH_12_playing_with_six_cards_after_an_exchange() -> None:
    s = at_proposal(OH_CODE)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C", "DISCARD", "STAND", "KING")
    assert scores(s) == (1, 0)
    act(s, "PLAY 7H", "PLAY KH")
    r = the_ruling(act(s, "REPORT too_many 0 8C"), "OH-12")  # found with a sixth card
    assert r.points == ((DEALER, 1),) and r.effect(NoKing) == NoKing(ELDER)
    assert r.effect(Rectify).draw_surplus == (ELDER, 1)
    assert scores(s) == (0, 1)  # the king struck off, the adversary scores 1
    act(s, "TAKE 8C")
    assert len(s.hands[ELDER]) == 4 and s.phase == "play"


# -- HGIE -------------------------------------------------------------------------------

def procedure(law_id: str) -> None:
    law = OH[law_id]
    assert law.rule is None and law.kinds == () and law.engine


def test_HGIE_1_two_packs_procedure() -> None:
    procedure("HGIE-1")


def test_HGIE_2_higher_cut_deals() -> None:
    procedure("HGIE-2")
    s = new(OH_CODE)
    act(s, "CUT KH", "CUT QS")
    assert s.dealer == 0


def test_HGIE_3_game_is_five() -> None:
    procedure("HGIE-3")
    assert new(OH_CODE).rules.target == 5


def test_HGIE_4_point_one_vole_two() -> None:
    procedure("HGIE-4")
    from hoyle.ecarte.scoring import hand_points
    assert (hand_points(3, 2), hand_points(5, 0)) == (1, 2)


def test_HGIE_5_false_king_gives_the_adversary_one_late_king_lost() -> None:
    s = at_play(OH_CODE)  # the dealer does not hold KS
    act(s, "PLAY 7H", "KING 1")
    assert scores(s) == (0, 0)  # a false king is never marked
    r = the_ruling(act(s, "PLAY KH"), "HGIE-5")  # he plays a card: found out
    assert r.effect(NoKing) == NoKing(DEALER) and r.points == ((ELDER, 1),)
    assert scores(s) == (1, 0)
    s = at_play(OH_CODE)
    act(s, "PLAY KS", "PLAY 9S")
    r = the_ruling(act(s, "KING 0"), "HGIE-5")  # after his first card
    assert not r.effects and scores(s) == (0, 0)


def test_HGIE_6_changed_pattern_elder_may_insist_on_new_deal() -> None:
    s = new(OH_CODE, referee=True)
    s.pattern = 23  # the game was dealt two then three
    act(s, *CUT)
    r = the_ruling(act(s, "DEAL 32 KS QS JS 7H 7D AS 9S KH QH KD"), "HGIE-6")
    assert r.decision is not None and r.decision.seat == ELDER
    assert words(r) == ["new_deal", "stand"]
    act(s, "CHOOSE new_deal")
    assert s.phase == "deal" and s.dealer == DEALER


def test_HGIE_7_faced_card_voids_the_deal() -> None:
    s = at_turn(OH_CODE)
    r = the_ruling(act(s, "REPORT faced_card"), "HGIE-7")
    assert r.new_deal and s.phase == "deal"
    s = at_proposal(OH_CODE)
    act(s, "PROPOSE", "ACCEPT")
    r = the_ruling(act(s, "REPORT faced_in_stock 9C"), "HGIE-7")
    assert r.parameter == "faced_card_in_pack" and Card.parse("9C") not in s.stock()


def test_HGIE_8_superseded_by_OH_5() -> None:
    procedure("HGIE-8")
    assert OH.law_for("exposed_elder_card").id == "OH-5"


def test_HGIE_9_superseded_by_OH_7_and_OH_10() -> None:
    procedure("HGIE-9")
    assert OH.law_for("nd_too_many").id == "OH-10"
    assert OH.law_for("deal_wrong_count").id == "OH-7"


def test_HGIE_10_superseded_by_OH_9() -> None:
    procedure("HGIE-10")
    assert OH.law_for("dealer_too_many").id == "OH-9"


def test_HGIE_11_several_cards_turned_three_way_option() -> None:
    s = at_proposal(OH_CODE)
    r = the_ruling(act(s, "REPORT several_turned 9D"), "HGIE-11")
    assert words(r) == ["trump", "trump", "fresh", "new_deal"]
    act(s, "CHOOSE trump 9D")
    assert str(s.turn_up) == "9D" and Card.parse("8S") in s.set_aside
    s = at_proposal(OH_CODE)
    act(s, "REPORT several_turned 9D", "CHOOSE fresh")
    assert (s.phase, s.turn_up) == ("turn_up", None)
    act(s, "TURN 7C")
    assert str(s.turn_up) == "7C"


def test_HGIE_12_penalty_level_hgie_two_points_and_the_king() -> None:
    procedure("HGIE-12")
    s = at_proposal(OH_CODE, params={"penalty_level": "hgie"})
    act(s, "PROPOSE", "ACCEPT", "DISCARD 2 7D")
    r = the_ruling(act(s, "DRAW 7C 8C"), "HGIE-12")
    assert r.points == ((DEALER, 2),) and r.effect(NoKing) == NoKing(ELDER)


def test_HGIE_13_superseded_by_OH_6() -> None:
    procedure("HGIE-13")
    assert OH.law_for("deal_out_of_turn").id == "OH-6"


def test_HGIE_14_lead_out_of_turn_taken_back() -> None:
    s = at_play(OH_CODE)
    r = the_ruling(act(s, "REPORT lead_out_of_turn 1"), "HGIE-14")
    assert not r.effects and s.current_player == ELDER


def test_HGIE_15_looking_at_tricks() -> None:
    s = at_play(OH_CODE)
    r = the_ruling(act(s, "REPORT looked_at_tricks 1"), "HGIE-15")
    assert "show his own" in r.text and scores(s) == (0, 0)


def test_HGIE_16_throwing_down_the_cards() -> None:
    s = at_play(OH_CODE)
    r = the_ruling(act(s, "REPORT abandoned 1"), "HGIE-16")  # no trick: 2
    assert r.points == ((ELDER, 2),) and r.effect(HandOver) is not None
    assert scores(s) == (2, 0) and s.phase == "deal" and s.dealer == ELDER
    s = at_play(OH_CODE)
    act(s, "PLAY 7H", "PLAY KH")  # the dealer has one trick
    r = the_ruling(act(s, "REPORT abandoned 1"), "HGIE-16")
    assert r.points == ((ELDER, 1),)


def test_HGIE_17_leaving_the_table_concedes() -> None:
    s = at_play(OH_CODE)
    the_ruling(act(s, "REPORT left_table 1"), "HGIE-17")
    assert s.result is not None and s.result.winner == ELDER and s.result.forfeit == "HGIE-17"


def test_HGIE_18_revoke_reduce_or_replay() -> None:
    s = at_play(OH_CODE)
    act(s, "PLAY 7H")
    ev = act(s, "PLAY KD")  # holds KH QH: a revoke (not following suit)
    assert [e.reason for e in ev if e.kind == "irregular_play"] == ["revoke"]
    # 7H/KD: elder 1; KS/9S, QS/AS: elder 3; JS/QH (void, no trump): elder 4;
    # 7D/KH (void, no trump): elder 5.
    act(s, "PLAY KS", "PLAY 9S", "PLAY QS", "PLAY AS", "PLAY JS", "PLAY QH")
    r = the_ruling(act(s, "PLAY 7D", "PLAY KH"), "HGIE-18")  # the hand is over
    assert r.decision is not None and r.decision.seat == ELDER
    assert words(r) == ["reduce", "replay"]
    act(s, "CHOOSE reduce")  # elder won all five: the vole, 2 (the offender scores nothing)
    assert scores(s) == (2, 0)
    s = at_play(OH_CODE)
    act(s, "PLAY 7H", "PLAY KD", "PLAY KS", "PLAY 9S", "PLAY QS", "PLAY AS", "PLAY JS",
        "PLAY QH", "PLAY 7D", "PLAY KH", "CHOOSE replay")
    assert s.phase == "play" and s.played == [] and len(s.hands[DEALER]) == 5
    assert s.current_player == ELDER


def test_HGIE_18_offender_cannot_score_the_point() -> None:
    from helpers.ecarte import ELDER_REVOKES
    s = at_play(OH_CODE)
    r = the_ruling(act(s, *ELDER_REVOKES), "HGIE-18")  # the elder hand revoked, won 3
    assert r.decision is not None and r.decision.seat == DEALER
    act(s, "CHOOSE reduce")
    assert scores(s) == (0, 0)  # he cannot score the point


def test_HGIE_18_card_taken_back_before_next_lead() -> None:
    s = at_play(OH_CODE)
    act(s, "PLAY 7H", "PLAY KD")
    r = the_ruling(act(s, "REPORT retracted_card 1"), "HGIE-18")
    assert r.effect(TakeBack) == TakeBack(DEALER, Card.parse("KD"))
    assert s.current_player == DEALER and s.trick == [(ELDER, Card.parse("7H"))]
    act(s, "PLAY KH")
    assert s.revokes == []


def test_HGIE_19_proposal() -> None:
    procedure("HGIE-19")
    s = at_proposal(OH_CODE)
    assert [str(a) for a in s.legal_actions()] == ["STAND", "PROPOSE"]
    act(s, "PROPOSE")
    assert [str(a) for a in s.legal_actions()] == ["ACCEPT", "REFUSE"]


def test_HGIE_20_elder_served_first() -> None:
    procedure("HGIE-20")
    s = at_proposal(OH_CODE)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D")
    assert s.serving == ELDER


def test_HGIE_21_any_refusal_makes_the_point_two() -> None:
    procedure("HGIE-21")
    assert OH.params["refusal_penalty_scope"] == "any"
    s = at_proposal(OH_CODE, referee=False)
    assert s.penalty_scope() == "any"


def test_HGIE_22_bystanders_may_advise() -> None:
    s = at_play(OH_CODE)
    r = the_ruling(act(s, "REPORT bystander_advice"), "HGIE-22")
    assert r.parameter == "bystanders" and scores(s) == (0, 0)


def test_HGIE_23_backer_seeing_cards_forfeits_stake() -> None:
    s = at_play(OH_CODE)
    r = the_ruling(act(s, "REPORT backer_saw_cards"), "HGIE-23")
    assert "forfeits his stake" in r.text and scores(s) == (0, 0)


def test_HGIE_24_backer_may_object() -> None:
    s = at_play(OH_CODE)
    r = the_ruling(act(s, "REPORT backer_objection"), "HGIE-24")
    assert "point out" in r.text


def test_HGIE_25_backer_takes_up_the_hand() -> None:
    s = at_play(OH_CODE)
    r = the_ruling(act(s, "REPORT player_retired 1"), "HGIE-25")
    assert "backer" in r.text and s.phase == "play"


def test_HGIE_26_players_bet_first() -> None:
    procedure("HGIE-26")


def test_ECARTE_R_17_oh_overscore_taken_down_as_club_51() -> None:
    s = at_play(OH_CODE)
    s.scores = [3, 0]
    r = the_ruling(act(s, "REPORT overscore 0"), "ECARTE-R-17")
    assert r.peg_back == (ELDER, 1) and scores(s) == (2, 0)
    assert not rulings(act(s, "REPORT omitted_score 0"))[0].ruling.effects  # type: ignore[union-attr]
