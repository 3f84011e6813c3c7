"""A file a person names for output (a table's ``--out``) is written as ``open(path, "wb")``
would write it, but whole (:func:`hoyle.engine.records.write_output`): a symbolic link's
target, the file's permissions kept (a new file's from the umask), a FIFO or device written
through. (Renamed into place unconditionally, it once turned ``--out /dev/null`` into a
regular file, and every table into mode 0600.)"""

from __future__ import annotations

import os
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from hoyle.engine.records import new_file_mode, write_output


@pytest.fixture
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def test_a_new_file_takes_the_umask_s_permissions(tmp_path: Path, umask_022: None) -> None:
    path = tmp_path / "t.npz"
    write_output(path, b"table")
    assert path.read_bytes() == b"table"
    assert new_file_mode() == 0o644 == stat.S_IMODE(path.stat().st_mode)
    assert [p.name for p in tmp_path.iterdir()] == ["t.npz"]  # no temporary file left


def test_a_file_written_again_keeps_its_permissions(tmp_path: Path, umask_022: None) -> None:
    path = tmp_path / "t.npz"
    path.write_bytes(b"old")
    path.chmod(0o640)
    write_output(path, b"new")
    assert path.read_bytes() == b"new" and stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_symbolic_link_s_target_is_written_and_the_link_kept(tmp_path: Path) -> None:
    real, link = tmp_path / "real.npz", tmp_path / "link.npz"
    real.write_bytes(b"old")
    link.symlink_to(real)
    write_output(link, b"new")
    assert link.is_symlink() and real.read_bytes() == b"new"


def test_a_fifo_is_written_through_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    write_output(fifo, b"through")
    reader.join(10)
    assert got == [b"through"] and stat.S_ISFIFO(fifo.stat().st_mode)
