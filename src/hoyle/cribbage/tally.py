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
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import Action
from hoyle.engine.event import Event
from hoyle.engine.laws import LawCode
from hoyle.engine.records import GameRecord
from hoyle.interface.tally import MatchTotals, add_counts, game_seed
from hoyle.errors import RecordError

__all__ = ["score_kind", "DealTally", "GameSummary", "MatchResult", "SeriesSummary", "play_one",
           "play_series", "summarize_game"]

THREE_FOR_LAST = "three for last"
"""The five-card pone's three at the first deal (EW-T-x): its score event's reason and kind."""
_KINDS = {"hand": "hand", "crib": "crib", THREE_FOR_LAST: THREE_FOR_LAST}


def score_kind(e: Event) -> str:
    """What a ``score`` event's points are for, from the event itself, whatever law code
    the game is under (the law each point cites differs by code: his heels is EW-xii or
    ACC-6.3): ``hand`` or ``crib`` (the show, CRIB-R-10), ``pegging`` (the play's
    combinations, the go, his heels: points that come with their score items, CRIB-R-9),
    ``three for last`` (five-card: the pone's three at the first deal, EW-T-x; no
    penalty), else ``penalty`` (a ruling's points).

    >>> from hoyle.engine.action import ScoreItem
    >>> score_kind(Event("score", 1, points=2, items=(ScoreItem("heels", (), 2),),
    ...                  reason="his heels", source="ACC-6.3"))
    'pegging'
    >>> score_kind(Event("score", 1, points=3, reason="three for last", source="EW-T-x"))
    'three for last'
    >>> score_kind(Event("score", 0, points=2, reason="seat 0 scores 2", source="EW-xxi"))
    'penalty'
    """
    show = _KINDS.get(e.reason)
    if show is not None:
        return show
    return "pegging" if e.items else "penalty"


@dataclass
class GameSummary:
    """One game: who won (player index 0 = A, 1 = B; by side with partners), the final
    scores by player (by side), whether
    it was a skunk, who dealt first, and the points each player made by kind and role
    (``"pegging:dealer"``, ``"hand:pone"``, ``"crib:dealer"``…) with the deals in each
    role; ``record`` is the game's record (JSON-ready)."""

    index: int
    winner: int
    scores: tuple[int, ...]
    skunk: bool
    first_dealer: int
    points: list[dict[str, int]]
    deals: list[dict[str, int]]
    record: dict[str, Any] = field(default_factory=dict)


def play_one(names: Sequence[str], seed: int, index: int,
             laws: LawCode | None = None, rules: CribbageRules | None = None) -> GameSummary:
    """Play game ``index`` of a match between players ``names`` (A, B), under the law
    code ``laws`` (default none: the rules of play alone) and ``rules`` (default the
    six-card game; e.g. with ``lurch_agreed``, EW-xvii)."""
    a_deals_first = index % 2 == 0
    # Seat 0 is always A; the cut is chosen so that the first dealer alternates.
    rng = derive_rng(seed, "cut", index)
    lo, hi = sorted(rng.sample(range(1, 14), 2))
    low_card = rng.choice(_cards_of(lo))
    high_card = rng.choice(_cards_of(hi))
    state = CribbageState(rules or CribbageRules(), seed=game_seed(seed, index), itemize=False,
                          laws=laws)
    first = 0 if a_deals_first else 1
    cuts = (low_card, high_card) if first == 0 else (high_card, low_card)
    state.apply(Action("CUT", (cuts[0],)))
    state.apply(Action("CUT", (cuts[1],)))
    players = [make_player(names[0]), make_player(names[1])]
    tally = DealTally(first)
    play_game(players, state=state, on_events=tally, resumable=False)
    return _summary(index, state, first, tally, state.to_record(seats=list(names)).to_dict())


@dataclass
class SeriesSummary:
    """One match of first to N games of a run (``hoyle sim cribbage --match N``): its
    games' summaries in order, the side that won it, and the games and game points each
    player won (EW-xvii: an agreed lurch is two games; ACC-12.1 game points)."""

    index: int
    winner: int
    games: list[GameSummary]
    won: tuple[int, ...]
    game_points: tuple[int, ...]

    @property
    def records(self) -> list[dict[str, Any]]:
        """Every game's record, in order (each written as its own line)."""
        return [g.record for g in self.games]

    @property
    def record(self) -> dict[str, Any]:
        """The last game's record."""
        return self.games[-1].record


def play_series(names: Sequence[str], seed: int, index: int, first_to: int,
                laws: LawCode | None = None, rules: CribbageRules | None = None
                ) -> SeriesSummary:
    """Play match ``index`` of a run, first to ``first_to`` games, between players
    ``names`` (A, B) under ``laws`` and ``rules`` (default the six-card game; with
    ``lurch_agreed`` a lurch counts two games, EW-xvii): A deals the first game first when ``index`` is even;
    each later game's first dealer is the code's (ACC-1.5: the loser; EW: the cut,
    :mod:`hoyle.cribbage.matchplay`). Game ``k`` of the match is seeded
    ``game_seed(seed, index * 2 * first_to + k)`` (a match has fewer than ``2 * first_to``
    games), so every game of the run has its own seed and its record replays alone.

    Raises:
        ParameterError: ``first_to`` not from 1 to 99.
    """
    from hoyle.cribbage.matchplay import match_after, next_game
    from hoyle.engine.series import MatchState
    match = MatchState.new(first_to, 2)
    players = [make_player(names[0]), make_player(names[1])]
    rules = rules or CribbageRules()
    # The first game's first dealer alternates by match, but where three for last goes
    # with the cut (five-card, EW-T-x) the players cut for it (as next_game does).
    first: int | None = None if rules.last_bonus else (0 if index % 2 == 0 else 1)
    base = index * 2 * first_to
    state = CribbageState(rules, seed=game_seed(seed, base), itemize=False,
                          laws=laws, first_dealer=first, match=match.to_dict())
    games: list[GameSummary] = []
    while True:
        tally = DealTally(first if first is not None else 0)
        play_game(players, state=state, on_events=tally, resumable=False)
        dealt = state.first_dealer if state.first_dealer is not None else tally.first
        games.append(_summary(base + len(games), state, dealt, tally,
                              state.to_record(seats=list(names)).to_dict()))
        after = match_after(state)
        assert after is not None
        won = after.decided()
        if won is not None:
            return SeriesSummary(index, won, games, after.won, after.points)
        state, _ = next_game(state, after, seed=game_seed(seed, base + len(games)))
        first = state.first_dealer


