"""Command-line options and output: each bad combination one error line
naming the right option, case-insensitive names, comma-separated cards, and output piped
to a reader that stops early (``| head``) is no error."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.engine.records import GameRecord

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=stdin,
                                env={"NO_COLOR": "1", "COLUMNS": "200"})
    return result.exit_code, ANSI.sub("", result.output)


def test_muggins_without_manual_count_is_an_error(tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    code, out = run("play", "cribbage", "--laws", "acc", "--muggins", "--save", str(save))
    assert code == 2 and "--muggins needs --manual-count" in out
    assert not save.exists()  # refused before any file is made
    code, out = run("play", "cribbage", "--laws", "acc", "--muggins", "--manual-count",
                    "--seed", "2", "--save", str(save), stdin="quit\n")
    assert code == 0 and save.exists()


@pytest.mark.parametrize("args", [
    ("play", "cribbage", "--opponent", "Greedy", "--variant", "Five-Card"),
    ("play", "ecarte", "--opponent", "RULES"),
])
def test_opponent_and_variant_are_read_in_any_case(tmp_path: Path, args: tuple[str, ...]
                                                   ) -> None:
    save = tmp_path / "g.json"
    code, out = run(*args, "--seed", "4", "--save", str(save), stdin="quit\n")
    assert code == 0, out
    record = GameRecord.load(save)
    assert record.seats[1] == args[3].lower()  # recorded by its own name
    if "--variant" in args:
        assert record.variant == "five-card"


def test_score_reads_comma_separated_cards() -> None:
    # 5H 5C 5S JD, starter 5D: the 29 hand (fifteens 16, pairs 12, nobs 1).
    for cards in (("5H,5C,5S,JD",), ("5H,5C", "5S", "JD"), ("5H", "5C", "5S", "JD")):
        code, out = run("score", *cards, "--starter", "5D")
        assert code == 0 and re.search(r"total\s*│\s*│\s*29", out), (cards, out)


def test_games_over_the_limit_names_games_not_first_game(tmp_path: Path) -> None:
    code, out = run("sim", "cribbage", "--players", "random,random", "--games", "1000004")
    assert code == 2 and "--games must be at most 1,000,003" in out
    assert "--first-game" not in out
    code, out = run("sim", "cribbage", "--players", "random,random", "--games", "5",
                    "--first-game", "1000000")
    assert code == 2 and "--first-game must be 0 or more, and --first-game plus --games" in out


@pytest.mark.parametrize("args", [("laws", "cribbage"), ("stats", "cribbage"),
                                  ("laws", "ecarte")])
def test_output_piped_to_head_exits_0(args: tuple[str, ...]) -> None:
    # The reader takes one line and closes the pipe, as `hoyle ... | head -1` does.
    env = dict(os.environ, NO_COLOR="1", COLUMNS="80",
               PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "hoyle", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait() == 0, err
    assert first.strip() and "Traceback" not in err and "Exception" not in err


def test_a_seed_whose_records_could_not_be_read_back_is_refused(tmp_path: Path) -> None:
    # Records hold numbers of at most 30 digits: a match's game seeds (seed * 1,000,003 +
    # game) stay below that for seeds below 10**20.
    for args in (("play", "cribbage", "--save", str(tmp_path / "p.json")),
                 ("sim", "cribbage", "--players", "random,random", "--games", "1")):
        code, out = run(*args, "--seed", str(10**20))
        assert code == 2 and "the seed must be below 10**20" in out
    assert not (tmp_path / "p.json").exists()


def test_a_referee_name_too_long_for_a_record_is_refused_before_any_file(tmp_path: Path
                                                                         ) -> None:
    save = tmp_path / "r.json"
    code, out = run("referee", "cribbage", "--names", "A" * 257 + ",B", "--save", str(save))
    assert code == 2 and "a name is at most 256 characters" in out and not save.exists()
    code, out = run("referee", "cribbage", "--names", "A" * 256 + ",B", "--save", str(save),
                    stdin="quit\n")
    assert code == 0 and GameRecord.load(save).seats[0] == "A" * 256


@pytest.mark.parametrize("game", ["cribbage", "ecarte"])
def test_a_save_name_too_long_is_one_line(tmp_path: Path, game: str) -> None:
    name = tmp_path / ("a" * 260 + ".json")
    r = CliRunner().invoke(app, ["play", game, "--plain", "--save", str(name)], input="")
    assert r.exit_code == 2 and "too long" in r.output.lower()
    assert "Traceback" not in r.output and not list(tmp_path.iterdir())


def test_serve_help_names_the_web_extra() -> None:
    r = CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    assert "pip install 'hoyle[web]'" in r.output


def test_a_table_job_refuses_an_empty_folder_and_too_many_deals_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--shards ""`` once wrote the shards into the current folder (``Path("")`` is
    ``.``); ``--deals 10**20`` once listed its tasks till 1.3 GB. Each is refused (the
    parser's errors one line in ``hoyle`` itself, ``main``), and nothing is written."""
    monkeypatch.chdir(tmp_path)
    for args, says in (
            (["--shards", ""], "Invalid value for '--shards': a file or folder is needed "
                               "(got an empty name)"),
            (["--shards", "  "], "a file or folder is needed"),
            (["--out", ""], "Invalid value for '--out': a file or folder is needed"),
            (["--deals", str(10 ** 20)],
             "error: --deals must be from 40 to 10,000,000 (got 100,000,000,000,000,000,000)"),
            (["--deals", "10000001"], "error: --deals must be from 40 to 10,000,000")):
        code, out = run("tables", "win", "--per-task", "20", *args)
        assert code == 2 and says in out, out
        assert list(tmp_path.iterdir()) == []


def test_a_table_file_that_cannot_be_written_is_refused_before_any_task(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A name too long for the file system (once a traceback from ``Path.is_dir``) and one
    with a newline are one line each, the name cut short and quoted; nothing is written."""
    monkeypatch.chdir(tmp_path)
    code, out = run("tables", "win", "--deals", "40", "--out", "x" * 300 + ".npz")
    assert code == 2 and "error: cannot write 'xxxxxxxx" in out and "...: File name too long" \
        in out, out
    code, out = run("tables", "win", "--deals", "40", "--out", "no/such/a\nb.npz")
    assert code == 2 and "error: cannot write 'no/such/a\\nb.npz': no such directory" in out, out
    assert list(tmp_path.iterdir()) == []
