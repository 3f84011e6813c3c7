"""Écarté matches on the command line (issue 33, item 8): ``hoyle referee ecarte --match N``
and ``hoyle play ecarte --match N``, first to N games (neither the old Hoyle laws nor the
Club Code counts a rubber: the engine's match, marked as its default), each game its own
record carrying the match, the cut for deal deciding each game's dealer (HGIE-2, CLUB-5
read for each game, marked as the engine's default)."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.ecarte.records import replay_record
from hoyle.engine.records import GameRecord

runner = CliRunner()
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ENV = {"NO_COLOR": "1", "COLUMNS": "200"}
OH_11_DEAL = ["9c", "kd", "32 KS QS JS 7H 7D AS 9S KH QH KD", "8s", "propose", "accept",
              "DISCARD 2 7D", "7c 8c"]
"""A deal in which the elder hand (Ann) asks for two and lays out one: Bob scores one
(OH-11)."""


def run(*args: str, lines: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input="\n".join(lines) + "\n", env=ENV)
    return result.exit_code, " ".join(ANSI.sub("", result.output).split())


def test_OH_11_a_refereed_ecarte_match_goes_on_to_its_next_game(tmp_path: Path) -> None:
    save = tmp_path / "m.json"
    code, out = run("referee", "ecarte", "--laws", "oh", "--names", "Ann,Bob", "--match", "2",
                    "--scores", "2,4", "--save", str(save), lines=[*OH_11_DEAL, "quit"])
    assert code == 0, out
    assert "game of 5, a match: game 1, first to 2 games, from the scores 2-4" in out
    assert "Bob wins: 2-5" in out and "Match, first to 2 games: Ann 0, Bob 1." in out
    second = tmp_path / "m-2.json"
    assert (f"Game 2 of the match, saved to {second}: the cut for deal decides (HGIE-2 read "
            "for each game; the code is silent on the next game: engine default, cut "
            "again).") in out
    first = GameRecord.load(save)
    assert first.options["match_number"] == 1 and first.result is not None
    record = GameRecord.load(second)
    assert {k: v for k, v in record.options.items() if k.startswith("match")} == {
        "match_first_to": 2, "match_number": 2, "match_won": "0,1", "match_points": "0,0"}
    state, _ = replay_record(record)
    assert state.scores == [0, 0] and state.match is not None  # game 2 from nothing
    code, out = run("referee", "ecarte", "--resume", str(second), lines=["quit"])
    assert code == 0 and "Resuming the refereed game" in out


def test_OH_11_a_match_of_one_game_is_won_with_it(tmp_path: Path) -> None:
    code, out = run("referee", "ecarte", "--laws", "oh", "--names", "Ann,Bob", "--match", "1",
                    "--scores", "2,4", "--save", str(tmp_path / "m.json"), lines=OH_11_DEAL)
    assert code == 0, out
    assert "Match, first to 1 game: Ann 0, Bob 1. Bob wins the match (1 game to 0)." in out
    assert not (tmp_path / "m-2.json").exists()


def test_an_ecarte_match_against_the_computer_is_recorded(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    code, out = run("play", "ecarte", "--match", "3", "--seed", "5", "--plain", "--save",
                    str(save), lines=["quit"])
    assert code == 0, out
    assert "a match: game 1, first to 3 games" in out
    assert GameRecord.load(save).options == {"match_first_to": 3, "match_number": 1,
                                             "match_won": "0,0", "match_points": "0,0",
                                             "match_seed": 5}
    for bad in ("0", "100"):
        code, out = run("play", "ecarte", "--match", bad, "--plain", "--save",
                        str(tmp_path / "x.json"), lines=["quit"])
        assert code == 2 and out.startswith("error:") and "first_to must be a whole number " \
            "from 1 to 99" in out, out
        assert not (tmp_path / "x.json").exists()
