"""Environment steps per second: hoyle's PettingZoo environments and OpenSpiel games, beside
OpenSpiel's own C++ ``cribbage``.

A step is one decision of a player (a discard, a card, a go, a proposal...); chance is
resolved inside the step as each environment does it, and its time is counted. Every
player picks a uniformly random legal action from a seeded generator; whole games are
played until at least ``--steps`` steps have been made.

    python bench/envs.py [--steps 20000]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

import hoyle.envs.openspiel  # noqa: F401 - registers the python_hoyle_* games
from hoyle.envs.pettingzoo import cribbage_v0, ecarte_v0


def bench_pettingzoo(make: Callable[[], Any], steps: int) -> tuple[float, int]:
    """Steps per second of a PettingZoo AEC environment (raw, without wrappers)."""
    env = make()
    rng = np.random.default_rng(0)
    done_steps = games = 0
    t = time.perf_counter()
    while done_steps < steps:
        env.reset(seed=games)
        games += 1
        while True:
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                break
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(rng.choice(legal)))
            done_steps += 1
    return done_steps / (time.perf_counter() - t), games


def bench_openspiel(name: str, steps: int) -> tuple[float, int]:
    """Decision steps per second of an OpenSpiel game, chance sampled at random."""
    game = pyspiel.load_game(name)
    rng = random.Random(0)
    done_steps = games = 0
    t = time.perf_counter()
    while done_steps < steps:
        state = game.new_initial_state()
        games += 1
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                done_steps += 1
    return done_steps / (time.perf_counter() - t), games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000)
    args = parser.parse_args()
    rows = [
        ("PettingZoo hoyle/cribbage-v0", *bench_pettingzoo(cribbage_v0.raw_env, args.steps)),
        ("PettingZoo hoyle/ecarte-v0", *bench_pettingzoo(ecarte_v0.raw_env, args.steps)),
        ("OpenSpiel python_hoyle_cribbage", *bench_openspiel("python_hoyle_cribbage",
                                                             args.steps)),
        ("OpenSpiel python_hoyle_ecarte", *bench_openspiel("python_hoyle_ecarte", args.steps)),
        ("OpenSpiel C++ cribbage", *bench_openspiel("cribbage", args.steps)),
    ]
    print(f"{'environment':<34} {'steps/s':>10} {'games':>6}")
    for name, rate, games in rows:
        print(f"{name:<34} {rate:>10,.0f} {games:>6}")


if __name__ == "__main__":
    main()
