"""Game records: JSON round trip, replay, and tampered records (shared/DESIGN.md, Records).

The scripted record is deal 1 of test_state.py; its action indices are:
  0 CUT 9C · 1 CUT 2D · 2 DEAL ... · 3 DISCARD 5H 5S (pone) · 4 DISCARD 5D QD (dealer) ·
  5 STARTER JS · 6 PLAY KH (P) · 7 PLAY 5C (D) · 8 PLAY TD (P) · 9 PLAY 8S (D) ·
  10 PLAY 8D (P) · 11 PLAY 8H (D) · 12 GO (P) · 13 PLAY 7H (D) · 14 PLAY 9C (P)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hoyle.cribbage.players import GreedyPlayer, RandomPlayer
from hoyle.cribbage.records import replay_record
from hoyle.cribbage.state import CribbageState
from hoyle.errors import RecordError
from hoyle.cribbage.match import play_game
from hoyle.engine.action import Action
from hoyle.engine.event import Event
from hoyle.engine.records import FORMAT, GameRecord

from helpers.cribbage import apply_all

SCRIPT = ["CUT 9C", "CUT 2D", "DEAL KH TD 8D 9C 5H 5S | 5C 8S 8H 7H 5D QD",
          "DISCARD 5H 5S", "DISCARD 5D QD", "STARTER JS", "PLAY KH", "PLAY 5C", "PLAY TD",
          "PLAY 8S", "PLAY 8D", "PLAY 8H", "GO", "PLAY 7H", "PLAY 9C"]


def scripted() -> tuple[CribbageState, list[Event]]:
    s = CribbageState(seed=42)
    events = apply_all(s, SCRIPT)
    return s, events


def full_game(seed: int = 11) -> tuple[CribbageState, list[Event]]:
    s = CribbageState(seed=seed)
    events: list[Event] = []
    play_game([RandomPlayer(), GreedyPlayer()], seed=seed, state=s, on_events=events.extend)
    assert s.is_terminal()
    return s, events


def with_actions(record: GameRecord, actions: list[str]) -> GameRecord:
    return GameRecord.from_json(json.dumps({**json.loads(record.to_json()),
                                            "actions": actions}))


def bad_index(record: GameRecord) -> int | None:
    with pytest.raises(RecordError) as exc:
        replay_record(record)
    return exc.value.index


# --------------------------------------------------------------------------- round trips


def test_record_json_round_trip() -> None:
    s, _ = full_game()
    r = s.to_record(seats=["random", "greedy"], date="2024-05-01")
    text = r.to_json()
    data = json.loads(text)
    assert data["format"] == FORMAT
    assert data["game"] == "cribbage" and data["seats"] == ["random", "greedy"]
    assert data["seed"] == 11 and data["date"] == "2024-05-01"
    assert data["actions"] == [str(a) for a in s.history]
    assert data["result"]["winner"] == s.result.winner  # type: ignore[union-attr]
    assert GameRecord.from_json(text) == r
    assert GameRecord.from_json(r.to_json(indent=None)) == r


def test_record_save_and_load(tmp_path: Path) -> None:
    s, _ = scripted()
    r = s.to_record(seats=["a", "b"])
    path = tmp_path / "game.json"
    r.save(path)
    assert GameRecord.load(path) == r
    with pytest.raises(RecordError):
        GameRecord.load(tmp_path / "missing.json")


def test_record_keeps_rule_options() -> None:
    from hoyle.cribbage.rules import CribbageRules
    s = CribbageState(CribbageRules.for_variant("six-card", crib_flush_rule="lenient"))
    apply_all(s, SCRIPT[:3])
    r = GameRecord.from_json(s.to_record().to_json())
    assert r.options == {"crib_flush_rule": "lenient"}
    assert replay_record(r)[0].rules.crib_flush_rule == "lenient"


def test_replay_reproduces_scripted_state_and_events() -> None:
    s, events = scripted()
    r = GameRecord.from_json(s.to_record().to_json())
    state, replayed = replay_record(r)
    assert replayed == events
    assert state.history == s.history
    assert state.scores == s.scores == (8, 40)
    assert state.to_record() == s.to_record()
    assert replay_record(r)[0].scores == (8, 40)


def test_replay_reproduces_a_full_game_and_its_result() -> None:
    s, events = full_game(5)
    r = GameRecord.from_json(s.to_record().to_json())
    state, replayed = replay_record(r)
    assert replayed == events
    assert state.history == s.history
    assert state.result == s.result and state.scores == s.scores
    assert state.to_record() == s.to_record()


# --------------------------------------------------------------------------- tampering


@pytest.mark.parametrize("index,text", [
    (7, "PLAY 5D"),        # a card changed: 5D is in the crib, not in the dealer's hand
    (6, "PLAY KS"),        # KS is in the stock
    (13, "GO"),            # the dealer can play 7H (EW-xxi)
    (10, "PLAY 8X"),       # unreadable card
    (10, ""),              # empty action
    (10, "JUMP"),          # unknown verb
    (3, "DISCARD 5H 5S 9C"),
    (2, "DEAL KH TD 8D 9C 5H 5S | 5C 8S 8H 7H 5D"),
    (5, "STARTER KH"),     # the starter from a hand
    (14, "PLAY 9C 8D"),
    (7, "PLAY 7 5C"),      # a stray number added to a legal play
])
def test_tampered_action_is_named(index: int, text: str) -> None:
    s, _ = scripted()
    actions = list(SCRIPT)
    actions[index] = text
    with pytest.raises(RecordError) as exc:
        replay_record(with_actions(s.to_record(), actions))
    assert exc.value.index == index
    assert exc.value.action == text
    assert f"action {index + 1} " in str(exc.value)


@pytest.mark.parametrize("deleted,expected", [
    (9, 9),    # dealer's lead 8S deleted: the pone's 8D is then the dealer's move
    (12, 12),  # the pone's GO deleted: the dealer's 7H is then the pone's move
    (5, 5),    # the starter deleted: PLAY KH comes before any starter
    (3, 3),    # the pone's discard deleted: the dealer's 5D QD are not the pone's cards
])
def test_deleted_action_names_the_first_bad_one(deleted: int, expected: int) -> None:
    s, _ = scripted()
    actions = SCRIPT[:deleted] + SCRIPT[deleted + 1:]
    assert bad_index(with_actions(s.to_record(), actions)) == expected


def test_EW_viii_swapped_discards_are_refused() -> None:
    # the dealer's discard first: index 3 names 5D QD, which the pone does not hold
    s, _ = scripted()
    actions = list(SCRIPT)
    actions[3], actions[4] = actions[4], actions[3]
    assert bad_index(with_actions(s.to_record(), actions)) == 3


def test_action_after_the_end_of_the_game_is_named() -> None:
    s, _ = full_game(3)
    r = s.to_record()
    r2 = with_actions(r, r.actions + ["PLAY 5C"])
    assert bad_index(r2) == len(r.actions)


def test_full_game_changed_card_and_deleted_lead() -> None:
    s, _ = full_game(7)
    r = s.to_record()
    first_play = next(i for i, a in enumerate(r.actions) if a.startswith("PLAY"))
    starter = next(a for a in r.actions[:first_play] if a.startswith("STARTER")).split()[1]
    # the first card led replaced by the starter (never in a hand)
    changed = list(r.actions)
    changed[first_play] = f"PLAY {starter}"
    assert bad_index(with_actions(r, changed)) == first_play
    # the lead deleted: the dealer's answer is then applied as the pone's lead
    deleted = r.actions[:first_play] + r.actions[first_play + 1:]
    assert bad_index(with_actions(r, deleted)) == first_play


def test_wrong_result_is_refused() -> None:
    s, _ = full_game(11)
    r = s.to_record()
    assert r.result is not None
    bad = GameRecord.from_json(r.to_json())
    assert bad.result is not None
    bad.result["winner"] = 1 - bad.result["winner"]
    with pytest.raises(RecordError) as exc:
        replay_record(bad)
    assert exc.value.index is None
    bad2 = GameRecord.from_json(r.to_json())
    bad2.result["scores"][0] += 1  # type: ignore[index]
    with pytest.raises(RecordError):
        replay_record(bad2)


def test_result_on_an_unfinished_game_is_refused() -> None:
    s, _ = scripted()
    r = s.to_record()
    r.result = {"winner": 0, "scores": [121, 40], "lurch": True, "skunk": True,
                "double_skunk": False, "game_points": 3}
    with pytest.raises(RecordError):
        replay_record(r)


def test_truncated_finished_game_disagrees_with_its_result() -> None:
    s, _ = full_game(13)
    r = s.to_record()
    with pytest.raises(RecordError):
        replay_record(with_actions(r, r.actions[:-1]))


@pytest.mark.parametrize("text", [
    "not json at all",
    "{\"format\": \"hoyle-record/1\", \"game\": ",
    "[1, 2, 3]",
    "\"a string\"",
    json.dumps({"format": "hoyle-record/2", "game": "cribbage"}),
    json.dumps({"game": "cribbage"}),
    json.dumps({"format": FORMAT}),
    json.dumps({"format": FORMAT, "game": "cribbage", "seed": "seven"}),
    json.dumps({"format": FORMAT, "game": "cribbage", "seed": True}),
    json.dumps({"format": FORMAT, "game": "cribbage", "actions": "CUT 9C"}),
    json.dumps({"format": FORMAT, "game": "cribbage", "seats": [1, 2]}),
])
def test_unreadable_record_text_raises_RecordError(text: str) -> None:
    with pytest.raises(RecordError) as exc:
        GameRecord.from_json(text)
    assert exc.value.index is None


def test_non_string_action_is_named() -> None:
    text = json.dumps({"format": FORMAT, "game": "cribbage",
                       "actions": ["CUT 9C", "CUT 2D", 42]})
    with pytest.raises(RecordError) as exc:
        GameRecord.from_json(text)
    assert exc.value.index == 2


def test_not_a_cribbage_record_or_bad_options() -> None:
    with pytest.raises(RecordError):
        replay_record(GameRecord(game="ecarte", actions=["CUT 9C"]))
    with pytest.raises(RecordError):
        replay_record(GameRecord(game="cribbage", options={"no_such_option": 1}))
    with pytest.raises(RecordError):
        replay_record(GameRecord(game="cribbage", variant="nine-card"))


def test_action_text_round_trip() -> None:
    for text in SCRIPT:
        if text:
            a = Action.parse(text)
            assert Action.parse(str(a)) == a
    assert str(Action.parse("play 10♥")) == "PLAY TH"
