"""The information-set search of the play (one plan of the seat's cards for every hand the
opponent may hold): hoyle.cribbage.players.infoset, and the master's ``one_plan``."""

from __future__ import annotations

import random

import pytest

from hoyle.cribbage.players.aware import PlaySolves
from hoyle.cribbage.players.infoset import InfoSetSolver
from hoyle.cribbage.players.master import MasterPlayer
from hoyle.cribbage.players.winsearch import WinSolver
from hoyle.engine.action import Action

from tests.cribbage.test_master import _near_end_play_views

FLAT = [[0.5] * 121 for _ in range(121)]
_PIP = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


@pytest.mark.parametrize("his_play", ["any", "solved"])
def test_one_world_is_the_full_information_search(his_play: str) -> None:
    # With one hand for him there is nothing to plan over: the values are WinSolver's,
    # on seeded positions of every size (goes only where his hand agrees with them).
    from hoyle.cribbage.players.aware import table_lists

    table = table_lists()
    rng = random.Random(1)
    checked = 0
    while checked < 400:
        deck = [r for r in range(1, 14) for _ in range(4)]
        rng.shuffle(deck)
        mine = tuple(sorted(deck[:rng.randint(1, 4)]))
        his = tuple(sorted(deck[4:4 + rng.randint(0, 4)]))
        seq = tuple(deck[8:8 + rng.randint(0, 2)])
        count = sum(_PIP[r] for r in seq)
        if count + min(_PIP[r] for r in mine) > 31:
            continue
        passed = not his or (rng.random() < 0.3 and min(_PIP[r] for r in his) > 31 - count)
        ms, hs = rng.randint(90, 120), rng.randint(90, 120)
        pone_show, dealer_show, i_deal = rng.randint(0, 20), rng.randint(0, 25), rng.random() < 0.5
        want = WinSolver(table, 121, pone_show, dealer_show, 0).card_values(
            mine, his, count, seq, passed, ms, hs, i_deal)
        got = InfoSetSolver(table, 121, [(his, pone_show, dealer_show, 1.0)], i_deal,
                            his_play).card_values(mine, count, seq, passed, ms, hs)
        assert got == pytest.approx(want, abs=1e-12)
        checked += 1


@pytest.mark.parametrize("his_play", ["any", "solved"])
def test_the_plan_does_not_count_on_seeing_his_hand(his_play: str) -> None:
    # Worked by hand. I deal, at 120: one point wins; he is pone and shows 30, so if the
    # play ends without my point he counts out first (CRIB-R-10). I hold 6, 9, 10 and
    # lay first; he holds 4-5-7, 5-8-Q or 6-7-8, alike likely.
    # Solved one by one, the 9 wins in every hand. But against 4-5-7 and 6-7-8 alike he
    # may answer the 9 with the 7 (16), and then my card must be guessed: the 6 (22)
    # leaves him 4 (26) or 5 (27), the other makes 31, and my 10 is the last card; the 10
    # (26) lets him make 31 with the 5 or take a go at 30 with the 4, and the last card.
    # Against his 6-8 it is the other way: the 6 he pairs (28) and takes the go and the
    # last card; on the 10 (26) neither can lay and the go is mine. So the 9 wins a third
    # of the hands with one plan, and the 10, which wins against 5-8-Q and 6-7-8 whatever
    # I know, is the card.
    mine, worlds = (6, 9, 10), [(4, 5, 7), (5, 8, 12), (6, 7, 8)]
    alone = {}
    for his in worlds:
        for r, v in WinSolver(FLAT, 121, 30, 0, 0).card_values(
                mine, his, 0, (), False, 120, 100, True).items():
            alone[r] = alone.get(r, 0.0) + v / 3
    assert alone == pytest.approx({6: 1 / 3, 9: 1.0, 10: 2 / 3})
    # the 9 and his 7, then one hand or the other: the card that wins differs
    for his, wins in (((4, 5), 6), ((6, 8), 10)):
        values = WinSolver(FLAT, 121, 30, 0, 0).card_values((6, 10), his, 16, (9, 7), False,
                                                           120, 100, True)
        assert values == {wins: 1.0, 16 - wins: 0.0}
    plan = InfoSetSolver(FLAT, 121, [(h, 30, 0, 1.0) for h in worlds], True, his_play)
    assert plan.card_values(mine, 0, (), False, 120, 100) == pytest.approx(
        {6: 1 / 3, 9: 1 / 3, 10: 2 / 3})


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


def test_the_weights_count_each_world_by_its_draws() -> None:
    # Lead 10 wins against 5-8-Q and 6-7-8 and loses against 4-5-7 (above): weighted 2,
    # 1, 1 the 10 wins half.
    worlds = [((4, 5, 7), 30, 0, 2.0), ((5, 8, 12), 30, 0, 1.0), ((6, 7, 8), 30, 0, 1.0)]
    values = InfoSetSolver(FLAT, 121, worlds, True, "any").card_values((6, 9, 10), 0, (),
                                                                      False, 120, 100)
    assert values[10] == pytest.approx(0.5)


def test_bad_worlds_are_refused_in_words() -> None:
    with pytest.raises(ValueError, match="at least one world"):
        InfoSetSolver(FLAT, 121, [], True)
    with pytest.raises(ValueError, match="weight is positive"):
        InfoSetSolver(FLAT, 121, [((5,), 0, 0, 0.0)], True)
    with pytest.raises(ValueError, match="same number of cards"):
        InfoSetSolver(FLAT, 121, [((5,), 0, 0, 1.0), ((5, 6), 0, 0, 1.0)], True)
    with pytest.raises(ValueError, match="'any' or 'solved', not 'best'"):
        InfoSetSolver(FLAT, 121, [((5,), 0, 0, 1.0)], True, "best")
    with pytest.raises(ValueError, match="one_plan"):
        MasterPlayer(one_plan="yes")  # type: ignore[arg-type]


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
