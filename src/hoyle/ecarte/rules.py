"""Écarté rules of play: the pack, the rank of the cards, and the options of the game.

Source: ``shared/laws/ecarte.md`` §1 (ECARTE-R-1 … ECARTE-R-18) and §5 (open questions the
engine exposes as options).

>>> from hoyle.cards import parse_cards
>>> [str(c) for c in sorted(parse_cards("7H AH KH TH JH"), key=trick_rank, reverse=True)]
['KH', 'JH', 'AH', 'TH', '7H']
>>> len(ecarte_pack())
32
>>> EcarteRules().target, EcarteRules().trump_when_void
(5, 'must')
>>> EcarteRules(trump_when_void="maybe")
Traceback (most recent call last):
...
hoyle.errors.HoyleError: trump_when_void must be 'must' or 'free', not 'maybe'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from hoyle.cards import PIQUET_PACK, Card, Rank
from hoyle.engine.laws import Param, check_params
from hoyle.errors import HoyleError

__all__ = ["EcarteRules", "RULE_PARAMS", "trick_rank", "ecarte_pack", "ECARTE_PACK", "ECARTE_CARDS", "PATTERNS",
           "HAND_SIZE", "STOCK_SIZE"]

_ORDER = {Rank.KING: 8, Rank.QUEEN: 7, Rank.JACK: 6, Rank.ACE: 5, Rank.TEN: 4,
          Rank.NINE: 3, Rank.EIGHT: 2, Rank.SEVEN: 1}

HAND_SIZE = 5
"""Cards dealt to each player (ECARTE-R-5)."""
STOCK_SIZE = 21
"""Cards in the stock after the deal and the turn-up: 32 - 10 - 1 (ECARTE-R-6)."""
PATTERNS = {32: "3-2", 23: "2-3"}
"""The two ways of dealing five (ECARTE-R-5), by the number a ``DEAL`` action carries:
``32`` = three then two, ``23`` = two then three."""


def trick_rank(card: Card) -> int:
    """The card's rank for tricks and cutting, 1 (seven) to 8 (king): K Q J A 10 9 8 7.

    Source: ECARTE-R-2.

    Raises:
        HoyleError: the card is not in the écarté pack (a 2-6).
    """
    try:
        return _ORDER[card.rank]
    except KeyError:
        raise HoyleError(f"{card.pretty} is not in the écarté pack (no 2-6)") from None


def ecarte_pack() -> list[Card]:
    """The 32-card pack (A K Q J 10 9 8 7 of each suit), in index order. Source: ECARTE-R-1."""
    return list(PIQUET_PACK)


ECARTE_PACK: tuple[Card, ...] = PIQUET_PACK
"""The 32-card pack in index order (``hoyle.cards.PIQUET_PACK`` itself). Source: ECARTE-R-1."""

ECARTE_CARDS: frozenset[Card] = frozenset(PIQUET_PACK)
"""The 32 cards of the écarté pack, as a set (membership)."""


@dataclass(frozen=True)
class EcarteRules:
    """The options of a game of écarté (``shared/laws/ecarte.md`` §1, §5).

    Attributes:
        target: points to win the game (5; ECARTE-R-16, CLUB-46, HGIE-3).
        game_values: count the game single/double/treble (the loser has 3-4 / 1-2 / 0
            points; ECARTE-R-16, CLUB-46); off by default.
        deal_pattern: the dealer's pattern for the first deal of the game when the engine
            deals: ``"3-2"`` or ``"2-3"`` (ECARTE-R-5); kept for the whole game.
        dealer_min_exchange: cards the dealer must take after accepting (0: he may stand
            pat, the default; 1: modern rules). §5.1.
        trump_when_void: ``"must"`` (void in the suit led, the second player must trump if
            he can; CLUB-43, HGIE-18; default) or ``"free"``. §5.2.
        must_head_trick: the second player must win the trick in suit when he can (True,
            every code). §5.3.
        max_exchanges: the most exchanges in a deal (``None``: unlimited, CLUB-26 note;
            1: *Enquire Within*). §5.4.
        turned_king_marking: ``"auto"`` (the dealer scores a turned king at once; default)
            or ``"manual"`` (he marks it with ``KING`` before the next turn-up, CLUB-22).
            §5.10.
        auto_announce_king: announce a held king for a person at the keyboard (a beginner
            option used by the command line; never for a computer player). §5.11.
    Raises:
        HoyleError: an option outside its values.
    """

    target: int = 5
    game_values: bool = False
    deal_pattern: str = "3-2"
    dealer_min_exchange: int = 0
    trump_when_void: str = "must"
    must_head_trick: bool = True
    max_exchanges: int | None = None
    turned_king_marking: str = "auto"
    auto_announce_king: bool = False

    def __post_init__(self) -> None:
        if self.target < 1:
            raise HoyleError(f"target must be positive, not {self.target}")
        if self.deal_pattern not in PATTERNS.values():
            raise HoyleError(f"deal_pattern must be '3-2' or '2-3', not {self.deal_pattern!r}")
        if self.dealer_min_exchange not in (0, 1):
            raise HoyleError("dealer_min_exchange must be 0 or 1")
        if self.trump_when_void not in ("must", "free"):
            raise HoyleError(f"trump_when_void must be 'must' or 'free', not "
                             f"{self.trump_when_void!r}")
        if self.max_exchanges is not None and self.max_exchanges < 0:
            raise HoyleError("max_exchanges must be 0 or more (or None: unlimited)")
        if self.turned_king_marking not in ("auto", "manual"):
            raise HoyleError("turned_king_marking must be 'auto' or 'manual'")

    @property
    def pattern_number(self) -> int:
        """The number a ``DEAL`` action carries for :attr:`deal_pattern` (32 or 23)."""
        return 32 if self.deal_pattern == "3-2" else 23

    def options(self) -> dict[str, Any]:
        """The options that differ from the defaults (for records)."""
        base = EcarteRules()
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(base, f.name)}

    @staticmethod
    def from_options(options: dict[str, Any]) -> EcarteRules:
        """Rules from options (a record's, or a caller's): :data:`RULE_PARAMS`.

        Raises:
            ParameterError: an unknown option or a value it does not take (naming the
                option and the values allowed).
        """
        check_params(RULE_PARAMS, options, "the écarté rules")
        return EcarteRules(**options)


RULE_PARAMS: tuple[Param, ...] = (
    Param("target", 5, low=1, high=99, help="Points to win the game (ECARTE-R-16, CLUB-46)."),
    Param("game_values", False, (True, False),
          help="Count the game single, double or treble (ECARTE-R-16, CLUB-46)."),
    Param("deal_pattern", "3-2", ("3-2", "2-3"),
          help="The dealer's pattern of the deal for the game (ECARTE-R-5)."),
    Param("dealer_min_exchange", 0, (0, 1),
          help="Cards the dealer must take after accepting (0: he may stand pat). §5.1."),
    Param("trump_when_void", "must", ("must", "free"),
          help="Void in the suit led, the second player must trump (CLUB-43, HGIE-18). §5.2."),
    Param("must_head_trick", True, (True, False),
          help="The second player must win the trick in suit when he can. §5.3."),
    Param("max_exchanges", None, low=0, high=99, optional=True,
          help="The most exchanges in a deal (none: unlimited, CLUB-26; 1: Enquire Within)."),
    Param("turned_king_marking", "auto", ("auto", "manual"),
          help="A turned-up king is scored at once, or marked with KING (CLUB-22). §5.10."),
    Param("auto_announce_king", False, (True, False),
          help="Announce a held king for a person at the keyboard (never for a computer)."),
)
"""The options of the rules of play, each with its default, the values it takes and what
it decides: with a law code's parameters, the game's whole parameter schema
(``GameSpec.params``)."""

