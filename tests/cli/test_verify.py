"""``hoyle replay --verify``: every chance outcome of a record drawn again from its seed
(``derive_rng(seed, "chance", n)`` at action ``n``), one line saying verified or the first
action that differs (what the record says, what the seed gives); a wrong seed, a tampered
cut and a commitment the seed does not match fail."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from typer.testing import CliRunner

from hoyle.cards import derive_rng
from hoyle.cli.main import app
from hoyle.cribbage.match import play_game
from hoyle.cribbage.players import GreedyPlayer, RandomPlayer
from hoyle.ecarte.match import play_game as play_ecarte
from hoyle.ecarte.players import RandomPlayer as EcarteRandom
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import record_game
from hoyle.interface.verify import verify_record

runner = CliRunner()
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={"NO_COLOR": "1", "COLUMNS": "300"})
    return result.exit_code, ANSI.sub("", result.output)


def chance_indices(record: GameRecord) -> list[int]:
    """The indices of the record's chance outcomes, found by replaying it."""
    state = record_game(record).state_for_record(record)
    out = []
    for i, text in enumerate(record.actions):
        if state.current_player == CHANCE:
            out.append(i)
        state.apply(Action.parse(text))
    return out


def cribbage_record(seed: int = 11) -> GameRecord:
    return play_game([GreedyPlayer(), RandomPlayer()], seed=seed).to_record(
        seats=["greedy", "random"])


def test_a_played_game_verifies_and_counts_its_chance_outcomes(tmp_path: Path) -> None:
    record = cribbage_record()
    path = tmp_path / "g.json"
    record.save(path)
    n_chance = len(chance_indices(record))
    # two cuts for deal at least, then a deal and a starter for every hand played
    assert n_chance >= 4
    code, out = run("replay", str(path), "--verify")
    assert code == 0, out
    assert out.strip() == (f"verified: the {n_chance} chance outcomes of "
                           f"{len(record.actions)} actions are those seed 11 gives (no "
                           "commitment was checked: the record carries none)")
    ecarte = play_ecarte([EcarteRandom(), EcarteRandom()], seed=4).to_record()
    check = verify_record(ecarte)
    assert check.verified and check.chance == len(chance_indices(ecarte))


def test_a_wrong_seed_fails_at_the_first_cut(tmp_path: Path) -> None:
    record = cribbage_record()
    record.seed = 12
    path = tmp_path / "g.json"
    record.save(path)
    state = record_game(record).state_for_record(record)
    gives = str(state.sample_chance(derive_rng(12, "chance", 0)))
    assert gives != record.actions[0]  # seed 12's first cut is another card
    code, out = run("replay", str(path), "--verify")
    assert code == 1
    assert out.strip() == (f"NOT verified: action 1 of {len(record.actions)}: the record "
                           f"says {record.actions[0]}, seed 12 gives {gives}")


def test_a_tampered_cut_fails_where_it_was_changed(tmp_path: Path) -> None:
    record = cribbage_record()
    # the first cut for deal, changed to another card of the same rank: the same dealer,
    # every later action still legal, but not the card the seed cut
    first = record.actions[0]
    rank = first.split()[1][:-1]
    other = next(f"CUT {rank}{s}" for s in "SHDC" if f"CUT {rank}{s}" not in record.actions)
    record.actions[0] = other
    path = tmp_path / "g.json"
    record.save(path)
    code, out = run("replay", str(path))  # it still replays: only the deal is not fair
    assert code == 0
    code, out = run("replay", str(path), "--verify")
    assert code == 1
    assert f"action 1 of {len(record.actions)}: the record says {other}, seed 11 gives " \
           f"{first}" in out
    # the first starter changed: found at its own index, after the earlier outcomes agreed
    record = cribbage_record()
    i = next(i for i in chance_indices(record) if record.actions[i].startswith("STARTER"))
    dealt = record.actions[i - 3].split()[1:]  # the deal, then the two discards
    record.actions[i] = "STARTER " + next(c for c in ("AS", "AH", "2S", "2H", "3S")
                                          if c not in dealt and f"STARTER {c}" !=
                                          record.actions[i])
    check = verify_record(record)
    assert check.index == i and check.recorded == record.actions[i]
    assert check.chance == chance_indices(cribbage_record()).index(i)


def test_a_record_without_a_seed_or_a_redacted_download_is_one_error_line(
        tmp_path: Path) -> None:
    record = cribbage_record()
    record.seed = None
    path = tmp_path / "g.json"
    record.save(path)
    code, out = run("replay", str(path), "--verify")
    assert code == 2 and "the record has no seed" in out and len(out.strip().splitlines()) == 1
    redacted = tmp_path / "r.json"
    redacted.write_text(json.dumps({"game": "cribbage", "redacted": True, "actions": 12}))
    code, out = run("replay", str(redacted), "--verify")
    assert code == 2 and "redacted" in out and "download it again once" in out
    code, out = run("replay", str(path), "--verify", "--all")
    assert code == 2 and "no --seat or --all" in out


def test_a_commitment_the_seed_does_not_match_fails(tmp_path: Path) -> None:
    record = cribbage_record()
    data = record.to_dict()
    data["commitment"] = hashlib.sha256(b"11").hexdigest()
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    code, out = run("replay", str(path), "--verify")
    assert code == 0 and out.strip().endswith("(and its SHA-256 is the record's commitment)")
    data["commitment"] = hashlib.sha256(b"12").hexdigest()
    path.write_text(json.dumps(data))
    code, out = run("replay", str(path), "--verify")
    assert code == 1 and "the SHA-256 of seed 11 is " + hashlib.sha256(b"11").hexdigest() \
        in out and "not the record's commitment" in out


def test_a_record_naming_the_wrong_number_of_seats_is_refused(tmp_path: Path) -> None:
    """As ``hoyle replay`` and ``play --resume`` refuse it: a two-hand game's record that
    names one seat or three is not verified."""
    record = cribbage_record()
    for seats in (["human"], ["greedy", "random", "expert"]):
        record.seats = seats
        path = tmp_path / f"g{len(seats)}.json"
        record.save(path)
        code, out = run("replay", str(path), "--verify")
        assert code != 0 and f"the record names {len(seats)} seats for a game of 2" in out, out
