"""hoyle: cribbage and écarté according to Hoyle: rules, laws, players and interfaces.

Layers, lowest first: :mod:`hoyle.cards` → :mod:`hoyle.engine` (the rules framework and the
game runner) → :mod:`hoyle.interface` (the registry's contract, the words) → the games
(:mod:`hoyle.cribbage`, :mod:`hoyle.ecarte`: rules, players, analysis, words) →
:mod:`hoyle.sim` → the interfaces (:mod:`hoyle.cli`, :mod:`hoyle.tui`, :mod:`hoyle.web`,
:mod:`hoyle.envs`). ``docs/architecture.md`` draws them.
"""

__version__ = "0.1.0"

from hoyle import _accel

_accel.install()  # the compiled engine when a fresh build is present (hoyle._accel)
