"""Benchmarks for hoyle (``make bench``): prints figures, asserts nothing. Times are CPU
seconds of this one process (so one core), best of a few runs.

- the batch scorer over all 12,994,800 (hand, starter) combinations, as hand and as crib;
- single-hand scoring: the fast total and the itemised breakdown;
- full random-vs-random games per second on one core (engine speed), and greedy-vs-greedy,
  with the engine this process uses (the compiled one when ``make accel`` built it, see
  :mod:`hoyle._accel`), then random-vs-random with the pure-Python engine (a subprocess with
  ``HOYLE_PURE=1``) and OpenSpiel's C++ cribbage driven from Python the same way (random
  legal actions and chance outcomes, one Python call per action), for comparison on the
  same machine at the same time;
- the expert's games per second (expert v expert, one core), with the plain search and
  discard advice it had before the speed work (``tests/helpers/plain_players.py``) and with
  today's (memoised solver, numpy discard values): the same games, action for action.
"""

from __future__ import annotations

import itertools
import os
import platform
import subprocess
import sys
import random
import time
from collections.abc import Callable

import numpy as np

from hoyle import _accel
from hoyle.cards import CARDS
from hoyle.cribbage.players import GreedyPlayer, RandomPlayer
from hoyle.cribbage.scoring import rank_table, score_batch, score_show, show_total
from hoyle.cribbage.match import play_game


def timed(fn: Callable[[], object], repeat: int = 3) -> float:
    """Best of ``repeat`` runs, in seconds of this process's CPU time (one core; not
    disturbed by other processes waiting for the same cores)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return best


def all_combinations() -> tuple[np.ndarray, np.ndarray]:
    hands = np.array(list(itertools.combinations(range(52), 4)), dtype=np.int8)
    mask = np.ones((len(hands), 52), dtype=bool)
    mask[np.arange(len(hands))[:, None], hands] = False
    starters = np.nonzero(mask)[1].astype(np.int8)
    return np.repeat(hands, 48, axis=0), starters


def main() -> None:
    print(f"hoyle benchmarks — Python {platform.python_version()}, numpy {np.__version__}, "
          f"{platform.machine()}, one core")
    t = time.process_time()
    rank_table()
    print(f"rank table build (once per process):        {time.process_time() - t:8.3f} s")
    t = time.process_time()
    hands, starters = all_combinations()
    print(f"generate 12,994,800 combinations:           {time.process_time() - t:8.3f} s")
    dt = timed(lambda: score_batch(hands, starters))
    print(f"batch scorer, all 12,994,800 as hands:      {dt:8.3f} s "
          f"({len(hands) / dt / 1e6:.1f} M hands/s)")
    dt = timed(lambda: score_batch(hands, starters, crib=True))
    print(f"batch scorer, all 12,994,800 as cribs:      {dt:8.3f} s")

    rng = random.Random(1)
    deals = [rng.sample(CARDS, 5) for _ in range(20000)]
    dt = timed(lambda: [show_total(d[:4], d[4]) for d in deals])
    print(f"single hand, fast total (show_total):       {dt / len(deals) * 1e6:8.2f} µs/hand")
    dt = timed(lambda: [score_show(d[:4], d[4]) for d in deals[:5000]])
    print(f"single hand, itemised (score_show):         {dt / 5000 * 1e6:8.2f} µs/hand")

    for label, players, n in (("random vs random", (RandomPlayer(), RandomPlayer()), 1000),
                              ("greedy vs greedy", (GreedyPlayer(), GreedyPlayer()), 50)):
        def games() -> None:
            for seed in range(n):
                play_game(list(players), seed=seed, resumable=False, itemize=False)
        dt = timed(games, repeat=2)
        print(f"full games, {label}:                {n / dt:8.1f} games/s ({n} games)")
    engine_comparison()
    players_bench()
    expert_speed()


RANDOM_GAMES = """
import time
from hoyle.cribbage.players import RandomPlayer
from hoyle.cribbage.match import play_game
ps = [RandomPlayer(), RandomPlayer()]
play_game(ps, seed=0)
best = float("inf")
for _ in range(3):
    t = time.process_time()
    for seed in range(500):
        play_game(ps, seed=seed, resumable=False, itemize=False)
    best = min(best, time.process_time() - t)
