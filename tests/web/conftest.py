"""The web tests' fixtures: Debian's chromium (``helpers.web.chromium``, driven by
Playwright), started once a module and closed after it (it fails, never skips, when
chromium is missing), and the PostgreSQL cluster. With ``HOYLE_TEST_DB=postgres`` every
SQLite file the tests name is a PostgreSQL database instead (``helpers.postgres.stand_in``;
the tests of SQLite's own file, marked ``sqlite_only``, are left out of that run), and with
``HOYLE_TEST_WORKERS=N`` each server the tests start runs ``--workers N``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from helpers.postgres import everywhere, on_postgres
from helpers.web import chromium

if on_postgres():  # the whole web suite on PostgreSQL: each SQLite file a database there
    everywhere()


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
