"""Write ``src/hoyle/cribbage/players/data/peg_sequences.json``: the pegging of many deals
of two-hand six-card cribbage, each the points of the play in the order they were scored
(CRIB-R-9: pairs, runs, fifteens, 31, go and last card), positive to the dealer, negative to
the pone; played by two expert players at 0-0 (its first deal), deal ``k`` seeded
``game_seed(seed, k)``. The score-aware expert draws from them for the race in the play
when it values a discard near the end of the game (:mod:`hoyle.cribbage.players.aware`).

Usage: ``python scripts/peg_sequences.py [--deals N] [--seed S]`` (defaults 3000 and 1).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from hoyle.cribbage.events import Kind  # noqa: E402
from hoyle.cribbage.tables import first_deal  # noqa: E402
from hoyle.interface.tally import game_seed  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "src/hoyle/cribbage/players/data/peg_sequences.json"


def one_deal(seed: int) -> list[int]:
    """The first deal's pegging, signed (dealer +, pone -), in order: the points scored
    from the first card laid to the show."""
    dealer, events = first_deal("six-card", seed)
    out: list[int] = []
    playing = False
    for e in events:
        if e.kind == Kind.PLAY:
            playing = True
        elif e.kind == Kind.SHOW:
            break
        elif e.kind == Kind.SCORE and playing and e.points:
            out.append(e.points if e.seat == dealer else -e.points)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    seqs = [one_deal(game_seed(args.seed, k)) for k in range(args.deals)]
    OUT.write_text(json.dumps({
        "about": "pegging of the first deal of expert v expert games at 0-0, points in the "
                 "order scored, + to the dealer, - to the pone (scripts/peg_sequences.py)",
        "seed": args.seed, "deals": args.deals, "sequences": seqs},
        separators=(",", ":")) + "\n", encoding="utf-8")
    d = sum(sum(p for p in s if p > 0) for s in seqs) / len(seqs)
    p = -sum(sum(p for p in s if p < 0) for s in seqs) / len(seqs)
    print(f"{len(seqs)} deals: dealer pegs {d:.3f}, pone {p:.3f} a deal -> {OUT}")


if __name__ == "__main__":
    main()
