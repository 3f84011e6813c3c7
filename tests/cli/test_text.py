"""Every game's text (:meth:`GameSpec.text`) works without a terminal: strings in, strings
and tables out, so other interfaces (a web app, a full-screen game) can use it."""

from __future__ import annotations

import pytest

from hoyle.interface.registry import games
from hoyle.interface.text import GameText, TextTable


@pytest.mark.parametrize("spec", games(), ids=lambda s: s.name)
def test_text_is_strings_for_every_game(spec) -> None:  # type: ignore[no-untyped-def]
    text = spec.text()
    assert isinstance(text, GameText) and text.help_text and text.referee_help
    game = text.new_play(3, {o.name: o.default for o in spec.play_options()
                             if o.name not in ("seed", "save", "resume")})
    state = game.state
    events = state.apply(state.sample_chance(__import__("random").Random(1)))
    names = text.play_names(game)
    assert all(isinstance(line, str) for line in text.event_lines(events, names, 0))
    referee, seats = text.new_referee(None, {o.name: o.default for o in spec.referee_options()
                                             if o.name not in ("names", "save", "resume")})
    assert isinstance(text.referee_menu(referee), TextTable)
    assert isinstance(text.referee_prompt(referee, seats), str)
    with pytest.raises(Exception, match="nothing entered"):
        text.read_table("", referee, seats)
