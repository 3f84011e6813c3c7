"""Commands built from declared options (:class:`hoyle.engine.options.Option`): one typer
command per game for a verb (``hoyle play cribbage``, ``hoyle play ecarte``), its options
read from the game's spec, so the command line names no game itself.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Annotated, Any, Optional

import typer

from hoyle.engine.options import Option

__all__ = ["add_command"]


def _parameter(option: Option) -> inspect.Parameter:
    decls = [option.cli_name] if option.flag else []
    help_text = option.help
    if option.choices:
        help_text = f"{help_text} ({', '.join(option.choices)})"
    kind: Any = option.type
    if option.default is None and kind is not bool:
        kind = Optional[kind]  # noqa: UP007 - typer reads Optional
    return inspect.Parameter(option.name, inspect.Parameter.KEYWORD_ONLY, default=option.default,
                             annotation=Annotated[kind, typer.Option(*decls, help=help_text)])


def add_command(app: typer.Typer, name: str, help_text: str, options: Sequence[Option],
                run: Callable[..., None], context: bool = False) -> None:
    """Add command ``name`` to ``app``: its options are ``options``; calling it calls
    ``run(**values)`` (with the click context first as ``ctx`` when ``context``)."""
    params = [_parameter(o) for o in options]
    if context:
        params.insert(0, inspect.Parameter("ctx", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                           annotation=typer.Context))

    def command(**values: Any) -> None:
        run(**values)

    command.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    command.__name__ = name.replace("-", "_")
    command.__doc__ = help_text
    app.command(name)(command)
