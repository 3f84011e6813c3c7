"""Tournaments: many games between two players, measured.

Games alternate the first deal: in game ``i`` player A deals first when ``i`` is even, so
neither gains from the dealer's advantage. Game ``i`` draws every random choice from
``(seed, i)``, so the results are the same whatever the number of workers. Results carry
win rates with Wilson 95% confidence intervals, points per deal split into pegging (the
play, the go and his heels), hand and crib by role (over complete deals: the deal a game
ends in is left out), skunks, and the first dealer's win rate.

>>> r = run_match(["random", "random"], games=4, seed=1)
>>> r.games, r.wins[0] + r.wins[1]
(4, 4)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from hoyle.cards import CARDS, Card, Rank, derive_rng
from hoyle.cribbage.players import make_player
from hoyle.cribbage.state import CribbageState
from hoyle.sim.match import play_game
from hoyle.sim.pool import MatchTotals, add_counts, play_chunks, wilson
from hoyle.table.core import Action, Event

__all__ = ["GameSummary", "MatchResult", "play_one", "run_match", "wilson"]

_PEGGING = ("CRIB-R-9", "EW-T-ix", "EW-xii")


@dataclass
class GameSummary:
    """One game: who won (player index 0 = A, 1 = B), the final scores by player, whether
    it was a skunk, who dealt first, and the points each player made by kind and role
    (``"pegging:dealer"``, ``"hand:pone"``, ``"crib:dealer"``…) with the deals in each
    role; ``record`` is the game's record (JSON-ready)."""

    index: int
    winner: int
    scores: tuple[int, int]
    skunk: bool
    first_dealer: int
    points: list[dict[str, int]]
    deals: list[dict[str, int]]
    record: dict[str, Any] = field(default_factory=dict)


def play_one(names: Sequence[str], seed: int, index: int) -> GameSummary:
    """Play game ``index`` of a match between players ``names`` (A, B)."""
    a_deals_first = index % 2 == 0
    # Seat 0 is always A; the cut is chosen so that the first dealer alternates.
    rng = derive_rng(seed, "cut", index)
    lo, hi = sorted(rng.sample(range(1, 14), 2))
    low_card = rng.choice(_cards_of(lo))
    high_card = rng.choice(_cards_of(hi))
    state = CribbageState(seed=seed * 1_000_003 + index, itemize=False)
    first = 0 if a_deals_first else 1
    cuts = (low_card, high_card) if first == 0 else (high_card, low_card)
    state.apply(Action("CUT", (cuts[0],)))
    state.apply(Action("CUT", (cuts[1],)))
    players = [make_player(names[0]), make_player(names[1])]
    points: list[dict[str, int]] = [{}, {}]
    deals: list[dict[str, int]] = [{"dealer": 0, "pone": 0}, {"dealer": 0, "pone": 0}]

    dealer = [first]  # the dealer of the deal the events belong to
    pending: list[dict[str, int]] = [{}, {}]  # points of the deal in progress

    def tally(events: list[Event]) -> None:
        # Points per deal count only complete deals (the crib shown): the last deal of a
        # game, cut short when a side reaches 121, would bias every average down.
        for e in events:
            if e.kind == "starter" and e.seat is not None:
                dealer[0] = e.seat
            elif e.kind == "new_deal" and e.source == "CRIB-R-3":
                d = dealer[0]
                deals[d]["dealer"] += 1
                deals[1 - d]["pone"] += 1
                for p in (0, 1):
                    for k, v in pending[p].items():
                        points[p][k] = points[p].get(k, 0) + v
                    pending[p].clear()
            if e.kind != "score" or e.seat is None or e.points <= 0:
                continue
            role = "dealer" if e.seat == dealer[0] else "pone"
            if e.source in _PEGGING:
                kind = "pegging"
            elif e.reason == "crib":
                kind = "crib"
            else:
                kind = "hand"
            key = f"{kind}:{role}"
            pending[e.seat][key] = pending[e.seat].get(key, 0) + e.points

    play_game(players, state=state, on_events=tally, resumable=False)
    result = state.result
    assert result is not None
    return GameSummary(index, result.winner, (result.scores[0], result.scores[1]),
                       result.skunk, first, points, deals,
                       json.loads(state.to_record(seats=list(names)).to_json(indent=None)))


def _cards_of(rank: int) -> list[Card]:
    return [c for c in CARDS if c.rank == Rank(rank)]


def _chunk(args: tuple[tuple[str, str], int, list[int]]) -> list[GameSummary]:
    names, seed, indices = args
    return [play_one(names, seed, i) for i in indices]


@dataclass
class MatchResult(MatchTotals):
    """The outcome of a match (see :func:`run_match`): also the skunks each player won.
    Roles are ``dealer`` and ``pone``; kinds ``pegging``, ``hand``, ``crib``."""

    skunks: list[int] = field(default_factory=lambda: [0, 0])

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        return {"players": list(self.names), "games": self.games, "wins": self.wins,
                "win_rate_ci": [list(self.ci(0)), list(self.ci(1))],
                "skunks": self.skunks, "first_dealer_wins": self.first_dealer_wins,
                "points": self.points, "deals": self.deals}


def run_match(names: Sequence[str], games: int, seed: int = 0, workers: int = 1,
              out: TextIO | None = None,
              progress: Callable[[int], None] | None = None, first: int = 0) -> MatchResult:
    """Play ``games`` games between the players named ``names`` (A, B).

    Args:
        names: two player kinds (``random``, ``greedy``, ``table``, ``expert``).
        games: how many games.
        seed: every game's random choices flow from ``(seed, game index)``.
        workers: processes (``concurrent.futures``); results do not depend on it.
        out: if given, every game's record is written to it as one JSON line, in order.
        progress: called with the number of games finished so far.
        first: the index of the first game: games ``first`` to ``first + games - 1`` are
            played, each exactly as in a run from 0 (to finish a run stopped part way).

    Raises:
        HoyleError: an unknown player name.
    """
    pair = (names[0], names[1])
    for n in pair:
        make_player(n)  # fail early on a bad name
    wins = [0, 0]
    skunks = [0, 0]
    first_wins = 0
    points: list[dict[str, int]] = [{}, {}]
    deals: list[dict[str, int]] = [{"dealer": 0, "pone": 0}, {"dealer": 0, "pone": 0}]
    done = 0

    def absorb(summaries: list[GameSummary]) -> None:
        nonlocal first_wins, done
        for g in summaries:
            wins[g.winner] += 1
            if g.skunk:
                skunks[g.winner] += 1
            if g.winner == g.first_dealer:
                first_wins += 1
            for p in (0, 1):
                add_counts(points[p], g.points[p])
                add_counts(deals[p], g.deals[p])
            if out is not None:
                out.write(json.dumps(g.record) + "\n")
        done += len(summaries)
        if progress is not None:
            progress(done)

    for summaries in play_chunks(_chunk, pair, seed, first, games, workers, most=50):
        absorb(summaries)
    return MatchResult(pair, games, wins, first_wins, points, deals, skunks)
