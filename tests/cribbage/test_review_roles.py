"""Review and the score-aware expert read the win table with the same roles: the table is
P(dealer wins) BEFORE a deal, and after this deal the pone of this one deals, so a missed
peg-out leaves the seat the table's chance at the next deal's position, worked by hand
from a table where this deal's roles and the next deal's give different answers."""

from __future__ import annotations

import json

import numpy as np

from hoyle.cribbage.advice.endgame import chance_after_deal
from hoyle.cribbage.advice.wintable import WinTable
from hoyle.cribbage.records import state_for_record
from hoyle.cribbage.review import missed_peg_out_keeps
from hoyle.cribbage.state import CribbageView, Phase
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import get_game


def _play_views() -> dict[bool, CribbageView]:
    """A real view in the play for a seat that deals and one for a seat that is pone,
    both with different scores (so ``p[me, him]`` and ``p[him, me]`` differ)."""
    g = get_game("cribbage").play_match_game(("greedy", "expert"), 4, 0)
    record = GameRecord.from_json(json.dumps(g.record))
    state = state_for_record(record)
    found: dict[bool, CribbageView] = {}
    for text in record.actions:
        action = Action.parse(text)
        seat = state.current_player
        if seat != CHANCE and state.phase == Phase.PLAY:
            view = state.view(seat)
            me, him = view.scores[seat], view.scores[1 - seat]
            if me != him and view.is_dealer not in found:
                found[view.is_dealer] = view
        if len(found) == 2:
            return found
        state.apply(action)
    raise AssertionError("no play decisions for both roles")


def test_a_missed_peg_out_is_valued_at_the_next_deals_position() -> None:
    for dealer, view in _play_views().items():
        me, him = view.scores[view.seat], view.scores[1 - view.seat]
        p = np.full((121, 121), 0.5)
        p[me, him] = 0.7   # the seat dealing at (me, him): this deal's roles if it deals
        p[him, me] = 0.2   # the opponent dealing at (him, me): next deal's if the seat dealt
        table = WinTable("six-card", 121, p, np.zeros_like(p), 1, 0)
        # By hand: the seat dealt, so next the opponent deals at (him, me) and wins 0.2 of
        # the time: the seat keeps 0.8. The seat was pone: it deals next at (me, him): 0.7.
        keeps = 0.8 if dealer else 0.7
        assert missed_peg_out_keeps(view, table) == chance_after_deal(table, me, him, dealer)
        assert abs(missed_peg_out_keeps(view, table) - keeps) < 1e-12, (dealer, me, him)
