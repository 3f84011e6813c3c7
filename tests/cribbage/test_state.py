"""The cribbage state machine, driven by scripted, hand-worked deals.

Deal 1 (seat 0 cuts 9C, seat 1 cuts 2D: seat 1 deals, seat 0 is pone, EW-i):

  DEAL KH TD 8D 9C 5H 5S | 5C 8S 8H 7H 5D QD     (pone's six first, CRIB-R-5)
  pone lays away 5H 5S, dealer 5D QD; starter JS: dealer 2 for his heels (EW-xii)

  play (P = seat 0 keeps KH TD 8D 9C, D = seat 1 keeps 5C 8S 8H 7H):
    P KH 10 · D 5C 15 fifteen D+2 · P TD 25 — neither can play (P 8D/9C, D 8S/8H/7H all
    pass 31): one for last P+1 (no GO needed); new count led by D (after P, CRIB-R-8)
    D 8S 8 · P 8D 16 pair P+2 · D 8H 24 pair royal D+6 · P holds 9C (33): GO ·
    D 7H 31 D+2 (no go point, §1.3) · new count led by P · P 9C 9, last card P+1
  pegging order: D 2 (heels), D 4, P 1, P 3, D 10, D 12, P 4
  show (CRIB-R-10):
    pone KH TD 8D 9C + JS: no two cards make 15 (smallest 8+9), run 8-9-T-J = 4 → P 8
    dealer 5C 8S 8H 7H + JS: 15s 5+J, 8S+7, 8H+7 = 6, pair 8-8 = 2, no run (no 6/9) = 8 → D 20
    crib 5H 5S 5D QD + JS: 15s: 5+J x3, 5+Q x3, 5+5+5 = 14; pair royal 6; J-Q no run = 20
    → D 40.  Score after deal 1: (8, 40). Seat 0 deals next (CRIB-R-3).

Deal 2 (seat 0 deals, seat 1 is pone):

  DEAL 9H 7S 8D 5S AH 3H | 6C KC QH JD TH 2H     (seat 1's six first)
  pone lays away AH 3H, dealer TH 2H; starter 4D (no heels)
  play (P' = seat 1 keeps 9H 7S 8D 5S, D' = seat 0 keeps 6C KC QH JD):
    P' 9H 9 · D' 6C 15 D'+2 · P' 7S 22 · D' holds only tenth cards (32): GO ·
    P' 8D 30: 9,6,7,8 is a run of 4, P'+4 · P' cannot play 5S (35): one for last P'+1 ·
    new count led by D' · D' KC 10 · P' 5S 15 P'+2 · D' QH 25 · P' is out, D' cannot
    play JD (35): one for last D'+1 · D' leads JD 10, last card D'+1
  show:
    pone 9H 7S 8D 5S + 4D: 15s 7+8 only (smallest triple 4+5+7=16) = 2, run 7-8-9 = 3 → 5
    dealer 6C KC QH JD + 4D: no 15s (6+4=10, 4+10=14), run J-Q-K = 3, nobs JD = 1 → 4
    crib AH 3H TH 2H + 4D: 15s T+A+4, T+2+3 = 4; run A-2-3-4 = 4; four hearts but a
    diamond starter: no crib flush (EW-T-vii) = 8
  Score after deal 2: seat 0 = 8+2+1+1+4+8 = 24, seat 1 = 40+4+1+2+5 = 52.
"""

from __future__ import annotations

import random

import pytest

from hoyle.cards import CARDS, Card, parse_cards
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState, Phase
from hoyle.errors import HoyleError, IllegalAction
from hoyle.engine.action import CHANCE, TERMINAL, Action

from helpers.cribbage import apply_all, cards_in, hidden_from, snapshot

