"""The game registry: one :class:`GameSpec` per game, loaded when first asked for.

Everything above the games (the command line, simulation, the environments, the web app)
reaches a game only through here: it asks for :func:`get_game` by name (from a record's
``game`` field or a command's argument) and uses the spec's pieces, never importing a game's
package or comparing a game's name itself (``tests/engine/test_layers.py`` fails if one
does). Adding a game is its own package, with a ``GameSpec`` subclass instance named
``GAME`` in its ``game`` module, plus one line in :data:`GAMES` (``shared/DESIGN.md``).

>>> game_names()
('cribbage', 'ecarte')
>>> get_game("cribbage").title, get_game("ECARTE").title
('Cribbage', 'Écarté')
>>> get_game("piquet")
Traceback (most recent call last):
...
hoyle.errors.HoyleError: unknown game 'piquet' (known: cribbage, ecarte)
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Mapping, Sequence
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from hoyle.interface.commands import GameCommand
from hoyle.engine.event import Event, EventKind
from hoyle.interface.jobs import TableJob
from hoyle.engine.laws import LawCode, Param, report_menu
from hoyle.engine.names import by_name
from hoyle.interface.options import Option
from hoyle.engine.records import GameRecord
from hoyle.engine.state import GameState
from hoyle.interface.tally import MatchTotals, OwnGame, ResultSummary
from hoyle.errors import HoyleError, RecordError, short_repr

if TYPE_CHECKING:
    from hoyle.engine.encoding import Encoding

    from hoyle.interface.review import Review
    from hoyle.interface.text import GameText

__all__ = ["GAMES", "Capability", "TournamentScore", "GameSpec", "piece", "default_game", "game_names", "get_game", "games",
           "record_game"]

GAMES: dict[str, str] = {
    "cribbage": "hoyle.cribbage.game:GAME",
    "ecarte": "hoyle.ecarte.game:GAME",
}
"""Each game's name and where its :class:`GameSpec` lives (``module:attribute``), imported
only when the game is first asked for, so ``import hoyle`` stays light."""


UNDO_OPTION = "undos"
"""The record option that counts the person's undos (absent: none): the interface's
(:class:`hoyle.interface.play.PlayDriver`), never the game's."""


class Capability(StrEnum):
    """What a game may offer beyond the rules, its players and its words: each interface
    asks for the capability it needs (:meth:`GameSpec.has`) and goes without the game where
    it is absent, so a missing capability never breaks another game."""

    ENCODING = "encoding"
    """Action ids, observations and chance nodes: the research environments
    (PettingZoo, OpenSpiel)."""
    BATCH = "batch"
    """A batch engine in JAX: many games in lockstep as jitted functions (``hoyle.batch``)."""
    REFEREE = "referee"
    """A real table refereed (``hoyle referee``, the web referee table)."""
    MATCHES = "matches"
    """Matches between computer players (``hoyle sim``) and their summaries."""
    REVIEW = "review"
    """The review of a finished game's decisions (``hoyle review``)."""
    HINT = "hint"
    """The coach's advice at a person's move."""
    TOURNAMENTS = "tournaments"
    """Club nights and tournaments (``hoyle tournament``, :mod:`hoyle.clubs`): what a
    result entered at a table is worth (:meth:`GameSpec.tournament_score`)."""


class TournamentScore(NamedTuple):
    """What a game's result is worth in a tournament's standings.

    Attributes:
        game_points: to the winner (cribbage, ACC-12.1: 2, 3 a skunk); the loser gets 0.
        spread: the points by which the game was won (the loser's spread is minus this).
        skunk: the game was a skunk.
    """

    game_points: int
    spread: int
    skunk: bool = False


def piece(path: str) -> Any:
    """The object at ``path`` (``"module:attribute"``), its module imported now.

    Raises:
        HoyleError: no such module or attribute.
    """
    module, _, attr = path.partition(":")
    try:
        return getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as e:
        raise HoyleError(f"no piece {path!r}: {e}") from None


