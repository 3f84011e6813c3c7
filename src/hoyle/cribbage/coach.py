"""The coach's words on a game of cribbage: the points a person missed in his own count
(:func:`missed_items`) and a finished game's summary (:func:`summary_lines`)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from hoyle.cribbage.scoring import score_show
from hoyle.cribbage.state import CribbageState
from hoyle.cribbage.tally import score_kind
from hoyle.cribbage.text import said_items, show_words
from hoyle.engine.action import ScoreItem
from hoyle.engine.event import Event
from hoyle.interface.text import cards_markup, escape

__all__ = ["LAST", "missed_items", "summary_lines"]

LAST = "three for last"
"""The reason of the five-card pone's three points at the first deal (EW-T-x)."""

# The order in which the coach suspects a count's items were missed: his nobs and the
# flush first (the usual slips), then the fifteens, the pairs, the runs.
_SUSPECT = ("his nobs", "a flush", "fifteen", "a pair", "a pair royal", "a double pair royal")


def _phrase(name: str, cards: Sequence[object], points: int) -> str:
    shown = " ".join(getattr(c, "pretty", str(c)) for c in cards)
    if name == "fifteen":
        return f"the fifteen {shown} (2)"
    return f"{name} ({shown}) for {points}"


def missed_items(items: Sequence[ScoreItem], missed: int) -> list[str]:
    """The items of a show (its score items) that most likely make up the ``missed``
    points, in words (``the fifteen 7♥ 8♣ (2)``, ``his nobs (J♦) for 1``): the fewest
    items that add up to ``missed``, the usual slips first (his nobs, the flush, then
    the fifteens, the pairs, the runs); empty when no set of items adds up to it (part of
    a run miscounted, say).

    >>> from hoyle.cards import parse_cards
    >>> show = score_show(parse_cards("5H 10C JD KS"), parse_cards("4D")[0])
    >>> show_words(show.items)
    'fifteen two, fifteen four, fifteen six, his nobs is seven'
    >>> missed_items(show.items, 1)
    ['his nobs (J♦) for 1']
    >>> missed_items(show.items, 3)
    ['his nobs (J♦) for 1', 'the fifteen 5♥ 10♣ (2)']
    """
    groups = said_items(items)
    order = sorted(range(len(groups)), key=lambda i: (
        _SUSPECT.index(groups[i][0]) if groups[i][0] in _SUSPECT else len(_SUSPECT), i))
    for size in range(1, len(order) + 1):
        for chosen in combinations(order, size):
            if sum(groups[i][2] for i in chosen) == missed:
                return [_phrase(*groups[i]) for i in chosen]
    return []


def summary_lines(state: CribbageState, events: Sequence[Event], sides: Sequence[str],
                  seat: int) -> list[str]:
    """A finished game's summary for ``seat``: each side's score split into pegging (the
    play, the go, his heels), hand, crib, three for last (the five-card pone's 3 at the
    first deal, EW-T-x: no penalty) and penalties (the points a ruling gave or took;
    :func:`hoyle.cribbage.tally.score_kind`), then the seat's own hand of the last deal
    if the game ended before it was counted (what it would have scored). Nothing of
    another seat's cards that was not shown."""
    kinds = ("pegging", "hand", "crib", "last", "penalty")
    points = [dict.fromkeys(kinds, 0) for _ in sides]
    for e in events:
        if e.kind == "score" and e.seat is not None:
            if e.points <= 0:
                kind = "penalty"
            else:
                kind = "last" if e.reason == LAST else score_kind(e)
            points[state.rules.side_of(e.seat)][kind] += e.points
    lines = ["[bold]The game in points:[/bold]"]
    for side, name in enumerate(sides):
        p = points[side]
        parts = [f"pegging {p['pegging']}", f"hand {p['hand']}", f"crib {p['crib']}"]
        if p["last"]:
            parts.append(f"{LAST} {p['last']}")
        if p["penalty"]:
            parts.append(f"penalties {p['penalty']:+d}")
        lines.append(f"  {escape(name)}: {state.scores[side]} ({', '.join(parts)})")
    shown = {s for s, what, _ in state.shown if what == "hand"}
    kept = state.kept[seat] if seat < len(state.kept) else ()
    if state.starter is not None and kept and seat not in shown:
        show = score_show(kept, state.starter)
        lines.append(f"  Your hand, never counted (the game ended first): "
                     f"{cards_markup(kept)} + starter {cards_markup([state.starter])} "
                     f"would have made {show.total} (“{escape(show_words(show.items))}”).")
    return lines
