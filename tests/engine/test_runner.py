"""The game runner (hoyle.engine.runner): the one place that spells out the seed paths and the
loop that plays a game; every other module asks it (issue 26, item 1)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from hoyle.cards import derive_rng
from hoyle.cribbage.players import make_player as cribbage_player
from hoyle.cribbage.state import CribbageState
from hoyle.ecarte.players import make_player as ecarte_player
from hoyle.ecarte.state import EcarteState
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.runner import Seeds, next_action, play, replay
from hoyle.errors import RecordError

SRC = Path(__file__).resolve().parents[2] / "src" / "hoyle"
RUNNER = SRC / "engine" / "runner.py"


def _calls(node: ast.AST) -> list[ast.Call]:
    return [n for n in ast.walk(node) if isinstance(n, ast.Call)]


def _name(call: ast.Call) -> str:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""


def _offences(path: Path) -> list[str]:
    """Seed paths spelled out, and loops that play a game, in one source file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for call in _calls(tree):
        if _name(call) == "derive_rng" and len(call.args) > 1:
            first = call.args[1]
            if isinstance(first, ast.Constant) and first.value in ("chance", "seat"):
                found.append(f"{path.name}:{call.lineno} seed path {first.value!r}")
    for loop in ast.walk(tree):
        if not isinstance(loop, (ast.While, ast.For)):
            continue
        names = {_name(c) for c in _calls(loop)}
        applies = bool(names & {"apply", "_apply", "_apply_checked"})
        # a loop of a person's input at a terminal applies what he types, not a game's
        # own moves: those are the chance draws, the players' choices, a record's actions
        plays = bool(names & {"sample_chance", "choose", "parse"})
        if applies and plays:
            found.append(f"{path.name}:{loop.lineno} a loop that plays a game")
    return found


def test_no_module_but_the_runner_names_a_seed_path_or_loops_over_a_game() -> None:
    offences = [o for p in sorted(SRC.rglob("*.py")) if p != RUNNER for o in _offences(p)]
    assert offences == []
    # the check itself finds what it looks for
    assert len(_offences(RUNNER)) >= 3


def test_the_seed_paths_are_those_every_record_was_made_with() -> None:
    # derive_rng(seed, "chance", n) and (seed, "seat", seat, n): the convention every
    # record since the first was dealt by; changing it would break their verification
    a, b = Seeds(7), Seeds(7, resumable=False)
    assert a.chance(3).random() == derive_rng(7, "chance", 3).random()
    assert a.seat(1, 4).random() == derive_rng(7, "seat", 1, 4).random()
    assert b.chance(3).random() == derive_rng(7, "chance").random()
    stream = Seeds(7, resumable=False)
    first, second = stream.seat(0, 1).random(), stream.seat(0, 9).random()
    one = derive_rng(7, "seat", 0)
    assert (first, second) == (one.random(), one.random())


def test_play_stops_at_a_person_and_goes_on_from_there() -> None:
    state = CribbageState(seed=3)
    play(state, {1: cribbage_player("greedy")})
    assert state.current_player == 0 and not state.is_terminal()
    at = state.action_count
    play(state, {1: cribbage_player("greedy")})  # still the person's turn: nothing moves
    assert state.action_count == at
    # the person's move made for him (a forced rule) carries the game on to the end
    play(state, {1: cribbage_player("greedy")}, forced=lambda s, seat: s.legal_actions()[0])
    assert state.is_terminal()


def test_a_game_resumed_part_way_is_the_game_played_through() -> None:
    players = [ecarte_player("random"), ecarte_player("expert")]
    whole = play(EcarteState(seed=12), players)
    half = EcarteState(seed=12)
    play(half, players, until=lambda events: half.action_count >= 20)
    assert half.action_count == 20
    again = EcarteState(seed=12)
    replay(again, [str(a) for a in half.history])
    play(again, players)
    assert again.history == whole.history and again.scores == whole.scores


def test_next_action_is_the_seed_s_chance_outcome_and_none_for_a_person() -> None:
    state = CribbageState(seed=5)
    assert state.current_player == CHANCE
    assert next_action(state, {}, Seeds(5)) == state.sample_chance(derive_rng(5, "chance", 0))
    play(state, {1: cribbage_player("random")})
    assert next_action(state, {}, Seeds(5)) is None


def test_replay_names_the_first_chance_outcome_that_is_not_the_seed_s() -> None:
    done = play(CribbageState(seed=8), [cribbage_player("random"), cribbage_player("random")])
    actions = [str(a) for a in done.history]
    ok = replay(CribbageState(seed=8), actions, 8, check_chance=True)
    assert ok.difference is None and ok.chance == sum(
        1 for a in done.history if a.verb in ("CUT", "DEAL", "STARTER"))
    cut = next(i for i, a in enumerate(done.history) if a.verb == "CUT")
    other = next(str(Action("CUT", (c,))) for c in CribbageState(seed=8).chance_outcomes()
                 if str(Action("CUT", (c,))) != actions[cut])
    tampered = actions[:cut] + [other] + actions[cut + 1:]
    with pytest.raises(RecordError) as e:
        replay(CribbageState(seed=8), tampered, 8, check_chance=True)
    assert e.value.index == cut
    found = replay(CribbageState(seed=8), tampered, 8, check_chance=True,
                   stop_at_difference=True)
    assert found.difference == (cut, other, actions[cut])
