"""The README's example for researchers runs as written (here, with the batch tests: JAX is
kept out of the processes of the tests that fork)."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_example_for_researchers_runs() -> None:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## For researchers"):]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    names: dict[str, object] = {}
    exec(compile(code.group(1), "README.md", "exec"), names)  # noqa: S102 - our own README
    state, obs, record = names["state"], names["obs"], names["record"]
    assert np.shape(obs) == (256, 474)
    scores = np.asarray(state.scores)  # type: ignore[attr-defined]
    assert (scores.max(axis=1) >= 121).all()
    assert record.result["winner"] == int(state.winner[0])  # type: ignore[attr-defined]
