"""A match's games played in chunks, over a process pool or in this process, in game order.

Both games' tournaments use it: game ``i`` draws every random choice from ``(seed, i)``,
so how the games are chunked and how many workers play them changes no result.

>>> game_chunks(first=10, games=9, workers=1, most=2)
[[10, 11], [12, 13], [14, 15], [16, 17], [18]]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

__all__ = ["game_chunks", "play_chunks", "add_counts", "wilson", "MatchTotals"]

T = TypeVar("T")
Job = tuple[tuple[str, str], int, list[int]]
"""One chunk's work: the two player names, the match seed, the game indices."""


def game_chunks(first: int, games: int, workers: int, most: int) -> list[list[int]]:
    """Games ``first`` to ``first + games - 1`` cut into chunks of at most ``most``
    games, about four chunks a worker (so a slow chunk does not hold up the end)."""
    size = max(1, min(most, games // (workers * 4) or 1))
    end = first + games
    return [list(range(i, min(end, i + size))) for i in range(first, end, size)]


def play_chunks(play: Callable[[Job], list[T]], pair: tuple[str, str], seed: int,
                first: int, games: int, workers: int, most: int) -> Iterator[list[T]]:
    """Each chunk's results in game order: ``play((pair, seed, indices))`` run over a
    ``concurrent.futures`` process pool of ``workers`` (``play`` must be a module-level
    function), or in this process when ``workers`` is 1."""
    jobs = [(pair, seed, c) for c in game_chunks(first, games, workers, most)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as ex:
            yield from ex.map(play, jobs)
    else:
        for job in jobs:
            yield play(job)


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
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


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

    def win_rate(self, player: int = 0) -> float:
        """The share of games won by ``player`` (0 = A)."""
        return self.wins[player] / self.games if self.games else 0.0

    def ci(self, player: int = 0) -> tuple[float, float]:
        """Wilson 95% interval of the player's win rate."""
        return wilson(self.wins[player], self.games)

    def per_deal(self, player: int, kind: str, role: str) -> float:
        """Points per deal (points) in a role of a kind, e.g. ``("hand", "pone")``; 0.0
        when the player never had the role."""
        n = self.deals[player][role]
        return self.points[player].get(f"{kind}:{role}", 0) / n if n else 0.0
