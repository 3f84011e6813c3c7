"""A game's batch table jobs as data (``hoyle tables NAME``): what the tasks are, the task
function, and what to make of the results, so that the layers above run them on any
executor (:mod:`hoyle.sim.executors`) without naming the game.

>>> job = TableJob("squares", "Squares.", (), lambda n: [(i,) for i in range(n)],
...                pow, lambda results, **v: iter([str(sum(results))]))
>>> list(job.finish([job.task(*a, 2) for a in job.tasks(4)]))
['14']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from hoyle.interface.options import Option
from hoyle.interface.text import Block

__all__ = ["TableJob"]


@dataclass(frozen=True)
class TableJob:
    """One batch job of a game.

    Attributes:
        name: the job's name (``hoyle tables win``).
        help: its help, the first sentence the summary in lists.
        options: its own options (the interface adds ``--executor``, ``--workers`` and
            ``--shards``).
        tasks: ``tasks(**values) -> [args, ...]``: each task's arguments from the options'
            values (raising ``HoyleError`` for bad ones, before any task runs); every
            random choice of a task must come from its arguments (the job's seed and the
            task's index).
        task: the task function, pure and picklable (module-level): ``task(*args)``.
        finish: ``finish(results, **values) -> Iterator[Block]``: given the tasks' results
            in task order, write what the job makes and say what it did.
        check: ``check(args, result) -> str | None``: what is wrong with ``result`` as
            the result of the task ``args`` (its type, shape), ``None`` if nothing; a
            kept shard is checked so when it is opened, before any task runs.
    """

    name: str
    help: str
    options: tuple[Option, ...]
    tasks: Callable[..., Sequence[tuple[Any, ...]]]
    task: Callable[..., Any]
    finish: Callable[..., Iterator[Block]]
    check: Callable[[tuple[Any, ...], Any], str | None] | None = None
