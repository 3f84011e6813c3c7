"""Discard advice, the crib table, and the table/expert players (issue: players worth playing)."""

from __future__ import annotations

import io
import json
import random

import pytest

from hoyle.cribbage.advice.cribtable import PAIR_CLASSES, crib_table, pair_class
from hoyle.cribbage.advice.cribtable_fit import compute_crib_table
from hoyle.cribbage.advice.discard import discard_options, hand_ev
from hoyle.cards import CARDS, parse_cards
from hoyle.cribbage.players import ExpertPlayer, GreedyPlayer, TablePlayer
from hoyle.cribbage.players.search import best_card, card_values, play_value
from hoyle.cribbage.scoring import score_show
from hoyle.errors import DuplicateCardError, HoyleError
from hoyle.engine.action import Action
from hoyle.cribbage.match import play_game
from hoyle.sim.tournament import run_match


def brute_hand_ev(keep: tuple, hand: tuple) -> float:  # type: ignore[type-arg]
    """The mean show over the 46 starters, by the itemising scorer (independent of the
    table-driven fast path the advice uses)."""
    starters = [c for c in CARDS if c not in hand]
    return sum(score_show(keep, s).total for s in starters) / len(starters)


def test_hand_evs_equal_brute_force_enumeration() -> None:
    rng = random.Random(11)
    for _ in range(6):
        hand = tuple(rng.sample(CARDS, 6))
        for o in discard_options(hand, dealer=bool(rng.randrange(2))):
            assert o.hand_ev == pytest.approx(brute_hand_ev(o.keep, hand), abs=1e-12)
            assert set(o.keep) | set(o.discard) == set(hand)


def test_published_discard_example_hand_values() -> None:
    # figures.md §3: A-2-J-Q averages 131/46, A-2-7-9 110/46 over the 46 starters.
    hand = parse_cards("AH 2C 7D 9S JH QC")
    assert hand_ev(parse_cards("AH 2C JH QC"), parse_cards("7D 9S")) * 46 == pytest.approx(131)
    assert hand_ev(parse_cards("AH 2C 7D 9S"), parse_cards("JH QC")) * 46 == pytest.approx(110)
    # ... and with the crib, the dealer should lay away J-Q rather than 7-9 (published).
    by_discard = {frozenset(o.discard): o for o in discard_options(hand, dealer=True)}
    assert by_discard[frozenset(parse_cards("JH QC"))].total > \
        by_discard[frozenset(parse_cards("7D 9S"))].total


@pytest.mark.parametrize("dealer", [True, False])
def test_three_fives_and_a_jack_are_kept(dealer: bool) -> None:
    # 5-5-5-J is worth 14 before the starter (fifteens 5+J three times and 5+5+5 = 8, pair
    # royal 6); no other keep from these six comes near, and 2-9 are poor crib cards.
    best = discard_options(parse_cards("5H 5C 5S JD 2C 9S"), dealer)[0]
    assert set(best.keep) == set(parse_cards("5H 5C 5S JD"))


def test_pone_does_not_give_away_a_pair_of_fives() -> None:
    # Pone with 5-5 and four cards that make nothing together: laying the fives away hands
    # the dealer's crib the best pair there is (the table's highest pone value of a rank
    # pair), so a keep with the fives is best.
    best = discard_options(parse_cards("5H 5C 2D 8S QH KC"), dealer=False)[0]
    assert set(parse_cards("5H 5C")) <= set(best.keep)
    t = crib_table()
    assert t.pone["5-5"] == max(t.pone[f"{r}-{r}"] for r in "A23456789TJQK")


def test_discard_advice_refuses_bad_hands() -> None:
    with pytest.raises(HoyleError):
        discard_options(parse_cards("5H 5C 5S JD 2C"), True)
    with pytest.raises(DuplicateCardError):
        discard_options(parse_cards(["5H", "5H", "5S", "JD", "2C", "9S"], distinct=False), True)


