"""Which database the web app's tables are in, and whether they replay: :func:`open_store`
(an SQLite file, or a PostgreSQL database by its URL) and :func:`check_rows` (``hoyle db
check``). Above both stores and every kind of table (the referee's included)."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from pathlib import Path

from hoyle.web import referee  # noqa: F401  (the referee tables' kind, registered)
from hoyle.web.store import SqliteStore, SqlStore, TableRow
from hoyle.web.tables import replay_fault, table_class

__all__ = ["POSTGRES_SCHEMES", "check_rows", "open_store"]

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
"""How a ``--db`` that names a PostgreSQL database begins."""


def open_store(db: str | Path, migrate: bool = True) -> SqlStore:
    """The store ``db`` names: a PostgreSQL database by its URL (``postgresql://...``,
    :class:`hoyle.web.pgstore.PostgresStore`, psycopg 3), else an SQLite file; migrated to
    this hoyle's schema, or with ``migrate=False`` read as it is (``hoyle db check``).

    Raises:
        StoreError: it cannot be opened (or psycopg is not installed).
    """
    text = str(db)
    if text.startswith(POSTGRES_SCHEMES):
        from hoyle.web.pgstore import PostgresStore
        return PostgresStore(text, migrate=migrate)
    return SqliteStore(db, migrate=migrate)


class _DryStore:
    """A store that writes nothing (``hoyle db check`` replays tables without changing the
    database): a replay that would store a match's next game only notes it."""

    shared = False

    def create_table(self, row: TableRow) -> None: ...
    def create_again(self, table_id: str, row: TableRow) -> str:
        return row.id
    def table_writes(self, table_id: str,
                     version: int | None) -> AbstractContextManager[int]:
        return nullcontext(0)
    def load_table(self, table_id: str) -> TableRow | None:
        return None
    def try_lease(self, table_id: str) -> bool:
        return True
    def release_lease(self, table_id: str) -> None: ...
    def versions(self) -> dict[str, int]:
        return {}
    def set_due(self, table_id: str, due: bool) -> None: ...
    def announce(self, payload: str) -> None: ...
    def live_workers(self) -> set[str] | None:
        return None
    def clear_due(self, table_id: str, version: int) -> None: ...
    def due_tables(self) -> list[str]:
        return []
    def open_tables(self) -> list[str]:
        return []
    def named_tables(self, name: str) -> list[str]:
        return []
    def append_action(self, table_id: str, n: int, seat: int, action: str) -> None: ...
    def claim_seat(self, table_id: str, seat: int, token_hash: str,
                   name: str | None = None, account: str | None = None) -> bool:
        return False
    def rename_seat(self, table_id: str, seat: int, name: str | None) -> None: ...
    def replace_seat_token(self, table_id: str, seat: int, token_hash: str) -> None: ...
    def take_back(self, table_id: str, keep: int, game: int, undos: int) -> None: ...
    def start_game(self, table_id: str, number: int, seed: str, commitment: str,
                   first_action: int) -> None: ...
    def finish(self, table_id: str) -> None: ...
    def load_tables(self) -> list[TableRow]:
        return []
    def close(self) -> None: ...


def check_rows(rows: Sequence[TableRow]) -> dict[str, str]:
    """The stored tables ``rows`` that would not be served, each with why: a damaged row,
    or stored actions that do not replay (``hoyle db check``; nothing is written).
    """
    bad: dict[str, str] = {}
    for row in rows:
        if row.damaged is not None:
            bad[row.id] = row.damaged
            continue
        try:
            table_class(row)(replace(row, actions=list(row.actions), games=list(row.games),
                                      token_hashes=list(row.token_hashes),
                                      seat_names=list(row.seat_names)), _DryStore())
        except Exception as e:  # noqa: BLE001  every table is checked
            bad[row.id] = replay_fault(e)
    return bad
