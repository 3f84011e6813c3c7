"""A club night or a tournament, run as a director runs it with paper score sheets: the
field, the rounds' pairings, the results entered by the players (both must agree, a
disagreement goes to the director), corrections with an audit trail, the standings by game
points, and the playoffs.

The formats (:data:`FORMATS`):

- ``club-night`` (ACC "Grass Roots" style): a fixed number of games, each against a
  different opponent, by the circle rotation (:func:`~hoyle.clubs.pairings.circle_round`);
  at most ``n - 1`` games for ``n`` players;
- ``qualifying`` (ACC sanctioned style): 12 to 22 games by rotation, no one meeting
  another more than twice, then :meth:`Tournament.start_playoffs`: the top quarter of the
  field into a knock-out of first-to-N matches (byes to the top seeds when the cut is not
  a power of two);
- ``round-robin``: everyone meets everyone once (``n - 1`` rounds);
- ``swiss``: each round pairs the standings from the top, no repeats.

The first deal of each game (``first_deal``): ``cut`` (the table cuts before each game),
``alternate`` (each pairing's first dealer is the player who has dealt first fewer times so
far), ``two-games`` (two games a round against each opponent, the first deal alternating).
In a playoff match the first game is cut for and the loser of each game deals first in the
next (ACC-1.5, a [summary] entry of the catalogue).

Scoring: the game's own terms (``GameSpec.tournament_score``: for cribbage, ACC-12.1's game
points, 2 a win and 3 a skunk, 0 a loss), the spread (the points by which a game was won or
lost) recorded per game. A bye counts ``bye_game_points`` (default 2, a win) and
``bye_spread`` (default 0): a marked default, the ACC rules in the catalogue say nothing of
byes in a qualifying round. Standings: by the tie-breaks in order (default game points,
then games won, then spread: the order clubs and ACC events use); players equal on every
one share a place.

Every change is in :attr:`Tournament.audit` (who, when, what, before and after). A failed
operation raises :class:`TournamentError` (a :class:`~hoyle.errors.HoyleError`) and
changes nothing.

>>> t = Tournament.new("cribbage", "club-night", ["Ann", "Bob", "Cy", "Di"], games=3, seed=0)
>>> g = t.pair_next_round()[0]
>>> names = [t.name_of(p) for p in g.players]
>>> t.enter(g.key, names[0], winner=names[0], points=(121, 95))
'awaiting'
>>> t.enter(g.key, names[1], winner=names[0], points=(121, 95))
'agreed'
>>> t.standings()[0].game_points, t.standings()[0].spread
(2, 26)
"""

from __future__ import annotations

import csv
import io
import json
import random
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from typing import Any

from hoyle.clubs.pairings import (PairingError, bracket, circle_round, fewest_repeats,
                                  meetings, pair_round)
from hoyle.errors import HoyleError, short_repr
from hoyle.interface.registry import TournamentScore as Score

__all__ = ["FORMATS", "FIRST_DEALS", "TIE_BREAKS", "VENUES", "TournamentError", "Tournament",
           "ranked", "season_standings", "points_of", "clean_name", "Game",
           "Result", "Standing", "Match", "Score"]

FORMATS = ("club-night", "qualifying", "round-robin", "swiss")
MAX_FIRST_TO = 9
"""The longest playoff match: first to 9 games."""
STATUSES = ("open", "awaiting", "agreed", "disputed", "settled", "table", "bye")
"""A game's statuses: no result yet (open, awaiting the other report, disputed), or how
its result came to stand."""
_KEY = re.compile(r"(?:[0-9]{1,2}\.(?:[0-9]{1,3}b?|bye)|P[0-9]{1,2}\.[0-9]{1,3}\.[0-9]{1,2})",
                  re.ASCII)
MAX_NAME = 40
"""The longest player's name, in characters."""
MAX_GAMES = 99
"""The most games a tournament's players play."""
MAX_FILE = 16 * 1024 * 1024
"""The largest tournament file read, in bytes (16 MiB)."""
FIRST_DEALS = ("cut", "alternate", "two-games")
VENUES = ("tables", "online")
"""Where the games are played: at real tables (the players report the results), or online
at hoyle's web tables (each result from its table)."""
TIE_BREAKS = {"game_points": "game points", "wins": "games won", "spread": "spread",
              "skunks": "skunks won"}
"""The tie-breaks a tournament may order its standings by, with the words shown."""
_REPEATS = {"club-night": 1, "qualifying": 2, "round-robin": 1, "swiss": 1}
DIRECTOR = "director"


class TournamentError(HoyleError):
    """A tournament operation that cannot be done (an unknown player, a result for a game
    not in the round, scores no game could end with, a corrupt file); nothing changed."""


@dataclass(frozen=True)
class Result:
    """A game's result: the ``winner`` (a player id) and the ``points`` (winner's, loser's)."""

    winner: int
    points: tuple[int, int]


@dataclass
class Game:
    """One game of a round (or of a playoff match): its key (``"3.2"``: round 3, table 2;
    ``"3.2b"``: the second game of a two-game pairing; ``"P1.2.3"``: playoff round 1, match
    2, game 3), its players (ids; ``players[1]`` ``None`` for a bye), the first dealer (an
    id, ``None`` when the table cuts), the players' reports and the result that stands."""

    key: str
    players: tuple[int, int | None]
    first_dealer: int | None = None
    reports: dict[int, Result] = field(default_factory=dict)
    result: Result | None = None
    status: str = "open"  # open, awaiting, agreed, disputed, settled, table, bye

    @property
    def bye(self) -> bool:
        return self.players[1] is None


