"""Matches on the command line (``--match N``): after each game of a match the tally is
printed and, until a side has won the match, the next game is made by the game's text
(:meth:`~hoyle.engine.text.GameText.next_match_game`: who deals first as the code says)
and played or refereed in its own record file (:func:`hoyle.engine.series.game_path`).
Generic over the registry: no game is named here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.markup import escape

from hoyle.cli.saves import check_new_save_path
from hoyle.cli.session import PlaySession, RecordedSession
from hoyle.engine.registry import GameSpec
from hoyle.engine.series import game_path
from hoyle.engine.text import PlayGame

__all__ = ["play_match", "referee_match"]


def play_match(console: Console, spec: GameSpec, session: PlaySession[Any],
               run: Callable[[PlaySession[Any], str], int], banner: str) -> int:
    """Run ``session`` (``run(session, banner)``), then each next game of its match, if it
    is a game of one; returns the last exit code.

    Raises:
        HoyleError: the next game's record file exists (one line; the games so far are
            kept).
    """
    text = spec.text()
    said = banner
    while True:
        code = run(session, said)
        state = session.state
        if code != 0 or not state.is_terminal():
            return code
        match = text.match_after(state)
        if match is None:
            return code
        for line in text.match_lines(state, match, session.names):
            console.print(line)
        if match.decided() is not None:
            return code
        new, words = text.next_match_game(state, match)
        path = game_path(session.save_path, match.number)
        check_new_save_path(path)
        game = PlayGame(new, session.game.players, session.game.human)
        session = PlaySession(console, spec, game, new.seed, path)
        session.save()
        said = (f"Game {match.number} of the match, saved to {escape(str(path))}: "
                f"{escape(words)}.")


def referee_match(console: Console, spec: GameSpec, session: RecordedSession[Any]) -> int:
    """Referee ``session``, then each next game of its match, if it is a game of one;
    returns the last exit code.

    Raises:
        HoyleError: the next game's record file exists.
    """
    text = spec.text()
    while True:
        code = session.run()
        state = session.state
        if code != 0 or not state.is_terminal():
            return code
        match = text.match_after(state)
        if match is None:
            return code
        for line in text.match_lines(state, match, session.names):
            console.print(line)
        if match.decided() is not None:
            return code
        new, words = text.next_match_game(state, match)
        path = game_path(session.save_path, match.number)
        check_new_save_path(path)
        console.print(f"Game {match.number} of the match, saved to {escape(str(path))}: "
                      f"{escape(words)}.")
        session = RecordedSession(console, text, spec.name, new, session.names, path,
                                  session.date)
        session.save()
