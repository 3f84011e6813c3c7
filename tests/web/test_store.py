"""The table store: schema versions and migrations, actions kept in order and only once,
seats claimed once, tokens stored only as hashes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from hoyle.web.store import MIGRATIONS, SeatKind, SqliteStore, StoreError, TableRow
from hoyle.web.tables import hash_token


def row(tid: str = "t1") -> TableRow:
    return TableRow(tid, "cribbage", {"variant": "five-card"},
                    [SeatKind("person"), SeatKind("computer", "expert")], str(2 ** 100), "c",
                    "2026-12-01T10:00:00")


def test_a_new_file_is_at_the_latest_version_and_a_newer_one_is_refused(tmp_path: Path
                                                                         ) -> None:
    path = tmp_path / "t.db"
    store = SqliteStore(path)
    assert store.schema_version() == len(MIGRATIONS) == 2
    store.close()
    db = sqlite3.connect(path)
    db.execute("UPDATE schema_version SET version = 99")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="version 99"):
        SqliteStore(path)


def test_actions_are_kept_in_order_once_each_and_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    store = SqliteStore(path)
    store.create_table(row())
    with pytest.raises(StoreError):
        store.create_table(row())
    store.append_action("t1", 1, -1, "CUT 5H")
    store.append_action("t1", 2, -1, "CUT 9C")
    for n in (2, 4):  # a replayed number, a gap
        with pytest.raises(StoreError, match="not the next"):
            store.append_action("t1", n, 0, "GO")
    assert store.claim_seat("t1", 0, hash_token("secret"))
    assert not store.claim_seat("t1", 0, hash_token("other"))
    store.close()
    (loaded,) = SqliteStore(path).load_tables()
    assert loaded.actions == ["CUT 5H", "CUT 9C"]
    assert loaded.seed == str(2 ** 100) and loaded.options == {"variant": "five-card"}
    assert loaded.seats == [SeatKind("person"), SeatKind("computer", "expert")]
    assert loaded.token_hashes == [hash_token("secret"), None]
    assert b"secret" not in path.read_bytes()
