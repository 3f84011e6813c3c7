"""The conformance suite's games: every game of the registry and the framework's own
fixture game (``highcard.py`` beside this file), which is registered only while a test of
this folder runs."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hoyle.interface import registry

FIXTURE_GAMES = {"highcard": "conformance.highcard:GAME"}
"""The fixture games: registered for this folder's tests only."""

CONFORMING = (*registry.game_names(), *FIXTURE_GAMES)
"""Every game the suite runs over: the registry's, then the fixtures."""


@pytest.fixture
def fixture_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The fixture games registered beside the real ones, for one test."""
    for name, path in FIXTURE_GAMES.items():
        monkeypatch.setitem(registry.GAMES, name, path)
    yield


@pytest.fixture(params=CONFORMING)
def spec(request: pytest.FixtureRequest, fixture_games: None) -> registry.GameSpec:
    """Each conforming game's registry entry, in turn."""
    return registry.get_game(request.param)
