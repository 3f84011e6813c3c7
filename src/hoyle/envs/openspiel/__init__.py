"""OpenSpiel games for every game of the registry (``hoyle[envs]``).

Importing this package registers ``python_hoyle_<name>`` for each game of
:mod:`hoyle.interface.registry` (``python_hoyle_cribbage``, ``python_hoyle_ecarte``) with
``pyspiel.register_game``::

    import pyspiel
    import hoyle.envs.openspiel  # noqa: F401 - registers the games
    game = pyspiel.load_game("python_hoyle_cribbage", {"variant": "five-card"})

Every game is sequential, imperfect-information, zero-sum, with explicit chance nodes. A
deal (and in écarté a draw from the stock) is a sequence of single-card chance nodes, each
listing the cards not yet drawn with equal probability; the cut for deal and the starter or
turn-up are single chance nodes too. The parameters, the chance outcome ids and the player
action ids are the game's encoding (``GameSpec.encoding()``: ``hoyle.cribbage.encoding``,
``hoyle.ecarte.encoding``), plus ``reward`` (``"win"``: ±1; ``"game_points"``: ± the game
points the winner takes).

The observer gives tensors and strings: the observation (``state.view(seat)`` encoded by
the game's encoding; with ``private_info`` other than a single player the private part
is left out) and the information state (``perfect_recall=True``): the string is the seat's
whole perfect-recall history, each action as that seat saw it (others' cards dealt, drawn
and laid out are ``?``); the tensor is the observation, the seat's cards as dealt, and the
cards played in this deal in order (what is needed to decide; earlier deals are summed up
in the scores).

``state.resample_from_infostate(player, sampler)`` deals the cards ``player`` cannot see
again at random, among the deals consistent with everything he saw (the cards played, the
goes and the counts that ended or went on, the counts of cards exchanged, the suits a
player could not follow, a king announced), by construction: each hidden place is given a
card it may hold (``ResampleError`` if none can be), never a rejected draw nor the true
deal as a fallback. OpenSpiel's Python information-set MCTS bot
(``open_spiel.python.algorithms.ismcts``) can so play every game.

Games pickle by their OpenSpiel name and parameters; states pickle, serialize
(``pyspiel.serialize_game_and_state``) and ``clone()`` with their ``history()``. A seat
outside the game (``-1`` at a chance node, a number past the last seat) asked for a string
or tensor raises ``SeatError``; a ``reward`` other than ``win`` or ``game_points`` raises
``ParameterError``.

The machinery is in :mod:`hoyle.envs.openspiel.base`.

>>> import pyspiel
>>> game = pyspiel.load_game("python_hoyle_ecarte")
>>> game.num_distinct_actions(), game.max_chance_outcomes()
(69, 32)
"""

from __future__ import annotations

import pyspiel  # type: ignore[import-not-found]

from hoyle.interface.registry import Capability, games
from hoyle.envs.openspiel.base import (HoyleGame, HoyleObserver, HoyleSpielState,
                                       game_class, short_name)

__all__ = ["HoyleGame", "HoyleSpielState", "HoyleObserver", "GAME_CLASSES"]

GAME_CLASSES: dict[str, type[HoyleGame]] = {}
"""The registered game classes by OpenSpiel name (``"python_hoyle_cribbage"``)."""

for _spec in games(Capability.ENCODING):
    _type, GAME_CLASSES[short_name(_spec)] = game_class(_spec)
    pyspiel.register_game(_type, GAME_CLASSES[short_name(_spec)])
