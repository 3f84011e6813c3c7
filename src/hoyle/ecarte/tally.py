"""Écarté matches, measured: one game of a match played (:func:`play_one`) or read back from
its record (:func:`summarize_game`), its points tallied, and the match's totals
(:class:`EcarteMatchResult`); :func:`hoyle.sim.tournament.run_match` runs the match.

As for every game: games alternate the first deal (in game
``i`` player A deals first when ``i`` is even), game ``i`` draws every random choice from
``(seed, i)`` so the results do not depend on the number of workers, and win rates carry
Wilson 95% intervals. Points per deal are split by kind — the point, the vole, the king
(turned up or held), the penalty (the second point of a point won against a stand or a
refusal, ECARTE-R-15) and other law penalties — and by role (dealer, elder), over
complete deals (the deal a game ends in is left out). Stands (without proposing) and
refusals of a first proposal are counted per player.

>>> g = play_one(("random", "rules"), seed=1, index=0)
>>> r = EcarteMatchResult.empty(("random", "rules"))
>>> r.add(g)
>>> r.games, r.title("seed 1"), r.rows()[-1][0]
(1, 'écarté: random v rules: 1 games, seed 1', 'first proposals refused')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from hoyle.cards import Card, Suit, derive_rng
from hoyle.ecarte.match import play_game
from hoyle.ecarte.players import make_player
from hoyle.ecarte.records import replay_record
from hoyle.ecarte.rules import ecarte_pack, trick_rank
from hoyle.ecarte.state import EcarteState
from hoyle.engine.action import Action
from hoyle.engine.event import Event
from hoyle.engine.records import GameRecord
from hoyle.interface.tally import MatchTotals, add_counts, game_seed
from hoyle.errors import RecordError

__all__ = ["EcarteGameSummary", "EcarteMatchResult", "KINDS", "play_one", "summarize_game"]

KINDS = ("point", "vole", "king", "penalty", "other")
"""Kinds of points in the per-deal figures."""
@dataclass
class EcarteGameSummary:
    """One game: the winner (0 = A, 1 = B), final scores by player, who dealt first,
    points by ``"kind:role"``, complete deals by role, stands and first refusals, and the
    game's record."""

    index: int
    winner: int
    scores: tuple[int, int]
    first_dealer: int
    points: list[dict[str, int]]
    deals: list[dict[str, int]]
    stands: list[int]
    refusals: list[int]
    record: dict[str, Any] = field(default_factory=dict)


def _cut_cards(rng_seed: int, index: int, a_deals: bool) -> tuple[Card, Card]:
    rng = derive_rng(rng_seed, "cut", index)
    ranks = sorted((c for c in ecarte_pack() if c.suit == Suit.CLUBS), key=trick_rank)
    lo, hi = sorted(rng.sample(ranks, 2), key=trick_rank)
    low = Card.of(lo.rank, rng.choice(list(Suit)))
    high = Card.of(hi.rank, rng.choice(list(Suit)))
    return (high, low) if a_deals else (low, high)


def play_one(names: Sequence[str], seed: int, index: int) -> EcarteGameSummary:
    """Play game ``index`` of a match between players ``names`` (A = seat 0, B = seat 1)."""
    a_deals_first = index % 2 == 0
    state = EcarteState(seed=game_seed(seed, index))
    for c in _cut_cards(seed, index, a_deals_first):
        state.apply(Action("CUT", (c,)))
    first = 0 if a_deals_first else 1
    assert state.dealer == first
    players = [make_player(names[0]), make_player(names[1])]
    tally = DealTally(first)
    play_game(players, state=state, on_events=tally)
    return _summary(index, state, first, tally, state.to_record(seats=list(names)).to_dict())


