"""hoyle's pegging table: what each kept hand is worth in the play, by its ranks and role.

For every four ranks a two-hand player can keep (1,820 kinds; suits do not count in the
play, CRIB-R-9) and for each role, the table gives the expected points the holder pegs
minus the points his opponent pegs over the whole play, both hands played perfectly as if
both were known (the exact search of :mod:`hoyle.cribbage.players.search`; the pone leads),
the opponent's four cards drawn from the 48 the holder does not hold. The expert adds it to
the discard advice, so that of two discards alike in hand and crib it keeps the cards that
peg better (low cards, pairs, cards that run), and avoids the ones that feed the opponent.

It is computed (:func:`compute_peg_table`) from one pool of opponent hands drawn from a full
pack with the seed, each reweighted for every kept hand to the chance of those ranks among
the 48 cards left (the product over ranks of C(4 - held, his) / C(4, his)), so that every
kept hand is measured against the same hands: the differences between kept hands, which
are what a discard turns on, are measured more precisely than the values. The shipped
table (``data/peg_table.json``) comes from ``scripts/peg_table.py`` with its seed and
carries the standard error of every entry. Values are in points (pegged minus conceded).

>>> t = peg_table()
>>> round(t.value((5, 5, 10, 10), dealer=False) - t.value((1, 2, 3, 4), dealer=False), 1) < 0
True
"""

from __future__ import annotations

import contextlib
import math
import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from itertools import combinations_with_replacement
from typing import ClassVar

from hoyle.cribbage.advice.cribtable import RoleTable
from hoyle.cribbage.players.search import play_value
from hoyle.errors import HoyleError

__all__ = ["PegTable", "KEEP_KINDS", "keep_key", "peg_table", "compute_peg_table",
           "opponent_pool"]

_RANKS = "A23456789TJQK"

KEEP_KINDS: tuple[tuple[int, ...], ...] = tuple(combinations_with_replacement(range(1, 14), 4))
"""The 1,820 kinds of four kept ranks (sorted; four of one rank included)."""


def keep_key(ranks: Iterable[int]) -> str:
    """The table's key for kept ranks: rank letters low to high (``"A55J"``).

    Raises:
        KeyError: a rank outside 1-13.
    """
    rs = sorted(ranks)
    if rs and not (1 <= rs[0] and rs[-1] <= 13):
        raise KeyError(f"ranks run from 1 to 13, not {rs}")
    return "".join(_RANKS[r - 1] for r in rs)


@dataclass(frozen=True)
class PegTable(RoleTable):
    """Expected net pegging (points pegged minus conceded) by kept ranks (:func:`keep_key`)
    and role, with standard errors (see
    :class:`~hoyle.cribbage.advice.cribtable.RoleTable`)."""

    kind: ClassVar[str] = "pegging table"

    @classmethod
    def keys(cls) -> Sequence[str]:
        """The keys of the 1,820 kinds of kept hand."""
        return [keep_key(k) for k in KEEP_KINDS]

    def value(self, ranks: Sequence[int], dealer: bool) -> float:
        """Expected net pegging, in points, of keeping ``ranks`` (four, 1-13).

        Raises:
            KeyError: not four ranks of 1-13.
        """
        if len(ranks) != 4:
            raise KeyError(f"a kept hand has four ranks, not {len(ranks)}")
        return (self.dealer if dealer else self.pone)[keep_key(ranks)]


@lru_cache(maxsize=1)
def peg_table() -> PegTable:
    """The shipped pegging table (``hoyle/cribbage/players/data/peg_table.json``)."""
    text = resources.files("hoyle.cribbage.players").joinpath(
        "data/peg_table.json").read_text(encoding="utf-8")
    return PegTable.from_json(text)


# -- computing the table ------------------------------------------------------------------

def _weight(mine: Sequence[int], his: Sequence[int]) -> float:
    """The chance of ``his`` ranks among the cards left by ``mine``, over their chance in a
    full pack (up to a constant): the product of C(4 - held, his) / C(4, his) by rank."""
    w = 1.0
    for r in set(his):
        k = his.count(r)
        w *= math.comb(4 - mine.count(r), k) / math.comb(4, k)
    return w


