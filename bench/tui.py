"""Full-screen table benchmarks (``python bench/tui.py``): prints figures, asserts nothing.

- the app's start to its first screen (Textual's headless Pilot, 80x24);
- a whole six-card game typed through the app: CPU time per typed move;
- ``undo`` late in a game (it replays the record; the first one allowed after 40 moves):
  CPU time;
- ``hint`` at a six-card lay-away (the discard table and the expert): CPU time.

Times are CPU seconds of this process (one core), so that other jobs on the machine do not
inflate them.
"""

from __future__ import annotations

import asyncio
import random
import time

from textual.widgets import Input

from hoyle.interface.play import PlayDriver
from hoyle.interface.registry import get_game
from hoyle.errors import UndoRefused
from hoyle.tui.app import TableApp

VALUES = {"variant": "six-card", "opponent": "expert", "laws": "ew", "muggins": False,
          "manual_count": False}


def driver(seed: int) -> PlayDriver:
    spec = get_game("cribbage")
    return PlayDriver(spec, spec.text().new_play(seed, VALUES), seed)


async def first_screen() -> float:
    t = time.process_time()
    app = TableApp(driver(1), lambda: None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        took = time.process_time() - t
        await pilot.press("ctrl+q")
    return took


async def whole_game(seed: int) -> tuple[int, float, float]:
    d = driver(seed)
    pick = random.Random(seed)
    app = TableApp(d, lambda: None)
    typed = 0
    t = time.process_time()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        while not d.finished():
            if app.holding:
                await pilot.press("enter")
                continue
            app.query_one("#cmd", Input).value = d.text.typed(pick.choice(
                d.state.legal_actions()))
            await pilot.press("enter")
            typed += 1
        took = time.process_time() - t
        await pilot.press("ctrl+q")
    return typed, took, float(len(d.state.history))


def undo_late(seed: int) -> tuple[int, float]:
    """After 40 of the person's moves, the first of his moves with no card turned before
    his next turn (undo is refused after one): the CPU time of that undo."""
    d = driver(seed)
    pick = random.Random(seed)
    moves = 0
    while not d.finished():
        if d.persons_turn():
            if moves >= 40:
                n = len(d.state.history)
                t = time.process_time()
                try:
                    d.undo()
                except UndoRefused:
                    pass
                else:
                    return n, time.process_time() - t
            d.play(pick.choice(d.state.legal_actions()))
            moves += 1
        else:
            d.step()
    raise RuntimeError("no undo allowed late in the game")


def hint_first(seed: int) -> float:
    d = driver(seed)
    while not d.persons_turn():
        d.step()
    t = time.process_time()
    d.hint()
    return time.process_time() - t


def main() -> None:
    print(f"first screen (80x24): {asyncio.run(first_screen()):.2f} s CPU")
    for seed in (11, 12):
        typed, took, actions = asyncio.run(whole_game(seed))
        print(f"six-card game, seed {seed}: {typed} moves typed, {actions:.0f} actions, "
              f"{took:.2f} s CPU, {1000 * took / typed:.0f} ms a typed move")
    n, took = undo_late(13)
    print(f"undo after {n} actions: {1000 * took:.1f} ms CPU")
    print(f"hint at the first lay-away: {1000 * hint_first(14):.2f} ms CPU")


if __name__ == "__main__":
    main()
