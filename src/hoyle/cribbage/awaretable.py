"""``hoyle tables win-aware``: the win table's positions near the end of the game valued by
score-aware play, one step of policy iteration from a base table.

The shipped win table (:mod:`hoyle.cribbage.advice.wintable`) is solved from deals of the
expert's score-unaware play, the same deals for every position. Here each position of the
region near the end gets its own sampled deals, played from that position by two
score-aware experts (:class:`~hoyle.cribbage.players.aware.AwareExpertPlayer`) that lay away
and play by the chances of the positions their choices lead to, read from the *base* table
(the shipped one unless ``--base`` names another). Of each deal the job keeps what decides
the position's value: who reached 121 first, if anyone (CRIB-R-11), else the points each
side made. The values are then solved backward, highest total score first, as the table is
(every deal scores at least the last card, EW-T-ix, so positions only move forward): a
deal's value to the dealer is 1 if he went out, 0 if the pone did, else one less the new
value at the next position, the pone dealing (CRIB-R-3). A second run with ``--base`` the
first's output plays by the new values: policy iteration, each run one step.

The region: a side ``near`` points or fewer short of 121 (the aware player's near end),
and, for a smaller run, both sides ``corner`` or fewer short; it is closed forward (every
position a deal leads to from it is in it), so it is solved from its own deals alone.
Positions outside keep the base table's values and standard errors. The region's standard
errors are those of each position's mean over its deals (the continuation values taken as
known).

Six-card to 121 only (the score-aware player's game). Every deal is seeded by the job's
seed and the deal's position and number, so the table does not depend on the executor, the
workers or ``--per-task``.

>>> region(near=2, corner=2)
[(120, 120), (120, 119), (119, 120), (119, 119)]
>>> len(region(near=25, corner=121))
5425
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from hoyle.cards import derive_rng
from hoyle.cribbage.advice.wintable import WinTable, win_table
from hoyle.cribbage.players.aware import AwareExpertPlayer
from hoyle.cribbage.state import CribbageState
from hoyle.cribbage.tables import (WIN_JOB, check_out, check_rows, check_seed, play_deal,
                                   write_table)
from hoyle.engine.event import EventKind
from hoyle.interface.jobs import TableJob
from hoyle.interface.options import Option
from hoyle.interface.text import Block, escape
from hoyle.errors import HoyleError

__all__ = ["AWARE_WIN_JOB", "TABLE_JOBS", "region", "play_from", "solve_region"]

TARGET = 121

Outcomes = npt.NDArray[np.int16]


def region(near: int, corner: int) -> list[tuple[int, int]]:
    """The positions ``(dealer, pone)`` (points) where a side is ``near`` or fewer short of
    121 and both are ``corner`` or fewer short, highest total first (the order they are
    solved in; ties by the dealer's score, highest first).

    Raises:
        HoyleError: ``near`` or ``corner`` not from 1 to 121.
    """
    for name, v in (("near", near), ("corner", corner)):
        if not 1 <= v <= TARGET:
            raise HoyleError(f"--{name} must be from 1 to {TARGET} (got {v})")
    lo = TARGET - corner
    out = [(d, p) for d in range(lo, TARGET) for p in range(lo, TARGET)
           if max(d, p) >= TARGET - near]
    return sorted(out, key=lambda dp: (-(dp[0] + dp[1]), -dp[0]))


MAX_DEALS = 100_000
"""The most deals a position (``--deals``)."""


def _digest(path: str | None) -> str:
    """The SHA-256 of the base table file (``"shipped"`` for the shipped table)."""
    if path is None:
        return "shipped"
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError as e:
        raise HoyleError(f"cannot read {path}: {e.strerror or e}") from None


@lru_cache(maxsize=4)
def _base(path: str | None, digest: str | None = None) -> WinTable:
    if path is None:
        return win_table("six-card")
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise HoyleError(f"cannot read {path}: {e.strerror or e}") from None
    if digest is not None and hashlib.sha256(data).hexdigest() != digest:
        raise HoyleError(f"{path} has changed since the job began (its SHA-256 differs): "
                         "give each step's base table its own file")
    try:
        table = WinTable.from_bytes(data, path)
    except HoyleError:
        raise HoyleError(f"{path} is not a win table (an .npz written by hoyle tables win "
                         "or win-aware)") from None
    if table.target != TARGET:
        raise HoyleError(f"{path} is a table to {table.target}, not to {TARGET}")
    return table


def play_from(dealer: int, pone: int, seed: int, first: int, count: int,
              base: str | None = None, digest: str | None = None) -> Outcomes:
    """Deals ``first`` to ``first + count - 1`` from the position ``dealer``, ``pone``
    (points), each played by two score-aware experts reading the ``base`` table file (the
    shipped table if ``None``; ``digest``, if given, its SHA-256, checked) and seeded from
    ``(seed, dealer, pone, deal)``: one task of the job (the digest in its arguments, a
    changed base table is a new task, never an old shard). Returns an array of shape
    ``(count, 3)``: the dealer's points, the pone's points and who went out (1 the dealer, -1 the pone, 0 nobody; CRIB-R-11).

    Raises:
        HoyleError: a position off the board, or a base table that cannot be read or
            has changed.
    """
    if not (0 <= dealer < TARGET and 0 <= pone < TARGET):
        raise HoyleError(f"no position dealer {dealer}, pone {pone} before a deal to {TARGET}")
    table = _base(base, None if base is None else digest)
    players = [AwareExpertPlayer(table=table), AwareExpertPlayer(table=table)]
    out = np.zeros((count, 3), dtype=np.int16)
    for j in range(count):
        deal_seed = derive_rng(seed, "win-aware", dealer, pone, first + j).getrandbits(62)
        s = CribbageState(seed=deal_seed, itemize=False, start_scores=(dealer, pone),
                          first_dealer=0)
        play_deal(players, deal_seed, s, lambda e: e.kind == EventKind.NEW_DEAL)
        if s.result is not None:
            out[j] = (s.scores[0] - dealer, s.scores[1] - pone,
                      1 if s.result.winner == 0 else -1)
        else:
            out[j] = (s.scores[0] - dealer, s.scores[1] - pone, 0)
    return out


def solve_region(outcomes: dict[tuple[int, int], Outcomes], base: WinTable
                 ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """The table's values and standard errors with the positions of ``outcomes`` (each a
    :func:`play_from` array) solved backward from their deals, the rest the ``base``
    table's (see the module docstring).

    Raises:
        HoyleError: a position without deals, or a deal that leads outside the positions
            solved (the region must be closed forward) or scores nothing.
    """
    w = base.p.copy()
    se = base.se.copy()
    for d, p in sorted(outcomes, key=lambda dp: (-(dp[0] + dp[1]), -dp[0])):
        o = outcomes[(d, p)].astype(np.int64)
        if len(o) == 0:
            raise HoyleError(f"no deals at dealer {d}, pone {p}")
        gd, gp, who = o[:, 0], o[:, 1], o[:, 2]
        on = who == 0
        if (gd[on] + gp[on] < 1).any():
            raise HoyleError(f"a deal at dealer {d}, pone {p} that scores no point")
        nd, np_ = p + gp[on], d + gd[on]  # the pone deals next
        if any((int(a), int(b)) not in outcomes for a, b in zip(nd, np_)):
            raise HoyleError(f"a deal at dealer {d}, pone {p} leads outside the region")
        values = np.where(who == 1, 1.0, 0.0)
        values[on] = 1.0 - w[nd, np_]
        w[d, p] = values.mean()
        se[d, p] = values.std(ddof=1) / np.sqrt(len(values)) if len(values) > 1 else 0.0
    return w, se


def _tasks(near: int, corner: int, deals: int, seed: int, per_task: int, base: Path | None,
           out: Path | None) -> Sequence[tuple[Any, ...]]:
    if not 2 <= deals <= MAX_DEALS:
        raise HoyleError(f"--deals (per position) must be from 2 to {MAX_DEALS:,} (got {deals})")
    if per_task < 1:
        raise HoyleError(f"--per-task must be at least 1 (got {per_task})")
    check_seed(seed)
    check_out(out)
    path = None if base is None else str(base)
    digest = _digest(path)
    _base(path, None if path is None else digest)  # a bad base is refused before any task
    return [(d, p, seed, first, min(per_task, deals - first), path, digest)
            for d, p in region(near, corner) for first in range(0, deals, per_task)]


def _finish(results: list[Any], near: int, corner: int, deals: int, seed: int, per_task: int,
            base: Path | None, out: Path | None) -> Iterator[Block]:
    args = _tasks(near, corner, deals, seed, per_task, base, out)
    parts: dict[tuple[int, int], list[Outcomes]] = {}
    for a, r in zip(args, results):
        parts.setdefault((a[0], a[1]), []).append(r)
    outcomes = {k: np.concatenate(v) for k, v in parts.items()}
    old = _base(None if base is None else str(base), args[0][6] if base is not None else None)
    w, se = solve_region(outcomes, old)
    table = WinTable("six-card", TARGET, w, se, deals, seed)
    path = out or Path("win_table_six_card_aware.npz")
    write_table(path, table)
    keys = list(outcomes)
    diff = np.array([w[k] - old.p[k] for k in keys])
    worst = keys[int(np.abs(diff).argmax())]
    where = (f"a side {near} or fewer short" if corner >= TARGET else
             f"both {corner} or fewer short" if corner <= near else
             f"a side {near} or fewer short, both {corner} or fewer")
    yield escape(f"{len(keys):,} position{'s' if len(keys) != 1 else ''} near the end "
                 f"({where}), {deals:,} deals each (seed {seed}), played by two score-aware "
                 f"experts reading {base or 'the shipped table'}")
    if np.abs(diff).max() == 0:
        yield escape("against that table: no change")
    else:
        yield escape(f"against that table: mean change {diff.mean():+.4f}, largest "
                     f"{diff[np.abs(diff).argmax()]:+.4f} at dealer {worst[0]}, pone {worst[1]} "
                     f"({old.p[worst]:.4f} -> {w[worst]:.4f} ± {se[worst]:.4f})")
    yield escape(f"Table written to {path} (use it with --base for the next step).")


def _check(args: tuple[Any, ...], result: Any) -> str | None:
    return check_rows(result, (int(args[4]), 3), np.int16)


AWARE_WIN_JOB = TableJob(
    "win-aware",
    "The six-card win table's positions near the end valued by score-aware play: each\n"
    "position's own deals played by two score-aware experts reading a base table (one\n"
    "step of policy iteration), solved backward; the rest of the table is the base's.",
    (Option("near", int, 25, "Positions where a side is this many points or fewer short."),
     Option("corner", int, 121, "And both sides this many or fewer short (a smaller run)."),
     Option("deals", int, 1_000, "Deals per position."),
     Option("seed", int, 0, "Seed; the table does not depend on --executor or --workers."),
     Option("per_task", int, 50, "Deals per task (shard)."),
     Option("base", Path, None, "The table the players read (.npz; default the shipped one)."),
     Option("out", Path, None, "The table file (.npz; default win_table_six_card_aware.npz).")),
    _tasks, play_from, _finish, _check)
"""``hoyle tables win-aware``."""

TABLE_JOBS = (WIN_JOB, AWARE_WIN_JOB)
"""Cribbage's batch table jobs (``hoyle tables win``, ``hoyle tables win-aware``)."""
