"""Win rates from a tournament's records (``hoyle sim ... --out FILE.jsonl``), also from a
run stopped part way: ``python scripts/summarize_records.py FILE.jsonl [...]``.

For each file: the games read and each player's wins with the Wilson 95% interval, the
players named by kind as in the records' seats (self-play files are skipped: both sides
have one name). A truncated last line (a run killed while writing) is skipped.
"""

from __future__ import annotations

import json
import sys

from hoyle.sim.tournament import wilson


def summarize(path: str) -> str:
    wins: dict[str, int] = {}
    games = 0
    names: list[str] = []
    with open(path, encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            seats = rec["seats"]
            if seats[0] == seats[1]:
                return f"{path}: self-play ({seats[0]}), skipped"
            name = seats[rec["result"]["winner"]]
            wins[name] = wins.get(name, 0) + 1
            for n in seats:
                if n not in names:
                    names.append(n)
            games += 1
    lines = [f"{path}: {games:,} games"]
    for name in names:
        w = wins.get(name, 0)
        lo, hi = wilson(w, games)
        lines.append(f"  {name:8s} {w:6,} wins  {w / max(games, 1):.4f}  "
                     f"95% CI {lo:.4f}-{hi:.4f}")
    return "\n".join(lines)


if __name__ == "__main__":
    for p in sys.argv[1:]:
        print(summarize(p))
