"""Results by law code (issue 15 item 4): EW-xvii's lurch only when agreed, ACC-12.1's
skunk and double skunk (never a lurch), each code's scope (ACC-1.2: a two-hand code in
three- and four-hand play is marked out of scope), and a game started from given scores.

Every game here is one real deal from a chosen score (``start_scores``, dealer seat 1):
seat 0 (pone) keeps 5H 5C 5S JD, seat 1 (dealer) 4H 4S 6H 6S, starter KD, each plays his
first legal card. Worked by hand: 5C 4H 5H 4S 5S 6H (29: the dealer's 4S 5S 6H is a run of
3, then one for last: dealer +4), JD 6S (16, last card: dealer +1); the pone's hand:
fifteens 5-5-5, three 5-J, three 5-K (14), the pair royal of fives (6), his nobs JD with
the KD starter (1) = 21. So the dealer ends on his start + 5, the pone on his start + 21.
"""

from __future__ import annotations

import pytest

from hoyle.cribbage.laws import get_code
from hoyle.cribbage.records import replay_record
from hoyle.cribbage.results import scope_note, terms
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import Action
from hoyle.engine.laws import LawCode
from hoyle.errors import ParameterError

DEAL = ("DEAL 5H 5C 5S JD 2C 3C 4H 4S 6H 6S 8C 9C", "DISCARD 2C 3C", "DISCARD 8C 9C",
        "STARTER KD")


def won_by_pone(code: LawCode, start: tuple[int, int], **rules: object) -> CribbageState:
    """The deal above played from ``start`` (pone, dealer); the pone's hand wins."""
    r = CribbageRules(**rules)  # type: ignore[arg-type]
    s = CribbageState(r, laws=code, start_scores=start, first_dealer=1)
    for t in DEAL:
        s.apply(Action.parse(t))
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    assert s.result is not None and s.result.winner == 0
    return s


# -- EW-xvii: the lurch, only when agreed ----------------------------------------------------

@pytest.mark.parametrize("agreed", [True, False])
def test_EW_xvii_lurch_named_and_two_games_only_when_agreed(agreed: bool) -> None:
    # game of 61 from (60, 20): the dealer ends on 25 < 31
    s = won_by_pone(get_code("ew"), (60, 20), target=61, lurch_agreed=agreed)
    r = s.result
    assert r is not None and r.scores == (81, 25) and r.code == "ew"
    assert (r.lurch, r.games) == ((True, 2) if agreed else (False, 1))
    assert not r.skunk and not r.double_skunk and r.game_points == 0  # EW has no skunk
    assert r.marks == ()


def test_EW_xvii_no_lurch_when_the_loser_reached_31() -> None:
    s = won_by_pone(get_code("ew"), (60, 26), target=61, lurch_agreed=True)
    assert s.result is not None and s.result.scores == (81, 31)
    assert not s.result.lurch and s.result.games == 1


def test_EW_xvii_lurch_in_a_game_of_121_is_the_catalogue_default_marked() -> None:
    # §1.5: for 121 EW is silent; default loser below half the target (61)
    s = won_by_pone(get_code("ew"), (110, 55), lurch_agreed=True)
    r = s.result
    assert r is not None and r.scores == (131, 60) and r.lurch and r.games == 2
    assert r.marks == ("engine default: EW-xvii is for a game of 61; lurch_threshold 61 "
                       "(half the target)",)


# -- ACC-12.1: skunk and double skunk, never a lurch -------------------------------------------

@pytest.mark.parametrize("edition", ["web2008", "2020", "2025"])
@pytest.mark.parametrize("dealer, skunk", [(85, True), (86, False)])
def test_ACC_12_1_skunk_at_90_not_at_91_in_every_edition(edition: str, dealer: int,
                                                         skunk: bool) -> None:
    s = won_by_pone(get_code("acc", acc_edition=edition), (100, dealer), lurch_agreed=True)
    r = s.result
    assert r is not None and r.scores == (121, dealer + 5) and r.code == "acc"
    assert r.skunk is skunk and r.game_points == (3 if skunk else 2)
    assert not r.lurch and r.games == 1 and not r.double_skunk  # ACC has no lurch
    # the skunk line is tournament custom, not the catalogued rule text: marked
    assert r.marks == (("provisional: skunk_threshold 90 is tournament custom (ACC-12.1)",)
                       if skunk else ())


@pytest.mark.parametrize("edition", ["web2008", "2020", "2025"])
def test_ACC_12_1_double_skunk_off_by_default_in_every_edition(edition: str) -> None:
    s = won_by_pone(get_code("acc", acc_edition=edition), (100, 30))
    r = s.result
    assert r is not None and r.scores == (121, 35)
    assert r.skunk and not r.double_skunk and r.game_points == 3


@pytest.mark.parametrize("edition", ["web2008", "2020", "2025"])
@pytest.mark.parametrize("dealer, double", [(55, True), (56, False)])
def test_ACC_12_1_double_skunk_at_60_not_61_when_the_table_sets_it(
        edition: str, dealer: int, double: bool) -> None:
    s = won_by_pone(get_code("acc", acc_edition=edition), (100, dealer),
                    double_skunk_threshold=60)
    r = s.result
    assert r is not None and r.scores == (121, dealer + 5)
    assert r.double_skunk is double and r.skunk
    assert r.game_points == (4 if double else 3)
    if double:  # not in the catalogued text of any edition: marked with the edition
        assert r.marks == (f"provisional: double_skunk_threshold 60 is not in the "
                           f"catalogued rule text ({edition} edition)",)