print(500 / best)
"""


def _openspiel_games() -> Callable[[int], None] | None:
    """``run(n)``: n random-vs-random games of OpenSpiel's C++ cribbage driven from Python
    as hoyle's are (random legal actions and chance outcomes, one call per action)."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("cribbage")
    rng = random.Random(1)

    def run(n: int) -> None:
        for _ in range(n):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    outs = s.chance_outcomes()
                    s.apply_action(outs[rng.randrange(len(outs))][0])
                else:
                    la = s.legal_actions()
                    s.apply_action(la[rng.randrange(len(la))])
    return run


def engine_comparison(rounds: int = 5, n: int = 300) -> None:
    """Random-vs-random games per second of hoyle's engine (this process's: compiled when
    fresh) and OpenSpiel's C++ cribbage, measured in alternation (``rounds`` rounds of
    ``n`` games each; the median is printed) because this machine's speed drifts from
    minute to minute; then hoyle's pure-Python engine (a subprocess, HOYLE_PURE=1)."""
    mode = "compiled (mypyc)" if _accel.active() else "pure Python (no fresh build)"
    players = [RandomPlayer(), RandomPlayer()]

    def hoyle(k: int) -> None:
        for seed in range(k):
            play_game(players, seed=seed, resumable=False, itemize=False)

    osp = _openspiel_games()
    hoyle(20)
    if osp is not None:
        osp(20)
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(rounds):
        ours.append(n / timed(lambda: hoyle(n), repeat=1))
        if osp is not None:
            theirs.append(n / timed(lambda: osp(n), repeat=1))
    pairs = [a / b for a, b in zip(ours, theirs)]
    ratios = ", ".join(f"{r:.2f}" for r in pairs)
    ours.sort()
    theirs.sort()
    print(f"random v random, hoyle {mode + ':':22s}{ours[len(ours) // 2]:8.1f} games/s "
          f"(median of {rounds} rounds, alternating with OpenSpiel)")
    if theirs:
        print(f"random v random, OpenSpiel cribbage (C++):  {theirs[len(theirs) // 2]:8.1f} games/s "
              f"(hoyle / OpenSpiel, round by round: {ratios}; "
              f"median {sorted(pairs)[len(pairs) // 2]:.2f})")
    else:
        print("random v random, OpenSpiel cribbage: not installed")
    env = dict(os.environ, HOYLE_PURE="1")
    try:
        out = subprocess.run([sys.executable, "-c", RANDOM_GAMES], capture_output=True,
                             text=True, env=env, check=True, timeout=600).stdout.strip()
        print(f"random v random, hoyle pure Python:         {float(out):8.1f} games/s")
    except (subprocess.SubprocessError, OSError, ValueError) as err:
        print(f"random v random, hoyle pure Python: not measured ({type(err).__name__})")


