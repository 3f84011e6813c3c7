"""Every rule of play and every law of every game has a test named after its ID.

Project policy (``shared/laws/README.md``, How IDs are used): test names carry the ID, with
``-`` and ``.`` turned into ``_`` and parentheses dropped (``ACC-4.4(a)`` -> ``ACC_4_4a``).
For each game of the registry (``hoyle.interface.registry.games``):

* every rule-of-play ID ``<rule_prefix>-<n>`` found in the game's catalogue
  (``shared/<spec.catalogue>``) has a function ``def test_<PREFIX>_<n>_...`` in
  ``tests/<spec.name>/*.py`` (``CRIB-R-4`` -> ``def test_CRIB_R_4_...``);
* every law of every code of the game (``spec.codes()``) has a test in ``tests/<spec.name>/``
  whose name carries the law's ID form, as the per-code meta-tests do
  (``tests/cribbage/test_laws_ew.py``, ``test_laws_acc.py``): the ID may stand anywhere in
  the name, and the most specific ID owns a test (``test_EW_ix_n_...`` is ``EW-ix-n``'s,
  not ``EW-ix``'s). No law is exempt: procedure-only laws have tests too. A code's law whose
  ID is a rule of play (the ``oh`` profile rules overscores under ``ECARTE-R-17``) is held to
  the same check, which its rule-of-play test satisfies.

The test files are read as text, so a test counts wherever it is defined in the game's
directory.

And every kind of event a game emits (``Event("kind", ...)`` / ``event("kind", ...)`` in its
package, read as text) has a line of its own in the game's text, not the fallback for
unknown kinds (``hoyle.interface.text.unknown_event_line``).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from conformance.conftest import FIXTURE_GAMES
from helpers.rulings import law_form
from hoyle.engine.event import EventKind
from hoyle.interface.registry import GameSpec, games, piece

SHARED = Path(__file__).resolve().parents[2] / "shared"
TESTS = Path(__file__).resolve().parent
SPECS = (*games(), *(piece(path) for path in FIXTURE_GAMES.values()))
"""Every registered game, and the framework's fixture games (``tests/conformance``)."""


def catalogue_path(spec: GameSpec) -> Path:
    """``shared/<catalogue>``, or the catalogue's own path where it is absolute (a fixture
    game's, beside its tests)."""
    return SHARED / spec.catalogue


def catalogue_text(spec: GameSpec) -> str:
    path = catalogue_path(spec)
    if not path.is_file():
        pytest.fail(f"the {spec.name} catalogue is missing: expected it at {path}")
    return path.read_text(encoding="utf-8")


def game_test_sources(spec: GameSpec) -> str:
    """The game's tests: ``tests/<name>/``, or the folder of a fixture game's catalogue."""
    folder = TESTS / spec.name if not Path(spec.catalogue).is_absolute() else \
        Path(spec.catalogue).parent
    files = sorted(folder.glob("*.py"))
    assert files, f"no test files in {folder}"
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def rule_ids(spec: GameSpec) -> list[str]:
    """The rule-of-play IDs of the catalogue: every ``<prefix>-<n>`` it mentions, each of
    which must be one it defines (a bold entry ``**<prefix>-<n> ...**``)."""
    text = catalogue_text(spec)
    prefix = re.escape(spec.rule_prefix)
    mentioned = {int(n) for n in re.findall(rf"\b{prefix}-(\d+)\b", text)}
    defined = [int(n) for n in re.findall(rf"^- \*\*{prefix}-(\d+) ", text, re.M)]
    assert defined, f"{spec.catalogue}: no {spec.rule_prefix}-<n> entries found"
    assert defined == list(range(1, len(defined) + 1)), \
        f"{spec.catalogue}: the {spec.rule_prefix} entries are not numbered 1..n: {defined}"
    assert mentioned <= set(defined), \
        f"{spec.catalogue} cites undefined rules: {sorted(mentioned - set(defined))}"
    return [f"{spec.rule_prefix}-{n}" for n in defined]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_every_rule_of_play_has_a_test_named_after_it(spec: GameSpec) -> None:
    source = game_test_sources(spec)
    untested = [i for i in rule_ids(spec)
                if not re.search(rf"^\s*def test_{law_form(i)}_", source, re.M)]
    assert untested == [], \
        f"rules of play with no test named after them in tests/{spec.name}/: {untested}"


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_every_law_of_every_code_has_a_test_named_after_it(spec: GameSpec) -> None:
    codes = spec.codes()
    assert codes, f"{spec.name} has no law codes"
    text = catalogue_text(spec)
    ids = sorted({law.id for code in codes.values() for law in code})
    uncatalogued = [i for i in ids if i not in text]
    assert uncatalogued == [], f"laws missing from {spec.catalogue}: {uncatalogued}"
    forms = {i: law_form(i) for i in ids}
    names = re.findall(r"^\s*def (test_\w+)\s*\(", game_test_sources(spec), re.M)
    owners: dict[str, list[str]] = {}
    for name in names:
        hits = [i for i, f in forms.items() if f"_{f}_" in name or name.endswith(f"_{f}")]
        if hits:  # the most specific ID owns the test
            owners.setdefault(max(hits, key=lambda i: len(forms[i])), []).append(name)
    missing = [f"{code.name}: {law.id}" for code in codes.values() for law in code
               if law.id not in owners]
    assert missing == [], f"laws with no test named after them in tests/{spec.name}/: {missing}"


