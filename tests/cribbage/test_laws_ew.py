"""Law tests for the ``EW`` code (*Enquire Within*, "The Accepted Laws of Cribbage").

Project policy (``shared/laws/README.md``): every law of the catalogue
(``shared/laws/cribbage.md`` §2.1) has an implementation in ``hoyle.cribbage.laws.ew`` and at
least one test here named after its ID (``EW-ix-n`` -> ``test_EW_ix_n_...``). Each test builds
the situation on a real :class:`CribbageState` with scripted actions and asserts the ruling
and its effects. Expected values are worked out from the law text (the comment says how),
never copied from a run of the engine.

The standard situation (``at_*`` helpers; its steps are ``helpers.cribbage_laws``'):

* ``CUT 9C`` (seat 0), ``CUT 2D`` (seat 1): the lower card deals (EW-i), so seat 1 is the
  dealer and seat 0 the pone.
* ``DEAL 5H 5C 5S JD 2C 3C  5D TH 4H 6D QC KD``: the pone's six first, then the dealer's.
* The pone lays away 2C 3C and keeps 5H 5C 5S JD; the dealer lays away QC KD and keeps
  4H 5D 6D TH; the crib is 2C 3C QC KD.
* With starter 9S (worked out by hand, CRIB-R-10 / §1.4): pone's hand 14 (J+5 three times
  and 5+5+5: four fifteens 8, pair royal 6); dealer's hand 9 (5+T, 4+5+6, 6+9: 6; run 4-5-6:
  3); crib 4 (2+3+Q, 2+3+K: 4; no run, the crib is not one suit).
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from hoyle.cribbage.effects import DisplacedPeg, Takedown
from hoyle.cribbage.laws import EW
from hoyle.cribbage.players import GreedyPlayer, Player, RandomPlayer
from hoyle.cribbage.records import replay_record
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.laws import DETECTED_KINDS
from hoyle.cribbage.state import CribbageState, CribbageView
from hoyle.errors import IllegalAction
from hoyle.cribbage.match import play_game
from hoyle.engine.action import CHANCE, TERMINAL, Action
from hoyle.engine.event import Event
from hoyle.engine.laws import Ruling

from helpers.cribbage import snapshot
from helpers.cribbage_laws import (CUT, DEAL, DEALER, DISCARDS, FIRST_COUNT, PONE,
                                   SECOND_COUNT, TO_24, act, pegs, play_deal, steer, table)
from helpers.rulings import law_form, rulings, the_ruling

CATALOGUE = Path(__file__).resolve().parents[3] / "shared" / "laws" / "cribbage.md"

# -- helpers --------------------------------------------------------------------------------

def new(referee: bool = False, rules: CribbageRules | None = None,
        manual: bool = True) -> CribbageState:
    return CribbageState(rules, laws=EW, manual_count=manual, referee=referee)


def at_deal(referee: bool = False, **kw: Any) -> CribbageState:
    s = new(referee, **kw)
    act(s, *CUT)
    assert (s.dealer, s.phase, s.deal_number) == (DEALER, "deal", 1)
    return s


def at_discard(referee: bool = False) -> CribbageState:
    s = at_deal(referee)
    act(s, DEAL)
    return s


def at_starter(referee: bool = False) -> CribbageState:
    s = at_discard(referee)
    act(s, *DISCARDS)
    return s


def at_play(referee: bool = False, starter: str = "9S") -> CribbageState:
    s = at_starter(referee)
    act(s, f"STARTER {starter}")
    return s


def at_24(referee: bool = False) -> CribbageState:
    s = at_play(referee)
    act(s, *TO_24)
    assert (s.count, s.current_player) == (24, PONE)
    return s


# A count whose last card scores and is followed by its player's own claim of the go, so
# that the claimant is to act again before any card is played (EW-xix's window, in
# software play too): the pone keeps TH 5H 7C 8D, the dealer KS 5S 7H 8S; starter 9S.
# TH (10), KS (20), 5H (25), then the dealer's 5S makes 30 and a pair (2, CRIB-R-9); no
# card left fits (each is 7 or more), so the dealer also claims one for last (EW-T-ix).
PAIR_DEAL = "DEAL TH 5H 7C 8D 2C 3C KS 5S 7H 8S QC KD"
TO_PAIR = ("PLAY TH", "CLAIM 0", "PLAY KS", "CLAIM 0", "PLAY 5H", "CLAIM 0", "PLAY 5S")


def at_pair_then_go(referee: bool = False) -> CribbageState:
    """At the dealer's claim for 5S (a pair: 2 due), his claim of the go to follow."""
    s = at_deal(referee)
    act(s, PAIR_DEAL, *DISCARDS, "STARTER 9S", *TO_PAIR)
    assert s.claim is not None and (s.claim.seat, s.claim.points) == (DEALER, 2)
    return s


def at_show(referee: bool = False) -> CribbageState:
    """At the pone's hand claim, the play over: pegs pone (5, 3), dealer (3, 2)."""
    s = at_play(referee)
    act(s, *FIRST_COUNT, *SECOND_COUNT)
    assert (s.phase, s.current_player, s.view(PONE).claim) == ("claim", PONE, "hand")
    return s


def steered(score0: int, score1: int, referee: bool = False,
            rules: CribbageRules | None = None) -> CribbageState:
    s = new(referee, rules)
    act(s, *CUT)
    steer(s, score0, score1)
    return s


def catalogue_ids() -> list[str]:
    """The EW law IDs of §2.1 of the catalogue, in order."""
    if not CATALOGUE.is_file():
        pytest.fail(f"the law catalogue is missing: expected it at {CATALOGUE} "
                    "(shared/laws/cribbage.md beside the repository)")
    text = CATALOGUE.read_text(encoding="utf-8")
    m = re.search(r"^### 2\.1 .*?$(.*?)^### 2\.2 ", text, re.M | re.S)
    assert m is not None, f"{CATALOGUE}: section 2.1 (the EW laws) not found"
    return re.findall(r"^\*\*(EW-[a-z]+(?:-(?:n|\d+))?)\b", m.group(1), re.M)


# -- the catalogue and the coverage of this module ---------------------------------------------

ROMANS = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "xiii",
          "xiv", "xv", "xvi", "xvii", "xviii", "xix", "xx", "xxi", "xxii"]


def test_catalogue_EW_ids_match_the_code() -> None:
    ids = catalogue_ids()
    # §2.1: laws i-xxii, the notes after viii and ix, the two closing rules
    expected = [f"EW-{r}" for r in ROMANS] + ["EW-viii-n", "EW-ix-n", "EW-coda-1", "EW-coda-2"]
    assert sorted(ids) == sorted(expected), "the §2.1 headings were not read as expected"
    assert len(set(ids)) == len(ids)
    missing = [i for i in ids if i not in EW]
    assert not missing, f"laws of the catalogue missing from the EW code: {missing}"
    extra = sorted({law.id for law in EW} - set(ids))
    assert not extra, f"laws in the EW code that the catalogue lacks: {extra}"
    assert len(EW) == len(ids)


def test_every_EW_law_has_a_test_named_after_it() -> None:
    forms = {law_id: law_form(law_id) for law_id in catalogue_ids()}
    owners: dict[str, list[str]] = {}
    for name, fn in globals().items():
        if not name.startswith("test_") or not callable(fn):
            continue
        hits = [i for i, f in forms.items() if f"_{f}_" in name or name.endswith(f"_{f}")]
        if hits:  # the most specific ID owns the test (test_EW_ix_n_... is EW-ix-n's)
            owners.setdefault(max(hits, key=lambda i: len(forms[i])), []).append(name)
    missing = [i for i in forms if i not in owners]
    assert not missing, f"no test named after: {missing}"


