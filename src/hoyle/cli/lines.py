"""Reading a line at the terminal's prompts: with line editing and a history (the arrow
keys recall earlier lines, kept in ``history`` in the data folder; if that file cannot be
opened, one warning line and the lines of this session only) through prompt_toolkit when
the input and output are an interactive terminal, else rich's plain ``input``.
``HOYLE_LINE_EDITING=0`` turns the editing off (the line is then read as from a pipe)."""

from __future__ import annotations

import os
import sys
from typing import Any

from rich.console import Console
from rich.markup import escape

__all__ = ["LineReader", "editing_wanted"]


def editing_wanted() -> bool:
    """Whether prompts get line editing: stdin and stdout are terminals, ``TERM`` can draw
    (not ``dumb``), and ``HOYLE_LINE_EDITING`` is not ``0``."""
    return (os.environ.get("HOYLE_LINE_EDITING", "1") != "0" and sys.stdin.isatty()
            and sys.stdout.isatty()
            and os.environ.get("TERM", "dumb") not in ("", "dumb", "unknown"))


class LineReader:
    """Reads the person's lines for a session.

    Args:
        console: where the prompt is drawn (its markup rendered for prompt_toolkit).
        editing: use line editing and history (default :func:`editing_wanted`).
    """

    def __init__(self, console: Console, editing: bool | None = None) -> None:
        self.console = console
        self.editing = editing_wanted() if editing is None else editing
        self._session: Any = None

    def _prompt_session(self) -> Any:
        if self._session is None:
            from prompt_toolkit import PromptSession
            from prompt_toolkit.history import FileHistory, InMemoryHistory

            from hoyle.cli.saves import data_dir
            from hoyle.errors import HoyleError
            history: Any
            try:
                path = data_dir() / "history"
                # prompt_toolkit reads and writes the file later, printing a traceback at
                # every prompt if it cannot (a folder of that name): tried once here
                with open(path, "ab"):
                    pass
                history = FileHistory(str(path))
            except (HoyleError, OSError) as e:
                self.console.print(f"[yellow]No history of your lines: "
                                   f"{escape(str(e))}[/yellow]", soft_wrap=True)
                history = InMemoryHistory()
            self._session = PromptSession(history=history)
        return self._session

    def input(self, prompt: str) -> str:
        """The line typed after ``prompt`` (rich markup), without its newline.

        Raises:
            EOFError: the end of input.
            KeyboardInterrupt: Ctrl-C.
        """
        if not self.editing:
            return self.console.input(prompt)
        from prompt_toolkit.formatted_text import ANSI

        with self.console.capture() as captured:
            self.console.print(prompt, end="")
        text: str = self._prompt_session().prompt(ANSI(captured.get()))
        return text
