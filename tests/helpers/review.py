"""A game against the computer one decision from its end, for the tests of the review
offered when a game ends (line mode, the full-screen table): the whole game played by a
:class:`~hoyle.interface.play.PlayDriver` with the person's moves drawn from a seeded RNG,
then the record cut just before the person's last decision."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

from hoyle.engine.action import Action
from hoyle.interface.play import PlayDriver
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import get_game

CRIB = {"opponent": "expert", "laws": "ew", "muggins": False, "manual_count": False,
        "variant": "six-card"}


def new_driver(seed: int, values: dict[str, Any] | None = None,
               game: str = "cribbage") -> PlayDriver:
    spec = get_game(game)
    return PlayDriver(spec, spec.text().new_play(seed, values or CRIB), seed)


def near_end(seed: int, values: dict[str, Any] | None = None, game: str = "cribbage"
             ) -> tuple[GameRecord, str, GameRecord]:
    """``(record before the person's last decision, that decision as typed, the whole
    game's record)``."""
    d = new_driver(seed, values, game)
    pick = random.Random(seed)
    while not d.finished():
        if d.persons_turn():
            d.play(pick.choice(d.state.legal_actions()))
        else:
            d.step()
    full = d.record()
    last = d.undo_points()[-1]
    typed = d.text.typed(Action.parse(full.actions[last]))
    part = dataclasses.replace(full, actions=full.actions[:last], result=None)
    return part, typed, full


def driver_for(record: GameRecord, game: str = "cribbage") -> PlayDriver:
    """The game of ``record`` (unfinished), resumed as ``hoyle play --resume`` resumes it."""
    spec = get_game(game)
    return PlayDriver(spec, spec.text().resume_play(record, Path("resumed.json")),
                      record.seed or 0)
