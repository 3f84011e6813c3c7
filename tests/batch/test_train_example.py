"""The training example (examples/train_cribbage.py) runs end to end at a tiny size: a
rollout, an update, the evaluations in the batch engine and through the object engine, the
curve and the figures written (its real run, minutes long, is in docs/researchers.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_cribbage.py"


def test_the_training_example_runs_and_writes_its_curve(tmp_path: Path) -> None:
    out, plot, net = tmp_path / "run.json", tmp_path / "curve.png", tmp_path / "net.npz"
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--max-updates", "1", "--envs", "32", "--steps", "8",
         "--eval-every", "1", "--eval-games", "16", "--final-games", "4",
         "--regret-deals", "16", "--out", str(out), "--plot", str(plot), "--save", str(net)],
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(out.read_text())
    assert [row["update"] for row in figures["curve"]] == [1]
    for row in figures["curve"]:
        assert 0.0 <= row["vs_random"] <= 1.0 and 0.0 <= row["vs_greedy"] <= 1.0
        assert row["layaway_regret"] >= 0.0  # points below the discard advice
    assert figures["final"]["random"]["games"] == 4
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "object engine, 4 games against greedy" in done.stdout
    # the advice's own choice loses nothing against itself: greedy (the best hand, the crib
    # ignored) is at or below random, and no policy is below the advice's best
    lay = figures["final"]["layaway"]
    assert 0.0 <= lay["greedy"]["regret"] <= lay["random"]["regret"]
    assert {k.split("/")[0] for k in np.load(net).files} >= {"trunk", "split", "show", "v"}


def test_the_training_example_refuses_bad_arguments_in_one_line() -> None:
    for bad, words in ((["--regret-deals", "0"], "--regret-deals must be 1 or more"),
                       (["--envs", "0"], "--envs must be 2 or more"),
                       (["--aux", "-1"], "--aux and --shaping must be 0 or more")):
        done = subprocess.run([sys.executable, str(EXAMPLE), *bad], capture_output=True,
                              text=True, timeout=120)
        assert done.returncode == 2 and words in done.stderr, done.stderr
        assert "Traceback" not in done.stderr
