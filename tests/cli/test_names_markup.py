"""The players' names are text, never markup (issue 28): a name such as ``[/]`` (a closing
tag with nothing to close: rich raises on it) or ``[red]Ann[/red]`` (silently coloured and
its brackets lost) is shown as typed at every line of a refereed écarté game (the prompt,
the events, the rulings, the score), as cribbage shows it. The web's referee table renders
the same prompts (``hoyle.web.referee``), so it no longer fails at every sync either."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.text import Text
from typer.testing import CliRunner

from hoyle.cli.main import app
from hoyle.engine.action import CHANCE
from hoyle.interface.registry import get_game

# The OH code, seat 0 elder: cuts 9C and KD (the higher deals: seat 1), a 3-2 deal, 8S
# turned up; the elder proposes, the dealer accepts, the elder asks for 2 and lays out one
# (7D), then takes 7C 8C: OH-11 scores 1 to the dealer (seat 1).
LINES = ("9c", "kd", "32 KS QS JS 7H 7D AS 9S KH QH KD", "8s", "propose", "accept",
         "DISCARD 2 7D", "7c 8c", "score", "quit")


@pytest.mark.parametrize("names", [("[/]", "Bob"), ("[red]Ann[/red]", "Bob"),
                                   ("[/]", "[red]Ann[/red]")])
def test_referee_ecarte_shows_names_with_brackets_as_typed(tmp_path: Path,
                                                           names: tuple[str, str]) -> None:
    first, second = names
    r = CliRunner().invoke(app, ["referee", "ecarte", "--laws", "oh", "--names",
                                 f"{first},{second}", "--save", str(tmp_path / "r.json")],
                           input="\n".join(LINES) + "\n", env={"COLUMNS": "200"})
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    assert r.exit_code == 0, r.output
    out = r.output
    assert f"{first} cuts for the deal (a card): {first} cuts 9♣ for the deal." in out
    assert f"{second} deals: pattern (32 or 23), then {first}'s five and {second}'s five" \
        in out
    assert f"{first} stands or proposes: {first} proposes." in out
    assert f"The cards {first} takes from the stock" in out
    assert f"Ruling OH-11: the elder hand asked for 2 and laid out 1: {second} scores 1" \
        in out
    assert f"Score {first} 0, {second} 1" in out


def test_every_ecarte_referee_line_keeps_the_names_literal() -> None:
    # A random refereed game under each code: every prompt, event line and score renders
    # as markup without error, and where a name appears it appears whole, brackets and all.
    spec = get_game("ecarte")
    text = spec.text()
    names = ["[/]", "[red]Ann[/red]"]

    def plain(markup: str) -> str:
        shown = Text.from_markup(markup).plain  # rich.errors.MarkupError on a bad tag
        if "Ann" in shown:
            assert "[red]Ann[/red]" in shown, shown
        return shown

    for laws in ("club", "oh"):
        for seed in range(3):
            rng = random.Random(seed)
            state, seats = text.new_referee(list(names), {"laws": laws})
            prompts = 0
            while not state.is_terminal() and len(state.history) < 400:
                shown = plain(text.referee_prompt(state, seats))
                prompts += bool(shown)
                board = text.referee_board(state, seats)
                assert isinstance(board, str)
                plain(board)
                action = state.sample_chance(rng) if state.current_player == CHANCE \
                    else rng.choice(state.legal_actions())
                for line in text.referee_event_lines(state, state.apply(action), seats):
                    plain(line)
            assert prompts > 10
