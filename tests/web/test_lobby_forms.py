"""The lobby's forms read by pydantic models (:mod:`hoyle.web.forms`), with the error lines
the lobby always gave (issue 26, item 8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hoyle.interface.options import Option
from hoyle.interface.registry import get_game
from hoyle.web.forms import read_options, read_table_form
from hoyle.web.tables import WebError, table_options

OPTS = [Option("target", int, None, "Points."), Option("muggins", bool, False, "ACC-10."),
        Option("laws", str, "ew", "The code."), Option("match", int, None, "First to N.")]


def test_the_seats_are_read_in_order() -> None:
    form = read_table_form({"game": "cribbage", "seat1": "expert", "seat0": "person",
                            "names": "Ann, Bob"})
    assert (form.game, form.seats, form.names) == ("cribbage", ["person", "expert"],
                                                   "Ann, Bob")


def test_flags_blanks_and_words() -> None:
    form = read_table_form({"opt_muggins": "", "opt_laws": "acc", "opt_target": ""})
    assert read_options(form, OPTS, "cribbage") == {"muggins": True, "laws": "acc"}
    assert read_options(read_table_form({}), OPTS, "cribbage") == {"muggins": False}


@pytest.mark.parametrize(("fields", "line"), [
    ({"opt_pegs": "3"}, "cribbage has no option 'pegs'"),
    ({"opt_target": "sixty"}, "target must be a whole number, not 'sixty'"),
    ({"opt_target": "-5"}, "target must be a whole number, not '-5'"),
    ({"opt_target": "1234567890"}, "target is out of range, not '1234567890'"),
    ({"opt_match": "0"}, "a match is first to 1 to 99 games, not '0'"),
    ({"opt_match": "x", "opt_pegs": "1"}, "cribbage has no option 'pegs'"),
])
def test_the_error_lines(fields: dict[str, str], line: str) -> None:
    with pytest.raises(WebError) as e:
        read_options(read_table_form(fields), OPTS, "cribbage")
    assert str(e.value) == line


def test_a_match_length_for_a_game_without_match_play() -> None:
    """The framework's fixture game has no match play: a match length is refused in words;
    écarté's is taken (issue 33, item 8)."""
    from conformance.highcard import GAME as highcard

    with pytest.raises(WebError) as e:
        read_options(read_table_form({"opt_match": "3"}), table_options(highcard),
                     highcard.title)
    assert str(e.value) == f"{highcard.title} has no option 'match' (it has no match play)"
    spec = get_game("ecarte")
    assert read_options(read_table_form({"opt_match": "3"}), table_options(spec),
                        spec.title)["match"] == 3


def test_a_flag_is_on_or_off() -> None:
    assert read_options(read_table_form({"opt_muggins": "on"}), OPTS, "c")["muggins"] is True
    assert read_options(read_table_form({"opt_muggins": "off"}), OPTS, "c")["muggins"] is False
    with pytest.raises(WebError, match="muggins is on or off, not 'maybe'"):
        read_options(read_table_form({"opt_muggins": "maybe"}), OPTS, "c")


def test_a_seat_left_out_is_named() -> None:
    with pytest.raises(WebError, match="gives seat2 but not seat1"):
        read_table_form({"seat0": "person", "seat2": "expert"})
    with pytest.raises(WebError, match="gives seat2 but not seat0"):
        read_table_form({"seat1": "person", "seat2": "expert"})


def test_a_form_not_url_encoded_is_refused_in_words(tmp_path: Path) -> None:
    """A multipart (or JSON) body is not read as an empty form ("unknown game ''"): it is
    refused saying what a form is, and nothing is made."""
    from fastapi.testclient import TestClient

    from hoyle.web.app import create_app

    with TestClient(create_app(tmp_path / "hoyle.db")) as client:
        r = client.post("/tables", files={"game": (None, "cribbage")},
                        data={"seat0": "person", "seat1": "expert"})
        assert r.status_code == 400
        assert "application/x-www-form-urlencoded" in r.text and "multipart/form-data" in r.text
        r = client.post("/tables", json={"game": "cribbage"})
        assert r.status_code == 400 and "application/json" in r.text
        assert client.app.state.tables.tables == {}  # type: ignore[attr-defined]
