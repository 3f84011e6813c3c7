"""One Ctrl-C stops ``hoyle tables win`` at once (a real process in its own session, the
SIGINT sent to its whole process group as a terminal's Ctrl-C is): the finished shards
kept, no traceback, exit 130, and the message saying how far it got and how to resume; a
second Ctrl-C while it stops changes none of that, and one while the Dask cluster starts is
not lost."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers.processes import hoyle

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

# 800 tasks of 5 deals: the first three done in seconds, all of them minutes of work
ARGS = ["tables", "win", "--deals", "4000", "--per-task", "5", "--shards", "s",
        "--out", "w.npz"]


@pytest.mark.parametrize(("executor", "presses"), [
    ("local", 1), ("local", 2), pytest.param("dask", 1, marks=pytest.mark.cluster)])
def test_ctrl_c_stops_the_table_job_at_once(tmp_path: Path, executor: str,
                                            presses: int) -> None:
    """``presses``: 2, a second Ctrl-C 20 ms after the first, while the pool's workers are
    ended (it once cut the stopping short, and its own ``KeyboardInterrupt`` said "before
    any task ran" in 21 of 25 tries)."""
    with _job([*ARGS, "--workers", "2", "--executor", executor], tmp_path) as proc:
        _ctrl_c_after_three_tasks(proc, tmp_path, presses)


def _ctrl_c_after_three_tasks(proc: subprocess.Popen[str], tmp_path: Path,
                              presses: int) -> None:
    deadline = time.monotonic() + 120
    while len(list((tmp_path / "s").glob("task-*"))) < 3:
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)
    stopped = time.monotonic()
    for _ in range(presses - 1):
        time.sleep(0.02)
        os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    waited = time.monotonic() - stopped
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    m = re.search(r"Stopped \(Ctrl-C\) after (\d+) of 800 tasks; run the same command "
                  r"again to resume\.", err)
    assert m, err
    kept = len(list((tmp_path / "s").glob("task-*.pkl")))
    assert 3 <= int(m.group(1)) == kept < 800
    # 800 tasks of 5 deals take minutes; stopping waits for none of them (a generous
    # bound for a loaded machine: the old code ran every queued task to the end)
    assert waited < 30, waited


@pytest.mark.cluster
def test_ctrl_c_while_the_dask_cluster_starts_stops_the_job(tmp_path: Path) -> None:
    """The Ctrl-C sent as the cluster's first worker process has just started (SIGINT was
    ignored while the cluster started, so that its workers would not take it: a Ctrl-C in
    the job's first second or two was lost, and the job ran to its end)."""
    with _job([*ARGS, "--workers", "2", "--executor", "dask"], tmp_path) as proc:
        _ctrl_c_as_the_cluster_starts(proc, tmp_path)


def _ctrl_c_as_the_cluster_starts(proc: subprocess.Popen[str], tmp_path: Path) -> None:
    deadline = time.monotonic() + 120
    # a worker's process (not the resource tracker, which is started before the cluster)
    while not any("spawn_main" in c for c in _group_commands(proc.pid)):
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert "Stopped (Ctrl-C) before any task ran; run the same command again to resume." \
        in err, err
    assert not list((tmp_path / "s").glob("task-*.pkl"))
    assert not (tmp_path / "w.npz").exists()


@contextlib.contextmanager
def _job(args: list[str], cwd: Path) -> Iterator[subprocess.Popen[str]]:
    """``hoyle ARGS`` started in ``cwd`` (:func:`helpers.processes.hoyle`); its process group
    killed on leaving, whatever the test found (a job that did not stop would run on)."""
    proc = hoyle(args, cwd)
    try:
        yield proc
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()


def _group_commands(pgid: int) -> list[str]:
    """The command lines of the processes in process group ``pgid`` (from /proc)."""
    commands = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        with contextlib.suppress(OSError):
            stat = Path(f"/proc/{pid}/stat").read_text()
            if int(stat.rsplit(")", 1)[1].split()[2]) == pgid:  # field 5, the group
                commands.append(Path(f"/proc/{pid}/cmdline").read_bytes().decode(
                    errors="replace").replace("\0", " "))
    return commands


def test_a_ctrl_c_after_the_last_task_says_all_the_tasks_were_done() -> None:
    """Ctrl-C while the job's ``finish`` runs (solving and writing the table, every task
    done: its shards all kept, say): :class:`TasksStopped` with ``done == total``, which
    ``hoyle tables`` says as "after all 4 tasks", not "before any task ran"."""
    from hoyle.interface.jobs import TableJob
    from hoyle.sim.executors import TasksStopped
    from hoyle.sim.tables import run_job

    def finish(results: list[int], n: int) -> Iterator[str]:
        yield f"{sum(results)}"
        raise KeyboardInterrupt

    job = TableJob("sum", "Sum.", (), lambda n: [(i, 2) for i in range(n)], pow, finish)
    said = []
    with pytest.raises(TasksStopped) as stop:
        for block in run_job(job, {"n": 4}, quiet=True):
            said.append(block)
    assert said == ["14"] and (stop.value.done, stop.value.total) == (4, 4)
