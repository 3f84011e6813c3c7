"""The training example (examples/train_cribbage.py) runs end to end at a tiny size: a
rollout, an update, the evaluations in the batch engine and through the object engine, the
curve and the figures written (its real run, minutes long, is in docs/researchers.md)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_cribbage.py"


def _example() -> Any:
    """The example's module, imported from its file (examples/ is not a package)."""
    spec = importlib.util.spec_from_file_location("train_cribbage", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_training_example_runs_and_writes_its_curve(tmp_path: Path) -> None:
    out, plot, net = tmp_path / "run.json", tmp_path / "curve.png", tmp_path / "net.npz"
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--max-updates", "1", "--envs", "32", "--steps", "8",
         "--eval-every", "1", "--eval-games", "16", "--final-games", "4",
         "--regret-deals", "16", "--out", str(out), "--plot", str(plot), "--save", str(net)],
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    figures = json.loads(out.read_text())
    assert [row["update"] for row in figures["curve"]] == [1]
    for row in figures["curve"]:
        assert 0.0 <= row["vs_random"] <= 1.0 and 0.0 <= row["vs_greedy"] <= 1.0
        assert row["layaway_regret"] >= 0.0  # points below the discard advice
    assert figures["final"]["random"]["games"] == 4
    assert figures["final"]["updates"] == 1 and "trained: 1 updates" in done.stdout
    assert figures["args"]["look_ahead"] and figures["args"]["layaway_temp"] == 0.5
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "object engine, 4 games against greedy" in done.stdout
    # the advice's own choice loses nothing against itself: greedy (the best hand, the crib
    # ignored) is at or below random, and no policy is below the advice's best
    lay = figures["final"]["layaway"]
    assert 0.0 <= lay["greedy"]["regret"] <= lay["random"]["regret"]
    assert {k.split("/")[0] for k in np.load(net).files} >= {"trunk", "split", "show", "v"}


