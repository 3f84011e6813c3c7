"""The win table's files and pictures: a corrupt ``.npz`` is one clear error (in ``stats
--win-table`` and ``review`` too), a plot file of an unknown format is refused in one line
before any work, and the heat map is written as PNG, SVG or PDF."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from hoyle.cribbage.advice.wintable import WinTable, check_plot_path, win_table
from hoyle.errors import HoyleError

SRC = Path(__file__).resolve().parents[2] / "src"


def hoyle(args: list[str], cwd: Path, src: Path = SRC) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, COLUMNS="200", PYTHONPATH=str(src))
    return subprocess.run([sys.executable, "-m", "hoyle", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def test_a_corrupt_table_is_one_error() -> None:
    good = win_table("five-card").to_bytes()
    for data in (b"not a zip", good[: len(good) // 2]):
        with pytest.raises(HoyleError, match="^x.npz is corrupt"):
            WinTable.from_bytes(data, "x.npz")
    t = win_table("five-card")
    wrong = WinTable(t.variant, t.target, t.p[:60, :60], t.se[:60, :60], t.deals, t.seed)
    with pytest.raises(HoyleError, match=r"not a 61 x 61 table of chances"):
        WinTable.from_bytes(wrong.to_bytes(), "x.npz")
    again = WinTable.from_bytes(good)
    assert np.array_equal(again.p.astype(np.float32), t.p.astype(np.float32))


@pytest.mark.slow
def test_plot_formats(tmp_path: Path) -> None:
    for name in ("x.txt", "x", "x.jpeg"):
        with pytest.raises(HoyleError, match="name a .png, .svg or .pdf file"):
            check_plot_path(tmp_path / name)
    out = hoyle(["stats", "cribbage", "--win-table", "--plot", "x.txt"], tmp_path)
    assert out.returncode == 2 and out.stdout == ""             # refused before any output
    assert out.stderr.strip() == ("error: cannot write a plot to x.txt: name a .png, .svg "
                                  "or .pdf file")
    for name, magic in (("h.svg", b"<?xml"), ("h.pdf", b"%PDF"), ("h.png", b"\x89PNG")):
        out = hoyle(["stats", "cribbage", "--win-table", "--plot", name], tmp_path)
        assert out.returncode == 0, out.stderr
        assert (tmp_path / name).read_bytes().startswith(magic)


@pytest.mark.slow
def test_a_corrupt_shipped_table_in_stats_and_review(tmp_path: Path) -> None:
    src = tmp_path / "src"
    shutil.copytree(SRC / "hoyle", src / "hoyle",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    data = src / "hoyle" / "cribbage" / "advice" / "data" / "win_table_six_card.npz"
    data.write_bytes(data.read_bytes()[:1000])                   # cut short
    out = hoyle(["stats", "cribbage", "--win-table"], tmp_path, src)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    line, = out.stderr.strip().splitlines()
    assert line.startswith("error: the shipped win table ") and "is corrupt" in line
    made = hoyle(["sim", "cribbage", "--players", "greedy,expert", "--games", "1",
                  "--out", "g.jsonl"], tmp_path)
    assert made.returncode == 0, made.stderr
    out = hoyle(["review", "g.jsonl"], tmp_path, src)
    assert out.returncode == 2 and "Traceback" not in out.stderr, out.stderr
    line, = out.stderr.strip().splitlines()
    assert line.startswith("error: the shipped win table ") and "is corrupt" in line
