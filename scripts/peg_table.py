"""Regenerate hoyle's pegging table: ``python scripts/peg_table.py [--hands N] [--seed S]``.

Writes ``src/hoyle/cribbage/players/data/peg_table.json`` (or ``--out``). The same seed and
hands give the same table whatever ``--workers`` says. See
:func:`hoyle.cribbage.players.pegtable.compute_peg_table` (about 15 minutes of one core with
the compiled engine, ``make accel``, at the default 200 hands).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from hoyle.cribbage.players.pegtable import compute_peg_table
from tablescript import run

DEFAULT_OUT = (Path(__file__).resolve().parents[1]
               / "src/hoyle/cribbage/players/data/peg_table.json")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=200, help="opponent hands in the pool")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    run(ap, "hands", lambda a: compute_peg_table(a.hands, a.seed, a.workers, progress=print,
                                                           executor=a.pool))


if __name__ == "__main__":
    main()
