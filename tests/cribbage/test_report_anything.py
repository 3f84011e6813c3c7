"""Report anything (issue 15, item 1): the referee's menu is the union of the kinds every
cribbage code names; a kind the chosen code does not rule gets a "not covered by CODE"
ruling, a real :class:`~hoyle.engine.laws.Ruling` naming the engine default applied (or
none), never an input error.

The standard situation is ``test_laws_ew``'s: seat 1 deals, seat 0 is the pone; the play
begins with starter 9S.
"""

from __future__ import annotations

import pytest

from hoyle.cribbage.laws import ACC, CODES, EW, REPORT_KINDS
from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import Action
from hoyle.engine.laws import LawCode
from hoyle.interface.registry import get_game
from hoyle.errors import IllegalAction

CUT = ("CUT 9C", "CUT 2D")
DEAL = "DEAL 5H 5C 5S JD 2C 3C 5D TH 4H 6D QC KD"
DISCARDS = ("DISCARD 2C 3C", "DISCARD QC KD")


def at_play(code: LawCode) -> CribbageState:
    s = CribbageState(laws=code, referee=True)
    for a in (*CUT, DEAL, *DISCARDS, "STARTER 9S"):
        s.apply(Action.parse(a))
    return s


def test_union_of_the_kinds_both_codes_name() -> None:
    # Every kind either code lets the table report is in the union, and nothing else:
    # some kinds only one code names, some both.
    ew = {k for k, r in EW.reports.items() if r.reportable}
    acc = {k for k, r in ACC.reports.items() if r.reportable}
    assert set(REPORT_KINDS) == ew | acc
    assert "touched_pack" in ew - acc and "dealer_led" in acc - ew
    assert "touched_pegs" in ew & acc  # EW-xiv; ACC-8.6 (a heading)
    assert {"misdeal", "wrong_count", "false_game_claim"} <= ew & acc


@pytest.mark.parametrize("name", sorted(CODES))
def test_ACC_11_and_EW_every_kind_of_the_union_gets_a_ruling_or_not_covered(name: str) -> None:
    # For each code, every kind of the union can be reported (REPORT kind 0) in the play;
    # the ruling names the code's law for it, or is "not covered by CODE".
    code = CODES[name]
    base = at_play(code)
    covered = uncovered = aliased = 0
    for kind in sorted(REPORT_KINDS):
        s = base.clone()
        events = s.apply(Action("REPORT", n=0, word=kind))
        found = [e for e in events if e.kind == "ruling"]
        assert found, kind
        r = found[0].ruling
        assert r is not None
        if code.covers(kind):
            # the kind's law, or the law it rules under (ACC-8.4.a rules by 8.4.b)
            assert r.covered and r.law in code, kind
            covered += 1
        elif kind in code.aliases:  # another code's word for an act this code rules
            assert r.covered and r.law in code, kind
            aliased += 1
        else:
            assert not r.covered and r.law == name.upper(), kind
            assert f"not covered by {name.upper()}; engine default: " in r.text, kind
            uncovered += 1
    ew = {k for k, rr in EW.reports.items() if rr.reportable}
    acc = {k for k, rr in ACC.reports.items() if rr.reportable}
    mine = ew if name == "ew" else acc
    assert (covered, aliased, uncovered) == (
        len(mine), len(code.aliases), len(REPORT_KINDS) - len(mine) - len(code.aliases))
    assert aliased == {"ew": 1, "acc": 2}[name]


def test_ACC_uncovered_touched_pack_no_default_state_unchanged() -> None:
    # ACC has no law for the pone touching the pack (EW-vi's kind): not covered, no
    # default: nothing changes but the record.
    s = at_play(ACC)
    before = (s.scores, s.phase, s.current_player, [list(h) for h in s.hands])
    (e,) = [e for e in s.apply(Action.parse("REPORT touched_pack")) if e.kind == "ruling"]
    assert e.source == "ACC" and e.ruling is not None and not e.ruling.covered
    assert e.reason == ("touched pack: not covered by ACC; engine default: none (the game "
                        "goes on as it stands)")
    assert (s.scores, s.phase, s.current_player, [list(h) for h in s.hands]) == before
    assert s.history[-1] == Action.parse("REPORT touched_pack")