def test_crib_table_is_complete_and_sensible() -> None:
    t = crib_table()
    assert len(PAIR_CLASSES) == 169 and set(t.dealer) == set(PAIR_CLASSES)
    assert set(t.pone) == set(PAIR_CLASSES)
    # A pair of fives is the best thing to give a crib; ten-king (no fifteen with a single
    # card but a five, no run partner) among the worst.
    assert t.dealer["5-5"] > t.dealer["T-K"] + 4
    # The dealer lays good cards in his own crib and the pone poor ones in the dealer's,
    # so a given pair meets better company as the pone's throw.
    assert sum(t.pone.values()) > sum(t.dealer.values())
    assert all(se < 0.15 for se in t.dealer_se.values())
    assert pair_class(*parse_cards("KD 5D")) == "5-Ks"


@pytest.mark.slow
def test_crib_table_reproducible_from_its_seed_whatever_the_workers() -> None:
    a = compute_crib_table(deals=400, seed=7, iterations=2, workers=1)
    b = compute_crib_table(deals=400, seed=7, iterations=2, workers=2)
    assert a.dealer == b.dealer and a.pone == b.pone and a.dealer_se == b.dealer_se
    c = compute_crib_table(deals=400, seed=8, iterations=2, workers=1)
    assert c.dealer != a.dealer


# -- the search behind the expert ---------------------------------------------------------

def test_search_values_hand_worked_endings() -> None:
    # Me 5, him 10, count 0: I lead the 5; he plays the 10 for fifteen (2) and, nobody
    # having a card left, the last card (1): -3 for me.
    assert play_value((5,), (10,), 0, ()) == -3
    # Me 10, him 5 at count 0: I lead the 10, he pairs nothing, makes 15 (2) + last (1).
    assert play_value((10,), (5,), 0, ()) == -3
    # Count 21, me a 10, him nothing that fits... he holds a 9: I play the 10 to 31 (2).
    assert card_values((10,), (9,), 21, (10, 5, 6)) == {10: 2 - 1}
    # With 4 and 5 against 6 and 10 at the lead, the 4 is safer than the 5 (a 5 lead
    # gives up 15 to the ten).
    assert best_card((4, 5), (6, 10), 0, ()) == 4


def test_players_legal_and_deterministic() -> None:
    for cls in (TablePlayer, ExpertPlayer):
        a = play_game([cls(), GreedyPlayer()], seed=21)
        b = play_game([cls(), GreedyPlayer()], seed=21)
        assert a.history == b.history and a.result is not None
        assert max(a.result.scores) >= 121


def test_tournament_results_do_not_depend_on_workers() -> None:
    one = run_match("cribbage", ["table", "random"], games=6, seed=4, workers=1)
    two = run_match("cribbage", ["table", "random"], games=6, seed=4, workers=2)
    assert one.to_dict() == two.to_dict()
    assert one.games == 6 and sum(one.wins) == 6
    # First deal alternates: A deals first in games 0, 2, 4.
    assert one.deals[0]["dealer"] + one.deals[0]["pone"] > 0


def test_expert_pegs_out_when_a_card_wins_the_game() -> None:
    # The expert deals (seat 0) and needs 2 to win. The pone leads a ten; the expert's 5
    # makes fifteen for 2, and the game ends at once (CRIB-R-11), whatever the search would
    # say of the rest of the play.
    from hoyle.cards import parse_cards
    from hoyle.cribbage.state import CribbageState

    s = CribbageState(seed=3)
    s.apply(Action("CUT", parse_cards("2C")))
    s.apply(Action("CUT", parse_cards("9D")))   # the lower cut: seat 0 deals
    s.apply(Action("DEAL", parse_cards("TH KH QH JC 2D 3D 5S 4C 4H 8S 9S 7C")))
    s.apply(Action("DISCARD", parse_cards("2D 3D")))  # the pone (seat 1) first
    s.apply(Action("DISCARD", parse_cards("8S 9S")))
    s.apply(Action("STARTER", parse_cards("AS")))
    s.pegs[0] = [119, 117]
    s.apply(Action("PLAY", parse_cards("TH")))
    assert s.current_player == 0
    choice = ExpertPlayer().choose(s.view(0), s.legal_actions(), random.Random(1))
    assert choice == Action("PLAY", parse_cards("5S"))
    s.apply(choice)
    assert s.result is not None and s.result.winner == 0