def test_the_training_example_refuses_bad_arguments_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    train_cribbage = _example()
    for bad, words in ((["--regret-deals", "0"], "--regret-deals must be 1 or more"),
                       (["--envs", "0"], "--envs must be 2 or more"),
                       (["--aux", "-1"], "--aux and --shaping must be 0 or more"),
                       (["--layaway-temp", "-1"], "--layaway-temp must be 0, or 0.01"),
                       (["--layaway-temp", "nan"], "--layaway-temp must be 0, or 0.01"),
                       (["--layaway-temp", "1e-30"], "--layaway-temp must be 0, or 0.01"),
                       (["--aux-target", "realized", "--aux", "0"],
                        "--aux-target needs the show head"),
                       (["--lr", "inf"], "--lr must be more than 0 and finite"),
                       (["--minutes", "inf"], "--minutes must be more than 0 and finite"),
                       (["--layaway-temp", "0.5", "--arch", "mlp"],
                        "--layaway-temp needs the show head")):
        with pytest.raises(SystemExit) as stop:
            train_cribbage.parse_args(bad)
        err = capsys.readouterr().err
        assert stop.value.code == 2 and words in err, err
        assert err.count("error:") == 1
    # and from the command line itself: the same line, no traceback
    done = subprocess.run([sys.executable, str(EXAMPLE), "--envs", "0"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2 and "--envs must be 2 or more" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_the_show_target_is_each_lay_away_s_mean_over_the_unseen_starters() -> None:
    """``expected_show`` (the auxiliary head's target) against the object engine's own
    scoring (:func:`hoyle.cribbage.scoring.show_total`, another code path), worked over the
    44 cards the agent did not hold and the opponent did not lay away: 5 5 4 10 J K held, the opponent's A and K to the
    crib, as dealer and as pone. One way worked by hand: keeping 5 5 10 J (laying away 4 K:
    the crib 4 K A K) before the starter shows 8 (four fifteens, 5-10 twice and 5-J twice)
    and 2 (the pair of fives): 10 points the least it can be, whatever the starter."""
    import itertools

    train_cribbage = _example()
    import jax.numpy as jnp

    from hoyle.cards import CARDS, parse_cards
    from hoyle.cribbage.scoring import show_total

    hand = parse_cards("5c 5d 4s 10h Js Kd")
    away = parse_cards("Ac Ks")
    ids = sorted(CARDS.index(c) for c in hand)
    held = [CARDS[i] for i in ids]
    seen = set(ids) | {CARDS.index(c) for c in away}
    for dealing in (True, False):
        got = np.asarray(train_cribbage.expected_show(
            jnp.asarray(ids), jnp.asarray([CARDS.index(c) for c in away]),
            jnp.asarray(dealing))) * 10
        sign = 1 if dealing else -1
        want = []
        for a, b in itertools.combinations(range(6), 2):
            kept = [held[i] for i in range(6) if i not in (a, b)]
            crib = [held[a], held[b], *away]
            want.append(np.mean([show_total(kept, CARDS[s]) + sign * show_total(
                crib, CARDS[s], crib=True) for s in range(52) if s not in seen]))
        assert np.allclose(got, want, atol=1e-4)
    keep = [held.index(c) for c in parse_cards("4s Kd")]
    split = list(itertools.combinations(range(6), 2)).index(tuple(sorted(keep)))
    hand_only = np.mean([show_total(parse_cards("5c 5d 10h Js"), CARDS[s])
                         for s in range(52) if s not in seen])
    # as pone, less the crib's: 4 K A K holds a fifteen (4 + A + K) and the pair of kings,
    # 4 points or more whatever the starter
    assert hand_only >= 10 and got[split] <= hand_only - 4


def test_the_look_ahead_reads_the_count_from_the_observation_as_the_rules_score_it() -> None:
    """``look_ahead`` (the play head's afterstate features), worked by hand (CRIB-R-9) from
    an observation built field by field: a count of 5 then 4 (9), the 4 the newest in the
    count-order planes, and A 2 5 6 8 K held. The 6 makes fifteen and the run 4-5-6 (2 + 3
    = 5 points); the 2 makes 11 but 5-4-2 is no run (0); the 5 follows the 4, no pair (14,
    0); A, 8 and K make 10, 17 and 19 for nothing. After 5 5 (10) a third 5 makes fifteen
    and a pair royal: 2 + 6 = 8."""
    train_cribbage = _example()
    import jax.numpy as jnp

    from hoyle.cards import CARDS, parse_cards
    from hoyle.cribbage.encoding import COUNT_ORDER, crib_observation_size

    def obs(count: int, latest_first: list[int]) -> np.ndarray:
        o = np.zeros(crib_observation_size(2), np.float32)
        o[260 + 2 * 52 + 2] = count / 31.0
        for j, rank in enumerate(latest_first):
            o[len(o) - COUNT_ORDER * 13 + 13 * j + rank - 1] = 1.0
        return o

    held = jnp.asarray(sorted(CARDS.index(c) for c in parse_cards("Ac 2c 5h 6d 8s Kd")))
    ranks = [CARDS[int(c)].rank for c in held]
    got = np.asarray(train_cribbage.look_ahead(jnp.asarray(obs(9, [4, 5])), held))
    points = dict(zip(ranks, got[:, 0] * 2))
    counts = dict(zip(ranks, got[:, 1:].argmax(-1)))
    assert points == {1: 0, 2: 0, 5: 0, 6: 5, 8: 0, 13: 0}
    assert counts == {1: 10, 2: 11, 5: 14, 6: 15, 8: 17, 13: 19}
    got = np.asarray(train_cribbage.look_ahead(jnp.asarray(obs(10, [5, 5])), held))
    assert dict(zip(ranks, got[:, 0] * 2))[5] == 8  # fifteen 2 and a pair royal 6
