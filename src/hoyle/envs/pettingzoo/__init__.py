"""PettingZoo AEC environments for every game of the registry (``hoyle[envs]``).

Each game of :mod:`hoyle.interface.registry` has an environment ``hoyle/<name>-v0`` and, in
PettingZoo's classic-environment style, a module-like object ``<name>_v0`` here
(``cribbage_v0``, ``ecarte_v0``, built on first use): ``env(**kwargs)`` returns the wrapped
environment (out-of-bounds check, illegal move ends the game with reward -1 for the
offender, order enforcing), ``raw_env`` is the bare one's class. Their arguments, action
ids and observations are documented in their ``__doc__`` (the game's encoding,
``GameSpec.encoding()``).

>>> from hoyle.envs.pettingzoo import cribbage_v0
>>> e = cribbage_v0.env()
>>> e.reset(seed=1)
>>> obs, reward, done, truncated, info = e.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum())
((474,), 15)

Importing this package also registers every environment with PettingZoo's registry
(``pettingzoo.register``), so ``pettingzoo.make`` builds them by name::

    import pettingzoo
    import hoyle.envs.pettingzoo  # noqa: F401 - registers hoyle/cribbage-v0, hoyle/ecarte-v0
    env = pettingzoo.make("aec", "hoyle/cribbage-v0", variant="five-card")

:func:`make` does the same without PettingZoo's registry (``make("hoyle/ecarte-v0")``).
The machinery is in :mod:`hoyle.envs.pettingzoo.base`.
"""

from __future__ import annotations

import sys
import types
from functools import cache
from typing import Any

import pettingzoo  # type: ignore[import-untyped]

from hoyle.interface.registry import Capability, GameSpec, games
from hoyle.envs.pettingzoo.base import HoyleAECEnv, env_name, raw_env_class, wrapped

__all__ = ["HoyleAECEnv", "ENV_NAMES", "make"]

_SPECS: dict[str, GameSpec] = {env_name(s): s for s in games(Capability.ENCODING)}

ENV_NAMES: tuple[str, ...] = tuple(_SPECS)
"""The gymnasium-style names of the environments, one per registry game
(``"hoyle/cribbage-v0"``, ``"hoyle/ecarte-v0"``)."""


@cache
def _env_module(name: str) -> types.ModuleType:
    """The module-like object of the environment ``name`` (``hoyle/cribbage-v0``)."""
    spec = _SPECS[name]
    raw = raw_env_class(spec)

    def env(**kwargs: Any) -> Any:
        """The environment with PettingZoo's standard wrappers: an illegal action ends the
        game with reward -1 for the offender; actions out of bounds and calls out of order
        raise."""
        return wrapped(raw, **kwargs)

    module = types.ModuleType(f"{__name__}.{spec.name}_v0", spec.encoded().env_doc)
    module.env = env  # type: ignore[attr-defined]
    module.raw_env = raw  # type: ignore[attr-defined]
    module.__all__ = ["env", "raw_env"]  # type: ignore[attr-defined]
    env.__module__ = raw.__module__ = module.__name__
    raw.__qualname__ = "raw_env"
    sys.modules.setdefault(module.__name__, module)  # ``import ...pettingzoo.cribbage_v0``
    return module


def __getattr__(attr: str) -> Any:
    """``cribbage_v0``, ``ecarte_v0``...: each registry game's module-like object (PEP 562).

    Raises:
        AttributeError: no such game.
    """
    name = f"hoyle/{attr.removesuffix('_v0')}-v0"
    if attr.endswith("_v0") and name in _SPECS:
        return _env_module(name)
    raise AttributeError(f"module {__name__!r} has no attribute {attr!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *(f"{s.name}_v0" for s in _SPECS.values())])


def make(name: str, **kwargs: Any) -> Any:
    """The wrapped environment called ``name`` (one of :data:`ENV_NAMES`), built with
    ``kwargs``, as ``pettingzoo.make("aec", name, **kwargs)`` does.

    Raises:
        KeyError: an unknown name.
    """
    if name not in _SPECS:
        raise KeyError(f"unknown environment {name!r} (known: {', '.join(ENV_NAMES)})")
    return _env_module(name).env(**kwargs)


def _entry_point(name: str) -> Any:
    def build(**kwargs: Any) -> Any:
        return make(name, **kwargs)
    return build


for _name in ENV_NAMES:
    pettingzoo.register("aec", _name, entry_point=_entry_point(_name))
