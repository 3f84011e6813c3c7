"""The full-screen table offers écarté's CLUB-24 window: after the person leads the king of
trumps without announcing it, he is asked before the computer plays to it (seed 1: the
person is the elder hand of the first deal and holds the king of trumps)."""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual.widgets import Input, Static

from hoyle.cards import Card, Rank
from hoyle.engine.action import Action
from hoyle.interface.play import PlayDriver
from hoyle.interface.registry import get_game
from hoyle.tui.app import TableApp


def _to_the_lead() -> tuple[PlayDriver, Card]:
    spec = get_game("ecarte")
    d = PlayDriver(spec, spec.text().new_play(1, {"opponent": "rules", "laws": "club"}), 1)
    while not d.persons_turn():
        d.step()
    d.play(Action("STAND"))
    while not d.persons_turn():
        d.step()
    turn_up = d.state.view(0).turn_up
    assert turn_up is not None
    return d, Card.of(Rank.KING, turn_up.suit)


def _lead_then(answer: str) -> tuple[PlayDriver, str, int]:
    d, king = _to_the_lead()

    async def run() -> tuple[str, int]:
        app = TableApp(d, lambda: None)
        async with app.run_test(size=(110, 45)) as pilot:
            await pilot.pause()
            box = app.query_one("#cmd", Input)
            box.value = str(king).lower()
            await pilot.press("enter")
            await pilot.pause()
            prompt = app.query_one("#prompt", Static).render()
            question = prompt.plain if isinstance(prompt, Text) else str(prompt)
            played = len(d.state.played)  # the computer has not played to it yet
            box.value = answer
            await pilot.press("enter")
            await pilot.pause()
            return question, played

    question, played = asyncio.run(run())
    return d, question, played


def test_CLUB_24_tui_asks_after_the_king_is_led_and_announces_it() -> None:
    d, question, played = _lead_then("king")
    assert "Announce it? (king or no)" in question and played == 1
    assert d.state.announced[0] and "KING 0" in [str(a) for a in d.state.history]


def test_CLUB_24_tui_window_declined_the_computer_plays_on() -> None:
    d, question, played = _lead_then("no")
    assert "CLUB-24" in question and played == 1
    assert not d.state.announced[0] and len(d.state.played) >= 2
    assert not any(a.verb == "KING" for a in d.state.history)
