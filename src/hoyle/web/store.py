"""Where ``hoyle serve`` keeps its tables: the :class:`TableStore` interface and
:class:`SqliteStore`, its SQLite implementation (the standard library's :mod:`sqlite3`, WAL,
one writer, every write committed before it returns).

A table is stored as its header (game, variant, law code, the game's options, each seat's
kind, the seed and its SHA-256 commitment) and the list of its actions in order (chance
outcomes included, as the action's text form); the game is rebuilt by replaying them. The
seats' tokens are stored only as SHA-256 hashes. The schema carries its version in the
``schema_version`` table and :data:`MIGRATIONS` bring an older file up to date.

A table of a match (first to N games) plays its games back to back: each game is a row of
``games`` (its number from 1, its own seed and commitment, and the number of the table's
actions before its first), stored before the game's first action; the actions are numbered
through the whole table, so game ``k``'s are those after its ``first_action``. Version 2
added ``games``: a version-1 file's tables become one-game tables (their header's seed).
Version 3 added a table's invite secret (an earlier table is open), version 4 the name each
seated person gave (an earlier seat keeps "Player k"), version 5 each game's undos (an
earlier game had none), version 6 each table's ``version``: the number of writes made to it,
so that a server process that holds the table in memory knows whether another has written
since (:meth:`SqlStore.table_writes`), version 7 each table's ``due`` mark: whether its next
move makes itself, so that a process finds the tables no one drives without holding them
(:meth:`SqlStore.due_tables`).

>>> store = SqliteStore(":memory:")
>>> store.create_table(TableRow("t1", "g", {"a": 1}, [SeatKind("person", "")], "7", "c",
...                             "2026-01-01T00:00:00"))
>>> store.append_action("t1", 1, -1, "CUT 5H")
>>> [(r.id, r.actions) for r in store.load_tables()]
[('t1', ['CUT 5H'])]
>>> store.schema_version()
9
>>> store.start_game("t1", 2, "8", "c2", 1)
>>> [(g.number, g.seed, g.first_action) for g in store.load_tables()[0].games]
[(1, '7', 0), (2, '8', 1)]
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from hoyle.errors import HoyleError

__all__ = ["MIGRATIONS", "GameRow", "SeatKind", "SqlStore", "SqliteStore", "StaleTable",
           "StoreError", "TableRow", "TableStore", "backup_file", "redact"]


class StoreError(HoyleError):
    """The store refused a write (a duplicate table or action number, a seat taken; a full
    disk, a read-only or damaged file) or cannot be opened (not a database, no such folder,
    a schema newer than this program knows). Nothing was written.

    Attributes:
        cause: a failed write's cause in a player's words (``"the server's disk is
            full"``), or ``None`` for a refusal (a duplicate, a seat taken).
    """

    def __init__(self, message: str, cause: str | None = None) -> None:
        super().__init__(message)
        self.cause = cause


class StaleTable(StoreError):
    """A write to a table that another server process has written to since this one read it
    (its stored ``version`` is not the one given): nothing was stored; read the table again
    (:meth:`SqlStore.load_table`) and decide again."""


def _cause(e: sqlite3.Error) -> str:
    """A failed write's cause in a player's words (a full disk, a read-only file), else
    SQLite's own."""
    code = getattr(e, "sqlite_errorcode", None)
    if code == sqlite3.SQLITE_FULL or "disk is full" in str(e):
        return "the server's disk is full"
    if code == sqlite3.SQLITE_READONLY or "readonly" in str(e):
        return "the server's database is read-only"
    return str(e)


@dataclass(frozen=True)
class SeatKind:
    """A seat of a table: ``kind`` ``"person"`` or ``"computer"``, and for a computer the
    registry name of its player (``"expert"``)."""

    kind: str
    player: str = ""

    def to_dict(self) -> dict[str, str]:
        """As JSON-ready data."""
        return {"kind": self.kind, "player": self.player}


@dataclass(frozen=True)
class GameRow:
    """One game of a table (a match has one per game played or begun).

    Attributes:
        number: the game's number in the table's match, from 1.
        seed: its seed (decimal text, 128 bits), secret until the game ends.
        commitment: the SHA-256 of the seed's text, shown from the game's start.
        first_action: the number of the table's actions before this game's first.
        undos: the person's undos in it (a game against the computer; 0 in any other).
    """

    number: int
    seed: str
    commitment: str
    first_action: int
    undos: int = 0


@dataclass
class TableRow:
    """A stored table.

    Attributes:
        id: the table's id (URL-safe text).
        game: the registry name of its game.
        options: the game's play options (by :class:`hoyle.interface.options.Option` name;
            JSON values: variant, law code, ...).
        seats: each seat's kind.
        seed: the seed (decimal text: it may be 128 bits), secret until the game ends.
        commitment: the SHA-256 of the seed's text, shown from the start.
        created: when the table was created (ISO, UTC).
        actions: the actions in order (their text form).
        token_hashes: each seat's token hash (hex), ``None`` while the seat is free.
        seat_names: the name each seated person gave (``None``: none given, or free).
        finished: whether the table is over (its game, or its match, decided).
        games: its games, in order (game 1's seed and commitment are the header's).
        damaged: why the stored row could not be read (``None`` if it could); such a row
            holds only its id and text fields, and its table is not served.
        invite: the secret of the table's invite link, without which no free seat is
            taken (``None``: the table is open, anyone may sit).
        again: the id of the table its players went on to with "Play again" (``None``:
            not made yet; schema version 8).
    """

    id: str
    game: str
    options: dict[str, Any]
    seats: list[SeatKind]
    seed: str
    commitment: str
    created: str
    actions: list[str] = field(default_factory=list)
    token_hashes: list[str | None] = field(default_factory=list)
    finished: bool = False
    damaged: str | None = None
    games: list[GameRow] = field(default_factory=list)
    invite: str | None = None
    seat_names: list[str | None] = field(default_factory=list)
    version: int = 0
    """The number of writes made to the table since it was created (each accepted action,
    seat taken, name changed or undo is one; schema version 6)."""
    again: str | None = None


class TableStore(Protocol):
    """What the web app asks of its storage (an SQLite file, or a PostgreSQL database that
    several server processes share)."""

    shared: bool
    """Whether several server processes may serve it at once (:attr:`SqlStore.shared`)."""

    def create_table(self, row: TableRow) -> None:
        """Store a new table (its header; no actions yet). Raises StoreError: the id is
        taken."""

    def create_again(self, table_id: str, row: TableRow) -> str:
        """Store ``row`` as the table that finished table ``table_id``'s players go on to
        ("Play again"), unless one is stored already: in one transaction that holds
        ``table_id``'s row, so that two server processes asked at once make one. Returns
        the id of the next table (``row.id``, or the one made before; then nothing is
        written). Raises StoreError: no table ``table_id``, or the write failed."""

    def append_action(self, table_id: str, n: int, seat: int, action: str) -> None:
        """Store action number ``n`` (1 = the first) of the table, committed when this
        returns. Raises StoreError: number ``n`` is already stored (or ``n`` is not the
        next)."""

    def claim_seat(self, table_id: str, seat: int, token_hash: str,
                   name: str | None = None, account: str | None = None) -> bool:
        """Give a free seat its token's hash, the name its person gave (``None``: none) and
        the account he was signed in to (``None``: a guest); ``False`` (and nothing
        changed) if the seat is taken."""

    def replace_seat_token(self, table_id: str, seat: int, token_hash: str) -> None:
        """Give a taken seat a new token's hash (its person in another browser)."""

    def start_game(self, table_id: str, number: int, seed: str, commitment: str,
                   first_action: int) -> None:
        """Store the table's next game (number ``number`` > 1; its seed and commitment;
        ``first_action`` the table's action count before it), committed when this returns.
        Raises StoreError: ``number`` is not the next game, or ``first_action`` is not the
        table's action count."""

    def rename_seat(self, table_id: str, seat: int, name: str | None) -> None:
        """The name the taken seat ``seat``'s person plays under is now ``name`` (``None``:
        none, "Player k"). Raises StoreError: the seat is not taken (or the write
        failed)."""

    def take_back(self, table_id: str, keep: int, game: int, undos: int) -> None:
        """An undo: drop the table's actions after number ``keep`` and count game
        ``game``'s undos as ``undos``, in one transaction. Raises StoreError: ``keep`` is
        before game ``game``'s first action, or is not under the table's action count (or
        the write failed: nothing changed)."""

    def finish(self, table_id: str) -> None:
        """Mark the table over (its game, or its match, decided)."""

    def table_writes(self, table_id: str,
                     version: int | None) -> AbstractContextManager[int]:
        """One transaction for every write made to table ``table_id`` in the block (an
        action, the next game's start, the table's end), refused with :class:`StaleTable`
        when its stored version is not ``version`` (``None``: not checked); the version is
        counted up once, and the other server processes told, when it commits. The block
        is given the version it found."""

    def load_table(self, table_id: str) -> TableRow | None:
        """The stored table ``table_id`` as :meth:`load_tables` reads it (``None``: no
        such table)."""

    def try_lease(self, table_id: str) -> bool:
        """Take the lease of table ``table_id``'s automatic moves (chance's, a
        computer's, a forced one) for this server process, or see that it holds it
        (``False``: another process does)."""

    def release_lease(self, table_id: str) -> None:
        """Let go of the lease of :meth:`try_lease` (held until then, or until the process
        or its connection ends)."""

    def versions(self) -> dict[str, int]:
        """Every stored table's version, by id. Raises StoreError: the database does not
        answer."""

    def set_due(self, table_id: str, due: bool) -> None:
        """In the open :meth:`table_writes` block of table ``table_id``: whether its next
        move makes itself (chance's, a computer's, a forced one) once the block's writes
        are made."""

    def clear_due(self, table_id: str, version: int) -> None:
        """Note that table ``table_id``'s next move does not make itself, if its version is
        still ``version`` (a table looked at by :meth:`due_tables` and found waiting for a
        person). Raises StoreError: the database does not answer."""

    def announce(self, payload: str) -> None:
        """Tell the other server processes ``payload`` (who is at a table:
        :func:`hoyle.web.bus.parse_presence`); nothing where no other shares the database.
        Raises StoreError: the database does not answer."""

    def live_workers(self) -> set[str] | None:
        """The worker ids of the server processes listening now (``None``: no other shares
        the database). Raises StoreError: the database does not answer."""

    def due_tables(self) -> list[str]:
        """The unfinished tables whose next move makes itself and whose lease no server
        process holds (:meth:`try_lease`: the process that drove it died), oldest first.
        Raises StoreError: the database does not answer."""

    def open_tables(self) -> list[str]:
        """The unfinished tables anyone may sit at (no invite), oldest first. Raises
        StoreError: the database does not answer."""

    def named_tables(self, name: str) -> list[str]:
        """The tables at which a person took a seat under ``name`` (compared without case:
        ``str.casefold``), oldest first. Raises StoreError: the database does not
        answer."""

    def load_tables(self) -> list[TableRow]:
        """Every stored table with its actions and token hashes, oldest first; a row that
        cannot be read comes back with ``damaged`` saying why (never raised)."""

    def close(self) -> None:
        """Close the store."""


MIGRATIONS: tuple[str, ...] = (
    # version 1
    """
    CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seats TEXT NOT NULL,
        seed TEXT NOT NULL,
        commitment TEXT NOT NULL,
        created TEXT NOT NULL,
        finished INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE actions (
        table_id TEXT NOT NULL REFERENCES tables(id),
        n INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (table_id, n)
    );
    CREATE TABLE seat_tokens (
        table_id TEXT NOT NULL REFERENCES tables(id),
        seat INTEGER NOT NULL,
        token_hash TEXT NOT NULL,
        PRIMARY KEY (table_id, seat)
    );
    """,
    # version 2: the games of a match, each with its own seed (a version-1 table: one game)
    """
    CREATE TABLE games (
        table_id TEXT NOT NULL REFERENCES tables(id),
        number INTEGER NOT NULL,
        seed TEXT NOT NULL,
        commitment TEXT NOT NULL,
        first_action INTEGER NOT NULL,
        PRIMARY KEY (table_id, number)
    );
    INSERT INTO games (table_id, number, seed, commitment, first_action)
        SELECT id, 1, seed, commitment, 0 FROM tables;
    """,
    # version 3: a table's invite secret (NULL: open to anyone, as every earlier table was)
    """
    ALTER TABLE tables ADD COLUMN invite TEXT;
    """,
    # version 4: the name a person gave with his seat (NULL: none given, "Player k")
    """
    ALTER TABLE seat_tokens ADD COLUMN name TEXT;
    """,
    # version 5: the person's undos in each game against the computer (none before)
    """
    ALTER TABLE games ADD COLUMN undos INTEGER NOT NULL DEFAULT 0;
    """,
    # version 6: each table's count of writes, so that server processes that hold it in
    # memory know when another has written to it
    """
    ALTER TABLE tables ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    """,
    # version 7: whether a table's next move makes itself (chance, a computer, a forced
    # card), so that a server process finds the tables no one drives without holding them
    # (every earlier table: to be looked at once)
    """
    ALTER TABLE tables ADD COLUMN due INTEGER NOT NULL DEFAULT 1;
    """,
    # version 8: the table a finished one's players went on to with "Play again", so that
    # every server process sends them to the same one
    """
    ALTER TABLE tables ADD COLUMN again TEXT;
    """,
    # version 9: players' accounts (hoyle.web.accounts): a name, its password's hash
    # (argon2id), its sessions (each a token's hash and the CSRF token of its forms), the
    # failed sign-ins of the last minutes (rate limits shared by every server process);
    # the account a seat was taken with; the ratings (hoyle.web.ratings), each rated game
    # once, and each account's change in it; tournaments (hoyle.web.tournaments) and the
    # tables kept for their games
    """
    CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        folded TEXT NOT NULL UNIQUE,
        password TEXT NOT NULL,
        created TEXT NOT NULL
    );
    CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        account TEXT NOT NULL REFERENCES accounts(id),
        csrf TEXT NOT NULL,
        created TEXT NOT NULL
    );
    CREATE TABLE sign_in_failures (
        who TEXT NOT NULL,
        at DOUBLE PRECISION NOT NULL
    );
    CREATE INDEX sign_in_failures_who ON sign_in_failures (who, at);
    ALTER TABLE seat_tokens ADD COLUMN account TEXT REFERENCES accounts(id);
    CREATE INDEX seat_tokens_account ON seat_tokens (account);
    CREATE TABLE ratings (
        account TEXT NOT NULL REFERENCES accounts(id),
        game TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (account, game)
    );
    CREATE TABLE rated_games (
        table_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        game TEXT NOT NULL,
        PRIMARY KEY (table_id, number)
    );
    CREATE TABLE rating_changes (
        table_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        account TEXT NOT NULL REFERENCES accounts(id),
        game TEXT NOT NULL,
        mu_before DOUBLE PRECISION NOT NULL,
        sigma_before DOUBLE PRECISION NOT NULL,
        mu_after DOUBLE PRECISION NOT NULL,
        sigma_after DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (table_id, number, account)
    );
    CREATE TABLE tournaments (
        id TEXT PRIMARY KEY,
        director TEXT NOT NULL REFERENCES accounts(id),
        data TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        created TEXT NOT NULL
    );
    CREATE TABLE tournament_tables (
        table_id TEXT PRIMARY KEY,
        tournament TEXT NOT NULL REFERENCES tournaments(id),
        game_key TEXT NOT NULL,
        seat0 TEXT NOT NULL,
        seat1 TEXT NOT NULL
    );
    """,
)
"""The schema, one script per version: a file at version ``k`` runs scripts ``k+1`` on."""


class SqlStore:
    """A :class:`TableStore` over one SQL database connection: the queries and the
    migrations the two databases share (written with ``?`` placeholders and SQL both
    understand), each implementation giving its connection, how a write transaction starts
    and how a table's row is locked in it (:class:`SqliteStore`, and
    :class:`hoyle.web.pgstore.PostgresStore`). Every write is one transaction, committed
    before the call returns; a refused or failed one changes nothing."""

    _lock: threading.RLock
    _db: Any
    ERRORS: tuple[type[BaseException], ...] = (sqlite3.Error,)
    """The database library's errors (each turned into a :class:`StoreError`)."""
    shared = False
    """Whether several server processes may serve the database at once (PostgreSQL's:
    they hear of each other's writes, :mod:`hoyle.web.bus`); an SQLite file has one."""

    def versions(self) -> dict[str, int]:
        """Every stored table's version, by id (a process that heard nothing for a while
        compares them with its own).

        Raises:
            StoreError: the database does not answer.
        """
        with self._lock:
            self._ensure()
            try:
                return {str(i): int(v) for i, v in
                        self._q(self._db, "SELECT id, version FROM tables").fetchall()}
            except self.ERRORS as e:
                raise StoreError(f"cannot read the tables: {self._cause(e)}",
                                 self._cause(e)) from None

    def _ids(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one read (``sql``), as tuples.

        Raises:
            StoreError: the database does not answer.
        """
        with self._lock:
            self._ensure()
            try:
                return [tuple(r) for r in self._q(self._db, sql, params).fetchall()]
            except self.ERRORS as e:
                raise StoreError(f"cannot read the tables: {self._cause(e)}",
                                 self._cause(e)) from None

    def announce(self, payload: str) -> None:
        """See :meth:`TableStore.announce` (an SQLite file has one server: nothing)."""

    def live_workers(self) -> set[str] | None:
        """See :meth:`TableStore.live_workers` (an SQLite file has one server: ``None``)."""
        return None

    def set_due(self, table_id: str, due: bool) -> None:
        """See :meth:`TableStore.set_due`."""
        with self._writing(f"table {table_id}", table_id) as db:
            self._q(db, "UPDATE tables SET due = ? WHERE id = ?", (int(due), table_id))

    def clear_due(self, table_id: str, version: int) -> None:
        """See :meth:`TableStore.clear_due` (not a write of the table's: its version stays)."""
        with self._transaction(f"table {table_id}") as db:
            self._q(db, "UPDATE tables SET due = 0 WHERE id = ? AND version = ?",
                    (table_id, version))

    def due_tables(self) -> list[str]:
        """See :meth:`TableStore.due_tables` (an SQLite file has one server, whose leases
        are all its own: every such table)."""
        return [str(i) for i, in self._ids(
            "SELECT id FROM tables WHERE due = 1 AND finished = 0 ORDER BY created, id")]

    def open_tables(self) -> list[str]:
        """See :meth:`TableStore.open_tables`."""
        return [str(i) for i, in self._ids(
            "SELECT id FROM tables WHERE finished = 0 AND invite IS NULL "
            "ORDER BY created, id")]

    def named_tables(self, name: str) -> list[str]:
        """See :meth:`TableStore.named_tables`."""
        wanted = name.casefold()
        seen: dict[str, None] = {}
        for tid, given in self._ids(
                "SELECT s.table_id, s.name FROM seat_tokens s JOIN tables t "
                "ON t.id = s.table_id WHERE s.name IS NOT NULL ORDER BY t.created, t.id"):
            if str(given).casefold() == wanted:
                seen[str(tid)] = None
        return list(seen)

    def describe(self) -> str:
        """The database as messages name it (a file; a URL without its password)."""
        raise NotImplementedError

    def _ensure(self) -> None:
        """Before an operation (under the store's lock): a connection that was lost (the
        database restarted) is made again (PostgreSQL's; an SQLite file's never is).

        Raises:
            StoreError: the database does not answer yet.
        """

    def _sql(self, sql: str) -> str:
        """``sql`` in the database's own placeholders (``?`` as written)."""
        return sql

    def _q(self, db: Any, sql: str, params: tuple[Any, ...] = ()) -> Any:
        """Run one statement on ``db``: its cursor."""
        return db.execute(self._sql(sql), params)

    def _begin_write(self, db: Any) -> None:
        """Start a write transaction (SQLite: ``BEGIN IMMEDIATE``, the one writer)."""
        db.execute("BEGIN IMMEDIATE")

    def _begin_read(self, db: Any) -> None:
        """Start a read transaction that sees one moment of the database throughout (so a
        table's version and its actions are read together: SQLite's read transaction
        holds one snapshot of the file)."""
        db.execute("BEGIN")

    def _lock_table(self, db: Any, table_id: str) -> None:
        """In a write transaction: hold table ``table_id``'s row until it ends, so that no
        other writer (another worker) stores an action of it meanwhile (SQLite's
        ``BEGIN IMMEDIATE`` holds the whole file already: nothing more)."""

    def _cause(self, e: BaseException) -> str:
        """A failed write's cause in a player's words."""
        return _cause(e) if isinstance(e, sqlite3.Error) else str(e)

    def _migrate(self) -> None:
        """Bring the schema up to :data:`MIGRATIONS`' last version, one transaction a
        version (a newer schema refused)."""
        with self._lock:
            db = self._db
            self._begin_write(db)
            try:
                self._migration_lock(db)
                self._q(db, "CREATE TABLE IF NOT EXISTS schema_version "
                            "(version INTEGER NOT NULL)")
                row = self._q(db, "SELECT version FROM schema_version").fetchone()
                version = 0 if row is None else int(row[0])
                if version > len(MIGRATIONS):
                    raise StoreError(f"the database's schema is version {version}; this hoyle "
                                     f"knows up to {len(MIGRATIONS)}")
                for v in range(version, len(MIGRATIONS)):
                    for statement in MIGRATIONS[v].split(";"):
                        if statement.strip():
                            self._q(db, statement)
                    self._q(db, "DELETE FROM schema_version")
                    self._q(db, "INSERT INTO schema_version VALUES (?)", (v + 1,))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def _migration_lock(self, db: Any) -> None:
        """In the migration's transaction: keep other processes from migrating at once
        (SQLite's write transaction does already)."""

    def schema_version(self) -> int:
        """The schema version of the open database.

        Raises:
            StoreError: the database does not answer, or holds no hoyle schema.
        """
        with self._lock:
            self._ensure()
            try:
                return int(self._q(self._db, "SELECT version FROM schema_version"
                                   ).fetchone()[0])
            except self.ERRORS as e:
                raise StoreError(f"{self.describe()} is not a hoyle database, or does not "
                                 f"answer: {redact(self._cause(e))}") from None
            except TypeError:  # no row
                raise StoreError(f"{self.describe()} holds no schema version") from None

    _held: str | None = None
    """The table whose :meth:`table_writes` block is open (its transaction takes the
    writes made in it), else ``None``."""

    @contextmanager
    def _transaction(self, what: str) -> Iterator[Any]:
        """One write transaction (:meth:`_begin_write` ... ``COMMIT``) under the store's
        lock: committed when the block ends; on any error rolled back, if the database has
        not rolled it back already (SQLite's full disk does: a second ``ROLLBACK`` would
        hide the cause).

        Raises:
            StoreError: the write failed (``what`` says what was being written; a full disk
                or a read-only file is said so), or the block raised it.
        """
        with self._lock:
            self._ensure()
            db = self._db
            try:
                self._begin_write(db)
                yield db
                db.execute("COMMIT")
            except BaseException as e:
                try:
                    db.execute("ROLLBACK")
                except self.ERRORS:  # rolled back already (or gone): the cause is e
                    pass
                if isinstance(e, self.ERRORS):
                    cause = self._cause(e)
                    raise StoreError(f"cannot store {what}: {cause}", cause) from None
                raise

    @contextmanager
    def _writing(self, what: str, table_id: str | None = None) -> Iterator[Any]:
        """A write (``what``) to table ``table_id``: in the open :meth:`table_writes`
        block's transaction, or else in one of its own, which counts the table's version
        up (:meth:`_count_write`) before it commits.

        Raises:
            StoreError: see :meth:`_transaction`; the write is to another table than the
                open block's.
        """
        with self._lock:
            if self._held is not None:
                if table_id != self._held:
                    raise StoreError(f"a write to table {table_id!r} inside the writes of "
                                     f"table {self._held!r}")
                try:
                    yield self._db
                except self.ERRORS as e:  # the block's transaction is rolled back
                    cause = self._cause(e)
                    raise StoreError(f"cannot store {what}: {cause}", cause) from None
                return
            with self._transaction(what) as db:
                yield db
                if table_id is not None:
                    self._count_write(db, table_id)

    @contextmanager
    def table_writes(self, table_id: str, version: int | None) -> Iterator[int]:
        """See :meth:`TableStore.table_writes`: the table's row is held
        (:meth:`_lock_table`) from the start of the block to its commit.

        Raises:
            StaleTable: the table's stored version is not ``version`` (nothing written).
            StoreError: no such table, or a write failed (nothing written).
        """
        with self._lock:
            if self._held is not None:
                raise StoreError(f"the writes of table {table_id!r} inside those of table "
                                 f"{self._held!r}")
            with self._transaction(f"a move at table {table_id}") as db:
                self._lock_table(db, table_id)
                found = self._q(db, "SELECT version FROM tables WHERE id = ?",
                                (table_id,)).fetchone()
                if found is None:
                    raise StoreError(f"no table {table_id!r} is stored")
                if version is not None and int(found[0]) != version:
                    raise StaleTable(f"table {table_id!r} has been written to by another "
                                     f"server process (version {found[0]}, not {version})")
                self._held = table_id
                try:
                    yield int(found[0])
                finally:
                    self._held = None
                self._count_write(db, table_id, int(found[0]))

    def _count_write(self, db: Any, table_id: str, found: int | None = None) -> None:
        """In a write's transaction: count table ``table_id``'s version up and tell the
        other server processes (:meth:`_notify`) when it commits. ``found``: its version
        read under the row's lock in this transaction (else it is read here)."""
        self._q(db, "UPDATE tables SET version = version + 1 WHERE id = ?", (table_id,))
        if found is None:
            row = self._q(db, "SELECT version FROM tables WHERE id = ?",
                          (table_id,)).fetchone()
            if row is None:
                return
            self._notify(db, table_id, int(row[0]))
        else:
            self._notify(db, table_id, found + 1)

    def _notify(self, db: Any, table_id: str, version: int) -> None:
        """In a write's transaction: have the other server processes told, once it commits,
        that table ``table_id`` is at ``version`` (PostgreSQL's ``NOTIFY``; an SQLite file
        has one server: nothing)."""

    def try_lease(self, table_id: str) -> bool:
        """See :meth:`TableStore.try_lease` (an SQLite file has one server: always
        ``True``)."""
        return True

    def release_lease(self, table_id: str) -> None:
        """See :meth:`TableStore.release_lease`."""

    def create_table(self, row: TableRow) -> None:
        """See :meth:`TableStore.create_table`."""
        with self._writing(f"table {row.id}") as db:  # version 0: no count, but told
            self._insert_table(db, row)

    def create_again(self, table_id: str, row: TableRow) -> str:
        """See :meth:`TableStore.create_again`."""
        with self._lock:
            if self._held is not None:
                raise StoreError(f"a new table inside the writes of table {self._held!r}")
            with self._transaction(f"table {row.id}") as db:
                self._lock_table(db, table_id)
                found = self._q(db, "SELECT again FROM tables WHERE id = ?",
                                (table_id,)).fetchone()
                if found is None:
                    raise StoreError(f"no table {table_id!r} is stored")
                if found[0] is not None:
                    return str(found[0])
                self._insert_table(db, row)
                self._q(db, "UPDATE tables SET again = ? WHERE id = ?", (row.id, table_id))
                self._count_write(db, table_id)
                return row.id

    def _insert_table(self, db: Any, row: TableRow) -> None:
        """In a write's transaction: the new table ``row``'s header and its first game, the
        others told (version 0)."""
        self._q(db,
            "INSERT INTO tables (id, game, options, seats, seed, commitment, created,"
            " invite) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (row.id, row.game, json.dumps(row.options),
             json.dumps([s.to_dict() for s in row.seats]), row.seed, row.commitment,
             row.created, row.invite))
        self._q(db, "INSERT INTO games (table_id, number, seed, commitment, first_action)"
                   " VALUES (?, 1, ?, ?, 0)",
                   (row.id, row.seed, row.commitment))
        self._notify(db, row.id, 0)

    def start_game(self, table_id: str, number: int, seed: str, commitment: str,
                   first_action: int) -> None:
        """See :meth:`TableStore.start_game`."""
        with self._writing(f"game {number} of table {table_id}", table_id) as db:
            self._lock_table(db, table_id)
            last = self._q(db, "SELECT COALESCE(MAX(number), 0) FROM games "
                              "WHERE table_id = ?", (table_id,)).fetchone()[0]
            actions = self._q(db, "SELECT COUNT(*) FROM actions WHERE table_id = ?",
                                 (table_id,)).fetchone()[0]
            if number != last + 1 or number < 2:
                raise StoreError(f"table {table_id!r}: game {number} is not the next "
                                 f"({last + 1})")
            if first_action != actions:
                raise StoreError(f"table {table_id!r}: game {number} starts after "
                                 f"action {actions}, not {first_action}")
            self._q(db, "INSERT INTO games (table_id, number, seed, commitment, first_action)"
                       " VALUES (?, ?, ?, ?, ?)",
                       (table_id, number, seed, commitment, first_action))

    def append_action(self, table_id: str, n: int, seat: int, action: str) -> None:
        """See :meth:`TableStore.append_action`."""
        with self._writing(f"action {n} of table {table_id}", table_id) as db:
            self._lock_table(db, table_id)
            last = self._q(db, "SELECT COALESCE(MAX(n), 0) FROM actions WHERE table_id = ?",
                              (table_id,)).fetchone()[0]
            if n != last + 1:
                raise StoreError(f"table {table_id!r}: action {n} is not the next "
                                 f"({last + 1})")
            self._q(db, "INSERT INTO actions VALUES (?, ?, ?, ?)",
                       (table_id, n, seat, action))

    def claim_seat(self, table_id: str, seat: int, token_hash: str,
                   name: str | None = None, account: str | None = None) -> bool:
        """See :meth:`TableStore.claim_seat`."""
        with self._writing(f"seat {seat + 1} of table {table_id}", table_id) as db:
            cur = self._q(db, "INSERT INTO seat_tokens (table_id, seat, token_hash, name, "
                          "account) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                          (table_id, seat, token_hash, name, account))
            return bool(cur.rowcount == 1)

    def replace_seat_token(self, table_id: str, seat: int, token_hash: str) -> None:
        """See :meth:`TableStore.replace_seat_token`."""
        with self._writing(f"seat {seat + 1} of table {table_id}", table_id) as db:
            cur = self._q(db, "UPDATE seat_tokens SET token_hash = ? WHERE table_id = ? AND "
                          "seat = ?", (token_hash, table_id, seat))
            if cur.rowcount != 1:
                raise StoreError(f"seat {seat + 1} of table {table_id} is not taken")

    def rename_seat(self, table_id: str, seat: int, name: str | None) -> None:
        """See :meth:`TableStore.rename_seat`."""
        with self._writing(f"the name of seat {seat + 1} of table {table_id}",
                           table_id) as db:
            cur = self._q(db, "UPDATE seat_tokens SET name = ? WHERE table_id = ? AND seat = ?",
                             (name, table_id, seat))
            if cur.rowcount != 1:
                raise StoreError(f"table {table_id!r}: seat {seat + 1} is not taken")

    def take_back(self, table_id: str, keep: int, game: int, undos: int) -> None:
        """See :meth:`TableStore.take_back`."""
        with self._writing(f"an undo at table {table_id}", table_id) as db:
            self._lock_table(db, table_id)
            last = self._q(db, "SELECT COALESCE(MAX(n), 0) FROM actions WHERE table_id = ?",
                              (table_id,)).fetchone()[0]
            found = self._q(db, "SELECT first_action FROM games WHERE table_id = ? AND "
                               "number = ?", (table_id, game)).fetchone()
            if found is None or not found[0] <= keep < last:
                raise StoreError(f"table {table_id!r}: cannot take back to action {keep} "
                                 f"of game {game}")
            self._q(db, "DELETE FROM actions WHERE table_id = ? AND n > ?", (table_id, keep))
            self._q(db, "UPDATE games SET undos = ? WHERE table_id = ? AND number = ?",
                       (undos, table_id, game))

    def finish(self, table_id: str) -> None:
        """See :meth:`TableStore.finish`."""
        with self._writing(f"the end of table {table_id}", table_id) as db:
            self._q(db, "UPDATE tables SET finished = 1 WHERE id = ?", (table_id,))

    def load_tables(self) -> list[TableRow]:
        """See :meth:`TableStore.load_tables`."""
        return self._rows("", ())

    def load_table(self, table_id: str) -> TableRow | None:
        """See :meth:`TableStore.load_table`."""
        rows = self._rows(" WHERE id = ?", (table_id,))
        return rows[0] if rows else None

    def _rows(self, where: str, params: tuple[Any, ...]) -> list[TableRow]:
        """The stored tables ``where`` says (an SQL condition on ``tables``), oldest
        first, read in one transaction (a table is never read half written)."""
        with self._lock:
            self._ensure()
            db = self._db
            self._begin_read(db)
            try:
                return self._read_rows(db, where, params)
            finally:
                db.execute("ROLLBACK")

    def _read_rows(self, db: Any, where: str, params: tuple[Any, ...]) -> list[TableRow]:
        rows = []
        for (tid, game, options, seats, seed, commitment, created, finished,
             invite, version, again) in self._q(db,
                "SELECT id, game, options, seats, seed, commitment, created, finished, "
                f"invite, version, again FROM tables{where} ORDER BY created, id",
                params).fetchall():
            try:
                kinds = [SeatKind(s["kind"], s["player"]) for s in json.loads(seats)]
                opts = json.loads(options)
                if not isinstance(opts, dict):
                    raise TypeError(f"options are {type(opts).__name__}, not an object")
            except (ValueError, TypeError, KeyError) as e:
                rows.append(TableRow(str(tid), str(game), {}, [], str(seed),
                                     str(commitment), str(created), finished=True,
                                     damaged=f"its stored row is damaged "
                                             f"({type(e).__name__}: {str(e)[:120]})"))
                continue
            actions = [a for (a,) in self._q(db,
                "SELECT action FROM actions WHERE table_id = ? ORDER BY n", (tid,))]
            hashes: list[str | None] = [None] * len(kinds)
            names: list[str | None] = [None] * len(kinds)
            for seat, h, name in self._q(db,
                    "SELECT seat, token_hash, name FROM seat_tokens WHERE table_id = ?",
                    (tid,)):
                if 0 <= seat < len(hashes):
                    hashes[seat] = h
                    names[seat] = None if name is None else str(name)
            games = [GameRow(int(n), str(s), str(c), int(f), int(u or 0))
                     for n, s, c, f, u in self._q(db,
                "SELECT number, seed, commitment, first_action, undos FROM games "
                "WHERE table_id = ? ORDER BY number", (tid,))]
            if not games or games[0].number != 1:
                games.insert(0, GameRow(1, seed, commitment, 0))
            rows.append(TableRow(tid, game, opts, kinds, seed, commitment,
                                 created, actions, hashes, bool(finished), games=games,
                                 invite=None if invite is None else str(invite),
                                 seat_names=names, version=int(version or 0),
                                 again=None if again is None else str(again)))
        return rows

    def close(self) -> None:
        """See :meth:`TableStore.close`."""
        with self._lock:
            self._db.close()


class SqliteStore(SqlStore):
    """A :class:`TableStore` in one SQLite file (``":memory:"`` for a test): WAL, full
    synchronous writes, one writer at a time (``BEGIN IMMEDIATE``).

    Args:
        path: the database file (created if missing, migrated if older).
        migrate: ``False`` to read the file as it is, read-only (``hoyle db check``): not
            created, not migrated, not switched to WAL.

    Raises:
        StoreError: the file cannot be opened, or its schema is newer than
            :data:`MIGRATIONS`.
    """

    def __init__(self, path: str | Path, migrate: bool = True) -> None:
        self._lock = threading.RLock()
        self.path = str(path)
        try:
            if not migrate:  # read as it is (hoyle db check): nothing written, not even WAL
                self._db = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True,
                                           check_same_thread=False, isolation_level=None)
                return
            self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except sqlite3.Error as e:
            raise StoreError(f"cannot open the database {str(path)!r}: {e}") from None

    def describe(self) -> str:
        """The database as messages name it: its file."""
        return self.path


    def integrity(self) -> list[str]:
        """SQLite's ``PRAGMA integrity_check``: the problems found (``[]``: none)."""
        with self._lock:
            found = [str(r[0]) for r in self._db.execute("PRAGMA integrity_check")]
        return [] if found == ["ok"] else found



def backup_file(source: str | Path, target: str | Path) -> None:
    """Copy the SQLite database ``source``, as it stands, to the new file ``target``
    (SQLite's online backup API: a server may keep writing meanwhile). The source is read
    only: neither migrated nor switched to WAL.

    Raises:
        StoreError: the source is not an SQLite database, or the copy cannot be written.
    """
    try:
        src = sqlite3.connect(f"{Path(source).resolve().as_uri()}?mode=ro", uri=True)
        try:
            src.execute("SELECT count(*) FROM sqlite_master").fetchone()
            out = sqlite3.connect(str(target))
            try:
                src.backup(out)
            finally:
                out.close()
        finally:
            src.close()
    except sqlite3.Error as e:
        raise StoreError(f"cannot back up {str(source)!r} to {str(target)!r}: "
                         f"{_cause(e)}") from None


_SECRETS = (re.compile(r"(password\s*=\s*)('[^']*'|[^\s&'\"]+)", re.IGNORECASE),
            re.compile(r"(://[^:/@\s]*:)([^@/\s]+)(@)"))


def redact(text: str) -> str:
    """``text`` with any database password in it hidden (``password=***`` of a URL's query
    or a connection string, ``user:***@`` of a URL), as every message and log line says a
    database.

    >>> redact("postgresql://ann:S3cret@db/x?sslmode=require&password=S3cret")
    'postgresql://ann:***@db/x?sslmode=require&password=***'
    >>> redact("host=db user=ann password='a b' dbname=x")
    'host=db user=ann password=*** dbname=x'
    """
    text = _SECRETS[0].sub(lambda m: m.group(1) + "***", text)
    return _SECRETS[1].sub(lambda m: m.group(1) + "***" + m.group(3), text)
