"""What a finished game of cribbage is worth under the chosen law code (CRIB-R-13, §1.5 of
``shared/laws/cribbage.md``), and each code's scope.

- **EW** (EW-xvii): a lurch (the winner reaches the target before the loser has half of it:
  31 of 61; for 121 EW is silent and the catalogue's default is 61) counts as two games,
  **only if agreed before the game** (``lurch_agreed``); not agreed, the game is one game
  and the result names no lurch. EW knows no skunk.
- **ACC** (ACC-12.1): game points, win 2, skunk 3 (``skunk_game_points``), loss 0. The skunk
  line (loser at 90 or fewer) is tournament custom, not in the catalogued rule text of any
  edition, so a skunk is marked provisional; a double skunk (``double_skunk_threshold``,
  e.g. 60) is not in the catalogued text of any edition either: off by default, marked
  provisional when a table turns it on, 4 game points. ACC knows no lurch.
- **No code** (a software table with no law code): the rules of play's own reading, every
  line the rules define (lurch and skunk facts both, as before codes were chosen).

Scope: the ACC rules are written for two-hand six-card cribbage to 121 (ACC-1.2, §3); in
any other variant the code still rules, every ruling and the result marked ``out of scope``
with the catalogue's two-hand default applied. EW is a two-hand code too (its laws name
one adversary), but its rules of play cover three- and four-hand (EW-P-86, EW-P-87,
EW-viii-n), so only what EW-xvii leaves open there is marked: with two adversaries the
lurch needs every loser below the line (engine default).

>>> from hoyle.cribbage.rules import CribbageRules
>>> from hoyle.cribbage.laws import get_code
>>> t = terms(CribbageRules(), get_code("acc"), (121, 90), 0, "")
>>> t.skunk, t.lurch, t.game_points, t.marks
(True, False, 3, ('provisional: skunk_threshold 90 is tournament custom (ACC-12.1)',))
>>> t = terms(CribbageRules(), get_code("ew"), (121, 60), 0, "")
>>> t.skunk, t.lurch, t.games
(False, False, 1)
>>> terms(CribbageRules(lurch_agreed=True), get_code("ew"), (121, 60), 0, "").games
2
>>> t = terms(CribbageRules.for_variant("three-hand"), get_code("acc"), (61, 20, 30), 0, "")
>>> t.game_points, t.skunk, t.marks[1]
(0, False, "not covered: ACC-12.1's game points (and its skunk) are written for two-hand play (ACC-1.2): none counted")
>>> scope_note(get_code("acc"), CribbageRules.for_variant("three-hand"))
'out of scope: ACC is written for two-hand six-card to 121 (ACC-1.2); three-hand to 61 play, the two-hand rule applied'
"""

from __future__ import annotations

from typing import NamedTuple

from hoyle.cribbage.rules import CribbageRules
from hoyle.engine.laws import LawCode

__all__ = ["Terms", "terms", "scope_note", "game_hole"]


class Terms(NamedTuple):
    """A result's terms under a code.

    Attributes:
        lurch: EW-xvii lurch named (under EW only when agreed).
        skunk: ACC-12.1 skunk (loser at ``skunk_at_or_below`` or fewer).
        double_skunk: the loser at ``double_skunk_threshold`` or fewer.
        game_points: game points to the winner (ACC-12.1: 2, 3 skunk, 4 double skunk).
        games: games won (2 for an agreed lurch, EW-xvii), else 1.
        marks: provisional, edition and scope notes, in words.
    """

    lurch: bool
    skunk: bool
    double_skunk: bool
    game_points: int
    games: int
    marks: tuple[str, ...]


_ACC_SCOPE = ("six-card", 2, 121)

NO_GAME_POINTS = ("not covered: ACC-12.1's game points (and its skunk) are written for "
                  "two-hand play (ACC-1.2): none counted")
"""The mark of a result under ACC outside its scope."""


def scope_note(laws: LawCode | None, rules: CribbageRules) -> str:
    """The out-of-scope mark for ``laws`` applied to ``rules``' variant, or ``""``.

    Source: ACC-1.2 and §3 (ACC: two-hand six-card to 121); EW-P-86, EW-P-87 (EW's rules of
    play cover three- and four-hand).
    """
    if laws is None or laws.name != "acc":
        return ""
    if (rules.variant, rules.players, rules.target) == _ACC_SCOPE:
        return ""
    play = rules.variant if rules.variant != "six-card" else f"{rules.players}-hand"
    if rules.target != 121:
        play += f" to {rules.target}"
    return ("out of scope: ACC is written for two-hand six-card to 121 (ACC-1.2); "
            f"{play} play, the two-hand rule applied")


def game_hole(laws: LawCode | None) -> str:
    """The law that stops the winner's peg in the game hole (ACC-1.6: the game hole is
    121; ACC-8.4.b counts an overclaim "up to the game hole"), or ``""`` where the code
    is silent (EW: the count reached is shown, CRIB-R-11)."""
    if laws is None:
        return ""
    return laws.cites.get("game_hole", "")


def terms(rules: CribbageRules, laws: LawCode | None, scores: tuple[int, ...], side: int,
          forfeit: str) -> Terms:
    """What the game won by ``side`` with final ``scores`` (points, by side) is worth under
    ``laws`` (``forfeit``: the law by which the loser forfeited, or ``""``).

    Source: EW-xvii; ACC-12.1; CRIB-R-13.
    """
    loser_best = max(s for i, s in enumerate(scores) if i != side)
    skunk_line = rules.skunk_at_or_below
    skunk = not forfeit and skunk_line is not None and loser_best <= skunk_line
    double = not forfeit and rules.double_skunk_threshold is not None and \
        loser_best <= rules.double_skunk_threshold
    lurch = not forfeit and loser_best < rules.lurch_below
    if laws is None:  # the rules of play alone: every line they define
        return Terms(lurch, skunk, double, 4 if double else 3 if skunk else 2,
                     2 if lurch and rules.lurch_agreed else 1, ())
    marks: list[str] = []
    scope = scope_note(laws, rules)
    if laws.name == "ew":
        lurch = lurch and rules.lurch_agreed
        if rules.lurch_agreed and rules.sides > 2:
            marks.append("engine default: EW-xvii names one adversary; with two losers the "
                         f"higher score decides (a lurch: every loser below "
                         f"{rules.lurch_below})")
        elif rules.lurch_agreed and rules.players > rules.sides:
            marks.append("engine default: EW-xvii names one adversary; partners peg "
                         "together, so the losing partnership's score decides")
        if lurch and rules.lurch_threshold is None and rules.target != 61:
            marks.append(f"engine default: EW-xvii is for a game of 61; lurch_threshold "
                         f"{rules.lurch_below} (half the target)")
        return Terms(lurch, False, False, 0, 2 if lurch else 1, tuple(marks))
    if laws.name == "acc":
        edition = laws.edition
        skunk_points = laws.value("skunk_game_points", int)
        if double:
            marks.append(f"provisional: double_skunk_threshold "
                         f"{rules.double_skunk_threshold} is not in the catalogued "
                         f"rule text ({edition} edition)")
        elif skunk:
            marks.append(f"provisional: skunk_threshold {skunk_line} is tournament custom "
                         "(ACC-12.1)")
        if scope:
            # ACC-12.1's game points are for the play ACC is written for: elsewhere the
            # result is not covered, no game points and no skunk (issue 33, point 6)
            return Terms(False, False, False, 0, 1, (scope, NO_GAME_POINTS))
        points = 4 if double else skunk_points if skunk else 2
        return Terms(False, skunk, double, points, 1, tuple(marks))
    return Terms(False, False, False, 2, 1, ())