# -- EW-i: cutting for deal ------------------------------------------------------------------

def test_EW_i_lowest_cut_deals_ace_is_lowest() -> None:
    s = new()
    act(s, "CUT KS", "CUT AH")  # the ace is the lowest card: seat 1 deals
    assert (s.dealer, s.pone(), s.phase) == (1, 0, "deal")
    s = new()
    act(s, "CUT AD", "CUT 2C")  # ace below two: seat 0 deals, seat 1 is pone
    assert (s.dealer, s.pone()) == (0, 1)


def test_EW_i_equal_cuts_cut_again() -> None:
    s = new()
    events = act(s, "CUT 7C", "CUT 7H")  # equal ranks: "equal cuts cut again"
    r = the_ruling(events, "EW-i")
    assert r.points == () and not r.new_deal and r.loses_game is None
    assert (s.dealer, s.phase, s.current_player, s.deal_number) == (None, "cut_for_deal",
                                                                    CHANCE, 0)
    assert s.scores == (0, 0)
    act(s, "CUT 7C", "CUT 3S")  # both cut again; the lower (3) deals
    assert (s.dealer, s.phase) == (1, "deal")
    with pytest.raises(IllegalAction):  # equal cuts are detected, not reported
        new(referee=True).apply(Action.parse("REPORT equal_cuts"))


# -- EW-ii: the cut before the deal ----------------------------------------------------------

def test_EW_ii_short_cut_is_void_and_made_again_without_penalty() -> None:
    s = at_deal(referee=True)
    events = act(s, "REPORT short_cut 0")
    r = the_ruling(events, "EW-ii")
    # no penalty stated: the cut is made again (deal_cut_min = 4)
    assert r.points == () and not r.effects and "again" in r.text and r.parameter == "deal_cut_min"
    assert s.scores == (0, 0)
    assert (s.phase, s.current_player, s.dealer, s.deal_number) == ("deal", CHANCE, DEALER, 1)


# -- EW-iii: misdeal -------------------------------------------------------------------------

def test_EW_iii_misdeal_before_starter_nondealer_scores_2_same_dealer_deals_again() -> None:
    s = at_discard(referee=True)
    act(s, DISCARDS[0])
    events = act(s, "REPORT misdeal")
    r = the_ruling(events, "EW-iii")
    # "the penalty for which is the taking of two points by the non-dealer"; a new deal,
    # by the same dealer (misdeal_redealer default)
    assert r.points == ((PONE, 2),) and r.new_deal
    assert pegs(s) == [(2, 0), (0, 0)]
    assert (s.phase, s.current_player, s.dealer, s.deal_number) == ("deal", CHANCE, DEALER, 2)
    assert s.hands == [[], []] and s.crib == [] and s.starter is None


def test_EW_iii_misdeal_of_the_pones_own_hand_still_scores_to_the_pone() -> None:
    s = at_starter(referee=True)  # before the starter is turned
    act(s, "REPORT misdeal 0")  # the pone's own hand is the wrong one: he takes the 2 anyway
    assert s.scores == (2, 0) and s.deal_number == 2 and s.dealer == DEALER


def test_EW_iii_wrong_count_after_starter_new_deal_points_pegged_stand() -> None:
    s = at_24(referee=True)  # the dealer has pegged 2 (fifteen) in this deal
    events = act(s, "REPORT wrong_count")
    r = the_ruling(events, "EW-iii")
    # EW-iii extended (wrong_count_after_starter): non-dealer +2, the deal is void; the
    # points already pegged stand
    assert r.points == ((PONE, 2),) and r.new_deal
    assert r.parameter == "wrong_count_after_starter"
    assert s.scores == (2, 2)
    assert (s.phase, s.dealer, s.deal_number, s.played) == ("deal", DEALER, 2, [])


def test_EW_iii_misdeal_with_no_deal_in_progress_is_refused() -> None:
    s = new(referee=True)
    act(s, "CUT 9C")  # still cutting for deal: nothing has been dealt
    events = act(s, "REPORT misdeal")
    r = the_ruling(events, "EW-iii")
    assert not r.effects and r.points == () and not r.new_deal
    assert (s.scores, s.phase, s.deal_number) == ((0, 0), "cut_for_deal", 0)


# -- EW-iv: faced or exposed card ------------------------------------------------------------

def test_EW_iv_exposed_card_during_the_deal_new_deal_without_penalty() -> None:
    s = at_deal(referee=True)
    events = act(s, "REPORT exposed_card")
    r = the_ruling(events, "EW-iv")
    assert r.new_deal and r.points == ()  # "a new deal, without penalty"
    assert (s.scores, s.phase, s.dealer, s.deal_number) == ((0, 0), "deal", DEALER, 2)


def test_EW_iv_exposed_card_after_the_deal_nothing() -> None:
    s = at_discard(referee=True)  # the cards are dealt: the act of dealing is over
    before = table(s)
    events = act(s, "REPORT exposed_card")
    r = the_ruling(events, "EW-iv")
    assert not r.effects and not r.new_deal and r.points == ()
    assert table(s) == before


def test_EW_iv_faced_card_found_before_the_starter_new_deal_not_after() -> None:
    s = at_starter(referee=True)  # a faced card in the stock, found before the starter cut
    r = the_ruling(act(s, "REPORT faced_card"), "EW-iv")
    assert r.new_deal and r.points == () and s.deal_number == 2 and s.phase == "deal"
    s = at_24(referee=True)  # in the play: too late, play goes on
    before = table(s)
    r = the_ruling(act(s, "REPORT faced_card"), "EW-iv")
    assert not r.effects and not r.new_deal and table(s) == before


# -- EW-v: shuffle; cut for the start ---------------------------------------------------------

def test_EW_v_the_deal_and_the_starter_are_chance_nodes_starter_after_both_discards() -> None:
    s = at_deal()
    assert s.current_player == CHANCE and s.legal_actions() == []  # the dealer shuffles
    act(s, DEAL)
    act(s, DISCARDS[0])
    assert (s.phase, s.current_player) == ("discard", DEALER)
    with pytest.raises(IllegalAction):  # no start before the dealer has laid out
        s.apply(Action.parse("STARTER 9S"))
    act(s, DISCARDS[1])
    assert (s.phase, s.current_player, s.legal_actions()) == ("starter", CHANCE, [])
    # the pone cuts the rest of the pack: any of the 52 - 12 cards not dealt
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 40 and all(a.verb == "STARTER" for a in outcomes)
    for card in ("5H", "QC", "4H"):  # a card in a hand or the crib cannot be the start
        with pytest.raises(IllegalAction):
            s.apply(Action.parse(f"STARTER {card}"))
    act(s, "STARTER 9S")
    assert (s.phase, s.current_player, str(s.starter)) == ("play", PONE, "9S")


# -- EW-vi: the pone touching the pack ---------------------------------------------------------

@pytest.mark.parametrize("where", ["deal", "discard", "starter", "play", "show"])
def test_EW_vi_pone_touching_the_pack_in_the_window_dealer_scores_2(where: str) -> None:
    s = {"deal": at_deal, "discard": at_discard, "starter": at_starter, "play": at_24,
         "show": at_show}[where](referee=True)
    (p0, b0), (d0, _) = pegs(s)
    r = the_ruling(act(s, "REPORT touched_pack 0"), "EW-vi")
    assert r.points == ((DEALER, 2),)  # "forfeits two points": the dealer pegs 2 (§0)
    assert pegs(s) == [(p0, b0), (d0 + 2, d0)]


