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

import threading
from typing import Any

from hoyle.web.store import SqlStore, StoreError

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

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise StoreError("a PostgreSQL database needs psycopg: pip install "
                             "'hoyle[postgres]'") from None
        self.ERRORS = (psycopg.Error,)
        self._lock = threading.Lock()
        self.url = url
        try:  # autocommit: every write says BEGIN ... COMMIT itself, as SQLite's do
            self._db: Any = psycopg.connect(url, autocommit=True)
            self._migrate()
        except psycopg.Error as e:
            raise StoreError(f"cannot open the database {_safe(url)!r}: "
                             f"{str(e).strip()}") from None

    def describe(self) -> str:
        """The database as messages name it: its URL without a password."""
        return _safe(self.url)

    def lock_server(self) -> None:
        """Hold the database for this server while its connection lasts (a session
        advisory lock, released when the process ends, even killed): one ``hoyle serve`` a
        database, as one a SQLite file.

        Raises:
            StoreError: another server holds it.
        """
        with self._lock:
            held = self._db.execute("SELECT pg_try_advisory_lock(%s)",
                                    (SERVE_LOCK,)).fetchone()[0]
        if not held:
            raise StoreError(f"another hoyle serve is using {self.describe()}: stop it "
                             "first, or give this one another --db")

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s")

    def _begin_write(self, db: Any) -> None:
        db.execute("BEGIN")

    def _lock_table(self, db: Any, table_id: str) -> None:
        db.execute("SELECT id FROM tables WHERE id = %s FOR UPDATE", (table_id,))

    def _migration_lock(self, db: Any) -> None:
        db.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))

    def _cause(self, e: BaseException) -> str:
        if getattr(e, "sqlstate", None) == DISK_FULL:
            return "the server's disk is full"
        return str(e).strip() or type(e).__name__


def _safe(url: str) -> str:
    """A database URL as an error quotes it: without its password."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    user = f"{parts.username}:***@" if parts.username else ""
    port = f":{parts.port}" if parts.port else ""
    return urlunsplit(parts._replace(netloc=f"{user}{host}{port}"))
