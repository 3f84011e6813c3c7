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

from hoyle.interface.options import Option
from hoyle.interface.registry import Capability, GameSpec


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
    capabilities = frozenset({Capability.ENCODING, Capability.BATCH, Capability.REFEREE,
                              Capability.MATCHES, Capability.HINT})
    codes_at = "hoyle.ecarte.laws:CODES"
    players_at = "hoyle.ecarte.players:PLAYERS"
    text_at = "hoyle.ecarte.console:EcarteText"
    state_at = "hoyle.ecarte.records:state_for_record"
    kinds_at = "hoyle.ecarte.events:Kind"
    rule_params_at = "hoyle.ecarte.rules:RULE_PARAMS"
    encoding_at = "hoyle.ecarte.encoding:ENCODING"
    batch_at = "hoyle.ecarte.batchenv:EcarteBatch"
    summarize_at = "hoyle.ecarte.tally:summarize_game"
    empty_match_at = "hoyle.ecarte.tally:EcarteMatchResult"
    hint_at = "hoyle.ecarte.console:hint"
    stats_at = "hoyle.ecarte.commands:STATS"

    # -- sim and analysis: matches, statistics, advice -----------------------------------
    def play_match_game(self, names: tuple[str, str], seed: int, index: int,
                        params: Mapping[str, Any] | None = None) -> Any:
        from hoyle.ecarte.tally import play_one
        return play_one(names, seed, index)

    def sim_options(self) -> Sequence[Option]:
        return (Option("players", str, "expert,rules",
                       "Two players, e.g. expert,rules (random, rules, expert)."),)

    def sim_help(self) -> str:
        return ("An écarté match between two computer players: win rates with 95% "
                "confidence\nintervals, points per deal by kind (point, vole, king, penalty) "
                "and role, stands and\nrefusals, the first dealer's win rate.")

    def play_options(self) -> Sequence[Option]:
        options = [Option("resume", Path, None, "Continue a saved écarté game from its "
                          "record file.") if o.name == "resume" else o
                   for o in super().play_options()]
        options.insert(-2, _MATCH)
        return tuple(options)

    def referee_options(self) -> Sequence[Option]:
        options = list(super().referee_options())
        options[2:2] = [_MATCH, Option("scores", str, None, "The scores the game starts "
                                       "from, one per player, e.g. 3,4 (a table that joins "
                                       "part way; recorded).")]
        return tuple(options)


_MATCH = Option("match", int, None,
                "Play a match, first to N games (a double or treble game counts two or "
                "three with game_values, CLUB-46; neither code counts a rubber: the engine's "
                "match): each game its own record (NAME-2.json, ...); the cut decides each "
                "game's first dealer.")


GAME = EcarteSpec()
"""The registry's écarté."""
