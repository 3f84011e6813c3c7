"""What one plan for every read hand (:class:`~hoyle.cribbage.players.infoset.InfoSetSolver`)
would change in the master's play, decision by decision.

Plays seeded games of the master against the expert (two-hand six-card, seed 2017, the
sim's game seeds and cuts; the master seat 0 in even games, seat 1 in odd ones). At each
play of the master's with a choice of ranks, the master's own determinizations (the staged
search, drawn from its own random stream) are valued twice: one by one, as the master
chooses (its card), and together by the information-set search over the same worlds, each
counted by its draws (the other card). Where the two cards differ, each is followed by
``R`` rollouts of the rest of the deal, the master and the expert playing on from the true
position, the same seeds for both cards (common random numbers), and valued by the master's
chance of the game when the deal is over: 1 or 0 if the game ended, else the win table at
the next deal. The game goes on with the master's card.

The gain is the information-set card's mean chance less the master's, per decision, summed
per game: what it would add to the master's games if its later plays were worth as much
(a one-step measure).

Usage::

    python scripts/infoset_decisions.py FIRST GAMES R OUT.jsonl
    python scripts/infoset_decisions.py --summary OUT.jsonl [...]
"""

from __future__ import annotations

import copy
import json
import math
import sys
import time

from aware_decisions import read_rows, seeded_decisions

from hoyle.cards import derive_rng
from hoyle.cribbage.players.aware import PlaySolves, table_lists
from hoyle.cribbage.players.expert import ExpertPlayer
from hoyle.cribbage.players.master import MasterPlayer
from hoyle.cribbage.state import CribbageState
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.runner import Seeds

SEED = 2017


def _after_deal(s: CribbageState, seat: int, table: list[list[float]]) -> float:
    if s.is_terminal():
        assert s.result is not None
        return 1.0 if s.result.winner == seat else 0.0
    d = s.dealer
    assert d is not None
    sc = s.scores
    p = table[sc[d]][sc[1 - d]]
    return p if d == seat else 1.0 - p


def rollout(s: CribbageState, a: Action, players: list[object], seat: int, seed: int,
            table: list[list[float]]) -> float:
    """The seat's chance of the game once ``a`` is laid and the deal played out."""
    c = copy.deepcopy(s)
    deal = c.deal_number
    c.apply(a)
    rng = Seeds(seed, False)
    while not c.is_terminal() and c.deal_number == deal:
        n = len(c._history)
        who = c.current_player
        if who == CHANCE:
            c._apply_checked(c.sample_chance(rng.chance(n)))
            continue
        c.apply(players[who].choose(c.view(who), c.legal_actions(), rng.seat(who, n)))  # type: ignore[attr-defined]
    return _after_deal(c, seat, table)


def run(first: int, games: int, rollouts: int, out: str) -> None:
    master = MasterPlayer()
    planner = MasterPlayer(one_plan=True)
    expert = ExpertPlayer()
    table = table_lists()
    with open(out, "a", encoding="utf-8") as f:
        for index in range(first, first + games):
            ms = index % 2
            players: list[object] = [master, expert] if ms == 0 else [expert, master]
            for s, n, seat, legal, view, r in seeded_decisions(index):
                if seat == ms and view.starter is not None and \
                        len({a.cards[0].rank for a in legal if a.verb == "PLAY"}) > 1:
                    solved = PlaySolves(share=True)  # as the master with one_plan keeps them
                    t0 = time.perf_counter()
                    rows = master.chance_rows(view, r, solved)
                    pick = master.best_rank(view, rows, solved)
                    t1 = time.perf_counter()
                    other = planner.play_rank(view, rows, solved)
                    t2 = time.perf_counter()
                    row = {"game": index, "n": n, "draws": len(solved.worlds),
                           "worlds": len(set(solved.worlds)), "cards": len(view.hand),
                           "pimc": pick, "solved": other, "t_pimc": round(t1 - t0, 4),
                           "t_solved": round(t2 - t1, 4), "R": rollouts}
                    act = next(a for a in legal if a.verb == "PLAY" and a.cards[0].rank == pick)
                    if other != pick:
                        alt = next(a for a in legal if a.verb == "PLAY" and
                                   a.cards[0].rank == other)
                        seeds = [derive_rng(SEED, "infoset", index, n, k).randrange(2 ** 32)
                                 for k in range(rollouts)]
                        row["v_pimc"] = sum(rollout(s, act, players, ms, k, table)
                                            for k in seeds) / rollouts
                        row["v_solved"] = sum(rollout(s, alt, players, ms, k, table)
                                              for k in seeds) / rollouts
                    f.write(json.dumps(row) + "\n")
                    f.flush()
                    s.apply(act)
                    continue
                s.apply(players[seat].choose(view, legal, r))  # type: ignore[attr-defined]


USAGE = ("usage: python scripts/infoset_decisions.py FIRST GAMES R OUT.jsonl | --summary "
         "OUT.jsonl [...]  (FIRST at least 0, GAMES and R at least 1)")
FIELDS = ("game", "n", "cards", "pimc", "solved", "t_pimc", "t_solved", "R")


