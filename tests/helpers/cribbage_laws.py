"""The cribbage law tests' standard situation and steps, one copy for every module that rules
on it (``test_laws_ew``, ``test_laws_acc``, ``test_laws_compare``, ``test_late_discovery``,
``test_table_facts``).

* ``CUT 9C`` (seat 0), ``CUT 2D`` (seat 1): the lower card deals (EW-i, ACC-3.2): seat 1
  deals, seat 0 is the pone.
* ``DEAL 5H 5C 5S JD 2C 3C  5D TH 4H 6D QC KD``: the pone's six first, then the dealer's.
* The pone lays away 2C 3C and keeps 5H 5C 5S JD; the dealer lays away QC KD and keeps
  4H 5D 6D TH; the crib is 2C 3C QC KD.
* Starter 9S (worked by hand, ``shared/laws/cribbage.md`` §1.4): the pone's hand 14 (J+5
  three times and 5+5+5: four fifteens 8, pair royal 6); the dealer's hand 9 (5+T, 4+5+6,
  6+9: 6; run 4-5-6: 3); the crib 4 (2+3+Q, 2+3+K: 4; no run; not one suit).
"""

from __future__ import annotations

from typing import Any

from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import Action
from hoyle.engine.event import Event

PONE, DEALER = 0, 1
CUT = ("CUT 9C", "CUT 2D")  # seat 0 cuts a nine, seat 1 a two: seat 1 deals (EW-i, ACC-3.2)
DEAL = "DEAL 5H 5C 5S JD 2C 3C 5D TH 4H 6D QC KD"  # pone's six, then the dealer's six
DISCARDS = ("DISCARD 2C 3C", "DISCARD QC KD")

# The whole play with starter 9S and every claim true (CRIB-R-8, CRIB-R-9, §1.3):
FIRST_COUNT = (
    "PLAY JD", "CLAIM 0",  # 10
    "PLAY 5D", "CLAIM 2",  # 15: fifteen 2 (dealer)
    "PLAY 5H", "CLAIM 2",  # 20: pair 2 (pone)
    "PLAY 4H", "CLAIM 0",  # 24: 5-5-4 is no run
    "PLAY 5C", "CLAIM 0",  # 29: 5-4-5 is no run, no pair
    "CLAIM 1",             # nobody can play (T, 6, 5 all pass 31): one for last to the pone
)
SECOND_COUNT = (
    "PLAY TH", "CLAIM 0",  # the dealer leads (the pone played last): 10
    "PLAY 5S", "CLAIM 2",  # 15: fifteen 2 (pone)
    "PLAY 6D", "CLAIM 0",  # 21: T-5-6 is no run
    "CLAIM 1",             # last card: 1 to the dealer
)
# After the play: pone 2 + 1 + 2 = 5 (back peg 3); dealer 2 + 1 = 3 (back peg 2).
SHOW = ("CLAIM 14", "CLAIM 9", "CLAIM 4")
# After a first deal with every claim true: pone 5 + 14 = 19; dealer 3 + 9 + 4 = 16; seat 0
# deals the second deal.

# To count 24 with the pone to play holding 5S (fits) and JD (would make 34):
TO_24 = (
    "PLAY 5H", "CLAIM 0",  # 5
    "PLAY TH", "CLAIM 2",  # 15: fifteen 2 (dealer)
    "PLAY 5C", "CLAIM 0",  # 20: T-5 no pair; 5-T-5 no run
    "PLAY 4H", "CLAIM 0",  # 24: 5-4 is two cards, no run
)

# Deals for reaching a chosen score with real hands (starter 5D): seat 0 keeps 5H 5C 5S JD
# (29: the famous hand, J of the starter's suit for nobs), seat 1 keeps 4H 4S 6H 6S (24:
# double-double run 4-5-6 12, two pairs 4, four fifteens 4+5+6 8). With starter 9S seat 0's
# hand is 14.
BIG = {0: "5H 5C 5S JD 2C 3C", 1: "4H 4S 6H 6S 8C 9C"}
BIG_AWAY = {0: "2C 3C", 1: "8C 9C"}
BIG_HAND = {0: 29, 1: 24}


def act(state: CribbageState, *texts: str) -> list[Event]:
    """Apply each action text in turn; the events of them all, in order."""
    events: list[Event] = []
    for t in texts:
        events.extend(state.apply(Action.parse(t)))
    return events


def pegs(state: CribbageState) -> list[tuple[int, int]]:
    """(front, back) per side."""
    return [(p[0], p[1]) for p in state.pegs]


def table(state: CribbageState) -> tuple[Any, ...]:
    """Everything about the state except its history."""
    return (pegs(state), [list(h) for h in state.hands], list(state.crib), list(state.kept),
            list(state.discards), state.starter, state.count, list(state.count_cards),
            list(state.played), list(state.passed), state.phase, state.current_player,
            state.dealer, state.deal_number, state.result, state.heels_due,
            [state.view(s) for s in range(state.rules.players)])


def play_deal(state: CribbageState, starter: str, claims: dict[tuple[int, str], int],
              stop_at: tuple[int, str] | None = None) -> None:
    """Deal BIG, lay away, turn ``starter`` and play the deal with the first legal card;
    each claim takes ``claims[(seat, what)]``, by default 0 (an underclaim: no offence under
    EW-x, the rest lost under ACC-8.3 with muggins off). Stops at the claim ``stop_at``, at
    the next deal or at the game's end."""
    pone, dealer = state.pone(), state.dealer
    assert dealer is not None and state.phase == "deal"
    act(state, f"DEAL {BIG[pone]} {BIG[dealer]}", f"DISCARD {BIG_AWAY[pone]}",
        f"DISCARD {BIG_AWAY[dealer]}", f"STARTER {starter}")
    while state.phase in ("play", "claim"):
        if state.phase == "claim":
            key = (state.current_player, state.view(state.current_player).claim)
            if key == stop_at:
                return
            act(state, f"CLAIM {claims.get(key, 0)}")
        else:
            state.apply(state.legal_actions()[0])
    assert state.phase in ("deal", "game_over")


def steer(state: CribbageState, score0: int, score1: int) -> None:
    """Play BIG deals, each player claiming part of his hand (never more than is due), until
    the scores are exactly (score0, score1), at the start of a deal."""
    while state.scores != (score0, score1):
        need = (score0 - state.scores[0], score1 - state.scores[1])
        assert min(need) >= 0
        play_deal(state, "5D", {(0, "hand"): min(BIG_HAND[0], need[0]),
                                (1, "hand"): min(BIG_HAND[1], need[1])})
    assert state.phase == "deal" and state.scores == (score0, score1)
