"""``hoyle play`` in a real terminal (a pty, pexpect): the full-screen table when the
terminal can draw one, the line mode with ``--plain``; the coach's ``hint`` and ``undo``
in the line mode; the record the same either way."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pexpect

from hoyle.engine.records import GameRecord
from hoyle.interface.registry import get_game
import pytest

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand


def spawn(*args: str, cwd: Path, term: str = "xterm-256color") -> pexpect.spawn:
    env = dict(os.environ, TERM=term, COLUMNS="120", LINES="40", NO_COLOR="1",
               HOYLE_LINE_EDITING="0")  # prompt_toolkit is driven in tmux (test_tmux.py)
    return pexpect.spawn(sys.executable, ["-m", "hoyle", *args], cwd=str(cwd), env=env,
                         encoding="utf-8", timeout=60, dimensions=(40, 120))


def test_full_screen_on_a_terminal_then_quit_and_resume(tmp_path: Path) -> None:
    child = spawn("play", "cribbage", "--seed", "7", "--save", "g.json", cwd=tmp_path)
    child.expect("skunk line after hole 90")      # the board, drawn full screen
    child.expect("Lay away 2 cards")               # the prompt of the first move
    child.send("quit\r")
    child.expect("Game saved to")
    child.expect(pexpect.EOF)
    record = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert record["seats"] == ["human", "expert"] and record["seed"] == 7
    child = spawn("play", "--resume", "g.json", cwd=tmp_path)
    child.expect("skunk line after hole 90")
    child.send("\x11")                             # Ctrl+Q saves and stops too
    child.expect("Game saved to")
    child.expect(pexpect.EOF)


def test_plain_keeps_the_line_mode_with_hint_and_undo(tmp_path: Path) -> None:
    child = spawn("play", "cribbage", "--seed", "7", "--save", "p.json", "--plain",
                  cwd=tmp_path)
    child.expect(r"Lay away 2 cards to (your|Computer's) crib: ")
    assert "Save and quit" not in child.before     # no full-screen table (its footer)...
    assert "skunk line after hole 90" in child.before  # ...but the line mode's real board
    assert "● ····· ·····" in child.before
    child.sendline("undo")
    child.expect("nothing to undo: you have not moved yet")
    child.sendline("hint")
    child.expect(r"The expert would type: (?:\x1b\[[0-9;]*m)*([0-9a-z]+ [0-9a-z]+)")
    move = child.match.group(1)
    child.expect(r"Lay away 2 cards")
    child.sendline(move)
    child.expect(r"Play a card")
    # the starter is turned: an undo of the lay-away is refused (the card has been seen)
    child.sendline("undo")
    child.expect("the cards have been turned since your last decision: no undo")
    child.expect(r"Play a card")
    child.sendline("hint")
    child.expect(r"The expert would type: (?:\x1b\[[0-9;]*m)*([0-9a-z]+)")
    card = child.match.group(1)
    child.expect(r"Play a card")
    child.sendline(card)
    child.expect(r"Play a card")
    child.sendline("undo")
    child.expect("Undone: back to your last decision.")
    child.expect(r"Play a card")
    child.sendline("quit")
    child.expect("Game saved to")
    child.expect(pexpect.EOF)
    record = GameRecord.load(tmp_path / "p.json")
    assert record.options["undos"] == 1
    # back at his first card of the play: the record replays to his four cards, his to play
    state, _ = get_game("cribbage").replay_record(record)
    assert len(state.view(0).hand) == 4 and state.current_player == 0
    assert state.view(0).starter is not None
