"""Saving records: whole files under concurrent saves, no symlink followed, long names, and
a failed write (a full disk) that keeps the last good record and lets the game go on.

A full disk is an ``OSError(ENOSPC)`` injected at the write's ``fsync`` (mounting a small
tmpfs needs privileges a test run may not have); everything else is the real file system.
"""

from __future__ import annotations

import errno
import io
import multiprocessing
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import hoyle.engine.records as records
from hoyle.cli.session import PlaySession, Quit
from hoyle.interface.registry import get_game
from hoyle.cribbage.console import CribbageText
from hoyle.cribbage.records import replay_record
from hoyle.engine.records import GameRecord
from hoyle.errors import RecordError

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand


def _record(n: int) -> GameRecord:
    """A record whose every field tells ``n`` (a long one, so a torn write would show)."""
    return GameRecord(game="cribbage", variant="six-card", laws="ew", seats=["a", "b"],
                      seed=n, actions=[f"CUT {c}" for c in ("5H", "9C")] * (50 + n))


def _save_many(path: str, first: int, count: int) -> None:
    for n in range(first, first + count):
        _record(n).save(path)


def test_concurrent_saves_from_several_processes_leave_one_whole_record(tmp_path: Path
                                                                        ) -> None:
    # Six processes save 40 different records each to one file: the file must always be
    # one whole record of the 240 (the old fixed FILE.tmp name tore or lost them).
    path = tmp_path / "game.json"
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_save_many, args=(str(path), 1000 * i, 40)) for i in range(6)]
    for p in procs:
        p.start()
    seen: set[int] = set()
    while any(p.is_alive() for p in procs):  # read while they write
        if path.exists():
            rec = GameRecord.load(path)
            assert rec == _record(rec.seed or 0)
            seen.add(rec.seed or 0)
    for p in procs:
        p.join()
        assert p.exitcode == 0
    final = GameRecord.load(path)
    assert final.seed is not None and final.seed % 1000 == 39  # some process's last
    assert final == _record(final.seed)
    leftovers = sorted(f.name for f in tmp_path.iterdir())
    assert leftovers == ["game.json"]  # no temporary file, nor the lock file (issue 28)