class DealTally:
    """A game's points per complete deal by kind and role, fed its events in order.

    Kinds: ``pegging`` (the play, the go, his heels), ``hand``, ``crib``; roles ``dealer``
    and ``pone`` (with three or four players every seat but the dealer's counts as a pone).
    Only complete deals count (the crib shown, CRIB-R-3): the last deal of a game, cut
    short when a side reaches the target, would bias every average down.

    Args:
        first_dealer: the seat that deals first.
        seats: the players (2, 3 or 4).

    Attributes:
        points: by seat, points by ``"kind:role"`` (points).
        deals: by seat, complete deals played as ``dealer`` and as ``pone``.
    """

    def __init__(self, first_dealer: int, seats: int = 2) -> None:
        self.dealer = first_dealer  # the dealer of the deal the events belong to
        self.first = first_dealer  # the game's first dealer (the cut's, once it is made)
        self.points: list[dict[str, int]] = [{} for _ in range(seats)]
        self.deals: list[dict[str, int]] = [{"dealer": 0, "pone": 0} for _ in range(seats)]
        self._pending: list[dict[str, int]] = [{} for _ in range(seats)]  # this deal's

    def __call__(self, events: list[Event]) -> None:
        for e in events:
            if e.kind == "dealer" and e.seat is not None:
                self.dealer = self.first = e.seat
            elif e.kind == "starter" and e.seat is not None:
                self.dealer = e.seat
            elif e.kind == "new_deal" and e.source == "CRIB-R-3":
                d = self.dealer
                for p in range(len(self.deals)):
                    self.deals[p]["dealer" if p == d else "pone"] += 1
                for p in range(len(self.points)):
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
    return GameSummary(index, result.winner, tuple(result.scores), result.skunk, first,
                       tally.points, tally.deals, record)


def summarize_game(record: GameRecord, index: int = 0, any_players: bool = False
                   ) -> GameSummary:
    """A finished two-hand game's summary from its record, as :func:`play_one` makes it
    in play: the record is replayed (every action checked, the stored result compared)
    and its events tallied the same way (seat 0 is player A). With ``any_players`` a game
    of three or four players too (the person's statistics): ``winner`` and ``scores`` are
    then by side (partners score together, CRIB-R-12), ``points`` and ``deals`` by seat.

    Raises:
        RecordError: the record does not replay, is unfinished, or is not a two-hand game
            (without ``any_players``).
    """
    state, events = replay_record(record)
    if state.rules.players != 2 and not any_players:
        raise RecordError(f"a match game has two players, not {state.rules.players}")
    if state.result is None:
        raise RecordError("the game is unfinished")
    first = state.first_dealer if state.first_dealer is not None else \
        next(e.seat for e in events if e.kind == "dealer" and e.seat is not None)
    tally = DealTally(first, state.rules.players)
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
    matches: list[int] = field(default_factory=lambda: [0, 0])
    """Matches of first to N won (``--match N``), by player."""
    match_games: list[int] = field(default_factory=lambda: [0, 0])
    """Games counted toward those matches (an agreed lurch is two, EW-xvii)."""
    game_points: list[int] = field(default_factory=lambda: [0, 0])
    """Game points won in those matches (ACC-12.1)."""

    def add(self, g: GameSummary | SeriesSummary) -> None:
        """Count one more game, or every game of one more match (``--match``)."""
        if isinstance(g, SeriesSummary):
            for game in g.games:
                self.add(game)
            self.matches[g.winner] += 1
            for p in (0, 1):
                self.match_games[p] += g.won[p]
                self.game_points[p] += g.game_points[p]
            return
        self.add_game(g.winner, g.first_dealer, g.points, g.deals)
        if g.skunk:
            self.skunks[g.winner] += 1

    def rows(self) -> list[tuple[str, str, str]]:
        """The results table's cribbage lines: the matches won, their games and game
        points (with ``--match``), skunks given, then points per deal (three decimals) by
        kind and role, the pone's first (he has no crib)."""
        out: list[tuple[str, str, str]] = []
        if sum(self.matches):
            out += [("matches won", str(self.matches[0]), str(self.matches[1])),
                    ("match games won", str(self.match_games[0]), str(self.match_games[1])),
                    ("game points", str(self.game_points[0]), str(self.game_points[1]))]
        out.append(("skunks given", str(self.skunks[0]), str(self.skunks[1])))
        for role in ("pone", "dealer"):
            for kind in ("pegging", "hand", "crib"):
                if role == "pone" and kind == "crib":
                    continue
                out.append((f"{kind} per deal as {role}", f"{self.per_deal(0, kind, role):.3f}",
                            f"{self.per_deal(1, kind, role):.3f}"))
        return out
