"""The optional compiled engine (hoyle._accel): used only when fresh, and it plays the very
games the pure-Python engine plays."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hoyle import _accel

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

DIGEST = """
import hashlib, sys
from hoyle.cribbage.players import GreedyPlayer, RandomPlayer
from hoyle.cribbage.rules import VARIANTS
from hoyle.cribbage.match import play_game
from hoyle import _accel

h = hashlib.sha256()
for seed in range(40):
    for variant in ("six-card", "five-card", "three-hand", "four-hand"):
        rules = VARIANTS[variant]
        ps = [RandomPlayer() if (seed + i) % 2 else GreedyPlayer() for i in range(rules.players)]
        s = play_game(ps, seed=seed, rules=rules, resumable=seed % 2 == 0)
        h.update(" ".join(map(str, s.history)).encode())
        h.update(repr(s.result).encode())
print(h.hexdigest(), bool(_accel.active()))
"""


def _digest(pure: bool) -> tuple[str, bool]:
    env = dict(os.environ)
    env.pop("HOYLE_PURE", None)
    if pure:
        env["HOYLE_PURE"] = "1"
    out = subprocess.run([sys.executable, "-c", DIGEST], capture_output=True, text=True,
                         env=env, check=True).stdout.split()
    return out[0], out[1] == "True"


def _needs_build() -> None:
    assert _accel.fresh_build() is not None, "no fresh compiled build: run make accel first"


@pytest.mark.compiled
def test_compiled_engine_plays_the_same_games_as_the_pure_one() -> None:
    _needs_build()
    pure, pure_active = _digest(pure=True)
    compiled, compiled_active = _digest(pure=False)
    assert not pure_active and compiled_active
    assert pure == compiled


@pytest.mark.compiled
def test_compiled_modules_are_the_ones_loaded() -> None:
    _needs_build()
    import hoyle.cribbage.state as state
    assert _accel.active() == list(_accel.MODULES)
    assert Path(state.__file__).suffix in (".so", ".pyd")


def test_a_stale_or_damaged_build_is_not_used(tmp_path: Path) -> None:
    # A fake build whose manifest matches everything: accepted; then each way it can go
    # wrong (a source edited since, another interpreter, a damaged or missing file,
    # an unreadable manifest): pure Python.
    import importlib.machinery

    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    files = {m: m + suffix for m in _accel.MODULES} | {"g__mypyc": "g" + suffix}
    for f in files.values():
        (tmp_path / f).write_bytes(b"compiled " + f.encode())
    digests = {n: _accel.file_digest(tmp_path / f) for n, f in files.items()}
    sources = _accel.source_hashes()
    manifest = {"python": sys.implementation.cache_tag, "suffix": suffix, "sources": sources,
                "files": files, "group": "g__mypyc", "digests": digests}

    def fresh(m: dict[str, object]) -> bool:
        (tmp_path / "manifest.json").write_text(json.dumps(m))
        return _accel.fresh_build(tmp_path) is not None

    assert fresh(manifest)
    stale = dict(sources, **{"hoyle.cribbage.state": hashlib.sha256(b"old").hexdigest()})
    assert not fresh(manifest | {"sources": stale})
    assert not fresh(manifest | {"python": "cpython-27"})
    assert not fresh(manifest | {"suffix": ".cpython-311-arm-linux-gnueabihf.so.x"})
    (tmp_path / files["g__mypyc"]).write_bytes(b"")  # truncated
    assert not fresh(manifest)
    (tmp_path / files["g__mypyc"]).write_bytes(b"compiled " + files["g__mypyc"].encode())
    assert fresh(manifest)
    (tmp_path / files["hoyle.cribbage.match"]).unlink()
    assert not fresh(manifest)
    (tmp_path / "manifest.json").write_text("{not json")
    assert _accel.fresh_build(tmp_path) is None
    shutil.rmtree(tmp_path)
    assert _accel.fresh_build(tmp_path) is None


def test_hoyle_pure_values(monkeypatch: pytest.MonkeyPatch) -> None:
    for value, pure in (("1", True), ("yes", True), ("0", False), ("", False),
                        ("false", False)):
        monkeypatch.setenv("HOYLE_PURE", value)
        assert _accel._pure_requested() is pure