def _entry(args: tuple[tuple[int, ...], list[tuple[int, ...]]]) -> tuple[float, ...]:
    """Weighted mean and standard error of the net pegging of ``mine`` in each role."""
    mine, pool = args
    fits = [(w, his) for his in pool if (w := _weight(mine, his)) > 0.0]
    if not fits:
        raise HoyleError(f"no hand of the pool fits beside {keep_key(mine)}: "
                         "use more hands")
    sw = sum(w for w, _ in fits)
    out: list[float] = []
    for dealer in (False, True):
        vs = [float(-play_value(his, mine, 0, ()) if dealer else play_value(mine, his, 0, ()))
              for _, his in fits]
        mean = sum(w * v for (w, _), v in zip(fits, vs)) / sw
        se = math.sqrt(sum((w * (v - mean)) ** 2 for (w, _), v in zip(fits, vs))) / sw
        out += [mean, se]
    return tuple(out)


def opponent_pool(hands: int, seed: int) -> list[tuple[int, ...]]:
    """The common pool: ``hands`` opponent hands (sorted ranks) drawn from a full pack."""
    rng = random.Random(seed)
    pack = [r for r in range(1, 14) for _ in range(4)]
    return [tuple(sorted(rng.sample(pack, 4))) for _ in range(hands)]


def compute_peg_table(hands: int, seed: int, workers: int = 1,
                      progress: Callable[[str], None] | None = None,
                      executor: Executor | None = None) -> PegTable:
    """Compute the pegging table (see the module docstring).

    Args:
        hands: opponent hands in the common pool (each kept hand is searched against every
            one its cards allow, in both roles).
        seed: the seed of the pool; the same seed and hands give the same table, whatever
            the number of workers.
        workers: processes (``concurrent.futures``).
        progress: called with a line now and then.
        executor: runs the kept hands instead of a pool of ``workers`` (any
            ``concurrent.futures.Executor``: Dask's or Ray's from ``--executor``); the
            table is the same.

    Raises:
        HoyleError: ``hands`` below 2, or a pool in which no hand fits beside some kept
            hand (four of one rank beside a pool that always holds that rank: use more
            hands).
    """
    from concurrent.futures import ProcessPoolExecutor

    if hands < 2:
        raise HoyleError("the pegging table needs at least 2 opponent hands")
    pool = opponent_pool(hands, seed)
    jobs = [(k, pool) for k in KEEP_KINDS]
    results: list[tuple[float, ...]] = []
    if executor is not None or workers > 1:
        with contextlib.ExitStack() as stack:
            ex = executor if executor is not None else \
                stack.enter_context(ProcessPoolExecutor(workers))
            for i, r in enumerate(ex.map(_entry, jobs, chunksize=20)):
                results.append(r)
                if progress is not None and (i + 1) % 200 == 0:
                    progress(f"{i + 1} of {len(jobs)} kept hands")
    else:
        results = [_entry(j) for j in jobs]
    parts: dict[str, dict[str, float]] = {p: {} for p in ("pone", "pone_se", "dealer",
                                                          "dealer_se")}
    for k, (pm, ps, dm, ds) in zip(KEEP_KINDS, results):
        key = keep_key(k)
        parts["pone"][key] = round(pm, 4)
        parts["pone_se"][key] = round(ps, 4)
        parts["dealer"][key] = round(dm, 4)
        parts["dealer_se"][key] = round(ds, 4)
    meta = {"seed": seed, "hands": hands,
            "method": "double-dummy search of the whole play (both hands known) against a "
                      "common pool of opponent hands drawn from a full pack, reweighted to "
                      "the 48 cards the kept hand leaves; pone leads"}
    return PegTable(parts["dealer"], parts["pone"], parts["dealer_se"], parts["pone_se"],
                    meta)
