"""Win rates from a tournament's records (``hoyle sim ... --out FILE.jsonl``), also from a
run stopped part way: ``python scripts/summarize_records.py FILE.jsonl [...]``; with
``--pool`` the files are one run in parts (a run stopped part way and its rest played with
``--first-game``), and a game found twice is an error.

For each file (or the pool): the games read and each player's wins with the Wilson 95%
interval, the players named by kind as in the records' seats (self-play is skipped: both
sides have one name). A truncated last line (a run killed while writing) is skipped.
"""

from __future__ import annotations

import json
import sys

from hoyle.sim.tournament import wilson


def summarize(paths: list[str]) -> str:
    wins: dict[str, int] = {}
    seen: set[int] = set()
    names: list[str] = []
    label = " + ".join(paths)
    if not paths:
        sys.exit("summarize_records.py: name at least one FILE.jsonl")
    match: tuple[str, tuple[str, ...]] | None = None
    for path in paths:
        try:
            fh = open(path, encoding="utf-8")
        except OSError as e:
            sys.exit(f"{path}: {e.strerror}")
        with fh:
            for line in fh:
                try:
                    rec = json.loads(line)
                    seats = rec["seats"]
                    this = (str(rec["game"]), tuple(seats))
                    rec["result"]["winner"]
                except (ValueError, TypeError, KeyError, IndexError):
                    continue  # a truncated last line, or not a record
                if match is None:
                    match = this
                elif this != match:
                    sys.exit(f"{path}: a {this[0]} game of {' v '.join(this[1])}, not of "
                             f"the match read so far ({match[0]}: {' v '.join(match[1])})")
                if seats[0] == seats[1]:
                    return f"{label}: self-play ({seats[0]}), skipped"
                if rec["seed"] in seen:
                    sys.exit(f"{path}: game seeded {rec['seed']} is already counted")
                seen.add(rec["seed"])
                name = seats[rec["result"]["winner"]]
                wins[name] = wins.get(name, 0) + 1
                for n in seats:
                    if n not in names:
                        names.append(n)
    games = len(seen)
    lines = [f"{label}: {games:,} games"]
    for name in names:
        w = wins.get(name, 0)
        lo, hi = wilson(w, games)
        lines.append(f"  {name:8s} {w:6,} wins  {w / max(games, 1):.4f}  "
                     f"95% CI {max(lo, 0.0):.4f}-{hi:.4f}")
    return "\n".join(lines)


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--pool" in args:
        print(summarize([a for a in args if a != "--pool"]))
    else:
        for p in args:
            print(summarize([p]))
