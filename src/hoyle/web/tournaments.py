"""Tournaments on the web: a :class:`hoyle.clubs.Tournament` kept in the store, run by its
director's account, its players the accounts entered in it.

Every change is one transaction: the tournament read (its row held), changed by the
library's own method, written back with its version counted up; a refused change
(:class:`~hoyle.clubs.TournamentError`) writes nothing. A round played online gets a hoyle
table for each game, its two seats kept for the two players' accounts
(``tournament_tables``): no one else may sit there, and the game's result goes into the
tournament when the table's game ends.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, TypeVar

from hoyle.clubs import Tournament, TournamentError
from hoyle.web.accounts import Account, Accounts
from hoyle.web.store import SqlStore

__all__ = ["Kept", "TournamentRow", "Tournaments"]

T = TypeVar("T")


@dataclass(frozen=True)
class TournamentRow:
    """A stored tournament: its id, its director's account, the tournament, its version."""

    id: str
    director: Account
    tournament: Tournament
    version: int


@dataclass(frozen=True)
class Kept:
    """A table kept for a tournament's game: the tournament, the game's key, each seat's
    account id."""

    tournament: str
    key: str
    seats: tuple[str, str]


class Tournaments:
    """The tournaments kept in ``store`` (the accounts of ``accounts``)."""

    def __init__(self, store: SqlStore, accounts: Accounts) -> None:
        self.store = store
        self.accounts = accounts

    def create(self, director: Account, game: str, fmt: str, players: list[str], games: int,
               **options: Any) -> TournamentRow:
        """A new tournament directed by ``director``: its players the accounts named
        ``players`` (each as his account names him).

        Raises:
            TournamentError: a name no account has, or what :meth:`Tournament.new` refuses.
        """
        names = []
        for n in players:
            account = self.accounts.account(n)
            if account is None:
                raise TournamentError(f"no account is named {n!r}: each player signs up "
                                      "first")
            names.append(account.name)
        t = Tournament.new(game, fmt, names, games, **options)
        t.audit[-1]["who"] = director.name
        tid = secrets.token_hex(6)
        with self.store._transaction("the tournament") as db:
            self.store._q(db, "INSERT INTO tournaments (id, director, data, version, created) "
                          "VALUES (?, ?, ?, 0, ?)",
                          (tid, director.id, t.to_json(),
                           datetime.now(timezone.utc).isoformat(timespec="seconds")))
        return TournamentRow(tid, director, t, 0)

    def get(self, tid: str) -> TournamentRow | None:
        """The tournament ``tid``, or ``None``."""
        rows = self.store._ids(
            "SELECT t.data, t.version, a.id, a.name, a.created FROM tournaments t JOIN "
            "accounts a ON a.id = t.director WHERE t.id = ?", (tid,))
        if not rows:
            return None
        data, version, aid, name, created = rows[0]
        return TournamentRow(tid, Account(str(aid), str(name), str(created)),
                             Tournament.from_json(str(data)), int(version))

    def all(self) -> list[tuple[str, str, str, str]]:
        """Every tournament, newest first: (id, its name, its director's name, created)."""
        rows = self.store._ids(
            "SELECT t.id, t.data, a.name, t.created FROM tournaments t JOIN accounts a ON "
            "a.id = t.director ORDER BY t.created DESC, t.id LIMIT 200")
        out = []
        for tid, data, director, created in rows:
            try:
                name = Tournament.from_json(str(data)).name
            except TournamentError:
                name = "(unreadable)"
            out.append((str(tid), name or "Tournament", str(director), str(created)))
        return out

    def change(self, tid: str, fn: Callable[[Tournament], T]) -> T:
        """Apply ``fn`` to tournament ``tid`` in one transaction (its row held) and store
        the result; ``fn``'s return value.

        Raises:
            TournamentError: no such tournament, or ``fn`` refused (nothing stored).
        """
        store = self.store
        with store._transaction("the tournament") as db:
            # the row held to the end (PostgreSQL's workers; SQLite's writer holds the file)
            row = store._q(db, "SELECT data, version FROM tournaments WHERE id = ?"
                           + (" FOR UPDATE" if store.shared else ""), (tid,)).fetchone()
            if row is None:
                raise TournamentError(f"no tournament {tid!r}")
            t = Tournament.from_json(str(row[0]))
            out = fn(t)
            store._q(db, "UPDATE tournaments SET data = ?, version = ? WHERE id = ?",
                     (t.to_json(), int(row[1]) + 1, tid))
            return out

    def keep(self, table_id: str, tid: str, key: str, seats: tuple[str, str]) -> None:
        """Keep table ``table_id`` for game ``key`` of tournament ``tid``, its seats for the
        accounts ``seats``."""
        with self.store._transaction("the tournament's table") as db:
            self.store._q(db, "INSERT INTO tournament_tables (table_id, tournament, game_key, "
                          "seat0, seat1) VALUES (?, ?, ?, ?, ?)", (table_id, tid, key, *seats))

    def kept(self, table_id: str) -> Kept | None:
        """What table ``table_id`` is kept for, or ``None`` (an ordinary table)."""
        rows = self.store._ids("SELECT tournament, game_key, seat0, seat1 FROM "
                               "tournament_tables WHERE table_id = ?", (table_id,))
        if not rows:
            return None
        tid, key, a, b = rows[0]
        return Kept(str(tid), str(key), (str(a), str(b)))

    def tables_of(self, tid: str) -> dict[str, str]:
        """The tables of tournament ``tid``, by game key."""
        return {str(k): str(t) for k, t in self.store._ids(
            "SELECT game_key, table_id FROM tournament_tables WHERE tournament = ?", (tid,))}
