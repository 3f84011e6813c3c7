"""One Ctrl-C stops ``hoyle sim`` at once: a real process (its own session, so the SIGINT
reaches the whole process group, workers too, as a terminal's Ctrl-C does), every record
written kept whole, no worker traceback, and the command printed that finishes the run;
the records kept plus those of that command are exactly an uninterrupted run's."""

from __future__ import annotations

import io
import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from hoyle.sim.tournament import run_match

from helpers.processes import hoyle, wait_for_lines

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

GAMES, SEED = 120, 4  # the Ctrl-C comes at 30 games: 90 left for it to land


@pytest.mark.parametrize("workers", [2, 1])
def test_ctrl_c_keeps_the_records_and_prints_the_rest_of_the_run(tmp_path: Path,
                                                                  workers: int) -> None:
    args = ["sim", "cribbage", "--players", "random,random", "--games", str(GAMES),
            "--workers", str(workers), "--seed", str(SEED), "--out", "run.jsonl"]
    proc = hoyle(args, tmp_path)
    wait_for_lines(tmp_path / "run.jsonl", 30, proc)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    kept = (tmp_path / "run.jsonl").read_text(encoding="utf-8")
    assert kept.endswith("\n")                                   # no line cut short
    n = kept.count("\n")
    assert 30 <= n < GAMES
    assert f"Stopped (Ctrl-C) after {n:,} of {GAMES:,} games (games 0 to {n - 1})" in err
    command = err.split("Finish the run with:\n  ")[1].splitlines()[0]
    assert command == (f"hoyle sim cribbage --players random,random --games {GAMES - n} "
                       f"--workers {workers} --seed {SEED} --first-game {n} "
                       f"--out run-from-{n}.jsonl")
    assert f"then: hoyle sim summary run.jsonl run-from-{n}.jsonl" in err
    rest = subprocess.run([sys.executable, "-m", *shlex.split(command)], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)
    assert rest.returncode == 0, rest.stderr
    resumed = (tmp_path / f"run-from-{n}.jsonl").read_text(encoding="utf-8")
    whole = io.StringIO()
    run_match("cribbage", ["random", "random"], GAMES, SEED, 1, whole)
    assert kept + resumed == whole.getvalue()
    summary = subprocess.run([sys.executable, "-m", "hoyle", "sim", "summary", "run.jsonl",
                              f"run-from-{n}.jsonl"], cwd=tmp_path, capture_output=True,
                             text=True, timeout=300, env=dict(os.environ, COLUMNS="200"))
    assert summary.returncode == 0 and f"seed {SEED}" in summary.stdout
