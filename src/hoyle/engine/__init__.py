"""The rules framework every game stands on: actions, events, the state machine, the seeded
draws, the law framework, records and the game runner. It knows nothing of text, terminals
or interfaces (those share :mod:`hoyle.interface`, the layer above).

Source: ``shared/DESIGN.md`` (the state machine, records).
"""

from hoyle.engine.action import CHANCE, Action, ScoreItem, TERMINAL
from hoyle.engine.event import Event
from hoyle.engine.state import GameState
from hoyle.engine.records import GameRecord

__all__ = ["CHANCE", "TERMINAL", "Action", "Event", "GameState", "ScoreItem", "GameRecord"]