# -- the pegging table and the expert's model of his opponent ----------------------------

def test_pegging_table_weights_follow_the_cards_left() -> None:
    from hoyle.cribbage.players.pegtable import _weight

    # Holding four fives, the opponent cannot hold one.
    assert _weight((5, 5, 5, 5), (5, 6, 7, 8)) == 0.0
    # Holding two fives, a pair of fives for him: C(2, 2) / C(4, 2) = 1/6.
    assert _weight((5, 5, 9, 10), (5, 5, 1, 2)) == pytest.approx(1 / 6)
    # Ranks the holder does not hold keep their full-pack chance.
    assert _weight((1, 2, 3, 4), (9, 9, 10, 11)) == 1.0


def test_pegging_table_entry_is_the_weighted_double_dummy_mean() -> None:
    from hoyle.cribbage.players.pegtable import _entry

    mine = (4, 5, 5, 10)
    pool = [(1, 2, 3, 6), (5, 9, 10, 13), (10, 10, 12, 13)]
    # His chance of each hand among the 48 cards left over its chance in a full pack:
    # no rank of mine; one five of the two left and one ten of the three left,
    # C(2,1)/C(4,1) * C(3,1)/C(4,1); two tens of the three left, C(3,2)/C(4,2).
    weights = [1.0, (2 / 4) * (3 / 4), 3 / 6]
    pone = [play_value(mine, h, 0, ()) for h in pool]
    dealer = [-play_value(h, mine, 0, ()) for h in pool]
    got = _entry((mine, pool))
    assert got[0] == pytest.approx(sum(w * v for w, v in zip(weights, pone)) / sum(weights))
    assert got[2] == pytest.approx(sum(w * v for w, v in zip(weights, dealer)) / sum(weights))


@pytest.mark.slow
def test_shipped_pegging_table_reproduces_from_its_seed() -> None:
    # The shipped table (scripts/peg_table.py, seed 2026, 200 hands): recompute two
    # entries from the same pool, and check the table is complete and sane.
    from hoyle.cribbage.players.pegtable import (KEEP_KINDS, _entry, keep_key, opponent_pool,
                                                 peg_table)

    t = peg_table()
    assert len(KEEP_KINDS) == 1820 and len(t.pone) == len(t.dealer) == 1820
    pool = opponent_pool(t.meta["hands"], t.meta["seed"])
    for mine in ((1, 2, 3, 4), (5, 5, 10, 13)):
        pm, ps, dm, ds = _entry((mine, pool))
        key = keep_key(mine)
        assert (t.pone[key], t.dealer[key]) == (round(pm, 4), round(dm, 4))
        assert (t.pone_se[key], t.dealer_se[key]) == (round(ps, 4), round(ds, 4))
    # The dealer gains in the play on average, the pone loses (he leads into the dealer).
    assert sum(t.dealer.values()) > 0 > sum(t.pone.values())
    # Low cards peg better than tens for the pone: A-2-3-4 above T-J-Q-K.
    assert t.pone["A234"] > t.pone["TJQK"]


def test_pegging_table_is_the_same_whatever_the_workers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from hoyle.cribbage.players import pegtable
    from hoyle.cribbage.players.pegtable import PegTable, compute_peg_table

    # A few kinds of kept hand stand for the 1,820 (the whole table takes minutes).
    monkeypatch.setattr(pegtable, "KEEP_KINDS", ((1, 2, 3, 4), (5, 5, 10, 13), (7, 7, 8, 8)))
    one = compute_peg_table(6, seed=5, workers=1)
    two = compute_peg_table(6, seed=5, workers=2)
    assert one == two
    assert PegTable.from_json(one.to_json()) == one
    with pytest.raises(HoyleError):
        PegTable.from_json('{"meta": {}, "dealer": {}, "pone": {}, "dealer_se": {}, '
                           '"pone_se": {}}')
    with pytest.raises(HoyleError):
        PegTable.from_json("not json")
    with pytest.raises(HoyleError):
        compute_peg_table(1, seed=5)


