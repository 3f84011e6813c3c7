"""Differential test against OpenSpiel's C++ ``cribbage`` (issue 8).

``scripts/diff_openspiel.py`` drives both engines through the same deals and choices; the
full run (``--deals 10000``) is reported in the issue. Here 1,000 deals: every difference
must be one of the kinds decided from the laws, where hoyle follows the laws:

* ``crib_four_flush``: OpenSpiel scores a four-card crib flush (EW-T-vii, ACC-1.6: no);
* ``counts_after_game``: OpenSpiel counts on after a side reaches 121 (CRIB-R-11: no);
* ``winner_show_order``: OpenSpiel names the lowest-numbered player when both pass 121
  in its show (CRIB-R-10, CRIB-R-11: the pone counts first and wins);
* ``winner_after_earlier_difference``: a consequence of one of those.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from hoyle.cards import parse_cards
from hoyle.cribbage.scoring import score_show

LAW_DECIDED = {"crib_four_flush", "counts_after_game", "winner_show_order",
               "winner_after_earlier_difference"}


@pytest.fixture(scope="module")
def diff() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "scripts" / "diff_openspiel.py"
    spec = importlib.util.spec_from_file_location("diff_openspiel", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["diff_openspiel"] = module
    spec.loader.exec_module(module)
    return module


def test_1000_deals_differ_only_where_the_laws_decide(diff: ModuleType) -> None:
    report = diff.run(1000, seed=1)
    assert report.deals_compared >= 990
    assert report.scores_compared > 5000
    assert set(report.counts) <= LAW_DECIDED, diff.format_report(report)
    assert report.counts["crib_four_flush"] > 0  # the test does see the known differences
    assert report.winners_agree >= report.winners_compared - sum(
        report.counts[k] for k in ("winner_show_order", "winner_after_earlier_difference"))


def test_with_a_lenient_crib_flush_only_the_end_of_game_differs(diff: ModuleType) -> None:
    report = diff.run(1000, seed=2, lenient=True)
    assert set(report.counts) <= {"counts_after_game", "winner_show_order",
                                  "winner_after_earlier_difference"}, \
        diff.format_report(report)


def test_the_crib_flush_example_by_the_laws() -> None:
    # The example deal of the full run: crib 5D 9D TD QD, starter 7S. Fifteens 4; the four
    # diamonds are no flush in the crib without a diamond starter (EW-T-vii, ACC-1.6).
    crib, starter = parse_cards("5D 9D TD QD"), parse_cards("7S")[0]
    assert score_show(crib, starter, crib=True).total == 4
    assert score_show(crib, starter, crib=True, crib_flush_rule="lenient").total == 8


def test_card_ids_match_openspiel(diff: ModuleType) -> None:
    import pyspiel
    state = pyspiel.load_game("cribbage").new_initial_state()
    for card in parse_cards("AC KC AD 5H KS"):
        assert state.action_to_string(-1, diff.os_card(card)) == f"Deal {card}"
