"""The win-probability table (hoyle.cribbage.advice.wintable): the backward solver against
values worked by hand and against a plain recursion; the shipped tables against the laws'
end positions, their own symmetry and monotonicity, and the published figures."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from hoyle.cribbage.advice.wintable import (SEQ_LEN, VARIANT_TARGETS, WinTable, solve,
                                           solve_with_se, win_table)
from hoyle.cribbage.tables import sample_deals
from hoyle.errors import HoyleError

SRC = Path(__file__).resolve().parents[2] / "src"


def rows(*deals: list[int]) -> np.ndarray:
    out = np.zeros((len(deals), SEQ_LEN), dtype=np.int8)
    for i, d in enumerate(deals):
        out[i, :len(d)] = d
    return out


def test_two_deals_to_three_worked_by_hand() -> None:
    # Deal A: the dealer's heels (2), then the pone's last card (1). Deal B: the pone's
    # go (1), then the dealer's last card (1). Each half the time; the game is 3 points.
    w = solve(rows([2, -1], [-1, 1]), target=3)
    # both need one: A the dealer's heels come first, B the pone's go: 1/2
    assert w[2, 2] == 0.5
    # dealer needs 1, pone 2: A heels; B the pone's go leaves him one short, the
    # dealer's last card takes him out: 1
    assert w[2, 1] == 1.0
    assert w[1, 2] == 0.5    # the pone needs only his go (B); A heels take the dealer out
    assert w[0, 2] == 0.0    # A: heels leave the dealer at 2, the pone's point wins; B: go
    # 1-1: A the heels take the dealer to 3; B both go to 2, the pone deals at 2-2 and
    # the old dealer wins 1 - 1/2: (1 + 1/2) / 2
    assert w[1, 1] == 0.75
    # 0-1: A 2-2, roles swapped: 1 - 1/2; B pone 2, dealer 1, swapped: 1 - w[2, 1] = 0
    assert w[0, 1] == 0.25
    # 0-0: A 2-1, swapped: 1 - w[1, 2] = 1/2; B 1-1, swapped: 1 - 3/4: (1/2 + 1/4) / 2
    assert w[0, 0] == 0.375


def test_a_player_needing_one_with_the_go_to_come() -> None:
    # The pone needs one and the deal's first point is his go: he wins, whatever follows
    # (even 29 in the dealer's crib); the dealer needing one wins if his point comes first.
    w = solve(rows([-1, 2, 0, 0], [3, -1, 5, -4, 8, 12]), target=121)
    assert w[120, 120] == 0.5   # the first deal the pone's go, the second the dealer's 3
    assert w[100, 120] == 0.0   # the second deal's 3 takes the dealer to 103 only
    assert w[118, 120] == 0.5   # ... and from 118 out (121) before the pone's point
    assert w[120, 119] == 1.0   # the pone's go leaves him one short: the dealer's 2 wins
    w2 = solve(rows([-1, 2]), target=121)
    assert w2[120, 120] == 0.0 and w2[0, 120] == 0.0


def plain_value(deals: list[list[int]], target: int, d: int, p: int) -> float:
    """The same quantity by plain recursion, event by event (no arrays, no waves)."""
    @lru_cache(maxsize=None)
    def value(d: int, p: int) -> float:
        total = 0.0
        for deal in deals:
            dd, pp, out = d, p, None
            for x in deal:
                if x > 0:
                    dd += x
                    if dd >= target:
                        out = 1.0
                        break
                else:
                    pp -= x
                    if pp >= target:
                        out = 0.0
                        break
            total += out if out is not None else 1.0 - value(pp, dd)
        return total / len(deals)
    return value(d, p)


def test_solver_matches_a_plain_recursion() -> None:
    rng = random.Random(4)
    deals = []
    for _ in range(12):
        deal = [rng.choice([1, 2, 3, -1, -2]) for _ in range(rng.randrange(1, 5))]
        deals.append(deal + [rng.randrange(0, 8), -rng.randrange(1, 8)])
    deals = [[x for x in d if x] for d in deals]
    w = solve(rows(*deals), target=31)
    for d, p in [(0, 0), (5, 17), (30, 30), (29, 3), (12, 28), (20, 20)]:
        assert w[d, p] == pytest.approx(plain_value(deals, 31, d, p), abs=1e-12)


def test_solver_refuses_a_deal_without_points() -> None:
    with pytest.raises(HoyleError, match="no point"):
        solve(rows([1], []), target=121)
    with pytest.raises(HoyleError):
        solve(rows()[:0], target=121)


def test_standard_errors_are_batch_means() -> None:
    rng = random.Random(8)
    deals = [[rng.choice([1, 2, -1, -2, 5, -7]) for _ in range(4)] for _ in range(200)]
    seqs = rows(*deals)
    w, se = solve_with_se(seqs, target=31, batches=20)
    parts = np.stack([solve(seqs[b::20], 31) for b in range(20)])
    assert np.allclose(se, parts.std(axis=0, ddof=1) / np.sqrt(20))
    assert (se[:30, :30] > 0).mean() > 0.9


def test_sampled_deals_are_the_expert_deals_whatever_the_shards() -> None:
    whole = sample_deals("five-card", 9, 0, 4)
    assert (sample_deals("five-card", 9, 2, 2) == whole[2:]).all()
    assert ((whole != 0).sum(axis=1) >= 2).all()  # the play's last card and a show at least
    with pytest.raises(HoyleError, match="no win table"):
        sample_deals("three-hand", 9, 0, 1)


@pytest.fixture(scope="module", params=sorted(VARIANT_TARGETS))
def shipped(request: pytest.FixtureRequest) -> WinTable:
    return win_table(request.param)


def test_shipped_table_shape_and_round_trip(shipped: WinTable) -> None:
    t = shipped.target
    assert shipped.p.shape == shipped.se.shape == (t, t)
    assert ((0 <= shipped.p) & (shipped.p <= 1)).all()
    again = WinTable.from_bytes(shipped.to_bytes())
    assert np.allclose(again.p, shipped.p) and again.deals == shipped.deals
    with pytest.raises(HoyleError):
        shipped.dealer_wins(t, 0)


def test_shipped_table_end_positions(shipped: WinTable) -> None:
    p, se, t = shipped.p, shipped.se, shipped.target
    # The dealer needing one: he has his heels (a jack turned, 4 in 52: 1/13) before
    # anyone can play, and wins also whenever his point in the play comes first.
    assert p[t - 1, t - 1] >= 1 / 13 - 3 * se[t - 1, t - 1]
    # Needing one, the other side far off: the one nearly always wins (the other cannot
    # reach the game in this deal, and the deal gives its points to both sides).
    assert p[t - 1, 0] > 0.97 and p[0, t - 1] < 0.03
    assert p[t - 1, : t // 2].min() > 0.95


def test_shipped_table_monotone_within_its_errors(shipped: WinTable) -> None:
    p, se = shipped.p, shipped.se
    band = 3 * np.sqrt(se[1:, :] ** 2 + se[:-1, :] ** 2) + 0.01
    assert (p[1:, :] - p[:-1, :] >= -band).all()      # more for the dealer never hurts
    band = 3 * np.sqrt(se[:, 1:] ** 2 + se[:, :-1] ** 2) + 0.01
    assert (p[:, 1:] - p[:, :-1] <= band).all()       # more for the pone never helps


def test_shipped_table_symmetry(shipped: WinTable) -> None:
    # Dealing is worth something at equal scores far from the end (the dealer's crib and
    # the play's advantage), so p[s, s] > 1/2 there, and the table is no mirror:
    # p[d, p] + p[p, d] > 1 where both are far off.
    p, t = shipped.p, shipped.target
    far = range(0, t // 2, 5)
    assert all(p[s, s] > 0.5 for s in far)
    # (p[a, b] + p[b, a] - 1 is what dealing is worth to a side at a against b; where one
    # side is far ahead both terms go to 0 and 1, so only close scores are compared)
    assert all(p[a, b] + p[b, a] > 1.0 for a in far for b in far if abs(a - b) <= 20)


def test_published_first_deal_and_carte_primus() -> None:
    t = win_table("six-card")
    # The first dealer's win rate, 55.5% (Cribbage Pro; 55.2-56.0 at equal skill;
    # shared/figures.md §3): within 3 standard errors and a tolerance of 0.01 for the
    # expert's score-unaware play.
    assert 0.552 - 3 * t.se[0, 0] - 0.01 <= t.p[0, 0] <= 0.560 + 3 * t.se[0, 0] + 0.01
    # Carte Primus, "Distributed Cribbage Computation": dealer 35, pone 37, before the
    # deal, the dealer wins 51% (published to the percent: 0.505 to 0.515, the same
    # tolerance).
    assert 0.505 - 3 * t.se[35, 37] - 0.01 <= t.p[35, 37] <= 0.515 + 3 * t.se[35, 37] + 0.01


def _job_values(out: object, deals: int = 60) -> dict[str, object]:
    return {"variant": "five-card", "deals": deals, "seed": 5, "per_task": 10, "out": out}


@pytest.mark.slow
def test_the_table_job_is_the_same_on_local_and_dask(tmp_path: Path) -> None:
    from hoyle.interface.registry import get_game
    from hoyle.sim.tables import run_job
    job = get_game("cribbage").table_jobs()[0]
    a, b = tmp_path / "a.npz", tmp_path / "b.npz"
    said = list(run_job(job, _job_values(a, 40), "local", 1, quiet=True))
    list(run_job(job, _job_values(b, 40), "dask", 2, quiet=True))
    ta, tb = (WinTable.from_bytes(p.read_bytes()) for p in (a, b))
    assert (ta.p == tb.p).all() and (ta.se == tb.se).all() and ta.deals == 40
    assert any("dealer 0, pone 3 (the first deal" in str(line) for line in said)


@pytest.mark.slow
def test_the_table_job_killed_part_way_resumes_to_the_same_table(tmp_path: Path) -> None:
    shards, out = tmp_path / "shards", tmp_path / "killed.npz"
    args = [sys.executable, "-m", "hoyle", "tables", "win", "--variant", "five-card",
            "--deals", "60", "--seed", "5", "--per-task", "10", "--shards", str(shards),
            "--out", str(out)]
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    child = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    try:
        while len(list(shards.glob("task-*.pkl"))) < 2 and child.poll() is None:
            time.sleep(0.005)
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait(60)
    done = len(list(shards.glob("task-*.pkl")))
    assert child.returncode == -signal.SIGKILL and 2 <= done < 6 and not out.exists()
    again = subprocess.run(args, env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    from hoyle.interface.registry import get_game
    from hoyle.sim.tables import run_job
    whole = tmp_path / "whole.npz"
    list(run_job(get_game("cribbage").table_jobs()[0], _job_values(whole), quiet=True))
    resumed, straight = (WinTable.from_bytes(p.read_bytes()) for p in (out, whole))
    assert (resumed.p == straight.p).all() and (resumed.se == straight.se).all()
