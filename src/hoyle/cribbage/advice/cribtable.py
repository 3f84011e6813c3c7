"""hoyle's own crib table: the expected crib for each pair of cards laid away.

A pair is classed by its ranks and whether the two cards are of one suit (``"5-5"``,
``"5-J"``, ``"5-Js"`` for suited). For each class and each role the table gives the expected
crib, in points, when that pair goes to the crib: ``dealer`` (the crib is yours) and
``pone`` (the crib is your opponent's), with the opponent laying away by the same advice
and the starter drawn from the unseen cards.

The table is computed by simulation, iterated to a fixed point: start from the pure hand
maximiser, estimate the table from random deals, let both players discard by the advice
with that table, estimate again, and so on
(:func:`hoyle.cribbage.advice.cribtable_fit.compute_crib_table`). The shipped table
(``data/crib_table.json``) comes from ``scripts/crib_table.py`` with its seed, and carries
the standard error of every entry. This module only reads it.

>>> from hoyle.cards import parse_cards
>>> pair_class(*parse_cards("5H 5C")), pair_class(*parse_cards("JD 5D"))
('5-5', '5-Js')
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, ClassVar, Self

from hoyle.cards import Card
from hoyle.errors import HoyleError

__all__ = ["RoleTable", "CribTable", "pair_class", "PAIR_CLASSES", "crib_table"]

_RANKS = "A23456789TJQK"


def pair_class(a: Card, b: Card) -> str:
    """The class of a discarded pair: ranks low-high, ``s`` when suited (``"5-Js"``)."""
    lo, hi = (a, b) if a.rank <= b.rank else (b, a)
    suited = "s" if a.suit == b.suit else ""
    return f"{_RANKS[lo.rank - 1]}-{_RANKS[hi.rank - 1]}{suited}"


PAIR_CLASSES: tuple[str, ...] = tuple(
    f"{_RANKS[i]}-{_RANKS[j]}{s}" for i in range(13) for j in range(i, 13)
    for s in ("", "s") if not (i == j and s))
"""The 169 classes: 13 pairs of a rank, 78 unsuited and 78 suited pairs of two ranks."""


def _number(v: object) -> float:
    """A finite JSON number (not a string, a boolean or NaN)."""
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
        raise ValueError(f"{v!r} is not a finite number")
    return float(v)


@dataclass(frozen=True)
class RoleTable:
    """Expected values (points) by key and role, with standard errors: the shape of hoyle's
    crib table and of the expert's pegging table
    (:class:`hoyle.cribbage.players.pegtable.PegTable`).

    Attributes:
        dealer: key -> expected value when you deal.
        pone: key -> expected value when you are the pone.
        dealer_se, pone_se: the standard errors of those means.
        meta: how the table was made (seed, sizes, method).
    """

    dealer: dict[str, float]
    pone: dict[str, float]
    dealer_se: dict[str, float]
    pone_se: dict[str, float]
    meta: dict[str, Any]

    kind: ClassVar[str] = "table"
    """What the table is, for messages."""

    @classmethod
    def keys(cls) -> Sequence[str]:
        """Every key a complete table has."""
        raise NotImplementedError

    def to_json(self) -> str:
        """The table as JSON."""
        return json.dumps({"meta": self.meta, "dealer": self.dealer, "pone": self.pone,
                           "dealer_se": self.dealer_se, "pone_se": self.pone_se}, indent=1)

    @classmethod
    def from_json(cls, text: str) -> Self:
        """Read a table written by :meth:`to_json`.

        Raises:
            HoyleError: not a complete table of this kind.
        """
        try:
            d = json.loads(text)
            parts = [{k: _number(v) for k, v in d[part].items()}
                     for part in ("dealer", "pone", "dealer_se", "pone_se")]
            t = cls(parts[0], parts[1], parts[2], parts[3], dict(d["meta"]))
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError,
                OverflowError) as e:
            raise HoyleError(f"not a {cls.kind}: {e}") from None
        keys = set(cls.keys())
        for part in parts:
            missing = [k for k in keys if k not in part]
            if missing:
                raise HoyleError(f"{cls.kind} lacks {len(missing)} entries, "
                                 f"e.g. {sorted(missing)[0]}")
            if part is parts[2] or part is parts[3]:
                if any(v < 0 for v in part.values()):
                    raise HoyleError(f"{cls.kind} has a negative standard error")
            extra = [k for k in part if k not in keys]
            if extra:
                raise HoyleError(f"{cls.kind} has unknown entries, e.g. {sorted(extra)[0]}")
        return t


@dataclass(frozen=True)
class CribTable(RoleTable):
    """Expected crib values (points) by pair class (:func:`pair_class`) and role, with
    standard errors: ``dealer`` when the crib is yours, ``pone`` when it is your
    opponent's (see :class:`RoleTable`)."""

    kind: ClassVar[str] = "crib table"

    @classmethod
    def keys(cls) -> Sequence[str]:
        """The 169 pair classes."""
        return PAIR_CLASSES

    def value(self, a: Card, b: Card, dealer: bool) -> float:
        """Expected crib, in points, for laying away ``a`` and ``b`` (yours if ``dealer``)."""
        key = pair_class(a, b)
        return (self.dealer if dealer else self.pone)[key]


@lru_cache(maxsize=1)
def crib_table() -> CribTable:
    """The shipped crib table (``hoyle/cribbage/advice/data/crib_table.json``)."""
    text = resources.files("hoyle.cribbage.advice").joinpath("data/crib_table.json").read_text(
        encoding="utf-8")
    return CribTable.from_json(text)