CUTS = ["CUT 9C", "CUT 2D"]
DEAL1 = "DEAL KH TD 8D 9C 5H 5S | 5C 8S 8H 7H 5D QD"
SETUP1 = [DEAL1, "DISCARD 5H 5S", "DISCARD 5D QD", "STARTER JS"]  # after CUTS
PLAY1 = ["PLAY KH", "PLAY 5C", "PLAY TD", "PLAY 8S", "PLAY 8D", "PLAY 8H", "GO", "PLAY 7H",
         "PLAY 9C"]
DEAL2 = ["DEAL 9H 7S 8D 5S AH 3H | 6C KC QH JD TH 2H", "DISCARD AH 3H", "DISCARD TH 2H",
         "STARTER 4D"]
PLAY2 = ["PLAY 9H", "PLAY 6C", "PLAY 7S", "GO", "PLAY 8D", "PLAY KC", "PLAY 5S", "PLAY QH",
         "PLAY JD"]


def cs(text: str) -> set[Card]:
    return set(parse_cards(text))


def scores_of(events: list) -> list[tuple[int, int, str]]:  # type: ignore[type-arg]
    return [(e.seat, e.points, e.reason) for e in events if e.kind == "score" and e.points]


def new_state(**options: object) -> CribbageState:
    return CribbageState(CribbageRules.for_variant("six-card", **options) if options else None)


def at_deal(pegs: tuple[tuple[int, int], tuple[int, int]] | None = None) -> CribbageState:
    """A state after the cut (seat 1 deals), before the deal; optionally with pegs set."""
    s = new_state()
    apply_all(s, CUTS)
    if pegs is not None:
        s.pegs = [list(pegs[0]), list(pegs[1])]
    return s


# --------------------------------------------------------------------------- cut for deal


@pytest.mark.parametrize("cuts,dealer", [
    (["CUT 9C", "CUT 2D"], 1),
    (["CUT 2D", "CUT 9C"], 0),
    (["CUT KC", "CUT AD"], 1),   # ace lowest
    (["CUT AS", "CUT 2C"], 0),
    (["CUT KH", "CUT QS"], 1),   # Q below K although both count 10
    (["CUT TH", "CUT JS"], 0),
])
def test_EW_i_lower_card_deals_ace_low(cuts: list[str], dealer: int) -> None:
    s = new_state()
    events = apply_all(s, cuts)
    assert s.dealer == dealer
    assert [(e.seat, str(e.cards[0])) for e in events if e.kind == "cut"] == \
        [(0, cuts[0].split()[1]), (1, cuts[1].split()[1])]
    assert [e.seat for e in events if e.kind == "dealer"] == [dealer]
    assert s.phase == Phase.DEAL and s.current_player == CHANCE
    assert s.pone() == 1 - dealer


def test_EW_i_equal_ranks_cut_again() -> None:
    s = new_state()
    events = apply_all(s, ["CUT 7H", "CUT 7S"])
    assert [e.kind for e in events] == ["cut", "cut", "cut_tie"]
    assert s.dealer is None and s.phase == Phase.CUT_FOR_DEAL
    assert s.current_player == CHANCE
    apply_all(s, ["CUT 8D", "CUT 3C"])
    assert s.dealer == 1


def test_cut_for_deal_cannot_repeat_a_card_or_name_two() -> None:
    s = new_state()
    s.apply(Action.parse("CUT 9C"))
    for bad in ["CUT 9C", "CUT 2D 3D", "CUT", "DEAL 2D"]:
        before = snapshot(s)
        with pytest.raises(IllegalAction):
            s.apply(Action.parse(bad))
        assert snapshot(s) == before


# --------------------------------------------------------------------------- the scripted deal


def test_CRIB_R_5_deal_text_gives_the_pone_the_first_six() -> None:
    s = at_deal()
    events = s.apply(Action.parse(DEAL1))
    assert set(s.hands[0]) == cs("KH TD 8D 9C 5H 5S")   # seat 0 = pone
    assert set(s.hands[1]) == cs("5C 8S 8H 7H 5D QD")   # seat 1 = dealer
    assert [e.seat for e in events if e.kind == "deal"] == [0, 1]
    assert all(e.hidden for e in events if e.kind == "deal")
    assert s.phase == Phase.DISCARD
    # seat 0 dealing: the first six go to seat 1
    t = new_state()
    apply_all(t, ["CUT 2D", "CUT 9C", DEAL1])
    assert t.dealer == 0
    assert set(t.hands[1]) == cs("KH TD 8D 9C 5H 5S")
    assert set(t.hands[0]) == cs("5C 8S 8H 7H 5D QD")


