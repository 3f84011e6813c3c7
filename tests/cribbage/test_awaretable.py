"""hoyle tables win-aware (cribbage.awaretable): the near-end positions valued by deals of
score-aware play from each position, solved backward; values worked out by hand."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.cribbage.advice.wintable import WinTable, win_table
from hoyle.cribbage.awaretable import play_from, region, solve_region
from hoyle.errors import HoyleError


def test_two_positions_solved_backward_by_hand() -> None:
    # At 120-120 four deals: the dealer out, the pone out, the dealer out twice: 3/4.
    # At 119-119: a deal of one point each (nobody out) leads to 120-120 with the pone of
    # this deal dealing, worth 1 - 3/4 = 1/4 to this dealer; a deal the dealer goes out in
    # is worth 1: the mean is 5/8. Their standard errors: of (1, 0, 1, 1), sd 0.5 over
    # sqrt(4); of (1/4, 1), sd 0.53033 over sqrt(2).
    base = win_table("six-card")
    outcomes = {(120, 120): np.array([[1, 0, 1], [0, 1, -1], [2, 0, 1], [1, 0, 1]],
                                     dtype=np.int16),
                (119, 119): np.array([[1, 1, 0], [3, 0, 1]], dtype=np.int16)}
    w, se = solve_region(outcomes, base)
    assert w[120, 120] == 0.75 and w[119, 119] == 0.625
    assert se[120, 120] == pytest.approx(0.25) and se[119, 119] == pytest.approx(0.375)
    # every other position is the base table's
    keep = np.ones_like(w, dtype=bool)
    keep[120, 120] = keep[119, 119] = False
    assert (w[keep] == base.p[keep]).all() and (se[keep] == base.se[keep]).all()


def test_a_deal_that_leaves_the_region_is_refused() -> None:
    # 119-119 with one point each leads to 120-120, which is not solved here.
    with pytest.raises(HoyleError, match="leads outside the region"):
        solve_region({(119, 119): np.array([[1, 1, 0]], dtype=np.int16)}, win_table())


def test_the_region_is_the_near_end_and_closed_forward() -> None:
    full = region(near=25, corner=121)
    assert len(full) == 121 * 121 - 96 * 96  # 5,425: a side 25 or fewer short
    cells = set(full)
    for d, p in full[::97]:
        for gd, gp in ((0, 1), (1, 0), (7, 3), (20, 29)):
            if d + gd < 121 and p + gp < 121:
                assert (p + gp, d + gd) in cells  # the next deal's position, pone dealing
    assert region(near=1, corner=1) == [(120, 120)]
    with pytest.raises(HoyleError, match="--near must be from 1 to 121"):
        region(near=0, corner=5)


@pytest.mark.slow
def test_at_120_all_every_deal_ends_the_game() -> None:
    # Both need one point: whoever scores first wins, and every deal scores at least the
    # last card (EW-T-ix), so no deal leaves the game going on; the winner made a point.
    o = play_from(120, 120, seed=3, first=0, count=6)
    assert o.shape == (6, 3) and set(o[:, 2].tolist()) <= {1, -1}
    assert all((r[0] if r[2] == 1 else r[1]) >= 1 for r in o.tolist())
    # the same seed and deal numbers give the same deals, however they are cut
    assert (play_from(120, 120, seed=3, first=2, count=4) == o[2:]).all()


@pytest.mark.slow
def test_the_job_is_the_same_on_local_and_dask(tmp_path: Path) -> None:
    from hoyle.interface.registry import get_game
    from hoyle.sim.tables import run_job
    job = next(j for j in get_game("cribbage").table_jobs() if j.name == "win-aware")
    values = {"near": 1, "corner": 1, "deals": 4, "seed": 7, "per_task": 2, "base": None}
    a, b = tmp_path / "a.npz", tmp_path / "b.npz"
    said = list(run_job(job, {**values, "out": a}, "local", 1, quiet=True))
    list(run_job(job, {**values, "out": b}, "dask", 2, quiet=True))
    ta, tb = (WinTable.from_bytes(p.read_bytes()) for p in (a, b))
    assert (ta.p == tb.p).all() and (ta.se == tb.se).all()
    # 120-120 is the share of its deals the dealer went out in; the rest is the shipped
    o = play_from(120, 120, seed=7, first=0, count=4)
    assert ta.p[120, 120] == (o[:, 2] == 1).mean()
    base = win_table("six-card")
    keep = np.ones_like(ta.p, dtype=bool)
    keep[120, 120] = False
    assert (ta.p[keep] == base.p[keep]).all()
    assert any("1 position near the end (both 1 or fewer short)" in str(line) for line in said)


def test_bad_options_are_one_line(tmp_path: Path) -> None:
    runner = CliRunner()
    junk = tmp_path / "junk.txt"
    junk.write_text("not a table")
    for args, said in ((["--near", "0"], "--near must be from 1 to 121"),
                       (["--deals", "1"], "--deals (per position) must be from 2 to 100,000"),
                       (["--deals", str(10 ** 20)], "must be from 2 to 100,000"),
                       (["--seed", str(2 ** 63)], "the seed must be below 2**63"),
                       (["--base", str(tmp_path / "none.npz")], "cannot read"),
                       (["--base", str(junk)], "junk.txt is not a win table"),
                       (["--out", str(tmp_path)], "it is a directory")):
        out = runner.invoke(app, ["tables", "win-aware", "--near", "1", "--corner", "1",
                                  "--deals", "2", *args])
        assert out.exit_code != 0 and said in out.output, out.output
        assert "Traceback" not in out.output


@pytest.mark.slow
def test_a_changed_base_table_is_a_new_task_never_an_old_shard(tmp_path: Path) -> None:
    # The tasks carry the base file's SHA-256: a shard made with one base is not reused
    # for another kept under the same name, and a worker refuses a file changed under it.
    from hoyle.interface.registry import get_game
    from hoyle.sim.tables import run_job
    job = next(j for j in get_game("cribbage").table_jobs() if j.name == "win-aware")
    base = tmp_path / "base.npz"
    base.write_bytes(win_table("six-card").to_bytes())
    values = {"near": 1, "corner": 1, "deals": 2, "seed": 7, "per_task": 2, "base": base,
              "out": tmp_path / "one.npz"}
    first = job.tasks(**values)
    list(run_job(job, values, shards=tmp_path / "s", quiet=True))
    step = WinTable.from_bytes((tmp_path / "one.npz").read_bytes())
    base.write_bytes(step.to_bytes())  # the next step under the same name
    again = job.tasks(**{**values, "out": tmp_path / "two.npz"})
    assert [a[:6] for a in again] == [a[:6] for a in first] and again[0][6] != first[0][6]
    list(run_job(job, {**values, "out": tmp_path / "two.npz"}, shards=tmp_path / "s",
                 quiet=True))
    assert len(list((tmp_path / "s").glob("task-*"))) == 2  # one shard per base
    from hoyle.cribbage.awaretable import _base
    _base.cache_clear()  # a fresh worker: it reads the file, finds another digest
    with pytest.raises(HoyleError, match="has changed since the job began"):
        play_from(120, 120, 7, 0, 1, str(base), first[0][6])
