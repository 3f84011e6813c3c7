"""The parameter walk both games' ``test_params.py`` run (no tests here): a table of cases,
``(code, parameter) -> (another value, situation)``, where ``situation(code)`` returns what
the law rules or the game does, compared under the code's value and the other."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hoyle.engine.laws import LawCode
from hoyle.interface.registry import GameSpec

Cases = Mapping[tuple[str, str], tuple[Any, Callable[[LawCode], Any]]]


def every_parameter(game: GameSpec) -> set[tuple[str, str]]:
    """``(code, parameter)`` for every parameter of every law code of ``game``."""
    return {(name, p) for name, code in game.codes().items() for p in code.params}


def check_changes(game: GameSpec, cases: Cases, key: tuple[str, str]) -> None:
    """The case's situation differs under the code's value and under the other one."""
    name, param = key
    other, situation = cases[key]
    code = game.get_code(name)
    assert other != code.params[param]
    assert situation(code) != situation(game.get_code(name, **{param: other}))
