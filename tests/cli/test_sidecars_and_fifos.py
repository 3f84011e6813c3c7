"""What a command leaves beside a record, and what it refuses to read (issue 28, point 13).

A session claims its record file with a ``.NAME.claim`` file and each save locks a
``.NAME.lock`` file (:mod:`hoyle.engine.records`): both are removed when they are done,
whether the command ends normally, on an error, or before the first record could be written.

A record is read only from a regular file: ``hoyle replay`` (and every command that reads a
record or a save by its path) refuses a FIFO or a device with one ``error:`` line and exit
status 2, without waiting on it (opening a FIFO for reading blocks until a writer comes). The
commands run in a child process with a timeout, so a regression fails instead of hanging.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.ecarte.console import EcarteText
from hoyle.engine.records import GameRecord, RecordClaim
from hoyle.errors import RecordError


def files(folder: Path) -> list[str]:
    return sorted(f.name for f in folder.iterdir())


# -- the sidecars --------------------------------------------------------------------------

def test_a_claim_file_is_removed_when_the_claim_is_released(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    claim = RecordClaim(path)
    assert files(tmp_path) == [".game.json.claim"]
    claim.release()
    assert files(tmp_path) == []
    claim.release()  # idempotent
    again = RecordClaim(path)  # the name is free: claimed anew
    assert files(tmp_path) == [".game.json.claim"]
    again.release()
    assert files(tmp_path) == []


def test_a_save_leaves_no_lock_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    for n in range(3):
        GameRecord(game="cribbage", seed=n, actions=["CUT 5H"]).save(path)
        assert files(tmp_path) == ["game.json"]
    assert GameRecord.load(path).seed == 2


@pytest.mark.parametrize("command, lines", [
    (["referee", "ecarte", "--names", "Ann,Bob"], "9c\nquit\n"),
    (["referee", "cribbage", "--names", "Ann,Bob"], "9c\nquit\n"),
    (["play", "cribbage", "--plain", "--seed", "3"], "quit\n"),
])
def test_no_sidecar_is_left_after_a_session_and_its_resume(tmp_path: Path, command: list[str],
                                                           lines: str) -> None:
    path = tmp_path / "game.json"
    r = CliRunner().invoke(app, [*command, "--save", str(path)], input=lines)
    assert r.exit_code == 0, r.output
    assert files(tmp_path) == ["game.json"]
    resume = ["referee", command[1]] if command[0] == "referee" else ["play"]
    extra = ["--plain"] if command[0] == "play" else []
    r = CliRunner().invoke(app, [*resume, "--resume", str(path), *extra], input="quit\n")
    assert r.exit_code == 0, r.output
    assert files(tmp_path) == ["game.json"]


def test_no_sidecar_is_left_when_a_session_fails(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # A fault in the middle of a refereed game (as the markup of a name once was): the
    # error goes up, the record keeps what was saved, and the claim file goes with the claim.
    calls = [0]
    real = EcarteText.referee_prompt

    def prompt(self: EcarteText, state: Any, names: Any) -> str:
        calls[0] += 1
        if calls[0] == 2:
            raise RuntimeError("a fault in the session")
        return real(self, state, names)

    monkeypatch.setattr(EcarteText, "referee_prompt", prompt)
    path = tmp_path / "game.json"
    r = CliRunner().invoke(app, ["referee", "ecarte", "--names", "Ann,Bob", "--save",
                                 str(path)], input="9c\n8d\nquit\n")
    assert isinstance(r.exception, RuntimeError)
    assert files(tmp_path) == ["game.json"]
    assert GameRecord.load(path).actions == ["CUT 9C"]


def test_no_sidecar_is_left_when_the_first_save_fails(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def full(fd: int) -> None:  # a full disk, as the kernel reports it at the fsync
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr("hoyle.engine.records.os.fsync", full)
    for command in (["referee", "ecarte", "--names", "Ann,Bob"],
                    ["play", "cribbage", "--plain", "--seed", "3"]):
        r = CliRunner().invoke(app, [*command, "--save", str(tmp_path / "game.json")],
                               input="quit\n")
        assert r.exit_code == 2 and "No space left on device" in r.output, r.output
        assert files(tmp_path) == []


# -- a FIFO or a device is refused, not waited on ------------------------------------------

def test_loading_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    said: list[str] = []

    def load() -> None:
        try:
            GameRecord.load(fifo)
        except RecordError as e:
            said.append(str(e))

    reader = threading.Thread(target=load, daemon=True)  # a regression blocks in open()
    reader.start()
    reader.join(timeout=10)
    assert not reader.is_alive(), "GameRecord.load waited on a FIFO"
    assert said == [f"cannot read record {str(fifo)!r}: it is a FIFO (named pipe), not a "
                    "regular file"]
    with pytest.raises(RecordError, match="it is a device, not a regular file"):
        GameRecord.load("/dev/zero")
    with pytest.raises(RecordError, match="it is a folder, not a regular file"):
        GameRecord.load(tmp_path)


def _hoyle(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, NO_COLOR="1", COLUMNS="200")
    return subprocess.run([sys.executable, "-m", "hoyle", *args], cwd=cwd, env=env,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=30)


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ("replay", "{}"), ("replay", "--verify", "{}"), ("replay", "--line", "2", "{}"),
    ("review", "{}"), ("play", "--resume", "{}"), ("play", "cribbage", "--resume", "{}"),
    ("referee", "cribbage", "--resume", "{}"), ("referee", "ecarte", "--resume", "{}"),
    ("sim", "summary", "{}"),
])
def test_a_command_refuses_a_fifo_in_one_line(tmp_path: Path, args: tuple[str, ...]) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    done = _hoyle(*(a.format(fifo) for a in args), cwd=tmp_path)  # TimeoutExpired: it hung
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.splitlines() == [
        f"error: cannot read record {str(fifo)!r}: it is a FIFO (named pipe), not a "
        "regular file"], done.stderr
    assert files(tmp_path) == ["game.json"]  # nothing claimed or written beside it


@pytest.mark.slow
def test_replay_refuses_a_device_in_one_line(tmp_path: Path) -> None:
    done = _hoyle("replay", "/dev/zero", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "error: cannot read record '/dev/zero': it is a device, not a regular file"]
