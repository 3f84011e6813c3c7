"""Benchmarks of the batch jobs at scale (``make bench``): prints figures, asserts nothing.
Times are wall-clock seconds (workers are other processes), so they drift with the
machine's load; each figure says what it measured.

- the win table job (``hoyle tables win``): the same small job on the local executor with 1
  and 2 workers, the speed-up, and the cost of one sampled deal;
- the overhead per task of each executor (local pool, Dask LocalCluster, Ray), from many
  tasks that do nothing, the executor's start-up timed apart;
- on paper: the full table (the shipped deals, or ``--deals``) on 100 machines of 16 cores
  from the measured cost per deal;
- the review's average cost per deal of the greedy, table and expert players' decisions
  (each against the expert).

Usage: ``python bench/scale.py [--deals N] [--games G] [--quick]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from hoyle.cribbage.advice.wintable import win_table  # noqa: E402
from hoyle.engine.records import GameRecord  # noqa: E402
from hoyle.interface.registry import get_game  # noqa: E402
from hoyle.sim.executors import open_executor, run_tasks  # noqa: E402
from hoyle.sim.tables import run_job  # noqa: E402


def _noop(i: int) -> int:
    return i


def table_speedup(deals: int) -> float:
    """Time the win table job of ``deals`` deals with 1 and 2 local workers; the cost of
    one deal (s, one worker)."""
    job = get_game("cribbage").table_jobs()[0]
    values = {"variant": "six-card", "deals": deals, "seed": 77,
              "per_task": max(1, deals // 8), "out": Path("/tmp/hoyle-bench-win.npz")}
    warm = {**values, "deals": 40, "per_task": 40}
    list(run_job(job, warm, "local", 1, quiet=True))  # the tables every deal reads, loaded
    times = {}  # (a pool's workers are forked from this process, so they start warm too)
    for workers in (1, 2):  # other deals each time (the caches of the search and the
        t = time.perf_counter()  # advice would hold the deals played already)
        list(run_job(job, {**values, "seed": 77 + workers}, "local", workers, quiet=True))
        times[workers] = time.perf_counter() - t
    print(f"win table job, {deals} six-card deals: 1 worker {times[1]:.1f} s, 2 workers "
          f"{times[2]:.1f} s: speed-up {times[1] / times[2]:.2f}x "
          f"({times[1] / deals * 1000:.0f} ms a deal on one worker, solve included)")
    return times[1] / deals


def overhead(tasks: int) -> None:
    """Start-up and per-task overhead of each executor with 2 workers."""
    for spec in ("local", "dask", "ray"):
        t = time.perf_counter()
        with open_executor(spec, 2) as ex:
            up = time.perf_counter() - t
            run_tasks(ex, _noop, [(0,)] * 20)  # warm the workers
            t = time.perf_counter()
            run_tasks(ex, _noop, [(i,) for i in range(tasks)])
            per = (time.perf_counter() - t) / tasks
        print(f"executor {spec:5}: start-up {up:5.1f} s, overhead {per * 1000:6.2f} ms a task "
              f"({tasks} empty tasks, 2 workers)")


def on_paper(per_deal: float) -> None:
    """The full table's time on 100 machines of 16 cores, from the measured cost: the
    score-unaware table (every position shares the same deals), and a score-aware one
    (each of the 121 x 121 positions with its own deals, played by a player choosing by
    the values of the positions they lead to: 10,000 deals a position, about 0.005 of
    standard error)."""
    table = win_table("six-card")
    cores = 100 * 16
    for deals, what in ((table.deals, "the shipped score-unaware table"),
                        (1_000_000, "a score-unaware table of 1,000,000 deals"),
                        (121 * 121 * 10_000, "a score-aware table, 10,000 deals a position")):
        secs = deals * per_deal / cores
        print(f"on paper, {what}: {deals:,} deals at {per_deal * 1000:.0f} ms on 100 x 16 "
              f"cores: {secs:,.0f} s ({secs / 3600:.2f} h) of sampling, plus the solve "
              "(seconds on one machine)")


def review_costs(games: int) -> None:
    """Average cost per deal (points, and win probability) of each player's decisions,
    reviewed against the expert, over ``games`` games against the expert each."""
    spec = get_game("cribbage")
    for name in ("greedy", "table", "expert"):
        pts = win = 0.0
        deals = 0
        for i in range(games):
            g = spec.play_match_game((name, "expert"), 31, i)
            review = spec.review(GameRecord.from_json(json.dumps(g.record)), seat=0)
            p, w, d = review.per_seat()[0]
            pts, win, deals = pts + p, win + w, deals + d
        print(f"review, {name:6} (seat 0 v expert, {games} games, {deals} deals): "
              f"{pts / deals:.3f} points and {win / deals * 100:.2f}% win probability "
              "lost a deal")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--tasks", type=int, default=500)
    a = ap.parse_args()
    per_deal = table_speedup(a.deals)
    overhead(a.tasks)
    on_paper(per_deal)
    review_costs(a.games)


if __name__ == "__main__":
    main()
