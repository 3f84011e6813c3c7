"""Game records: a header and the ordered list of actions, chance outcomes included.

A record is a JSON document (``shared/DESIGN.md``, Records). Loading checks the header's
shape here; each game replays the actions and names the first bad one.

>>> r = GameRecord(game="cribbage", seed=3, actions=["CUT 5H", "CUT 9C"])
>>> GameRecord.from_json(r.to_json()) == r
True
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from collections.abc import Callable
from typing import Any, Protocol

from hoyle.errors import HoyleError, RecordError, RecordsFileError
from hoyle.engine.action import Action
from hoyle.engine.event import Event
from hoyle.engine.laws import LawCode

__all__ = ["GameRecord", "FORMAT", "record_lines", "replay_actions", "record_law_code"]

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
        """Write the record to ``path`` as JSON (UTF-8), atomically: a file of the same
        name beside it is written first and then renamed over it.

        Raises:
            RecordError: the file cannot be written.
        """
        target = Path(path)
        tmp = target.with_name(target.name + ".tmp")
        try:
            tmp.write_text(self.to_json() + "\n", encoding="utf-8")
            os.replace(tmp, target)
        except OSError as e:
            raise RecordError(f"cannot write record {str(target)!r}: {e}") from None

    @staticmethod
    def from_json(text: str) -> GameRecord:
        """Read a record from JSON text.

        Raises:
            RecordError: not JSON, not a record, or a field of the wrong type.
        """
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise RecordError(f"not a JSON record: {e}") from None
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"unknown record format {data.get('format')!r} (expected {FORMAT!r})")
        checks: dict[str, tuple[type, ...]] = {
            "game": (str,), "variant": (str,), "laws": (str,), "options": (dict,),
            "seats": (list,), "seed": (int, type(None)), "date": (str,),
            "result": (dict, type(None)), "actions": (list,),
        }
        for key, types in checks.items():
            if key in data and (not isinstance(data[key], types) or isinstance(data[key], bool)):
                raise RecordError(f"field {key!r} has the wrong type")
        if "game" not in data:
            raise RecordError("field 'game' is missing")
        for i, a in enumerate(data.get("actions", [])):
            if not isinstance(a, str):
                raise RecordError("an action must be a string", i, repr(a))
        if not all(isinstance(s, str) for s in data.get("seats", [])):
            raise RecordError("seats must be strings")
        known = {k: data[k] for k in checks if k in data}
        return GameRecord(**known)

    @staticmethod
    def load(path: str | Path, line: int | None = None) -> GameRecord:
        """Read a record from a file: a JSON record, or with ``line`` the ``line``-th
        record (from 1; blank lines not counted) of a JSON Lines file, one record a line,
        as ``hoyle sim --out`` writes them (record ``n`` of a run from game 0 is game
        ``n - 1``). A file of one record is its record 1.

        Raises:
            RecordError: the file cannot be read or is empty; ``line`` is below 1 or past
                the last record; or the text is not a valid record.
            RecordsFileError: without ``line``, the file holds several records, one a
                line (``count`` says how many).
        """
        name = repr(str(path))
        try:
            text = Path(path).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as e:
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
        return isinstance(json.loads(text), dict)
    except ValueError:
        return False


class _Replayable(Protocol):
    @property
    def result(self) -> Any: ...

    def apply(self, action: Action) -> list[Event]: ...


def replay_actions(state: _Replayable, record: GameRecord) -> list[Event]:
    """Apply the record's actions to ``state`` (a new game built from its header) and
    return every event; check the stored result against the replay.

    Raises:
        RecordError: an action cannot be read or is illegal where it stands (the error
            names the first such action), or the stored result disagrees with the replay.
    """
    events: list[Event] = []
    for i, text in enumerate(record.actions):
        try:
            events.extend(state.apply(Action.parse(text)))
        except (HoyleError, ValueError) as e:
            raise RecordError(str(e), i, text) from None
    if record.result is not None:
        mine = state.result.to_dict() if state.result else None
        if mine != record.result:
            raise RecordError("the recorded result does not match the replayed game")
    return events


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
