"""Écarté's batch engine for research (:mod:`hoyle.batch`: ``make("ecarte")``): the
batched functions of :mod:`hoyle.ecarte.batch` jitted over a batch, the batched random and
greedy players, and the bridge to the object engine (``EcarteBatch.to_record``,
``object_state``). Needs the extra ``hoyle[batch]`` (JAX)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from hoyle.ecarte.batch import (PHASE_ANSWER, PHASE_DISCARD, PHASE_PLAY, PHASE_PROPOSAL,
                                EcarteBatchState, EcarteConfig, _TRICK_RANK, init_one,
                                is_legal, observe_one, step_one)
from hoyle.ecarte.encoding import (ECARTE_ACCEPT, ECARTE_DISCARD_BASE, ECARTE_KING,
                                   ECARTE_NUM_ACTIONS, ECARTE_OBSERVATION_SIZE, ECARTE_PACK,
                                   ECARTE_PROPOSE, ECARTE_STAND, ecarte_card_id,
                                   ecarte_id_action)
from hoyle.ecarte.rules import EcarteRules
from hoyle.ecarte.state import EcarteState, Phase
from hoyle.engine.action import Action
from hoyle.engine.batch import CHANCE_BASE, BatchEnv
from hoyle.errors import HoyleError

__all__ = ["EcarteBatch", "random_policy", "feed"]

Policy = Callable[[EcarteBatchState, jax.Array], jax.Array]


class EcarteBatch(BatchEnv):
    """Écarté (two players, game to five) as batched pure functions (see :mod:`hoyle.batch`
    and :class:`hoyle.engine.batch.BatchEnv`).

    Args:
        history: codes kept per game for ``to_record`` (0: none kept).
        **rule_options: options of :class:`hoyle.ecarte.rules.EcarteRules` (``target``,
            ``must_head_trick``, ``trump_when_void``, ``max_exchanges``,
            ``dealer_min_exchange``, ``deal_pattern``, ``game_values``).

    Raises:
        ParameterError: an unknown option or value.
        HoyleError: ``turned_king_marking="manual"`` (not played by the batch).

    Attributes:
        num_players (2), num_actions (69), observation_size (228): as the environments'.
        greedy_policy: the batched greedy player (``policy(state, key) -> int32[B]``).
    """

    num_actions = ECARTE_NUM_ACTIONS
    observation_size = ECARTE_OBSERVATION_SIZE

    def __init__(self, history: int = 1024, variant: str = "standard",
                 **rule_options: Any) -> None:
        if variant != "standard":
            raise HoyleError(f"écarté has one variant, 'standard' (not {variant!r})")
        rules = EcarteRules.from_options(dict(rule_options))
        self.rules = rules
        self.config = cfg = EcarteConfig.from_rules(rules, history)
        self.history = history
        self.init_one = partial(init_one, cfg)
        self.step_one = partial(step_one, cfg)
        self.observe_one = partial(observe_one, cfg)
        self.is_legal_one = is_legal
        self._jit()
        self.greedy_policy: Policy = jax.jit(_greedy)

    def replay(self, codes: Sequence[int]) -> EcarteState:
        """An :class:`EcarteState` (no law code) after the history ``codes``."""
        st = EcarteState(self.rules, laws=None)
        feed(st, codes)
        return st

    def random_policy(self, state: EcarteBatchState, key: jax.Array) -> jax.Array:
        """:func:`random_policy`."""
        acts: jax.Array = random_policy(state, key)
        return acts

    def new_object(self, seed: int) -> EcarteState:
        return EcarteState(self.rules, seed=seed, laws=None)

    def object_player(self, name: str) -> Any:
        from hoyle.ecarte.players import make_player
        return make_player(name, self.rules)

    def id_action(self, st: Any, action_id: int) -> Action:
        return ecarte_id_action(action_id, st.hands[st.current_player])

    def from_object(self, st: Any) -> EcarteBatchState:
        """One game of the batch (no batch axis) standing where ``st`` (an
        :class:`EcarteState` with no law code) stands at a proposal, an answer, a lay-out
        or a card of the play; its history empty.

        Raises:
            HoyleError: ``st`` is at another phase (a chance node, the end).
        """
        phases = {Phase.PROPOSAL: PHASE_PROPOSAL, Phase.ANSWER: PHASE_ANSWER,
                  Phase.DISCARD: PHASE_DISCARD, Phase.PLAY: PHASE_PLAY}
        if st.phase not in phases:
            raise HoyleError(f"no batch state for an écarté game in phase {st.phase}")

        def mask(cards: Any) -> np.ndarray:
            m = np.zeros(32, bool)
            for c in cards:
                m[ecarte_card_id(c)] = True
            return m

        def two(f: Callable[[int], Any]) -> np.ndarray:
            return np.stack([mask(f(s)) for s in range(2)])

        i32 = np.int32
        lead = st.trick[0] if st.trick else None
        cfg = self.config
        return EcarteBatchState(
            current_player=i32(st.current_player), phase=i32(phases[st.phase]),
            dealer=i32(st.dealer), scores=np.array(st.scores, i32),
            hand=two(lambda s: st.hands[s]), discards=two(lambda s: st.discards[s]),
            stock=mask(st.stock()), turn_up=i32(ecarte_card_id(st.turn_up)),
            proposals=i32(st.proposals), exchanges=i32(st.exchanges), asked=i32(st.asked),
            taken=np.array(st.taken, i32), stood=np.bool_(st.stood),
            refused_first=np.bool_(1 in st.refused), refused_any=np.bool_(bool(st.refused)),
            trick_card=i32(ecarte_card_id(lead[1]) if lead else -1),
            trick_seat=i32(lead[0] if lead else -1),
            leader=i32(st.leader if st.leader is not None else 1 - st.dealer),
            tricks=np.array(st.tricks, i32),
            played=two(lambda s: [c for t, c in st.played if t == s]),
            announced=np.array(st.announced, bool), deal_number=i32(st.deal_number),
            terminated=np.bool_(False), winner=i32(-1), rewards=np.zeros(2, np.float32),
            illegal=np.bool_(False), history=np.zeros(cfg.history, np.int16),
            n_history=i32(0), steps=i32(0),
            rules=np.array([int(cfg.must_head_trick), int(cfg.trump_when_void == "must"),
                            cfg.max_exchanges, cfg.dealer_min_exchange], i32))


def feed(st: EcarteState, codes: Sequence[int]) -> None:
    """Apply the history ``codes`` to ``st``: a cut, a whole deal (ten cards), a turn-up,
    the cards of a draw together, or a decision each.

    Raises:
        IllegalAction: the object engine refuses a step.
    """
    i = 0
    while i < len(codes):
        phase = st.phase
        if phase == Phase.DEAL:
            cards = tuple(ECARTE_PACK[c - CHANCE_BASE] for c in codes[i:i + 10])
            st.apply(Action("DEAL", cards, n=st.pattern or st.rules.pattern_number))
            i += 10
            continue
        if phase == Phase.DRAW:
            k = st._draw_count()
            cards = tuple(ECARTE_PACK[c - CHANCE_BASE] for c in codes[i:i + k])
            st.apply(Action("DRAW", cards))
            i += k
            continue
        c = codes[i]
        if phase == Phase.CUT_FOR_DEAL:
            st.apply(Action("CUT", (ECARTE_PACK[c - CHANCE_BASE],)))
        elif phase == Phase.TURN_UP:
            st.apply(Action("TURN", (ECARTE_PACK[c - CHANCE_BASE],)))
        else:
            st.apply(ecarte_id_action(c, st.hands[st.current_player]))
        i += 1


@jax.jit
def random_policy(state: EcarteBatchState, key: jax.Array) -> jax.Array:
    """A uniformly random legal action for each game (int32[B]; 0 for a finished game)."""
    mask = state.legal_action_mask
    n = jnp.sum(mask, axis=-1)
    r = jnp.floor(jax.random.uniform(key, n.shape) * n).astype(jnp.int32)
    acts = jnp.argmax(jnp.cumsum(mask, axis=-1) > r[:, None], axis=-1).astype(jnp.int32)
    return jnp.where(state.terminated | (n == 0), 0, acts)


def _greedy_one(s: EcarteBatchState, mask: jax.Array, u: jax.Array) -> jax.Array:
    """A simple batched player: announce the king; propose holding fewer than two trumps,
    accept holding fewer than two, lay out every card that is neither a trump nor a king;
    in the play win the trick with the lowest card that wins it, else throw the lowest
    (by ECARTE-R-2's order, trumps counting above plain cards), and lead the highest."""
    seat = jnp.clip(s.current_player, 0, 1)
    mine = jnp.where(seat == 1, s.hand[1], s.hand[0])
    suit = jnp.arange(32) % 4
    trump = s.turn_up % 4
    trumps = jnp.sum(mine & (suit == trump))
    rank = jnp.asarray(_TRICK_RANK) + jnp.where(suit == trump, 8, 0)
    plays = mask[:32]
    lead = jnp.clip(s.trick_card, 0, 31)
    wins = jnp.where(suit == lead % 4, (suit == lead % 4) & (rank > rank[lead]),
                     (suit == trump) & (lead % 4 != trump))
    winners = plays & wins
    low_win = jnp.argmin(jnp.where(winners, rank, 99))
    low = jnp.argmin(jnp.where(plays, rank, 99))
    high = jnp.argmax(jnp.where(plays, rank, -1))
    card = jnp.where(s.trick_card < 0, high, jnp.where(jnp.any(winners), low_win, low))
    play = jnp.where(mask[ECARTE_KING], ECARTE_KING, card)
    # the lay-out: the cards that are neither trumps nor kings, in the hand's order
    order = jnp.cumsum(mine) - 1
    keep = (suit == trump) | (jnp.arange(32) // 4 == 7)
    bits = jnp.sum(jnp.where(mine & ~keep, 1 << jnp.clip(order, 0, 31), 0))
    lay = ECARTE_DISCARD_BASE + bits
    first_legal = jnp.argmax(mask)
    lay = jnp.where(mask[jnp.clip(lay, 0, ECARTE_NUM_ACTIONS - 1)], lay, first_legal)
    propose = jnp.where((trumps < 2) & mask[ECARTE_PROPOSE], ECARTE_PROPOSE, ECARTE_STAND)
    answer = jnp.where(trumps < 2, ECARTE_ACCEPT, ECARTE_ACCEPT + 1)
    act = jnp.select([s.phase == PHASE_PROPOSAL, s.phase == PHASE_ANSWER,
                      s.phase == PHASE_DISCARD, s.phase == PHASE_PLAY],
                     [propose, answer, lay, play], 0)
    del u
    return jnp.where(s.terminated, 0, act).astype(jnp.int32)


def _greedy(state: EcarteBatchState, key: jax.Array) -> jax.Array:
    mask = state.legal_action_mask
    u = jax.random.uniform(key, (mask.shape[0],))
    return jax.vmap(_greedy_one)(state, mask, u)