def test_ACC_12_1_result_text_names_the_skunk_and_game_points_only() -> None:
    s = won_by_pone(get_code("acc"), (100, 60))
    over = s.to_record().result
    assert over is not None and over["code"] == "acc"
    events = replay_record(s.to_record())[1]
    line = next(e.reason for e in events if e.kind == "game_over")
    assert line == ("wins 121-65; skunk (ACC-12.1), 3 game points (ACC-12.1) "
                    "[provisional: skunk_threshold 90 is tournament custom (ACC-12.1)]")
    assert "lurch" not in line


def test_CRIB_R_13_without_a_code_both_lines_of_the_rules() -> None:
    # no law code (a software table): the rules of play's own lines, as before
    t = terms(CribbageRules(), None, (121, 60), 0, "")
    assert (t.lurch, t.skunk, t.game_points, t.games) == (True, True, 3, 1)


# -- scope (ACC-1.2) ---------------------------------------------------------------------------

@pytest.mark.parametrize("variant, note", [
    ("three-hand", "three-hand to 61 play"),
    ("four-hand", "four-hand play"),
    ("five-card", "five-card to 61 play"),
])
def test_ACC_1_2_two_hand_code_out_of_scope_marked(variant: str, note: str) -> None:
    rules = CribbageRules.for_variant(variant)
    assert scope_note(get_code("acc"), rules) == (
        "out of scope: ACC is written for two-hand six-card to 121 (ACC-1.2); "
        f"{note}, the two-hand rule applied")
    assert scope_note(get_code("ew"), rules) == ""  # EW-P-83, EW-P-87 cover these
    assert scope_note(get_code("acc"), CribbageRules()) == ""


def test_ACC_1_2_three_hand_ruling_carries_the_out_of_scope_mark() -> None:
    s = CribbageState(CribbageRules.for_variant("three-hand"), laws=get_code("acc"),
                      referee=True, first_dealer=2)
    events = s.apply(Action.parse("REPORT dealer_saw_bottom 2"))
    ruling = next(e.ruling for e in events if e.kind == "ruling")
    assert ruling is not None and ruling.law == "ACC-2.1"
    assert ruling.scope.startswith("out of scope: ACC is written for two-hand")
    assert ruling.marks[-1] == ruling.scope and "2025 edition" in ruling.marks
    # the two-hand rule applied: the seat after the dealer scores 2 (seat 0)
    assert s.scores == (2, 0, 0)


def test_ACC_1_2_four_hand_result_marked_out_of_scope() -> None:
    # ACC outside its play rules results as not covered: no ACC-12.1 game points, no skunk
    # (issue 33, point 6; before, 2 game points), whatever the loser's score
    for loser in (95, 60):
        t = terms(CribbageRules.for_variant("four-hand"), get_code("acc"), (121, loser), 0, "")
        assert not t.skunk and not t.double_skunk and t.game_points == 0
        assert t.marks == ("out of scope: ACC is written for two-hand six-card to 121 "
                           "(ACC-1.2); four-hand play, the two-hand rule applied",
                           "not covered: ACC-12.1's game points (and its skunk) are written "
                           "for two-hand play (ACC-1.2): none counted")
    # in its own play, 2 and a skunk's 3 as ever
    assert terms(CribbageRules(), get_code("acc"), (121, 95), 0, "").game_points == 2
    assert terms(CribbageRules(), get_code("acc"), (121, 60), 0, "").game_points == 3


@pytest.mark.parametrize("variant,mark", [
    ("three-hand", "with two losers the higher score decides (a lurch: every loser below 31)"),
    ("four-hand", "partners peg together, so the losing partnership's score decides")])
def test_EW_xvii_agreed_lurch_in_three_and_four_hand_says_whose_score_decides(
        variant: str, mark: str) -> None:
    rules = CribbageRules.for_variant(variant, lurch_agreed=True)
    scores = (61, 20, 40) if variant == "three-hand" else (61, 20)
    t = terms(rules, get_code("ew"), scores, 0, "")
    assert f"engine default: EW-xvii names one adversary; {mark}" in t.marks
    # three-hand: the better loser (40) is past the line: no lurch; four-hand: 20 is under
    assert t.lurch is (variant == "four-hand") and t.games == (2 if t.lurch else 1)


# -- a game from given scores ------------------------------------------------------------------

def test_start_scores_recorded_and_replayed() -> None:
    s = won_by_pone(get_code("ew"), (60, 20), target=61)
    rec = s.to_record()
    assert rec.options["start_scores"] == "60,20" and rec.options["first_dealer"] == 1
    t, _ = replay_record(rec)
    assert t.result == s.result and t.scores == (81, 25)


@pytest.mark.parametrize("bad", [(121, 0), (10,), (-1, 5), (1.5, 2), "110,112"])
def test_start_scores_refused_and_nothing_made(bad: object) -> None:
    with pytest.raises(ParameterError, match="start_scores must be 2 whole numbers"):
        CribbageState(start_scores=bad)  # type: ignore[arg-type]
