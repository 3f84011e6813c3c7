"""The batch engine's interface: bad input refused with nothing lost, seeds, the bridge to
records, observations that hold nothing hidden, the batched players."""

from __future__ import annotations

import random

import jax
import jax.numpy as jnp
import numpy as np
import pytest

from hoyle.batch import make
from hoyle.cribbage.batchenv import from_object, random_policy
from hoyle.cribbage.batch import PHASE_DISCARD, PHASE_PLAY, TERMINAL
from hoyle.cribbage.encoding import crib_action_id
from hoyle.cribbage.players.greedy import keep_values
from hoyle.cribbage.records import replay_record
from hoyle.cribbage.scoring import pip_value, play_points
from hoyle.cribbage.state import CribbageState, Phase
from hoyle.engine.records import GameRecord
from hoyle.errors import HoyleError, IllegalAction

B = 16


@pytest.fixture(scope="module")
def env():  # type: ignore[no-untyped-def]
    return make("cribbage")


def _play(env, state, seed: int, steps: int):  # type: ignore[no-untyped-def]
    key = jax.random.PRNGKey(seed)
    for _ in range(steps):
        key, k1, k2 = jax.random.split(key, 3)
        state = env.step(state, random_policy(state, k1), jax.random.split(k2, B))
    return state


def _same(a, b) -> bool:  # type: ignore[no-untyped-def]
    return all(np.array_equal(np.asarray(x), np.asarray(y))
               for x, y in zip(jax.tree_util.tree_leaves(a), jax.tree_util.tree_leaves(b)))


def test_an_illegal_action_is_refused_and_nothing_changes(env) -> None:  # type: ignore[no-untyped-def]
    state = env.init(jax.random.split(jax.random.PRNGKey(0), B))
    before = jax.tree_util.tree_map(np.asarray, state)
    actions = np.asarray(random_policy(state, jax.random.PRNGKey(1))).copy()
    actions[3] = 0  # playing a card during the lay-away
    with pytest.raises(IllegalAction, match="action 0 is not legal in game 3"):
        env.step(state, actions, jax.random.split(jax.random.PRNGKey(2), B))
    with pytest.raises(IllegalAction, match=r"\(3,\) actions for a batch of \(16,\) games"):
        env.step(state, actions[:3], jax.random.split(jax.random.PRNGKey(2), B))
    actions[3] = 5000
    with pytest.raises(IllegalAction, match="action 5000"):
        env.step(state, actions, jax.random.split(jax.random.PRNGKey(2), B))
    assert _same(state, before)


def test_unchecked_illegal_action_ends_that_game_its_seat_losing(env) -> None:  # type: ignore[no-untyped-def]
    state = env.init(jax.random.split(jax.random.PRNGKey(0), B))
    actions = np.asarray(random_policy(state, jax.random.PRNGKey(1))).copy()
    actions[5] = 52  # GO during the lay-away
    seat = int(np.asarray(state.current_player)[5])
    after = env.step_unchecked(state, jnp.asarray(actions), jax.random.split(
        jax.random.PRNGKey(2), B))
    assert bool(after.illegal[5]) and bool(after.terminated[5])
    assert after.rewards[5, seat] == -1.0 and after.rewards[5, 1 - seat] == 1.0
    assert int(after.current_player[5]) == TERMINAL
    assert not bool(after.illegal[4]) and not bool(after.terminated[4])
    # a finished game stays as it is, with no reward
    again = env.step_unchecked(after, jnp.zeros(B, jnp.int32), jax.random.split(
        jax.random.PRNGKey(3), B))
    assert np.asarray(again.rewards[5]).tolist() == [0.0, 0.0]
    assert np.array_equal(np.asarray(again.scores[5]), np.asarray(after.scores[5]))


def test_the_same_keys_replay_the_same_games(env) -> None:  # type: ignore[no-untyped-def]
    a = _play(env, env.init(jax.random.split(jax.random.PRNGKey(7), B)), 8, 30)
    b = _play(env, env.init(jax.random.split(jax.random.PRNGKey(7), B)), 8, 30)
    c = _play(env, env.init(jax.random.split(jax.random.PRNGKey(9), B)), 8, 30)
    assert _same(a, b)
    assert not np.array_equal(np.asarray(a.hand), np.asarray(c.hand))


def test_a_batched_game_becomes_a_record_that_replays(env) -> None:  # type: ignore[no-untyped-def]
    state = env.init(jax.random.split(jax.random.PRNGKey(11), B))
    key = jax.random.PRNGKey(12)
    while not bool(state.terminated.all()):
        key, k1, k2 = jax.random.split(key, 3)
        state = env.step(state, random_policy(state, k1), jax.random.split(k2, B))
    record = env.to_record(state, 2, seats=["agent", "random"])
    text = record.to_json()
    again = GameRecord.from_json(text)
    replayed, events = replay_record(again)  # checks the stored result against the replay
    assert replayed.is_terminal()
    assert list(replayed.scores) == np.asarray(state.scores[2]).tolist()
    assert record.result is not None and record.result["winner"] == int(state.winner[2])
    assert record.seats == ["agent", "random"]


