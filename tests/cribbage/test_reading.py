"""Reading the opponent (players.reading): the chance of each lay-away, what his goes say
he does not hold, and how much better than a uniform draw the model predicts the hands
players really keep. Values worked by hand in the comments."""

from __future__ import annotations

import math
import random

import pytest

from helpers.cribbage import dealer_view

from hoyle.cards import CARDS, parse_cards
from hoyle.cribbage.advice.discard import best_keep
from hoyle.cribbage.match import play_game
from hoyle.cribbage.players import make_player
from hoyle.cribbage.players.reading import (TEMP, go_floor, keep_chances, keep_log_gain,
                                            read_hands, resample)
from hoyle.cribbage.scoring import pip_value
from hoyle.cribbage.state import CribbageState, Phase
from hoyle.interface.tally import game_seed


def _played(text: str) -> tuple[tuple[int, object], ...]:
    """``"0:TH 1:KS"`` as the view's ``played``: (seat, card) in order."""
    out = []
    for item in text.split():
        seat, card = item.split(":")
        out.append((int(seat), parse_cards([card])[0]))
    return tuple(out)


def test_keep_chances_are_a_softmax_of_the_experts_values() -> None:
    six = parse_cards("5H 5S 5D JC 2H 9S")
    sharp = keep_chances(six, dealer=True, temp=0)
    # Temperature 0 is the advice's best keep (the expert's old model of his opponent):
    # 5-5-5-J (three fives and a jack: 14 points before the starter) laying 2-9 away.
    assert [k for k, _a, p in sharp if p == 1.0] == [best_keep(six, True)]
    soft = keep_chances(six, dealer=True, temp=TEMP)
    assert math.isclose(sum(p for _k, _a, p in soft), 1.0)
    assert max(soft, key=lambda t: t[2])[0] == best_keep(six, True)
    # Far too hot a model keeps any four alike: 1/15 each.
    flat = keep_chances(six, dealer=True, temp=1e9)
    assert all(math.isclose(p, 1 / 15, rel_tol=1e-6) for _k, _a, p in flat)
    with pytest.raises(ValueError):
        keep_chances(six, dealer=True, temp=-1)


def test_a_uniform_model_gains_nothing_and_the_sharp_one_wins_on_the_experts_keep() -> None:
    ours = set(parse_cards("AH 2C 3D 4S 6H 8C"))
    pool = [c for c in CARDS if c not in ours]
    kept = parse_cards("5H 5S 5D JC")
    hot, sharp = keep_log_gain(kept, pool, dealer=True, temps=(1e9, TEMP))
    assert abs(hot) < 1e-6  # log(15 * 1/15)
    # Three fives and a jack are kept from any six that holds them: nearly every pair laid
    # with them gives them the best chance, so the gain is close to log 15 (2.71 nats).
    assert 2.0 < sharp <= math.log(15) + 1e-9
    with pytest.raises(ValueError):
        keep_log_gain(parse_cards("AH 5S 5D JC"), pool, dealer=True)  # AH is ours


def test_go_floor_reads_each_go_from_the_play() -> None:
    view = dealer_view("AH 2C 3D 4S 6H 8C", dealer=0, pone=0)
    opp = 1 - view.seat
    me = view.seat

    def floor(text: str, passed: bool = False, count: int = 0) -> int:
        played = tuple((me if s == 0 else opp, c) for s, c in _played(text))
        flags = [False, False]
        flags[opp] = passed
        return go_floor(view._replace(played=played, passed=tuple(flags), count=count), opp)

    assert floor("") == 0
    assert floor("0:TH 1:KS 0:9C 1:AD") == 0  # he played every turn: 10, 20, 29, 30
    # 10, 20, 29, then we play again (the ace: 30): he could not play at 29, so every card
    # he held was worth more than 2.
    assert floor("0:TH 1:KS 0:9C 0:AD") == 2
    # He plays K and 9 after our Q: 29; the next card (our 5) starts a new count, so both
    # had passed at 29: his cards worth more than 2.
    assert floor("1:KS 0:QH 1:9C 0:5D") == 2
    # A count that reached 31 says nothing: K K A K = 31, then a fresh count.
    assert floor("0:KS 1:KH 0:AD 1:KC 0:5D") == 0
    # He has passed in the current count at 25: nothing of 6 or less.
    assert floor("0:KS 1:KH 0:5D", passed=True, count=25) == 6
    # The first go is the strongest: at 22 (we play the 2 and the 8 running: nothing of 9
    # or less), then both at 30 (a new count with his ten): still 9.
    assert floor("0:KS 1:QH 0:2D 0:8C 1:TH 0:KD 1:8D") == 9


