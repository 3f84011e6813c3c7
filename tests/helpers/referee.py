"""A refereed game entered through ``hoyle referee``'s own lines (CliRunner), and a
cribbage state brought to a point of a deal through the same lines: the issue 33 tests'
shared openings.

Écarté (tests/helpers/ecarte.py's deal): Al (seat 0) cuts 9C, Bo (seat 1) KD: Bo deals; Al
is the elder hand with KS QS JS 7H 7D, Bo holds AS 9S KH QH KD. Cribbage: Alice (seat 0)
cuts 9C, Bob 2D: Bob deals; Alice keeps 5H 5C 5S JD, Bob 4H 5D 6D TH; starter 9S.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.cribbage.console import parse_table_input
from hoyle.cribbage.laws import get_code
from hoyle.cribbage.state import CribbageState

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ENV = {"NO_COLOR": "1", "COLUMNS": "300"}
ECARTE_START = "9c\nkd\n32 KS QS JS 7H 7D AS 9S KH QH KD\n"
NAMES = ("Alice", "Bob")
CRIB_DEAL = ["9c", "2d", "5H 5C 5S JD 2C 3C 5D TH 4H 6D QC KD"]
CRIB_TO_PLAY = ["2c 3c", "qc kd", "9s", "5h", "0", "th", "2"]  # 5H, TH: fifteen, Bob 2

_runner = CliRunner()


def referee(game: str, args: list[str], lines: str) -> str:
    """``hoyle referee GAME ARGS`` fed ``lines`` (then ``quit``): its output, colours off,
    in single spaces. Fails on an exit code or a traceback."""
    result = _runner.invoke(app, ["referee", game, *args], input=lines + "quit\n", env=ENV)
    out = ANSI.sub("", result.output)
    assert result.exit_code == 0 and "Traceback" not in out, out
    return " ".join(out.split())


def ecarte_referee(code: str, lines: str, save: Path) -> str:
    """The écarté deal above refereed under ``code``, then ``lines``."""
    return referee("ecarte", ["--laws", code, "--names", "Al,Bo", "--save", str(save)],
                   ECARTE_START + lines)


def crib_referee_at(code: str, point: str = "discard", **params: Any) -> CribbageState:
    """The cribbage deal above under ``code`` (``params``), refereed from 40-40 to the
    lay-away (``point="discard"``) or into the play at 15 (``"play"``)."""
    s = CribbageState(laws=get_code(code, **params), referee=True, start_scores=(40, 40))
    for line in CRIB_DEAL + (CRIB_TO_PLAY if point == "play" else []):
        s.apply(parse_table_input(s, line, NAMES))
    return s
