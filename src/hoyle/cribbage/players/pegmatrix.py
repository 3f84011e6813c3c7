"""hoyle's pegging matrix: the exact net pegging of every two-hand six-card play, by the
ranks each side keeps.

For every four ranks the pone may keep and every four the dealer may keep (the 1,820 kinds
of :data:`~hoyle.cribbage.players.pegtable.KEEP_KINDS` each, suits not counting in the play,
CRIB-R-9), ``matrix[pone, dealer]`` is the points the pone pegs less the points the dealer
pegs over the whole play, both hands known and played perfectly, the pone leading
(:func:`~hoyle.cribbage.players.search.play_value`; the go and the last card, CRIB-R-8).
Kinds that cannot sit together (five of a rank between them) hold the value too: they are
never asked for. The master player's searched lay-away reads it
(:mod:`hoyle.cribbage.players.master`): a lay-away's pegging against any number of the
opponent's hands is a lookup, not a search.

The five-card game (EW-P-83a: three kept each) has its own, ``peg_matrix(3)``: the 455 kinds
of three ranks each way (:data:`KINDS`).

The shipped matrices (``data/peg_matrix.npz``, 1,820 x 1,820 int8, about 3.3 million plays;
``data/peg_matrix3.npz``, 455 x 455) come from ``scripts/peg_matrix.py`` (about 11 minutes
of one core with the compiled engine, ``make accel``, the three-card one seconds); their
entries are checked against the search in the tests.

>>> m = peg_matrix()
>>> m.shape
(1820, 1820)
>>> int(m[kind_index((5, 10, 10, 10)), kind_index((5, 5, 5, 10))]) == play_value(
...     (5, 10, 10, 10), (5, 5, 5, 10), 0, ())
True
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations_with_replacement
from concurrent.futures import Executor
from functools import lru_cache
from importlib import resources

import numpy as np
import numpy.typing as npt

from hoyle.cribbage.players.pegtable import KEEP_KINDS
from hoyle.cribbage.players.search import play_value

__all__ = ["KINDS", "kind_index", "peg_matrix", "matrix_rows", "compute_peg_matrix"]

KINDS: dict[int, tuple[tuple[int, ...], ...]] = {
    4: KEEP_KINDS, 3: tuple(combinations_with_replacement(range(1, 14), 3))}
"""The kinds of kept ranks (sorted) by the number of cards kept: 1,820 of four (six-card),
455 of three (five-card)."""

_INDEX = {k: i for kinds in KINDS.values() for i, k in enumerate(kinds)}


def kind_index(ranks: Iterable[int]) -> int:
    """The row (or column) of kept ranks (four or three of 1-13, any order) in the matrix
    of their size.

    Raises:
        KeyError: not four or three ranks of 1-13.
    """
    key = tuple(sorted(int(r) for r in ranks))
    if key not in _INDEX:
        raise KeyError(f"kept ranks are four (or three) of 1-13, not {list(key)}")
    return _INDEX[key]


def matrix_rows(pones: Sequence[int], size: int = 4) -> npt.NDArray[np.int8]:
    """The rows of the matrix of ``size`` cards kept for the pone kinds ``pones`` (indices
    into ``KINDS[size]``), searched: shape ``(len(pones), len(KINDS[size]))``."""
    kinds = KINDS[size]
    out = np.empty((len(pones), len(kinds)), dtype=np.int8)
    for i, p in enumerate(pones):
        pone = kinds[p]
        out[i] = [play_value(pone, dealer, 0, ()) for dealer in kinds]
    return out


def _rows4(pones: Sequence[int]) -> npt.NDArray[np.int8]:
    return matrix_rows(pones, 4)


def _rows3(pones: Sequence[int]) -> npt.NDArray[np.int8]:
    return matrix_rows(pones, 3)


def compute_peg_matrix(workers: int = 1, executor: Executor | None = None,
                       progress: Callable[[str], None] | None = None,
                       size: int = 4) -> npt.NDArray[np.int8]:
    """Search the whole matrix of ``size`` cards kept (see the module docstring), in chunks
    of rows on a pool of ``workers`` processes or on ``executor`` (any
    ``concurrent.futures.Executor``); the same matrix whichever runs it.

    Raises:
        KeyError: a size other than 4 or 3.
    """
    from concurrent.futures import ProcessPoolExecutor

    kinds = KINDS[size]
    rows = _rows4 if size == 4 else _rows3
    chunks = [list(range(i, min(i + 20, len(kinds)))) for i in range(0, len(kinds), 20)]
    parts: list[npt.NDArray[np.int8]] = []
    if executor is None and workers <= 1:
        parts = [rows(c) for c in chunks]
    else:
        pool = executor if executor is not None else ProcessPoolExecutor(workers)
        try:
            for i, part in enumerate(pool.map(rows, chunks)):
                parts.append(part)
                if progress is not None and (i + 1) % 10 == 0:
                    progress(f"{(i + 1) * 20} of {len(kinds)} rows")
        finally:
            if executor is None:
                pool.shutdown()
    return np.concatenate(parts)


@lru_cache(maxsize=2)
def peg_matrix(size: int = 4) -> npt.NDArray[np.int8]:
    """The shipped matrix of ``size`` cards kept (4: ``data/peg_matrix.npz``; 3:
    ``data/peg_matrix3.npz``, under ``hoyle/cribbage/players``), read-only:
    ``[pone kind, dealer kind]``, points to the pone.

    Raises:
        KeyError: a size other than 4 or 3.
    """
    names = {4: "peg_matrix.npz", 3: "peg_matrix3.npz"}
    if size not in names or isinstance(size, bool):
        raise KeyError(f"the pegging matrices are of 4 or 3 cards kept, not {size!r}")
    name = names[size]
    raw = resources.files("hoyle.cribbage.players").joinpath(f"data/{name}").read_bytes()
    with np.load(io.BytesIO(raw)) as f:
        m: npt.NDArray[np.int8] = f["matrix"]
    m.setflags(write=False)
    return m
