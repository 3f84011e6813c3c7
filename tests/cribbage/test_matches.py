"""Matches (issue 15 item 7): consecutive games under the code, first to N games; who
deals first in the next game (ACC-1.5: the loser; EW: cut again, marked); an agreed lurch
counts two games (EW-xvii); ACC's game points tallied (ACC-12.1); each game a record that
replays with the match so far; match play under ACC (ACC-8.11 does not apply).

Each game is one real deal from chosen scores (the deal of tests/cribbage/test_results.py:
the pone's hand, 21, wins it; the dealer ends on his start + 5)."""

from __future__ import annotations

import pytest

from hoyle.cribbage.laws import get_code
from hoyle.cribbage.match import play_game
from hoyle.cribbage.players import RandomPlayer
from hoyle.cribbage.matchplay import match_after, next_first_dealer, next_game
from hoyle.cribbage.records import replay_record
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import Action
from hoyle.engine.laws import LawCode
from hoyle.engine.series import MatchState, game_path
from hoyle.errors import HoyleError, ParameterError

DEAL = ("DEAL 5H 5C 5S JD 2C 3C 4H 4S 6H 6S 8C 9C", "DISCARD 2C 3C", "DISCARD 8C 9C",
        "STARTER KD")


def play_out(s: CribbageState) -> CribbageState:
    """Play the deal above from wherever the state is (a deal to deal)."""
    for t in DEAL:
        s.apply(Action.parse(t))
    while not s.is_terminal():
        s.apply(s.legal_actions()[0])
    return s


def first_game(code: LawCode, start: tuple[int, int], first_to: int = 2,
               **rules: object) -> CribbageState:
    """Game 1 of a match: seat 1 deals, the pone (seat 0) wins with his hand."""
    s = CribbageState(CribbageRules(**rules), laws=code, start_scores=start,  # type: ignore[arg-type]
                      first_dealer=1, match=MatchState.new(first_to, 2, seed=5).to_dict())
    play_out(s)
    assert s.result is not None and s.result.winner == 0
    return s


def test_ACC_1_5_the_loser_deals_first_in_the_next_game() -> None:
    s = first_game(get_code("acc"), (110, 50))
    m = match_after(s)
    assert m is not None and (m.number, m.won, m.points) == (2, (1, 0), (3, 0))  # a skunk
    nxt, words = next_game(s, m)
    # seat 0 won, seat 1 lost: seat 1 deals the first deal, no cut for deal
    assert nxt.dealer == 1 and nxt.phase == "deal" and nxt.deal_number == 1
    assert words == "the loser of the last game deals first (ACC-1.5; provisional: the catalogue has it from a summary)"
    assert nxt.match == m.to_dict() and nxt.scores == (0, 0)
    assert nxt.laws is not None and nxt.laws.params["match_play"] is True  # ACC-8.11


def test_ACC_1_5_loser_is_seat_0_when_seat_1_wins() -> None:
    code = get_code("acc")
    s = CribbageState(laws=code, start_scores=(50, 120), first_dealer=0,
                      match=MatchState.new(2, 2).to_dict())
    play_out(s)  # seat 1 is the pone now: his 21 wins
    assert s.result is not None and s.result.winner == 1
    assert next_first_dealer(s) == (0, "the loser of the last game deals first (ACC-1.5; provisional: the catalogue has it from a summary)")


def test_EW_next_game_cut_again_engine_default_marked() -> None:
    s = first_game(get_code("ew"), (110, 50))
    m = match_after(s)
    assert m is not None and m.won == (1, 0) and m.points == (0, 0)  # EW counts no points
    nxt, words = next_game(s, m)
    assert nxt.dealer is None and nxt.phase == "cut_for_deal"
    assert words == ("the cut for deal decides (EW-i for each game; EW is silent on the next "
                     "game: engine default next_game_first_dealer = cut)")


