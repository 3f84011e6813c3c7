"""A game's own commands as data (``hoyle stats GAME``, ``hoyle discard``): the name, the
help, the options (:class:`~hoyle.engine.options.Option`) and a function producing what
the command prints, as lines and tables, so every interface shows them its own way without
naming the game.

>>> from hoyle.engine.options import Option
>>> def run(status, loud):
...     with status("counting"):
...         yield Table("Counts", ("n", "square"), ("right", "right"), [("2", "4")])
...     yield "LOUD" if loud else "quiet"
>>> c = GameCommand("count", "Count.", (Option("loud", bool, False, "Shout."),), run)
>>> [type(o).__name__ for o in c.run(no_status, loud=True)]
['Table', 'str']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any

from hoyle.engine.options import Option

__all__ = ["GameCommand", "Output", "Status", "Table", "no_status"]


@dataclass(frozen=True)
class Table:
    """A table a command prints.

    Attributes:
        title: printed above it.
        columns: the column headings.
        justify: each column's ``"left"`` or ``"right"``.
        rows: the rows, each one text per column (as printed).
    """

    title: str
    columns: tuple[str, ...]
    justify: tuple[str, ...]
    rows: Sequence[tuple[str, ...]]


Output = str | Table
"""What a command prints, piece by piece: a line of text, or a :class:`Table`."""

Status = Callable[[str], AbstractContextManager[Any]]
"""``status(text)``: a context to work inside, saying ``text`` while it lasts (a spinner
on a terminal; nothing elsewhere)."""


def no_status(text: str) -> AbstractContextManager[Any]:
    """A :data:`Status` that says nothing."""
    return nullcontext()


@dataclass(frozen=True)
class GameCommand:
    """A command a game declares.

    Attributes:
        name: the command's name (``"discard"``).
        help: its help, the first sentence the summary in lists.
        options: its options, in order.
        run: ``run(status, **values) -> Iterator[Output]``: what to print, in order, given
            each argument and option by its name; it raises ``HoyleError`` (one line, the
            message) for bad values, as early as it can.
        arguments: positional arguments before the options, each required (an argument of
            type ``list[str]`` takes one or more words).
    """

    name: str
    help: str
    options: tuple[Option, ...]
    run: Callable[..., Iterator[Output]]
    arguments: tuple[Option, ...] = ()
