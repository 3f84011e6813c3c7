"""What both games share: actions, events, the state protocol, chance, records.

Source: ``shared/DESIGN.md`` (the state machine, records).
"""

from hoyle.table.core import CHANCE, Action, Event, GameState, ScoreItem, TERMINAL
from hoyle.table.records import GameRecord

__all__ = ["CHANCE", "TERMINAL", "Action", "Event", "GameState", "ScoreItem", "GameRecord"]
