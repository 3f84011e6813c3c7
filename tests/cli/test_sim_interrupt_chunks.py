"""Ctrl-C in ``hoyle sim --workers 2`` keeps the games finished so far, not only whole
50-game chunks (the local pool's chunks are at most ``LOCAL_CHUNK`` games), exactly as an
uninterrupted run's first games; and when no game finished the message says so."""

from __future__ import annotations

import io
import os
import signal
from pathlib import Path

import pytest
from rich.console import Console

from hoyle.cli import main
from hoyle.sim.pool import LOCAL_CHUNK, game_chunks
from hoyle.sim.tournament import run_match

from helpers.processes import hoyle, wait_for_lines

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

GAMES, SEED = 2000, 9


def test_ctrl_c_with_two_workers_keeps_the_games_finished(tmp_path: Path) -> None:
    # before: 2000 games on 2 workers went in chunks of 50 (whole chunks kept only)
    assert len(game_chunks(0, GAMES, 2, 50)[0]) == 50 and LOCAL_CHUNK == 4
    # the expert's games (about 0.7 s each): the interrupt lands long before 50 are done,
    # whatever the machine's load (greedy's, a millisecond each, could reach 100 first)
    proc = hoyle(["sim", "cribbage", "--players", "expert,expert", "--games", str(GAMES),
                  "--workers", "2", "--seed", str(SEED), "--out", "run.jsonl"], tmp_path)
    wait_for_lines(tmp_path / "run.jsonl", 1, proc)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and "Traceback" not in err, err
    kept = (tmp_path / "run.jsonl").read_text(encoding="utf-8")
    n = kept.count("\n")
    assert 1 <= n < 50, n  # not a whole 50-game chunk: the games finished by then
    assert f"Stopped (Ctrl-C) after {n:,} of {GAMES:,} games (games 0 to {n - 1})" in err
    whole = io.StringIO()
    run_match("cribbage", ["expert", "expert"], n, SEED, 1, whole)
    assert kept == whole.getvalue()  # the same games as one worker plays


def test_no_game_finished_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()  # the real message, on a console writing to a string
    monkeypatch.setattr(main, "err_console", Console(file=out, width=300, color_system=None))
    main._print_interrupted("cribbage", "greedy,greedy", 100, 2, 9, tmp_path / "run.jsonl",
                            0, 0, {})
    text = out.getvalue()
    assert "no game finished" in text and "games 0 to -1" not in text
    assert ("Run it again with:\n  hoyle sim cribbage --players greedy,greedy --games 100 "
            f"--workers 2 --seed 9 --first-game 0 --out {tmp_path / 'run-from-0.jsonl'}"
            ) in text
    assert "hoyle sim summary" not in text  # nothing to sum up yet
