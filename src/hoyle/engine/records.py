"""Game records: a header and the ordered list of actions, chance outcomes included.

A record is a JSON document (``shared/DESIGN.md``, Records). Loading checks the header's
shape here; each game replays the actions and names the first bad one.

>>> r = GameRecord(game="cribbage", seed=3, actions=["CUT 5H", "CUT 9C"])
>>> GameRecord.from_json(r.to_json()) == r
True
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from collections.abc import Callable
from typing import Any, BinaryIO, Final

try:
    import fcntl
except ImportError:  # pragma: no cover - not POSIX: the rename alone keeps files whole
    fcntl = None  # type: ignore[assignment]

from hoyle.errors import HoyleError, RecordError, RecordsFileError, short_repr
from hoyle.engine.laws import LawCode

__all__ = ["GameRecord", "FORMAT", "record_lines", "record_law_code", "open_record_file",
           "write_atomic", "write_bytes_atomic", "write_output", "new_file_mode", "check_flags", "check_count", "RecordClaim", "MAX_RECORD_BYTES",
           "MAX_ACTIONS",
           "MAX_DEPTH", "MAX_INT_DIGITS", "MAX_TEXT", "MAX_SEATS", "MAX_SEED"]

FORMAT = "hoyle-record/1"
"""The ``format`` field every record carries."""


@dataclass
class GameRecord:
    """A game record.

    Attributes:
        game: ``"cribbage"`` or ``"ecarte"``.
        variant: e.g. ``"six-card"``.
        laws: law profile, e.g. ``"ew"``.
        options: rule options that differ from the variant's defaults.
        seats: a name or player kind per seat, e.g. ``["human", "greedy"]``.
        seed: the seed every random choice of the game flows from (``None``: unseeded).
        date: ISO date the game started.
        result: the result once the game is over (game-specific dict), else ``None``.
        actions: the actions in order, as text (``"PLAY 5H"``).
    """

    game: str
    variant: str = ""
    laws: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)
    seed: int | None = None
    date: str = ""
    result: dict[str, Any] | None = None
    actions: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict (what :meth:`to_json` writes)."""
        return {"format": FORMAT, **asdict(self)}

    def to_json(self, indent: int | None = 1) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    def save(self, path: str | Path) -> None:
        """Write the record to ``path`` as JSON (UTF-8), atomically (:func:`write_atomic`):
        a reader, or a save that fails, never leaves less than the last good record.

        Raises:
            RecordError: the file cannot be written (the last good record, if any, is
                kept and no temporary file is left).
        """
        try:
            write_atomic(Path(path), self.to_json() + "\n")
        except OSError as e:
            why = e.strerror or str(e)
            raise RecordError(f"cannot write record {str(path)!r}: {why}") from None

    @staticmethod
    def from_json(text: str) -> GameRecord:
        """Read a record from JSON text, validated by the record schema before anything
        is built from it: at most :data:`MAX_RECORD_BYTES` of text, nesting at most
        :data:`MAX_DEPTH` deep, integers of at most :data:`MAX_INT_DIGITS` digits (no
        ``NaN`` or ``Infinity``), strings of at most :data:`MAX_TEXT` characters, at most
        :data:`MAX_ACTIONS` actions and :data:`MAX_SEATS` seats, and every field of its type
        (``options`` a flat object of numbers, booleans, strings and nulls, but
        ``law_params``: an object of the same).

        Raises:
            RecordError: not JSON, not a record, over a limit, or a field of the wrong type.
        """
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(f"a record is at most {MAX_RECORD_BYTES:,} bytes: this one is "
                              f"{len(text):,} characters")
        try:
            data = json.loads(text, parse_int=_parse_int, parse_constant=_no_constant)
        except RecordError:
            raise
        except RecursionError:
            raise RecordError(f"not a record: nested more than {MAX_DEPTH} deep") from None
        except (ValueError, UnicodeDecodeError) as e:  # JSONDecodeError is a ValueError
            raise RecordError(f"not a JSON record: {e}") from None
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        _check_depth(data)
        if data.get("format") != FORMAT:
            raise RecordError(f"unknown record format {short_repr(data.get('format'))} "
                              f"(expected {FORMAT!r})")
        checks: dict[str, tuple[type, ...]] = {
            "game": (str,), "variant": (str,), "laws": (str,), "options": (dict,),
            "seats": (list,), "seed": (int, type(None)), "date": (str,),
            "result": (dict, type(None)), "actions": (list,),
        }
        for key, types in checks.items():
            if key in data and (not isinstance(data[key], types) or isinstance(data[key], bool)):
                raise RecordError(f"field {key!r} has the wrong type")
        for key in ("game", "actions"):  # a record without its actions is not a record
            if key not in data:
                raise RecordError(f"field {key!r} is missing")
        for key in ("game", "variant", "laws", "date"):
            if len(data.get(key, "")) > MAX_TEXT:
                raise RecordError(f"field {key!r} is over {MAX_TEXT} characters")
        actions = data.get("actions", [])
        if len(actions) > MAX_ACTIONS:
            raise RecordError(f"a record holds at most {MAX_ACTIONS:,} actions, not "
                              f"{len(actions):,}")
        for i, a in enumerate(actions):
            if not isinstance(a, str):
                raise RecordError("an action must be a string", i, short_repr(a))
            if len(a) > MAX_TEXT:
                raise RecordError(f"an action is at most {MAX_TEXT} characters", i, a[:40])
        seats = data.get("seats", [])
        if len(seats) > MAX_SEATS or not all(isinstance(x, str) and len(x) <= MAX_TEXT
                                              for x in seats):
            raise RecordError(f"seats must be at most {MAX_SEATS} strings")
        seed = data.get("seed")
        if seed is not None and seed < 0:
            raise RecordError("the seed must be 0 or more")
        _check_options(data.get("options", {}))
        known = {k: data[k] for k in checks if k in data}
        return GameRecord(**known)

    @staticmethod
    def load(path: str | Path, line: int | None = None) -> GameRecord:
        """Read a record from a file: a JSON record, or with ``line`` the ``line``-th
        record (from 1; blank lines not counted) of a JSON Lines file, one record a line,
        as ``hoyle sim --out`` writes them (record ``n`` of a run from game 0 is game
        ``n - 1``). A file of one record is its record 1. The file is read with a cap:
        a record (a line of a JSON Lines file) of more than :data:`MAX_RECORD_BYTES` is
        refused before it is parsed, and a JSON Lines file is read line by line.

        Raises:
            RecordError: the file cannot be read, is not a regular file (a FIFO, a device,
                a folder: refused without waiting, :func:`open_record_file`) or is empty;
                ``line`` is below 1 or past the last record; the record is over a limit of
                the schema (:meth:`from_json`); or the text is not a valid record.
            RecordsFileError: without ``line``, the file holds several records, one a
                line (``count`` says how many).
        """
        name = repr(str(path))
        try:
            with open_record_file(path) as fh:
                head = fh.read(MAX_RECORD_BYTES + 1)
                if len(head) > MAX_RECORD_BYTES:
                    return _load_big(fh, head, name, line)
        except OSError as e:
            raise RecordError(f"cannot read record {name}: {e.strerror or e}") from None
        try:
            text = head.decode("utf-8-sig")
        except UnicodeDecodeError as e:
            raise RecordError(f"cannot read record {name}: {e}") from None
        if not text.strip():
            raise RecordError(f"{name} is empty")
        rows = [t for _, t in record_lines(text)]
        pretty = rows[0].strip() == "{"  # one record written over many lines (save)
        if line is not None and not pretty:
            if not 1 <= line <= len(rows):
                raise RecordError(f"{name} holds {_records(len(rows))}: no record {line}")
            try:
                return GameRecord.from_json(rows[line - 1])
            except RecordError as e:
                raise RecordError(f"record {line} of {name}: {e}") from None
        try:
            record = GameRecord.from_json(text)
        except RecordError as e:
            if len(rows) > 1 and not pretty and _is_object(rows[0]):
                raise RecordsFileError(f"{name} holds {_records(len(rows))}, one a line "
                                       "(JSON Lines), not one record", len(rows)) from None
            raise RecordError(f"{name}: {e}") from None
        if line is not None and line != 1:
            raise RecordError(f"{name} holds {_records(1)}: no record {line}")
        return record


