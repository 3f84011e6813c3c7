"""Continuations: the flow a claim, a ruling, a decision or a rectification interrupted,
carried on once it is settled (``BaseState._continue``).

Each is a small frozen class; the framework has :class:`Resume` (back to the phase and the
seat to act before the interruption), each game adds its own (``hoyle.<game>.state``) and
its ``_continue`` dispatches on the class.

>>> Resume("play", 1)
Resume(phase='play', to_act=1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - mypy_extensions comes with mypy (the build's)
    from collections.abc import Callable

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[Any], Any]:  # type: ignore[misc]
        """Without mypyc the marker does nothing."""
        return lambda cls: cls

__all__ = ["Continuation", "Resume"]


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class Continuation:
    """What carries on once an interruption is settled (the base of every game's)."""


@mypyc_attr(allow_interpreted_subclasses=True)
@dataclass(frozen=True)
class Resume(Continuation):
    """Back to ``phase`` with ``to_act`` (a seat, or CHANCE) to act."""

    phase: str
    to_act: int
