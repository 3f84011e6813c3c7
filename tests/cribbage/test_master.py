"""The master (players.master) and its pegging matrix (players.pegmatrix): the matrix
against plays worked by hand and against the search; the searched lay-away in positions
worked by hand, where it differs from the expert's tabled one and where it must not; the
five-card lay-away; the player's place among the others."""

from __future__ import annotations

import random

import numpy as np
import pytest

from helpers.cribbage import dealer_view, pone_view

from hoyle.cards import parse_cards
from hoyle.cribbage.match import play_game
from hoyle.cribbage.players import PLAYERS, ExpertPlayer, MasterPlayer, make_player
from hoyle.cribbage.players.aware import PlaySolves
from hoyle.cribbage.players.pegmatrix import kind_index, matrix_rows, peg_matrix
from hoyle.cribbage.players.pegtable import KEEP_KINDS
from hoyle.cribbage.players.search import play_value
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import Action


def test_the_matrix_holds_a_play_worked_by_hand() -> None:
    # Pone A-A-A-A against dealer K-K-K-K: every card forced. A (1), K (11), A (12),
    # K (22), A (23); the dealer cannot play (33): go; the pone's last ace makes 24 and
    # pairs the ace before it (2) and takes the last card (1): 3 to the pone. A new count:
    # the dealer's K (10), K (20) pairs (2) and the last card (1): 3. Net 0.
    m = peg_matrix()
    assert m[kind_index((1, 1, 1, 1)), kind_index((13, 13, 13, 13))] == 0
    # Pone 5-T-T-T against dealer 5-5-5-T: the doctest's position, and the search.
    assert m[kind_index((5, 10, 10, 10)), kind_index((5, 5, 5, 10))] == \
        play_value((5, 10, 10, 10), (5, 5, 5, 10), 0, ())
    assert m.shape == (1820, 1820) and m.dtype == np.int8 and not m.flags.writeable


def test_the_matrix_agrees_with_the_search_on_sampled_rows() -> None:
    rng = random.Random(11)
    rows = sorted(rng.sample(range(len(KEEP_KINDS)), 3))
    assert (matrix_rows(rows) == peg_matrix()[rows]).all()


def _uniform_opponent(mine: tuple[int, ...]) -> np.ndarray:
    """The chance of each of the opponent's four kinds of ranks dealt from the 48 cards
    ``mine`` leaves: the product over ranks of C(4 - mine's, his), normalised."""
    from math import comb

    w = np.array([np.prod([comb(4 - mine.count(r), his.count(r)) for r in set(his)])
                  for his in KEEP_KINDS], dtype=np.float64)
    return w / w.sum()


@pytest.mark.parametrize("mine", [(1, 2, 3, 4), (5, 5, 10, 13), (7, 7, 8, 8), (3, 6, 9, 12)])
def test_the_matrix_averaged_over_a_full_pack_is_the_pegging_table(mine: tuple[int, ...]
                                                                   ) -> None:
    # The pegging table is the same play averaged over 200 hands drawn from a full pack;
    # the matrix averaged exactly over every hand the 48 cards allow lies within four of
    # the table's standard errors of it (over 40 kinds drawn: z mean 0.28 and 0.01, sd 1.2).
    from hoyle.cribbage.players.pegtable import keep_key, peg_table

    m = peg_matrix().astype(np.float64)
    w = _uniform_opponent(mine)
    i = kind_index(mine)
    t, key = peg_table(), keep_key(mine)
    assert abs(m[i] @ w - t.pone[key]) < 4 * t.pone_se[key]
    assert abs(-(m[:, i] @ w) - t.dealer[key]) < 4 * t.dealer_se[key]


def _choices(view: object, seeds: range = range(3)) -> tuple[set[tuple[str, ...]], tuple[str, ...]]:
    """The master's lay-away (the two cards, as text) over ``seeds`` and the expert's."""
    master, expert = MasterPlayer(), ExpertPlayer()
    mine = set()
    for s in seeds:
        worth = master.layaway_values(view, random.Random(s))  # type: ignore[arg-type]
        mine.add(tuple(sorted(str(c) for c in max(worth, key=worth.__getitem__))))
    theirs = expert.discard_values(view)  # type: ignore[arg-type]
    return mine, tuple(sorted(str(c) for c in max(theirs, key=theirs.__getitem__)))


