"""How often two masters lay away differently: the sixes of seeded expert v expert games
(seeds 1,000 on), each put to ``MasterPlayer()`` and ``MasterPlayer(search_tilt=True)`` with
the same random stream; prints the lay-aways and how many differ (docs/master-strength.md,
"The lay-away's plays tilted by the search": 58 of 900 over 50 games).

Usage: ``python scripts/layaway_differs.py [GAMES]`` (default 50).
"""

from __future__ import annotations

import random
import sys
from typing import Any

from hoyle.cribbage.match import play_game
from hoyle.cribbage.players import ExpertPlayer
from hoyle.cribbage.players.master import MasterPlayer


def main(games: int) -> None:
    sixes: list[tuple[Any, Any]] = []

    class Probe(ExpertPlayer):
        def choose(self, view, legal, rng):  # type: ignore[no-untyped-def]
            if legal and legal[0].verb == "DISCARD" and len(view.hand) == 6:
                sixes.append((view, legal))
            return super().choose(view, legal, rng)

    for game in range(games):
        play_game([Probe(), Probe()], seed=1000 + game, resumable=False, itemize=False)
    table, searched = MasterPlayer(), MasterPlayer(search_tilt=True)
    differ = sum(sorted(table.choose(v, legal, random.Random(i)).cards)
                 != sorted(searched.choose(v, legal, random.Random(i)).cards)
                 for i, (v, legal) in enumerate(sixes))
    print(f"{len(sixes)} lay-aways; {differ} differ ({differ / len(sixes):.1%})")


if __name__ == "__main__":
    try:
        n = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    except ValueError:
        raise SystemExit("usage: python scripts/layaway_differs.py [GAMES] (a whole number)")
    if n < 1:
        raise SystemExit("usage: python scripts/layaway_differs.py [GAMES] (at least 1)")
    main(n)
