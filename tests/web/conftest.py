"""The browser tests' one fixture: Debian's chromium (``helpers.web.chromium``, driven by
Playwright), started once a module and closed after it; it fails, never skips, when
chromium is missing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from helpers.web import chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[str]:
    """A throwaway PostgreSQL cluster for the session (``helpers.postgres``): its URL."""
    from helpers.postgres import cluster

    with cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """A new empty database of each kind the server runs on: an SQLite file's path, or a
    new database's URL in the session's PostgreSQL cluster."""
    if request.param == "sqlite":
        return str(tmp_path / "t.db")
    from helpers.postgres import new_database

    return new_database(request.getfixturevalue("pg_cluster"))


@pytest.fixture(autouse=True)
def _database_kind(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``HOYLE_TEST_DB=postgres`` (``helpers.postgres.MODE``) every database a test
    names by a file is a PostgreSQL database of the session's cluster: the app opens it,
    and so does ``hoyle serve`` started by ``helpers.web.server``. A test about SQLite's
    file itself is marked ``sqlite_only`` and is not run so."""
    from helpers import postgres

    if not postgres.on_postgres():
        return
    if request.node.get_closest_marker("sqlite_only"):
        pytest.skip("about the SQLite file itself (run in the SQLite run)")
    monkeypatch.setenv(postgres.CLUSTER, request.getfixturevalue("pg_cluster"))
    import hoyle.web.app
    import hoyle.web.db

    real = hoyle.web.db.open_store
    monkeypatch.setattr(hoyle.web.app, "open_store",
                        lambda db: real(postgres.database_for(db)))  # type: ignore[arg-type]
    monkeypatch.setattr(hoyle.web.db, "open_store",
                        lambda db: real(postgres.database_for(db)))  # type: ignore[arg-type]