def _pegging(view: object, keep: str, samples: int = 2000) -> float:
    """The master's searched net pegging of keeping ``keep`` (points, its role)."""
    m = MasterPlayer(layaway_samples=samples)
    values = m.layaway_pegging(view.hand, view.is_dealer, random.Random(0))  # type: ignore[attr-defined]
    return values[tuple(sorted(c.rank for c in parse_cards(keep.split())))]


def test_the_dealer_keeps_his_five_beside_two_ten_cards_for_the_pones_ten_cards() -> None:
    # Dealer 5-9-A-6-K-J at 0-0. The advice (hand and crib) and the pegging table (half
    # weight) keep 5-9-A-6 and lay K-J in his own crib: 10.74 + 0.5 x 2.08 = 11.78 against
    # 5-A-J-K's 11.41 + 0.5 x 0.68 = 11.75. But a pone keeps by the advice too: his hands
    # hold ten-cards and fives (they make his fifteens) and he leads them; the dealer's 5 makes
    # fifteen on a ten-card led, and his ten-cards on a five. Against the hands a pone keeps,
    # 5-A-J-K pegs 1.27 (against any four of the 46 cards left, 0.71: what the table says,
    # 0.68), 5-9-A-6 2.23: 11.41 + 0.63 = 12.04 against 10.74 + 1.11 = 11.85.
    view = dealer_view("5C 9H AH 6S KD JS", dealer=0, pone=0)
    mine, theirs = _choices(view)
    assert theirs == ("JS", "KD") and mine == {("6S", "9H")}
    assert _pegging(view, "5C AH KD JS") > 1.1  # 1.27 with 2,000 of the pone's sixes
    assert _pegging(view, "5C 9H AH 6S") == pytest.approx(2.23, abs=0.15)


def test_the_pone_keeps_low_cards_no_fifteen_can_be_made_on() -> None:
    # Pone 4-A-10-4-5-7 at 0-0. The expert keeps 4-4-5-7 (laying A-10 in the dealer's crib:
    # the advice's hand of 4-4-5 with the 7 for its fifteens); the master keeps A-4-4-5. The
    # pone leads: a 4 or an ace led cannot be made fifteen by one card, and the ace is a
    # card to play under 31 when the dealer says go. Against the hands a dealer keeps (fives
    # and ten-cards, which make nothing on a low lead and pair nothing of a pone's 4-4), the
    # pegging of A-4-4-5 is -0.35 (the table: -0.65), of 4-4-5-7 -1.66 (the table -1.58).
    view = pone_view("4S AD TH 4H 5D 7C", pone=0, dealer=0)
    mine, theirs = _choices(view)
    assert theirs == ("AD", "TH") and mine == {("7C", "TH")}
    assert _pegging(view, "4S AD 4H 5D") - _pegging(view, "4S 4H 5D 7C") > 1.0


@pytest.mark.parametrize("hand,role", [("5H 5S 5D JC 2H 9S", "dealer"),
                                       ("5H 5S 5D JC 2H 9S", "pone"),
                                       ("2H 3C 4D 6S KH QH", "pone"),
                                       ("7S 8H 8D 9C KS QH", "dealer")])
def test_the_search_keeps_what_the_table_keeps_where_the_pegging_cannot_change_it(
        hand: str, role: str) -> None:
    # Three fives and a jack (14 points before the starter) are kept by anyone, dealer or
    # pone (the next way is five points worse); 7-8-8-9 with its double run the same as
    # dealer (6.8 points); the pone's 2-3-4-6 keeps low cards either way (the search agrees
    # with the table that K-Q go, a margin of 0.28 point in the advice).
    view = dealer_view(hand, dealer=0, pone=0) if role == "dealer" else \
        pone_view(hand, pone=0, dealer=0)
    mine, theirs = _choices(view, range(5))
    assert mine == {theirs}


