"""What the sampling noise of the master's play search (or, with ``--layaway``, of its
lay-away) costs, decision by decision, in the search's own terms (docs/master-strength.md,
"The play's sampling noise").

Plays seeded expert v expert games (two-hand six-card; game ``k`` dealt by
``CribbageState(seed=1000 + k)``, the expert's choices from ``random.Random(1000 + k)``). At
each play decision with a choice of ranks, a reference master with many determinizations
(``--reference``, 2,000) values every rank by its chance of winning the game; each variant
(a :class:`~hoyle.cribbage.players.master.MasterPlayer`, its keyword arguments as JSON)
chooses with its own random stream, and its loss is the reference's best chance less the
chance of the rank it chose (0 when it chose the best): the chance of the game its noise
gives away at that decision, were the reference's values the truth. The reference shares
the variants' model (the opponent's hands drawn as the score-aware expert draws them, each
determinization solved exactly), so this measures the noise, not the model; the reference
is noisy too, so even a player as good as it is charged a little: compare the variants.

With ``--layaway`` the decisions are the lay-aways of six (two-hand six-card), and the
reference is a master whose lay-away for the game draws ``--reference`` scenarios
(:meth:`~hoyle.cribbage.players.aware.AwareExpertPlayer.discard_chances`; 200 for the
master, 3,200 for the reference unless given) and values each of the 15 ways by its chance
of the game. Each record says which (``kind``: ``play`` or ``layaway``); the summary takes
one kind at a time.

Seeds: the reference's stream at the run's ``i``-th decision is ``random.Random(10**6 + i)``
and every variant's ``random.Random(i * 7919)`` (the same for all, so the variants' first
determinizations are the same hands); ``i`` counts from the run's first game, so runs
starting at other games reuse the streams, and the records' ``pos`` (``FIRST * 1000 + i``)
is unique only while a run has fewer than 1,000 decisions (about 20 games). Times are CPU
time with the process's memos as the reference and the variants before left them.

Usage::

    python scripts/play_noise.py FIRST GAMES OUT.jsonl '{"name": {kwargs}, ...}' [--reference N] [--layaway]
    python scripts/play_noise.py --summary OUT.jsonl [...]
"""

from __future__ import annotations

import argparse
import inspect
import json
import math
import random
import sys
import time
from typing import Any

from aware_decisions import read_rows  # scripts/, beside this one
from hoyle.cribbage.players import ExpertPlayer
from hoyle.cribbage.players.master import MasterPlayer
from hoyle.cribbage.players.pegtable import peg_table
from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import CHANCE

REFERENCE = 2000


def positions(first: int, games: int, layaway: bool = False) -> list[tuple[Any, Any, int]]:
    """Every play decision with a choice of ranks (with ``layaway``: every lay-away of six)
    in games ``first`` .. ``first + games - 1`` (view, legal actions, game)."""
    expert = ExpertPlayer()
    out = []
    for k in range(first, first + games):
        s = CribbageState(seed=1000 + k)
        g = random.Random(1000 + k)
        while not s.is_terminal():
            if s.current_player == CHANCE:
                s.apply(s.sample_chance(g))
                continue
            view, legal = s.view(s.current_player), s.legal_actions()
            if layaway:
                if legal and legal[0].verb == "DISCARD" and len(view.hand) == 6:
                    out.append((view, legal, 1000 + k))
            elif len({a.cards[0].rank for a in legal if a.verb == "PLAY" and a.cards}) > 1:
                out.append((view, legal, 1000 + k))
            s.apply(expert.choose(view, legal, g))
    return out


def reference_values(ref: MasterPlayer, view: Any, rng: random.Random, layaway: bool
                     ) -> dict[Any, float]:
    """The reference's chance of the game for each choice: a rank to lay, or (``layaway``)
    the two cards laid away, sorted."""
    if layaway:
        return {tuple(sorted(d)): v for d, v in ref.discard_chances(view, rng).items()}
    return {r: v[0] for r, v in ref.win_values(view, rng).items()}


FIELDS = ("pos", "game", "seat", "scores", "kind")
"""A record's own fields; a variant's loss is under its name, its time under ``name s``."""


def own_field(key: str) -> bool:
    """Whether a record's ``key`` is its own (:data:`FIELDS`) or a time (``name s``), not a
    variant's loss; so a name no variant may take."""
    return key in FIELDS or key.endswith(" s")


def variants_of(kwargs: Any) -> dict[str, MasterPlayer]:
    """The masters to compare, by name, from the JSON ``{"name": {kwargs}, ...}``; a bad
    one said in one line (exit): not an object of objects, a name a record uses for its
    own fields (or ending in " s", the times'), a setting the master does not have or a
    value it refuses."""
    if not isinstance(kwargs, dict) or not kwargs or \
            not all(isinstance(k, dict) for k in kwargs.values()):
        raise SystemExit('variants: a JSON object of names and MasterPlayer keyword '
                         'arguments, e.g. \'{"base": {}, "x4": {"scenarios": 800}}\'')
    known = set(inspect.signature(MasterPlayer).parameters)
    out = {}
    for name, k in kwargs.items():
        if not name:
            raise SystemExit("variants: each has a name (not \"\")")
        if own_field(name):
            raise SystemExit(f"variant {name!r}: a name the records keep for their own "
                             f"fields ({', '.join(FIELDS)}, or ending in \" s\")")
        unknown = sorted(set(k) - known)
        if unknown:
            raise SystemExit(f"variant {name!r}: the master has no setting "
                             f"{', '.join(map(repr, unknown))} (its settings: "
                             f"{', '.join(sorted(known))})")
        try:
            out[name] = MasterPlayer(**k)
        except (TypeError, ValueError) as e:
            raise SystemExit(f"variant {name!r}: {e}") from None
    return out


