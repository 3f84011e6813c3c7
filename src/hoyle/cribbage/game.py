"""Cribbage's entry in the game registry (:mod:`hoyle.engine.registry`).

>>> from hoyle.engine.registry import get_game
>>> game = get_game("cribbage")
>>> game.variants()[0], sorted(game.codes()), sorted(game.players())
('six-card', ['acc', 'ew'], ['expert', 'greedy', 'random', 'table'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hoyle.engine.commands import GameCommand
from hoyle.engine.event import Event
from hoyle.engine.laws import LawCode
from hoyle.engine.options import Option
from hoyle.engine.records import GameRecord
from hoyle.engine.registry import GameSpec
from hoyle.engine.state import GameState
from hoyle.engine.tally import MatchTotals

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

    # -- sim and analysis: matches, statistics, advice -----------------------------------
    def play_match_game(self, names: tuple[str, str], seed: int, index: int) -> Any:
        from hoyle.cribbage.tally import play_one
        return play_one(names, seed, index)

    def summarize_match_game(self, record: GameRecord, index: int) -> Any:
        from hoyle.cribbage.tally import summarize_game
        return summarize_game(record, index)

    def empty_match(self, names: tuple[str, str]) -> MatchTotals:
        from hoyle.cribbage.tally import MatchResult
        return MatchResult.empty(names)

    def sim_options(self) -> Sequence[Option]:
        return (Option("players", str, "expert,table",
                       "Two players, e.g. expert,table (random, greedy, table, expert)."),)

    def sim_help(self) -> str:
        return ("A match between two computer players: win rates with 95% confidence "
                "intervals,\npoints per deal by kind and role, skunks, the first dealer's "
                "win rate.")

    def stats_command(self) -> GameCommand | None:
        from hoyle.cribbage.commands import STATS
        return STATS

    def commands(self) -> Sequence[GameCommand]:
        from hoyle.cribbage.commands import DISCARD
        return (DISCARD,)


GAME = CribbageSpec()
"""The registry's cribbage."""
