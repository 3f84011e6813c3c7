"""A player's points a deal against another's, far from the end of the game: ``python
scripts/paired_deals.py A B [--deals N] [--seed S] [--set key=value ...]``.

Plays the first deal (at 0-0) of N two-hand six-card games seeded ``game_seed(S, k)``
twice, A in seat 0 then in seat 1 (the same cards both times: the chance stream does not
depend on the choices), and prints A's net points a deal (its points less B's) with the
standard error of the pairs, and each side's pegging (the play, go and his heels), hand
and crib by role. ``--set`` gives A's constructor keyword arguments (numbers), to compare
settings. The cheap measure before a strength run of whole games.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

from hoyle.cribbage.events import Kind
from hoyle.errors import HoyleError
from hoyle.cribbage.players import PLAYERS, make_player
from hoyle.cribbage.state import CribbageState
from hoyle.cribbage.tables import play_deal
from hoyle.cribbage.tally import score_kind
from hoyle.engine.event import EventKind
from hoyle.interface.tally import game_seed


def one_deal(players: list[Any], seed: int, state: CribbageState | None = None
             ) -> tuple[int, dict[str, int]]:
    """The first deal of a six-card game seeded ``seed`` (or ``state``, made so): its
    dealer and each seat's points by ``kind:seat``."""
    state = state or CribbageState(seed=seed, itemize=True)
    dealer: list[int] = []
    points: dict[str, int] = {}

    def stop(e: Any) -> bool:
        if e.kind == Kind.DEAL and not dealer and state.dealer is not None:
            dealer.append(state.dealer)
        elif e.kind == EventKind.NEW_DEAL and dealer:
            return True
        if dealer and e.kind == Kind.SCORE and e.points:
            key = f"{score_kind(e)}:{e.seat}"
            points[key] = points.get(key, 0) + e.points
        return False

    play_deal(players, seed, state, stop)
    return dealer[0], points


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=4242)
    ap.add_argument("--set", action="append", default=[])
    args = ap.parse_args()
    if args.deals < 2:
        ap.error("--deals must be at least 2")
    kw: dict[str, float] = {}
    for item in args.set:
        key, eq, value = item.partition("=")
        try:
            number = float(value)
        except ValueError:
            number = math.nan
        if not eq or not key or not math.isfinite(number):
            ap.error(f"--set takes NAME=NUMBER (a finite number), not {item!r}")
        kw[key] = int(number) if number.is_integer() and "." not in value else number
    try:
        a = PLAYERS[args.a.lower()](**kw) if kw else make_player(args.a)
        b = make_player(args.b)
    except KeyError:
        ap.error(f"unknown player {args.a!r} (known: {', '.join(PLAYERS)})")
    except (HoyleError, TypeError, ValueError) as e:
        ap.error(str(e))
    nets: list[float] = []
    kinds: dict[str, list[int]] = {}
    t0 = time.perf_counter()
    for k in range(args.deals):
        seed = game_seed(args.seed, k)
        pair = 0.0
        for a_seat in (0, 1):
            seats = [a, b] if a_seat == 0 else [b, a]
            dealer, pts = one_deal(seats, seed)
            mine = sum(v for key, v in pts.items() if key.endswith(f":{a_seat}"))
            theirs = sum(v for key, v in pts.items() if key.endswith(f":{1 - a_seat}"))
            pair += (mine - theirs) / 2
            for who, seat in (("A", a_seat), ("B", 1 - a_seat)):
                role = "dealer" if seat == dealer else "pone"
                for kind in ("pegging", "hand", "crib"):
                    kinds.setdefault(f"{who} {kind} as {role}", []).append(
                        pts.get(f"{kind}:{seat}", 0))
        nets.append(pair)
    n = len(nets)
    mean = sum(nets) / n
    se = math.sqrt(sum((x - mean) ** 2 for x in nets) / (n - 1) / n)
    print(f"{args.a}{kw or ''} v {args.b}: {n} paired deals, seed {args.seed}, "
          f"{time.perf_counter() - t0:.0f} s")
    print(f"net points a deal to {args.a}: {mean:+.3f} (standard error {se:.3f})")
    for key in sorted(kinds):
        if kinds[key] and not (key.endswith("as pone") and "crib" in key):
            print(f"  {key}: {sum(kinds[key]) / len(kinds[key]):.3f}")


if __name__ == "__main__":
    main()
