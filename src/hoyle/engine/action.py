"""Actions and score items: small frozen values with a stable text form.

An :class:`Action` is a small frozen value with a stable text form, so that a game record is
just a header and a list of action texts:

>>> a = Action.parse("play 5h")
>>> a, str(a)
(Action(verb='PLAY', cards=(Card('5H'),), n=None, word=''), 'PLAY 5H')
>>> str(Action("DISCARD", Action.parse("X 5H TC").cards))
'DISCARD 5H TC'
>>> Action.parse("CLAIM 12").n
12
>>> a = Action.parse("REPORT touched_pegs 1")
>>> a.word, a.n, str(a)
('touched_pegs', 1, 'REPORT touched_pegs 1')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from hoyle.cards import Card
from hoyle.errors import CardParseError

__all__ = ["CHANCE", "TERMINAL", "Action", "ScoreItem", "choice_words"]

CHANCE = -1
"""``current_player`` at a chance node (shuffle and deal, cut, starter): chance acts."""
TERMINAL = -2
"""``current_player`` when the game is over."""


@dataclass(frozen=True, slots=True)
class Action:
    """An action: a ``verb`` (upper case), the ``cards`` it names, an optional number ``n``
    (points claimed, a seat) and an optional ``word`` (an option or an irregularity's kind,
    lower case, three letters or more). Text form: ``VERB [word] [n] [cards…]``, e.g.
    ``"PLAY 5H"``, ``"DISCARD 5H TC"``, ``"GO"``, ``"CLAIM 6"``, ``"CHOOSE takedown"``.

    Raises:
        CardParseError: from :meth:`parse`, when a card is unreadable.
        ValueError: from :meth:`parse`, when the text is empty.
    """

    verb: str
    cards: tuple[Card, ...] = ()
    n: int | None = None
    word: str = ""

    def __reduce__(self) -> tuple[type[Action], tuple[str, tuple[Card, ...], int | None, str]]:
        # Copy and pickle by the constructor (also when the class is compiled, hoyle._accel).
        return (Action, (self.verb, self.cards, self.n, self.word))

    def __str__(self) -> str:
        parts = [self.verb]
        if self.word:
            parts.append(self.word)
        if self.n is not None:
            parts.append(str(self.n))
        parts.extend(str(c) for c in self.cards)
        return " ".join(parts)

    @staticmethod
    def parse(text: str) -> Action:
        """Read an action's text form (case-insensitive; ``|`` and commas are separators)."""
        tokens = text.replace("|", " ").replace(",", " ").split()
        if not tokens:
            raise ValueError("empty action")
        verb = tokens[0].upper()
        n: int | None = None
        word = ""
        rest = tokens[1:]
        if rest and _WORD.match(rest[0]):
            word = rest[0].lower()
            rest = rest[1:]
        if rest and re.fullmatch(r"-?[0-9]+", rest[0]) and not _is_card(rest[0]):
            n = int(rest[0])
            rest = rest[1:]
        cards = tuple(Card.parse(t) for t in rest)
        return Action(verb, cards, n, word)


_WORD = re.compile(r"^[A-Za-z_][A-Za-z_]{2,}$")


def choice_words(actions: Sequence[Action], sep: str = "/") -> str:
    """A decision's options as a person types them: each option's word and the cards it
    names (``trump KH``), joined by ``sep``.

    >>> choice_words([Action("CHOOSE", (Card.parse("KH"),), word="trump"),
    ...               Action("CHOOSE", word="fresh_deal")])
    'trump KH/fresh_deal'
    """
    return sep.join(" ".join([a.word, *map(str, a.cards)]) for a in actions)


def _is_card(token: str) -> bool:
    try:
        Card.parse(token)
    except CardParseError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring combination: ``kind`` (``fifteen``, ``pair``, ``run``, ``flush``,
    ``nobs``, ``go``, …), the ``cards`` that make it and its ``points``."""

    kind: str
    cards: tuple[Card, ...]
    points: int

    def __reduce__(self) -> tuple[type[ScoreItem], tuple[str, tuple[Card, ...], int]]:
        # Copy and pickle by the constructor (also when compiled, hoyle._accel).
        return (ScoreItem, (self.kind, self.cards, self.points))

    def __str__(self) -> str:
        if not self.cards:
            return f"{self.kind} for {self.points}"
        return f"{self.kind} {' '.join(map(str, self.cards))} for {self.points}"
