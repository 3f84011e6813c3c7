"""The lobby's answer time while computers' matches play (``make bench``; prints figures,
asserts nothing).

A real ``hoyle serve`` on a temporary SQLite file is asked for its lobby (``GET /``) every
50 ms for ``--seconds`` from one address, first idle, then while ``--matches`` first-to-9
matches between score-aware computers play (made from another address). The tables of
computers only take their turns one table at a time, after the persons' tables
(:data:`hoyle.web.app.COMPUTER_TABLES`), so the lobby should answer near its idle time;
``hoyle_computer_tables_waiting`` (``/metrics``) is sampled meanwhile. The test
``tests/web/test_attacks.py`` checks the one-at-a-time turns, not these times.

    python bench/lobby.py [--matches 20] [--seconds 5]
"""

from __future__ import annotations

import argparse
import math
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers.web import free_port, server  # noqa: E402  the tests' server, started and killed


def lobby_times(base: str, seconds: float, scrape: bool) -> tuple[list[float], list[float]]:
    """The lobby's answer times (seconds) over ``seconds``, asked from 127.0.0.3, and (with
    ``scrape``) the waiting computers' tables seen in ``/metrics`` meanwhile."""
    times: list[float] = []
    waiting: list[float] = []
    transport = httpx.HTTPTransport(local_address="127.0.0.3")
    with httpx.Client(base_url=base, transport=transport, timeout=30) as c:
        end = time.monotonic() + seconds
        while not times or time.monotonic() < end:  # one answer at least
            t = time.perf_counter()
            r = c.get("/")
            times.append(time.perf_counter() - t)
            if r.status_code != 200:
                raise SystemExit(f"the lobby answered {r.status_code}")
            if scrape:
                for line in c.get("/metrics").text.splitlines():
                    if line.startswith("hoyle_computer_tables_waiting "):
                        waiting.append(float(line.split()[-1]))
            time.sleep(0.05)
    return times, waiting


def figures(times: list[float]) -> str:
    ms = sorted(1000 * t for t in times)
    return (f"median {statistics.median(ms):.1f} ms, 90th percentile "
            f"{ms[int(0.9 * len(ms))]:.1f} ms, max {ms[-1]:.1f} ms ({len(ms)} asked)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    if args.matches < 0 or not 0 < args.seconds < math.inf:
        parser.error("--matches is 0 or more and --seconds above 0 and finite")
    # a TERM stops the server too (the server's own finally), as an interrupt does
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    with tempfile.TemporaryDirectory(prefix="hoyle-bench-lobby-") as tmp:
        try:
            run(args, Path(tmp) / "lobby.db")
        except KeyboardInterrupt:
            sys.exit(130)


def run(args: argparse.Namespace, db: Path) -> None:
    """The two measures on a server of its own on ``db``, printed."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(db, port, None, "--max-tables", str(max(20, args.matches))):
        idle, _ = lobby_times(base, args.seconds, False)
        transport = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(base_url=base, transport=transport, timeout=30) as c:
            for _ in range(args.matches):
                r = c.post("/tables", data={"game": "cribbage", "seat0": "aware",
                                            "seat1": "aware", "opt_match": "9"})
                if r.status_code != 303:
                    raise SystemExit(f"a match not made ({r.status_code}): {r.text[-200:]}")
        busy, waiting = lobby_times(base, args.seconds, True)
        with httpx.Client(base_url=base, timeout=30) as c:
            moves = sum(float(line.split()[-1]) for line in c.get("/metrics").text.splitlines()
                        if line.startswith('hoyle_actions_total{by="itself"}'))
    print(f"lobby, idle server: {figures(idle)}")
    matches = f"{args.matches} computers' match{'es' if args.matches != 1 else ''}"
    print(f"lobby, {matches} playing: {figures(busy)}; "
          f"{moves:.0f} automatic moves made; computers' tables waiting their turn "
          f"{min(waiting):.0f} to {max(waiting):.0f} (median {statistics.median(waiting):.0f})")


if __name__ == "__main__":
    main()
