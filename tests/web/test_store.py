"""The table store, on SQLite and on PostgreSQL (a throwaway cluster, ``helpers.postgres``):
schema versions and migrations, actions kept in order and only once, seats claimed once,
tokens stored only as hashes; the two databases hold the same after the same calls."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from hoyle.web.db import POSTGRES_SCHEMES, open_store
from hoyle.web.store import MIGRATIONS, SeatKind, SqliteStore, StoreError, TableRow
from hoyle.web.tables import hash_token


pytestmark = pytest.mark.sqlite_only  # both databases, each by name (the PostgreSQL run: not again)


def row(tid: str = "t1") -> TableRow:
    return TableRow(tid, "cribbage", {"variant": "five-card"},
                    [SeatKind("person"), SeatKind("computer", "expert")], str(2 ** 100), "c",
                    "2026-12-01T10:00:00")


def set_version(database: str, version: int) -> None:
    """Write another schema version into ``database`` behind the store's back."""
    if database.startswith(POSTGRES_SCHEMES):
        import psycopg
        with psycopg.connect(database, autocommit=True) as db:
            db.execute("UPDATE schema_version SET version = %s", (version,))
        return
    db = sqlite3.connect(database)
    db.execute("UPDATE schema_version SET version = ?", (version,))
    db.commit()
    db.close()


def test_a_new_database_is_at_the_latest_version_and_a_newer_one_is_refused(
        database: str) -> None:
    store = open_store(database)
    assert store.schema_version() == len(MIGRATIONS) == 9
    store.close()
    assert open_store(database).schema_version() == 9  # opened again: nothing to do
    set_version(database, 99)
    with pytest.raises(StoreError, match="version 99"):
        open_store(database)


def test_actions_are_kept_in_order_once_each_and_survive_reopening(database: str) -> None:
    store = open_store(database)
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
    store.rename_seat("t1", 0, "Ann")
    with pytest.raises(StoreError, match="not taken"):
        store.rename_seat("t1", 1, "Bob")
    store.close()
    (loaded,) = open_store(database).load_tables()
    assert loaded.actions == ["CUT 5H", "CUT 9C"]
    assert loaded.seed == str(2 ** 100) and loaded.options == {"variant": "five-card"}
    assert loaded.seats == [SeatKind("person"), SeatKind("computer", "expert")]
    assert loaded.token_hashes == [hash_token("secret"), None]
    assert loaded.seat_names == ["Ann", None]
    if not database.startswith(POSTGRES_SCHEMES):
        assert b"secret" not in Path(database).read_bytes()


def test_an_undo_drops_the_actions_after_it_within_its_game(database: str) -> None:
    store = open_store(database)
    store.create_table(row())
    for n, a in enumerate(["CUT 5H", "CUT 9C", "GO", "GO"], 1):
        store.append_action("t1", n, 0, a)
    store.start_game("t1", 2, "7", "c", 4)
    store.append_action("t1", 5, 0, "GO")
    for keep, game in ((3, 2), (5, 2), (6, 2), (2, 3)):  # before game 2, none after, none such
        with pytest.raises(StoreError, match="cannot take back"):
            store.take_back("t1", keep, game, 1)
    store.take_back("t1", 4, 2, 1)
    store.append_action("t1", 5, 0, "CUT 2C")  # the next number is free again
    store.close()
    (loaded,) = open_store(database).load_tables()
    assert loaded.actions == ["CUT 5H", "CUT 9C", "GO", "GO", "CUT 2C"]
    assert [(g.number, g.undos) for g in loaded.games] == [(1, 0), (2, 1)]


