"""The full-screen terminal table (Textual), for every registered game: ``hoyle play GAME``
starts it when the output is a terminal and ``--plain`` is not given
(:func:`play_full_screen`); :mod:`hoyle.tui.app` is the app; the pegging board drawn as
text is :mod:`hoyle.interface.board`'s, shared with the line mode."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hoyle.interface.play import PlayDriver

__all__ = ["play_full_screen"]


def play_full_screen(driver: PlayDriver, save: Callable[[], None], banner: str = "",
                     path: str = "") -> bool:
    """Play ``driver``'s game full screen until it ends or the person quits (the record
    saved by ``save`` after every move, in the file ``path``, which the review names).
    Returns whether the game is over."""
    from hoyle.tui.app import TableApp

    app = TableApp(driver, save, banner, path)
    app.run()
    return driver.finished()
