"""The training example (examples/train_cribbage.py) runs end to end at a tiny size: a
rollout, an update, the evaluations in the batch engine and through the object engine, the
curve and the figures written (its real run, minutes long, is in docs/researchers.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_cribbage.py"


def test_the_training_example_runs_and_writes_its_curve(tmp_path: Path) -> None:
    out, plot = tmp_path / "run.json", tmp_path / "curve.png"
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--max-updates", "2", "--envs", "32", "--steps", "8",
         "--eval-every", "1", "--eval-games", "16", "--final-games", "4",
         "--out", str(out), "--plot", str(plot)],
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(out.read_text())
    assert [row["update"] for row in figures["curve"]] == [1, 2]
    for row in figures["curve"]:
        assert 0.0 <= row["vs_random"] <= 1.0 and 0.0 <= row["vs_greedy"] <= 1.0
    assert figures["final"]["random"]["games"] == 4
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "object engine, 4 games against greedy" in done.stdout