def players_bench() -> None:
    from hoyle.cribbage.advice.discard import discard_options
    from hoyle.cribbage.players import ExpertPlayer
    from hoyle.cribbage.players.pegtable import peg_table
    from hoyle.cribbage.state import CribbageState
    from hoyle.sim.tournament import run_match
    from hoyle.engine.action import CHANCE

    rng = random.Random(3)
    hands = [rng.sample(CARDS, 6) for _ in range(200)]
    discard_options(hands[0], True)  # load the crib table
    dt = timed(lambda: [discard_options(h, i % 2 == 0) for i, h in enumerate(hands)])
    print(f"discard advice, one six-card hand:          {dt / len(hands) * 1e3:8.2f} ms")

    # Each player's time per decision on the same positions: every decision of a few
    # games between two experts (the tables loaded first, as the crib table above).
    from hoyle.cribbage.players import make_player
    peg_table()
    expert = ExpertPlayer()
    positions: list[tuple[object, object, int]] = []
    for seed in range(4):
        s = CribbageState(seed=seed)
        g = random.Random(seed)
        while not s.is_terminal():
            if s.current_player == CHANCE:
                s.apply(s.sample_chance(g))
                continue
            view, legal = s.view(s.current_player), s.legal_actions()
            positions.append((view, legal, len(positions)))
            s.apply(expert.choose(view, legal, g))
    print(f"players on the same {len(positions)} decisions of 4 expert v expert games "
          "(one core; lay-away | play):")
    print("  player    decisions/s   lay-away mean / p99 / max ms     play mean / p99 / max ms")
    from hoyle.cribbage.players import MasterPlayer
    players = [(name, lambda name=name: make_player(name))
               for name in ("greedy", "table", "expert", "aware", "master")]
    # the master without its staged play search (to 851feee), for what the search costs
    players.append(("unstaged", lambda: MasterPlayer(more_samples=())))
    # the master with its play for the game by the information-set search (off by default)
    players.append(("one-plan", lambda: MasterPlayer(one_plan=True)))
    for name, factory in players:
        player = factory()
        lay: list[float] = []
        play: list[float] = []
        for view, legal, i in positions:
            t = time.process_time()
            player.choose(view, legal, random.Random(i))  # type: ignore[arg-type]
            dt = time.process_time() - t
            (lay if legal[0].verb == "DISCARD" else play).append(dt)  # type: ignore[index]

        def stats(xs: list[float]) -> str:
            xs = sorted(xs)
            p99 = xs[min(len(xs) - 1, int(0.99 * len(xs)))]
            return f"{sum(xs) / len(xs) * 1e3:7.2f} / {p99 * 1e3:7.1f} / {xs[-1] * 1e3:7.1f}"

        total = sum(lay) + sum(play)
        print(f"  {name:8s} {len(positions) / total:11.1f}   {stats(lay)}      {stats(play)}")
    for pair, n in ((("table", "greedy"), 100), (("expert", "table"), 40)):
        dt = timed(lambda: run_match("cribbage", list(pair), n, seed=1), repeat=1)
        print(f"tournament, {pair[0]} v {pair[1]}, one core:     {n / dt:8.1f} games/s")


def expert_speed(games: int = 12, seed: int = 99) -> tuple[float, float]:
    """Expert v expert games per second on one core (CPU time, in this process), games
    0 to ``games - 1`` of ``hoyle sim cribbage --players expert,expert --seed SEED``: first
    with the plain exact solver and discard advice of before the speed work swapped in,
    then with today's; asserts the two played the same games. Returns (before, after)."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))
    from helpers.plain_players import plain_card_values, plain_discard_totals

    from hoyle.cribbage.advice import discard
    from hoyle.cribbage.players import expert, search
    from hoyle.cribbage.tally import play_one

    def plain_options(hand: list[object], dealer: bool) -> list[discard.DiscardOption]:
        return [discard.DiscardOption(*o) for o in plain_discard_totals(hand, dealer)]

    def run() -> tuple[float, list[list[str]]]:
        t = time.process_time()
        acts = [play_one(["expert", "expert"], seed, i).record["actions"] for i in range(games)]
        return games / (time.process_time() - t), acts

    rank_table().tolist()
    swapped = {"card_values": plain_card_values, "discard_options": plain_options,
               "best_keep": lambda six, dealer: plain_discard_totals(six, dealer)[0][0]}
    saved = {k: getattr(expert, k) for k in swapped}
    try:
        for k, f in swapped.items():
            setattr(expert, k, f)
        before, acts_before = run()
    finally:
        for k, f in saved.items():
            setattr(expert, k, f)
    search._forget()
    after, acts_after = run()
    assert acts_before == acts_after, "the faster expert played other games"
    print(f"expert v expert, plain search (before):     {before:8.2f} games/s ({games} games)")
    print(f"expert v expert, memoised (now):            {after:8.2f} games/s "
          f"({after / before:.2f}x, the same {games} games)")
    return before, after


if __name__ == "__main__":
    main()
