"""Referee mode through the real CLI: a deal with irregularities, checked rulings.

Script (seat 0 Alice, seat 1 Bob). The cut 9C / 2D makes Bob (lower card) the dealer.
- An exposed card in the deal: EW-iv, a new deal by the same dealer, no points.
- Deal: Alice 5H 5C 5S JD 2C 3C, Bob 4H 6D 7S 8S QC KD; discards 2C 3C, QC KD; starter JH.
- Alice touches Bob's pegs: EW-xiv, Bob scores 2.
- Alice leads 5H (claims 0); Bob plays 4H without taking his heels: lost (EW-xii); he
  claims 0. Bob then claims heels: refused, too late (EW-xii).
- Alice plays 5C (count 14) and claims 5: the true score is 0 (no fifteen: 5+4+5 = 14, no
  pair with 4H between), an overclaim of 5: Bob is offered takedown/accept (EW-ix) and takes
  him down: Alice 5 -> 0, Bob 2 -> 7.
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


def spawn(*args: str, cwd: Path) -> pexpect.spawn:
    """``python -m hoyle ARGS`` on a plain 200-column terminal."""
    env = dict(os.environ, NO_COLOR="1", TERM="dumb", COLUMNS="200")
    return pexpect.spawn(sys.executable, ["-m", "hoyle", *args], cwd=str(cwd), env=env,
                         encoding="utf-8", timeout=30, dimensions=(50, 200))


def test_referee_session_rules_irregularities(tmp_path: Path) -> None:
    child = spawn("referee", "cribbage", "--names", "Alice,Bob", "--save", "ref.json",
                  cwd=tmp_path)
    steps = [
        ("cuts for the deal", "9c"),
        ("cuts for the deal", "2d"),
        ("deals: 6 cards each", "report exposed_card"),
        ("deals: 6 cards each", "5H 5C 5S JD 2C 3C 4H 6D 7S 8S QC KD"),
        ("Alice lays away", "2c 3c"),
        ("Bob lays away", "qc kd"),
        ("starter", "jh"),
        ("Alice plays a card", "report touched_pegs 0"),
        ("Alice plays a card", "5h"),
        ("claims how many points", "0"),
        ("Bob plays a card", "4h"),
        ("claims how many points", "0"),
        ("Alice plays a card", "heels"),
        ("Alice plays a card", "5c"),
        ("claims how many points", "5"),
        (r"Bob chooses \[takedown/accept\]", "takedown"),
        ("Bob plays a card", "quit"),
    ]
    for prompt, answer in steps:
        child.expect(prompt)
        child.sendline(answer)
    child.expect(pexpect.EOF)
    out = ANSI.sub("", child.before or "")
    log = ANSI.sub("", "".join([out]))
    del log
    record = GameRecord.load(tmp_path / "ref.json")
    state, events = replay_record(record)
    rulings = [(e.source, e.reason) for e in events if e.kind == "ruling"]
    laws = [law for law, _ in rulings]
    assert laws == ["EW-iv", "EW-xiv", "EW-xii", "EW-ix", "EW-ix"]
    assert any(e.kind == "heels_lost" and e.source == "EW-xii" for e in events)
    # Alice claimed 5 and was taken down to 0; Bob: 2 (EW-xiv) + 5 (EW-ix) = 7.
    assert state.scores == (0, 7)
    assert state.deal_number == 2  # the exposed card voided the first deal


def test_referee_prints_rulings_with_law_ids(tmp_path: Path) -> None:
    child = spawn("referee", "cribbage", "--names", "Alice,Bob", "--save", "r2.json",
                  cwd=tmp_path)
    child.expect("cuts for the deal")
    child.sendline("9c")
    child.expect("cuts for the deal")
    child.sendline("2d")
    child.expect("deals: 6 cards each")
    child.sendline("report misdeal")
    # EW-iii: the non-dealer (Alice) scores 2 and the same dealer deals again.
    child.expect(r"Ruling EW-iii: misdeal: the non-dealer \(Alice\) scores 2")
    child.expect(r"Alice scores 2 for a penalty")
    child.expect("deals: 6 cards each")
    child.sendline("report touched_pegs")  # no seat named: a clear error, nothing lost
    child.expect("must name the seat at fault")
    child.expect("deals: 6 cards each")
    child.sendline("report nonsense 0")
    child.expect("unknown irregularity 'nonsense'")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    state, _ = replay_record(GameRecord.load(tmp_path / "r2.json"))
    assert state.scores == (2, 0)


def test_referee_table_words_and_resume(tmp_path: Path) -> None:
    # The words every referee session reads (help, menu, board, a bad card, quit), then
    # the saved game resumed where it stopped, for both games.
    for game, board_word, board_text, menu_text in (
            ("cribbage", "board", "Alice", "touched_pegs"),
            ("ecarte", "score", r"Score\S* Alice 0, Bob 0", "exposed")):
        save = f"{game}.json"
        child = spawn("referee", game, "--names", "Alice,Bob", "--save", save, cwd=tmp_path)
        child.expect("cuts for the deal")
        child.sendline("help")
        child.expect("Enter what happens")
        child.sendline("menu")
        child.expect("Irregularities")
        child.expect(menu_text)
        child.sendline(board_word)
        child.expect(board_text)
        child.sendline("1x")  # not a card: one red line, nothing applied
        child.expect("cannot read card '1x'")
        child.expect("cuts for the deal")
        child.sendline("9c")
        child.expect("cuts for the deal")
        child.sendline("quit")
        child.expect(rf"Continue with: hoyle referee {game} --resume\s+{save}")
        child.expect(pexpect.EOF)
        assert GameRecord.load(tmp_path / save).actions == ["CUT 9C"]
        child = spawn("referee", game, "--resume", save, cwd=tmp_path)
        child.expect("Bob cuts for the deal")
        child.sendline("quit")
        child.expect(pexpect.EOF)