def test_EW_vi_touched_pack_without_a_seat_is_the_pones() -> None:
    s = at_discard(referee=True)
    act(s, "REPORT touched_pack")  # the law binds the non-dealer
    assert s.scores == (0, 2)


def test_EW_vi_touching_the_pack_before_the_deal_nothing() -> None:
    s = new(referee=True)
    act(s, "CUT 9C")  # cutting for deal: the pack has not been cut for a deal yet
    r = the_ruling(act(s, "REPORT touched_pack 0"), "EW-vi")
    assert not r.effects and r.points == () and s.scores == (0, 0)


def test_EW_vi_dealer_touching_the_pack_no_penalty() -> None:
    s = at_discard(referee=True)
    r = the_ruling(act(s, "REPORT touched_pack 1"), "EW-vi")
    assert not r.effects and r.points == () and s.scores == (0, 0)


# -- EW-vii: size of the starter cut ---------------------------------------------------------

def test_EW_vii_short_starter_cut_is_made_again_no_points() -> None:
    s = at_starter(referee=True)
    r = the_ruling(act(s, "REPORT short_starter_cut"), "EW-vii")
    assert not r.effects and "again" in r.text and r.points == ()
    assert (s.phase, s.current_player, s.starter, s.scores) == ("starter", CHANCE, None,
                                                                (0, 0))
    act(s, "STARTER 9S")  # the cut is made again
    assert s.phase == "play"
    # once the starter is turned, it stands
    r = the_ruling(act(s, "REPORT short_starter_cut"), "EW-vii")
    assert not r.effects and str(s.starter) == "9S" and s.scores == (0, 0)


# -- EW-viii: the crib -------------------------------------------------------------------------

def test_EW_viii_the_pone_lays_out_first() -> None:
    s = at_discard()
    assert s.current_player == PONE
    assert {c for a in s.legal_actions() for c in a.cards} == set(s.hands[PONE])
    act(s, DISCARDS[0])
    assert s.current_player == DEALER


def test_EW_viii_dealer_discarding_first_is_refused() -> None:
    s = at_discard(referee=True)
    before = table(s)
    r = the_ruling(act(s, "REPORT dealer_discarded_first 1"), "EW-viii")
    assert not r.effects and r.points == () and r.parameter == "discard_order"
    assert table(s) == before  # the pone is still the one to lay out


def test_EW_viii_a_card_laid_out_cannot_be_recalled() -> None:
    s = at_discard(referee=True)
    act(s, DISCARDS[0])
    before = table(s)
    r = the_ruling(act(s, "REPORT recalled_discard 0"), "EW-viii")
    assert not r.effects and r.points == ()
    assert table(s) == before and {str(c) for c in s.crib} == {"2C", "3C"}


def test_EW_viii_touching_the_crib_is_recorded_without_penalty() -> None:
    s = at_24(referee=True)
    before = table(s)
    r = the_ruling(act(s, "REPORT touched_crib 0"), "EW-viii")
    assert r.points == () and r.loses_game is None and table(s) == before


def test_EW_viii_confusing_crib_and_hand_costs_3() -> None:
    s = at_24(referee=True)  # pegs: pone (0, 0), dealer (2, 0)
    crib = list(s.crib)
    r = the_ruling(act(s, "REPORT crib_confused 1"), "EW-viii")
    assert r.points == ((PONE, 3),)  # "liable to a penalty of three points": the pone pegs 3
    assert pegs(s) == [(3, 0), (2, 0)]
    assert s.crib == crib  # the true crib stands
    act(s, "REPORT crib_confused 0")
    assert pegs(s) == [(3, 0), (5, 2)]
    with pytest.raises(IllegalAction):  # whose confusion must be said
        s.apply(Action.parse("REPORT crib_confused"))


# -- EW-viii-n: three and four players -------------------------------------------------------

def test_EW_viii_n_three_hand_left_of_dealer_first_dealer_last() -> None:
    rules = CribbageRules(players=3, cards_dealt=5, discard_per_player=1,
                          crib_cards_from_stock=1, target=61)
    s = new(rules=rules)
    act(s, "CUT 9C", "CUT 2D", "CUT KH")  # seat 1 cuts lowest and deals
    assert s.dealer == 1
    # dealt from the dealer's left: seat 2, seat 0, seat 1; one card to the crib
    act(s, "DEAL AC 2C 3C 4C 5C 6C 7C 8C 9C TC AD 3D 4D 5D 6D 7D")
    order = []
    for card in ("AC", "6C", "AD"):  # each lays away one card, seat to act first
        order.append(s.current_player)
        act(s, f"DISCARD {card}")
    assert order == [2, 0, 1]  # the left-hand player first, then the next, the dealer last
    assert (s.phase, s.current_player, len(s.crib)) == ("starter", CHANCE, 4)


def test_EW_viii_n_four_hand_left_of_dealer_first_dealer_last() -> None:
    rules = CribbageRules(players=4, cards_dealt=5, discard_per_player=1, partnerships=True)
    s = new(rules=rules)
    act(s, "CUT 9C", "CUT KD", "CUT 2H", "CUT QS")  # seat 2 cuts lowest and deals
    assert s.dealer == 2
    act(s, "DEAL AC 2C 3C 4C 5C 6C 7C 8C 9C TC AD 2D 3D 4D 5D 6D 7D 8D 9D TD")
    order = []
    while s.phase == "discard":
        order.append(s.current_player)
        s.apply(s.legal_actions()[0])
    assert order == [3, 0, 1, 2]


# -- EW-ix and EW-ix-n: overscoring ---------------------------------------------------------

def test_EW_ix_overclaim_in_the_play_is_pegged_then_adversary_chooses() -> None:
    s = at_play()
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D")
    events = act(s, "CLAIM 6")  # 15 is worth 2: an overclaim of 4
    assert pegs(s) == [(0, 0), (6, 0)]  # pegged as claimed
    r = the_ruling(events, "EW-ix")
    assert r.decision is not None and r.decision.seat == PONE
    assert r.parameter == "overscore_claim_window"
    # a decision node for the adversary, with exactly the two options
    assert (s.phase, s.current_player) == ("decision", PONE)
    assert [str(a) for a in s.legal_actions()] == ["CHOOSE takedown", "CHOOSE accept"]
    options = s.view(PONE).decision
    assert len(options) == 2 and "4" in options[0]
    assert s.view(PONE).claim == ""
    for bad in ("CLAIM 2", "PLAY 5H", "CHOOSE muggins", "GO"):
        with pytest.raises(IllegalAction):
            s.apply(Action.parse(bad))


def test_EW_ix_takedown_puts_offender_back_and_gives_the_excess() -> None:
    s = at_play()
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 6")
    events = act(s, "CHOOSE takedown")
    # dealer put back 4 to his true 2; the pone pegs the 4
    assert s.scores == (4, 2)
    assert any(e.kind == "score" and e.seat == DEALER and e.points == -4 for e in events)
    # play goes on: the pone to play at 15
    assert (s.phase, s.current_player, s.count) == ("play", PONE, 15)


