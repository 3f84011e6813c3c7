"""Parameters that cannot lie: every engine parameter of the cribbage law codes changes a
ruling or an outcome, every unknown key or unsupported value is a ``ParameterError``.

Each case below builds the same situation twice, under the code's published value and under
another value the parameter takes, and shows the two differ in what the law rules or in what
the game does (``shared/laws/cribbage.md`` §4). The table must name every parameter of every
cribbage code: a parameter that nothing reads could not pass, and one added without a case
fails the completeness test.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from hoyle.cribbage.players import RandomPlayer
from hoyle.cribbage.state import CribbageState
from hoyle.cribbage.match import play_game
from hoyle.engine.action import Action
from hoyle.engine.laws import Irregularity, LawCode
from hoyle.interface.registry import get_game
from hoyle.errors import HoyleError, ParameterError

from helpers.params import check_changes, every_parameter

GAME = get_game("cribbage")
SEATS = {"dealer": 1, "pone": 0}


def ruling_on(kind: str, offender: int | None = None, **facts: Any) -> Callable[[LawCode], Any]:
    """The code's ruling on one irregularity (seat 1 deals; facts as a state gives them)."""
    irr = Irregularity(kind, offender, str(facts.get("phase", "play")), {**SEATS, **facts})
    return lambda code: code.rule(irr)


def short_claim_amendable(code: LawCode) -> Any:
    """EW-xix / ACC-8.3: the dealer claims 0 for a pair in the play; may he still amend it
    at his claim of the go, before the next card? (seat 1 deals; the deal of
    tests/cribbage/test_laws_ew's ``at_pair_then_go``)"""
    s = CribbageState(laws=code, manual_count=True)
    for text in ("CUT 9C", "CUT 2D", "DEAL TH 5H 7C 8D 2C 3C KS 5S 7H 8S QC KD",
                 "DISCARD 2C 3C", "DISCARD QC KD", "STARTER 9S", "PLAY TH", "CLAIM 0",
                 "PLAY KS", "CLAIM 0", "PLAY 5H", "CLAIM 0", "PLAY 5S", "CLAIM 0"):
        s.apply(Action.parse(text))
    return s.is_legal(Action.parse("AMEND 2"))


def skunk_game_points(code: LawCode) -> Any:
    """ACC-12.1: the game points of the first of a run of seeded random games that ends in a
    skunk (the loser at 90 or fewer)."""
    for seed in range(200):
        s = play_game([RandomPlayer(), RandomPlayer()],
                      state=CribbageState(seed=seed, laws=code, itemize=False))
        assert s.result is not None
        if s.result.skunk:
            return seed, s.result.game_points
    raise AssertionError("no skunk in 200 random games")


# (code, parameter) -> (another value it takes, the situation)
CASES: dict[tuple[str, str], tuple[Any, Callable[[LawCode], Any]]] = {
    ("ew", "forfeit_semantics"): ("offender_loses", ruling_on("touched_pegs", 0)),
    ("ew", "deal_cut_min"): (3, ruling_on("short_cut", phase="cut_for_deal")),
    ("ew", "starter_cut_min"): (4, ruling_on("short_starter_cut", phase="starter")),
    ("ew", "misdeal_penalty"): (0, ruling_on("misdeal", phase="discard")),
    ("ew", "ew_vi_window"): ("after_starter_cut", ruling_on("touched_pack", 0, phase="discard")),
    ("ew", "crib_confusion_penalty"): (2, ruling_on("crib_confused", 1, phase="show")),
    ("ew", "touch_stock_penalty"): (3, ruling_on("touched_pack", 0, phase="discard")),
    ("ew", "touch_pegs_penalty"): (4, ruling_on("touched_pegs", 0)),
    ("ew", "renege_penalty"): (1, ruling_on("renege", 0)),
    ("ew", "underscore_window"): ("fingers_off", short_claim_amendable),
    ("acc", "acc_edition"): ("2020", ruling_on("wrong_count", phase="play",
                                               starter_turned=True)),
    ("acc", "refused_count_check_penalty"): (5, ruling_on("refused_count_check", 0,
                                                          phase="discard")),
    ("acc", "peek_penalty"): (1, ruling_on("dealer_saw_bottom", 1, phase="deal")),
    ("acc", "renege_penalty"): (3, ruling_on("renege", 0, playable=())),
    ("acc", "false_game_penalty"): (10, ruling_on("false_game_claim", 0, excess=2)),
    ("acc", "starter_mixed_penalty"): (4, ruling_on("starter_mixed", 0)),
    ("acc", "muggins"): ("acc", ruling_on("underclaim", 0, short=2, what="hand")),
    ("acc", "underscore_window"): ("next_card", short_claim_amendable),
    ("acc", "skunk_game_points"): (2, skunk_game_points),
    ("acc", "match_play"): (True, ruling_on("short_of_game", 0, true=14)),
    ("acc", "next_game_first_dealer"): ("cut", lambda code: next_dealer_after_a_win(code)),
    ("ew", "next_game_first_dealer"): ("loser", lambda code: next_dealer_after_a_win(code)),
}


def next_dealer_after_a_win(code: LawCode) -> Any:
    """ACC-1.5 / EW-i: who deals first in a match's next game after seat 0 wins (from
    120-80, seat 1 dealing, seat 0's first point)."""
    from hoyle.cribbage.matchplay import next_first_dealer
    from hoyle.engine.series import MatchState
    s = CribbageState(laws=code, start_scores=(120, 80), first_dealer=1,
                      match=MatchState.new(3, 2).to_dict())
    s._end_game(0, [])
    return next_first_dealer(s)[0]