class DealTally:
    """A game's points per complete deal by kind (:data:`KINDS`) and role (``dealer``,
    ``elder``), its stands without a proposal and first refusals, fed its events in order.
    Only complete deals count (ECARTE-R-3): the deal a game ends in is left out.

    Attributes:
        points: by seat, points by ``"kind:role"`` (points).
        deals: by seat, complete deals played as ``dealer`` and as ``elder``.
        stands: by seat, hands the elder played without proposing.
        refusals: by seat, first proposals refused.
    """

    def __init__(self, first_dealer: int) -> None:
        self.dealer = first_dealer
        self.points: list[dict[str, int]] = [{}, {}]
        self.deals: list[dict[str, int]] = [{"dealer": 0, "elder": 0},
                                            {"dealer": 0, "elder": 0}]
        self.stands = [0, 0]
        self.refusals = [0, 0]
        self._pending: list[dict[str, int]] = [{}, {}]

    def _add(self, seat: int, key: str, pts: int) -> None:
        self._pending[seat][key] = self._pending[seat].get(key, 0) + pts

    def __call__(self, events: list[Event]) -> None:
        for e in events:
            if e.kind == "stand" and e.seat is not None and e.proposals == 0:
                self.stands[e.seat] += 1
            elif e.kind == "refuse" and e.seat is not None and e.proposals == 1:
                self.refusals[e.seat] += 1
            elif e.kind == "new_deal":
                if e.source == "ECARTE-R-3":
                    d = self.dealer
                    self.deals[d]["dealer"] += 1
                    self.deals[1 - d]["elder"] += 1
                    for p in (0, 1):
                        add_counts(self.points[p], self._pending[p])
                self._pending[0].clear()
                self._pending[1].clear()
                if e.seat is not None:
                    self.dealer = e.seat
            if e.kind != "score" or e.seat is None or e.points <= 0:
                continue
            role = "dealer" if e.seat == self.dealer else "elder"
            if not e.items:  # a ruling's points
                self._add(e.seat, f"other:{role}", e.points)
            for item in e.items:
                self._add(e.seat, f"{item.kind}:{role}", item.points)


def _summary(index: int, state: EcarteState, first: int, tally: DealTally,
             record: dict[str, Any]) -> EcarteGameSummary:
    result = state.result
    assert result is not None
    return EcarteGameSummary(index, result.winner, (result.scores[0], result.scores[1]),
                             first, tally.points, tally.deals, tally.stands, tally.refusals,
                             record)


def summarize_game(record: GameRecord, index: int = 0) -> EcarteGameSummary:
    """A finished game's summary from its record, as :func:`play_one` makes it in play:
    the record is replayed (every action checked, the stored result compared) and its
    events tallied the same way (seat 0 is player A).

    Raises:
        RecordError: the record does not replay or the game is unfinished.
    """
    state, events = replay_record(record)
    if state.result is None:
        raise RecordError("the game is unfinished")
    first = next(e.seat for e in events if e.kind == "dealer" and e.seat is not None)
    tally = DealTally(first)
    tally(events)
    return _summary(index, state, first, tally, {})


@dataclass
class EcarteMatchResult(MatchTotals):
    """The outcome of a match (:func:`hoyle.sim.tournament.run_match`): also each
    player's stands (the elder playing without proposing) and first refusals of a
    proposal. Roles are ``dealer`` and ``elder``; kinds :data:`KINDS`."""

    stands: list[int] = field(default_factory=lambda: [0, 0])
    refusals: list[int] = field(default_factory=lambda: [0, 0])

    ROLES = ("dealer", "elder")
    CHUNK: ClassVar[int] = 25

    def add(self, g: EcarteGameSummary) -> None:
        """Count one more game."""
        self.add_game(g.winner, g.first_dealer, g.points, g.deals)
        for p in (0, 1):
            self.stands[p] += g.stands[p]
            self.refusals[p] += g.refusals[p]

    def title(self, span: str) -> str:
        """The results table's title, ``"écarté: A v B: 20 games, seed 3"``."""
        return "écarté: " + super().title(span)

    def rows(self) -> list[tuple[str, str, str]]:
        """The results table's écarté lines: points per deal (three decimals) by kind
        (:data:`KINDS`) and in all, by role (the elder's first); then stands at the first
        chance and first proposals refused."""
        out = []
        for role in ("elder", "dealer"):
            for kind in KINDS:
                out.append((f"{kind} per deal as {role}", f"{self.per_deal(0, kind, role):.3f}",
                            f"{self.per_deal(1, kind, role):.3f}"))
            a, b = (f"{sum(self.per_deal(p, k, role) for k in KINDS):.3f}" for p in (0, 1))
            out.append((f"all points per deal as {role}", a, b))
        out.append(("stands (first chance)", str(self.stands[0]), str(self.stands[1])))
        out.append(("first proposals refused", str(self.refusals[0]), str(self.refusals[1])))
        return out
