"""Écarté rules of play (``shared/laws/ecarte.md`` §1): scripted deals with hand-checked
outcomes for every scoring case, and trick-play legality checked exhaustively on small
positions against an independent reference written here from ECARTE-R-13.

Each expected value is worked out in the comment beside it, from the rules.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from hoyle.cards import Card, Suit, parse_cards
from hoyle.ecarte.console import parse_table_input
from hoyle.ecarte.laws import get_code
from hoyle.ecarte.rules import EcarteRules, ecarte_pack, trick_rank
from hoyle.ecarte.scoring import hand_points, legal_cards, trick_winner
from hoyle.ecarte.state import EcarteState
from hoyle.errors import HoyleError, IllegalAction
from hoyle.engine.action import Action

from helpers.ecarte import (SECOND_REFUSAL, CUT, DEAL, DEALER, ELDER, act, at_play, at_proposal, new,
                                 scores, snapshot)

# Trumps spades (turn-up 8S). The plays below are all legal (ECARTE-R-13), worked by hand.
POINT_PLAY = (
    "PLAY KS", "PLAY 9S",   # dealer follows, cannot head the king: elder 1
    "PLAY QS", "PLAY AS",   # elder 2
    "PLAY JS", "PLAY KD",   # dealer void in spades, no trump left: any card; elder 3
    "PLAY 7H", "PLAY KH",   # dealer must head the seven: KH; dealer 1
    "PLAY QH", "PLAY 7D",   # dealer leads, elder void in hearts, no trump: any; dealer 2
)


# -- cut, rank, deal ---------------------------------------------------------------------

def test_ECARTE_R_2_rank_order_K_Q_J_A_10_9_8_7() -> None:
    order = [str(c) for c in sorted(parse_cards("7C 8C 9C TC AC JC QC KC"), key=trick_rank)]
    assert order == ["7C", "8C", "9C", "TC", "AC", "JC", "QC", "KC"]  # ECARTE-R-2
    with pytest.raises(HoyleError):
        trick_rank(Card.parse("5C"))


def test_ECARTE_R_3_cut_higher_ecarte_card_deals_and_ace_below_jack() -> None:
    s = new()
    act(s, "CUT JH", "CUT AS")  # J beats A in écarté: seat 0 deals
    assert s.dealer == 0 and s.elder == 1
    s = new()
    act(s, "CUT 9H", "CUT 9C")  # equal cuts: cut again
    assert s.dealer is None and s.phase == "cut_for_deal"


def test_ECARTE_R_6_deal_gives_five_each_and_21_in_the_stock() -> None:
    s = new()
    act(s, *CUT, DEAL, "TURN 8S")
    assert [len(h) for h in s.hands] == [5, 5]
    assert len(s.stock()) == 32 - 10 - 1  # ECARTE-R-6
    assert s.trump == Suit.SPADES and s.pattern == 32


def test_ECARTE_R_5_deal_pattern_is_kept_for_the_game() -> None:
    s = new()
    act(s, *CUT, DEAL, "TURN 8S", "STAND", *POINT_PLAY)
    assert s.phase == "deal" and s.dealer == ELDER  # the deal alternates
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="kept for the game"):
        s.apply(Action.parse("DEAL 23 7S 8S 9S TS AS 7C 8C 9C TC AC"))
    assert snapshot(s) == before


def test_ECARTE_R_6_turn_up_never_goes_into_a_hand() -> None:
    s = new()
    act(s, *CUT, DEAL)
    with pytest.raises(IllegalAction):
        s.apply(Action.parse("TURN KS"))  # KS is in the elder hand's five


# -- scoring cases ---------------------------------------------------------------------

def test_ECARTE_R_14_point_scores_one() -> None:
    s = at_play(referee=False)
    act(s, *POINT_PLAY)  # elder 3 tricks, dealer 2: the point, 1 (ECARTE-R-14)
    assert scores(s) == (1, 0)
    assert s.phase == "deal" and s.dealer == ELDER


def test_ECARTE_R_14_vole_scores_two() -> None:
    deal = "DEAL 32 KS QS JS AS TS 9S 7S KH QH KD"
    s = at_proposal(referee=False, deal=deal)
    act(s, "STAND", "PLAY KS", "PLAY 9S", "PLAY QS", "PLAY 7S",  # dealer must follow
        "PLAY JS", "PLAY KH", "PLAY AS", "PLAY QH", "PLAY TS", "PLAY KD")
    assert scores(s) == (2, 0)  # all five tricks: the vole, 2 (ECARTE-R-14)


def test_ECARTE_R_7_turned_king_scores_one_for_the_dealer() -> None:
    s = new()
    ev = act(s, *CUT, "DEAL 32 QS JS 7H 7D 8D AS 9S KH QH KD", "TURN KS")
    assert scores(s) == (0, 1)  # ECARTE-R-7: the dealer marks the turned king
    assert [e.source for e in ev if e.kind == "score"] == ["ECARTE-R-7"]


def test_ECARTE_R_7_announced_king_scores_one_then_the_vole_two() -> None:
    deal = "DEAL 32 KS QS JS AS TS 9S 7S KH QH KD"
    s = at_proposal(referee=False, deal=deal)
    act(s, "STAND", "KING")
    assert scores(s) == (1, 0)
    act(s, "PLAY KS", "PLAY 9S", "PLAY QS", "PLAY 7S", "PLAY JS", "PLAY KH", "PLAY AS",
        "PLAY QH", "PLAY TS", "PLAY KD")
    assert scores(s) == (3, 0)  # 1 for the king + 2 for the vole


def test_ECARTE_R_7_dealer_announces_king_before_his_first_card() -> None:
    deal = "DEAL 32 AS 9S KH QH KD KS QS JS 7H 7D"  # the dealer holds KS
    s = at_proposal(referee=False, deal=deal)
    act(s, "STAND", "PLAY KH")  # elder leads; the dealer has not played yet
    assert Action("KING") in s.legal_actions()
    act(s, "KING")
    assert scores(s) == (0, 1)


def test_ECARTE_R_7_king_not_announced_in_time_is_lost() -> None:
    s = at_play(referee=False)
    act(s, "PLAY 7H", "PLAY KH")  # elder played his first card without announcing KS
    act(s, "PLAY QH")  # the dealer, winner of the trick, leads: the elder is to play
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="too late"):
        s.apply(Action("KING", n=ELDER))
    assert snapshot(s) == before and scores(s) == (0, 0)


def test_ECARTE_R_7_king_announcement_is_never_automatic() -> None:
    s = at_play(referee=False)
    act(s, "PLAY KS")  # he may keep the king concealed
    assert scores(s) == (0, 0)


def test_ECARTE_R_15_stand_lost_dealer_scores_two() -> None:
    deal = "DEAL 32 AH 8H 9H AC 8D KS QS JS 7C KD"
    s = at_proposal(referee=False, deal=deal)
    act(s, "STAND",
        "PLAY AH", "PLAY JS",   # dealer void in hearts must trump: dealer 1
        "PLAY 7C", "PLAY AC",   # elder must follow and head: elder 1
        "PLAY 8H", "PLAY QS",   # dealer trumps: dealer 2
        "PLAY KS", "PLAY 9H",   # elder no spade, no trump: dealer 3
        "PLAY KD", "PLAY 8D")   # elder follows: dealer 4
    assert scores(s) == (0, 2)  # point against a stand: 2 (ECARTE-R-15; CLUB-49)


def test_ECARTE_R_15_vole_after_stand_still_scores_two() -> None:
    deal = "DEAL 32 7H 8H 9H 7D 8D KS QS JS KH KD"
    s = at_proposal(referee=False, deal=deal)
    act(s, "STAND", "PLAY 7H", "PLAY KH", "PLAY KS", "PLAY 8H", "PLAY QS", "PLAY 9H",
        "PLAY JS", "PLAY 7D", "PLAY KD", "PLAY 8D")
    assert scores(s) == (0, 2)  # the vole is 2, never 3 (CLUB-49, vole_after_stand)


def test_ECARTE_R_15_first_refusal_lost_elder_scores_two() -> None:
    s = at_proposal(referee=False)
    act(s, "PROPOSE", "REFUSE", *POINT_PLAY)
    assert scores(s) == (2, 0)  # the dealer refused and lost the point (ECARTE-R-15)




@pytest.mark.parametrize("code, expected", [("club", (1, 0)), ("oh", (2, 0))])
def test_second_refusal_lost(code: str, expected: tuple[int, int]) -> None:
    # The first proposal was accepted; the second refused; the elder hand wins 3 tricks.
    # CLUB-49: only the first refusal counts -> 1. HGIE-21 (oh): any refusal -> 2.
    s = at_proposal(code, referee=False)
    act(s, *SECOND_REFUSAL)
    assert scores(s) == expected


def test_stand_after_an_exchange_is_not_a_first_stand_under_club() -> None:
    s = at_proposal("club", referee=False)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C", "DISCARD", "STAND")
    assert s.stood is False  # CLUB-49: the penalty is for playing without proposing


def test_ECARTE_R_9_exchange_elder_first_then_dealer_and_discards_hidden() -> None:
    s = at_proposal(referee=False)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7H 7D")
    assert s.phase == "draw" and s.serving == ELDER  # HGIE-20: elder served first
    act(s, "DRAW 7C 8C")
    assert s.phase == "discard" and s.current_player == DEALER
    act(s, "DISCARD KD", "DRAW 9C")
    assert len(s.stock()) == 21 - 2 - 1
    v = s.view(DEALER)
    assert Card.parse("7H") not in v.discards and v.taken == (2, 1)  # CLUB-27, CLUB-28
    assert s.phase == "proposal"  # ECARTE-R-10: he may propose again


def test_ECARTE_R_9_elder_must_lay_out_one_to_five_and_dealer_may_stand_pat() -> None:
    s = at_proposal(referee=False)
    act(s, "PROPOSE", "ACCEPT")
    with pytest.raises(IllegalAction):
        s.apply(Action("DISCARD"))  # the elder hand names 1-5 cards
    act(s, "DISCARD 7D", "DRAW 7C")
    assert Action("DISCARD") in s.legal_actions()  # dealer_min_exchange = 0 (§5.1)


def test_dealer_min_exchange_option() -> None:
    s = at_proposal(referee=False, dealer_min_exchange=1)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C")
    assert Action("DISCARD") not in s.legal_actions()
    with pytest.raises(IllegalAction, match="dealer_min_exchange"):
        s.apply(Action("DISCARD"))


def test_ECARTE_R_10_max_exchanges_one() -> None:
    s = at_proposal(referee=False, max_exchanges=1)
    ev = act(s, "PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C", "DISCARD")
    assert s.phase == "play"  # no second proposal (§5.4)
    assert any(e.kind == "stock_out" for e in ev)


def test_ECARTE_R_11_stock_exhausted_during_exchanges() -> None:
    s = at_proposal(referee=False)
    sizes = [len(s.stock())]
    for _ in range(2):  # two full exchanges of five each: 21 -> 16 -> 11 -> 6 -> 1
        act(s, "PROPOSE", "ACCEPT")
        act(s, "DISCARD " + " ".join(map(str, s.hands[ELDER])))
        s.apply(Action("DRAW", tuple(s.stock()[:5])))
        sizes.append(len(s.stock()))
        act(s, "DISCARD " + " ".join(map(str, s.hands[DEALER])))
        s.apply(Action("DRAW", tuple(s.stock()[:5])))
        sizes.append(len(s.stock()))
    assert sizes == [21, 16, 11, 6, 1]
    act(s, "PROPOSE", "ACCEPT")  # one card left: the elder hand may take only it
    with pytest.raises(IllegalAction, match="stock holds 1"):
        s.apply(Action("DISCARD", tuple(s.hands[ELDER][:2])))
    act(s, f"DISCARD {s.hands[ELDER][0]}")
    ev = s.apply(Action("DRAW", tuple(s.stock())))
    # ECARTE-R-11 / CLUB-38: the dealer plays his hand as it stands; the elder must play.
    assert [e.source for e in ev if e.kind == "stock_out"] == ["ECARTE-R-11", "ECARTE-R-11"]
    assert s.phase == "play" and s.current_player == ELDER and len(s.stock()) == 0
    assert [len(h) for h in s.hands] == [5, 5]


def test_ECARTE_R_16_game_of_five_and_game_values() -> None:
    s = new(game_values=True)
    s.scores = [4, 0]
    act(s, *CUT, DEAL, "TURN 8S", "STAND", *POINT_PLAY)
    assert s.result is not None and s.result.winner == ELDER
    assert s.result.games == 3  # the loser has 0: treble (CLUB-46)
    assert s.is_terminal() and s.legal_actions() == []


def test_ECARTE_R_7_king_bringing_to_five_wins_at_once() -> None:
    s = new()
    s.scores = [0, 4]
    act(s, *CUT, "DEAL 32 QS JS 7H 7D 8D AS 9S KH QH KD", "TURN KS")
    assert s.result is not None and s.result.winner == DEALER and s.result.scores == (0, 5)


def test_ECARTE_R_14_hand_points() -> None:
    assert [hand_points(t, 5 - t) for t in range(6)] == [0, 0, 0, 1, 1, 2]


# -- trick legality ------------------------------------------------------------------------

def reference_legal(hand: list[Card], lead: Card | None, trump: Suit, *, must_trump: bool = True,
                    head: bool = True) -> set[Card]:
    """ECARTE-R-13 written independently: follow; head in suit if able; void, trump if
    able; else anything."""
    if lead is None:
        return set(hand)
    follow = {c for c in hand if c.suit == lead.suit}
    if follow:
        order = "7 8 9 T A J Q K".split()
        better = {c for c in follow if order.index(c.rank.letter) > order.index(lead.rank.letter)}
        return better if head and better else follow
    trumps = {c for c in hand if c.suit == trump}
    return trumps if must_trump and trumps else set(hand)


@pytest.mark.parametrize("trump", list(Suit))
def test_ECARTE_R_13_legal_cards_exhaustive_two_card_hands(trump: Suit) -> None:
    pack = ecarte_pack()
    rules = EcarteRules()
    free = EcarteRules(trump_when_void="free", must_head_trick=False)
    for hand in combinations(pack, 2):
        for lead in pack:
            if lead in hand:
                continue
            got = set(legal_cards(list(hand), [lead], trump, rules))
            assert got == reference_legal(list(hand), lead, trump), (hand, lead)
            got = set(legal_cards(list(hand), [lead], trump, free))
            assert got == reference_legal(list(hand), lead, trump, must_trump=False,
                                          head=False)


POOL = parse_cards("AS 9S 7S KH 8H 7C QC 9D TD")


@pytest.mark.parametrize("lead", ["QS", "JH", "8C", "KD"])
def test_ECARTE_R_13_every_legal_card_accepted_every_illegal_refused(lead: str) -> None:
    """Small positions: trumps spades (turn-up 8S); the elder hand leads ``lead``; the
    dealer holds every five-card hand from a nine-card pool. Each card is tried."""
    lead_card = Card.parse(lead)
    elder = [lead_card] + [c for c in parse_cards("JS TS JC 8D KC AH") if c != lead_card][:4]
    for dealer_hand in combinations(POOL, 5):
        s = EcarteState()
        act(s, *CUT)
        s.apply(Action("DEAL", tuple(elder) + dealer_hand, n=32))
        act(s, "TURN 8S", "STAND", f"PLAY {lead}")
        ok = reference_legal(list(dealer_hand), lead_card, Suit.SPADES)
        assert {a.cards[0] for a in s.legal_actions() if a.verb == "PLAY"} == ok
        for card in dealer_hand:
            trial = s.clone()
            if card in ok:
                trial.apply(Action("PLAY", (card,)))
                assert len(trial.played) == 2
            else:
                before = snapshot(trial)
                with pytest.raises(IllegalAction, match="follow suit|win the trick|must trump"):
                    trial.apply(Action("PLAY", (card,)))
                assert snapshot(trial) == before


def test_ECARTE_R_12_trick_winner() -> None:
    t = Suit.SPADES
    assert trick_winner(Card.parse("AH"), Card.parse("KH"), t) == 1  # higher of the suit
    assert trick_winner(Card.parse("AH"), Card.parse("TH"), t) == 0  # A beats 10
    assert trick_winner(Card.parse("KH"), Card.parse("7S"), t) == 1  # a trump wins
    assert trick_winner(Card.parse("KH"), Card.parse("KC"), t) == 0  # off-suit loses


def test_trump_when_void_free_option() -> None:
    deal = "DEAL 32 AH 8H 9H AC 8D KS QS JS 7C KD"
    s = at_proposal(referee=False, deal=deal, trump_when_void="free")
    act(s, "STAND", "PLAY AH")
    plays = {str(a.cards[0]) for a in s.legal_actions() if a.verb == "PLAY"}
    assert plays == {"KS", "QS", "JS", "7C", "KD"}  # void in hearts: any card (§5.2)


def test_illegal_actions_leave_state_untouched() -> None:
    s = at_proposal(referee=False)
    before = snapshot(s)
    for text in ("ACCEPT", "PLAY KS", "DISCARD 7H", "REPORT misdeal", "KING", "STAND 3",
                 "PROPOSE 9H", "CHOOSE stand", "DEAL 32 7H"):
        with pytest.raises(IllegalAction):
            s.apply(Action.parse(text))
        assert snapshot(s) == before
    with pytest.raises(IllegalAction, match="not in the écarté pack"):
        s.apply(Action.parse("PLAY 5H"))


def test_rules_options_validated() -> None:
    with pytest.raises(HoyleError):
        EcarteRules(target=0)
    with pytest.raises(HoyleError):
        EcarteRules(deal_pattern="4-1")
    assert EcarteRules(max_exchanges=1).options() == {"max_exchanges": 1}


# ECARTE-R-15, HGIE-21: the stand penalty needs a stand without proposing.
# Seat 0 (A) cuts KH, seat 1 (B) cuts 7C: the higher card deals, so A deals and B is the
# elder hand. B proposes, A accepts; B lays out 7S 8S and draws 7D 8D; A takes none; B then
# stands (after proposing). The tricks: B leads 7H... B holds hearts 7 8 9 and diamonds.
LINES = ["kh", "7c", "32 7h 8h 9h 7s 8s kd qd jd ad td", "tc", "propose", "accept",
         "discard 7s 8s", "7d 8d", "discard", "stand",
         "7h", "td", "7d", "kd", "qd", "8d", "jd", "8h", "ad", "9h"]


@pytest.mark.parametrize("code", ["oh", "club"])
def test_ECARTE_R_15_stand_after_a_proposal_carries_no_penalty(code: str) -> None:
    s = EcarteState(laws=get_code(code), referee=True)
    for line in LINES:
        s.apply(parse_table_input(s, line))
    # The dealer (A) won the point after B stood having proposed: 1, not 2, under both
    # codes (the penalty is for standing without proposing).
    assert s.scores[0] == 1 and s.scores[1] == 0


# -- rules of play with no other home (ECARTE-R-1, 4, 8, 10, 12, 16, 18) -------------------

def test_ECARTE_R_1_two_players_and_the_32_card_pack() -> None:
    pack = ecarte_pack()
    # A K Q J 10 9 8 7 of each suit: 8 ranks x 4 suits, no card twice
    assert len(pack) == 32 and len(set(pack)) == 32
    assert {c.rank.letter for c in pack} == set("AKQJT987")
    assert all(sum(1 for c in pack if c.suit == s) == 8 for s in Suit)
    s = new()
    assert len(s.hands) == 2 and len(s.scores) == 2  # two players
    act(s, *CUT)
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="not in the écarté pack"):
        s.apply(Action.parse("DEAL 32 KS QS JS 7H 6D AS 9S KH QH KD"))  # a six
    assert snapshot(s) == before


def test_ECARTE_R_4_shuffle_and_cut_are_the_deal_chance_node_every_deal() -> None:
    import random

    from hoyle.engine.action import CHANCE

    s = new()
    act(s, *CUT)
    # No seat acts between the cut for deal and the deal: the shuffles and the elder
    # hand's cut are the DEAL chance node, which deals ten distinct cards of the pack.
    assert (s.phase, s.current_player, s.legal_actions()) == ("deal", CHANCE, [])
    deal = s.sample_chance(random.Random(1))
    assert deal.verb == "DEAL" and len(set(deal.cards)) == 10
    assert set(deal.cards) <= set(ecarte_pack())
    act(s, DEAL, "TURN 8S", "STAND", *POINT_PLAY)
    # After the hand the pack is gathered: the next deal (seat 0 deals now) is a fresh
    # chance node over all 32 cards, the cards of the last deal included.
    assert (s.phase, s.current_player, s.dealer) == ("deal", CHANCE, ELDER)
    act(s, "DEAL 32 AS 9S KH QH KD KS QS JS 7H 7D")
    assert set(s.hands[DEALER]) == set(parse_cards("AS 9S KH QH KD"))  # seat 1 is elder now


def test_ECARTE_R_8_stand_or_propose_then_accept_or_refuse_irrevocably() -> None:
    s = at_proposal(referee=False)
    assert s.legal_actions() == [Action("STAND"), Action("PROPOSE")]
    ev = act(s, "PROPOSE")
    assert [(e.kind, e.seat, e.source) for e in ev] == [("propose", ELDER, "ECARTE-R-8")]
    assert (s.current_player, s.legal_actions()) == (DEALER, [Action("ACCEPT"),
                                                              Action("REFUSE")])
    for text in ("STAND", "PROPOSE"):  # the proposal cannot be withdrawn (CLUB-26)
        with pytest.raises(IllegalAction):
            s.apply(Action.parse(text))
    t = s.clone()
    ev = act(t, "REFUSE")  # refused: the elder hand leads, no exchange
    assert [(e.kind, e.seat) for e in ev] == [("refuse", DEALER), ("play_starts", ELDER)]
    assert (t.phase, t.current_player) == ("play", ELDER)
    act(s, "ACCEPT")  # accepted: the elder hand lays out; the acceptance stands (CLUB-27)
    assert (s.phase, s.current_player) == ("discard", ELDER)
    for text in ("REFUSE", "ACCEPT"):
        with pytest.raises(IllegalAction):
            s.apply(Action.parse(text))
    u = at_proposal(referee=False)
    ev = act(u, "STAND")  # "I play": he leads at once, no exchange this deal
    assert [e.kind for e in ev] == ["stand", "play_starts"]
    assert (u.phase, u.current_player, len(u.stock())) == ("play", ELDER, 21)


def test_ECARTE_R_10_propose_again_after_each_exchange() -> None:
    s = at_proposal(referee=False)
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7D", "DRAW 7C", "DISCARD KD", "DRAW 8C")
    # one card each: 21 -> 19; the elder hand may stand or propose again
    assert (s.phase, s.current_player, len(s.stock())) == ("proposal", ELDER, 19)
    assert s.legal_actions() == [Action("STAND"), Action("PROPOSE")]
    act(s, "PROPOSE", "ACCEPT", "DISCARD 7H", "DRAW 9C", "DISCARD")  # the dealer stands pat
    assert (s.phase, len(s.stock())) == ("proposal", 18)
    assert set(s.hands[ELDER]) == set(parse_cards("7C 9C JS QS KS"))
    act(s, "PROPOSE")  # a third proposal: the dealer may still accept or refuse
    assert s.legal_actions() == [Action("ACCEPT"), Action("REFUSE")]
    act(s, "REFUSE")
    assert (s.phase, s.current_player) == ("play", ELDER)


def test_ECARTE_R_12_elder_leads_first_and_the_winner_of_a_trick_leads_next() -> None:
    # Elder AH 8H 9H AC 8D, dealer KS QS JS 7C KD, trumps spades (8S):
    #   AH JS: dealer void in hearts trumps and wins; he leads 7C, AC heads it: elder;
    #   elder 8H, QS trumps: dealer; dealer KS, 9H: dealer; dealer KD, 8D: dealer.
    s = at_proposal(referee=False, deal="DEAL 32 AH 8H 9H AC 8D KS QS JS 7C KD")
    act(s, "STAND")
    plays = ["AH", "JS", "7C", "AC", "8H", "QS", "KS", "9H", "KD", "8D"]
    leaders, winners = [], []
    for i in range(0, 10, 2):
        leaders.append(s.current_player)
        ev = act(s, f"PLAY {plays[i]}", f"PLAY {plays[i + 1]}")
        winners += [e.seat for e in ev if e.kind == "trick"]
    assert leaders == [ELDER, DEALER, ELDER, DEALER, DEALER]
    assert winners == [DEALER, ELDER, DEALER, DEALER, DEALER]


@pytest.mark.parametrize("loser, games", [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
def test_ECARTE_R_16_game_values_single_double_treble(loser: int, games: int) -> None:
    s = new(game_values=True)
    s.scores = [4, loser]
    act(s, *CUT, DEAL, "TURN 8S", "STAND", *POINT_PLAY)  # the elder hand's point: 5
    assert s.result is not None and s.result.winner == ELDER and s.result.games == games
    s = new()  # game values off (the default): every game counts one
    s.scores = [4, 0]
    act(s, *CUT, DEAL, "TURN 8S", "STAND", *POINT_PLAY)
    assert s.result is not None and s.result.games == 1


def test_ECARTE_R_16_target_option_seven() -> None:
    s = new(target=7)
    s.scores = [4, 0]
    act(s, *CUT, DEAL, "TURN 8S", "STAND", *POINT_PLAY)
    assert s.result is None and scores(s) == (5, 0)  # 5 is not game when the target is 7


def test_ECARTE_R_18_bystanders_advise_in_oh_not_in_club() -> None:
    # French practice (HGIE-22, the oh profile): onlookers may advise, no penalty
    s = at_play("oh")
    ev = act(s, "REPORT bystander_advice")
    r = [e.ruling for e in ev if e.kind == "ruling"]
    assert len(r) == 1 and r[0] is not None and r[0].law == "HGIE-22"
    assert r[0].parameter == "bystanders" and r[0].points == () and scores(s) == (0, 0)
    # English practice (club): no law allows it: "not covered by CLUB", nothing changes
    s = at_play("club")
    assert "bystanders" not in get_code("club").params  # no knob: the codes' laws differ
    ev = act(s, "REPORT bystander_advice")
    r = [e.ruling for e in ev if e.kind == "ruling"]
    assert len(r) == 1 and r[0] is not None and r[0].law == "CLUB" and not r[0].covered
    assert "not covered by CLUB" in r[0].text and scores(s) == (0, 0)
    # pool écarté and la chouette are outside the two-player core: no seat count to set
    with pytest.raises(TypeError):
        EcarteRules(players=3)  # type: ignore[call-arg]
