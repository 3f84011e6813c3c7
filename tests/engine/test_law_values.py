"""Law values are read typed, with one default each (issue 26, item 5): a code's parameter
through :meth:`LawCode.value`, its default written once (the code's ``Param``, or the game's
``ABSENT`` table for a code that does not have it)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from hoyle.cribbage import laws as cribbage_laws
from hoyle.ecarte import laws as ecarte_laws
from hoyle.engine.laws import LawCode, Param

SRC = Path(__file__).resolve().parents[2] / "src" / "hoyle"


def test_no_module_reads_a_law_value_by_string() -> None:
    """Outside the laws framework, no ``code.params[...]`` or ``code.params.get(...)``
    (the command line's ``ctx.params`` is typer's, not a law code's)."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        if path.relative_to(SRC).as_posix() == "engine/laws.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            target = None
            if isinstance(node, ast.Subscript):
                target = node.value
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "get":
                target = node.func.value
            if isinstance(target, ast.Attribute) and target.attr == "params" and not (
                    isinstance(target.value, ast.Name) and target.value.id == "ctx"):
                found.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert found == [], f"law values read by string (use LawCode.value): {found}"


@pytest.mark.parametrize("laws", [cribbage_laws, ecarte_laws], ids=["cribbage", "ecarte"])
def test_each_absent_value_is_a_value_some_code_declares(laws: object) -> None:
    """The game's value for a code without the parameter is one the parameter takes where
    a code has it, and some code lacks it (else the entry would be a second default)."""
    codes: dict[str, LawCode] = getattr(laws, "CODES")
    absent: dict[str, object] = getattr(laws, "ABSENT")
    assert absent
    for name, value in absent.items():
        having = [c for c in codes.values() if name in c.schema]
        assert having and len(having) < len(codes), name
        for code in having:
            assert code.schema[name].check(value) == value
        for code in codes.values():
            assert code.value(name, type(value)) == code.params.get(name, value)


def test_value_refuses_a_misspelt_name_and_a_wrong_type() -> None:
    code = LawCode("demo", "A demo code", [Param("forfeit", 2), Param("muggins", "off",
                                                                     ("off", "acc"))])
    assert code.with_params(forfeit=3).value("forfeit", int) == 3
    with pytest.raises(KeyError, match="forfiet"):
        code.value("forfiet", int)
    with pytest.raises(TypeError, match="not a int|not a str"):
        code.value("muggins", int)
    flag = LawCode("demo", "A demo code", [Param("match_play", False, (True, False))])
    with pytest.raises(TypeError):
        flag.value("match_play", int)  # a bool is not a number of points
    assert flag.value("match_play", bool) is False
