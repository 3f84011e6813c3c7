"""The line mode, the game review and the statistics as a player meets them:
the line mode's board fits a narrow console (COLUMNS=50: the compact board, never a
wrapped street); the review writes cards as the game does (``A♥ 10♦``, ASCII where the
suits cannot be shown) and names the seats as the game does (``You``); a different expert
choice worth as much shows ``0.00``; ``hoyle review`` refuses what ``hoyle replay`` and
``--resume`` refuse (seats that do not fit the game, a seed that is not the deal's);
five-card's three for last is no penalty in the summary; the show reads ``Your hand``; a
history path that is a folder gives one warning line; ``play --resume F --review``; the
commands' summaries in ``--help`` are whole lines; copies of one save are one game in
``stats --mine``."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from typer.testing import CliRunner

from hoyle.cards import Card
from hoyle.cli.main import app
from hoyle.cli.stats import StatsStore
from hoyle.engine.action import Action
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import get_game
from hoyle.interface.review import POINTS, WIN, Decision, Review, review_blocks
from hoyle.interface.text import TextTable

from helpers.review import CRIB, driver_for, near_end, new_driver

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

FIVE = {**CRIB, "variant": "five-card", "opponent": "random"}
ENV = {"NO_COLOR": "1", "COLUMNS": "200", "TERM": "dumb"}
RECORD_CARD = re.compile(r"(?<![\w♣♦♥♠])(?:[2-9TJQKA])[CDHS](?![\w])")
"""A card in record notation (``TD``, ``AH``)."""


def hoyle(*args: str, cwd: Path, stdin: str = "", **env: str
          ) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items()
            if k not in ("LC_ALL", "LC_CTYPE", "LANG", "PYTHONIOENCODING", "HOYLE_ASCII")}
    return subprocess.run([sys.executable, "-m", "hoyle", *args], input=stdin, text=True,
                          encoding="utf-8", cwd=cwd, env=dict(base, **dict(ENV, **env)),
                          capture_output=True, timeout=300)


def finished_five(tmp_path: Path, name: str = "g.json") -> tuple[Path, GameRecord]:
    """Five-card against the random player, seed 31, played to its end (the reviewer's)."""
    _, _, full = near_end(31, FIVE)
    path = tmp_path / name
    full.save(path)
    return path, full


# -- 3. the line mode's board at a narrow console ------------------------------------------
def test_the_line_modes_board_fits_fifty_columns(tmp_path: Path) -> None:
    narrow = hoyle("play", "cribbage", "--plain", "--seed", "3", "--save", "n.json",
                   cwd=tmp_path, stdin="quit\n", COLUMNS="50", LANG="C.UTF-8")
    wide = hoyle("play", "cribbage", "--plain", "--seed", "3", "--save", "w.json",
                 cwd=tmp_path, stdin="quit\n", COLUMNS="80", LANG="C.UTF-8")
    assert narrow.returncode == 0 and wide.returncode == 0, narrow.stderr + wide.stderr
    for out in (narrow.stdout, wide.stdout):
        lines = out.splitlines()
        start = next(i for i, ln in enumerate(lines)
                     if ln.startswith("to 121   ┃ skunk line after hole 90"))
        assert lines[start + 1:start + 3] == ["A You (dealer)        0 (back peg 0)",
                                              "B Computer (expert)   0 (back peg 0)"]
    # at 50 the compact board: no street at all, so none wraps; at 80 the four streets
    # (75 characters each: the letter, the start hole, 60 holes in twelve groups of five)
    assert "·" not in narrow.stdout and "Your hand: A♣ A♠ 4♦ 5♠ J♥ J♠" in narrow.stdout
    streets = [ln for ln in wide.stdout.splitlines() if "·····" in ln]
    assert len(streets) == 4 and {len(ln) for ln in streets} == {75}


def test_the_referees_board_fits_fifty_columns(tmp_path: Path) -> None:
    outs = {}
    for columns in ("50", "80"):
        done = hoyle("referee", "cribbage", "--names", "Alice,Bob", "--save",
                     f"r{columns}.json", cwd=tmp_path, stdin="board\nquit\n",
                     COLUMNS=columns, LANG="C.UTF-8")
        assert done.returncode == 0, done.stderr
        outs[columns] = done.stdout
        # the board at the start and again for "board": the score lines each time
        assert done.stdout.count("A Alice   0 (back peg 0)") == 2
    assert "·" not in outs["50"]
    assert len([ln for ln in outs["80"].splitlines() if "·····" in ln]) == 8


# -- 4 and 8. the review's words ---------------------------------------------------------
def _decisions(out: str) -> list[list[str]]:
    """The rows of the review's first table (boxed): its cells, stripped."""
    rows = []
    for line in out.splitlines():
        if line.startswith("│") and "Cost per deal" not in line:
            rows.append([c.strip() for c in line.strip("│").split("│")])
        if line.startswith("└"):
            break
    return rows


def test_the_review_writes_cards_and_seats_as_the_game_does(tmp_path: Path) -> None:
    path, full = finished_five(tmp_path)
    out = CliRunner().invoke(app, ["review", str(path), "--seat", "0"], env=ENV)
    assert out.exit_code == 0, out.output
    rows = _decisions(out.output)
    assert len(rows) > 10 and {r[1] for r in rows} == {"You"}
    for deal, seat, kind, made, best, cost in rows:
        for cards in (made, best):  # the game's notation: 10♦, never TD
            assert all(Card.parse(c).pretty == c for c in cards.split()), (made, best)
        assert (best == "") == (cost == ""), (made, best, cost)  # 8: another choice, a cost
    assert not RECORD_CARD.search(out.output)
    assert "human" not in out.output and "(seat " not in out.output
    assert re.search(r"^You: \d+\.\d\d points and ", out.output, re.M)
    # the record's own cards, as made: the person's first lay-away, replayed
    state = get_game("cribbage").state_for_record(dataclasses.replace(full, actions=[],
                                                                      result=None))
    for text in full.actions:
        action = Action.parse(text)
        if action.verb == "DISCARD" and state.current_player == 0:
            break
        state.apply(action)
    assert rows[0][2] == "discard"
    assert rows[0][3] == " ".join(c.pretty for c in sorted(action.cards))


def test_the_review_in_ascii_where_the_suits_cannot_be_shown(tmp_path: Path) -> None:
    path, _ = finished_five(tmp_path)
    done = hoyle("review", str(path), "--seat", "0", cwd=tmp_path, HOYLE_ASCII="1")
    assert done.returncode == 0, done.stderr
    assert done.stdout.isascii()
    # the table drawn in ASCII too: one "| 1 | You | ..." line a decision
    rows = [cells for ln in done.stdout.splitlines() if re.match(r"\|\s+\d+ \| You ", ln)
            and len(cells := [c.strip() for c in ln.strip("|").split("|")]) == 6]
    assert len(rows) == len(_decisions(CliRunner().invoke(
        app, ["review", str(path), "--seat", "0"], env=ENV).output))
    tens = [c for r in rows for c in (r[3] + " " + r[4]).split() if c.startswith("10")]
    assert tens and all(re.fullmatch(r"10[CDHS]", c) for c in tens)  # 10D, as the game


def test_another_choice_worth_as_much_shows_its_zero_cost() -> None:
    review = Review([Decision(1, 0, "play", "10♥", "5♣", 0.0, POINTS),
                     Decision(1, 0, "play", "7♠", "7♠", 0.0, POINTS),
                     Decision(2, 0, "discard", "A♥ 2♥", "A♥ 3♦", 0.0, WIN),
                     Decision(2, 0, "play", "4♦", "9♣", 1.5, POINTS)], ("You", "Computer"))
    table = review_blocks(review, "g.json")[0]
    assert isinstance(table, TextTable)
    assert [row[4:] for row in table.rows] == [("5♣", "0.00 pts"), ("", ""),
                                               ("A♥ 3♦", "0.0% win"), ("9♣", "1.50 pts")]
    assert [row[1] for row in table.rows] == ["You"] * 4


# -- 7. the review checks what replay and resume check ----------------------------------
def test_the_review_refuses_seats_and_seeds_that_do_not_fit(tmp_path: Path) -> None:
    path, _ = finished_five(tmp_path)
    data = json.loads(path.read_text())
    one = tmp_path / "one.json"
    one.write_text(json.dumps(dict(data, seats=["human"])))
    seed = tmp_path / "seed.json"
    seed.write_text(json.dumps(dict(data, seed=data["seed"] + 1)))
    runner = CliRunner()
    replayed = runner.invoke(app, ["replay", str(one)], env=ENV)
    reviewed = runner.invoke(app, ["review", str(one)], env=ENV)
    assert replayed.exit_code == reviewed.exit_code == 2
    assert reviewed.output == replayed.output == \
        "error: the record names 1 seats for a game of 2\n"
    reviewed = runner.invoke(app, ["review", str(seed), "--seat", "0"], env=ENV)
    resumed = runner.invoke(app, ["play", "--resume", str(seed), "--plain"], env=ENV)
    assert reviewed.exit_code == resumed.exit_code == 2
    assert reviewed.output == resumed.output == (
        f"error: action 1 '{data['actions'][0]}': not the outcome the record's seed gives: "
        "the deal or the seed was changed\n")
    assert runner.invoke(app, ["review", str(path), "--seat", "2"], env=ENV).output == \
        "error: no seat 2 in this game\n"


# -- 5. three for last; "Your hand" ----------------------------------------------------
def test_three_for_last_is_no_penalty_in_the_summary() -> None:
    _, _, full = near_end(31, FIVE)
    spec = get_game("cribbage")
    state, events = spec.replay_record(full)
    summary = spec.text().summary_lines(state, events, ["You", "Computer (random)"], 0)
    lines = [re.sub(r"\[/?[a-z ]+\]", "", ln) for ln in summary]
    assert not any("penalt" in ln for ln in lines)
    # seed 31: the person deals first, so the computer (the pone) has the 3 (EW-T-x)
    them = next(ln for ln in lines if ln.startswith("  Computer (random): "))
    found = re.fullmatch(r"  Computer \(random\): (\d+) \(pegging (\d+), hand (\d+), crib "
                         r"(\d+), three for last 3\)", them)
    assert found is not None, them
    total, *parts = map(int, found.groups())
    assert total == sum(parts) + 3 == 61
    you = next(ln for ln in lines if ln.startswith("  You: "))
    assert "three for last" not in you


def test_the_show_on_the_table_reads_your_hand() -> None:
    # five-card, seed 1: the game ends in the show of the last deal, every hand and the
    # crib laid face up on the table (the full screen's "The show" area)
    _, _, full = near_end(1, FIVE)
    spec = get_game("cribbage")
    state, _ = spec.replay_record(full)
    names = ["You", "Computer (random)"]
    (show,) = [a for a in spec.text().table_areas(state, 0, names) if a.title == "The show"]
    plain = [re.sub(r"\[/?[a-z ]+\]", "", ln) for ln in show.lines]
    owner = {0: "Your", 1: "Computer's"}
    assert plain == [f"{owner[s]} {what}: {' '.join(c.pretty for c in cards)}"
                     for s, what, cards in state.view(0).shown]
    assert plain[0] == "Your hand: 5♣ 7♥ 10♥" and len(plain) == 3


# -- 6. a history path that is a folder ------------------------------------------------
def _spawn_log(tmp_path: Path, data: Path, save: str) -> str:
    env = dict(os.environ, HOYLE_DATA_DIR=str(data), TERM="xterm", NO_COLOR="1",
               LANG="C.UTF-8", COLUMNS="200")
    child = pexpect.spawn(sys.executable, ["-m", "hoyle", "play", "cribbage", "--plain",
                                           "--seed", "3", "--save", save],
                          cwd=str(tmp_path), env=env, encoding="utf-8", timeout=60,
                          dimensions=(50, 200))
    said = []
    for move in ("9c", "9d", "quit"):  # two moves refused, each prompted again
        child.expect("Lay away 2 cards to your crib:")
        said.append(child.before)
        child.sendline(move)
    child.expect(pexpect.EOF)
    said.append(child.before)
    child.close()
    assert child.exitstatus == 0
    return "".join(said)


def test_a_history_folder_warns_once(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "history").mkdir(parents=True)
    said = _spawn_log(tmp_path, data, "a.json")
    assert "Traceback" not in said and "IsADirectoryError" not in said
    assert said.count("No history of your lines: ") == 1
    assert "Is a directory" in said
    assert (data / "history").is_dir() and not list((data / "history").iterdir())
    fine = tmp_path / "fine"
    fine.mkdir()
    said = _spawn_log(tmp_path, fine, "b.json")  # a file: kept, and no warning
    assert "No history" not in said
    assert (fine / "history").read_text(encoding="utf-8").count("+9c") == 1


# -- 9. --review with --resume; --help; copies of one save ------------------------------
def test_resume_takes_review(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    part, typed, full = near_end(3)
    for name in ("a.json", "b.json"):
        part.save(Path(name))
    for args in (["play", "--resume", "a.json", "--review", "--plain"],
                 ["play", "--review", "--resume", "b.json", "--plain"]):
        out = CliRunner().invoke(app, args, input=typed + "\n", env=ENV)
        assert out.exit_code == 0, out.output
        assert "Decisions of" in out.output
        assert "Again later: hoyle review" in out.output
    assert GameRecord.load(Path("a.json")).actions == full.actions


def test_the_commands_summaries_wrap_as_whole_lines() -> None:
    for args in (["stats", "--help"], ["--help"]):
        out = CliRunner().invoke(app, args, env={"COLUMNS": "80", "NO_COLOR": "1"}).output
        panel = out[out.index("Commands"):].splitlines()[1:]
        entries: list[list[str]] = []
        for line in panel:
            if not line.startswith("│"):
                break
            text = line.strip("│").rstrip()
            if text[:2].strip():
                entries.append([text])
            else:
                entries[-1].append(text)
        assert len(entries) >= 2
        for entry in entries:  # every line of a summary but its last is filled
            assert all(len(ln) > 60 for ln in entry[:-1]), entry
    assert "combinations, as a hand and as a crib" in " ".join(
        CliRunner().invoke(app, ["stats", "--help"], env={"COLUMNS": "80"}).output.split())


def test_copies_of_one_save_are_one_game(tmp_path: Path) -> None:
    _, _, full = near_end(3)
    store = StatsStore(tmp_path / "s.sqlite")
    assert store.add(full, str(tmp_path / "a.json"))
    assert not store.add(full, str(tmp_path / "b.json"))  # a copy finished elsewhere
    (mine,) = store.totals()
    assert mine.games == 1
    store.close()


def test_a_store_of_an_earlier_hoyle_gets_the_key(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.executescript("""CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL,
        variant TEXT NOT NULL, opponent TEXT NOT NULL,
        finished TEXT NOT NULL DEFAULT (datetime('now')), record TEXT NOT NULL,
        actions INTEGER NOT NULL, won INTEGER NOT NULL, skunk_given INTEGER NOT NULL,
        skunk_taken INTEGER NOT NULL, score INTEGER NOT NULL, their_score INTEGER NOT NULL,
        points TEXT NOT NULL, deals TEXT NOT NULL, UNIQUE (record, actions));
        INSERT INTO games (game, variant, opponent, record, actions, won, skunk_given,
        skunk_taken, score, their_score, points, deals) VALUES ('cribbage', 'six-card',
        'expert', '/old.json', 90, 1, 0, 0, 121, 100, '{}', '{}');""")
    db.close()
    _, _, full = near_end(3)
    store = StatsStore(path)
    assert store.add(full, "a.json") and not store.add(full, "b.json")
    assert [g.games for g in store.totals()] == [2]  # the old game and this one
    store.close()


# -- issue 32: the master as the coach ------------------------------------------------------
def test_the_review_and_the_hint_take_the_master_as_coach(tmp_path: Path) -> None:
    path, _ = finished_five(tmp_path)
    runner = CliRunner()
    out = runner.invoke(app, ["review", str(path), "--seat", "0", "--coach", " Master "],
                        env=ENV)
    assert out.exit_code == 0, out.output
    assert len(_decisions(out.output)) > 10
    assert re.search(r"┃\s*made\s*┃\s*master\s*┃\s*cost", out.output)  # its column
    assert "the master's values are estimated from its own draws" in out.output
    bad = runner.invoke(app, ["review", str(path), "--coach", "nobody"], env=ENV)
    assert bad.exit_code != 0
    assert bad.output.strip().splitlines() == [
        "error: the review's coach is one of expert, master, not 'nobody'"]
    typed = runner.invoke(app, ["play", "cribbage", "--plain", "--seed", "3", "--save",
                                str(tmp_path / "h.json")],
                          input="hint master\nhint\taware\nhint nobody\nquit\n", env=ENV)
    assert "The master would type: 5s js" in typed.output
    assert "The aware player would type:" in typed.output
    assert "unknown player 'nobody' (known: random, greedy, table, expert, aware, master)" \
        in typed.output
