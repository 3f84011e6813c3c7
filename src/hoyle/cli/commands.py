"""Commands built from declared options (:class:`hoyle.interface.options.Option`): one typer
command per game for a verb (``hoyle play cribbage``, ``hoyle play ecarte``), its options
read from the game's spec, so the command line names no game itself.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from hoyle.interface.options import Option

__all__ = ["add_command"]


def _path(text: str) -> Path:
    """A path option's value: refused if empty (an empty string is the current folder to
    ``Path``, where ``--shards ""`` once wrote a job's shards).

    Raises:
        typer.BadParameter: ``text`` is empty or only spaces.
    """
    if not text.strip():
        raise typer.BadParameter("a file or folder is needed (got an empty name)")
    return Path(text)


def _parameter(option: Option, argument: bool = False,
               names: Sequence[str] = ()) -> inspect.Parameter:
    """``option`` as a typer parameter: an argument if ``argument``; ``default=...`` makes
    it required; ``names``: its spellings (default ``option.cli_name``)."""
    decls = list(names) or ([option.cli_name] if option.flag else [])
    help_text = option.help
    if option.choices:
        help_text = f"{help_text} ({', '.join(option.choices)})"
    kind: Any = option.type
    if option.default is None and kind is not bool:
        kind = Optional[kind]  # noqa: UP007 - typer reads Optional
    # a path is read by _path (no empty name); typer's own conversion takes the rest
    read: dict[str, Any] = {"parser": _path, "metavar": "PATH"} if option.type is Path else {}
    info = (typer.Argument(help=help_text, **read) if argument else
            typer.Option(*decls, help=help_text, **read))
    default = inspect.Parameter.empty if option.default is ... else option.default
    return inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, default=default,
                             annotation=Annotated[kind, info])


def add_command(app: typer.Typer, name: str, help_text: str, options: Sequence[Option],
                run: Callable[..., None], context: bool = False,
                arguments: Sequence[Option] = (),
                names: Mapping[str, Sequence[str]] | None = None) -> None:
    """Add command ``name`` to ``app``: its positional ``arguments`` then its ``options``
    (an option's spellings from ``names``, by option name, if given there); calling it
    calls ``run(**values)`` (with the click context first as ``ctx`` when ``context``).
    An argument or option whose default is ``...`` is required."""
    spellings = names or {}
    params = [_parameter(a, argument=True) for a in arguments]
    params += [_parameter(o, names=spellings.get(o.name, ())) for o in options]
    if context:
        params.insert(0, inspect.Parameter("ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                           annotation=typer.Context))

    def command(**values: Any) -> None:
        run(**values)

    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__name__ = name.replace("-", "_")
    command.__doc__ = help_text
    app.command(name)(command)
