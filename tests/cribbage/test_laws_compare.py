"""The same situations ruled under the ``EW`` and the ``ACC`` codes.

``shared/laws/cribbage.md`` §4 tables the engine parameters where the two codes differ. For
the irregularities below each test builds one situation, plays it on a real
:class:`CribbageState` under each code, and checks that each code gives the answer §4
predicts for it (and that the two answers differ). Expected values are worked out from the
catalogue by hand (the comments say how).

The standard situation (as in ``test_laws_ew.py`` and ``test_laws_acc.py``): ``CUT 9C``,
``CUT 2D`` make seat 1 the dealer; the pone keeps 5H 5C 5S JD, the dealer 4H 5D 6D TH,
the crib is 2C 3C QC KD; with starter 9S the pone's hand is 14, the dealer's 9, the crib 4.
"""

from __future__ import annotations

import pytest

from hoyle.cribbage.laws import ACC, EW, get_code
from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import CHANCE
from hoyle.engine.laws import LawCode

from helpers.cribbage_laws import (CUT, DEAL, DEALER, DISCARDS, FIRST_COUNT, PONE,
                                   SECOND_COUNT, SHOW, act, play_deal, steer)
from helpers.rulings import the_ruling

MUGGINS = get_code("acc", muggins="acc")


def started(code: LawCode, referee: bool = True) -> CribbageState:
    s = CribbageState(laws=code, manual_count=True, referee=referee)
    act(s, *CUT)
    assert (s.dealer, s.phase) == (DEALER, "deal")
    return s


def second_deal(code: LawCode) -> CribbageState:
    """At the second deal (seat 0 deals), scores (19, 16)."""
    s = started(code)
    act(s, DEAL, *DISCARDS, "STARTER 9S", *FIRST_COUNT, *SECOND_COUNT, *SHOW)
    assert (s.scores, s.dealer, s.deal_number) == ((19, 16), 0, 2)
    return s


def steered(code: LawCode, score0: int, score1: int) -> CribbageState:
    s = started(code, referee=False)
    steer(s, score0, score1)
    return s


# -- misdeal before the starter: EW-iii vs ACC-4.4(a) --------------------------------------

def test_EW_iii_vs_ACC_4_4a_misdeal_before_the_starter() -> None:
    results = {}
    for code in (EW, ACC):
        s = started(code)
        act(s, DEAL, DISCARDS[0])
        events = act(s, "REPORT misdeal")
        results[code.name] = (s, events)
    ew, ew_events = results["ew"]
    r = the_ruling(ew_events, "EW-iii")
    # EW-iii: "the penalty for which is the taking of two points by the non-dealer"; a
    # new deal by the same dealer
    assert r.points == ((PONE, 2),) and r.new_deal
    assert ew.scores == (2, 0) and (ew.dealer, ew.deal_number, ew.phase) == (DEALER, 2, "deal")
    acc, acc_events = results["acc"]
    r = the_ruling(acc_events, "ACC-4.4(a)")
    # ACC-4.4(a): the same dealer deals again, no points
    assert r.points == () and r.new_deal
    assert acc.scores == (0, 0) and (acc.dealer, acc.deal_number) == (DEALER, 2)
    assert acc.current_player == CHANCE and ew.current_player == CHANCE


# -- wrong number of cards found after the starter: EW-iii extended vs ACC-4.4(b) ----------

def test_EW_iii_extended_vs_ACC_4_4b_wrong_count_after_the_starter() -> None:
    results = {}
    for code in (EW, ACC):
        s = second_deal(code)  # (19, 16); seat 0 deals, seat 1 is the pone
        act(s, DEAL, *DISCARDS, "STARTER 9S", *FIRST_COUNT)
        # this deal so far: seat 0 (dealer) 2 for a fifteen; seat 1 (pone) 2 + 1
        assert s.scores == (21, 19)
        results[code.name] = (s, act(s, "REPORT wrong_count"))
    ew, ew_events = results["ew"]
    r = the_ruling(ew_events, "EW-iii")
    # EW-iii extended (wrong_count_after_starter): the non-dealer (seat 1) +2, a new deal
    # by the same dealer; the points pegged in the deal stand
    assert r.points == ((1, 2),) and r.new_deal and not r.void_deal_points
    assert ew.scores == (21, 21)
    acc, acc_events = results["acc"]
    r = the_ruling(acc_events, "ACC-4.4(b)")
    # ACC-4.4(b) (2025, 4.4.d(9)): all pegging of the deal retracted, same dealer redeals
    assert r.points == () and r.new_deal and r.void_deal_points
    assert acc.scores == (19, 16)
    for s in (ew, acc):
        assert (s.dealer, s.deal_number, s.phase) == (0, 3, "deal")


# -- renege: EW-xxi vs ACC-7.3 ---------------------------------------------------------------

