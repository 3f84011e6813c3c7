"""A real ``hoyle`` process for the Ctrl-C tests: in its own session, so a SIGINT sent to
its process group reaches the workers too, as a terminal's Ctrl-C does.

A command run in the background of a script (``nohup make test &``, CI under a shell without
job control) starts with SIGINT ignored, and a child inherits that: hoyle then rightly
leaves Ctrl-C alone and the tests would see a run that never stops. A terminal's command
has SIGINT at its default, so these processes start with it there.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path


def ctrl_c_at_default() -> None:
    """In the child before it runs (``preexec_fn``): SIGINT at its default, as in a
    terminal, whatever the test run inherited."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def hoyle(args: list[str], cwd: Path) -> subprocess.Popen[str]:
    """``python -m hoyle ARGS`` in ``cwd``, its own session, SIGINT at its default, wide
    output."""
    return subprocess.Popen([sys.executable, "-m", "hoyle", *args], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, COLUMNS="300"), start_new_session=True,
                            preexec_fn=ctrl_c_at_default)


def wait_for_lines(path: Path, n: int, proc: subprocess.Popen[str]) -> None:
    """Until ``path`` holds ``n`` lines (the run under way), at most two minutes."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if path.exists() and path.read_bytes().count(b"\n") >= n:
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.02)
    raise AssertionError(f"{path} never reached {n} lines")