MAX_RECORD_BYTES: Final = 1 << 20
"""The most bytes of one record (1 MiB; a game to 121 is some 3 KB)."""
MAX_FILE_BYTES: Final = 1 << 30
"""The most bytes of a JSON Lines file of records read by :meth:`GameRecord.load` (1 GiB)."""
MAX_ACTIONS: Final = 50_000
"""The most actions of one record (a game to 121 has some 150)."""
MAX_DEPTH: Final = 6
"""The deepest nesting of a record's JSON (the record object is depth 1)."""
MAX_INT_DIGITS: Final = 40
"""The most digits of an integer in a record: a web table's 128-bit seed has 39 (``hoyle
serve`` draws them with ``secrets``), a match's game seeds (``seed * 1,000,003 + i``) stay
below 10**30 for every seed the commands take (below :data:`MAX_SEED`)."""
MAX_SEED: Final = 10**20
"""The commands take seeds from 0 to ``MAX_SEED - 1``."""
MAX_TEXT: Final = 256
"""The most characters of one string of a record (an action, a seat, a header field)."""
MAX_SEATS: Final = 8
"""The most seats a record names."""
MAX_NODES: Final = MAX_ACTIONS + 10_000
"""The most values (objects, arrays, strings, numbers...) of one record."""


def _parse_int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_INT_DIGITS:
        raise RecordError(f"a number of {len(digits):,} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _no_constant(text: str) -> Any:
    raise RecordError(f"{text} is not a number a record may hold")


def _check_depth(data: Any) -> None:
    """The schema's depth and size limits, walked without recursion.

    Raises:
        RecordError: nested deeper than :data:`MAX_DEPTH`, more than :data:`MAX_NODES`
            values, or a string over :data:`MAX_TEXT` characters.
    """
    stack: list[tuple[Any, int]] = [(data, 1)]
    nodes = 0
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise RecordError(f"a record holds at most {MAX_NODES:,} values")
        if isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise RecordError(f"not a record: nested more than {MAX_DEPTH} deep")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str) and len(key) > MAX_TEXT:
                    raise RecordError(f"a key is over {MAX_TEXT} characters")
                stack.append((item, depth + 1))
        elif isinstance(value, str) and len(value) > MAX_TEXT:
            raise RecordError(f"a string is over {MAX_TEXT} characters")