@dataclass
class Match:
    """A playoff match: seeds' players (``b`` ``None`` for a bye), its games, its winner."""

    a: int
    b: int | None
    games: list[Game] = field(default_factory=list)
    winner: int | None = None


@dataclass(frozen=True)
class Standing:
    """One player's line of the standings (``place`` shared by equal players)."""

    place: int
    player: int
    name: str
    played: int
    wins: int
    losses: int
    game_points: int
    spread: int
    skunks: int
    byes: int
    withdrawn: bool

    def key(self, tie_breaks: Sequence[str]) -> tuple[int, ...]:
        return tuple(getattr(self, k) for k in tie_breaks)


_POINTS = re.compile(r"\s*([0-9]{1,3})\s*[-:]\s*([0-9]{1,3})\s*", re.ASCII)


def points_of(text: str) -> tuple[int, int]:
    """A result's points as typed: the winner's then the loser's, ``"121-95"`` (or
    ``121:95``), ASCII digits only.

    >>> points_of(" 121 - 95 ")
    (121, 95)

    Raises:
        TournamentError: anything else.
    """
    found = _POINTS.fullmatch(str(text)[:40])
    if found is None:
        raise TournamentError(f"points are the winner's then the loser's, e.g. 121-95 (got "
                              f"{short_repr(text)})")
    return int(found.group(1)), int(found.group(2))