class GameSpec:
    """What the layers above the games need to know of one game.

    A game subclasses this in its own package (``hoyle/<game>/game.py``) and fills in the
    class attributes: its names and defaults, and where each of its pieces lives
    (``"module:attribute"``, imported when the piece is first asked for, so asking for a
    game costs nothing until a piece is used). It declares its optional
    :class:`Capability` set and overrides only what differs from the defaults here.

    What every game must give (the contract): :attr:`codes_at`, :attr:`players_at`,
    :attr:`text_at` and :attr:`state_at`; with them records, replay, verification, the
    play at a terminal and on the web work.

    Attributes:
        name: the registry name, also a record's ``game`` field (``"cribbage"``).
        title: the name people read (``"Cribbage"``, ``"Écarté"``).
        default_variant: the variant a new game gets (``"six-card"``).
        default_laws: the law code a new game gets (``"ew"``).
        default_opponent: the computer player a person meets by default.
        catalogue: the game's rules and laws catalogue, relative to ``shared/``
            (``"laws/cribbage.md"``), or an absolute path: the IDs that code and tests cite.
        rule_prefix: the prefix of the game's rule-of-play IDs (``"CRIB-R"``: ``CRIB-R-1``
            ...), each with a test named after it (``test_CRIB_R_1_...``).
        capabilities: what the game offers beyond the contract (:class:`Capability`).
        codes_at: its law codes by name (``dict[str, LawCode]``).
        players_at: its computer players by name (``dict[str, Callable[[], player]]``).
        text_at: its :class:`~hoyle.interface.text.GameText` class.
        state_at: ``state_for_record(record) -> state``, a new game from a record's header.
        kinds_at: its own event kinds (a ``StrEnum``), beside the framework's.
        rule_params_at: its rules of play's options (``Sequence[Param]``).
        variants_at: its variants' names, the default first (by default that one alone).
        encoding_at: its :class:`~hoyle.engine.encoding.Encoding` (with
            :attr:`Capability.ENCODING`).
        batch_at: its batch engine's class (with :attr:`Capability.BATCH`; called with the
            variant and rule options, it needs the extra ``hoyle[batch]``).
        summarize_at, empty_match_at: ``summarize(record, index)`` of a match's game and
            its :class:`~hoyle.interface.tally.MatchTotals` class (with
            :attr:`Capability.MATCHES`; ``play_match_game`` is the game's own method).
        hint_at: ``hint(state, seat) -> lines`` (with :attr:`Capability.HINT`).
        review_at, can_review_at: ``review(record, seat)`` and ``reviewable(record)`` (with
            :attr:`Capability.REVIEW`).
        stats_at, commands_at, table_jobs_at: ``hoyle stats GAME``'s
            :class:`~hoyle.interface.commands.GameCommand`, the game's own commands (a
            sequence) and its batch table jobs (a sequence).
    """

    name: ClassVar[str]
    title: ClassVar[str]
    default_variant: ClassVar[str] = "standard"
    default_laws: ClassVar[str]
    default_opponent: ClassVar[str] = "random"
    catalogue: ClassVar[str]
    rule_prefix: ClassVar[str]
    capabilities: ClassVar[frozenset[Capability]] = frozenset()
    codes_at: ClassVar[str]
    players_at: ClassVar[str]
    text_at: ClassVar[str]
    state_at: ClassVar[str]
    kinds_at: ClassVar[str] = ""
    rule_params_at: ClassVar[str] = ""
    variants_at: ClassVar[str] = ""
    encoding_at: ClassVar[str] = ""
    batch_at: ClassVar[str] = ""
    summarize_at: ClassVar[str] = ""
    empty_match_at: ClassVar[str] = ""
    hint_at: ClassVar[str] = ""
    review_at: ClassVar[str] = ""
    can_review_at: ClassVar[str] = ""
    stats_at: ClassVar[str] = ""
    commands_at: ClassVar[str] = ""
    table_jobs_at: ClassVar[str] = ""

    def has(self, capability: Capability) -> bool:
        """Whether the game offers ``capability``."""
        return capability in self.capabilities

    def __repr__(self) -> str:
        return f"<game {self.name}>"

    # -- rules and laws -------------------------------------------------------------------
    def variants(self) -> Sequence[str]:
        """The variant names, the default first (by default the one)."""
        return tuple(piece(self.variants_at)) if self.variants_at else (self.default_variant,)

    def codes(self) -> Mapping[str, LawCode]:
        """The law codes by name (``{"ew": ..., "acc": ...}``)."""
        return piece(self.codes_at)  # type: ignore[no-any-return]

    def get_code(self, name: str, **params: Any) -> LawCode:
        """The law code ``name`` (case-insensitive), with ``params`` changed.

        Raises:
            HoyleError: no such code, or a parameter it does not have.
        """
        code = by_name(self.codes(), name, "law code", fold_case=True)
        return code.with_params(**params) if params else code

    def report_menu(self, code: str | None = None) -> tuple[tuple[str, str, str], ...]:
        """The referee's report menu under the law code ``code`` (default the game's
        :attr:`default_laws`): the union of the kinds every code of the game names, each
        as ``(kind, law, what happened)``, ``law`` being ``"not covered by CODE"`` where
        the chosen code has no law for it (:func:`hoyle.engine.laws.report_menu`; the
        web referee table reads it).

        Raises:
            HoyleError: no such code.
        """
        return report_menu(self.get_code(code or self.default_laws))

    def rule_params(self) -> Sequence[Param]:
        """The options of the game's rules of play (its ``rules.RULE_PARAMS``; none by
        default)."""
        return piece(self.rule_params_at) if self.rule_params_at else ()

    def params(self, code: str | None = None) -> tuple[Param, ...]:
        """The game's whole parameter schema: the rules of play's options, then the law
        code's parameters (``code``, default the game's :attr:`default_laws`). Each
        :class:`~hoyle.engine.laws.Param` gives its default, the values it takes and what
        it decides; no name is in both.

        Raises:
            HoyleError: no such code.
        """
        laws = self.get_code(code or self.default_laws)
        return (*self.rule_params(), *laws.schema.values())

    def set_option(self) -> Option:
        """The ``set`` option of ``hoyle play GAME`` and ``hoyle referee GAME``: any rule
        of play or parameter of the law code, ``NAME=VALUE``, as many as wanted
        (:meth:`settings`)."""
        rules = self.rule_params()
        shown = next((p for p in rules if p.name == "target"), rules[0] if rules else None)
        example = f" e.g. --set {shown.name}={shown.default};" if shown is not None else ""
        return Option("set", list[str], None,
                      "A rule of play or a parameter of the law code, NAME=VALUE (again "
                      f"for each):{example} `hoyle laws {self.name} --params` lists them "
                      "and the values each takes.")

    def settings(self, sets: Sequence[str], code: str | None = None
                 ) -> tuple[dict[str, Any], dict[str, Any]]:
        """``--set NAME=VALUE`` words read by the game's parameter schema (:meth:`params`
        under the law code ``code``, default :attr:`default_laws`): the rules of play's
        options, and the law code's parameters, each by name, its value parsed
        (:meth:`hoyle.engine.laws.Param.parse`).

        Raises:
            HoyleError: a word not ``NAME=VALUE``, a name given twice, or no parameter of
                that name (the message says where the names are listed).
            ParameterError: a value the parameter does not take.
        """
        rule_params = {p.name: p for p in self.rule_params()}
        code_name = code or self.default_laws
        law_params = dict(self.get_code(code_name).schema)
        rules: dict[str, Any] = {}
        laws: dict[str, Any] = {}
        for word in sets:
            name, eq, text = word.partition("=")
            name = name.strip().lower().replace("-", "_")
            if not eq or not name:
                raise HoyleError(f"--set takes NAME=VALUE, not {short_repr(word)}")
            if name in rules or name in laws:
                raise HoyleError(f"--set {name} is given twice")
            if name in rule_params:
                rules[name] = rule_params[name].parse(text)
            elif name in law_params:
                laws[name] = law_params[name].parse(text)
            else:
                raise HoyleError(f"{self.title.lower()} under the {code_name} code has no "
                                 f"parameter {short_repr(name)} (see: hoyle laws "
                                 f"{self.name} --laws {code_name} --params)")
        return rules, laws

    # -- players --------------------------------------------------------------------------
    def players(self) -> Mapping[str, Callable[[], Any]]:
        """The computer players by name, each a factory of a new player
        (``choose(view, legal_actions, rng) -> action``)."""
        return piece(self.players_at)  # type: ignore[no-any-return]

    def make_player(self, name: str) -> Any:
        """A new computer player by name (in any case).

        Raises:
            HoyleError: unknown name (the message lists the known ones).
        """
        return by_name(self.players(), name, "player", fold_case=True)()

    # -- records --------------------------------------------------------------------------
    def state_for_record(self, record: GameRecord) -> GameState:
        """A new game with the record's variant, options, law code and seed (no actions).

        Raises:
            RecordError: not a record of this game, or a bad variant, option or law code.
        """
        if UNDO_OPTION in record.options:  # the person's undos: the interface's, not the game's
            record = dataclasses.replace(record, options={
                k: v for k, v in record.options.items() if k != UNDO_OPTION})
        return piece(self.state_at)(record)  # type: ignore[no-any-return]

    def replay_record(self, record: GameRecord,
                      seeded: bool = False) -> tuple[GameState, list[Event]]:
        """Replay ``record``: the final state and every event, in order; with ``seeded``
        (a saved game against the computer) every chance outcome must be the one its seed
        gives (:func:`hoyle.engine.runner.replay_record`).

        Raises:
            RecordError: a bad header, or an action that cannot be read or is illegal where
                it stands (the error names the first), a chance outcome not the seed's
                (``seeded``), or a stored result the replay disagrees with.
        """
        from hoyle.engine.runner import replay_record

        state = self.state_for_record(record)
        return state, replay_record(state, record, seeded)

    # -- envs -----------------------------------------------------------------------------
    def encoding(self) -> Encoding | None:
        """The game's action ids, observations and chance nodes for the research
        environments (``hoyle.envs``: PettingZoo and OpenSpiel), imported on first call;
        ``None`` for a game without :attr:`Capability.ENCODING` (the environments leave it
        out)."""
        if not self.has(Capability.ENCODING):
            return None
        return piece(self.encoding_at)  # type: ignore[no-any-return]

    def encoded(self) -> Encoding:
        """:meth:`encoding`, for an interface that needs one.

        Raises:
            HoyleError: the game has no encoding (no research environment).
        """
        encoding = self.encoding()
        if encoding is None:
            raise HoyleError(f"{self.title} has no encoding, so no research environment")
        return encoding

    def batch_engine(self, **options: Any) -> Any:
        """The game's batch engine (``hoyle.batch``), made with ``options`` (the variant,
        rule options, ``history``); imported on first call.

        Raises:
            HoyleError: the game has no batch engine, or the options are not the game's.
        """
        if not self.has(Capability.BATCH):
            have = [g.name for g in games(Capability.BATCH)]
            raise HoyleError(f"{self.title} has no batch engine (hoyle.batch plays "
                             f"{', '.join(have) or 'no game'})")
        return piece(self.batch_at)(**options)

    # -- sim and analysis: matches, statistics, advice -----------------------------------
    def tournament_score(self, points: tuple[int, int]) -> TournamentScore:
        """What a game won ``points[0]`` to ``points[1]`` is worth in a tournament (with
        :attr:`Capability.TOURNAMENTS`).

        Raises:
            HoyleError: points no game of it can end with.
        """
        raise NotImplementedError

    def play_match_game(self, names: tuple[str, str], seed: int, index: int,
                        params: Mapping[str, Any] | None = None) -> Any:
        """Play game ``index`` (from 0) of a match seeded ``seed`` between the computer
        players ``names`` (A = seat 0, B = seat 1; A deals first when ``index`` is even),
        every random choice flowing from ``(seed, index)``: its summary, which
        :meth:`empty_match`'s ``add`` counts, with the game's record (JSON-ready) as its
        ``record``. ``params``: the values of the game's own sim options beyond
        ``players`` (:meth:`sim_options`; checked by :meth:`check_sim_params`).

        Raises:
            HoyleError: an unknown player name.
        """
        raise NotImplementedError

    def check_sim_params(self, params: Mapping[str, Any]) -> None:
        """Check the values of the game's own sim options beyond ``players`` before a run
        starts (so a bad value writes nothing).

        Raises:
            HoyleError: a value the game does not take (one line, naming the option).
        """
        if any(v is not None for v in params.values()):
            raise HoyleError(f"{self.name} matches take no options but --players")

    def summarize_match_game(self, record: GameRecord, index: int) -> Any:
        """The summary :meth:`play_match_game` made of a finished game of a match, from
        its record (replayed, every action checked; its ``record`` left empty).

        Raises:
            RecordError: the record does not replay, is unfinished, or is not a game a
                match plays (e.g. not two-hand).
        """
        return piece(self.summarize_at)(record, index)

    def summarize_own_game(self, record: GameRecord) -> OwnGame:
        """A finished game's summary for the person's statistics (``hoyle stats --mine``):
        as :meth:`summarize_match_game`, for a game of any number of seats the game has
        (``winner`` and ``scores`` by side, ``points`` by ``"kind:role"`` and ``deals`` by
        role for each seat, ``skunk`` where the game has one). By default the match's
        (:attr:`Capability.MATCHES`), else the replayed result's winner and scores.

        Raises:
            RecordError: the record does not replay or is unfinished.
        """
        if self.has(Capability.MATCHES):
            return self.summarize_match_game(record, 0)  # type: ignore[no-any-return]
        self.replay_record(record)  # RecordError: it does not replay
        result = record.result or {}
        winner, scores = result.get("winner"), result.get("scores")
        if not isinstance(winner, int) or not isinstance(scores, list) or \
                not all(isinstance(s, int) for s in scores):
            raise RecordError("an unfinished game, or a result with no winner and scores")
        seats = len(record.seats)
        return ResultSummary(winner, tuple(scores), tuple({} for _ in range(seats)),
                             tuple({} for _ in range(seats)))

    def empty_match(self, names: tuple[str, str]) -> MatchTotals:
        """A match of no games yet between players ``names`` (A, B): the game's
        :class:`~hoyle.interface.tally.MatchTotals`, whose ``add`` counts a game's summary
        and whose ``rows`` and ``title`` give its results table."""
        return piece(self.empty_match_at).empty(names)  # type: ignore[no-any-return]

    def sim_options(self) -> Sequence[Option]:
        """The game's own options of ``hoyle sim GAME``: ``players``, the two computer
        players as ``A,B`` (its default the match to run when none is named, its help
        listing the players). By default the default opponent against itself."""
        return (Option("players", str, f"{self.default_opponent},{self.default_opponent}",
                       f"Two players, e.g. {self.default_opponent},{self.default_opponent} "
                       f"({', '.join(self.players())})."),)

    def sim_help(self) -> str:
        """The help of ``hoyle sim GAME`` (what its results table shows)."""
        return (f"A {self.title.lower()} match between two computer players: win rates with "
                "95% confidence intervals.")

    def stats_command(self) -> GameCommand | None:
        """``hoyle stats GAME`` (named after the game), or ``None`` if the game has no
        statistics."""
        return piece(self.stats_at) if self.stats_at else None

    def commands(self) -> Sequence[GameCommand]:
        """The game's own top-level commands (cribbage's ``hoyle score`` and ``hoyle
        discard``), if any."""
        return tuple(piece(self.commands_at)) if self.commands_at else ()

    def review(self, record: GameRecord, seat: int | None = None,
               coach: str | None = None) -> Review:
        """``hoyle review``: every decision of a finished game's record (of ``seat``, or
        every seat's) with the game's expert's choice (or ``coach``'s, a computer player
        of the game the review knows) and what the one made cost.

        Raises:
            RecordError: the record does not replay.
            HoyleError: the game (or this kind of game) has no review, no such seat, or
                no such coach.
        """
        if not self.has(Capability.REVIEW):
            raise HoyleError(f"no review for a game of {self.name}")
        if coach is None:
            return piece(self.review_at)(record, seat)  # type: ignore[no-any-return]
        return piece(self.review_at)(record, seat, coach=coach)  # type: ignore[no-any-return]

    def can_review(self, record: GameRecord) -> bool:
        """Whether :meth:`review` reviews a game like ``record``'s (its kind: variant,
        players; read from the header, not replayed), so an interface offers the review at
        the end of a game only where there is one."""
        return self.has(Capability.REVIEW) and bool(piece(self.can_review_at)(record))

    def table_jobs(self) -> Sequence[TableJob]:
        """The game's batch table jobs (``hoyle tables NAME``: cribbage's ``win``), run by
        the layers above on any executor (:mod:`hoyle.sim.executors`)."""
        return tuple(piece(self.table_jobs_at)) if self.table_jobs_at else ()

    # -- cli: the interactive sessions and the game's commands ----------------------------
    def event_kinds(self) -> tuple[str, ...]:
        """Every kind of event the game emits: the framework's
        (:class:`~hoyle.engine.event.EventKind`), then its own (``hoyle.<game>.events.Kind``),
        each a ``str`` enum member."""
        own = tuple(piece(self.kinds_at)) if self.kinds_at else ()
        return (*EventKind, *own)

    def hint(self, state: GameState, seat: int, coach: str | None = None) -> list[str]:
        """The coach's advice to ``seat``, to move now in ``state`` (lines, markup), from
        what the seat may know only (its ``view``): by default what the game's expert
        player would do, or the computer player named ``coach``. Empty when the seat is
        not to move.

        Raises:
            HoyleError: the game has no player to ask, or none named ``coach``.
        """
        if not self.has(Capability.HINT):
            return []
        if coach is None:
            return piece(self.hint_at)(state, seat)  # type: ignore[no-any-return]
        return piece(self.hint_at)(state, seat, coach=coach)  # type: ignore[no-any-return]

    def text(self) -> GameText:
        """The game's words and the reading of what a person types (event lines, prompts,
        moves, the referee's menu), for any interface: strings in, strings out."""
        return piece(self.text_at)()  # type: ignore[no-any-return]

    def play_options(self) -> Sequence[Option]:
        """The options of ``hoyle play GAME``, in order: ``seed`` (``int | None``),
        ``save`` and ``resume`` (``Path | None``) and the game's own (their values reach
        :meth:`GameText.new_play` by name). By default those, the opponent and the law
        code."""
        return (
            Option("seed", int, None, "Seed for the game (every shuffle and every computer "
                                      "choice flows from it)."),
            Option("opponent", str, self.default_opponent,
                   f"Computer player: {', '.join(self.players())}."),
            self.laws_option(),
            Option("save", Path, None, "Record file, written after every move (default "
                   f"hoyle-{self.name}-DATE-TIME.json in the saves folder of your data "
                   "directory)."),
            Option("resume", Path, None, "Continue a saved game from its record file."))

    def laws_option(self) -> Option:
        """The ``laws`` option of a command: the law code, the game's default first."""
        return Option("laws", str, self.default_laws, f"Law code: {' or '.join(self.codes())}.")

    def referee_options(self) -> Sequence[Option]:
        """The options of ``hoyle referee GAME``, in order: ``names`` (``str | None``,
        comma-separated), ``save`` and ``resume`` (``Path | None``) and the game's own
        (their values reach :meth:`GameText.new_referee` by name). By default those and
        the law code (with :attr:`Capability.REFEREE`; none without)."""
        if not self.has(Capability.REFEREE):
            return ()
        return (
            self.laws_option(),
            Option("names", str, None, "The players, seat 0 first, comma-separated."),
            Option("save", Path, None, f"Record file (default hoyle-referee-{self.name}.json)."),
            Option("resume", Path, None, "Continue a refereed game from its record."))

    def laws_options(self) -> Sequence[Option]:
        """The game's own options of ``hoyle laws GAME`` (their values reach
        :meth:`GameText.laws_preface`); the law ID and ``--laws`` are every game's."""
        return ()


