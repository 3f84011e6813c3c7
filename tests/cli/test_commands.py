"""The non-interactive commands: score, replay, laws, and their one-line errors."""

from __future__ import annotations

import gzip
import json
import os
import re
from pathlib import Path

from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.cribbage.players import GreedyPlayer, RandomPlayer
from hoyle.cribbage.match import play_game
from hoyle.engine.records import GameRecord
import pytest

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

runner = CliRunner()
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={"NO_COLOR": "1", "COLUMNS": "200"})
    return result.exit_code, ANSI.sub("", result.output)


def test_score_29_hand() -> None:
    # 5-5-5-J with the fourth five, of the jack's suit, as starter: 15s 16, pairs 12, nobs 1.
    code, out = run("score", "5H", "5C", "5S", "JD", "--starter", "5D")
    assert code == 0
    assert re.search(r"total\s*│\s*│\s*29", out)
    assert out.count("fifteen") == 8 and out.count("pair") == 6 and "nobs" in out


def test_score_crib_flush_needs_starter() -> None:
    # 2-4-6-8 of hearts, starter KS. Fifteens: with K (10) the rest must make 5 (no subset
    # of 2,4,6,8 does); without it, subsets of 2,4,6,8 are all even, never 15. No pair, no
    # run. As a hand: flush of 4 = 4. As a crib: the starter is not a heart, so 0 (EW-T-vii).
    code, out = run("score", "2H", "4H", "6H", "8H", "--starter", "KS")
    assert code == 0 and re.search(r"flush\s*│.*│\s*4", out)
    code, out = run("score", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib")
    assert code == 0 and re.search(r"total\s*│\s*│\s*0", out)


def test_score_bad_card_is_one_line() -> None:
    code, out = run("score", "5H", "1X", "5S", "JD", "--starter", "5D")
    assert code == 2
    assert "cannot read card '1X'" in out and "Traceback" not in out


def test_score_duplicate_starter() -> None:
    code, out = run("score", "5H", "5C", "5S", "JD", "--starter", "5H")
    assert code == 2 and "card 5♥ is given twice" in out


def test_replay_prints_the_game(tmp_path: Path) -> None:
    game = play_game([GreedyPlayer(), RandomPlayer()], seed=3)
    path = tmp_path / "g.json"
    game.to_record(seats=["greedy", "random"]).save(path)
    code, out = run("replay", str(path))
    assert code == 0
    assert "cut" in out and "Starter:" in out and "wins" in out
    # As seat 1 sees it: seat 0's dealt cards are never printed.
    code, out1 = run("replay", str(path), "--seat", "1")
    assert code == 0 and "Seat 0 (greedy) is dealt" not in out1
    assert "Seat 1 (random) is dealt" in out1


def test_replay_tampered_record_names_the_action(tmp_path: Path) -> None:
    game = play_game([RandomPlayer(), RandomPlayer()], seed=5)
    rec = game.to_record()
    rec.actions[5] = "PLAY 2X"
    path = tmp_path / "bad.json"
    rec.save(path)
    code, out = run("replay", str(path))
    assert code == 2 and "action 6 'PLAY 2X'" in out


def test_replay_missing_file() -> None:
    code, out = run("replay", "/nonexistent/file.json")
    assert code == 2 and "cannot read record" in out


def test_laws_lists_every_EW_law() -> None:
    code, out = run("laws", "cribbage")
    assert code == 0
    for law_id in ("EW-i", "EW-ix-n", "EW-xxii", "EW-coda-2"):
        assert law_id in out


def test_laws_prints_one_law_and_how_it_is_applied() -> None:
    code, out = run("laws", "cribbage", "ew-xii")
    assert code == 0
    assert "EW-xii" in out and "heels" in out.lower() and "How hoyle applies it" in out


def test_laws_params_lists_the_joined_schema() -> None:
    """``hoyle laws GAME --params``: the rules' options, then the code's parameters with the
    code's values (ACC-12.1: 3 game points for a skunk; OH's refusal penalty counts every
    refusal, HGIE-21)."""
    code, out = run("laws", "cribbage", "--laws", "acc", "--params")
    assert code == 0
    rules, laws = out.split("The acc code's:")
    assert "crib_flush_rule = strict  (takes strict, lenient)" in rules
    assert "skunk_game_points = 3  (takes 2 to 4)" in laws
    assert "EW-xi" not in laws and "lurch_threshold" not in laws
    code, out = run("laws", "ecarte", "--laws", "oh", "--params")
    assert code == 0 and "max_exchanges = None  (takes 0 to 99, or none)" in out
    assert "refusal_penalty_scope = any" in out


def test_laws_unknown_id_and_code() -> None:
    assert run("laws", "cribbage", "EW-99")[0] == 2
    code, out = run("laws", "cribbage", "--code", "zz")
    assert code == 2 and "unknown law code 'zz'" in out


def test_play_unknown_opponent() -> None:
    code, out = run("play", "cribbage", "--opponent", "deep-blue")
    assert code == 2 and "unknown player 'deep-blue'" in out


def test_stats_ecarte_tables(tmp_path: Path) -> None:
    out = tmp_path / "refuse.csv"
    code, text = run("stats", "ecarte", "--refuse-table", "--holdings", "6", "--samples", "10",
                     "--workers", "1", "--out", str(out))
    assert code == 0, text
    assert "6 dealer's holdings" in text and "refusing" in text
    assert len(out.read_text().splitlines()) == 7
    code, text = run("stats", "ecarte", "--stand-table", "--holdings", "5", "--samples", "10",
                     "--workers", "1")
    assert code == 0 and "5 holdings" in text
    code, text = run("stats", "ecarte")
    assert code != 0 and "--stand-table" in text and "Traceback" not in text
    code, text = run("stats", "ecarte", "--stand-table", "--refuse-table")
    assert code != 0 and "choose one" in text
    code, text = run("stats", "ecarte", "--refuse-table", "--samples", "1")
    assert code != 0 and "--samples" in text and "--holdings" not in text
    code, text = run("stats", "ecarte", "--refuse-table", "--out", str(tmp_path))
    assert code != 0 and "directory" in text
    code, text = run("stats", "ecarte", "--refuse-table", "--holdings", "2", "--samples", "4",
                     "--workers", "1", "--out", str(tmp_path / "no" / "such" / "dir.csv"))
    assert code != 0 and "Traceback" not in text and len(text.strip().splitlines()) == 1


def test_sim_cribbage_continues_a_run_from_a_later_game(tmp_path: Path) -> None:
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    code, text = run("sim", "cribbage", "--players", "greedy,random", "--games", "5",
                     "--seed", "3", "--out", str(whole))
    assert code == 0 and "5 games, seed 3" in text
    code, text = run("sim", "cribbage", "--players", "greedy,random", "--games", "2",
                     "--seed", "3", "--first-game", "3", "--out", str(part))
    assert code == 0 and "games 3-4" in text
    assert whole.read_text().splitlines()[3:] == part.read_text().splitlines()
    code, text = run("sim", "cribbage", "--games", "2", "--first-game", "-1")
    assert code != 0 and "--first-game must be 0 or more" in text
    # The first part's records are never overwritten by the rest.
    code, text = run("sim", "cribbage", "--players", "greedy,random", "--games", "2",
                     "--seed", "3", "--first-game", "3", "--out", str(whole))
    assert code != 0 and "exists" in text and len(whole.read_text().splitlines()) == 5


def test_discard_ranks_the_15_discards() -> None:
    # 5-5-5-J kept as dealer: 14 in hand before the starter (fifteens 5+5+5 and J+5 three
    # times: 8; pair royal 6), so laying away 2-9 is the best of the 15 discards.
    code, out = run("discard", "5H", "5C", "5S", "JD", "2C", "9S", "--dealer")
    assert code == 0 and "dealer (your crib)" in out
    rows = [ln for ln in out.splitlines() if re.match(r"\s*│\s*\d+\s*│", ln)]
    assert len(rows) == 15
    assert re.match(r"\s*│\s*1\s*│\s*2♣ 9♠\s*│", rows[0])


def test_discard_needs_exactly_one_role() -> None:
    code, out = run("discard", "5H", "5C", "5S", "JD", "2C", "9S")
    assert code == 2 and "--dealer (yours) or --pone" in out and "not both" not in out
    code, out = run("discard", "5H", "5C", "5S", "JD", "2C", "9S", "--dealer", "--pone")
    assert code == 2 and "not both" in out and "Traceback" not in out
    code, out = run("discard", "5H", "5C", "5S", "JD", "2C", "--pone")
    assert code == 2 and "Traceback" not in out and len(out.strip().splitlines()) == 1


def test_replay_a_line_of_a_sim_records_file(tmp_path: Path) -> None:
    out_file = tmp_path / "run.jsonl"
    code, _ = run("sim", "cribbage", "--players", "greedy,random", "--games", "3",
                  "--seed", "7", "--out", str(out_file))
    assert code == 0
    lines = out_file.read_text().splitlines()
    # Game 1 of the run (line 2) is seeded 7 * 1,000,003 + 1 (hoyle.interface.tally.game_seed).
    code, out = run("replay", str(out_file), "--line", "2")
    assert code == 0 and "seed 7000022" in out and "wins" in out
    assert '"seed": 7000022' in lines[1]
    code, out = run("replay", str(out_file))
    assert code == 2 and "holds 3 records" in out and "--line N (1 to 3)" in out
    for bad in ("0", "4"):
        code, out = run("replay", str(out_file), "--line", bad)
        assert code == 2 and f"no record {bad}" in out and "Traceback" not in out
    out_file.write_text(lines[0] + "\n" + lines[1][:50] + "\n")
    code, out = run("replay", str(out_file), "--line", "2")
    assert code == 2 and "record 2 of" in out and "not a JSON record" in out
    # Blank lines are not records: the count and --line agree.
    out_file.write_text(lines[0] + "\n\n" + lines[1] + "\n")
    code, out = run("replay", str(out_file))
    assert code == 2 and "holds 2 records" in out and "(1 to 2)" in out
    code, out = run("replay", str(out_file), "--line", "2")
    assert code == 0 and "seed 7000022" in out
    # A saved game (one record over many lines) is its own record 1.
    single = tmp_path / "one.json"
    GameRecord.from_json(lines[0]).save(single)
    assert run("replay", str(single), "--line", "1")[0] == 0
    code, out = run("replay", str(single), "--line", "2")
    assert code == 2 and "holds 1 record: no record 2" in out
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    code, out = run("replay", str(empty))
    assert code == 2 and "empty.jsonl' is empty" in out


def test_sim_summary_pools_the_parts_of_a_run(tmp_path: Path) -> None:
    # A run of 7 games and the same run in two parts (--first-game): the summary of the
    # parts prints the very table the whole run printed (each game replayed and tallied).
    whole, a, b = tmp_path / "w.jsonl", tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    code, printed = run("sim", "cribbage", "--players", "greedy,random", "--games", "7",
                        "--seed", "5", "--out", str(whole))
    assert code == 0
    assert run("sim", "cribbage", "--players", "greedy,random", "--games", "4", "--seed", "5",
               "--out", str(a))[0] == 0
    assert run("sim", "cribbage", "--players", "greedy,random", "--games", "3", "--seed", "5",
               "--first-game", "4", "--out", str(b))[0] == 0
    code, summary = run("sim", "summary", str(a), str(b))
    assert code == 0 and "greedy v random: 7 games, seed 5" in summary
    def title(text: str) -> str:
        return next(ln.strip() for ln in text.splitlines() if ln.strip())

    assert title(summary) == title(printed)  # the run's own title

    def body(text: str) -> list[str]:  # the table's rows and the first dealer's line
        lines = text.splitlines()
        start = next(i for i, ln in enumerate(lines) if "wins" in ln)
        return [ln for ln in lines[start:] if "Records written" not in ln]

    assert body(summary) == body(printed)
    # A killed run's cut-short last line is skipped and said; a game twice is an error.
    b.write_text(b.read_text() + a.read_text()[:300])
    code, text = run("sim", "summary", str(a), str(b))
    assert code == 0 and "line 4: cut short, skipped" in text and "7 games" in text
    code, text = run("sim", "summary", str(a), str(whole))
    assert code == 2 and "is already read" in text and "Traceback" not in text
    # A bad line that is not the last is an error naming it; so is another match's game.
    b.write_text('{"format": "hoyle-record/1"}\n' + b.read_text())
    code, text = run("sim", "summary", str(b))
    assert code == 2 and "line 1:" in text and "'game' is missing" in text
    other = tmp_path / "e.jsonl"
    assert run("sim", "ecarte", "--players", "rules,random", "--games", "2", "--seed", "5",
               "--out", str(other))[0] == 0
    code, text = run("sim", "summary", str(a), str(other))
    assert code == 2 and "another match" in text
    # A run's results kept gzip-compressed (scripts/keep_results.py) are named for what
    # they are, not as bytes that are not UTF-8.
    kept = tmp_path / "kept.jsonl.gz"
    kept.write_bytes(gzip.compress(a.read_bytes()))
    code, text = run("sim", "summary", str(kept))
    assert code == 2 and "gzip-compressed, not a run's records" in text
    assert "codec" not in text and "Traceback" not in text


def test_sim_summary_names_the_file_and_refuses_another_run(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert run("sim", "cribbage", "--players", "greedy,random", "--games", "3", "--seed", "5",
               "--out", str(a))[0] == 0
    assert run("sim", "cribbage", "--players", "greedy,random", "--games", "2", "--seed", "6",
               "--out", str(b))[0] == 0
    # Games of a run seeded 6 are not games 3 and 4 of the run seeded 5.
    code, text = run("sim", "summary", str(a), str(b))
    assert code == 2 and "another match" in text and "seed 6" in text
    # A tampered game is named by its file and line.
    lines = a.read_text().splitlines()
    rec = GameRecord.from_json(lines[1])
    rec.actions[3] = "DISCARD XX YY"
    a.write_text("\n".join([lines[0], rec.to_json(indent=None), lines[2]]) + "\n")
    code, text = run("sim", "summary", str(a))
    assert code == 2 and f"{a} line 2 (seed 5000016): action 4" in text
    # --out never writes over a file.
    code, text = run("sim", "cribbage", "--players", "greedy,random", "--games", "1",
                     "--out", str(b))
    assert code == 2 and "exists" in text and len(b.read_text().splitlines()) == 2


def test_resume_takes_no_new_game_options(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    game = play_game([GreedyPlayer(), RandomPlayer()], seed=3)
    game.to_record(seats=["greedy", "random"]).save(save)
    for args in (["referee", "cribbage", "--save", str(tmp_path / "x.json")],
                 ["referee", "ecarte", "--names", "A,B"],
                 ["play", "cribbage", "--seed", "4"],
                 ["play", "ecarte", "--save", str(tmp_path / "y.json")],
                 ["play", "cribbage", "--laws", "acc"], ["play", "cribbage", "--opponent",
                                                         "greedy"],
                 ["play", "ecarte", "--laws", "club"],
                 ["referee", "cribbage", "--variant", "five-card"]):
        code, text = run(*args, "--resume", str(save))
        assert code == 2 and "would be ignored" in text, args
    assert not (tmp_path / "x.json").exists() and not (tmp_path / "y.json").exists()


def test_play_resume_of_a_refereed_game_says_how_to_resume_it(tmp_path: Path) -> None:
    for game in ("cribbage", "ecarte"):
        path = tmp_path / f"{game}.json"
        result = runner.invoke(app, ["referee", game, "--save", str(path)], input="9c\nquit\n",
                               env={"NO_COLOR": "1", "COLUMNS": "200"})
        assert result.exit_code == 0 and path.exists()
        code, text = run("play", "--resume", str(path))
        assert code == 2 and f"refereed game: hoyle referee {game} --resume {path}" in text


def test_quit_hints_quote_a_path_with_spaces(tmp_path: Path) -> None:
    path = tmp_path / "my game.json"
    result = runner.invoke(app, ["play", "cribbage", "--seed", "3", "--opponent", "random",
                                 "--save", str(path)], input="quit\n",
                           env={"NO_COLOR": "1", "COLUMNS": "80"})
    assert result.exit_code == 0
    assert f"hoyle play --resume '{path}' (or see it so far: hoyle replay '{path}')" in \
        ANSI.sub("", result.output)
    # Resuming it as the wrong game names the game it is.
    code, text = run("play", "ecarte", "--resume", str(path))
    assert code == 2 and "not an écarté" in text


def test_ecarte_referee_menu_lists_the_codes_laws(tmp_path: Path) -> None:
    # OH-6 rules a deal out of turn; the OH code has no law for a wrong pack (CLUB has):
    # the menu is every code's kinds, a wrong pack "not covered by OH" under OH.
    for laws, present, line in (("oh", "OH-6", r"wrong_pack\W+not covered by OH"),
                                ("club", "wrong_pack", r"wrong_pack\W+CLUB-\d+")):
        result = runner.invoke(app, ["referee", "ecarte", "--laws", laws, "--save",
                                     str(tmp_path / f"{laws}.json")],
                               input="menu\nquit\n", env={"NO_COLOR": "1", "COLUMNS": "200"})
        out = ANSI.sub("", result.output)
        assert result.exit_code == 0 and present in out and "by whom and when" in out
        assert re.search(line, out), out


def test_parser_mistakes_are_one_error_line() -> None:
    # Through the real entry point (main), not the test runner: an unknown option, a value
    # of the wrong type, a missing argument, an unknown command.
    import subprocess
    import sys

    for args, says in ((["play", "--names", "A"], "No such option: --names"),
                       (["replay", "x.jsonl", "--line", "abc"], "Invalid value for '--line'"),
                       (["discard", "--pone"], "Missing argument"),
                       (["nosuch"], "No such command")):
        p = subprocess.run([sys.executable, "-m", "hoyle", *args], capture_output=True,
                           text=True, env={**os.environ, "NO_COLOR": "1"})
        lines = p.stderr.strip().splitlines()
        assert p.returncode == 2 and len(lines) == 1, (args, p.stderr)
        assert lines[0].startswith("error: ") and says in lines[0] and "--help)" in lines[0]
    # A group named alone still prints its help.
    p = subprocess.run([sys.executable, "-m", "hoyle", "sim"], capture_output=True, text=True,
                       env={**os.environ, "NO_COLOR": "1"})
    assert p.returncode == 2 and "matches between computer players" in p.stdout


def test_sim_refuses_bad_players_and_seeds_before_writing_any_file(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    code, text = run("sim", "cribbage", "--players", "expert,bogus", "--games", "2",
                     "--out", str(out))
    assert code == 2 and "unknown player 'bogus'" in text and not out.exists()
    code, text = run("sim", "ecarte", "--seed", "-1", "--games", "2", "--out", str(out))
    assert code == 2 and "the seed must be 0 or more" in text and not out.exists()
    # the corrected command then runs and writes its records
    code, text = run("sim", "cribbage", "--players", "random,random", "--games", "2",
                     "--out", str(out))
    assert code == 0 and len(out.read_text().splitlines()) == 2


def test_a_record_with_law_params_but_no_law_code_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    GameRecord("cribbage", "six-card", "", {"law_params": {"bogus": 1}}, seed=1,
               actions=["CUT 9C", "CUT 2D"]).save(path)
    code, text = run("replay", str(path))
    assert code == 2 and "law_params without a law code" in text


def test_play_resume_refuses_a_bad_count_of_undos_in_one_line(tmp_path: Path) -> None:
    # options.undos must be a whole number 0 or more: a string, a negative number, a float
    # (1e9 in JSON) or a boolean is a RecordError (one line, exit 2), not a traceback.
    for game, args in (("cribbage", ["--opponent", "random"]), ("ecarte", [])):
        path = tmp_path / f"{game}.json"
        result = runner.invoke(app, ["play", game, "--seed", "3", *args, "--save", str(path)],
                               input="quit\n", env={"NO_COLOR": "1", "COLUMNS": "200"})
        assert result.exit_code == 0 and path.exists()
        good = path.read_text()
        for bad, shown in (('"x"', "'x'"), ("-3", "-3"), ("1e9", "1000000000.0"),
                           ("true", "True")):
            record = GameRecord.load(path)
            data = json.loads(good)
            data["options"]["undos"] = json.loads(bad)
            text = json.dumps(data)
            assert GameRecord.from_json(text).options["undos"] == json.loads(bad)
            bad_path = tmp_path / f"bad-{game}.json"
            bad_path.write_text(text)
            code, out = run("play", "--resume", str(bad_path))
            assert code == 2, (game, bad, out)
            assert f"option 'undos' must be a whole number 0 or more, not {shown}" in out
            assert "Traceback" not in out and len(out.strip().splitlines()) == 1, out
            assert record.actions == GameRecord.load(path).actions


def test_sim_plays_the_five_card_game_and_refuses_a_game_of_more_than_two(tmp_path: Path
                                                                          ) -> None:
    # issue 32: the five-card strength runs (hoyle sim --variant five-card)
    out = tmp_path / "five.jsonl"
    code, text = run("sim", "cribbage", "--players", "greedy,random", "--games", "3",
                     "--variant", "five-card", "--out", str(out))
    assert code == 0, text
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 3 and {r["variant"] for r in records} == {"five-card"}
    assert all(max(r["result"]["scores"]) >= 61 > min(r["result"]["scores"]) for r in records)
    # a match of five-card games: the players cut for the first deal (three for last goes
    # with the cut, EW-T-x)
    code, text = run("sim", "cribbage", "--players", "greedy,random", "--games", "2",
                     "--variant", "five-card", "--match", "2")
    assert code == 0, text
    for variant, said in (("four-hand", "a match is between two players: the four-hand "
                                        "game has 4"),
                          ("bogus", "unknown cribbage variant 'bogus'")):
        code, text = run("sim", "cribbage", "--games", "2", "--variant", variant, "--out",
                         str(tmp_path / "x.jsonl"))
        assert code == 2 and said in text and not (tmp_path / "x.jsonl").exists()
