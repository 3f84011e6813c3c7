"""hoyle's own crib table: the expected crib for each pair of cards laid away.

A pair is classed by its ranks and whether the two cards are of one suit (``"5-5"``,
``"5-J"``, ``"5-Js"`` for suited). For each class and each role the table gives the expected
crib, in points, when that pair goes to the crib: ``dealer`` (the crib is yours) and
``pone`` (the crib is your opponent's), with the opponent laying away by the same advice
and the starter drawn from the unseen cards.

The table is computed by simulation, iterated to a fixed point: start from the pure hand
maximiser, estimate the table from random deals, let both players discard by the advice
with that table, estimate again, and so on (:func:`compute_crib_table`). The shipped table
(``data/crib_table.json``) comes from ``scripts/crib_table.py`` with its seed, and carries
the standard error of every entry.

>>> from hoyle.cards import parse_cards
>>> pair_class(*parse_cards("5H 5C")), pair_class(*parse_cards("JD 5D"))
('5-5', '5-Js')
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from itertools import combinations
from typing import Any, ClassVar, Self

from hoyle.cards import CARDS, Card
from hoyle.cribbage.scoring import show_total
from hoyle.errors import HoyleError

__all__ = ["RoleTable", "CribTable", "pair_class", "PAIR_CLASSES", "crib_table", "compute_crib_table"]

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
    """The shipped crib table (``hoyle/analysis/data/crib_table.json``)."""
    text = resources.files("hoyle.analysis").joinpath("data/crib_table.json").read_text(
        encoding="utf-8")
    return CribTable.from_json(text)


# -- computing the table ------------------------------------------------------------------

Discarder = Callable[[Sequence[Card], bool], tuple[Card, Card]]


def _hand_only_discard(hand: Sequence[Card], dealer: bool) -> tuple[Card, Card]:
    """The pure hand maximiser: keep the four with the best average show (first pass)."""
    held = set(hand)
    starters = [c for c in CARDS if c not in held]
    best, best_v = None, -1.0
    for keep in combinations(hand, 4):
        v = sum(show_total(keep, s) for s in starters)
        if v > best_v:
            best, best_v = keep, v
    assert best is not None
    out = [c for c in hand if c not in best]
    return out[0], out[1]


def _table_discard(table: CribTable) -> Discarder:
    def discard(hand: Sequence[Card], dealer: bool) -> tuple[Card, Card]:
        from hoyle.analysis.discard import discard_options
        best = discard_options(hand, dealer, table)[0]
        return best.discard[0], best.discard[1]
    return discard


def _simulate(discarder: Discarder, deals: int, seed: int) -> dict[str, list[float]]:
    """Sums for each role and class: [n, sum, sum of squares] of crib points.

    Each deal: the opponent (in each role) lays away by ``discarder``; for each of the 15
    pairs the player could lay away from his own six, the crib is scored with a starter
    drawn from the 40 cards neither player holds. Every class so gets samples in proportion
    to how often it can be laid away, whatever the advice prefers."""
    rng = random.Random(seed)
    acc: dict[str, list[float]] = {}
    for _ in range(deals):
        cards = rng.sample(CARDS, 12)
        mine, theirs = cards[:6], cards[6:]
        rest = [c for c in CARDS if c not in cards]
        starter = rest[rng.randrange(len(rest))]
        for role, opp_is_dealer in (("dealer", False), ("pone", True)):
            o1, o2 = discarder(theirs, opp_is_dealer)
            for a, b in combinations(mine, 2):
                v = show_total((a, b, o1, o2), starter, crib=True)
                cell = acc.setdefault(f"{role}:{pair_class(a, b)}", [0.0, 0.0, 0.0])
                cell[0] += 1
                cell[1] += v
                cell[2] += v * v
    return acc


def _merge(parts: list[dict[str, list[float]]]) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    for part in parts:
        for k, (n, s, q) in part.items():
            cell = out.setdefault(k, [0.0, 0.0, 0.0])
            cell[0] += n
            cell[1] += s
            cell[2] += q
    return out


def _table_from(acc: dict[str, list[float]], meta: dict[str, Any]) -> CribTable:
    vals: dict[str, dict[str, float]] = {"dealer": {}, "pone": {}}
    ses: dict[str, dict[str, float]] = {"dealer": {}, "pone": {}}
    for role in ("dealer", "pone"):
        for c in PAIR_CLASSES:
            n, s, q = acc.get(f"{role}:{c}", [0.0, 0.0, 0.0])
            if n < 2:
                raise HoyleError(f"too few deals: class {c} has {int(n)} samples")
            mean = s / n
            var = max(0.0, (q - n * mean * mean) / (n - 1))
            vals[role][c] = round(mean, 4)
            ses[role][c] = round(math.sqrt(var / n), 4)
    return CribTable(vals["dealer"], vals["pone"], ses["dealer"], ses["pone"], meta)


def _work(args: tuple[CribTable | None, int, int]) -> dict[str, list[float]]:
    table, deals, seed = args
    discarder = _hand_only_discard if table is None else _table_discard(table)
    return _simulate(discarder, deals, seed)


def compute_crib_table(deals: int, seed: int, iterations: int = 3, workers: int = 1,
                       progress: Callable[[str], None] | None = None) -> CribTable:
    """Compute the crib table by simulation iterated to a fixed point.

    Args:
        deals: random deals per iteration (each gives 15 samples per role).
        seed: the seed; the same seed, deals and iterations give the same table, whatever
            the number of workers.
        iterations: passes; the first has the opponent keep his best hand only, each later
            one uses the table of the pass before.
        workers: processes (``concurrent.futures``).
        progress: called with a line after each pass.

    Returns:
        The last pass's table; ``meta["change"]`` is the largest change of an entry in the
        last pass, in points.
    """
    from concurrent.futures import ProcessPoolExecutor

    chunks = 8
    per = [deals // chunks + (1 if i < deals % chunks else 0) for i in range(chunks)]
    table: CribTable | None = None
    change = float("nan")
    for it in range(iterations):
        jobs = [(table, per[i], seed * 1000 + it * 100 + i) for i in range(chunks)]
        if workers > 1:
            with ProcessPoolExecutor(workers) as ex:
                parts = list(ex.map(_work, jobs))
        else:
            parts = [_work(j) for j in jobs]
        meta = {"seed": seed, "deals": deals, "iterations": it + 1,
                "method": "fixed-point simulation; opponent lays away by the advice of the "
                          "previous pass (pass 1: best hand only); starter uniform over the "
                          "40 unseen cards"}
        new = _table_from(_merge(parts), meta)
        if table is not None:
            change = max(max(abs(new.dealer[c] - table.dealer[c]),
                             abs(new.pone[c] - table.pone[c])) for c in PAIR_CLASSES)
        table = new
        table.meta["change"] = None if math.isnan(change) else round(change, 4)
        if progress is not None:
            progress(f"pass {it + 1}: largest change {change:.4f}")
    assert table is not None
    return table
