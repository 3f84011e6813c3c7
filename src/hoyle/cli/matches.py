"""Matches on the command line (``--match N``): after each game of a match the tally is
printed and, until a side has won the match, the next game is made by the game's text
(:meth:`~hoyle.interface.text.GameText.next_match_game`: who deals first as the code says)
and played or refereed in its own record file (:func:`hoyle.engine.series.game_path`).
Generic over the registry: no game is named here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from hoyle.cli.saves import check_new_save_path
from hoyle.cli.session import PlaySession, RecordedSession
from hoyle.interface.registry import GameSpec
from hoyle.engine.series import game_path
from hoyle.interface.text import PlayGame

__all__ = ["play_match", "referee_match"]


def play_match(console: Console, spec: GameSpec, session: PlaySession[Any],
               run: Callable[[PlaySession[Any], str], int], banner: str) -> int:
    """Run ``session`` (``run(session, banner)``), then each next game of its match, if it
    is a game of one; returns the last exit code.

    Raises:
        HoyleError: the next game's record file exists (one line; the games so far are
            kept).
    """
    def next_game(done: PlaySession[Any], new: Any, path: Path, said: str) -> PlaySession[Any]:
        game = PlayGame(new, done.game.players, done.game.human)
        session: PlaySession[Any] = PlaySession(console, spec, game, new.seed, path)
        session.offer_review = done.offer_review
        return session

    return _games(console, spec, session, run, next_game, banner, echo=False)


def referee_match(console: Console, spec: GameSpec, session: RecordedSession[Any]) -> int:
    """Referee ``session``, then each next game of its match, if it is a game of one;
    returns the last exit code.

    Raises:
        HoyleError: the next game's record file exists.
    """
    def next_game(done: RecordedSession[Any], new: Any, path: Path,
                  said: str) -> RecordedSession[Any]:
        return RecordedSession(console, spec.text(), spec.name, new, done.names, path,
                               done.date)

    return _games(console, spec, session, lambda s, _: s.run(), next_game, "", echo=True)


def _games(console: Console, spec: GameSpec, session: Any, run: Callable[[Any, str], int],
           next_game: Callable[[Any, Any, Path, str], Any], banner: str, *,
           echo: bool) -> int:
    """The match loop shared by play and referee: run a game, print the match's tally,
    and until a side has won, make the next game's session (``next_game``), save it and
    run it, its opening line ``said`` (printed first when ``echo``, else given to ``run``
    as its banner)."""
    text = spec.text()
    said = banner
    while True:
        try:
            code = run(session, said)
        finally:  # this game's file is free for another session now
            session.claim.release()
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
        said = (f"Game {match.number} of the match, saved to {escape(str(path))}: "
                f"{escape(words)}.")
        if echo:
            console.print(said)
        session = next_game(session, new, path, said)
        session.first_save()