SRC = Path(__file__).resolve().parents[1] / "src"


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_every_parameter_note_names_a_row_of_the_catalogue_s_parameter_table(
        spec: GameSpec) -> None:
    """A ruling's ``parameter="..."`` note names a parameter a code of the game declares
    (``Param``), or the catalogue's row of an engine parameter where the codes differ (its
    table, ``| `name` |``), so the note a player reads can be looked up; a free string that
    names neither is a typo or a lost row."""
    table = set(re.findall(r"^\| `(\w+)`", catalogue_text(spec), re.M))
    table |= {name for code in spec.codes().values() for name in code.schema}
    notes = set()
    for path in game_sources(spec):
        notes |= set(re.findall(r'\b(?:window_)?param(?:eter)?="(\w+)"', path.read_text("utf-8")))
    assert notes <= table, f"parameter notes naming no catalogue row: {sorted(notes - table)}"


def game_sources(spec: GameSpec) -> list[Path]:
    """A game's source files: its package (its spec in its ``game.py``), or a fixture
    game's one file."""
    module = Path(sys.modules[type(spec).__module__].__file__ or "")
    return [*module.parent.rglob("*.py")] if module.name == "game.py" else [module]


def emitted_kinds(spec: GameSpec) -> list[str]:
    """The event kinds the game's package (and the framework) create, read from the
    source: ``Event(Kind.X ...)`` / ``event(EventKind.X ...)``, or a bare word."""
    paths = [*game_sources(spec), SRC / "hoyle" / "engine" / "state.py"]
    enum = spec.kinds_at.rpartition(":")[2] or "Kind"  # the game's own kinds' enum
    kinds: set[str] = set()
    for path in paths:
        text = path.read_text("utf-8")
        kinds |= {m.lower() for m in re.findall(
            rf'\b(?:Event|event)\(\s*(?:EventKind|{re.escape(enum)})\.(\w+)', text)}
        kinds |= set(re.findall(r'\b(?:Event|event)\(\s*"(\w+)"', text))
    return sorted(kinds)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_every_emitted_event_kind_is_declared(spec: GameSpec) -> None:
    """Each kind the game creates is a member of its ``Kind`` (typed seams, issue 14), and
    the declaration holds no kind that is never emitted."""
    declared = sorted(str(k) for k in spec.event_kinds())
    emitted = emitted_kinds(spec)
    assert set(EventKind) <= set(emitted)  # the scan found the framework's own events
    assert emitted == declared, (
        f"kinds emitted but not declared: {sorted(set(emitted) - set(declared))}; declared "
        f"but never emitted (written as event(KIND.X, ...) with the enum of kinds_at): "
        f"{sorted(set(declared) - set(emitted))}")


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_every_event_kind_has_a_text_line(spec: GameSpec) -> None:
    from hoyle.cards import Card
    from hoyle.engine.event import Event
    from hoyle.interface.text import unknown_event_line

    kinds = [str(k) for k in spec.event_kinds()]
    text = spec.text()
    names = ["Ann", "Bob"]
    card = Card.parse("7H")
    fallback = []
    for kind in kinds:
        e = Event(kind, 0, (card,), points=1, reason="reason", source="X-1", total=1,
                  count=1)
        lines = text.event_lines([e], names, None)
        if unknown_event_line(e, "Ann") in lines:
            fallback.append(kind)
    assert fallback == []
