"""Cribbage variants and rule options: parameters of the one state machine.

Source: ``shared/laws/cribbage.md`` §1.2 (variants), §1.5 (lurch and skunk), §4 (engine
parameters where the codes differ).

>>> r = CribbageRules.for_variant("six-card")
>>> r.cards_dealt, r.discard_per_player, r.target
(6, 2, 121)
>>> f = CribbageRules.for_variant("five-card")
>>> f.hand_size, f.target, f.last_bonus, f.play_all_cards
(3, 61, 3, False)
>>> CribbageRules.for_variant("four-hand").sides
2
>>> CribbageRules.for_variant("nine-card")
Traceback (most recent call last):
...
hoyle.errors.HoyleError: unknown cribbage variant 'nine-card' (known: six-card, five-card, three-hand, four-hand, eight-card)
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from hoyle.cribbage.scoring import CRIB_FLUSH_LENIENT, CRIB_FLUSH_STRICT
from hoyle.engine.laws import Param, check_params
from hoyle.errors import HoyleError, ParameterError

__all__ = ["CribbageRules", "RULE_PARAMS", "VARIANTS"]


@dataclass(frozen=True)
class CribbageRules:
    """The parameters of a game of cribbage.

    Attributes:
        variant: the variant's name (``"six-card"``).
        players: number of seats (2).
        cards_dealt: cards dealt to each player (6).
        discard_per_player: cards each lays away to the crib (2).
        crib_cards_from_stock: cards dealt from the stock to the crib (three-hand: 1).
        target: points to win (121, "twice round").
        last_bonus: points to the non-dealer of the first deal at the start of a game
            (five-card: 3, "three for last", EW-T-x).
        play_all_cards: all cards are played out, count after count (false only in
            two-hand five-card, EW-P-83b).
        partnerships: partners opposite score together (four-hand, CRIB-R-12).
        crib_flush_rule: ``"strict"`` (EW-T-vii, ACC-1.6) or ``"lenient"``.
        lurch_threshold: EW-xvii lurch: the winner wins before the loser reaches this many
            points (``None``, the default: half the target, rounded up: 31 of 61, 61 of
            121; §1.5).
        skunk_threshold: ACC-12.1 skunk: the loser has this many points or fewer (``None``,
            the default: 90 in a game of 121; no skunk in other games).
        double_skunk_threshold: loser at or below this is a double skunk (``None``: off).
        lurch_agreed: the players agreed before the game that a lurch counts as two games
            (EW-xvii; off by default).
    """

    variant: str = "six-card"
    players: int = 2
    cards_dealt: int = 6
    discard_per_player: int = 2
    crib_cards_from_stock: int = 0
    target: int = 121
    last_bonus: int = 0
    play_all_cards: bool = True
    partnerships: bool = False
    crib_flush_rule: str = CRIB_FLUSH_STRICT
    lurch_threshold: int | None = None
    skunk_threshold: int | None = None
    double_skunk_threshold: int | None = None
    lurch_agreed: bool = False

    def __post_init__(self) -> None:
        if self.crib_flush_rule not in (CRIB_FLUSH_STRICT, CRIB_FLUSH_LENIENT):
            raise HoyleError(f"unknown crib_flush_rule {self.crib_flush_rule!r}")
        if not 2 <= self.players <= 4:
            raise HoyleError(f"cribbage needs 2 to 4 players, not {self.players}")
        if self.partnerships and self.players != 4:
            raise HoyleError("partnerships need four players")
        need = self.players * self.cards_dealt + self.crib_cards_from_stock + 1
        if need > 52:
            raise HoyleError(f"{self.players} hands of {self.cards_dealt} need more than 52 cards")
        if not 0 < self.discard_per_player < self.cards_dealt:
            raise HoyleError("each player must keep some cards and lay some away")
        if self.hand_size > 8:
            raise HoyleError(f"hands of {self.hand_size} cards are too long to count (the show "
                             "counts a hand of at most 8 with the starter)")
        crib = self.players * self.discard_per_player + self.crib_cards_from_stock
        if crib > 8:
            raise HoyleError(f"a crib of {crib} cards is too long to count (at most 8: "
                             f"{self.players} players laying away {self.discard_per_player} "
                             f"and {self.crib_cards_from_stock} from the stock)")
        if self.target < 1:
            raise HoyleError(f"target must be positive, not {self.target}")
        for name in ("skunk_threshold", "double_skunk_threshold", "lurch_threshold"):
            line = getattr(self, name)
            if line is not None and line >= self.target:
                # a loser has fewer points than the target: a line at or past it would make
                # every loss a skunk (or a lurch)
                raise ParameterError(f"{name} must be below the target ({self.target}), not "
                                     f"{line}", name)

    @property
    def hand_size(self) -> int:
        """Cards kept in each hand for the play and the show."""
        return self.cards_dealt - self.discard_per_player

    @property
    def lurch_below(self) -> int:
        """A loser with fewer points than this is lurched (EW-xvii): 31 of 61, 61 of 121."""
        return self.lurch_threshold if self.lurch_threshold is not None \
            else (self.target + 1) // 2

    @property
    def skunk_at_or_below(self) -> int | None:
        """A loser with this many points or fewer is skunked (ACC-12.1): 90 of 121."""
        if self.skunk_threshold is not None:
            return self.skunk_threshold
        return 90 if self.target == 121 else None

    @property
    def sides(self) -> int:
        """Number of scoring sides (players, or 2 with partnerships)."""
        return 2 if self.partnerships else self.players

    def side_of(self, seat: int) -> int:
        """The scoring side of ``seat`` (partners opposite share a side)."""
        return seat % 2 if self.partnerships else seat

    @staticmethod
    def for_variant(name: str, **options: Any) -> CribbageRules:
        """The rules of a named variant (in any case), with ``options`` overriding its
        parameters (:data:`RULE_PARAMS`).

        Raises:
            HoyleError: unknown variant, or options that do not make a game (more cards
                than the pack holds, ...).
            ParameterError: an unknown option or a value it does not take (naming the
                option and the values allowed).
        """
        name = name.lower() if isinstance(name, str) else name
        if not isinstance(name, str) or name not in VARIANTS:
            raise HoyleError(f"unknown cribbage variant {name!r} (known: {', '.join(VARIANTS)})")
        check_params(RULE_PARAMS, options, "the cribbage rules")
        return replace(VARIANTS[name], **options)

    def options(self) -> dict[str, Any]:
        """The parameters that differ from the variant's defaults (for records)."""
        base = VARIANTS.get(self.variant, CribbageRules())
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(base, f.name)}


