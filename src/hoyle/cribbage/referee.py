"""The referee's reports: irregularities a table playing with real cards reports
(``REPORT kind [seat]``), each ruled by the chosen law code.

Source: the law codes' report declarations (``engine.laws.Report``, in the ``kinds=`` of
each law of :mod:`hoyle.cribbage.laws`): what may be reported, whether it names the seat
at fault. The rules of play are in :mod:`hoyle.cribbage.state`.
"""

from __future__ import annotations

from typing import Any, Protocol

from hoyle.cribbage.rules import CribbageRules
from hoyle.engine.flow import Continuation
from hoyle.engine.action import Action
from hoyle.engine.event import Event
from hoyle.cards import Card
from hoyle.cribbage.phase import Phase
from hoyle.engine.laws import Irregularity, LawCode, Until
from hoyle.errors import IllegalAction, short_repr

__all__ = ["PRE_DEAL_KINDS", "Table", "check_report", "do_report"]

PRE_DEAL_KINDS: frozenset[str] = frozenset({
    "bystander_interference", "ethics_violation", "refused_laws", "touched_pegs",
    "used_opponents_pegs", "moved_peg", "displaced_peg", "short_cut", "touched_pack",
    "imperfect_pack", "misdeal"})
"""What may be reported before the first dealer is known: the players' conduct, the pegs,
the pack (a short cut for deal, EW-ii; the pack touched, EW-vi; an imperfect pack, ACC-4.5)
and a misdeal (which the codes rule "no deal in progress"). Every other kind concerns a
deal's cards, crib or points, and is refused until a deal is begun (there is nothing for
the law to act on)."""


class Table(Protocol):
    """What a report reads and changes of a cribbage state."""

    rules: CribbageRules
    laws: LawCode | None
    referee: bool
    phase: str
    dealer: int | None
    report_words: int
    open_overscores: list[tuple[int, int]]
    closed_overscores: list[tuple[int, int]]
    played: list[tuple[int, Card]]

    @property
    def wrong_lead(self) -> object | None: ...  # the play before a lead out of turn

    def _rule(self, irregularity: Irregularity, events: list[Event],
              cont: Continuation | None = None) -> bool: ...

    def _report_renege(self, kind: str, seat: int, events: list[Event]) -> None: ...

    def dealer_five(self) -> tuple[Card, ...]: ...


def check_report(s: Table, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``REPORT kind [seat]`` names a kind some code of
    cribbage declares reportable (the union: one the chosen code does not rule is ruled
    "not covered"), and the seat at fault where the kind needs one, a seat of this game.
    Only in referee mode."""
    if not s.referee:
        raise IllegalAction("irregularities are reported only in referee mode")
    assert s.laws is not None
    union = s.laws.game_reports
    spec = union.get(action.word)
    known = ", ".join(sorted(k for k, r in union.items() if r.reportable))
    if not action.word:
        raise IllegalAction(f"report what? name the kind (menu lists them): {known}")
    if spec is None or not spec.reportable:
        raise IllegalAction(f"unknown irregularity {short_repr(action.word)}; known: {known}")
    if action.cards and not spec.cards:
        raise IllegalAction(f"REPORT {action.word} names no card")
    if action.n is not None and not 0 <= action.n < s.rules.players:
        raise IllegalAction(f"no seat {action.n} in this game")
    if s.dealer is None and action.word not in PRE_DEAL_KINDS:
        raise IllegalAction(f"{action.word.replace('_', ' ')} concerns a deal, and none is "
                            "begun: cut for deal first")
    if action.n is None and spec.seat:
        raise IllegalAction(f"REPORT {action.word} must name the seat at fault "
                            f"({spec.seat_role}), e.g. REPORT {action.word} 0")


def report_word(s: Table, action: Action) -> str:
    """The kind a ``REPORT`` names: its word, but in a record made before the report words
    took one meaning in every code (``report_words`` 1), EW's ``wrong_count SEAT`` named the
    seat that caused it by his own act: ``own_wrong_count SEAT`` now (issue 33, point 1)."""
    if s.report_words == 1 and action.word == "wrong_count" and action.n is not None \
            and s.laws is not None and s.laws.name == "ew":
        return "own_wrong_count"
    return action.word


def do_report(s: Table, action: Action, events: list[Event]) -> None:
    """Have the law code rule the reported irregularity (an overscore called carries the
    excess not yet taken down, or is too late once the next deal's cut closed its window:
    EW-ix, ACC-8.4.c; a renege claimed or a wrong go corrected is ruled on the go it
    concerns, in its window: EW-xxi, ACC-7.3)."""
    facts: dict[str, Any] = {}
    word = report_word(s, action)
    if word != action.word:
        action = Action("REPORT", action.cards, action.n, word)
    if action.word in ("renege", "go_corrected"):
        assert action.n is not None
        s._report_renege(action.word, action.n, events)
        return
    spec = s.laws.reports.get(action.word) if s.laws is not None else None
    if spec is not None and s.laws is not None and s.laws.covers(action.word) and (
            (spec.until is Until.DEAL and s.phase != Phase.DEAL)
            or (spec.until is Until.FIRST_CARD and s.played)):
        facts["too_late"] = True  # a remedy of the deal or the starter, past its time
    if action.word == "starter_taken":
        # ACC-6.1.c: the pone picks the starter from the dealer's five (the blind draw)
        facts["dealer_five"] = s.dealer_five()
    if action.word == "dealer_led":
        # ACC-7.1.a-b: whether the dealer led this play (FACT led_by DEALER); if not,
        # there is nothing to put back.
        facts["dealer_led"] = s.wrong_lead is not None
    if action.word == "overscore_called":
        open_ = [x for x in s.open_overscores if x[0] == action.n]
        facts["pending_excess"] = open_[-1][1] if open_ else 0
        if not open_ and any(x[0] == action.n for x in s.closed_overscores):
            facts["too_late"] = True  # the cut for this deal closed its window
    s._rule(Irregularity(action.word, action.n, s.phase, facts, reported=True), events)
