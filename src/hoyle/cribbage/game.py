"""Cribbage's entry in the game registry (:mod:`hoyle.interface.registry`).

>>> from hoyle.interface.registry import get_game
>>> game = get_game("cribbage")
>>> game.variants()[0], sorted(game.codes()), sorted(game.players())
('six-card', ['acc', 'ew'], ['aware', 'expert', 'greedy', 'master', 'random', 'table'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hoyle.engine.laws import LawCode
from hoyle.interface.options import Option
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import Capability, GameSpec, TournamentScore


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
    capabilities = frozenset(Capability)
    codes_at = "hoyle.cribbage.laws:CODES"
    players_at = "hoyle.cribbage.players:PLAYERS"
    text_at = "hoyle.cribbage.console:CribbageText"
    state_at = "hoyle.cribbage.records:state_for_record"
    kinds_at = "hoyle.cribbage.events:Kind"
    rule_params_at = "hoyle.cribbage.rules:RULE_PARAMS"
    variants_at = "hoyle.cribbage.rules:VARIANTS"
    encoding_at = "hoyle.cribbage.encoding:ENCODING"
    batch_at = "hoyle.cribbage.batchenv:CribbageBatch"
    summarize_at = "hoyle.cribbage.tally:summarize_game"
    empty_match_at = "hoyle.cribbage.tally:MatchResult"
    hint_at = "hoyle.cribbage.console:hint"
    review_at = "hoyle.cribbage.review:review_record"
    can_review_at = "hoyle.cribbage.review:reviewable"
    stats_at = "hoyle.cribbage.commands:STATS"
    commands_at = "hoyle.cribbage.commands:COMMANDS"
    table_jobs_at = "hoyle.cribbage.awaretable:TABLE_JOBS"


    # -- sim and analysis: matches, statistics, advice -----------------------------------
    def tournament_score(self, points: tuple[int, int]) -> TournamentScore:
        """A tournament game of two-hand six-card cribbage to 121 (ACC-1.2): the winner at
        121, the loser below; game points by ACC-12.1 (2 a win, 3 a skunk: the loser at 90
        or fewer, tournament custom), the spread the difference.

        >>> GAME.tournament_score((121, 95)), GAME.tournament_score((121, 90))
        (TournamentScore(game_points=2, spread=26, skunk=False), TournamentScore(game_points=3, spread=31, skunk=True))

        Raises:
            HoyleError: the winner not at 121, or the loser not from 0 to 120.
        """
        from hoyle.cribbage.laws import get_code
        from hoyle.cribbage.results import terms
        from hoyle.cribbage.rules import CribbageRules
        from hoyle.errors import HoyleError
        rules = CribbageRules()
        won, lost = points
        if won != rules.target or not 0 <= lost < rules.target:
            raise HoyleError(f"a game of cribbage to {rules.target} ends with the winner at "
                             f"{rules.target} and the loser from 0 to {rules.target - 1} "
                             f"(got {won}-{lost})")
        t = terms(rules, get_code("acc"), (won, lost), 0, "")
        return TournamentScore(t.game_points, won - lost, t.skunk)

    def play_match_game(self, names: tuple[str, str], seed: int, index: int,
                        params: Mapping[str, Any] | None = None) -> Any:
        from hoyle.cribbage.tally import play_one, play_series
        from hoyle.cribbage.console import agreed_rules
        from hoyle.cribbage.rules import CribbageRules
        own = params or {}
        variant = own.get("variant")
        rules = agreed_rules(CribbageRules.for_variant("six-card" if variant is None else variant),
                             own.get("laws"), bool(own.get("lurch_agreed")))
        if own.get("match") is not None:
            return play_series(names, seed, index, int(own["match"]), self._sim_code(own),
                               rules)
        return play_one(names, seed, index, self._sim_code(own), rules)

    def check_sim_params(self, params: Mapping[str, Any]) -> None:
        from hoyle.engine.series import MatchState
        self._sim_code(params)
        if params.get("match") is not None:
            MatchState.new(params["match"], 2)

    def _sim_code(self, params: Mapping[str, Any]) -> LawCode | None:
        """The law code a sim's games are played under (``--laws``, ``--acc-edition``),
        or ``None``: the rules of play alone."""
        from hoyle.cribbage.console import law_code
        from hoyle.errors import HoyleError
        from hoyle.cribbage.console import agreed_rules
        from hoyle.cribbage.rules import CribbageRules
        unknown = set(params) - {"laws", "acc_edition", "match", "lurch_agreed", "variant"}
        if unknown:
            raise HoyleError(f"cribbage matches have no option {sorted(unknown)[0]!r}")
        laws, edition = params.get("laws"), params.get("acc_edition")
        variant = params.get("variant")
        rules = CribbageRules.for_variant("six-card" if variant is None else variant)
        if rules.players != 2:
            raise HoyleError(f"a match is between two players: the {rules.variant} game "
                             f"has {rules.players}")
        agreed_rules(rules, laws, bool(params.get("lurch_agreed")))
        if laws is None:
            if edition is not None:
                raise HoyleError("--acc-edition is an option of the ACC code: add --laws acc")
            return None
        return law_code(laws, False, edition)

    def summarize_own_game(self, record: GameRecord) -> Any:
        from hoyle.cribbage.tally import summarize_game
        return summarize_game(record, 0, any_players=True)

    def sim_options(self) -> Sequence[Option]:
        return (Option("players", str, "expert,table",
                       "Two players, e.g. expert,table (random, greedy, table, expert, aware: "
                       "the score-aware expert, master: the aware expert reading the opponent and "
                       "searching the lay-away)."),
                Option("laws", str, None, "Law code the games are played under "
                       f"({' or '.join(self.codes())}; default none: the rules of play "
                       "alone, CRIB-R-13's lines both); its result rules (EW-xvii, "
                       "ACC-12.1)."),
                _edition_option(),
                Option("match", int, None, "Play --games matches of first to N games "
                       "instead of single games (ACC-1.5: the loser deals the next game; "
                       "EW: cut again): matches won, their games and game points."),
                _lurch_option(),
                Option("variant", str, None, "The two-hand game played: six-card (the "
                       "default, to 121), five-card (to 61, EW-P-83a) or eight-card."))

    def sim_help(self) -> str:
        return ("A match between two computer players: win rates with 95% confidence "
                "intervals,\npoints per deal by kind and role, skunks, the first dealer's "
                "win rate.")

    def play_options(self) -> Sequence[Option]:
        from hoyle.cribbage.players import PLAYERS
        return (
            Option("seed", int, None, "Seed for the game (every shuffle and every computer "
                                      "choice flows from it)."),
            Option("opponent", str, self.default_opponent,
                   f"Computer player: {', '.join(sorted(PLAYERS))}."),
            Option("save", Path, None, "Record file, written after every move "
                                       "(default hoyle-cribbage-DATE-TIME.json in the "
                                       "saves folder of your data directory)."),
            Option("manual_count", bool, False, "Claim your own points in the play and the "
                   "show; the laws rule over- and underclaims (EW-ix, EW-x)."),
            self.laws_option(),
            Option("variant", str, self.default_variant, _VARIANT_HELP),
            Option("muggins", bool, False, "Muggins announced (ACC-10.1; with --laws acc "
                                           "--manual-count)."),
            _edition_option(),
            _match_option(),
            _lurch_option(),
            Option("resume", Path, None, "Continue a saved game from its record file."))

    def referee_options(self) -> Sequence[Option]:
        return (
            self.laws_option(),
            Option("names", str, None, "The players, seat 0 first, comma-separated."),
            Option("variant", str, self.default_variant, _VARIANT_HELP),
            Option("muggins", bool, False, "Muggins announced (ACC-10.1; --laws acc only)."),
            _edition_option(),
            _match_option(),
            _lurch_option(),
            Option("scores", str, None, "The scores the game starts from, one per side, "
                   "e.g. 110,112 (a table that joins part way; recorded)."),
            Option("save", Path, None, "Record file (default hoyle-referee.json)."),
            Option("resume", Path, None, "Continue a refereed game from its record."))

    def laws_options(self) -> Sequence[Option]:
        return (Option("variant", str, None, "Also show the rules of play of a variant: "
                       + ", ".join(self.variants()) + "."),)



def _edition_option() -> Option:
    from hoyle.cribbage.laws.acc import PARAMS
    edition = next(p for p in PARAMS if p.name == "acc_edition")
    return Option("acc_edition", str, None,
                  f"The ACC rule book's edition ({', '.join(edition.values)}; default "
                  f"{edition.default}; --laws acc only): the rules that differ by edition "
                  "(ACC-4.4(b), ACC-8.11).", choices=tuple(edition.values))


def _lurch_option() -> Option:
    return Option("lurch_agreed", bool, False,
                  "The players agree before the game that a lurch (the loser below half "
                  "the target) counts as two games (EW-xvii; --laws ew only).")


def _match_option() -> Option:
    return Option("match", int, None,
                  "Play a match, first to N games (an agreed lurch counts two, EW-xvii; "
                  "ACC's game points tallied, ACC-12.1): each game its own record "
                  "(NAME-2.json, ...); the next game's first dealer as the code says "
                  "(ACC-1.5: the loser; EW: cut again).")


_VARIANT_HELP = ("six-card (to 121), five-card (to 61), three-hand (to 61), four-hand "
                 "(partners, to 121), eight-card.")

GAME = CribbageSpec()
"""The registry's cribbage."""
