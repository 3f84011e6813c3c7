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

The shipped matrix (``data/peg_matrix.npz``, 1,820 x 1,820 int8, about 3.3 million plays)
comes from ``scripts/peg_matrix.py`` (about 11 minutes of one core with the compiled engine,
``make accel``); its entries are checked against the search in the tests.

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
from concurrent.futures import Executor
from functools import lru_cache
from importlib import resources

import numpy as np
import numpy.typing as npt

from hoyle.cribbage.players.pegtable import KEEP_KINDS
from hoyle.cribbage.players.search import play_value

__all__ = ["kind_index", "peg_matrix", "matrix_rows", "compute_peg_matrix"]

_INDEX = {k: i for i, k in enumerate(KEEP_KINDS)}


def kind_index(ranks: Iterable[int]) -> int:
    """The row (or column) of four kept ranks (1-13, any order).

    Raises:
        KeyError: not four ranks of 1-13.
    """
    return _INDEX[tuple(sorted(ranks))]


def matrix_rows(pones: Sequence[int]) -> npt.NDArray[np.int8]:
    """The matrix's rows for the pone kinds ``pones`` (indices into ``KEEP_KINDS``),
    searched: shape ``(len(pones), 1820)``."""
    out = np.empty((len(pones), len(KEEP_KINDS)), dtype=np.int8)
    for i, p in enumerate(pones):
        pone = KEEP_KINDS[p]
        out[i] = [play_value(pone, dealer, 0, ()) for dealer in KEEP_KINDS]
    return out


def compute_peg_matrix(workers: int = 1, executor: Executor | None = None,
                       progress: Callable[[str], None] | None = None) -> npt.NDArray[np.int8]:
    """Search the whole matrix (see the module docstring), in chunks of rows on a pool of
    ``workers`` processes or on ``executor`` (any ``concurrent.futures.Executor``); the
    same matrix whichever runs it."""
    from concurrent.futures import ProcessPoolExecutor

    chunks = [list(range(i, min(i + 20, len(KEEP_KINDS))))
              for i in range(0, len(KEEP_KINDS), 20)]
    parts: list[npt.NDArray[np.int8]] = []
    if executor is None and workers <= 1:
        parts = [matrix_rows(c) for c in chunks]
    else:
        pool = executor if executor is not None else ProcessPoolExecutor(workers)
        try:
            for i, part in enumerate(pool.map(matrix_rows, chunks)):
                parts.append(part)
                if progress is not None and (i + 1) % 10 == 0:
                    progress(f"{(i + 1) * 20} of {len(KEEP_KINDS)} rows")
        finally:
            if executor is None:
                pool.shutdown()
    return np.concatenate(parts)


@lru_cache(maxsize=1)
def peg_matrix() -> npt.NDArray[np.int8]:
    """The shipped matrix (``hoyle/cribbage/players/data/peg_matrix.npz``), read-only:
    ``[pone kind, dealer kind]``, points to the pone."""
    raw = resources.files("hoyle.cribbage.players").joinpath(
        "data/peg_matrix.npz").read_bytes()
    with np.load(io.BytesIO(raw)) as f:
        m: npt.NDArray[np.int8] = f["matrix"]
    m.setflags(write=False)
    return m