def test_reads_never_hold_what_his_goes_rule_out_and_keep_his_played_cards() -> None:
    view = dealer_view("AH 2C 3D 4S 6H 8C", dealer=0, pone=0)
    opp = 1 - view.seat
    me = view.seat
    kept = tuple(parse_cards("QH 9C AH 2C"))
    q, k, nine, ace = parse_cards("QH KS 9C AH")
    played = ((me, q), (opp, k), (me, nine), (me, ace))
    # Our Q, his K, our 9: 29; we play the ace running (30): he had passed at 29, so he
    # holds nothing of 2 or less (floor 2). We kept Q-9-A-2 and laid 6-8 away.
    v = view._replace(hand=kept[3:], kept=kept, discards=tuple(parse_cards("6H 8C")),
                      played=played, count=30, passed=tuple(s == opp for s in (0, 1)),
                      hand_sizes=tuple(3 if s == opp else 1 for s in (0, 1)))
    assert go_floor(v, opp) == 2
    draws = read_hands(v, 40, random.Random(5))
    assert len(draws) == 40
    for his_kept, away, w in draws:
        assert k in his_kept
        assert all(pip_value(c) > 2 for c in his_kept)
        assert len(set(his_kept) | set(away)) == 6
        assert not (set(his_kept) | set(away)) & (set(kept) | set(v.discards))
        assert 0 <= w <= 1
    assert sum(w > 0 for _k, _a, w in draws) >= 30  # most sixes have a way that agrees
    picked = resample(draws, 20, random.Random(1))
    assert len(picked) == 20 and all(w == 1.0 for _k, _a, w in picked)


def _kept_hands(games: int, seed: int) -> list[tuple[tuple, tuple, bool]]:
    """(kept, the 46 cards the other seat has not seen, dealt) for every lay-away of
    ``games`` seeded games of the score-aware expert against the expert (as
    scripts/reading_gain.py collects them)."""
    out: list[tuple[tuple, tuple, bool]] = []
    for k in range(games):
        state = CribbageState(seed=game_seed(seed, k), itemize=False)
        done: set[tuple[int, ...]] = set()

        def look(_e: object, s: CribbageState = state, done: set = done) -> None:
            if s.phase != Phase.PLAY or any(len(h) != 4 for h in s.kept):
                return
            key = tuple(c.index for h in s.kept for c in h)
            if key not in done:
                done.add(key)
                for seat in (0, 1):
                    other = set(s.kept[1 - seat]) | set(s.discards[1 - seat])
                    out.append((s.kept[seat], tuple(c for c in CARDS if c not in other),
                                s.dealer == seat))

        play_game([make_player("aware"), make_player("expert")], seed=game_seed(seed, k),
                  state=state, on_events=look, resumable=False, itemize=False)
    return out


def test_the_model_predicts_kept_hands_better_than_a_uniform_draw() -> None:
    # Measured first on these hands (two games, seed 2027; scripts/reading_gain.py over
    # 30 games, 534 hands, gives 1.187 too): 1.187 nats a hand over 36 hands at the
    # model's temperature (0.25 point), the probability of the true hand 3.3 times a
    # uniform draw's; the test allows a margin of 0.1 for a change of the tables.
    hands = _kept_hands(2, 2027)
    assert len(hands) == 36
    gains = [keep_log_gain(k, p, d)[0] for k, p, d in hands]
    assert sum(gains) / len(gains) > 1.187 - 0.1
    assert all(g > -math.inf for g in gains)
    # The expert's old model (the advice's best keep, no softening) gives one of these
    # hands (a lay-away the score-aware player made near the end) no chance at all.
    old = [keep_log_gain(k, p, d, (0.0,), pegging=0.0)[0] for k, p, d in hands]
    assert sum(g == -math.inf for g in old) == 1


def test_every_read_in_seeded_games_agrees_with_what_the_opponent_did() -> None:
    # At every play decision of two seeded games (the reader the master, the opponent the
    # expert): each read holds the cards he has played, none of the reader's own or the
    # starter, and nothing his goes rule out; and the goes were read in some of them.
    from hoyle.cribbage.players.table import unseen_cards

    checked = {"reads": 0, "goes": 0, "true": 0}
    live: list[CribbageState] = []

    class Reader:
        def __init__(self) -> None:
            self.inner = make_player("master")

        def choose(self, view, legal, rng):  # type: ignore[no-untyped-def]
            if legal[0].verb == "PLAY" and len(view.kept) == 4 and len(view.discards) == 2:
                opp = 1 - view.seat
                floor = go_floor(view, opp)
                checked["goes"] += floor > 0
                # the floor never rules out a card he really holds (the game's own hands)
                assert all(pip_value(c) > floor for c in live[-1].hands[opp])
                checked["true"] += 1
                his = {c for s, c in view.played if s == opp}
                unseen = set(unseen_cards(view))
                for kept, away, w in read_hands(view, 10, random.Random(len(view.played))):
                    assert his <= set(kept) and (set(kept) - his) | set(away) <= unseen
                    assert w == 0 or all(pip_value(c) > floor for c in set(kept) - his), (
                        view.played, view.passed, view.count, kept, w)
                    checked["reads"] += 1
            return self.inner.choose(view, legal, rng)

    for seed in (8, 9):
        state = CribbageState(seed=seed, itemize=False)
        live.append(state)
        play_game([Reader(), make_player("expert")], seed=seed, state=state,  # type: ignore[list-item]
                  resumable=False, itemize=False)
    assert checked["reads"] > 200 and checked["goes"] > 5 and checked["true"] > 50
