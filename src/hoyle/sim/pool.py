"""A match's games played in chunks, over a process pool or in this process, in game order.

Both games' tournaments use it: game ``i`` draws every random choice from ``(seed, i)``,
so how the games are chunked and how many workers play them changes no result.

>>> game_chunks(first=10, games=9, workers=1, most=2)
[[10, 11], [12, 13], [14, 15], [16, 17], [18]]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

__all__ = ["game_chunks", "play_chunks", "add_counts"]

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
