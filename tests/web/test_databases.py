"""The web app on either database (issue 30, its first step): the same tables played on an
SQLite file and on a real PostgreSQL (a throwaway cluster, never mocked) give the same
records; a server restarted on either goes on where the stored actions left it; ``hoyle db
migrate``, ``check`` and ``backup`` (SQLite's online backup; PostgreSQL's is pg_dump); and
``hoyle serve --db postgresql://...`` serves the lobby (many servers on one database:
``test_workers.py``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from helpers.web import SRC, free_port, server
from helpers.webclient import new_table, play_out
from hoyle.cli.main import app as cli
from hoyle.engine.records import GameRecord
from hoyle.interface.verify import verify_record
from hoyle.web.app import create_app
from hoyle.web.db import POSTGRES_SCHEMES, open_store


pytestmark = pytest.mark.sqlite_only  # both databases, each by name (the PostgreSQL run: not again)


def test_a_game_is_the_same_on_both_databases_and_survives_a_restart(
        database: str) -> None:
    with TestClient(create_app(database, fixed_seed=81)) as client:
        table_id, token = new_table(client, "cribbage", ["person", "random"],
                                    variant="five-card")
        play_out(client, table_id, token, moves=6)
        seq = client.app.state.tables.get(table_id).seq  # type: ignore[attr-defined]
    with TestClient(create_app(database, fixed_seed=81)) as client:  # restarted
        table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
        assert table.seq == seq
        play_out(client, table_id, token)
        record = GameRecord.from_json(json.dumps(table.record(0)))
    assert verify_record(record).verified and record.result is not None
    # the same seed and the same moves on the other kind of database: the same game
    assert record.seed == 81 and len(record.actions) > 20
    store = open_store(database)
    (row,) = store.load_tables()
    assert row.finished and row.actions == record.actions
    store.close()


def test_db_migrate_check_and_backup(database: str, tmp_path: Path) -> None:
    runner = CliRunner()
    r = runner.invoke(cli, ["db", "migrate", "--db", database])
    assert r.exit_code == 0 and "schema version 9" in r.output
    with TestClient(create_app(database, fixed_seed=82)) as client:
        new_table(client, "cribbage", ["person", "expert"])
        new_table(client, "ecarte", ["person", "rules"])
    r = runner.invoke(cli, ["db", "check", "--db", database])
    assert r.exit_code == 0, r.output
    assert "2 tables (2 unfinished); 2 replay" in r.output
    postgres = database.startswith(POSTGRES_SCHEMES)
    copy = tmp_path / "copy.db"
    r = runner.invoke(cli, ["db", "backup", str(copy), "--db", database])
    if postgres:
        assert r.exit_code == 2 and "pg_dump" in r.output
        import re
        missing = re.sub(r"/(\w+)\?", "/no_such_db?", database)  # the operator is told why
        r = runner.invoke(cli, ["db", "check", "--db", missing])
        words = " ".join(r.output.split())
        assert r.exit_code == 2 and 'database "no_such_db" does not exist' in words, words
        return
    assert r.exit_code == 0 and copy.is_file()
    r = runner.invoke(cli, ["db", "check", "--db", str(copy)])  # the copy is whole
    assert r.exit_code == 0 and "2 replay" in r.output
    assert runner.invoke(cli, ["db", "backup", str(copy), "--db", database]).exit_code == 2
    # a table whose stored actions no longer replay is named, and the check fails
    import sqlite3
    with sqlite3.connect(copy) as db:
        db.execute("UPDATE actions SET action = 'PLAY 5H' WHERE n = 1 AND "
                   "table_id = (SELECT MIN(table_id) FROM actions)")
    r = runner.invoke(cli, ["db", "check", "--db", str(copy)])
    assert r.exit_code == 1 and "does not replay" in r.output and "1 replays" in r.output
    assert "action 1: " in r.output and "5H" not in r.output  # no card of a stored game
    r = runner.invoke(cli, ["db", "check", "--db", str(tmp_path / "none.db")])
    assert r.exit_code == 2 and "no database file" in r.output


def test_hoyle_serve_on_postgresql(pg_cluster: str, tmp_path: Path) -> None:
    from helpers.postgres import new_database

    url = new_database(pg_cluster)
    port = free_port()
    log = tmp_path / "serve.log"
    with server(url, port, 83, log=log):
        base = f"http://127.0.0.1:{port}"
        r = httpx.post(base + "/tables", data={"game": "cribbage", "seat0": "person",
                                               "seat1": "expert"},
                       headers={"origin": base}, follow_redirects=False)
        assert r.status_code == 303
        sqlite_workers = subprocess.run(
            [sys.executable, "-m", "hoyle", "serve", "--db", str(tmp_path / "x.db"),
             "--workers", "2", "--port", str(free_port())],
            env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"}, capture_output=True,
            text=True, timeout=60)
        assert sqlite_workers.returncode == 2
        assert "--workers needs a PostgreSQL database" in sqlite_workers.stderr
    store = open_store(url)
    (row,) = store.load_tables()
    assert row.game == "cribbage" and len(row.actions) >= 2  # the cuts, stored
    store.close()


def test_a_restarted_postgresql_is_reconnected() -> None:
    """PostgreSQL restarted under a serving store: the write in hand is refused (nothing
    stored, said so), the next is stored on a new connection, a lease held before is free
    to take again, and no message quotes a password."""
    import re

    from helpers.postgres import bindir, cluster, new_database
    from hoyle.web.store import SeatKind, StoreError, TableRow

    with cluster() as url:
        db = new_database(url)
        store = open_store(db)
        assert store.try_lease("t1")
        store.create_table(TableRow("t1", "cribbage", {}, [SeatKind("person")], "7", "c",
                                    "2026-12-02T00:00:00"))
        folder = re.search(r"host=([^&]+)", url).group(1)  # type: ignore[union-attr]
        subprocess.run([*(["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []),
                        str(bindir() / "pg_ctl"), "-D", f"{folder}/data", "-l",
                        f"{folder}/log", "-m", "fast", "-w", "restart"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        said = []
        for _ in range(2):
            try:
                store.append_action("t1", 1, -1, "CUT 5H")
                said.append("stored")
            except StoreError as e:
                said.append(str(e))
        assert said[-1] == "stored" and len(said) == 2 and "cannot store" in said[0]
        assert store.schema_version() == 9
        assert store.try_lease("t1")  # taken again on the new connection
        other = open_store(db)
        assert not other.try_lease("t1")
        other.close()
        (row,) = store.load_tables()
        assert row.actions == ["CUT 5H"]
        store.close()
        secret = db.replace("hoyle@", "hoyle:S3cretPw@") + "&password=S3cretPw"
        for bad in (secret.replace("&dbname", "") + "&dbname=nope",
                    "postgresql://hoyle:S3cretPw@[::1/x", "postgresql://h:S3cretPw@h:port/x"):
            with pytest.raises(StoreError) as e:
                open_store(bad)
            assert "S3cretPw" not in str(e.value) and "\n" not in str(e.value)


def test_db_check_and_backup_write_nothing(tmp_path: Path) -> None:
    """``hoyle db check`` and ``backup`` read a database as it is: an older schema is
    neither migrated nor switched to WAL (the copy is as old as its source), a file that is
    not hoyle's is refused in one line and left as it was, and a folder or another kind of
    URL is named as such."""
    import sqlite3

    from hoyle.web.store import MIGRATIONS
    old = tmp_path / "v4.db"
    with sqlite3.connect(old) as db:
        db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        for script in MIGRATIONS[:4]:
            db.executescript(script)
        db.execute("INSERT INTO schema_version VALUES (4)")
    before = old.read_bytes()
    runner = CliRunner()
    r = runner.invoke(cli, ["db", "check", "--db", str(old)])
    assert r.exit_code == 1 and "schema version 4" in r.output and "hoyle db migrate" in r.output
    r = runner.invoke(cli, ["db", "backup", str(tmp_path / "copy.db"), "--db", str(old)])
    assert r.exit_code == 0
    assert old.read_bytes() == before and not (tmp_path / "v4.db-wal").exists()
    with sqlite3.connect(tmp_path / "copy.db") as db:
        assert db.execute("SELECT version FROM schema_version").fetchone() == (4,)
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE foo (x)")
    mine = other.read_bytes()
    r = runner.invoke(cli, ["db", "check", "--db", str(other)])
    assert r.exit_code == 2 and "not a hoyle database" in r.output and "Traceback" not in r.output
    assert other.read_bytes() == mine
    r = runner.invoke(cli, ["db", "check", "--db", str(tmp_path)])
    assert r.exit_code == 2 and "is a folder" in r.output
    r = runner.invoke(cli, ["db", "check", "--db", "mysql://ann:S3cret@h/x"])
    assert r.exit_code == 2 and "postgresql://" in r.output and "S3cret" not in r.output