def test_five_card_the_pone_does_not_give_the_dealers_crib_eight_nine() -> None:
    # Five-card (EW-P-83a), pone 3-8-Q-9-J. The expert lays away greedily, by the hand
    # alone: it keeps the three whose show is best over the 47 starters (3-Q-J, 1.83
    # points: a 2 or a 5 turned makes fifteen) and lays 8-9 in the dealer's crib,
    # two cards that make fifteen together and start runs: the crib table gives them 5.86
    # to the dealer. The master counts the crib: laying 8-Q (4.30) and keeping 3-9-J (1.53)
    # costs 0.30 of hand and saves 1.56 of crib.
    from hoyle.cribbage.advice.fivecard import five_card_options
    from hoyle.cribbage.players.table import advised_discard
    from hoyle.cribbage.state import Phase

    state = CribbageState(CribbageRules.for_variant("five-card"), seed=3, itemize=False)
    g = random.Random(3)
    while state.phase != Phase.DISCARD:
        state.apply(state.sample_chance(g))
    assert state.dealer is not None
    view = state.view(1 - state.dealer)._replace(hand=tuple(parse_cards("3H 8C QD 9C JS".split())))
    assert not view.is_dealer and view.target == 61
    options = {tuple(sorted(str(c) for c in o.discard)): o
               for o in five_card_options(view.hand, False)}
    assert options[("8C", "9C")].hand_ev == pytest.approx(1.83, abs=0.005)
    assert options[("8C", "9C")].crib_ev == pytest.approx(5.86, abs=0.005)
    assert options[("8C", "QD")].hand_ev == pytest.approx(1.53, abs=0.005)
    assert options[("8C", "QD")].crib_ev == pytest.approx(4.30, abs=0.005)
    greedy = tuple(sorted(str(c) for c in advised_discard(view, 2)))
    assert greedy == ("8C", "9C")
    for seed in range(3):
        worth = MasterPlayer().five_card_values(view, random.Random(seed))
        assert tuple(sorted(str(c) for c in max(worth, key=worth.__getitem__))) == ("8C", "QD")
    # Near the end (the pone at 50 of 61, the dealer at 40) the five-card win table decides:
    # every value is a chance of the game.
    near = view._replace(scores=tuple(50 if s == view.seat else 40 for s in (0, 1)))
    chances = MasterPlayer().five_card_values(near, random.Random(0))
    assert all(0.0 <= v <= 1.0 for v in chances.values()) and len(chances) == 10


def test_the_master_plays_for_the_game_from_the_first_deal_in_six_card_25_in_five() -> None:
    # Measured (docs/master-strength.md): playing for the game from the first deal won
    # 0.5287 against the expert over 20,000 paired games, from 40 points short 0.5196,
    # from 25 (aware's) 0.5158. The dealer's 5-9-A-6-K-J of the test above at 0-0: the
    # master lays away as aware does within its 25 points, by the chance of the game
    # (K-J out, by the same draws); a master made with near=40 searches there (6-9 out,
    # the searched lay-away); 40 points short, it plays for the game too.
    from itertools import combinations

    from hoyle.cribbage.players import AwareExpertPlayer
    from hoyle.cribbage.players.master import MASTER_NEAR
    from hoyle.engine.action import Action

    assert MASTER_NEAR == 121
    hand = "5C 9H AH 6S KD JS"
    first, near = dealer_view(hand, dealer=0, pone=0), dealer_view(hand, dealer=81, pone=95)
    legal = [Action("DISCARD", tuple(sorted(p))) for p in combinations(near.hand, 2)]

    def laid(player: object, view: object) -> tuple[str, ...]:
        a = player.choose(view, legal, random.Random(0))  # type: ignore[attr-defined]
        return tuple(sorted(str(c) for c in a.cards))

    master = MasterPlayer()
    assert master._is_near(first) and master._is_near(near)
    assert laid(master, first) == laid(AwareExpertPlayer(near=121), first) == ("JS", "KD")
    assert laid(master, near) == laid(AwareExpertPlayer(near=40), near)
    forty = MasterPlayer(near=40)
    assert not forty._is_near(first) and forty._is_near(near)
    assert laid(forty, first) == ("6S", "9H")
    # five-card to 61: 30 points short is far (five_near, 25): the ten ways in points (a
    # show and a crib worth more than 1), not chances of the game
    state = CribbageState(CribbageRules.for_variant("five-card"), seed=3, itemize=False)
    g = random.Random(3)
    while not state.legal_actions() or state.legal_actions()[0].verb != "DISCARD":
        state.apply(state.sample_chance(g))
    assert state.dealer is not None
    view = state.view(1 - state.dealer)
    view = view._replace(scores=(31, 31))
    worth = master.five_card_values(view, random.Random(0))
    assert len(worth) == 10 and max(worth.values()) > 1.0
    chances = master.five_card_values(view._replace(scores=(36, 36)), random.Random(0))
    assert all(0.0 <= v <= 1.0 for v in chances.values())


