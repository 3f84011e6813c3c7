"""Cribbage rules of play (``shared/laws/cribbage.md`` §1.1) that have no better home:
the board and pegs (CRIB-R-2), the shuffle and cut before every deal (CRIB-R-4), the lurch
and skunk (CRIB-R-13) and the next game's first dealer (CRIB-R-14).

The deal is the first scripted deal of ``test_state.py`` (seat 0 cuts 9C, seat 1 cuts 2D:
seat 1 deals, seat 0 is pone):

  DEAL KH TD 8D 9C 5H 5S | 5C 8S 8H 7H 5D QD; pone lays away 5H 5S, dealer 5D QD;
  starter JS: his heels, dealer +2.
  play: P KH 10 · D 5C 15 fifteen D+2 · P TD 25, neither can play: one for last P+1 ·
  D 8S 8 · P 8D 16 pair P+2 · D 8H 24 pair royal D+6 · P GO · D 7H 31 D+2 ·
  P 9C 9, last card P+1.
  show: pone KH TD 8D 9C + JS: run 8-9-T-J 4; dealer 5C 8S 8H 7H + JS: fifteens 5+J,
  8S+7, 8H+7 6, pair 8-8 2 = 8; crib 5H 5S 5D QD + JS: fifteens 14, pair royal 6 = 20.

Each expected value is worked out in the comments from the rules' text.
"""

from __future__ import annotations

import random

import pytest

from hoyle.cards import Card
from hoyle.cribbage.laws import get_code
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState, Phase
from hoyle.engine.action import CHANCE
from hoyle.engine.laws import Irregularity
from hoyle.errors import ParameterError

from helpers.cribbage import apply_all

CUTS = ["CUT 9C", "CUT 2D"]
SETUP1 = ["DEAL KH TD 8D 9C 5H 5S | 5C 8S 8H 7H 5D QD", "DISCARD 5H 5S", "DISCARD 5D QD",
          "STARTER JS"]
PLAY1 = ["PLAY KH", "PLAY 5C", "PLAY TD", "PLAY 8S", "PLAY 8D", "PLAY 8H", "GO", "PLAY 7H",
         "PLAY 9C"]
PONE, DEALER = 0, 1


def at_deal(**options: object) -> CribbageState:
    s = CribbageState(CribbageRules.for_variant("six-card", **options))
    apply_all(s, CUTS)
    assert (s.dealer, s.phase) == (DEALER, Phase.DEAL)
    return s


# -- CRIB-R-2: board and pegs ---------------------------------------------------------------

def test_CRIB_R_2_back_peg_leapfrogs_to_the_previous_score() -> None:
    s = at_deal()
    assert [list(p) for p in s.pegs] == [[0, 0], [0, 0]]  # two pegs a side, both at 0
    # (action, pone's (front, back), dealer's (front, back)) after it, worked from the deal:
    # each score puts the back peg where the front one was and the front peg ahead of it
    # by the points made; an action that scores nothing moves no peg.
    steps = [
        (SETUP1[0], (0, 0), (0, 0)),
        (SETUP1[1], (0, 0), (0, 0)),
        (SETUP1[2], (0, 0), (0, 0)),
        ("STARTER JS", (0, 0), (2, 0)),   # heels: dealer 0 -> 2
        ("PLAY KH", (0, 0), (2, 0)),
        ("PLAY 5C", (0, 0), (4, 2)),      # fifteen: dealer 2 -> 4
        ("PLAY TD", (1, 0), (4, 2)),      # one for last: pone 0 -> 1
        ("PLAY 8S", (1, 0), (4, 2)),
        ("PLAY 8D", (3, 1), (4, 2)),      # pair: pone 1 -> 3
        ("PLAY 8H", (3, 1), (10, 4)),     # pair royal: dealer 4 -> 10
        ("GO", (3, 1), (10, 4)),
        ("PLAY 7H", (3, 1), (12, 10)),    # thirty-one: dealer 10 -> 12
        # last card pone 3 -> 4, pone's hand 4 -> 8; dealer's hand 12 -> 20, crib 20 -> 40:
        # the back peg shows the score before the last of these
        ("PLAY 9C", (8, 4), (40, 20)),
    ]
    for text, pone, dealer in steps:
        apply_all(s, [text])
        assert (tuple(s.pegs[PONE]), tuple(s.pegs[DEALER])) == (pone, dealer), text
    assert s.scores == (8, 40)  # the score is the front peg


def test_CRIB_R_2_targets_61_once_round_and_121_twice_round() -> None:
    assert CribbageRules.for_variant("six-card").target == 121
    assert CribbageRules.for_variant("five-card").target == 61
    # a game of 61: a pone on 59 wins with the go and the pair (59 + 1 + 2 = 62)
    s = at_deal(target=61)
    s.pegs = [[59, 50], [0, 0]]
    apply_all(s, SETUP1 + PLAY1[:5])
    assert s.result is not None and s.result.winner == PONE and s.scores == (62, 4)
    assert list(s.pegs[PONE]) == [62, 60]  # back peg on 60, where the go left it