def test_a_history_cut_short_or_not_kept_is_said(env) -> None:  # type: ignore[no-untyped-def]
    short = make("cribbage", history=20)
    state = _play(short, short.init(jax.random.split(jax.random.PRNGKey(1), B)), 2, 12)
    with pytest.raises(HoyleError, match="more than the 20 kept"):
        short.to_record(state, 0)
    none = make("cribbage", history=0)
    state = none.init(jax.random.split(jax.random.PRNGKey(1), B))
    with pytest.raises(HoyleError, match="keeps no history"):
        none.object_state(state, 0)


def test_games_and_rules_the_batch_does_not_play_are_refused() -> None:
    with pytest.raises(HoyleError, match="unknown game"):
        make("piquet")
    with pytest.raises(HoyleError, match="scores a turned king at once"):
        make("ecarte", turned_king_marking="manual")
    with pytest.raises(HoyleError, match="one variant"):
        make("ecarte", variant="five-card")
    with pytest.raises(HoyleError, match="two-hand cribbage"):
        make("cribbage", variant="three-hand")
    with pytest.raises(HoyleError, match="unknown cribbage variant"):
        make("cribbage", variant="nine-card")


def test_an_observation_reads_nothing_hidden_from_its_seat(env) -> None:  # type: ignore[no-untyped-def]
    """The other seat's hand, kept hand and lay-away, the crib and the stock changed at
    random: every observation of ``seat`` stays the same (twin states)."""
    state = _play(env, env.init(jax.random.split(jax.random.PRNGKey(3), B)), 4, 9)
    rng = np.random.default_rng(5)
    for seat in (0, 1):
        other = 1 - seat
        hand = np.asarray(state.hand).copy()
        kept = np.asarray(state.kept).copy()
        discards = np.asarray(state.discards).copy()
        for x in (kept, discards):
            x[:, other] = rng.random((B, 52)) < 0.1
        crib = rng.random((B, 52)) < 0.1
        # the other hand: as many cards (its size is public), different ones
        for i in range(B):
            k = int(hand[i, other].sum())
            hand[i, other] = False
            hand[i, other, rng.choice(52, k, replace=False)] = True
        twin = state._replace(hand=jnp.asarray(hand), kept=jnp.asarray(kept),
                              discards=jnp.asarray(discards), crib=jnp.asarray(crib))
        np.testing.assert_array_equal(np.asarray(env.observe(state, seat)),
                                      np.asarray(env.observe(twin, seat)))


def test_greedy_policy_chooses_as_the_greedy_player(env) -> None:  # type: ignore[no-untyped-def]
    """At 300 positions of seeded games, the batched greedy choice is one of the greedy
    player's best (its rule: the keep of the highest show value over every starter; the
    most points now, then not 5 or 21, then the highest card)."""
    rng = random.Random(4)
    positions = []
    while len(positions) < 300:
        st = CribbageState(env.rules, seed=rng.randrange(10 ** 6), laws=None, itemize=False)
        while not st.is_terminal() and len(positions) < 300:
            if st.current_player < 0:
                st.apply(st.sample_chance(rng))
                continue
            if rng.random() < 0.3:
                positions.append(st.clone())
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
    batch = jax.tree_util.tree_map(lambda *xs: jnp.asarray(np.stack(xs)),
                                   *[from_object(env, p) for p in positions])
    chosen = np.asarray(env.greedy_policy(batch, jax.random.PRNGKey(0)))
    for st, a in zip(positions, chosen):
        view = st.view(st.current_player)
        if st.phase == Phase.DISCARD:
            values = keep_values(view.hand, 4)
            best = values[0][1]
            ok = {crib_action_id(type(st.legal_actions()[0])(
                "DISCARD", tuple(sorted((c for c in view.hand if c not in k),
                                        key=lambda c: c.index))))
                  for k, v in values if v >= best - 1e-9}
        else:
            plays = [x for x in st.legal_actions() if x.verb == "PLAY"]
            if not plays:
                assert a == 52
                continue

            def key(x):  # type: ignore[no-untyped-def]
                card = x.cards[0]
                count = view.count + pip_value(card)
                return (play_points([*view.count_cards, card]),
                        0 if count in (5, 21) else 1, pip_value(card))
            top = max(key(x) for x in plays)
            ok = {crib_action_id(x) for x in plays if key(x) == top}
        assert int(a) in ok, (st.phase, view.hand, int(a), ok)
    phases = {p.phase for p in positions}
    assert phases == {Phase.DISCARD, Phase.PLAY}