def test_master_is_a_named_player_and_plays_a_whole_game() -> None:
    assert PLAYERS["master"] is MasterPlayer and isinstance(make_player("Master"), MasterPlayer)
    s = play_game([make_player("master"), make_player("expert")], seed=5, resumable=False,
                  itemize=False)
    assert s.is_terminal() and max(s.scores) >= 121
    five = CribbageState(CribbageRules.for_variant("five-card"), seed=6, itemize=False)
    s = play_game([make_player("expert"), make_player("master")], seed=6, state=five,
                  resumable=False, itemize=False)
    assert s.is_terminal() and max(s.scores) >= 61


def test_the_five_card_matrix_agrees_with_the_search() -> None:
    # Pone 5-10-10 against dealer 5-5-10 (three cards each, five-card), and every entry of
    # three sampled rows: the matrix holds what the search finds.
    m3 = peg_matrix(3)
    assert m3.shape == (455, 455)
    assert m3[kind_index((5, 10, 10)), kind_index((5, 5, 10))] == play_value((5, 10, 10),
                                                                              (5, 5, 10), 0, ())
    rows = sorted(random.Random(3).sample(range(455), 3))
    assert (matrix_rows(rows, 3) == m3[rows]).all()


def test_bad_settings_and_bad_input_are_refused_in_words() -> None:
    from hoyle.errors import HoyleError
    from hoyle.cribbage.players.reading import go_floor, keep_chances, keep_log_gain, read_hands

    for kw in ({"samples": 0}, {"reads": 0}, {"layaway_samples": -5}, {"samples": 2.5},
               {"temp": -1.0}, {"temp": float("nan")}, {"search_weight": float("inf")},
               {"five_near": -1}, {"near": 4.5}, {"more_samples": (180, 0)},
               {"clear": -1.0}, {"clear": float("nan")}, {"scenarios": 0},
               {"scenarios": -3}, {"tries": 0}, {"more_samples": 5}, {"tilt": "x"},
               {"margin": float("nan")}, {"pegging": True}, {"table": 5},
               {"clear": "2"}, {"clear": None}, {"clear": True}, {"clear": 10**400},
               {"temp": "x"}, {"search_weight": None}, {"search_weight": 10**400},
               {"near_reads": "no"}, {"search_tilt": 1}):
        with pytest.raises(ValueError):
            MasterPlayer(**kw)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^each of more_samples is a whole number, at least 1, "
                                         r"not 0$"):
        MasterPlayer(more_samples=(180, 0))
    # a misspelt setting is the master's, not the class it builds on
    with pytest.raises(TypeError, match=r"^MasterPlayer\.__init__\(\) got an unexpected "
                                        r"keyword argument 'sampels'"):
        MasterPlayer(sampels=3)  # type: ignore[call-arg]
    six = parse_cards("5H 5S 5D JC 2H 9S".split())
    with pytest.raises(HoyleError, match="six cards, not 5"):
        keep_chances(six[:5], dealer=True)
    with pytest.raises(HoyleError):
        keep_chances(six[:5] + six[:1], dealer=True)  # a card twice
    with pytest.raises(ValueError, match="finite"):
        keep_chances(six, dealer=True, temp=float("nan"))
    with pytest.raises(ValueError, match="finite and at least 0, not '3'$"):
        keep_chances(six, dealer=True, temp="3")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="six distinct cards or more"):
        keep_log_gain(six[:4], six[:5], dealer=True)
    view = dealer_view("5H 5S 5D JC 2H 9S", dealer=0, pone=0)
    with pytest.raises(HoyleError, match="after the lay-away"):
        read_hands(view, 5, random.Random(1))
    with pytest.raises(ValueError, match="0 or 1"):
        go_floor(view, 5)
    with pytest.raises(KeyError, match="four \\(or three\\) of 1-13"):
        kind_index([1, 2])
    with pytest.raises(KeyError, match="4 or 3 cards kept"):
        peg_matrix(5)


