"""The full-screen table's end screen and resizing (hoyle.tui.app.TableApp under Pilot):
the end screen drawn again and again (keys pressed, the show held then released, the
window resized) keeps one review button, and ``r`` opens the review each time; a window
made narrower then wider draws the board's streets of holes again at once."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.widgets import Button, Input, Static

from hoyle.interface.board import board_lines
from hoyle.tui.app import TableApp
from hoyle.tui.review import ReviewScreen

from helpers.review import CRIB, driver_for, near_end, new_driver

FIVE = {**CRIB, "variant": "five-card", "opponent": "random"}


def test_the_end_screen_drawn_again_then_r_opens_the_review(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # seed 31, five-card against the random player (the reviewer's game): the last
    # decision leads to the show held on screen, then the end screen
    monkeypatch.chdir(tmp_path)
    part, typed, _ = near_end(31, FIVE)
    d = driver_for(part)
    app = TableApp(d, lambda: d.record().save(Path("g.json")), "", "g.json")
    seen: list[type] = []

    async def go() -> None:
        async with app.run_test(size=(100, 35)) as pilot:
            await pilot.pause()
            app.query_one("#cmd", Input).value = typed
            await pilot.press("enter")
            await pilot.pause()
            assert d.finished()
            while app.holding:  # the show held: Enter goes on (the end screen drawn again)
                await pilot.press("enter")
                await pilot.pause()
            app.refresh_table()
            app.refresh_table()
            await pilot.resize_terminal(90, 30)
            await pilot.press("escape", "x", "backspace", "tab", "escape")
            await pilot.pause()
            assert len(app.query("#review")) == 1 and app.query_one("#review", Button)
            assert app.is_running
            for _ in range(2):  # r opens it, r (or Escape) goes back; again
                await pilot.press("r")
                await pilot.pause()
                seen.append(type(app.screen))
                await pilot.press("escape")
                await pilot.pause()
                seen.append(type(app.screen))
            app.query_one("#review", Button).press()  # the button opens it too
            await pilot.pause()
            seen.append(type(app.screen))
            await pilot.press("escape", "ctrl+q")

    asyncio.run(go())
    assert seen[0] is ReviewScreen and seen[2] is ReviewScreen and seen[4] is ReviewScreen
    assert seen[1] is not ReviewScreen and seen[3] is not ReviewScreen
    assert app.return_code == 0 and not app.quit_early


@pytest.mark.parametrize("narrow", [(70, 35), (40, 12)])
def test_a_window_narrower_then_wider_draws_the_streets_again(narrow: tuple[int, int]
                                                              ) -> None:
    d = new_driver(5)
    app = TableApp(d, lambda: None, "", "g.json")
    shown: list[str] = []

    async def go() -> None:
        async with app.run_test(size=(100, 35)) as pilot:
            await pilot.pause()
            for size in (narrow, (100, 35)):
                await pilot.resize_terminal(*size)
                await pilot.pause()
                shown.append(str(app.query_one("#board", Static).render()))
            await pilot.press("ctrl+q")

    asyncio.run(go())
    board = d.text.board(d.state, d.human, d.names)
    assert board is not None
    header = board_lines(board, streets=False)  # the target, the line, two score lines
    wide = board_lines(board, 98)
    assert len(header) == 3 and len(wide) == 7  # two streets of each of the two tracks
    assert shown[0].splitlines() == header     # too narrow for a street (76 characters)
    assert shown[1].splitlines() == wide       # wide again: every hole drawn at once
    assert "● ····· ·····" in shown[1]
