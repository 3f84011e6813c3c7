"""``hoyle serve --db postgresql://...``: the web app's tables in a PostgreSQL database
(psycopg 3), the same schema, migrations and queries as the SQLite file
(:class:`hoyle.web.store.SqlStore`), for a site that outgrows one file.

Many server processes (``hoyle serve --workers N``, or servers on several machines) share
one database. A write is one transaction that holds the table's row (``SELECT ... FOR
UPDATE``) while it checks the table's version (no other process has written since this one
read it) and stores the action, so two processes never apply conflicting actions; its
commit tells the others (``NOTIFY``, :data:`CHANNEL`; :mod:`hoyle.web.bus` listens). A
table's automatic moves (chance, the computers') are made by the process that holds its
lease, a session advisory lock: when that process dies its connection closes and the lease
is free at once. The migrations take an advisory lock, so workers started together migrate
once. Install it with the ``postgres`` extra (``pip install
'hoyle[web,postgres]'``); ``hoyle db backup`` is SQLite's: back a PostgreSQL database up with
``pg_dump`` (docs/web.md).
"""

from __future__ import annotations

import logging
import os
import threading
import zlib
from typing import Any

from hoyle.web.logs import event
from hoyle.web.store import SqlStore, StoreError, redact

log = logging.getLogger(__name__)

__all__ = ["PostgresStore"]

MIGRATION_LOCK = 0x686F796C65
"""The advisory lock a migration holds (``pg_advisory_xact_lock``): "hoyle" in hex."""

LEASE_SPACE = 0x686F796C
"""The first key of every table's lease (``pg_try_advisory_lock(LEASE_SPACE, k)``, ``k``
the CRC-32 of the table's id as a signed 32-bit number): "hoyl" in hex."""

CHANNEL = "hoyle_tables"
"""The ``NOTIFY`` channel every write is told on: its payload is ``"TABLE_ID VERSION"``."""

DISK_FULL = "53100"
"""PostgreSQL's SQLSTATE for a full disk (``disk_full``)."""


