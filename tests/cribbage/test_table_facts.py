"""The facts of the table (issue 15, item 2): who dealt, who was dealt to first, who cut,
who led, a hand and the crib swapped, entered as ``FACT word SEAT`` (or reported) and acted
on in the state; every ruling whose words name a remedy that changes the game does it
(recut, the deal's roles, points, the lead taken back, play on with the crib's cards, the
discard made again). Each test checks the state afterwards.

Cut 9C (seat 0) / 2D (seat 1): seat 1 deals. DEAL gives the first six cards to the seat on
the dealer's left: 5H 5C 5S JD 2C 3C, then 5D TH 4H 6D QC KD to the dealer; the pone lays
away 2C 3C, the dealer QC KD.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from hoyle.cribbage.laws import get_code
from hoyle.cribbage.records import replay_record
from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.laws import LawCode
from hoyle.errors import IllegalAction

from helpers.cribbage_laws import CUT, DEAL, DISCARDS, act
from helpers.rulings import only_ruling

EW, ACC = get_code("ew"), get_code("acc")


def new(code: LawCode) -> CribbageState:
    s = CribbageState(laws=code, referee=True)
    act(s, *CUT)
    assert s.dealer == 1
    return s


def cards(cs: Iterable[object]) -> list[str]:
    return sorted(map(str, cs))


# -- who dealt: the deal's roles, and his heels to the player who really dealt -------------

@pytest.mark.parametrize("code", [EW, ACC], ids=["EW", "ACC"])
def test_deal_out_of_turn_not_covered_the_seat_who_dealt_deals(code: LawCode) -> None:
    s = new(code)
    r = only_ruling(act(s, "FACT dealt_by 0"))  # seat 0 dealt, not seat 1
    assert not r.covered and r.law == code.name.upper() and "not covered" in r.text
    assert s.dealer == 0 and s.pone() == 1
    act(s, DEAL)  # the first six to the new pone, seat 1
    assert cards(s.hands[1]) == cards("5H 5C 5S JD 2C 3C".split())
    assert s.current_player == 1  # the pone lays away first (EW-viii)
    act(s, "DISCARD 2C 3C", "DISCARD QC KD", "STARTER JS", "HEELS")
    assert s.scores == (2, 0)  # his heels to seat 0, who dealt
    assert s.current_player == 1  # the pone leads


def test_EW_xii_heels_already_pegged_go_to_the_player_who_really_dealt() -> None:
    s = new(EW)
    act(s, DEAL, *DISCARDS, "STARTER JS", "HEELS")
    assert s.scores == (0, 2)  # pegged to seat 1, the dealer by the record
    events = act(s, "FACT dealt_by 0")  # found before the first card: seat 0 dealt
    assert s.scores == (2, 0) and s.dealer == 0 and s.current_player == 1
    assert [e.kind for e in events].count("fact") == 1
    # the crib is seat 0's now, and the next deal passes on from him to seat 1
    assert (s.dealer + 1) % 2 == 1


def test_facts_are_recorded_and_replay() -> None:
    s = new(EW)
    texts = ["FACT dealt_by 0", DEAL, "FACT dealt_first 0", "DISCARD 2C 3C",
             "DISCARD QC KD", "FACT cut_by 1", "STARTER JS", "HEELS", "FACT led_by 1"]
    events = act(s, *texts)
    state, replayed = replay_record(s.to_record())
    assert replayed[-len(events):] == events and state.scores == s.scores == (2, 0)
    assert [str(a) for a in state.history[2:]] == texts
    assert state.dealer == 0 and state.current_player == 1


def test_fact_refused_once_the_play_has_begun() -> None:
    s = new(EW)
    act(s, DEAL, *DISCARDS, "STARTER 9S", "PLAY JD", "CLAIM 0")
    with pytest.raises(IllegalAction, match="before the first card"):
        s.apply(Action.parse("FACT dealt_by 0"))


# -- who was dealt to first -----------------------------------------------------------------

def test_deal_order_dealer_first_not_covered_deal_stands() -> None:
    s = new(ACC)
    act(s, DEAL)
    r = only_ruling(act(s, "FACT dealt_first 1"))  # the dealer dealt himself first
    assert not r.covered and r.points == () and s.phase == "discard"
    assert not [e for e in act(s, "FACT dealt_first 0") if e.kind == "ruling"]  # as it should be


# -- who cut ----------------------------------------------------------------------------

def test_ACC_3_3_the_dealer_cut_himself_pone_scores_2() -> None:
    s = new(ACC)
    r = only_ruling(act(s, "FACT cut_by 1"))
    assert r.law == "ACC-3.3" and r.points == ((0, 2),) and s.scores == (2, 0)


def test_EW_the_dealer_cut_himself_not_covered_cut_again() -> None:
    s = new(EW)
    r = only_ruling(act(s, "FACT cut_by 1"))
    assert not r.covered and "again" in r.text and s.scores == (0, 0) and s.phase == "deal"


def test_EW_starter_cut_by_the_dealer_recut_takes_the_starter_and_heels_back() -> None:
    s = new(EW)
    act(s, DEAL, *DISCARDS, "STARTER JS", "HEELS")
    assert s.scores == (0, 2)
    r = only_ruling(act(s, "FACT cut_by 1"))  # the dealer, not the pone, cut for the starter
    assert not r.covered and "again" in r.text
    assert s.starter is None and (s.phase, s.current_player) == ("starter", CHANCE)
    assert s.scores == (0, 0)  # the heels of the void turn-up taken back
    act(s, "STARTER 9S")
    assert s.phase == "play" and str(s.starter) == "9S"


# -- who led: ACC-7.1.a-b ----------------------------------------------------------------

def test_ACC_7_1_ab_dealer_led_taken_back_before_both_played_two() -> None:
    s = new(ACC)
    act(s, DEAL, *DISCARDS, "STARTER 9S", "FACT led_by 1")
    assert s.current_player == 1  # the dealer leads, as at the table
    act(s, "PLAY 5D", "CLAIM 0", "PLAY 5H", "CLAIM 2")  # the pone pairs it: 2
    assert s.scores == (2, 0)
    r = only_ruling(act(s, "REPORT dealer_led"))
    assert r.law == "ACC-7.1.a–b"
    # the cards go back, the pair's 2 is taken back, the pone leads
    assert s.scores == (0, 0) and s.played == [] and s.count == 0
    assert (s.phase, s.current_player) == ("play", 0)
    assert cards(s.hands[0]) == cards("5H 5C 5S JD".split())
    assert cards(s.hands[1]) == cards("5D TH 4H 6D".split())


def test_ACC_7_1_ab_a_wrong_led_by_corrected_leaves_nothing_to_rule() -> None:
    """``FACT led_by`` entered wrongly, then corrected to the pone: the pone led in turn,
    so a later ``REPORT dealer_led`` finds no lead out of turn and takes nothing back."""
    s = new(ACC)
    act(s, DEAL, *DISCARDS, "STARTER 9S", "FACT led_by 1", "FACT led_by 0")
    assert s.current_player == 0 and s.wrong_lead is None
    act(s, "PLAY 5H", "CLAIM 0", "PLAY 5D", "CLAIM 2")  # the dealer pairs the pone's lead
    r = only_ruling(act(s, "REPORT dealer_led"))
    assert not r.effects and s.scores == (0, 2) and len(s.played) == 2 and s.count == 10


def test_ACC_7_1_ab_dealer_led_order_stands_once_both_played_two() -> None:
    s = new(ACC)
    act(s, DEAL, *DISCARDS, "STARTER 9S", "FACT led_by 1")
    act(s, "PLAY 5D", "CLAIM 0", "PLAY 5H", "CLAIM 2", "PLAY 4H", "CLAIM 0", "PLAY JD",
        "CLAIM 0")  # 5, 10, 14, 24: each has played two
    r = only_ruling(act(s, "REPORT dealer_led"))
    assert not r.effects and s.scores == (2, 0) and len(s.played) == 4 and s.count == 24


def test_EW_dealer_led_not_covered_the_play_stands() -> None:
    s = new(EW)
    act(s, DEAL, *DISCARDS, "STARTER 9S", "FACT led_by 1", "PLAY 5D", "CLAIM 0")
    r = only_ruling(act(s, "REPORT dealer_led"))
    assert not r.covered and r.law == "EW" and len(s.played) == 1 and s.count == 5
    assert "the play stands as led by the dealer" in r.text


def test_EW_dealer_led_reported_when_the_pone_led_nothing_to_rule() -> None:
    # Not covered by EW; the default must not say the dealer led when the pone did.
    s = new(EW)
    act(s, DEAL, *DISCARDS, "STARTER 9S", "PLAY 5H", "CLAIM 0")
    r = only_ruling(act(s, "REPORT dealer_led"))
    assert not r.covered and not r.effects
    assert "nothing to rule" in r.text and "stands as led" not in r.text
    assert len(s.played) == 1 and s.count == 5 and s.current_player == 1


# -- the crib: ACC-5.1.c, ACC-5.1.d, ACC-5.2.c -------------------------------------------

def test_ACC_5_1_c_wrong_side_discard_taken_back_and_laid_away_again() -> None:
    s = new(ACC)
    act(s, DEAL, "DISCARD 2C 3C")
    r = only_ruling(act(s, "REPORT wrong_side_discard 0"))
    assert r.law == "ACC-5.1.c" and r.points == ()
    assert len(s.hands[0]) == 6 and s.crib == [] and (s.phase, s.current_player) == (
        "discard", 0)
    act(s, "DISCARD 5H 5C")
    assert cards(s.crib) == ["5C", "5H"]


def test_ACC_5_1_d_crib_on_the_pone_side_after_both_played_roles_change() -> None:
    s = new(ACC)
    act(s, DEAL, *DISCARDS, "STARTER 9S", "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 2")
    r = only_ruling(act(s, "REPORT crib_misplaced"))
    assert r.law == "ACC-5.1.d"
    # the crib belongs to seat 0, on whose side it lay; seat 1 is pone and next dealer
    assert s.dealer == 0 and s.pone() == 1 and (s.dealer + 1) % 2 == 1
    assert s.current_player == 0 and s.count == 15  # the play goes on as it stood


def test_ACC_5_1_d_crib_on_the_pone_side_before_the_play_dealer_keeps_it() -> None:
    s = new(ACC)
    act(s, DEAL, *DISCARDS)
    only_ruling(act(s, "REPORT crib_misplaced"))
    assert s.dealer == 1


def test_ACC_5_2_c_hand_and_crib_swapped_after_the_play_began_plays_on_with_the_crib() -> None:
    s = new(ACC)
    act(s, DEAL, *DISCARDS, "STARTER 9S", "PLAY JD", "CLAIM 0")
    r = only_ruling(act(s, "REPORT hand_crib_swapped"))
    assert r.law == "ACC-5.2.c" and r.points == ((0, 2),) and s.scores == (2, 0)
    assert cards(s.hands[1]) == cards("2C 3C QC KD".split())
    assert cards(s.crib) == cards("5D TH 4H 6D".split())
    act(s, "PLAY QC", "CLAIM 0")  # he plays on with the crib's cards: 20
    assert s.count == 20


def test_ACC_5_2_c_hand_and_crib_swapped_before_the_play_true_hand_played() -> None:
    s = new(ACC)
    act(s, DEAL, *DISCARDS)
    only_ruling(act(s, "REPORT hand_crib_swapped"))
    assert cards(s.hands[1]) == cards("5D TH 4H 6D".split()) and s.scores == (2, 0)


# -- EW-xxii: no forfeiture in a deal already void ------------------------------------------

def test_EW_xxii_no_forfeiture_when_the_deal_was_void_by_EW_iii() -> None:
    s = new(EW)
    act(s, DEAL)
    r = only_ruling(act(s, "REPORT misdeal"))
    assert r.law == "EW-iii" and s.phase == "deal" and s.deal_number == 2
    r = only_ruling(act(s, "REPORT hand_mixed_with_pack 0"))  # the void deal's hand
    assert r.law == "EW-xxii" and not r.effects and r.loses_game is None
    assert s.result is None and s.scores == (2, 0)


def test_EW_xxii_forfeiture_in_a_live_deal() -> None:
    s = new(EW)
    act(s, DEAL, *DISCARDS, "STARTER 9S")
    r = only_ruling(act(s, "REPORT hand_mixed_with_pack 0"))
    assert r.loses_game == 0 and s.result is not None and s.result.winner == 1
