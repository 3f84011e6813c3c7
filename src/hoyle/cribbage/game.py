"""Cribbage's entry in the game registry (:mod:`hoyle.engine.registry`).

>>> from hoyle.engine.registry import get_game
>>> game = get_game("cribbage")
>>> game.variants()[0], sorted(game.codes()), sorted(game.players())
('six-card', ['acc', 'ew'], ['aware', 'expert', 'greedy', 'random', 'table'])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hoyle.engine.commands import GameCommand
from hoyle.engine.event import Event
from hoyle.engine.jobs import TableJob
from hoyle.engine.review import Review
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

    def rule_params(self) -> Sequence[Param]:
        from hoyle.cribbage.rules import RULE_PARAMS
        return RULE_PARAMS

    def players(self) -> Mapping[str, Callable[[], Any]]:
        from hoyle.cribbage.players import PLAYERS
        return PLAYERS

    def state_for_record(self, record: GameRecord) -> GameState:
        from hoyle.cribbage.records import state_for_record
        return state_for_record(record)

    def replay_record(self, record: GameRecord,
                      seeded: bool = False) -> tuple[GameState, list[Event]]:
        from hoyle.cribbage.records import replay_record
        return replay_record(record, seeded)

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
                       "Two players, e.g. expert,table (random, greedy, table, expert, aware: "
                       "the score-aware expert)."),)

    def sim_help(self) -> str:
        return ("A match between two computer players: win rates with 95% confidence "
                "intervals,\npoints per deal by kind and role, skunks, the first dealer's "
                "win rate.")

    def stats_command(self) -> GameCommand | None:
        from hoyle.cribbage.commands import STATS
        return STATS

    # -- cli: the interactive sessions and the game's commands ----------------------------
    def event_kinds(self) -> tuple[str, ...]:
        from hoyle.engine.event import EventKind
        from hoyle.cribbage.events import Kind
        return (*EventKind, *Kind)

    def hint(self, state: GameState, seat: int) -> list[str]:
        from hoyle.cribbage.console import hint
        return hint(state, seat)  # type: ignore[arg-type]

    def text(self) -> GameText:
        from hoyle.cribbage.console import CribbageText
        return CribbageText()

    def _laws_option(self) -> Option:
        return Option("laws", str, self.default_laws, f"Law code: {' or '.join(self.codes())}.")

    def play_options(self) -> Sequence[Option]:
        from hoyle.cribbage.players import PLAYERS
        return (
            Option("seed", int, None, "Seed for the game (every shuffle and every computer "
                                      "choice flows from it)."),
            Option("opponent", str, self.default_opponent,
                   f"Computer player: {', '.join(sorted(PLAYERS))}."),
            Option("save", Path, None, "Record file, written after every move "
                                       "(default hoyle-cribbage-DATE-TIME.json)."),
            Option("manual_count", bool, False, "Claim your own points in the play and the "
                   "show; the laws rule over- and underclaims (EW-ix, EW-x)."),
            self._laws_option(),
            Option("variant", str, self.default_variant, _VARIANT_HELP),
            Option("muggins", bool, False, "Muggins announced (ACC-10.1; with --laws acc "
                                           "--manual-count)."),
            Option("resume", Path, None, "Continue a saved game from its record file."))

    def referee_options(self) -> Sequence[Option]:
        return (
            self._laws_option(),
            Option("names", str, None, "The players, seat 0 first, comma-separated."),
            Option("variant", str, self.default_variant, _VARIANT_HELP),
            Option("muggins", bool, False, "Muggins announced (ACC-10.1; --laws acc only)."),
            Option("save", Path, None, "Record file (default hoyle-referee.json)."),
            Option("resume", Path, None, "Continue a refereed game from its record."))

    def laws_options(self) -> Sequence[Option]:
        return (Option("variant", str, None, "Also show the rules of play of a variant: "
                       + ", ".join(self.variants()) + "."),)

    def commands(self) -> Sequence[GameCommand]:
        from hoyle.cribbage.commands import DISCARD, SCORE
        return (SCORE, DISCARD)

    def review(self, record: GameRecord, seat: int | None = None) -> Review:
        from hoyle.cribbage.review import review_record
        return review_record(record, seat)

    def table_jobs(self) -> Sequence[TableJob]:
        from hoyle.cribbage.tables import WIN_JOB
        return (WIN_JOB,)


_VARIANT_HELP = ("six-card (to 121), five-card (to 61), three-hand (to 61), four-hand "
                 "(partners, to 121), eight-card.")

GAME = CribbageSpec()
"""The registry's cribbage."""
