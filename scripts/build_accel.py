"""Compile the engine modules with mypyc into ``build/mypyc/`` (see :mod:`hoyle._accel`).

Usage: ``python scripts/build_accel.py`` (``make accel``). Does nothing when the build is
already fresh. Exit status 0 on success; on failure (no C compiler, say) it prints why and
exits 1, and hoyle keeps running as pure Python.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
sys.path.insert(0, str(SRC))
os.environ["HOYLE_PURE"] = "1"  # import the pure modules while building

import sysconfig  # noqa: E402

from hoyle._accel import BUILD_DIR, MODULES, file_digest, fresh_build, source_hashes  # noqa: E402

GROUP = "hoyle_accel"


def build() -> None:
    """Compile into BUILD_DIR and write the manifest. Raises RuntimeError (or the
    compiler's error) when anything is missing."""
    from setuptools import Distribution
    from mypyc.build import mypycify

    before = source_hashes()
    tmp = ROOT / "build" / "mypyc-tmp"
    shutil.rmtree(BUILD_DIR, ignore_errors=True)
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    paths = [str(Path(*m.split(".")).with_suffix(".py")) for m in MODULES]
    cwd = os.getcwd()
    os.chdir(SRC)  # module names come from paths relative to src/
    try:
        exts = mypycify(paths, opt_level="3", target_dir=str(tmp / "c"), group_name=GROUP)
        dist = Distribution({"name": "hoyle-accel", "ext_modules": exts})
        dist.script_args = ["build_ext", "--build-lib", str(BUILD_DIR),
                            "--build-temp", str(tmp / "o")]
        dist.parse_command_line()
        dist.run_commands()
    finally:
        os.chdir(cwd)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    files = {}
    for name in [*MODULES, f"{GROUP}__mypyc"]:
        f = BUILD_DIR / (str(Path(*name.split("."))) + suffix)
        if not f.is_file():
            raise RuntimeError(f"{name} was not built")
        files[name] = str(f.relative_to(BUILD_DIR))
    if source_hashes() != before:
        raise RuntimeError("the sources changed during the build: run it again")
    manifest = {"python": sys.implementation.cache_tag, "suffix": suffix, "sources": before,
                "files": files, "group": f"{GROUP}__mypyc",
                "digests": {n: file_digest(BUILD_DIR / f) for n, f in files.items()}}
    (BUILD_DIR / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    lock_path = ROOT / "build" / "accel.lock"
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "w", encoding="utf-8") as lock:
        try:
            import fcntl
        except ImportError:  # not POSIX: no lock (two builds at once may then clash)
            return _main()
        # One build at a time in this directory: a second `make accel` started while one
        # runs waits for it, then finds the build fresh.
        try:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            print("build_accel: another build is running in this directory; waiting for it",
                  flush=True)
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        return _main()


def _main() -> int:
    if fresh_build() is not None:
        print("build_accel: the compiled engine is up to date")
        return 0
    print(f"build_accel: compiling {', '.join(MODULES)} with mypyc …", flush=True)
    log = ROOT / "build" / "mypyc-build.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    saved = os.dup(1), os.dup(2)
    try:
        with open(log, "w", encoding="utf-8") as fh:
            # The compiler's chatter goes to the log (file descriptors: gcc runs as a child).
            sys.stdout.flush()
            sys.stderr.flush()
            os.dup2(fh.fileno(), 1)
            os.dup2(fh.fileno(), 2)
            try:
                build()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os.dup2(saved[0], 1)
                os.dup2(saved[1], 2)
    except (Exception, SystemExit) as e:  # noqa: BLE001 - any failure: stay pure Python
        tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-15:]
        print("\n".join(tail), file=sys.stderr)
        print(f"build_accel: not built ({type(e).__name__}: {e}; the log: {log}); hoyle "
              f"runs as pure Python", file=sys.stderr)
        return 1
    finally:
        os.close(saved[0])
        os.close(saved[1])
    print(f"build_accel: built into {BUILD_DIR.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