def test_EW_ix_accept_leaves_the_overscore_standing() -> None:
    s = at_play()
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 6")
    events = act(s, "CHOOSE accept")
    assert pegs(s) == [(0, 0), (6, 0)]
    assert not [e for e in events if e.kind == "score"]
    assert (s.phase, s.current_player, s.count) == ("play", PONE, 15)


def test_EW_ix_overclaimed_hand_taken_down_or_accepted() -> None:
    # the pone claims 20 for his 14 (excess 6); pegs before: pone (5, 3), dealer (3, 2)
    s = at_show()
    act(s, "CLAIM 20")
    assert pegs(s) == [(25, 5), (3, 2)]
    assert [str(a) for a in s.legal_actions()] == ["CHOOSE takedown", "CHOOSE accept"]
    assert s.current_player == DEALER and len(s.view(DEALER).decision) == 2
    taken = s.clone()
    act(taken, "CHOOSE takedown")
    assert taken.scores == (19, 9)  # pone 5 + 14, dealer 3 + 6
    accepted = s.clone()
    act(accepted, "CHOOSE accept")
    assert accepted.scores == (25, 3)
    for t in (taken, accepted):  # then the dealer counts his hand
        assert (t.phase, t.current_player, t.view(DEALER).claim) == ("claim", DEALER, "hand")


def test_EW_ix_overclaimed_go_point() -> None:
    s = at_play()
    act(s, *FIRST_COUNT[:-1])
    act(s, "CLAIM 3")  # one for last, claimed as 3: excess 2; pone (2, 0) -> (5, 2)
    assert pegs(s) == [(5, 2), (2, 0)] and s.current_player == DEALER
    act(s, "CHOOSE takedown")
    assert s.scores == (3, 4)


def test_EW_ix_takedown_can_take_the_adversary_to_game() -> None:
    s = steered(50, 110)
    play_deal(s, "9S", {}, stop_at=(0, "hand"))  # all play points left unclaimed
    assert s.scores == (50, 110)
    act(s, "CLAIM 25")  # true 14 (starter 9S): excess 11; 75 is no claim of game
    assert s.scores == (75, 110) and s.phase == "decision"
    events = act(s, "CHOOSE takedown")  # 110 + 11 = 121: the adversary reaches game
    assert s.is_terminal() and s.result is not None
    assert (s.result.winner, s.result.forfeit) == (1, "")
    assert s.scores == (64, 121)
    assert events[-1].kind == "game_over"


def test_EW_ix_n_takedown_peg_positions() -> None:
    s = at_play()
    act(s, *FIRST_COUNT[:-1])  # pone pegs (2, 0), dealer (2, 0)
    assert pegs(s) == [(2, 0), (2, 0)]
    act(s, "CLAIM 4")  # one for last claimed as 4: excess 3; pone (6, 2)
    assert pegs(s) == [(6, 2), (2, 0)]
    act(s, "CHOOSE takedown")
    # EW-ix-n: the dealer's back peg goes where the pone's front peg ought to be (2 + 1),
    # the wrongly placed peg goes 3 holes ahead of the dealer's front (2 + 3): the pone's
    # front = corrected score 3 (his back peg stays at 2); the dealer's back = his old
    # front 2, his front = 5
    assert pegs(s) == [(3, 2), (5, 2)]


def test_EW_ix_computer_players_claim_the_true_points() -> None:
    games: list[tuple[int, list[Player]]] = [(11, [GreedyPlayer(), RandomPlayer()]),
                                             (12, [RandomPlayer(), GreedyPlayer()]),
                                             (13, [GreedyPlayer(), GreedyPlayer()])]
    for seed, players in games:
        events: list[Event] = []
        s = play_game(players, seed=seed,
                      state=CribbageState(seed=seed, laws=EW, manual_count=True),
                      on_events=events.extend)
        assert s.is_terminal() and s.result is not None
        bad = [e for e in rulings(events) if e.source in ("EW-ix", "EW-x", "EW-xvi")]
        assert not bad, [e.reason for e in bad]
        assert not [e for e in events if e.kind == "choice"]
        assert sum(a.verb == "CLAIM" for a in s.history) > 20
        # the same deals and plays, counted by the engine: without the claims, and without
        # HEELS (under automatic counting the engine pegs his heels as the jack is turned)
        auto = CribbageState(seed=seed, laws=EW)
        for a in s.history:
            if a.verb not in ("CLAIM", "HEELS"):
                auto.apply(a)
        assert auto.is_terminal()
        assert auto.scores == s.scores and pegs(auto) == pegs(s)
        assert auto.result == s.result


# -- EW-x: underscoring ---------------------------------------------------------------------

def test_EW_x_underclaim_in_the_play_scores_only_the_claim() -> None:
    s = at_play()
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D")
    events = act(s, "CLAIM 1")  # fifteen 2, claimed 1
    r = the_ruling(events, "EW-x")
    assert r.points == () and r.effect(Takedown) is None and r.decision is None
    assert r.parameter == "muggins"
    assert pegs(s) == [(0, 0), (1, 0)]  # the pone gains nothing
    assert (s.phase, s.current_player) == ("play", PONE)


def test_EW_x_underclaimed_hand_is_lost() -> None:
    s = at_show()
    events = act(s, "CLAIM 10")  # 14 due
    assert the_ruling(events, "EW-x").points == ()
    assert pegs(s) == [(15, 5), (3, 2)]
    assert (s.phase, s.current_player, s.view(DEALER).claim) == ("claim", DEALER, "hand")


# -- EW-xi: a taken score is final -----------------------------------------------------------

def test_EW_xi_amend_after_hand_taken_is_illegal_in_software_play() -> None:
    s = at_show()
    act(s, "CLAIM 10")
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="EW-xi"):
        s.apply(Action.parse("AMEND 4"))
    assert snapshot(s) == before


def test_EW_xi_amend_after_hand_taken_is_ruled_in_referee_mode() -> None:
    s = at_show(referee=True)
    act(s, "CLAIM 10")
    before = table(s)
    r = the_ruling(act(s, "AMEND 4"), "EW-xi")
    assert not r.effects and r.points == ()
    assert table(s) == before and str(s.history[-1]) == "AMEND 4"
    assert s.scores == (15, 3)


def test_EW_xi_amend_names_the_seat_that_took_the_hand() -> None:
    s = at_show(referee=True)
    act(s, "CLAIM 10")  # the pone has taken his hand; the dealer is counting his
    events = act(s, "AMEND 4")  # only the pone has a taken score to amend
    (e,) = rulings(events, "EW-xi")
    assert e.seat == PONE


def test_EW_xi_amend_after_the_crib_is_taken_is_refused_by_EW_xi() -> None:
    s = at_show()
    act(s, "CLAIM 14", "CLAIM 9", "CLAIM 4")  # hands and crib taken: the deal is over
    assert s.deal_number == 2
    with pytest.raises(IllegalAction, match="EW-xi"):
        s.apply(Action.parse("AMEND 2"))
    s = at_show(referee=True)
    act(s, "CLAIM 14", "CLAIM 9", "CLAIM 2")  # the dealer takes 2 for his crib of 4
    r = the_ruling(act(s, "AMEND 2"), "EW-xi")
    assert not r.effects and s.scores == (19, 14)


def test_EW_xi_no_amend_before_any_score_is_taken() -> None:
    s = at_play(referee=True)
    with pytest.raises(IllegalAction):
        s.apply(Action.parse("AMEND 2"))


# -- EW-xii: his heels -----------------------------------------------------------------------

