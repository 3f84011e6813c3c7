"""The installed ``hoyle`` (the script beside this Python) in a real terminal, tmux (a
server of the test's own on a private socket): ``hoyle play`` alone full screen (hint,
Ctrl-C saves and quits, the unfinished game offered and resumed, Ctrl+Q), and ``--plain``
under ``LANG=C`` and ``PYTHONIOENCODING=latin-1`` (plain ASCII, the prompt's history).
``make test`` installs tmux (Debian's package) when it is missing."""

from __future__ import annotations

import itertools
import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

HOYLE = Path(sys.executable).parent / "hoyle"
_socket = itertools.count()


class Tmux:
    """One tmux server and session running one command, read back by capture-pane."""

    def __init__(self, command: list[str], env: dict[str, str], cwd: Path) -> None:
        tmux = shutil.which("tmux")
        assert tmux is not None, "tmux is missing: make test installs it (apt-get)"
        self.base = [tmux, "-L", f"hoyle-test-{os.getpid()}-{next(_socket)}"]
        line = " ".join(["env", *(f"{k}={shlex.quote(v)}" for k, v in env.items()),
                         *map(shlex.quote, command)])
        self.run("new-session", "-d", "-s", "t", "-x", "100", "-y", "30", "-c", str(cwd),
                 f"{line}; echo EXIT=$?; sleep 600")

    def run(self, *args: str) -> str:
        return subprocess.run([*self.base, *args], check=True, capture_output=True,
                              text=True, timeout=30).stdout

    def keys(self, *keys: str) -> None:
        self.run("send-keys", "-t", "t", *keys)

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "t", "-S", "-200")

    def wait_for(self, text: str, within: float = 90) -> str:
        """The screen once it shows ``text`` (at most ``within`` seconds: a bound, not a
        measure)."""
        deadline = time.monotonic() + within
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never shown; the screen:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run([*self.base, "kill-server"], capture_output=True, timeout=30)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[list[Tmux]]:
    opened: list[Tmux] = []
    yield opened
    for t in opened:
        t.close()


def start(opened: list[Tmux], args: list[str], cwd: Path, **env: str) -> Tmux:
    keep = {k: v for k, v in os.environ.items()
            if k in ("PATH", "HOME", "PYTHONPATH", "HOYLE_PURE", "HOYLE_DATA_DIR")}
    t = Tmux([str(HOYLE), *args], dict(keep, TERM="xterm-256color", **env), cwd)
    opened.append(t)
    return t


def test_play_alone_full_screen_ctrl_c_then_resume(tmp_path: Path,
                                                   terminal: list[Tmux]) -> None:
    saves = Path(os.environ["HOYLE_DATA_DIR"]) / "saves"
    t = start(terminal, ["play"], tmp_path, LANG="C.UTF-8")
    t.wait_for("skunk line after hole 90")                    # the board, full screen
    t.wait_for("Lay away 2 cards to")
    t.keys("hint", "Enter")
    t.wait_for("The expert would type:")
    t.keys("C-c")                                             # saves and quits
    screen = t.wait_for("EXIT=0")
    (save,) = saves.glob("hoyle-cribbage-*.json")
    assert f"Game saved to {save}" in "".join(screen.splitlines())
    t = start(terminal, ["play"], tmp_path, LANG="C.UTF-8")
    t.wait_for("Continue your unfinished game of cribbage")
    t.keys("y", "Enter")
    t.wait_for("skunk line after hole 90")
    t.wait_for("Resuming the game in")
    t.keys("C-q")
    t.wait_for("EXIT=0")
    assert list(saves.glob("*.json")) == [save]


@pytest.mark.parametrize("env", [{"LANG": "C"}, {"LANG": "C.UTF-8",
                                                 "PYTHONIOENCODING": "latin-1"}])
def test_plain_in_a_terminal_that_cannot_show_suits(tmp_path: Path, terminal: list[Tmux],
                                                    env: dict[str, str]) -> None:
    # seed 3: the person deals and holds A♣ A♠ 4♦ 5♠ J♥ J♠ (tests/cli/test_robust_text.py)
    t = start(terminal, ["play", "cribbage", "--plain", "--seed", "3", "--save", "g.json"],
              tmp_path, **env)
    t.wait_for("Your hand: AC AS 4D 5S JH JS   (the crib is yours)")
    t.keys("9c", "Enter")
    # the prompt again first (readline reading: an Up sent before it was echoed raw, "^[[A",
    # on a loaded CI machine)
    t.wait_for("Name exactly 2 cards, e.g. 5h 10c.\nLay away 2 cards to your crib:")
    t.keys("Up")                                              # the history recalls it
    t.wait_for("Name exactly 2 cards, e.g. 5h 10c.\nLay away 2 cards to your crib: 9c")
    t.keys("C-u", "5s 4d", "Enter")
    t.wait_for("You lay away 5S 4D to the crib.")
    t.keys("quit", "Enter")
    screen = t.wait_for("EXIT=0")
    assert "Traceback" not in screen and screen.isascii()
    assert (tmp_path / "g.json").exists()


def test_r_at_the_end_of_a_game_shows_the_review(tmp_path: Path,
                                                 terminal: list[Tmux]) -> None:
    # five-card against the random player, seed 31, one decision from its end (the
    # reviewer's game): the last move, the show held, the end screen, then r (twice)
    from helpers.review import CRIB, near_end

    part, typed, _ = near_end(31, {**CRIB, "variant": "five-card", "opponent": "random"})
    part.save(tmp_path / "g.json")
    t = start(terminal, ["play", "--resume", "g.json"], tmp_path, LANG="C.UTF-8")
    t.wait_for("Resuming the game in")
    t.keys(typed, "Enter")
    deadline = time.monotonic() + 60
    while "Game over: " not in (screen := t.screen()):
        assert time.monotonic() < deadline, screen
        if "Press Enter to go on." in screen:
            t.keys("Enter")
        time.sleep(0.3)
    for _ in range(2):
        t.keys("r")
        t.wait_for("Decisions of g.json")
        t.keys("Escape")
        t.wait_for("Game over: ")
    t.keys("C-q")
    screen = t.wait_for("EXIT=0")
    assert "Traceback" not in screen and "DuplicateIds" not in screen
    assert "Your review: hoyle review g.json --seat 0" in "".join(screen.splitlines())