def test_expert_draws_the_opponent_hands_consistent_with_his_plays() -> None:
    # The pone has led the 5 of hearts; every hand the expert (the dealer) draws for him
    # holds three of the cards it has not seen; drawn again from the same view and seed,
    # the same (a resumed game plays on alike); modelled draws differ from uniform ones.
    from hoyle.cribbage.state import CribbageState

    s = CribbageState(seed=3)
    s.apply(Action("CUT", parse_cards("2C")))
    s.apply(Action("CUT", parse_cards("9D")))   # seat 0 deals
    s.apply(Action("DEAL", parse_cards("5H 4C 4H 7C 8S 9S TH KH QH JC 2D 3D")))
    s.apply(Action("DISCARD", parse_cards("8S 9S")))  # the pone (seat 1) keeps 5H 4C 4H 7C
    s.apply(Action("DISCARD", parse_cards("2D 3D")))  # the dealer keeps TH KH QH JC
    s.apply(Action("STARTER", parse_cards("AS")))
    s.apply(Action("PLAY", parse_cards("5H")))
    view = s.view(0)
    expert = ExpertPlayer()
    hands = expert._opponent_hands(view, 3, random.Random(7))
    assert len(hands) == expert.samples
    unseen_ranks = [c.rank for c in CARDS if c not in view.hand and c not in view.discards
                    and c not in parse_cards("AS 5H")]
    for h in hands:
        assert len(h) == 3 and all(h.count(r) <= unseen_ranks.count(r) for r in h)
    assert hands == ExpertPlayer()._opponent_hands(view, 3, random.Random(7))
    uniform = ExpertPlayer(model_opponent=False)._opponent_hands(view, 3, random.Random(7))
    assert len(uniform) == expert.samples and uniform != hands


@pytest.mark.slow
def test_expert_resumed_plays_on_as_the_uninterrupted_game() -> None:
    # Every decision is a function of the view and the decision's own random draws: a
    # fresh expert (a resumed game) chooses as the one that played the game so far.
    from hoyle.cribbage.state import CribbageState
    from hoyle.engine.runner import Seeds
    from hoyle.engine.action import CHANCE

    s = CribbageState(seed=8)
    rng = Seeds(8, True)
    playing = ExpertPlayer()
    decisions = 0
    while not s.is_terminal() and decisions < 60:
        n = len(s._history)
        if s.current_player == CHANCE:
            s.apply(s.sample_chance(rng.chance(n)))
            continue
        seat, legal = s.current_player, s.legal_actions()
        a = playing.choose(s.view(seat), legal, rng.seat(seat, n))
        assert a == ExpertPlayer().choose(s.view(seat), legal, rng.seat(seat, n))
        s.apply(a)
        decisions += 1


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["five-card", "eight-card"])
def test_expert_draws_hands_of_the_right_size_in_other_variants(variant: str) -> None:
    from hoyle.cribbage.rules import VARIANTS
    from hoyle.cribbage.state import CribbageState, Phase

    s = CribbageState(VARIANTS[variant], seed=4)
    g = random.Random(4)
    expert = ExpertPlayer()
    checked = 0
    while not s.is_terminal() and checked < 10:
        if s.current_player < 0:
            s.apply(s.sample_chance(g))
            continue
        view = s.view(s.current_player)
        if s.phase == Phase.PLAY and view.hand_sizes[1 - view.seat] > 0:
            n_opp = view.hand_sizes[1 - view.seat]
            assert all(len(h) == n_opp for h in expert._opponent_hands(view, n_opp, g))
            checked += 1
        s.apply(expert.choose(view, s.legal_actions(), g))
    assert checked == 10


