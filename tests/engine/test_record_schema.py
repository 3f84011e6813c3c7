"""The record schema: size, depth and number limits and typed options, checked before a
record is replayed, and the file read with a cap. Each case the hardening issue found
(``RecursionError``, ``ValueError``, ``TypeError``, ``MemoryError``, a 10 MB record taking
a minute) is now one :class:`RecordError`, on both engines (the suite runs on both).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.cribbage.match import play_game
from hoyle.cribbage.players import GreedyPlayer, RandomPlayer
from hoyle.cribbage.records import replay_record as replay_cribbage
from hoyle.ecarte.records import replay_record as replay_ecarte
from hoyle.engine.records import MAX_RECORD_BYTES, GameRecord
from hoyle.errors import RecordError, RecordsFileError

HEAD = '{"format": "hoyle-record/1", "game": "cribbage", "actions": [], '


def _game() -> GameRecord:
    return play_game([GreedyPlayer(), RandomPlayer()], seed=8).to_record(["a", "b"])


def test_deep_nesting_is_a_record_error_not_a_recursion_error() -> None:
    for depth in (7, 10_000, 200_000):
        text = HEAD + '"options": ' + "[" * depth + "]" * depth + "}"
        with pytest.raises(RecordError, match="nested more than 6 deep"):
            GameRecord.from_json(text)
    # Six deep is allowed (the record object, result, and four more levels).
    ok = HEAD + '"result": {"a": [[[1]]]}}'
    assert GameRecord.from_json(ok).result == {"a": [[[1]]]}


def test_a_5000_digit_number_is_a_record_error_not_a_value_error() -> None:
    for field in ('"seed": ', '"result": {"scores": ['):
        text = HEAD + field + "7" * 5000 + ("]}" if "[" in field else "") + "}"
        with pytest.raises(RecordError, match="a number of 5,000 digits"):
            GameRecord.from_json(text)
    with pytest.raises(RecordError, match="NaN is not a number a record may hold"):
        GameRecord.from_json(HEAD + '"seed": NaN}')
    with pytest.raises(RecordError, match="the seed must be 0 or more"):
        GameRecord.from_json(HEAD + '"seed": -3}')
    # The largest game seed of a match the commands run (seed below 10**20) is read.
    big = (10**20 - 1) * 1_000_003 + 1_000_002
    assert GameRecord.from_json(HEAD + f'"seed": {big}}}').seed == big
    # A web table's seed (128 bits, hoyle serve) is read; 41 digits are not.
    assert GameRecord.from_json(HEAD + f'"seed": {2**128 - 1}}}').seed == 2**128 - 1
    with pytest.raises(RecordError, match="a number of 41 digits"):
        GameRecord.from_json(HEAD + f'"seed": {10**40}}}')


@pytest.mark.parametrize("game, options, message", [
    ("cribbage", {"target": "121"}, "target must be a whole number from 1 to 999 (not '121')"),
    ("cribbage", {"target": 121.0}, "target must be a whole number from 1 to 999 (not 121.0)"),
    ("cribbage", {"players": True}, "players must be a whole number from 2 to 4 (not True)"),
    ("cribbage", {"play_all_cards": 0}, "play_all_cards must be one of True, False (not 0)"),
    ("cribbage", {"lurch_threshold": "31"}, "lurch_threshold must be a whole number from 0 to 999, or none (not '31')"),
    ("cribbage", {"manual_count": "yes"}, "option 'manual_count' must be true or false"),
    ("cribbage", {"target": [121]}, "option 'target' must be a number, boolean, string"),
    ("cribbage", {"law_params": {"muggins": ["acc"]}}, "must be an object of parameter"),
    ("ecarte", {"target": 5.5}, "target must be a whole number from 1 to 99 (not 5.5)"),
    ("ecarte", {"max_exchanges": False}, "max_exchanges must be a whole number from 0 to 99, or none (not False)"),
    ("ecarte", {"game_values": 1}, "game_values must be one of True, False (not 1)"),
    ("ecarte", {"referee": None}, "option 'referee' must be true or false, not None"),
])
def test_ill_typed_options_are_refused_before_the_replay(game: str, options: dict[str, Any],
                                                          message: str) -> None:
    text = json.dumps({"format": "hoyle-record/1", "game": game, "laws": "",
                       "options": options, "seed": 1, "actions": []})
    replay = replay_cribbage if game == "cribbage" else replay_ecarte
    with pytest.raises(RecordError, match=re.escape(message)):
        replay(GameRecord.from_json(text))


@pytest.mark.slow
def test_dev_zero_and_a_10_mb_record_are_refused_without_reading_them_whole(
        tmp_path: Path) -> None:
    # a device is not a file: refused before a byte is read (issue 28)
    with pytest.raises(RecordError, match="it is a device, not a regular file"):
        GameRecord.load("/dev/zero")
    # A legal-shaped record of 10 MB: its actions repeated (the took 55 s and
    # 514 MB to replay).
    rec = _game()
    big = GameRecord(**{**rec.__dict__, "actions": rec.actions * 7000, "result": None})
    path = tmp_path / "big.json"
    path.write_text(big.to_json(indent=None))
    assert path.stat().st_size > 10_000_000
    with pytest.raises(RecordError, match="over 1,048,576 bytes"):
        GameRecord.load(path)
    # A JSON Lines file whose second line is that record: read line by line, the line
    # refused at the cap.
    path.write_text(rec.to_json(indent=None) + "\n" + big.to_json(indent=None) + "\n")
    assert GameRecord.load(path, line=1) == rec
    with pytest.raises(RecordError, match="a line past record 1 is over 1,048,576 bytes"):
        GameRecord.load(path, line=2)


def test_a_json_lines_file_bigger_than_one_record_is_still_read_by_line(tmp_path: Path
                                                                        ) -> None:
    rec = _game()
    one = rec.to_json(indent=None)
    count = MAX_RECORD_BYTES // len(one) + 50  # the file is over the one-record cap
    path = tmp_path / "run.jsonl"
    path.write_text("".join(
        GameRecord(**{**rec.__dict__, "seed": n}).to_json(indent=None) + "\n"
        for n in range(count)))
    assert path.stat().st_size > MAX_RECORD_BYTES
    assert GameRecord.load(path, line=count).seed == count - 1
    with pytest.raises(RecordsFileError) as err:
        GameRecord.load(path)
    assert err.value.count == count
    with pytest.raises(RecordError, match=f"holds {count} records: no record {count + 1}"):
        GameRecord.load(path, line=count + 1)


def test_replay_of_dev_zero_and_a_deep_record_is_one_error_line(tmp_path: Path) -> None:
    runner = CliRunner()
    deep = tmp_path / "deep.json"
    deep.write_text(HEAD + '"options": ' + "[" * 100_000 + "]" * 100_000 + "}")
    for args in (["replay", "/dev/zero"], ["replay", str(deep)],
                 ["sim", "summary", "/dev/zero"], ["sim", "summary", str(deep)]):
        result = runner.invoke(app, args, env={"NO_COLOR": "1"})
        assert result.exit_code == 2
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), result.output


def test_a_record_without_its_actions_is_a_record_error() -> None:
    """A save whose ``actions`` key is missing is damaged: resuming it would start the game
    over and overwrite it."""
    with pytest.raises(RecordError, match="field 'actions' is missing"):
        GameRecord.from_json('{"format": "hoyle-record/1", "game": "cribbage", "seed": 1}')
