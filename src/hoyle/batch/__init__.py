"""A batch engine for research: thousands of games of cribbage (two-hand, six-card and
five-card) or écarté in lockstep, as pure JAX functions
(the optional extra ``hoyle[batch]``: jax, jaxlib; the CPU by default, a GPU when JAX
finds one).

In the shape pgx uses: a batched state pytree and pure functions, jit- and vmap-able, with
no Python per game or per step; chance (the cut, the deal, the starter) is drawn inside
``init`` and ``step`` from the keys given::

    import jax
    from hoyle.batch import make
    env = make("cribbage")                      # two-hand six-card to 121 (the rules of play)
    state = env.init(jax.random.split(jax.random.PRNGKey(0), 1024))   # 1,024 games
    key = jax.random.PRNGKey(1)
    while not state.terminated.all():
        key, k1, k2 = jax.random.split(key, 3)
        actions = env.random_policy(state, k1)  # any policy: int32[B] action ids
        state = env.step(state, actions, jax.random.split(k2, 1024))
    obs = env.observe(state, 0)                 # float32[B, 474], seat 0's observation
    state.rewards, state.legal_action_mask      # float32[B, 2], bool[B, 1431]
    record = env.to_record(state, 0)            # game 0 as a hoyle record

Action ids and observations are the game's encoding's (``hoyle.cribbage.encoding``,
``hoyle.ecarte.encoding``), the
same as the PettingZoo environment and the OpenSpiel game, so a policy trained here plays
there unchanged. The rules are the object engine's: the tests replay 10,000 batched games
of each variant through it step by step. Each game's batch engine lives with the game
(:mod:`hoyle.cribbage.batchenv`); this module asks the registry for it.

Nothing here is imported by ``import hoyle``; importing it needs the extra.
"""

from __future__ import annotations

from typing import Any

from hoyle.interface.registry import Capability, default_game, games, get_game

__all__ = ["make", "batch_games"]


def make(game: str | None = None, **options: Any) -> Any:
    """The batch engine of ``game`` (a registered game's name; default: the registry's
    first game), made with ``options``: ``history`` (codes kept a game, 1024), the
    ``variant`` and the rule options of the game's rules.

    Raises:
        HoyleError: an unknown game, a game with no batch engine, or options the game
            does not take.
    """
    spec = default_game() if game is None else get_game(game)
    return spec.batch_engine(**options)


def batch_games() -> tuple[str, ...]:
    """The names of the games with a batch engine."""
    return tuple(g.name for g in games(Capability.BATCH))
