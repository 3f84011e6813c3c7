"""Parameters that cannot lie: every engine parameter of the écarté law codes changes a
ruling or an outcome, every unknown key or unsupported value is a ``ParameterError``
(``shared/laws/ecarte.md`` §4, §5).

Each case builds the same situation under the code's published value and under another
value the parameter takes, and shows the two differ. The table must name every parameter of
every écarté code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from hoyle.ecarte.state import EcarteState
from hoyle.engine.action import Action
from hoyle.engine.laws import Irregularity, LawCode
from hoyle.interface.registry import get_game
from hoyle.errors import IllegalAction, ParameterError

from helpers.params import check_changes, every_parameter
from helpers.ecarte import CUT, DEAL, ELDER, SECOND_REFUSAL, TURN, scores

GAME = get_game("ecarte")


def ruling_on(kind: str, offender: int | None = None, **facts: Any) -> Callable[[LawCode], Any]:
    """The code's ruling on one irregularity (seat 1 deals)."""
    irr = Irregularity(kind, offender, "proposal", {"dealer": 1, "elder": 0, **facts})
    return lambda code: code.rule(irr)


def at_proposal(code: LawCode) -> EcarteState:
    """The standard deal (tests/helpers/ecarte.py): seat 1 deals, spades trumps, the elder
    hand holds KS."""
    s = EcarteState(laws=code)
    for text in (*CUT, DEAL, TURN):
        s.apply(Action.parse(text))
    return s


def wrong_count_exchange(code: LawCode) -> Any:
    """OH-11 / HGIE-12: the elder hand asks for two, lays out one; the dealer's score."""
    s = EcarteState(laws=code, referee=True)
    for text in (*CUT, DEAL, TURN, "PROPOSE", "ACCEPT", "DISCARD 2 7D", "DRAW 7C 8C"):
        s.apply(Action.parse(text))
    return scores(s)


def second_refusal(code: LawCode) -> Any:
    """HGIE-21 / CLUB-49: the dealer refuses the second proposal and loses the point."""
    s = at_proposal(code)
    for text in SECOND_REFUSAL:
        s.apply(Action.parse(text))
    return scores(s)


def king_after_leading_it(code: LawCode) -> Any:
    """CLUB-24 / HGIE-5: the elder hand leads the king of trumps, then announces it."""
    s = at_proposal(code)
    s.apply(Action("STAND"))
    s.apply(Action.parse("PLAY KS"))
    try:
        s.apply(Action("KING", n=ELDER))
    except IllegalAction as e:
        return str(e)
    return scores(s)


CASES: dict[tuple[str, str], tuple[Any, Callable[[LawCode], Any]]] = {
    ("oh", "forfeit_semantics"): ("offender_loses", wrong_count_exchange),
    ("oh", "lose_the_deal"): ("redeal_same_dealer", ruling_on("dealer_too_many")),
    ("oh", "penalty_level"): ("hgie", wrong_count_exchange),
    ("oh", "held_king_window"): ("club_24", king_after_leading_it),
    ("oh", "refusal_penalty_scope"): ("first", second_refusal),
    ("club", "turned_king_after_wrong_count"): (
        "scores", ruling_on("turned_king_after_wrong_count")),
    ("club", "held_king_window"): ("before_first_card", king_after_leading_it),
    ("club", "refusal_penalty_scope"): ("any", second_refusal),
}


def test_every_parameter_of_every_code_has_a_case() -> None:
    assert set(CASES) == every_parameter(GAME)


@pytest.mark.parametrize("key", sorted(CASES), ids=lambda k: f"{k[0]}-{k[1]}")
def test_each_parameter_changes_a_ruling_or_an_outcome(key: tuple[str, str]) -> None:
    check_changes(GAME, CASES, key)


@pytest.mark.parametrize("key", sorted(CASES), ids=lambda k: f"{k[0]}-{k[1]}")
def test_each_parameter_refuses_a_value_it_does_not_take(key: tuple[str, str]) -> None:
    name, param = key
    with pytest.raises(ParameterError, match=f"{param} must be one of") as err:
        GAME.get_code(name, **{param: "no_such_value"})
    assert err.value.name == param


@pytest.mark.parametrize("name, key", [
    ("oh", "max_exchanges"), ("club", "max_exchanges"), ("oh", "game_values"),
    ("club", "vole_after_stand"), ("club", "penalty_level"), ("club", "lose_the_deal"),
    ("oh", "bystanders"), ("oh", "no_such_parameter")])
def test_a_parameter_the_code_does_not_read_is_refused(name: str, key: str) -> None:
    with pytest.raises(ParameterError, match=f"no parameter '{key}'"):
        GAME.get_code(name, **{key: "1"})


def test_get_code_oh_max_exchanges_raises() -> None:
    # The review's example: it used to return and change nothing (max_exchanges is a rule
    # option, EcarteRules.max_exchanges, with one home).
    from hoyle.ecarte.laws import get_code
    with pytest.raises(ParameterError, match="max_exchanges.*its parameters: "
                                             "forfeit_semantics, lose_the_deal"):
        get_code("oh", max_exchanges="1")


def test_the_expert_values_refusals_by_the_codes_scope() -> None:
    # The view carries the code's refusal_penalty_scope, which the expert reads: under oh
    # (HGIE-21: any refusal) it is "any", under club (CLUB-49) "first".
    for name, scope in (("oh", "any"), ("club", "first")):
        s = at_proposal(GAME.get_code(name))
        assert s.view(0).penalty_scope == s.view(1).penalty_scope == scope


# -- the rules of play's options: one schema with the law code's ---------------------------

def test_rule_params_cover_every_rules_field() -> None:
    """The schema names every option of ``EcarteRules``, with its default."""
    from dataclasses import fields

    from hoyle.ecarte.rules import RULE_PARAMS, EcarteRules
    base = EcarteRules()
    assert {p.name for p in RULE_PARAMS} == {f.name for f in fields(EcarteRules)}
    for p in RULE_PARAMS:
        assert p.check(getattr(base, p.name)) == getattr(base, p.name) == p.default


@pytest.mark.parametrize("options, key", [
    ({"max_exchanges": "1"}, "max_exchanges"),   # a number given as a word
    ({"max_exchanges": -1}, "max_exchanges"),
    ({"target": True}, "target"),
    ({"dealer_min_exchange": 2}, "dealer_min_exchange"),
    ({"deal_pattern": "4-1"}, "deal_pattern"),
    ({"game_values": 1}, "game_values"),
    ({"crib_flush_rule": "strict"}, "crib_flush_rule"),  # a cribbage option
])
def test_bad_rule_option_is_a_parameter_error_naming_it(options: dict[str, Any], key: str) -> None:
    from hoyle.ecarte.rules import EcarteRules
    with pytest.raises(ParameterError) as err:
        EcarteRules.from_options(options)
    assert err.value.name == key and key in str(err.value)


@pytest.mark.parametrize("code", ["oh", "club"])
def test_game_params_join_rules_and_code(code: str) -> None:
    from hoyle.ecarte.rules import RULE_PARAMS
    names = [p.name for p in GAME.params(code)]
    assert len(names) == len(set(names))
    assert names[:len(RULE_PARAMS)] == [p.name for p in RULE_PARAMS]
    assert set(names[len(RULE_PARAMS):]) == set(GAME.get_code(code).params)
