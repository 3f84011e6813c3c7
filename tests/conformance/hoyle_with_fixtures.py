"""``hoyle`` with the fixture games registered: ``python hoyle_with_fixtures.py ARGS`` is
``hoyle ARGS`` for the conformance suite's command-line tests (run with ``tests`` on the
path)."""

from __future__ import annotations

import sys

from conformance.conftest import FIXTURE_GAMES
from hoyle.interface import registry

if __name__ == "__main__":
    registry.GAMES.update(FIXTURE_GAMES)
    from hoyle.cli.main import main

    sys.argv = ["hoyle", *sys.argv[1:]]
    main()
