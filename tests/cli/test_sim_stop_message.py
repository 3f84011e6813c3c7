"""The message after Ctrl-C in ``hoyle sim`` when no game had finished: no "games 0 to
-1", and the command that plays the run is the whole run again."""

from __future__ import annotations

import pytest

from hoyle.cli.main import _print_interrupted

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand


def test_no_game_finished(capsys: pytest.CaptureFixture[str]) -> None:
    _print_interrupted("cribbage", "random,random", 50, 2, 7, None, 0, 0, {})
    err = capsys.readouterr().err
    assert "Stopped (Ctrl-C) after 0 of 50 games (no game finished)." in err
    assert "to -1" not in err
    assert "--games 50 --workers 2 --seed 7 --first-game 0" in err


def test_some_games_finished(capsys: pytest.CaptureFixture[str]) -> None:
    _print_interrupted("cribbage", "random,random", 50, 2, 7, None, 10, 5, {})
    assert "after 5 of 50 games (games 10 to 14)." in capsys.readouterr().err