_SCALARS: Final = (int, float, str, bool, type(None))


def _check_options(options: dict[str, Any]) -> None:
    """The options' shape: a flat object of scalars, but ``law_params`` an object of
    scalars (each game checks the values against its schema; :func:`check_flags`).

    Raises:
        RecordError: a value of another shape.
    """
    for key, value in options.items():
        if key == "law_params":
            if not isinstance(value, dict) or \
                    not all(isinstance(v, _SCALARS) for v in value.values()):
                raise RecordError("option 'law_params' must be an object of parameter values")
        elif not isinstance(value, _SCALARS):
            raise RecordError(f"option {short_repr(key)} must be a number, boolean, string or null")


def check_flags(options: dict[str, Any], *names: str) -> None:
    """Check the record's own switches (``manual_count``, ``referee``...) are booleans; the
    rules' options and the law parameters are checked by their schemas (each game's
    ``RULE_PARAMS``, the code's ``Param``).

    Raises:
        RecordError: a switch that is not ``true`` or ``false`` (named).
    """
    for name in names:
        if name in options and not isinstance(options[name], bool):
            raise RecordError(f"option {name!r} must be true or false, not "
                              f"{short_repr(options[name])}")


def check_count(options: dict[str, Any], *names: str) -> None:
    """Check the record's own counts (the person's ``undos``...) are whole numbers, 0 or
    more (a JSON integer: not a string, a boolean or a float such as ``1e9``).

    Raises:
        RecordError: a count that is not a whole number 0 or more (named).
    """
    for name in names:
        if name not in options:
            continue
        value = options[name]
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RecordError(f"option {name!r} must be a whole number 0 or more, not "
                              f"{short_repr(value)}")


def _load_big(fh: Any, head: bytes, name: str, line: int | None) -> GameRecord:
    """A file over :data:`MAX_RECORD_BYTES`: a JSON Lines file (its ``line``-th record,
    read line by line, each capped), else refused.

    Raises:
        RecordError: not a JSON Lines file of records, a line over the cap, or no such line.
        RecordsFileError: without ``line``, a JSON Lines file (how many records).
    """
    first = head.split(b"\n", 1)[0]
    if b"\n" not in head or not _is_object(first.decode("utf-8-sig", "replace")):
        raise RecordError(f"{name} is over {MAX_RECORD_BYTES:,} bytes: no record is so big")
    fh.seek(0)
    count, total = 0, 0
    while True:
        raw = fh.readline(MAX_RECORD_BYTES + 2)
        if not raw:
            break
        total += len(raw)
        if len(raw) > MAX_RECORD_BYTES + 1 or total > MAX_FILE_BYTES:
            raise RecordError(f"{name}: a line past record {count} is over "
                              f"{MAX_RECORD_BYTES:,} bytes, or the file over "
                              f"{MAX_FILE_BYTES:,}")
        if not raw.strip():
            continue
        count += 1
        if line is not None and count == line:
            try:
                return GameRecord.from_json(raw.decode("utf-8-sig"))
            except (RecordError, UnicodeDecodeError) as e:
                raise RecordError(f"record {line} of {name}: {e}") from None
    if line is None:
        raise RecordsFileError(f"{name} holds {_records(count)}, one a line (JSON Lines), "
                               "not one record", count)
    raise RecordError(f"{name} holds {_records(count)}: no record {line}")


