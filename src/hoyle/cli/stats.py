"""Your statistics across games: every finished game against the computer is kept in a
small SQLite store in the data folder (``stats.sqlite``, :func:`hoyle.cli.saves.data_dir`)
and ``hoyle stats --mine`` shows, by game and variant (six-card, five-card, three-hand,
four-hand...): games, wins, skunks, and the person's average points per deal by kind and
role.

A game is summed up by its own rules through the registry
(:meth:`hoyle.interface.registry.GameSpec.summarize_own_game`: the winner and the scores by
side, a skunk where the game has one, the person's points by ``"kind:role"`` and deals by
role), whatever the number of seats: with partners (four-hand cribbage, CRIB-R-12) a
game is won when the person's side wins, and his own points are his seat's. A game is
stored once (by its seed and actions, :func:`game_key`: copies of one save are one game).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from hoyle.engine.records import GameRecord
from hoyle.interface.registry import record_game
from hoyle.interface.text import HUMAN
from hoyle.errors import HoyleError

__all__ = ["GameStats", "StatsStore", "game_key", "stats_path"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL,
    opponent TEXT NOT NULL,
    finished TEXT NOT NULL DEFAULT (datetime('now')),
    record TEXT NOT NULL,
    actions INTEGER NOT NULL,
    won INTEGER NOT NULL,
    skunk_given INTEGER NOT NULL,
    skunk_taken INTEGER NOT NULL,
    score INTEGER NOT NULL,
    their_score INTEGER NOT NULL,
    points TEXT NOT NULL,
    deals TEXT NOT NULL,
    game_key TEXT
);
"""

KEY_INDEX = "CREATE UNIQUE INDEX IF NOT EXISTS games_by_key ON games (game_key)"
"""One row a game (:func:`game_key`); a store made before the key has the column added."""


def game_key(record: GameRecord) -> str:
    """What makes a game the same game wherever its record is kept (copies of one save,
    each resumed to the end, are one game): the SHA-256 of its game, variant, law code,
    options, seed and actions (never its file's path).

    >>> a = GameRecord(game="cribbage", variant="six-card", seed=7, actions=["CUT 5D"])
    >>> game_key(a) == game_key(GameRecord.from_json(a.to_json()))
    True
    """
    import hashlib

    what = [record.game, record.variant, record.laws, record.options, record.seed,
            record.actions]
    return hashlib.sha256(json.dumps(what, sort_keys=True, default=str).encode()).hexdigest()


def stats_path() -> Path:
    """The store: ``stats.sqlite`` in the data folder.

    Raises:
        HoyleError: the data folder cannot be made.
    """
    from hoyle.cli.saves import data_dir
    return data_dir() / "stats.sqlite"


@dataclass
class GameStats:
    """One game's totals across the person's games of it.

    Attributes:
        game: the registry name.
        variant: the record's variant (``""``: the game has none).
        games: games finished; wins; skunks_given (won by a skunk) and skunks_taken.
        points: the person's points by ``"kind:role"`` over all those games (points).
        deals: the complete deals he played by role.
    """

    game: str
    variant: str = ""
    games: int = 0
    wins: int = 0
    skunks_given: int = 0
    skunks_taken: int = 0
    points: dict[str, int] = field(default_factory=dict)
    deals: dict[str, int] = field(default_factory=dict)

    def per_deal(self, key: str) -> float | None:
        """Average points per deal of ``key`` (``"hand:dealer"``), ``None`` for no deal
        in that role."""
        role = key.split(":")[1]
        n = self.deals.get(role, 0)
        return self.points.get(key, 0) / n if n else None


class StatsStore:
    """The SQLite store of the person's finished games.

    Args:
        path: the database file (default :func:`stats_path`); created if missing.

    Raises:
        HoyleError: the database cannot be opened or is not hoyle's.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else stats_path()
        try:
            self.db = sqlite3.connect(self.path, timeout=10)
            self.db.executescript(SCHEMA)
            columns = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
            if "game_key" not in columns:  # a store of an earlier hoyle: the key added
                with self.db:
                    self.db.execute("ALTER TABLE games ADD COLUMN game_key TEXT")
            self.db.execute(KEY_INDEX)
        except sqlite3.Error as e:
            raise HoyleError(f"cannot open the statistics in {str(self.path)!r}: {e}"
                             ) from None

    def close(self) -> None:
        """Close the database."""
        self.db.close()

    def add(self, record: GameRecord, where: str) -> bool:
        """Keep a finished game against the computer (``where``: its record file), once:
        a game already kept (:func:`game_key`: the same seed and actions, whichever file
        holds it) is not kept again. Returns whether it was kept: not a finished game of
        one person against computer players (one seat the person's, any number of
        seats), or one whose game cannot sum it up, is not.

        Raises:
            HoyleError: the record does not replay, or the store cannot be written.
        """
        if record.result is None or len(record.seats) < 2 or \
                record.seats.count(HUMAN) != 1:
            return False
        spec = record_game(record)
        try:
            summary = spec.summarize_own_game(record)
        except HoyleError:
            return False
        me = record.seats.index(HUMAN)
        side = me % len(summary.scores)  # partners sit opposite: seats 0 and 2, 1 and 3
        won = summary.winner == side
        skunk = bool(getattr(summary, "skunk", False))
        others = [n for i, n in enumerate(record.seats) if i != me]
        best_other = max(sc for i, sc in enumerate(summary.scores) if i != side)
        row = (spec.name, record.variant or "", ",".join(others), where,
               len(record.actions), int(won), int(skunk and won), int(skunk and not won),
               summary.scores[side], best_other, json.dumps(summary.points[me]),
               json.dumps(summary.deals[me]), game_key(record))
        try:
            with self.db:
                done = self.db.execute(
                    "INSERT OR IGNORE INTO games (game, variant, opponent, record, actions, "
                    "won, skunk_given, skunk_taken, score, their_score, points, deals, "
                    "game_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
        except sqlite3.Error as e:
            raise HoyleError(f"cannot write the statistics in {str(self.path)!r}: {e}"
                             ) from None
        return done.rowcount == 1

    def totals(self) -> list[GameStats]:
        """Every game and variant's totals, in the order first played."""
        out: dict[tuple[str, str], GameStats] = {}
        for game, variant, won, given, taken, points, deals in self.db.execute(
                "SELECT game, variant, won, skunk_given, skunk_taken, points, deals "
                "FROM games ORDER BY id"):
            g = out.setdefault((game, variant), GameStats(game, variant))
            g.games += 1
            g.wins += won
            g.skunks_given += given
            g.skunks_taken += taken
            for key, n in json.loads(points).items():
                g.points[key] = g.points.get(key, 0) + n
            for key, n in json.loads(deals).items():
                g.deals[key] = g.deals.get(key, 0) + n
        return list(out.values())
