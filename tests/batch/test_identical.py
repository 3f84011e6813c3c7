"""The batch engine is the object engine (issue 31's test that makes it trustworthy).

Batches of seeded games are played in lockstep by a batched policy; after every batched
step each game's new history (its decision and the chance that followed: a starter or a
turn-up, cards drawn from the stock, the next deal) is applied to its own object-engine
state (no law code), and the two engines must agree: the same legal action ids, the same
scores (so the same points at every step), the same seat to act and the same end; at the
end the same winner. In the first 100 games of each batch the observation of both seats is
compared too, float for float, with the encoding's observation of the object engine's view.

10,000 games of each: cribbage six-card to 121 and five-card to 61, and écarté to five,
under the random policy (half) and the greedy policy (half), which reach different
positions (long counts and peg-outs in the play; stands, refusals and long exchanges).
``make test`` plays the first 2,500 of each (``HOYLE_BATCH_GAMES``: the first two batches,
one a policy, the same seeds); ``make verify-batch`` plays all 10,000 (in a clean clone's
``make test`` they were three quarters of the batch engine's tests' 402 s).
"""

from __future__ import annotations

import functools
import os

from collections.abc import Callable
from typing import Any, NamedTuple

import jax
import numpy as np
import pytest

from hoyle.batch import make
from hoyle.cribbage.batchenv import feed as crib_feed
from hoyle.cribbage.encoding import crib_action_id, crib_observation
from hoyle.cribbage.state import CribbageState
from hoyle.ecarte.batchenv import feed as ecarte_feed
from hoyle.ecarte.encoding import ecarte_action_id, ecarte_observation
from hoyle.ecarte.state import EcarteState

GAMES = int(os.environ.get("HOYLE_BATCH_GAMES", "10000"))  # games of each: 1,250 to 10,000
CHUNK = 1_250  # games a batch: eight batches a game at 10,000, spread over the test workers
assert GAMES % CHUNK == 0 and CHUNK <= GAMES <= 10_000, "HOYLE_BATCH_GAMES: 1,250 to 10,000 by 1,250"
OBSERVED = 100  # games a batch whose observations are compared


class Engine(NamedTuple):
    """How the test drives one game's object engine."""

    game: str
    options: dict[str, Any]
    new: Callable[[Any], Any]  # rules -> a new state, no law code
    feed: Callable[[Any, list[int]], None]
    action_id: Callable[[Any, Any], int]  # (state, action) -> id
    observation: Callable[[Any, int, Any], np.ndarray]  # (state, seat, rules) -> floats
    target: int


ENGINES = {
    "six-card": Engine("cribbage", {"variant": "six-card"},
                       lambda r: CribbageState(r, laws=None), crib_feed,
                       lambda st, a: crib_action_id(a),
                       lambda st, seat, r: crib_observation(st.view(seat), r), 121),
    "five-card": Engine("cribbage", {"variant": "five-card"},
                        lambda r: CribbageState(r, laws=None), crib_feed,
                        lambda st, a: crib_action_id(a),
                        lambda st, seat, r: crib_observation(st.view(seat), r), 61),
    "ecarte": Engine("ecarte", {}, lambda r: EcarteState(r, laws=None), ecarte_feed,
                     lambda st, a: ecarte_action_id(a, st.hands[st.current_player]),
                     lambda st, seat, r: ecarte_observation(st.view(seat)), 5),
}


@functools.cache
def _env(name: str) -> Any:
    """One batch engine a variant for the whole session: its jitted functions compile once
    in each test process, not once a chunk."""
    engine = ENGINES[name]
    return make(engine.game, history=1024, **engine.options)


def _lockstep(name: str, policy_name: str, seed: int, games: int) -> dict[str, int]:
    engine, env = ENGINES[name], _env(name)
    policy = env.greedy_policy if policy_name == "greedy" else env.random_policy
    key = jax.random.PRNGKey(seed)
    key, k0 = jax.random.split(key)
    state = env.init(jax.random.split(k0, games))
    objs = [engine.new(env.rules) for _ in range(games)]
    done_codes = np.zeros(games, np.int64)
    seen = {"steps": 0, "observations": 0, "points": 0}

    def sync() -> None:
        hist = np.asarray(state.history)
        n_hist = np.asarray(state.n_history)
        mask = np.asarray(state.legal_action_mask)
        scores = np.asarray(state.scores)
        to_act = np.asarray(state.current_player)
        over = np.asarray(state.terminated)
        winner = np.asarray(state.winner)
        obs = [np.asarray(env.observe(state, seat)) for seat in (0, 1)]
        assert n_hist.max() <= hist.shape[1], "a history was cut short"
        for i, st in enumerate(objs):
            if done_codes[i] == n_hist[i]:
                continue
            before = sum(st.scores)
            engine.feed(st, [int(c) for c in hist[i, done_codes[i]:n_hist[i]]])
            done_codes[i] = n_hist[i]
            seen["points"] += sum(st.scores) - before
            assert tuple(st.scores) == tuple(scores[i]), (i, st.scores, scores[i])
            assert st.is_terminal() == bool(over[i]), i
            assert st.current_player == to_act[i], (i, st.current_player, to_act[i])
            legal = sorted(engine.action_id(st, a) for a in st.legal_actions())
            assert legal == np.flatnonzero(mask[i]).tolist(), (i, st.phase, legal)
            if st.is_terminal():
                assert st.result is not None and st.result.winner == int(winner[i])
            seen["steps"] += 1
            if i < OBSERVED:
                for seat in (0, 1):
                    want = engine.observation(st, seat, env.rules)
                    np.testing.assert_array_equal(obs[seat][i], want, err_msg=f"game {i}")
                    seen["observations"] += 1

    sync()
    while not bool(np.asarray(state.terminated).all()):
        key, k1, k2 = jax.random.split(key, 3)
        state = env.step(state, policy(state, k1), jax.random.split(k2, games))
        sync()
    return seen


@pytest.mark.parametrize("name", list(ENGINES))
@pytest.mark.parametrize("part", range(GAMES // CHUNK))
def test_batch_equals_object_engine(name: str, part: int) -> None:
    engine = ENGINES[name]
    policy = "random" if part % 2 == 0 else "greedy"
    seen = _lockstep(name, policy, seed=1000 * part + len(name), games=CHUNK)
    # every game followed to its end: the winner's points at least, in every game
    assert seen["points"] >= CHUNK * engine.target
    assert seen["observations"] >= 2 * OBSERVED * 5
