"""The law tests' common checks, for every game: the rulings among a step's events, the one
ruling a step must give, and a law ID as test names carry it."""

from __future__ import annotations

import re
from collections.abc import Iterable

from hoyle.engine.event import Event
from hoyle.engine.laws import Ruling


def rulings(events: Iterable[Event], law: str | None = None) -> list[Event]:
    """The ruling events among ``events``; with ``law``, only those from that law."""
    return [e for e in events if e.kind == "ruling" and (law is None or e.source == law)]


def the_ruling(events: Iterable[Event], law: str) -> Ruling:
    """The single ruling among ``events``; it must come from ``law``."""
    found = rulings(events)
    assert len(found) == 1, [(e.source, e.reason) for e in found]
    assert found[0].source == law, (found[0].source, found[0].reason)
    assert found[0].ruling is not None and found[0].ruling.law == law
    return found[0].ruling


def law_form(law_id: str) -> str:
    """An ID as test names carry it: ``ACC-4.4(a)`` -> ``ACC_4_4a``, ``ACC-7.1.a–b`` ->
    ``ACC_7_1_a_b``, ``CRIB-R-12`` -> ``CRIB_R_12``, ``EW-iii`` -> ``EW_iii``."""
    return re.sub(r"[-.–]", "_", law_id.replace("(", "").replace(")", ""))


def only_ruling(events: Iterable[Event]) -> Ruling:
    """The single ruling among ``events``, from whichever law (the test then asks which)."""
    found = [e.ruling for e in events if e.kind == "ruling" and e.ruling is not None]
    assert len(found) == 1, found
    return found[0]
