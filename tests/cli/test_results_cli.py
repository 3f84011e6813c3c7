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


# -- --match and --scores -------------------------------------------------------------------

# From 120-120, Bo dealing (the cut 9C / 2D), a jack turned: Bo's heels take him out.
QUICK_GAME = ["9c", "2d", "5H 5C 5S JD 2C 3C 4H 6D 7S 8S QC KD", "2c 3c", "qc kd", "jh",
              "heels"]


def referee(tmp_path: Path, *args: str, lines: list[str]) -> tuple[int, str]:
    return run("referee", "cribbage", "--names", "Al,Bo", *args,
               "--save", str(tmp_path / "m.json"), stdin="\n".join(lines) + "\n")


def test_ACC_1_5_referee_match_next_game_the_loser_deals_and_resumes(tmp_path: Path) -> None:
    code, out = referee(tmp_path, "--laws", "acc", "--match", "2", "--scores", "120,120",
                        lines=[*QUICK_GAME, "quit"])
    assert code == 0, out
    assert "a match: game 1, first to 2 games, from the scores 120-120" in out
    # ACC-6.3 heels 2 from 120: the peg stops in the game hole (ACC-1.6)
    assert "Bo wins: 121-120; 2 game points (ACC-12.1)" in out
    assert "Match, first to 2 games: Al 0, Bo 1; game points 0-2 (ACC-12.1)." in out
    second = tmp_path / "m-2.json"
    assert f"Game 2 of the match, saved to {second}: the loser of the last game deals " \
           "first (ACC-1.5; provisional: the catalogue has it from a summary)." in " ".join(out.split())
    assert "Al (dealer)" in out  # game 2 starts at the deal: no cut for deal
    first = GameRecord.load(tmp_path / "m.json")
    assert first.options["start_scores"] == "120,120" and first.result is not None
    assert (first.options["match_first_to"], first.options["match_number"],
            first.options["match_won"]) == (2, 1, "0,0")
    rec = GameRecord.load(second)
    assert rec.options["first_dealer"] == 0 and rec.options["match_won"] == "0,1"
    assert "start_scores" not in rec.options  # only the first game joined part way
    code, out = run("referee", "cribbage", "--resume", str(second), stdin="quit\n")
    assert code == 0 and "Resuming the refereed game" in out


def test_referee_match_of_one_game_is_won_with_it(tmp_path: Path) -> None:
    code, out = referee(tmp_path, "--laws", "acc", "--match", "1", "--scores", "120,120",
                        lines=QUICK_GAME)
    assert code == 0, out
    assert "Match, first to 1 game: Al 0, Bo 1; game points 0-2 (ACC-12.1)." in out
    assert "Bo wins the match (1 game to 0)." in out
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".json") == ["m.json"]


def test_EW_referee_match_next_game_cut_for_deal_marked(tmp_path: Path) -> None:
    code, out = referee(tmp_path, "--match", "2", "--scores", "120,120",
                        lines=[*QUICK_GAME, "quit"])
    assert code == 0, out
    assert "Bo wins: 122-120" in out  # EW: the count reached is shown (CRIB-R-11)
    assert "Match, first to 2 games: Al 0, Bo 1." in out  # EW has no game points
    assert "the cut for deal decides (EW-i for each game; EW is silent on the next game: " \
           "engine default next_game_first_dealer = cut)" in " ".join(out.split())


def test_referee_match_next_file_exists_one_error_game_one_kept(tmp_path: Path) -> None:
    (tmp_path / "m-2.json").write_text("{}")
    code, out = referee(tmp_path, "--laws", "acc", "--match", "2", "--scores", "120,120",
                        lines=QUICK_GAME)
    assert code == 2 and "m-2.json' already exists" in out.strip().splitlines()[-1]
    assert GameRecord.load(tmp_path / "m.json").result is not None
    assert (tmp_path / "m-2.json").read_text() == "{}"


