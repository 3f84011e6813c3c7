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


def test_hostile_files_and_inputs_are_one_line_each(tmp_path: Path) -> None:
    import json
    f = tmp_path / "t.json"
    code, _ = hoyle("new", str(f), "--players", "Ann,Bob,Cy", "--games", "1")
    assert code == 0
    good = json.loads(f.read_text())

    def hostile(edit: object, says: str) -> None:
        bad = tmp_path / "bad.json"
        bad.write_text(edit if isinstance(edit, str) else json.dumps(edit), encoding="utf-8")
        code, out = hoyle("standings", str(bad))
        assert code == 2 and out.startswith("error:") and says in out, out

    hostile("[" * 100_000, "nested too deep")
    hostile(json.dumps(good).replace('"seed": 0', '"seed": 1e400'), "corrupt")
    hostile(good | {"audit": [{"a": 1}]}, "audit entry")
    hostile(good | {"players": good["players"] | {"2": "ann"}}, "entered twice")
    hostile(good | {"players": good["players"] | {"2": "E\x1b[31mRED"}}, "control")
    hostile(good | {"rounds": [[{"key": "1.1", "players": [1, 2], "first_dealer": None,
                                 "reports": {}, "result": [99, 121, 90],
                                 "status": "table"}]]}, "not a player of it")
    hostile(good | {"rounds": [[{"key": "1.1", "players": [1, 2], "first_dealer": None,
                                 "reports": {}, "result": [1, 500, -300],
                                 "status": "table"}]]}, "winner at 121")
    bom = tmp_path / "bom.json"
    bom.write_text("\ufeff" + f.read_text(), encoding="utf-8")  # Notepad's: read as is
    assert hoyle("standings", str(bom))[0] == 0
    for args, says in [(("new", str(tmp_path / "n.json"), "--players", "A\x1bB,C",
                         "--games", "1"), "control"),
                       (("new", str(tmp_path / "n.json"), "--players", "bye,C",
                         "--games", "1"), "'bye'"),
                       (("new", str(tmp_path / "n.json"), "--players", "A,B", "--games", "1",
                         "--bye-points", "-5"), "0 to 4 game points")]:
        code, out = hoyle(*args)
        assert code == 2 and says in out, out
    hoyle("pair", str(f))
    t = json.loads(f.read_text())
    key = next(g["key"] for g in t["rounds"][0] if g["players"][1] is not None)
    for points in ("1_21-90", "+121-90", "١٢١-٩٠"):
        code, out = hoyle("result", str(f), key, "--by", "Ann", "--winner", "Ann",
                          "--points", points)
        assert code == 2 and "points are the winner's" in out
    # the end of the games: no late entry
    names = [t["players"][str(p)] for p in next(g for g in t["rounds"][0]
                                                 if g["players"][1] is not None)["players"]]
    hoyle("settle", str(f), key, "--winner", names[0], "--points", "121-90")
    code, out = hoyle("late-entry", str(f), "Zed")
    assert code == 2 and "no late entries" in out


def test_two_reports_at_once_are_both_kept(tmp_path: Path) -> None:
    import json
    import os
    import subprocess
    import sys
    f = tmp_path / "race.json"
    hoyle("new", str(f), "--players", "Ann,Bob,Cy,Di", "--games", "1")
    f.chmod(0o664)
    link = tmp_path / "link.json"
    link.symlink_to(f)
    hoyle("pair", str(link))  # through a link: its target written, the link kept
    assert link.is_symlink() and (f.stat().st_mode & 0o777) == 0o664
    games = json.loads(f.read_text())["rounds"][0]
    names = json.loads(f.read_text())["players"]
    env = dict(os.environ, NO_COLOR="1")
    procs = [subprocess.Popen([sys.executable, "-m", "hoyle", "tournament", "result", str(f),
                               g["key"], "--by", names[str(g["players"][0])], "--winner",
                               names[str(g["players"][0])], "--points", "121-100"], env=env,
                              stdout=subprocess.DEVNULL)
             for g in games]
    assert [p.wait() for p in procs] == [0, 0]
    after = json.loads(f.read_text())["rounds"][0]
    assert all(len(g["reports"]) == 1 for g in after)  # neither report lost
