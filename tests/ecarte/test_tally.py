"""Écarté tallies classify points by what each score is for (its score items), never by
the rule or law a point cites (issue 14: typed seams)."""

from __future__ import annotations

import random

from hoyle.ecarte.state import EcarteState
from hoyle.ecarte.tally import KINDS, DealTally
from hoyle.engine.action import ScoreItem
from hoyle.engine.event import Event


def _random_game(seed: int) -> list[Event]:
    state = EcarteState(seed=seed)
    rng = random.Random(seed)
    events: list[Event] = []
    while not state.is_terminal():
        if state.current_player < 0:
            action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        events += state.apply(action)
    return events


def test_tally_reads_score_items_not_the_cited_law() -> None:
    """The same points under any law ID land in the same kind; a ruling's points (no
    items) are ``other``."""
    tally = DealTally(first_dealer=1)
    tally([Event("score", 0, points=2, source="CLUB-99",
                 items=(ScoreItem("point", (), 1), ScoreItem("penalty", (), 1))),
           Event("score", 1, points=1, source="OH-5", items=(ScoreItem("king", (), 1),)),
           Event("score", 1, points=1, source="ECARTE-R-14"),  # a ruling's point
           Event("new_deal", 0, source="ECARTE-R-3")])
    assert tally.points[0] == {"point:elder": 1, "penalty:elder": 1}
    assert tally.points[1] == {"king:dealer": 1, "other:dealer": 1}


def test_ecarte_r_15_point_against_a_stand_is_point_and_penalty() -> None:
    """ECARTE-R-15: a point won against a stand or a refusal scores 2, one for the point
    and one of penalty; the point and the vole (ECARTE-R-14) and the king (ECARTE-R-7)
    carry their own kind; every hand score's items add up to its points."""
    seen = {"point": 0, "vole": 0, "penalty": 0, "king": 0}
    for seed in range(60):
        for e in _random_game(seed):
            if e.kind != "score" or not e.items:
                continue
            assert sum(i.points for i in e.items) == e.points
            kinds = [i.kind for i in e.items]
            assert set(kinds) <= set(KINDS)
            if e.source == "ECARTE-R-15":
                assert kinds == ["point", "penalty"] and e.points == 2
            elif e.source == "ECARTE-R-14":
                assert kinds == (["vole"] if e.points == 2 else ["point"])
            elif e.source == "ECARTE-R-7":
                assert kinds == ["king"] and e.points == 1
            for k in kinds:
                seen[k] += 1
    assert all(seen.values()), seen  # every kind met in 60 random games
