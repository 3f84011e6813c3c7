"""The full-screen table played by a test: a move drawn from the legal actions typed at each
of the person's turns (Enter to go on past a held show), until the game ends."""

from __future__ import annotations

import random
from collections.abc import Callable

from textual.widgets import Input

from hoyle.tui.app import TableApp


async def play_through(app: TableApp, seed: int,
                       at_end: Callable[[TableApp], None] | None = None) -> int:
    """Play ``app``'s game to its end as a person typing (each move what the game's text
    types for it, :meth:`GameText.typed`), then Ctrl+Q; ``at_end`` is called on the last
    screen. Returns the number of moves typed.

    Raises:
        AssertionError: a typed move was not taken (the game's words do not read back
            what they type: the app would wait for ever).
    """
    d = app.driver
    pick = random.Random(seed)
    typed = 0
    async with app.run_test(size=(110, 45)) as pilot:
        await pilot.pause()
        while not d.finished():
            if app.holding:
                await pilot.press("enter")
                continue
            assert d.persons_turn()
            move = pick.choice(d.state.legal_actions())
            before = d.state.action_count
            app.query_one("#cmd", Input).value = d.text.typed(move)
            await pilot.press("enter")
            assert d.state.action_count > before, f"the typed move {move} was not taken"
            typed += 1
        if at_end is not None:
            at_end(app)
        await pilot.press("ctrl+q")
    return typed