def test_role_tables_refuse_incomplete_or_invalid_json() -> None:
    from hoyle.cribbage.players.pegtable import PegTable, peg_table

    good = json.loads(crib_table().to_json())
    for broken in ({**good, "pone_se": {}},
                   {**good, "dealer": {**good["dealer"], "5-5": float("nan")}},
                   {**good, "dealer": {**good["dealer"], "5-5": "1.5"}},
                   {**good, "pone": {**good["pone"], "Z-Z": 1.0}},
                   {**good, "pone_se": {**good["pone_se"], "5-5": -0.1}}):
        with pytest.raises(HoyleError):
            type(crib_table()).from_json(json.dumps(broken))
    with pytest.raises(HoyleError):
        PegTable.from_json("[" * 100_000)
    with pytest.raises(HoyleError):  # a number too large for a float
        type(crib_table()).from_json(json.dumps(good).replace(
            '"5-5": ', '"5-5": 1' + "0" * 400 + ", \"x\": ", 1))
    t = peg_table()
    for bad in ([0, 13, 13, 13], [14, 1, 2, 3], [1, 2, 3]):
        with pytest.raises(KeyError):
            t.value(bad, dealer=True)


def test_show_sum_and_hand_ev_refuse_bad_hands() -> None:
    from hoyle.cribbage.scoring import show_sum

    hand = parse_cards("5H 5C 5S JD")
    # Dead cards that repeat the hand count once: the 47 other starters.
    assert show_sum(hand, hand) == show_sum(hand) == sum(
        score_show(hand, s).total for s in CARDS if s not in hand)
    for bad in (hand[:3], [*hand, parse_cards("5D")[0]], [hand[0], *hand[:3]]):
        with pytest.raises(HoyleError):
            show_sum(bad)
    with pytest.raises(DuplicateCardError):
        hand_ev([hand[0], *hand[:3]])
    with pytest.raises(HoyleError):  # no starter left to average over
        hand_ev(hand, [c for c in CARDS if c not in hand])


@pytest.mark.parametrize("script,args", [
    ("peg_table.py", ["--hands", "0"]),
    ("peg_table.py", ["--hands", "3", "--out", "/nonexistent-dir/peg.json"]),
    ("crib_table.py", ["--deals", "1"]),
    ("crib_table.py", ["--deals", "10", "--iterations", "0"]),
    ("peg_table.py", ["--hands", "3", "--out", "/"]),  # a directory
    ("peg_table.py", ["--hands", "3", "--workers", "0"]),
])
def test_table_scripts_refuse_bad_arguments_before_computing(script: str,
                                                             args: list[str]) -> None:
    import subprocess
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "scripts" / script
    done = subprocess.run([sys.executable, str(path), *args], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith(f"{script}: error:")


def test_a_run_continued_from_a_later_game_plays_the_same_games() -> None:
    import io

    whole, part = io.StringIO(), io.StringIO()
    run_match("cribbage", ["table", "random"], games=6, seed=4, out=whole)
    rest = run_match("cribbage", ["table", "random"], games=2, seed=4, out=part, first=4, workers=2)
    assert whole.getvalue().splitlines()[4:] == part.getvalue().splitlines()
    assert rest.games == 2 and sum(rest.wins) == 2


def test_summarize_games_equals_the_match_as_played() -> None:
    # The records replayed and tallied give every count the match gave in play.
    from hoyle.sim.tournament import summarize_games
    from hoyle.engine.records import GameRecord

    for game, pair in (("cribbage", ["table", "random"]), ("ecarte", ["rules", "random"])):
        out = io.StringIO()
        played = run_match(game, pair, games=6, seed=9, out=out)
        records = [GameRecord.from_json(line) for line in out.getvalue().splitlines()]
        assert summarize_games(game, records).to_dict() == played.to_dict()
