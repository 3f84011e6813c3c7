"""``hoyle serve --db postgresql://...``: the web app's tables in a PostgreSQL database
(psycopg 3), the same schema, migrations and queries as the SQLite file
(:class:`hoyle.web.store.SqlStore`), for a site that outgrows one file.

A write is one transaction that holds the table's row (``SELECT ... FOR UPDATE``) while it
checks the action's number and stores it, so two processes writing one table never store
two actions of the same number; the migrations take an advisory lock, so workers started
together migrate once. Install it with the ``postgres`` extra (``pip install
'hoyle[web,postgres]'``); ``hoyle db backup`` is SQLite's: back a PostgreSQL database up with
``pg_dump`` (docs/web.md).
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from hoyle.web.logs import event
from hoyle.web.store import SqlStore, StoreError, redact

log = logging.getLogger(__name__)

__all__ = ["PostgresStore"]

MIGRATION_LOCK = 0x686F796C65
"""The advisory lock a migration holds (``pg_advisory_xact_lock``): "hoyle" in hex."""

SERVE_LOCK = MIGRATION_LOCK + 1
"""The advisory lock a serving process holds for as long as it runs (:meth:`lock_server`)."""

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

    def __init__(self, url: str, migrate: bool = True) -> None:
        try:
            import psycopg
        except ImportError:
            raise StoreError("a PostgreSQL database needs psycopg: pip install "
                             "'hoyle[postgres]'") from None
        self._psycopg = psycopg
        self.ERRORS = (psycopg.Error,)
        self._lock = threading.Lock()
        self.url = url
        self._serving = False
        try:  # autocommit: every write says BEGIN ... COMMIT itself, as SQLite's do
            self._connect()
            if migrate:
                self._migrate()
        except (psycopg.Error, ValueError) as e:
            raise StoreError(f"cannot open the database {self.describe()!r}: "
                             f"{self._cause(e)}") from None

    def _connect(self) -> None:
        self._db: Any = self._psycopg.connect(self.url, autocommit=True)

    def _ensure(self) -> None:
        """A connection lost (PostgreSQL restarted, the network cut) is made again before
        the next operation; a serving process takes its hold on the database again
        (:meth:`lock_server`), and says so loudly if another server took it meanwhile."""
        if not (self._db.closed or self._db.broken):
            return
        try:
            self._connect()
        except self._psycopg.Error as e:
            raise StoreError(f"the database does not answer: {self._cause(e)}",
                             "the database does not answer") from None
        log.warning("the database connection was made again", extra=event(
            database=self.describe()))
        if self._serving and not self._try_lock():
            log.error("another hoyle serve holds the database now: this one no longer "
                      "stores anything", extra=event(database=self.describe()))
            self._db.close()
            raise StoreError("another hoyle serve holds the database now",
                             "the database is held by another server")

    def _try_lock(self) -> bool:
        return bool(self._db.execute("SELECT pg_try_advisory_lock(%s)",
                                     (SERVE_LOCK,)).fetchone()[0])

    def describe(self) -> str:
        """The database as messages name it: its URL without a password."""
        return _safe(self.url)

    def lock_server(self) -> None:
        """Hold the database for this server while its connection lasts (a session
        advisory lock, released when the process ends, even killed; taken again when the
        connection is made again): one ``hoyle serve`` a database, as one a SQLite file.

        Raises:
            StoreError: another server holds it.
        """
        with self._lock:
            self._ensure()
            if not self._try_lock():
                raise StoreError(f"another hoyle serve is using {self.describe()}: stop it "
                                 "first, or give this one another --db")
            self._serving = True

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s")

    def _begin_write(self, db: Any) -> None:
        db.execute("BEGIN")

    def _lock_table(self, db: Any, table_id: str) -> None:
        db.execute("SELECT id FROM tables WHERE id = %s FOR UPDATE", (table_id,))

    def _migration_lock(self, db: Any) -> None:
        db.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))

    def _cause(self, e: BaseException) -> str:
        """An error's words on one line, without the URL's password (psycopg quotes a
        malformed URL whole)."""
        if getattr(e, "sqlstate", None) == DISK_FULL:
            return "the server's disk is full"
        text = " ".join(str(e).split()) or type(e).__name__
        return redact(text.replace(self.url, self.describe()))


def _safe(url: str) -> str:
    """A database URL as messages quote it: its password hidden (``user:***@``,
    ``password=***``), and a URL that cannot be read not quoted at all."""
    from urllib.parse import urlsplit

    try:
        urlsplit(url).port  # noqa: B018  (a bad port raises here)
    except ValueError:
        return "(a database URL that cannot be read)"
    return redact(url)