def test_EW_xvii_agreed_lurch_counts_two_games_toward_the_match() -> None:
    # first to 2: one lurch (game of 61, loser on 25 < 31) decides the match
    s = first_game(get_code("ew"), (60, 20), target=61, lurch_agreed=True)
    m = match_after(s)
    assert m is not None and m.won == (2, 0) and m.decided() == 0
    with pytest.raises(HoyleError, match="the match is over"):
        next_game(s, m)


@pytest.mark.parametrize("agreed, won", [(True, (2, 0)), (False, (1, 0))])
def test_EW_xvii_lurch_in_a_match_only_if_agreed(agreed: bool, won: tuple[int, int]) -> None:
    s = first_game(get_code("ew"), (60, 20), first_to=3, target=61, lurch_agreed=agreed)
    m = match_after(s)
    assert m is not None and m.won == won


def test_ACC_12_1_game_points_tallied_over_games() -> None:
    code = get_code("acc")
    s = first_game(code, (110, 50))  # skunk: 3
    m = match_after(s)
    assert m is not None
    nxt, _ = next_game(s, m)
    # game 2: seat 1 deals again (he lost); from (100, 86): loser 91, no skunk: 2 points
    assert nxt.start_scores is None
    g2 = CribbageState(laws=nxt.laws, start_scores=(100, 86), first_dealer=nxt.dealer,
                       match=nxt.match)
    play_out(g2)
    m2 = match_after(g2)
    assert m2 is not None and m2.won == (2, 0) and m2.points == (5, 0) and m2.decided() == 0


def test_match_game_record_replays_with_the_match() -> None:
    s = first_game(get_code("acc"), (110, 50))
    m = match_after(s)
    assert m is not None
    nxt, _ = next_game(s, m)
    play_game([RandomPlayer(), RandomPlayer()], state=nxt)  # game 2, seeded by the match
    rec = nxt.to_record()
    assert {k: v for k, v in rec.options.items() if k.startswith("match_")} == {
        "match_first_to": 2, "match_number": 2, "match_won": "1,0", "match_points": "3,0",
        "match_seed": 5}
    assert rec.options["first_dealer"] == 1 and rec.options["law_params"] == {
        "match_play": True}
    again, _ = replay_record(rec)
    assert again.result == nxt.result and again.match == nxt.match
    assert nxt.seed == 5 * 1_000_003 + 1  # game 2 of the match seeded (seed, 1)


def test_match_three_hand_cut_again_marked() -> None:
    s = CribbageState(CribbageRules.for_variant("three-hand"), laws=get_code("acc"),
                      first_dealer=0, start_scores=(60, 0, 0),
                      match=MatchState.new(2, 3).to_dict())
    s._end_game(0, [])
    first, words = next_first_dealer(s)
    assert first is None
    assert words == ("the cut for deal decides (engine default: with 3 sides the loser "
                     "names no one seat)")


@pytest.mark.parametrize("bad", [
    {"first_to": 2, "number": 1, "won": [0], "points": [0, 0]},
    {"first_to": 2, "number": 1, "won": [2, 0], "points": [0, 0]},
    {"first_to": 2, "number": 0, "won": [0, 0], "points": [0, 0]},
    {"first_to": 2, "number": 1, "won": [0, 0], "points": [0, 0], "extra": 1},
    [2, 1],
])
def test_a_bad_match_in_a_record_is_refused(bad: object) -> None:
    with pytest.raises(ParameterError, match="match"):
        CribbageState(match=bad)  # type: ignore[arg-type]


def test_game_paths_of_a_match(tmp_path: object) -> None:
    from pathlib import Path
    assert game_path(Path("a/m.json"), 2) == Path("a/m-2.json")
    assert game_path(Path("a/m-2.json"), 3) == Path("a/m-3.json")
    assert game_path(Path("a/m.json"), 1) == Path("a/m.json")


def test_CRIB_R_2_start_scores_back_peg_one_hole_behind_the_front() -> None:
    # A table that joins at 110-112: each side's back peg stands in the hole behind its
    # front peg (not at 0, where a displaced front peg would fall back 110 points).
    s = CribbageState(laws=get_code("ew"), referee=True, start_scores=(110, 0))
    assert s.pegs == [[110, 109], [0, 0]] and s.scores == (110, 0)