def test_every_parameter_of_every_code_has_a_case() -> None:
    assert set(CASES) == every_parameter(GAME)


@pytest.mark.parametrize("key", sorted(CASES), ids=lambda k: f"{k[0]}-{k[1]}")
def test_each_parameter_changes_a_ruling_or_an_outcome(key: tuple[str, str]) -> None:
    check_changes(GAME, CASES, key)


@pytest.mark.parametrize("key", sorted(CASES), ids=lambda k: f"{k[0]}-{k[1]}")
def test_each_parameter_refuses_a_value_it_does_not_take(key: tuple[str, str]) -> None:
    name, param = key
    bad = -1 if isinstance(GAME.get_code(name).params[param], int) else "no_such_value"
    with pytest.raises(ParameterError, match=param) as err:
        GAME.get_code(name, **{param: bad})
    assert err.value.name == param


@pytest.mark.parametrize("name, key", [
    ("ew", "muggins"), ("ew", "discard_order"), ("ew", "count_assist"),
    ("ew", "heels_window"), ("acc", "must_peg_out"), ("acc", "misdeal_penalty"),
    ("acc", "overscore_claim_window"), ("ew", "no_such_parameter")])
def test_a_parameter_the_code_does_not_read_is_refused(name: str, key: str) -> None:
    with pytest.raises(ParameterError, match=f"no parameter '{key}'") as err:
        GAME.get_code(name, **{key: "acc"})
    assert err.value.name == key and isinstance(err.value, HoyleError)


def test_the_refusal_names_the_values_allowed() -> None:
    with pytest.raises(ParameterError, match="muggins must be one of off, acc"):
        GAME.get_code("acc", muggins="on")
    with pytest.raises(ParameterError, match="renege_penalty must be a whole number from 0 "
                                             "to 121"):
        GAME.get_code("ew", renege_penalty="2")


# -- the rules of play's options: one schema with the law code's ---------------------------

def test_rule_params_cover_every_rules_field() -> None:
    """The schema names every option of ``CribbageRules`` but the variant's name, with the
    six-card game's value as its default."""
    from dataclasses import fields

    from hoyle.cribbage.rules import RULE_PARAMS, CribbageRules
    six = CribbageRules()
    assert {p.name for p in RULE_PARAMS} == {f.name for f in fields(CribbageRules)} - {"variant"}
    for p in RULE_PARAMS:
        assert p.check(getattr(six, p.name)) == getattr(six, p.name) == p.default


@pytest.mark.parametrize("options, key", [
    ({"target": "121"}, "target"),          # a number given as a word
    ({"target": 0}, "target"),
    ({"players": 5}, "players"),
    ({"partnerships": "yes"}, "partnerships"),
    ({"crib_flush_rule": "loose"}, "crib_flush_rule"),
    ({"skunk_threshold": 90.5}, "skunk_threshold"),
    ({"max_exchanges": 1}, "max_exchanges"),  # an écarté option
])
def test_bad_rule_option_is_a_parameter_error_naming_it(options: dict[str, Any], key: str) -> None:
    from hoyle.cribbage.rules import CribbageRules
    with pytest.raises(ParameterError) as err:
        CribbageRules.for_variant("six-card", **options)
    assert err.value.name == key and key in str(err.value)


def test_optional_rule_params_take_none() -> None:
    from hoyle.cribbage.rules import CribbageRules
    r = CribbageRules.for_variant("six-card", skunk_threshold=None, lurch_threshold=30)
    assert r.skunk_at_or_below == 90 and r.lurch_below == 30


@pytest.mark.parametrize("code", ["ew", "acc"])
def test_game_params_join_rules_and_code(code: str) -> None:
    """``GameSpec.params(code)``: the rules' options, then the code's, no name twice."""
    from hoyle.cribbage.rules import RULE_PARAMS
    names = [p.name for p in GAME.params(code)]
    assert len(names) == len(set(names))
    assert names[:len(RULE_PARAMS)] == [p.name for p in RULE_PARAMS]
    assert set(names[len(RULE_PARAMS):]) == set(GAME.get_code(code).params)


@pytest.mark.slow
def test_every_rule_option_value_makes_a_game_or_a_clear_error() -> None:
    """The schema's values, combined at random (200 seeded draws): each set of options
    either is refused with a HoyleError naming the problem, or plays a whole random game
    with itemised shows; nothing else is raised (a hand or crib too long to count is
    refused, not a KeyError in the scorer)."""
    import random as stdlib_random

    from hoyle.cribbage.rules import RULE_PARAMS, CribbageRules
    rng = stdlib_random.Random(19)
    played = refused = 0
    for _ in range(200):
        options: dict[str, Any] = {}
        for p in rng.sample(RULE_PARAMS, rng.randint(1, 4)):
            if p.values:
                options[p.name] = rng.choice(p.values)
            else:
                options[p.name] = rng.choice([None] if p.optional else [p.low]) \
                    if rng.random() < 0.1 else rng.randint(p.low, min(p.high, 130))
        try:
            rules = CribbageRules.for_variant("six-card", **options)
        except HoyleError:
            refused += 1
            continue
        players = [RandomPlayer() for _ in range(rules.players)]
        state = play_game(players, state=CribbageState(rules, seed=rng.randrange(10**6)))
        assert state.result is not None
        played += 1
    assert played > 20 and refused > 20  # both kinds of case were met