def test_EW_viii_pone_discards_first() -> None:
    s = at_deal()
    s.apply(Action.parse(DEAL1))
    assert s.current_player == 0  # the pone
    assert {c for a in s.legal_actions() for c in a.cards} == cs("KH TD 8D 9C 5H 5S")
    assert len(s.legal_actions()) == 15  # C(6, 2)
    # the dealer laying out first is refused (his cards are not the pone's)
    before = snapshot(s)
    with pytest.raises(IllegalAction):
        s.apply(Action.parse("DISCARD 5D QD"))
    assert snapshot(s) == before
    s.apply(Action.parse("DISCARD 5H 5S"))
    assert s.current_player == 1
    s.apply(Action.parse("DISCARD 5D QD"))
    assert s.phase == Phase.STARTER and s.current_player == CHANCE
    assert set(s.crib) == cs("5H 5S 5D QD")
    assert set(s.kept[0]) == cs("KH TD 8D 9C") and set(s.kept[1]) == cs("5C 8S 8H 7H")


def test_CRIB_R_7_starter_must_come_from_the_stock() -> None:
    s = at_deal()
    apply_all(s, [DEAL1, "DISCARD 5H 5S", "DISCARD 5D QD"])
    assert {a.cards[0] for a in s.chance_outcomes()} == set(CARDS) - cs(
        "KH TD 8D 9C 5H 5S 5C 8S 8H 7H 5D QD")
    assert len(s.chance_outcomes()) == 40
    for bad in ["STARTER KH", "STARTER 5D", "STARTER JS QS", "PLAY JS"]:
        before = snapshot(s)
        with pytest.raises(IllegalAction):
            s.apply(Action.parse(bad))
        assert snapshot(s) == before


def test_EW_xii_heels_scored_for_jack_starter() -> None:
    s = at_deal()
    apply_all(s, [DEAL1, "DISCARD 5H 5S", "DISCARD 5D QD"])
    events = s.apply(Action.parse("STARTER JS"))
    heels = [e for e in events if e.kind == "score"]
    assert [(e.seat, e.points, e.source) for e in heels] == [(1, 2, "EW-xii")]
    assert s.scores == (0, 2)
    assert s.phase == Phase.PLAY and s.current_player == 0  # the pone leads (CRIB-R-8)


def test_EW_xii_no_heels_for_other_starters() -> None:
    s = at_deal()
    apply_all(s, [DEAL1, "DISCARD 5H 5S", "DISCARD 5D QD"])
    events = s.apply(Action.parse("STARTER 4D"))
    assert scores_of(events) == []
    assert s.scores == (0, 0)


# (action, seat that acts, count after, scores after, points made by that action)
PLAY1_STEPS = [
    ("PLAY KH", 0, 10, (0, 2), []),
    ("PLAY 5C", 1, 15, (0, 4), [(1, 2, "fifteen")]),
    ("PLAY TD", 0, 0, (1, 4), [(0, 1, "one for last")]),   # count ends at 25
    ("PLAY 8S", 1, 8, (1, 4), []),
    ("PLAY 8D", 0, 16, (3, 4), [(0, 2, "pair")]),
    ("PLAY 8H", 1, 24, (3, 10), [(1, 6, "pair royal")]),
    ("GO", 0, 24, (3, 10), []),
    ("PLAY 7H", 1, 0, (3, 12), [(1, 2, "thirty-one")]),     # count ends at 31
]
# who acts next after each step
PLAY1_NEXT = [1, 0, 1, 0, 1, 0, 1, 0]


