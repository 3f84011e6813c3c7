"""A game's table jobs (:class:`~hoyle.interface.jobs.TableJob`, from the registry) run on an
executor (:mod:`hoyle.sim.executors`) with a progress bar and resumable shards.

>>> from hoyle.interface.jobs import TableJob
>>> job = TableJob("sum", "Sum.", (), lambda n: [(i, 2) for i in range(n)], pow,
...                lambda results, n: iter([f"{sum(results)}"]))
>>> list(run_job(job, {"n": 4}, quiet=True))
['14']
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hoyle.interface.jobs import TableJob
from hoyle.interface.text import Block
from hoyle.sim.executors import (TasksStopped, open_executor, parse_executor, run_tasks,
                                 task_bar)

__all__ = ["run_job"]


def run_job(job: TableJob, values: dict[str, Any], executor: str = "local", workers: int = 1,
            shards: Path | None = None, quiet: bool = False) -> Iterator[Block]:
    """Run ``job`` with its options' ``values``: its tasks on ``executor`` with
    ``workers`` workers (a progress bar unless ``quiet``), each finished task kept in
    ``shards`` if given (a job stopped part way and run again resumes there), then what
    its ``finish`` says.

    Raises:
        HoyleError: bad values (the job's own checks, before any task runs); a bad
            executor (``ExecutorError``) or shard folder (``ShardError``).
        TasksStopped: Ctrl-C while the tasks ran (how many had finished), or after they
            all had, while ``finish`` ran (``done == total``).
        KeyboardInterrupt: Ctrl-C before any task ran (the executor starting).
    """
    parse_executor(executor)
    args = job.tasks(**values)
    with open_executor(executor, workers) as ex, task_bar(f"{job.name}: tasks", quiet) as bar:
        results = run_tasks(ex, job.task, args, shards, bar, check=job.check)
    try:
        yield from job.finish(results, **values)
    except KeyboardInterrupt:
        raise TasksStopped(len(results), len(results)) from None
