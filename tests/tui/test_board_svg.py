"""SVG snapshots of the pegging board as the full-screen table draws it (a Textual app
showing :func:`hoyle.interface.board.board_lines`, exported by ``App.export_screenshot``) at
the positions of ``test_board.py`` (0, 60, 90, 120, 121), compared with the files in
``snapshots/``. The text in each SVG is also read back and checked against the board's
lines, which ``test_board.py`` works out by hand. ``HOYLE_UPDATE_SNAPSHOTS=1`` writes the
files again (look at them before committing: open one in a browser)."""

from __future__ import annotations

import asyncio
import html
import os
import re
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from hoyle.interface.text import Board, Track
from hoyle.interface.board import board_lines

SNAPSHOTS = Path(__file__).parent / "snapshots"
POSITIONS = {0: ((0, 0), (0, 0)), 60: ((60, 54), (0, 0)), 90: ((90, 61), (12, 7)),
             120: ((120, 91), (89, 80)), 121: ((121, 117), (88, 80))}


class BoardApp(App[None]):
    """The board alone, as the table's board pane shows it."""

    CSS = "Static { padding: 0 1; background: $boost; }"

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        yield Static("\n".join(self.lines), markup=False)


def svg_of(lines: list[str]) -> str:
    async def shoot() -> str:
        app = BoardApp(lines)
        async with app.run_test(size=(80, 8)) as pilot:
            await pilot.pause()
            return app.export_screenshot(title="hoyle board")
    return asyncio.run(shoot())


def svg_text(svg: str) -> list[str]:
    """The rows of text in a rich SVG (its <text> runs joined per line, trailing space
    off)."""
    rows: dict[str, list[str]] = {}
    for y, text in re.findall(r'<text [^>]*y="([0-9.]+)"[^>]*>([^<]*)</text>', svg):
        rows.setdefault(y, []).append(html.unescape(text).replace("\xa0", " "))
    return [("".join(parts)).rstrip() for _, parts in sorted(rows.items(),
                                                               key=lambda r: float(r[0]))]


@pytest.mark.parametrize("score", sorted(POSITIONS))
def test_board_svg_snapshot(score: int) -> None:
    you, bob = POSITIONS[score]
    lines = board_lines(Board((Track("You", *you), Track("Bob", *bob)), 121, ("skunk", 90)))
    svg = svg_of(lines)
    path = SNAPSHOTS / f"board-{score}.svg"
    if os.environ.get("HOYLE_UPDATE_SNAPSHOTS") == "1":
        path.write_text(svg, encoding="utf-8")
    assert [row.strip() for row in svg_text(svg) if row.strip() not in ("", "hoyle board")] == \
        [line.strip() for line in lines]
    assert svg == path.read_text(encoding="utf-8"), f"{path.name} differs: the board changed"
