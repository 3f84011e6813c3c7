"""Five-card cribbage's discards in the review (hoyle.cribbage.review): the ten ways to lay
away two of five valued by the kept three's expected show over the 47 starters and the crib
table, worked here by hand for one hand and by brute force (every starter scored by the
tests' own scorer, helpers.cribbage.ref_show) for every discard of a recorded game; near
the end, the win probability from the five-card win table, worked out again the same way."""

from __future__ import annotations

import pytest

from hoyle.cards import CARDS, Card, parse_cards
from hoyle.cribbage.advice.cribtable import crib_table
from hoyle.cribbage.advice.wintable import win_table
from hoyle.cribbage.match import play_game
from hoyle.cribbage.players import make_player
from hoyle.cribbage.review import FIVE_CRIB, FIVE_HAND, FIVE_PEG, five_card_options
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState, CribbageView
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import get_game
from hoyle.interface.review import POINTS, WIN

from helpers.cribbage import ref_show


def test_three_fives_kept_worked_by_hand() -> None:
    # Keep 5H 5C 5S, lay away JD KH. Every starter: the three fives pair royal (6) and make
    # one fifteen (2). The last five (1 starter): double pair royal 12 + four fifteens of
    # three fives 8 = 20. A ten-card (16 less JD and KH: 14 starters): 8 + three fifteens
    # of two fives and it (6) = 14. The other 32 (A-4, 6-9): 8. No flush, no jack kept.
    # 1 + 14 + 32 = 47 starters; (20 + 14 * 14 + 32 * 8) / 47 = 472 / 47.
    hand = parse_cards("5H 5C 5S JD KH")
    jd, kh = parse_cards("JD KH")
    for dealer in (True, False):
        options = {tuple(sorted(o.discard)): o for o in five_card_options(hand, dealer)}
        assert len(options) == 10
        o = options[tuple(sorted((jd, kh)))]
        assert o.keep == tuple(parse_cards("5H 5C 5S"))
        assert abs(o.hand_ev - 472 / 47) < 1e-12
        crib = crib_table().value(jd, kh, dealer)
        assert abs(o.total - (472 / 47 + (crib if dealer else -crib))) < 1e-12


def five_card_record(seed: int) -> GameRecord:
    state = CribbageState(CribbageRules.for_variant("five-card"), seed=seed)
    play_game([make_player("greedy"), make_player("expert")], seed=seed, state=state)
    return state.to_record(seats=["greedy", "expert"])


def brute_values(view: CribbageView) -> dict[tuple[Card, ...], tuple[tuple[Card, ...], float]]:
    """Every way to lay away two of the five: (kept three, expected hand + crib), each
    kept hand scored with every one of the 47 starters by the tests' own scorer."""
    out = {}
    hand = list(view.hand)
    starters = [c for c in CARDS if c not in hand]
    assert len(starters) == 47
    for i in range(5):
        for j in range(i + 1, 5):
            away = (hand[i], hand[j])
            keep = tuple(c for c in hand if c not in away)
            ev = sum(ref_show(keep, s) for s in starters) / 47
            crib = crib_table().value(away[0], away[1], view.is_dealer)
            out[tuple(sorted(away))] = (keep, ev + crib if view.is_dealer else ev - crib)
    return out


def brute_chances(view: CribbageView) -> dict[tuple[Card, ...], float]:
    """The seat's chance of winning with each way to lay away, near the end: for every
    starter its points this deal (kept three + crib if it deals + its role's play), the
    opponent's the five-card averages, the pone counting first, the five-card win table
    (P(dealer wins) before a deal) at the next position, where the pone deals."""
    p = win_table("five-card").p
    dealer = view.is_dealer
    me, him = view.scores[view.seat], view.scores[1 - view.seat]
    hand = list(view.hand)
    starters = [c for c in CARDS if c not in hand]
    out = {}
    his = him + FIVE_PEG[not dealer] + FIVE_HAND[not dealer] + (0 if dealer else FIVE_CRIB)
    for away, (keep, _) in brute_values(view).items():
        crib = crib_table().value(away[0], away[1], True) if dealer else 0.0
        total = 0.0
        for s in starters:
            mine = me + FIVE_PEG[dealer] + ref_show(keep, s) + crib
            m, h = min(round(mine), 60), min(round(his), 60)
            if dealer:
                if his < 61:
                    total += 1.0 if mine >= 61 else 1.0 - p[h, m]
            elif mine >= 61:
                total += 1.0
            elif his < 61:
                total += p[m, h]
        out[away] = total / 47
    return out


@pytest.mark.slow
def test_every_five_card_discard_of_a_game_by_brute_force() -> None:
    record = five_card_record(5)
    review = get_game("cribbage").review(record)
    discards = iter(d for d in review.decisions if d.kind == "discard")
    state = CribbageState(CribbageRules.for_variant("five-card"), seed=5)
    units = set()
    costly = 0
    for text in record.actions:
        action = Action.parse(text)
        if state.current_player != CHANCE and action.verb == "DISCARD":
            d = next(discards)
            view = state.view(state.current_player)
            made = tuple(sorted(action.cards))
            assert d.seat == view.seat and d.made == " ".join(c.pretty for c in made)
            if d.unit == POINTS:
                worth = {k: v for k, (_, v) in brute_values(view).items()}
            else:
                worth = brute_chances(view)
            best = max(worth.values())
            assert abs(d.cost - (best - worth[made])) < 1e-6, (d, worth)
            assert abs(worth[tuple(parse_cards(d.best))] - best) < 1e-9
            units.add(d.unit)
            costly += d.cost > 0.5
        state.apply(action)
    assert next(discards, None) is None
    assert units == {POINTS, WIN}  # far from the end and near it
    assert costly >= 2  # the greedy keep (no crib) loses points somewhere
