"""Two irregularities reported about one deal get the ruling the laws give to both
together, whatever order the table enters them in (issue 33, point 2).

The pairs that interact, each tested both ways round below:

- **EW-iii / EW-iv with EW-xxii and EW-xx** (declared by ``EW.rule_first``): a misdeal,
  a wrong number of cards, a faced or exposed card void the deal; mixing a hand with the
  pack (EW-xxii) and throwing up the cards (EW-xx) forfeit the game only for a deal whose
  hands were to be counted and scored. Entered first, the forfeit ended the game; the
  referee now takes the void report after it (``hoyle referee`` asks for it before closing)
  and rules the two again in the code's order: the void stands, the forfeit does not.
- **ACC-4.4(b) with every ACC penalty of the deal** (``picked_up_discards`` ACC-5.1.b,
  ``refused_count_check`` ACC-4.4(a), ``starter_mixed`` ACC-9.3.a, ``starter_taken``
  ACC-6.1.c, ``used_opponents_pegs`` ACC-8.7, ``cut_peek`` ACC-3.1, ``crib_peek_before_
  discard`` ACC-5.2.b, ``looked_at_crib`` ACC-5.2.a, ``hand_crib_swapped`` ACC-5.2.c,
  ``no_cut_offered`` ACC-3.3, ``starter_cut_peek`` ACC-6.1.b): a wrong count found after
  the starter takes back all pegging of the deal (the 2025 book); a penalty entered before
  it was taken back with the pegging, one entered after stood. The pegging of the deal goes
  and its penalties stand, in either order (the engine's reading: a penalty is for the
  offence, not points of the deal's cards).
- **CLUB-14 with CLUB-45 and CLUB-42** (``CLUB.rule_first``): a deal found after the
  turn-up to have been dealt out of turn stands as its dealer's; a fresh deal for an
  imperfect pack is by that dealer, and an abandoned hand passes the deal on from him.

Found by trying every pair of reportable kinds at three points of a deal under each of
the four codes, both orders (the pairs whose outcomes differed). Left as they are, because
the two reports then concern different facts: a peg knocked out (EW-xiv) falls back to the
back peg where it stands at the time; a report entered between two deals about the
shuffle, the cut or the starter concerns the deal about to be dealt; an overscore called
(ECARTE-R-17) takes down what was scored when it is called; a ruling that ends the game
(a no-show) ends it before a later report.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.cribbage.console import parse_table_input
from hoyle.cribbage.laws import get_code
from hoyle.cribbage.records import replay_record
from hoyle.cribbage.state import CribbageState
from hoyle.ecarte.laws import get_code as ecarte_code
from hoyle.engine.action import Action
from hoyle.engine.records import GameRecord

from hoyle.errors import IllegalAction

from helpers import ecarte as E
from helpers.referee import crib_referee_at
from helpers.cribbage import snapshot

runner = CliRunner()
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ENV = {"NO_COLOR": "1", "COLUMNS": "300"}
NAMES = ("Alice", "Bob")
# Alice (seat 0) cuts 9C, Bob 2D: Bob deals; Alice is the pone.
DEAL = "9c\n2d\n5H 5C 5S JD 2C 3C 5D TH 4H 6D QC KD\n"


def referee(lines: str, save: Path, code: str = "ew") -> str:
    result = runner.invoke(app, ["referee", "cribbage", "--laws", code, "--names",
                                 ",".join(NAMES), "--save", str(save)],
                           input=DEAL + lines + "quit\n", env=ENV)
    out = ANSI.sub("", result.output)
    assert result.exit_code == 0 and "Traceback" not in out, out
    return " ".join(out.split())


def final(save: Path) -> CribbageState:
    state, _ = replay_record(GameRecord.load(save))
    return state


def test_EW_iii_misdeal_after_EW_xxii_forfeit_revises_it_through_the_cli(
        tmp_path: Path) -> None:
    # Alice mixes her hand with the pack while laying away (EW-xxii: she loses the game);
    # then the table finds Bob gave a wrong number of cards (EW-iii: the deal was void)
    out = referee("report hand_mixed_with_pack 0\nreport misdeal\n\n", tmp_path / "a.json")
    assert "Bob wins: 0-0; the game forfeited (EW-xxii)" in out
    # only the reports that would change the outcome are offered (an exposed card reported
    # once the deal is made is no longer EW-iv's: it changes nothing)
    assert ("a report the laws rule before it may still change that (faced card, misdeal, "
            "wrong count)") in out
    assert ("Revised: misdeal is ruled before the earlier report of this deal (hand mixed "
            "with pack)") in out
    assert "Ruling EW-iii: misdeal: the non-dealer (Alice) scores 2" in out
    assert ("Ruling EW-xxii: the deal was already void (EW-iii): its hands were not to be "
            "counted, so mixing them with the pack forfeits nothing") in out
    first = final(tmp_path / "a.json")
    # the other order: the misdeal first, then the mixed hand
    referee("report misdeal\nreport hand_mixed_with_pack 0\n", tmp_path / "b.json")
    second = final(tmp_path / "b.json")
    for s in (first, second):
        assert not s.is_terminal() and s.phase == "deal"
        assert s.scores == (2, 0) and s.dealer == 1  # Alice 2 (EW-iii); Bob deals again


def test_EW_xxii_forfeit_stands_when_no_void_follows(tmp_path: Path) -> None:
    # Enter at the question: the forfeit is final
    out = referee("report hand_mixed_with_pack 0\n\n", tmp_path / "a.json")
    assert "Revised" not in out
    s = final(tmp_path / "a.json")
    assert s.is_terminal() and s.result is not None and s.result.winner == 1
    # a report the code does not rule before it is refused as before: the game is over
    out = referee("report hand_mixed_with_pack 0\nreport touched_pegs 1\n\n",
                  tmp_path / "b.json")
    assert "Revised" not in out and final(tmp_path / "b.json").is_terminal()
    # resumed, a finished game takes nothing more: the question was asked once
    result = runner.invoke(app, ["referee", "cribbage", "--resume", str(tmp_path / "a.json")],
                           input="report misdeal\n", env=ENV)
    assert "may still change that" not in result.output
    assert final(tmp_path / "a.json").is_terminal()


# -- every interacting pair, both orders --------------------------------------------------

def crib_at(code: str, point: str = "discard", **params: Any) -> CribbageState:
    return crib_referee_at(code, point, **params)


def outcome(s: Any) -> tuple[Any, ...]:
    r = s.result_dict()
    return (str(s.phase), s.dealer, list(s.scores), r and (r["winner"], r.get("forfeit")))


def both_orders(make: Any, a: str, b: str, enter: Any) -> tuple[Any, Any]:
    results = []
    for first, second in ((a, b), (b, a)):
        s = make()
        enter(s, first)
        enter(s, second)
        results.append(outcome(s))
    return results[0], results[1]


def crib_enter(s: CribbageState, line: str) -> None:
    s.apply(parse_table_input(s, line, NAMES))


EW_VOIDS = {"misdeal": [42, 40], "wrong_count": [42, 40], "faced_card": [40, 40]}


@pytest.mark.parametrize("void", sorted(EW_VOIDS))
@pytest.mark.parametrize("forfeit", ["hand_mixed_with_pack", "threw_up_cards"])
def test_EW_iii_EW_iv_void_and_EW_xxii_EW_xx_forfeit_either_order(void: str,
                                                                   forfeit: str) -> None:
    assert get_code("ew").rules_before(void, forfeit)
    one, two = both_orders(lambda: crib_at("ew", "discard"), f"report {void}",
                           f"report {forfeit} 0", crib_enter)
    # the deal is void, Bob deals again, Alice scores 2 for a misdeal (0 for a faced card),
    # and nobody forfeits the game
    assert one == two == ("deal", 1, EW_VOIDS[void], None)


@pytest.mark.parametrize("forfeit,law", [("hand_mixed_with_pack", "EW-xxii"),
                                         ("threw_up_cards", "EW-xx")])
def test_EW_iv_exposed_card_in_the_lay_away_forfeit_stands_either_order(forfeit: str,
                                                                        law: str) -> None:
    # an exposed card reported once the deal is made is no longer EW-iv's ("outside the
    # deal: play goes on"): the forfeit stands, in either order
    one, two = both_orders(lambda: crib_at("ew", "discard"), "report exposed_card",
                           f"report {forfeit} 0", crib_enter)
    assert one == two == ("game_over", 1, [40, 40], (1, law))


ACC_PENALTIES = {  # kind and seat -> Alice's and Bob's scores after it (from 40-40)
    "picked_up_discards 0": [40, 42], "refused_count_check 1": [40, 30],
    "starter_mixed 0": [38, 40], "starter_taken": [42, 40],
    "used_opponents_pegs 0": [40, 42], "cut_peek 1": [42, 40],
    "crib_peek_before_discard 1": [42, 40], "looked_at_crib 1": [42, 40],
    "hand_crib_swapped": [42, 40], "no_cut_offered": [42, 40],
    "starter_cut_peek": [40, 42],
}


@pytest.mark.parametrize("penalty", sorted(ACC_PENALTIES))
def test_ACC_4_4_b_wrong_count_and_a_penalty_of_the_deal_either_order(penalty: str) -> None:
    # in the play (Bob has pegged 2 for fifteen), a wrong count is found: the 2025 book
    # takes back all pegging of the deal (Bob's 2) and the same dealer deals again; the
    # penalty stands whichever was entered first
    one, two = both_orders(lambda: crib_at("acc", "play"), "report wrong_count",
                           f"report {penalty}", crib_enter)
    assert one == two == ("deal", 1, ACC_PENALTIES[penalty], None)


def test_ACC_penalties_listed_are_the_ones_a_void_used_to_take_back() -> None:
    # each listed penalty moves a score (else the test above would prove nothing); before
    # this issue a wrong count entered after it took the penalty back with the pegging
    for penalty in ACC_PENALTIES:
        s = crib_at("acc", "play")
        crib_enter(s, f"report {penalty}")
        assert s.scores != (40, 42), penalty  # Bob's fifteen alone


def club_enter(s: Any, line: str) -> None:
    E.act(s, line)


@pytest.mark.parametrize("after", ["REPORT imperfect_pack", "REPORT abandoned 0"])
def test_CLUB_14_dealt_out_of_turn_with_CLUB_45_or_CLUB_42_either_order(after: str) -> None:
    assert ecarte_code("club").rules_before("deal_out_of_turn", after.split()[1])

    def make() -> Any:
        s = E.at_proposal("club")  # Bo (seat 1) dealt; Al (seat 0) is the elder hand
        E.act(s, "STAND", "PLAY 7H")
        return s
    # the table finds that Al, not Bo, dealt this deal (after the turn-up it stands, as
    # Al's): a fresh deal for the imperfect pack is Al's again; after an abandoned hand,
    # Bo deals the next
    one, two = both_orders(make, "REPORT deal_out_of_turn 0", after, club_enter)
    assert one == two
    assert one[1] == (0 if "imperfect" in after else 1)


def test_a_revising_report_refused_leaves_the_state_as_it_was() -> None:
    s = crib_at("ew", "discard")
    crib_enter(s, "report hand_mixed_with_pack 0")
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="no seat 5"):
        s.apply(Action.parse("REPORT wrong_count 5"))
    assert s.check(Action.parse("REPORT wrong_count 5")) == "no seat 5 in this game"
    assert snapshot(s) == before and s.is_terminal()
    assert s.revisable() == ("faced_card", "misdeal", "wrong_count")
    # outside referee mode nothing is revisable, and a finished game takes no report
    assert CribbageState(laws=get_code("ew")).revisable() == ()
