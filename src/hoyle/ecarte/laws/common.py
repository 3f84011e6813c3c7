"""Ruling builders both écarté codes use: fresh deal, losing the deal, forfeits, options.

Source: ``shared/laws/ecarte.md`` §0 (point penalties, "lose the deal", "fresh deal") and §4.

>>> from hoyle.engine.laws import Irregularity, LawCode, Param
>>> code = LawCode("t", "test", [Param("forfeit_semantics", "opponent_scores"),
...                              Param("lose_the_deal", "pass_deal")])
>>> forfeit(0, 1, "asked for three, laid out two", code, law="OH-11").points
((1, 1),)
>>> r = lose_deal(Irregularity("x", 1, facts={"dealer": 1, "elder": 0}), code, law="OH-9")
>>> r.new_deal, r.redealer, r.void_deal_points
(True, 0, True)
"""

from __future__ import annotations

from hoyle.cards import Card
from hoyle.ecarte.effects import NoKing
from hoyle.engine.action import Action
from hoyle.engine.effects import Effect
from hoyle.engine.laws import Irregularity, LawCode, Option, Ruling

__all__ = ["forfeit", "fresh_deal", "lose_deal", "option", "count_of", "seat_of", "elder_of",
           "dealer_of", "too_many"]


def dealer_of(irr: Irregularity) -> int:
    """The dealer of the deal (fact ``dealer``; 1 if unknown)."""
    d = irr.facts.get("dealer")
    return int(d) if d is not None else 1


def elder_of(irr: Irregularity) -> int:
    """The elder hand (the dealer's adversary)."""
    return 1 - dealer_of(irr)


def seat_of(irr: Irregularity, default: int) -> int:
    """The offender, or ``default`` when the irregularity names none."""
    return irr.offender if irr.offender is not None else default


def count_of(irr: Irregularity) -> int:
    """Cards too many or too few (fact ``count``; 1 if not given)."""
    return int(irr.facts.get("count", 1) or 1)


def too_many(irr: Irregularity) -> bool:
    """Whether a wrong-count irregularity is a surplus (else a shortage)."""
    if irr.kind in ("nd_too_many", "dealer_too_many", "nd_took_too_many", "over_delivery",
                    "dealer_took_too_many", "nd_played_too_many", "dealer_played_too_many",
                    "ask_more"):
        return True
    if irr.kind in ("nd_wrong_in_play", "dealer_wrong_in_play", "deal_wrong_count"):
        return irr.facts.get("report") == "too_many"
    return False


def option(word: str, text: str, ruling: Ruling, cards: tuple[Card, ...] = ()) -> Option:
    """An option taken with ``CHOOSE word [cards]``."""
    return Option(Action("CHOOSE", cards, word=word), text, ruling)


def fresh_deal(text: str = "fresh deal by the same dealer",
               parameter: str | None = "fresh_deal_dealer", law: str = "") -> Ruling:
    """The same dealer deals again; nothing scored in the annulled deal stands, a turned-up
    king included (§0, ``fresh_deal_dealer = same``)."""
    return Ruling(text, new_deal=True, void_deal_points=True, parameter=parameter, law=law)


def lose_deal(irr: Irregularity, code: LawCode, text: str = "", law: str = "") -> Ruling:
    """"Lose the deal" / "claim the deal" (OH-9, OH-10): the deal is annulled and the next
    is made by the dealer's adversary (``lose_the_deal = pass_deal``), or by the same
    dealer (``redeal_same_dealer``)."""
    dealer = dealer_of(irr)
    if code.value("lose_the_deal", str) == "pass_deal":
        return Ruling(text or f"seat {dealer} loses the deal: it is annulled and seat "
                      f"{1 - dealer} deals", new_deal=True, redealer=1 - dealer,
                      void_deal_points=True, parameter="lose_the_deal", law=law)
    return Ruling(text or "the deal is annulled and dealt again by the same dealer",
                  new_deal=True, void_deal_points=True, parameter="lose_the_deal", law=law)


def forfeit(offender: int, points: int, what: str, code: LawCode, no_king: bool = False,
            law: str = "", effects: tuple[Effect, ...] = ()) -> Ruling:
    """"Loses N points": the adversary scores N (``forfeit_semantics = opponent_scores``),
    or the offender is put back N, never below 0 (``offender_loses``). With ``no_king`` the
    offender also loses the right to mark the king in this deal."""
    adv = 1 - offender
    king = "; he may not mark the king" if no_king else ""
    if no_king:
        effects = (NoKing(offender), *effects)
    if code.value("forfeit_semantics", str) == "offender_loses":
        return Ruling(f"{what}: seat {offender} is put back {points}{king}",
                      peg_back=(offender, points), parameter="forfeit_semantics",
                      effects=effects, law=law)
    return Ruling(f"{what}: seat {adv} scores {points}{king}", points=((adv, points),),
                  parameter="forfeit_semantics", effects=effects, law=law)
