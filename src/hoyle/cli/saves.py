"""Where games are saved: the user's data directory (:func:`data_dir`), checks before a
new game starts so nothing is lost at the end, and the last unfinished game to offer
again (:func:`last_unfinished`).

A new game never overwrites a file (a saved game might be lost); the record is written at
once, so an unusable path is refused before the first card, and again after every move
(:meth:`hoyle.engine.records.GameRecord.save` writes atomically).
"""

from __future__ import annotations

import datetime
import os
from dataclasses import dataclass
from pathlib import Path

from hoyle.engine.records import GameRecord
from hoyle.interface.text import HUMAN
from hoyle.errors import HoyleError

__all__ = ["DATA_DIR_VARIABLE", "Unfinished", "check_new_save_path", "data_dir",
           "default_save_path", "last_unfinished", "saves_dir"]

DATA_DIR_VARIABLE = "HOYLE_DATA_DIR"
"""The environment variable that names the data directory instead of the user's own
(the tests set it)."""


def data_dir() -> Path:
    """hoyle's folder in the user's data directory (platformdirs: on Linux
    ``$XDG_DATA_HOME/hoyle``, by default ``~/.local/share/hoyle``), or the folder
    ``$HOYLE_DATA_DIR`` names; created if missing.

    Raises:
        HoyleError: the folder cannot be made (the message names it).
    """
    named = os.environ.get(DATA_DIR_VARIABLE)
    if named:
        folder = Path(named).expanduser()
    else:
        import platformdirs
        folder = Path(platformdirs.user_data_dir("hoyle", appauthor=False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise HoyleError(f"cannot make the data folder {str(folder)!r}: "
                         f"{e.strerror or e} (set {DATA_DIR_VARIABLE} to another)") from None
    return folder


def saves_dir() -> Path:
    """The folder of the games saved when ``--save`` names no file: ``saves`` in
    :func:`data_dir` (created if missing).

    Raises:
        HoyleError: the folder cannot be made.
    """
    folder = data_dir() / "saves"
    try:
        folder.mkdir(exist_ok=True)
    except OSError as e:
        raise HoyleError(f"cannot make the saves folder {str(folder)!r}: "
                         f"{e.strerror or e}") from None
    return folder


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
                      folder: Path | None = None) -> Path:
    """The record file of a new game against the computer when ``--save`` names none:
    ``hoyle-GAME-YYYYMMDD-HHMMSS.json`` in ``folder`` (default :func:`saves_dir`; ``-2``,
    ``-3``... added if taken). It never names the seed, which derives the computer's cards
    and every deal to come.

    >>> default_save_path("ecarte", datetime.datetime(2026, 12, 1, 10, 5, 7), Path()).name
    'hoyle-ecarte-20261201-100507.json'

    Raises:
        HoyleError: the saves folder cannot be made.
    """
    folder = saves_dir() if folder is None else folder
    stamp = (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
    path = folder / f"hoyle-{game}-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"hoyle-{game}-{stamp}-{n}.json"
        n += 1
    return path


@dataclass(frozen=True)
class Unfinished:
    """A saved game against the computer that is not over.

    Attributes:
        path: its record file.
        record: the record as read (not yet replayed).
        saved: when the file was last written (local time).
    """

    path: Path
    record: GameRecord
    saved: datetime.datetime


def last_unfinished(folder: Path | None = None) -> Unfinished | None:
    """The most recently written game in ``folder`` (default :func:`saves_dir`) that is a
    game against the computer (one ``human`` seat, a seed, not refereed) with no result
    yet; ``None`` if there is none. Files that do not read as records are passed over (a
    resume says what is wrong with one that reads but does not replay).

    Raises:
        HoyleError: the saves folder cannot be made.
    """
    folder = saves_dir() if folder is None else folder
    found = []
    for path in folder.glob("*.json"):
        try:
            found.append((path.stat().st_mtime, path))
        except OSError:
            continue
    for mtime, path in sorted(found, reverse=True):
        try:
            record = GameRecord.load(path)
        except HoyleError:
            continue
        if record.result is None and record.seats.count(HUMAN) == 1 and \
                record.seed is not None and not record.options.get("referee"):
            return Unfinished(path, record, datetime.datetime.fromtimestamp(mtime))
    return None
