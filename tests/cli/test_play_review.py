"""The review offered at the end of ``hoyle play`` in line mode: at a terminal a game with
a review ends with "Review the game? [y/N]" and the command that gives it later; ``y``
shows the person's decisions reviewed, the very lines ``hoyle review FILE --seat 0``
prints of the saved record. Not asked when the input is not a terminal (``--review`` shows
it without asking), nor for a game without a review."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.engine.records import GameRecord

from helpers.review import CRIB, near_end

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
ENV = {"NO_COLOR": "1", "COLUMNS": "200", "TERM": "dumb"}
OFFER = r"Review the game\? \[y/N\] "
SEAT_LINE = re.compile(r"^You: (\d+\.\d\d) points and (\d+\.\d)% of win "
                       r"probability lost in (\d+) deals", re.M)


def lines(text: str) -> list[str]:
    """Plain lines, the terminal's carriage returns and colours taken off."""
    return [ln.rstrip() for ln in ANSI.sub("", text).replace("\r", "").splitlines()]


def spawn(*args: str, cwd: Path) -> pexpect.spawn:
    return pexpect.spawn(sys.executable, ["-m", "hoyle", *args], cwd=str(cwd),
                         env=dict(os.environ, **ENV), encoding="utf-8", timeout=60,
                         dimensions=(50, 200))


def review_output(name: str, cwd: Path, terminal: bool) -> list[str]:
    """What ``hoyle review NAME --seat 0`` prints, at a terminal like the game's (a dumb
    one: 80 columns) or into a pipe (200 columns)."""
    if terminal:
        child = spawn("review", name, "--seat", "0", cwd=cwd)
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0
        return lines(child.before)
    done = subprocess.run([sys.executable, "-m", "hoyle", "review", name, "--seat", "0"],
                          cwd=cwd, env=dict(os.environ, **ENV), capture_output=True,
                          text=True, timeout=120, check=True)
    return lines(done.stdout)


def test_at_a_terminal_yes_shows_the_review_hoyle_review_prints(tmp_path: Path) -> None:
    child = spawn("play", "cribbage", "--seed", "1", "--save", "r.json", cwd=tmp_path)
    answers = 0
    while True:  # lay away the first two cards shown, play the first playable card
        i = child.expect([r"Your hand: ([^\n(]*)[^\n]*\n[^\n]*Lay away (\d) cards? to [^\n]*: ",
                          r"Play a card \(count \d+; playable: ([^)]*)\): ", OFFER])
        if i == 2:
            break
        if i == 0:
            hand = ANSI.sub("", child.match.group(1)).split()
            child.sendline(" ".join(hand[:int(child.match.group(2))]))
        else:
            child.sendline(ANSI.sub("", child.match.group(1)).split()[0])
        answers += 1
    before = " ".join(lines(child.before))
    assert "Record saved to r.json" in before
    assert "now or later with: hoyle review r.json --seat 0" in before
    child.sendline("y")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and answers > 20
    shown = lines(child.before)[1:]  # the first line ends the answer's line
    record = GameRecord.load(tmp_path / "r.json")
    assert record.result is not None and record.seats[0] == "human"
    assert shown == review_output("r.json", tmp_path, terminal=True)
    # real figures: a fixed strategy that ignores the cards loses points, over every deal
    found = SEAT_LINE.search("\n".join(shown))
    assert found is not None, shown
    deals = int(found.group(3))
    assert float(found.group(1)) > 1.0 and deals >= 4
    assert any("Cost per deal" in ln for ln in shown) and "expert (seat 1)" not in "".join(shown)


def run(*args: str, stdin: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=stdin, env=ENV)
    return result.exit_code, result.output


def test_not_asked_without_a_terminal_and_shown_with_review(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the record named as typed: quiet.json
    part, typed, full = near_end(3)
    quiet, shown = Path("quiet.json"), Path("shown.json")
    for path in (quiet, shown):
        part.save(path)
    code, out = run("play", "--resume", str(quiet), "--plain", stdin=typed + "\n")
    assert code == 0, out
    assert GameRecord.load(quiet).actions == full.actions  # the game played to its end
    assert "Record saved to" in out and "Review the game" not in out
    assert "hoyle review" not in out and "Decisions of" not in out

    code, out = run("play", "cribbage", "--resume", str(shown), "--plain", "--review",
                    stdin=typed + "\n")
    assert code == 0, out
    assert GameRecord.load(shown).actions == full.actions
    assert "Review the game" not in out  # shown without asking
    tail = lines(out)
    start = next(i for i, ln in enumerate(tail) if "Decisions of" in ln)
    expected = review_output(shown.name, tmp_path, terminal=False)
    assert tail[start:start + len(expected)] == expected
    assert tail[start + len(expected)] == f"Again later: hoyle review {shown.name} --seat 0"
    found = SEAT_LINE.search(out)
    assert found is not None and float(found.group(1)) > 0


def test_no_review_option_or_offer_for_a_game_without_a_review(tmp_path: Path) -> None:
    code, out = run("play", "ecarte", "--help", stdin="")
    assert code == 0 and "--plain" in out and "--review" not in out
    code, out = run("play", "cribbage", "--help", stdin="")
    assert code == 0 and "--review" in out
    # three-hand cribbage has no review: --review shows nothing, says nothing of it
    part, typed, full = near_end(4, {**CRIB, "variant": "three-hand", "opponent": "greedy"})
    path = tmp_path / "three.json"
    part.save(path)
    code, out = run("play", "cribbage", "--resume", str(path), "--plain", "--review",
                    stdin=typed + "\n")
    assert code == 0, out
    assert GameRecord.load(path).actions == full.actions and "Record saved to" in out
    assert "hoyle review" not in out and "Decisions of" not in out and "Review" not in out
