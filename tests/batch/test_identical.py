"""The batch engine is the object engine (issue 31's test that makes it trustworthy).

Batches of seeded games are played in lockstep by a batched policy; after every batched
step each game's new history (its decision and the chance that followed: the starter, the
next deal) is applied to its own :class:`CribbageState` (no law code), and the two engines
must agree: the same legal action ids, the same scores (so the same points at every step),
the same seat to act and the same end; at the end the same final scores and winner. In a
part of the games the observation of both seats is compared too, float for float, with
``crib_observation`` of the object engine's view.

10,000 games of each variant: six-card to 121 and five-card to 61, under the random policy
(half) and the greedy policy (half), which reach different positions (long counts, pairs
royal, peg-outs in the play).
"""

from __future__ import annotations

import jax
import numpy as np
import pytest

from hoyle.batch import make
from hoyle.cribbage.batchenv import feed
from hoyle.cribbage.encoding import crib_action_id, crib_observation
from hoyle.cribbage.state import CribbageState

GAMES = 10_000
CHUNK = 1_250  # games a batch: eight batches a variant, spread over the test workers


def _lockstep(variant: str, policy_name: str, seed: int, games: int,
              observe_games: int) -> dict[str, int]:
    env = make("cribbage", variant=variant, history=1024)
    policy = env.greedy_policy if policy_name == "greedy" else env.random_policy
    key = jax.random.PRNGKey(seed)
    key, k0 = jax.random.split(key)
    state = env.init(jax.random.split(k0, games))
    objs = [CribbageState(env.rules, laws=None) for _ in range(games)]
    done_codes = np.zeros(games, np.int64)
    compared = {"steps": 0, "observations": 0, "points": 0}

    def sync() -> None:
        hist = np.asarray(state.history)
        n_hist = np.asarray(state.n_history)
        mask = np.asarray(state.legal_action_mask)
        scores = np.asarray(state.scores)
        to_act = np.asarray(state.current_player)
        over = np.asarray(state.terminated)
        obs = [np.asarray(env.observe(state, seat)) for seat in (0, 1)]
        assert n_hist.max() <= hist.shape[1], "a history was cut short"
        for i, st in enumerate(objs):
            if done_codes[i] == n_hist[i]:
                continue
            before = st.scores
            feed(st, [int(c) for c in hist[i, done_codes[i]:n_hist[i]]])
            done_codes[i] = n_hist[i]
            compared["points"] += sum(st.scores) - sum(before)
            assert tuple(st.scores) == tuple(scores[i]), (i, st.scores, scores[i])
            assert st.is_terminal() == bool(over[i]), i
            assert st.current_player == to_act[i], (i, st.current_player, to_act[i])
            legal = sorted(crib_action_id(a) for a in st.legal_actions())
            assert legal == np.flatnonzero(mask[i]).tolist(), (i, st.phase, legal)
            if st.is_terminal():
                assert st.result is not None and st.result.winner == \
                    int(np.asarray(state.winner)[i])
            compared["steps"] += 1
            if i < observe_games:
                for seat in (0, 1):
                    want = crib_observation(st.view(seat), env.rules)
                    np.testing.assert_array_equal(obs[seat][i], want, err_msg=f"game {i}")
                    compared["observations"] += 1

    sync()
    while not bool(np.asarray(state.terminated).all()):
        key, k1, k2 = jax.random.split(key, 3)
        actions = policy(state, k1)
        state = env.step(state, actions, jax.random.split(k2, games))
        sync()
    return compared


@pytest.mark.parametrize("variant", ["six-card", "five-card"])
@pytest.mark.parametrize("part", range(GAMES // CHUNK))
def test_batch_equals_object_engine(variant: str, part: int) -> None:
    policy = "random" if part % 2 == 0 else "greedy"
    seen = _lockstep(variant, policy, seed=1000 * part + len(variant), games=CHUNK,
                     observe_games=100)
    # every game was followed to its end: at least a lay-away and a card a deal, and
    # some hundred points scored in each (121 or 61 to the winner alone)
    target = 121 if variant == "six-card" else 61
    assert seen["points"] >= CHUNK * target
    assert seen["observations"] >= 2 * 100 * 10