@cache
def _load(name: str) -> GameSpec:
    spec = piece(GAMES[name])
    if not isinstance(spec, GameSpec) or spec.name != name:
        raise HoyleError(f"the registry entry for {name!r} is not its GameSpec")
    return spec


def get_game(name: str) -> GameSpec:
    """The game named ``name`` (case-insensitive).

    Raises:
        HoyleError: no such game (the message lists the known ones).
    """
    key = by_name({n: n for n in GAMES}, name, "game", fold_case=True)
    return _load(key)


def record_game(record: GameRecord) -> GameSpec:
    """The game a record is of (its ``game`` field, as :func:`get_game` reads it).

    Raises:
        RecordError: no such game (the message lists the known ones).
    """
    try:
        return get_game(record.game)
    except HoyleError as e:
        raise RecordError(f"a record of no game hoyle knows: {e}") from None


def game_names() -> tuple[str, ...]:
    """The registered games' names, in registry order."""
    return tuple(GAMES)


def default_game() -> GameSpec:
    """The game an interface starts when none is named (``hoyle play`` alone): the first
    registered.

    >>> default_game().name
    'cribbage'
    """
    return _load(next(iter(GAMES)))


def games(capability: Capability | None = None) -> tuple[GameSpec, ...]:
    """Every registered game's spec (each loaded on first use); with ``capability``, only
    the games that offer it."""
    return tuple(spec for spec in (_load(n) for n in GAMES)
                 if capability is None or spec.has(capability))