def test_a_version_1_file_is_upgraded_its_tables_one_game_each(tmp_path: Path) -> None:
    """A file written by the hoyle before matches (schema version 1, no ``games``): opened,
    it is migrated to version 2 in place, each table becoming a one-game table with its
    header's seed and commitment, and its table is served and replays as before."""
    from fastapi.testclient import TestClient

    from helpers.webclient import new_table
    from hoyle.engine.records import GameRecord
    from hoyle.interface.verify import verify_record
    from hoyle.web.app import create_app

    new = tmp_path / "new.db"
    with TestClient(create_app(new, fixed_seed=99)) as client:
        table_id, _ = new_table(client, "ecarte", ["random", "rules"])
        before = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        played = [s.action for s in before.steps]
        record = client.get(f"/t/{table_id}/record.json").json()
    assert before.finished and played
    old = tmp_path / "old.db"
    db = sqlite3.connect(old)
    db.executescript(MIGRATIONS[0])  # the version-1 schema, as that hoyle made it
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (1)")
    db.execute("ATTACH DATABASE ? AS new", (str(new),))
    db.execute("INSERT INTO tables SELECT id, game, options, seats, seed, commitment, "
               "created, finished FROM new.tables")
    db.execute("INSERT INTO actions SELECT * FROM new.actions")
    db.commit()
    db.execute("DETACH DATABASE new")
    assert [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")
            ] == ["tables", "actions", "seat_tokens", "schema_version"]
    db.close()
    store = SqliteStore(old)
    assert store.schema_version() == len(MIGRATIONS)
    (r,) = store.load_tables()
    assert r.invite is None  # an earlier table is open to anyone, as it was
    assert [(g.number, g.seed, g.commitment, g.first_action, g.undos) for g in r.games] == [
        (1, "99", record["commitment"], 0, 0)]  # no undo in an earlier game
    store.close()
    with sqlite3.connect(old) as con:
        assert con.execute("SELECT table_id, number, seed FROM games").fetchall() == [
            (table_id, 1, "99")]
    with TestClient(create_app(old)) as client:
        after = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert [s.action for s in after.steps] == played and after.finished
        assert after.match_info() is None  # one game: no match
        again = client.get(f"/t/{table_id}/record.json").json()
    assert again == record
    assert verify_record(GameRecord.from_json(json.dumps(again))).verified


def test_a_match_s_next_game_is_stored_once_in_order(database: str) -> None:
    store = open_store(database)
    store.create_table(row())
    store.append_action("t1", 1, -1, "CUT 5H")
    with pytest.raises(StoreError, match="game 3 is not the next"):
        store.start_game("t1", 3, "9", "c3", 1)
    with pytest.raises(StoreError, match="starts after action 1, not 0"):
        store.start_game("t1", 2, "9", "c2", 0)
    store.start_game("t1", 2, "9", "c2", 1)
    with pytest.raises(StoreError, match="game 2 is not the next"):
        store.start_game("t1", 2, "9", "c2", 1)
    assert [(g.number, g.seed) for g in store.load_tables()[0].games] == [
        (1, str(2 ** 100)), (2, "9")]