@pytest.mark.parametrize("kind, law", [("touched_pegs 0", "ACC-8.6"),
                                       ("hand_mixed_with_pack 0", "ACC-9.4"),
                                       ("moved_peg", "ACC-8.5")])
def test_ACC_8_6_ACC_9_4_ACC_8_5_headings_rule_provisionally_with_the_default(
        kind: str, law: str) -> None:
    # The catalogue names these laws (headings only): the ruling cites the law, is marked
    # provisional and names the engine default (no penalty); nothing changes.
    s = at_play(ACC)
    before = (s.scores, s.phase, s.current_player, [list(h) for h in s.hands])
    (e,) = [e for e in s.apply(Action.parse(f"REPORT {kind}")) if e.kind == "ruling"]
    r = e.ruling
    assert e.source == law and r is not None and r.covered and r.provisional and not r.effects
    assert "heading only" in r.text and "engine default: " in r.text
    assert "no penalty" in r.text and "not covered" not in r.text
    assert (s.scores, s.phase, s.current_player, [list(h) for h in s.hands]) == before


def test_EW_uncovered_starter_multiple_exposed_default_named() -> None:
    # EW is silent on several cards exposed in turning the starter; the catalogue's
    # default (§4 starter_multiple_exposed: the top card is the starter) is applied and
    # named with its parameter.
    s = at_play(EW)
    (e,) = [e for e in s.apply(Action.parse("REPORT starter_multiple_exposed"))
            if e.kind == "ruling"]
    r = e.ruling
    assert r is not None and not r.covered and r.parameter == "starter_multiple_exposed"
    assert "not covered by EW; engine default: the correct top card is the starter" in r.text
    assert str(s.starter) == "9S"


def test_ACC_uncovered_short_cut_default_cut_again() -> None:
    # ACC: deal_cut_min is not in the catalogued text; the default (4) is applied: the cut
    # is made again, no points.
    s = CribbageState(laws=ACC, referee=True)
    for a in CUT:
        s.apply(Action.parse(a))
    (e,) = [e for e in s.apply(Action.parse("REPORT short_cut")) if e.kind == "ruling"]
    assert e.ruling is not None and "again" in e.ruling.text and not e.ruling.effects
    assert e.ruling.parameter == "deal_cut_min" and s.scores == (0, 0)


def test_an_unknown_word_is_still_an_input_error() -> None:
    s = at_play(EW)
    with pytest.raises(IllegalAction, match="unknown irregularity 'nonsense'"):
        s.apply(Action.parse("REPORT nonsense 0"))


def test_registry_report_menu_is_the_union_for_each_code() -> None:
    # The API the web referee table calls: (kind, law, what happened) for every kind.
    spec = get_game("cribbage")
    for name in ("ew", "acc"):
        rows = spec.report_menu(name)
        assert [k for k, _, _ in rows] == sorted(REPORT_KINDS)
        laws = dict((k, law) for k, law, _ in rows)
        assert laws["touched_pegs"] == ("EW-xiv" if name == "ew" else "ACC-8.6")
        assert laws["touched_pack"] == ("EW-vi" if name == "ew" else "not covered by ACC")
        assert laws["dealer_led"] == ("not covered by EW" if name == "ew" else "ACC-7.1.a–b")
    assert spec.report_menu() == spec.report_menu("ew")


def test_a_huge_unknown_word_is_not_echoed_in_full() -> None:
    # hoyle.errors.short_repr: the error quotes at most 40 characters of what was typed.
    s = at_play(ACC)
    with pytest.raises(IllegalAction) as info:
        s.apply(Action.parse("REPORT " + "x" * 100_000))
    text = str(info.value)
    assert text.startswith("unknown irregularity '" + "x" * 36 + "...; known: ")
    assert len(text) < 2_000 and "x" * 41 not in text
