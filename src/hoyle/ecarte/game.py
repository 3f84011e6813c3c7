"""Écarté's entry in the game registry (:mod:`hoyle.interface.registry`).

>>> from hoyle.interface.registry import get_game
>>> game = get_game("ecarte")
>>> game.variants()[0], sorted(game.codes()), sorted(game.players())
('two-hand', ['club', 'oh'], ['expert', 'random', 'rules'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hoyle.interface.commands import GameCommand
from hoyle.interface.options import Option
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import Capability, GameSpec
from hoyle.engine.state import GameState
from hoyle.interface.tally import MatchTotals


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
    capabilities = frozenset({Capability.ENCODING, Capability.REFEREE, Capability.MATCHES,
                              Capability.HINT})
    codes_at = "hoyle.ecarte.laws:CODES"
    players_at = "hoyle.ecarte.players:PLAYERS"
    text_at = "hoyle.ecarte.console:EcarteText"
    state_at = "hoyle.ecarte.records:state_for_record"
    kinds_at = "hoyle.ecarte.events:Kind"
    rule_params_at = "hoyle.ecarte.rules:RULE_PARAMS"
    encoding_at = "hoyle.ecarte.encoding:ENCODING"

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

    def hint(self, state: GameState, seat: int) -> list[str]:
        from hoyle.ecarte.console import hint
        return hint(state, seat)  # type: ignore[arg-type]

    def play_options(self) -> Sequence[Option]:
        return tuple(Option("resume", Path, None, "Continue a saved écarté game from its "
                            "record file.") if o.name == "resume" else o
                     for o in super().play_options())


GAME = EcarteSpec()
"""The registry's écarté."""