def test_CRIB_R_8_scripted_play_card_by_card() -> None:
    s = at_deal()
    apply_all(s, SETUP1)
    for (text, seat, count, scores, made), nxt in zip(PLAY1_STEPS, PLAY1_NEXT):
        assert s.current_player == seat, text
        events = s.apply(Action.parse(text))
        assert s.count == count, text
        assert s.scores == scores, text
        assert scores_of(events) == made, text
        assert s.current_player == nxt, text


def test_CRIB_R_8_count_of_each_card_is_reported() -> None:
    s = at_deal()
    apply_all(s, SETUP1)
    events = apply_all(s, PLAY1[:3])
    assert [(e.seat, str(e.cards[0]), e.count) for e in events if e.kind == "play"] == \
        [(0, "KH", 10), (1, "5C", 15), (0, "TD", 25)]


def test_EW_T_ix_one_for_last_when_neither_can_play() -> None:
    # after TD (25) the pone holds 8D 9C, the dealer 8S 8H 7H: nobody can play, so the
    # count ends with 1 to the pone, who played last; the dealer leads the next count.
    s = at_deal()
    apply_all(s, SETUP1 + PLAY1[:2])
    events = s.apply(Action.parse("PLAY TD"))
    kinds = [e.kind for e in events]
    assert kinds.index("play") < kinds.index("score") < kinds.index("count_reset")
    go = [e for e in events if e.kind == "score"]
    assert [(e.seat, e.points, e.source) for e in go] == [(0, 1, "EW-T-ix")]
    assert s.count == 0 and s.count_cards == []
    assert s.current_player == 1


def test_EW_xxi_go_then_31_scores_2_and_no_go_point() -> None:
    s = at_deal()
    apply_all(s, SETUP1 + PLAY1[:6])
    assert s.count == 24 and s.current_player == 0
    assert [str(a) for a in s.legal_actions()] == ["GO"]  # 9C would make 33
    go_events = s.apply(Action.parse("GO"))
    assert [e.kind for e in go_events] == ["go"]
    assert s.current_player == 1  # the dealer must play on
    events = s.apply(Action.parse("PLAY 7H"))
    assert scores_of(events) == [(1, 2, "thirty-one")]  # 2, not 3
    assert s.scores == (3, 12)
    # the next count is led by the player after the one who played last: the pone
    assert s.count == 0 and s.current_player == 0


def test_CRIB_R_9_combinations_do_not_reach_back_across_a_new_count() -> None:
    # after TD ends the first count, the dealer's 8S is scored alone: the previous count's
    # cards (KH 5C TD) would otherwise add to 33 or more; 8S scores nothing.
    s = at_deal()
    apply_all(s, SETUP1 + PLAY1[:3])
    events = s.apply(Action.parse("PLAY 8S"))
    assert scores_of(events) == [] and s.count == 8 and s.count_cards == [Card.parse("8S")]


def test_CRIB_R_10_show_order_and_totals_deal_1() -> None:
    s = at_deal()
    apply_all(s, SETUP1 + PLAY1[:-1])
    events = s.apply(Action.parse("PLAY 9C"))
    # last card 1, then pone's hand 4, dealer's hand 8, crib 20
    assert scores_of(events) == [(0, 1, "last card"), (0, 4, "hand"), (1, 8, "hand"),
                                 (1, 20, "crib")]
    shows = [e for e in events if e.kind == "show"]
    assert [(e.seat, e.reason, e.points) for e in shows] == [(0, "hand", 4), (1, "hand", 8),
                                                           (1, "crib", 20)]
    assert set(shows[0].cards) == cs("KH TD 8D 9C JS")
    assert set(shows[1].cards) == cs("5C 8S 8H 7H JS")
    assert set(shows[2].cards) == cs("5H 5S 5D QD JS")
    assert s.scores == (8, 40)
    # the pegs: back peg = previous score (CRIB-R-2)
    assert [list(p) for p in s.pegs] == [[8, 4], [40, 20]]


