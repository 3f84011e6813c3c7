"""Regenerate hoyle's pegging matrices: ``python scripts/peg_matrix.py [--workers N]
[--size 4|3]``.

Writes ``src/hoyle/cribbage/players/data/peg_matrix.npz`` (``--size 4``, the default; or
``peg_matrix3.npz`` with ``--size 3``, the five-card game's; or ``--out``): every pone's
four (three) ranks against every dealer's, the whole play searched exactly
(:func:`hoyle.cribbage.players.pegmatrix.compute_peg_matrix`; about 11 minutes of one core
with the compiled engine, ``make accel``). The matrix has no seed: it is the same however
it is run.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from hoyle.cribbage.players.pegmatrix import compute_peg_matrix

DATA = Path(__file__).resolve().parents[1] / "src/hoyle/cribbage/players/data"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--size", type=int, default=4, choices=(4, 3))
    ap.add_argument("--out", type=Path, default=None)
    a = ap.parse_args()
    if not 1 <= a.workers <= 64:
        ap.error("--workers must be from 1 to 64")
    out = a.out or DATA / ("peg_matrix.npz" if a.size == 4 else "peg_matrix3.npz")
    t = time.time()
    m = compute_peg_matrix(a.workers, progress=print, size=a.size)
    np.savez_compressed(out, matrix=m)
    print(f"wrote {out} ({m.shape[0]} x {m.shape[1]}, values {m.min()} to {m.max()}) "
          f"in {time.time() - t:.0f} s")


if __name__ == "__main__":
    main()
