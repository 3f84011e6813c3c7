"""Cribbage's batch engine for research (:mod:`hoyle.batch`: ``make("cribbage")``): the
batched functions of :mod:`hoyle.cribbage.batch` jitted over a batch, the batched players,
and the bridge to the object engine (``CribbageBatch.to_record``, ``object_state``,
:func:`from_object`, :func:`evaluate`). Needs the extra ``hoyle[batch]`` (JAX)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from hoyle.cribbage.batch import (CHANCE_BASE, PHASE_DISCARD, PHASE_GAME_OVER, PHASE_PLAY,
                                  TERMINAL, CribbageBatchState, CribbageConfig, _cards,
                                  _PIP, _RANK, _SUIT, _rank_index, is_legal,
                                  init_one, rank_table, observe_one, play_points,
                                  show_points, step_one)
from hoyle.cards import CARDS
from hoyle.cribbage.encoding import (CRIB_GO, CRIB_NUM_ACTIONS, CRIB_PAIR_BASE, crib_action_id,
                                     crib_id_action, crib_observation_size)
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState, Phase
from hoyle.engine.action import Action
from hoyle.engine.batch import BatchEnv
from hoyle.errors import HoyleError, IllegalAction

__all__ = ["CribbageBatch", "random_policy", "greedy_policy", "from_object", "Policy",
           "replay_codes", "feed"]

Policy = Callable[[CribbageBatchState, jax.Array], jax.Array]
"""A batched policy: ``policy(state, key) -> int32[B]`` action ids (any jittable function;
an agent that reads observations calls ``env.observe(state, state.current_player)``)."""


class CribbageBatch(BatchEnv):
    """Two-hand cribbage as batched pure functions (see :mod:`hoyle.batch` and
    :class:`hoyle.engine.batch.BatchEnv`: ``init``, ``step``, ``step_unchecked``,
    ``observe``, ``legal_action_mask``, ``reset_done``, ``to_record``, ``object_state``).

    Args:
        variant: ``"six-card"`` (to 121) or ``"five-card"`` (to 61).
        history: codes kept per game for ``to_record`` (0: none kept, a little faster).
        **rule_options: options of :class:`hoyle.cribbage.rules.CribbageRules`
            (``target=61``, ``crib_flush_rule="lenient"``).

    Raises:
        HoyleError: an unknown variant or option, or rules the batch does not play
            (three- and four-hand).

    Attributes:
        num_players (2), num_actions (1431), observation_size (474): as the environments'.
        init_one, step_one, observe_one: one game's functions, to vmap yourself.
        greedy_policy: the batched greedy player (``policy(state, key) -> int32[B]``).
    """

    num_actions = CRIB_NUM_ACTIONS
    observation_size = crib_observation_size(2)

    def __init__(self, variant: str = "six-card", history: int = 1024,
                 **rule_options: Any) -> None:
        rules = CribbageRules.for_variant(variant, **rule_options)
        self.config = cfg = CribbageConfig.from_rules(rules, history)
        self.rules = rules
        self.history = history
        self.init_one = partial(init_one, cfg)
        self.step_one = partial(step_one, cfg)
        self.observe_one = partial(observe_one, cfg)
        self.is_legal_one = is_legal
        self._jit()
        self.greedy_one = partial(_greedy_one, cfg)
        self.greedy_policy: Policy = jax.jit(_batched_policy(self.greedy_one))

    def replay(self, codes: Sequence[int]) -> CribbageState:
        """A :class:`CribbageState` (no law code) after the history ``codes``."""
        return replay_codes(self.rules, codes)

    def random_policy(self, state: CribbageBatchState, key: jax.Array) -> jax.Array:
        """:func:`random_policy`: a uniformly random legal action a game (int32[B])."""
        acts: jax.Array = random_policy(state, key)
        return acts

    def new_object(self, seed: int) -> CribbageState:
        return CribbageState(self.rules, seed=seed, laws=None, itemize=False)

    def object_player(self, name: str) -> Any:
        from hoyle.cribbage.players import make_player
        return make_player(name)

    def from_object(self, st: Any) -> CribbageBatchState:
        return from_object(self, st)

    def id_action(self, st: Any, action_id: int) -> Action:
        return crib_id_action(action_id)


# -- policies ---------------------------------------------------------------------------

def _pick(key: jax.Array, choice: jax.Array) -> jax.Array:
    """A uniformly random index among the ``True`` entries of ``choice`` (bool[..., n])."""
    return jax.random.categorical(key, jnp.where(choice, 0.0, -jnp.inf)).astype(jnp.int32)



def _nth(mask: jax.Array, u: jax.Array) -> tuple[jax.Array, jax.Array]:
    """The card of a uniformly drawn rank ``u`` (in [0, 1)) among those of ``mask``
    (bool[52]), and how many there are."""
    n = jnp.sum(mask)
    r = jnp.floor(u * n).astype(jnp.int32)
    return jnp.argmax(jnp.cumsum(mask) > r).astype(jnp.int32), n


def _random_one(s: CribbageBatchState, u: jax.Array) -> jax.Array:
    mine = jnp.where(s.current_player == 1, s.hand[1], s.hand[0])
    fits = mine & (jnp.asarray(_PIP) <= 31 - s.count)
    card, n = _nth(fits, u[0])
    play = jnp.where(n > 0, card, CRIB_GO)
    # the lay-away: two distinct cards held, each pair equally likely
    i, _ = _nth(mine, u[0])
    j, _ = _nth(mine & (jnp.arange(52) != i), u[1])
    lo, hi = jnp.minimum(i, j), jnp.maximum(i, j)
    lay = CRIB_PAIR_BASE + lo * 51 - lo * (lo - 1) // 2 + hi - lo - 1
    act = jnp.where(s.phase == PHASE_DISCARD, lay, play)
    return jnp.where(s.terminated, 0, act).astype(jnp.int32)


@jax.jit
def random_policy(state: CribbageBatchState, key: jax.Array) -> jax.Array:
    """A uniformly random legal action for each game (int32[B]; 0 for a finished game):
    a card among those that fit (go when none does), or two distinct cards of the hand
    to lay away (every pair equally likely), from two uniform draws a game."""
    u = jax.random.uniform(key, (np.shape(state.terminated)[0], 2))
    return jax.vmap(_random_one)(state, u)


def _batched_policy(one: Callable[[CribbageBatchState, jax.Array], jax.Array]) -> Policy:
    def policy(state: CribbageBatchState, key: jax.Array) -> jax.Array:
        keys = jax.random.split(key, np.shape(state.terminated)[0])
        return jax.vmap(one)(state, keys)
    return policy


def _greedy_one(cfg: CribbageConfig, s: CribbageBatchState, key: jax.Array) -> jax.Array:
    """The greedy player's choice (:class:`hoyle.cribbage.players.greedy.GreedyPlayer`):
    the keep with the most show points over every starter it may meet (the crib ignored);
    in the play the most points now, then a count other than 5 or 21, then the highest
    card; ties at random from ``key``."""
    seat = jnp.clip(s.current_player, 0, 1)
    k = cfg.cards_dealt
    h = cfg.hand_size
    held = _cards(s.hand[seat], k)
    combos = list(itertools.combinations(range(k), 2))
    keep_pos = np.array([[p for p in range(k) if p not in c] for c in combos])
    kept = held[keep_pos]  # (C, h) card ids
    rank = jnp.asarray(_RANK)
    suit = jnp.asarray(_SUIT)
    # the starters it may meet: the 52 less the cards dealt to it, by rank and by suit
    dealt = s.hand[seat]
    left_rank = 4 - jnp.zeros(14, jnp.int32).at[rank[held]].add(1)  # index 1-13
    left_suit = 13 - jnp.zeros(4, jnp.int32).at[suit[held]].add(1)
    table = jnp.asarray(rank_table(h + 1))
    starter_ranks = jnp.arange(1, 14)
    kept_rank = rank[kept]
    idx = jax.vmap(lambda r: jax.vmap(lambda t: _rank_index(
        jnp.concatenate([r, t[None]])))(starter_ranks))(kept_rank)  # (C, 13)
    ev = jnp.sum(table[idx].astype(jnp.int32) * left_rank[None, 1:], axis=1)
    kept_suit = suit[kept]
    one_suit = jnp.all(kept_suit == kept_suit[:, :1], axis=1)
    left = 52 - k
    ev = ev + jnp.where(one_suit, h * left + left_suit[kept_suit[:, 0]], 0)
    # his nobs: a kept jack, with a starter of its suit (not the jack itself)
    nobs = (kept_rank == 11) * left_suit[kept_suit]
    ev = ev + jnp.sum(nobs, axis=1)
    del dealt
    k1, k2 = jax.random.split(key)
    c = _pick(k1, ev == jnp.max(ev))
    lay = held[jnp.asarray(np.array(combos))[c]]
    i, j = lay[0], lay[1]
    discard = CRIB_PAIR_BASE + i * 51 - i * (i - 1) // 2 + j - i - 1
    pip = jnp.asarray(_PIP)
    cards = jnp.arange(52)
    pts = jax.vmap(lambda c: play_points(s.count_cards.at[jnp.clip(s.n_count, 0, 7)].set(c),
                                         s.n_count + 1, s.count + pip[c]))(cards)
    after = s.count + pip
    value = pts * 1000 + jnp.where((after == 5) | (after == 21), 0, 100) + pip
    mine = jnp.where(s.current_player == 1, s.hand[1], s.hand[0])
    plays = mine & (pip <= 31 - s.count) & (s.phase == PHASE_PLAY)
    best = jnp.max(jnp.where(plays, value, -1))
    card = _pick(k2, plays & (value == best))
    play = jnp.where(jnp.any(plays), card, CRIB_GO)
    act = jnp.where(s.phase == PHASE_DISCARD, discard, play)
    return jnp.where(s.terminated, 0, act).astype(jnp.int32)


def greedy_policy(env: CribbageBatch) -> Policy:
    """The batched greedy policy of ``env`` (``policy(state, key) -> int32[B]``)."""
    return env.greedy_policy


# -- the bridge to the object engine ----------------------------------------------------

def replay_codes(rules: CribbageRules, codes: Sequence[int]) -> CribbageState:
    """A :class:`CribbageState` (no law code) after the history ``codes``."""
    st = CribbageState(rules, laws=None)
    feed(st, codes)
    return st


def feed(st: CribbageState, codes: Sequence[int]) -> None:
    """Apply the history ``codes`` to ``st`` (a cut, a whole deal, a starter or a
    decision each; a deal's cards must come together).

    Raises:
        IllegalAction: the object engine refuses a step.
    """
    deal = 2 * st.rules.cards_dealt
    i = 0
    while i < len(codes):
        phase = st.phase
        if phase == Phase.DEAL:
            cards = tuple(CARDS[c - CHANCE_BASE] for c in codes[i:i + deal])
            st.apply(Action("DEAL", cards))
            i += deal
            continue
        c = codes[i]
        if phase == Phase.CUT_FOR_DEAL:
            st.apply(Action("CUT", (CARDS[c - CHANCE_BASE],)))
        elif phase == Phase.STARTER:
            st.apply(Action("STARTER", (CARDS[c - CHANCE_BASE],)))
        else:
            st.apply(crib_id_action(c))
        i += 1


def from_object(env: CribbageBatch, st: CribbageState) -> CribbageBatchState:
    """One game of the batch engine (no batch axis) standing where ``st`` stands at a
    decision (a lay-away or the play), so that a batched policy can choose for it. Its
    history is empty.

    Raises:
        HoyleError: ``st`` is not at a lay-away or a card of the play of two-hand
            cribbage.
    """
    if st.rules.players != 2 or st.phase not in (Phase.DISCARD, Phase.PLAY):
        raise HoyleError(f"no batch state for a game in phase {st.phase}")

    def mask(cards: Any) -> np.ndarray:
        m = np.zeros(52, bool)
        for c in cards:
            m[c.index] = True
        return m

    def two(f: Callable[[int], Any]) -> np.ndarray:
        return np.stack([mask(f(s)) for s in range(2)])

    cc = np.full(8, -1, np.int32)
    cc[:len(st.count_cards)] = [c.index for c in st.count_cards]
    phase = PHASE_DISCARD if st.phase == Phase.DISCARD else PHASE_PLAY
    seat = st.current_player
    hand = two(lambda s: st.hands[s])
    i32 = np.int32
    return CribbageBatchState(
        current_player=i32(seat), phase=i32(phase), dealer=i32(st.dealer or 0),
        scores=np.array(st.scores, i32), hand=hand, kept=two(lambda s: st.kept[s]),
        discards=two(lambda s: st.discards[s]), crib=mask(st.crib),
        starter=i32(st.starter.index if st.starter is not None else -1),
        count=i32(st.count), count_cards=cc, n_count=i32(len(st.count_cards)),
        played=two(lambda s: [c for t, c in st.played if t == s]),
        passed=np.array(st.passed, bool),
        last_player=i32(st.last_player if st.last_player is not None else -1),
        deal_number=i32(st.deal_number), terminated=np.bool_(False), winner=i32(-1),
        rewards=np.zeros(2, np.float32), illegal=np.bool_(False),
        history=np.zeros(env.config.history, np.int16), n_history=i32(0), steps=i32(0))
