"""A match's games played in chunks, over a process pool or in this process, in game order.

Every game's matches use it (:mod:`hoyle.sim.tournament`): game ``i`` draws every random
choice from ``(seed, i)``, so how the games are chunked and how many workers play them
changes no result.

>>> game_chunks(first=10, games=9, workers=1, most=2)
[[10, 11], [12, 13], [14, 15], [16, 17], [18]]
"""

from __future__ import annotations

import contextlib
import json
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TextIO, TypeVar

from hoyle.engine.records import MAX_RECORD_BYTES, GameRecord, open_record_file
from hoyle.interface.tally import GAMES_PER_SEED
from hoyle.errors import RecordError
from hoyle.sim.executors import _stop, _worker_ignores_ctrl_c, ctrl_c_held

__all__ = ["game_chunks", "play_chunks", "collect",
           "summarize_all", "read_run", "Run", "span_text"]

LOCAL_CHUNK = 4
"""The most games in one chunk of the local process pool (``--workers`` 2 or more): a
chunk's records are kept only whole, so one Ctrl-C loses at most this many games a
worker (the games already finished in order are kept)."""

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
                first: int, games: int, workers: int, most: int,
                executor: str = "local") -> Iterator[list[T]]:
    """Each chunk's results in game order: ``play((pair, seed, indices))`` run on the
    executor ``executor`` names (:func:`hoyle.sim.executors.open_executor`): by default a
    ``concurrent.futures`` process pool of ``workers`` whose workers leave Ctrl-C to this
    process, or this process when ``workers`` is 1 (``play`` must pickle: a module-level
    function, or a ``functools.partial`` of one).

    Raises:
        ExecutorError: a bad ``executor`` or ``workers``.
    """
    from hoyle.sim.executors import open_executor, parse_executor

    if parse_executor(executor)[0] != "local":  # Dask or Ray: they stop their own tasks
        with open_executor(executor, workers) as remote:
            yield from remote.map(play, [(pair, seed, c)
                                         for c in game_chunks(first, games, workers, most)])
        return
    if workers == 1:  # one game a chunk: Ctrl-C loses at most the game being played
        for job in [(pair, seed, c) for c in game_chunks(first, games, 1, 1)]:
            yield play(job)
        return
    # small chunks: Ctrl-C keeps every game finished in order, and loses at most the
    # LOCAL_CHUNK games a worker is playing (the results are the same for any chunking)
    jobs = [(pair, seed, c) for c in game_chunks(first, games, workers,
                                                 min(most, LOCAL_CHUNK))]
    ex = ProcessPoolExecutor(workers, initializer=_worker_ignores_ctrl_c)
    futures = [ex.submit(play, job) for job in jobs]
    done = 0
    try:
        for future in futures:
            yield future.result()
            done += 1
    except KeyboardInterrupt:
        # Ctrl-C: the chunks already finished after the last one handed on are kept (in
        # order, up to the first unfinished one), the rest are stopped at once
        with ctrl_c_held(then_raise=False):
            _stop(ex)
        for future in futures[done:]:
            if not future.done() or future.cancelled() or future.exception() is not None:
                break
            yield future.result()
        raise
    except BaseException:
        with ctrl_c_held(then_raise=False):
            _stop(ex)
        raise
    ex.shutdown()


class _Summary(Protocol):
    @property
    def record(self) -> dict[str, Any]: ...


G = TypeVar("G", bound=_Summary)
G_contra = TypeVar("G_contra", contravariant=True)


class _Result(Protocol[G_contra]):
    games: int

    def add(self, g: G_contra) -> None: ...


R = TypeVar("R", bound=_Result[Any])


def collect(chunks: Iterable[list[G]], result: R, out: TextIO | None,
            progress: Callable[[int], None] | None) -> R:
    """Count every game's summary into ``result`` (its ``add``), writing each game's record
    to ``out`` as one JSON line, in order, and calling ``progress`` with the games done
    after each chunk."""
    for summaries in chunks:
        with ctrl_c_held():  # a chunk's lines are written whole, and counted
            for g in summaries:
                result.add(g)
                if out is not None:  # a summary of several games (a match) has ``records``
                    for record in getattr(g, "records", None) or [g.record]:
                        out.write(json.dumps(record) + "\n")
            if out is not None:
                out.flush()
            if progress is not None:
                progress(result.games)
    return result


def summarize_all(records: Iterable[GameRecord], summarize: Callable[[GameRecord, int], G],
                  empty: Callable[[tuple[str, str]], R],
                  where: Sequence[str] | None = None) -> R:
    """A match's results from its games' records: each summarized (replayed) and counted
    into ``empty(names)``, the names the first record's seats (``A``, ``B`` if it has
    none).

    Raises:
        RecordError: a record does not summarize (the message names it by ``where[i]``,
            e.g. its file and line, else by its position from 1, and its seed), or there
            are no records.
    """
    result: R | None = None
    for i, rec in enumerate(records):
        try:
            g = summarize(rec, i)
        except RecordError as e:
            name = where[i] if where is not None else f"game {i + 1}"
            raise RecordError(f"{name} (seed {rec.seed}): {e}") from None
        if result is None:
            seats = rec.seats if len(rec.seats) == 2 else ["A", "B"]
            result = empty((seats[0], seats[1]))
        result.add(g)
    if result is None:
        raise RecordError("no games to summarize")
    return result


