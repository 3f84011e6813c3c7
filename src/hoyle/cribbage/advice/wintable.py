"""The win-probability table: ``P(dealer wins)`` before the deal for every (dealer's score,
pone's score), two-hand six-card to 121 and five-card to 61, with standard errors.

Method. Deals are sampled in shards (:func:`hoyle.cribbage.tables.sample_deals`, one task of the distributed job,
every deal seeded by the job's seed and its number), each played to its end by two expert
players at 0-0, so with the expert's *score-unaware* play: it keeps, lays away and plays
for points, whatever the score (near the end the real expert also aims the pone's keep at
the points he needs and lays a card that pegs out at once; the table does not model that).
Of each deal the time-ordered scoring sequence is kept: his heels at the cut (CRIB-R-7,
EW-xii), each point of the play in order with who scored it (CRIB-R-9, EW-T-ix), then the
show: the pone's hand, the dealer's hand, the crib (CRIB-R-10). A game ends the moment a side
reaches the target (CRIB-R-11), so from a position the deal's outcome is: the dealer wins if
his running total reaches the target first within the sequence, the pone if his does, and
otherwise the game goes on at the next position with the roles swapped (the pone deals,
EW-vi): ``1 - W[pone + P, dealer + D]``, ``D`` and ``P`` the deal's points. Every deal scores
at least one point (the last card, EW-T-ix), so positions only move forward: the table is
computed backward in waves of equal total score (:func:`solve`), each wave's positions at
once (numpy). Standard errors are batch means: the deals split into 20 batches by number,
the table solved on each, the spread of the 20 tables over sqrt(20).

>>> seq = np.array([[-1, 2, -3, 1, 0]], dtype=np.int8)  # pone 1, dealer 2, pone 3, dealer 1
>>> w = solve(seq, target=5)
>>> float(w[4, 4]), float(w[4, 3]), float(w[3, 4])
(0.0, 1.0, 0.0)

(at 4-4 and at dealer 3, pone 4 the pone needs one point and his go comes first; at dealer
4, pone 3 the go takes the pone to 4 only, and the dealer's two then take him out.)
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt

from hoyle.errors import HoyleError

__all__ = ["WinTable", "SEQ_LEN", "VARIANT_TARGETS", "solve", "solve_with_se",
           "build_table", "win_table", "text_heat_map", "plot_heat_map"]

SEQ_LEN = 24
"""Scoring events kept per deal (far more than a deal can have: heels, the play's points,
three shows)."""

VARIANT_TARGETS = {"six-card": 121, "five-card": 61}
"""The variants the table is made for, with their game (points)."""

BATCHES = 20
"""Batches of deals for the standard errors."""

Seqs = npt.NDArray[np.int8]
Table = npt.NDArray[np.float64]


def _first_reach(points: npt.NDArray[np.int64], target: int) -> npt.NDArray[np.int64]:
    """``f[i, n]``: the index of the event at which deal ``i``'s running total first
    reaches ``n`` points (``SEQ_LEN`` if never), for ``n`` from 0 to ``target``."""
    cum = np.cumsum(points, axis=1)
    return np.stack([(cum < n).sum(axis=1) for n in range(target + 1)], axis=1)


def solve(seqs: Seqs, target: int) -> Table:
    """``W[d, p]``: the dealer's chance of winning before the deal at dealer ``d``, pone
    ``p`` points (0 to ``target - 1``), the mean over the deals ``seqs`` (rows of signed
    points, :func:`hoyle.cribbage.tables.sample_deals`) of the deal's outcome (see the module docstring).

    Raises:
        HoyleError: no deals, or a deal that scores no point (it would not move forward).
    """
    if len(seqs) == 0:
        raise HoyleError("no deals to solve the table from")
    s = seqs.astype(np.int64)
    dealer, pone = np.maximum(s, 0), np.maximum(-s, 0)
    d_tot, p_tot = dealer.sum(axis=1), pone.sum(axis=1)
    if int((d_tot + p_tot).min()) < 1:
        raise HoyleError("a deal that scores no point: every deal has at least the last card")
    fd, fp = _first_reach(dealer, target), _first_reach(pone, target)
    w = np.zeros((target, target))
    for total in range(2 * target - 2, -1, -1):  # positions d + p = total, backward
        d = np.arange(max(0, total - target + 1), min(total, target - 1) + 1)
        p = total - d
        a = fd[:, target - d]  # (deals, wave): when the dealer goes out
        b = fp[:, target - p]
        nd = np.minimum(p[None, :] + p_tot[:, None], target - 1)  # next dealer: the pone
        np_ = np.minimum(d[None, :] + d_tot[:, None], target - 1)
        go_on = 1.0 - w[nd, np_]
        value = np.where(a < b, 1.0, np.where(b < a, 0.0, go_on))
        w[d, p] = value.mean(axis=0)
    return w


def solve_with_se(seqs: Seqs, target: int, batches: int = BATCHES) -> tuple[Table, Table]:
    """The table from every deal and its standard errors, from ``batches`` tables solved
    on the deals split by number (deal ``k`` in batch ``k % batches``): their standard
    deviation over ``sqrt(batches)``."""
    w = solve(seqs, target)
    parts = np.stack([solve(seqs[b::batches], target) for b in range(batches)])
    return w, parts.std(axis=0, ddof=1) / math.sqrt(batches)


@dataclass(frozen=True)
class WinTable:
    """A win-probability table.

    Attributes:
        variant: ``six-card`` or ``five-card``.
        target: the game, in points (121, 61).
        p: ``p[d, p]``, the dealer's chance of winning before the deal, dealer ``d``,
            pone ``p`` points.
        se: the standard error of each entry.
        deals: the deals sampled.
        seed: the job's seed.
    """

    variant: str
    target: int
    p: Table
    se: Table
    deals: int
    seed: int

    def dealer_wins(self, dealer: int, pone: int) -> float:
        """``P(dealer wins)`` before the deal at these scores (points).

        Raises:
            HoyleError: a score not from 0 to ``target - 1``.
        """
        for s in (dealer, pone):
            if not 0 <= s < self.target:
                raise HoyleError(f"a score before the deal is 0 to {self.target - 1} "
                                 f"(got {s})")
        return float(self.p[dealer, pone])

    def to_bytes(self) -> bytes:
        """The table as a compressed ``.npz``."""
        buf = io.BytesIO()
        np.savez_compressed(buf, p=self.p.astype(np.float32), se=self.se.astype(np.float32),
                            meta=np.array([self.target, self.deals, self.seed]),
                            variant=np.array(self.variant))
        return buf.getvalue()

    @classmethod
    def from_bytes(cls, data: bytes, name: str = "the win table") -> WinTable:
        """The table :meth:`to_bytes` wrote (``name``: the file, for the error).

        Raises:
            HoyleError: ``data`` is not such a table (not an ``.npz``, cut short, an entry
                missing, or a table of the wrong shape for its variant).
        """
        try:
            with np.load(io.BytesIO(data), allow_pickle=False) as z:
                target, deals, seed = (int(x) for x in z["meta"])
                table = cls(str(z["variant"]), target, z["p"].astype(np.float64),
                            z["se"].astype(np.float64), deals, seed)
        except Exception as e:  # noqa: BLE001 - zip, npy or key errors: one line
            raise HoyleError(f"{name} is corrupt ({type(e).__name__}: {e}); reinstall hoyle "
                             "or regenerate it with hoyle tables win") from None
        shape = (table.target, table.target)
        if (VARIANT_TARGETS.get(table.variant) != table.target or table.p.shape != shape
                or table.se.shape != shape or not np.all((table.p >= 0) & (table.p <= 1))):
            raise HoyleError(f"{name} is corrupt (not a {table.target} x {table.target} "
                             f"table of chances for {table.variant!r}); reinstall hoyle or "
                             "regenerate it with hoyle tables win")
        return table


def build_table(variant: str, shards: list[Seqs], seed: int) -> WinTable:
    """The table of ``variant`` from the job's shards of deals (in order)."""
    seqs = np.concatenate(shards)
    target = VARIANT_TARGETS[variant]
    p, se = solve_with_se(seqs, target)
    return WinTable(variant, target, p, se, len(seqs), seed)