def _file_kind(mode: int) -> str:
    """What a file that is not a regular file is, for a message (``st_mode``)."""
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def open_record_file(path: str | Path) -> BinaryIO:
    """Open the record file ``path`` for reading (binary), refusing anything but a regular
    file: reading a FIFO waits for a writer that may never come (its very opening does),
    and a device such as ``/dev/zero`` or ``/dev/stdin`` never ends or waits on the
    terminal. The name is checked before anything is opened (``stat``, which follows a
    symlink), then opened without waiting (``O_NONBLOCK``, no controlling terminal) and its
    descriptor checked again (``fstat``: the name may have been swapped in between).

    Raises:
        RecordError: the file cannot be opened, or is not a regular file (one line naming
            it and what it is).
    """
    name = repr(str(path))
    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        raise RecordError(f"cannot read record {name}: {e.strerror or e}") from None
    if not stat.S_ISREG(mode):
        raise RecordError(f"cannot read record {name}: it is {_file_kind(mode)}, not a "
                          "regular file")
    nonblock = getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, os.O_RDONLY | nonblock | getattr(os, "O_NOCTTY", 0))
    except OSError as e:
        raise RecordError(f"cannot read record {name}: {e.strerror or e}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise RecordError(f"cannot read record {name}: it is {_file_kind(mode)}, not a "
                              "regular file")
        if nonblock:
            os.set_blocking(fd, True)  # a regular file: as any other from here
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _same_file(fd: int, path: Path) -> bool:
    """Whether ``path`` still names the file open as ``fd`` (a sidecar lock file another
    process has not removed, or removed and made anew, since it was opened)."""
    try:
        named = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    held = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def _lock_name(name: str, suffix: str = ".lock") -> str:
    """The sidecar lock file's name for a target named ``name``: ``.NAME.lock`` (or
    ``suffix``), or for a name too long for that (NAME_MAX, 255 bytes) a shortened name and
    a digest of it."""
    lock = f".{name}{suffix}"
    if len(lock.encode("utf-8", "surrogateescape")) <= 255:
        return lock
    digest = hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return f".{name[:64]}-{digest}{suffix}"


