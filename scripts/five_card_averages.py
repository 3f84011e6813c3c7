"""The five-card averages of the review's win estimate (``hoyle.cribbage.review``:
``FIVE_PEG``, ``FIVE_HAND``, ``FIVE_CRIB``): ``python scripts/five_card_averages.py
[--deals N] [--seed S]``.

Plays the first deal of N two-hand five-card games between two expert players at 0-0,
deal ``k`` seeded ``game_seed(S, k)`` (the deals of ``hoyle tables win --variant
five-card``), and prints each role's points by kind (the play with the go and his heels,
the hand, the crib: :func:`hoyle.cribbage.tally.score_kind`) with its standard error.
The shipped figures are those of the defaults (4,000 deals, seed 2026; about 100 s of one
core in pure Python).
"""

from __future__ import annotations

import argparse
import math

from hoyle.cribbage.events import Kind
from hoyle.cribbage.tables import first_deal
from hoyle.cribbage.tally import score_kind
from hoyle.interface.tally import game_seed

KEYS = ("pegging:dealer", "pegging:pone", "hand:dealer", "hand:pone", "crib:dealer")


def first_deal_points(seed: int) -> dict[str, int]:
    """The first deal's points by ``kind:role`` of a five-card game seeded ``seed``."""
    dealer, events = first_deal("five-card", seed, itemize=True)
    points: dict[str, int] = {}
    for e in events:
        if e.kind == Kind.SCORE and e.points:
            key = f"{score_kind(e)}:{'dealer' if e.seat == dealer else 'pone'}"
            points[key] = points.get(key, 0) + e.points
    return points


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=2026)
    a = ap.parse_args()
    values: dict[str, list[int]] = {k: [] for k in KEYS}
    for k in range(a.deals):
        points = first_deal_points(game_seed(a.seed, k))
        for key in KEYS:
            values[key].append(points.get(key, 0))
    for key in KEYS:
        v = values[key]
        mean = sum(v) / len(v)
        se = math.sqrt(sum((x - mean) ** 2 for x in v) / (len(v) - 1) / len(v))
        print(f"{key}: {mean:.3f} (standard error {se:.3f})")


if __name__ == "__main__":
    main()