def data_file(variant: str) -> str:
    """The package data file of ``variant``'s shipped table."""
    return f"win_table_{variant.replace('-', '_')}.npz"


@lru_cache(maxsize=None)
def win_table(variant: str = "six-card") -> WinTable:
    """The shipped table of ``variant`` (``hoyle tables win`` regenerates it).

    Raises:
        HoyleError: no table is shipped for the variant.
    """
    if variant not in VARIANT_TARGETS:
        raise HoyleError(f"no win table for {variant!r} (only {', '.join(VARIANT_TARGETS)})")
    ref = resources.files("hoyle.cribbage.advice") / "data" / data_file(variant)
    try:
        data = ref.read_bytes()
    except OSError as e:
        raise HoyleError(f"cannot read the shipped win table {ref}: {e.strerror or e}"
                         ) from None
    return WinTable.from_bytes(data, f"the shipped win table {ref}")


def text_heat_map(table: WinTable, step: int | None = None) -> list[str]:
    """The table as a text heat map: a row every ``step`` dealer points (from 0), a column
    every ``step`` pone points, each cell the dealer's chance in tenths (``0`` to ``9``,
    ``*`` for 0.95 or more)."""
    step = step or (10 if table.target > 61 else 5)
    marks = list(range(0, table.target, step))
    lines = ["dealer \\ pone " + "".join(f"{m:>4}" for m in marks)]
    for d in marks:
        cells = []
        for p in marks:
            v = table.p[d, p]
            cells.append("   *" if v >= 0.95 else f"{int(v * 10):>4}")
        lines.append(f"{d:>13} " + "".join(cells))
    return lines


