"""A match: consecutive games between the same sides under one law code, first to N games
(``hoyle play GAME --match N``, ``hoyle referee GAME --match N``).

The match is **first to N games won** (not best of N: a code that counts one game as two,
EW-xvii's agreed lurch, moves the count by two, which best-of-N cannot say). The game
points of the code (ACC-12.1: 2, 3 for a skunk) are tallied beside the games. Each game is
its own record (its own file, ``NAME.json``, ``NAME-2.json``, ...) carrying the match so
far in its options (``match``), so a match is resumed from its last game's record and
replayed game by game; who deals first in the next game is the game's and the code's
(ACC-1.5: the loser).

>>> m = MatchState.new(3, sides=2, seed=7)
>>> m = m.after(winner=1, games=1, points=3)
>>> m.number, m.won, m.points, m.decided()
(2, (0, 1), (0, 3), None)
>>> m.after(winner=1, games=2, points=2).decided()
1
>>> MatchState.from_dict({"first_to": 0, "number": 1, "won": [0, 0], "points": [0, 0]})
Traceback (most recent call last):
...
hoyle.errors.ParameterError: match: first_to must be a whole number from 1 to 99 (not 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hoyle.errors import ParameterError, short_repr

__all__ = ["MatchState", "MAX_MATCH", "game_path"]

MAX_MATCH = 99
"""The most games a match may be played to."""


@dataclass(frozen=True)
class MatchState:
    """Where a match stands at the start of its game ``number``.

    Attributes:
        first_to: the games a side needs to win the match.
        number: this game's number in the match, from 1.
        won: games won so far by each side (a lurch agreed under EW counts two).
        points: game points so far by each side (ACC-12.1; 0 under a code with none).
        seed: the match's seed (game ``k`` after the first is seeded
            ``interface.tally.game_seed(seed, k - 1)``), or ``None`` (a refereed match).
    """

    first_to: int
    number: int
    won: tuple[int, ...]
    points: tuple[int, ...]
    seed: int | None = None

    @staticmethod
    def new(first_to: int, sides: int, seed: int | None = None) -> MatchState:
        """A match about to play its first game.

        Raises:
            ParameterError: ``first_to`` not a whole number from 1 to :data:`MAX_MATCH`.
        """
        _count("first_to", first_to, 1, MAX_MATCH)
        return MatchState(first_to, 1, (0,) * sides, (0,) * sides, seed)

    def after(self, winner: int, games: int, points: int) -> MatchState:
        """The match after this game, won by side ``winner`` counting ``games`` games and
        ``points`` game points."""
        won = list(self.won)
        pts = list(self.points)
        won[winner] += games
        pts[winner] += points
        return MatchState(self.first_to, self.number + 1, tuple(won), tuple(pts), self.seed)

    def decided(self) -> int | None:
        """The side that has won the match, or ``None``."""
        for side, n in enumerate(self.won):
            if n >= self.first_to:
                return side
        return None

    def to_dict(self) -> dict[str, Any]:
        """As recorded in a game's options (``match``)."""
        d: dict[str, Any] = {"first_to": self.first_to, "number": self.number,
                             "won": list(self.won), "points": list(self.points)}
        if self.seed is not None:
            d["seed"] = self.seed
        return d

    def to_options(self) -> dict[str, Any]:
        """As a record's options hold it (flat scalars: ``match_first_to``,
        ``match_number``, ``match_won`` and ``match_points`` as ``"1,0"``, ``match_seed``).

        >>> MatchState(3, 2, (1, 0), (3, 0), 7).to_options()["match_won"]
        '1,0'
        """
        d: dict[str, Any] = {"match_first_to": self.first_to, "match_number": self.number,
                             "match_won": ",".join(map(str, self.won)),
                             "match_points": ",".join(map(str, self.points))}
        if self.seed is not None:
            d["match_seed"] = self.seed
        return d

    @staticmethod
    def pop_options(options: dict[str, Any]) -> dict[str, Any] | None:
        """Take a match's keys out of a record's ``options`` (as :meth:`to_options` wrote
        them): the match as :meth:`to_dict` gives it, or ``None`` when there is none.

        Raises:
            ParameterError: the keys do not make a match.
        """
        keys = ("match_first_to", "match_number", "match_won", "match_points", "match_seed")
        found = {k: options.pop(k) for k in keys if k in options}
        if not found:
            return None
        d: dict[str, Any] = {k.removeprefix("match_"): v for k, v in found.items()}
        for name in ("won", "points"):
            v = d.get(name)
            if isinstance(v, str) and all(p.isdigit() for p in v.split(",")):
                d[name] = [int(p) for p in v.split(",")]
        return d

    @staticmethod
    def from_dict(d: Any, sides: int | None = None) -> MatchState:
        """A match from a record's ``match`` option.

        Raises:
            ParameterError: not a match as :meth:`to_dict` writes it (for ``sides`` sides).
        """
        if not isinstance(d, dict) or not {"first_to", "number", "won", "points"} <= set(d) \
                or not set(d) <= {"first_to", "number", "won", "points", "seed"}:
            raise ParameterError(f"match: not a match (first_to, number, won, points, seed): "
                                 f"{short_repr(d)}", "match")
        first_to = _count("first_to", d["first_to"], 1, MAX_MATCH)
        number = _count("number", d["number"], 1, 10 * MAX_MATCH)
        won, points = d["won"], d["points"]
        for name, v in (("won", won), ("points", points)):
            if not isinstance(v, list) or (sides is not None and len(v) != sides) \
                    or len(v) < 2:
                raise ParameterError(f"match: {name} must be one count per side "
                                     f"(not {short_repr(v)})", "match")
            for x in v:
                _count(name, x, 0, 10 * MAX_MATCH)
        if len(won) != len(points) or max(won) >= first_to:
            raise ParameterError("match: the counts do not make a match in progress", "match")
        seed = d.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                                 or seed < 0):
            raise ParameterError(f"match: seed must be 0 or more (not {short_repr(seed)})",
                                 "match")
        return MatchState(first_to, number, tuple(won), tuple(points), seed)


def _count(name: str, v: Any, low: int, high: int) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
        raise ParameterError(f"match: {name} must be a whole number from {low} to {high} "
                             f"(not {short_repr(v)})", "match")
    return v


def game_path(first: Path, number: int) -> Path:
    """The record file of game ``number`` of a match whose first game is saved to ``first``:
    the first game keeps it, game 2 is ``NAME-2.json`` beside it, and so on (a ``-K``
    ending of the first file's name is not repeated).

    >>> str(game_path(Path("m.json"), 1)), str(game_path(Path("m.json"), 3))
    ('m.json', 'm-3.json')
    >>> str(game_path(Path("d/m-2.json"), 3))
    'd/m-3.json'
    """
    if number == 1:
        return first
    stem = first.stem
    base, dash, tail = stem.rpartition("-")
    if dash and tail.isdigit():
        stem = base
    return first.with_name(f"{stem}-{number}{first.suffix}")
