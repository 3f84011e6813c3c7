"""Cribbage's batch table jobs (:class:`~hoyle.interface.jobs.TableJob`): ``hoyle tables win``,
the win-probability table (:mod:`hoyle.cribbage.advice.wintable`), its deals sampled in
shards on any executor and solved here.

>>> [len(a) for a in WIN_JOB.tasks(variant="six-card", deals=450, seed=3, per_task=200,
...                                out=None)]
[4, 4, 4]
>>> [a[3] for a in WIN_JOB.tasks(variant="six-card", deals=450, seed=3, per_task=200,
...                              out=None)]
[200, 200, 50]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from hoyle.cribbage.events import Kind
from hoyle.cribbage.players import ExpertPlayer
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState
from hoyle.engine.event import Event, EventKind
from hoyle.engine.records import write_output
from hoyle.interface.jobs import TableJob
from hoyle.interface.options import Option
from hoyle.engine.runner import Seeds, play
from hoyle.interface.text import Block, escape
from hoyle.interface.tally import game_seed
from hoyle.errors import HoyleError, short_repr

__all__ = ["WIN_JOB", "sample_deals", "win_check", "win_tasks", "win_finish", "win_summary",
           "check_rows", "check_out", "check_seed", "write_table", "play_deal",
           "MAX_WIN_DEALS"]


MAX_WIN_DEALS = 10_000_000
"""The most deals ``hoyle tables win`` samples (``--deals``): 240 MB of rows (24 bytes a
deal), about six days of one core at 50 ms a deal (the shipped tables: 16,000). (With no
bound, 10**20 took 1.3 GB in its first 15 s, listing its tasks.)"""


def win_tasks(variant: str, deals: int, seed: int, per_task: int, out: Path | None
              ) -> Sequence[tuple[Any, ...]]:
    """The win table job's tasks: ``(variant, seed, first deal, deals)``, ``per_task``
    deals each.

    Raises:
        HoyleError: a variant without a table; fewer than 40 deals (20 batches of two for
            the standard errors) or more than :data:`MAX_WIN_DEALS`; ``per_task`` below 1;
            ``out`` cannot be written.
    """
    from hoyle.cribbage.advice.wintable import VARIANT_TARGETS

    if variant not in VARIANT_TARGETS:
        raise HoyleError(f"no win table for {variant!r} (only {', '.join(VARIANT_TARGETS)})")
    if not 40 <= deals <= MAX_WIN_DEALS:
        raise HoyleError(f"--deals must be from 40 to {MAX_WIN_DEALS:,} (got {deals:,})")
    if per_task < 1:
        raise HoyleError(f"--per-task must be at least 1 (got {per_task})")
    check_seed(seed)
    check_out(out)
    return [(variant, seed, first, min(per_task, deals - first))
            for first in range(0, deals, per_task)]


def play_deal(players: Sequence[Any], seed: int, state: CribbageState,
              stop: Callable[[Event], bool]) -> None:
    """Play ``state`` on with ``players`` (the game runner, :func:`hoyle.engine.runner.play`,
    seeded ``seed``, one stream each for chance and seats) until ``stop`` is true of an
    event (the events of that action are the last applied), or the game ends."""
    play(state, players, Seeds(seed, resumable=False),
         until=lambda events: any(stop(e) for e in events))  # stop at the first


def first_deal(variant: str, seed: int, itemize: bool = False) -> tuple[int, list[Event]]:
    """The first deal of a game of ``variant`` between two expert players at 0-0, seeded
    ``seed``: its dealer's seat and its events, from the deal (the event that names the
    dealer) to the end of the deal (the next deal's events left out). ``itemize``: the
    score events carry their items (the kinds of :func:`hoyle.cribbage.tally.score_kind`).
    The deals of the win table (:func:`sample_deals`) and of the scripts that measure
    expert deals (``scripts/peg_sequences.py``, ``scripts/five_card_averages.py``)."""
    state = CribbageState(CribbageRules.for_variant(variant), seed=seed, itemize=itemize)
    seen: list[Event] = []
    dealer: list[int] = []  # the first deal's dealer, once it is dealt

    def stop(e: Event) -> bool:
        if e.kind == Kind.DEAL and not dealer and state.dealer is not None:
            dealer.append(state.dealer)
        elif e.kind == EventKind.NEW_DEAL and dealer:
            return True
        if dealer:
            seen.append(e)
        return False

    play_deal([ExpertPlayer(), ExpertPlayer()], seed, state, stop)
    return dealer[0], seen


def _one_deal(variant: str, seed: int) -> list[int]:
    """The scoring sequence of one deal of ``variant`` between two expert players at 0-0,
    seeded ``seed``: points, positive to the dealer, negative to the pone, in order."""
    dealer, events = first_deal(variant, seed)
    return [e.points if e.seat == dealer else -e.points for e in events
            if e.kind == Kind.SCORE and e.points]


def sample_deals(variant: str, seed: int, first: int, deals: int) -> npt.NDArray[np.int8]:
    """Deals ``first`` to ``first + deals - 1`` of the job seeded ``seed`` (deal ``k``
    seeded ``game_seed(seed, k)``, so a shard's deals do not depend on how the job is cut),
    each a row of :data:`~hoyle.cribbage.advice.wintable.SEQ_LEN` signed points (dealer +, pone -, in order, 0 after the
    last): one task of the table job.

    Raises:
        HoyleError: a variant the table is not made for (:data:`VARIANT_TARGETS`).
    """
    from hoyle.cribbage.advice.wintable import SEQ_LEN, VARIANT_TARGETS

    if variant not in VARIANT_TARGETS:
        raise HoyleError(f"no win table for {variant!r} (only "
                         f"{', '.join(VARIANT_TARGETS)})")
    rows = np.zeros((deals, SEQ_LEN), dtype=np.int8)
    for j in range(deals):
        seq = _one_deal(variant, game_seed(seed, first + j))
        rows[j, :len(seq)] = seq
    return rows


def win_summary(table: Any) -> list[str]:
    """Lines on a table: its size and method, the first dealer's chance (at 0-0; five-card
    at 0-3, the pone having his three for last) and the Carte Primus point (dealer 35,
    pone 37; six-card), each with its standard error."""
    lines = [f"{table.variant} to {table.target}: {table.deals:,} deals (seed {table.seed}), "
             "played by the expert at 0-0 (score-unaware play)"]
    bonus = CribbageRules.for_variant(table.variant).last_bonus  # five-card: three for last
    points = [(0, bonus, "the first deal" + (f": {bonus} for last to the pone, EW-T-x"
                                             if bonus else ""))]
    if table.target == 121:
        points.append((35, 37, "Carte Primus's point"))
    for d, p, what in points:
        lines.append(f"dealer {d}, pone {p} ({what}): P(dealer wins) = "
                     f"{table.p[d, p]:.4f} ± {table.se[d, p]:.4f}")
    return lines


def win_finish(results: list[Any], variant: str, deals: int, seed: int, per_task: int,
               out: Path | None) -> Iterator[Block]:
    """Solve the table from the shards of deals, write it to ``out`` (default
    ``win_table_VARIANT.npz`` here) and say what it holds.

    Raises:
        HoyleError: the file cannot be written.
    """
    from hoyle.cribbage.advice.wintable import build_table, data_file

    table = build_table(variant, results, seed)
    path = out or Path(data_file(variant))
    write_table(path, table)
    yield from (escape(line) for line in win_summary(table))
    yield escape(f"Table written to {path} (shipped as hoyle/cribbage/advice/data/"
                 f"{data_file(variant)}).")


def win_check(args: tuple[Any, ...], result: Any) -> str | None:
    """What is wrong with ``result`` as the result of the task ``args`` (``(variant, seed,
    first, deals)``): it must be :func:`sample_deals`'s, an ``int8`` array of ``deals`` rows
    of :data:`~hoyle.cribbage.advice.wintable.SEQ_LEN` points; ``None`` if it is."""
    from hoyle.cribbage.advice.wintable import SEQ_LEN

    return check_rows(result, (int(args[3]), SEQ_LEN), np.int8)


def check_rows(result: Any, shape: tuple[int, int], dtype: type[np.generic]) -> str | None:
    """What is wrong with ``result`` as a task's array of deals of ``shape`` and ``dtype``
    (a table job's ``check``), ``None`` if nothing."""
    if not isinstance(result, np.ndarray):
        return f"a {type(result).__name__}, not an array of deals"
    if result.dtype != dtype or result.shape != shape:
        return f"an array of {result.dtype} {result.shape}, not {np.dtype(dtype)} {shape}"
    return None


def check_seed(seed: int) -> None:
    """Refuse a job's seed that its table file cannot hold (a 64-bit integer).

    Raises:
        HoyleError: ``seed`` below 0 or from 2**63 up.
    """
    if seed < 0:
        raise HoyleError(f"the seed must be 0 or more (got --seed {seed})")
    if seed >= 2 ** 63:
        raise HoyleError(f"the seed must be below 2**63 (got --seed {seed})")


def check_out(out: Path | None) -> None:
    """Refuse a table file that cannot be written, before any task runs.

    Raises:
        HoyleError: ``out`` is a directory, in no directory, or cannot be written (its
            name too long, no permission).
    """
    if out is None:
        return
    try:
        wrong = ("it is a directory" if out.is_dir() else
                 f"no such directory {out.parent}" if not out.parent.is_dir() else
                 "permission denied" if not os.access(out if out.exists() else out.parent,
                                                      os.W_OK) else None)
    except OSError as e:  # a name too long, say
        wrong = e.strerror or str(e)
    if wrong is not None:
        raise HoyleError(f"cannot write {short_repr(str(out), 80)}: {wrong}")


def write_table(path: Path, table: Any) -> None:
    """Write a win table (``WinTable.to_bytes``) to ``path``.

    Raises:
        HoyleError: the file cannot be written.
    """
    try:
        write_output(path, table.to_bytes())  # whole or as it was (Ctrl-C, a full disk)
    except OSError as e:
        raise HoyleError(f"cannot write {path}: {e.strerror or e}") from None


WIN_JOB = TableJob(
    "win",
    "The win-probability table of two-hand cribbage: P(dealer wins) before the deal for\n"
    "every (dealer, pone) score, with standard errors, from sampled deals of the expert\n"
    "(score-unaware) solved backward from the end of the game.",
    (Option("variant", str, "six-card", "six-card (to 121) or five-card (to 61)."),
     Option("deals", int, 20_000, "Deals to sample."),
     Option("seed", int, 0, "Seed; the table does not depend on --executor or --workers."),
     Option("per_task", int, 200, "Deals per task (shard)."),
     Option("out", Path, None, "The table file (.npz; default win_table_VARIANT.npz).")),
    win_tasks, sample_deals, win_finish, win_check)
"""``hoyle tables win``."""
