"""A kept shard is checked when it is opened, before any task runs: one that is not what
its task returns, or that does not unpickle (cut, or naming a missing module), is one
error line naming the file."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from hoyle.cribbage.advice.wintable import SEQ_LEN
from hoyle.cribbage.tables import win_check

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

ARGS = ["tables", "win", "--deals", "40", "--per-task", "20", "--shards", "s",
        "--out", "w.npz"]


def hoyle(cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hoyle", *ARGS], cwd=cwd,
                          capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, COLUMNS="300"))


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A job run to its end: its folder of two shards."""
    cwd = tmp_path_factory.mktemp("job")
    out = hoyle(cwd)
    assert out.returncode == 0, out.stderr
    assert len(list((cwd / "s").glob("task-*.pkl"))) == 2
    return cwd


@pytest.mark.parametrize("content, says", [
    (pickle.dumps("hello"), "is not its task's result: a str, not an array of deals"),
    (pickle.dumps(np.zeros((3, 2), dtype=np.int8)),
     f"is not its task's result: an array of int8 (3, 2), not int8 (20, {SEQ_LEN})"),
    (b"cno_such_module_here\nThing\n.", "ModuleNotFoundError"),
    (b"\x80\x04\x95", "cannot read the shard"),
])
def test_a_bad_shard_is_one_error_naming_it(finished: Path, tmp_path: Path, content: bytes,
                                            says: str) -> None:
    (tmp_path / "s").mkdir()
    shards = sorted((finished / "s").glob("task-*.pkl"))
    (tmp_path / "s" / shards[0].name).write_bytes(shards[0].read_bytes())
    bad = tmp_path / "s" / shards[1].name
    bad.write_bytes(content)
    out = hoyle(tmp_path)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and says in lines[0], lines
    assert bad.name in lines[0] and "delete it to run its task again" in lines[0]
    assert not (tmp_path / "w.npz").exists()                     # no table made


def test_the_check_takes_the_task_result() -> None:
    assert win_check(("six-card", 0, 0, 5), np.zeros((5, SEQ_LEN), dtype=np.int8)) is None
    assert win_check(("six-card", 0, 0, 5), np.zeros((5, SEQ_LEN), dtype=np.int16)) == (
        f"an array of int16 (5, {SEQ_LEN}), not int8 (5, {SEQ_LEN})")
