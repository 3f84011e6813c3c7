"""Robust text at the terminal: the plain-ASCII fallback where the suits cannot be shown
(``PYTHONIOENCODING=latin-1``, ``LANG=C``), one card notation in hands, prompts and errors,
and input forgiving of what people paste (emoji variation selectors, full-width digits, a
bare rank when it names one card)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hoyle.cards import Card, parse_cards, parse_cards_in
from hoyle.cli.terminal import draws_suits, to_ascii
from hoyle.errors import CardParseError

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

# Seed 3, six-card, against the expert: the person deals and holds A♣ A♠ 4♦ 5♠ J♥ J♠;
# laying away 5♠ 4♦, the starter is 6♦ and the computer leads 10♠.
MOVES = "5 j\n\uff15\u2660\ufe0f \uff14\u2666\n9c\nquit\n"
ASCII_MOVES = "5 j\n5s 4\n9c\nquit\n"


def play(tmp_path: Path, moves: str = MOVES, **env: str
         ) -> subprocess.CompletedProcess[bytes]:
    base = {k: v for k, v in os.environ.items()
            if k not in ("LC_ALL", "LC_CTYPE", "LANG", "PYTHONIOENCODING", "HOYLE_ASCII")}
    return subprocess.run([sys.executable, "-m", "hoyle", "play", "cribbage", "--plain",
                           "--seed", "3", "--save", "g.json"],
                          input=moves.encode("utf-8"),
                          cwd=tmp_path, env=dict(base, NO_COLOR="1", COLUMNS="200", **env),
                          capture_output=True, timeout=120)


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "latin-1"}, {"LANG": "C"},
                                 {"LC_ALL": "POSIX"}, {"PYTHONIOENCODING": "ascii"}])
def test_plain_mode_falls_back_to_ascii(tmp_path: Path, env: dict[str, str]) -> None:
    done = play(tmp_path, ASCII_MOVES, **env)
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    # nothing the terminal's encoding cannot hold (latin-1 has the board's middle dot)
    out = done.stdout.decode(env.get("PYTHONIOENCODING", "ascii"))
    assert "Your hand: AC AS 4D 5S JH JS   (the crib is yours)" in out
    assert "Computer (expert) plays 10S - count 10." in out
    assert "Starter: 6D" in out
    # the board in ASCII: each side's score and back peg, then the streets of holes
    assert "to 121   | skunk line after hole 90" in out
    assert "A You (dealer)        0 (back peg 0)" in out
    assert "A * ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ..... ....." in \
        out.replace("·", ".")
    assert "you hold JH and JS: name the suit too" in out
    assert "You lay away 5S 4D to the crib." in out
    assert "9C is not in the hand" in out


def test_a_utf8_terminal_gets_the_suits_and_forgiving_input(tmp_path: Path) -> None:
    done = play(tmp_path, LANG="C.UTF-8")
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode("utf-8")
    lines = [" ".join(line.split()) for line in out.splitlines()]
    # a bare rank held twice is refused, naming both cards in the hands' notation
    assert any(line.endswith("cannot read card 'j': you hold J♥ and J♠: name the suit too")
               for line in lines)
    # full-width digits and an emoji variation selector read as the cards they show
    assert any(line.endswith("You lay away 5♠ 4♦ to the crib.") for line in lines)
    assert any(line.endswith("9♣ is not in the hand") for line in lines)   # not "9C"
    assert "Your hand: A♣ A♠ J♥ J♠" in out


def test_card_reading_forgives_pasted_forms() -> None:
    assert Card.parse("5\u2663\ufe0f") is Card.parse("5C")       # 5♣️
    assert Card.parse("\uff11\uff10\u2665") is Card.parse("TH")  # １０♥
    assert Card.parse("\uff2b\uff33") is Card.parse("KS")        # ＫＳ
    assert parse_cards("5\u2663\ufe0f\u3000\uff21\u2660") == parse_cards("5C AS")
    with pytest.raises(CardParseError, match="cannot read card"):
        Card.parse("5\ufe0f")


def test_a_bare_rank_is_the_one_card_it_can_be() -> None:
    hand = parse_cards("AC AS 4D 5S JH JS")
    assert parse_cards_in("5 4", hand) == parse_cards("5S 4D")
    assert parse_cards_in("１ ｊｈ", hand[:1] + hand[4:]) == parse_cards("AC JH")
    # among the cards that may be played first: J♠ is the only jack playable
    assert parse_cards_in("j", hand, legal=parse_cards("AC JS")) == parse_cards("JS")
    with pytest.raises(CardParseError, match="you hold A♣ and A♠: name the suit too"):
        parse_cards_in("a", hand)
    with pytest.raises(CardParseError, match="no card of that rank in your hand"):
        parse_cards_in("9", hand)


def test_draws_suits_reads_the_encoding_and_the_locale(monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    class Stream:
        def __init__(self, encoding: str) -> None:
            self.encoding = encoding

    for name in ("LC_ALL", "LC_CTYPE", "LANG", "PYTHONIOENCODING", "HOYLE_ASCII"):
        monkeypatch.delenv(name, raising=False)
    assert draws_suits(Stream("utf-8")) and not draws_suits(Stream("latin-1"))
    monkeypatch.setenv("LANG", "C")
    monkeypatch.setenv("LC_CTYPE", "C.UTF-8")          # Python's own coercion of LANG=C
    assert not draws_suits(Stream("utf-8"))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert draws_suits(Stream("utf-8"))
    monkeypatch.setenv("HOYLE_ASCII", "1")
    assert not draws_suits(Stream("utf-8"))
    assert to_ascii("Q♦ J♣ ┃●○ écarté") == "QD JC |*o ecarte"