def test_evaluate_plays_a_batched_policy_in_the_object_engine(env) -> None:  # type: ignore[no-untyped-def]
    result = env.evaluate(env.greedy_policy, "random", games=40, seed=3, batch=16)
    assert result["games"] == 40
    # greedy beats random nearly always (it wins about nine games in ten)
    assert result["win_rate"] > 0.7
    assert result["points_for"] > result["points_against"]


def test_from_object_stands_where_the_object_engine_stands(env) -> None:  # type: ignore[no-untyped-def]
    st = CribbageState(env.rules, seed=5, laws=None)
    rng = random.Random(5)
    while st.phase != Phase.PLAY or len(st.played) < 3:
        if st.current_player < 0:
            st.apply(st.sample_chance(rng))
        else:
            st.apply(st.legal_actions()[0])
    one = from_object(env, st)
    assert int(one.phase) == PHASE_PLAY and int(one.count) == st.count
    assert np.flatnonzero(one.legal_action_mask).tolist() == sorted(
        crib_action_id(a) for a in st.legal_actions())
    assert PHASE_DISCARD != PHASE_PLAY


# -- écarté ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def ecarte():  # type: ignore[no-untyped-def]
    return make("ecarte")


def test_ecarte_illegal_action_refused_and_a_game_becomes_a_record(ecarte) -> None:  # type: ignore[no-untyped-def]
    from hoyle.ecarte.records import replay_record as ecarte_replay
    state = ecarte.init(jax.random.split(jax.random.PRNGKey(0), B))
    with pytest.raises(IllegalAction, match="action 34 is not legal in game 0"):
        ecarte.step(state, np.full(B, 34), jax.random.split(jax.random.PRNGKey(1), B))
    key = jax.random.PRNGKey(2)
    while not bool(state.terminated.all()):
        key, k1, k2 = jax.random.split(key, 3)
        state = ecarte.step(state, ecarte.random_policy(state, k1), jax.random.split(k2, B))
    record = GameRecord.from_json(ecarte.to_record(state, 1).to_json())
    replayed, _ = ecarte_replay(record)
    assert replayed.is_terminal() and list(replayed.scores) == np.asarray(
        state.scores[1]).tolist()
    assert max(replayed.scores) >= 5


def test_ecarte_observation_reads_nothing_hidden(ecarte) -> None:  # type: ignore[no-untyped-def]
    state = ecarte.init(jax.random.split(jax.random.PRNGKey(4), B))
    key = jax.random.PRNGKey(5)
    for _ in range(3):
        key, k1, k2 = jax.random.split(key, 3)
        state = ecarte.step(state, ecarte.random_policy(state, k1), jax.random.split(k2, B))
    rng = np.random.default_rng(6)
    for seat in (0, 1):
        other = 1 - seat
        hand = np.asarray(state.hand).copy()
        discards = np.asarray(state.discards).copy()
        for i in range(B):
            k = int(hand[i, other].sum())
            hand[i, other] = False
            hand[i, other, rng.choice(32, k, replace=False)] = True
        discards[:, other] = rng.random((B, 32)) < 0.1
        stock = np.asarray(state.stock).copy()
        for i in range(B):
            k = int(stock[i].sum())
            stock[i] = False
            stock[i, rng.choice(32, k, replace=False)] = True
        twin = state._replace(hand=jnp.asarray(hand), discards=jnp.asarray(discards),
                              stock=jnp.asarray(stock))
        np.testing.assert_array_equal(np.asarray(ecarte.observe(state, seat)),
                                      np.asarray(ecarte.observe(twin, seat)))


def test_ecarte_greedy_beats_random_in_the_batch(ecarte) -> None:  # type: ignore[no-untyped-def]
    """512 games, the greedy policy at seat 0 against the random one at seat 1."""
    n = 512
    state = ecarte.init(jax.random.split(jax.random.PRNGKey(7), n))
    key = jax.random.PRNGKey(8)
    while not bool(state.terminated.all()):
        key, k1, k2, k3 = jax.random.split(key, 4)
        acts = jnp.where(state.current_player == 0, ecarte.greedy_policy(state, k1),
                         ecarte.random_policy(state, k2))
        state = ecarte.step(state, acts, jax.random.split(k3, n))
    wins = float(np.mean(np.asarray(state.winner) == 0))
    assert wins > 0.6, wins


def test_every_game_with_a_batch_engine_is_made_through_the_registry() -> None:
    from hoyle.batch import batch_games
    assert batch_games() == ("cribbage", "ecarte")
    for name in batch_games():
        env = make(name, history=0)
        state = env.init(jax.random.split(jax.random.PRNGKey(0), 2))
        assert env.observe(state, 0).shape == (2, env.observation_size)
        assert state.legal_action_mask.shape == (2, env.num_actions)


