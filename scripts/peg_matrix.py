"""Regenerate hoyle's pegging matrix: ``python scripts/peg_matrix.py [--workers N]``.

Writes ``src/hoyle/cribbage/players/data/peg_matrix.npz`` (or ``--out``): every pone's four
ranks against every dealer's four, the whole play searched exactly
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

DEFAULT_OUT = (Path(__file__).resolve().parents[1]
               / "src/hoyle/cribbage/players/data/peg_matrix.npz")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    a = ap.parse_args()
    if not 1 <= a.workers <= 64:
        ap.error("--workers must be from 1 to 64")
    t = time.time()
    m = compute_peg_matrix(a.workers, progress=print)
    np.savez_compressed(a.out, matrix=m)
    print(f"wrote {a.out} ({m.shape[0]} x {m.shape[1]}, values {m.min()} to {m.max()}) "
          f"in {time.time() - t:.0f} s")


if __name__ == "__main__":
    main()
