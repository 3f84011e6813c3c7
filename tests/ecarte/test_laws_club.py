"""Law tests for the ``club`` profile: the Club Code, CLUB-1 … CLUB-51.

Every law of the catalogue (``shared/laws/ecarte.md`` §3) has a test named after its ID. The
situation is the standard deal of ``helpers.ecarte`` (seat 1 deals; the elder hand,
seat 0, holds KS QS JS 7H 7D; the dealer AS 9S KH QH KD; turn-up 8S, spades trumps), in
referee mode; each test asserts the ruling, every option of the offended player and its
effect, worked out from the law text. A test also reads every law ID from the catalogue and
fails if one is missing from the codes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hoyle.ecarte.effects import HandOver, NoKing, NoRefusal, SetAside, TakeBack
from hoyle.cards import Card
from hoyle.ecarte.laws import CLUB, OH
from hoyle.ecarte.console import EcarteText
from hoyle.ecarte.state import EcarteState
from hoyle.errors import IllegalAction
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.laws import Irregularity

from helpers.ecarte import (ELDER_REVOKES, CUT, DEALER, ELDER, act, at_play, at_proposal, at_turn,
                            new, scores, words)
from helpers.rulings import the_ruling

CATALOGUE = Path(__file__).resolve().parents[3] / "shared" / "laws" / "ecarte.md"
C = "club"


def catalogue_ids() -> list[str]:
    """Every law ID the catalogue defines (a table row or a bold heading starts with it)."""
    text = CATALOGUE.read_text(encoding="utf-8")
    return re.findall(r"^(?:\| |\*\*)((?:OH|HGIE|CLUB)-\d+)\b", text, re.M)


def test_every_catalogue_law_is_in_a_code_and_has_a_test() -> None:
    ids = catalogue_ids()
    # 8 seed laws, 26 HGIE laws, 51 Club laws (§2, §3)
    assert len([i for i in ids if i.startswith("OH-")]) == 8
    assert len([i for i in ids if i.startswith("HGIE-")]) == 26
    assert len([i for i in ids if i.startswith("CLUB-")]) == 51
    missing = [i for i in ids if i not in (OH if not i.startswith("CLUB") else CLUB)]
    assert missing == []
    here = Path(__file__).resolve().parent
    names = "".join(p.read_text(encoding="utf-8") for p in here.glob("test_laws_*.py"))
    untested = [i for i in ids if f"def test_{i.replace('-', '_')}_" not in names]
    assert untested == []


def procedure(law_id: str) -> None:
    law = CLUB[law_id]
    assert law.rule is None and law.kinds == () and law.engine


# -- CLUB-1 … CLUB-21 ------------------------------------------------------------------

def test_CLUB_1_shuffling_procedure() -> None:
    procedure("CLUB-1")


def test_CLUB_2_improper_shuffle_reshuffled_no_penalty() -> None:
    s = at_turn(C)
    r = the_ruling(act(s, "REPORT improper_shuffle"), "CLUB-2")
    assert not r.effects and not r.points and s.phase == "turn_up"


def test_CLUB_3_short_cut_cut_again() -> None:
    s = new(C, referee=True)
    act(s, *CUT)
    r = the_ruling(act(s, "REPORT short_cut"), "CLUB-3")
    assert "again" in r.text and r.parameter == "cut_min" and s.phase == "deal"


def test_CLUB_4_several_cards_shown_cut_again_for_deal() -> None:
    s = new(C, referee=True)
    act(s, "CUT 9C")
    r = the_ruling(act(s, "REPORT cut_exposed"), "CLUB-4")
    assert "again" in r.text and s.cuts == [None, None]


def test_CLUB_5_higher_ecarte_card_deals() -> None:
    procedure("CLUB-5")
    s = new(C)
    act(s, "CUT AH", "CUT 10S")  # the ace is above the ten
    assert s.dealer == 0


def test_CLUB_6_cut_for_deal_stands_with_imperfect_pack() -> None:
    procedure("CLUB-6")
    s = new(C, referee=True)
    act(s, "CUT 9C")
    r = the_ruling(act(s, "REPORT imperfect_pack"), "CLUB-45")
    assert not r.effects and s.cuts[0] == Card.parse("9C")
    s = at_turn(C)
    act(s, "REPORT imperfect_pack")
    assert s.dealer == DEALER  # the void deal does not undo the cut


def test_CLUB_7_card_exposed_in_cutting_to_dealer() -> None:
    s = new(C, referee=True)
    act(s, *CUT)
    r = the_ruling(act(s, "REPORT exposed_in_cut"), "CLUB-7")
    assert "again" in r.text and s.phase == "deal"


def test_CLUB_8_pattern_fixed_for_the_game() -> None:
    procedure("CLUB-8")
    s = new(C)
    act(s, *CUT, "DEAL 23 KS QS JS 7H 7D AS 9S KH QH KD")
    assert s.pattern == 23


def test_CLUB_9_wrong_count_or_order_before_turn_up() -> None:
    s = new(C, referee=True)
    s.pattern = 23
    act(s, *CUT)
    r = the_ruling(act(s, "DEAL 32 KS QS JS 7H 7D AS 9S KH QH KD"), "CLUB-9")
    assert r.decision is not None and r.decision.seat == ELDER
    assert words(r) == ["fresh_deal", "rectify"]
    act(s, "CHOOSE rectify")
    assert s.phase == "turn_up"
    s = at_turn(C)
    act(s, "REPORT too_few 1 AS")
    act(s, "CHOOSE rectify")
    assert len(s.hands[DEALER]) == 5 and Card.parse("AS") in s.hands[DEALER]
    s = at_turn(C)
    act(s, "REPORT misdeal", "CHOOSE fresh_deal")
    assert (s.phase, s.dealer, s.deal_number) == ("deal", DEALER, 2)


def test_CLUB_10_turn_up_procedure() -> None:
    procedure("CLUB-10")
    s = at_proposal(C)
    assert str(s.turn_up) == "8S"


def test_CLUB_11_several_turned_names_the_dealer_or_no_seat() -> None:
    s = at_proposal(C)
    before = list(s.history)
    with pytest.raises(IllegalAction, match=f"the dealer turns up \\(seat {DEALER}\\)"):
        act(s, f"REPORT several_turned {ELDER} 9D")
    assert s.history == before
    the_ruling(act(s, f"REPORT several_turned {DEALER} 9D"), "CLUB-11")


def test_CLUB_11_several_turned_choose_trump_or_fresh_deal() -> None:
    s = at_proposal(C)
    r = the_ruling(act(s, "REPORT several_turned 9D"), "CLUB-11")
    assert words(r) == ["trump", "trump", "fresh_deal"]
    # the options are shown as they are typed: which card is trump is part of the choice
    assert EcarteText().referee_prompt(s, ["Ann", "Bob"]).endswith(
        "[trump 8S/trump 9D/fresh_deal]: ")
    with pytest.raises(IllegalAction, match="choose one of: trump 8S, trump 9D, fresh_deal"):
        act(s, "CHOOSE trump")
    act(s, "CHOOSE trump 8S")  # the turn-up stays; 9D is set aside
    assert str(s.turn_up) == "8S" and Card.parse("9D") in s.set_aside
    # Once the elder hand has looked at his hand, a fresh deal is compulsory (the engine
    # takes him to have looked once he has acted; the ruling on those facts):
    r = CLUB.rule(Irregularity("several_turned", DEALER, "proposal",
                               {"dealer": DEALER, "elder_has_looked": True}))
    assert r.law == "CLUB-11" and r.new_deal and r.decision is None


def test_CLUB_12_faced_card_before_turn_up_fresh_deal() -> None:
    s = at_turn(C)
    r = the_ruling(act(s, "REPORT faced_card"), "CLUB-12")
    assert r.new_deal and s.phase == "deal" and s.dealer == DEALER
    s = at_proposal(C)
    assert not the_ruling(act(s, "REPORT faced_card"), "CLUB-12").effects


def test_CLUB_13_dealer_exposes_cards() -> None:
    s = at_turn(C)
    r = the_ruling(act(s, "REPORT exposed_own_card"), "CLUB-13")
    assert r.decision is None and not r.new_deal
    r = the_ruling(act(s, "REPORT exposed_elder_card"), "CLUB-13")
    assert words(r) == ["stand", "fresh_deal"]
    act(s, "CHOOSE fresh_deal")
    assert s.phase == "deal"
    s = at_play(C)
    assert not the_ruling(act(s, "REPORT exposed_elder_card"), "CLUB-13").effects


def test_CLUB_14_deal_out_of_turn_void_before_turn_up_stands_after() -> None:
    s = at_turn(C)
    r = the_ruling(act(s, "REPORT deal_out_of_turn 0"), "CLUB-14")
    assert r.new_deal and s.phase == "deal" and s.dealer == DEALER
    s = at_proposal(C)
    r = the_ruling(act(s, "REPORT wrong_pack"), "CLUB-14")
    assert not r.effects and "exchanged" in r.text and s.phase == "proposal"


def test_CLUB_15_elder_too_many_fresh_deal_or_lay_out() -> None:
    s = at_proposal(C)
    r = the_ruling(act(s, "REPORT too_many 0 9C"), "CLUB-15")
    assert r.decision is not None and r.decision.seat == ELDER
    assert words(r) == ["fresh_deal", "lay_out"]
    act(s, "CHOOSE lay_out", "DISCARD 9C")
    assert len(s.hands[ELDER]) == 5 and s.phase == "proposal"


def test_CLUB_16_elder_too_few_fresh_deal_or_complete() -> None:
    s = at_proposal(C)
    r = the_ruling(act(s, "REPORT too_few 0 7D"), "CLUB-16")
    assert words(r) == ["fresh_deal", "complete"]
    act(s, "CHOOSE complete", "DRAW 9C")
    assert len(s.hands[ELDER]) == 5


def test_CLUB_17_dealer_too_many_fresh_deal_or_elder_draws() -> None:
    s = at_proposal(C)
    r = the_ruling(act(s, "REPORT too_many 1 9C"), "CLUB-17")
    assert r.decision is not None and r.decision.seat == ELDER
    assert words(r) == ["fresh_deal", "draw"]
    act(s, "CHOOSE draw")
    assert s.current_player == CHANCE
    act(s, "TAKE QH")
    assert len(s.hands[DEALER]) == 5


def test_CLUB_18_dealer_too_few_fresh_deal_or_complete() -> None:
    s = at_proposal(C)
    r = the_ruling(act(s, "REPORT too_few 1 KD"), "CLUB-18")
    assert words(r) == ["fresh_deal", "complete"]
    act(s, "CHOOSE complete", "DRAW 9C")
    assert len(s.hands[DEALER]) == 5


def test_CLUB_19_no_turned_king_after_wrong_deal_kept() -> None:
    s = at_turn(C, deal="DEAL 32 QS JS 7H 7D 8D AS 9S KH QH KD")
    act(s, "TURN KS")
    assert scores(s) == (0, 1)  # the turned king marked
    act(s, "REPORT too_many 0 9C")  # CLUB-15
    ev = act(s, "CHOOSE lay_out")
    r = the_ruling([e for e in ev if e.source == "CLUB-19"], "CLUB-19")
    assert r.effect(NoKing) == NoKing(DEALER) and scores(s) == (0, 0)
    s = at_turn(C, deal="DEAL 32 QS JS 7H 7D 8D AS 9S KH QH KD")
    act(s, "TURN KS", "REPORT too_many 0 9C", "CHOOSE fresh_deal")
    assert scores(s) == (0, 0) and s.phase == "deal"  # the fresh deal voids the king


def test_CLUB_20_elder_wrong_count_in_play_fresh_deal_compulsory() -> None:
    s = at_play(C)
    act(s, "PLAY 7H", "PLAY KH")
    r = the_ruling(act(s, "REPORT too_many 0 9C"), "CLUB-20")
    assert r.new_deal and r.decision is None and s.phase == "deal"


def test_CLUB_21_dealer_wrong_count_in_play_elder_may_claim_fresh_deal() -> None:
    s = at_play(C)
    act(s, "PLAY 7H", "PLAY KH")
    r = the_ruling(act(s, "REPORT too_few 1 KD"), "CLUB-21")
    assert words(r) == ["fresh_deal", "play_on"]
    act(s, "CHOOSE play_on")
    assert s.phase == "play" and len(s.hands[DEALER]) == 3


# -- CLUB-22 … CLUB-25 -----------------------------------------------------------------

def test_CLUB_22_turned_king_marked_until_next_turn_up() -> None:
    procedure("CLUB-22")
    deal = "DEAL 32 QS JS 7H 7D 8D AS 9S KH QH KD"
    s = at_turn(C, deal=deal, turned_king_marking="manual")
    act(s, "TURN KS")
    assert scores(s) == (0, 0)  # manual marking: not yet marked
    act(s, "STAND", "PLAY 7H", "PLAY KH", "KING 1")  # marked later in the deal
    assert scores(s) == (0, 1)
    s = at_turn(C, deal=deal, turned_king_marking="manual")
    act(s, "TURN KS", "STAND", "REPORT abandoned 0")  # the hand ends: dealer marks 2
    assert s.turned_king_open == DEALER and s.phase == "deal"
    act(s, "DEAL 32 AS 9S KH QH KD 7C 8C 9C TC AC")
    ev = act(s, "TURN 7D")  # the next turn-up: the king is lost
    assert [e.kind for e in ev][0] == "king_lost"
    with pytest.raises(IllegalAction):
        s.apply(Action("KING", n=DEALER))


def test_CLUB_23_held_king_announced_before_first_card() -> None:
    s = at_play(C)
    act(s, "PLAY KS", "PLAY 9S", "PLAY 7H", "PLAY KH")
    r = the_ruling(act(s, "KING 0"), "CLUB-23")  # after his second card: too late
    assert not r.effects and scores(s) == (0, 0)


def test_CLUB_24_king_led_first_may_be_announced_until_played_to() -> None:
    procedure("CLUB-24")
    s = at_play(C, referee=False)
    act(s, "PLAY KS", "KING 0")  # out of turn, before the dealer plays to it
    assert scores(s) == (1, 0)
    s = at_play("oh", referee=False)  # HGIE-5: before the holder plays, no extension
    act(s, "PLAY KS")
    with pytest.raises(IllegalAction, match="too late"):
        s.apply(Action("KING", n=ELDER))


def test_CLUB_25_false_king_corrected_and_replay_option() -> None:
    s = at_proposal(C, turn="TURN 8C")  # clubs trumps: nobody holds KC
    act(s, "STAND", "PLAY 7H", "KING 1")
    assert scores(s) == (0, 0)  # a false king is never marked
    r = the_ruling(act(s, "PLAY KH"), "CLUB-25")
    assert r.effect(NoKing) == NoKing(DEALER)
    assert r.decision is not None and r.decision.seat == ELDER
    assert words(r) == ["replay", "stand"]
    assert scores(s) == (0, 0) and not r.points  # corrected; no point to the adversary
    act(s, "CHOOSE replay")
    assert s.played == [] and s.reduced == {DEALER: "club"} and s.current_player == ELDER
    s = at_play(C, deal="DEAL 32 AS 9S KH QH KD KS QS JS 7H 7D")  # the dealer holds KS
    act(s, "KING 0")  # the elder hand announces it falsely, then plays a card
    r = the_ruling(act(s, "PLAY KH"), "CLUB-25")
    assert r.decision is None and "no penalty" in r.text


# -- CLUB-26 … CLUB-38 -----------------------------------------------------------------

def test_CLUB_26_proposal_binding_unlimited() -> None:
    procedure("CLUB-26")
    s = at_proposal(C, referee=False)
    act(s, "PROPOSE")
    assert all(a.verb in ("ACCEPT", "REFUSE") for a in s.legal_actions())
    act(s, "ACCEPT", "DISCARD 7D", "DRAW 7C", "DISCARD", "PROPOSE")  # again
    assert s.proposals == 2


def test_CLUB_27_dealer_must_say_how_many_he_took() -> None:
    procedure("CLUB-27")
    s = at_proposal(C, referee=False)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C", "DISCARD KD QH", "DRAW 8C 9C")
    assert s.view(ELDER).taken == (1, 2)


def test_CLUB_28_discards_apart_and_unseen() -> None:
    procedure("CLUB-28")
    s = at_proposal(C, referee=False)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C", "DISCARD KD", "DRAW 8C")
    assert s.view(ELDER).discards == (Card.parse("7D"),)
    assert Card.parse("KD") not in s.view(ELDER).discards


def test_CLUB_29_elder_takes_more_than_laid_out() -> None:
    s = at_proposal(C)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 2 7D")
    r = the_ruling(act(s, "DRAW 7C 8C"), "CLUB-29")
    assert r.decision is not None and r.decision.seat == DEALER
    assert words(r) == ["fresh_deal", "draw"] and not r.points
    act(s, "CHOOSE draw", "TAKE 8C")
    assert len(s.hands[ELDER]) == 5


def test_CLUB_30_elder_asks_fewer_dealer_cards_unanswered_are_tricks() -> None:
    s = at_proposal(C)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 1 7H 7D")
    r = the_ruling(act(s, "DRAW 7C"), "CLUB-30")  # he holds four
    assert r.decision is None and not r.points
    act(s, "DISCARD", "STAND")
    # Elder KS QS JS 7C vs dealer AS 9S KH QH KD (trumps spades):
    act(s, "PLAY KS", "PLAY 9S", "PLAY QS", "PLAY AS", "PLAY JS", "PLAY KH",
        "PLAY 7C", "PLAY QH")  # elder 4 tricks (7C/QH: dealer void in clubs, no trump)
    # the dealer's KD cannot be answered: it counts as a trick for the dealer; elder 4-1
    assert scores(s) == (1, 0)


def test_CLUB_31_dealer_gives_too_many() -> None:
    s = at_proposal(C)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D")
    r = the_ruling(act(s, "DRAW 7C 8C"), "CLUB-31")
    assert r.decision is not None and r.decision.seat == ELDER
    assert words(r) == ["fresh_deal", "lay_out"]
    act(s, "CHOOSE fresh_deal")
    assert (s.phase, s.dealer) == ("deal", DEALER)


def test_CLUB_32_dealer_gives_too_few() -> None:
    s = at_proposal(C)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7H 7D")
    r = the_ruling(act(s, "DRAW 7C"), "CLUB-32")
    assert words(r) == ["fresh_deal", "complete"]
    act(s, "CHOOSE complete", "DRAW 8C")
    assert len(s.hands[ELDER]) == 5 and s.current_player == DEALER


def test_CLUB_33_dealer_takes_more_than_laid_out() -> None:
    s = at_proposal(C)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C", "DISCARD KD")
    r = the_ruling(act(s, "DRAW 8C 9C"), "CLUB-33")
    assert r.decision is not None and r.decision.seat == ELDER
    assert words(r) == ["fresh_deal", "draw"]
    act(s, "CHOOSE draw", "TAKE 9C")
    assert len(s.hands[DEALER]) == 5


def test_CLUB_34_dealer_takes_too_few() -> None:
    s = at_proposal(C)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C", "DISCARD KD QH")
    r = the_ruling(act(s, "DRAW 8C"), "CLUB-34")
    assert r.decision is not None and r.decision.seat == DEALER
    assert words(r) == ["complete", "play_short"]
    act(s, "CHOOSE play_short")
    assert len(s.hands[DEALER]) == 4 and s.phase == "proposal"


def test_CLUB_35_faced_card_in_stock_set_aside() -> None:
    s = at_proposal(C)
    act(s, "PROPOSE", "ACCEPT")
    r = the_ruling(act(s, "REPORT faced_in_stock 9C"), "CLUB-35")
    assert r.effect(SetAside) is not None and Card.parse("9C") in s.set_aside
    assert Card.parse("9C") not in s.stock() and len(s.stock()) == 20


def test_CLUB_36_cards_exposed_in_exchange() -> None:
    s = at_proposal(C)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C")
    r = the_ruling(act(s, "REPORT exposed_in_exchange 0 7C"), "CLUB-36")
    assert words(r) == ["take", "refuse"]
    act(s, "CHOOSE refuse", "DRAW 8C")
    assert Card.parse("7C") in s.set_aside and Card.parse("8C") in s.hands[ELDER]
    assert len(s.hands[ELDER]) == 5
    s = at_proposal(C)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C", "DISCARD KD", "DRAW 8C")
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7C", "DRAW 9C", "DISCARD QH")
    r = the_ruling(act(s, "REPORT exposed_in_exchange 1 8C"), "CLUB-36")
    assert r.decision is None and "keep" in r.text


def test_CLUB_37_card_turned_in_exchange_no_refusal() -> None:
    s = at_proposal(C)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C", "DISCARD KD", "DRAW 8C")
    r = the_ruling(act(s, "REPORT card_turned_in_exchange 9C"), "CLUB-37")
    assert r.effect(NoRefusal) == NoRefusal(DEALER)
    act(s, "PROPOSE")
    assert [str(a) for a in s.legal_actions()] == ["ACCEPT"]
    with pytest.raises(IllegalAction, match="CLUB-37"):
        s.apply(Action("REFUSE"))


def test_CLUB_38_stock_cannot_serve_both() -> None:
    procedure("CLUB-38")
    s = at_proposal(C, referee=False)
    for _ in range(2):
        act(s, "PROPOSE", "ACCEPT", "DISCARD " + " ".join(map(str, s.hands[ELDER])))
        s.apply(Action("DRAW", tuple(s.stock()[:5])))
        act(s, "DISCARD " + " ".join(map(str, s.hands[DEALER])))
        s.apply(Action("DRAW", tuple(s.stock()[:5])))
    act(s, "PROPOSE", "ACCEPT", f"DISCARD {s.hands[ELDER][0]}")
    s.apply(Action("DRAW", tuple(s.stock())))  # the last card: the dealer plays as he is
    assert s.phase == "play" and len(s.hands[DEALER]) == 5


# -- CLUB-39 … CLUB-45 -----------------------------------------------------------------

def test_CLUB_39_revoke_taken_back_before_next_lead() -> None:
    s = at_play(C)
    act(s, "PLAY 7H", "PLAY KD")  # a revoke: he holds hearts
    r = the_ruling(act(s, "REPORT retracted_card 1"), "CLUB-39")
    assert r.effect(TakeBack) == TakeBack(DEALER, Card.parse("KD"))
    act(s, "PLAY QH")
    assert s.revokes == [] and s.tricks == [0, 1]
    s = at_play(C)
    act(s, "PLAY 7H", "PLAY KH")  # a legal card may not be taken back
    assert not the_ruling(act(s, "REPORT retracted_card 1"), "CLUB-39").effects


def test_CLUB_40_lead_out_of_turn() -> None:
    s = at_play(C)
    r = the_ruling(act(s, "REPORT lead_out_of_turn 1"), "CLUB-40")
    assert not r.effects and s.current_player == ELDER


def test_CLUB_41_named_suit_mismatch() -> None:
    s = at_play(C)
    act(s, "PLAY 7H")
    r = the_ruling(act(s, "REPORT named_suit 0"), "CLUB-41")
    assert r.decision is not None and r.decision.seat == DEALER
    assert words(r) == ["play_to", "named"]
    act(s, "CHOOSE named")
    assert s.trick == [] and s.current_player == ELDER and Card.parse("7H") in s.hands[ELDER]


def test_CLUB_42_abandoned_hand_vole_or_point() -> None:
    s = at_play(C)
    r = the_ruling(act(s, "REPORT abandoned 0"), "CLUB-42")  # no trick: the vole, 2
    assert r.points == ((DEALER, 2),) and r.effect(HandOver) is not None and scores(s) == (0, 2)
    s = at_play(C)
    act(s, "PLAY KS", "PLAY 9S")  # the elder hand has one trick
    r = the_ruling(act(s, "REPORT abandoned 0"), "CLUB-42")
    assert r.points == ((DEALER, 1),)
    s = at_play(C)
    act(s, "PLAY KS", "PLAY 9S", "PLAY QS", "PLAY AS", "PLAY JS", "PLAY KD")
    r = the_ruling(act(s, "REPORT abandoned 0"), "CLUB-42")  # three tricks: a claim
    assert r.points == ((ELDER, 1),) and "not abandonment" in r.text


def test_CLUB_43_revoke_replay_with_reduced_scoring() -> None:
    s = at_play(C)
    act(s, "PLAY 7H", "PLAY KD", "PLAY KS", "PLAY 9S", "PLAY QS", "PLAY AS", "PLAY JS",
        "PLAY QH")
    r = the_ruling(act(s, "PLAY 7D", "PLAY KH"), "CLUB-43")
    assert words(r) == ["replay", "stand"] and r.decision is not None
    assert r.decision.seat == ELDER
    act(s, "CHOOSE stand")  # as played: elder 5 tricks, the vole
    assert scores(s) == (2, 0)


# The elder hand revokes at trick 2 and wins the point (trumps spades):
# 7D/KD dealer 1; KH led, elder holds 7H but trumps with KS: elder 1 (a revoke);
# QS/9S elder 2; JS/AS elder 3 (A is below J); 7H/QH dealer 2.
# The replay, legally: 7D/KD dealer 1; KH/7H dealer 2; QH, elder void must trump JS:
# elder 1; KS/9S elder 2; QS/AS elder 3: the point again.
REPLAY = ("PLAY 7D", "PLAY KD", "PLAY KH", "PLAY 7H", "PLAY QH", "PLAY JS", "PLAY KS",
          "PLAY 9S", "PLAY QS", "PLAY AS")


def test_CLUB_43_reduced_scale_in_replay() -> None:
    s = at_play(C)
    r = the_ruling(act(s, *ELDER_REVOKES), "CLUB-43")
    assert r.decision is not None and r.decision.seat == DEALER
    act(s, "CHOOSE replay")
    assert s.reduced == {ELDER: "club"}
    act(s, *REPLAY)
    assert scores(s) == (0, 0)  # the offender's point counts 0 in the replay
    s = at_play(C)
    act(s, *ELDER_REVOKES, "CHOOSE stand")
    assert scores(s) == (1, 0)  # the hand stands as played: his point


def test_CLUB_44_new_cards() -> None:
    s = at_turn(C)
    r = the_ruling(act(s, "REPORT new_cards 0"), "CLUB-44")
    assert "two new packs" in r.text and s.phase == "turn_up"


def test_CLUB_45_imperfect_pack_voids_the_deal() -> None:
    s = at_proposal(C, deal="DEAL 32 QS JS 7H 7D 8D AS 9S KH QH KD", turn="TURN KS")
    assert scores(s) == (0, 1)
    r = the_ruling(act(s, "REPORT imperfect_pack"), "CLUB-45")
    assert r.new_deal and r.void_deal_points
    assert scores(s) == (0, 0) and s.phase == "deal" and s.deal_number == 2


# -- CLUB-46 … CLUB-51 -----------------------------------------------------------------

def test_CLUB_46_game_of_five_values() -> None:
    procedure("CLUB-46")
    s = at_play(C, referee=False, game_values=True)
    s.scores = [4, 2]
    act(s, "PLAY KS", "PLAY 9S", "PLAY QS", "PLAY AS", "PLAY JS", "PLAY KD", "PLAY 7H",
        "PLAY KH", "PLAY QH", "PLAY 7D")
    assert s.result is not None and s.result.games == 2  # loser has 2: double


def test_CLUB_47_king_worth_one() -> None:
    procedure("CLUB-47")
    s = at_play(C, referee=False)
    act(s, "KING")
    assert scores(s) == (1, 0)


def test_CLUB_48_point_and_vole() -> None:
    procedure("CLUB-48")
    from hoyle.ecarte.scoring import hand_points
    assert hand_points(4, 1) == 1 and hand_points(5, 0) == 2


def test_CLUB_49_stand_and_first_refusal_only() -> None:
    procedure("CLUB-49")
    assert CLUB.params["refusal_penalty_scope"] == "first"
    s = at_proposal(C, referee=False)
    assert s.penalty_scope() == "first"


def test_CLUB_50_omitted_score() -> None:
    s = at_play(C)
    r = the_ruling(act(s, "REPORT omitted_score 0"), "CLUB-50")
    assert not r.effects and scores(s) == (0, 0)


def test_CLUB_51_admitted_overscore_taken_down() -> None:
    s = at_play(C)
    s.scores = [2, 1]
    r = the_ruling(act(s, "REPORT overscore 1"), "CLUB-51")
    assert r.peg_back == (DEALER, 1) and scores(s) == (2, 0)


def test_report_refused_outside_referee_mode() -> None:
    s = at_proposal(C, referee=False)
    with pytest.raises(IllegalAction, match="referee"):
        s.apply(Action.parse("REPORT misdeal"))


def test_ecarte_state_type() -> None:
    assert isinstance(at_turn(C), EcarteState)