def test_EW_xxi_vs_ACC_7_3_renege() -> None:
    results = {}
    for code in (EW, ACC):
        s = started(code)
        act(s, DEAL, *DISCARDS, "STARTER 9S", "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 2",
            "PLAY 5H", "CLAIM 2")
        assert (s.count, s.scores) == (20, (2, 2))
        # the dealer holds 4H 6D TH, all fit (24, 26, 30), and says go; the pone claims
        results[code.name] = (s, act(s, "GO", "REPORT renege 1"))
    ew, ew_events = results["ew"]
    r = the_ruling(ew_events, "EW-xxi")
    # EW-xxi: "forfeits two holes": 2 to the pone, once; nothing taken back, the go stands
    assert r.points == ((PONE, 2),) and r.decision is None
    assert ew.scores == (4, 2)
    assert (ew.phase, ew.current_player, ew.passed) == ("play", PONE, [False, True])
    assert len(ew.hands[DEALER]) == 3
    acc, acc_events = results["acc"]
    r = the_ruling(acc_events, "ACC-7.3")
    # ACC-7.3: 2 for each card that could singly have been played: 6; the pone chooses
    # whether the reneged cards are dead or played
    assert r.points == ((PONE, 6),) and r.decision is not None and r.decision.seat == PONE
    assert acc.scores == (8, 2)
    assert (acc.phase, acc.current_player) == ("decision", PONE)
    dead, played = acc.clone(), acc.clone()
    act(dead, "CHOOSE dead")  # the cards take no further part in the play; the go stands
    assert dead.hands[DEALER] == [] and dead.passed == [False, True]
    assert (dead.phase, dead.current_player, dead.scores) == ("play", PONE, (8, 2))
    act(played, "CHOOSE played")  # the offender must play
    assert (played.phase, played.current_player, played.scores) == ("play", DEALER, (8, 2))
    assert sorted(str(a) for a in played.legal_actions()) == ["PLAY 4H", "PLAY 6D", "PLAY TH"]


# -- overclaim reaching 121 falsely: EW-xvi vs ACC-8.4.a/b ----------------------------------

def test_EW_xvi_vs_ACC_8_4_a_b_false_claim_of_game() -> None:
    results = {}
    for code in (EW, ACC):
        s = steered(code, 106, 0)
        play_deal(s, "9S", {}, stop_at=(0, "hand"))  # play points left unclaimed
        assert s.scores == (106, 0)
        # 14 due: 106 + 14 = 120 is short of game; claiming 15 pegs into the game hole
        results[code.name] = (s, act(s, "CLAIM 15"))
    ew, ew_events = results["ew"]
    r = the_ruling(ew_events, "EW-xvi")
    # EW-xvi: "scores a game as won when, in fact, it is not won, loses it"
    assert r.loses_game == 0
    assert ew.is_terminal() and ew.result is not None
    assert (ew.result.winner, ew.result.forfeit) == (1, "EW-xvi")
    acc, acc_events = results["acc"]
    r = the_ruling(acc_events, "ACC-8.4.b")
    # ACC-8.4.b: the game goes on; the adversary receives the 1 point overclaimed; the
    # offender's peg goes to his true score (120) and back 15
    assert r.loses_game is None and r.peg_back == (0, 15) and r.points == ((1, 1),)
    assert not acc.is_terminal() and acc.result is None
    assert acc.scores[1] == 1
    assert acc.scores[0] == 120 - 15


# -- underclaim: EW-x vs ACC without muggins vs ACC with muggins -----------------------------

@pytest.mark.parametrize("what", ["play", "hand"])
def test_EW_x_vs_ACC_10_4_a_underclaim_with_and_without_muggins(what: str) -> None:
    results = {}
    for name, code in (("ew", EW), ("acc", ACC), ("muggins", MUGGINS)):
        s = started(code, referee=False)
        act(s, DEAL, *DISCARDS, "STARTER 9S")
        if what == "play":
            act(s, "PLAY JD", "CLAIM 0", "PLAY 5D")
            claim, before, claimer, adversary = "CLAIM 0", (0, 0), DEALER, PONE  # 2 due
        else:
            act(s, *FIRST_COUNT, *SECOND_COUNT)
            claim, before, claimer, adversary = "CLAIM 10", (5, 3), PONE, DEALER  # 14 due
        assert s.scores == before
        results[name] = (s, act(s, claim))
    short = 2 if what == "play" else 4
    claimed = 0 if what == "play" else 10
    expected_lost = list(before)
    expected_lost[claimer] += claimed
    # EW-x: no penalty for taking too few; the rest is not scored and the adversary
    # cannot take it
    ew, ew_events = results["ew"]
    r = the_ruling(ew_events, "EW-x")
    assert r.points == () and r.decision is None
    assert ew.scores == tuple(expected_lost) and ew.phase in ("play", "claim")
    # ACC without muggins (the default, ACC-10.1): the points are lost (ACC-8.3)
    acc, acc_events = results["acc"]
    r = the_ruling(acc_events, "ACC-8.3")
    assert r.points == () and r.decision is None
    assert acc.scores == tuple(expected_lost) and acc.phase in ("play", "claim")
    # ACC with muggins announced: the adversary may call muggins and take the points
    mug, mug_events = results["muggins"]
    r = the_ruling(mug_events, "ACC-10.4.a")
    assert r.decision is not None and r.decision.seat == adversary
    assert (mug.phase, mug.current_player) == ("decision", adversary)
    taken = mug.clone()
    act(taken, "CHOOSE muggins")
    expected_taken = list(expected_lost)
    expected_taken[adversary] += short
    assert taken.scores == tuple(expected_taken)
    left = mug.clone()
    act(left, "CHOOSE pass")
    assert left.scores == tuple(expected_lost)
