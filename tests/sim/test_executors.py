"""The executors (hoyle.sim.executors): one job, the same results on the local pool, on a
Dask LocalCluster of two workers and on Ray with two CPUs (each started here, never
mocked); a job killed part way resumes from its finished shards to the same results."""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

import pytest

from hoyle.errors import HoyleError
from hoyle.sim.executors import (ExecutorError, ShardError, open_executor, parse_executor,
                                 run_tasks, task_seed)
from hoyle.sim.tournament import _chunk, run_match

from helpers.processes import ctrl_c_at_default

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

SRC = Path(__file__).resolve().parents[2] / "src"

# One small job: six games of greedy v greedy, one task a game, each seeded by the job's
# seed and its index.
JOB = [(("greedy", "greedy"), 11, [i]) for i in range(6)]
TASK = partial(_chunk, "cribbage", {})


def _records(results: list[list[object]]) -> list[dict[str, object]]:
    return [g.record for part in results for g in part]  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def reference() -> list[dict[str, object]]:
    """The job run in this process, task by task, without any executor."""
    return _records([TASK(a) for a in JOB])


def test_local_pool_gives_the_reference(reference: list[dict[str, object]]) -> None:
    with open_executor("local", 2) as ex:
        assert isinstance(ex, ProcessPoolExecutor)
        assert _records(run_tasks(ex, TASK, [(a,) for a in JOB])) == reference
    with open_executor("local", 1) as ex:
        assert _records(run_tasks(ex, TASK, [(a,) for a in JOB])) == reference


@pytest.mark.cluster
def test_dask_local_cluster_of_two_workers_gives_the_reference(
        reference: list[dict[str, object]]) -> None:
    from distributed import get_client
    seen: list[tuple[int, int]] = []
    with open_executor("dask", 2) as ex:
        workers = get_client().scheduler_info()["workers"]
        assert len(workers) == 2
        out = run_tasks(ex, TASK, [(a,) for a in JOB], progress=lambda d, n: seen.append((d, n)))
    assert _records(out) == reference
    assert seen[0] == (0, 6) and seen[-1] == (6, 6) and len(seen) == 7


@pytest.mark.cluster
def test_ray_with_two_cpus_gives_the_reference(reference: list[dict[str, object]]) -> None:
    import ray
    with open_executor("ray", 2) as ex:
        assert ray.cluster_resources()["CPU"] == 2
        out = run_tasks(ex, TASK, [(a,) for a in JOB])
    assert _records(out) == reference
    assert not ray.is_initialized()


@pytest.mark.cluster
def test_a_match_on_dask_is_the_match_on_the_pool() -> None:
    local = run_match("cribbage", ["greedy", "random"], games=4, seed=5, workers=2)
    dask = run_match("cribbage", ["greedy", "random"], games=4, seed=5, workers=2,
                     executor="dask")
    assert (dask.wins, dask.first_dealer_wins) == (local.wins, local.first_dealer_wins)


def test_executor_values() -> None:
    assert parse_executor("Dask://h:8786") == ("dask", "h:8786")
    assert parse_executor("ray://10.1.2.3:10001") == ("ray", "10.1.2.3:10001")
    for bad in ("spark", "local://x", "dask://", ""):
        with pytest.raises(ExecutorError):
            parse_executor(bad)
    with pytest.raises(ExecutorError, match="--workers must be 1 to 64"):
        with open_executor("local", 0):
            pass
    assert issubclass(ExecutorError, HoyleError)
    assert task_seed(3, 2) == 3 * 1_000_003 + 2


def test_a_task_error_reaches_the_caller() -> None:
    with open_executor("local", 1) as ex:
        with pytest.raises(ValueError):
            run_tasks(ex, int, [("7",), ("seven",)])


def test_shards_serve_only_their_own_tasks(tmp_path: Path) -> None:
    with open_executor("local", 1) as ex:
        assert run_tasks(ex, pow, [(2, 5), (3, 3)], shards=tmp_path) == [32, 27]
        names = sorted(p.name for p in tmp_path.iterdir())
        assert len(names) == 2 and all(n.startswith(("task-000000-", "task-000001-"))
                                       for n in names)
        # another job in the same folder: its first task is new, its second is shared
        (tmp_path / names[1]).write_bytes(pickle.dumps(99))  # (marked, to see it is read)
        assert run_tasks(ex, pow, [(2, 6), (3, 3)], shards=tmp_path) == [64, 99]
        assert run_tasks(ex, divmod, [(2, 6), (3, 3)], shards=tmp_path) == [(0, 2), (1, 0)]
    with pytest.raises(ShardError):
        with open_executor("local", 1) as ex:
            run_tasks(ex, pow, [(2, 5)], shards=tmp_path / names[0])  # a file, no folder


CHILD = """
import sys
from functools import partial
from pathlib import Path
from hoyle.sim.executors import open_executor, run_tasks
from hoyle.sim.tournament import _chunk
job = [(("greedy", "greedy"), 12, [i]) for i in range(int(sys.argv[2]))]
with open_executor("local", 1) as ex:
    run_tasks(ex, partial(_chunk, "cribbage", {}), [(a,) for a in job], shards=Path(sys.argv[1]))
"""


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT])
def test_a_job_killed_part_way_resumes_to_the_same_results(tmp_path: Path, sig: int) -> None:
    tasks = 40
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path), str(tasks)], env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             preexec_fn=ctrl_c_at_default)
    try:
        while len(list(tmp_path.glob("task-*.pkl"))) < 3 and child.poll() is None:
            time.sleep(0.01)
        child.send_signal(sig)
    finally:
        child.wait(60)
    assert child.returncode != 0  # killed, not finished
    finished = sorted(tmp_path.glob("task-*.pkl"))
    assert 3 <= len(finished) < tasks
    for p in finished:  # every shard left is whole
        pickle.loads(p.read_bytes())
    job = [(("greedy", "greedy"), 12, [i]) for i in range(tasks)]
    ran: list[int] = []

    def count(done: int, n: int) -> None:
        ran.append(done)
    with open_executor("local", 1) as ex:
        resumed = run_tasks(ex, TASK, [(a,) for a in job], shards=tmp_path, progress=count)
    assert ran[0] == len(finished)  # the finished shards were not run again
    assert _records(resumed) == _records([TASK(a) for a in job])


@pytest.mark.cluster
def test_the_commands_take_executor() -> None:
    from typer.testing import CliRunner

    from hoyle.cli.main import app
    runner = CliRunner()
    bad = runner.invoke(app, ["sim", "cribbage", "--games", "2", "--executor", "spark"])
    assert bad.exit_code == 2 and "unknown executor 'spark'" in bad.output
    stand = ["stats", "ecarte", "--stand-table", "--holdings", "6", "--samples", "8"]
    local = runner.invoke(app, [*stand, "--workers", "1"])
    dask = runner.invoke(app, [*stand, "--executor", "dask", "--workers", "2"])
    assert local.exit_code == dask.exit_code == 0
    assert "6 holdings" in local.output and dask.output == local.output