def test_EW_xii_heels_pegged_at_once_under_automatic_counting() -> None:
    s = new(manual=False)
    act(s, *CUT, DEAL, *DISCARDS)
    events = act(s, "STARTER JS")
    assert pegs(s) == [(0, 0), (2, 0)]
    assert [e.source for e in events if e.kind == "score"] == ["EW-xii"]
    with pytest.raises(IllegalAction):
        s.apply(Action.parse("HEELS"))


def test_EW_xii_heels_taken_while_the_pone_is_to_play() -> None:
    s = at_play(starter="JS")
    assert s.current_player == PONE and s.view(DEALER).heels_due
    assert not s.view(PONE).heels_due
    act(s, "HEELS")
    assert pegs(s) == [(0, 0), (2, 0)]
    assert (s.phase, s.current_player) == ("play", PONE)  # the pone still leads
    assert not s.view(DEALER).heels_due


def test_EW_xii_heels_taken_at_the_dealers_first_turn() -> None:
    s = at_play(starter="JS")
    act(s, "PLAY JD", "CLAIM 0")
    assert s.current_player == DEALER
    assert Action("HEELS") in s.legal_actions()
    act(s, "HEELS")
    assert pegs(s) == [(0, 0), (2, 0)]
    assert Action("HEELS") not in s.legal_actions() and s.current_player == DEALER
    act(s, "PLAY 5D", "CLAIM 2")  # 15 for 2 on top
    assert pegs(s) == [(0, 0), (4, 2)]


def test_EW_xii_heels_lost_after_dealer_plays_software_play() -> None:
    s = at_play(starter="JS")
    act(s, "PLAY JD", "CLAIM 0")
    events = act(s, "PLAY 5D")  # the dealer's own card, heels not taken
    assert [e.source for e in events if e.kind == "heels_lost"] == ["EW-xii"]
    for at_claim in (True, False):
        before = snapshot(s)
        with pytest.raises(IllegalAction, match="EW-xii"):
            s.apply(Action.parse("HEELS"))
        assert snapshot(s) == before
        if at_claim:
            act(s, "CLAIM 2")
    assert s.scores == (0, 2)  # the fifteen only


def test_EW_xii_heels_lost_after_dealer_plays_referee_mode() -> None:
    s = at_play(referee=True, starter="JS")
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D")
    before = table(s)
    r = the_ruling(act(s, "HEELS"), "EW-xii")
    assert not r.effects and r.points == () and r.parameter == "heels_window"
    assert table(s) == before and s.scores == (0, 0)
    assert str(s.history[-1]) == "HEELS"


def test_EW_xii_heels_taken_only_once() -> None:
    s = at_play(starter="JS")
    act(s, "HEELS")
    with pytest.raises(IllegalAction):
        s.apply(Action.parse("HEELS"))
    s = at_play(referee=True, starter="JS")
    act(s, "HEELS")
    r = the_ruling(act(s, "HEELS"), "EW-xii")
    assert not r.effects and s.scores == (0, 2)


def test_EW_xii_no_heels_without_a_jack() -> None:
    s = at_play(referee=True, starter="9S")
    with pytest.raises(IllegalAction):
        s.apply(Action.parse("HEELS"))


# -- EW-xiii: no help in counting ----------------------------------------------------------

def test_EW_xiii_no_help_may_be_demanded() -> None:
    s = at_show(referee=True)
    before = table(s)
    r = the_ruling(act(s, "REPORT count_help_demanded 0"), "EW-xiii")
    assert not r.effects and r.points == () and r.parameter == "count_assist"
    # the claim is still the pone's own to make
    assert table(s) == before and s.view(PONE).claim == "hand"
    assert not {"points", "due", "hint", "true_points"} & set(CribbageView._fields)


# -- EW-xiv: touching the adversary's pegs; a displaced peg --------------------------------

def test_EW_xiv_touching_the_adversarys_pegs_costs_2() -> None:
    s = at_24(referee=True)  # pone (0, 0), dealer (2, 0)
    r = the_ruling(act(s, "REPORT touched_pegs 0"), "EW-xiv")
    assert r.points == ((DEALER, 2),)  # the owner of the pegs scores 2
    assert pegs(s) == [(0, 0), (4, 2)]
    act(s, "REPORT touched_pegs 1")
    assert pegs(s) == [(2, 0), (4, 2)]


def test_EW_xiv_displaced_front_peg_score_falls_back_to_the_standing_peg() -> None:
    s = at_show(referee=True)  # pone (5, 3)
    r = the_ruling(act(s, "REPORT displaced_peg 0"), "EW-xiv")
    assert r.points == () and r.effect(DisplacedPeg) == DisplacedPeg(PONE)
    assert s.scores == (3, 3)  # the standing (back) peg at 3 is now the score
    assert (s.phase, s.current_player) == ("claim", PONE)


def test_EW_xiv_displaced_front_peg_goes_in_the_hole_behind_the_standing_peg() -> None:
    s = at_show(referee=True)  # pone (5, 3)
    act(s, "REPORT displaced_peg 0")
    # "it must be placed in the hole behind the other peg which is standing": the
    # standing peg (3) is the front peg, the displaced one goes one hole behind it (2)
    assert pegs(s)[PONE] == (3, 2)


# -- EW-xv: a pegged hole stands --------------------------------------------------------------

def test_EW_xv_a_moved_peg_is_put_back() -> None:
    s = at_24(referee=True)
    before = table(s)
    r = the_ruling(act(s, "REPORT moved_peg 1"), "EW-xv")
    assert not r.effects and r.points == () and table(s) == before


# -- EW-xvi: false claim of game -------------------------------------------------------------

def test_EW_xvi_overclaim_reaching_121_is_a_false_claim_and_loses() -> None:
    s = steered(106, 0)
    play_deal(s, "9S", {}, stop_at=(0, "hand"))
    assert s.scores == (106, 0)
    events = act(s, "CLAIM 15")  # 14 due: 106 + 14 = 120 < 121 <= 106 + 15
    the_ruling(events, "EW-xvi")
    assert s.is_terminal() and s.current_player == TERMINAL and s.legal_actions() == []
    assert s.result is not None
    assert (s.result.winner, s.result.forfeit) == (1, "EW-xvi")
    assert s.scores[0] < 121
    with pytest.raises(IllegalAction):
        s.apply(Action.parse("CLAIM 0"))


def test_EW_xvi_overclaim_when_the_true_count_reaches_game_wins() -> None:
    s = steered(107, 0)
    play_deal(s, "9S", {}, stop_at=(0, "hand"))
    events = act(s, "CLAIM 15")  # 107 + 14 = 121: the game is truly won
    assert not rulings(events, "EW-xvi")
    assert s.result is not None and (s.result.winner, s.result.forfeit) == (0, "")


def test_EW_xvi_overclaim_short_of_game_is_only_an_overscore() -> None:
    s = steered(90, 0)
    play_deal(s, "9S", {}, stop_at=(0, "hand"))
    events = act(s, "CLAIM 20")  # 110 < 121: EW-ix, not EW-xvi
    the_ruling(events, "EW-ix")
    assert s.phase == "decision" and s.result is None