@pytest.mark.parametrize("game", ["cribbage", "ecarte"])
def test_from_object_gives_the_policy_the_position_the_engine_has(game: str) -> None:
    """At 200 positions of seeded object-engine games (every kind of decision), the batch
    state made by ``from_object`` has the engine's legal actions and observations."""
    from hoyle.cribbage.encoding import crib_observation
    from hoyle.ecarte.encoding import ecarte_action_id, ecarte_observation
    env = make(game)
    rng = random.Random(9)
    positions = []
    while len(positions) < 200:
        st = env.new_object(rng.randrange(10 ** 6))
        while not st.is_terminal() and len(positions) < 200:
            if st.current_player < 0:
                st.apply(st.sample_chance(rng))
                continue
            if rng.random() < 0.25:
                positions.append(st.clone())
            legal = st.legal_actions()
            st.apply(legal[rng.randrange(len(legal))])
    batch = jax.tree_util.tree_map(lambda *xs: jnp.asarray(np.stack(xs)),
                                   *[env.from_object(p) for p in positions])
    masks = np.asarray(batch.legal_action_mask)
    obs = [np.asarray(env.observe(batch, seat)) for seat in (0, 1)]
    for i, st in enumerate(positions):
        if game == "cribbage":
            want = sorted(crib_action_id(a) for a in st.legal_actions())
        else:
            want = sorted(ecarte_action_id(a, st.hands[st.current_player])
                          for a in st.legal_actions())
        assert np.flatnonzero(masks[i]).tolist() == want, (i, st.phase)
        for seat in (0, 1):
            view = st.view(seat)
            expected = crib_observation(view, env.rules) if game == "cribbage" \
                else ecarte_observation(view)
            np.testing.assert_array_equal(obs[seat][i], expected, err_msg=f"{i} {st.phase}")


def test_ecarte_evaluate_plays_against_the_engine_players(ecarte) -> None:  # type: ignore[no-untyped-def]
    result = ecarte.evaluate(ecarte.greedy_policy, "random", games=40, seed=2, batch=16)
    assert result["games"] == 40 and result["win_rate"] > 0.6


def test_bad_keys_seats_games_and_sizes_get_a_clear_error(env) -> None:  # type: ignore[no-untyped-def]
    from hoyle.errors import ParameterError
    with pytest.raises(ParameterError, match=r"keys must be a key a game, as jax.random.split"):
        env.init(jax.random.PRNGKey(0))
    state = env.init(jax.random.split(jax.random.PRNGKey(0), 4))
    acts = np.asarray(random_policy(state, jax.random.PRNGKey(1)))
    with pytest.raises(ParameterError, match="keys must be 4 keys"):
        env.step(state, acts, jax.random.split(jax.random.PRNGKey(2), 3))
    with pytest.raises(IllegalAction, match="actions must be whole numbers"):
        env.step(state, acts.astype(np.float32) + 0.7, jax.random.split(jax.random.PRNGKey(2), 4))
    with pytest.raises(IllegalAction, match="call env.step_unchecked"):
        jax.jit(env.step)(state, acts, jax.random.split(jax.random.PRNGKey(2), 4))
    for seat in (2, -1, -2, [0, 1, 2, 0]):
        with pytest.raises(ParameterError, match="seat must be 0 or 1"):
            env.observe(state, seat)
    assert env.observe(state, [0, 1, 1, 0]).shape == (4, 474)
    for i in (4, -1, 1.5, True):
        with pytest.raises(ParameterError, match="the game must be a number from 0 to 3"):
            env.to_record(state, i)
    for history in (1.5, "a", None, True):
        with pytest.raises(ParameterError, match="history must be a whole number"):
            make("cribbage", history=history)
    for batch in (0, -3):
        with pytest.raises(ParameterError, match="batch must be a whole number, 1 or more"):
            env.evaluate(env.random_policy, "random", games=2, batch=batch)


def test_evaluate_names_a_policy_that_chooses_wrong(env) -> None:  # type: ignore[no-untyped-def]
    def lays_no_card(state, key):  # type: ignore[no-untyped-def]
        return jnp.zeros(np.shape(state.terminated), jnp.int32)  # PLAY AC at the lay-away
    with pytest.raises(IllegalAction, match="the policy chose action 0 in game 0"):
        env.evaluate(lays_no_card, "random", games=2, batch=2)

    def one_action(state, key):  # type: ignore[no-untyped-def]
        return jnp.zeros(1, jnp.int32)
    with pytest.raises(IllegalAction, match=r"the policy gave \(1,\) int32 for a batch of 2"):
        env.evaluate(one_action, "random", games=2, batch=2)
