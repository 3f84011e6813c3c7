"""The engine defaults for cribbage reports a code does not rule (``shared/laws/
cribbage.md`` §4, where the catalogue names one for that code): the ruling is "not covered
by CODE" with the default applied and named (:meth:`hoyle.engine.laws.LawCode.not_covered`).
A report with no default here gets none: the game goes on as it stands.

>>> from hoyle.engine.laws import Irregularity
>>> from hoyle.cribbage.laws import ACC
>>> r = ACC.rule(Irregularity("short_cut", reported=True))
>>> r.law, r.covered, r.effects, r.parameter
('ACC', False, (), 'deal_cut_min')
"""

from __future__ import annotations

from hoyle.cribbage.effects import ActualDealer, RecutStarter, RetractToGo
from hoyle.engine.laws import Irregularity, LawCode, RuleFn, Ruling

__all__ = ["EW_DEFAULTS", "ACC_DEFAULTS"]


def _top_card_starter(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("the correct top card is the starter and the others go back, no points",
                  parameter="starter_multiple_exposed")


def _short_cut(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("a cut leaving fewer than 4 cards in a packet is void: cut again, no "
                  "points", parameter="deal_cut_min")


def _short_starter_cut(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.facts.get("starter_turned"):
        return Ruling("the starter is already turned: it stands", parameter="starter_cut_min")
    return Ruling("the starter cut must lift and leave at least 4 cards: cut again, no "
                  "points", parameter="starter_cut_min")


def _judges(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("referred to the judges (ACC-11); the engine changes nothing",
                  parameter="refusal_to_play_or_score")


def _no_order(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("ACC sets no order of laying away: the discards stand",
                  parameter="discard_order")


def _go_withdrawn(irr: Irregularity, code: LawCode) -> Ruling:
    seat = irr.offender if irr.offender is not None else 0
    if irr.facts.get("no_renege"):
        return Ruling(f"seat {seat} has called no go while holding a card that fits: "
                      "nothing to correct")
    if irr.facts.get("too_late"):
        return Ruling("too late to withdraw the go (someone has pegged or the adversary "
                      "has played): it stands", parameter="renege_penalty")
    return Ruling(f"a go withdrawn before anyone pegs or the adversary plays is corrected "
                  f"without penalty (ACC-7.3's window): seat {seat} plays on",
                  effects=(RetractToGo(seat),), parameter="renege_penalty")


def _deal_stands(irr: Irregularity, code: LawCode) -> Ruling:
    seat = irr.offender if irr.offender is not None else 0
    return Ruling(f"the deal stands: seat {seat} is the dealer of this deal (his crib, his "
                  "heels) and the deal passes on from him, no points",
                  effects=(ActualDealer(seat),))


def _pone_cuts(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("the pone cuts (EW-ii, EW-v): the pack is cut again by him, no points")


def _starter_recut(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.facts.get("starter_turned"):
        return Ruling("the pone cuts for the starter: it goes back and he cuts again, no "
                      "points", effects=(RecutStarter(),))
    return Ruling("the pone cuts for the starter: he cuts again, no points")


def _deal_order(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("the deal stands, no points (no law voids a deal for the order of its "
                  "cards)")


def _order_stands(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.facts.get("dealer_led") is False:
        return Ruling("the dealer has not led this play: nothing to rule; the play goes "
                      "on as it stands", parameter="dealer_led_in_error")
    return Ruling("the play stands as led by the dealer, no penalty",
                  parameter="dealer_led_in_error")


def _pone_must_cut(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.facts.get("phase") != "deal":
        return Ruling("the cards are dealt: the deal stands")
    return Ruling("the pone cuts (EW-ii: the cut before the deal is his) before the cards "
                  "are dealt; no penalty")


def _turned_up_again(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("the played cards are turned up again until both hands are counted; no "
                  "penalty")


EW_DEFAULTS: dict[str, RuleFn] = {
    "declined_cut": _pone_must_cut,
    "cards_turned_early": _turned_up_again,
    "deal_out_of_turn": _deal_stands,
    "deal_order": _deal_order,
    "cut_by_dealer": _pone_cuts,
    "starter_cut_by_dealer": _starter_recut,
    "dealer_led": _order_stands,
    "starter_multiple_exposed": _top_card_starter,
    "go_corrected": _go_withdrawn,
}
"""EW's defaults for the reports it does not rule (§4: starter_multiple_exposed "—
(default: top card is starter)"; dealer_led_in_error "—": the order stands; a wrong go
corrected: EW is silent, ACC-7.3's window; the pone declining the cut: EW-ii makes the cut
his, no penalty; played cards turned down early: turned up again, no penalty). Gaps no law and no catalogue default covers,
defaults chosen here: a deal by the wrong seat (the deal stands, the seat who dealt is the
dealer); the dealer cutting himself (the pone cuts again)."""

ACC_DEFAULTS: dict[str, RuleFn] = {
    "deal_out_of_turn": _deal_stands,
    "deal_order": _deal_order,
    "starter_cut_by_dealer": _starter_recut,
    "short_cut": _short_cut,
    "short_starter_cut": _short_starter_cut,
    "threw_up_cards": _judges,
    "refused_laws": _judges,
    "bystander_interference": _judges,
    "dealer_discarded_first": _no_order,
}
"""ACC's defaults for the reports it does not rule (a deal by the wrong seat and the dealer
cutting the starter: catalogue gaps, defaults as EW's; §4: deal_cut_min and starter_cut_min
"not in catalogued text; default 4"; refusal to play or score and bystanders: "judges
decide" (ACC-11); discard_order: "no order")."""