def test_the_master_takes_the_score_aware_experts_defaults_but_near() -> None:
    # The master names the settings of the players it builds on; their defaults must stay
    # theirs (only ``near`` is the master's own, MASTER_NEAR).
    import inspect

    from hoyle.cribbage.players import AwareExpertPlayer
    from hoyle.cribbage.players.master import MASTER_NEAR

    mine = inspect.signature(MasterPlayer.__init__).parameters
    theirs = inspect.signature(AwareExpertPlayer.__init__).parameters
    assert set(theirs) <= set(mine)
    assert {name: mine[name].default for name in theirs if name not in ("self", "near")} == \
        {name: p.default for name, p in theirs.items() if name not in ("self", "near")}
    assert mine["near"].default == MASTER_NEAR == 121


def _near_end_play_views(seed: int) -> list:
    """Every play decision near the end of a seeded expert game (a side within NEAR of
    121) after the opponent has played a card, as the seat to play saw it."""
    from hoyle.cribbage.players.aware import NEAR

    seen: list = []

    class Probe(ExpertPlayer):
        def choose(self, view, legal, rng):  # type: ignore[no-untyped-def]
            if legal and legal[0].verb == "PLAY" and len(view.kept) == 4 and \
                    min(view.target - s for s in view.scores) <= NEAR and \
                    any(s != view.seat for s, _ in view.played):
                seen.append(view)
            return super().choose(view, legal, rng)

    play_game([Probe(), Probe()], seed=seed, resumable=False, itemize=False)
    return seen


def test_near_the_end_the_master_draws_as_aware_unless_told_to_read() -> None:
    # The near-end reads cost games against aware (0.49 by pairs, docs/master-strength.md):
    # by default the master's determinizations there are aware's own, draw for draw; with
    # near_reads they are the reads, which keep every card he has played.
    from hoyle.cribbage.players import AwareExpertPlayer

    views = _near_end_play_views(7)
    assert len(views) >= 3
    for view in views:
        ours = MasterPlayer()._opponent_draws(view, 12, random.Random(1))
        assert ours == AwareExpertPlayer()._opponent_draws(view, 12, random.Random(1))
        read = MasterPlayer(near_reads=True)._opponent_draws(view, 12, random.Random(1))
        his = {c for s, c in view.played if s != view.seat}
        assert read != ours and all(his <= set(kept) for kept, _away in read)


def test_the_staged_search_adds_determinizations_only_where_the_choice_is_close() -> None:
    from hoyle.cribbage.players import AwareExpertPlayer
    from hoyle.cribbage.players.master import _clear

    # By hand, each row a determinization's (his ranks, chance of winning) for ranks 5 and
    # 10, the 5 the play's pick.
    lead = [((1,), {5: 0.6, 10: 0.5})] * 4  # the 5 ahead by 0.1 in every one
    assert _clear(lead, 5, 2.0)
    assert not _clear(lead, 10, 0.0)  # the 10 behind: never clear
    # the 5 ahead by 0.3, behind by 0.1, twice: a mean lead of 0.1, its standard error
    # sqrt((4 x 0.2^2 / 3) / 4) = 0.115: not clear by 2 of them, clear by 0.5
    swing = [((1,), {5: 0.6, 10: 0.3}), ((2,), {5: 0.4, 10: 0.5})] * 2
    assert not _clear(swing, 5, 2.0) and _clear(swing, 5, 0.5)
    assert _clear([((1,), {5: 0.5, 10: 0.5})] * 3, 5, 2.0)  # the same chance: a tie
    assert not _clear(lead[:1], 5, 0.0)  # one determinization: no error to judge by

    # In games: the first 60 determinizations are aware's, draw for draw; where the best
    # card is clear of the others nothing is added, else 180 more (aware's 240 exactly).
    stages = MasterPlayer(more_samples=(180,))
    seen = set()
    for view in _near_end_play_views(7) + _near_end_play_views(8):
        base = AwareExpertPlayer().win_values(view, random.Random(3))
        assert MasterPlayer(more_samples=()).win_values(view, random.Random(3)) == base
        solved = PlaySolves()
        rows = stages.draw_chances(view, stages._opponent_draws(view, 60, random.Random(3)),
                                   solved)
        clear = _clear(rows, stages.best_rank(view, rows, solved), 2.0)
        seen.add(clear)
        wider = base if clear else AwareExpertPlayer(near_samples=240).win_values(
            view, random.Random(3))
        assert stages.win_values(view, random.Random(3)) == wider
    assert seen == {True, False}


