"""A game's own commands as data (``hoyle score``, ``hoyle discard``, ``hoyle stats GAME``):
the name, the help, the arguments and options (:class:`~hoyle.interface.options.Option`) and a
function producing what the command shows, as lines (rich markup) and tables, so every
interface shows them its own way without naming the game.

>>> from hoyle.interface.options import Option
>>> def run(status, loud):
...     with status("counting"):
...         yield TextTable((("2", "4"),), ("n", "square"), ("right", "right"), "Counts")
...     yield "LOUD" if loud else "quiet"
>>> c = GameCommand("count", "Count.", (Option("loud", bool, False, "Shout."),), run)
>>> [type(o).__name__ for o in c.run(no_status, loud=True)]
['TextTable', 'str']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import Any

from hoyle.interface.options import Option
from hoyle.interface.text import Block, TextTable

__all__ = ["GameCommand", "Status", "TextTable", "no_status"]


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
        run: ``run(status, **values) -> Iterator[Block]``: what to show (lines of rich
            markup, :class:`~hoyle.interface.text.TextTable` tables), in order, given
            each argument and option by its name; it raises ``HoyleError`` (one line, the
            message) for bad values, as early as it can.
        arguments: positional arguments before the options, each required (an argument of
            type ``list[str]`` takes one or more words).
        batch: a batch job: the interface adds an ``--executor`` option (where its tasks
            run: ``local``, ``dask``, ``ray``...) and gives ``run`` an open
            ``concurrent.futures.Executor`` as ``executor`` (with the ``workers`` option's
            workers, if the command has one), closed when the command is done.
    """

    name: str
    help: str
    options: tuple[Option, ...]
    run: Callable[..., Iterator[Block]]
    arguments: tuple[Option, ...] = ()
    batch: bool = False
