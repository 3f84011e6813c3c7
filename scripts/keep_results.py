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

The runs may be records or kept results (``.gz``). A last line cut short (a run killed
mid-game) is skipped and said; a file that cannot be read, any other line that is not a
finished game's record, records of other seats than the first's, a seed found twice, or no
games at all stop it with one line and write nothing.
"""

from __future__ import annotations

import gzip
import json
import sys

from paired_strength import parse_record, read_lines  # scripts/, beside this one


def main(argv: list[str]) -> None:
    if len(argv) < 2 or not argv[0].endswith(".gz"):
        raise SystemExit("usage: python scripts/keep_results.py OUT.jsonl.gz RUN.jsonl [...]")
    kept: list[str] = []
    seen: set[int] = set()
    first: list[str] | None = None
    for path in argv[1:]:
        lines = read_lines(path)
        last = max((i for i, line in enumerate(lines) if line.strip()), default=-1)
        for i, line in enumerate(lines):
            if not line.strip():
                continue
            r = parse_record(line)
            if r is None:
                if i == last and i > 0 and not _is_json(line):
                    print(f"{path}, line {i + 1}: cut short, skipped", file=sys.stderr)
                    continue
                raise SystemExit(f"{path}, line {i + 1}: not a finished game's record")
            row = {"seats": r["seats"], "seed": r["seed"], "result": r["result"]}
            if first is None:
                first = row["seats"]
            elif row["seats"] != first:
                raise SystemExit(f"{path}, line {i + 1}: seats {row['seats']}, not {first} as "
                                 "before: keep each seating in its own file")
            if row["seed"] in seen:
                raise SystemExit(f"{path}, line {i + 1}: seed {row['seed']} found twice")
            seen.add(row["seed"])
            kept.append(json.dumps(row, separators=(",", ":")))
    if not kept:
        raise SystemExit("no games in " + ", ".join(argv[1:]) + ": nothing written")
    data = gzip.compress(("\n".join(kept) + "\n").encode("utf-8"), mtime=0)
    try:
        with open(argv[0], "wb") as out:
            out.write(data)
    except OSError as e:
        raise SystemExit(f"cannot write {argv[0]}: {e.strerror or e}") from None
    print(f"{argv[0]}: {len(kept)} games")


def _is_json(line: str) -> bool:
    try:
        json.loads(line)
    except ValueError:
        return False
    return True


if __name__ == "__main__":
    main(sys.argv[1:])
