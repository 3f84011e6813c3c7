"""Regenerate hoyle's crib table: ``python scripts/crib_table.py [--deals N] [--seed S]``.

Writes ``src/hoyle/analysis/data/crib_table.json`` (or ``--out``). The same seed, deals and
iterations give the same table whatever ``--workers`` says. See
:func:`hoyle.analysis.cribtable.compute_crib_table`.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from hoyle.analysis.cribtable import compute_crib_table
from hoyle.errors import HoyleError

DEFAULT_OUT = Path(__file__).resolve().parents[1] / "src/hoyle/analysis/data/crib_table.json"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=60_000, help="random deals per pass")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--iterations", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args()
    if args.deals < 2 or args.workers < 1:
        ap.error("--deals must be at least 2 and --workers at least 1")
    out = args.out.resolve()
    if not out.parent.is_dir() or not os.access(out.parent, os.W_OK) or \
            (out.exists() and not os.access(out, os.W_OK)):
        ap.error(f"cannot write {args.out}")
    t = time.time()
    try:
        table = compute_crib_table(args.deals, args.seed, args.iterations, args.workers,
                               progress=print)
    except HoyleError as e:
        sys.exit(f"{Path(__file__).name}: {e}")
    args.out.write_text(table.to_json() + "\n", encoding="utf-8")
    print(f"wrote {args.out} in {time.time() - t:.0f} s")


if __name__ == "__main__":
    main()
