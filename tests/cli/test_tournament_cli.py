"""``hoyle tournament`` as a director uses it (issue 29): a night of three players run
from the file, the reports of both players, a dispute settled, the standings and the CSV,
a score sheet, the audit; each refused command one line, the file unchanged."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from hoyle.cli.main import app

runner = CliRunner()
ENV = {"NO_COLOR": "1", "COLUMNS": "200"}


def hoyle(*args: str) -> tuple[int, str]:
    r = runner.invoke(app, ["tournament", *args], env=ENV)
    assert "Traceback" not in r.output, r.output
    return r.exit_code, " ".join(r.output.split())


def test_a_night_run_from_the_file(tmp_path: Path) -> None:
    f = str(tmp_path / "night.json")
    code, out = hoyle("new", f, "--players", "Ann,Bob,Cy", "--games", "2", "--name", "Tue")
    assert code == 0 and "club-night, 2 games, 3 players" in out
    code, out = hoyle("pair", f)
    assert code == 0 and "1.bye" in out
    game = re.search(r"(1\.[0-9]) │ (\w+) *│ (\w+)", out)
    assert game is not None
    key, a, b = game.groups()
    assert "waiting for the other" in hoyle("result", f, key, "--by", a, "--winner", a,
                                            "--points", "121-90")[1]
    assert "reports differ" in hoyle("result", f, key, "--by", b, "--winner", b,
                                     "--points", "121-100")[1]
    before = Path(f).read_text()
    for args, msg in [(("pair", f), "round 1 is not finished"),
                      (("result", f, key, "--by", a, "--winner", a, "--points", "121"),
                       "points are the winner's then the loser's"),
                      (("settle", f, key, "--winner", "Zed", "--points", "121-3"),
                       "no player 'Zed'"),
                      (("new", f, "--players", "X,Y", "--games", "1"), "exists")]:
        code, out = hoyle(*args)
        assert code == 2 and msg in out, out
        assert Path(f).read_text() == before
    code, out = hoyle("settle", f, key, "--winner", a, "--points", "121-90", "--why",
                      "card checked")
    assert code == 0 and f"{a} won 121-90" in out
    code, out = hoyle("standings", f, "--csv")
    # ACC-12.1: 90 is a skunk, 3 game points, spread 31; the bye 2 game points
    rows = {line.split(",")[1]: line.split(",") for line in out.split()[1:]}
    assert rows[a][5:7] == ["3", "31"] and rows[b][5:7] == ["0", "-31"]
    bye = ({"Ann", "Bob", "Cy"} - {a, b}).pop()
    assert rows[bye][5:9] == ["2", "0", "0", "1"]
    code, out = hoyle("sheet", f, a)
    assert code == 0 and "+31" in out
    code, out = hoyle("audit", f)
    assert "director: result of" in out and "card checked" in out
    code, out = hoyle("season", f, f)  # the same night twice: every figure doubled
    assert code == 0 and f"│ {a} " in out and "+62" in out
    assert hoyle("season", f, str(tmp_path / "none.json"))[0] == 2
