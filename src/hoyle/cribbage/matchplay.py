"""Cribbage matches: consecutive games under the law code (:mod:`hoyle.engine.series`).

- **Who deals first in the next game** (CRIB-R-14, §4 ``next_game_first_dealer``): ACC-1.5,
  the loser of the previous game; EW is silent, and the catalogue's default is to cut again
  (EW-i read for each game), marked as the engine default. With more than two sides (three-
  hand) "the loser" names no one seat: the cut, marked.
- **What a game counts**: its ``games`` (EW-xvii: an agreed lurch is two) toward the match's
  first-to-N, and its game points (ACC-12.1: 2, 3 for a skunk) tallied beside.
- Under ACC every game of a match is **match play** (``match_play``): ACC-8.11's reminder
  to peg out does not apply.

>>> from hoyle.cribbage.laws import get_code
>>> from hoyle.engine.series import MatchState
>>> s = CribbageState(laws=get_code("acc"), start_scores=(120, 80), first_dealer=1,
...                   match=MatchState.new(2, 2).to_dict())
>>> s.laws.params["match_play"]
True
>>> s._end_game(0, [])  # seat 0 wins 120-80: a skunk, 3 game points
>>> m = match_after(s)
>>> m.won, m.points, next_first_dealer(s)[0]
((1, 0), (3, 0), 1)
>>> print(next_first_dealer(s)[1])
the loser of the last game deals first (ACC-1.5; provisional: the catalogue has it from a summary)
"""

from __future__ import annotations

from hoyle.cribbage.state import CribbageState
from hoyle.engine.laws import LawCode
from hoyle.engine.series import MatchState
from hoyle.interface.tally import game_seed

__all__ = ["match_after", "next_first_dealer", "next_game", "match_code"]


def match_code(laws: LawCode | None) -> LawCode | None:
    """The code a match's games are played under: ACC's as match play (ACC-8.11)."""
    if laws is not None and "match_play" in laws.schema and not laws.value("match_play", bool):
        return laws.with_params(match_play=True)
    return laws


def match_after(state: CribbageState) -> MatchState | None:
    """Where the match stands after ``state``'s finished game, or ``None`` (not a match
    game, or not over)."""
    if state.match is None or state.result is None:
        return None
    r = state.result
    return MatchState.from_dict(state.match, state.rules.sides).after(
        r.winner, r.games, r.game_points)


def next_first_dealer(state: CribbageState) -> tuple[int | None, str]:
    """Who deals first in the game after ``state``'s (a seat, or ``None``: the cut for deal
    decides) and the words saying why, with the law or the engine default.

    Source: ACC-1.5; EW-i; CRIB-R-14 (§4 ``next_game_first_dealer``).
    """
    r = state.result
    assert r is not None
    laws = state.laws
    rule = laws.value("next_game_first_dealer", str) if laws is not None else "cut"
    law = "ACC-1.5" if laws is not None and laws.name == "acc" else ""
    if rule == "cut" or state.rules.sides != 2:
        why = "the cut for deal decides"
        if state.rules.sides != 2 and rule != "cut":
            return None, (f"{why} (engine default: with {state.rules.sides} sides the "
                          f"{rule} names no one seat)")
        return None, (f"{why} (EW-i for each game; EW is silent on the next game: engine "
                      "default next_game_first_dealer = cut)" if not law else
                      f"{why} (next_game_first_dealer = cut)")
    winner_side = r.winner
    loser_side = 1 - winner_side
    side = loser_side if rule == "loser" else winner_side
    seat = _seat_of_side(state, side)
    words = "the loser of the last game" if rule == "loser" else "the winner of the last game"
    mark = laws.incomplete.get(law) if laws is not None and law else None
    # ACC-1.5 is known from a summary: the ruling is provisional (issue 33, point 5)
    cite = f" ({law}; provisional: the catalogue has it from a {mark})" if mark and \
        rule == "loser" else f" ({law})" if law and rule == "loser" else \
        " (engine default, next_game_first_dealer)" if not law else \
        " (next_game_first_dealer)"
    return seat, f"{words} deals first{cite}"


def _seat_of_side(state: CribbageState, side: int) -> int:
    """A seat of ``side``: the side itself when seats are sides; with partners, the one
    of the side on the left of the last dealer (engine default)."""
    if not state.rules.partnerships:
        return side
    dealer = state.dealer if state.dealer is not None else 0
    n = state.rules.players
    for i in range(1, n + 1):
        seat = (dealer + i) % n
        if state.rules.side_of(seat) == side:
            return seat
    return side  # pragma: no cover - every side has a seat


def next_game(state: CribbageState, match: MatchState, seed: int | None = None
              ) -> tuple[CribbageState, str]:
    """The next game of the match after ``state``'s: the same rules, code and mode, dealt
    first as :func:`next_first_dealer` says, seeded ``seed`` (default: from the match's
    seed); and the words saying who deals first.

    Raises:
        HoyleError: the match is decided.
    """
    from hoyle.errors import HoyleError
    if match.decided() is not None:
        raise HoyleError("the match is over")
    first, words = next_first_dealer(state)
    if first is not None and state.rules.last_bonus:
        first, words = None, words + "; three for last goes with the cut: cut for deal"
    if seed is None and match.seed is not None:
        seed = game_seed(match.seed, match.number - 1)
    new = CribbageState(state.rules, seed=seed, itemize=state.itemize, laws=state.laws,
                        manual_count=state.manual_count and not state.referee,
                        referee=state.referee, first_dealer=first, match=match.to_dict())
    return new, words
