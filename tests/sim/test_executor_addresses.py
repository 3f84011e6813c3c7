"""``--executor`` addresses are checked before use: a bad form is one error at once, and an
address where nothing listens is refused at once (not after a client's 30 s timeout)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import pytest

from hoyle.sim.executors import ExecutorError, open_executor, parse_executor

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand


@pytest.mark.parametrize("spec, says", [
    ("dask://host:notaport", "the port must be a number from 1 to 65535 (got 'notaport')"),
    ("dask://127.0.0.1:99999", "the port must be a number from 1 to 65535 (got '99999')"),
    ("dask://127.0.0.1:0", "the port must be a number from 1 to 65535 (got '0')"),
    ("dask://:8786", "give HOST:PORT"),
    ("dask://10.0.0.5", "give HOST:PORT"),
    ("ray://", "unknown executor 'ray://'"),
    ("ray://:10001", "give HOST:PORT"),
])
def test_a_bad_address_is_refused_by_its_form(spec: str, says: str) -> None:
    with pytest.raises(ExecutorError, ) as e:
        parse_executor(spec)
    assert says in str(e.value)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize("kind, what", [("dask", "Dask scheduler"), ("ray", "Ray client server")])
def test_nothing_listening_is_one_error_at_once(kind: str, what: str) -> None:
    port = _free_port()  # closed again: nothing listens there
    started = time.monotonic()
    with pytest.raises(ExecutorError) as e:
        with open_executor(f"{kind}://127.0.0.1:{port}", 1):
            raise AssertionError("no executor without a cluster")
    assert str(e.value) == f"cannot reach the {what} at 127.0.0.1:{port}: Connection refused"
    assert time.monotonic() - started < 20  # the clients' own timeout is 30 s


def test_the_command_prints_one_line() -> None:
    out = subprocess.run([sys.executable, "-m", "hoyle", "tables", "win", "--deals", "40",
                          "--executor", "dask://host:notaport"], capture_output=True,
                         text=True, timeout=120, env=dict(os.environ, COLUMNS="300"))
    assert out.returncode == 2, out.stderr  # a bad option value
    assert out.stderr.strip().splitlines() == [
        "error: --executor dask://host:notaport: the port must be a number from 1 to 65535 "
        "(got 'notaport')"]
