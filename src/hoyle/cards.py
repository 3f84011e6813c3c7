"""Cards, packs and seeded randomness: the lowest layer, shared by both games.

A :class:`Card` is an interned value: there are exactly 52 card objects and parsing or
indexing always returns one of them, so cards compare and hash by identity (fast) and
survive pickling and copying.

>>> Card.parse("10♥")
Card('TH')
>>> str(Card.parse("th")), str(Card.parse("T♥")), str(Card.parse("10H"))
('TH', 'TH', 'TH')
>>> Card.parse("5C").rank, Card.parse("5C").suit
(<Rank.FIVE: 5>, <Suit.CLUBS: 0>)
>>> parse_cards("5H 5C 5S JD")
(Card('5H'), Card('5C'), Card('5S'), Card('JD'))
>>> len(full_pack()), len(piquet_pack())
(52, 32)
"""

from __future__ import annotations

import enum
import random
import re
from collections.abc import Iterable, Sequence
from typing import ClassVar

from hoyle.errors import CardParseError, DuplicateCardError

__all__ = [
    "Suit",
    "parse_cards_in",
    "plain_text",
    "rank_of",
    "Rank",
    "Card",
    "CARDS",
    "parse_cards",
    "format_cards",
    "require_distinct",
    "full_pack",
    "piquet_pack",
    "PIQUET_PACK",
    "shuffled",
    "derive_rng",
]


class Suit(enum.IntEnum):
    """The four suits, in bridge order (clubs lowest). ``letter`` and ``symbol`` give the text."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One capital letter: ``C``, ``D``, ``H``, ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣ ♦ ♥ ♠``."""
        return "♣♦♥♠"[self]


class Rank(enum.IntEnum):
    """The thirteen ranks; the integer value is the ace-low rank number (ace 1 ... king 13).

    Cribbage's counting values and écarté's trick order are defined by each game, not here.
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        """One character: ``A 2 … 9 T J Q K``."""
        return "A23456789TJQK"[self - 1]


_SUIT_TEXT = {
    "C": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
    "D": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "H": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "S": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
}
_RANK_TEXT = {r.letter: r for r in Rank} | {"10": Rank.TEN, "1": Rank.ACE}
_CARD_RE = re.compile(r"^\s*(10|[2-9TJQKA1])\s*([CDHS♣♦♥♠♧♢♡♤])\s*$", re.IGNORECASE)


class Card:
    """A playing card: ``rank`` and ``suit``; ``index`` 0-51 is ``(rank - 1) * 4 + suit``.

    Build one with :meth:`parse`, :meth:`of` or :meth:`from_index`; never with ``Card()``
    directly. Text is rank then suit: ``str(card) == "TH"``; ``card.pretty`` is ``"10♥"``.
    Ordering is by rank, then suit.

    Raises:
        CardParseError: from :meth:`parse`, quoting the unreadable text.
    """

    __slots__ = ("rank", "suit", "index", "_text")
    _table: ClassVar[tuple[Card, ...]]

    rank: Rank
    suit: Suit
    index: int
    _text: str

    def __init__(self) -> None:  # pragma: no cover - guarded
        raise TypeError("use Card.parse(), Card.of() or Card.from_index()")

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "index", (rank - 1) * 4 + suit)
        object.__setattr__(card, "_text", rank.letter + suit.letter)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with index ``index`` (0-51). Raises ``IndexError`` outside that range."""
        if not 0 <= index < 52:
            raise IndexError(f"card index {index} outside 0..51")
        return CARDS[index]

    @staticmethod
    def of(rank: Rank | int, suit: Suit | int) -> Card:
        """The card of ``rank`` (1-13) and ``suit`` (0-3)."""
        return CARDS[(int(rank) - 1) * 4 + int(suit)]

    @staticmethod
    def parse(text: str) -> Card:
        """Read ``TH``, ``10H``, ``th``, ``10♥``, ``T♥`` (rank then suit, any case), forgiving
    of what people paste: an emoji variation selector (``5♣️``), full-width letters and
    digits (``１０♥``) (:func:`plain_text`).

    >>> Card.parse("5\N{BLACK CLUB SUIT}\N{VARIATION SELECTOR-16}"), Card.parse("１０Ｈ")
    (Card('5C'), Card('TH'))

        Raises:
            CardParseError: the text is not a card; the message quotes it.
        """
        if not isinstance(text, str):
            raise CardParseError(repr(text), "not a string")
        m = _CARD_RE.match(text)
        if m is None and not text.isascii():  # what people paste: 5♣️, full-width 5Ｈ
            m = _CARD_RE.match(plain_text(text))
        if m is None:
            raise CardParseError(text)
        rank = _RANK_TEXT[m.group(1).upper()]
        suit = _SUIT_TEXT[m.group(2).upper()]
        return Card.of(rank, suit)

    @property
    def pretty(self) -> str:
        """Rank and suit symbol, with ``10`` for the ten: ``"10♥"``, ``"5♣"``."""
        r = "10" if self.rank == Rank.TEN else self.rank.letter
        return r + self.suit.symbol

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index


Card._table = tuple(Card._make(r, s) for r in Rank for s in Suit)
CARDS: tuple[Card, ...] = Card._table
"""All 52 cards in index order (A♣ A♦ A♥ A♠ 2♣ …)."""


_PASTED = {0xFE0E: None, 0xFE0F: None, 0x200B: None, 0x200D: None, 0xFEFF: None}
"""Characters pasted with a card that change nothing: the variation selectors (text and
emoji presentation), zero-width spaces and joiners, the byte-order mark."""