def test_CRIB_R_3_deal_alternates() -> None:
    s = at_deal()
    apply_all(s, SETUP1 + PLAY1)
    assert s.dealer == 0 and s.pone() == 1
    assert s.phase == Phase.DEAL and s.current_player == CHANCE
    assert s.deal_number == 2
    assert all(h == [] for h in s.hands) and s.crib == [] and s.starter is None
    assert len(s.stock()) == 52


def test_EW_T_ix_go_then_one_for_last_in_the_second_deal() -> None:
    s = at_deal()
    apply_all(s, SETUP1 + PLAY1)
    apply_all(s, DEAL2[:1])
    assert set(s.hands[1]) == cs("9H 7S 8D 5S AH 3H")  # seat 1 is pone now
    assert s.current_player == 1
    apply_all(s, DEAL2[1:])
    assert s.scores == (8, 40) and s.current_player == 1
    apply_all(s, PLAY2[:3])
    assert s.count == 22 and s.current_player == 0
    assert [str(a) for a in s.legal_actions()] == ["GO"]  # KC QH JD would make 32
    apply_all(s, ["GO"])
    assert s.current_player == 1
    events = s.apply(Action.parse("PLAY 8D"))
    # 9,6,7,8: run of 4 for the 8D (count 30), then the pone cannot play 5S: one for last
    assert scores_of(events) == [(1, 4, "run"), (1, 1, "one for last")]
    assert s.current_player == 0 and s.count == 0
    events = apply_all(s, PLAY2[5:8])
    assert scores_of(events) == [(1, 2, "fifteen"), (0, 1, "one for last")]
    # the pone has no cards left: the dealer leads again
    assert s.current_player == 0
    events = s.apply(Action.parse("PLAY JD"))
    assert scores_of(events) == [(0, 1, "last card"), (1, 5, "hand"), (0, 4, "hand"),
                                 (0, 8, "crib")]
    crib = [e for e in events if e.kind == "show" and e.reason == "crib"][0]
    assert crib.points == 8 and not any(i.kind == "flush" for i in crib.items)
    assert s.scores == (24, 52)
    assert s.dealer == 1 and s.deal_number == 3


def test_lenient_crib_flush_in_the_engine() -> None:
    # deal 2 again with crib_flush_rule = lenient: four hearts in the crib count 4 → 12
    s = new_state(crib_flush_rule="lenient")
    apply_all(s, ["CUT 2D", "CUT 9C"])  # seat 0 deals
    events = apply_all(s, DEAL2 + PLAY2)
    crib = [e for e in events if e.kind == "show" and e.reason == "crib"][0]
    assert crib.points == 12


# --------------------------------------------------------------------------- views


def _check_view(s: CribbageState) -> None:
    for seat in range(2):
        v = s.view(seat)
        assert not (cards_in(v) & hidden_from(s, seat)), (seat, s.phase)
        assert set(v.hand) == set(s.hands[seat])
        assert v.discards == s.discards[seat]


def test_CRIB_R_6_view_never_shows_other_hand_crib_or_stock() -> None:
    s = new_state()
    _check_view(s)
    for text in CUTS + SETUP1 + PLAY1 + DEAL2 + PLAY2:
        s.apply(Action.parse(text))
        _check_view(s)


def test_CRIB_R_6_view_during_discard_hides_the_opponents_discards() -> None:
    s = at_deal()
    apply_all(s, [DEAL1, "DISCARD 5H 5S", "DISCARD 5D QD"])
    v0, v1 = s.view(0), s.view(1)
    assert set(v0.discards) == cs("5H 5S") and not (cards_in(v0) & cs("5D QD 5C 8S 8H 7H"))
    assert set(v1.discards) == cs("5D QD") and not (cards_in(v1) & cs("5H 5S KH TD 8D 9C"))
    assert v1.is_dealer and not v0.is_dealer
    assert v0.hand_sizes == (4, 4)
    with pytest.raises(IllegalAction):
        s.view(2)