class PostgresStore(SqlStore):
    """A :class:`~hoyle.web.store.TableStore` in a PostgreSQL database.

    Args:
        url: the database's URL (``postgresql://user@host:port/db``, or a socket folder
            as ``?host=/path``), as libpq reads it.

    Raises:
        StoreError: psycopg is not installed, the database cannot be reached, or its
            schema is newer than this program knows.
    """

    shared = True

    def __init__(self, url: str, migrate: bool = True) -> None:
        try:
            import psycopg
        except ImportError:
            raise StoreError("a PostgreSQL database needs psycopg: pip install "
                             "'hoyle[postgres]'") from None
        self._psycopg = psycopg
        self.ERRORS = (psycopg.Error,)
        self._lock = threading.RLock()
        self.url = url
        self._leases: set[str] = set()
        """The tables whose lease this process holds (on its present connection)."""
        try:  # autocommit: every write says BEGIN ... COMMIT itself, as SQLite's do
            self._connect()
            if migrate:
                self._migrate()
        except (psycopg.Error, ValueError) as e:
            raise StoreError(f"cannot open the database {self.describe()!r}: "
                             f"{self._cause(e, detail=True)}") from None

    def _connect(self) -> None:
        self._db: Any = self._psycopg.connect(self.url, autocommit=True,
                                              application_name=f"hoyle-{os.getpid()}")

    def _ensure(self) -> None:
        """A connection lost (PostgreSQL restarted, the network cut) is made again before
        the next operation; the leases held on the old one are gone with it."""
        if not (self._db.closed or self._db.broken):
            return
        self._leases.clear()
        try:
            self._connect()
        except self._psycopg.Error as e:
            cause = self._cause(e)
            raise StoreError(cause if cause == NO_ANSWER else f"{NO_ANSWER}: {cause}",
                             NO_ANSWER) from None
        log.warning("the database connection was made again", extra=event(
            database=self.describe()))

    def describe(self) -> str:
        """The database as messages name it: its URL without a password."""
        return _safe(self.url)

    def _notify(self, db: Any, table_id: str, version: int) -> None:
        db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table_id} {version}"))

    def try_lease(self, table_id: str) -> bool:
        """See :meth:`hoyle.web.store.TableStore.try_lease`: a session advisory lock on
        this process's connection (:data:`LEASE_SPACE`), free once the process or the
        connection ends."""
        with self._lock:
            try:
                self._ensure()
                if table_id in self._leases:
                    return True
                got = bool(self._db.execute("SELECT pg_try_advisory_lock(%s, %s)",
                                            (LEASE_SPACE, _key(table_id))).fetchone()[0])
            except self.ERRORS as e:
                raise StoreError(f"cannot take table {table_id}'s lease: {self._cause(e)}",
                                 self._cause(e)) from None
            if got:
                self._leases.add(table_id)
            return got

    def release_lease(self, table_id: str) -> None:
        """See :meth:`hoyle.web.store.TableStore.release_lease` (a connection that is
        gone has let go of it already)."""
        with self._lock:
            if table_id not in self._leases:
                return
            self._leases.discard(table_id)
            if self._db.closed or self._db.broken:
                return
            try:
                self._db.execute("SELECT pg_advisory_unlock(%s, %s)",
                                 (LEASE_SPACE, _key(table_id)))
            except self.ERRORS as e:
                log.warning("a lease was not let go: %s", self._cause(e))

    def announce(self, payload: str) -> None:
        """See :meth:`hoyle.web.store.TableStore.announce`: ``NOTIFY`` on :data:`CHANNEL`,
        in a transaction of its own.

        Raises:
            StoreError: the database does not answer.
        """
        self._ids("SELECT 1 FROM pg_notify(%s, %s)", (CHANNEL, payload))

    def live_workers(self) -> set[str] | None:
        """See :meth:`hoyle.web.store.TableStore.live_workers`: read from the names of the
        listening connections (``hoyle-bus-PID-WORKER``, :func:`hoyle.web.bus.bus_name`)."""
        names = self._ids("SELECT application_name FROM pg_stat_activity "
                          "WHERE application_name LIKE 'hoyle-bus-%%'")
        return {str(n).rsplit("-", 1)[1] for n, in names if str(n).count("-") >= 3}

    def due_tables(self) -> list[str]:
        """See :meth:`hoyle.web.store.TableStore.due_tables`: those whose lease (an
        advisory lock of :data:`LEASE_SPACE`) no session holds."""
        leased = {int(k) for k, in self._ids(
            "SELECT objid FROM pg_locks WHERE locktype = 'advisory' AND classid = %s "
            "AND objsubid = 2 AND granted", (LEASE_SPACE,))}
        return [tid for tid in super().due_tables()
                if _key(tid) & 0xFFFFFFFF not in leased]

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s")

    def _begin_write(self, db: Any) -> None:
        db.execute("BEGIN")

    def _begin_read(self, db: Any) -> None:
        """One snapshot for the whole read (``REPEATABLE READ``): PostgreSQL's default
        gives each statement its own, so a table's version and its actions could be of
        two moments."""
        db.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")

    def _lock_table(self, db: Any, table_id: str) -> None:
        db.execute("SELECT id FROM tables WHERE id = %s FOR UPDATE", (table_id,))

    def _migration_lock(self, db: Any) -> None:
        db.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))

    def _cause(self, e: BaseException, detail: bool = False) -> str:
        """An error's words on one line, without the URL's password (psycopg quotes a
        malformed URL whole). A connection lost (PostgreSQL stopping, restarting, cut
        off) is "the database does not answer" in what a player is told; ``detail``
        (the operator's start-up and log lines) keeps the database's own words."""
        if getattr(e, "sqlstate", None) == DISK_FULL:
            return "the server's disk is full"
        if not detail and isinstance(e, self._psycopg.OperationalError):
            return NO_ANSWER
        text = " ".join(str(e).split()) or type(e).__name__
        return redact(text.replace(self.url, self.describe()))


NO_ANSWER = "the database does not answer"
"""What a player is told of a database that cannot be reached (its own words are the
operator's: :meth:`PostgresStore._cause`)."""


def _key(table_id: str) -> int:
    """A table's lease key: the CRC-32 of its id as a signed 32-bit number (two tables
    that share one share a lease: one waits for the other's moves, nothing worse)."""
    k = zlib.crc32(table_id.encode())
    return k - (1 << 32) if k >= 1 << 31 else k


def _safe(url: str) -> str:
    """A database URL as messages quote it: its password hidden (``user:***@``,
    ``password=***``), and a URL that cannot be read not quoted at all."""
    from urllib.parse import urlsplit

    try:
        urlsplit(url).port  # noqa: B018  (a bad port raises here)
    except ValueError:
        return "(a database URL that cannot be read)"
    return redact(url)
