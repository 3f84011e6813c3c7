"""Where games are saved: checks before a new game starts, so nothing is lost at the end.

A new game never overwrites a file (a saved game might be lost); the record is written at
once, so an unusable path is refused before the first card, and again after every move
(:meth:`hoyle.engine.records.GameRecord.save` writes atomically).
"""

from __future__ import annotations

import datetime
from pathlib import Path

from hoyle.errors import HoyleError

__all__ = ["check_new_save_path", "default_save_path"]


def check_new_save_path(path: Path) -> None:
    """Refuse a save path that exists or cannot be written.

    Raises:
        HoyleError: the path is a directory, its folder does not exist, a name in it is
            too long for the file system, or a file is already there (resume it, or name
            another file with ``--save``).
    """
    try:
        if path.is_dir():
            raise HoyleError(f"{str(path)!r} is a directory: name a file with --save")
        if path.exists():
            raise HoyleError(f"{str(path)!r} already exists: resume it with --resume, or "
                             "name another file with --save")
        if not path.parent.exists():
            raise HoyleError(f"the folder {str(path.parent)!r} does not exist")
    except OSError as e:  # a name too long for the file system, a folder not readable...
        raise HoyleError(f"cannot save to {str(path)[:60]!r}"
                         f"{'...' if len(str(path)) > 60 else ''}: {e.strerror or e}") from None
    longest = max((len(part.encode()) for part in path.parts), default=0)
    if longest > 255:
        raise HoyleError(f"a file or folder name of {longest} bytes is too long (at most 255)")


def default_save_path(game: str, now: datetime.datetime | None = None,
                      folder: Path = Path()) -> Path:
    """The record file of a new game against the computer when ``--save`` names none:
    ``hoyle-GAME-YYYYMMDD-HHMMSS.json`` in ``folder`` (``-2``, ``-3``... added if taken).
    It never names the seed, which derives the computer's cards and every deal to come.

    >>> default_save_path("ecarte", datetime.datetime(2026, 12, 1, 10, 5, 7)).name
    'hoyle-ecarte-20261201-100507.json'
    """
    stamp = (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
    path = folder / f"hoyle-{game}-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"hoyle-{game}-{stamp}-{n}.json"
        n += 1
    return path
