"""How much one player's paired runs against an opponent beat another player's on the same
deals: ``python scripts/paired_difference.py A a_xy.jsonl a_yx.jsonl B b_xy.jsonl
b_yx.jsonl``.

Each run is a pair of seatings of the same seed (``hoyle sim cribbage --players A,Y --seed S
--out a_xy.jsonl`` and ``--players Y,A ... --out a_yx.jsonl``; the same for B), so deal pair
``i`` is the same cards for both players. For every seed found in all four files, each
player's score on the pair (0, 0.5 or 1) is taken; prints the number of deal pairs, both
means, B's less A's with its 95% interval (normal, the differences' own standard deviation)
and how many deal pairs changed. A and B may be the same name (each file is read for its
own). Records are matched by seed as in :mod:`paired_strength`. A run in parts (joined by
``--first-game``) is named by its parts joined with commas (``ab.jsonl,ab-rest.jsonl``);
kept results (``docs/runs/*.jsonl.gz``, ``scripts/keep_results.py``) are read as records.
"""

from __future__ import annotations

import math
import sys

from paired_strength import read_pair  # scripts/, beside this one


def main(argv: list[str]) -> None:
    if len(argv) != 6:
        raise SystemExit("usage: python scripts/paired_difference.py A a_xy.jsonl a_yx.jsonl "
                         "B b_xy.jsonl b_yx.jsonl (a run in parts: its files joined by commas)")
    a = read_pair(argv[0], argv[1].split(","), argv[2].split(","))
    b = read_pair(argv[3], argv[4].split(","), argv[5].split(","))
    seeds = set(a[0]) & set(a[1]) & set(b[0]) & set(b[1])
    if len(seeds) < 2:
        raise SystemExit(f"{len(seeds)} seeds found in all four files: nothing to compare")
    d = [((b[0][s] + b[1][s]) - (a[0][s] + a[1][s])) / 2 for s in seeds]
    n = len(d)
    m = sum(d) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
    pa = sum((a[0][s] + a[1][s]) / 2 for s in seeds) / n
    half = 1.96 * sd / math.sqrt(n)
    print(f"{n} deal pairs: {argv[3]} {pa + m:.4f} v {argv[0]} {pa:.4f}; difference {m:+.4f} "
          f"(95% CI {m - half:+.4f} to {m + half:+.4f}); deal pairs changed "
          f"{sum(1 for x in d if x)}")


if __name__ == "__main__":
    main(sys.argv[1:])
