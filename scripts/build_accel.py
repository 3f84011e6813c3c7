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

from hoyle._accel import BUILD_DIR, MODULES, source_hashes  # noqa: E402

GROUP = "hoyle_accel"


def fresh() -> bool:
    try:
        m = json.loads((BUILD_DIR / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return bool(m.get("python") == sys.implementation.cache_tag
                and m.get("sources") == source_hashes()
                and all((BUILD_DIR / f).is_file() for f in m.get("files", {}).values()))


def build() -> int:
    from setuptools import Distribution
    from mypyc.build import mypycify

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
    files = {}
    for name in [*MODULES, f"{GROUP}__mypyc"]:
        found = sorted(BUILD_DIR.glob(str(Path(*name.split("."))) + ".*.so")) or \
            sorted(BUILD_DIR.glob(str(Path(*name.split("."))) + ".*.pyd"))
        if not found:
            print(f"build_accel: {name} was not built", file=sys.stderr)
            return 1
        files[name] = str(found[0].relative_to(BUILD_DIR))
    manifest = {"python": sys.implementation.cache_tag, "sources": source_hashes(),
                "files": files, "group": f"{GROUP}__mypyc"}
    (BUILD_DIR / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


def main() -> int:
    if fresh():
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
                code = build()
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
    if code == 0:
        print(f"build_accel: built into {BUILD_DIR.relative_to(ROOT)}")
    return code


if __name__ == "__main__":
    sys.exit(main())
