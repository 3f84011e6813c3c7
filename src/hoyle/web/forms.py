"""The lobby's forms as pydantic models (FastAPI's own validation library), with the error
lines the lobby has always given.

A form (``POST /tables``, ``POST /referee``) is read by :func:`read_table_form`: its shape
by :class:`LobbyForm` (``game``, the seats ``seat0``, ``seat1``, … in order, the referee's
``names``, and every ``opt_NAME`` field), then its options by a model made for the game's
own options (:func:`options_model`): a flag is on when its field is present, a number is a
whole number of at most 9 digits, the match length first to 1 to
:data:`~hoyle.engine.series.MAX_MATCH` games, a word is passed on as typed (the game's own
check names the values it takes). Any other field is ignored, but an ``opt_`` field the
game has no option for is refused.

>>> from hoyle.interface.options import Option
>>> opts = [Option("target", int, None, "Points."), Option("muggins", bool, False, "ACC-10.")]
>>> form = read_table_form({"game": "cribbage", "seat0": "person", "seat1": "expert",
...                         "opt_target": " 61 ", "opt_muggins": "on"})
>>> form.game, form.seats
('cribbage', ['person', 'expert'])
>>> read_options(form, opts, "cribbage")
{'target': 61, 'muggins': True}
>>> read_options(read_table_form({"opt_target": "6l"}), opts, "cribbage")
Traceback (most recent call last):
...
hoyle.web.tables.WebError: target must be a whole number, not '6l'
>>> read_options(read_table_form({"opt_pegs": "3"}), opts, "cribbage")
Traceback (most recent call last):
...
hoyle.web.tables.WebError: cribbage has no option 'pegs'
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from urllib.parse import parse_qs
from functools import lru_cache
from typing import Annotated, Any

from fastapi import Request
from pydantic import (BaseModel, BeforeValidator, ConfigDict, ValidationError, create_model,
                      model_validator)

from hoyle.engine.series import MAX_MATCH
from hoyle.errors import short_repr
from hoyle.interface.options import Option
from hoyle.web.tables import MATCH, WebError, check_match

__all__ = ["BODY_TIMEOUT", "FormTooLarge", "LobbyForm", "MAX_FORM", "options_model",
           "read_fields", "read_options", "read_table_form"]

QUICK_SEATS = 4
"""The seats a quick form fills (the first a person's; the variant says how many are used)."""

MAX_DIGITS = 9
"""The most digits a number of a form may have (a larger one is out of range)."""


class LobbyForm(BaseModel):
    """A lobby form's fields, by what they are for.

    Attributes:
        game: the game's name (``""``: none given; the registry refuses it).
        seats: each seat's kind in order (``seat0``, ``seat1``, … up to the first missing):
            ``person`` or a computer player's name.
        names: the referee's player names, comma-separated.
        options: each ``opt_NAME`` field by ``NAME``, as typed.
        open: whether anyone in the lobby may take the table's free seats (the ``open``
            box ticked); else only who has the invite link's secret.
        name: the display name the person making the table (or taking a seat) gave.
        opponent: the lobby's "Play the computer": every seat but the first is this
            computer player (the seats' fields are not read).
        friends: the lobby's "Play a friend": every seat is a person's.
    """

    model_config = ConfigDict(frozen=True)
    game: str = ""
    seats: list[str] = []
    names: str = ""
    options: dict[str, str] = {}
    open: bool = False
    name: str = ""
    opponent: str = ""
    friends: bool = False

    @model_validator(mode="before")
    @classmethod
    def _gather(cls, data: Any) -> Any:
        if not isinstance(data, Mapping) or "options" in data:
            return data
        seats: list[Any] = []
        while f"seat{len(seats)}" in data:
            seats.append(data[f"seat{len(seats)}"])
        opponent, friends = data.get("opponent", ""), data.get("quick") == "friend"
        if opponent or friends:  # the quick forms: the most seats a variant has
            seats = ["person"] + [opponent if opponent else "person"] * (QUICK_SEATS - 1)
        return {"game": data.get("game", ""), "names": data.get("names", ""), "seats": seats,
                "name": data.get("name", ""), "opponent": opponent, "friends": friends,
                "options": {k[4:]: v for k, v in data.items() if k.startswith("opt_")},
                "open": "open" in data}


def read_table_form(fields: Mapping[str, str]) -> LobbyForm:
    """The lobby form whose fields (the last of each name) are ``fields``.

    Raises:
        WebError: a seat is given after one left out (``seat0`` and ``seat2``, no
            ``seat1``).
    """
    form = LobbyForm.model_validate(fields)
    n = len(form.seats)
    later = sorted(int(k[4:]) for k in fields
                   if k.startswith("seat") and k[4:].isascii() and k[4:].isdigit())
    if later and later[-1] >= n:
        raise WebError(f"the form gives seat{later[-1]} but not seat{n}: the seats are "
                       "given in order, from seat0")
    return form


def _whole_number(name: str) -> Any:
    def check(text: object) -> int | None:
        if text is None or text == "":
            return None
        t = str(text).strip()
        words = f"a match is first to 1 to {MAX_MATCH} games, not {short_repr(text)}"
        if not (t.isascii() and t.isdigit()):
            raise ValueError(words if name == MATCH else
                             f"{name.replace('_', ' ')} must be a whole number, not "
                             f"{short_repr(text)}")
        if len(t) > MAX_DIGITS or name == MATCH and not 1 <= int(t) <= MAX_MATCH:
            raise ValueError(words if name == MATCH else
                             f"{name.replace('_', ' ')} is out of range, not "
                             f"{short_repr(text)}")
        return int(t)
    return BeforeValidator(check)


def _text(text: object) -> object:
    return None if text == "" else text  # a blank field is not given


ON = frozenset({"", "on", "true", "yes", "1"})
"""A flag's field that turns it on (an HTML checkbox sends ``on``, and only when ticked)."""
OFF = frozenset({"off", "false", "no", "0"})


def _flag(name: str) -> Any:
    def check(text: object) -> bool:
        if text is None:
            return False
        word = str(text).strip().lower()
        if word in ON or word in OFF:
            return word in ON
        raise ValueError(f"{name.replace('_', ' ')} is on or off, not {short_repr(text)}")
    return BeforeValidator(check)


@lru_cache(maxsize=64)
def _model(title: str, options: tuple[tuple[str, str], ...]) -> type[BaseModel]:
    fields: dict[str, Any] = {}
    for name, kind in options:
        if kind == "flag":
            fields[name] = (Annotated[bool, _flag(name)], False)
        elif kind == "int":
            fields[name] = (Annotated[int | None, _whole_number(name)], None)
        else:
            fields[name] = (Annotated[str | None, BeforeValidator(_text)], None)
    return create_model(f"Options of {title}", __config__=ConfigDict(extra="forbid"),
                        **fields)


def options_model(options: Sequence[Option], title: str) -> type[BaseModel]:
    """The model of the options a lobby form may set for the game ``title``: one field
    per option, ``None`` when not given (a flag: ``False``); an unknown field is refused."""
    return _model(title, tuple((o.name, "flag" if o.flag else "int" if o.type is int
                                else "text") for o in options))


def read_options(form: LobbyForm, options: Sequence[Option], title: str) -> dict[str, Any]:
    """The options ``form`` chose for the game ``title``: each flag (on or off) and each
    option given (a blank field is not given).

    Raises:
        WebError: a field names no option of the game (a match length for a game without
            match play), a number is not a whole number or is out of range, or the match is
            not first to 1 to :data:`~hoyle.engine.series.MAX_MATCH` games.
    """
    try:
        model = options_model(options, title).model_validate(form.options)
    except ValidationError as e:
        errors = e.errors()
        err = next((x for x in errors if x["type"] == "extra_forbidden"), errors[0])
        if err["type"] == "extra_forbidden":
            name = str(err["loc"][0])
            what = " (it has no match play)" if name == MATCH else ""
            raise WebError(f"{title} has no option {short_repr(name)}{what}") from None
        cause = err.get("ctx", {}).get("error")
        raise WebError(str(cause) if cause is not None else err["msg"]) from None
    values = {k: v for k, v in model.model_dump().items() if v is not None}
    if values.get(MATCH) is not None:
        check_match(values[MATCH])
    return values


MAX_FORM = 16 * 1024
"""The largest form body taken, in bytes (16 KiB, as a socket message)."""
BODY_TIMEOUT = 10.0
"""Seconds a form's body may take to arrive (a client trickling it is refused)."""


class FormTooLarge(WebError):
    """A form's body over :data:`MAX_FORM` bytes: refused whole (413), never cut short."""


async def read_fields(request: Request) -> dict[str, str]:
    """A form's fields (the last of each name), its body read at most
    :data:`MAX_FORM` bytes (16 KiB) far: a ``Content-Length`` over it is refused before
    any of the body is read, and a streamed body is no longer read once past it.

    Raises:
        FormTooLarge: the body is (or says it is) over 16 KiB.
        WebError: the body is not a URL-encoded form (a multipart one, JSON), or it, or a
            field %-escaped in it, is not UTF-8, or it took over :data:`BODY_TIMEOUT` s.
    """
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind not in ("", "application/x-www-form-urlencoded"):
        raise WebError(f"a form is sent as application/x-www-form-urlencoded, as the lobby's "
                       f"own forms are, not as {short_repr(kind)}: nothing was made")
    too_large = FormTooLarge(f"a form is at most {MAX_FORM} bytes (16 KiB): this one is "
                             "larger, and nothing was made")
    length = request.headers.get("content-length")
    if length is not None and (not (length.isascii() and length.isdigit())
                               or len(length) > 12 or int(length) > MAX_FORM):
        raise too_large
    body = bytearray()
    try:
        async with asyncio.timeout(BODY_TIMEOUT):
            async for chunk in request.stream():
                body += chunk
                if len(body) > MAX_FORM:
                    raise too_large
    except TimeoutError:
        raise WebError(f"a form's body arrived too slowly (over {BODY_TIMEOUT:g} s): nothing "
                       "was made") from None
    try:  # the body, and each %-escaped field in it, must be UTF-8
        fields = parse_qs(bytes(body).decode("utf-8"), keep_blank_values=True,
                          errors="strict")
    except UnicodeDecodeError:
        raise WebError("a form is UTF-8 text: this one is not, and nothing was made") from None
    return {k: v[-1] for k, v in fields.items()}
