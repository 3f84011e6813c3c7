"""Trick play between two hands (écarté now, piquet next): which cards may be played to a
trick, and who wins it. Each game gives its own rank order and obligations.

>>> from hoyle.cards import parse_cards, Suit
>>> rank = lambda c: int(c.rank)      # ace low, king high (a game passes its own order)
>>> hand = parse_cards("7H KH 8S")
>>> [str(c) for c in legal_cards(hand, parse_cards("9H"), Suit.SPADES, rank, True, True)]
['KH']
>>> [str(c) for c in legal_cards(parse_cards("7C 8S"), parse_cards("9H"), Suit.SPADES, rank)]
['7C', '8S']
>>> trick_winner(*parse_cards("9H 7S"), Suit.SPADES, rank), trick_winner(*parse_cards("9H KC"), Suit.SPADES, rank)
(1, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hoyle.cards import Card, Suit

__all__ = ["legal_cards", "trick_winner"]


def _idx(card: Card) -> int:
    return card.index


def legal_cards(hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None,
                rank: Callable[[Card], int], must_head: bool = False,
                must_trump: bool = False) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (empty: a lead, any card), in
    index order.

    The second player must follow suit; if ``must_head`` and he can, win the trick in suit
    (by ``rank``, higher wins); void in the suit led, he must trump when ``must_trump`` and he
    can; otherwise any card. Source: ECARTE-R-13 (the game passes its obligations).
    """
    if not trick:
        return sorted(hand, key=_idx)
    lead = trick[0]
    suit = [c for c in hand if c.suit == lead.suit]
    if suit:
        if must_head:
            higher = [c for c in suit if rank(c) > rank(lead)]
            if higher:
                return sorted(higher, key=_idx)
        return sorted(suit, key=_idx)
    if trump is not None and must_trump:
        trumps = [c for c in hand if c.suit == trump]
        if trumps:
            return sorted(trumps, key=_idx)
    return sorted(hand, key=_idx)


def trick_winner(lead: Card, second: Card, trump: Suit | None,
                 rank: Callable[[Card], int]) -> int:
    """0 if the lead wins the trick, 1 if the second card does: the higher card (by
    ``rank``) of the suit led, unless the second card is a trump to a lead of another suit.
    Source: ECARTE-R-12."""
    if second.suit == lead.suit:
        return 1 if rank(second) > rank(lead) else 0
    return 1 if trump is not None and second.suit == trump else 0