@pytest.mark.parametrize("start, amends, score, won", [
    (119, ("AMEND 2",), 121, True),  # 2 due for his pair: truly 121, the game is his
    (118, ("AMEND 3",), 120, False),  # 118 + 3 = 121, but 2 due: 120, a false claim
    (110, ("AMEND 5", "AMEND 11"), 112, False),  # 3 too many pegged at 115, then 6 more
])
def test_EW_xvi_an_amendment_that_reaches_the_game_is_settled_at_once(
        start: int, amends: tuple[str, ...], score: int, won: bool) -> None:
    # The dealer claims 0 for his pair (2 due) and amends before his go. An amendment is
    # compared with the true count only when its window shuts (EW-xiii), but one that takes
    # him to 121 claims the game: settled at once, it loses the game if the true count does
    # not reach it, his peg back at his true score (the 3 pegged too many are put back).
    s = CribbageState(laws=EW, manual_count=True, start_scores=(0, start))
    act(s, *CUT, PAIR_DEAL, *DISCARDS, "STARTER 9S", *TO_PAIR, "CLAIM 0")
    events = act(s, *amends)
    assert s.is_terminal() and s.result is not None
    assert s.scores == (0, score)
    if won:
        assert not rulings(events) and (s.result.winner, s.result.forfeit) == (DEALER, "")
    else:
        the_ruling(events, "EW-xvi")
        assert (s.result.winner, s.result.forfeit) == (PONE, "EW-xvi")


def test_EW_xvi_reported_false_claim_of_game_loses() -> None:
    s = at_24(referee=True)
    events = act(s, "REPORT false_game_claim 0")
    r = the_ruling(events, "EW-xvi")
    assert r.loses_game == PONE
    assert s.result is not None and (s.result.winner, s.result.forfeit) == (1, "EW-xvi")


# -- EW-xvii: lurch --------------------------------------------------------------------------

def finish(s: CribbageState) -> None:
    """Seat 0 takes 1 of his hand in the next deal: he reaches game with that point."""
    play_deal(s, "5D", {(0, "hand"): 1})
    assert s.is_terminal() and s.result is not None and s.result.winner == 0


def test_EW_xvii_lurch_in_a_game_of_61_not_named_unless_agreed() -> None:
    # EW-xvii: a lurch counts "only if agreed before the game"; not agreed, the result is
    # one plain game (no lurch, and no ACC skunk either: EW knows none)
    s = steered(60, 30, rules=CribbageRules(target=61))
    finish(s)
    r = s.result
    assert r is not None and r.scores == (61, 30)
    assert not r.lurch and r.games == 1 and r.forfeit == "" and not r.skunk
    assert r.code == "ew" and r.game_points == 0


def test_EW_xvii_lurch_agreed_counts_two_games() -> None:
    s = steered(60, 30, rules=CribbageRules(target=61, lurch_agreed=True))
    finish(s)
    assert s.result is not None and s.result.lurch and s.result.games == 2


def test_EW_xvii_no_lurch_when_the_loser_has_31() -> None:
    s = steered(60, 31, rules=CribbageRules(target=61, lurch_agreed=True))
    finish(s)
    assert s.result is not None and s.result.scores == (61, 31)
    assert not s.result.lurch and s.result.games == 1


@pytest.mark.parametrize("loser, lurch", [(60, True), (61, False)])
def test_EW_xvii_game_of_121_lurch_below_61(loser: int, lurch: bool) -> None:
    s = steered(120, loser, rules=CribbageRules(lurch_agreed=True))
    finish(s)
    assert s.result is not None and s.result.scores == (121, loser)
    assert s.result.lurch == lurch and s.result.games == (2 if lurch else 1)


# -- EW-xviii: played cards stand ------------------------------------------------------------

def test_EW_xviii_card_past_31_is_illegal_in_software_play() -> None:
    s = at_24()
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="EW-xviii"):
        s.apply(Action.parse("PLAY JD"))  # 24 + 10 = 34
    assert snapshot(s) == before
    assert Action.parse("PLAY JD") not in s.legal_actions()


def test_EW_xviii_card_past_31_goes_back_without_penalty_in_referee_mode() -> None:
    s = at_24(referee=True)
    before, history = table(s), s.history
    r = the_ruling(act(s, "PLAY JD"), "EW-xviii")
    assert not r.effects and r.points == ()
    assert table(s) == before  # the card is back in the hand, the pone still to play
    assert s.history == history + [Action.parse("PLAY JD")]
    act(s, "PLAY 5S", "CLAIM 0")  # 29, and play goes on
    assert s.count == 29


def test_EW_xviii_a_legal_card_played_cannot_be_taken_back() -> None:
    s = at_24(referee=True)
    before = table(s)
    r = the_ruling(act(s, "REPORT retracted_card 1"), "EW-xviii")
    assert not r.effects and table(s) == before and str(s.played[-1][1]) == "4H"


# -- EW-xix: neglected points ----------------------------------------------------------------

def test_EW_xix_play_points_are_taken_at_their_claim() -> None:
    s = at_play()
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D")
    assert s.view(DEALER).claim == "play"  # inside the window: claim them now
    act(s, "CLAIM 2")
    assert s.scores == (0, 2)


def test_EW_xix_amend_after_a_play_claim_is_illegal_in_software_play() -> None:
    s = at_play()
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 0")  # the fifteen neglected
    act(s, "PLAY 5H")  # the next card is played
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="EW-xix"):
        s.apply(Action.parse("AMEND 2"))
    assert snapshot(s) == before


def test_EW_xix_amend_after_a_play_claim_is_a_late_claim_in_referee_mode() -> None:
    s = at_play(referee=True)
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 0", "PLAY 5H")  # the next card is played
    before = table(s)
    r = the_ruling(act(s, "AMEND 2"), "EW-xix")
    assert not r.effects and r.points == ()
    assert table(s) == before and s.scores == (0, 0)
    r = the_ruling(act(s, "REPORT late_claim 1"), "EW-xix")
    assert not r.effects and s.scores == (0, 0)
    act(s, "CLAIM 2")  # the pone's pair
    assert s.scores == (2, 0)


# -- EW-xx, EW-xxii, EW-coda-1: the game lost -------------------------------------------------

def check_game_lost(kind: str, law: str) -> None:
    s = at_24(referee=True)  # pone 0, dealer 2
    r = the_ruling(act(s, f"REPORT {kind} 0"), law)
    assert r.loses_game == PONE
    assert s.is_terminal() and s.current_player == TERMINAL and s.legal_actions() == []
    assert s.result is not None
    assert (s.result.winner, s.result.forfeit, s.result.scores) == (DEALER, law, (0, 2))
    with pytest.raises(IllegalAction):
        s.apply(Action.parse("PLAY 5S"))
    with pytest.raises(IllegalAction):  # needs the seat at fault
        at_24(referee=True).apply(Action.parse(f"REPORT {kind}"))


def test_EW_xx_throwing_up_the_cards_loses_the_game() -> None:
    check_game_lost("threw_up_cards", "EW-xx")


def test_EW_xxii_hand_mixed_with_the_pack_loses_the_game() -> None:
    check_game_lost("hand_mixed_with_pack", "EW-xxii")


def test_EW_coda_1_refusing_the_laws_loses_the_game() -> None:
    check_game_lost("refused_laws", "EW-coda-1")


# -- EW-xxi: renege --------------------------------------------------------------------------

def test_EW_xxi_go_holding_a_playable_card_is_illegal_in_software_play() -> None:
    s = at_24()
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="EW-xxi"):
        s.apply(Action.parse("GO"))
    assert snapshot(s) == before
    assert Action("GO") not in s.legal_actions()


