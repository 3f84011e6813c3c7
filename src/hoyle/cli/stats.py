"""Your statistics across games: every finished game against the computer is kept in a
small SQLite store in the data folder (``stats.sqlite``, :func:`hoyle.cli.saves.data_dir`)
and ``hoyle stats --mine`` shows, by game and variant (six-card, five-card, three-hand,
four-hand...): games, wins, skunks, and the person's average points per deal by kind and
role.

A game is summed up as :mod:`hoyle.interface.mystats` sums it (the web's statistics
page too). A game is stored once (by its seed and actions, :func:`game_key`: copies of one save are one game).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from hoyle.engine.records import GameRecord
from hoyle.interface.mystats import GameStats, OwnGame, own_game, totals
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
        o = own_game(record)
        if o is None:
            return False
        row = (o.game, o.variant, ",".join(o.others), where, o.actions, int(o.won),
               int(o.skunk_given), int(o.skunk_taken), o.score, o.their_score,
               json.dumps(o.points), json.dumps(o.deals), game_key(record))
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
        return totals(OwnGame(game, variant, (), 0, bool(won), bool(given), bool(taken), 0, 0,
                              json.loads(points), json.loads(deals))
                      for game, variant, won, given, taken, points, deals in self.db.execute(
                          "SELECT game, variant, won, skunk_given, skunk_taken, points, deals "
                          "FROM games ORDER BY id"))