def test_the_play_solves_the_points_only_where_the_chances_tie() -> None:
    # The card laid is the best of win_values (mean chance to 9 places, then mean points,
    # then the higher rank), but the points of the play are solved only for a tie.
    from hoyle.cribbage.players import AwareExpertPlayer

    seen = set()
    for view in _near_end_play_views(7) + _near_end_play_views(8) + _near_end_play_views(9):
        player = AwareExpertPlayer()
        values = player.win_values(view, random.Random(3))
        want = max(values, key=lambda r: (round(values[r][0], 9), values[r][1], r))
        solved = PlaySolves()
        rows = player.chance_rows(view, random.Random(3), solved)
        assert player.best_rank(view, rows, solved) == want
        top = max(round(v[0], 9) for v in values.values())
        tie = sum(round(v[0], 9) == top for v in values.values()) > 1
        seen.add(tie)
        assert bool(solved.points) == tie
        plays = [Action("PLAY", (c,)) for c in view.hand if c.rank in values]
        action = player._play(view, plays, random.Random(3))
        assert action.cards[0].rank == want
    assert seen == {True, False}


def test_determinizations_alike_for_the_search_are_solved_once_with_the_same_values() -> None:
    # his ranks still held, the pone's show, the dealer's show and crib together: the
    # solver's whole input; a draw solved alone gives what the shared solve gives
    view = _near_end_play_views(7)[0]
    player = MasterPlayer()
    draws = player._opponent_draws(view, 300, random.Random(5))
    solved = PlaySolves()
    together = player.draw_values(view, draws, solved)
    assert together == [player.draw_values(view, [d])[0] for d in draws]
    assert len(solved.chances) < len(draws)  # some were alike
    # the net points hang on his ranks alone: fewer still
    assert len(solved.points) < len(solved.chances)


def test_the_search_tilt_tilts_the_plays_by_the_searched_pegging_not_the_table() -> None:
    # The dealer's 5-9-A-6-K-J of the test above, playing for the game from the first deal
    # (near=121: the lay-away by the chance of the game, each way's drawn plays tilted by its
    # kept cards' net pegging). By the pegging table (aware's way) 5-9-A-6 pegs 2.08 and
    # 5-A-J-K 0.68: the plays favour 5-9-A-6 by 0.5 x 1.40 = 0.70 point. By the search
    # against the hands a pone keeps, 2.23 and 1.27: by 0.48 point only. Without the tilt
    # by the search the master near the end is aware, draw for draw.
    from itertools import combinations

    from hoyle.cribbage.advice.discard import discard_options
    from hoyle.cribbage.players import AwareExpertPlayer
    from hoyle.engine.action import Action

    view = dealer_view("5C 9H AH 6S KD JS", dealer=0, pone=0)
    options = discard_options(view.hand, True)
    keeps = [frozenset(o.keep) for o in options]
    a, b = (keeps.index(frozenset(parse_cards(k.split()))) for k in ("5C 9H AH 6S", "5C AH KD JS"))
    tabled = MasterPlayer(near=121).way_pegging(view, options, random.Random(0))
    assert tabled[a] == pytest.approx(2.08, abs=0.01) and tabled[b] == pytest.approx(0.68, abs=0.01)
    assert list(tabled) == list(AwareExpertPlayer().way_pegging(view, options, random.Random(0)))
    searched = MasterPlayer(near=121, search_tilt=True, layaway_samples=2000)
    got = searched.way_pegging(view, options, random.Random(0))
    assert got[a] == pytest.approx(2.23, abs=0.15) and got[b] > 1.1
    assert got[a] - got[b] < 1.0 < tabled[a] - tabled[b]
    worked = searched.layaway_pegging(view.hand, True, random.Random(0), options)
    assert list(got) == [worked[tuple(sorted(c.rank for c in o.keep))] for o in options]
    legal = [Action("DISCARD", tuple(sorted(p))) for p in combinations(view.hand, 2)]
    for seed in range(3):
        assert MasterPlayer(near=121).choose(view, legal, random.Random(seed)) == \
            AwareExpertPlayer(near=121).choose(view, legal, random.Random(seed))
