"""Strength of one cribbage player against another from paired runs: the same seed played
twice with the seats swapped (``hoyle sim cribbage --players X,Y --seed S --out xy.jsonl``
and ``--players Y,X --seed S --out yx.jsonl``). Game ``i`` of both runs has the same deals
(the same seed and game index), so a pair differs only by the players' decisions.

Usage: ``python scripts/paired_strength.py X xy.jsonl [more.jsonl ...] -- yx.jsonl [...]``
(the records of each seating, in any number of parts; ``.gz`` files, as
``scripts/keep_results.py`` writes them, are read too). Prints X's wins, its rate with the
95% Wilson interval counted by games, and the mean of the pairs (each pair scores 0, 0.5 or
1 to X) with its 95% interval (normal, the pairs' own standard deviation). Pairs are matched
by the record's seed; a game found in one seating only is counted by games, not by pairs.
"""

from __future__ import annotations

import gzip
import json
import math
import sys
from collections.abc import Iterable


def wins_by_seed(name: str, paths: Iterable[str]) -> dict[int, int]:
    """``{record seed: 1 if name won, else 0}`` over the records in ``paths``.

    Raises:
        SystemExit: with one line, for a file that cannot be read, a line that is not a
            finished game's record, or a record without ``name`` in one seat.
    """
    out: dict[int, int] = {}
    for path in paths:
        try:
            opener = gzip.open if path.endswith(".gz") else open
            with opener(path, "rt", encoding="utf-8") as f:
                lines = f.readlines()
        except (OSError, EOFError) as e:
            raise SystemExit(f"cannot read {path}: {getattr(e, 'strerror', None) or e}") from None
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                r = json.loads(line)
                seats, winner, seed = r["seats"], r["result"]["winner"], int(r["seed"])
            except (ValueError, KeyError, TypeError):
                raise SystemExit(f"{path}, line {n}: not a finished game's record "
                                 "(hoyle sim cribbage --out)") from None
            if seats.count(name) != 1:
                raise SystemExit(f"{path}, line {n}: {name!r} is not in exactly one of the seats {seats}")
            out[seed] = int(winner == seats.index(name))
    return out


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials."""
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


def main(argv: list[str]) -> None:
    if len(argv) < 4 or "--" not in argv[1:-1] or argv[1] == "--":
        raise SystemExit("usage: python scripts/paired_strength.py NAME A.jsonl [...] -- "
                         "B.jsonl [...] (NAME's records in seat 0, then in seat 1)")
    name, rest = argv[0], argv[1:]
    cut = rest.index("--")
    if set(rest[:cut]) & set(rest[cut + 1:]):
        raise SystemExit("the same file on both sides of --: give each seating's records once")
    a, b = wins_by_seed(name, rest[:cut]), wins_by_seed(name, rest[cut + 1:])
    games = list(a.values()) + list(b.values())
    k, n = sum(games), len(games)
    if n == 0:
        raise SystemExit("no games in the files")
    lo, hi = wilson(k, n)
    print(f"{name}: {k} wins in {n} games, {k / n:.4f} (95% CI by games {lo:.4f}-{hi:.4f})")
    pairs = [(a[s] + b[s]) / 2 for s in a if s in b]
    if len(pairs) < 2:
        print(f"pairs: {len(pairs)} (the same game index in both seatings): too few for an "
              "interval")
    else:
        m = sum(pairs) / len(pairs)
        sd = math.sqrt(sum((x - m) ** 2 for x in pairs) / (len(pairs) - 1))
        half = 1.96 * sd / math.sqrt(len(pairs))
        split = sum(1 for x in pairs if x == 0.5)
        print(f"pairs: {len(pairs)}, mean {m:.4f} (95% CI by pairs {m - half:.4f}-{m + half:.4f}; "
              f"sd {sd:.3f}); {split} split 1-1, {sum(1 for x in pairs if x == 1)} won 2-0, "
              f"{sum(1 for x in pairs if x == 0)} lost 0-2")


if __name__ == "__main__":
    main(sys.argv[1:])
