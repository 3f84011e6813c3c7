"""Écarté's rules of the trick and of the hand's score, each written once: the state, the
players, the solver and the analysis all call these.

>>> hand_points(5, 0), hand_points(3, 2), hand_points(4, 1), hand_points(2, 3)
(2, 1, 1, 0)
>>> hand_score(vole=False, penalty=True), hand_score(vole=True, penalty=True)
(2, 2)
>>> penalised(winner_is_elder=False, stood=True, refused=False)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from hoyle.cards import Card, Suit
from hoyle.ecarte.rules import HAND_SIZE, EcarteRules, trick_rank
from hoyle.engine import tricks

__all__ = ["legal_cards", "trick_winner", "hand_points", "hand_score", "penalised"]


def legal_cards(hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None,
                rules: EcarteRules) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (empty: a lead, any card).

    The second player must follow suit; if he can, win the trick in suit (``must_head_trick``);
    void in the suit led, he must trump if he can (``trump_when_void = "must"``); otherwise any
    card. Source: ECARTE-R-13; CLUB-43; HGIE-18.

    >>> from hoyle.cards import parse_cards
    >>> r = EcarteRules()
    >>> [str(c) for c in legal_cards(parse_cards("7H KH 8S"), parse_cards("9H"), Suit.SPADES, r)]
    ['KH']
    >>> [str(c) for c in legal_cards(parse_cards("7C 8S"), parse_cards("9H"), Suit.SPADES, r)]
    ['8S']
    """
    return tricks.legal_cards(hand, trick, trump, trick_rank, rules.must_head_trick,
                              rules.trump_when_void == "must")


def trick_winner(lead: Card, second: Card, trump: Suit | None) -> int:
    """0 if the lead wins the trick, 1 if the second card does (K Q J A 10 9 8 7).
    Source: ECARTE-R-12.

    >>> from hoyle.cards import Card
    >>> trick_winner(Card.parse("AH"), Card.parse("7S"), Suit.SPADES)
    1
    >>> trick_winner(Card.parse("AH"), Card.parse("KC"), Suit.SPADES)
    0
    """
    return tricks.trick_winner(lead, second, trump, trick_rank)


def hand_points(tricks_won: int, other: int) -> int:
    """Points for ``tricks_won`` tricks against ``other``: the vole (all, at least five) 2,
    the point (three or four) 1, else 0. Source: ECARTE-R-14; CLUB-48; HGIE-4."""
    if tricks_won < 3 or tricks_won <= other:
        return 0
    return 2 if other == 0 and tricks_won >= HAND_SIZE else 1


def penalised(winner_is_elder: bool, stood: bool, refused: bool) -> bool:
    """Whether the side that won the point takes 2 for it: the dealer after the elder hand
    stood, the elder hand after the dealer refused (which refusals count is the law code's
    ``refusal_penalty_scope``: the caller decides ``refused``). Source: ECARTE-R-15;
    CLUB-49; HGIE-21."""
    return refused if winner_is_elder else stood


def hand_score(vole: bool, penalty: bool) -> int:
    """The points of the side that won the hand: 2 for the vole, 2 for the point against a
    stand or a refusal (``penalty``, see :func:`penalised`), else 1. Source: ECARTE-R-14,
    ECARTE-R-15."""
    return 2 if vole or penalty else 1
