"""Reports mean one thing in every code (issue 33, point 1), entered through ``hoyle
referee``'s own lines.

- **The seat a report names is one role in every code**, and the menu says it in words:
  ``wrong_count [SEAT]`` names the holder of the wrong number of cards under EW and ACC
  alike ("who holds the wrong number of cards?"); EW's rule for a player who caused his own
  wrong count (Pardon's rule, EW-iii's engine default) has its own word,
  ``own_wrong_count SEAT`` ("who took or dropped the cards?"), which ACC rules as a wrong
  count held by that seat (ACC-4.4). Before, ``wrong_count 0`` meant "seat 0 caused it"
  under EW and "seat 0 holds it" under ACC. Records made before keep their meaning
  (``report_words`` absent: EW's ``wrong_count SEAT`` is read as ``own_wrong_count``).
- **Aliased kinds give one ruling per code, whichever is chosen**: EW's "crib confused with
  a hand" (EW-viii) and ACC's "the dealer swapped his hand and the crib" (ACC-5.2.c) are one
  act: under EW both are ruled by EW-viii, under ACC both by ACC-5.2.c (the pone taking crib
  cards into his hand: ACC-5.1.b, discards picked up). A misdeal and a wrong count give one
  ruling per code, before and after the starter.
- **Kinds for acts that had none**: the pone declining to cut (``declined_cut``: ACC-3.3
  "the pone must cut before every deal", no penalty stated; EW: not covered, the cut is his
  by EW-ii) and played cards turned down early (``cards_turned_early SEAT``: ACC-7.1.c–d,
  they stay face up until both hands are counted; EW: not covered).

Alice (seat 0) cuts 9C, Bob (seat 1) 2D: Bob deals, Alice is the pone.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.cribbage.console import parse_table_input
from hoyle.cribbage.laws import CODES
from hoyle.cribbage.records import replay_record
from hoyle.cribbage.state import CribbageState
from hoyle.ecarte.laws import CODES as ECARTE_CODES
from hoyle.engine.action import Action
from hoyle.engine.records import GameRecord

from helpers.referee import crib_referee_at

runner = CliRunner()
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ENV = {"NO_COLOR": "1", "COLUMNS": "300"}
NAMES = ("Alice", "Bob")
CUTS = "9c\n2d\n"
DEAL = "5H 5C 5S JD 2C 3C 5D TH 4H 6D QC KD\n"


def referee(code: str, lines: str, save: Path, *extra: str) -> str:
    result = runner.invoke(app, ["referee", "cribbage", "--laws", code, "--names",
                                 ",".join(NAMES), "--save", str(save), *extra],
                           input=lines + "\nquit\n", env=ENV)
    out = ANSI.sub("", result.output)
    assert result.exit_code == 0 and "Traceback" not in out, out
    return " ".join(out.split())


def test_the_menu_says_which_seat_each_report_names(tmp_path: Path) -> None:
    for code in ("ew", "acc"):
        out = referee(code, CUTS + "menu\n", tmp_path / f"{code}.json")
        assert ("a hand or the crib is found with the wrong number of cards (SEAT, if "
                "known: who holds the wrong number of cards?)") in out
        assert ("a player caused his own wrong number of cards (took or dropped cards "
                "himself) (SEAT: who took or dropped the cards?)") in out
        assert "a front peg was knocked out by accident (SEAT: whose peg was knocked out?)" \
            in out
    # every kind of both games that names a seat says which, the same in every code
    for codes in (CODES, ECARTE_CODES):
        for code in codes.values():
            for kind, spec in code.game_reports.items():
                if spec.seat and spec.reportable:
                    assert "(SEAT: " in spec.menu_text, kind
    # a report without its seat says which seat to name
    out = referee("ew", CUTS + DEAL + "report own_wrong_count\n", tmp_path / "x.json")
    assert ("REPORT own_wrong_count must name the seat at fault (who took or dropped the "
            "cards?), e.g. REPORT own_wrong_count 0") in out


def test_EW_iii_wrong_count_names_the_holder_and_own_wrong_count_the_one_who_caused_it(
        tmp_path: Path) -> None:
    # Alice holds a wrong number: the dealer's fault (EW-iii): the non-dealer Alice scores 2
    out = referee("ew", CUTS + DEAL + "report wrong_count 0\n", tmp_path / "a.json")
    assert "Ruling EW-iii: misdeal: the non-dealer (Alice) scores 2" in out
    # Alice took a card herself (Pardon's rule): her adversary Bob scores 2
    out = referee("ew", CUTS + DEAL + "report own_wrong_count 0\n", tmp_path / "b.json")
    assert ("Ruling EW-iii: wrong number of cards by Alice's own act: Bob scores 2; the "
            "same dealer deals again") in out


def crib_at(code: str, point: str = "discard", **params: Any) -> CribbageState:
    return crib_referee_at(code, point, **params)


def ruled(s: CribbageState, line: str) -> tuple[Any, ...]:
    events = s.apply(parse_table_input(s, line, NAMES))
    r = next(e.ruling for e in events if e.kind == "ruling")
    return r.law, r.text, r.effects, r.marks, list(s.scores), str(s.phase)


@pytest.mark.parametrize("point", ["discard", "play"])
@pytest.mark.parametrize("code,params", [("acc", {}), ("acc", {"acc_edition": "web2008"}),
                                         ("ew", {})])
def test_ACC_4_4_one_ruling_for_own_wrong_count_and_wrong_count_of_the_holder(
        code: str, params: dict[str, Any], point: str) -> None:
    if code == "ew":  # EW: misdeal and wrong_count are one ruling (EW-iii)
        a, b = "report misdeal", "report wrong_count"
    else:  # ACC: own_wrong_count SEAT is a wrong count held by SEAT
        a, b = "report own_wrong_count 0", "report wrong_count 0"
    one = ruled(crib_at(code, point, **params), a)
    two = ruled(crib_at(code, point, **params), b)
    assert one[0] == two[0] and one[2:] == two[2:]
    assert one[0].startswith("EW-iii" if code == "ew" else "ACC-4.4")


@pytest.mark.parametrize("point", ["discard", "play"])
def test_ACC_4_4_misdeal_and_wrong_count_one_ruling(point: str) -> None:
    one = ruled(crib_at("acc", point), "report misdeal")
    two = ruled(crib_at("acc", point), "report wrong_count")
    assert one[0] == two[0] and one[2:] == two[2:]


@pytest.mark.parametrize("point", ["discard", "play"])
def test_EW_viii_and_ACC_5_2_c_the_hand_and_crib_exchanged_one_ruling_per_code(
        point: str) -> None:
    # EW: the dealer's crib confused with his hand, under either word: EW-viii, Alice +3
    ew = ruled(crib_at("ew", point), "report hand_crib_swapped")
    assert ew == ruled(crib_at("ew", point), "report crib_confused 1")
    assert ew[0] == "EW-viii" and ew[4][0] == 43
    # ACC: the dealer swapped them, under either word: ACC-5.2.c, Alice +2
    acc = ruled(crib_at("acc", point), "report crib_confused 1")
    assert acc == ruled(crib_at("acc", point), "report hand_crib_swapped")
    assert acc[0] == "ACC-5.2.c" and acc[4][0] == 42
    # the pone took crib cards into her hand: discards picked up (ACC-5.1.b), Bob +2
    assert ruled(crib_at("acc", point), "report crib_confused 0") == \
        ruled(crib_at("acc", point), "report picked_up_discards 0")


def test_ACC_3_3_the_pone_declines_the_cut(tmp_path: Path) -> None:
    out = referee("acc", CUTS + "report declined_cut\n", tmp_path / "a.json")
    assert ("Ruling ACC-3.3: the pone (Alice) must cut before every deal: he cuts before "
            "the cards are dealt; the rule states no penalty for declining") in out
    out = referee("acc", CUTS + DEAL + "report declined_cut\n", tmp_path / "b.json")
    assert ("Ruling ACC-3.3: declined cut: too late, reported after its window (until the "
            "cards are dealt): no remedy") in out
    out = referee("ew", CUTS + "report declined_cut\n", tmp_path / "c.json")
    assert ("declined cut: not covered by EW; engine default: the pone cuts (EW-ii: the "
            "cut before the deal is his) before the cards are dealt; no penalty") in out


def test_ACC_7_1_c_d_played_cards_turned_down_early(tmp_path: Path) -> None:
    play = "2c 3c\nqc kd\n9s\n5h\n0\nth\n2\n"
    out = referee("acc", CUTS + DEAL + play + "report cards_turned_early 0\n",
                  tmp_path / "a.json")
    assert ("Ruling ACC-7.1.c–d: Alice's played cards stay face up until both hands are "
            "counted and pegged: they are turned up again; the rule states no penalty") in out
    out = referee("ew", CUTS + DEAL + play + "report cards_turned_early 0\n",
                  tmp_path / "b.json")
    assert ("cards turned early: not covered by EW; engine default: the played cards are "
            "turned up again until both hands are counted; no penalty") in out


def test_an_EW_record_made_before_keeps_wrong_count_seat_as_own_act(tmp_path: Path) -> None:
    referee("ew", CUTS + DEAL + "report wrong_count 0\n", tmp_path / "new.json")
    new = GameRecord.load(tmp_path / "new.json")
    assert new.options["report_words"] == 2 and "REPORT wrong_count 0" in new.actions
    state, _ = replay_record(new)
    assert state.scores == (2, 0)  # EW-iii: the non-dealer Alice
    old = dataclasses.replace(new, options={k: v for k, v in new.options.items()
                                            if k != "report_words"})
    state, _ = replay_record(old)
    assert state.scores == (0, 2)  # read as own_wrong_count 0 (Pardon's rule): Bob
    # and saved again, it keeps its meaning
    again = state.to_record(seats=list(NAMES))
    assert again.options["report_words"] == 1
    assert replay_record(again)[0].scores == (0, 2)
    # a bad value is refused, the record not replayed
    bad = GameRecord.from_json(new.to_json().replace('"report_words": 2',
                                                     '"report_words": 7'))
    with pytest.raises(Exception, match="report_words must be 1 or 2"):
        replay_record(bad)
    assert Action.parse("REPORT wrong_count 0").word == "wrong_count"
