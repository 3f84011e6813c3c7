"""The review on the full-screen table's end screen (hoyle.tui.review): a game played to
its end through the app, then ``r`` shows the person's decisions reviewed, the lines
``hoyle review FILE --seat 0`` prints of the saved record, in a pane that scrolls;
Escape goes back. A game without a review has no key, no button and no word of it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Button, Input, Static
from typer.testing import CliRunner

from hoyle.cli.main import app as cli
from hoyle.tui.app import TableApp
from hoyle.tui.review import ReviewScreen

from helpers.review import CRIB, driver_for, near_end


def test_r_on_the_end_screen_shows_the_review(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    part, typed, full = near_end(3)
    d = driver_for(part)
    app = TableApp(d, lambda: d.record().save(Path("g.json")), "", "g.json")
    seen: dict[str, object] = {}

    async def go() -> None:
        async with app.run_test(size=(110, 45)) as pilot:
            await pilot.pause()
            assert d.persons_turn() and not app.query("#review")
            app.query_one("#cmd", Input).value = typed
            await pilot.press("enter")  # the last decision: the computer plays to the end
            await pilot.pause()
            assert d.finished()
            prompt = str(app.query_one("#prompt", Static).render())
            seen["prompt"] = " ".join(prompt.split())
            assert app.query_one("#review", Button)
            await pilot.press("r")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            seen["text"] = screen.text(width=200)
            pane = screen.query_one("#review", VerticalScroll)
            assert pane.has_focus and pane.max_scroll_y > 0  # longer than the screen
            await pilot.press("pagedown")
            await pilot.pause()
            assert pane.scroll_y > 0
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, ReviewScreen)
            await pilot.press("ctrl+q")

    asyncio.run(go())
    assert "Press r for the review of your decisions (later: hoyle review g.json --seat 0)" \
        in str(seen["prompt"])
    shown = [ln.rstrip() for ln in str(seen["text"]).splitlines()]
    out = CliRunner().invoke(cli, ["review", "g.json", "--seat", "0"],
                             env={"NO_COLOR": "1", "COLUMNS": "200"})
    assert out.exit_code == 0, out.output
    expected = [ln.rstrip() for ln in out.output.splitlines()]
    assert shown == [*expected, "Later: hoyle review g.json --seat 0"]
    assert any(ln.startswith("You: ") and " points and " in ln for ln in shown)
    assert not any("review" in ln for ln in app.log_lines)  # the log keeps the game's lines


def test_no_review_key_for_a_game_without_one() -> None:
    part, typed, full = near_end(4, {**CRIB, "variant": "three-hand", "opponent": "greedy"})
    d = driver_for(part)
    app = TableApp(d, lambda: None, "", "t.json")

    async def go() -> None:
        async with app.run_test(size=(110, 45)) as pilot:
            await pilot.pause()
            app.query_one("#cmd", Input).value = typed
            await pilot.press("enter")
            await pilot.pause()
            assert d.finished()
            assert "review" not in str(app.query_one("#prompt", Static).render()).lower()
            assert not app.query("#review")
            await pilot.press("escape", "r")
            await pilot.pause()
            assert not isinstance(app.screen, ReviewScreen)
            await pilot.press("ctrl+q")

    asyncio.run(go())
