"""The review screen of the full-screen table: at the end of a game with a review
(:meth:`hoyle.interface.play.PlayDriver.can_review`), ``r`` on the end screen shows the person's
decisions reviewed, the same tables and lines as ``hoyle review FILE --seat N``
(:func:`hoyle.interface.review.review_blocks`), in a pane that scrolls (the arrow keys, Page
Up/Down); Escape, ``q`` or ``r`` go back to the table. Nothing here names a game."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from hoyle.interface.text import Block, TextTable

__all__ = ["ReviewScreen", "renderables"]


def _table(table: TextTable) -> Table:
    t = Table(title=table.title, show_header=table.header) if table.boxed else \
        Table(title=table.title, show_header=table.header, box=None, pad_edge=False)
    for i, heading in enumerate(table.columns):
        justify: Any = table.justify[i] if table.justify else "left"
        t.add_column(heading, justify=justify)
    for row in table.rows:
        t.add_row(*(Text.from_markup(cell) for cell in row))
    return t


def renderables(blocks: Sequence[Block]) -> list[RenderableType]:
    """Lines (markup) and tables as rich renderables, in order."""
    return [Text.from_markup(b) if isinstance(b, str) else _table(b) for b in blocks]


class ReviewScreen(Screen[None]):
    """The review of the person's decisions.

    Args:
        blocks: what ``hoyle review`` shows (tables and lines).
        later: the command that prints it again (``hoyle review PATH --seat N``).
    """

    CSS = """
    #review { height: 1fr; padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "close", "Back to the table"),
                Binding("q", "close", "Back", show=False),
                Binding("r", "close", "Back", show=False)]

    def __init__(self, blocks: Sequence[Block], later: str) -> None:
        super().__init__()
        self.blocks = list(blocks)
        self.later = later

    def content(self) -> Group:
        """The pane's content: the review, then the command that gives it later."""
        return Group(*renderables(self.blocks),
                     Text(f"Later: {self.later}", style="dim"))

    def text(self, width: int = 100) -> str:
        """The pane's content as plain text at ``width`` columns."""
        console = Console(width=width, record=True, file=io.StringIO(), color_system=None)
        console.print(self.content())
        return console.export_text()

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="review"):
            yield Static(self.content(), id="review-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#review", VerticalScroll).focus()

    def action_close(self) -> None:
        """Back to the table."""
        self.app.pop_screen()