def _cell(value: Any) -> Any:
    """A CSV cell that a spreadsheet reads as text, never as a formula (a name beginning
    with ``=``, ``+``, ``-``, ``@``: OWASP's CSV injection advice, a leading ``'``)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def clean_name(text: str, what: str, longest: int = MAX_NAME) -> str:
    """``text`` as a name: NFC, spaces made one, no control or format character (a
    right-to-left override would spoof the names beside it), 1 to ``longest`` characters.

    Raises:
        TournamentError: empty, too long, or with such a character (``what`` says whose).
    """
    name = unicodedata.normalize("NFC", " ".join(str(text).split()))
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in name):
        raise TournamentError(f"{what} may not hold control or format characters")
    if not 1 <= len(name) <= longest:
        raise TournamentError(f"{what} must be 1 to {longest} characters (got "
                              f"{short_repr(name)})")
    return name


def same_name(a: str, b: str) -> bool:
    """Whether two names are one (case, width and compatibility forms aside: NFKC)."""
    return (unicodedata.normalize("NFKC", a).casefold()
            == unicodedata.normalize("NFKC", b).casefold())


def ranked(lines: Sequence[Standing], tie_breaks: Sequence[str]) -> list[Standing]:
    """``lines`` best first by ``tie_breaks`` in order, each given its place; lines equal
    on every tie-break share the place (listed by name)."""
    order = sorted(lines, key=lambda x: (tuple(-v for v in x.key(tie_breaks)),
                                         x.name.casefold()))
    out: list[Standing] = []
    for i, line in enumerate(order):
        same = out and out[-1].key(tie_breaks) == line.key(tie_breaks)
        out.append(Standing(**(asdict(line) | {"place": out[-1].place if same else i + 1})))
    return out


def season_standings(nights: Sequence[Tournament],
                     tie_breaks: Sequence[str] | None = None) -> list[Standing]:
    """A league's season: the standings of ``nights`` (each a club night, in any order)
    carried over, each player's figures summed across the nights he played (players
    matched by name, whatever its case), ranked by ``tie_breaks`` (default: the first
    night's). A player's ``player`` number is his order of first appearance.

    Raises:
        TournamentError: no night, or nights of different games.
    """
    if not nights:
        raise TournamentError("a season needs at least one night")
    if len({t.game for t in nights}) > 1:
        raise TournamentError("a season's nights are all of one game (got "
                              f"{', '.join(sorted({t.game for t in nights}))})")
    keys = ("played", "wins", "losses", "game_points", "spread", "skunks", "byes")
    sums: dict[str, dict[str, Any]] = {}
    for t in nights:
        for s in t.standings():
            row = sums.setdefault(s.name.casefold(), {"name": s.name, "player": len(sums) + 1,
                                                       **dict.fromkeys(keys, 0)})
            for k in keys:
                row[k] += getattr(s, k)
    return ranked([Standing(place=0, withdrawn=False, **row) for row in sums.values()],
                  tuple(tie_breaks or nights[0].tie_breaks))


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class Tournament:
    """A tournament's whole state, saved as JSON (:meth:`to_json`, :meth:`from_json`).

    Attributes:
        game: the registry name of the game played (its terms score the results).
        venue: one of :data:`VENUES`.
        format: one of :data:`FORMATS`.
        games: rounds (games a player plays, two-game pairings counting two).
        players: names by id (ids from 1, in entry order).
        rounds: each round's games.
        audit: ``{"when", "who", "what", "before", "after"}`` entries, oldest first.
    """

    def __init__(self, game: str, fmt: str, games: int, *, seed: int = 0,
                 first_deal: str = "cut", tie_breaks: Sequence[str] = ("game_points", "wins",
                                                                          "spread"),
                 bye_game_points: int = 2, bye_spread: int = 0, name: str = "",
                 venue: str = "tables", clock: Callable[[], str] = _now) -> None:
        self.game, self.format, self.games, self.seed = game, fmt, games, seed
        self.venue = venue
        self.first_deal, self.tie_breaks = first_deal, tuple(tie_breaks)
        self.bye_game_points, self.bye_spread = bye_game_points, bye_spread
        self.name = clean_name(name, "a tournament's name", 80) if name.strip() else ""
        self.players: dict[int, str] = {}
        self.withdrawn: set[int] = set()
        self.order: list[int] = []  # the rotation's seating order
        self.rounds: list[list[Game]] = []
        self.playoff: list[list[Match]] = []
        self.first_to = 0
        self.seeds: list[int] = []
        self.audit: list[dict[str, Any]] = []
        self.clock = clock
        self._check()

    # -- making one ----------------------------------------------------------------------
    @classmethod
    def new(cls, game: str, fmt: str, names: Sequence[str], games: int, **kw: Any
            ) -> Tournament:
        """A tournament of ``game`` in format ``fmt`` for the players ``names`` (the
        rotation's seating drawn from ``seed``), ``games`` rounds.

        Raises:
            TournamentError: an unknown format, first deal or tie-break; fewer than two
                players or a name twice; more rounds than the format allows for the field
                (club night and round robin: ``n - 1``; qualifying 12 to 22, each pair at
                most twice; Swiss ``n - 1``); a game without tournament scoring.
        """
        t = cls(game, fmt, games, **kw)
        for n in names:
            t._add(n)
        if len(t.players) < 2:
            raise TournamentError("a tournament needs at least two players")
        t.order = list(t.players)
        random.Random(f"hoyle-seating:{t.seed}").shuffle(t.order)
        t._check_rounds(len(t.players))
        t._log(DIRECTOR, "created", None, t.summary())
        return t

    def _check(self) -> None:
        from hoyle.interface.registry import Capability, games, get_game
        if self.format not in FORMATS:
            raise TournamentError(f"unknown format {short_repr(self.format)} (one of "
                                  f"{', '.join(FORMATS)})")
        if self.first_deal not in FIRST_DEALS:
            raise TournamentError(f"unknown first deal {short_repr(self.first_deal)} (one of "
                                  f"{', '.join(FIRST_DEALS)})")
        if self.venue not in VENUES:
            raise TournamentError(f"unknown venue {short_repr(self.venue)} (one of "
                                  f"{', '.join(VENUES)})")
        bad = [k for k in self.tie_breaks if k not in TIE_BREAKS]
        if bad or not self.tie_breaks or len(set(self.tie_breaks)) != len(self.tie_breaks):
            raise TournamentError(f"tie-breaks must be distinct names among "
                                  f"{', '.join(TIE_BREAKS)} (got {short_repr(list(self.tie_breaks))})")
        if not isinstance(self.games, int) or not 1 <= self.games <= MAX_GAMES:
            raise TournamentError(f"games must be a whole number from 1 to {MAX_GAMES} "
                                  f"(got {short_repr(self.games)})")
        if not isinstance(self.bye_game_points, int) or not 0 <= self.bye_game_points <= 4:
            raise TournamentError(f"a bye counts 0 to 4 game points (got "
                                  f"{short_repr(self.bye_game_points)})")
        if not isinstance(self.bye_spread, int) or not -200 <= self.bye_spread <= 200:
            raise TournamentError(f"a bye's spread is -200 to 200 (got "
                                  f"{short_repr(self.bye_spread)})")
        try:
            spec = get_game(self.game)
        except HoyleError:
            raise TournamentError(f"no game {short_repr(self.game)} (one of: "
                                  f"{', '.join(g.name for g in games(Capability.TOURNAMENTS))}"
                                  ")") from None
        if not spec.has(Capability.TOURNAMENTS):
            raise TournamentError(f"{spec.title} has no tournament scoring")

    def _check_rounds(self, n: int) -> None:
        if self.format == "qualifying" and not 12 <= self.games <= 22:
            raise TournamentError(f"an ACC qualifying round is 12 to 22 games (asked "
                                  f"{self.games})")
        if self.first_deal == "two-games" and self.games % 2:
            raise TournamentError(f"two games a pairing needs an even number of games "
                                  f"(asked {self.games})")
        limit = self._limit()
        cycle = n - 1 if n % 2 == 0 else n  # rounds before the rotation comes round again
        if self._pairings() > cycle * limit:
            raise TournamentError(
                f"{n} players can play at most {cycle * limit * self._per()} game(s) of "
                f"{self.format} without anyone meeting another more than "
                f"{'once' if limit == 1 else 'twice'} (asked {self.games})")
        # (in pairings: two-game pairings meet once, the two games being the limit)

    def _limit(self) -> int:
        """Times two players may be paired (qualifying: two games, so one two-game
        pairing; ACC style)."""
        return max(1, _REPEATS[self.format] // self._per())

    def _per(self) -> int:
        """Games a pairing plays in a round."""
        return 2 if self.first_deal == "two-games" else 1

    def _pairings(self) -> int:
        """Rounds of pairings the qualifying games make."""
        return -(-self.games // self._per())

    def summary(self) -> str:
        deal = {"cut": "a cut before each game", "alternate": "first deal alternating",
                "two-games": "two games a pairing, first deal alternating"}[self.first_deal]
        return (f"{self.format}, {self.games} games, {len(self.players)} players, {deal}; "
                f"standings by {', then '.join(TIE_BREAKS[k] for k in self.tie_breaks)}")

    def _add(self, name: str) -> int:
        name = clean_name(name, "a player's name")
        if same_name(name, "bye"):
            raise TournamentError("'bye' is what the pairings call a round without an "
                                  "opponent: choose another name")
        if any(same_name(name, n) for n in self.players.values()):
            raise TournamentError(f"{name!r} is already entered")
        pid = max(self.players, default=0) + 1
        self.players[pid] = name
        return pid

    def _log(self, who: str, what: str, before: Any, after: Any) -> None:
        self.audit.append({"when": self.clock(), "who": who, "what": what,
                           "before": before, "after": after})

    # -- the field -----------------------------------------------------------------------
    def player(self, name: str) -> int:
        """The id of the player ``name`` (case and spacing ignored).

        Raises:
            TournamentError: no such player.
        """
        want = " ".join(str(name).split()).casefold()
        for pid, n in self.players.items():
            if n.casefold() == want:
                return pid
        raise TournamentError(f"no player {short_repr(name)} in this tournament (players: "
                              f"{', '.join(self.players.values())})")

    def name_of(self, pid: int | None) -> str:
        return "bye" if pid is None else self.players[pid]

    def active(self) -> list[int]:
        """The players still in, in the rotation's order."""
        return [p for p in self.order if p not in self.withdrawn]

    def late_entry(self, name: str, who: str = DIRECTOR) -> int:
        """Enter ``name`` before the next round (paired from it on; no games before).

        Raises:
            TournamentError: a bad or taken name; the playoffs have begun.
        """
        if self.playoff:
            raise TournamentError("the playoffs have begun: no late entries")
        if len(self.rounds) >= self._pairings():
            raise TournamentError(f"all {self.games} games have been paired: no late "
                                  "entries")
        pid = self._add(name)
        self.order.append(pid)
        self._log(who, "late entry", None, f"{name} from round {len(self.rounds) + 1}")
        return pid

    def withdraw(self, name: str, who: str = DIRECTOR) -> None:
        """Withdraw ``name``: not paired from the next round; results so far stand.

        Raises:
            TournamentError: no such player, or already withdrawn.
        """
        pid = self.player(name)
        if pid in self.withdrawn:
            raise TournamentError(f"{self.players[pid]} has already withdrawn")
        if self.playoff:
            raise TournamentError("the playoffs have begun: a player out of them loses his "
                                  "match by the director's result (settle), not by "
                                  "withdrawing")
        self.withdrawn.add(pid)
        when = f"after round {len(self.rounds)}" if self.rounds else "before round 1"
        self._log(who, "withdrawal", None, f"{self.players[pid]} {when}")

    # -- pairing -------------------------------------------------------------------------
    def round_complete(self) -> bool:
        """Whether every game of the last round paired has a result that stands."""
        return all(g.result is not None for g in (self.rounds[-1] if self.rounds else ()))

    def pair_next_round(self, who: str = DIRECTOR) -> list[Game]:
        """Pair the next round (all results of the last one must be in): the rotation for
        club nights, qualifying and round robins (by search when the field has changed
        and the rotation would repeat a pairing), the standings for Swiss.

        Raises:
            TournamentError: the rounds are all played, a result is missing, or no
                pairing keeps within the format's repeats.
        """
        if self.playoff:
            raise TournamentError("the playoffs have begun")
        if self.rounds and not self.round_complete():
            missing = [g.key for g in self.rounds[-1] if g.result is None]
            raise TournamentError(f"round {len(self.rounds)} is not finished: no result "
                                  f"yet for game(s) {', '.join(missing)}")
        if len(self.rounds) >= self._pairings():
            raise TournamentError(f"all {self.games} games have been paired")
        field = self.active()
        limit = self._limit()
        met = meetings([[(g.players[0], g.players[1]) for g in r if g.players[1] is not None
                         and not g.key.endswith("b")] for r in self.rounds])
        byes = Counter(g.players[0] for r in self.rounds for g in r if g.bye)
        try:
            if self.format == "swiss":
                ranked = [s.player for s in self.standings() if s.player in field]
                ranked += [p for p in field if p not in ranked]
                try:
                    pairs, bye = pair_round(ranked, met, limit, byes)
                except PairingError:  # the unmet pairs cannot make a round (e.g. two
                    pairs, bye = self._fewest(ranked, met, limit, byes)  # triangles)
                    repeat = [p for p in pairs if met[frozenset(p)] >= limit]
                    self._log(who, "a repeat pairing could not be avoided", None,  # repeats
                              "; ".join(f"{self.name_of(a)} v {self.name_of(b)}"
                                        for a, b in repeat))
            else:
                pairs, bye = circle_round(field, len(self.rounds))
                if any(met[frozenset(p)] >= limit for p in pairs) or \
                        any(byes[b] > min(byes[p] for p in field) for b in bye):
                    pairs, bye = pair_round(field, met, limit, byes)
        except PairingError as e:
            raise TournamentError(str(e)) from None
        number = len(self.rounds) + 1
        dealt = Counter(g.first_dealer for r in self.rounds for g in r
                        if g.first_dealer is not None and not g.key.endswith("b"))
        games: list[Game] = []
        for table, (a, b) in enumerate(pairs, 1):
            first = None
            if self.first_deal != "cut":
                first = a if (dealt[a], a) <= (dealt[b], b) else b
            games.append(Game(f"{number}.{table}", (a, b), first))
            if self.first_deal == "two-games":
                games.append(Game(f"{number}.{table}b", (a, b), b if first == a else a))
        for p in bye:
            g = Game(f"{number}.bye", (p, None), None, status="bye")
            g.result = Result(p, (0, 0))
            games.append(g)
        self.rounds.append(games)
        self._log(who, f"round {number} paired", None,
                  "; ".join(f"{g.key}: {self.name_of(g.players[0])} v "
                            f"{self.name_of(g.players[1])}" for g in games))
        return games

    def _fewest(self, ranked: list[int], met: Counter[frozenset[int]], limit: int,
                byes: Counter[int]) -> tuple[list[tuple[int, int]], list[int]]:
        """A Swiss round with the fewest repeat pairings (the bye as :func:`pair_round`
        gives it: the lowest placed with the fewest byes).

        Raises:
            PairingError: none even with repeats.
        """
        candidates: list[int | None] = [None]
        if len(ranked) % 2:
            fewest = min(byes[p] for p in ranked)
            candidates = [p for p in reversed(ranked) if byes[p] == fewest]
        best: tuple[int, list[tuple[int, int]], list[int]] | None = None
        for bye in candidates:
            found = fewest_repeats([p for p in ranked if p != bye], met, limit)
            if found is not None:
                n = sum(met[frozenset(p)] >= limit for p in found)
                if best is None or n < best[0]:
                    best = (n, found, [] if bye is None else [bye])
        if best is None:
            raise PairingError("no Swiss pairing even with repeats")
        return best[1], best[2]

    # -- results -------------------------------------------------------------------------
    def open_games(self) -> list[Game]:
        """Every game paired that has no result standing yet (the round's, the playoffs'),
        in order."""
        games = [g for r in self.rounds for g in r]
        games += [g for r in self.playoff for m in r for g in m.games]
        return [g for g in games if g.result is None]

    def find(self, key: str) -> Game:
        """The game ``key`` (``"3.2"``, ``"P1.1.2"``).

        Raises:
            TournamentError: no such game.
        """
        for r in self.rounds:
            for g in r:
                if g.key == key:
                    return g
        for matches in self.playoff:
            for m in matches:
                for pg in m.games:
                    if pg.key == key:
                        return pg
        raise TournamentError(f"no game {short_repr(key)} in this tournament")

    def _result(self, g: Game, winner: str, points: tuple[int, int]) -> Result:
        pid = self.player(winner)
        if pid not in g.players:
            raise TournamentError(f"{self.players[pid]} is not a player of game {g.key}")
        if g.bye:
            raise TournamentError(f"game {g.key} is a bye: it has no result to enter")
        try:
            a, b = (int(x) for x in points)
        except (TypeError, ValueError):
            raise TournamentError(f"points must be two whole numbers, the winner's then the "
                                  f"loser's (got {short_repr(points)})") from None
        self._score_points((a, b))
        return Result(pid, (a, b))

    def enter(self, key: str, by: str, *, winner: str, points: tuple[int, int]) -> str:
        """Player ``by`` enters game ``key``'s result: ``winner`` and ``points`` (the
        winner's, the loser's). When both players have entered the same result it stands
        (``"agreed"``); when they differ the game is ``"disputed"`` and the director
        settles it (:meth:`settle`). Returns the game's status.

        Raises:
            TournamentError: no such game or player; ``by`` not a player of the game;
                points no game ends with (the game's own check: cribbage's winner at the
                target, the loser below it); the result already stands (a correction is
                the director's).
        """
        g = self.find(key)
        pid = self.player(by)
        if pid not in g.players:
            raise TournamentError(f"{self.players[pid]} is not a player of game {g.key}: "
                                  "only its players enter its result")
        if g.bye:
            raise TournamentError(f"game {g.key} is a bye: it has no result to enter")
        if g.result is not None:
            raise TournamentError(f"game {g.key}'s result stands; the director corrects it")
        r = self._result(g, winner, points)
        before = g.status
        g.reports[pid] = r
        other = g.players[1] if pid == g.players[0] else g.players[0]
        theirs = g.reports.get(other) if other is not None else None
        if theirs is None:
            g.status = "awaiting"
        elif theirs == r:
            g.status, g.result = "agreed", r
        else:
            g.status = "disputed"
        self._log(self.players[pid], f"result of {g.key} entered", before,
                  f"{self._text(r)} ({g.status})")
        self._after_result(g)
        return g.status

    def record_table_result(self, key: str, winner: str, points: tuple[int, int],
                            source: str) -> None:
        """The result of game ``key`` as a hoyle table (online or a referee table) ended
        it: it stands at once (``source`` names the table, for the audit).

        Raises:
            TournamentError: as :meth:`enter`.
        """
        g = self.find(key)
        if g.result is not None:
            raise TournamentError(f"game {g.key}'s result stands; the director corrects it")
        r = self._result(g, winner, points)
        g.result, g.status = r, "table"
        self._log(source, f"result of {g.key} from the table", None, self._text(r))
        self._after_result(g)

    def settle(self, key: str, *, winner: str, points: tuple[int, int],
               who: str = DIRECTOR, why: str = "") -> None:
        """The director sets game ``key``'s result: a dispute settled, a result entered for
        the players, or a correction of one that stood (the standings change; the audit
        keeps what it was).

        Raises:
            TournamentError: as :meth:`enter`; a playoff game whose match has moved on.
        """
        g = self.find(key)
        if self.playoff and not g.key.startswith("P"):
            raise TournamentError(f"the playoffs were seeded from the qualifying standings: "
                                  f"game {g.key} can no longer be changed")
        r = self._result(g, winner, points)
        if g.key.startswith("P") and g.result is not None:
            match = self._match_of(g)
            if match.games[-1] is not g or self._later_playoff(match):
                raise TournamentError(f"game {g.key}'s match has moved on: correct the "
                                      "later games first")
        before = self._text(g.result) if g.result else g.status
        g.result, g.status = r, "settled"
        self._log(who, f"result of {g.key} set by the director" + (f": {why}" if why else ""),
                  before, self._text(r))
        self._after_result(g)

    def _text(self, r: Result) -> str:
        return f"{self.players[r.winner]} won {r.points[0]}-{r.points[1]}"

    def _score_points(self, points: tuple[int, int]) -> Score:
        """What a game won ``points`` (the winner's, the loser's) is worth (the game's own
        terms).

        Raises:
            TournamentError: points no game of it ends with.
        """
        from hoyle.interface.registry import get_game
        try:
            return get_game(self.game).tournament_score(points)
        except HoyleError as e:
            raise TournamentError(str(e)) from None

    # -- standings -----------------------------------------------------------------------
    def score(self, g: Game) -> Score:
        """What game ``g``'s result is worth (the game's terms; a bye's defaults)."""
        if g.bye:
            return Score(self.bye_game_points, self.bye_spread)
        assert g.result is not None
        return self._score_points(g.result.points)

    def standings(self) -> list[Standing]:
        """The standings after every result that stands (playoff games not counted), best
        first: by :attr:`tie_breaks` in order; players equal on all share a place (listed
        by name)."""
        rows: dict[int, dict[str, int]] = {
            p: dict(played=0, wins=0, losses=0, game_points=0, spread=0, skunks=0, byes=0)
            for p in self.players}
        for r in self.rounds:
            for g in r:
                if g.result is None:
                    continue
                s = self.score(g)
                win = rows[g.result.winner]
                if g.bye:  # a game won without an opponent (as the score card counts it)
                    win["byes"] += 1
                    win["played"] += 1
                    win["wins"] += 1 if self.bye_game_points else 0
                    win["game_points"] += s.game_points
                    win["spread"] += s.spread
                    continue
                loser = g.players[1] if g.result.winner == g.players[0] else g.players[0]
                assert loser is not None
                lose = rows[loser]
                win["played"] += 1
                lose["played"] += 1
                win["wins"] += 1
                lose["losses"] += 1
                win["game_points"] += s.game_points
                win["skunks"] += int(s.skunk)
                win["spread"] += s.spread
                lose["spread"] -= s.spread
        return ranked([Standing(0, p, self.players[p], withdrawn=p in self.withdrawn, **v)
                       for p, v in rows.items()], self.tie_breaks)

    # -- playoffs ------------------------------------------------------------------------
    def start_playoffs(self, first_to: int = 2, cut: int | None = None,
                       who: str = DIRECTOR) -> list[Match]:
        """After the qualifying round: the top quarter of the field (``cut``; default the
        field // 4, at least 2) seeded by the standings into a knock-out of first-to-
        ``first_to`` matches; byes to the top seeds when the cut is not a power of two.

        Raises:
            TournamentError: games still to play or a result missing; a cut that does not
                fit the field; the playoffs already begun; a tie across the cut line (the
                director breaks it: :meth:`start_playoffs` with ``cut`` moved, or a
                corrected tie-break).
        """
        if self.format != "qualifying":
            raise TournamentError(f"playoffs follow a qualifying round, not a {self.format}")
        if self.playoff:
            raise TournamentError("the playoffs have already begun")
        if len(self.rounds) < self._pairings() or not self.round_complete():
            raise TournamentError("the qualifying round is not finished")
        if not isinstance(first_to, int) or not 1 <= first_to <= MAX_FIRST_TO:
            raise TournamentError(f"a match is first to 1 to {MAX_FIRST_TO} games (got "
                                  f"{short_repr(first_to)})")
        table = [s for s in self.standings() if not s.withdrawn]
        n = cut if cut is not None else max(2, len(self.players) // 4)
        if not isinstance(n, int) or not 2 <= n <= len(table):
            raise TournamentError(f"the cut must be 2 to {len(table)} players (got "
                                  f"{short_repr(n)})")
        if n < len(table) and table[n - 1].place == table[n].place:
            tied = [s.name for s in table if s.place == table[n - 1].place]
            raise TournamentError(f"a tie across the cut at place {table[n - 1].place}: "
                                  f"{', '.join(tied)} are equal on every tie-break")
        self.seeds = [s.player for s in table[:n]]
        self.first_to = first_to
        self.playoff = [[Match(self.seeds[a - 1], None if b is None else self.seeds[b - 1])
                         for a, b in bracket(n)]]
        self._open_round(1)
        self._log(who, "playoffs seeded", None,
                  f"first to {first_to}: " + ", ".join(
                      f"{i}. {self.players[p]}" for i, p in enumerate(self.seeds, 1)))
        return self.playoff[0]

    def _open_round(self, number: int) -> None:
        for i, m in enumerate(self.playoff[number - 1], 1):
            if m.b is None:
                m.winner = m.a
            else:
                m.games.append(Game(f"P{number}.{i}.1", (m.a, m.b), None))

    def _match_of(self, g: Game) -> Match:
        for r in self.playoff:
            for m in r:
                if g in m.games:
                    return m
        raise AssertionError(g.key)

    def _later_playoff(self, match: Match) -> bool:
        for i, r in enumerate(self.playoff):
            if match in r:
                return i + 1 < len(self.playoff)
        return False

    def _after_result(self, g: Game) -> None:
        if not g.key.startswith("P") or g.result is None:
            return
        m = self._match_of(g)
        wins = Counter(x.result.winner for x in m.games if x.result is not None)
        m.winner = next((p for p, w in wins.items() if w >= self.first_to), None)
        if m.winner is None and m.games[-1].result is not None:
            r, i, _ = m.games[-1].key[1:].split(".")
            loser = m.a if m.games[-1].result.winner == m.b else m.b
            m.games.append(Game(f"P{r}.{i}.{len(m.games) + 1}", (m.a, m.b), loser))
        last = self.playoff[-1]
        if all(x.winner is not None for x in last) and len(last) > 1:
            nxt = [Match(x.winner, y.winner) for x, y in zip(last[::2], last[1::2])]  # type: ignore[arg-type]
            self.playoff.append(nxt)
            self._open_round(len(self.playoff))

    @property
    def champion(self) -> int | None:
        """The playoff's winner, once the final is decided."""
        if self.playoff and len(self.playoff[-1]) == 1:
            return self.playoff[-1][0].winner
        return None

    # -- exports -------------------------------------------------------------------------
    def results_csv(self) -> str:
        """Every game as a CSV row: round, game, players, first dealer, winner, points,
        game points, spread, status."""
        out = io.StringIO()
        w = csv.writer(out)
        w.writerow(["round", "game", "player_a", "player_b", "first_dealer", "winner",
                     "winner_points", "loser_points", "game_points", "spread", "status"])
        for number, games in self._all_rounds():
            for g in games:
                row: list[Any] = [number, g.key, _cell(self.name_of(g.players[0])),
                                  _cell(self.name_of(g.players[1])),
                                  "" if g.first_dealer is None else
                                  _cell(self.name_of(g.first_dealer))]
                if g.result is None:
                    row += ["", "", "", "", ""]
                else:
                    s = self.score(g)
                    row += [_cell(self.name_of(g.result.winner)), *([""] * 2 if g.bye else
                                                             g.result.points),
                            s.game_points, s.spread]
                w.writerow(row + [g.status])
        return out.getvalue()

    def standings_csv(self) -> str:
        """The standings as CSV: place, player, played, won, lost, game points, spread,
        skunks, byes, withdrawn."""
        out = io.StringIO()
        w = csv.writer(out)
        w.writerow(["place", "player", "played", "won", "lost", "game_points", "spread",
                    "skunks", "byes", "withdrawn"])
        for s in self.standings():
            w.writerow([s.place, _cell(s.name), s.played, s.wins, s.losses, s.game_points,
                        s.spread,
                        s.skunks, s.byes, "yes" if s.withdrawn else ""])
        return out.getvalue()

    def _all_rounds(self) -> list[tuple[str, list[Game]]]:
        rounds = [(str(i), r) for i, r in enumerate(self.rounds, 1)]
        rounds += [(f"P{i}", [g for m in r for g in m.games])
                   for i, r in enumerate(self.playoff, 1)]
        return rounds

    def score_sheet(self, name: str) -> list[list[str]]:
        """A player's score sheet, as on the ACC's paper card: one row a game (game,
        opponent, won/lost, points for and against, game points, spread, running totals
        of both), rows of text to print.

        Raises:
            TournamentError: no such player.
        """
        pid = self.player(name)
        rows = [["game", "opponent", "W/L", "for", "against", "GP", "spread", "total GP",
                 "total spread"]]
        gp = spread = 0
        for g in (g for r in self.rounds for g in r):
            if pid not in g.players:
                continue
            opp = g.players[1] if g.players[0] == pid else g.players[0]
            if g.result is None:
                rows.append([g.key, self.name_of(opp), "", "", "", "", "", str(gp),
                             f"{spread:+d}"])
                continue
            s = self.score(g)
            won = g.result.winner == pid
            mine = s.game_points if won else 0
            sp = s.spread if won else -s.spread
            gp, spread = gp + mine, spread + sp
            if g.bye:
                rows.append([g.key, "bye", "W" if s.game_points else "", "", "", str(mine),
                             f"{sp:+d}", str(gp), f"{spread:+d}"])
                continue
            pts = g.result.points if won else g.result.points[::-1]
            rows.append([g.key, self.name_of(opp), "W" if won else "L", str(pts[0]),
                         str(pts[1]), str(mine), f"{sp:+d}", str(gp), f"{spread:+d}"])
        return rows

    # -- saving --------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        def game(g: Game) -> dict[str, Any]:
            return {"key": g.key, "players": list(g.players), "first_dealer": g.first_dealer,
                    "reports": {str(k): [v.winner, *v.points] for k, v in g.reports.items()},
                    "result": None if g.result is None else [g.result.winner, *g.result.points],
                    "status": g.status}
        return {"hoyle": "tournament", "version": 1, "game": self.game, "name": self.name,
                "format": self.format, "games": self.games, "seed": self.seed,
                "first_deal": self.first_deal, "tie_breaks": list(self.tie_breaks),
                "bye_game_points": self.bye_game_points, "bye_spread": self.bye_spread,
                "venue": self.venue,
                "players": {str(k): v for k, v in self.players.items()},
                "withdrawn": sorted(self.withdrawn), "order": self.order,
                "rounds": [[game(g) for g in r] for r in self.rounds],
                "first_to": self.first_to, "seeds": self.seeds,
                "playoff": [[{"a": m.a, "b": m.b, "winner": m.winner,
                              "games": [game(g) for g in m.games]} for m in r]
                            for r in self.playoff],
                "audit": self.audit}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str, clock: Callable[[], str] = _now) -> Tournament:
        """A tournament from :meth:`to_json`'s text.

        Raises:
            TournamentError: not a hoyle tournament file, or corrupt (the message says
                where).
        """
        def whole(v: Any) -> int:  # a JSON whole number (no float, no text, no bool)
            if isinstance(v, bool) or not isinstance(v, int) or abs(v) > 10 ** 9:
                raise TournamentError(f"{short_repr(v)} is not a whole number")
            return v

        try:
            if len(text) > MAX_FILE:
                raise TournamentError(f"over {MAX_FILE // (1024 * 1024)} MiB")
            d = json.loads(text.removeprefix("\ufeff"))  # a BOM (Notepad's) is no fault
            if not isinstance(d, dict) or d.get("hoyle") != "tournament":
                raise TournamentError("not a hoyle tournament file")
            if d.get("version") != 1:
                raise TournamentError(f"tournament file version {short_repr(d.get('version'))}"
                                      " is not one this hoyle reads (1)")
            t = cls(d["game"], d["format"], whole(d["games"]), seed=whole(d["seed"]),
                    first_deal=d["first_deal"], tie_breaks=d["tie_breaks"],
                    bye_game_points=whole(d["bye_game_points"]),
                    bye_spread=whole(d["bye_spread"]), name=str(d.get("name", "")),
                    venue=str(d.get("venue", "tables")), clock=clock)
            for k, v in d["players"].items():
                t.players[int(k)] = clean_name(v, f"player {k}'s name")
            if len({n.casefold() for n in t.players.values()}) != len(t.players):
                raise TournamentError("a player is entered twice")
            t.withdrawn = {whole(p) for p in d["withdrawn"]}
            t.order = [whole(p) for p in d["order"]]

            def res(v: Any, g: Game) -> Result | None:
                if v is None:
                    return None
                w, a, b = (whole(x) for x in v)
                if w not in g.players:
                    raise TournamentError(f"game {g.key}'s winner is not a player of it")
                if not g.bye:
                    t._score_points((a, b))
                return Result(w, (a, b))

            def game(x: dict[str, Any]) -> Game:
                a, b = x["players"]
                g = Game(str(x["key"])[:20], (whole(a), None if b is None else whole(b)),
                         None if x["first_dealer"] is None else whole(x["first_dealer"]),
                         {}, None, str(x["status"])[:20])
                if any(p not in t.players for p in g.players if p is not None) or \
                        g.players[0] == g.players[1]:
                    raise TournamentError(f"game {g.key} names a player not entered, or one "
                                          "twice")
                if g.first_dealer is not None and g.first_dealer not in g.players:
                    raise TournamentError(f"game {g.key}'s first dealer is not a player of it")
                g.reports = {whole(int(k)): res(v, g) for k, v in  # type: ignore[misc]
                             x["reports"].items()}
                if any(p not in g.players for p in g.reports):
                    raise TournamentError(f"game {g.key} has a report by a player not at it")
                g.result = res(x["result"], g)
                if g.status not in STATUSES or (g.result is None) != (g.status in (
                        "open", "awaiting", "disputed")):
                    raise TournamentError(f"game {g.key}'s status does not fit its result")
                if not _KEY.fullmatch(g.key) or g.key in keys:
                    raise TournamentError(f"a game's key is not one this hoyle writes, or "
                                          f"twice: {short_repr(g.key)}")
                keys.add(g.key)
                return g
            keys: set[str] = set()
            t.rounds = [[game(g) for g in r] for r in d["rounds"]]
            if len(t.rounds) > t._pairings():
                raise TournamentError("more rounds than the tournament's games")
            t.first_to = whole(d["first_to"])
            if t.first_to and not 1 <= t.first_to <= MAX_FIRST_TO:
                raise TournamentError(f"first to {t.first_to}: not 1 to {MAX_FIRST_TO}")
            t.seeds = [int(p) for p in d["seeds"]]
            t.playoff = [[Match(int(m["a"]), None if m["b"] is None else int(m["b"]),
                                [game(g) for g in m["games"]],
                                None if m["winner"] is None else int(m["winner"]))
                          for m in r] for r in d["playoff"]]
            t.audit = [dict(a) for a in d["audit"]]
            if any(set(a) != {"when", "who", "what", "before", "after"} for a in t.audit):
                raise TournamentError("an audit entry is not one this hoyle writes")
            if sorted(t.order) != sorted(t.players) or not t.withdrawn <= set(t.players):
                raise TournamentError("the seating order does not match the players")
            return t
        except TournamentError as e:
            raise TournamentError(f"corrupt tournament file: {e}") from None
        except RecursionError:
            raise TournamentError("corrupt tournament file: nested too deep") from None
        except KeyError as e:
            raise TournamentError(f"corrupt tournament file: no {short_repr(e.args[0])} "
                                  "where one is needed") from None
        except (TypeError, ValueError, AttributeError, OverflowError):
            raise TournamentError("corrupt tournament file: a value of the wrong kind or "
                                  "shape") from None
