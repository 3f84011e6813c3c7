"""The layers (``shared/DESIGN.md``, ``docs/architecture.md``): cards -> engine (the rules
framework) -> interface (what the interfaces share: the registry's contract, the words) ->
each game -> analysis and sim -> interfaces. Inside each game too: its rules (the state, the
scoring, the laws) -> its players and their advice -> its analysis (tables, review, tallies)
-> its words and its registry entry. A lower layer never imports a higher one; nothing above the games imports a
particular game or compares a game's name (it asks :mod:`hoyle.interface.registry`); no game
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

from hoyle.interface.registry import GAMES

SRC = Path(__file__).resolve().parents[2] / "src"
GAME_PACKAGES = {target.partition(":")[0].rsplit(".", 1)[0] for target in GAMES.values()}
# Each layer by the first part of the module path below ``hoyle`` ("" is hoyle itself).
LAYERS = {"": 0, "cards": 0, "errors": 0, "_accel": 0, "__main__": 5, "engine": 1,
          "interface": 2, "analysis": 4, "sim": 4, "clubs": 4, "cli": 5, "envs": 5, "batch": 5, "web": 5, "tui": 5}
for _pkg in GAME_PACKAGES:
    LAYERS[_pkg.split(".")[1]] = 3
ABOVE_GAMES = 4
GAME_LAYERS = {
    "rules": 0, "scoring": 0, "phase": 0, "events": 0, "state": 0, "counting": 0,
    "referee": 0, "effects": 0, "laws": 0, "records": 0, "results": 0,
    "players": 1, "advice": 1, "solver": 1, "match": 1,
    "analysis": 2, "review": 2, "tables": 2, "awaretable": 2, "tally": 2, "matchplay": 2,
    "coach": 3, "batch": 3, "batchenv": 3,
    "text": 3, "console": 3, "encoding": 3, "commands": 3, "game": 3,
}
"""The layers inside a game, by the module's name below the game's package: its rules of
play and laws (0), its players and the advice they stand on (1), its analysis (2), its words,
encoding, commands and registry entry (3)."""


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


def game_layer(name: str) -> int:
    """The layer of a game's module inside its game (:data:`GAME_LAYERS`; the package
    itself is its rules)."""
    pkg = game_of(name)
    assert pkg is not None
    rest = name[len(pkg) + 1:].split(".")[0] if name != pkg else "rules"
    return GAME_LAYERS[rest]


def test_every_module_has_a_layer() -> None:
    unknown = [m for m in MODULES if m != "hoyle" and m.split(".")[1] not in LAYERS]
    assert unknown == []
    in_games = [m for m in MODULES if game_of(m) is not None and m != game_of(m)
                and m[len(game_of(m) or "") + 1:].split(".")[0] not in GAME_LAYERS]
    assert in_games == []


def test_inside_a_game_no_lower_layer_imports_a_higher_one() -> None:
    upward = [f"{m}:{line} imports {t}" for m in MODULES if game_of(m) is not None
              for line, t in imports(m)
              if game_of(t) == game_of(m) and game_layer(t) > game_layer(m)]
    assert upward == []


def test_no_lower_layer_imports_a_higher_one() -> None:
    upward = [f"{m}:{line} imports {t}" for m in MODULES for line, t in imports(m)
              if layer(t) > layer(m)]
    assert upward == []


def test_the_rules_framework_knows_nothing_of_text_styling_or_terminals() -> None:
    """``hoyle.engine`` imports no styling or terminal library: those are the interfaces'
    (``hoyle.interface`` and above)."""
    styled = []
    for m in MODULES:
        if layer(m) > 1:
            continue
        tree = ast.parse(MODULES[m].read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            styled += [f"{m}:{node.lineno} imports {n}" for n in names
                       if n.split(".")[0] in ("rich", "textual", "typer", "prompt_toolkit")]
    assert styled == []


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
