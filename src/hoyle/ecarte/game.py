"""Écarté's entry in the game registry (:mod:`hoyle.engine.registry`).

>>> from hoyle.engine.registry import get_game
>>> game = get_game("ecarte")
>>> game.variants()[0], sorted(game.codes()), sorted(game.players())
('two-hand', ['club', 'oh'], ['expert', 'random', 'rules'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hoyle.engine.commands import GameCommand
from hoyle.engine.event import Event
from hoyle.engine.laws import LawCode, Param
from hoyle.engine.options import Option
from hoyle.engine.records import GameRecord
from hoyle.engine.registry import GameSpec
from hoyle.engine.state import GameState
from hoyle.engine.tally import MatchTotals

if TYPE_CHECKING:
    from hoyle.engine.encoding import Encoding

if TYPE_CHECKING:
    from hoyle.engine.text import GameText

__all__ = ["GAME", "EcarteSpec"]


class EcarteSpec(GameSpec):
    """Écarté, two-hand, the game of five; the ``oh`` and ``club`` law codes
    (``shared/laws/ecarte.md``)."""

    name = "ecarte"
    title = "Écarté"
    default_variant = "two-hand"
    default_laws = "club"
    catalogue = "laws/ecarte.md"
    rule_prefix = "ECARTE-R"
    default_opponent = "rules"

    def variants(self) -> Sequence[str]:
        return ("two-hand",)

    def codes(self) -> Mapping[str, LawCode]:
        from hoyle.ecarte.laws import CODES
        return CODES

    def get_code(self, name: str, **params: Any) -> LawCode:
        from hoyle.ecarte.laws import get_code
        return get_code(name, **params)

    def rule_params(self) -> Sequence[Param]:
        from hoyle.ecarte.rules import RULE_PARAMS
        return RULE_PARAMS

    def players(self) -> Mapping[str, Callable[[], Any]]:
        from hoyle.ecarte.players import PLAYERS
        return PLAYERS

    def state_for_record(self, record: GameRecord) -> GameState:
        from hoyle.ecarte.records import state_for_record
        return state_for_record(record)

    def replay_record(self, record: GameRecord,
                      seeded: bool = False) -> tuple[GameState, list[Event]]:
        from hoyle.ecarte.records import replay_record
        return replay_record(record, seeded)

    # -- envs -----------------------------------------------------------------------------
    def encoding(self) -> Encoding:
        from hoyle.ecarte.encoding import ENCODING
        return ENCODING

    # -- sim and analysis: matches, statistics, advice -----------------------------------
    def play_match_game(self, names: tuple[str, str], seed: int, index: int,
                        params: Mapping[str, Any] | None = None) -> Any:
        from hoyle.ecarte.tally import play_one
        return play_one(names, seed, index)

    def summarize_match_game(self, record: GameRecord, index: int) -> Any:
        from hoyle.ecarte.tally import summarize_game
        return summarize_game(record, index)

    def empty_match(self, names: tuple[str, str]) -> MatchTotals:
        from hoyle.ecarte.tally import EcarteMatchResult
        return EcarteMatchResult.empty(names)

    def sim_options(self) -> Sequence[Option]:
        return (Option("players", str, "expert,rules",
                       "Two players, e.g. expert,rules (random, rules, expert)."),)

    def sim_help(self) -> str:
        return ("An écarté match between two computer players: win rates with 95% "
                "confidence\nintervals, points per deal by kind (point, vole, king, penalty) "
                "and role, stands and\nrefusals, the first dealer's win rate.")

    def stats_command(self) -> GameCommand | None:
        from hoyle.ecarte.commands import STATS
        return STATS

    # -- cli: the interactive sessions and the game's commands ----------------------------
    def event_kinds(self) -> tuple[str, ...]:
        from hoyle.engine.event import EventKind
        from hoyle.ecarte.events import Kind
        return (*EventKind, *Kind)

    def hint(self, state: GameState, seat: int) -> list[str]:
        from hoyle.ecarte.console import hint
        return hint(state, seat)  # type: ignore[arg-type]

    def text(self) -> GameText:
        from hoyle.ecarte.console import EcarteText
        return EcarteText()

    def _laws_option(self) -> Option:
        return Option("laws", str, self.default_laws, f"Law code: {' or '.join(self.codes())}.")

    def play_options(self) -> Sequence[Option]:
        from hoyle.ecarte.players import PLAYERS
        return (
            Option("seed", int, None, "Seed for the game (every shuffle and every computer "
                                      "choice flows from it)."),
            Option("opponent", str, self.default_opponent,
                   f"Computer player: {', '.join(PLAYERS)}."),
            self._laws_option(),
            Option("save", Path, None, "Record file, written after every move "
                                       "(default hoyle-ecarte-DATE-TIME.json in the "
                                       "saves folder of your data directory)."),
            Option("resume", Path, None, "Continue a saved écarté game from its record "
                                         "file."))

    def referee_options(self) -> Sequence[Option]:
        return (
            self._laws_option(),
            Option("names", str, None, "The players, seat 0 first, comma-separated."),
            Option("save", Path, None, "Record file (default hoyle-referee-ecarte.json)."),
            Option("resume", Path, None, "Continue a refereed game from its record."))


GAME = EcarteSpec()
"""The registry's écarté."""
