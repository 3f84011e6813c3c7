"""The coach after the person's own count (the items missed named), the end-of-game
summary (points by side and kind; the person's hand never counted), and the statistics
across games (the SQLite store in the data folder, ``hoyle stats --mine``)."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any

from rich.console import Console
from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.cli.session import PlaySession
from hoyle.cli.stats import StatsStore
from hoyle.engine.action import Action
from hoyle.interface.play import PlayDriver
from hoyle.interface.registry import get_game

SPEC = get_game("cribbage")
TEXT = SPEC.text()
PLAIN = re.compile(r"\[/?[a-z ]+\]")


def new_game(seed: int, **options: Any) -> PlayDriver:
    values = {o.name: o.default for o in SPEC.play_options()}
    for name in ("seed", "save", "resume"):
        values.pop(name)
    values.update(options)
    return PlayDriver(SPEC, TEXT.new_play(seed, values), seed)


def to_first_hand_claim(d: PlayDriver) -> list[str]:
    """Play (claims of 0, cards at random) until the person is to count his hand."""
    rng = random.Random(1)
    lines: list[str] = []
    while True:
        if d.persons_turn():
            s = d.state
            if s.phase == "claim":
                if s.view(d.human).claim == "hand":
                    return lines
                lines += d.lines(d.play(Action("CLAIM", n=0)))
            else:
                lines += d.lines(d.play(rng.choice(s.legal_actions())))
        else:
            lines += d.lines(d.step().events)


def test_the_coach_names_what_a_short_count_missed() -> None:
    # seed 5 (EW, the person counts): his hand 8♦ 10♣ J♦ J♥ with the starter 4♦ is worth
    # 3: the pair of jacks (2) and his nobs, the J♦ of the starter's suit (1); no fifteen
    d = new_game(5, manual_count=True)
    before = to_first_hand_claim(d)
    plain = [" ".join(PLAIN.sub("", line).split()) for line in before]
    assert plain[-1] == "You show the hand: 8♦ 10♣ J♦ J♥ + starter 4♦"
    assert "Coach: the go is worth 1 (“one for last”); you claimed 0 and missed 1: one for " \
        "last." in plain
    over = TEXT.coach_lines(d.state, 0, Action("CLAIM", n=5))
    assert PLAIN.sub("", over[0]).strip() == \
        "Coach: you claimed 5 for your hand; it is worth 3: “a pair is two, his nobs is three”."
    assert TEXT.coach_lines(d.state, 0, Action("CLAIM", n=3)) == []   # right: nothing said
    lines = [PLAIN.sub("", line).strip() for line in d.lines(d.play(Action("CLAIM", n=2)))]
    assert lines[0] == "You score 2 for the claim → 2"
    assert lines[1].startswith("Ruling EW-x: no penalty for taking too few")
    assert lines[2] == ("Coach: your hand is worth 3 (“a pair is two, his nobs is three”); "
                        "you claimed 2 and missed 1: his nobs (J♦) for 1.")


class Scripted(PlaySession[Any]):
    """The line mode with the person's moves chosen at random (seeded)."""

    rng = random.Random(2)

    def read(self, prompt: str) -> str:
        return TEXT.typed(self.rng.choice(self.state.legal_actions()))


def play_whole(tmp_path: Path, seed: int, name: str) -> tuple[str, Scripted]:
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    values = {o.name: o.default for o in SPEC.play_options()}
    for key in ("seed", "save", "resume"):
        values.pop(key)
    values["opponent"] = "random"
    session = Scripted(console, SPEC, TEXT.new_play(seed, values), seed, tmp_path / name)
    assert session.run() == 0
    return out.getvalue(), session


def test_summary_and_statistics_at_the_end_of_a_game(tmp_path: Path) -> None:
    out, session = play_whole(tmp_path, 11, "a.json")
    state = session.state
    assert "The game in points:" in out and "Counted in your statistics" in out
    for side, name in enumerate(("You", "Computer (random)")):
        m = re.search(rf"  {re.escape(name)}: (\d+) \(pegging (\d+), hand (\d+), crib (\d+)"
                      r"(?:, penalties ([+-]\d+))?\)", out)
        assert m is not None, out[-800:]
        total, *parts = (int(x) for x in m.groups() if x is not None)
        assert total == state.scores[side] == sum(parts)
    store = StatsStore()
    (mine,) = store.totals()
    won = state.result.winner == 0
    assert (mine.game, mine.games, mine.wins) == ("cribbage", 1, int(won))
    assert mine.deals["dealer"] + mine.deals["pone"] >= 1
    assert not store.add(session.record(), str((tmp_path / "a.json").resolve()))  # once
    store.close()
    out2, session2 = play_whole(tmp_path, 12, "b.json")
    result = CliRunner().invoke(app, ["stats", "--mine"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    wins = int(won) + int(session2.state.result.winner == 0)
    assert re.search(rf"│ games\s+│\s+2 │", result.output)
    assert re.search(rf"│ wins\s+│\s+{wins} \({wins / 2:.0%}\) │", result.output)
    assert "hand per deal as pone" in result.output


def test_the_hand_never_counted_is_named(tmp_path: Path) -> None:
    for seed in range(20, 60):
        d = new_game(seed, opponent="random")
        rng = random.Random(seed)
        while not d.finished():
            if d.persons_turn():
                d.play(rng.choice(d.state.legal_actions()))
            else:
                d.step()
        s = d.state
        if 0 not in {seat for seat, what, _ in s.shown if what == "hand"}:
            break
    else:
        raise AssertionError("no game of these seeds ended before the person's show")
    lines = [PLAIN.sub("", line) for line in d.summary()]
    kept = " ".join(c.pretty for c in s.kept[0])
    from hoyle.cribbage.scoring import score_show
    worth = score_show(s.kept[0], s.starter).total
    assert any(line.startswith(f"  Your hand, never counted (the game ended first): {kept} "
                               f"+ starter {s.starter.pretty} would have made {worth} ")
               for line in lines), lines


def test_ecartes_statistics_use_its_own_roles() -> None:
    """Écarté has an elder hand and a dealer, no pone, no crib and no skunk."""
    from hoyle.ecarte.match import play_game as play_ecarte
    from hoyle.ecarte.players import RandomPlayer as EcarteRandom
    from hoyle.interface.text import HUMAN

    record = play_ecarte([EcarteRandom(), EcarteRandom()], seed=4).to_record(
        seats=[HUMAN, "random"])
    store = StatsStore()
    assert store.add(record, "ecarte-4.json")
    store.close()
    result = CliRunner().invoke(app, ["stats", "--mine"], env={"COLUMNS": "100"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Your écarté" in out
    elder = re.search(r"│ deals as elder hand\s+│\s+(\d+) │", out)
    dealer = re.search(r"│ deals as dealer\s+│\s+(\d+) │", out)
    assert elder and dealer, out
    # every deal but the one the game ended in (the statistics count complete deals)
    deals = sum(1 for a in record.actions if a.startswith("DEAL")) - 1
    assert int(elder[1]) + int(dealer[1]) == deals >= 1
    assert abs(int(elder[1]) - int(dealer[1])) <= 1  # the deal alternates (or the winner
    # of the last hand deals: a dealer deals at most once more)
    assert "pone" not in out and "crib" not in out and "skunk" not in out
    assert re.search(r"per deal as (elder hand|dealer)\s+│\s+\d+\.\d\d │", out), out
