"""What a match between two players counts, whatever the game: wins with their Wilson
intervals, the first dealer's wins, and points per deal by kind and role. Each game's
tally (``hoyle/<game>/tally.py``) extends :class:`MatchTotals` with its own counts and
table lines; the runner over a process pool is :mod:`hoyle.sim.tournament`.

>>> m = MatchTotals.empty(("A", "B"))
>>> m.add_game(0, 0, [{"hand:dealer": 8}, {}], [{"dealer": 1, "pone": 0}, {"dealer": 0, "pone": 1}])
>>> m.wins, m.first_dealer_wins, m.per_deal(0, "hand", "dealer"), m.title("seed 3")
([1, 0], 1, 8.0, 'A v B: 1 games, seed 3')
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Protocol, TypeVar

__all__ = ["GAMES_PER_SEED", "MatchTotals", "OwnGame", "ResultSummary", "add_counts",
           "game_seed", "wilson"]


class OwnGame(Protocol):
    """What the person's statistics read of a finished game (``hoyle stats --mine``;
    :meth:`~hoyle.interface.registry.GameSpec.summarize_own_game`): the winning side, the
    scores by side, and by seat the points by ``"kind:role"`` and the deals by role (empty
    where the game does not count them); a skunk where the game has one."""

    @property
    def winner(self) -> int: ...

    @property
    def scores(self) -> Sequence[int]: ...

    @property
    def points(self) -> Sequence[Mapping[str, int]]: ...

    @property
    def deals(self) -> Sequence[Mapping[str, int]]: ...

    @property
    def skunk(self) -> bool: ...


@dataclass(frozen=True)
class ResultSummary:
    """An :class:`OwnGame` from a record's result alone (its ``winner`` and ``scores``): a
    game without match tallies is still counted in the person's statistics, with no points
    by kind."""

    winner: int
    scores: tuple[int, ...]
    points: tuple[dict[str, int], ...] = field(default_factory=tuple)
    deals: tuple[dict[str, int], ...] = field(default_factory=tuple)
    skunk: bool = False

GAMES_PER_SEED = 1_000_003
"""Game ``i`` of a match seeded ``seed`` is seeded ``seed * GAMES_PER_SEED + i``: a match
has fewer games than this, and a game's record tells its match's seed and its index."""


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a match seeded ``seed``.

    >>> game_seed(103, 8946), divmod(game_seed(103, 8946), GAMES_PER_SEED)
    (103009255, (103, 8946))
    """
    return seed * GAMES_PER_SEED + index


def add_counts(total: dict[str, int], part: dict[str, int]) -> None:
    """Add ``part``'s counts into ``total`` key by key (points, deals)."""
    for k, v in part.items():
        total[k] = total.get(k, 0) + v


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default).

    60 wins in 100: centre (0.6 + 1.96²/200) / (1 + 1.96²/100) = 0.5963, half-width
    1.96·sqrt(0.0024 + 1.96²/40000) / 1.0384 = 0.0943:

    >>> tuple(round(x, 3) for x in wilson(60, 100))
    (0.502, 0.691)
    >>> wilson(0, 10)[0], wilson(10, 10)[1]
    (0.0, 1.0)
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))  # rounding must not leave [0, 1]


M = TypeVar("M", bound="MatchTotals")


@dataclass
class MatchTotals:
    """What every match's outcome holds: the players (A, B), the games, each player's
    wins, the first dealer's wins, and each player's points by ``"kind:role"`` with the
    deals played in each role."""

    names: tuple[str, str]
    games: int
    wins: list[int]
    first_dealer_wins: int
    points: list[dict[str, int]]
    deals: list[dict[str, int]]

    ROLES: ClassVar[tuple[str, str]] = ("dealer", "pone")
    """The two roles of a deal (the dealer and the other hand)."""
    CHUNK: ClassVar[int] = 50
    """The most games a worker plays at a time (fewer for a slower game, so that the
    chunks of a run stay about as long)."""

    @classmethod
    def empty(cls: type[M], names: tuple[str, str]) -> M:
        """A match of no games yet between ``names`` (A, B)."""
        return cls(names, 0, [0, 0], 0, [{}, {}],
                   [dict.fromkeys(cls.ROLES, 0) for _ in (0, 1)])

    def add_game(self, winner: int, first_dealer: int, points: list[dict[str, int]],
                 deals: list[dict[str, int]]) -> None:
        """Count one more game: its winner and first dealer (player 0 = A, 1 = B), and
        each player's points and deals by role."""
        self.games += 1
        self.wins[winner] += 1
        if winner == first_dealer:
            self.first_dealer_wins += 1
        for p in (0, 1):
            add_counts(self.points[p], points[p])
            add_counts(self.deals[p], deals[p])

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary: every field, and each player's win-rate interval."""
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["players"] = list(d.pop("names"))
        d["win_rate_ci"] = [list(self.ci(0)), list(self.ci(1))]
        return d

    def win_rate(self, player: int = 0) -> float:
        """The share of games won by ``player`` (0 = A)."""
        return self.wins[player] / self.games if self.games else 0.0

    def ci(self, player: int = 0) -> tuple[float, float]:
        """Wilson 95% interval of the player's win rate."""
        return wilson(self.wins[player], self.games)

    def add(self, g: Any) -> None:
        """Count one more game's summary (the game's own kind, as its
        :meth:`~hoyle.interface.registry.GameSpec.play_match_game` makes it)."""
        raise NotImplementedError

    def title(self, span: str) -> str:
        """The results table's title, ``"A v B: 20 games, seed 3"``: ``span`` says which
        games of which match (``hoyle.sim.pool.span_text``)."""
        return f"{self.names[0]} v {self.names[1]}: {self.games} games, {span}"

    def rows(self) -> list[tuple[str, str, str]]:
        """The game's own lines of the results table, after the wins and win rates:
        ``(label, player A's value, player B's value)``, the values as printed."""
        return []

    def per_deal(self, player: int, kind: str, role: str) -> float:
        """Points per deal (points) in a role of a kind, e.g. ``("hand", "pone")``; 0.0
        when the player never had the role."""
        n = self.deals[player][role]
        return self.points[player].get(f"{kind}:{role}", 0) / n if n else 0.0
