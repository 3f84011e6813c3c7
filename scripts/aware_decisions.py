"""What the score-aware player's choices near the end are worth, decision by decision.

Plays seeded expert v expert games (two-hand six-card, seed 2017, the sim's game seeds and
cuts). At each decision of either seat near the end (a lay-away of six, or a play with a
choice of ranks, when a side is within the variants' ``near`` of 121), every variant of the
score-aware player (:class:`~hoyle.cribbage.players.aware.AwareExpertPlayer`, its keyword
arguments given as JSON) is asked with the same random stream as the expert; where any
choice differs, each distinct choice is followed by ``R`` rollouts of the rest of the game
by two experts, the same rollout seeds for every choice (common random numbers), and the
deciding seat's wins are counted. The game goes on with the expert's choice.

A variant's gain is its rollout wins less the expert's, per decision, summed per game over
both seats: about twice what it would gain in a match against the expert if its later
decisions were worth as much (it is a one-step measure: the rollouts play the expert).

Usage::

    python scripts/aware_decisions.py FIRST GAMES R OUT.jsonl '{"name": {kwargs}, ...}'
    python scripts/aware_decisions.py --summary OUT.jsonl [...]
"""

from __future__ import annotations

import copy
import gzip
import json
import math
import random
import sys
import time
from collections.abc import Iterator
from typing import Any

from hoyle.cards import derive_rng
from hoyle.cribbage.match import play_game
from hoyle.engine.runner import Seeds
from hoyle.cribbage.players.aware import AwareExpertPlayer
from hoyle.cribbage.players.expert import ExpertPlayer
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState
from hoyle.cribbage.tally import _cards_of
from hoyle.engine.action import CHANCE, Action
from hoyle.interface.tally import game_seed

SEED = 2017


def _key(a: Action) -> tuple[str, tuple[int, ...]]:
    return a.verb, tuple(sorted(c.index for c in a.cards))


def _start(index: int) -> CribbageState:
    """Game ``index`` after the cut, as ``hoyle sim cribbage --seed 2017`` starts it."""
    rng = derive_rng(SEED, "cut", index)
    lo, hi = sorted(rng.sample(range(1, 14), 2))
    low, high = rng.choice(_cards_of(lo)), rng.choice(_cards_of(hi))
    s = CribbageState(CribbageRules(), seed=game_seed(SEED, index), itemize=False)
    cuts = (low, high) if index % 2 == 0 else (high, low)
    s.apply(Action("CUT", (cuts[0],)))
    s.apply(Action("CUT", (cuts[1],)))
    return s


def seeded_decisions(index: int) -> Iterator[tuple[CribbageState, int, int, list[Action],
                                                   Any, random.Random]]:
    """Game ``index`` from its cut, as ``hoyle sim cribbage --seed 2017`` deals it: at each
    decision (state, its action count, the seat, its legal actions, its view, its random
    stream); the caller applies an action before asking for the next."""
    s = _start(index)
    rng = Seeds(game_seed(SEED, index), False)
    while not s.is_terminal():
        n = len(s._history)
        seat = s.current_player
        if seat == CHANCE:
            s._apply_checked(s.sample_chance(rng.chance(n)))
            continue
        yield s, n, seat, s.legal_actions(), s.view(seat), rng.seat(seat, n)


