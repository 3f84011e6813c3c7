"""Write tests/durations.json from pytest's JUnit reports: the tests that took at least
``--over`` seconds, by node id, with their seconds (the longest of the reports given).

``make test`` runs them first (tests/conftest.py, ``longest_first``), so the long tests
start at once in each run spread over processes. Refresh it from a CI run's reports when the
slowest tests change::

    .venv/bin/python -m pytest ... --junitxml=build/pure.xml
    .venv/bin/python scripts/test_durations.py build/pure.xml [more.xml ...]
"""

from __future__ import annotations

import argparse
import json
import xml.etree.ElementTree as ET

from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "durations.json"


def node_id(classname: str, name: str) -> str:
    """pytest's node id from a JUnit test case's ``classname`` (dotted: the module's path,
    then a test class's name if any) and ``name``."""
    parts = classname.split(".")
    klass = [parts.pop()] if parts and parts[-1][:1].isupper() else []
    return "::".join(["/".join(parts) + ".py", *klass, name])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("reports", nargs="+", type=Path, help="JUnit XML reports")
    parser.add_argument("--over", type=float, default=5.0, help="seconds (default 5)")
    args = parser.parse_args(argv)
    seconds: dict[str, float] = {}
    for report in args.reports:
        for case in ET.parse(report).iter("testcase"):
            took = float(case.get("time", "0"))
            if took >= args.over and case.find("skipped") is None:
                key = node_id(case.get("classname", ""), case.get("name", ""))
                seconds[key] = max(seconds.get(key, 0.0), round(took, 1))
    ranked = dict(sorted(seconds.items(), key=lambda kv: (-kv[1], kv[0])))
    OUT.write_text(json.dumps(ranked, indent=1) + "\n")
    print(f"{len(ranked)} tests of {args.over:g} s or more: {sum(ranked.values()):.0f} s in all;"
          f" written to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
