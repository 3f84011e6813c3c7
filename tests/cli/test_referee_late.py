"""A refereed session through the real CLI (pexpect): a renege claimed late (ACC-7.3,
with every card since the go taken back), a wrong muggins call (ACC-10.4.a: the points to
the other player) and a kind the ACC code does not rule (touching the pack: "not covered
by ACC"), each printed ruling checked, then the record replayed.

Alice (seat 0) is the pone, Bob (seat 1) deals (cuts 9C, 2D). Alice keeps 5H 5C 5S JD, Bob
4H 5D 6D TH; starter 9S. The play: 5H, TH (15: Bob 2), 5C, 4H (24); Alice says go holding
5S (29 fits): a renege nobody claims; Bob plays 5D (29) and takes 1 for last; Alice leads
5S in the next count. Bob claims the renege now, before he plays again: 5D and 5S go back,
his point for last is taken back (2), he scores 2 for the one playable card (4) and
chooses that the card be played: Alice plays 5S at 24 (29, no score; no card fits now, so
she is to claim the last card). Bob calls "muggins for 2" before she has claimed it: too
early (ACC-10.4.b), refused. She claims 1 for last; Bob calls "muggins for 2" as he is to
lead: she pegged all that was due, so the 2 go to her. The pone touched the pack (EW-vi's
kind): ACC has no law for it.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

from hoyle.cribbage.records import replay_record
from hoyle.engine.records import GameRecord
import pytest

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def words(text: str) -> str:
    """A pattern for ``text`` whatever the line breaks (long rulings wrap)."""
    return r"\s+".join(text.split())


def spawn(*args: str, cwd: Path) -> pexpect.spawn:
    env = dict(os.environ, NO_COLOR="1", TERM="dumb", COLUMNS="200")
    return pexpect.spawn(sys.executable, ["-m", "hoyle", *args], cwd=str(cwd), env=env,
                         encoding="utf-8", timeout=30, dimensions=(50, 200))


def test_ACC_7_3_late_renege_ACC_10_4_a_wrong_muggins_and_not_covered_through_the_cli(
        tmp_path: Path) -> None:
    child = spawn("referee", "cribbage", "--laws", "acc", "--muggins", "--names",
                  "Alice,Bob", "--save", "late.json", cwd=tmp_path)
    steps = [
        ("cuts for the deal", "9c"),
        ("cuts for the deal", "2d"),
        ("deals: 6 cards each", "5H 5C 5S JD 2C 3C 5D TH 4H 6D QC KD"),
        ("Alice lays away", "2c 3c"),
        ("Bob lays away", "qc kd"),
        ("starter", "9s"),
        ("Alice plays a card", "5h"), ("claims how many points", "0"),
        ("Bob plays a card", "th"), ("claims how many points", "2"),
        ("Alice plays a card", "5c"), ("claims how many points", "0"),
        ("Bob plays a card", "4h"), ("claims how many points", "0"),
        (r"Alice plays a card or says go \(count 24\)", "go"),
        ("Bob plays a card", "5d"), ("claims how many points", "0"),
        ("claims how many points for the last card", "1"),
        ("Alice plays a card", "5s"), ("claims how many points", "0"),
        ("Bob plays a card", "report renege Alice"),
    ]
    for prompt, answer in steps:
        child.expect(prompt)
        child.sendline(answer)
    child.expect(words(r"Ruling ACC-7\.3: renege: every card played since the go goes back "
                       r"and its points are taken back; Bob scores 2"))
    child.expect(words(r"Taken back to the hands: 5♦ 5♠; the count is 24 again"))
    child.expect(r"Bob chooses \[dead/played\]")
    child.sendline("played")
    child.expect(r"Alice plays a card or says go \(count 24\)")
    child.sendline("5s")
    child.expect("claims how many points")
    child.sendline("0")
    child.expect("Alice claims how many points for the last card")  # no card fits now
    child.sendline("muggins 2")  # early: she has not finished her pegging (ACC-10.4.b)
    child.expect(words(r"a muggins call waits until Alice has finished pegging "
                       r"\(ACC-10\.4\.b\)"))
    child.expect("Alice claims how many points for the last card")
    child.sendline("1")
    child.expect(r"Bob plays a card")
    child.sendline("muggins 2")
    child.expect(words(r"Ruling ACC-10\.4\.a: a wrong muggins call: Alice pegged all that "
                       r"was due; the 2 point\(s\) called go to Alice"))
    child.expect(words(r"Alice scores 2 for a wrong muggins call"))
    child.expect("Bob plays a card")
    child.sendline("report touched_pack")
    child.expect(words(r"Ruling ACC: touched pack: not covered by ACC; engine default: none"))
    child.expect("Bob plays a card")
    child.sendline("menu")
    child.expect(r"touched_pack\W+not covered by ACC")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    state, events = replay_record(GameRecord.load(tmp_path / "late.json"))
    laws = [e.source for e in events if e.kind == "ruling"]
    assert laws == ["ACC-7.3", "ACC-7.3", "ACC-10.4.a", "ACC"]  # the claim, the choice
    # Bob: 2 (fifteen) + 1 (last, taken back) + 2 (renege); Alice: 1 (last) + 2 (the
    # wrong call)
    assert state.scores == (3, 4)
    assert state.count == 0 and (state.phase, state.current_player) == ("play", 1)
