"""What the table scripts (``crib_table.py``, ``peg_table.py``) share: check the arguments
and the output file before hours of computing, compute, and write the table's JSON, with
one line (no traceback) when the computation refuses its arguments."""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from hoyle.analysis.cribtable import RoleTable
from hoyle.errors import HoyleError


def run(ap: argparse.ArgumentParser, size: str, compute: Callable[[argparse.Namespace],
                                                                     RoleTable]) -> None:
    """Parse ``ap`` (which has ``--workers``, ``--out`` and the size option ``size``),
    compute the table and write it."""
    args = ap.parse_args()
    if getattr(args, size) < 2 or args.workers < 1:
        ap.error(f"--{size} must be at least 2 and --workers at least 1")
    out = args.out.resolve()
    if not out.parent.is_dir() or not os.access(out.parent, os.W_OK) or \
            (out.exists() and not os.access(out, os.W_OK)):
        ap.error(f"cannot write {args.out}")
    t = time.time()
    try:
        table = compute(args)
    except HoyleError as e:
        sys.exit(f"{Path(sys.argv[0]).name}: {e}")
    args.out.write_text(table.to_json() + "\n", encoding="utf-8")
    print(f"wrote {args.out} in {time.time() - t:.0f} s")
