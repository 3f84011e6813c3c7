"""Matches: many games of one game between two computer players, measured, for any game in
the registry (:mod:`hoyle.interface.registry`).

Games alternate the first deal (in game ``i`` player A deals first when ``i`` is even), and
game ``i`` draws every random choice from ``(seed, i)``, so the results are the same
whatever the number of workers. The game plays and tallies each game
(:meth:`~hoyle.interface.registry.GameSpec.play_match_game`) and counts the match
(:meth:`~hoyle.interface.registry.GameSpec.empty_match`, a
:class:`~hoyle.interface.tally.MatchTotals`): win rates with Wilson 95% intervals, the first
dealer's wins, points per deal by kind and role, and the game's own counts.

>>> r = run_match("cribbage", ["random", "random"], games=4, seed=1)
>>> r.games, r.wins[0] + r.wins[1]
(4, 4)
>>> r = run_match("ecarte", ["random", "rules"], games=4, seed=1)
>>> r.games, r.wins[0] + r.wins[1]
(4, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import Any, TextIO

from hoyle.engine.records import GameRecord
from hoyle.interface.registry import GameSpec, get_game
from hoyle.interface.tally import MatchTotals
from hoyle.sim.pool import collect, play_chunks, summarize_all

__all__ = ["run_match", "summarize_games"]


def _spec(game: GameSpec | str) -> GameSpec:
    return game if isinstance(game, GameSpec) else get_game(game)


def _chunk(game: str, params: Mapping[str, Any],
           args: tuple[tuple[str, str], int, list[int]]) -> list[Any]:
    names, seed, indices = args
    spec = get_game(game)
    return [spec.play_match_game(names, seed, i, params) for i in indices]


def run_match(game: GameSpec | str, names: Sequence[str], games: int, seed: int = 0,
              workers: int = 1, out: TextIO | None = None,
              progress: Callable[[int], None] | None = None, first: int = 0,
              params: Mapping[str, Any] | None = None,
              executor: str = "local") -> MatchTotals:
    """Play ``games`` games of ``game`` between the computer players named ``names`` (A, B).

    Args:
        game: the game's spec, or its registry name (``"cribbage"``).
        names: two of the game's player names (:meth:`GameSpec.players`).
        games: how many games.
        seed: every game's random choices flow from ``(seed, game index)``.
        workers: processes (``concurrent.futures``); results do not depend on it.
        out: if given, every game's record is written to it as one JSON line, in order.
        progress: called with the number of games finished so far.
        first: the index of the first game: games ``first`` to ``first + games - 1`` are
            played, each exactly as in a run from 0 (to finish a run stopped part way).
        params: the game's own sim options beyond the players (cribbage: ``laws``,
            ``acc_edition``), checked first (:meth:`GameSpec.check_sim_params`).
        executor: where the games run (``local``, ``dask``, ``ray``, ...:
            :func:`hoyle.sim.executors.open_executor`); results do not depend on it.

    Returns:
        The game's match result (:meth:`GameSpec.empty_match` with every game added).

    Raises:
        HoyleError: an unknown game or player name, or a bad option value; a bad
            executor (:class:`~hoyle.sim.executors.ExecutorError`).
    """
    spec = _spec(game)
    pair = (names[0], names[1])
    for n in pair:
        spec.make_player(n)  # fail early on a bad name
    own = dict(params or {})
    spec.check_sim_params(own)
    result = spec.empty_match(pair)
    chunks = play_chunks(partial(_chunk, spec.name, own), pair, seed, first, games, workers,
                         most=result.CHUNK, executor=executor)
    return collect(chunks, result, out, progress)


def summarize_games(game: GameSpec | str, records: Iterable[GameRecord],
                    where: Sequence[str] | None = None) -> MatchTotals:
    """A match's results from its games' records (``hoyle sim GAME --out``), as
    :func:`run_match` counted them in play, the players named by the first record's seats
    (A = seat 0).

    Raises:
        HoyleError: an unknown game.
        RecordError: a record does not replay or is not a finished game of a match (the
            message names the game by ``where[i]``, e.g. its file and line, else by its
            position from 1, and its seed).
    """
    spec = _spec(game)
    return summarize_all(records, spec.summarize_match_game, spec.empty_match, where)
