"""What every game's batch engine shares (``hoyle.batch``; the extra ``hoyle[batch]``: JAX):
the guarded locals a step is written with, the draw of cards without replacement, the
history of each game, and :class:`BatchEnv`, the jitted batch around a game's one-game
functions (``init_one``, ``step_one``, ``observe_one``, ``is_legal``).

Imported only by the games' batch engines (``hoyle.cribbage.batch``,
``hoyle.ecarte.batch``): ``import hoyle`` never needs JAX.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from hoyle.engine.records import GameRecord
from hoyle.engine.state import BaseState
from hoyle.errors import HoyleError, IllegalAction, ParameterError

__all__ = ["CHANCE_BASE", "TERMINAL", "Guarded", "draw", "one_hot", "mask_of", "nth",
           "cut_for_deal", "one_or_batch", "BatchEnv"]

CHANCE_BASE = 1500
"""History codes: a player's action id (below 1500), or ``CHANCE_BASE + card id`` for a
card drawn by chance (a cut, a dealt card in the deal's order, a starter or turn-up, a card
drawn from the stock)."""
TERMINAL = -2
"""``current_player`` of a finished game (the object engine's ``TERMINAL``)."""


def one_hot(i: jax.Array, n: int) -> jax.Array:
    """bool[n]: ``True`` at ``i`` (by comparison: XLA's scatters are slow on the CPU)."""
    return jnp.arange(n) == i


def mask_of(cards: jax.Array, n: int) -> jax.Array:
    """bool[n]: the ids ``cards`` (int[k]) marked."""
    return jnp.any(cards[:, None] == jnp.arange(n)[None, :], axis=0)


def one_or_batch(one: Callable[[Any], jax.Array]) -> Callable[[Any], jax.Array]:
    """``one`` (a function of one game's state) for one game's state or a batch's (its
    ``phase`` with a leading axis of B games), compiled (``jax.jit``: once a shape): what a
    state's ``legal_action_mask`` calls, so that asking for it outside a jitted function
    runs one compiled program, not JAX's operations one by one."""
    single, batched = jax.jit(one), jax.jit(jax.vmap(one))

    def call(state: Any) -> jax.Array:
        out: jax.Array = single(state) if jnp.ndim(state.phase) == 0 else batched(state)
        return out

    return call


def draw(u: jax.Array, pack: int, m: int) -> jax.Array:
    """``m`` cards of a pack of ``pack`` without replacement, in random order: the first
    ``m`` steps of a Fisher-Yates shuffle driven by ``u`` (float[m], uniform in [0, 1)), as
    int32[m] card ids."""
    deck = jnp.arange(pack)
    ids = jnp.arange(pack)
    for t in range(m):
        j = t + jnp.minimum(jnp.floor(u[t] * (pack - t)).astype(jnp.int32), pack - 1 - t)
        a, b = deck[t], deck[j]
        deck = jnp.where(ids == t, b, jnp.where(ids == j, a, deck))
    return deck[:m].astype(jnp.int32)


def nth(mask: jax.Array, u: jax.Array) -> tuple[jax.Array, jax.Array]:
    """The id of a uniformly drawn one (``u`` in [0, 1)) of the ids marked in ``mask``,
    and how many are marked."""
    n = jnp.sum(mask)
    r = jnp.floor(u * n).astype(jnp.int32)
    return jnp.argmax(jnp.cumsum(mask) > r).astype(jnp.int32), n


_CUT_ROUNDS = 4


def cut_for_deal(key: jax.Array, history: jax.Array, rank: np.ndarray
                 ) -> tuple[jax.Array, jax.Array, jax.Array, jax.Array]:
    """The cut for deal: seat 0 cuts a card, seat 1 one of the rest; equal ranks (by
    ``rank``, int[pack]) cut again with the whole pack (CRIB-R-2, ECARTE-R-3). Four rounds
    are drawn at once, more only when all four tie. Each round's two cards are kept in
    ``history`` (int16[H]).

    Returns:
        ``(history, codes made, seat 0's card, seat 1's card)`` of the round that told.
    """
    pack = len(rank)
    ranks = jnp.asarray(rank)
    rounds_at_once = _CUT_ROUNDS

    def cut(c: tuple[Any, ...]) -> tuple[Any, ...]:
        key, hist, n, _, _, _ = c
        key, k0, k1 = jax.random.split(key, 3)
        c0 = jax.random.randint(k0, (rounds_at_once,), 0, pack)
        c1 = jax.random.randint(k1, (rounds_at_once,), 0, pack - 1)
        c1 = c1 + (c1 >= c0)
        untied = ranks[c0] != ranks[c1]
        rounds = jnp.where(jnp.any(untied), jnp.argmax(untied) + 1, rounds_at_once)
        codes = CHANCE_BASE + jnp.stack([c0, c1], axis=1).reshape(-1)
        used = jnp.arange(2 * rounds_at_once) < 2 * rounds
        if hist.shape[0]:
            idx = jnp.where(used, n + jnp.arange(2 * rounds_at_once), hist.shape[0])
            hist = hist.at[idx].set(codes.astype(hist.dtype), mode="drop")
        r = rounds - 1
        return key, hist, n + 2 * rounds, c0[r], c1[r], ~jnp.any(untied)

    start = (key, history, jnp.int32(0), jnp.int32(0), jnp.int32(0), jnp.bool_(True))
    _, hist, n, c0, c1, _ = jax.lax.while_loop(lambda c: c[5], cut, start)
    return hist, n, c0, c1


class Guarded:
    """A game being stepped, as mutable locals: each update is guarded by a condition (one
    game's code, vmapped over the batch: both sides of every branch are computed), and the
    codes of its history are written once at the end (one scatter a step).

    Subclasses annotate the state's fields (for the type checker) and add the game's own
    helpers; ``over`` says the game has ended in this step or before."""

    over: Any
    history: Any
    n_history: Any
    terminated: Any
    rewards: Any
    current_player: Any
    steps: Any
    _game_over = -1  # the game's phase number of a finished game (subclasses set it)

    def __init__(self, s: Any) -> None:
        self._fields: tuple[str, ...] = type(s)._fields
        self._type: Any = type(s)
        self.__dict__.update(s._asdict())
        self.over = getattr(s, "terminated")
        self._codes: list[tuple[jax.Array, jax.Array]] = []

    def take(self, action: jax.Array, legal: jax.Array) -> jax.Array:
        """The step's opening: an illegal ``action`` in a live game ends it, the seat to
        act losing (pgx's convention); a legal one is kept in the history and counted.
        Returns where the action goes on (live and legal); sets ``rewards`` to zero."""
        live = ~self.terminated
        self.rewards = jnp.zeros(2, jnp.float32)
        other = 1 - jnp.clip(self.current_player, 0, 1)
        foul = live & ~legal
        self.set(foul, illegal=True, terminated=True, winner=other,
                 phase=self._game_over, current_player=TERMINAL)
        self.over = self.over | foul
        ok: jax.Array = live & legal
        self.log(ok, action[None])
        self.set(ok, steps=self.steps + 1)
        return ok

    def set(self, cond: jax.Array, **values: Any) -> None:
        """Set each field of ``values`` where ``cond`` (keeping its dtype)."""
        for k, v in values.items():
            old = getattr(self, k)
            setattr(self, k, jnp.where(cond, v, old).astype(old.dtype))

    def log(self, cond: jax.Array, codes: jax.Array) -> None:
        """Keep ``codes`` in the history where ``cond``."""
        self._codes.append((codes, jnp.broadcast_to(cond, codes.shape)))

    def state(self) -> Any:
        """The state of the fields now, the history written."""
        if self._codes:
            codes = jnp.concatenate([c for c, _ in self._codes])
            keep = jnp.concatenate([k for _, k in self._codes])
            self._codes = []
            at = self.n_history + jnp.cumsum(keep) - 1
            if self.history.shape[0]:
                idx = jnp.where(keep, at, self.history.shape[0])
                self.history = self.history.at[idx].set(codes.astype(self.history.dtype),
                                                        mode="drop")
            self.n_history = self.n_history + jnp.sum(keep).astype(jnp.int32)
        return self._type(**{k: getattr(self, k) for k in self._fields})


class BatchEnv:
    """A game's batch: its one-game functions vmapped and jitted.

    A subclass sets ``init_one(key)``, ``step_one(state, action, key)``,
    ``observe_one(state, seat)``, ``is_legal_one(state, action)`` and ``history`` (codes
    kept a game), the class attributes ``num_players``, ``num_actions`` and
    ``observation_size``, and :meth:`replay` (a history through the object engine), then
    calls :meth:`_jit`.

    Attributes:
        step_unchecked: ``step(state, actions: int[B], keys: key[B]) -> state``, jitted,
            to call inside your own ``jit``/``scan`` (an illegal action ends that game, its
            seat losing: pgx's convention).
        reset_done: ``reset_done(state, keys: key[B]) -> state``, jitted: each finished
            game replaced by a new one from its key (pgx's auto-reset, for training).
    """

    num_players = 2
    num_actions: int
    observation_size: int
    history: int
    init_one: Callable[..., Any]
    step_one: Callable[..., Any]
    observe_one: Callable[..., Any]
    is_legal_one: Callable[..., Any]

    def _jit(self) -> None:
        self._init = jax.jit(jax.vmap(self.init_one))
        self.step_unchecked = jax.jit(jax.vmap(self.step_one))
        self._observe = jax.jit(jax.vmap(self.observe_one))
        self._legal = jax.jit(jax.vmap(self.is_legal_one))
        self._mask = jax.jit(lambda state: state.legal_action_mask)
        self.reset_done = jax.jit(self._reset_done)

    @staticmethod
    def _keys(keys: Any, games: int | None = None) -> jax.Array:
        """``keys`` checked: one PRNG key a game (``jax.random.split(key, B)``)."""
        shape = np.shape(keys)
        typed = hasattr(keys, "dtype") and jnp.issubdtype(keys.dtype, jax.dtypes.prng_key)
        per_game = shape[:1] if typed else shape[:-1]
        ok = (len(shape) == 1 if typed else len(shape) == 2 and shape[1] == 2
              and np.issubdtype(np.asarray(keys).dtype, np.unsignedinteger))
        if not ok or (games is not None and per_game != (games,)):
            want = f"{games} keys" if games is not None else "a key a game"
            raise ParameterError(f"keys must be {want}, as jax.random.split(key, B) "
                                 f"gives (not an array of shape {shape})", "keys")
        return jnp.asarray(keys)

    def init(self, keys: Any) -> Any:
        """``B`` new games, one from each key (``keys``: ``jax.random.split(key, B)``),
        each dealt and at its first decision. Jitted; inside your own ``jit``, vmap
        ``init_one``.

        Raises:
            ParameterError: ``keys`` is not a key a game (a single key, say).
        """
        return self._init(self._keys(keys))

    def step(self, state: Any, actions: Any, keys: Any) -> Any:
        """``state`` after each game's seat to act takes ``actions[i]`` (int[B] action ids;
        any value for a finished game), chance drawn from ``keys`` (key[B]). Checks on the
        host, so it cannot be jitted: inside ``jit`` or ``scan`` call ``step_unchecked``.

        Raises:
            IllegalAction: an action is not legal in its game (the games named), or the
                actions are not whole numbers, one a game; nothing is stepped (the state
                is a value: the one passed in is unchanged).
            ParameterError: ``keys`` is not a key a game.
        """
        if isinstance(actions, jax.core.Tracer):
            raise IllegalAction("env.step checks the actions on the host and cannot be "
                                "traced: inside jit or scan call env.step_unchecked")
        acts = np.asarray(actions)
        games = np.shape(state.terminated)
        if acts.shape != games:
            raise IllegalAction(f"{acts.shape} actions for a batch of {games} games")
        if not np.issubdtype(acts.dtype, np.integer):
            raise IllegalAction(f"actions must be whole numbers (action ids), not {acts.dtype}")
        keys = self._keys(keys, games[0])
        done = np.asarray(state.terminated)
        legal = np.asarray(self._legal(state, jnp.asarray(
            np.clip(acts, -1, self.num_actions), jnp.int32)))
        bad = np.flatnonzero(~legal & ~done)
        if bad.size:
            i = int(bad[0])
            raise IllegalAction(f"action {int(acts[i])} is not legal in game {i}"
                                + (f" (and {bad.size - 1} other games)" if bad.size > 1 else "")
                                + "; state.legal_action_mask lists the legal ids")
        return self.step_unchecked(state, jnp.asarray(acts, jnp.int32), keys)

    def observe(self, state: Any, seat: Any) -> jax.Array:
        """Each game's observation for ``seat`` (0 or 1, or int[B]: a seat per game), as
        float32[B, observation_size]: the game's encoding's layout. For the seat to act,
        ``jnp.clip(state.current_player, 0, 1)`` (a finished game's is ``TERMINAL``, -2).
        Inside ``jit``, vmap ``observe_one``.

        Raises:
            ParameterError: a seat other than 0 or 1.
        """
        if not isinstance(seat, jax.core.Tracer):
            values = np.asarray(seat)
            if not np.issubdtype(values.dtype, np.integer) or values.size == 0 \
                    or values.min() < 0 or values.max() >= self.num_players:
                raise ParameterError(f"seat must be 0 or 1 (or one a game), not "
                                     f"{values.tolist() if values.size < 9 else values}",
                                     "seat")
        seats = jnp.broadcast_to(jnp.asarray(seat, jnp.int32), np.shape(state.terminated))
        obs: jax.Array = self._observe(state, seats)
        return obs

    def legal_action_mask(self, state: Any) -> jax.Array:
        """bool[B, num_actions]: each game's legal action ids (``state.legal_action_mask``,
        jitted)."""
        mask: jax.Array = self._mask(state)
        return mask

    def _reset_done(self, state: Any, keys: jax.Array) -> Any:
        fresh = jax.vmap(self.init_one)(keys)
        done = state.terminated

        def pick(old: jax.Array, new: jax.Array) -> jax.Array:
            return jnp.where(done.reshape(done.shape + (1,) * (old.ndim - 1)), new, old)
        return jax.tree_util.tree_map(pick, state, fresh)

    def bytes_per_game(self, state: Any) -> float:
        """The memory a game of ``state`` takes, in bytes (every array of the pytree)."""
        total = sum(int(x.nbytes) for x in jax.tree_util.tree_leaves(state))
        return total / max(1, int(np.size(state.terminated)))

    # -- the bridge to the object engine -----------------------------------------------

    def replay(self, codes: Sequence[int]) -> BaseState:
        """A new object-engine game (no law code) after the history ``codes``."""
        raise NotImplementedError

    def codes(self, state: Any, i: int) -> list[int]:
        """Game ``i``'s history codes.

        Raises:
            HoyleError: the batch kept no history, or game ``i``'s was cut short.
        """
        if self.history == 0:
            raise HoyleError("this batch keeps no history (history=0)")
        games = int(np.size(state.terminated))
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)) or not 0 <= i < games:
            raise ParameterError(f"the game must be a number from 0 to {games - 1} "
                                 f"(not {i!r})", "game")
        n = int(np.asarray(state.n_history)[i])
        hist = np.asarray(state.history)[i]
        if n > hist.shape[0]:
            raise HoyleError(f"game {i} made {n} codes, more than the {hist.shape[0]} kept: "
                             "make the batch with a longer history")
        return [int(c) for c in hist[:n]]

    def object_state(self, state: Any, i: int) -> Any:
        """Game ``i`` of ``state`` replayed through the object engine (no law code): every
        chance outcome and decision of its history.

        Raises:
            HoyleError: the batch kept no history, or game ``i``'s was cut short.
            IllegalAction: the object engine refuses a step (the engines disagree).
        """
        return self.replay(self.codes(state, i))

    # -- a batched policy against the engine's players ----------------------------------

    def new_object(self, seed: int) -> BaseState:
        """A new object-engine game (no law code) seeded ``seed``."""
        raise NotImplementedError

    def object_player(self, name: str) -> Any:
        """The object engine's computer player ``name``."""
        raise NotImplementedError

    def from_object(self, st: Any) -> Any:
        """One game of the batch (no batch axis) standing where ``st`` stands at a
        decision of a seat, so that a batched policy can choose for it."""
        raise NotImplementedError

    def id_action(self, st: Any, action_id: int) -> Any:
        """The object engine's action for ``action_id`` at ``st``."""
        raise NotImplementedError

    def evaluate(self, policy: Callable[[Any, jax.Array], jax.Array], opponent: str,
                 games: int, seed: int = 0, batch: int = 256) -> dict[str, Any]:
        """Play ``games`` games in the object engine (no law code), the batched
        ``policy`` (``policy(state, key) -> int32[B]``) against the engine's computer
        player ``opponent``, each deal sequence played twice with the seats swapped (game
        ``2k`` and ``2k + 1`` share seed ``seed + k``; the runner draws the chance and the
        opponent's choices from the seed's streams). The policy chooses for up to
        ``batch`` games at once, each game's position given to it by :meth:`from_object`.

        Returns:
            ``{"games", "wins", "win_rate", "points_for", "points_against"}`` of the
            policy (points: each game's final score, averaged).

        Raises:
            HoyleError: fewer than one game, or an unknown opponent.
            IllegalAction: the policy chose an illegal action (the engine refuses it).
        """
        from hoyle.engine.runner import Seeds, play
        for name, value in (("games", games), ("batch", batch)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ParameterError(f"{name} must be a whole number, 1 or more (not "
                                     f"{value!r})", name)
        player = self.object_player(opponent)
        todo = list(range(games))
        wins = pf = pa = 0
        key = jax.random.PRNGKey(seed)
        while todo:
            chunk, todo = todo[:batch], todo[batch:]
            states = [self.new_object(seed + g // 2) for g in chunk]
            seeds = [Seeds(seed + g // 2) for g in chunk]
            ours = [g % 2 for g in chunk]  # the policy's seat
            while True:
                for k, st in enumerate(states):
                    play(st, {1 - ours[k]: player}, seeds[k])
                waiting = [k for k, st in enumerate(states) if not st.is_terminal()]
                if not waiting:
                    break
                one = [self.from_object(states[k]) for k in waiting]
                one += one[:1] * (batch - len(one))  # one shape: the policy compiles once
                stacked = jax.tree_util.tree_map(lambda *xs: jnp.asarray(np.stack(xs)), *one)
                key, sub = jax.random.split(key)
                acts = np.asarray(policy(stacked, sub))
                if acts.shape != (batch,) or not np.issubdtype(acts.dtype, np.integer):
                    raise IllegalAction(f"the policy gave {acts.shape} {acts.dtype} for a "
                                        f"batch of {batch} games: it must give int[{batch}]")
                for k, a in zip(waiting, acts):
                    try:
                        states[k].apply(self.id_action(states[k], int(a)))
                    except HoyleError as e:
                        raise IllegalAction(f"the policy chose action {int(a)} in game "
                                            f"{chunk[k]}, not legal there: {e}") from e
            for k, st in enumerate(states):
                scores = list(getattr(st, "scores"))
                result = getattr(st, "result")
                wins += result.winner == ours[k]
                pf += scores[ours[k]]
                pa += scores[1 - ours[k]]
        return {"games": games, "wins": wins, "win_rate": wins / games,
                "points_for": pf / games, "points_against": pa / games}

    def to_record(self, state: Any, i: int, seats: Sequence[str] = ()) -> GameRecord:
        """Game ``i`` of ``state`` as a hoyle record (:class:`hoyle.engine.GameRecord`:
        every action, the result once finished), read by ``hoyle replay``.

        Raises:
            HoyleError: the batch kept no history, or game ``i``'s was cut short.
        """
        record: GameRecord = self.object_state(state, i).to_record(seats)
        return record