def run(first: int, games: int, rollouts: int, out: str, kwargs: dict[str, Any]) -> None:
    variants = {name: AwareExpertPlayer(**k) for name, k in kwargs.items()}
    gate = AwareExpertPlayer(near=max(p.near for p in variants.values()))
    experts = [ExpertPlayer(), ExpertPlayer()]
    with open(out, "a", encoding="utf-8") as f:
        for index in range(first, first + games):
            for s, n, seat, legal, view, r in seeded_decisions(index):
                state = r.getstate()
                mine = experts[seat].choose(view, legal, r)
                kind = None
                if gate._is_near(view) and legal[0].verb == "DISCARD" and len(view.hand) == 6:
                    kind = "discard"
                elif gate._is_near(view) and len({a.cards[0].rank for a in legal
                                                  if a.verb == "PLAY"}) > 1:
                    kind = "play"
                if kind:
                    choice, took = {"expert": mine}, {}
                    for name, p in variants.items():
                        r2 = random.Random()
                        r2.setstate(state)
                        t0 = time.perf_counter()
                        choice[name] = p.choose(view, legal, r2)
                        took[name] = round(time.perf_counter() - t0, 4)
                    acts: dict[tuple[str, tuple[int, ...]], Action] = {}
                    for a in choice.values():
                        acts.setdefault(_key(a), a)
                    wins = dict.fromkeys(acts, 0)
                    if len(acts) > 1:
                        for k in range(rollouts):
                            for kk, a in acts.items():
                                c = copy.deepcopy(s)
                                c.apply(a)
                                play_game(experts, seed=derive_rng(SEED, "rollout", index, n,
                                                                    k).randrange(2 ** 32),
                                          state=c, resumable=False)
                                assert c.result is not None
                                wins[kk] += c.result.winner == seat
                    f.write(json.dumps({"game": index, "n": n, "kind": kind, "R": rollouts,
                                        "t": took, "scores": list(view.scores),
                                        "dealer": view.is_dealer,
                                        "wins": {nm: wins[_key(a)] for nm, a in choice.items()}})
                            + "\n")
                    f.flush()
                s.apply(mine)


def read_rows(paths: list[str], usage: str) -> list[dict[str, Any]]:
    """The JSON lines of ``paths`` (a decision's record each; a name ending ``.gz`` read
    gzipped), or one line said and exit: no paths (``usage``), a file that cannot be read
    or is not JSON lines, no lines."""
    if not paths:
        raise SystemExit(usage)
    rows = []
    for p in paths:
        try:
            with (gzip.open(p, "rt", encoding="utf-8") if p.endswith(".gz")
                  else open(p, encoding="utf-8")) as f:
                rows += [json.loads(line) for line in f if line.strip()]
        except (OSError, EOFError) as e:  # EOFError: a gzip file cut short
            raise SystemExit(f"cannot read {p}: {getattr(e, 'strerror', None) or e}") from None
        except ValueError:
            raise SystemExit(f"{p}: a line that is not JSON (this script's output?)") from None
    if not rows:
        raise SystemExit("no decisions in the files")
    return rows


def summary(paths: list[str]) -> None:
    rows = read_rows(paths, "usage: python scripts/aware_decisions.py --summary OUT.jsonl [...]")
    games = len({r["game"] for r in rows})
    names = [v for v in rows[0]["wins"] if v != "expert"]
    print(f"{games} games, {len(rows)} decisions near the end")
    for kind in ("discard", "play", "all"):
        sel = [r for r in rows if kind == "all" or r["kind"] == kind]
        if not sel:
            continue
        for v in names:
            ds = [(r["wins"][v] - r["wins"]["expert"]) / r["R"] for r in sel]
            mu = sum(ds) / len(ds)
            sd = math.sqrt(sum((x - mu) ** 2 for x in ds) / len(ds))
            changed = sum(1 for r in sel if r["wins"][v] != r["wins"]["expert"])
            print(f"{kind:8} {v:8} decisions {len(ds):5}  outcome changed {changed:4}  "
                  f"gain per game (both seats) {sum(ds) / games:+.4f} "
                  f"(se {sd * math.sqrt(len(ds)) / games:.4f})  "
                  f"time {sum(r['t'][v] for r in sel) / len(sel) * 1000:.1f} ms")


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] != "--summary" and len(sys.argv) < 5:
        raise SystemExit("usage: python scripts/aware_decisions.py FIRST GAMES R OUT.jsonl "
                         "['{\"name\": {kwargs}}'] | --summary OUT.jsonl [...]")
    if sys.argv[1] == "--summary":
        summary(sys.argv[2:])
    else:
        run(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4],
            json.loads(sys.argv[5]) if len(sys.argv) > 5 else {"aware": {}})
