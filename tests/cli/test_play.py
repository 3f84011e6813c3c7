"""A scripted terminal session: the real ``hoyle`` command driven through a pseudo-terminal.

The script plays a whole game of cribbage against the computer (the expert by default), types one bad card
on the way, quits in the middle, resumes from the saved file and plays to the end; the
resumed game must be exactly the game an uninterrupted session makes.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
import pytest

from hoyle.cards import Card
from hoyle.cribbage.records import replay_record
from hoyle.engine.records import GameRecord

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPTS = [
    r"Lay away (\d) cards? to [^\n]*crib: ",
    r"Play a card \(count (\d+); playable: ([^)]*)\): ",
    r"Record saved to",
    r"Game saved to",
    pexpect.EOF,
]
REVIEW_OFFER = r"Review the game\? \[y/N\] "
"""The question at the end of a game with a review, at a terminal (no: not asked)."""


def spawn(*args: str, cwd: Path) -> pexpect.spawn:
    env = dict(os.environ, NO_COLOR="1", TERM="dumb", COLUMNS="200")
    child = pexpect.spawn(sys.executable, ["-m", "hoyle", *args], cwd=str(cwd), env=env,
                          encoding="utf-8", timeout=60, dimensions=(50, 200))
    return child


def last_hand(text: str) -> list[Card]:
    lines = [ln for ln in ANSI.sub("", text).splitlines() if ln.startswith("Your hand:")]
    assert lines, text
    cards = lines[-1].removeprefix("Your hand:").split("(")[0].split()
    return [Card.parse(c) for c in cards]


def drive(child: pexpect.spawn, quit_after: int | None = None,
          bad_input: bool = False) -> tuple[str, int]:
    """Answer prompts with a fixed strategy (lay away the two lowest-indexed cards, play
    the first playable card) until the game ends or ``quit_after`` answers were given.
    Returns the final marker and the number of answers."""
    answers = 0
    while True:
        i = child.expect(PROMPTS)
        if i == 2 and child.expect([REVIEW_OFFER, pexpect.EOF]) == 0:
            child.sendline("n")  # a terminal is offered the review: no
        if i >= 2:
            return ("saved" if i == 2 else "quit" if i == 3 else "eof"), answers
        if quit_after is not None and answers >= quit_after:
            child.sendline("quit")
            continue
        if i == 0:
            hand = last_hand(child.before)
            k = int(child.match.group(1))
            if bad_input:
                child.sendline("zz")
                child.expect(r"cannot read card 'zz'")
                child.expect(PROMPTS[0])
                bad_input = False
            child.sendline(" ".join(str(c) for c in hand[:k]))
        else:
            playable = ANSI.sub("", child.match.group(2)).split()
            child.sendline(playable[0])
        answers += 1


def test_scripted_game_with_bad_input_quit_and_resume(tmp_path: Path) -> None:
    # An uninterrupted game, with one bad entry on the way.
    child = spawn("play", "cribbage", "--seed", "1", "--save", "full.json", cwd=tmp_path)
    marker, answers = drive(child, bad_input=True)
    child.expect(pexpect.EOF)
    assert marker == "saved"
    full = GameRecord.load(tmp_path / "full.json")
    state, _ = replay_record(full)
    assert state.result is not None and max(state.scores) >= 121
    assert answers > 20

    # The same game, quit part-way (after 7 answers) and resumed from the file.
    child = spawn("play", "cribbage", "--seed", "1", "--save", "part.json", cwd=tmp_path)
    marker, _ = drive(child, quit_after=7)
    child.expect(pexpect.EOF)
    assert marker == "quit"
    part = GameRecord.load(tmp_path / "part.json")
    assert part.result is None and 0 < len(part.actions) < len(full.actions)
    assert part.actions == full.actions[:len(part.actions)]

    child = spawn("play", "--resume", "part.json", cwd=tmp_path)
    child.expect("Resuming the game")
    marker, _ = drive(child)
    child.expect(pexpect.EOF)
    assert marker == "saved"
    resumed = GameRecord.load(tmp_path / "part.json")
    assert resumed.actions == full.actions
    assert resumed.result == full.result


@pytest.mark.parametrize("content, message", [
    ("not json", "not a JSON record"),
    # Seed 1's first cut is the jack of clubs (derive_rng(1, "chance", 0)); the second cut
    # repeats it, which no pack allows.
    ('{"format": "hoyle-record/1", "game": "cribbage", "seed": 1, "seats": ["human", "greedy"],'
     ' "actions": ["CUT JC", "CUT JC"]}', "action 2 'CUT JC'"),
    # A first cut that is not the seed's: the file was edited.
    ('{"format": "hoyle-record/1", "game": "cribbage", "seed": 1, "seats": ["human", "greedy"],'
     ' "actions": ["CUT 5H"]}', "action 1 'CUT 5H': not the outcome the record's seed gives"),
])
def test_resume_rejects_corrupt_file_with_one_line(tmp_path: Path, content: str,
                                                   message: str) -> None:
    (tmp_path / "bad.json").write_text(content)
    child = spawn("play", "--resume", "bad.json", cwd=tmp_path)
    child.expect(pexpect.EOF)
    out = ANSI.sub("", child.before)
    assert message in out
    assert "Traceback" not in out
    child.close()
    assert child.exitstatus == 2
    assert (tmp_path / "bad.json").read_text() == content  # nothing lost


def test_manual_count_overclaim_is_taken_down(tmp_path: Path) -> None:
    """--manual-count: the person claims; an overclaim is pegged, then the computer takes
    him down (EW-ix) and the excess goes to the computer."""
    child = spawn("play", "cribbage", "--seed", "4", "--manual-count", "--save", "m.json",
                  cwd=tmp_path)
    claimed = False
    while not claimed:
        i = child.expect([r"Lay away 2 cards to [^\n]*crib: ",
                          r"Play a card \(count (\d+); playable: ([^)]*)\)[^:]*: ",
                          r"Points for your [^\n]*\? \[0\] ",
                          r"Points[^\n]*\? \[0\] ", r"type 'go'[^:]*: "])
        if i == 0:
            hand = last_hand(child.before)
            child.sendline(f"{hand[0]} {hand[1]}")
        elif i == 1:
            child.sendline(ANSI.sub("", child.match.group(2)).split()[0])
        elif i == 2:
            child.sendline("25")  # no single card in the play scores 25
            claimed = True
        elif i == 3:
            child.sendline("")
        else:
            child.sendline("go")
    child.expect(r"Ruling EW-ix: overscore: a claim of 25 by You with (\d+) due")
    due = int(child.match.group(1))
    child.expect(r"chose: take down the overscore")
    child.expect(rf"You go back {25 - due} \(taken down\)")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    record = GameRecord.load(tmp_path / "m.json")
    assert record.options.get("manual_count") is True and record.laws == "ew"
    assert any(a == "CLAIM 25" for a in record.actions)
    assert "CHOOSE takedown" in record.actions


@pytest.mark.parametrize("variant, players, target", [
    ("five-card", 2, 61), ("four-hand", 4, 121), ("three-hand", 3, 61)])
def test_variant_plays_through_the_cli(tmp_path: Path, variant: str, players: int,
                                       target: int) -> None:
    child = spawn("play", "cribbage", "--variant", variant, "--seed", "2", "--save", "v.json",
                  cwd=tmp_path)
    child.expect(rf"Cribbage, {variant} to {target}")
    marker, answers = drive(child)
    child.expect(pexpect.EOF)
    assert marker == "saved" and answers > 5
    record = GameRecord.load(tmp_path / "v.json")
    assert record.variant == variant and len(record.seats) == players
    state, _ = replay_record(record)
    assert state.result is not None and max(state.result.scores) >= target
    if variant == "four-hand":
        assert len(state.result.scores) == 2  # partners score together
