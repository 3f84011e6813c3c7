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

from paired_strength import read_records  # scripts/, beside this one


def main(argv: list[str]) -> None:
    if len(argv) < 2 or not argv[0].endswith(".gz"):
        raise SystemExit("usage: python scripts/keep_results.py OUT.jsonl.gz RUN.jsonl [...]")
    kept = [json.dumps({"seats": r["seats"], "seed": r["seed"], "result": r["result"]},
                       separators=(",", ":"))
            for _, _, r in read_records(argv[1:], skip_cut_last=True)]
    data = gzip.compress(("\n".join(kept) + "\n").encode("utf-8"), mtime=0)
    try:
        with open(argv[0], "wb") as out:
            out.write(data)
    except OSError as e:
        raise SystemExit(f"cannot write {argv[0]}: {e.strerror or e}") from None
    print(f"{argv[0]}: {len(kept)} games")


if __name__ == "__main__":
    main(sys.argv[1:])
