"""The optional compiled engine: the same source, compiled by mypyc.

The modules in :data:`MODULES` (the cribbage engine and what it leans on hardest) are
plain, strictly typed Python. ``python scripts/build_accel.py`` (``make accel``; ``make
test`` and ``make bench`` run it) compiles them with mypyc, the compiler of the mypy
project, into ``build/mypyc/`` beside ``src/`` and writes a manifest of the SHA-256 of each
source it compiled and of the whole package's sources. When hoyle is imported from a source tree that has a build whose every
hash matches the sources now on disk, :func:`install` puts an import finder first on
``sys.meta_path`` that loads those modules from the build; otherwise (no build, a source
edited since, another Python, or ``HOYLE_PURE=1`` in the environment) nothing changes and
the pure-Python modules are used. The manifest also records the interpreter's cache tag and
extension suffix and the digest of each compiled file, and the group's shared library is
loaded on trial before the finder is kept, so a damaged or foreign build is never used. The compiled modules behave as the source does (the test
suite runs on both); they are only faster (``make bench`` prints both).
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

__all__ = ["MODULES", "BUILD_DIR", "active", "file_digest", "fresh_build", "install",
           "source_hashes"]

MODULES = (
    "hoyle.engine.action",
    "hoyle.engine.event",
    "hoyle.engine.rng",
    "hoyle.engine.flow",
    "hoyle.engine.state",
    "hoyle.engine.runner",
    "hoyle.cribbage.scoring",
    "hoyle.cribbage.phase",
    "hoyle.cribbage.counting",
    "hoyle.cribbage.referee",
    "hoyle.cribbage.state",
    "hoyle.cribbage.players.random",
    "hoyle.cribbage.players.greedy",
    "hoyle.cribbage.players.search",
    "hoyle.cribbage.players.winsearch",
    "hoyle.cribbage.players.infoset",
    "hoyle.cribbage.match",
)
"""The modules compiled by ``scripts/build_accel.py``."""

SRC_DIR = Path(__file__).resolve().parent.parent
BUILD_DIR = SRC_DIR.parent / "build" / "mypyc"
"""Where ``scripts/build_accel.py`` puts the compiled modules and ``manifest.json``."""

_active: list[str] = []


def source_hashes(modules: Sequence[str] = MODULES) -> dict[str, str]:
    """SHA-256 of each compiled module's source file under ``src/``, and under ``"*"`` one
    digest of every source file of the package (compiled code relies on the types of the
    modules it imports, so any edit makes the build stale)."""
    out = {}
    for name in modules:
        path = SRC_DIR.joinpath(*name.split(".")).with_suffix(".py")
        out[name] = hashlib.sha256(path.read_bytes()).hexdigest()
    whole = hashlib.sha256()
    pkg = SRC_DIR / "hoyle"
    for path in sorted(pkg.rglob("*.py")):
        whole.update(str(path.relative_to(pkg)).encode() + b"\0" + path.read_bytes() + b"\0")
    out["*"] = whole.hexdigest()
    return out


def active() -> list[str]:
    """The modules loaded (or to be loaded) from the compiled build; empty when pure."""
    return list(_active)


class _Finder(importlib.abc.MetaPathFinder):
    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        loader = importlib.machinery.ExtensionFileLoader(fullname, str(file))
        return importlib.util.spec_from_file_location(fullname, file, loader=loader)


def _pure_requested() -> bool:
    return os.environ.get("HOYLE_PURE", "").strip().lower() not in ("", "0", "false", "no")


def file_digest(path: Path) -> str:
    """SHA-256 of a file (the manifest keeps one for each compiled file)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fresh_build(build_dir: Path = BUILD_DIR, check_files: bool = True) -> dict[str, Path] | None:
    """The compiled module files of the build in ``build_dir`` (module name -> file) when
    its manifest matches this interpreter (cache tag and extension suffix), every source
    now on disk and (``check_files``) every compiled file's digest; else None."""
    try:
        manifest = json.loads((build_dir / "manifest.json").read_text(encoding="utf-8"))
        if manifest.get("python") != sys.implementation.cache_tag:
            return None
        suffix = manifest.get("suffix")
        if suffix not in importlib.machinery.EXTENSION_SUFFIXES:
            return None
        if manifest.get("sources") != source_hashes():
            return None
        files: dict[str, Path] = {}
        digests = manifest.get("digests", {})
        for name, rel in manifest["files"].items():
            f = build_dir / rel
            if not f.is_file() or not str(rel).endswith(suffix):
                return None
            if check_files and digests.get(name) != file_digest(f):
                return None
            files[name] = f
        if set(files) != set(MODULES) | {manifest["group"]}:
            return None
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None
    return files


def install() -> bool:
    """Use the compiled modules if a fresh build is present (see the module docstring).
    Returns whether it did. Never raises: any doubt (a stale or damaged build, a failed
    trial import) means pure Python."""
    if _active:
        return True
    if _pure_requested():
        return False
    files = fresh_build()
    if files is None:
        return False
    finder = _Finder(files)
    sys.meta_path.insert(0, finder)
    try:
        # Load the shared library of the group now: a build that cannot load is not used.
        group = next(n for n in files if n not in MODULES)
        importlib.import_module(group)
    except Exception:  # noqa: BLE001 - any failure: stay pure Python
        sys.meta_path.remove(finder)
        sys.modules.pop(group, None)
        return False
    _active.extend(MODULES)
    return True
