"""States guard their fields (issue 26, item 5): inside a game's package, only its
``state.py`` writes a state's fields; manual counting, the referee's reports and the effects
of a ruling change a state through the methods it owns (their ``Table`` protocols show the
fields read-only, so mypy refuses a write too).

The check reads the source: an assignment to ``s.field`` / ``state.field`` (or an item of
one), or a call of a list's or dict's changing method on one (``append``, ``remove``, ...),
anywhere in a game's package but its ``state.py``. ``s`` and ``state`` are the names the
games give a state they are handed."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "hoyle"
CHANGING = {"append", "remove", "pop", "extend", "clear", "insert", "update", "add",
            "discard", "sort", "setdefault"}
STATE_NAMES = {"s", "state"}


def _field(node: ast.expr) -> tuple[str, str] | None:
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        return node.value.id, node.attr
    return None


def writes(source: str) -> list[tuple[int, str]]:
    """``(line, "s.field")`` for each write to a state's field in ``source``.

    >>> writes("s.count = 0\\nx = s.count\\ns.hands[0].append(c)\\nself.count = 1")
    [(1, 's.count'), (3, 's.hands')]
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = [e for t in node.targets
                       for e in (t.elts if isinstance(t, ast.Tuple) else [t])]
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in CHANGING:
            targets = [node.func.value]
        for t in targets:
            f = _field(t)
            if f is not None and f[0] in STATE_NAMES:
                found.append((node.lineno, f"{f[0]}.{f[1]}"))
    return sorted(found)


def game_packages() -> list[Path]:
    return sorted(p.parent for p in SRC.glob("*/state.py") if p.parent.name != "engine")


def test_the_games_are_found() -> None:
    assert {p.name for p in game_packages()} >= {"cribbage", "ecarte"}


def test_only_the_state_writes_its_fields() -> None:
    found = [f"{path.relative_to(SRC)}:{line}: {what}"
             for pkg in game_packages() for path in sorted(pkg.rglob("*.py"))
             if path.name != "state.py"
             for line, what in writes(path.read_text())]
    assert found == [], "a state's field written outside its state.py (use a method the " \
        f"state owns): {found}"


def test_the_check_sees_a_write() -> None:
    """The checker itself finds each form of write (so its silence above means something)."""
    src = ("s.claim = None\nstate.pegs[0][1] = 3\ns.muggins_open.remove(m)\n"
           "s.count += 1\na, s.phase = 1, 'play'\nt = s.claim\n")
    assert [w for _, w in writes(src)] == ["s.claim", "state.pegs", "s.muggins_open",
                                           "s.count", "s.phase"]
