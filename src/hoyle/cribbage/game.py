"""Cribbage's entry in the game registry (:mod:`hoyle.engine.registry`).

>>> from hoyle.engine.registry import get_game
>>> game = get_game("cribbage")
>>> game.variants()[0], sorted(game.codes()), sorted(game.players())
('six-card', ['acc', 'ew'], ['expert', 'greedy', 'random', 'table'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hoyle.engine.event import Event
from hoyle.engine.laws import LawCode
from hoyle.engine.records import GameRecord
from hoyle.engine.registry import GameSpec
from hoyle.engine.state import GameState

if TYPE_CHECKING:
    from hoyle.engine.encoding import Encoding

__all__ = ["GAME", "CribbageSpec"]


class CribbageSpec(GameSpec):
    """Cribbage: six-card to 121, five-card to 61, three-hand, four-hand, eight-card; the
    ``ew`` and ``acc`` law codes (``shared/laws/cribbage.md``)."""

    name = "cribbage"
    title = "Cribbage"
    default_variant = "six-card"
    default_laws = "ew"
    catalogue = "laws/cribbage.md"
    rule_prefix = "CRIB-R"
    default_opponent = "expert"

    def variants(self) -> Sequence[str]:
        from hoyle.cribbage.rules import VARIANTS
        return tuple(VARIANTS)

    def codes(self) -> Mapping[str, LawCode]:
        from hoyle.cribbage.laws import CODES
        return CODES

    def get_code(self, name: str, **params: Any) -> LawCode:
        from hoyle.cribbage.laws import get_code
        return get_code(name, **params)

    def players(self) -> Mapping[str, Callable[[], Any]]:
        from hoyle.cribbage.players import PLAYERS
        return PLAYERS

    def state_for_record(self, record: GameRecord) -> GameState:
        from hoyle.cribbage.records import state_for_record
        return state_for_record(record)

    def replay_record(self, record: GameRecord) -> tuple[GameState, list[Event]]:
        from hoyle.cribbage.records import replay_record
        return replay_record(record)

    # -- envs -----------------------------------------------------------------------------
    def encoding(self) -> Encoding:
        from hoyle.cribbage.encoding import ENCODING
        return ENCODING


GAME = CribbageSpec()
"""The registry's cribbage."""
