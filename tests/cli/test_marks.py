"""Marks shown (issue 15 item 6): every ruling's line carries its marks — provisional, the
parameter that decided it, the ACC edition, the code's scope — in referee, replay and play,
and so in the lines the web app shows (``GameText.event_lines`` / ``play_event_lines``)."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.cribbage.laws import get_code
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import Action
from hoyle.engine.laws import Ruling
from hoyle.interface.registry import get_game

runner = CliRunner()
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ENV = {"NO_COLOR": "1", "COLUMNS": "200"}
MARKUP = re.compile(r"\[/?(dim|yellow)\]")

# ACC-4.3 is known by its heading only: the engine default (a new deal, no points) is
# provisional and names the parameter exposed_card_in_deal (cribbage.md §3, §4)
ACC_4_3 = ("Ruling ACC-4.3: new deal by the same dealer, no points  "
           "(provisional; parameter exposed_card_in_deal; {ed} edition)")


def test_ACC_4_3_referee_and_replay_print_the_marks(tmp_path: Path) -> None:
    path = tmp_path / "ref.json"
    result = runner.invoke(app, ["referee", "cribbage", "--laws", "acc", "--acc-edition",
                                 "2020", "--names", "Al,Bo", "--save", str(path)],
                           input="9c\n2d\nreport exposed_card\nquit\n", env=ENV)
    out = ANSI.sub("", result.output)
    assert result.exit_code == 0, out
    assert ACC_4_3.format(ed="2020") in out
    result = runner.invoke(app, ["replay", str(path)], env=ENV)
    assert result.exit_code == 0
    assert ACC_4_3.format(ed="2020") in ANSI.sub("", result.output)


def test_EW_iv_ruling_has_no_edition_mark(tmp_path: Path) -> None:
    # EW-iv's text rules the exposed card itself: nothing provisional, no edition
    path = tmp_path / "ref.json"
    result = runner.invoke(app, ["referee", "cribbage", "--names", "Al,Bo", "--save",
                                 str(path)], input="9c\n2d\nreport exposed_card\nquit\n",
                           env=ENV)
    out = ANSI.sub("", result.output)
    line = next(ln for ln in out.splitlines() if "Ruling EW-iv" in ln)
    assert "edition" not in line and "provisional" not in line


def test_ACC_1_2_three_hand_ruling_line_marked_out_of_scope() -> None:
    text = get_game("cribbage").text()
    s = CribbageState(CribbageRules.for_variant("three-hand"),
                      laws=get_code("acc", acc_edition="web2008"), referee=True,
                      first_dealer=2)
    events = s.apply(Action.parse("REPORT dealer_saw_bottom 2"))
    names = ["A", "B", "C"]
    for lines in (text.event_lines(events, names, None),           # referee, replay, web
                  text.play_event_lines(s, events, names, 0)):      # play, web seats
        line = MARKUP.sub("", next(ln for ln in lines if "Ruling ACC-2.1" in ln))
        assert line.endswith(
            "(web2008 edition; out of scope: ACC is written for two-hand six-card to 121 "
            "(ACC-1.2); three-hand to 61 play, the two-hand rule applied)")
        assert "A scores 2" in line


def test_ACC_4_4b_marks_in_the_event_and_the_line() -> None:
    # the event carries the ruling (marks as data); the line prints them, one text form
    text = get_game("cribbage").text()
    s = CribbageState(laws=get_code("acc", acc_edition="2020"), referee=True, first_dealer=1)
    for t in ("DEAL 5H 5C 5S JD 2C 3C 5D TH 4H 6D QC KD", "DISCARD 2C 3C",
              "DISCARD QC KD", "STARTER 9S"):
        s.apply(Action.parse(t))
    events = s.apply(Action.parse("REPORT wrong_count"))
    e = next(e for e in events if e.kind == "ruling")
    assert e.ruling is not None
    assert e.ruling.marks == ("provisional", "parameter wrong_count_after_starter",
                              "2020 edition")
    assert text.ruling_marks(e.ruling) == (
        "  [dim](provisional; parameter wrong_count_after_starter; 2020 edition)[/dim]")
    line = next(ln for ln in text.event_lines(events, ["A", "B"], None) if "ACC-4.4(b)" in ln)
    assert line.endswith(text.ruling_marks(e.ruling))


def test_ruling_marks_none_prints_nothing() -> None:
    text = get_game("ecarte").text()
    assert text.ruling_marks(Ruling("a plain ruling", "CLUB-17")) == ""
