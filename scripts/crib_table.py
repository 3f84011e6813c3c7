"""Regenerate hoyle's crib table: ``python scripts/crib_table.py [--deals N] [--seed S]``.

Writes ``src/hoyle/cribbage/advice/data/crib_table.json`` (or ``--out``). The same seed, deals and
iterations give the same table whatever ``--workers`` says. See
:func:`hoyle.cribbage.advice.cribtable_fit.compute_crib_table`.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from hoyle.cribbage.advice.cribtable_fit import compute_crib_table
from tablescript import run

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "src/hoyle/cribbage/advice/data/crib_table.json"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=60_000, help="random deals per pass")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--iterations", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    run(ap, "deals", lambda a: compute_crib_table(a.deals, a.seed, a.iterations, a.workers,
                                                progress=print, executor=a.pool),
        at_least_one=("iterations",))


if __name__ == "__main__":
    main()
