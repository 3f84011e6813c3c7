"""Fitting hoyle's crib table (:mod:`hoyle.cribbage.advice.cribtable`) by simulation, iterated
to a fixed point: start from the pure hand maximiser, estimate the table from random deals,
let both players discard by the advice (:func:`hoyle.cribbage.advice.discard.discard_options`)
with that table, estimate again, and so on (:func:`compute_crib_table`).
``scripts/crib_table.py`` writes the shipped table with it.

The lookup and the fit are two modules so that the discard advice (which looks the table
up) and the fit (which discards by the advice) import no cycle.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from itertools import combinations
from typing import Any

from hoyle.cards import CARDS, Card
from hoyle.cribbage.advice.cribtable import PAIR_CLASSES, CribTable, pair_class
from hoyle.cribbage.advice.discard import discard_options
from hoyle.cribbage.scoring import show_total
from hoyle.errors import HoyleError

__all__ = ["compute_crib_table"]

Discarder = Callable[[Sequence[Card], bool], tuple[Card, Card]]


def _hand_only_discard(hand: Sequence[Card], dealer: bool) -> tuple[Card, Card]:
    """The pure hand maximiser: keep the four with the best average show (first pass)."""
    held = set(hand)
    starters = [c for c in CARDS if c not in held]
    best, best_v = None, -1.0
    for keep in combinations(hand, 4):
        v = sum(show_total(keep, s) for s in starters)
        if v > best_v:
            best, best_v = keep, v
    assert best is not None
    out = [c for c in hand if c not in best]
    return out[0], out[1]


def _table_discard(table: CribTable) -> Discarder:
    def discard(hand: Sequence[Card], dealer: bool) -> tuple[Card, Card]:
        best = discard_options(hand, dealer, table)[0]
        return best.discard[0], best.discard[1]
    return discard


def _simulate(discarder: Discarder, deals: int, seed: int) -> dict[str, list[float]]:
    """Sums for each role and class: [n, sum, sum of squares] of crib points.

    Each deal: the opponent (in each role) lays away by ``discarder``; for each of the 15
    pairs the player could lay away from his own six, the crib is scored with a starter
    drawn from the 40 cards neither player holds. Every class so gets samples in proportion
    to how often it can be laid away, whatever the advice prefers."""
    rng = random.Random(seed)
    acc: dict[str, list[float]] = {}
    for _ in range(deals):
        cards = rng.sample(CARDS, 12)
        mine, theirs = cards[:6], cards[6:]
        rest = [c for c in CARDS if c not in cards]
        starter = rest[rng.randrange(len(rest))]
        for role, opp_is_dealer in (("dealer", False), ("pone", True)):
            o1, o2 = discarder(theirs, opp_is_dealer)
            for a, b in combinations(mine, 2):
                v = show_total((a, b, o1, o2), starter, crib=True)
                cell = acc.setdefault(f"{role}:{pair_class(a, b)}", [0.0, 0.0, 0.0])
                cell[0] += 1
                cell[1] += v
                cell[2] += v * v
    return acc


def _merge(parts: list[dict[str, list[float]]]) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    for part in parts:
        for k, (n, s, q) in part.items():
            cell = out.setdefault(k, [0.0, 0.0, 0.0])
            cell[0] += n
            cell[1] += s
            cell[2] += q
    return out


def _table_from(acc: dict[str, list[float]], meta: dict[str, Any]) -> CribTable:
    vals: dict[str, dict[str, float]] = {"dealer": {}, "pone": {}}
    ses: dict[str, dict[str, float]] = {"dealer": {}, "pone": {}}
    for role in ("dealer", "pone"):
        for c in PAIR_CLASSES:
            n, s, q = acc.get(f"{role}:{c}", [0.0, 0.0, 0.0])
            if n < 2:
                raise HoyleError(f"too few deals: class {c} has {int(n)} samples")
            mean = s / n
            var = max(0.0, (q - n * mean * mean) / (n - 1))
            vals[role][c] = round(mean, 4)
            ses[role][c] = round(math.sqrt(var / n), 4)
    return CribTable(vals["dealer"], vals["pone"], ses["dealer"], ses["pone"], meta)


def _work(args: tuple[CribTable | None, int, int]) -> dict[str, list[float]]:
    table, deals, seed = args
    discarder = _hand_only_discard if table is None else _table_discard(table)
    return _simulate(discarder, deals, seed)


def compute_crib_table(deals: int, seed: int, iterations: int = 3, workers: int = 1,
                       progress: Callable[[str], None] | None = None,
                       executor: Executor | None = None) -> CribTable:
    """Compute the crib table by simulation iterated to a fixed point.

    Args:
        deals: random deals per iteration (each gives 15 samples per role).
        seed: the seed; the same seed, deals and iterations give the same table, whatever
            the number of workers.
        iterations: passes; the first has the opponent keep his best hand only, each later
            one uses the table of the pass before.
        workers: processes (``concurrent.futures``).
        progress: called with a line after each pass.
        executor: runs the chunks instead of a pool of ``workers`` (any
            ``concurrent.futures.Executor``: Dask's or Ray's from ``--executor``); the
            table is the same.

    Returns:
        The last pass's table; ``meta["change"]`` is the largest change of an entry in the
        last pass, in points.
    """
    from concurrent.futures import ProcessPoolExecutor

    chunks = 8
    per = [deals // chunks + (1 if i < deals % chunks else 0) for i in range(chunks)]
    table: CribTable | None = None
    change = float("nan")
    for it in range(iterations):
        jobs = [(table, per[i], seed * 1000 + it * 100 + i) for i in range(chunks)]
        if executor is not None:
            parts = list(executor.map(_work, jobs))
        elif workers > 1:
            with ProcessPoolExecutor(workers) as ex:
                parts = list(ex.map(_work, jobs))
        else:
            parts = [_work(j) for j in jobs]
        meta = {"seed": seed, "deals": deals, "iterations": it + 1,
                "method": "fixed-point simulation; opponent lays away by the advice of the "
                          "previous pass (pass 1: best hand only); starter uniform over the "
                          "40 unseen cards"}
        new = _table_from(_merge(parts), meta)
        if table is not None:
            change = max(max(abs(new.dealer[c] - table.dealer[c]),
                             abs(new.pone[c] - table.pone[c])) for c in PAIR_CLASSES)
        table = new
        table.meta["change"] = None if math.isnan(change) else round(change, 4)
        if progress is not None:
            progress(f"pass {it + 1}: largest change {change:.4f}")
    assert table is not None
    return table