@pytest.mark.parametrize("args, text", [
    (["--match", "0"], "match: first_to must be a whole number from 1 to 99 (not 0)"),
    (["--match", "100"], "match: first_to must be a whole number from 1 to 99 (not 100)"),
    (["--scores", "121,0"], "start_scores must be 2 whole numbers, one per side, each from "
                            "0 to 120 (not 121)"),
    (["--scores", "110"], "start_scores must be 2 whole numbers, one per side, each from "
                          "0 to 120 (not '110')"),  # what was typed, not "(110,)"
    (["--scores", "110,5,7"], "start_scores must be 2 whole numbers, one per side, each "
                              "from 0 to 120 (not '110,5,7')"),
    (["--scores", "a,b"], "--scores takes 2 whole numbers, one per side, e.g. --scores "
                          "110,112 (not 'a,b')"),
    (["--scores", "-1,5"], "--scores takes 2 whole numbers"),
])
def test_referee_bad_match_or_scores_one_error_line_nothing_written(
        tmp_path: Path, args: list[str], text: str) -> None:
    code, out = referee(tmp_path, *args, lines=["quit"])
    assert code == 2
    one_error(out, text)
    assert list(tmp_path.iterdir()) == []


def test_play_match_recorded_in_the_game_and_the_banner(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    code, out = run("play", "cribbage", "--seed", "4", "--opponent", "random", "--plain",
                    "--match", "3", "--save", str(path), stdin="quit\n")
    assert code == 0, out
    assert "a match: game 1, first to 3 games" in out
    options = GameRecord.load(path).options
    assert {k: v for k, v in options.items() if k.startswith("match_")} == {
        "match_first_to": 3, "match_number": 1, "match_won": "0,0", "match_points": "0,0",
        "match_seed": 4}


def test_play_bad_match_one_error_line_nothing_written(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    code, out = run("play", "cribbage", "--seed", "4", "--plain", "--match", "-2",
                    "--save", str(path), stdin="quit\n")
    assert code == 2
    one_error(out, "match: first_to must be a whole number from 1 to 99 (not -2)")
    assert not path.exists()


def test_ACC_1_5_sim_matches_the_loser_deals_each_next_game(tmp_path: Path) -> None:
    out_path = tmp_path / "m.jsonl"
    code, out = run("sim", "cribbage", "--players", "greedy,random", "--games", "4",
                    "--match", "2", "--laws", "acc", "--seed", "1", "--out", str(out_path))
    assert code == 0, out
    records = [GameRecord.from_json(line) for line in out_path.read_text().splitlines()]
    by_match: dict[int, list[GameRecord]] = {}
    for r in records:  # game k of match i is seeded (seed, i * 2 * 2 + k)
        assert r.seed is not None
        by_match.setdefault((r.seed % 1_000_003) // 4, []).append(r)
    assert sorted(by_match) == [0, 1, 2, 3]
    wins = [0, 0]
    points = [0, 0]
    for i, games in by_match.items():
        # match i's first game: A (seat 0) deals first when i is even
        assert games[0].options["first_dealer"] == i % 2
        won = [0, 0]
        for k, g in enumerate(games):
            assert g.result is not None and g.options["match_number"] == k + 1
            won[g.result["winner"]] += g.result["games"]
            points[g.result["winner"]] += g.result["game_points"]
            if k + 1 < len(games):  # ACC-1.5: the loser deals first in the next game
                assert games[k + 1].options["first_dealer"] == 1 - g.result["winner"]
        assert max(won) == 2 and len(games) in (2, 3)
        wins[won.index(2)] += 1
    text = " ".join(out.split())
    assert f"matches won │ {wins[0]} │ {wins[1]}" in text
    assert f"game points │ {points[0]} │ {points[1]}" in text
    # the same run on two workers gives the same records
    out2 = tmp_path / "m2.jsonl"
    code, _ = run("sim", "cribbage", "--players", "greedy,random", "--games", "4",
                  "--match", "2", "--laws", "acc", "--seed", "1", "--workers", "2",
                  "--out", str(out2))
    assert code == 0 and out2.read_text() == out_path.read_text()


def test_EW_sim_matches_next_game_by_the_cut(tmp_path: Path) -> None:
    out_path = tmp_path / "m.jsonl"
    code, out = run("sim", "cribbage", "--players", "random,random", "--games", "2",
                    "--match", "2", "--laws", "ew", "--seed", "3", "--out", str(out_path))
    assert code == 0, out
    records = [GameRecord.from_json(line) for line in out_path.read_text().splitlines()]
    later = [r for r in records if r.options["match_number"] > 1]
    assert later and all("first_dealer" not in r.options for r in later)  # cut for deal
    assert all(r.actions[0].startswith("CUT") for r in later)


@pytest.mark.parametrize("bad", ["0", "100"])
def test_sim_bad_match_one_error_line_nothing_written(tmp_path: Path, bad: str) -> None:
    out_path = tmp_path / "m.jsonl"
    code, out = run("sim", "cribbage", "--players", "random,random", "--games", "2",
                    "--match", bad, "--out", str(out_path))
    assert code == 2
    one_error(out, f"match: first_to must be a whole number from 1 to 99 (not {bad})")
    assert not out_path.exists()


# -- --lurch-agreed (EW-xvii) ---------------------------------------------------------------

def test_EW_xvii_referee_lurch_agreed_counts_two_games_in_a_match(tmp_path: Path) -> None:
    # From 10-120, Bo's heels take him out at 122 with Al on 10 (below 61, half the target):
    # a lurch; agreed, it is two games and wins a match of first to 2 in one game.
    code, out = referee(tmp_path, "--laws", "ew", "--match", "2", "--scores", "10,120",
                        "--lurch-agreed", lines=QUICK_GAME)
    assert code == 0, out
    assert "Bo wins: 122-10; lurch (EW-xvii), two games" in " ".join(out.split())
    assert "Match, first to 2 games (an agreed lurch counts two, EW-xvii): Al 0, Bo 2." in out
    assert "Bo wins the match (2 games to 0)." in out
    first = GameRecord.load(tmp_path / "m.json")
    assert first.options["lurch_agreed"] is True and first.result is not None
    assert first.result["games"] == 2
    assert not (tmp_path / "m-2.json").exists()  # no second game: the match is won


def test_EW_xvii_referee_lurch_not_agreed_is_one_game(tmp_path: Path) -> None:
    code, out = referee(tmp_path, "--laws", "ew", "--match", "2", "--scores", "10,120",
                        lines=[*QUICK_GAME, "quit"])
    assert code == 0, out
    assert "Match, first to 2 games: Al 0, Bo 1." in out
    assert (tmp_path / "m-2.json").exists()


@pytest.mark.parametrize("command", [
    ["play", "cribbage", "--seed", "1", "--plain", "--laws", "acc"],
    ["referee", "cribbage", "--laws", "acc"],
    ["sim", "cribbage", "--games", "2", "--laws", "acc"],
    ["sim", "cribbage", "--games", "2"],
])
def test_EW_xvii_lurch_agreed_under_another_code_one_error(tmp_path: Path,
                                                           command: list[str]) -> None:
    code, out = run(*command, "--lurch-agreed", "--save" if command[0] != "sim" else "--out",
                    str(tmp_path / "x.json"), stdin="quit\n")
    assert code == 2, out
    one_error(out, "--lurch-agreed is an option of the EW code (EW-xvii): add --laws ew")
    assert not list(tmp_path.iterdir())


def test_EW_xvii_play_lurch_agreed_recorded(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    code, out = run("play", "cribbage", "--seed", "3", "--opponent", "random", "--laws", "ew",
                    "--lurch-agreed", "--plain", "--save", str(path), stdin="quit\n")
    assert code == 0, out
    assert GameRecord.load(path).options["lurch_agreed"] is True


def test_EW_xvii_sim_lurch_agreed_a_lurch_is_two_games(tmp_path: Path) -> None:
    out_path = tmp_path / "m.jsonl"
    code, out = run("sim", "cribbage", "--players", "expert,random", "--games", "6",
                    "--match", "2", "--laws", "ew", "--lurch-agreed", "--seed", "2",
                    "--out", str(out_path))
    assert code == 0, out
    records = [GameRecord.from_json(line) for line in out_path.read_text().splitlines()]
    assert records and all(r.options["lurch_agreed"] is True for r in records)
    for r in records:
        assert r.result is not None
        # EW-xvii: the loser below 61 (half the target) is lurched: two games, agreed
        assert r.result["lurch"] == (min(r.result["scores"]) < 61), r.result
        assert r.result["games"] == (2 if r.result["lurch"] else 1), r.result
    assert any(r.result is not None and r.result["lurch"] for r in records)
