"""Shared helpers for the hoyle tests.

``ref_show`` and ``ref_play`` are independent reference scorers written from the rules in
``shared/laws/cribbage.md`` §1.3-1.4 with the textbook brute-force method (every subset for
fifteens, every pair of cards for pairs, runs found by trying the longest length first).
They share no code with ``hoyle.cribbage.scoring``, so agreement between the two is evidence.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any

from hoyle.cards import Card
from hoyle.engine.action import Action


def pips(card: Card) -> int:
    """Counting value (CRIB-R-1): A=1, 2-9 face value, T/J/Q/K = 10."""
    return min(int(card.rank), 10)


def ref_show(hand: Sequence[Card], starter: Card, *, crib: bool = False,
             lenient: bool = False) -> int:
    """Show points of ``hand`` + ``starter`` by brute force (CRIB-R-10, §1.4)."""
    cards = list(hand) + [starter]
    n = len(cards)
    pts = 0
    # fifteens: every subset of two or more cards totalling 15
    for k in range(2, n + 1):
        for combo in combinations(cards, k):
            if sum(pips(c) for c in combo) == 15:
                pts += 2
    # pairs: every two cards of one rank
    for a, b in combinations(cards, 2):
        if a.rank == b.rank:
            pts += 2
    # runs: the longest length at which some subset is a run; every such subset scores
    for k in range(n, 2, -1):
        found = 0
        for combo in combinations(cards, k):
            rs = sorted(int(c.rank) for c in combo)
            if all(rs[i + 1] - rs[i] == 1 for i in range(k - 1)):
                found += 1
        if found:
            pts += found * k
            break
    # flush
    if len({c.suit for c in hand}) == 1:
        if starter.suit == hand[0].suit:
            pts += len(hand) + 1
        elif not crib or lenient:
            pts += len(hand)
    # his nobs (not for a jack starter)
    if int(starter.rank) != 11 and any(int(c.rank) == 11 and c.suit == starter.suit
                                       for c in hand):
        pts += 1
    return pts


def ref_play(count_cards: Sequence[Card]) -> int:
    """Points made by the last card of the current count (CRIB-R-9, §1.3), go excluded."""
    total = sum(pips(c) for c in count_cards)
    pts = 2 if total in (15, 31) else 0
    same = 1
    while same < len(count_cards) and count_cards[-1 - same].rank == count_cards[-1].rank:
        same += 1
    pts += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    for k in range(len(count_cards), 2, -1):
        rs = sorted(int(c.rank) for c in count_cards[-k:])
        if all(rs[i + 1] - rs[i] == 1 for i in range(k - 1)):
            pts += k
            break
    return pts


def cards_in(obj: Any) -> set[Card]:
    """Every Card reachable from ``obj`` (dataclass fields, tuples, lists, dicts, sets)."""
    out: set[Card] = set()

    def walk(x: Any) -> None:
        if isinstance(x, Card):
            out.add(x)
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            for f in dataclasses.fields(x):
                walk(getattr(x, f.name))
        elif isinstance(x, dict):
            for k, v in x.items():
                walk(k)
                walk(v)
        elif isinstance(x, (list, tuple, set, frozenset)):
            for v in x:
                walk(v)

    walk(obj)
    return out


def hidden_from(state: Any, seat: int, public: Iterable[Card] = ()) -> set[Card]:
    """Cards ``seat`` must not see: other seats' unplayed cards and discards, and the stock,
    less the cards in ``public`` (cards already shown in this deal's show)."""
    hidden: set[Card] = set(state.stock())
    for other in range(state.rules.players):
        if other != seat:
            hidden |= set(state.hands[other])
            hidden |= set(state.discards[other])
    return hidden - set(public)


def snapshot(state: Any) -> tuple[Any, ...]:
    """Everything observable about a state, to check that a failed action changed nothing."""
    return (
        state.to_record().to_json(),
        tuple(state.view(s) for s in range(state.rules.players)),
        state.phase, state.current_player, state.scores,
        tuple(tuple(p) for p in state.pegs), tuple(state.stock()),
        tuple(tuple(h) for h in state.hands), tuple(state.crib), state.count,
        tuple(state.count_cards), tuple(state.played), tuple(state.history),
    )


def apply_all(state: Any, texts: Iterable[str]) -> list[Any]:
    """Apply action texts in order; return all the events."""
    events = []
    for t in texts:
        events.extend(state.apply(Action.parse(t)))
    return events


def pone_view(hand: str, pone: int, dealer: int) -> Any:
    """The pone's view at the lay-away of a two-hand six-card game (seed 3), with ``hand``
    (cards as text, e.g. ``"5H 5C 5S JD KC 2H"``) in his hand and the scores set to
    ``pone`` and ``dealer`` (points): a position near the end of the game, made by hand."""
    return _lay_away_view(hand, pone, dealer, as_dealer=False)


def dealer_view(hand: str, dealer: int, pone: int) -> Any:
    """The dealer's view at the lay-away, made as :func:`pone_view` makes the pone's."""
    return _lay_away_view(hand, pone, dealer, as_dealer=True)


def _lay_away_view(hand: str, pone: int, dealer: int, as_dealer: bool) -> Any:
    import random

    from hoyle.cards import parse_cards
    from hoyle.cribbage.state import CribbageState, Phase

    state = CribbageState(seed=3, itemize=False)
    rng = random.Random(3)
    while state.phase != Phase.DISCARD:
        state.apply(state.sample_chance(rng))
    assert state.dealer is not None
    seat = state.dealer if as_dealer else 1 - state.dealer
    view = state.view(seat)._replace(
        hand=tuple(parse_cards(hand.split())),
        scores=(dealer, pone) if state.dealer == 0 else (pone, dealer))
    assert view.is_dealer == as_dealer
    return view
