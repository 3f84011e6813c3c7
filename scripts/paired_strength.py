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
import zlib
from collections.abc import Iterable
from typing import Any


def read_lines(path: str) -> list[str]:
    """The lines of a records file, plain or gzip (``.gz``, as ``keep_results.py`` writes).

    Raises:
        SystemExit: with one line, for a file that cannot be read, is not gzip where named
            ``.gz``, is cut short or damaged, or is not UTF-8 text.
    """
    try:
        if path.endswith(".gz"):
            with gzip.open(path, "rt", encoding="utf-8") as f:
                return f.read().split("\n")
        with open(path, encoding="utf-8") as f:
            return f.read().split("\n")
    except (OSError, EOFError, zlib.error, UnicodeDecodeError) as e:
        raise SystemExit(f"cannot read {path}: {getattr(e, 'strerror', None) or e}") from None


def parse_record(line: str) -> dict[str, Any] | None:
    """A finished two-hand game's record from one line, or None if the line is not one."""
    try:
        r = json.loads(line)
        seats, winner, seed = r["seats"], r["result"]["winner"], r["seed"]
    except (ValueError, KeyError, TypeError):
        return None
    if (not isinstance(r, dict) or not isinstance(seats, list) or len(seats) != 2
            or not all(isinstance(x, str) for x in seats) or winner not in (0, 1)
            or isinstance(winner, bool) or not isinstance(seed, int)):
        return None
    return r


def read_records(paths: Iterable[str], *,
                 skip_cut_last: bool = False) -> list[tuple[str, int, dict[str, Any]]]:
    """One seating's finished games from ``paths``, in order: ``(path, line number, record)``.

    With ``skip_cut_last``, a file's last line cut short (not JSON: a run killed mid-game)
    is skipped and said on stderr.

    Raises:
        SystemExit: with one line, for an empty file name, a file that cannot be read
            (:func:`read_lines`), a line that is not a finished game's record, records of
            other seats than the first's, a seed found twice, or no games at all.
    """
    paths = [p.strip() for p in paths]
    out: list[tuple[str, int, dict[str, Any]]] = []
    seeds: set[int] = set()
    for path in paths:
        if not path:
            raise SystemExit("an empty file name (a comma too many?)")
        lines = read_lines(path)
        last = max((i for i, line in enumerate(lines) if line.strip()), default=-1)
        for i, line in enumerate(lines):
            if not line.strip():
                continue
            r = parse_record(line)
            if r is None:
                if skip_cut_last and i == last and i > 0 and not _is_json(line):
                    print(f"{path}, line {i + 1}: cut short, skipped", file=sys.stderr)
                    continue
                raise SystemExit(f"{path}, line {i + 1}: not a finished game's record "
                                 "(hoyle sim cribbage --out)")
            if out and r["seats"] != out[0][2]["seats"]:
                raise SystemExit(f"{path}, line {i + 1}: seats {r['seats']}, not "
                                 f"{out[0][2]['seats']} as before: give each seating its own files")
            if r["seed"] in seeds:
                raise SystemExit(f"{path}, line {i + 1}: seed {r['seed']} found twice in one "
                                 "seating")
            seeds.add(r["seed"])
            out.append((path, i + 1, r))
    if not out:
        raise SystemExit(f"no games in {', '.join(paths)}")
    return out


def _is_json(line: str) -> bool:
    try:
        json.loads(line)
    except ValueError:
        return False
    return True


def read_side(name: str, paths: Iterable[str]) -> tuple[list[str], dict[int, int]]:
    """One seating's records (:func:`read_records`): its seats and ``{record seed: 1 if name
    won, else 0}``.

    Raises:
        SystemExit: with one line, as :func:`read_records`, or for records without ``name``
            in exactly one seat.
    """
    records = read_records(paths)
    path, n, first = records[0]
    seats = first["seats"]
    if seats.count(name) != 1:
        raise SystemExit(f"{path}, line {n}: {name!r} is not in exactly one of the seats {seats}")
    return seats, {r["seed"]: int(r["result"]["winner"] == seats.index(name))
                   for _, _, r in records}


def read_pair(name: str, xy: Iterable[str], yx: Iterable[str]) -> tuple[dict[int, int], dict[int, int]]:
    """Both seatings of a paired run: ``name``'s wins by seed in each.

    Raises:
        SystemExit: with one line, as :func:`read_side`, or where the two seatings are not
            the same two players swapped, or share a file.
    """
    xy, yx = [p.strip() for p in xy], [p.strip() for p in yx]
    if (set(xy) & set(yx)) - {""}:  # an empty name is read_records' to refuse
        raise SystemExit("the same file in both seatings: give each seating's records once")
    (s0, a), (s1, b) = read_side(name, xy), read_side(name, yx)
    if s1 != s0[::-1]:
        raise SystemExit(f"the seatings are {s0} and {s1}: not the same players swapped")
    return a, b


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
    a, b = read_pair(name, rest[:cut], rest[cut + 1:])
    games = list(a.values()) + list(b.values())
    k, n = sum(games), len(games)
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
