"""Learn six-card cribbage from scratch with PPO on hoyle's batch engine, in minutes on a CPU.

An actor-critic network (two-layer MLPs over the 383 observation floats: the 1,431 masked
logits, factored by the cards, and a value) plays one seat of every game of a batch (seat = game number mod 2, so
it deals half its games), the other seat played by a fixed opponent: the random player
first, then the greedy one (``--switch``). The reward: +1 / -1 at the end of the game, the
environment's own, and a shaping term added by this example: the points the agent pegs and
shows less its opponent's, scaled by ``--shaping``. Rollouts, advantages (GAE) and updates are jitted JAX (optax's Adam); finished
games are dealt again in place (``reset_done``).

Every ``--eval-every`` updates the agent (its most likely legal action) plays
``--eval-games`` games against each opponent in the batch engine; at the end it plays
``--final-games`` games against each through the object engine (``env.evaluate``: the
engine's own players and referee, each deal sequence played twice with the seats swapped).
The curve is written as a PNG (``--plot``) and the figures as JSON (``--out``).

    python examples/train_cribbage.py --seed 0 --minutes 25 --eval-every 40 --plot curve.png
"""

from __future__ import annotations

import argparse
import json
import time
from functools import partial
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax

from hoyle.batch import make

Params = list[tuple[jax.Array, jax.Array]]


def init_params(key: jax.Array, sizes: list[int]) -> Params:
    params = []
    for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:])):
        key, sub = jax.random.split(key)
        scale = np.sqrt(2.0 / a) if i < len(sizes) - 2 else 0.01
        params.append((jax.random.normal(sub, (a, b)) * scale, jnp.zeros(b)))
    return params


_PAIRS = np.array([(i, j) for i in range(52) for j in range(i + 1, 52)])
HEAD = 52 + 1 + 52  # a logit for each card played, go, and a lay-away score for each card


def forward(params: dict[str, Params], obs: jax.Array) -> tuple[jax.Array, jax.Array]:
    """(logits float[..., 1431], value float[...]) of observations float[..., 383].

    The policy's head is factored by the cards (an architecture, no knowledge of the
    game's values): a logit for playing each card and one for go, and a score for laying
    away each card; laying away two cards scores the sum of theirs (the scores depend on
    the whole observation, so on the rest of the hand)."""
    def mlp(layers: Params, x: jax.Array) -> jax.Array:
        for w, b in layers[:-1]:
            x = jax.nn.relu(x @ w + b)
        w, b = layers[-1]
        return x @ w + b
    head = mlp(params["pi"], obs)
    play, go, lay = head[..., :52], head[..., 52:53], head[..., 53:]
    pairs = lay[..., _PAIRS[:, 0]] + lay[..., _PAIRS[:, 1]]
    logits = jnp.concatenate([play, go, pairs, lay], axis=-1)
    return logits, mlp(params["v"], obs)[..., 0]


def masked(logits: jax.Array, mask: jax.Array) -> jax.Array:
    return jnp.where(mask, logits, -1e9)


def make_agent_policy(env: Any, params: dict[str, Params]) -> Any:
    """The agent as a batched policy (``policy(state, key)``): its most likely legal
    action, for the seat to act."""
    @jax.jit
    def policy(state: Any, key: jax.Array) -> jax.Array:
        obs = env.observe(state, jnp.clip(state.current_player, 0, 1))
        logits, _ = forward(params, obs)
        return jnp.argmax(masked(logits, state.legal_action_mask), axis=-1).astype(jnp.int32)
    return policy