def test_EW_xxi_renege_adversary_scores_2_and_the_go_stands() -> None:
    s = at_24(referee=True)  # the pone holds 5S, which fits (29)
    played, hands = list(s.played), [list(h) for h in s.hands]
    events = act(s, "GO", "REPORT renege 0")  # the go, then the dealer's claim
    r = the_ruling(events, "EW-xxi")
    assert r.points == ((DEALER, 2),)  # "forfeits two holes"
    assert pegs(s) == [(0, 0), (4, 2)]
    # nothing is taken back, the go stands: the dealer plays on at 24
    assert s.played == played and [list(h) for h in s.hands] == hands
    assert s.passed == [True, False] and (s.current_player, s.count) == (DEALER, 24)
    assert [e.kind for e in events].count("go") == 1


def test_EW_xxi_renege_costs_two_once_not_per_playable_card() -> None:
    s = at_play(referee=True)
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 2", "PLAY 5H", "CLAIM 2")
    # count 20: the dealer holds TH, 4H, 6D, all playable
    act(s, "GO", "REPORT renege 1")
    assert pegs(s) == [(4, 2), (2, 0)]  # two for the offence, whatever the cards


def test_EW_xxi_both_players_renege_at_the_lead() -> None:
    s = at_play(referee=True)
    act(s, "GO", "REPORT renege 0")  # the pone holds four playable cards: the dealer pegs 2
    events = act(s, "GO", "REPORT renege 1")  # and so does the dealer: the pone pegs 2
    assert s.scores == (2, 2)
    # no card has been played in this count: there is no last card to score (EW-T-ix)
    assert not [e for e in events if e.kind == "score" and e.source == "EW-T-ix"]
    assert not (s.phase == "claim" and s.view(s.current_player).claim == "go")


def test_EW_xxi_both_players_renege_on_a_new_count_no_point_for_last() -> None:
    s = at_play(referee=True)
    act(s, *FIRST_COUNT)  # pone (3, 2), dealer (2, 0); the dealer leads the next count
    assert (s.count, s.count_cards, s.current_player) == (0, [], DEALER)
    act(s, "GO", "GO", "REPORT renege 1", "REPORT renege 0")  # each pays 2 to the other
    assert s.scores == (5, 4)
    # the new count has no card in it: nobody may claim one for last
    assert not (s.phase == "claim" and s.view(s.current_player).claim == "go")


# -- EW-coda-2: bystanders -------------------------------------------------------------------

def test_EW_coda_2_bystander_interference_is_disregarded() -> None:
    s = at_24(referee=True)
    before = table(s)
    r = the_ruling(act(s, "REPORT bystander_interference"), "EW-coda-2")
    assert not r.effects and r.points == () and table(s) == before


# -- referee mode: every reported kind ------------------------------------------------------

REPORTED = {  # kind -> the law that rules it (catalogue §2.1)
    "short_cut": "EW-ii", "misdeal": "EW-iii", "wrong_count": "EW-iii",
    "own_wrong_count": "EW-iii", "exposed_card": "EW-iv", "faced_card": "EW-iv", "touched_pack": "EW-vi",
    "short_starter_cut": "EW-vii", "dealer_discarded_first": "EW-viii",
    "recalled_discard": "EW-viii", "touched_crib": "EW-viii", "crib_confused": "EW-viii",
    "count_help_demanded": "EW-xiii", "touched_pegs": "EW-xiv", "displaced_peg": "EW-xiv",
    "moved_peg": "EW-xv", "retracted_card": "EW-xviii", "late_claim": "EW-xix",
    "threw_up_cards": "EW-xx", "hand_mixed_with_pack": "EW-xxii",
    "refused_laws": "EW-coda-1", "bystander_interference": "EW-coda-2",
    "false_game_claim": "EW-xvi", "overscore_called": "EW-ix",
    "renege": "EW-xxi",  # claimed by the adversary (no go called here: no renege)
}
NEEDS_SEAT = {"crib_confused", "touched_pegs", "displaced_peg", "false_game_claim",
              "threw_up_cards", "hand_mixed_with_pack", "refused_laws", "overscore_called",
              "renege", "own_wrong_count"}


def test_EW_code_reportable_kinds_are_those_tabled_here() -> None:
    muggins_calls = {"muggins_play", "muggins_show", "muggins_heels"}  # MUGGINS n: EW-x
    assert set(EW.kinds) - DETECTED_KINDS - muggins_calls == set(REPORTED)
    assert set(EW.needs_offender) == NEEDS_SEAT
    for kind, law in REPORTED.items():
        assert EW.law_for(kind).id == law


@pytest.mark.parametrize("kind", sorted(REPORTED))
def test_EW_report_of_each_kind_is_ruled_by_its_law(kind: str) -> None:
    s = at_24(referee=True)
    events = act(s, f"REPORT {kind} 0")
    r = the_ruling(events, REPORTED[kind])
    assert rulings(events)[0].seat == 0
    assert str(s.history[-1]) == f"REPORT {kind} 0"
    assert isinstance(r, Ruling)


@pytest.mark.parametrize("kind", sorted(NEEDS_SEAT))
def test_EW_report_without_the_offending_seat_is_illegal(kind: str) -> None:
    s = at_24(referee=True)
    before = snapshot(s)
    with pytest.raises(IllegalAction):
        s.apply(Action.parse(f"REPORT {kind}"))
    assert snapshot(s) == before


@pytest.mark.parametrize("text", ["REPORT misdeal", "REPORT touched_pegs 0",
                                  "REPORT overclaim 1", "REPORT nonsense",
                                  "REPORT touched_pegs 2"])
def test_EW_report_refused_outside_referee_mode_or_for_detected_kinds(text: str) -> None:
    for s in (at_24(), at_24(referee=True)):
        if s.referee and text in ("REPORT misdeal", "REPORT touched_pegs 0"):
            continue  # legal in referee mode
        before = snapshot(s)
        with pytest.raises(IllegalAction):
            s.apply(Action.parse(text))
        assert snapshot(s) == before


def test_EW_refereed_game_record_replays_to_the_same_state() -> None:
    s = new(referee=True)
    texts = ["CUT 9C", "REPORT touched_pack 0", "CUT 2D", "REPORT exposed_card", DEAL,
             "REPORT touched_pack 0", "REPORT misdeal", DEAL, *DISCARDS,
             "REPORT short_starter_cut", "STARTER JS", "PLAY 5H", "CLAIM 0", "PLAY TH",
             "CLAIM 5", "CHOOSE takedown", "HEELS", "PLAY 5C", "CLAIM 0", "PLAY 4H",
             "CLAIM 0", "PLAY JD", "GO", "REPORT renege 0", "REPORT touched_pegs 1", "PLAY 5D", "CLAIM 0",
             "AMEND 3", "REPORT displaced_peg 1", "CLAIM 3", "CHOOSE accept"]
    events = act(s, *texts)
    assert rulings(events, "EW-xviii") and rulings(events, "EW-xxi")
    assert rulings(events, "EW-ix") and rulings(events, "EW-xii")
    record = s.to_record()
    assert record.options.get("referee") is True and record.laws == "ew"
    replayed, replay_events = replay_record(record)
    assert replayed.history == s.history
    assert replay_events == events
    assert table(replayed) == table(s)
    assert replayed.to_record().to_json() == record.to_json()


# -- EW-xix: neglected points of the play may be taken until the next card ------------------

