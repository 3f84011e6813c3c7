"""Cribbage matches, measured: one game of a match played (:func:`play_one`) or read back
from its record (:func:`summarize_game`), its points tallied, and the match's totals
(:class:`MatchResult`); :func:`hoyle.sim.tournament.run_match` runs the match.

Games alternate the first deal: in game ``i`` player A deals first when ``i`` is even, so
neither gains from the dealer's advantage. Game ``i`` draws every random choice from
``(seed, i)``, so the results are the same whatever the number of workers. Results carry
win rates with Wilson 95% confidence intervals, points per deal split into pegging (the
play, the go and his heels), hand and crib by role (over complete deals: the deal a game
ends in is left out), skunks, and the first dealer's win rate.

>>> g = play_one(("random", "random"), seed=1, index=0)
>>> r = MatchResult.empty(("random", "random"))
>>> r.add(g)
>>> r.games, r.first_dealer_wins == (g.winner == 0), r.rows()[0][0]
(1, True, 'skunks given')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from hoyle.cards import CARDS, Card, Rank, derive_rng
from hoyle.cribbage.match import play_game
from hoyle.cribbage.players import make_player
from hoyle.cribbage.records import replay_record
from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import Action
from hoyle.engine.event import Event
from hoyle.engine.laws import LawCode
from hoyle.engine.records import GameRecord
from hoyle.engine.tally import MatchTotals, add_counts, game_seed
from hoyle.errors import RecordError

__all__ = ["score_kind", "DealTally", "GameSummary", "MatchResult", "play_one", "summarize_game"]

_SHOW = {"hand": "hand", "crib": "crib"}


def score_kind(e: Event) -> str:
    """What a ``score`` event's points are for, from the event itself, whatever law code
    the game is under (the law each point cites differs by code: his heels is EW-xii or
    ACC-6.3): ``hand`` or ``crib`` (the show, CRIB-R-10), ``pegging`` (the play's
    combinations, the go, his heels: points that come with their score items, CRIB-R-9),
    else ``penalty`` (a ruling's points).

    >>> from hoyle.engine.action import ScoreItem
    >>> score_kind(Event("score", 1, points=2, items=(ScoreItem("heels", (), 2),),
    ...                  reason="his heels", source="ACC-6.3"))
    'pegging'
    >>> score_kind(Event("score", 0, points=2, reason="seat 0 scores 2", source="EW-xxi"))
    'penalty'
    """
    show = _SHOW.get(e.reason)
    if show is not None:
        return show
    return "pegging" if e.items else "penalty"


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


def play_one(names: Sequence[str], seed: int, index: int,
             laws: LawCode | None = None) -> GameSummary:
    """Play game ``index`` of a match between players ``names`` (A, B), under the law
    code ``laws`` (default none: the rules of play alone)."""
    a_deals_first = index % 2 == 0
    # Seat 0 is always A; the cut is chosen so that the first dealer alternates.
    rng = derive_rng(seed, "cut", index)
    lo, hi = sorted(rng.sample(range(1, 14), 2))
    low_card = rng.choice(_cards_of(lo))
    high_card = rng.choice(_cards_of(hi))
    state = CribbageState(seed=game_seed(seed, index), itemize=False, laws=laws)
    first = 0 if a_deals_first else 1
    cuts = (low_card, high_card) if first == 0 else (high_card, low_card)
    state.apply(Action("CUT", (cuts[0],)))
    state.apply(Action("CUT", (cuts[1],)))
    players = [make_player(names[0]), make_player(names[1])]
    tally = DealTally(first)
    play_game(players, state=state, on_events=tally, resumable=False)
    return _summary(index, state, first, tally, state.to_record(seats=list(names)).to_dict())


class DealTally:
    """A game's points per complete deal by kind and role, fed its events in order.

    Kinds: ``pegging`` (the play, the go, his heels), ``hand``, ``crib``; roles ``dealer``
    and ``pone``. Only complete deals count (the crib shown, CRIB-R-3): the last deal of a
    game, cut short when a side reaches the target, would bias every average down.

    Attributes:
        points: by seat, points by ``"kind:role"`` (points).
        deals: by seat, complete deals played as ``dealer`` and as ``pone``.
    """

    def __init__(self, first_dealer: int) -> None:
        self.dealer = first_dealer  # the dealer of the deal the events belong to
        self.points: list[dict[str, int]] = [{}, {}]
        self.deals: list[dict[str, int]] = [{"dealer": 0, "pone": 0},
                                            {"dealer": 0, "pone": 0}]
        self._pending: list[dict[str, int]] = [{}, {}]  # the deal in progress

    def __call__(self, events: list[Event]) -> None:
        for e in events:
            if e.kind == "starter" and e.seat is not None:
                self.dealer = e.seat
            elif e.kind == "new_deal" and e.source == "CRIB-R-3":
                d = self.dealer
                self.deals[d]["dealer"] += 1
                self.deals[1 - d]["pone"] += 1
                for p in (0, 1):
                    add_counts(self.points[p], self._pending[p])
                    self._pending[p].clear()
            if e.kind != "score" or e.seat is None or e.points <= 0:
                continue
            role = "dealer" if e.seat == self.dealer else "pone"
            kind = score_kind(e)
            key = f"{kind}:{role}"
            pending = self._pending[e.seat]
            pending[key] = pending.get(key, 0) + e.points


def _summary(index: int, state: CribbageState, first: int, tally: DealTally,
             record: dict[str, Any]) -> GameSummary:
    result = state.result
    assert result is not None
    return GameSummary(index, result.winner, (result.scores[0], result.scores[1]),
                       result.skunk, first, tally.points, tally.deals, record)


def summarize_game(record: GameRecord, index: int = 0) -> GameSummary:
    """A finished two-hand game's summary from its record, as :func:`play_one` makes it
    in play: the record is replayed (every action checked, the stored result compared)
    and its events tallied the same way (seat 0 is player A).

    Raises:
        RecordError: the record does not replay, is unfinished, or is not a two-hand game.
    """
    state, events = replay_record(record)
    if state.rules.players != 2:
        raise RecordError(f"a match game has two players, not {state.rules.players}")
    if state.result is None:
        raise RecordError("the game is unfinished")
    first = state.first_dealer if state.first_dealer is not None else \
        next(e.seat for e in events if e.kind == "dealer" and e.seat is not None)
    tally = DealTally(first)
    tally(events)
    return _summary(index, state, first, tally, {})


def _cards_of(rank: int) -> list[Card]:
    return [c for c in CARDS if c.rank == Rank(rank)]


@dataclass
class MatchResult(MatchTotals):
    """The outcome of a match (:func:`hoyle.sim.tournament.run_match`): also the skunks
    each player won. Roles are ``dealer`` and ``pone``; kinds ``pegging``, ``hand``,
    ``crib``."""

    skunks: list[int] = field(default_factory=lambda: [0, 0])

    def add(self, g: GameSummary) -> None:
        """Count one more game."""
        self.add_game(g.winner, g.first_dealer, g.points, g.deals)
        if g.skunk:
            self.skunks[g.winner] += 1

    def rows(self) -> list[tuple[str, str, str]]:
        """The results table's cribbage lines: skunks given, then points per deal (three
        decimals) by kind and role, the pone's first (he has no crib)."""
        out = [("skunks given", str(self.skunks[0]), str(self.skunks[1]))]
        for role in ("pone", "dealer"):
            for kind in ("pegging", "hand", "crib"):
                if role == "pone" and kind == "crib":
                    continue
                out.append((f"{kind} per deal as {role}", f"{self.per_deal(0, kind, role):.3f}",
                            f"{self.per_deal(1, kind, role):.3f}"))
        return out
