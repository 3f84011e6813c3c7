"""Learn six-card cribbage from scratch with PPO on hoyle's batch engine, in minutes on a CPU.

An actor-critic network plays one seat of every game of a batch (seat = game number mod 2,
so it deals half its games), the other seat played by a fixed opponent: the random player
first, then the greedy one (``--switch``). The network (``--arch``, see :func:`forward`):
by default a trunk over the 474 observation floats and the cards held read as a set (each
pair of the six cards embedded, each of the 15 ways to lay away scored from its kept
four's and its laid-away pair's embeddings; each card held scored for the play with the
count and its latest cards, and with what laying it would do now: the points the rules
give it and the count it makes, an afterstate as TD-Gammon read its moves, ``--look-ahead``);
``mlp`` is the plain two-layer MLP with the logits factored by the cards. No hoyle player,
advice or table is used, and no value of a card is built in: the cards enter as rank, suit
and count value, and what they are worth comes from the rules' own scoring (the look-ahead
and the show's targets) and the games' results.

The reward: +1 / -1 at the end of the game, the environment's own, and a shaping term added
by this example: the points the agent pegs and shows less its opponent's, scaled by
``--shaping``. An auxiliary loss (``--aux``) teaches a show head what each of the 15 ways
to lay away pays at the show: its kept hand's points plus (dealer) or less (pone) the
crib's, the crib with the opponent's two as he laid them away, averaged over the 44
cards the agent did not hold and the opponent did not lay away (the starter as the agent
would see it knowing the crib: the opponent's four kept cards are among them, unknown to
the agent), as the environment scores them (``--aux-target expected``; ``realized``: the
way taken, with the deal's starter). By default the agent lays away
by that head alone (a softmax over its points over ``--layaway-temp``, 0.5 point) and the
policy's head plays the cards. Rollouts, advantages (GAE)
and updates are jitted JAX (optax's Adam, the learning rate decaying to a tenth); finished
games are dealt again in place (``reset_done``).

Every ``--eval-every`` updates the agent (its most likely legal action) plays
``--eval-games`` games against each opponent in the batch engine, and its lay-aways are
measured against hoyle's discard advice (points a deal below it); at the end it plays
``--final-games`` games against each through the object engine (``env.evaluate``: the
engine's own players and referee, each deal sequence played twice with the seats swapped).
The curve is written as a PNG (``--plot``), the figures as JSON (``--out``) and the
network as ``.npz`` (``--save``).

    python examples/train_cribbage.py --seed 0 --minutes 25 --eval-every 10 --plot curve.png
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from functools import partial
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
import optax

from hoyle.batch import make
from hoyle.cribbage.batch import PHASE_DISCARD, PHASE_PLAY, play_points, show_points
from hoyle.cribbage.encoding import COUNT_ORDER, CRIB_PAIR_BASE

Params = list[tuple[jax.Array, jax.Array]]


def init_params(key: jax.Array, sizes: list[int], out: bool = True) -> Params:
    """Layers of ``sizes`` (He-scaled; an output layer, ``out``, starts near zero)."""
    params = []
    for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:])):
        key, sub = jax.random.split(key)
        scale = np.sqrt(2.0 / a) if i < len(sizes) - 2 or not out else 0.01
        params.append((jax.random.normal(sub, (a, b)) * scale, jnp.zeros(b)))
    return params


# The cards as the network sees them: rank one-hot (13), suit one-hot (4), count value / 10.
_CARD = np.zeros((52, 18), np.float32)
for _c in range(52):
    _CARD[_c, _c // 4] = 1.0
    _CARD[_c, 13 + _c % 4] = 1.0
    _CARD[_c, 17] = min(_c // 4 + 1, 10) / 10.0
# The 15 ways to lay away two of six cards (positions a < b), the kept four's pairs and cards.
_SPLITS = np.array(list(itertools.combinations(range(6), 2)))
_KEEP_PAIRS = np.array([[float(not (set(p) & set(d))) for p in _SPLITS] for d in _SPLITS],
                       np.float32)  # (15 splits, 15 pairs): the pair is among the kept
_KEEP_CARDS = np.array([[float(c not in d) for c in range(6)] for d in _SPLITS], np.float32)
_KEEP_POS = np.array([[c for c in range(6) if c not in d] for d in _SPLITS])  # (15, 4)
_ALL_PAIRS = np.array([(i, j) for i in range(52) for j in range(i + 1, 52)])


LOOK = 1 + 32  # a card's look-ahead features: the points it pegs now, the count it makes
_COUNT = 260 + 2 * 52 + 2  # the observation's count / 31 (hoyle.cribbage.encoding's layout)


def held_cards(obs: jax.Array) -> jax.Array:
    """The cards held (int[..., 6] card ids, in index order; six at the lay-away, fewer in
    the play, the rest of the six then cards not held, never legal) of observations
    float[..., 474]."""
    return jnp.sort(jax.lax.top_k(obs[..., :52], 6)[1], axis=-1)


def look_ahead(obs: jax.Array, held: jax.Array) -> jax.Array:
    """What laying each card held would do now, as the rules say (an afterstate, as
    TD-Gammon saw the positions its moves lead to): the points it pegs (the environment's
    own :func:`hoyle.cribbage.batch.play_points`, over 2) and the count it makes (one-hot,
    0-31; past 31 never legal), float[..., 6, 33], from the observation's count and the
    count's latest cards in order (float[..., 474]) and the cards held (int[..., 6])."""
    lead = obs.shape[:-1]
    order = obs[..., -COUNT_ORDER * 13:].reshape(lead + (COUNT_ORDER, 13))
    n = jnp.sum(order.sum(-1) > 0, axis=-1)  # cards in the count (its latest seven)
    latest = jnp.argmax(order, axis=-1) * 4  # a card of each rank, newest first
    count = jnp.round(obs[..., _COUNT] * 31).astype(jnp.int32)
    pip = jnp.minimum(held // 4 + 1, 10)
    after = count[..., None] + pip  # (..., 6)

    def one(latest: jax.Array, n: jax.Array, card: jax.Array, after: jax.Array) -> jax.Array:
        slot = jnp.arange(8)
        cards = jnp.where(slot < n, latest[jnp.clip(n - 1 - slot, 0, COUNT_ORDER - 1)], 0)
        cards = jnp.where(slot == n, card, cards)
        return play_points(cards, n + 1, after)
    each = jax.vmap(one, in_axes=(None, None, 0, 0))
    flat = jax.vmap(each)(latest.reshape(-1, COUNT_ORDER), n.reshape(-1),
                          held.reshape(-1, 6), after.reshape(-1, 6)).reshape(lead + (6,))
    return jnp.concatenate([flat[..., None].astype(jnp.float32) / 2.0,
                            jax.nn.one_hot(jnp.minimum(after, 31), 32)], axis=-1)


def mlp(layers: Params, x: jax.Array, last_relu: bool = False) -> jax.Array:
    for w, b in layers[:-1]:
        x = jax.nn.relu(x @ w + b)
    w, b = layers[-1]
    x = x @ w + b
    return jax.nn.relu(x) if last_relu else x


def init_net(key: jax.Array, obs_size: int, hidden: int, arch: str, look: bool = False
             ) -> dict[str, Params]:
    """The network's parameters (see :func:`forward`; ``look``: the play head reads
    :func:`look_ahead`)."""
    k = jax.random.split(key, 6)
    if arch == "mlp":
        return {"pi": init_params(k[0], [obs_size, hidden, hidden, 52 + 1 + 52]),
                "v": init_params(k[1], [obs_size, hidden, hidden, 1])}
    return {"trunk": init_params(k[0], [obs_size, hidden, hidden], out=False),
            "go": init_params(k[1], [hidden, 1]),
            # the card, then what every card shares: the count's cards, the count, the
            # count's latest cards in order, the trunk
            "play": init_params(k[2], [18 + LOOK * look + 18 + 1 + COUNT_ORDER * 13 + hidden,
                                       64, 1]),
            "pair": init_params(k[3], [36, 64, 32], out=False),
            "card": init_params(k[4], [18, 16], out=False),
            "split": init_params(k[5], [32 + 16 + 32 + hidden, 64, 1]),
            "show": init_params(jax.random.fold_in(key, 8), [32 + 16 + 32 + hidden, 64, 1]),
            "scale": [(jnp.asarray(10.0), jnp.asarray(0.0))],
            "v": init_params(jax.random.fold_in(key, 7), [hidden, 64, 1])}


def forward(params: dict[str, Params], obs: jax.Array, temp: float = 0.0
            ) -> tuple[jax.Array, jax.Array, tuple[jax.Array, jax.Array] | None]:
    """(logits float[..., 1431], value float[...], show) of observations float[..., 474];
    ``show`` (relation only): each of the 15 ways to lay away's predicted show, in tens of
    points (the kept hand's, plus the crib's as dealer, less it as pone: float[..., 15]),
    with its action id (int[..., 15]).

    Two architectures, neither with a card's worth built in:

    - ``mlp``: two-layer MLPs over the observation, the policy's head factored by the
      cards: a logit for playing each card and one for go, a score for laying away each
      card; laying away two cards scores the sum of theirs.
    - ``relation`` (the default): the same trunk, and the cards held read as a set. Each
      card is its rank, its suit and its count value; every pair of the six cards dealt
      gets an embedding (a small MLP over the two cards, order-free); each of the 15 ways
      to lay away two is scored from the sum of the kept four's pair and card embeddings,
      the laid-away pair's embedding and the trunk's, plus a learnt multiple of the
      show the same features predict (an auxiliary head, trained on the show's points as
      the environment pays them: see ``--aux``); with ``temp`` more than 0 (points), the
      lay-away's logits are that show head's predicted points over ``temp`` alone. Playing
      a card is scored from the card, what laying it would do now when the network was
      made with it (:func:`look_ahead`, read from the first layer's width), the cards in
      the current count (summed), the count and its latest cards in order, with the
      trunk's.
    """
    if "pi" in params:
        head = mlp(params["pi"], obs)
        play, go, lay = head[..., :52], head[..., 52:53], head[..., 53:]
        pairs = lay[..., _ALL_PAIRS[:, 0]] + lay[..., _ALL_PAIRS[:, 1]]
        logits = jnp.concatenate([play, go, pairs, lay], axis=-1)
        return logits, mlp(params["v"], obs)[..., 0], None
    lead = obs.shape[:-1]
    card = jnp.asarray(_CARD)
    ctx = mlp(params["trunk"], obs, last_relu=True)  # (..., H)

    def head(layers: Params, parts: jax.Array, shared: jax.Array) -> jax.Array:
        # an MLP over [parts, shared] with shared's share of the first layer taken once
        (w, b), rest = layers[0], layers[1:]
        n = parts.shape[-1]
        x = jax.nn.relu(parts @ w[:n] + (shared @ w[n:])[..., None, :] + b)
        for w, b in rest[:-1]:
            x = jax.nn.relu(x @ w + b)
        w, b = rest[-1]
        return (x @ w + b)[..., 0]
    held = held_cards(obs)  # (..., 6)
    # the play: a logit per card held, from the card, the count's cards and the count
    count_cards = obs[..., 208:260] @ card  # (..., 18)
    count = obs[..., _COUNT:_COUNT + 1]
    f = card[held]  # (..., 6, 18)
    order = obs[..., -COUNT_ORDER * 13:]  # the count's latest cards by rank, newest first
    shared = jnp.concatenate([count_cards, count, order, ctx], axis=-1)
    looked = params["play"][0][0].shape[0] == 18 + LOOK + shared.shape[-1]
    each = jnp.concatenate([f, look_ahead(obs, held)], axis=-1) if looked else f
    play = head(params["play"], each, shared)
    go = mlp(params["go"], ctx)  # (..., 1)
    # the lay-away: a score for each of the 15 ways to lay away two of the six
    a, b = f[..., _SPLITS[:, 0], :], f[..., _SPLITS[:, 1], :]
    pair = mlp(params["pair"], jnp.concatenate([a + b, a * b], axis=-1), last_relu=True)
    single = mlp(params["card"], f, last_relu=True)  # (..., 6, 16)
    kept = jnp.einsum("sp,...ph->...sh", jnp.asarray(_KEEP_PAIRS), pair)
    kept_cards = jnp.einsum("sc,...ch->...sh", jnp.asarray(_KEEP_CARDS), single)
    parts = jnp.concatenate([kept, kept_cards, pair], axis=-1)
    show = head(params["show"], parts, ctx)  # (..., 15), tens of points
    scale = params["scale"][0][0]
    if temp > 0:  # the lay-away by the show head alone: a softmax over its points / temp
        split = jax.lax.stop_gradient(show) * (10.0 / temp)
    else:
        split = head(params["split"], parts, ctx) + scale * jax.lax.stop_gradient(show)
    i, j = held[..., _SPLITS[:, 0]], held[..., _SPLITS[:, 1]]
    ids = 53 + i * 51 - i * (i - 1) // 2 + j - i - 1  # each split's action id
    # every other action is never legal here: left at -1e9
    flat = jax.vmap(lambda k, v: jnp.full(1431, -1e9).at[k].set(v))(
        jnp.concatenate([held, ids], axis=-1).reshape(-1, 21),
        jnp.concatenate([play, split], axis=-1).reshape(-1, 21))
    logits = flat.reshape(lead + (1431,)).at[..., 52].set(go[..., 0])
    return logits, mlp(params["v"], ctx)[..., 0], (show, ids)


def expected_show(held: jax.Array, away: jax.Array, dealing: jax.Array) -> jax.Array:
    """What each of the 15 ways to lay away ``held`` (int[6] card ids, in index order) shows
    this deal on average over the starter, in tens of points: its kept hand's points plus
    (``dealing``) or less (pone) the crib's, the crib being the two laid away and the
    opponent's two (``away``, int[2], as he laid them away), the starter any card the
    agent did not hold and the opponent did not lay away (44: his four kept cards are
    among them, as unknown to the agent as the stock), scored by the environment's own
    :func:`hoyle.cribbage.batch.show_points` (float[15])."""
    unseen = jnp.ones(52).at[held].set(0.0).at[away].set(0.0)
    kept = held[jnp.asarray(_KEEP_POS)]  # (15, 4)
    crib = jnp.concatenate([held[jnp.asarray(_SPLITS)],
                            jnp.broadcast_to(away, (15, 2))], axis=-1)  # (15, 4)
    starters = jnp.arange(52)

    def each(cards: jax.Array, is_crib: bool) -> jax.Array:  # (15, 52)
        return jax.vmap(lambda h: jax.vmap(lambda c: show_points(h, c, is_crib))(starters))(
            cards)
    value = each(kept, False) + jnp.where(dealing, 1, -1) * each(crib, True)
    return (value.astype(jnp.float32) @ unseen) / jnp.sum(unseen) / 10.0


def masked(logits: jax.Array, mask: jax.Array) -> jax.Array:
    return jnp.where(mask, logits, -1e9)


def make_agent_policy(env: Any, params: dict[str, Params], temp: float = 0.0) -> Any:
    """The agent as a batched policy (``policy(state, key)``): its most likely legal
    action, for the seat to act (``temp``: see :func:`forward`)."""
    @jax.jit
    def policy(state: Any, key: jax.Array) -> jax.Array:
        obs = env.observe(state, jnp.clip(state.current_player, 0, 1))
        logits, _, _ = forward(params, obs, temp)
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


def layaway_regret(env: Any, policy: Any, games: int, key: jax.Array) -> dict[str, float]:
    """How much a policy's lay-aways give up against hoyle's discard advice
    (:func:`hoyle.cribbage.advice.discard.discard_options`: each way's expected hand, plus
    or minus the expected crib), over the first lay-away of ``games`` seeded deals: the mean
    of (best total - the policy's total), in points, and the share of best choices. A
    yardstick of the lay-away alone, from the engine's own tables."""
    from hoyle.cards import CARDS
    from hoyle.cribbage.advice.discard import discard_options
    from hoyle.cribbage.encoding import crib_id_action
    k0, k1 = jax.random.split(key)
    state = env.init(jax.random.split(k0, games))
    acts = np.asarray(policy(state, k1))
    hands = np.asarray(state.hand)
    seats = np.asarray(state.current_player)
    dealers = np.asarray(state.dealer)
    lost, best = [], 0
    for i in range(games):
        seat = int(seats[i])
        hand = [CARDS[c] for c in np.flatnonzero(hands[i, seat])]
        options = discard_options(hand, dealer=seat == int(dealers[i]))
        away = set(crib_id_action(int(acts[i])).cards)
        mine = next(o for o in options if set(o.discard) == away)
        lost.append(options[0].total - mine.total)
        best += mine is options[0]
    return {"regret": float(np.mean(lost)), "best": best / games}


def plot(curve: list[dict[str, float]], greedy_regret: float, eval_games: int, seed: int,
         path: str, regret_deals: int = 300) -> None:
    """The curve as a PNG: the win rates, and the lay-away's points below the advice."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(11, 4))
    xs = [r["minutes"] for r in curve]
    ax.plot(xs, [r["vs_random"] for r in curve], marker=".", label="against random")
    ax.plot(xs, [r["vs_greedy"] for r in curve], marker=".", label="against greedy")
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("training minutes (2 CPU cores)")
    ax.set_ylabel(f"win rate ({eval_games} games, batch engine)")
    ax.set_title(f"PPO on hoyle.batch six-card cribbage, seed {seed}")
    ax.set_ylim(0, 1)
    ax.legend()
    bx.plot(xs, [r["layaway_regret"] for r in curve], marker=".", label="the agent")
    bx.axhline(greedy_regret, color="C1", lw=0.8, ls="--",
               label="greedy (the best hand, the crib ignored; final measure)")
    bx.set_xlabel("training minutes (2 CPU cores)")
    bx.set_ylabel("points a deal below the discard advice")
    bx.set_title(f"its lay-aways ({regret_deals} deals an evaluation)")
    bx.set_ylim(0, None)
    bx.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line's options (``argv``, else ``sys.argv``), checked and completed
    (the show head's defaults).

    Raises:
        SystemExit: (2) an option out of its range or two that do not go together, after
            one line on stderr (argparse's ``error``).
    """
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    p.add_argument("--seed", type=int, default=0, help="every random draw flows from it")
    p.add_argument("--minutes", type=float, default=8.0, help="training time (wall clock)")
    p.add_argument("--envs", type=int, default=512, help="games played in lockstep")
    p.add_argument("--steps", type=int, default=64,
                   help="rollout length, in batched steps (both seats' decisions)")
    p.add_argument("--hidden", type=int, default=256, help="units in each hidden layer")
    p.add_argument("--arch", choices=("relation", "mlp"), default="relation",
                   help="the network (see forward)")
    p.add_argument("--aux", type=float, default=1.0,
                   help="weight of the auxiliary show loss (relation network; 0: none)")
    p.add_argument("--aux-target", choices=("expected", "realized"), default=None,
                   help="the show loss's target: every way to lay away, averaged over the "
                        "starters (expected), or the way taken, as the deal's starter "
                        "scored it (realized) (default: expected with the show head)"
                        "%(default).0s")
    p.add_argument("--layaway-temp", type=float, default=None,
                   help="more than 0: lay away by the show head alone, a softmax over its "
                        "predicted points divided by this (the policy's head then plays "
                        "only); 0: the policy's own lay-away score plus the show head's "
                        "(default: 0.5 with the show head, else 0)%(default).0s")
    p.add_argument("--look-ahead", action=argparse.BooleanOptionalAction, default=None,
                   help="the play head also reads what each card would peg now and the "
                        "count it would make, as the rules score it (look_ahead) (default: "
                        "on with --arch relation)%(default).0s")
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
    p.add_argument("--regret-deals", type=int, default=2000,
                   help="deals the final lay-away measure reads (the evaluations: 300)")
    p.add_argument("--save", default="", help="write the trained network to this .npz file")
    args = p.parse_args(argv)
    for name, low in (("envs", 2), ("steps", 1), ("hidden", 1), ("epochs", 1),
                      ("minibatches", 1), ("eval_every", 1), ("eval_games", 2),
                      ("regret_deals", 1), ("final_games", 0), ("max_updates", 0)):
        if getattr(args, name) < low:
            p.error(f"--{name.replace('_', '-')} must be {low} or more")
    for name in ("minutes", "lr"):
        if not 0 < getattr(args, name) < float("inf"):
            p.error(f"--{name} must be more than 0 and finite")
    if not 0 <= args.aux < float("inf") or not 0 <= args.shaping < float("inf") \
            or not 0 <= args.switch <= 1:
        p.error("--aux and --shaping must be 0 or more, --switch between 0 and 1")
    show_head = args.arch == "relation" and args.aux > 0
    if args.look_ahead is None:
        args.look_ahead = args.arch == "relation"
    if args.layaway_temp is None:
        args.layaway_temp = 0.5 if show_head else 0.0
    if args.aux_target is None:
        args.aux_target = "expected" if show_head else None
    elif not show_head:
        p.error("--aux-target needs the show head (--arch relation, --aux more than 0)")
    if not (args.layaway_temp == 0 or 0.01 <= args.layaway_temp < float("inf")):
        p.error("--layaway-temp must be 0, or 0.01 points or more")
    if args.look_ahead and args.arch != "relation":
        p.error("--look-ahead needs --arch relation")
    if args.layaway_temp and not show_head:
        p.error("--layaway-temp needs the show head (--arch relation, --aux more than 0)")
    if (args.envs * args.steps) % args.minibatches:
        p.error("--minibatches must divide --envs x --steps")
    return args


def main() -> None:
    args = parse_args()
    env = make("cribbage", history=0)
    n, t_len = args.envs, args.steps
    key = jax.random.PRNGKey(args.seed)
    key, kp, k0 = jax.random.split(key, 3)
    params = init_net(kp, env.observation_size, args.hidden, args.arch, args.look_ahead)
    if args.arch == "relation" and not args.aux:  # an untrained show head adds nothing
        params["scale"] = [(jnp.asarray(0.0), jnp.asarray(0.0))]
    opt = optax.chain(optax.clip_by_global_norm(0.5),
                      optax.inject_hyperparams(optax.adam)(learning_rate=args.lr))
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
            logits, value, _ = forward(params, obs, args.layaway_temp)
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
            # the show this deal pays the agent's lay-away, once the starter is turned:
            # its hand's points, plus (dealer) or less (pone) the crib's, in tens of points
            shown = (after.phase == PHASE_PLAY) & ~done
            tgt = jnp.zeros(n) if args.aux_target != "realized" else jax.vmap(
                lambda kept, crib, starter, dealer, me: (
                    show_points(jnp.nonzero(kept, size=4)[0], starter, False)
                    + jnp.where(dealer == me, 1, -1)
                    * show_points(jnp.nonzero(crib, size=4)[0], starter, True)))(
                after.kept[jnp.arange(n), seat], after.crib, jnp.clip(after.starter, 0, 51),
                after.dealer, seat).astype(jnp.float32) / 10.0
            waiting = (after.phase == PHASE_DISCARD) & ~done  # the other lay-away to come
            # the opponent's two laid away, known once the starter is turned
            theirs_away = jax.vmap(lambda d: jnp.nonzero(d, size=2)[0])(
                after.discards[jnp.arange(n), 1 - seat]).astype(jnp.int32)
            nxt = env.reset_done(after, jax.random.split(k4, n))
            return (nxt, key), {"obs": obs, "mask": mask, "act": mine, "logp": logp,
                                "value": value, "reward": reward, "done": done,
                                "acting": acting, "tgt": tgt, "shown": shown,
                                "waiting": waiting, "away": theirs_away,
                                "dealing": state.dealer == seat}
        (state, key), traj = jax.lax.scan(one, (state, key), None, length=t_len)
        _, last, _ = forward(params, env.observe(state, seat), args.layaway_temp)
        traj["last"] = last

        def back(carry: tuple[jax.Array, jax.Array], x: tuple[jax.Array, ...]
                 ) -> tuple[tuple[jax.Array, jax.Array], tuple[jax.Array, jax.Array]]:
            # each step's coming show (the deal's), carried back to its lay-aways
            tgt, away, ok = carry
            t, a, shown, waiting = x
            tgt = jnp.where(shown, t, tgt)
            away = jnp.where(shown[:, None], a, away)
            ok = shown | (waiting & ok)
            return (tgt, away, ok), (tgt, away, ok)
        _, (traj["show_tgt"], traj["away"], traj["show_ok"]) = jax.lax.scan(
            back, (jnp.zeros(n), jnp.zeros((n, 2), jnp.int32), jnp.zeros(n, bool)),
            (traj.pop("tgt"), traj.pop("away"), traj.pop("shown"), traj.pop("waiting")),
            reverse=True)
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
        logits, value, show = forward(params, b["obs"], args.layaway_temp)
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
        if show is None or not args.aux:
            return pi_loss + 0.5 * v_loss
        pred, ids = show
        if args.aux_target == "expected":  # every way to lay away, its mean over starters
            aux_w = w * b["show_all_ok"]
            aux = jnp.sum(aux_w[:, None] * (pred - b["show_all"]) ** 2) / (
                15 * jnp.maximum(jnp.sum(aux_w), 1.0))
            return pi_loss + 0.5 * v_loss + args.aux * aux
        chosen = jnp.sum(jnp.where(ids == b["act"][:, None], pred, 0.0), axis=-1)
        aux_w = (w * b["show_ok"] * (b["act"] >= CRIB_PAIR_BASE)).astype(jnp.float32)
        aux = jnp.sum(aux_w * (chosen - b["show_tgt"]) ** 2) / jnp.maximum(jnp.sum(aux_w), 1.0)
        return pi_loss + 0.5 * v_loss + args.aux * aux

    @partial(jax.jit, donate_argnums=(1,))
    def update(params: dict[str, Params], state: Any, opt_state: Any, key: jax.Array,
               vs_greedy: jax.Array) -> tuple[Any, ...]:
        key, kr = jax.random.split(key)
        state, traj = rollout(params, state, kr, vs_greedy)
        adv, ret = advantages(traj)
        flat = {k: v.reshape((t_len * n,) + v.shape[2:]) for k, v in traj.items()
                if k != "last"}
        flat["adv"], flat["ret"] = adv.reshape(-1), ret.reshape(-1)
        if args.aux_target == "expected":
            # the agent's lay-aways whose deal reached the starter (a deal is ten steps or
            # more, so at most one row in eight), each way's expected show
            lay = flat["acting"] & flat["show_ok"] & (flat["act"] >= CRIB_PAIR_BASE)
            size = max(1, t_len * n // 8)
            rows = jnp.nonzero(lay, size=size, fill_value=t_len * n)[0]
            ok = rows < t_len * n
            at = jnp.clip(rows, 0, t_len * n - 1)
            held = held_cards(flat["obs"][at])
            tg = jax.vmap(expected_show)(held, flat["away"][at], flat["dealing"][at])
            flat["show_all"] = jnp.zeros((t_len * n, 15)).at[rows].set(tg, mode="drop")
            flat["show_all_ok"] = jnp.zeros(t_len * n).at[rows].set(
                ok.astype(jnp.float32), mode="drop")
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
        done_share = updates / args.max_updates if args.max_updates else elapsed / budget
        vs_greedy = jnp.bool_(done_share >= args.switch)
        # the learning rate decays linearly to a tenth over the run (time or updates)
        opt_state[1].hyperparams["learning_rate"] = jnp.float32(
            args.lr * (1 - 0.9 * min(done_share, 1.0)))
        key, ku = jax.random.split(key)
        params, state, opt_state, key = update(params, state, opt_state, ku, vs_greedy)
        updates += 1
        if updates % args.eval_every == 0 or updates == 1:
            agent = make_agent_policy(env, params, args.layaway_temp)
            key, ka, kb = jax.random.split(key, 3)
            row = {"update": updates, "minutes": (time.time() - start) / 60,
                   "decisions": updates * n * t_len,
                   "vs_random": play_batch(env, agent, opponents["random"], args.eval_games, ka),
                   "vs_greedy": play_batch(env, agent, opponents["greedy"], args.eval_games, kb),
                   "layaway_regret": layaway_regret(env, agent, min(300, args.regret_deals),
                                                    ka)["regret"]}
            curve.append(row)
            se = 0.5 / np.sqrt(args.eval_games)  # the largest standard error of a rate
            print(f"update {updates:5d}  {row['minutes']:5.1f} min  "
                  f"{row['decisions']:>11,} decisions (both seats)  win vs random "
                  f"{row['vs_random']:.3f}  vs greedy {row['vs_greedy']:.3f}  "
                  f"(± {2 * se:.3f})  lay-away {row['layaway_regret']:.2f} below the "
                  "advice", flush=True)
    agent = make_agent_policy(env, params, args.layaway_temp)
    print(f"trained: {updates} updates, {updates * n * t_len:,} decisions (both seats), "
          f"{(time.time() - start) / 60:.1f} min", flush=True)
    final: dict[str, Any] = {"updates": updates}
    for name in ("random", "greedy") if args.final_games else ():
        r = env.evaluate(agent, name, games=args.final_games, seed=args.seed + 1, batch=250)
        final[name] = r
        rate, games = r["win_rate"], args.final_games
        half = 1.96 * np.sqrt(max(rate * (1 - rate), 1e-9) / games)
        print(f"object engine, {games} games against {name}: win rate {rate:.3f} "
              f"(95% CI {max(0.0, rate - half):.3f}-{min(1.0, rate + half):.3f}; points "
              f"{r['points_for']:.1f} to {r['points_against']:.1f})", flush=True)
    regret = {}
    for name, pol in (("agent", agent), ("greedy", env.greedy_policy),
                      ("random", env.random_policy)):
        regret[name] = layaway_regret(env, pol, args.regret_deals,
                                      jax.random.PRNGKey(args.seed + 2))
        print(f"lay-away, {name}: {regret[name]['regret']:.2f} points a deal below the "
              f"discard advice (its choice {regret[name]['best']:.1%} of the time)",
              flush=True)
    final["layaway"] = regret
    if args.save:
        flat = {f"{k}/{i}/{j}": np.asarray(a) for k, layers in params.items()
                for i, layer in enumerate(layers) for j, a in enumerate(layer)}
        np.savez(args.save, **flat)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump({"args": vars(args), "curve": curve, "final": final}, f, indent=1)
    if args.plot:
        plot(curve, regret["greedy"]["regret"], args.eval_games, args.seed, args.plot,
             min(300, args.regret_deals))


if __name__ == "__main__":
    main()
