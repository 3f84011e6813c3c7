"""The record fuzzer (``helpers.record_fuzz``): real records truncated, retyped, inflated,
nested, given huge numbers, and their deals, seeds and actions tampered with. Reading and
replaying each may end well or in :class:`RecordError` / :class:`IllegalAction`, nothing
else; a tampered deal or seed is refused by the seeded replay a resumed game gets; and the
pure and the compiled engine end every case alike.

``HOYLE_FUZZ_SCALE`` multiplies the number of cases (``make fuzz`` runs it at 20).
"""

from __future__ import annotations

import pytest

import collections
import json
import os
import subprocess
import sys
from pathlib import Path

from helpers.record_fuzz import KINDS, TAMPERING, outcomes

from hoyle import _accel

SCALE = int(os.environ.get("HOYLE_FUZZ_SCALE", "1"))
CASES = 300 * SCALE
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_record_fuzzer_raises_nothing_but_record_errors_and_refuses_tampering() -> None:
    seen: collections.Counter[str] = collections.Counter()

    def check(kind: str, plain: str, seeded: str) -> None:
        for result in (plain, seeded):
            assert result.startswith(("ok ", "RecordError: ", "IllegalAction: ")), \
                (kind, result)
        if kind in TAMPERING:  # the seed no longer gives that deal: never resumed
            assert seeded.startswith("RecordError: "), (kind, seeded)
        seen[f"{kind} {plain.split(':')[0].split()[0]}"] += 1

    lines = outcomes(CASES, check)
    assert len(lines) == CASES
    # Every kind was tried on every base record, and most cases were refused.
    assert {key.split()[0] for key in seen} == set(KINDS)
    refused = sum(n for key, n in seen.items() if key.endswith("RecordError"))
    assert refused > CASES * 0.6


def _other_engine_env() -> dict[str, str] | None:
    """The environment that runs the other engine than this process's, if it can run:
    the pure one always; the compiled one when a fresh build is on disk."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "src"), str(ROOT / "tests")]))
    if _accel.active():
        env["HOYLE_PURE"] = "1"
        return env
    if _accel.fresh_build() is None:
        return None
    env.pop("HOYLE_PURE", None)
    return env


@pytest.mark.slow
def test_record_fuzzer_outcomes_are_equal_on_the_pure_and_the_compiled_engine() -> None:
    # make test runs the suite on both engines; the compiled run (and a pure run with a
    # fresh build on disk) also runs the fuzzer on the other engine and compares every
    # outcome, messages included.
    n = 150 * SCALE
    mine = outcomes(n)
    env = _other_engine_env()
    if env is None:  # pure, no compiled build: the compiled run of the suite compares
        assert len(mine) == n
        return
    out = subprocess.run([sys.executable, str(ROOT / "tests/helpers/record_fuzz.py"), str(n)],
                         env=env, capture_output=True, text=True, check=True, cwd=ROOT)
    theirs = json.loads(out.stdout)
    assert theirs == mine
