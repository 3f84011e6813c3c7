"""EW-xvii's lurch agreed before the game reaches the web forms: the lobby's table options
and the referee form list the game's declared options generically (no game named)."""

from __future__ import annotations

from hoyle.interface.registry import get_game
from hoyle.web.referee import referee_options
from hoyle.web.tables import table_options


def test_EW_xvii_lurch_agreed_is_a_web_table_and_referee_option() -> None:
    spec = get_game("cribbage")
    for options in (table_options(spec), referee_options(spec)):
        (lurch,) = [o for o in options if o.name == "lurch_agreed"]
        assert lurch.flag and lurch.default is False and "EW-xvii" in lurch.help
    ecarte = get_game("ecarte")  # a game without the lurch lists none
    assert not [o for o in table_options(ecarte) if o.name == "lurch_agreed"]
