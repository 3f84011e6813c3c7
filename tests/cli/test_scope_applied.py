"""Scope applied, not only printed (issue 33, point 6), through ``hoyle referee``.

- ACC is written for two-hand six-card cribbage to 121 (ACC-1.2). Used in three-hand play
  it still rules every irregularity (each ruling marked "out of scope"), but the result is
  not covered: no ACC-12.1 game points and no skunk (before: 2 game points, as in two-hand
  play). Records made before keep replaying: a replay checks the facts of play (winner,
  scores, forfeit) and computes the law's terms as the engine reads them now.
- An agreed lurch (EW-xvii) in three- and four-hand play says whose score decides it,
  marked as the engine's default (tests/cribbage/test_results.py holds the term itself).

Three-hand: Al (seat 0), Bo (seat 1), Cy (seat 2) cut 9C, 2D, KH: Bo deals; Cy, on his
left, plays first. From 59-10-20, Cy leads 9H and Al's 6C makes fifteen: 61, the game.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import record_game

runner = CliRunner()
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ENV = {"NO_COLOR": "1", "COLUMNS": "300"}
GAME = ("9c\n2d\nkh\n2C 3C 4D 8S 9H 6C 5C 5S JD QH 7D 8D 9D TD KC AS\n2c\nqh\nkc\n6h\n"
        "9h\n0\n6c\n2\n")
NOT_COVERED = ("not covered: ACC-12.1's game points (and its skunk) are written for "
               "two-hand play (ACC-1.2): none counted")


def test_ACC_1_2_ACC_12_1_three_hand_result_not_covered_no_game_points(tmp_path: Path) -> None:
    save = tmp_path / "a.json"
    result = runner.invoke(app, ["referee", "cribbage", "--variant", "three-hand", "--laws",
                                 "acc", "--scores", "59,10,20", "--names", "Al,Bo,Cy",
                                 "--save", str(save)], input=GAME, env=ENV)
    out = " ".join(ANSI.sub("", result.output).split())
    assert result.exit_code == 0 and "Traceback" not in out
    assert ("Al wins: 61-20-10 [out of scope: ACC is written for two-hand six-card to 121 "
            f"(ACC-1.2); three-hand to 61 play, the two-hand rule applied; {NOT_COVERED}]") \
        in out
    assert "game points (ACC-12.1)" not in out
    stored = json.loads(save.read_text())["result"]
    assert (stored["winner"], stored["scores"], stored["game_points"], stored["skunk"]) == \
        (0, [61, 10, 20], 0, False)
    assert stored["marks"][-1] == NOT_COVERED


def test_a_record_made_before_replays_with_todays_terms(tmp_path: Path) -> None:
    # the five-card ACC game of tests/engine/data/records-807a6f3.json was stored with 2
    # game points; it replays (the facts agree) and now reads 0, not covered
    data = json.loads((Path(__file__).parents[1] / "engine" / "data" /
                       "records-807a6f3.json").read_text(encoding="utf-8"))
    old = next(r for r in data if r["variant"] == "five-card")
    assert old["result"]["game_points"] == 2
    record = GameRecord.from_json(json.dumps(old))
    state, _ = record_game(record).replay_record(record)
    now = state.result_dict()
    assert (now["winner"], now["scores"]) == (old["result"]["winner"], old["result"]["scores"])
    assert now["game_points"] == 0 and now["marks"][-1] == NOT_COVERED
    # a stored result whose facts differ is still refused
    forged = dict(old, result=dict(old["result"], scores=[61, 60]))
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged))
    result = runner.invoke(app, ["replay", str(path)], env=ENV)
    assert result.exit_code != 0
    assert "the recorded result does not match the replayed game" in result.output
