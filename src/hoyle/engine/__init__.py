"""The framework both games stand on: actions, events, the state protocol, the seeded
draws, the law framework, records and the game registry.

Source: ``shared/DESIGN.md`` (the state machine, records).
"""

from hoyle.engine.action import CHANCE, Action, ScoreItem, TERMINAL
from hoyle.engine.event import Event
from hoyle.engine.state import GameState
from hoyle.engine.records import GameRecord

__all__ = ["CHANCE", "TERMINAL", "Action", "Event", "GameState", "ScoreItem", "GameRecord"]