# --------------------------------------------------------------------------- illegal actions


def _assert_refused(s: CribbageState, text: str) -> None:
    before = snapshot(s)
    assert not s.is_legal(Action.parse(text))
    with pytest.raises(IllegalAction):
        s.apply(Action.parse(text))
    assert snapshot(s) == before


@pytest.mark.parametrize("text", [
    "DISCARD 5H 5S KH",   # three cards
    "DISCARD 5H",         # one card
    "DISCARD 5H 5D",      # 5D is the dealer's
    "DISCARD 5H 5H",      # the same card twice
    "PLAY KH",            # wrong verb for the phase
    "GO",
    "STARTER JS",
    "DEAL KH TD 8D 9C 5H 5S 5C 8S 8H 7H 5D QD",
    "CUT 2C",
])
def test_illegal_actions_in_the_discard_leave_state_unchanged(text: str) -> None:
    s = at_deal()
    s.apply(Action.parse(DEAL1))
    _assert_refused(s, text)


@pytest.mark.parametrize("text", [
    "PLAY 5C",       # the dealer's card, not the pone's
    "PLAY 5H",       # laid away to the crib
    "PLAY AS",       # in the stock
    "PLAY JS",       # the starter
    "GO",            # EW-xxi: the pone can play
    "DISCARD KH TD",
    "STARTER 2C",
    "PLAY KH TD",
])
def test_illegal_actions_at_the_lead_leave_state_unchanged(text: str) -> None:
    s = at_deal()
    apply_all(s, SETUP1)
    _assert_refused(s, text)


def test_EW_xviii_card_past_31_is_not_a_legal_play() -> None:
    # count 24 (8S 8D 8H) with the pone to act: his 9C would make 33 and goes back;
    # after his GO the dealer's 7H (31) is the only card that fits.
    s = at_deal()
    apply_all(s, SETUP1 + PLAY1[:6])
    assert s.count == 24
    _assert_refused(s, "PLAY 9C")
    s.apply(Action.parse("GO"))
    assert [str(a) for a in s.legal_actions()] == ["PLAY 7H"]


def test_EW_xxi_go_refused_while_holding_a_playable_card() -> None:
    s = at_deal()
    apply_all(s, SETUP1 + PLAY1[:1])  # count 10, the dealer holds 5C 8S 8H 7H
    _assert_refused(s, "GO")
    assert "GO" not in [str(a) for a in s.legal_actions()]


def test_deal_with_wrong_number_or_duplicate_cards_refused() -> None:
    s = at_deal()
    _assert_refused(s, "DEAL KH TD 8D 9C 5H 5S 5C 8S 8H 7H 5D")
    _assert_refused(s, "DEAL KH TD 8D 9C 5H 5S 5C 8S 8H 7H 5D QD AC")
    _assert_refused(s, "DEAL KH TD 8D 9C 5H 5S 5C 8S 8H 7H 5D KH")


def test_CRIB_R_11_nothing_after_game_over() -> None:
    s = at_deal(((119, 110), (0, 0)))
    apply_all(s, SETUP1 + PLAY1[:5])
    assert s.is_terminal()
    assert s.legal_actions() == []
    for text in ["PLAY 8H", "GO", "DEAL KH TD 8D 9C 5H 5S 5C 8S 8H 7H 5D QD", "CUT 2C"]:
        _assert_refused(s, text)
    with pytest.raises(IllegalAction):
        s.sample_chance(random.Random(1))


def test_is_legal_agrees_with_legal_actions_in_the_play() -> None:
    s = at_deal()
    apply_all(s, SETUP1 + PLAY1[:2])
    legal = {str(a) for a in s.legal_actions()}
    assert legal == {"PLAY TD", "PLAY 8D", "PLAY 9C"}  # KH was played; all fit at 15
    for c in CARDS:
        assert s.is_legal(Action("PLAY", (c,))) == (f"PLAY {c}" in legal)


