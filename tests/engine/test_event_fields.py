"""Each field of an :class:`~hoyle.engine.event.Event` means one thing (issue 26, item 5):
``count`` is the play's running count (pips), ``n_cards`` how many cards an event concerns,
``tricks`` the seat's tricks so far, ``proposals`` the proposals made so far in the deal.
Checked over whole random games of both games, against values worked out here from the
events themselves."""

from __future__ import annotations

from typing import Any

import pytest

from hoyle.cribbage.match import play_game
from hoyle.cribbage.players import RandomPlayer
from hoyle.cribbage.rules import CribbageRules
from hoyle.ecarte.players import RandomPlayer as EcarteRandom
from hoyle.ecarte.state import EcarteState
from hoyle.engine.event import Event
from hoyle.engine.runner import play

PIPS = {r: min(r, 10) for r in range(1, 14)}
COUNT_KINDS = {"play", "go", "count_reset", "retracted"}


def _events(state: Any, players: list[Any]) -> list[Event]:
    out: list[Event] = []
    play(state, players, on_events=out.extend)
    return out


@pytest.mark.parametrize("variant", ["six-card", "five-card", "three-hand", "four-hand"])
def test_cribbage_count_is_the_running_count_and_n_cards_the_lay_away(variant: str) -> None:
    rules = CribbageRules.for_variant(variant)
    seats = rules.players
    for seed in range(3):
        events: list[Event] = []
        play_game([RandomPlayer() for _ in range(seats)], seed=seed, rules=rules,
                  on_events=events.extend)
        running = 0
        for e in events:
            if e.kind == "play":
                running += PIPS[e.cards[0].rank]
            elif e.kind in ("count_reset", "starter", "new_deal"):
                running = 0
            if e.kind in COUNT_KINDS:
                assert e.count == running and 0 <= running <= 31, e
            else:
                assert e.count is None, e
            if e.kind == "discard":  # the lay-away: how many cards, seen or not
                assert e.n_cards == rules.discard_per_player, e
                if e.cards:
                    assert e.n_cards == len(e.cards)
            else:
                assert e.n_cards is None, e
            assert e.tricks is None and e.proposals is None, e


def test_ecarte_tricks_proposals_and_n_cards_each_mean_one_thing() -> None:
    for seed in range(6):
        state = EcarteState(seed=seed)
        events = _events(state, [EcarteRandom(), EcarteRandom()])
        tricks = [0, 0]
        proposals = 0
        for e in events:
            assert e.count is None, e
            if e.kind == "new_deal":
                tricks, proposals = [0, 0], 0
            if e.kind == "trick":
                assert e.seat is not None
                tricks[e.seat] += 1
                assert e.tricks == tricks[e.seat], e
            elif e.kind == "hand_over":
                assert e.seat is None or e.tricks == tricks[e.seat], e
            else:
                assert e.tricks is None, e
            if e.kind == "propose":
                proposals += 1
            if e.kind in ("propose", "accept", "refuse", "stand"):
                assert e.proposals == proposals, e
            else:
                assert e.proposals is None, e
            if e.kind in ("discard", "draw"):
                assert e.n_cards is not None and 1 <= e.n_cards <= 5, e
                if e.cards:
                    assert e.n_cards == len(e.cards), e
