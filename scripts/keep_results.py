"""Keep a strength run's results in the repository, without its moves: ``python
scripts/keep_results.py OUT.jsonl.gz RUN.jsonl [MORE.jsonl ...]``, once for each seating
(the parts of one ``--players X,Y`` run, then of ``--players Y,X``: the pairing scripts
take each seating's files on their own side).

A run's records (``hoyle sim cribbage --out``) are about 2 KB a game, mostly the moves;
the figures of docs/master-strength.md need only each game's seats, seed and result. This
writes one line a game of those (``{"seats": [...], "seed": N, "result": {...}}``,
gzip-compressed, about 6 bytes a game), in the order read, so that a later run on the
same seed can be compared deal pair by deal pair (``scripts/paired_strength.py`` and
``scripts/paired_difference.py`` read ``.gz`` files) without playing the first one again:
the runs of one session's machine are not there for the next. ``hoyle sim summary`` (the
points per deal) needs the whole records.

A last line cut short (a run killed mid-game) is skipped and said; any other line that is
not a finished game's record, or a game found twice, stops it with one line and writes
nothing.
"""

from __future__ import annotations

import gzip
import json
import sys


def main(argv: list[str]) -> None:
    if len(argv) < 2 or not argv[0].endswith(".gz"):
        raise SystemExit("usage: python scripts/keep_results.py OUT.jsonl.gz RUN.jsonl [...]")
    kept: list[str] = []
    seen: set[tuple[int, tuple[str, ...]]] = set()
    for path in argv[1:]:
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.read().split("\n")
        except OSError as e:
            raise SystemExit(f"cannot read {path}: {e.strerror or e}") from None
        last = max((i for i, line in enumerate(lines) if line.strip()), default=-1)
        for i, line in enumerate(lines):
            if not line.strip():
                continue
            try:
                r = json.loads(line)
                row = {"seats": list(r["seats"]), "seed": int(r["seed"]),
                       "result": r["result"]}
                r["result"]["winner"]
            except (ValueError, KeyError, TypeError):
                if i == last:
                    print(f"{path}, line {i + 1}: cut short, skipped", file=sys.stderr)
                    continue
                raise SystemExit(f"{path}, line {i + 1}: not a finished game's record") from None
            key = (row["seed"], tuple(row["seats"]))
            if key in seen:
                raise SystemExit(f"{path}, line {i + 1}: seed {row['seed']} with these seats "
                                 "found twice")
            seen.add(key)
            kept.append(json.dumps(row, separators=(",", ":")))
    data = gzip.compress(("\n".join(kept) + "\n").encode("utf-8"), mtime=0)
    with open(argv[0], "wb") as out:
        out.write(data)
    print(f"{argv[0]}: {len(kept)} games")


if __name__ == "__main__":
    main(sys.argv[1:])
