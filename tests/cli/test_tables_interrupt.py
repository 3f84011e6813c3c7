"""One Ctrl-C stops ``hoyle tables win`` at once (a real process in its own session, the
SIGINT sent to its whole process group as a terminal's Ctrl-C is): the finished shards
kept, no traceback, exit 130, and the message saying how far it got and how to resume."""

from __future__ import annotations

import os
import re
import signal
import time
from pathlib import Path

import pytest

from helpers.processes import hoyle

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

ARGS = ["tables", "win", "--deals", "4000", "--per-task", "20", "--shards", "s",
        "--out", "w.npz"]


@pytest.mark.parametrize("executor", ["local", pytest.param("dask", marks=pytest.mark.cluster)])
def test_ctrl_c_stops_the_table_job_at_once(tmp_path: Path, executor: str) -> None:
    proc = hoyle([*ARGS, "--workers", "2", "--executor", executor], tmp_path)
    deadline = time.monotonic() + 120
    while len(list((tmp_path / "s").glob("task-*"))) < 3:
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGINT)
    stopped = time.monotonic()
    _, err = proc.communicate(timeout=60)
    waited = time.monotonic() - stopped
    assert proc.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    m = re.search(r"Stopped \(Ctrl-C\) after (\d+) of 200 tasks; run the same command "
                  r"again to resume\.", err)
    assert m, err
    kept = len(list((tmp_path / "s").glob("task-*.pkl")))
    assert 3 <= int(m.group(1)) == kept < 200
    # 200 tasks of 20 deals take minutes; stopping waits for none of them (a generous
    # bound for a loaded machine: the old code ran every queued task to the end)
    assert waited < 30, waited
