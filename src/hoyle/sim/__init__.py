"""Simulation for every game in the registry: matches between computer players over a
process pool (:mod:`hoyle.sim.tournament`, :mod:`hoyle.sim.pool`). Each game's own runner
and tally are in its package (``hoyle/<game>/match.py``, ``tally.py``)."""