def run(first: int, games: int, out: str, kwargs: dict[str, Any], reference: int,
        layaway: bool = False) -> None:
    peg_table()
    ref = MasterPlayer(scenarios=reference) if layaway else MasterPlayer(near_samples=reference)
    variants = variants_of(kwargs)
    try:
        f = open(out, "a", encoding="utf-8")
    except OSError as e:
        raise SystemExit(f"cannot write {out}: {e.strerror or e}") from None
    with f:
        for i, (view, legal, game) in enumerate(positions(first, games, layaway)):
            values = reference_values(ref, view, random.Random(10**6 + i), layaway)
            best = max(values.values())
            row: dict[str, Any] = {"pos": first * 1000 + i, "game": game, "seat": view.seat,
                                   "scores": list(view.scores),
                                   "kind": "layaway" if layaway else "play"}
            for name, p in variants.items():
                t = time.process_time()
                a = p.choose(view, legal, random.Random(i * 7919))
                chosen = tuple(sorted(a.cards)) if layaway else a.cards[0].rank
                row[name] = best - values[chosen]
                row[name + " s"] = round(time.process_time() - t, 5)
            f.write(json.dumps(row) + "\n")
            f.flush()


def checked_rows(paths: list[str]) -> tuple[list[dict[str, Any]], list[str]]:
    """The records of ``paths`` and the variants' names, or one line said and exit: a line
    that is not this script's record, variants not the same in every record, the play's
    and the lay-away's decisions mixed, a decision twice (a run appended twice), fewer
    than two decisions (no standard error)."""
    usage = "usage: python scripts/play_noise.py --summary OUT.jsonl [...]"
    rows = read_rows(paths, usage)
    names: list[str] | None = None
    seen: set[tuple[Any, ...]] = set()
    kinds = set()
    for n, r in enumerate(rows, 1):
        ok = isinstance(r, dict) and all(k in r for k in ("pos", "game", "seat"))
        here = [k for k in r if not own_field(k)] if ok else []
        if not ok or not here or not all(
                isinstance(r[k], (int, float)) and not isinstance(r[k], bool)
                and isinstance(r.get(k + " s"), (int, float)) for k in here):
            raise SystemExit(f"record {n}: not a record of this script (pos, game, seat, and "
                             f"a loss and a time for each variant)")
        if names is None:
            names = here
        elif here != names:
            raise SystemExit(f"record {n}: variants {', '.join(here)}, not "
                             f"{', '.join(names)} as the first record's: another run")
        kind = r.get("kind", "play")  # records before --layaway were the play's
        kinds.add(kind)
        key = (kind, r["game"], r["pos"], r["seat"])
        if key in seen:
            raise SystemExit(f"record {n}: a decision found twice (game {r['game']}, "
                             f"pos {r['pos']}): a run appended twice?")
        seen.add(key)
    if len(kinds) > 1:
        raise SystemExit("the play's decisions and the lay-away's mixed: summarise each alone")
    if len(rows) < 2:
        raise SystemExit("one decision: a standard error needs two or more")
    assert names is not None
    return rows, names


def summary(paths: list[str]) -> None:
    rows, names = checked_rows(paths)
    per_game = len(rows) / (2 * len({r["game"] for r in rows}))
    kind = "lay-aways" if rows[0].get("kind") == "layaway" else \
        "play decisions with a choice of ranks"
    print(f"{len(rows)} {kind}, {per_game:.1f} a seat a game")
    print("  variant      loss a decision (chance of the game, %)   chose worse   time a "
          "decision (ms)")
    for n in names:
        xs = [r[n] for r in rows]
        m = sum(xs) / len(xs)
        se = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))
        ms = sum(r[n + " s"] for r in rows) / len(rows) * 1e3
        print(f"  {n:12s} {100 * m:8.4f} (se {100 * se:.4f})"
              f"{sum(x > 1e-9 for x in xs):24d}   {ms:12.1f}")
    for a in names:
        for b in names[names.index(a) + 1:]:
            d = [r[a] - r[b] for r in rows]
            m = sum(d) / len(d)
            se = math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1) / len(d))
            print(f"  {a} less {b}: {100 * m:+.4f} % a decision (se {100 * se:.4f}), "
                  f"{100 * m * per_game:+.2f} % a game a seat")


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not JSON: {text!r} (e.g. '{{\"base\": {{}}}}')") from None


def main(argv: list[str]) -> None:
    if argv[:1] == ["--summary"]:
        summary(argv[1:])
        return
    ap = argparse.ArgumentParser(prog="play_noise.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("first", type=int)
    ap.add_argument("games", type=int)
    ap.add_argument("out")
    ap.add_argument("variants", type=_json, help='{"name": {kwargs}, ...}')
    ap.add_argument("--reference", type=int)
    ap.add_argument("--layaway", action="store_true")
    a = ap.parse_args(argv)
    ref = a.reference if a.reference is not None else (3200 if a.layaway else REFERENCE)
    if a.first < 0 or a.games < 1 or ref < 1:
        ap.error("FIRST must be 0 or more, GAMES and --reference 1 or more")
    run(a.first, a.games, a.out, a.variants, ref, a.layaway)


if __name__ == "__main__":
    main(sys.argv[1:])