VARIANTS: dict[str, CribbageRules] = {
    "six-card": CribbageRules(),
    "five-card": CribbageRules(variant="five-card", cards_dealt=5, target=61, last_bonus=3,
                               play_all_cards=False),
    "three-hand": CribbageRules(variant="three-hand", players=3, cards_dealt=5,
                                discard_per_player=1, crib_cards_from_stock=1, target=61),
    "four-hand": CribbageRules(variant="four-hand", players=4, cards_dealt=5,
                               discard_per_player=1, partnerships=True),
    "eight-card": CribbageRules(variant="eight-card", cards_dealt=8),
}
"""The variants implemented so far, by name. Source: ``shared/laws/cribbage.md`` §1.2."""


RULE_PARAMS: tuple[Param, ...] = (
    Param("players", 2, low=2, high=4, help="Number of seats (CRIB-R-1)."),
    Param("cards_dealt", 6, low=2, high=12, help="Cards dealt to each player (CRIB-R-4)."),
    Param("discard_per_player", 2, low=1, high=11,
          help="Cards each player lays away to the crib (CRIB-R-5)."),
    Param("crib_cards_from_stock", 0, low=0, high=4,
          help="Cards dealt from the stock to the crib (three-hand: 1)."),
    Param("target", 121, low=1, high=999, help="Points to win (121; 61 in five-card)."),
    Param("last_bonus", 0, low=0, high=121,
          help="Points to the non-dealer of the first deal (five-card: 3 for last, EW-T-x)."),
    Param("play_all_cards", True, (True, False),
          help="All cards are played out, count after count (false in five-card, EW-P-83b)."),
    Param("partnerships", False, (True, False),
          help="Partners opposite score together (four-hand, CRIB-R-12)."),
    Param("crib_flush_rule", CRIB_FLUSH_STRICT, (CRIB_FLUSH_STRICT, CRIB_FLUSH_LENIENT),
          help="A flush in the crib needs the starter too (strict: EW-T-vii, ACC-1.6)."),
    Param("lurch_threshold", None, low=0, high=999, optional=True,
          help="A loser below this many points is lurched (EW-xvii; default half the target)."),
    Param("skunk_threshold", None, low=0, high=999, optional=True,
          help="A loser at or below this many points is skunked (ACC-12.1; default 90 of 121)."),
    Param("double_skunk_threshold", None, low=0, high=999, optional=True,
          help="A loser at or below this many points is double skunked (off by default)."),
    Param("lurch_agreed", False, (True, False),
          help="A lurch counts as two games, agreed before the game (EW-xvii)."),
)
"""The options of the rules of play, each with its default (the six-card game's), the
values it takes and what it decides: with a law code's parameters, the game's whole
parameter schema (``GameSpec.params``). A variant is a set of values of these."""