@dataclass
class Run:
    """The records of one run of a match, read from one or more JSON Lines files.

    Attributes:
        records: every game's record, in the files' order.
        skipped: a line for each file whose truncated last line was skipped (a run killed
            while writing).
        where: for each record, ``FILE line N``.
    """

    records: list[GameRecord]
    skipped: list[str]
    where: list[str]
    """For each record, its file and line (for messages)."""

    def span(self) -> str:
        """Which games of which match the records are, as the run's title says it
        (:func:`span_text`)."""
        seeds = sorted(r.seed or 0 for r in self.records)
        return span_text(seeds[0] // GAMES_PER_SEED, seeds[0] % GAMES_PER_SEED,
                         seeds[-1] % GAMES_PER_SEED, len(seeds))


def span_text(seed: int, first: int, last: int, count: int) -> str:
    """How a match's title names ``count`` games numbered ``first`` to ``last`` of the
    match seeded ``seed``.

    >>> span_text(103, 0, 19999, 20000), span_text(103, 8946, 19999, 11054)
    ('seed 103', 'seed 103, games 8946-19999')
    >>> span_text(103, 0, 19999, 19998)
    'seed 103, games from 0 to 19999, 2 missing'
    """
    if last - first + 1 != count:
        return f"seed {seed}, games from {first} to {last}, {last - first + 1 - count} missing"
    return f"seed {seed}" if first == 0 else f"seed {seed}, games {first}-{last}"


def read_run(paths: Iterable[str | Path]) -> Run:
    """Read the records of one run (``hoyle sim ... --out``) from its files, the parts of
    a run finished with ``--first-game`` pooled.

    Blank lines are passed over, and a file's last line is skipped (and said) when it is
    cut short, as it is when a run is killed while writing.

    Raises:
        RecordError: a file cannot be read; a line (other than a cut-short last one) is
            not a record; records of different matches (game, variant, laws, players, or
            the match's seed, read from each game's seed: see :func:`game_seed`) are
            mixed; a record has no seed; a game (its seed) is found twice; or there is no
            record at all.
    """
    records: list[GameRecord] = []
    skipped: list[str] = []
    wheres: list[str] = []
    seen: dict[int, str] = {}
    first: tuple[Any, ...] | None = None
    names: list[str] = []
    for path in paths:
        names.append(str(path))
        for n, line, whole in _lines(path):
            where = f"{path} line {n}"
            try:
                rec = GameRecord.from_json(line)
            except RecordError as e:
                if not whole:
                    skipped.append(f"{where}: cut short, skipped")
                    continue
                raise RecordError(f"{where}: {e}") from None
            if rec.seed is None or rec.seed < 0:
                raise RecordError(f"{where}: a record without a seed (0 or more) is no game "
                                  "of a match")
            match = (rec.game, rec.variant, rec.laws, tuple(rec.seats),
                     rec.seed // GAMES_PER_SEED)
            if first is None:
                first = match
            elif match != first:
                raise RecordError(f"{where}: a game of another match ({_match_text(match)}; "
                                  f"the first was {_match_text(first)})")
            if rec.seed in seen:
                raise RecordError(f"{where}: the game seeded {rec.seed} is already read "
                                  f"({seen[rec.seed]})")
            seen[rec.seed] = where
            records.append(rec)
            wheres.append(where)
    if not records:
        raise RecordError(f"no game records in {', '.join(names) or 'no file'}")
    return Run(records, skipped, wheres)


def _lines(path: str | Path) -> Iterator[tuple[int, str, bool]]:
    """The lines of a JSON Lines file that are not blank: number (from 1), text, and
    whether it ends with a newline (only the last line may not: cut short). Read line by
    line, each at most :data:`~hoyle.engine.records.MAX_RECORD_BYTES`.

    Raises:
        RecordError: the file cannot be read, is not a regular file (a FIFO or a device:
            refused without waiting, :func:`~hoyle.engine.records.open_record_file`), is
            gzip-compressed (a run's kept results) or not UTF-8, or a line is over the cap.
    """
    try:
        with open_record_file(path) as fh:
            n = 0
            while True:
                raw = fh.readline(MAX_RECORD_BYTES + 2)
                if not raw:
                    return
                n += 1
                if len(raw) > MAX_RECORD_BYTES + 1:
                    raise RecordError(f"{path} line {n}: over {MAX_RECORD_BYTES:,} bytes, "
                                      "no record is so big")
                if n == 1 and raw.startswith(b"\x1f\x8b"):
                    raise RecordError(
                        f"cannot read {str(path)!r}: it is gzip-compressed, not a run's "
                        "records (kept results have no moves: play the seeds again for "
                        "the points per deal)")
                text = raw.decode("utf-8-sig" if n == 1 else "utf-8")
                if text.strip():
                    yield n, text.rstrip("\r\n"), raw.endswith(b"\n")
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(f"cannot read {str(path)!r}: {e}") from None


def _match_text(match: tuple[Any, ...]) -> str:
    game, variant, laws, seats, seed = match
    what = " ".join(w for w in (game, variant, f"laws {laws}" if laws else "") if w)
    return f"{what}: {' v '.join(seats)}, seed {seed}"
