"""Issue 19, the OpenSpiel adapter: the resampler deals only consistent hands, by
construction (never the true deal as a fallback); games and states survive pickle,
serialization, clone and child with their history; OpenSpiel's own simulation checks pass;
bad seats and a bad ``reward`` are clean errors."""

from __future__ import annotations

import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import get_all_states
from open_spiel.python.tests import games_sim_test

import hoyle.envs.openspiel  # noqa: F401 - registers the games
from hoyle.interface.registry import Capability, games
from hoyle.cards import Card
from hoyle.cribbage.encoding import CribbageEncodedGame
from hoyle.cribbage.scoring import PIPS
from hoyle.errors import HoyleError, ParameterError, SeatError

GAMES = [f"python_hoyle_{spec.name}" for spec in games(Capability.ENCODING)]
"""Every game of the registry with an encoding."""
SAMPLER = pyspiel.UniformProbabilitySampler(0.0, 1.0)


def _chance(state: Any, rng: np.random.Generator) -> None:
    actions = [a for a, _ in state.chance_outcomes()]
    state.apply_action(int(rng.choice(actions)))


def _four_hand_with_goes(seed: int) -> tuple[Any, int, dict[int, int]]:
    """A seeded four-hand game played at random up to a decision in the play where at
    least two other seats said go in this count and still hold cards; the seat to act and,
    for each such seat, the least count at which it said go (worked out from the moves)."""
    game = pyspiel.load_game("python_hoyle_cribbage", {"variant": "four-hand"})
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    goes: dict[tuple[int, int], int] = {}  # (deal, seat) -> least count of its goes
    while not state.is_terminal():
        if state.is_chance_node():
            _chance(state, rng)
            continue
        e, p = state.engine, state.current_player()
        pinned = {s: c for (d, s), c in goes.items()
                  if d == e.deal_number and s != p and e.hands[s]}
        if e.phase == "play" and len(pinned) >= 2:
            return state, p, pinned
        action = int(rng.choice(state.legal_actions()))
        if state.action_to_string(p, action) == "GO":
            key = (e.deal_number, p)
            goes[key] = min(goes.get(key, 99), e.count)
        state.apply_action(action)
    raise AssertionError("no such position")  # pragma: no cover


def test_resample_four_hand_goes_pin_ranks_and_truth_is_never_the_fallback() -> None:
    for seed in range(3):
        state, p, pinned = _four_hand_with_goes(seed)
        truth = {s: sorted(state.engine.hands[s]) for s in range(4)}
        truth_discards = {s: sorted(state.engine.discards[s]) for s in range(4)}
        key = state.information_state_string(p)
        differ = 0
        for k in range(25):
            r = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(k, 0.0, 1.0))
            assert r.information_state_string(p) == key
            assert r.legal_actions() == state.legal_actions()
            assert sorted(r.engine.hands[p]) == truth[p]
            for s, count in pinned.items():
                # he said go at this count: every card he still holds is over 31 - count
                assert all(PIPS[c.rank] > 31 - count for c in r.engine.hands[s]), (s, count)
            same = all(sorted(r.engine.hands[s]) == truth[s]
                       and sorted(r.engine.discards[s]) == truth_discards[s]
                       for s in range(4))
            assert not same  # the true deal never comes back as a fallback
            differ += any(sorted(r.engine.hands[s]) != truth[s] for s in pinned)
        assert differ > 0  # the pinned seats' hands really are dealt again


