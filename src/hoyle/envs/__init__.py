"""Research environments for both games (the optional extra ``hoyle[envs]``).

* ``hoyle.envs.pettingzoo.cribbage_v0`` and ``hoyle.envs.pettingzoo.ecarte_v0``: PettingZoo
  AEC environments, in PettingZoo's package style (``cribbage_v0.env()``,
  ``cribbage_v0.raw_env``). Observations are ``{"observation", "action_mask"}``; the action
  space is a fixed ``Discrete(n)`` documented in each module; chance is resolved inside the
  environment from the RNG seeded by ``reset(seed=...)``.
* ``hoyle.envs.openspiel``: the OpenSpiel games ``python_hoyle_cribbage`` and
  ``python_hoyle_ecarte``, registered with ``pyspiel.register_game`` on import.
* ``hoyle.envs.encoding``: the action ids and observation vectors both share.

The adapters are thin: every rule comes from the engine (``hoyle.cribbage.state``,
``hoyle.ecarte.state``); observations are built from ``state.view(seat)`` only.

PettingZoo has no global registry; ``hoyle.envs.pettingzoo.make`` takes gymnasium-style names::

    from hoyle.envs.pettingzoo import make
    env = make("hoyle/cribbage-v0", variant="five-card")

Nothing here is imported by ``import hoyle``; importing a submodule needs the extra.
"""

from __future__ import annotations

__all__: list[str] = []
