"""``hoyle play`` alone: a new game of cribbage (the registry's first game) saved in the
user's data folder (``HOYLE_DATA_DIR`` here), and, once a game is left unfinished there,
the offer to continue it (yes resumes that file, no starts another)."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

from hoyle.cli.saves import data_dir, default_save_path, last_unfinished, saves_dir
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import get_game
import pytest

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand


def hoyle(*args: str, stdin: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, COLUMNS="100", NO_COLOR="1", PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "hoyle", *args], input=stdin, cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=120)


def test_play_alone_starts_cribbage_saved_in_the_data_folder(tmp_path: Path) -> None:
    saves = Path(os.environ["HOYLE_DATA_DIR"]) / "saves"
    done = hoyle("play", stdin="quit\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Lay away 2 cards" in done.stdout
    assert list(tmp_path.iterdir()) == []              # nothing left in the working folder
    (first,) = saves.glob("hoyle-cribbage-*.json")
    record = json.loads(first.read_text(encoding="utf-8"))
    assert record["game"] == "cribbage" and record["variant"] == "six-card"
    assert record["seats"] == ["human", "expert"] and record["actions"] != []
    assert f"Game saved to {first}" in " ".join(done.stdout.split())

    # again: the unfinished game is offered; yes goes on in the same file
    again = hoyle("play", stdin="y\nquit\n", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "Continue your unfinished game of cribbage" in again.stdout
    assert f"Resuming the game in {first}" in " ".join(again.stdout.split())
    assert list(saves.glob("*.json")) == [first]

    # no: a new game in a new file; the old one is offered next time (the newest first)
    new = hoyle("play", stdin="n\nquit\n", cwd=tmp_path)
    assert new.returncode == 0, new.stderr
    assert "Resuming" not in new.stdout
    assert len(list(saves.glob("*.json"))) == 2
    found = last_unfinished()
    assert found is not None and found.path != first

    # the end of input at the question starts nothing
    none = hoyle("play", stdin="", cwd=tmp_path)
    assert none.returncode == 0 and len(list(saves.glob("*.json"))) == 2


def test_save_names_another_file(tmp_path: Path) -> None:
    done = hoyle("play", "cribbage", "--seed", "5", "--save", "mine.json", stdin="quit\n",
                 cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "mine.json").exists() and list(saves_dir().iterdir()) == []


def _finished_record() -> GameRecord:
    spec = get_game("cribbage")
    record = GameRecord(game="cribbage", variant="six-card", seats=["human", "expert"],
                        seed=3, laws="ew", options={}, actions=[], date="2026-12-01")
    state = spec.state_for_record(record)
    import random
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply(state.sample_chance(rng) if state.current_player < 0
                    else rng.choice(state.legal_actions()))
    return state.to_record(seats=["human", "expert"], date="2026-12-01")


def test_last_unfinished_skips_finished_refereed_and_unreadable(tmp_path: Path) -> None:
    assert last_unfinished(tmp_path) is None
    finished = _finished_record()
    assert finished.result is not None
    finished.save(tmp_path / "over.json")
    (tmp_path / "junk.json").write_text("{not json", encoding="utf-8")
    assert last_unfinished(tmp_path) is None
    part = GameRecord(game="cribbage", variant="six-card", seats=["human", "expert"],
                      seed=3, laws="ew", options={}, actions=[], date="2026-12-01")
    part.save(tmp_path / "part.json")
    os.utime(tmp_path / "part.json", (1_000_000_000, 1_000_000_000))  # the oldest file
    refereed = GameRecord(game="cribbage", variant="six-card", seats=["A", "B"], seed=None,
                          laws="ew", options={"referee": True}, actions=[], date="2026-12-01")
    refereed.save(tmp_path / "ref.json")
    found = last_unfinished(tmp_path)
    assert found is not None and found.path == tmp_path / "part.json"
    assert found.saved == datetime.datetime.fromtimestamp(1_000_000_000)


def test_data_dir_follows_the_variable() -> None:
    assert data_dir() == Path(os.environ["HOYLE_DATA_DIR"])
    path = default_save_path("cribbage", datetime.datetime(2026, 12, 1, 10, 5, 7))
    assert path == data_dir() / "saves" / "hoyle-cribbage-20261201-100507.json"