def test_resample_where_the_count_goes_on_at_30_deals_an_ace_not_the_truth() -> None:
    # Four-hand, seed 16, 124 moves in: seats 0 and 2 have said go, the count is 30 and
    # play goes on, seat 3 (to act) holds 5H KS, so seat 1 holds an ace (EW-xxi, CRIB-R-8).
    # Drawing deals at random almost never gives seat 1 an ace here: the former resampler
    # gave up and returned the true deal. Every sample now holds one and differs from it.
    game = pyspiel.load_game("python_hoyle_cribbage", {"variant": "four-hand"})
    rng = np.random.default_rng(16)
    state = game.new_initial_state()
    while state.move_number() < 124:
        if state.is_chance_node():
            _chance(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    e = state.engine
    assert (state.current_player(), e.count, e.passed) == (3, 30, [True, False, True, False])
    assert sorted(map(str, e.hands[3])) == ["5H", "KS"]
    truth = [sorted(h) for h in e.hands], [sorted(d) for d in e.discards]
    for k in range(20):
        r = state.resample_from_infostate(3, pyspiel.UniformProbabilitySampler(k, 0.0, 1.0))
        assert r.information_state_string(3) == state.information_state_string(3)
        assert any(c.rank == 1 for c in r.engine.hands[1])
        assert ([sorted(h) for h in r.engine.hands], [sorted(d) for d in r.engine.discards]) \
            != truth


def test_resample_ecarte_keeps_what_the_plays_show() -> None:
    # a seat that did not follow suit holds none of the suit; one that did not trump when
    # void holds no trump (ECARTE-R-13): the resampled hands keep both, worked out here
    # from the tricks, not from the resampler
    checked = 0
    for seed in range(8):
        game = pyspiel.load_game("python_hoyle_ecarte")
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                _chance(state, rng)
                continue
            e, p = state.engine, state.current_player()
            other = 1 - p
            if e.phase == "play" and e.hands[other] and not e.trick:
                void: set[Any] = set()
                played = e.played
                trump = e.trump
                # tricks of this deal: pairs (lead, answer) in order
                for i in range(0, len(played) - 1, 2):
                    (a, lead), (b, answer) = played[i], played[i + 1]
                    if b == other and answer.suit != lead.suit:
                        void.add(lead.suit)
                        if answer.suit != trump:
                            void.add(trump)
                if void:
                    for k in range(10):
                        r = state.resample_from_infostate(
                            p, pyspiel.UniformProbabilitySampler(k, 0.0, 1.0))
                        assert r.information_state_string(p) == \
                            state.information_state_string(p)
                        assert not {c.suit for c in r.engine.hands[other]} & void
                        checked += 1
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked >= 20


def test_no_consistent_deal_raises_resample_error() -> None:
    # the assignment behind the cribbage resampler: two seats each to hold one card of at
    # most 3 pips (a count went on at 28 for each), one such card unseen
    cards = [Card.parse(t) for t in ("3H", "9C", "KD", "QS")]
    allowed = {1: cards, 2: cards}
    need = {1: 1, 2: 1}
    needs = [(frozenset({1}), 3), (frozenset({2}), 3)]
    assert CribbageEncodedGame._deal_held(need, allowed, needs, random.Random(0)) is None
    one = CribbageEncodedGame._deal_held({1: 1, 2: 1}, allowed, needs[:1], random.Random(0))
    assert one is not None and one[1] == [Card.parse("3H")] and len(one[2]) == 1
    assert issubclass(pyspiel.SpielError, Exception)


@pytest.mark.parametrize("name", GAMES)
def test_pickled_and_deserialized_games_keep_their_rules_and_play(name: str) -> None:
    params = {"laws": "oh"} if "ecarte" in name else {"variant": "three-hand"}
    game = pyspiel.load_game(name, params)
    again = pickle.loads(pickle.dumps(game))
    assert again.num_players() == game.num_players()
    assert again.encoded.rules == game.encoded.rules and again.laws is not None
    assert again.observation_size == game.observation_size
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    for _ in range(40):
        if state.is_chance_node():
            _chance(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    p = 0
    copies = [pickle.loads(pickle.dumps(state)),
              pyspiel.deserialize_game_and_state(
                  pyspiel.serialize_game_and_state(game, state))[1],
              game.deserialize_state(state.serialize())]
    for copy in copies:
        assert copy.history() == state.history() and copy.move_number() == 40
        assert copy.history_str() == state.history_str()
        assert copy.clone().history() == state.history()
        assert copy.legal_actions() == state.legal_actions()
        assert copy.information_state_tensor(p) == state.information_state_tensor(p)
        assert copy.information_state_string(p) == state.information_state_string(p)
        r = copy.resample_from_infostate(p, SAMPLER)
        assert r.information_state_string(p) == state.information_state_string(p)


@pytest.mark.parametrize("name", GAMES)
def test_clone_and_child_keep_history_move_number_and_history_str(name: str) -> None:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = np.random.default_rng(5)
    for n in range(1, 30):
        action = int(rng.choice([a for a, _ in state.chance_outcomes()])) \
            if state.is_chance_node() else int(rng.choice(state.legal_actions()))
        child = state.child(action)
        state.apply_action(action)
        clone = state.clone()
        for copy in (child, clone):
            assert copy.history() == state.history() and len(state.history()) == n
            assert copy.move_number() == n == state.move_number()
            assert copy.history_str() == state.history_str()
            assert str(copy) == str(state)
        # a clone is a copy: playing on it leaves the original as it was
        if not clone.is_terminal():
            clone.apply_action(clone.legal_actions()[0])
            assert len(state.history()) == n


@pytest.mark.parametrize("name,params", [
    ("python_hoyle_cribbage", {"target": 31}),
    ("python_hoyle_cribbage", {"variant": "four-hand", "target": 31}),
    ("python_hoyle_ecarte", {"laws": "club"}),
    ("python_hoyle_ecarte", {})])
def test_openspiel_games_sim_test(name: str, params: dict[str, Any]) -> None:
    # OpenSpiel's own games_sim_test.sim_game: pickle of the game and its type, serialize
    # and pickle of the state (every power of two actions), clone at every decision
    np.random.seed(19)
    game = pyspiel.load_game(name, params)
    games_sim_test.GamesSimTest("test_pig").sim_game(game)


@pytest.mark.parametrize("name", GAMES)
def test_serialize_clone_and_pickle_at_every_step(name: str) -> None:
    game = pyspiel.load_game(name, {"target": 31} if "cribbage" in name else {"target": 2})
    rng = np.random.default_rng(7)
    state = game.new_initial_state()
    while not state.is_terminal():
        for copy in (state.clone(), pickle.loads(pickle.dumps(state)),
                     game.deserialize_state(state.serialize())):
            assert str(copy) == str(state) and copy.history() == state.history()
            assert copy.move_number() == state.move_number()
            assert copy.legal_actions() == state.legal_actions()
        if state.is_chance_node():
            _chance(state, rng)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_get_all_states_on_the_first_moves() -> None:
    # The whole tree of either game is far too large for get_all_states (a deal alone is
    # 32!/(22!) orderings in écarté), so the walk is cut: in écarté to depth 2, the cut for
    # deal, 32 cards then 31 for the second seat (one state at the root, 32 after one cut,
    # 32 * 31 after both); in cribbage to depth 1 (1 + 52: its depth 2, 2,705 states, walks
    # the same code for 15 s more).
    for name, pack, depth, count in (("python_hoyle_ecarte", 32, 2, 1 + 32 + 32 * 31),
                                     ("python_hoyle_cribbage", 52, 1, 1 + 52)):
        game = pyspiel.load_game(name)
        states = get_all_states.get_all_states(game, depth_limit=depth,
                                               include_terminals=True,
                                               include_chance_states=True)
        assert len(states) == count, name


@pytest.mark.parametrize("name", GAMES)
def test_information_and_observation_of_no_seat_raise(name: str) -> None:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    assert state.is_chance_node()
    with pytest.raises(SeatError, match="no seat -1"):
        state.information_state_string()  # the chance node's player is no seat
    for bad in (-1, 2, 7):
        with pytest.raises(SeatError):
            state.information_state_string(bad)
        for call in (state.information_state_tensor, state.observation_tensor,
                     state.observation_string):
            with pytest.raises((SeatError, pyspiel.SpielError, RuntimeError)) as info:
                call(bad)
            assert "seat" in str(info.value).lower() or "player" in str(info.value).lower()
    with pytest.raises(SeatError):
        state.resample_from_infostate(-1, SAMPLER)
    # the seats' own strings still come at a chance node
    assert state.information_state_string(0).startswith("p0: cut:")


@pytest.mark.parametrize("name", GAMES)
def test_reward_parameter_is_validated(name: str) -> None:
    with pytest.raises(ParameterError, match="reward must be one of win, game_points"):
        pyspiel.load_game(name, {"reward": "points"})
    assert issubclass(ParameterError, HoyleError)
    assert pyspiel.load_game(name, {"reward": "game_points"}).max_utility() > 1.0


def _unseen_dealt(state: Any, seat: int) -> int:
    """How many cards dealt or drawn in this deal ``seat`` has not seen (worked out from
    the engine: the others' hands and lay-aways, a crib card from the stock, the cards of
    a deal still being drawn that go to another seat)."""
    e = state.engine
    n = len(e.hands)
    unseen = sum(len(e.hands[s]) + len(e.discards[s]) for s in range(n) if s != seat)
    if hasattr(e, "crib"):
        own = set(e.discards[seat])
        unseen = sum(len(e.hands[s]) for s in range(n) if s != seat) + \
            sum(1 for c in e.crib if c not in own)
    seen_here = [t for t in state.seen[seat][len(state.deal_start.seen[seat]):]
                 if t.startswith(("deal:", "draw:"))] if state.deal_start else []
    return unseen + sum(1 for t in seen_here[-len(state.pending):] if "?" in t) \
        if state.pending else unseen


@pytest.mark.parametrize("name,params", [
    ("python_hoyle_cribbage", {"variant": "four-hand", "target": 31}),
    ("python_hoyle_cribbage", {"variant": "three-hand", "target": 31}),
    ("python_hoyle_ecarte", {"target": 2})])
def test_resample_at_every_step_and_seat_never_returns_the_true_deal(
        name: str, params: dict[str, Any]) -> None:
    # chance nodes included (a deal or a draw part drawn): where the seat has not seen a
    # card dealt in this deal, the resampled deal differs from the true one (the former
    # resampler gave the true deal back mid-deal in four-hand, and failed in écarté)
    game = pyspiel.load_game(name, params)
    asked = differ = 0
    for seed in range(2):
        rng = np.random.default_rng(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.deal_start is not None and (state.pending or not
                                                 state.enc.is_deal_start(state.engine)):
                for p in range(game.num_players()):
                    r = state.resample_from_infostate(
                        p, pyspiel.UniformProbabilitySampler(asked, 0.0, 1.0))
                    assert r.information_state_string(p) == state.information_state_string(p)
                    assert r.history()[:len(state.history()) - len(state.since_deal)] == \
                        state.history()[:len(state.history()) - len(state.since_deal)]
                    if _unseen_dealt(state, p) >= 2:
                        asked += 1
                        differ += r.history() != state.history()
            _chance(state, rng) if state.is_chance_node() else \
                state.apply_action(int(rng.choice(state.legal_actions())))
    assert asked > 50 and differ == asked


def test_observer_parameters_are_a_parameter_error() -> None:
    game = pyspiel.load_game("python_hoyle_ecarte")
    with pytest.raises(ParameterError, match="the observer takes no parameters"):
        game.make_py_observer(None, {"cards": True})
    assert game.make_py_observer(None, None).tensor.shape == (game.observation_tensor_size(),)


@pytest.mark.parametrize("name", GAMES)
def test_a_refused_action_leaves_the_state_and_every_information_string(name: str) -> None:
    """An illegal id, an id outside the game and a bad chance outcome each raise and change
    nothing: history, each seat's information string, and resampling still work."""
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = np.random.default_rng(5)
    with pytest.raises(Exception):
        state.apply_action(10**6)  # no such chance outcome
    while state.is_chance_node():
        _chance(state, rng)
    for bad in [a for a in range(game.num_distinct_actions())
                if a not in state.legal_actions()][:3] + [10**9]:
        before = (state.history(), [state.information_state_string(p)
                                    for p in range(game.num_players())])
        with pytest.raises(Exception):
            state.apply_action(bad)
        assert (state.history(), [state.information_state_string(p)
                                  for p in range(game.num_players())]) == before
    seat = state.current_player()
    sampled = state.resample_from_infostate(seat, SAMPLER)
    assert sampled.information_state_string(seat) == state.information_state_string(seat)
    state.apply_action(state.legal_actions()[0])  # and play goes on
