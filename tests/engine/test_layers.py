"""The layers (``shared/DESIGN.md``): cards -> engine -> each game -> analysis and sim ->
interfaces. A lower layer never imports a higher one; nothing above the games imports a
particular game or compares a game's name (it asks :mod:`hoyle.engine.registry`); no game
imports another; no two modules import each other, directly or round a cycle (lazy imports
inside functions count too).

The modules are read with :mod:`ast`, not imported, so the test sees every import,
including those inside functions and under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from hoyle.engine.registry import GAMES

SRC = Path(__file__).resolve().parents[2] / "src"
GAME_PACKAGES = {target.partition(":")[0].rsplit(".", 1)[0] for target in GAMES.values()}
# Each layer by the first part of the module path below ``hoyle`` ("" is hoyle itself).
LAYERS = {"": 0, "cards": 0, "errors": 0, "_accel": 0, "__main__": 4, "engine": 1,
          "analysis": 3, "sim": 3, "cli": 4, "envs": 4, "web": 4, "tui": 4}
for _pkg in GAME_PACKAGES:
    LAYERS[_pkg.split(".")[1]] = 2
ABOVE_GAMES = 3


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name."""
    found = {}
    for path in sorted((SRC / "hoyle").rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


MODULES = modules()


def imports(name: str) -> Iterator[tuple[int, str]]:
    """``(line, module)`` for every hoyle module ``name`` imports, anywhere in the file."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            # ``from hoyle.x import y``: y may be a module of its own
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                       for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target.startswith("hoyle") and target != name:
                yield node.lineno, target


def layer(name: str) -> int:
    parts = name.split(".")
    return LAYERS[parts[1] if len(parts) > 1 else ""]


def game_of(name: str) -> str | None:
    for pkg in GAME_PACKAGES:
        if name == pkg or name.startswith(pkg + "."):
            return pkg
    return None


def test_every_module_has_a_layer() -> None:
    unknown = [m for m in MODULES if m != "hoyle" and m.split(".")[1] not in LAYERS]
    assert unknown == []


def test_no_lower_layer_imports_a_higher_one() -> None:
    upward = [f"{m}:{line} imports {t}" for m in MODULES for line, t in imports(m)
              if layer(t) > layer(m)]
    assert upward == []


def test_nothing_above_the_games_imports_a_game() -> None:
    named = [f"{m}:{line} imports {t}" for m in MODULES if layer(m) >= ABOVE_GAMES
             for line, t in imports(m) if game_of(t) is not None]
    assert named == []


def test_no_game_imports_another() -> None:
    crossed = [f"{m}:{line} imports {t}" for m in MODULES if game_of(m) is not None
               for line, t in imports(m) if game_of(t) not in (None, game_of(m))]
    assert crossed == []


def _names_compared(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """String constants that are game names, used in a comparison or a ``match`` case."""
    names = set(GAMES)
    for node in ast.walk(tree):
        operands: list[ast.expr] = []
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
        elif isinstance(node, ast.MatchValue):
            operands = [node.value]
        for op in operands:
            elts = op.elts if isinstance(op, (ast.Tuple, ast.List, ast.Set)) else [op]
            for e in elts:
                if isinstance(e, ast.Constant) and isinstance(e.value, str) \
                        and e.value.lower() in names:
                    yield node.lineno, e.value


def test_nothing_above_the_games_compares_a_game_name() -> None:
    compared = [f"{m}:{line} compares {value!r}" for m in MODULES if layer(m) >= ABOVE_GAMES
                for line, value in _names_compared(ast.parse(MODULES[m].read_text("utf-8")))]
    assert compared == []


def _cycles() -> list[list[str]]:
    graph = {m: sorted({t for _, t in imports(m)}) for m in MODULES}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for m in graph:
        if m not in index:
            visit(m)
    return found


def test_no_import_cycles() -> None:
    assert _cycles() == []


@pytest.mark.parametrize("source, expected", [
    ('if record.game == "ecarte":\n    pass\n', [(1, "ecarte")]),
    ('x = kind in ("cribbage", "whist")\n', [(1, "cribbage")]),
    ('match g:\n    case "cribbage":\n        pass\n', [(2, "cribbage")]),
    ('print("hoyle play cribbage")\n', []),
])
def test_the_name_check_sees_comparisons_only(source: str, expected: list[tuple[int, str]]
                                              ) -> None:
    assert list(_names_compared(ast.parse(source))) == expected