def plain_text(text: str) -> str:
    """``text`` as a card reader wants it: compatibility forms folded (NFKC: full-width
    ``５`` is ``5``, ``Ｈ`` is ``H``) and the invisible characters of :data:`_PASTED`
    dropped.

    >>> plain_text("５♣\N{VARIATION SELECTOR-16}") == "5♣"
    True
    """
    import unicodedata
    return unicodedata.normalize("NFKC", text).translate(_PASTED)


def rank_of(text: str) -> Rank | None:
    """The rank a bare word names (``5``, ``10``, ``t``, ``k``, ``1`` or ``a`` for the
    ace; full-width digits too), or ``None`` if it is not a rank alone.

    >>> rank_of("5"), rank_of("10"), rank_of("q"), rank_of("5h")
    (<Rank.FIVE: 5>, <Rank.TEN: 10>, <Rank.QUEEN: 12>, None)
    """
    return _RANK_TEXT.get(plain_text(text).strip().upper())


def parse_cards_in(text: str, held: Sequence[Card], legal: Sequence[Card] = ()
                   ) -> tuple[Card, ...]:
    """Read cards as :func:`parse_cards` does, but a bare rank (``5``) is the one card of
    that rank among ``legal`` (the cards that may be named now), else among ``held`` (the
    hand), when there is exactly one.

    >>> hand = parse_cards("5H 9C 9S KD")
    >>> parse_cards_in("5 k", hand)
    (Card('5H'), Card('KD'))
    >>> parse_cards_in("9", hand, legal=parse_cards("9S KD"))
    (Card('9S'),)
    >>> parse_cards_in("9", hand)
    Traceback (most recent call last):
    ...
    hoyle.errors.CardParseError: cannot read card '9': you hold 9♣ and 9♠: name the suit too

    Raises:
        CardParseError: a word is not a card, or a bare rank is of no card or of several
            (the message names them).
        DuplicateCardError: a card is named twice.
    """
    cards = []
    for token in re.split(r"[\s,，、]+", plain_text(text).strip()):
        if not token:
            continue
        rank = _RANK_TEXT.get(token.upper())
        if rank is None:
            cards.append(Card.parse(token))
            continue
        for pool in (legal, held):
            match = [c for c in pool if c.rank == rank]
            if len(match) == 1:
                cards.append(match[0])
                break
            if len(match) > 1:
                named = " and ".join([", ".join(c.pretty for c in match[:-1]),
                                      match[-1].pretty])
                raise CardParseError(token, f"{'you hold' if pool is held else 'you may play'}"
                                            f" {named}: name the suit too")
        else:
            raise CardParseError(token, "no card of that rank in your hand: name rank and "
                                        "suit, e.g. 5h")
    cards_t = tuple(cards)
    require_distinct(cards_t)
    return cards_t


def parse_cards(text: str | Iterable[str], *, distinct: bool = True) -> tuple[Card, ...]:
    """Read several cards from ``"5H 5C,5s"`` or an iterable of such strings
    (``["5H,5C", "5s"]``: each split at spaces and commas too).

    Raises:
        CardParseError: a token is not a card (the message quotes that token).
        DuplicateCardError: a card is given twice (when ``distinct``, the default).
    """
    parts = [text] if isinstance(text, str) else list(text)
    tokens = [t for part in parts for t in re.split(r"[\s,]+", part.strip())]
    cards = tuple(Card.parse(t) for t in tokens if t)
    if distinct:
        require_distinct(cards)
    return cards


def format_cards(cards: Iterable[Card], *, pretty: bool = False) -> str:
    """Cards as space-separated text, e.g. ``"5H 5C JD"`` (``pretty``: ``"5♥ 5♣ J♦"``)."""
    return " ".join(c.pretty if pretty else str(c) for c in cards)


def require_distinct(cards: Sequence[Card]) -> None:
    """Raise :class:`DuplicateCardError` naming the first card given twice."""
    if len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for c in cards:
            if c in seen:
                raise DuplicateCardError(f"card {c.pretty} is given twice")
            seen.add(c)


def full_pack() -> list[Card]:
    """A new 52-card pack in index order."""
    return list(CARDS)


_PIQUET_RANKS = (Rank.ACE, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK,
                 Rank.QUEEN, Rank.KING)


PIQUET_PACK: tuple[Card, ...] = tuple(c for c in CARDS if c.rank in _PIQUET_RANKS)
"""The 32-card piquet pack (A, K, Q, J, 10, 9, 8, 7 of each suit) in index order: the only
copy, the pack of écarté (ECARTE-R-1) and of piquet."""


def piquet_pack() -> list[Card]:
    """A new 32-card piquet pack (A, K, Q, J, 10, 9, 8, 7 of each suit), in index order."""
    return list(PIQUET_PACK)


def shuffled(cards: Iterable[Card], rng: random.Random) -> list[Card]:
    """The cards in a random order drawn from ``rng`` (the input is not changed)."""
    out = list(cards)
    rng.shuffle(out)
    return out


def derive_rng(seed: int | str | None, *keys: object) -> random.Random:
    """A ``random.Random`` determined by ``seed`` and ``keys`` (stable across runs).

    Used so that every random choice flows from one game seed: the chance node at action
    ``n`` of a game seeded 7 uses ``derive_rng(7, "chance", n)``, whether the game ran
    straight through or was saved and resumed.

    >>> derive_rng(7, "chance", 3).random() == derive_rng(7, "chance", 3).random()
    True
    """
    if seed is None:
        return random.Random()
    return random.Random("/".join([str(seed), *map(str, keys)]))
