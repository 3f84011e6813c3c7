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

from hoyle.cribbage.advice.cribtable import RoleTable
from hoyle.errors import HoyleError


def run(ap: argparse.ArgumentParser, size: str, compute: Callable[[argparse.Namespace],
                                                                     RoleTable],
        at_least_one: tuple[str, ...] = ()) -> None:
    """Parse ``ap`` (which has ``--workers``, ``--out`` and the size option ``size``),
    compute the table and write it. Options named in ``at_least_one`` must be 1 or more.
    ``--executor`` (added here) says where the tasks run; ``compute`` finds the open
    executor as ``args.pool``."""
    from hoyle.sim.executors import EXECUTOR_HELP, open_executor, parse_executor

    ap.add_argument("--executor", default="local", help=EXECUTOR_HELP)
    args = ap.parse_args()
    try:
        parse_executor(args.executor)
    except HoyleError as e:
        ap.error(str(e))
    if getattr(args, size) < 2 or not 1 <= args.workers <= 64:
        ap.error(f"--{size} must be at least 2 and --workers from 1 to 64")
    for name in at_least_one:
        if getattr(args, name) < 1:
            ap.error(f"--{name} must be at least 1")
    out = args.out.resolve()
    if out.is_dir() or not out.parent.is_dir() or not os.access(out.parent, os.W_OK) or \
            (out.exists() and not os.access(out, os.W_OK)):
        ap.error(f"cannot write {args.out}")
    t = time.time()
    try:
        with open_executor(args.executor, args.workers) as args.pool:
            table = compute(args)
    except HoyleError as e:
        sys.exit(f"{Path(sys.argv[0]).name}: {e}")
    try:
        args.out.write_text(table.to_json() + "\n", encoding="utf-8")
    except OSError as e:
        sys.exit(f"{Path(sys.argv[0]).name}: cannot write {args.out}: {e.strerror}")
    print(f"wrote {args.out} in {time.time() - t:.0f} s")
