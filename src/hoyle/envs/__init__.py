"""Research environments for every game of the registry (the optional extra ``hoyle[envs]``).

* ``hoyle.envs.pettingzoo``: PettingZoo AEC environments ``hoyle/<name>-v0``, in
  PettingZoo's package style (``cribbage_v0.env()``, ``cribbage_v0.raw_env``), also
  registered with PettingZoo's registry (``pettingzoo.make("aec", "hoyle/cribbage-v0")``).
  Observations are ``{"observation", "action_mask"}``; the action space is a fixed
  ``Discrete(n)`` documented in each game's ``__doc__``; chance is resolved inside the
  environment from the RNG seeded by ``reset(seed=...)``.
* ``hoyle.envs.openspiel``: the OpenSpiel games ``python_hoyle_<name>``
  (``python_hoyle_cribbage``, ``python_hoyle_ecarte``), registered with
  ``pyspiel.register_game`` on import.

The adapters are thin and know no game: each asks the registry
(:mod:`hoyle.interface.registry`) for the game's encoding (``GameSpec.encoding()``, a
:class:`hoyle.engine.encoding.Encoding`: ``hoyle.cribbage.encoding``,
``hoyle.ecarte.encoding``), which gives the action ids and observation vectors both share;
every rule comes from the engine, and observations are built from ``state.view(seat)`` only.

Gymnasium-style names without PettingZoo's registry::

    from hoyle.envs.pettingzoo import make
    env = make("hoyle/cribbage-v0", variant="five-card")

Nothing here is imported by ``import hoyle``; importing a submodule needs the extra.
"""

from __future__ import annotations

__all__: list[str] = []
