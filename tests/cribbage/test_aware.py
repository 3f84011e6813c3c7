"""The score-aware expert (players.aware): the expert far from the end of the game; near
it, the lay-away and the play with the best chance of the game; the expert kept as it is.
Each position's values are worked out by hand in the comments."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from helpers.cribbage import dealer_view, pone_view, ref_show

from hoyle.cards import CARDS, Suit, parse_cards
from hoyle.cribbage.advice.discard import discard_options
from hoyle.cribbage.advice.wintable import win_table
from hoyle.cribbage.match import play_game
from hoyle.cribbage.players import PLAYERS, AwareExpertPlayer, ExpertPlayer, make_player
from hoyle.cribbage.players.aware import NEAR, peg_sequences, table_lists
from hoyle.cribbage.players.pegtable import peg_table
from hoyle.cribbage.players.search import card_values
from hoyle.cribbage.players.winsearch import WinSolver
from hoyle.cribbage.state import CribbageState, Phase
from hoyle.engine.action import CHANCE, Action


@pytest.mark.slow
def test_aware_is_the_expert_far_from_the_end_and_plays_for_the_game_near_it() -> None:
    aware, expert = AwareExpertPlayer(), ExpertPlayer()
    seen = {"far": 0, "near": 0, "differ": 0}

    def check(state: CribbageState) -> None:
        if state.current_player == CHANCE or state.phase not in (Phase.DISCARD, Phase.PLAY):
            return
        view, legal = state.view(state.current_player), state.legal_actions()
        if len({a.cards[0].rank for a in legal if a.verb == "PLAY"}) < 2 and \
                state.phase == Phase.PLAY:
            return
        mine = aware.choose(view, legal, random.Random(len(state.history)))
        theirs = expert.choose(view, legal, random.Random(len(state.history)))
        if min(view.target - s for s in view.scores) > NEAR:
            assert mine == theirs
            seen["far"] += 1
        else:
            seen["near"] += 1
            seen["differ"] += mine != theirs

    for seed in (1, 2):
        state = CribbageState(seed=seed, itemize=False)
        play_game([make_player("aware"), make_player("expert")], seed=seed, state=state,
                  on_events=lambda _e, s=state: check(s), resumable=False, itemize=False)
    assert seen["far"] >= 40 and seen["near"] >= 6
    assert PLAYERS["expert"] is ExpertPlayer and PLAYERS["aware"] is AwareExpertPlayer


def test_the_pone_needing_four_keeps_the_sure_four_over_the_experts_keep() -> None:
    # Pone at 117 (4 to go; he counts first), dealer at 112. T-J-Q-K is a run of four with
    # any starter (at least 4: sure of the game unless the dealer pegs out first); the
    # expert keeps T-J-Q-3 (its value in points is higher), which shows only 3 with some
    # starters (a run of three and nothing else).
    view = pone_view("TH JH QC 3H KD 6C", pone=117, dealer=112)
    held = set(view.hand)
    starters = [c for c in CARDS if c not in held]
    sure = parse_cards("TH JH QC KD".split())
    theirs = parse_cards("TH JH QC 3H".split())
    assert min(ref_show(sure, s) for s in starters) == 4
    # T-J-Q-3 shows the run of three (3) and no fifteen (3 + 10s never make 15) with an
    # ace, 4, 6, 7 or 8, 4 with such a heart (his nobs, the JH); more with the rest (2: a
    # fifteen; 3: a pair; 5: fifteens; 9 or K: a run of four; T, J, Q: a double run)
    short = [s for s in starters if ref_show(theirs, s) < 4]
    assert sorted(short) == sorted(s for s in starters
                                   if s.rank in (1, 4, 6, 7, 8) and s.suit != Suit.HEARTS) and \
        len(short) == 14
    assert tuple(sorted(ExpertPlayer()._discard(view))) == tuple(sorted(
        parse_cards("KD 6C".split())))
    aware = AwareExpertPlayer()
    action = aware.choose(view, [Action("DISCARD", tuple(sorted(parse_cards("3H 6C".split()))))]
                          , random.Random(1))
    chances = aware.discard_chances(view, random.Random(1))
    by_cards = {frozenset(k): v for k, v in chances.items()}
    mine = by_cards[frozenset(parse_cards("3H 6C".split()))]
    expert_keep = by_cards[frozenset(parse_cards("KD 6C".split()))]
    assert set(action.cards) == set(parse_cards("3H 6C".split()))
    # (the gap: the 14 short starters where the pone must peg what his hand lacks; the
    # tilt credits the 3's pegging, so the gap is narrower than with the same plays)
    assert mine == max(chances.values()) and mine > expert_keep + 0.04


def test_the_dealer_holds_back_the_fifteen_that_lays_the_run_open() -> None:
    # The pone (117, needs 4, shows nothing) led a 7 and holds 3 and 9; the dealer (118,
    # needs 3, shows 2 with his crib) holds 8 and 9.
    # - 8 makes 15 (2: 120) but the pone's 9 runs 7-8-9 (3: 120), the dealer's 9 cannot
    #   go (33), the pone lays his 3 (27) and takes the last card: 121, he wins.
    # - 9 makes 16 (nothing). If the pone pairs it (25, 2: 119), the dealer's 8 cannot go,
    #   the pone's 3 (28) takes the last card (120), the dealer leads his 8 and takes the
    #   last card (119) and counts out in the show (121). If he lays the 3 (19), the
    #   dealer's 8 (27) takes the last card (119), the pone leads the 9 (last card, 118)
    #   and the dealer counts out in the show. Either way the dealer wins.
    # In points the 15 is better (-1 against -2), so the expert lays the 8.
    table = table_lists()
    solver = WinSolver(table, 121, pone_show=0, dealer_show=2, crib=0)
    assert solver.card_values((8, 9), (3, 9), 7, (7,), False, 118, 117, True) == \
        {8: 0.0, 9: 1.0}
    assert card_values((8, 9), (3, 9), 7, (7,)) == {8: -1, 9: -2}


def test_after_the_play_the_show_counts_in_order_then_the_table() -> None:
    table = table_lists()
    # The pone (100) lays his last card, a 5 (the dealer has none): the last card (101);
    # the pone shows 3 (104), the dealer 4 and his crib 5 (109): the pone deals next at
    # 104 to 109, so his chance is the table's P(dealer wins) there.
    s = WinSolver(table, 121, pone_show=3, dealer_show=4, crib=5)
    assert s.card_values((5,), (), 0, (), False, 100, 100, False) == {5: table[104][109]}
    assert table[104][109] == float(win_table("six-card").p[104, 109])
    # With 17 in his hand he counts out first (101 + 20... 121): the dealer's crib comes
    # too late.
    s = WinSolver(table, 121, pone_show=20, dealer_show=30, crib=5)
    assert s.card_values((5,), (), 0, (), False, 100, 100, False) == {5: 1.0}
    # the dealer at 120 laying the last card pegs out before any show
    s = WinSolver(table, 121, pone_show=29, dealer_show=0, crib=0)
    assert s.card_values((5,), (), 0, (), False, 120, 119, True) == {5: 1.0}


def test_near_the_end_the_pone_keeps_the_hand_that_counts_out() -> None:
    # Pone at 117 (4 to go, counting first), dealer at 60: 5-5-5-J kept counts out with
    # every starter (at least 14), a run-free junk keep seldom does.
    view = pone_view("5H 5C 5S JD KC 2H", pone=117, dealer=60)
    chances = AwareExpertPlayer().discard_chances(view, random.Random(0))
    best = max(chances, key=chances.__getitem__)
    assert set(best) == set(parse_cards(["KC", "2H"])) and chances[best] == 1.0


def test_the_sure_keep_loses_only_when_the_dealer_pegs_out_first() -> None:
    # Pone at 117 keeping T-J-Q-K (at least 4 in his hand, counted first): he loses only if
    # the dealer (112) reaches 121 in the play before he does; two for his heels first when
    # the starter is a jack (3 of the 46 cards the pone has not seen). Counted straight from
    # the shipped plays: the share where the dealer makes 9 (7 after the heels) before the
    # pone makes 4.
    def dealer_first(need: int) -> float:
        n = 0
        for seq in peg_sequences():
            d = p = 0
            for pts in seq:
                if pts > 0:
                    d += pts
                else:
                    p -= pts
                if d >= need or p >= 4:
                    n += d >= need
                    break
        return n / len(peg_sequences())

    expected = 1 - (3 / 46 * dealer_first(7) + 43 / 46 * dealer_first(9))
    view = pone_view("TH JH QC 3H KD 6C", pone=117, dealer=112)
    chances = AwareExpertPlayer(scenarios=400, tilt=0.0).discard_chances(view, random.Random(5))
    got = {frozenset(k): v for k, v in chances.items()}[frozenset(parse_cards("3H 6C".split()))]
    assert 0.9 < expected < 0.99
    assert abs(got - expected) < 0.012  # 16,000 drawn plays: standard error about 0.002


def _tilted_means(view: Any, tilt: float, seed: int
                  ) -> tuple[list[int], list[tuple[float, float]]]:
    """The shipped plays' nets and, for each way of ``view``'s lay-away, (the mean net of
    its 40,000 tilted draws, the shift asked: ``tilt`` times the pegging table's value of
    its kept ranks less the expert's way's, in the holder's favour; dealer minus pone)."""
    dealer = view.is_dealer
    options = discard_options(view.hand, dealer)
    idx = AwareExpertPlayer(tilt=tilt)._tilted_draws(view, options, random.Random(seed).random,
                                                     40_000)
    nets = [sum(s) for s in peg_sequences()]
    theirs = frozenset(ExpertPlayer()._discard(view))
    table = peg_table()
    value = {frozenset(o.discard): table.value([c.rank for c in o.keep], dealer)
             for o in options}
    sign = 1 if dealer else -1
    return nets, [(sum(nets[i] for i in idx[j]) / len(idx[j]),
                   sign * tilt * (value[frozenset(o.discard)] - value[theirs]))
                  for j, o in enumerate(options)]


@pytest.mark.parametrize("role", ["pone", "dealer"])
def test_each_ways_drawn_plays_are_tilted_to_its_kept_cards_pegging(role: str) -> None:
    # With 5-5-6-7-K-Q near the end, each way's drawn plays must move the mean net pegging
    # (dealer minus pone, points) from the shipped plays' mean by half the pegging table's
    # difference between its kept ranks and the expert's way's, in the holder's favour (the
    # pone's gain is the dealer's loss). 40,000 draws: a mean's standard error is about 0.014.
    hand = "5H 5C 6S 7D KC QH"
    view = dealer_view(hand, dealer=112, pone=116) if role == "dealer" else \
        pone_view(hand, pone=112, dealer=116)
    nets, means = _tilted_means(view, 0.5, 3)
    base = sum(nets) / len(nets)
    for got, shift in means:
        assert abs(got - (base + shift)) < 0.06, (got, base + shift)
    assert sum(abs(shift) > 0.3 for _, shift in means) >= 5  # the test has ways that move


def test_a_tilt_beyond_the_plays_range_stays_inside_it() -> None:
    # Ten times the table's difference asks for means past the shipped plays' range (net
    # -8 to +20 points): each way's mean is the asked one, or held half a point inside.
    view = pone_view("5H 5C 6S 7D KC QH", pone=112, dealer=116)
    nets, means = _tilted_means(view, 10.0, 4)
    base = sum(nets) / len(nets)
    clipped = 0
    for got, shift in means:
        held = min(max(base + shift, min(nets) + 0.5), max(nets) - 0.5)
        clipped += held != base + shift
        assert abs(got - held) < 0.1, (got, held)
    assert clipped >= 1


@pytest.mark.parametrize("make, kw, says", [
    (ExpertPlayer, {"samples": 0}, "samples is a whole number, at least 1, not 0"),
    (ExpertPlayer, {"samples": True}, "samples is a whole number, at least 1, not True"),
    (ExpertPlayer, {"endgame": -1}, "endgame is a whole number, at least 0, not -1"),
    (ExpertPlayer, {"tries": 0}, "tries is a whole number, at least 1, not 0"),
    (ExpertPlayer, {"pegging": "half"},
     "pegging must be a finite number (points per point), not 'half'"),
    (ExpertPlayer, {"pegging": 10**400},
     "pegging must be a finite number (points per point), not 1000"),
    (AwareExpertPlayer, {"near": 4.5}, "near is a whole number, at least 0, not 4.5"),
    (AwareExpertPlayer, {"scenarios": 0}, "scenarios is a whole number, at least 1, not 0"),
    (AwareExpertPlayer, {"near_samples": -60},
     "near_samples is a whole number, at least 1, not -60"),
    (AwareExpertPlayer, {"margin": float("nan")},
     "margin must be a finite number (chance of the game), not nan"),
    (AwareExpertPlayer, {"tilt": None},
     "tilt must be a finite number (share of the pegging table's difference), not None"),
    (AwareExpertPlayer, {"table": "win.json"}, "table must be a WinTable, not 'win.json'"),
    (AwareExpertPlayer, {"tries": -2}, "tries is a whole number, at least 1, not -2"),
    (ExpertPlayer, {"model_opponent": "no"}, "model_opponent is True or False, not 'no'"),
    (ExpertPlayer, {"samples": -10**5000},
     "samples is a whole number, at least 1, not an integer of about 5000 digits"),
])
def test_expert_and_aware_refuse_bad_settings_in_words(make: Any, kw: dict[str, Any],
                                                       says: str) -> None:
    """Each player refuses its own settings when made (one ValueError naming the setting);
    the aware expert the expert's too, through its parent."""
    with pytest.raises(ValueError) as err:
        make(**kw)
    assert str(err.value).startswith(says)


def test_aware_refuses_the_five_card_win_table() -> None:
    # A WinTable, but the game to 61: the six-card lay-away would index past its 61 rows.
    with pytest.raises(ValueError, match=r"^table must be a six-card win table \(to 121\), "
                                         r"not the 'five-card' one to 61$"):
        AwareExpertPlayer(table=win_table("five-card"))


def test_expert_and_aware_take_their_defaults_and_numpy_numbers() -> None:
    """The defaults and the measured settings are accepted (checked once, not per refusal)."""
    ExpertPlayer()
    AwareExpertPlayer()
    AwareExpertPlayer(near_samples=None, margin=0, tilt=0.0, pegging=1)
    assert AwareExpertPlayer(table=win_table("six-card")).table is win_table("six-card")
    # numpy's numbers are numbers: an integer count, a float weight.
    assert ExpertPlayer(samples=np.int64(5), pegging=np.float64(0.5)).samples == 5
