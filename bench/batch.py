"""Steps a second of the batch engine (hoyle.batch, JAX) beside OpenSpiel and PettingZoo.

Batch sizes 1, 64, 1,024 and 8,192, beside OpenSpiel's C++ ``cribbage`` and hoyle's
PettingZoo environments, in one run: cribbage, then écarté (which OpenSpiel has not: beside
hoyle's own PettingZoo environment). The ratio column divides by the first row of each game
(OpenSpiel's C++ for cribbage, PettingZoo for écarté).

A step is one decision of a player (a lay-away or a card or a go), every player choosing
uniformly among the legal actions, chance resolved inside the step as each engine does it,
and finished games started again (the batch engine: ``reset_done``, pgx's auto-reset).
The batch engine runs ``--iterations`` batched steps inside one jitted ``lax.scan``; its
compile time is printed apart (the first call, which also runs the scan once). Memory: the bytes a
game takes in the batch (every array of the state), with the history kept (``to_record``)
and without. JAX uses every core the machine has (XLA's threads); OpenSpiel's C++ and the
PettingZoo environment run on one. Last, for each game and size, the time of
``state.legal_action_mask`` asked outside a jitted function (as a training loop in Python
asks it), the median of 20 calls after a first that compiles it.

    python bench/batch.py [--iterations 200] [--steps 20000] [--sizes 1,64,1024,8192]
                          [--games cribbage,ecarte]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

import jax
import jax.numpy as jnp

from hoyle.batch import make

sys.path.insert(0, os.path.dirname(__file__))
from envs import bench_openspiel, bench_pettingzoo  # noqa: E402

from hoyle.envs.pettingzoo import cribbage_v0, ecarte_v0  # noqa: E402


def bench_batch(game: str, size: int, iterations: int, history: int
                ) -> tuple[float, float, float]:
    """(steps a second, compile seconds, bytes a game) of the batch engine at ``size``."""
    env = make(game, history=history)

    @jax.jit
    def run(state: Any, key: jax.Array) -> tuple[Any, jax.Array]:
        def body(carry: tuple[Any, jax.Array], _: None) -> tuple[tuple[Any, jax.Array],
                                                                  jax.Array]:
            state, key = carry
            key, k1, k2, k3 = jax.random.split(key, 4)
            live = jnp.sum(~state.terminated)
            state = env.step_unchecked(state, env.random_policy(state, k1),
                                       jax.random.split(k2, size))
            state = env.reset_done(state, jax.random.split(k3, size))
            return (state, key), live
        (state, key), live = jax.lax.scan(body, (state, key), None, length=iterations)
        return state, jnp.sum(live)

    state = env.init(jax.random.split(jax.random.PRNGKey(0), size))
    t = time.perf_counter()
    state, n = run(state, jax.random.PRNGKey(1))
    n.block_until_ready()
    compile_s = time.perf_counter() - t
    best = 0.0
    for rep in range(3):
        t = time.perf_counter()
        state, n = run(state, jax.random.PRNGKey(2 + rep))
        n.block_until_ready()
        best = max(best, int(n) / (time.perf_counter() - t))
    return best, compile_s, env.bytes_per_game(state)


def bench_mask(game: str, size: int) -> float:
    """Milliseconds a call of ``state.legal_action_mask`` outside ``jit`` at ``size`` games
    (one step in: the lay-away or the proposal), the median of 20 after a first call."""
    env = make(game)
    state = env.init(jax.random.split(jax.random.PRNGKey(0), size))
    state = env.step(state, env.random_policy(state, jax.random.PRNGKey(1)),
                     jax.random.split(jax.random.PRNGKey(2), size))
    state.legal_action_mask.block_until_ready()
    times = []
    for _ in range(20):
        t = time.perf_counter()
        state.legal_action_mask.block_until_ready()
        times.append(time.perf_counter() - t)
    return sorted(times)[len(times) // 2] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    parser.add_argument("--iterations", type=int, default=200,
                        help="batched steps a timed scan (20 times more at batch 1)")
    parser.add_argument("--steps", type=int, default=20_000,
                        help="decisions timed in each one-game environment")
    parser.add_argument("--sizes", default="1,64,1024,8192", help="batch sizes")
    parser.add_argument("--games", default="cribbage,ecarte", help="the games")
    args = parser.parse_args()
    print(f"JAX {jax.__version__} on {jax.devices()[0].platform} "
          f"({os.cpu_count()} cores); random legal actions")
    for game in args.games.split(","):
        if game == "cribbage":
            base, base_name = bench_openspiel("cribbage", args.steps)[0], \
                "OpenSpiel C++ cribbage (one core)"
            others = [("PettingZoo hoyle/cribbage-v0 (one core)",
                       bench_pettingzoo(cribbage_v0.raw_env, args.steps)[0])]
        else:
            base, base_name = bench_pettingzoo(ecarte_v0.raw_env, args.steps)[0], \
                "PettingZoo hoyle/ecarte-v0 (one core)"
            others = [("OpenSpiel python_hoyle_ecarte (one core)",
                       bench_openspiel("python_hoyle_ecarte", args.steps)[0])]
        print(f"\n{game}: {'engine':<40} {'steps/s':>11} {'ratio':>7} {'compile s':>10} "
              f"{'bytes/game':>11}")
        pad = " " * (len(game) + 2)
        print(f"{pad}{base_name:<40} {base:>11,.0f} {1:>7.2f}")
        for name, rate in others:
            print(f"{pad}{name:<40} {rate:>11,.0f} {rate / base:>7.2f}")
        for size in (int(x) for x in args.sizes.split(",")):
            iterations = args.iterations * (20 if size == 1 else 1)
            for history in (1024, 0):
                rate, comp, nbytes = bench_batch(game, size, iterations, history)
                label = f"hoyle.batch B={size:,}" + (" (no history)" if not history else "")
                print(f"{pad}{label:<40} {rate:>11,.0f} {rate / base:>7.2f} {comp:>10.1f} "
                      f"{nbytes:>11,.0f}", flush=True)
        masks = ", ".join(f"B={size:,} {bench_mask(game, size):.2f} ms"
                          for size in (int(x) for x in args.sizes.split(",")))
        print(f"{pad}state.legal_action_mask outside jit, a call: {masks}", flush=True)


if __name__ == "__main__":
    main()
