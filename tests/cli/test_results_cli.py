"""The command line of issue 15 part B: ``--acc-edition`` on ``hoyle play``, ``hoyle
referee`` and ``hoyle sim`` (through the game's declared options), its bad values (one
``error:`` line, exit code 2, nothing written)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.engine.records import GameRecord

runner = CliRunner()
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ENV = {"NO_COLOR": "1", "COLUMNS": "200"}


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=stdin, env=ENV)
    return result.exit_code, ANSI.sub("", result.output)


def one_error(out: str, text: str) -> None:
    lines = [ln for ln in out.strip().splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:") and text in lines[0], out
    assert "Traceback" not in out


# -- --acc-edition ------------------------------------------------------------------------------

@pytest.mark.parametrize("edition", ["web2008", "2020", "2025"])
def test_play_acc_edition_recorded_and_in_the_banner(tmp_path: Path, edition: str) -> None:
    path = tmp_path / "g.json"
    code, out = run("play", "cribbage", "--seed", "3", "--opponent", "random", "--laws",
                    "acc", "--acc-edition", edition, "--plain", "--save", str(path),
                    stdin="quit\n")
    assert code == 0, out
    assert f"laws ACC, {edition} edition" in out
    record = GameRecord.load(path)
    assert record.laws == "acc"
    # the default edition is not written down (the code's published value)
    assert record.options.get("law_params", {}) == ({} if edition == "2025" else
                                                    {"acc_edition": edition})


@pytest.mark.parametrize("edition", ["web2008", "2020"])
def test_referee_acc_edition_recorded_and_in_the_banner(tmp_path: Path, edition: str) -> None:
    path = tmp_path / "r.json"
    code, out = run("referee", "cribbage", "--laws", "acc", "--acc-edition", edition,
                    "--save", str(path), stdin="quit\n")
    assert code == 0, out
    assert f"American Cribbage Congress tournament rules, {edition} edition" in out
    assert GameRecord.load(path).options["law_params"] == {"acc_edition": edition}


@pytest.mark.parametrize("command", [
    ["play", "cribbage", "--seed", "3", "--plain"],
    ["referee", "cribbage"],
])
@pytest.mark.parametrize("args, text", [
    (["--laws", "acc", "--acc-edition", "2019"],
     "acc_edition must be one of web2008, 2020, 2025 (not '2019')"),
    (["--acc-edition", "2020"], "--acc-edition is an option of the ACC code"),
])
def test_bad_acc_edition_one_error_line_exit_2_nothing_written(
        tmp_path: Path, command: list[str], args: list[str], text: str) -> None:
    path = tmp_path / "x.json"
    code, out = run(*command, *args, "--save", str(path), stdin="quit\n")
    assert code == 2
    one_error(out, text)
    assert not path.exists() and list(tmp_path.iterdir()) == []


def test_sim_laws_and_acc_edition_reach_every_game(tmp_path: Path) -> None:
    out_path = tmp_path / "games.jsonl"
    code, out = run("sim", "cribbage", "--players", "random,random", "--games", "4",
                    "--seed", "2", "--laws", "acc", "--acc-edition", "web2008",
                    "--out", str(out_path))
    assert code == 0, out
    records = [json.loads(line) for line in out_path.read_text().splitlines()]
    assert len(records) == 4
    for r in records:
        assert r["laws"] == "acc" and r["options"]["law_params"] == {"acc_edition": "web2008"}
        assert r["result"]["code"] == "acc" and not r["result"]["lurch"]
    # the run's table is read back from its records, the same
    code, again = run("sim", "summary", str(out_path))
    assert code == 0 and "random v random: 4 games" in again


@pytest.mark.parametrize("args, text", [
    (["--laws", "acc", "--acc-edition", "2030"],
     "acc_edition must be one of web2008, 2020, 2025 (not '2030')"),
    (["--acc-edition", "2020"], "--acc-edition is an option of the ACC code: add --laws acc"),
    (["--laws", "xx"], "unknown law code 'xx'"),
])
def test_sim_bad_law_options_one_error_line_nothing_written(tmp_path: Path, args: list[str],
                                                            text: str) -> None:
    out_path = tmp_path / "games.jsonl"
    code, out = run("sim", "cribbage", "--players", "random,random", "--games", "2",
                    *args, "--out", str(out_path))
    assert code == 2
    one_error(out, text)
    assert not out_path.exists()


def test_sim_ecarte_takes_no_law_options() -> None:
    code, out = run("sim", "ecarte", "--players", "random,rules", "--games", "1",
                    "--laws", "acc")
    assert code == 2 and "No such option" in out
