"""Match tallies classify points by what they are for, not by the law they cite
(issue 14: an ACC game's heels and go were counted as hand, since they cite ACC-6.3 and
ACC-1.7 where EW cites EW-xii and EW-T-ix)."""

from __future__ import annotations

from hoyle.cribbage.laws import get_code
from hoyle.cribbage.match import play_game
from hoyle.cribbage.players import GreedyPlayer
from hoyle.cribbage.state import CribbageState
from hoyle.cribbage.tally import DealTally, score_kind
from hoyle.engine.event import Event


def tallied(code: str, seed: int) -> tuple[DealTally, list[Event]]:
    events: list[Event] = []
    state = CribbageState(seed=seed, laws=get_code(code), itemize=False)
    play_game([GreedyPlayer(), GreedyPlayer()], state=state, on_events=events.extend)
    tally = DealTally(0)  # it follows the dealer from each deal's starter event
    tally(events)
    return tally, events


def test_heels_and_the_go_are_pegging_under_every_code() -> None:
    for seed in (3, 11):
        ew, ew_events = tallied("ew", seed)
        acc, acc_events = tallied("acc", seed)
        # The same seeded game (the law code changes no move of these players) ...
        assert [e.points for e in ew_events if e.kind == "score"] == \
            [e.points for e in acc_events if e.kind == "score"]
        # ... tallied alike, though the go and his heels cite other laws under ACC.
        assert ew.points == acc.points and ew.deals == acc.deals
        cited = {e.source for e in acc_events if e.kind == "score"}
        assert "ACC-1.7" in cited  # the go, under ACC
        for events in (ew_events, acc_events):
            go = [e for e in events if e.kind == "score" and
                  any(i.kind == "go" for i in e.items)]
            assert go and all(score_kind(e) == "pegging" for e in go)
