"""Test selection: the tests of the compiled engine (marked ``compiled``) belong to the
compiled run of ``make test``; the pure run (``HOYLE_PURE=1``) deselects them rather than
skipping them, and the compiled run fails them when there is no fresh build.

The tests run spread over the cores (pytest-xdist), whose workers are started with
``COLUMNS=80``: rich reads ``COLUMNS`` once, when the command line's console is made (on
import), and would keep 80 for every later command. The variable is dropped here, before any
test imports the command line; each test that needs a width gives its own."""

from __future__ import annotations

import os
import sys

import pytest

os.environ.pop("COLUMNS", None)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not os.environ.get("HOYLE_PURE"):
        return
    compiled = [i for i in items if i.get_closest_marker("compiled") is not None]
    if compiled:
        config.hook.pytest_deselected(items=compiled)
        items[:] = [i for i in items if i.get_closest_marker("compiled") is None]


@pytest.fixture(autouse=True)
def _data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test (and every process it starts) keeps its saves and statistics in a data
    folder of its own, never the user's (``HOYLE_DATA_DIR``, :mod:`hoyle.cli.saves`)."""
    monkeypatch.setenv("HOYLE_DATA_DIR", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(autouse=True)
def _web_at_test_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The web app's human-paced waits (a person's forced card after a pause, a computers'
    table a little slower than the persons') and its cap on new sockets an address are off
    in tests, which play whole games through it and open sockets by dozens; the tests of
    those give them to ``create_app`` themselves (a server started as a process keeps its
    own: no test opens 20 sockets a second on one)."""
    app = sys.modules.get("hoyle.web.app")
    if app is not None:
        monkeypatch.setattr(app, "FORCED_PAUSE", (0.0, 0.0))
        monkeypatch.setattr(app, "COMPUTERS_PACE", 0.0)
        monkeypatch.setattr(app, "HANDSHAKES", (1e6, 1e6))  # tests open sockets by dozens
