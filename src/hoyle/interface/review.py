"""A recorded game reviewed decision by decision (``hoyle review``): what each seat chose,
what the game's expert would have chosen, and what the choice cost, as data every
interface shows its own way.

>>> r = Review([Decision(1, 0, "discard", "5H 5C", "KH QD", 1.25, POINTS),
...             Decision(1, 0, "play", "7S", "7S", 0.0, POINTS),
...             Decision(2, 1, "discard", "AH 2H", "AH 3D", 0.04, WIN)], ("A", "B"))
>>> r.per_deal()
[(1, 0, 1.25, 0.0, 2), (2, 1, 0.0, 0.04, 1)]
>>> r.per_seat()
{0: (1.25, 0.0, 1), 1: (0.0, 0.04, 1)}
>>> review_blocks(r, "g.json")[2]
'A: 1.25 points and 0.0% of win probability lost in 1 deals (1.25 points a deal).'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.markup import escape

from hoyle.interface.text import Block, TextTable

__all__ = ["Decision", "Review", "POINTS", "WIN", "review_blocks", "seat_labels"]

POINTS = "points"
"""A cost in expected points (far from the end of the game)."""
WIN = "win"
"""A cost in the probability of winning the game (near its end)."""


@dataclass(frozen=True)
class Decision:
    """One decision of a recorded game.

    Attributes:
        deal: the deal it was made in, from 1.
        seat: who made it.
        kind: what was decided (``"discard"``, ``"play"``...).
        made: the choice made, as text.
        best: the expert's choice, as text.
        cost: what the choice made lost against the best one, in ``unit`` (0 when it was
            as good).
        unit: :data:`POINTS` or :data:`WIN`.
        index: the action's index in the record (None where the review does not say).
    """

    deal: int
    seat: int
    kind: str
    made: str
    best: str
    cost: float
    unit: str
    index: int | None = None


@dataclass
class Review:
    """Every reviewed decision of a game, in order, and the seats' names."""

    decisions: list[Decision]
    names: tuple[str, ...]
    notes: list[str] = field(default_factory=list)
    """Lines on how the costs were reckoned."""
    coach: str = "expert"
    """The computer player whose choices and values the review shows (its column's name)."""

    def per_deal(self) -> list[tuple[int, int, float, float, int]]:
        """``(deal, seat, points lost, win probability lost, decisions)`` for every deal
        and seat with a reviewed decision, in order."""
        out: dict[tuple[int, int], list[float]] = {}
        for d in self.decisions:
            row = out.setdefault((d.deal, d.seat), [0.0, 0.0, 0])
            row[0 if d.unit == POINTS else 1] += d.cost
            row[2] += 1
        return [(deal, seat, round(r[0], 6), round(r[1], 6), int(r[2]))
                for (deal, seat), r in sorted(out.items())]

    def per_seat(self) -> dict[int, tuple[float, float, int]]:
        """``seat -> (points lost, win probability lost, deals)`` over the game."""
        out: dict[int, list[float]] = {}
        for _, seat, pts, win, _n in self.per_deal():
            row = out.setdefault(seat, [0.0, 0.0, 0])
            row[0] += pts
            row[1] += win
            row[2] += 1
        return {s: (round(r[0], 6), round(r[1], 6), int(r[2])) for s, r in sorted(out.items())}


def _cost(d: Decision) -> str:
    """A decision's cost as shown: blank when the expert's choice is the one made, else
    the cost (``0.00 pts`` when the other choice was worth as much)."""
    if d.best == d.made:
        return ""
    cost = max(d.cost, 0.0)
    return f"{cost:.2f} pts" if d.unit == POINTS else f"{cost * 100:.1f}% win"


def seat_labels(names: Sequence[str]) -> list[str]:
    """The seats' labels in a review: their names, with the seat's number only where two
    seats have the same name (``expert (seat 0)``, ``expert (seat 1)``).

    >>> seat_labels(("You", "Computer (expert)")), seat_labels(("expert", "expert"))
    (['You', 'Computer (expert)'], ['expert (seat 0)', 'expert (seat 1)'])
    """
    return [name if list(names).count(name) == 1 else f"{name} (seat {i})"
            for i, name in enumerate(names)]


def review_blocks(review: Review, source: str) -> list[Block]:
    """What ``hoyle review`` shows of ``review`` (every interface shows the same): the
    table of decisions (deal, seat, decision, made, the expert's choice when it differs,
    the cost: points as ``pts``, win probability as ``% win``), the cost per deal, one line
    a seat (points and win probability lost, points a deal) and the notes (dim). Lines are
    rich markup; ``source`` names the record in the first table's title. Each seat is named
    as the game names it, with its number where two seats have one name
    (:func:`seat_labels`)."""
    names = [escape(label) for label in seat_labels(review.names)]
    decisions = TextTable(
        tuple((str(d.deal), names[d.seat], escape(d.kind), escape(d.made),
               "" if d.best == d.made else escape(d.best), _cost(d))
              for d in review.decisions),
        ("deal", "seat", "decision", "made", escape(review.coach), "cost"),
        ("right", "left", "left", "left", "left", "right"),
        title=f"Decisions of {escape(source)}")
    per_deal = TextTable(
        tuple((str(deal), names[who], str(n), f"{pts:.2f}", f"{win * 100:.1f}%")
              for deal, who, pts, win, n in review.per_deal()),
        ("deal", "seat", "decisions", "points lost", "win prob. lost"),
        ("right", "left", "right", "right", "right"), title="Cost per deal")
    out: list[Block] = [decisions, per_deal]
    for who, (pts, win, deals) in review.per_seat().items():
        out.append(f"{names[who]}: {pts:.2f} points and {win * 100:.1f}% of win probability "
                   f"lost in {deals} deals ({pts / max(deals, 1):.2f} points a deal).")
    out.extend(f"[dim]{escape(note)}[/dim]" for note in review.notes)
    return out
