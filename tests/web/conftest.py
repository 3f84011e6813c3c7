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