# --------------------------------------------------------------------------- ending the game


def test_CRIB_R_11_game_ends_the_moment_121_is_reached_in_the_play() -> None:
    # pone at 119: one for last after TD → 120; the pair 8D → 122: game over at once.
    # Dealer: 0 + heels 2 + fifteen 2 = 4; the dealer's pair royal is never played.
    s = at_deal(((119, 110), (0, 0)))
    apply_all(s, SETUP1 + PLAY1[:4])
    assert s.scores == (120, 4) and not s.is_terminal()
    events = s.apply(Action.parse("PLAY 8D"))
    assert [e.kind for e in events] == ["play", "score", "game_over"]
    assert s.scores == (122, 4)
    assert s.is_terminal() and s.phase == Phase.GAME_OVER and s.current_player == TERMINAL
    assert s.result is not None
    assert s.result.winner == 0 and s.result.scores == (122, 4)


def test_CRIB_R_11_heels_can_win_the_game() -> None:
    s = at_deal(((50, 40), (119, 110)))
    events = apply_all(s, SETUP1)
    assert s.is_terminal() and s.result is not None and s.result.winner == 1
    assert s.scores == (50, 121)
    assert events[-1].kind == "game_over"


def test_CRIB_R_11_pone_wins_on_hand_before_dealer_counts() -> None:
    # pone 113, dealer 100 before deal 1. Play: D 102 (heels), 104 (15); P 114 (go), 116
    # (pair); D 110 (pair royal), 112 (31); P 117 (last card). Show: pone's hand 4 → 121,
    # game over; the dealer's hand (8) and crib (20) would have taken him to 140.
    s = at_deal(((113, 100), (100, 90)))
    events = apply_all(s, SETUP1 + PLAY1)
    assert s.scores == (121, 112)
    assert s.result is not None and s.result.winner == 0
    shows = [(e.seat, e.reason) for e in events if e.kind == "show"]
    assert shows == [(0, "hand")]
    assert events[-1].kind == "game_over"
    assert not s.result.skunk and not s.result.lurch and s.result.game_points == 2


def test_CRIB_R_11_target_need_not_be_reached_exactly() -> None:
    # pone 114 → 118 after the play, hand 4 → 122
    s = at_deal(((114, 100), (100, 90)))
    apply_all(s, SETUP1 + PLAY1)
    assert s.scores == (122, 112) and s.result is not None and s.result.winner == 0


def test_CRIB_R_11_dealer_wins_on_the_crib() -> None:
    # pone 100 → 104 after play → 108 hand; dealer 93 → 105 after play → 113 hand → 133 crib
    s = at_deal(((100, 90), (93, 90)))
    events = apply_all(s, SETUP1 + PLAY1)
    assert s.scores == (108, 133)
    assert s.result is not None and s.result.winner == 1
    assert [(e.seat, e.reason) for e in events if e.kind == "show"] == \
        [(0, "hand"), (1, "hand"), (1, "crib")]


def _end_with_dealer_at(d: int) -> CribbageState:
    """Pone at 119 wins with the pair 8D; the dealer ends on d + 4 (heels 2, fifteen 2)."""
    s = at_deal(((119, 110), (d, max(d - 3, 0))))
    apply_all(s, SETUP1 + PLAY1[:5])
    assert s.is_terminal() and s.scores == (122, d + 4)
    return s


@pytest.mark.parametrize("d,lurch", [(56, True), (57, False), (0, True), (80, False)])
def test_EW_xvii_lurch_loser_below_61(d: int, lurch: bool) -> None:
    # default threshold for a 121 game: the loser below half the target (61)
    s = _end_with_dealer_at(d)
    assert s.result is not None and s.result.lurch is lurch


@pytest.mark.parametrize("d,skunk,points", [(86, True, 3), (87, False, 2), (56, True, 3),
                                            (100, False, 2)])