# -- CRIB-R-4: shuffle and cut before every deal --------------------------------------------

def test_CRIB_R_4_every_deal_is_a_fresh_shuffle_and_cut_of_the_whole_pack() -> None:
    s = at_deal()
    # The shuffle and the pone's cut are the DEAL chance node: no seat acts, and a random
    # deal gives each player six distinct cards from the 52.
    assert s.current_player == CHANCE and s.legal_actions() == []
    deal = s.sample_chance(random.Random(7))
    assert deal.verb == "DEAL" and len(set(deal.cards)) == 12
    apply_all(s, SETUP1 + PLAY1)
    # After the show the cards are gathered: the next deal (seat 0 deals now) is again a
    # chance node over the whole pack, so cards of deal 1 (8D, 5S, AH...) may be dealt again.
    assert (s.phase, s.current_player, s.dealer, s.deal_number) == (Phase.DEAL, CHANCE, 0, 2)
    assert s.hands == [[], []] and s.crib == [] and s.starter is None
    apply_all(s, ["DEAL 9H 7S 8D 5S AH 3H | 6C KC QH JD TH 2H"])
    assert Card.parse("8D") in s.hands[1]  # seat 1 is pone now and gets the first six


def test_CRIB_R_4_minimum_deal_cut_differs_by_code() -> None:
    # §4 deal_cut_min: EW-ii four cards (the EW ruling on a short cut says so); ACC: not in
    # the catalogued text, no law of its reads a minimum, so it is no parameter of ACC.
    ew = get_code("ew")
    assert ew.params["deal_cut_min"] == 4
    assert "fewer than 4 cards" in ew.rule(Irregularity("short_cut", None, "cut_for_deal")).text
    assert "fewer than 3 cards" in ew.with_params(deal_cut_min=3).rule(
        Irregularity("short_cut", None, "cut_for_deal")).text
    assert "deal_cut_min" not in get_code("acc").params


# -- CRIB-R-13: lurch and skunk ---------------------------------------------------------------

def _game_won_by_pone(dealer_score: int, **options: object) -> CribbageState:
    """Pone at 119 wins with the pair 8D (go 1 + pair 2 = 122); the dealer ends on
    ``dealer_score`` + 4 (heels 2, fifteen 2)."""
    s = at_deal(**options)
    s.pegs = [[119, 110], [dealer_score, max(dealer_score - 3, 0)]]
    apply_all(s, SETUP1 + PLAY1[:5])
    assert s.result is not None and s.result.winner == PONE
    assert s.scores == (122, dealer_score + 4)
    return s


@pytest.mark.parametrize("dealer, agreed, lurch, games", [
    (56, False, True, 1),   # loser on 60 < 61: a lurch, but not agreed: one game
    (56, True, True, 2),    # agreed before the game: it counts two games (EW-xvii)
    (57, True, False, 1),   # loser on 61: half the target reached, no lurch
])
def test_CRIB_R_13_lurch_counts_two_games_only_if_agreed(dealer: int, agreed: bool,
                                                         lurch: bool, games: int) -> None:
    s = _game_won_by_pone(dealer, lurch_agreed=agreed)
    assert s.result is not None
    assert (s.result.lurch, s.result.games) == (lurch, games)


def test_CRIB_R_13_skunk_threshold_option() -> None:
    # skunk_threshold moves the line: loser on 100 + 4 = 104 <= 110 is skunked, 3 game points
    s = _game_won_by_pone(100, skunk_threshold=110)
    assert s.result is not None and s.result.skunk and s.result.game_points == 3
    s = _game_won_by_pone(100)  # default line 90: 104 is no skunk, 2 game points
    assert s.result is not None and not s.result.skunk and s.result.game_points == 2


# -- CRIB-R-14: next game ---------------------------------------------------------------------

def test_CRIB_R_14_next_game_first_dealer_by_code() -> None:
    # §4 next_game_first_dealer: EW not stated, default cut again (EW-i read for each game);
    # ACC the loser (ACC-1.5). A match reads it (tests/cribbage/test_matches.py).
    assert "loser" in get_code("acc")["ACC-1.5"].summary
    assert get_code("ew").params["next_game_first_dealer"] == "cut"
    assert get_code("acc").params["next_game_first_dealer"] == "loser"
    for code in ("ew", "acc"):
        with pytest.raises(ParameterError, match="next_game_first_dealer"):
            get_code(code, next_game_first_dealer="elder")
    # A finished game deals no more; every new game that is not a match's next game,
    # under either code, starts with the cut for deal.
    done = _game_won_by_pone(56)
    assert done.is_terminal() and done.legal_actions() == []
    for code in ("ew", "acc"):
        s = CribbageState(laws=get_code(code))
        assert (s.phase, s.dealer, s.current_player) == (Phase.CUT_FOR_DEAL, None, CHANCE)
        apply_all(s, ["CUT 9C", "CUT 2D"])  # the lower card deals (EW-i; ACC-3.2)
        assert (s.dealer, s.phase) == (1, Phase.DEAL)
