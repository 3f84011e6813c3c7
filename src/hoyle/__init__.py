"""hoyle: cribbage and écarté according to Hoyle: rules, laws, players and interfaces.

Layers, lowest first: :mod:`hoyle.cards` → :mod:`hoyle.engine` → the games
(:mod:`hoyle.cribbage`) → players → :mod:`hoyle.sim` → :mod:`hoyle.cli`.
"""

__version__ = "0.1.0"

from hoyle import _accel

_accel.install()  # the compiled engine when a fresh build is present (hoyle._accel)
