"""Regenerate hoyle's pegging table: ``python scripts/peg_table.py [--hands N] [--seed S]``.

Writes ``src/hoyle/cribbage/players/data/peg_table.json`` (or ``--out``). The same seed and
hands give the same table whatever ``--workers`` says. See
:func:`hoyle.cribbage.players.pegtable.compute_peg_table` (about 15 minutes of one core with
the compiled engine, ``make accel``, at the default 200 hands).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

from hoyle.cribbage.players.pegtable import compute_peg_table
from hoyle.errors import HoyleError

DEFAULT_OUT = (Path(__file__).resolve().parents[1]
               / "src/hoyle/cribbage/players/data/peg_table.json")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=200, help="opponent hands in the pool")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args()
    if args.hands < 2 or args.workers < 1:
        ap.error("--hands must be at least 2 and --workers at least 1")
    out = args.out.resolve()
    if not out.parent.is_dir() or not os.access(out.parent, os.W_OK) or \
            (out.exists() and not os.access(out, os.W_OK)):
        ap.error(f"cannot write {args.out}")
    t = time.time()
    try:
        table = compute_peg_table(args.hands, args.seed, args.workers, progress=print)
    except HoyleError as e:
        sys.exit(f"{Path(__file__).name}: {e}")
    args.out.write_text(table.to_json() + "\n", encoding="utf-8")
    print(f"wrote {args.out} in {time.time() - t:.0f} s")


if __name__ == "__main__":
    main()
