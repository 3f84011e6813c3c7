"""``hoyle play GAME --match N`` (cli.matches.play_match): after each game the tally, then
the next game in its own record file, dealt first as the code says, until a side has won;
the person's moves here are made by a computer player through the session's own state, so
the loop is the command's (the line mode's reading of moves is tested elsewhere)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from rich.console import Console

from hoyle.cards import derive_rng
from hoyle.cli.matches import play_match
from hoyle.cli.session import PlaySession
from hoyle.engine.action import CHANCE
from hoyle.engine.records import GameRecord
from hoyle.interface.registry import get_game


def auto_run(session: PlaySession[Any], banner: str) -> int:
    """Play the session's game to its end: the seeded chance, every seat by the random
    player (the person's too), saving after each move as the line mode does."""
    s = session.state
    pick = get_game("cribbage").make_player("random")
    while not s.is_terminal():
        n = len(s.history)
        if s.current_player == CHANCE:
            s.apply(s.sample_chance(derive_rng(s.seed, "chance", n)))
        else:
            seat = s.current_player
            s.apply(pick.choose(s.view(seat), s.legal_actions(), derive_rng(s.seed, "seat",
                                                                           seat, n)))
        session.save()
    session.console.print(banner)
    return 0


def test_ACC_1_5_play_match_to_the_end_each_game_its_own_record(tmp_path: Path) -> None:
    spec = get_game("cribbage")
    text = spec.text()
    values = {o.name: o.default for o in spec.play_options()}
    values.update(laws="acc", opponent="random", match=2)
    game = text.new_play(11, values)
    buf = io.StringIO()
    console = Console(file=buf, width=200, no_color=True)
    first = tmp_path / "p.json"
    session: PlaySession[Any] = PlaySession(console, spec, game, 11, first)
    session.save()
    assert play_match(console, spec, session, auto_run, "game 1") == 0
    out = " ".join(buf.getvalue().split())
    files = sorted(tmp_path.glob("p*.json"))
    records = [GameRecord.load(p) for p in files]
    assert 2 <= len(records) <= 3 and first in files
    won = [0, 0]
    points = [0, 0]
    for k, r in enumerate(sorted(records, key=lambda r: r.options["match_number"])):
        assert r.result is not None and r.options["match_number"] == k + 1
        assert r.seed == (11 if k == 0 else 11 * 1_000_003 + k)
        if k:  # ACC-1.5: the loser of the game before deals first
            assert r.options["first_dealer"] == loser
        loser = 1 - r.result["winner"]
        won[r.result["winner"]] += 1
        points[r.result["winner"]] += r.result["game_points"]
    assert max(won) == 2
    names = ["You", "Computer (random)"]
    assert (f"Match, first to 2 games: You {won[0]}, Computer (random) {won[1]}; game points "
            f"{points[0]}-{points[1]} (ACC-12.1).") in out
    winner = names[won.index(2)]
    assert f"{winner} win{'' if winner == 'You' else 's'} the match (2 games to " \
           f"{min(won)})." in out
    assert "Game 2 of the match, saved to " in out and "the loser of the last game deals " \
        "first (ACC-1.5; provisional: the catalogue has it from a summary)" in out