PLOT_FORMATS = ("png", "svg", "pdf")
"""The picture formats a plot is written in, named by the file's suffix."""


def check_plot_path(path: Path) -> None:
    """Refuse, before any work, a plot file whose suffix names no format of
    :data:`PLOT_FORMATS`.

    Raises:
        HoyleError: another suffix, or none.
    """
    if path.suffix.lower().lstrip(".") not in PLOT_FORMATS:
        raise HoyleError(f"cannot write a plot to {path}: name a .png, .svg or .pdf file")


def plot_heat_map(table: WinTable, path: Path) -> None:
    """Write the table as a heat map to ``path`` (PNG, SVG or PDF by its suffix;
    matplotlib, the ``plot`` extra).

    Raises:
        HoyleError: another suffix (:func:`check_plot_path`), matplotlib is missing, or the
            file cannot be written.
    """
    check_plot_path(path)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        raise HoyleError(f"the heat map needs matplotlib (pip install 'hoyle[plot]'): {e}"
                         ) from None
    fig, ax = plt.subplots(figsize=(7, 6), layout="constrained")
    im = ax.imshow(table.p, origin="lower", cmap="RdBu_r", vmin=0, vmax=1)
    ax.set_xlabel("pone's score (points)")
    ax.set_ylabel("dealer's score (points)")
    ax.set_title(f"P(dealer wins) before the deal, {table.variant} to {table.target} "
                 f"({table.deals:,} deals)")
    fig.colorbar(im, ax=ax)
    try:
        fig.savefig(path, dpi=100)
    except OSError as e:
        raise HoyleError(f"cannot write {path}: {e.strerror or e}") from None
    finally:
        plt.close(fig)
