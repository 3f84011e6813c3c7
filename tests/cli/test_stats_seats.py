"""The person's statistics (``hoyle stats --mine``) for games of three and four players:
a four-hand game is won when the person's side wins (partners opposite, CRIB-R-12), his
deals as dealer follow the deal's rotation (CRIB-R-3), and each variant is shown apart."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.cli.stats import StatsStore
from hoyle.cribbage.match import play_game
from hoyle.cribbage.players import RandomPlayer
from hoyle.cribbage.records import replay_record
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import GameResult
from hoyle.engine.records import GameRecord
from hoyle.interface.text import HUMAN


def finished(variant: str, seed: int, me: int) -> tuple[GameRecord, list[str], GameResult]:
    rules = CribbageRules.for_variant(variant)
    players = [RandomPlayer() for _ in range(rules.players)]
    state = play_game(players, seed=seed, rules=rules)
    seats = ["random"] * rules.players
    seats[me] = HUMAN
    assert state.result is not None
    return state.to_record(seats=seats), seats, state.result


@pytest.mark.parametrize("variant,seed,me", [("four-hand", 5, 1), ("four-hand", 8, 2),
                                             ("three-hand", 3, 0), ("three-hand", 9, 2)])
def test_games_of_three_and_four_count(variant: str, seed: int, me: int) -> None:
    record, seats, result = finished(variant, seed, me)
    store = StatsStore()
    assert store.add(record, f"{variant}-{seed}.json")
    assert not store.add(record, f"{variant}-{seed}.json")
    (mine,) = store.totals()
    store.close()
    sides = 2 if variant == "four-hand" else 3
    assert (mine.game, mine.variant, mine.games) == ("cribbage", variant, 1)
    assert mine.wins == int(result.winner == me % sides)
    # The deal passes to the left each deal (CRIB-R-3): the person dealt the complete
    # deals k with (first dealer + k) % players == his seat.
    _, events = replay_record(record)
    dealers = [e.seat for e in events if e.kind == "starter"]  # the dealer turns it up
    complete = sum(1 for e in events if e.kind == "new_deal" and e.source == "CRIB-R-3")
    n = len(seats)
    first = dealers[0]
    assert all(d == (first + k) % n for k, d in enumerate(dealers))
    assert mine.deals["dealer"] == sum(1 for k in range(complete) if (first + k) % n == me)
    assert mine.deals["dealer"] + mine.deals["pone"] == complete
    # His points are his seat's alone: never more than his side's final score.
    assert 0 < sum(mine.points.values()) <= result.scores[me % sides]


def test_each_variant_is_shown_apart() -> None:
    store = StatsStore()
    for variant, seed in (("four-hand", 5), ("three-hand", 3), ("six-card", 4)):
        record, _, _ = finished(variant, seed, 0)
        assert store.add(record, f"{variant}.json")
    store.close()
    out = CliRunner().invoke(app, ["stats", "--mine"], env={"COLUMNS": "100"}).output
    for variant in ("four-hand", "three-hand", "six-card"):
        assert f"Your cribbage ({variant})" in out
    assert len(re.findall(r"│ games\s+│\s+1 │", out)) == 3