def play_batch(env: Any, agent: Any, opponent: Any, games: int, key: jax.Array) -> float:
    """The agent's win rate over ``games`` games in the batch engine (seat = i mod 2)."""
    key, k0 = jax.random.split(key)
    state = env.init(jax.random.split(k0, games))
    seat = jnp.arange(games) % 2
    while not bool(state.terminated.all()):
        key, k1, k2, k3 = jax.random.split(key, 4)
        acts = jnp.where(state.current_player == seat, agent(state, k1), opponent(state, k2))
        state = env.step_unchecked(state, acts, jax.random.split(k3, games))
    return float(np.mean(np.asarray(state.winner) == np.asarray(seat)))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("--seed", type=int, default=0, help="every random draw flows from it")
    p.add_argument("--minutes", type=float, default=8.0, help="training time (wall clock)")
    p.add_argument("--envs", type=int, default=512, help="games played in lockstep")
    p.add_argument("--steps", type=int, default=64,
                   help="rollout length, in batched steps (both seats' decisions)")
    p.add_argument("--hidden", type=int, default=256, help="units in each hidden layer")
    p.add_argument("--lr", type=float, default=1e-3, help="Adam's learning rate")
    p.add_argument("--epochs", type=int, default=4, help="passes over each rollout")
    p.add_argument("--minibatches", type=int, default=4,
                   help="minibatches a pass (must divide envs x steps)")
    p.add_argument("--shaping", type=float, default=0.02,
                   help="reward a point of difference, added to the +1/-1 of the game")
    p.add_argument("--switch", type=float, default=0.25,
                   help="share of the training against random, before greedy")
    p.add_argument("--eval-every", type=int, default=20, help="updates between evaluations")
    p.add_argument("--eval-games", type=int, default=512,
                   help="games against each opponent at an evaluation (batch engine)")
    p.add_argument("--final-games", type=int, default=1000,
                   help="games against each opponent at the end (object engine)")
    p.add_argument("--max-updates", type=int, default=0,
                   help="stop after this many updates (0: after --minutes)")
    p.add_argument("--plot", default="", help="write the curve to this PNG")
    p.add_argument("--out", default="", help="write the figures to this JSON file")
    args = p.parse_args()
    if (args.envs * args.steps) % args.minibatches:
        p.error("--minibatches must divide --envs x --steps")

    env = make("cribbage", history=0)
    n, t_len = args.envs, args.steps
    key = jax.random.PRNGKey(args.seed)
    key, kp, kv, k0 = jax.random.split(key, 4)
    params = {"pi": init_params(kp, [env.observation_size, args.hidden, args.hidden, HEAD]),
              "v": init_params(kv, [env.observation_size, args.hidden, args.hidden, 1])}
    opt = optax.chain(optax.clip_by_global_norm(0.5), optax.adam(args.lr))
    opt_state = opt.init(params)
    seat = jnp.arange(n) % 2
    opponents = {"random": env.random_policy, "greedy": env.greedy_policy}

    def rollout(params: dict[str, Params], state: Any, key: jax.Array, vs_greedy: jax.Array
                ) -> tuple[Any, dict[str, jax.Array]]:
        def one(carry: tuple[Any, jax.Array], _: None) -> tuple[tuple[Any, jax.Array],
                                                                dict[str, jax.Array]]:
            state, key = carry
            key, k1, k2, k3, k4 = jax.random.split(key, 5)
            obs = env.observe(state, seat)
            mask = state.legal_action_mask
            logits, value = forward(params, obs)
            logits = masked(logits, mask)
            mine = jax.random.categorical(k1, logits).astype(jnp.int32)
            logp = jax.nn.log_softmax(logits)[jnp.arange(n), mine]
            theirs = jnp.where(vs_greedy, env.greedy_policy(state, k2),
                               env.random_policy(state, k2))
            acting = (state.current_player == seat) & ~state.terminated
            after = env.step_unchecked(state, jnp.where(acting, mine, theirs),
                                       jax.random.split(k3, n))
            gain = (after.scores - state.scores).astype(jnp.float32)
            diff = jnp.where(seat == 0, gain[:, 0] - gain[:, 1], gain[:, 1] - gain[:, 0])
            end = after.rewards[jnp.arange(n), seat]
            reward = args.shaping * diff + end
            done = after.terminated
            nxt = env.reset_done(after, jax.random.split(k4, n))
            return (nxt, key), {"obs": obs, "mask": mask, "act": mine, "logp": logp,
                                "value": value, "reward": reward, "done": done,
                                "acting": acting}
        (state, key), traj = jax.lax.scan(one, (state, key), None, length=t_len)
        _, last = forward(params, env.observe(state, seat))
        traj["last"] = last
        return state, traj

    def advantages(traj: dict[str, jax.Array]) -> tuple[jax.Array, jax.Array]:
        gamma, lam = 0.995, 0.95

        def back(carry: tuple[jax.Array, jax.Array], x: tuple[jax.Array, ...]
                 ) -> tuple[tuple[jax.Array, jax.Array], jax.Array]:
            adv, nxt_v = carry
            r, v, d = x
            delta = r + gamma * nxt_v * (1 - d) - v
            adv = delta + gamma * lam * (1 - d) * adv
            return (adv, v), adv
        _, adv = jax.lax.scan(back, (jnp.zeros(n), traj["last"]),
                              (traj["reward"], traj["value"],
                               traj["done"].astype(jnp.float32)), reverse=True)
        return adv, adv + traj["value"]

    def loss(params: dict[str, Params], b: dict[str, jax.Array]) -> jax.Array:
        logits, value = forward(params, b["obs"])
        logits = masked(logits, b["mask"])
        logp_all = jax.nn.log_softmax(logits)
        logp = jnp.take_along_axis(logp_all, b["act"][:, None], axis=-1)[:, 0]
        ratio = jnp.exp(logp - b["logp"])
        adv = b["adv"]
        w = b["acting"].astype(jnp.float32)
        adv_n = (adv - jnp.sum(adv * w) / jnp.sum(w)) / (
            jnp.sqrt(jnp.sum(w * (adv - jnp.sum(adv * w) / jnp.sum(w)) ** 2) / jnp.sum(w))
            + 1e-8)
        pg = -jnp.minimum(ratio * adv_n, jnp.clip(ratio, 0.8, 1.2) * adv_n)
        probs = jnp.exp(logp_all)
        entropy = -jnp.sum(jnp.where(b["mask"], probs * logp_all, 0.0), axis=-1)
        pi_loss = jnp.sum(w * (pg - 0.01 * entropy)) / jnp.maximum(jnp.sum(w), 1.0)
        v_loss = jnp.mean((value - b["ret"]) ** 2)
        return pi_loss + 0.5 * v_loss

    @partial(jax.jit, donate_argnums=(1,))
    def update(params: dict[str, Params], state: Any, opt_state: Any, key: jax.Array,
               vs_greedy: jax.Array) -> tuple[Any, ...]:
        key, kr = jax.random.split(key)
        state, traj = rollout(params, state, kr, vs_greedy)
        adv, ret = advantages(traj)
        flat = {k: v.reshape((t_len * n,) + v.shape[2:]) for k, v in traj.items()
                if k != "last"}
        flat["adv"], flat["ret"] = adv.reshape(-1), ret.reshape(-1)
        size = t_len * n // args.minibatches

        def epoch(carry: tuple[Any, Any, jax.Array], _: None) -> tuple[tuple[Any, Any,
                                                                              jax.Array], None]:
            params, opt_state, key = carry
            key, kperm = jax.random.split(key)
            perm = jax.random.permutation(kperm, t_len * n)

            def mb(carry: tuple[Any, Any], i: jax.Array) -> tuple[tuple[Any, Any], None]:
                params, opt_state = carry
                idx = jax.lax.dynamic_slice(perm, (i * size,), (size,))
                batch = {k: v[idx] for k, v in flat.items()}
                grads = jax.grad(loss)(params, batch)
                upd, opt_state = opt.update(grads, opt_state, params)
                return (optax.apply_updates(params, upd), opt_state), None
            (params, opt_state), _ = jax.lax.scan(mb, (params, opt_state),
                                                  jnp.arange(args.minibatches))
            return (params, opt_state, key), None
        (params, opt_state, key), _ = jax.lax.scan(epoch, (params, opt_state, key), None,
                                                   length=args.epochs)
        return params, state, opt_state, key

    state = env.init(jax.random.split(k0, n))
    curve: list[dict[str, float]] = []
    start = time.time()
    budget = args.minutes * 60
    updates = 0
    print(f"seed {args.seed}: {n} games in lockstep, rollouts of {t_len} steps "
          f"({n * t_len:,} a update)", flush=True)
    while True:
        elapsed = time.time() - start
        if (args.max_updates and updates >= args.max_updates) or \
                (not args.max_updates and elapsed >= budget):
            break
        vs_greedy = jnp.bool_(elapsed >= args.switch * budget if not args.max_updates
                              else updates >= args.switch * args.max_updates)
        key, ku = jax.random.split(key)
        params, state, opt_state, key = update(params, state, opt_state, ku, vs_greedy)
        updates += 1
        if updates % args.eval_every == 0 or updates == 1:
            agent = make_agent_policy(env, params)
            key, ka, kb = jax.random.split(key, 3)
            row = {"update": updates, "minutes": (time.time() - start) / 60,
                   "decisions": updates * n * t_len,
                   "vs_random": play_batch(env, agent, opponents["random"], args.eval_games, ka),
                   "vs_greedy": play_batch(env, agent, opponents["greedy"], args.eval_games, kb)}
            curve.append(row)
            se = 0.5 / np.sqrt(args.eval_games)  # the largest standard error of a rate
            print(f"update {updates:5d}  {row['minutes']:5.1f} min  "
                  f"{row['decisions']:>11,} decisions (both seats)  win vs random "
                  f"{row['vs_random']:.3f}  vs greedy {row['vs_greedy']:.3f}  "
                  f"(± {2 * se:.3f})", flush=True)
    agent = make_agent_policy(env, params)
    final = {}
    for name in ("random", "greedy"):
        r = env.evaluate(agent, name, games=args.final_games, seed=args.seed + 1, batch=250)
        final[name] = r
        rate, games = r["win_rate"], args.final_games
        half = 1.96 * np.sqrt(max(rate * (1 - rate), 1e-9) / games)
        print(f"object engine, {games} games against {name}: win rate {rate:.3f} "
              f"(95% CI {max(0.0, rate - half):.3f}-{min(1.0, rate + half):.3f}; points "
              f"{r['points_for']:.1f} to {r['points_against']:.1f})", flush=True)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump({"args": vars(args), "curve": curve, "final": final}, f, indent=1)
    if args.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(7, 4))
        xs = [r["minutes"] for r in curve]
        ax.plot(xs, [r["vs_random"] for r in curve], label="against random")
        ax.plot(xs, [r["vs_greedy"] for r in curve], label="against greedy")
        ax.axhline(0.5, color="grey", lw=0.8, ls="--")
        ax.set_xlabel("training minutes (2 CPU cores)")
        ax.set_ylabel(f"win rate ({args.eval_games} games, batch engine)")
        ax.set_title(f"PPO on hoyle.batch six-card cribbage, seed {args.seed}")
        ax.set_ylim(0, 1)
        ax.legend()
        fig.tight_layout()
        fig.savefig(args.plot, dpi=100)


if __name__ == "__main__":
    main()
