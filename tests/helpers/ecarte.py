"""Helpers shared by the écarté tests (no tests here).

The standard situation (worked by hand from ``shared/laws/ecarte.md`` §1):

* ``CUT 9C`` (seat 0), ``CUT KD`` (seat 1): the higher écarté card deals (ECARTE-R-3), so
  seat 1 is the dealer and seat 0 the elder hand.
* ``DEAL 32 KS QS JS 7H 7D AS 9S KH QH KD``: the elder hand's five (KS QS JS 7H 7D), then
  the dealer's (AS 9S KH QH KD), three then two.
* ``TURN 8S``: spades are trumps; the elder hand holds the king of trumps (KS); the stock
  holds the other 21 cards.
"""

from __future__ import annotations

from typing import Any

from hoyle.ecarte.laws import get_code
from hoyle.ecarte.rules import EcarteRules
from hoyle.ecarte.state import EcarteState
from hoyle.engine.action import Action
from hoyle.engine.event import Event
from hoyle.engine.laws import Ruling

ELDER, DEALER = 0, 1
CUT = ("CUT 9C", "CUT KD")
ELDER_HAND = "KS QS JS 7H 7D"
DEALER_HAND = "AS 9S KH QH KD"
DEAL = f"DEAL 32 {ELDER_HAND} {DEALER_HAND}"
TURN = "TURN 8S"


def new(code: str | None = "club", referee: bool = False, params: dict[str, Any] | None = None,
        **rules: Any) -> EcarteState:
    laws = get_code(code, **(params or {})) if code else None
    return EcarteState(EcarteRules(**rules), laws=laws, referee=referee)


def act(state: EcarteState, *texts: str) -> list[Event]:
    events: list[Event] = []
    for t in texts:
        events.extend(state.apply(Action.parse(t)))
    return events


def at_turn(code: str | None = "club", referee: bool = True, deal: str = DEAL,
            **kw: Any) -> EcarteState:
    """After the deal, before the turn-up."""
    s = new(code, referee, **kw)
    act(s, *CUT, deal)
    assert (s.dealer, s.phase) == (DEALER, "turn_up")
    return s


def at_proposal(code: str | None = "club", referee: bool = True, deal: str = DEAL,
                turn: str = TURN, **kw: Any) -> EcarteState:
    """After the turn-up: the elder hand to stand or propose."""
    s = at_turn(code, referee, deal, **kw)
    act(s, turn)
    assert (s.phase, s.current_player) == ("proposal", ELDER)
    return s


def at_play(code: str | None = "club", referee: bool = True, **kw: Any) -> EcarteState:
    """The elder hand has stood: he is to lead."""
    s = at_proposal(code, referee, **kw)
    act(s, "STAND")
    return s


def words(ruling: Ruling) -> list[str]:
    assert ruling.decision is not None
    return [o.action.word for o in ruling.decision.options]


def scores(state: EcarteState) -> tuple[int, int]:
    return state.scores[0], state.scores[1]


def snapshot(state: EcarteState) -> tuple[Any, ...]:
    """Everything observable, to check that a refused action changed nothing."""
    return (state.to_record().to_json(), state.view(0), state.view(1), state.phase,
            state.current_player, tuple(state.scores), tuple(state.stock()),
            tuple(tuple(h) for h in state.hands), tuple(state.trick), tuple(state.played),
            tuple(state.set_aside), tuple(tuple(d) for d in state.discards))


# The elder hand revokes (the standard deal, in play: CLUB-43, OH-12).
ELDER_REVOKES = ("PLAY 7D", "PLAY KD", "PLAY KH", "PLAY KS", "PLAY QS", "PLAY 9S",
                 "PLAY JS", "PLAY AS", "PLAY 7H", "PLAY QH")

# A second proposal refused, then played out (ECARTE-R-15).
SECOND_REFUSAL = ("PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C", "DISCARD", "PROPOSE",
                  "REFUSE",
                  "PLAY KS", "PLAY 9S", "PLAY QS", "PLAY AS", "PLAY JS", "PLAY KD",
                  "PLAY 7H", "PLAY KH", "PLAY QH", "PLAY 7C")
