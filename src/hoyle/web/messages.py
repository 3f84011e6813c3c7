"""The messages a table's socket takes, as pydantic models (FastAPI's own validation
library): ``{"type": "sync", "seq": N}`` and ``{"type": "move", "seq": N, "text": ...}`` or
``"action": ...``, each optionally naming its ``"seat"``, and ``{"type": "rename", "name":
...}`` (a seat's display name, before the game starts). Anything else is one error line;
extra fields are ignored.

>>> read_message('{"type": "sync", "seq": 3}')
SyncMessage(type='sync', seq=3, seat=None)
>>> read_message('{"type": "move", "seq": true, "action": "GO"}')
Traceback (most recent call last):
...
hoyle.web.messages.MalformedMessage: malformed message: expected {"type": "sync"|"move", "seq": N, ...} or {"type": "rename", "name": TEXT}
>>> read_message('{"type": "rename", "name": "Ann"}')
RenameMessage(type='rename', name='Ann', seat=None)
>>> read_message('{"type": "sync", "seq"')
Traceback (most recent call last):
...
hoyle.web.messages.MalformedMessage: malformed message: not JSON
"""

from __future__ import annotations

import json
from typing import Annotated, Literal

from pydantic import (BaseModel, ConfigDict, Field, StrictInt, StrictStr, TypeAdapter,
                      ValidationError)

from hoyle.errors import HoyleError

__all__ = ["Message", "MoveMessage", "MalformedMessage", "RenameMessage", "SyncMessage",
           "read_message"]

SHAPE = ('malformed message: expected {"type": "sync"|"move", "seq": N, ...} or '
         '{"type": "rename", "name": TEXT}')
"""The error line of a message of the wrong shape."""


class MalformedMessage(HoyleError):
    """A socket message that is not JSON or not of a message's shape (one error frame)."""


class SyncMessage(BaseModel):
    """Send me everything after action ``seq`` (0: from the start)."""

    model_config = ConfigDict(extra="ignore", frozen=True)
    type: Literal["sync"]
    seq: StrictInt
    seat: object = None


class MoveMessage(BaseModel):
    """A move at the table as it stands at action ``seq``: ``text`` as a person types it, or
    ``action`` in the record's form (``PLAY 5H``). Either may be absent or of another type
    here: the table says which it needs (``a move needs "text" ... or "action"``). A
    ``seat``, where given, must be the socket's own (checked at the table)."""

    model_config = ConfigDict(extra="ignore", frozen=True)
    type: Literal["move"]
    seq: StrictInt
    seat: object = None
    text: object = None
    action: object = None


class RenameMessage(BaseModel):
    """The seat's display name changed to ``name`` (before the game starts; checked at the
    table as a name given at the seat is)."""

    model_config = ConfigDict(extra="ignore", frozen=True)
    type: Literal["rename"]
    name: StrictStr
    seat: object = None


Message = Annotated[SyncMessage | MoveMessage | RenameMessage, Field(discriminator="type")]
_MESSAGE: TypeAdapter[SyncMessage | MoveMessage | RenameMessage] = TypeAdapter(Message)


def read_message(text: str) -> SyncMessage | MoveMessage | RenameMessage:
    """The message ``text`` stands for.

    Raises:
        MalformedMessage: not JSON (``malformed message: not JSON``), or not of a message's
            shape (:data:`SHAPE`: no ``type`` of ``sync``, ``move`` or ``rename``, a ``seq``
            that is not a whole number (``true`` is not one), or a ``name`` not text).
    """
    try:
        return _MESSAGE.validate_json(text)
    except ValidationError as e:
        if any(err["type"] == "json_invalid" for err in e.errors()):
            raise MalformedMessage(_why_not_json(text)) from None
        raise MalformedMessage(SHAPE) from None


def _why_not_json(text: str) -> str:
    """The error line of a message the JSON reader refused: JSON text with a value no
    message may hold (a lone surrogate, a number of thousands of digits) is said so."""
    try:
        json.loads(text)
    except ValueError as e:
        if "digits" not in str(e):
            return "malformed message: not JSON"
    except RecursionError:
        return "malformed message: not JSON"
    return "malformed message: a value out of range (a lone surrogate or a number too long)"