class RecordClaim:
    """A game's claim on its record file for the whole session: a POSIX record lock
    (``lockf``) on the file's own claim file (``.NAME.claim``), held until :meth:`release`
    or the process ends, so a second process (another terminal resuming the same save) is
    refused at once instead of overwriting the first one's moves. The claim file is opened
    by nothing else: a ``lockf`` lock is dropped when the process closes *any* descriptor
    of its file, so it must not be the ``.NAME.lock`` that each write opens and closes
    (:func:`write_atomic`). :meth:`release` removes the claim file (under the lock); a
    process that opened it just before is not misled, as the file it locks must still be
    the one of that name, else it opens the name again.

    Raises:
        RecordError: another process holds the file (or its lock cannot be made).
    """

    def __init__(self, path: Path) -> None:
        self.fd: int | None = None
        self.path = path.parent / _lock_name(path.name, ".claim")
        if fcntl is None:  # pragma: no cover - no POSIX locks: no claim
            return
        while True:
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0),
                             0o600)
            except OSError as e:
                raise RecordError(f"cannot claim {str(path)!r}: {e.strerror or e}") from None
            try:
                fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                os.close(fd)
                raise RecordError(f"{str(path)!r} is open in another hoyle session: finish or "
                                  "quit that one first") from None
            if _same_file(fd, self.path):
                break
            os.close(fd)  # its holder removed it as it let go: claim the name anew
        self.fd = fd

    def release(self) -> None:
        """Give the file up and remove its claim file (idempotent; a claim file that cannot
        be removed is left, harmless)."""
        if self.fd is not None:
            fd, self.fd = self.fd, None
            try:
                if _same_file(fd, self.path):
                    with contextlib.suppress(OSError):
                        os.unlink(self.path)
            finally:
                os.close(fd)  # releases the lock, after the file is gone


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that the file always holds a whole text, the
    old or the new: under an exclusive ``flock`` on a sidecar lock file beside it (saves
    from several processes take turns), the text goes to a new temporary file of a unique
    name in the same folder (created with ``O_EXCL``, so a symlink planted there is never
    followed), is flushed and fsynced, then renamed over ``path`` (``os.replace``) and the
    folder fsynced. A name of up to 255 bytes (NAME_MAX) can be written. The lock file
    (``.NAME.lock``) is removed once the write is done, still under its lock; a writer
    waiting on it then finds the name gone (or made anew) and locks that name again.

    Raises:
        OSError: the write failed (e.g. ``ENOSPC``), or the lock file cannot be made (a
            symlink planted at its name is refused, not followed); ``path`` is as it was and
            the temporary file is removed.
    """
    folder = path.parent
    lock = folder / _lock_name(path.name)
    while True:
        lock_fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
        try:
            if fcntl is None:
                break
            fcntl.flock(lock_fd, fcntl.LOCK_EX)
            if _same_file(lock_fd, lock):
                break
        except BaseException:
            os.close(lock_fd)
            raise
        os.close(lock_fd)  # removed by the writer before us: lock the name anew
    try:
        write_bytes_atomic(path, text.encode("utf-8"))
    finally:
        with contextlib.suppress(OSError):
            os.unlink(lock)
        os.close(lock_fd)  # releases the lock


def write_bytes_atomic(path: Path, data: bytes, mode: int | None = None) -> None:
    """Write ``data`` to ``path`` so that the file is either as it was or whole: a new
    temporary file of a unique name in the same folder (``O_EXCL``), flushed and fsynced,
    renamed over ``path`` and the folder fsynced; no lock (one writer: a job's shard,
    :mod:`hoyle.sim.executors`; :func:`write_atomic` takes the lock for saves). The file's
    permissions are ``mode`` if given (set before the rename), else 0600 (``mkstemp``'s).

    Raises:
        OSError: the write failed (e.g. ``ENOSPC``); ``path`` is as it was and the
            temporary file is removed.
    """
    folder = path.parent
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name[:32]}.", suffix=".tmp")
    try:
        if mode is not None:
            os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # the rename itself made durable
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)



def write_output(path: Path, data: bytes) -> None:
    """Write ``data`` as a file a person named (a table's ``--out``), as ``open(path, "wb")``
    would but whole: a symbolic link's target is written, keeping its permissions (a new
    file's as the umask says), by :func:`write_bytes_atomic`; what is not a regular file (a
    device such as ``/dev/null``, a FIFO), or a file in a folder this process cannot write
    in, is written through, in place.

    Raises:
        OSError: the write failed; a regular file is as it was.
    """
    target = path.resolve()
    try:
        st: os.stat_result | None = target.stat()
    except FileNotFoundError:
        st = None
    if st is not None and (not stat.S_ISREG(st.st_mode)
                           or not os.access(target.parent, os.W_OK | os.X_OK)):
        with open(target, "wb") as fh:
            fh.write(data)
        return
    write_bytes_atomic(target, data, new_file_mode() if st is None else stat.S_IMODE(st.st_mode))


def new_file_mode() -> int:
    """The permissions ``open`` gives a new file here: 0666 less the umask."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def record_lines(text: str) -> list[tuple[int, str]]:
    """The lines of a JSON Lines text that are not blank, each with its line number (from
    1): one record a line, as ``hoyle sim --out`` writes them.

    >>> record_lines('{"a": 1}\\n\\n{"b": 2}\\n')
    [(1, '{"a": 1}'), (3, '{"b": 2}')]
    """
    return [(i + 1, t) for i, t in enumerate(text.splitlines()) if t.strip()]


def _records(n: int) -> str:
    return f"{n} record{'s' if n != 1 else ''}"


def _is_object(text: str) -> bool:
    """Whether ``text`` is a JSON object (one line of a JSON Lines file of records)."""
    try:
        return isinstance(json.loads(text, parse_int=_parse_int,
                                     parse_constant=_no_constant), dict)
    except (ValueError, RecursionError):
        return False


def record_law_code(record: GameRecord, options: dict[str, Any],
                    get_code: Callable[[str], LawCode]) -> LawCode | None:
    """The law code a record names, with the parameters its options changed (the
    ``law_params`` option is removed from ``options``).

    Raises:
        HoyleError: an unknown code or parameter.
    """
    law_params = options.pop("law_params", {})
    laws = get_code(record.laws) if record.laws else None
    if law_params:
        if laws is None:
            raise HoyleError("law_params without a law code (laws)")
        if not isinstance(law_params, dict):
            raise HoyleError("law_params must be an object")
        laws = laws.with_params(**law_params)
    return laws