@pytest.mark.parametrize("referee", [False, True])
def test_EW_xix_neglected_play_points_taken_before_the_next_card(referee: bool) -> None:
    s = at_pair_then_go(referee)
    act(s, "CLAIM 0")  # the dealer claims 0 of the 2 for his pair
    assert s.scores == (0, 0) and (s.phase, s.current_player) == ("claim", DEALER)
    events = act(s, "AMEND 2")  # before the next card (his go to claim): still his
    assert s.scores == (0, 2) and not rulings(events)
    events = act(s, "CLAIM 1")  # the window shuts: 2 of 2 taken, nothing to rule
    assert s.scores == (0, 3) and not rulings(events)
    act(s, "PLAY 7C")  # the pone leads the next count: the window is shut (EW-xix)
    if referee:
        r = the_ruling(act(s, "AMEND 4"), "EW-xix")
        assert not r.effects and s.scores == (0, 3)
    else:
        with pytest.raises(IllegalAction, match="EW-xix"):
            act(s, "AMEND 4")


@pytest.mark.parametrize("referee", [False, True])
def test_EW_xix_the_claimant_amends_out_of_turn_only_at_a_real_table(referee: bool) -> None:
    # JD then 5D is fifteen, 2 for the dealer; he claims 0 and the pone is to play. In
    # software play the seat that acts is the one to act: the pone's AMEND would peg the
    # dealer up only to take him down (EW-ix), so it is refused. At a real table the
    # referee enters the dealer's own amendment.
    s = at_play(referee)
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 0")
    assert s.current_player == PONE
    if referee:
        act(s, "AMEND 2")
        assert s.scores == (0, 2)
        return
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="only seat 1, who made the claim"):
        act(s, "AMEND 2")
    assert snapshot(s) == before


def test_EW_xix_amending_past_the_points_due_is_an_overscore() -> None:
    s = at_pair_then_go()
    act(s, "CLAIM 1")  # 1 of the 2 due
    events = act(s, "AMEND 5")  # 4 more pegged: 3 too many, not told yet (EW-xiii)
    assert s.scores == (0, 5) and not rulings(events)
    events = act(s, "CLAIM 1")  # his go: the window shuts, the amended claim is compared
    (e,) = rulings(events, "EW-ix")
    assert s.phase == "decision" and s.current_player == PONE
    assert {str(a) for a in s.legal_actions()} == {"CHOOSE takedown", "CHOOSE accept"}
    assert s.scores == (0, 5)  # the go is claimed once the pone has chosen
    act(s, "CHOOSE takedown")  # the dealer goes back 3, the pone scores 3; then his go: 1
    assert s.scores == (3, 3)
    assert (s.phase, s.current_player) == ("play", PONE)  # the pone leads the next count


def test_EW_xiii_an_underclaim_open_to_amendment_does_not_say_how_short_it_was() -> None:
    # JD then 5D is fifteen, 2 for the dealer; he claims 0. Under EW-xix he may still
    # amend before the next card, so the EW-x ruling must not tell him the 2 (EW-xiii: no
    # help in counting): "claim 0, then amend" would collect every point.
    s = at_play()
    events = act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 0")
    (e,) = rulings(events, "EW-x")
    assert not re.search(r"[0-9]", e.reason), e.reason
    assert "before the next card" in e.reason
    # A hand once taken cannot be amended (EW-xi): there the ruling may say how many were
    # lost (14 due, 10 claimed: the other 4).
    s = at_show()
    (e,) = rulings(act(s, "CLAIM 10"), "EW-x")
    assert "the other 4 point(s) are not scored" in e.reason


def test_EW_xix_amend_is_capped_as_a_claim_is() -> None:
    s = at_pair_then_go()
    act(s, "CLAIM 0")
    before = snapshot(s)
    for n in (30, 1_000_000_000):  # a claim is at most 29 with hands of four
        with pytest.raises(IllegalAction, match="from 0 to 29, as a claim does"):
            act(s, f"AMEND {n}")
        assert snapshot(s) == before
    act(s, "AMEND 29")  # the cap itself is an amendment (an overscore: EW-ix)
    assert s.scores == (0, 29)


def test_EW_xix_amend_cannot_lower_a_claim() -> None:
    s = at_pair_then_go()
    act(s, "CLAIM 1")
    with pytest.raises(IllegalAction, match="adds neglected points"):
        act(s, "AMEND 1")


def _amendment_answers(s: CribbageState) -> tuple[tuple[str, ...], ...]:
    """``CLAIM 0`` for the card just played, then ``AMEND 1`` … ``AMEND 29`` in turn (each
    on the state the last left): for each, the engine's answer as a player sees it,
    refused (and why) or accepted (and the laws of any rulings it drew)."""
    answers = []
    act(s, "CLAIM 0")
    for k in range(1, 30):
        try:
            events = s.apply(Action("AMEND", n=k))
        except IllegalAction as e:
            answers.append(("refused", str(e)))
            continue
        answers.append(("accepted", *(e.source for e in rulings(events))))
    return tuple(answers)


@pytest.mark.parametrize("referee", [False, True])
def test_EW_xiii_an_amendment_is_answered_alike_whatever_the_true_count(referee: bool
                                                                         ) -> None:
    # "Claim 0, then amend 1, 2, 3... until refused" must not find the true count (EW-xiii:
    # no help in counting): over seeded deals, at every claim in the play whose claimant
    # may amend it (in software play, the seat to act again before the next card: his go
    # to claim, or the adversary out of cards), the answers to AMEND 1 ... 29 are the same
    # whether 0, 2 or more points were due. Only the first deals are probed, so that no
    # amendment reaches the game (a claim of game is settled at once, EW-xvi).
    seen: dict[int, set[tuple[tuple[str, ...], ...]]] = {}
    for seed in range(60):
        rng = random.Random(seed)
        s = new(referee)
        while not s.is_terminal() and s.deal_number <= 2:
            if s.current_player == CHANCE:
                s.apply(s.sample_chance(rng))
            elif s.phase == "claim":
                claim = s.claim
                assert claim is not None
                probe = s.clone()
                probe.apply(Action("CLAIM", n=0))
                owner_acts = probe.current_player == claim.seat
                if claim.what == "play" and (referee or owner_acts):
                    assert max(s.scores) + 29 < s.rules.target
                    seen.setdefault(claim.points, set()).add(_amendment_answers(s.clone()))
                s.apply(Action("CLAIM", n=claim.points))
            else:
                s.apply(rng.choice(s.legal_actions()))
    assert 0 in seen and len([t for t in seen if t > 0]) >= 2, sorted(seen)
    answers = set().union(*seen.values())
    assert len(answers) == 1, {t: len(a) for t, a in seen.items()}
    (only,) = answers
    assert only == (("accepted",),) * 29  # each taken, nothing told until the window shuts


def test_EW_ix_overscore_may_still_be_called_until_the_next_cut() -> None:
    # The dealer claims 5 for a card worth 2 (JD then 5D makes fifteen): 3 too many. The
    # pone first lets it stand; before the next deal's cut the table calls it: EW-ix's
    # window (overscore_claim_window) is until the next cut, so he is taken down then.
    s = at_play(referee=True)
    act(s, "PLAY JD", "CLAIM 0", "PLAY 5D", "CLAIM 5", "CHOOSE accept")
    assert s.scores == (0, 5)
    r = the_ruling(act(s, "REPORT overscore_called 1"), "EW-ix")
    assert r.effect(Takedown) == Takedown(DEALER, PONE, 3)
    assert s.scores == (3, 2)
    # Taken down once: a second call finds nothing left.
    assert not the_ruling(act(s, "REPORT overscore_called 1"), "EW-ix").effects
    assert s.scores == (3, 2)