def test_a_symlink_planted_at_the_temporary_name_is_not_followed(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    target = tmp_path / "game.json"
    for name in ("game.json.tmp", ".game.json.tmp", "game.json~"):
        (tmp_path / name).symlink_to(victim)
    _record(1).save(target)
    assert victim.read_text() == "precious\n"
    assert GameRecord.load(target) == _record(1)
    assert not target.is_symlink()


def test_a_symlink_planted_at_the_lock_name_is_refused_not_followed(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (tmp_path / ".game.json.lock").symlink_to(victim)
    with pytest.raises(RecordError, match="cannot write record"):
        _record(1).save(tmp_path / "game.json")
    assert victim.read_text() == "precious\n"
    assert not (tmp_path / "game.json").exists()


def test_a_252_character_name_can_be_saved(tmp_path: Path) -> None:
    # 252 characters + ".tmp" is 256, over NAME_MAX (255): the old temporary name failed.
    path = tmp_path / ("g" * 247 + ".json")
    assert len(path.name) == 252
    _record(2).save(path)
    assert GameRecord.load(path) == _record(2)
    _record(3).save(path)  # and saved again over it, its lock file made anew
    assert GameRecord.load(path) == _record(3)
    assert len(list(tmp_path.iterdir())) == 1  # the lock file removed after each write


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """While ``flag[0]`` is true, every fsync of a file a record is written to fails with
    ENOSPC (a full disk), as the kernel reports it after a write that did not fit;
    ``flag[1]`` counts them."""
    flag = [False, 0]  # full?, fsyncs refused
    real = os.fsync

    def fsync(fd: int) -> None:
        if flag[0]:
            flag[1] += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd)

    monkeypatch.setattr(records.os, "fsync", fsync)
    yield flag


def test_a_failed_write_keeps_the_last_good_record_and_no_temporary(
        tmp_path: Path, full_disk: list[Any]) -> None:
    path = tmp_path / "game.json"
    _record(1).save(path)
    good = path.read_bytes()
    full_disk[0] = True
    with pytest.raises(RecordError, match="No space left on device"):
        _record(2).save(path)
    assert path.read_bytes() == good
    assert sorted(f.name for f in tmp_path.iterdir()) == ["game.json"]
    full_disk[0] = False
    _record(2).save(path)
    assert GameRecord.load(path) == _record(2)


class _Scripted(PlaySession[object]):
    """A session whose person lays away the first two cards and plays the first card he
    may (typed as a person types them); the disk is full from move ``fail_from`` to
    ``fail_to`` of the person's."""

    def __init__(self, console: Console, path: Path, flag: list[Any], fail_from: int,
                 fail_to: int) -> None:
        text = CribbageText()
        game = text.new_play(5, {"variant": "six-card", "opponent": "greedy", "laws": "ew",
                                 "muggins": False, "manual_count": False})
        super().__init__(console, get_game("cribbage"), game, 5, path)
        self.flag, self.fail_from, self.fail_to, self.moves = flag, fail_from, fail_to, 0
        self.on_disk: list[int] = []

    quit_at: int | None = None
    """The person types quit at this move of his."""
    retry: list[str] = []
    """What the person answers when asked to free room and save again, in turn."""

    def ask(self, prompt: str) -> str | None:
        answer = self.retry.pop(0)
        if answer == "":  # he freed some room
            self.flag[0] = False
        return answer

    def read(self, prompt: str) -> str:
        self.moves += 1
        if self.moves == self.quit_at:
            raise Quit
        self.flag[0] = self.fail_from <= self.moves < self.fail_to
        if self.flag[0]:
            self.on_disk.append(len(GameRecord.load(self.save_path).actions))
        s: object = self.state
        legal = s.legal_actions()  # type: ignore[attr-defined]
        return " ".join(str(c) for c in legal[0].cards) if legal[0].cards else "go"


def test_a_full_disk_mid_game_says_so_in_one_line_and_the_game_goes_on(
        tmp_path: Path, full_disk: list[Any]) -> None:
    out = io.StringIO()
    console = Console(file=out, width=200, no_color=True, highlight=False)
    path = tmp_path / "game.json"
    session = _Scripted(console, path, full_disk, 3, 7)
    session.save()
    assert session.run() == 0
    text = out.getvalue()
    failures = [ln for ln in text.splitlines() if ln.startswith("Not saved:")]
    # One line for every save refused (after each move, the computer's and the chance
    # outcomes' too, from the person's move 3 to 6).
    assert len(failures) == full_disk[1] >= 4
    assert all("No space left on device" in ln and "keeps the last good record" in ln
               and "the game goes on" in ln for ln in failures)
    assert "Traceback" not in text
    # While the disk was full the file kept the record as it was before move 3.
    assert len(set(session.on_disk)) == 1
    # Nothing was lost: the final file is the whole game, over, and replays to its end.
    final = GameRecord.load(path)
    state, _ = replay_record(final)
    assert state.is_terminal() and final.actions == [str(a) for a in session.state.history]
    assert final.result is not None and max(final.result["scores"]) >= 121


@pytest.mark.parametrize("retry, code", [([""], 0), (["quit"], 1)])
def test_quitting_on_a_full_disk_offers_to_save_again(tmp_path: Path, full_disk: list[Any],
                                                      retry: list[str], code: int) -> None:
    # The disk is full from the person's move 3; he quits at move 5. Asked to free room,
    # he does (Enter: saved, exit 0), or quits again (exit 1, the file as last saved).
    out = io.StringIO()
    console = Console(file=out, width=200, no_color=True, highlight=False)
    path = tmp_path / "game.json"
    session = _Scripted(console, path, full_disk, 3, 1000)
    session.quit_at, session.retry = 5, list(retry)
    session.save()
    assert session.run() == code
    text = out.getvalue()
    saved = GameRecord.load(path)
    if code == 0:
        assert "Game saved to" in text
        assert saved.actions == [str(a) for a in session.state.history]
    else:
        assert "Stopped without saving the last moves" in text
        assert len(saved.actions) == session.on_disk[0] < len(session.state.history)
    assert "Traceback" not in text


def test_a_save_open_in_another_session_is_refused_in_one_line(tmp_path: Path) -> None:
    """Two terminals on one save: the second is refused at once (the first one's moves
    would otherwise be overwritten by whichever saves last)."""
    import subprocess
    import sys

    from typer.testing import CliRunner

    from hoyle.cli.main import app
    path = tmp_path / "game.json"
    r = CliRunner().invoke(app, ["play", "cribbage", "--plain", "--seed", "3", "--save",
                                 str(path)], input="quit\n")
    assert r.exit_code == 0 and path.exists()
    before = path.read_bytes()
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, pathlib; from hoyle.engine.records import "
         "RecordClaim; c = RecordClaim(pathlib.Path(sys.argv[1])); print('held', flush=True);"
         " sys.stdin.read()", str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        r = CliRunner().invoke(app, ["play", "--resume", str(path), "--plain"], input="quit\n")
        assert r.exit_code == 2 and "open in another hoyle session" in r.output
        assert path.read_bytes() == before
    finally:
        holder.communicate("")
    r = CliRunner().invoke(app, ["play", "--resume", str(path), "--plain"], input="quit\n")
    assert r.exit_code == 0  # free again once the other session ends


def test_a_claimed_save_stays_claimed_after_its_holder_saves(tmp_path: Path) -> None:
    """The claim outlives the holder's own saves: a ``lockf`` lock is dropped when its
    process closes any descriptor of the locked file, so the claim must not be on the
    lock file each write opens and closes (found by a review: after the first terminal's
    first save a second terminal got in and the two overwrote each other's moves)."""
    import subprocess
    import sys

    from typer.testing import CliRunner

    from hoyle.cli.main import app
    path = tmp_path / "game.json"
    r = CliRunner().invoke(app, ["play", "cribbage", "--plain", "--seed", "3", "--save",
                                 str(path)], input="quit\n")
    assert r.exit_code == 0 and path.exists()
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, pathlib; from hoyle.engine.records import "
         "RecordClaim, write_atomic; p = pathlib.Path(sys.argv[1]); c = RecordClaim(p); "
         "write_atomic(p, p.read_text()); write_atomic(p, p.read_text()); "
         "print('held and saved', flush=True); sys.stdin.read()", str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "held and saved"
        before = path.read_bytes()
        r = CliRunner().invoke(app, ["play", "--resume", str(path), "--plain"],
                               input="5s\nquit\n")
        assert r.exit_code == 2 and "open in another hoyle session" in r.output
        assert path.read_bytes() == before
    finally:
        holder.communicate("")
