"""Declared options: what a game asks of the person who starts one of its commands
(``hoyle play GAME --laws acc``), as data, so every interface builds its own form of them
(command-line options, a web form) without naming the game.

>>> o = Option("manual_count", bool, False, "Claim your own points (EW-ix, EW-x).")
>>> o.flag, o.cli_name
(True, '--manual-count')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Option"]


@dataclass(frozen=True)
class Option:
    """One option of a game's command.

    Attributes:
        name: the keyword the command's function receives (``"manual_count"``).
        type: ``bool`` (a flag, off by default), ``int``, ``str``, ``pathlib.Path`` or
            ``int | None`` style optional values (give ``default=None``).
        default: the value when the option is not given.
        help: one sentence for ``--help`` (cite the law or rule it comes from).
        choices: the allowed values, if a closed set (shown in the help; checked by the
            command itself so the error is hoyle's one line).
    """

    name: str
    type: Any
    default: Any
    help: str
    choices: tuple[str, ...] = ()

    @property
    def flag(self) -> bool:
        """Whether this is an on/off flag (``--muggins``)."""
        return self.type is bool

    @property
    def cli_name(self) -> str:
        """The command-line spelling, ``--manual-count``."""
        return "--" + self.name.replace("_", "-")
