"""Records made by the version before the runner (807a6f3) still replay and verify: six
games between computer players (cribbage six-card, five-card under ACC, four-hand, three-hand;
écarté under the Club Code and the old Hoyle), two games of a person against the computer
as ``hoyle play`` saved them, and a finished web table's record. Made with that version's
own code (``git worktree add /tmp/old 807a6f3``, then its ``play_game``, ``PlayDriver`` and
``Tables``); kept in ``data/records-807a6f3.json``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hoyle.engine.records import GameRecord
from hoyle.interface.registry import record_game
from hoyle.interface.verify import verify_record

RECORDS = json.loads((Path(__file__).parent / "data" / "records-807a6f3.json")
                     .read_text(encoding="utf-8"))


@pytest.mark.parametrize("data", RECORDS, ids=[f"{r['game']}-{r['seed']}" for r in RECORDS])
def test_a_record_of_the_previous_version_replays_and_verifies(data: dict[str, object]) -> None:
    record = GameRecord.from_json(json.dumps(data))
    spec = record_game(record)
    person = "human" in record.seats
    state, events = spec.replay_record(record, seeded=person)  # the stored result checked
    assert state.is_terminal() and events
    assert [str(a) for a in state.history] == record.actions
    check = verify_record(record)
    assert check.verified and check.chance > 0 and check.actions == len(record.actions)
