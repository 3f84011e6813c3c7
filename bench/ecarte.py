"""Écarté benchmarks (``python bench/ecarte.py [GAMES]``): prints figures, asserts nothing.

- the double-dummy solver (:mod:`hoyle.ecarte.solver`): full five-card deals per second with
  an empty memo for each deal (cold) and with the memo kept (warm), and small positions
  (two and three cards each) per second;
- the expert player's time per decision (mean and max, by phase) over ``GAMES`` games
  against the ``rules`` player (default 20).

Times are CPU seconds of this process (one core), so that other jobs on the machine do not
inflate them.
"""

from __future__ import annotations

import platform
import random
import sys
import time
from collections import defaultdict
from collections.abc import Sequence

from hoyle.ecarte.match import play_game
from hoyle.ecarte.players import RulesPlayer
from hoyle.ecarte.players.expert import ExpertPlayer
from hoyle.ecarte.rules import ecarte_pack
from hoyle.ecarte.solver import clear_cache, mask_of, solve_masks
from hoyle.ecarte.state import EcarteView
from hoyle.engine.action import Action


def positions(n: int, size: int, seed: int) -> list[tuple[int, int, int]]:
    pack = ecarte_pack()
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cs = rng.sample(pack, 2 * size + 1)
        out.append((mask_of(cs[:size]), mask_of(cs[size:2 * size]), int(cs[-1].suit)))
    return out


def solver_bench() -> None:
    deals = positions(3000, 5, 1)
    t = time.process_time()
    for a, b, tr in deals:
        clear_cache()
        solve_masks(a, b, tr)
    dt = time.process_time() - t
    print(f"solver, 5-card deals, cold memo:   {len(deals) / dt:10,.0f} deals/s "
          f"({dt / len(deals) * 1e3:.3f} ms each)")
    clear_cache()
    t = time.process_time()
    for a, b, tr in deals:
        solve_masks(a, b, tr)
    dt = time.process_time() - t
    print(f"solver, 5-card deals, warm memo:   {len(deals) / dt:10,.0f} deals/s")
    for size in (3, 2):
        small = positions(20000, size, size)
        clear_cache()
        t = time.process_time()
        for a, b, tr in small:
            solve_masks(a, b, tr)
        dt = time.process_time() - t
        print(f"solver, {size}-card positions:         {len(small) / dt:10,.0f} positions/s")


class Timed:
    name = "expert"

    def __init__(self, times: dict[str, list[float]]) -> None:
        self.p = ExpertPlayer()
        self.times = times

    def choose(self, view: EcarteView, legal: Sequence[Action], rng: random.Random) -> Action:
        t = time.process_time()
        a = self.p.choose(view, legal, rng)
        if len(legal) > 1:
            self.times[view.phase].append(time.process_time() - t)
        return a


def expert_bench(games: int) -> None:
    times: dict[str, list[float]] = defaultdict(list)
    for g in range(games):
        players = [Timed(times), RulesPlayer()] if g % 2 == 0 else [RulesPlayer(), Timed(times)]
        play_game(players, seed=g)
    every = [x for v in times.values() for x in v]
    print(f"expert, {games} games v rules, decisions with a choice: {len(every)}")
    for phase, v in sorted(times.items()):
        print(f"  {phase:9s} {len(v):6d} decisions, mean {sum(v) / len(v) * 1e3:7.1f} ms, "
              f"max {max(v) * 1e3:7.1f} ms")
    print(f"  all       {len(every):6d} decisions, mean {sum(every) / len(every) * 1e3:7.1f} ms, "
          f"max {max(every) * 1e3:7.1f} ms")


def main() -> None:
    print(f"hoyle écarté benchmarks — Python {platform.python_version()}, "
          f"{platform.machine()}, one core")
    solver_bench()
    expert_bench(int(sys.argv[1]) if len(sys.argv) > 1 else 20)


if __name__ == "__main__":
    main()
