"""The seed of a game against the computer derives the computer's cards and every deal to
come: nothing hoyle prints before the game is over names it (the banner, the record file's
default name, the resumed line, ``hoyle replay`` of a game in progress, with or without
``--seat``), and a replay of a game in progress shows no other seat's cards (no ``--all``,
no other ``--seat``). The record file keeps the seed (it already holds every card dealt,
as the chance outcomes of its actions, so it is the person's own full record, read by
hoyle, not shown) and the finished game's replay shows it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.cli.saves import saves_dir
from hoyle.engine.records import GameRecord

SEED = 918273645
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=stdin,
                                env={"NO_COLOR": "1", "COLUMNS": "200"})
    return result.exit_code, ANSI.sub("", result.output)


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("game", ["cribbage", "ecarte"])
def test_the_play_banner_and_the_default_file_never_name_the_seed(in_tmp: Path,
                                                                   game: str) -> None:
    code, out = run("play", game, "--seed", str(SEED), "--opponent", "random", stdin="quit\n")
    assert code == 0 and "Game saved to" in out
    assert str(SEED) not in out
    assert not [p for p in in_tmp.iterdir() if p.suffix == ".json"]  # saved in the data dir
    files = list(saves_dir().glob("*.json"))
    assert len(files) == 1 and str(SEED) not in files[0].name
    assert re.fullmatch(rf"hoyle-{game}-\d{{8}}-\d{{6}}\.json", files[0].name)
    assert GameRecord.load(files[0]).seed == SEED  # kept in the file, to resume exactly
    # Resumed: the resumed line and what follows name no seed either.
    code, out = run("play", "--resume", str(files[0]), stdin="quit\n")
    assert code == 0 and "Resuming the game" in out and str(SEED) not in out


def test_replay_of_a_game_in_progress_shows_no_seed_and_no_other_seat(in_tmp: Path) -> None:
    code, _ = run("play", "cribbage", "--seed", str(SEED), "--opponent", "random", "--save",
                  "g.json", stdin="quit\n")
    assert code == 0
    record = GameRecord.load("g.json")
    assert record.result is None and record.seats == ["human", "random"]
    for args in ((), ("--seat", "0")):
        code, out = run("replay", "g.json", *args)
        assert code == 0 and "Unfinished" in out
        assert str(SEED) not in out and "seed" not in out
    code, out = run("replay", "g.json", "--seat", "1")
    assert code == 2 and "only seat 0's view (yours) can be shown until it is over" in out
    code, out = run("replay", "g.json", "--all")
    assert code == 2 and "--all shows every card once it is over" in out


def test_replay_of_a_finished_game_shows_its_seed_and_every_card(in_tmp: Path) -> None:
    from hoyle.cribbage.match import play_game
    from hoyle.cribbage.players import RandomPlayer

    state = play_game([RandomPlayer(), RandomPlayer()], seed=SEED)
    state.to_record(seats=["human", "random"]).save("done.json")
    code, out = run("replay", "done.json", "--all")
    assert code == 0 and f"seed {SEED}" in out
    code, out = run("replay", "done.json", "--seat", "1")
    assert code == 0 and f"seed {SEED}" in out