def _quantiles(xs: list[float]) -> str:
    t = sorted(xs)
    return (f"mean {sum(t) / len(t) * 1000:.1f} ms, p99 {t[int(0.99 * (len(t) - 1))] * 1000:.1f}"
            f" ms, max {t[-1] * 1000:.1f} ms")


def _is_record(r: object) -> bool:
    """Whether ``r`` is a decision record as :func:`run` writes them."""
    def whole(x: object) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)

    def number(x: object) -> bool:
        return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)

    if not isinstance(r, dict) or any(k not in r for k in FIELDS):
        return False
    if not all(whole(r[k]) for k in ("game", "n", "cards", "pimc", "solved", "R")) or \
            r["R"] < 1 or not number(r["t_pimc"]) or not number(r["t_solved"]):
        return False
    for way in ("solved", "infoset"):
        if way not in r:
            continue
        if not whole(r[way]) or not number(r.get("t_" + way)):
            return False
        if r[way] != r["pimc"] and not (number(r.get("v_" + way)) and number(r.get("v_pimc"))):
            return False
    return True


def summary(paths: list[str]) -> None:
    """Print the figures of the decision records in ``paths`` (one line said and exit:
    records not this script's, or one decision twice, as when a file is given twice)."""
    rows = read_rows(paths, USAGE)
    seen: set[tuple[int, int]] = set()
    for r in rows:
        if not _is_record(r):
            raise SystemExit("a line that is not this script's decision record "
                             f"(it needs {', '.join(FIELDS)}, and the values where the "
                             "cards differ)")
        key = (r["game"], r["n"])
        if key in seen:
            raise SystemExit(f"game {key[0]}'s decision at action {key[1]} is given twice "
                             "(a file given twice, or a run appended to its own output?)")
        seen.add(key)
    games = len({r["game"] for r in rows})
    if len({r["R"] for r in rows}) > 1:
        print(f"(rollouts per card differ between records: {sorted({r['R'] for r in rows})})")
    print(f"{games} games, {len(rows)} plays of the master's with a choice of ranks; the "
          f"master's own search {_quantiles([r['t_pimc'] for r in rows])}")
    for way in ("infoset", "solved"):
        # "infoset": his_play="any", valued beside "solved" in the first runs only
        had = [r for r in rows if way in r]
        if not had:
            continue
        games = len({r["game"] for r in had})
        diff = [r for r in had if r["pimc"] != r[way]]
        print(f"{way}{'' if len(had) == len(rows) else f' (in {games} games)'}: differs on "
              f"{len(diff)} of {len(had)} ({len(diff) / len(had):.1%}); time "
              f"{_quantiles([r['t_' + way] for r in had])}")
        if diff:
            ds = [r["v_" + way] - r["v_pimc"] for r in diff]
            mu = sum(ds) / len(ds)
            sd = math.sqrt(sum((x - mu) ** 2 for x in ds) / max(1, len(ds) - 1))
            print(f"  where it differs: mean gain {mu:+.4f} a decision (se "
                  f"{sd / math.sqrt(len(ds)):.4f}); per game {sum(ds) / games:+.4f} "
                  f"(se {sd * math.sqrt(len(ds)) / games:.4f}); better / worse / alike "
                  f"{sum(d > 0 for d in ds)} / {sum(d < 0 for d in ds)} / "
                  f"{sum(d == 0 for d in ds)}")
            for cards in (4, 3, 2):
                sel = [r for r in diff if r["cards"] == cards]
                if sel:
                    d2 = [r["v_" + way] - r["v_pimc"] for r in sel]
                    print(f"    {cards} cards held: {len(sel)} decisions, mean "
                          f"{sum(d2) / len(d2):+.4f}")


def main(argv: list[str]) -> None:
    if argv and argv[0] == "--summary":
        summary(argv[1:])
        return
    if len(argv) != 4:
        raise SystemExit(USAGE)
    try:
        first, games, rollouts = (int(a) for a in argv[:3])
    except ValueError:
        raise SystemExit(USAGE) from None
    if first < 0 or games < 1 or rollouts < 1:
        raise SystemExit(USAGE)
    out = argv[3]
    if out.endswith(".gz"):
        raise SystemExit(f"{out}: the records are written plain (gzip them once the run is "
                         "over: --summary reads both)")
    try:
        with open(out, encoding="utf-8") as f:
            held = {json.loads(line).get("game") for line in f if line.strip()}
    except FileNotFoundError:
        held = set()
    except (OSError, ValueError, AttributeError):
        raise SystemExit(f"{out}: not this script's output; give a new file") from None
    clash = sorted(g for g in held if isinstance(g, int) and first <= g < first + games)
    if clash:
        raise SystemExit(f"{out} already holds game {clash[0]}: a new file, or FIRST past "
                         "the games it holds")
    try:
        open(out, "a", encoding="utf-8").close()
    except OSError as e:
        raise SystemExit(f"cannot write {out}: {e.strerror or e}") from None
    run(first, games, rollouts, out)


if __name__ == "__main__":
    main(sys.argv[1:])