def test_ACC_12_1_skunk_loser_at_most_90_gives_3_game_points(d: int, skunk: bool,
                                                              points: int) -> None:
    s = _end_with_dealer_at(d)
    assert s.result is not None
    assert s.result.skunk is skunk and s.result.game_points == points
    assert not s.result.double_skunk


def test_CRIB_R_13_double_skunk_when_enabled() -> None:
    s = new_state(double_skunk_threshold=60)
    apply_all(s, CUTS)
    s.pegs = [[119, 110], [50, 40]]
    apply_all(s, SETUP1 + PLAY1[:5])
    assert s.result is not None and s.result.double_skunk and s.result.game_points == 4
    assert s.scores == (122, 54)


def test_result_to_dict() -> None:
    s = _end_with_dealer_at(56)
    assert s.result is not None
    d = s.result.to_dict()
    want = {"winner": 0, "scores": [122, 60], "lurch": True, "skunk": True,
            "double_skunk": False, "game_points": 3}
    assert {k: d[k] for k in want} == want


# --------------------------------------------------------------------------- misc


def test_clone_is_independent() -> None:
    s = at_deal()
    apply_all(s, SETUP1)
    c = s.clone()
    c.apply(Action.parse("PLAY KH"))
    assert s.count == 0 and Card.parse("KH") in s.hands[0]
    assert c.count == 10 and Card.parse("KH") not in c.hands[0]
    assert len(s.history) == len(c.history) - 1


def test_unknown_variant_and_options_raise() -> None:
    with pytest.raises(HoyleError):
        CribbageRules.for_variant("nine-card")
    with pytest.raises(HoyleError):
        CribbageRules.for_variant("six-card", no_such_option=1)
    with pytest.raises(HoyleError):
        CribbageRules(crib_flush_rule="sometimes")


def test_sample_chance_deals_twelve_distinct_cards() -> None:
    s = at_deal()
    a = s.sample_chance(random.Random(3))
    assert a.verb == "DEAL" and len(set(a.cards)) == 12
    assert a == s.sample_chance(random.Random(3))
    s.apply(a)
    assert len(s.hands[0]) == len(s.hands[1]) == 6


@pytest.mark.parametrize("setup,action", [
    (0, Action("PLAY", (Card.parse("KH"),), 7)),  # a stray number on a legal play
    (6, Action("GO", (), 3)),                      # at count 24 only the bare GO is legal
])
def test_apply_refuses_actions_that_legal_actions_does_not_list(setup: int,
                                                                action: Action) -> None:
    # DESIGN.md: legal_actions() lists what the current player may do; apply raises
    # IllegalAction otherwise. The bare forms ("PLAY KH", "GO") are legal here.
    s = at_deal()
    apply_all(s, SETUP1 + PLAY1[:setup])
    assert action not in s.legal_actions()
    before = snapshot(s)
    assert not s.is_legal(action)
    with pytest.raises(IllegalAction):
        s.apply(action)
    assert snapshot(s) == before


def test_EW_xvii_lurch_in_a_game_of_61_needs_loser_below_31() -> None:
    # EW-xvii: a lurch is winning a game of 61 before the loser has 31; rules.py documents
    # the default lurch_threshold as half the target. Pone at 59 wins with the pair 8D
    # (59 + 1 go + 2 pair = 62); dealer 36 + heels 2 + fifteen 2 = 40: 40 >= 31, no lurch.
    s = new_state(target=61)
    apply_all(s, CUTS)
    s.pegs = [[59, 50], [36, 30]]
    apply_all(s, SETUP1 + PLAY1[:5])
    assert s.result is not None and s.result.scores == (62, 40) and s.result.winner == 0
    assert s.result.lurch is False
    # and a dealer left on 30 would be lurched
    t = new_state(target=61)
    apply_all(t, CUTS)
    t.pegs = [[59, 50], [26, 20]]
    apply_all(t, SETUP1 + PLAY1[:5])
    assert t.result is not None and t.result.scores == (62, 30) and t.result.lurch is True
