"""A throwaway PostgreSQL cluster for the tests, from Debian's ``postgresql`` package (``make
postgres`` installs it; never mocked): ``initdb`` in a temporary folder, the server on a
Unix socket in it (no TCP port), trust authentication, stopped and removed after. As root
(CI), the server runs as the package's ``postgres`` user (PostgreSQL refuses to run as
root). Each test gets a database of its own (:func:`new_database`)."""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

_names = itertools.count(1)


def bindir() -> Path:
    """The newest installed PostgreSQL's programs (``/usr/lib/postgresql/N/bin``).

    Raises:
        AssertionError: none is installed (``make postgres`` installs it).
    """
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[4]) if Path(p).parts[4].isdigit() else 0)
    assert found, "PostgreSQL is not installed: run make postgres (Debian's postgresql)"
    return Path(found[-1]).parent


@contextmanager
def cluster(durable: bool = False) -> Iterator[str]:
    """A new cluster, running: the URL of its ``postgres`` database (user ``hoyle``).
    ``durable``: every commit flushed to disk as a real site's (``fsync=on``, the
    benchmark's); else not (``fsync=off``: the tests')."""
    bin_ = bindir()
    tmp = Path(tempfile.mkdtemp(prefix="hoyle-pg-"))
    data = tmp / "data"
    as_user: list[str] = []
    if os.geteuid() == 0:
        pg = pwd.getpwnam("postgres")
        os.chown(tmp, pg.pw_uid, pg.pw_gid)
        as_user = ["runuser", "-u", "postgres", "--"]
    os.chmod(tmp, 0o700)
    run = lambda *args: subprocess.run([*as_user, *args], check=True,  # noqa: E731
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    run(str(bin_ / "initdb"), "-D", str(data), "-A", "trust", "-U", "hoyle", "-E", "UTF8",
        "--no-sync")
    port = 5432 + os.getpid() % 20000
    options = (f"-k {tmp} -p {port} -c listen_addresses='' -c max_connections=200 "
               + ("-c shared_buffers=256MB" if durable else "-c fsync=off"))
    try:
        run(str(bin_ / "pg_ctl"), "-D", str(data), "-l", str(tmp / "log"), "-w", "-o",
            options, "start")
        yield f"postgresql://hoyle@/postgres?host={tmp}&port={port}"
    finally:
        subprocess.run([*as_user, str(bin_ / "pg_ctl"), "-D", str(data), "-m", "immediate",
                        "stop"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(tmp, ignore_errors=True)


def new_database(url: str) -> str:
    """A new empty database in the cluster of ``url``: its URL."""
    import psycopg

    name = f"t{os.getpid()}_{next(_names)}"
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    return url.replace("/postgres?", f"/{name}?")


_stand_ins: dict[str, str] = {}
_own: list[Any] = []


def stand_in(db: str | Path) -> str:
    """The PostgreSQL database that stands in for the SQLite file ``db`` when the web suite
    runs on PostgreSQL (``HOYLE_TEST_DB=postgres``): one new database a file path, in one
    cluster a test process, started at the first call and stopped when the process ends; a
    URL is itself."""
    text = str(db)
    if text.startswith(("postgresql://", "postgres://")):
        return text
    key = os.path.abspath(text)
    if key not in _stand_ins:
        if not _own:
            import atexit
            import contextlib

            stack = contextlib.ExitStack()
            _own.append(stack.enter_context(cluster()))
            atexit.register(stack.close)
        _stand_ins[key] = new_database(_own[0])
    return _stand_ins[key]


def on_postgres() -> bool:
    """Whether the web suite runs on PostgreSQL (``HOYLE_TEST_DB=postgres``)."""
    return os.environ.get("HOYLE_TEST_DB") == "postgres"


def everywhere() -> None:
    """Every database the web code opens by a file path opens its PostgreSQL stand-in
    instead (:func:`stand_in`): ``hoyle.web.db.open_store`` and the names it was imported
    under, before the test modules import them."""
    import hoyle.web.app
    import hoyle.web.db

    real = hoyle.web.db.open_store

    def open_store(db: str | Path, migrate: bool = True) -> Any:
        return real(stand_in(db), migrate=migrate)

    hoyle.web.db.open_store = open_store  # type: ignore[assignment]
    hoyle.web.app.open_store = open_store  # type: ignore[attr-defined]
