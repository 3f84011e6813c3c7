"""The information-set search of the play (one plan of the seat's cards for every hand the
opponent may hold): hoyle.cribbage.players.infoset, and the master's ``one_plan``."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from hoyle.cribbage.players.aware import PlaySolves
from hoyle.cribbage.players.infoset import InfoSetSolver
from hoyle.cribbage.players.master import MasterPlayer
from hoyle.cribbage.players.winsearch import WinSolver
from hoyle.engine.action import Action

from tests.cribbage.test_master import _near_end_play_views

FLAT = [[0.5] * 121 for _ in range(121)]
_PIP = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def _one_hand_positions(seed: int, n: int) -> Iterator[tuple[random.Random, tuple[int, ...],
                                                              tuple[int, ...],
                                                              tuple[int, ...], int]]:
    """``n`` seeded plays from one pack (rng, my ranks, his, the count's ranks, the count)
    where I can lay a card; the caller draws the rest of the position from the rng."""
    rng = random.Random(seed)
    checked = 0
    while checked < n:
        deck = [r for r in range(1, 14) for _ in range(4)]
        rng.shuffle(deck)
        mine = tuple(sorted(deck[:rng.randint(1, 4)]))
        his = tuple(sorted(deck[4:4 + rng.randint(0, 4)]))
        seq = tuple(deck[8:8 + rng.randint(0, 2)])
        count = sum(_PIP[r] for r in seq)
        if count + min(_PIP[r] for r in mine) > 31:
            continue
        yield rng, mine, his, seq, count
        checked += 1


@pytest.mark.parametrize("his_play", ["any", "solved"])
def test_one_world_is_the_full_information_search(his_play: str) -> None:
    # With one hand for him there is nothing to plan over: the values are WinSolver's,
    # on seeded positions of every size (goes only where his hand agrees with them).
    from hoyle.cribbage.players.aware import table_lists

    table = table_lists()
    for rng, mine, his, seq, count in _one_hand_positions(1, 400):
        passed = not his or (rng.random() < 0.3 and min(_PIP[r] for r in his) > 31 - count)
        ms, hs = rng.randint(90, 120), rng.randint(90, 120)
        pone_show, dealer_show, i_deal = rng.randint(0, 20), rng.randint(0, 25), rng.random() < 0.5
        want = WinSolver(table, 121, pone_show, dealer_show, 0).card_values(
            mine, his, count, seq, passed, ms, hs, i_deal)
        got = InfoSetSolver(table, 121, [(his, pone_show, dealer_show, 1.0)], i_deal,
                            his_play).card_values(mine, count, seq, passed, ms, hs)
        assert got == pytest.approx(want, abs=1e-12)


@pytest.mark.parametrize("his_play", ["any", "solved"])
def test_the_plan_does_not_count_on_seeing_his_hand(his_play: str) -> None:
    # Worked by hand, and by the exhaustive search of every plan (tests/helpers). I am
    # pone at 117 and show 5, he deals at 118: unless he pegs three in the rest of the
    # play before I peg four, I count out first (CRIB-R-10). I led a 4, he
    # laid a 3 (7); I hold 8, 9, K; he holds 4-6-8, 4-9-J, 5-7-Q or 9-10-Q, alike likely.
    # Solved one hand at a time, the K (17) wins in all four. But to his 4 (21), in either
    # of the first two hands, my card must be guessed. Against 6-8 the 9 (30) takes the go
    # (neither can lay), then lets him lead the 6 and pair my 8 for the last card (three:
    # out), and the 8 (29) wins;
    # against 9-J the 8 (29) lets him lead the J, then pair my 9 with his (three), and
    # the 9 wins. And to his Q (27), from 5-7-Q or 9-10-Q, neither can lay: the go is his
    # (119) and I lead the next count blind: the 9 is right against 5-7 (my 8 would give
    # his 7 a fifteen), the 8 against 9-10 (he would pair my 9). With one plan the K wins
    # half the hands; the 8 (15, two for me) wins three of the four whatever I know
    # (against 4-6-8 his 8 pairs mine at 23 and he takes the go), and is the card.
    from helpers.plan_reference import best_plan_values

    mine, count, seq = (8, 9, 13), 7, (4, 3)
    hands = [(4, 6, 8), (4, 9, 11), (5, 7, 12), (9, 10, 12)]
    alone: dict[int, float] = {}
    for his in hands:
        for r, v in WinSolver(FLAT, 121, 5, 5, 0).card_values(
                mine, his, count, seq, False, 117, 118, False).items():
            alone[r] = alone.get(r, 0.0) + v / 4
    assert alone == pytest.approx({8: 0.75, 9: 0.5, 13: 1.0})
    # after the K and his 4: the card that wins differs with the hand
    for his, wins in (((6, 8), 8), ((9, 11), 9)):
        values = WinSolver(FLAT, 121, 5, 5, 0).card_values((8, 9), his, 21, (4, 3, 13, 4),
                                                           False, 117, 118, False)
        assert values == {wins: 1.0, 17 - wins: 0.0}
    best = best_plan_values(mine, hands, count, seq, 117, 118, FLAT, 121, 5, 5, False)
    assert best == pytest.approx({8: 0.75, 9: 0.5, 13: 0.5})
    plan = InfoSetSolver(FLAT, 121, [(h, 5, 5, 1.0) for h in hands], False, his_play)
    assert plan.card_values(mine, count, seq, False, 117, 118) == pytest.approx(best)


def test_the_plan_found_is_never_worth_more_than_the_best_plan() -> None:
    # With his_play="any" a card's value is that of the plan the search found, against his
    # best answer in every hand: never above the best plan's (the exhaustive reference),
    # never above the mean of the hands solved one at a time, and on most small plays
    # equal to the best. Seeded plays of three cards a side after a lead and an answer,
    # two to four hands for him, on the win table.
    from hoyle.cribbage.players.aware import table_lists
    from helpers.plan_reference import best_plan_values

    table = table_lists()
    rng = random.Random(11)
    checked = equal = 0
    while checked < 60:
        ranks = list(range(1, 14))
        lead, answer = rng.choice(ranks), rng.choice(ranks)
        mine = tuple(sorted(rng.sample(ranks, 3)))
        hands = sorted({tuple(sorted(rng.sample(ranks, 3))) for _ in range(rng.randint(2, 4))})
        if any(max((mine + (lead, answer) + h).count(r) for r in ranks) > 4 for h in hands):
            continue
        me, him = rng.randint(100, 120), rng.randint(100, 120)
        shows = rng.randint(0, 12), rng.randint(0, 20)
        count = _PIP[lead] + _PIP[answer]
        best = best_plan_values(mine, hands, count, (lead, answer), me, him, table, 121,
                                *shows, False)
        found = InfoSetSolver(table, 121, [(h, *shows, 1.0) for h in hands], False,
                              "any").card_values(mine, count, (lead, answer), False, me, him)
        alone: dict[int, float] = {}
        for h in hands:
            for r, v in WinSolver(table, 121, *shows, 0).card_values(
                    mine, h, count, (lead, answer), False, me, him, False).items():
                alone[r] = alone.get(r, 0.0) + v / len(hands)
        assert set(found) == set(best) == set(alone)
        for r in found:
            assert found[r] <= best[r] + 1e-12 and best[r] <= alone[r] + 1e-12
        equal += all(abs(found[r] - best[r]) < 1e-12 for r in found)
        checked += 1
    assert equal >= 50


def test_a_go_stands_for_the_count_whatever_hand_is_drawn() -> None:
    # He has said go at 22 (EW-xxi): a drawn hand that holds an ace cannot lay it now. I
    # hold a 3, at 120: I lay it (25) and take the go, 121, whatever he holds. Had he not
    # said go, in the hand with the ace he would lay it (26) and take the go himself.
    for his_play in ("any", "solved"):
        worlds = [((1, 13), 30, 0, 1.0), ((12, 13), 30, 0, 1.0)]
        plan = InfoSetSolver(FLAT, 121, worlds, True, his_play)
        assert plan.card_values((3,), 22, (2, 10, 10), True, 120, 100) == {3: 1.0}
        plan = InfoSetSolver(FLAT, 121, worlds, True, his_play)
        assert plan.card_values((3,), 22, (2, 10, 10), False, 120, 100) == {3: 0.5}



def test_a_weight_counts_a_world_as_so_many_draws_of_it() -> None:
    # A world of weight 2 is the same world drawn twice; only the ratios matter.
    mine, count, seq = (8, 9, 13), 7, (4, 3)
    hands = [(4, 6, 8), (4, 9, 11), (5, 7, 12), (9, 10, 12)]
    for his_play in ("any", "solved"):
        twice = InfoSetSolver(FLAT, 121, [(hands[0], 5, 5, 1.0)] +
                              [(h, 5, 5, 1.0) for h in hands], False,
                              his_play).card_values(mine, count, seq, False, 117, 118)
        weighted = InfoSetSolver(FLAT, 121, [(hands[0], 5, 5, 2.0)] +
                                 [(h, 5, 5, 1.0) for h in hands[1:]], False, his_play)
        assert weighted.card_values(mine, count, seq, False, 117, 118) == pytest.approx(twice)
        assert twice != pytest.approx({8: 0.75, 9: 0.5, 13: 0.5})  # the weight moved it
        for size in (1e308, 1e-13, 5e-324):  # huge or tiny: the same ratios, the same values
            alike = InfoSetSolver(FLAT, 121, [(h, 5, 5, size) for h in hands], False, his_play)
            assert alike.card_values(mine, count, seq, False, 117, 118) == pytest.approx(
                {8: 0.75, 9: 0.5, 13: 0.5})


def test_bad_worlds_and_positions_are_refused_in_words() -> None:
    good = [((4, 6, 8), 5, 5, 1.0)]
    for worlds, words in (([], "at least one world"),
                          ([((5,), 0, 0, 0.0)], "finite number above 0, not 0.0"),
                          ([((5,), 0, 0, float("nan"))], "above 0, not nan"),
                          ([((5,), 0, 0, float("inf"))], "above 0, not inf"),
                          ([((5,), 0, 0, "1")], "above 0, not '1'"),
                          ([((5,), 0, 0, 1.0), ((5, 6), 0, 0, 1.0)], "same number of cards"),
                          ([((14,), 0, 0, 1.0)], "his hand is a tuple of at most 4 ranks"),
                          ([((0,), 0, 0, 1.0)], "ranks, each 1-13"),
                          ([((1, 2, 3, 4, 5), 0, 0, 1.0)], "at most 4 ranks"),
                          ([("55", 0, 0, 1.0)], "his hand is a tuple"),
                          ([((5,), -3, 0, 1.0)], "a show is a whole number, at least 0"),
                          ([((5,), 0, 2.5, 1.0)], "a show is a whole number"),
                          ([((5,), 0, 0)], "each world is")):
        with pytest.raises(ValueError, match=words):
            InfoSetSolver(FLAT, 121, worlds, True)  # type: ignore[arg-type]
    for worlds in (None, 5, "4,6,8"):
        with pytest.raises(ValueError, match="the worlds are a list of worlds"):
            InfoSetSolver(FLAT, 121, worlds, True)  # type: ignore[arg-type]
    # a generator of worlds is a set of worlds too; numpy's whole numbers are ranks
    import numpy as np

    assert InfoSetSolver(FLAT, 121, (w for w in good), False).hands == [(4, 6, 8)]
    assert InfoSetSolver(FLAT, 121, [(tuple(np.array([8, 4, 6])), 5, 5, 1.0)],
                         False).hands == [(4, 6, 8)]
    # solvers shared must be this table's and target's, under their own shows
    flat_solver = WinSolver(FLAT, 121, 5, 5, 0)
    InfoSetSolver(FLAT, 121, good, False, "solved", solvers={(5, 5): flat_solver})
    for solvers in ({(5, 5): WinSolver([row[:] for row in FLAT], 121, 5, 5, 0)},
                    {(5, 5): WinSolver(FLAT, 61, 5, 5, 0)}, {(3, 7): flat_solver},
                    {(5, 5): "solver"}, [flat_solver]):
        with pytest.raises(ValueError, match="solvers is a dict of WinSolver"):
            InfoSetSolver(FLAT, 121, good, False, "solved", solvers=solvers)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'any' or 'solved', not 'best'"):
        InfoSetSolver(FLAT, 121, good, True, "best")
    with pytest.raises(ValueError, match="i_deal is True or False, not 'no'"):
        InfoSetSolver(FLAT, 121, good, "no")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="target is a whole number, at least 1, not 0"):
        InfoSetSolver(FLAT, 0, good, True)
    with pytest.raises(ValueError, match="the table is 200 rows of 200"):
        InfoSetSolver(FLAT, 200, good, True)
    with pytest.raises(ValueError, match="the table is 121 rows"):
        InfoSetSolver([], 121, good, True)
    solver = InfoSetSolver(FLAT, 121, good, False)
    for args, words in ((((8, 14), 7, (4, 3), False, 117, 118), "my hand is a tuple"),
                        (((), 7, (4, 3), False, 117, 118), "my hand holds a card"),
                        (((8.0,), 7, (4, 3), False, 117, 118), r"each 1-13, not \(8.0,\)"),
                        (((8,), 8, (4, 3), False, 117, 118), "the pips of its ranks"),
                        (((8,), 31, (10, 10, 10, 1), False, 117, 118), "at most 30"),
                        (((8,), -5, (), False, 117, 118), "the count is a whole number"),
                        (((8,), 7, (4, 3), "no", 117, 118), "he_passed is True or False"),
                        (((8,), 7, (4, 3), False, -5, 118), "my score is a whole number"),
                        (((8,), 7, (4, 3), False, 117, 121), "his score is short of the game"),
                        (((8,), 7, (4, 3), False, 117.0, 118), "my score is a whole"),
                        (((8, 8, 8), 15, (8, 7), False, 117, 118), "rank 8 more than four")):
        with pytest.raises(ValueError, match=words):
            solver.card_values(*args)  # type: ignore[arg-type]
    # lists for tuples are taken; a hand that cannot lay has no card to value (a go), as
    # WinSolver says
    assert solver.card_values([8], 7, [4, 3], False, 117, 118) == \
        solver.card_values((8,), 7, (4, 3), False, 117, 118)  # type: ignore[arg-type]
    assert solver.card_values((13,), 25, (10, 10, 5), False, 117, 118) == {}
    with pytest.raises(ValueError, match="one_plan is True or False, not 'yes'"):
        MasterPlayer(one_plan="yes")  # type: ignore[arg-type]
    views = _near_end_play_views(7)
    with pytest.raises(ValueError, match="needs the determinizations drawn"):
        MasterPlayer(one_plan=True).plan_values(views[0], PlaySolves())
    # another view's draws, his hand of another size: refused, not planned on
    other = next(v for v in views if v.hand_sizes[1 - v.seat] != views[0].hand_sizes[
        1 - views[0].seat])
    solved = PlaySolves(share=True)
    MasterPlayer().chance_rows(views[0], random.Random(3), solved)
    with pytest.raises(ValueError, match="needs the determinizations drawn for this view"):
        MasterPlayer(one_plan=True).plan_values(other, solved)


def test_one_plan_lays_the_information_set_searchs_card_over_the_masters_draws() -> None:
    # The master with one_plan draws what the master draws (the staged search's
    # determinizations, one world each, repeats counted) and lays the card of the plan
    # over them; among equal chances the determinizations' own pick.
    plain, planned = MasterPlayer(), MasterPlayer(one_plan=True)
    views = _near_end_play_views(7) + _near_end_play_views(8)
    assert len(views) >= 6
    for view in views:
        solved = PlaySolves()
        rows = plain.chance_rows(view, random.Random(3), solved)
        assert len(solved.worlds) == len(rows)
        pick = plain.best_rank(view, rows, solved)
        values = planned.plan_values(view, solved)
        assert set(values) == set(rows[0][1])
        top = max(round(v, 9) for v in values.values())
        tied = [r for r, v in values.items() if round(v, 9) == top]
        want = pick if pick in tied else max(tied)
        plays = [Action("PLAY", (c,)) for c in view.hand if c.rank in values]
        assert planned._play(view, plays, random.Random(3)).cards[0].rank == want
        assert plain._play(view, plays, random.Random(3)).cards[0].rank == pick


def test_the_exhaustive_reference_is_the_full_information_search_for_one_hand() -> None:
    # The reference (tests/helpers/plan_reference.py) plays the rules its own way: with one
    # hand for him its best plan is the full-information value, WinSolver's, on the win
    # table, dealer and pone, with and without a count begun.
    from hoyle.cribbage.players.aware import table_lists
    from helpers.plan_reference import best_plan_values

    table = table_lists()
    for rng, mine, his, seq, count in _one_hand_positions(3, 200):
        me, him = rng.randint(90, 120), rng.randint(90, 120)
        shows, i_deal = (rng.randint(0, 20), rng.randint(0, 25)), rng.random() < 0.5
        want = WinSolver(table, 121, *shows, 0).card_values(mine, his, count, seq, False, me,
                                                            him, i_deal)
        got = best_plan_values(mine, [his], count, seq, me, him, table, 121, *shows, i_deal)
        assert got == pytest.approx(want, abs=1e-12)