@pytest.mark.parametrize("version", [1, 2, 3, 4, 5, 6, 7])
def test_each_older_schema_is_migrated_in_place(database: str, version: int) -> None:
    """A database left at schema ``version`` (each earlier hoyle's), holding a table with
    its actions and a seat, is brought to the last version when opened, on both
    databases: the table one game (version 1 had no games), open to anyone, its seat
    unnamed, no undo, its actions as they were."""
    postgres = database.startswith(POSTGRES_SCHEMES)
    if postgres:
        import psycopg
        db: object = psycopg.connect(database, autocommit=True)
    else:
        db = sqlite3.connect(database, isolation_level=None)

    def q(sql: str, params: tuple[object, ...] = ()) -> None:
        db.execute(sql.replace("?", "%s") if postgres else sql, params)  # type: ignore

    q("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    for script in MIGRATIONS[:version]:
        for statement in script.split(";"):
            if statement.strip():
                q(statement)
    q("INSERT INTO schema_version VALUES (?)", (version,))
    q("INSERT INTO tables (id, game, options, seats, seed, commitment, created) "
      "VALUES (?, ?, ?, ?, ?, ?, ?)",
      ("old", "cribbage", "{}", json.dumps([{"kind": "person", "player": ""},
                                            {"kind": "computer", "player": "expert"}]),
       "99", "c99", "2026-01-01T00:00:00"))
    q("INSERT INTO actions VALUES (?, ?, ?, ?)", ("old", 1, -1, "CUT 5H"))
    q("INSERT INTO seat_tokens (table_id, seat, token_hash) VALUES (?, ?, ?)",
      ("old", 0, hash_token("t")))
    db.close()  # type: ignore[attr-defined]
    store = open_store(database)
    assert store.schema_version() == len(MIGRATIONS)
    (r,) = store.load_tables()
    assert r.actions == ["CUT 5H"] and r.token_hashes == [hash_token("t"), None]
    assert r.invite is None and r.seat_names == [None, None]
    assert [(g.number, g.seed, g.first_action, g.undos) for g in r.games] == [(1, "99", 0, 0)]
    assert r.version == 0  # no write counted before version 6
    assert store.due_tables() == ["old"]  # before version 7: to be looked at once
    assert r.again is None  # no next table made before version 8
    store.append_action("old", 2, -1, "CUT 9C")  # and it goes on
    assert store.load_table("old").version == 1
    store.close()


def test_two_writers_never_store_one_action_number_twice(database: str) -> None:
    """Two connections (two server processes) append action 1 of one table at once: one is
    stored, the other refused as not the next, on either database."""
    import threading

    first = open_store(database)
    first.create_table(row())
    second = open_store(database)
    results: list[str] = []
    start = threading.Barrier(2)

    def append(store: object, action: str) -> None:
        start.wait()
        try:
            store.append_action("t1", 1, -1, action)  # type: ignore[attr-defined]
            results.append("stored")
        except StoreError as e:
            results.append(str(e))

    threads = [threading.Thread(target=append, args=(s, a))
               for s, a in ((first, "CUT 5H"), (second, "CUT 9C"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("stored") == 1 and len(results) == 2, results
    refused = next(r for r in results if r != "stored")
    assert "not the next" in refused, refused  # waited for the first, then saw it
    (loaded,) = first.load_tables()
    assert len(loaded.actions) == 1
    first.close()
    second.close()


def test_two_processes_asked_to_play_again_at_once_make_one_next_table(database: str
                                                                       ) -> None:
    """Two connections (two server processes) store "Play again"'s next table of one
    finished table at once: one is stored and both get its id; the finished table's
    version is counted once (its readers elsewhere are told), on either database."""
    import threading

    first = open_store(database)
    first.create_table(row())
    second = open_store(database)
    made: list[str] = []
    start = threading.Barrier(2)

    def again(store: object, tid: str) -> None:
        start.wait()
        made.append(store.create_again("t1", row(tid)))  # type: ignore[attr-defined]

    threads = [threading.Thread(target=again, args=(s, t))
               for s, t in ((first, "next-a"), (second, "next-b"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(made) == 2 and made[0] == made[1] in ("next-a", "next-b"), made
    loaded = {r.id: r for r in second.load_tables()}
    assert sorted(loaded) == sorted(["t1", made[0]])
    assert loaded["t1"].again == made[0] and loaded["t1"].version == 1
    assert first.create_again("t1", row("next-c")) == made[0]  # asked later: the same
    with pytest.raises(StoreError, match="no table 'gone'"):
        first.create_again("gone", row("next-d"))
    assert {r.id for r in first.load_tables()} == {"t1", made[0]}
    first.close()
    second.close()


def test_a_table_write_counts_its_version_and_a_stale_one_is_refused(database: str) -> None:
    """Each write to a table counts its version up once (a block of writes in
    ``table_writes`` once in all); a block at a version another process has written past
    is refused whole (``StaleTable``), nothing stored, on either database."""
    from hoyle.web.store import StaleTable

    store = open_store(database)
    store.create_table(row())
    other = open_store(database)  # a second server process
    assert store.load_table("t1").version == 0
    with store.table_writes("t1", 0):
        store.append_action("t1", 1, -1, "CUT 5H")
        store.append_action("t1", 2, -1, "CUT 9C")
    assert other.load_table("t1").version == 1  # one block: one write
    assert other.claim_seat("t1", 0, hash_token("x"))  # a write of its own: version 2
    assert store.versions() == {"t1": 2}
    with pytest.raises(StaleTable, match="version 2, not 1"):
        with store.table_writes("t1", 1):
            store.append_action("t1", 3, -1, "CUT 2C")
    loaded = other.load_table("t1")
    assert loaded.actions == ["CUT 5H", "CUT 9C"] and loaded.version == 2
    with pytest.raises(StoreError, match="not the next"):  # a fault inside: all rolled back
        with other.table_writes("t1", 2):
            other.append_action("t1", 3, -1, "CUT 2C")
            other.append_action("t1", 9, -1, "CUT 3C")
    loaded = store.load_table("t1")
    assert loaded.actions == ["CUT 5H", "CUT 9C"] and loaded.version == 2
    assert store.load_table("nope") is None
    store.close()
    other.close()


def test_a_lease_is_held_by_one_process_and_freed_when_it_ends(database: str) -> None:
    """A table's lease (its automatic moves) is one process's at a time on PostgreSQL, free
    again when the holder lets go of it or its connection ends (a killed worker); an SQLite
    file has one server, which always holds it."""
    first, second = open_store(database), open_store(database)
    assert first.try_lease("t1") and first.try_lease("t1")  # held, asked again
    if not database.startswith(POSTGRES_SCHEMES):
        assert second.try_lease("t1")
        return
    assert not second.try_lease("t1") and second.try_lease("t2")
    first.release_lease("t1")
    assert second.try_lease("t1")
    assert not first.try_lease("t1")
    second.close()  # the holder's connection ends (as when its process is killed): its
    import time     # server process lets go as it exits, a moment after

    deadline = time.monotonic() + 10
    while not first.try_lease("t1"):
        assert time.monotonic() < deadline, "the lease was not freed"
        time.sleep(0.05)
    assert first.try_lease("t2")
    first.close()


def test_a_table_is_read_at_one_moment_while_another_process_writes(database: str) -> None:
    """A table read while another process appends to it is read whole at one moment: its
    version is always its actions' count here (one write an action), never the count of
    one moment with the actions of the next (PostgreSQL's default reads each statement at
    its own moment: the read is one REPEATABLE READ transaction)."""
    import threading

    reader, writer = open_store(database), open_store(database)
    reader.create_table(row())
    done = threading.Event()

    def write() -> None:
        for n in range(1, 301):
            writer.append_action("t1", n, -1, "GO")
        done.set()

    thread = threading.Thread(target=write)
    thread.start()
    reads = []
    while not done.is_set():
        r = reader.load_table("t1")
        assert r is not None
        reads.append((r.version, len(r.actions)))
    thread.join()
    assert len(reads) > 10
    assert all(v == n for v, n in reads), [x for x in reads if x[0] != x[1]][:5]
    reader.close()
    writer.close()


def test_the_tables_no_one_drives_open_and_named_are_found_without_reading_them(
        database: str) -> None:
    """What a process that holds only its own tables asks the database: the unfinished
    tables whose next move makes itself (``due``, written with each action) and whose lease
    no process holds; the open tables (no invite); the tables of a seat's name (without
    case); on both databases."""
    store, other = open_store(database), open_store(database)
    store.create_table(row("t1"))
    store.create_table(replace(row("t2"), created="2026-12-01T10:00:01", invite="secret"))
    assert store.due_tables() == ["t1", "t2"]  # a new table deals itself
    with store.table_writes("t1", 0):
        store.append_action("t1", 1, -1, "CUT 5H")
        store.set_due("t1", False)  # a person's turn next
    assert other.due_tables() == ["t2"]
    other.clear_due("t2", 5)  # looked at when it was at another version: not cleared
    assert store.due_tables() == ["t2"]
    other.clear_due("t2", 0)
    assert store.due_tables() == [] and store.versions() == {"t1": 1, "t2": 0}
    with store.table_writes("t1", 1):
        store.append_action("t1", 2, -1, "CUT 9C")
        store.set_due("t1", True)
    assert other.due_tables() == ["t1"]
    if database.startswith(POSTGRES_SCHEMES):  # driven by a live process: not another's
        assert store.try_lease("t1")
        assert other.due_tables() == []
        store.release_lease("t1")
        assert other.due_tables() == ["t1"]
    assert other.open_tables() == ["t1"]  # t2 is by invite only
    assert store.claim_seat("t1", 0, hash_token("a"), "Ada")
    assert store.claim_seat("t2", 0, hash_token("b"), "ADA")
    assert other.named_tables("ada") == ["t1", "t2"] and other.named_tables("Bo") == []
    store.finish("t1")
    assert other.open_tables() == [] and other.due_tables() == []
    store.close()
    other.close()
