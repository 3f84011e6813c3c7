"""The ``ACC`` code: the American Cribbage Congress tournament rules (two-hand, 121).

Each rule of the catalogue ``shared/laws/cribbage.md`` §3 is a :class:`Law` citing its ID.
The rule book changes from edition to edition; rulings carry ``edition`` (the
``acc_edition`` parameter: ``web2008``, ``2020`` or ``2025``, default ``2025``). Rules the
catalogue knows only by heading or summary give the catalogue's engine default and are
marked ``provisional``. Muggins (rule 10) is off unless announced:
``ACC.with_params(muggins="acc")``.

>>> from hoyle.engine.laws import Irregularity
>>> r = ACC.rule(Irregularity("misdeal", facts={"dealer": 1, "pone": 0, "phase": "discard"}))
>>> r.law, r.points, r.new_deal, r.edition
('ACC-4.4(a)', (), True, '2025')
>>> len(ACC)
67
"""

from __future__ import annotations

from dataclasses import replace

from hoyle.cards import Card
from hoyle.cribbage.effects import (ActualDealer, Dead, DeadCrib, NoCount, PegOut, RecutStarter,
                                    Rediscard, RestoreHandCrib, RetractLead, RetractToGo,
                                    ReplaceStarter, SwapHandCrib, Takedown, VoidPointsOf)
from hoyle.engine.action import Action
from hoyle.engine.effects import Points
from hoyle.engine.laws import (WRONG_COUNT_HOLDER, Decision, Irregularity, LawCode, Param, Option, Report, Ruling,
                               Until)

__all__ = ["ACC", "PARAMS"]

PARAMS = (
    Param("acc_edition", "2025", ("web2008", "2020", "2025"),
          help="the edition of the rule book whose rules apply (ACC-4.4(b)'s table, "
               "ACC-8.11 in the newer books; every ruling is tagged with it)"),
    Param("refused_count_check_penalty", 10,
          help="points for refusing the dealer a count check (ACC-4.4(a))"),
    Param("peek_penalty", 2, help="points for seeing the bottom card (ACC-2.1, ACC-3.1)"),
    Param("renege_penalty", 2, help="points per card reneged in the play (ACC-7.3)"),
    Param("false_game_penalty", 15, help="points for claiming a game not won (ACC-8.4)"),
    Param("starter_mixed_penalty", 2,
          help="points for mixing the starter into a hand, the crib or the pack (ACC-6.2)"),
    Param("muggins", "off", ("off", "acc"),
          help="muggins announced before the game (ACC-10.1): acc, else off"),
    Param("underscore_window", "fingers_off", ("next_card", "fingers_off"),
          help="until when a short claim may be amended (ACC-8.3)"),
    Param("skunk_game_points", 3, low=2, high=4,
          help="game points to the winner of a skunk (ACC-12.1)"),
    Param("match_play", False, (True, False),
          help="a match-play event (set by a match): ACC-8.11's reminder to peg out does "
               "not apply"),
    Param("next_game_first_dealer", "loser", ("loser", "winner", "cut"),
          help="who deals first in a match's next game (ACC-1.5: the loser)"),
)
"""ACC's engine parameters, where the codes differ and the engine reads them
(cribbage.md §4; the section's other rows are cited by rulings as ``parameter`` notes)."""

ACC = LawCode("acc", "American Cribbage Congress tournament rules", PARAMS)
"""The ACC law code."""

ACC.edition_param = "acc_edition"
ACC.cites.update({"cut": "ACC-3.2", "crib": "ACC-5.1.a", "heels": "ACC-6.3", "go": "ACC-1.7",
                  "game_hole": "ACC-1.6", "last": "ACC-1.7", "amend": "ACC-8.3",
                  "amend_taken": "ACC-8.3", "over_31": "ACC-7.1.e",
                  "go_with_card": "ACC-7.3"})

# How the catalogue knows each rule it does not have the text of (cribbage.md §3, its
# provenance markers: the first word of the row's mark); a ruling resting on one is marked
# provisional (LawCode.sureness).
ACC.incomplete.update({
    "ACC-1.2": "heading", "ACC-1.4": "heading", "ACC-1.5": "summary", "ACC-1.6": "part",
    "ACC-3.1": "summary", "ACC-3.2": "summary", "ACC-3.3": "summary", "ACC-4.1": "heading",
    "ACC-4.2": "heading", "ACC-4.3": "heading", "ACC-4.4(a)": "summary",
    "ACC-4.4(b)": "summary", "ACC-4.5": "heading", "ACC-5.3": "heading", "ACC-7.2": "part",
    "ACC-7.3": "summary", "ACC-7.4": "heading", "ACC-8.4.c": "part", "ACC-8.5": "heading",
    "ACC-8.6": "heading", "ACC-8.7": "summary", "ACC-8.8": "heading", "ACC-8.9": "heading",
    "ACC-8.10": "heading", "ACC-8.11": "summary", "ACC-9.3.a": "part",
    "ACC-9.4": "heading", "ACC-9.5": "summary", "ACC-10.4.c": "part", "ACC-11": "heading"})

_IN_DEAL = ("deal", "discard", "starter", "play", "claim", "decision")


def _ed(code: LawCode) -> str:
    return code.value("acc_edition", str)


def _r(code: LawCode, text: str, law: str = "", **kw: object) -> Ruling:
    """A ruling of this code, tagged with its edition (``law``: another law's ID than
    the one applied)."""
    return Ruling(text, edition=_ed(code), **kw, law=law)  # type: ignore[arg-type]


def _adv(irr: Irregularity, seat: int) -> int:
    adv = irr.facts.get("adversary")
    if adv is not None and irr.offender == seat:
        return int(adv)
    return (seat + 1) % int(irr.facts.get("players", 2))


def _pone(irr: Irregularity) -> int:
    return int(irr.facts.get("pone") or 0)


def _dealer(irr: Irregularity) -> int:
    d = irr.facts.get("dealer")
    return int(d) if d is not None else 1


def _offender(irr: Irregularity, default: int) -> int:
    return irr.offender if irr.offender is not None else default


def _penalty(code: LawCode, irr: Irregularity, offender: int, pts: int, what: str,
             law: str = "", **extra: object) -> Ruling:
    adv = _adv(irr, offender)
    return _r(code, f"{what}: seat {adv} scores {pts}", points=((adv, pts),), **extra, law=law)


def _procedure(law_id: str, title: str, summary: str, engine: str) -> None:
    ACC.procedure(law_id, title, summary, engine)


# -- 1: general ------------------------------------------------------------------------

_procedure("ACC-1.2", "Number of players", "Heading: the number of players.",
           "Tournament play is two-hand; the engine's variants are parameters (§1.2).")
_procedure("ACC-1.4", "The board", "Heading: the board.",
           "The engine keeps each side's front and back peg (CRIB-R-2).")
_procedure("ACC-1.5", "Outline of play", "Between games of a match the loser deals first.",
           "A match (hoyle play/referee --match N) starts each game after the first with "
           "the loser of the previous game dealing (next_game_first_dealer = loser); a "
           "single game, and a match's first, start with the cut.")
_procedure("ACC-1.6", "Definitions",
           "Crib of four scored after the dealer's hand; flush of four in the hand, five "
           "with the starter (a crib flush needs all five); go; game hole 121; his heels; "
           "his nobs; muggins optional and announced.",
           "The scorer applies the definitions: hand_flush_min = 4, a crib flush only with "
           "the starter (crib_flush_rule = strict).")
_procedure("ACC-1.7", "Scoring chart",
           "Play: heels 2, pair 2, three of a kind 6, four 12, run 1 a card, 15 for 2, 31 "
           "for 2, last card 1. Show: nobs 1, pairs, runs, fifteens 2, flush 4 or 5.",
           "The engine's scoring tables (CRIB-R-9, CRIB-R-10).")


# -- 2, 3: shuffle and cut ---------------------------------------------------------------

@ACC.law("ACC-2.1", "Shuffling", "The pack is mixed at least three times; the dealer must "
         "not see the bottom card after the last shuffle.",
         engine="REPORT dealer_saw_bottom SEAT: the pone scores 2 and the pack is "
                "reshuffled.",
         kinds={"dealer_saw_bottom": Report("the dealer saw the bottom card after shuffling",
                                            until=Until.DEAL)})
def _acc_2_1(irr: Irregularity, code: LawCode) -> Ruling:
    dealer = _offender(irr, _dealer(irr))
    return _penalty(code, irr, dealer, code.value("peek_penalty", int),
                    "the dealer saw the bottom card; the pack is reshuffled")


_procedure("ACC-2.2", "The pone may shuffle", "The pone may shuffle once per deal.",
           "A right at the table; nothing for the engine to rule.")
_procedure("ACC-2.3", "The dealer shuffles last", "The dealer shuffles last.",
           "Procedure; the deal is a chance node.")


@ACC.law("ACC-3.1", "Looking at the bottom of the cut", "When cutting, no one may look at "
         "the bottom card of the lifted packet.",
         engine="REPORT cut_peek SEAT: the adversary scores 2 (summary rule).",
         kinds={"cut_peek": Report("a player looked at the bottom card of the lifted packet", seat=True)})
def _acc_3_1(irr: Irregularity, code: LawCode) -> Ruling:
    r = _penalty(code, irr, _offender(irr, 0), code.value("peek_penalty", int),
                 "a peek at the bottom of the cut")
    return Ruling(r.text, points=r.points, edition=r.edition, provisional=True, law=r.law)


@ACC.law("ACC-3.2", "Cutting for first deal", "The lower card deals first; ties cut again.",
         engine="The cut for deal is a chance node per player; equal cuts cut again.",
         kinds={"equal_cuts": Report("the cuts for deal are equal", detected=True)})
def _acc_3_2(irr: Irregularity, code: LawCode) -> Ruling:
    return _r(code, "equal cuts: cut again",
              provisional=True)


@ACC.law("ACC-3.3", "The cut before every deal", "The pone must cut before every deal.",
         engine="REPORT no_cut_offered, or FACT cut_by DEALER before the deal: the pone "
                "scores 2 (summary rule). REPORT declined_cut before the deal: the pone "
                "must cut; no penalty is stated (after the deal: too late, it stands).",
         kinds={"no_cut_offered": "the dealer dealt without offering the cut",
                "declined_cut": Report("the pone declined to cut before the deal",
                                       until=Until.DEAL),
                "cut_by_dealer": Report("the dealer cut the pack himself", named=False)})
def _acc_3_3(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.kind == "declined_cut":
        return _r(code, f"the pone (seat {_pone(irr)}) must cut before every deal: he cuts "
                  "before the cards are dealt; the rule states no penalty for declining",
                  provisional=True)
    r = _penalty(code, irr, _dealer(irr), 2, "the dealer did not offer the cut")
    return Ruling(r.text, points=r.points, edition=r.edition, provisional=True, law=r.law)


# -- 4: the deal -------------------------------------------------------------------------

_procedure("ACC-4.1", "Order of dealing", "Six cards each, one at a time, the pone first.",
           "The deal is a chance node; hands are recorded pone first.")
_procedure("ACC-4.2", "Dealing", "The pone watches the deal and calls irregularities.",
           "In referee mode the pone's calls are REPORT actions.")


@ACC.law("ACC-4.3", "Exposed cards in the deal", "Heading: exposed cards in the deal.",
         engine="Engine default (rule text to be confirmed): a new deal, no points.",
         kinds={"exposed_card": "a card was exposed in dealing",
                "faced_card": "a card was found face up in the pack"})
def _acc_4_3(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.facts.get("phase") not in ("deal", "discard", "starter"):
        return _r(code, "reported outside the deal: play goes on",
                  provisional=True)
    return _r(code, "new deal by the same dealer, no points", new_deal=True,
              provisional=True, parameter="exposed_card_in_deal")


@ACC.law("ACC-4.4(a)", "Wrong number of cards before the starter",
         "A hand or the crib with the wrong number of cards found before the starter is "
         "turned: the same dealer deals again, no points; a player who will not let the "
         "dealer verify his count is set back 10.",
         engine="REPORT misdeal (or wrong_count) before the starter: a new deal by the same "
                "dealer, no points (misdeal_penalty = 0). REPORT refused_count_check SEAT: "
                "that player goes back 10, not below 0.",
         kinds={"misdeal": "the dealer gave a player too many or too few cards",
                "refused_count_check": Report("a player would not let the dealer verify his count", seat=True)})
def _acc_4_4a(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.kind == "refused_count_check":
        n = code.value("refused_count_check_penalty", int)
        return _r(code, f"seat {irr.offender} refused a count check: set back "
                  f"{n}", peg_back=(_offender(irr, 0), n), provisional=True)
    if irr.facts.get("phase") not in _IN_DEAL:
        return _r(code, "there is no deal in progress",
                  provisional=True)
    if irr.facts.get("starter_turned"):
        return _acc_4_4b(irr, code)
    return _r(code, "wrong number of cards: the same dealer deals again, no "
              "points", new_deal=True, parameter="misdeal_penalty", provisional=True)


@ACC.law("ACC-4.4(b)", "Wrong number of cards after the starter",
         "Found after the starter is turned: a table of cases settled by judges, by "
         "edition. web2008 (the holder of the wrong number named): play goes on, his "
         "pegging is taken back and his play and hand do not count, the other's count, "
         "the crib counts. 2025 (4.4.d(9)): play stops, all pegging of the deal is taken "
         "back, both hands and the crib are dead and the same dealer deals again.",
         engine="REPORT wrong_count [SEAT] after the starter, by acc_edition. 2025 "
                "(default): every point pegged in the deal is taken back and the deal is "
                "dealt again. web2008 with the holder named: his pegging of the deal is "
                "taken back, his further play points and his hand do not count, the "
                "play and the show go on (the crib counts; a short crib is filled by the "
                "table); the holder the dealer: as the pone, and the crib counts unless "
                "it has too many cards (CHOOSE crib_counts or CHOOSE crib_dead). 2020, or web2008 with no holder named: the catalogue has no "
                "table for it, so the 2025 remedy applies, marked provisional "
                "(wrong_count_after_starter).",
         kinds={"wrong_count": Report("a hand or the crib is found with the wrong number "
                                      "of cards", who=WRONG_COUNT_HOLDER)})
def _acc_4_4b(irr: Irregularity, code: LawCode) -> Ruling:
    if not irr.facts.get("starter_turned"):
        return _r(code, "wrong number of cards before the starter: the same "
                  "dealer deals again, no points", new_deal=True, parameter="misdeal_penalty",
                  provisional=True, law="ACC-4.4(a)")
    edition = _ed(code)
    if edition == "web2008" and irr.offender is not None and \
            irr.offender == irr.facts.get("dealer"):
        # The catalogue's dealer case: the hand is played out, the dealer's pegging and
        # hand do not count, the crib counts unless it has too many cards (the table
        # says which: the pone's CHOOSE).
        seat, pone = irr.offender, _adv(irr, irr.offender)
        counts = _r(code, "the crib has no more than its cards: it counts",
                    law="ACC-4.4(b)")
        dead = _r(code, "the crib has too many cards: it is dead, not counted",
                  effects=(DeadCrib(),), law="ACC-4.4(b)")
        return _r(code, f"wrong number of cards after the starter, held by the dealer "
                  f"(seat {seat}): the hand is played out; seat {seat}'s pegging of this "
                  f"deal is taken back and his play and hand do not count; seat {pone}'s "
                  "pegging and hand count; the crib counts unless it has too many cards",
                  effects=(NoCount(seat),), parameter="wrong_count_after_starter",
                  provisional=True, law="ACC-4.4(b)",
                  decision=Decision(pone, (
                      Option(Action("CHOOSE", word="crib_counts"),
                             "the crib has four cards or fewer: it counts", counts),
                      Option(Action("CHOOSE", word="crib_dead"),
                             "the crib has too many cards: it is dead", dead))))
    if edition == "web2008" and irr.offender is not None:
        seat = irr.offender
        other = _adv(irr, seat)
        return _r(code, f"wrong number of cards after the starter, held by seat {seat}: "
                  f"play goes on; seat {seat}'s pegging of this deal is taken back and his "
                  f"play and hand do not count; seat {other}'s pegging and hand count; the "
                  "crib counts if correct (a short crib is filled by the dealer drawing "
                  "blind from the holder's cards)", effects=(NoCount(seat),),
                  parameter="wrong_count_after_starter", provisional=True,
                  law="ACC-4.4(b)")
    note = "" if edition == "2025" else (
        " (the 2025 book's case 4.4.d(9): the catalogue has no table of the "
        f"{edition} edition{' without the holder named' if edition == 'web2008' else ''})")
    return _r(code, "wrong number of cards after the starter: all pegging of "
              "this deal is taken back, hands and crib are dead, the same dealer deals again"
              + note, void_deal_points=True, new_deal=True,
              parameter="wrong_count_after_starter", provisional=edition != "2025",
              law="ACC-4.4(b)")


@ACC.law("ACC-4.5", "Imperfect pack", "Heading: an imperfect pack.",
         engine="Engine default (to be confirmed): the deal in progress is void; points "
                "already pegged stand.",
         kinds={"imperfect_pack": "the pack is found imperfect"})
def _acc_4_5(irr: Irregularity, code: LawCode) -> Ruling:
    return _r(code, "imperfect pack: replace it; the deal in progress is void",
              new_deal=irr.facts.get("phase") in _IN_DEAL, provisional=True)


# -- 5: the crib -------------------------------------------------------------------------

_procedure("ACC-5.1.a", "The crib is the dealer's",
           "The crib is the dealer's and lies face down on his side.",
           "The crib is scored to the dealer after his hand.")


@ACC.law("ACC-5.1.b", "Picking up discards", "Discards once released face down may not be "
         "picked up and examined.",
         engine="REPORT picked_up_discards SEAT: the adversary scores 2; the cards go back "
                "to the crib.",
         kinds={"picked_up_discards": Report("a player picked up discards once released", seat=True)})
def _acc_5_1_b(irr: Irregularity, code: LawCode) -> Ruling:
    return _penalty(code, irr, _offender(irr, 0), 2,
                    "discards picked up; they go back to the crib",
                    effects=(RestoreHandCrib(),))


@ACC.law("ACC-5.1.c", "Discarding to the wrong side", "A player who alone discarded to the "
         "wrong side may take the card(s) back and choose again.",
         engine="REPORT wrong_side_discard SEAT before the starter: no penalty; the player "
                "may lay away again.",
         kinds={"wrong_side_discard": "a player discarded to the wrong side"})
def _acc_5_1_c(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.facts.get("starter_turned"):
        return _r(code, "the starter is turned: too late to take the discard "
                  "back")
    seat = irr.offender
    return _r(code, "discard to the wrong side: taken back and made again, no "
              "penalty", effects=(Rediscard(seat),) if seat is not None else ())


@ACC.law("ACC-5.1.d", "The crib on the wrong side", "All four crib cards found on the pone's "
         "side are moved unseen to the dealer, unless the starter is turned and each has "
         "played a card: then the crib belongs to the player on whose side it lies.",
         engine="REPORT crib_misplaced: ruled as the rule says; the engine records it.",
         kinds={"crib_misplaced": "all four crib cards were found on the pone's side"})
def _acc_5_1_d(irr: Irregularity, code: LawCode) -> Ruling:
    played = bool(irr.facts.get("dealer_has_played")) and irr.facts.get("phase") in (
        "play", "claim", "decision")
    if played:
        return _r(code, "the crib belongs to the player on whose side it lies; "
                  "his opponent becomes pone and next dealer",
                  effects=(ActualDealer(_pone(irr), heels=False),))
    return _r(code, "the crib is moved unseen to the dealer, no penalty")


@ACC.law("ACC-5.2.a", "Looking at the crib early", "The crib may not be looked at before its "
         "turn to be counted.",
         engine="REPORT looked_at_crib SEAT: the adversary scores 2.",
         kinds={"looked_at_crib": Report("a player looked at the crib before its count", seat=True)})
def _acc_5_2_a(irr: Irregularity, code: LawCode) -> Ruling:
    return _penalty(code, irr, _offender(irr, 0), 2, "the crib looked at early")


@ACC.law("ACC-5.2.b", "Looking at the crib before discarding", "A player who looks at the "
         "crib before discarding to it: the adversary scores 2 and draws the offender's "
         "discards blind from his hand.",
         engine="REPORT crib_peek_before_discard SEAT: the adversary scores 2 (the blind "
                "draw is made at the table).",
         kinds={"crib_peek_before_discard": Report("a player looked at the crib before discarding", seat=True)})
def _acc_5_2_b(irr: Irregularity, code: LawCode) -> Ruling:
    return _penalty(code, irr, _offender(irr, 0), 2,
                    "the crib looked at before discarding; the adversary draws the "
                    "offender's discards blind from his hand")


@ACC.law("ACC-5.2.c", "The dealer swaps hand and crib", "The pone scores 2 either way; "
         "before the play the dealer plays his true hand; after the play began he plays on "
         "with the crib cards and his pegged points are taken back.",
         engine="REPORT hand_crib_swapped: the pone scores 2; the remedy of the rule is "
                "made at the table.",
         kinds={"hand_crib_swapped": "the dealer swapped his hand and the crib"})
def _acc_5_2_c(irr: Irregularity, code: LawCode) -> Ruling:
    by = irr.facts.get("swapped_by")
    if by is not None and by != _dealer(irr):
        return _r(code, f"the dealer did not exchange his hand and the crib: seat {by} played "
                  "from the crib, which is ACC-5.1.b's (report picked_up_discards); no "
                  "penalty under this rule")
    started = irr.facts.get("phase") in ("play", "claim", "decision")
    rest = ("the dealer plays on with the crib cards and his pegged points are taken back"
            if started else "the dealer plays his true hand")
    return _r(code, f"hand and crib swapped: seat {_pone(irr)} scores 2; {rest}",
              points=((_pone(irr), 2),),
              effects=(VoidPointsOf((_dealer(irr),)), SwapHandCrib()) if started else ())


_procedure("ACC-5.3", "Retrieving crib cards", "Heading: retrieving crib cards.",
           "Rule text to be confirmed; no ruling is made.")


# -- 6: the starter ----------------------------------------------------------------------

@ACC.law("ACC-6.1.a", "The starter only after both discards",
         "A starter turned before the dealer has discarded goes back; the dealer discards; "
         "the stock is reshuffled and cut again; no penalty.",
         engine="REPORT starter_too_early: no penalty; the starter is cut again.",
         kinds={"starter_too_early": Report("the starter was turned before the dealer "
                                            "discarded", until=Until.FIRST_CARD)})
def _acc_6_1_a(irr: Irregularity, code: LawCode) -> Ruling:
    return _r(code, "the card goes back; the dealer discards; reshuffle the "
              "stock and cut again; no penalty",
              effects=(RecutStarter(),))


@ACC.law("ACC-6.1.b", "The pone peeks at the cut", "The pone must not look at the bottom "
         "card of the cut packet: the dealer scores 2 and is shown that card.",
         engine="REPORT starter_cut_peek: the dealer scores 2.",
         kinds={"starter_cut_peek": "the pone looked at the bottom card of the cut packet"})
def _acc_6_1_b(irr: Irregularity, code: LawCode) -> Ruling:
    d = _dealer(irr)
    return _r(code, f"the pone peeked at the cut: seat {d} scores 2 and is "
              "shown that card", points=((d, 2),))


@ACC.law("ACC-6.1.c", "The dealer takes the starter into his hand",
         "The pone scores 2, draws two cards blind from the dealer's hand, picks one as "
         "starter and returns the other.",
         engine="REPORT starter_taken: the pone scores 2; the blind draw is made at the "
                "table and the referee enters the card the pone picks (CHOOSE starter CARD, "
                "one of the dealer's five): it is the starter, the other four the dealer's "
                "hand (before the dealer's first card; later the draw is the table's).",
         kinds={"starter_taken": "the dealer took the starter into his hand unseen"})
def _acc_6_1_c(irr: Irregularity, code: LawCode) -> Ruling:
    p = _pone(irr)
    text = (f"seat {p} scores 2, draws two cards blind from the dealer's hand, picks one as "
            "starter and returns the other")
    five: tuple[Card, ...] = tuple(irr.facts.get("dealer_five", ()))
    if not five:
        return _r(code, text, points=((p, 2),))
    return _r(code, text + ": the card he picks is the starter", points=((p, 2),),
              decision=Decision(p, tuple(
                  Option(Action("CHOOSE", (c,), word="starter"), f"{c} is the starter",
                         _r(code, f"{c} is the starter; the other four are the dealer's "
                            "hand", effects=(ReplaceStarter(c),))) for c in five)))


@ACC.law("ACC-6.1.d", "A faced starter", "The card to be turned is already face up: turn it "
         "down, reshuffle the remaining cards, cut again.",
         engine="REPORT faced_starter: no points; the starter is cut again.",
         kinds={"faced_starter": Report("the card to be turned as starter was already face "
                                        "up", until=Until.FIRST_CARD)})
def _acc_6_1_d(irr: Irregularity, code: LawCode) -> Ruling:
    return _r(code, "turn it down, reshuffle the remaining cards and cut again", effects=(RecutStarter(),))


@ACC.law("ACC-6.2", "More than one card exposed", "The correct top card is the starter; "
         "the exposed cards go back; no penalty.",
         engine="REPORT starter_multiple_exposed: no penalty (starter_multiple_exposed).",
         kinds={"starter_multiple_exposed": "the dealer exposed more than one card turning"})
def _acc_6_2(irr: Irregularity, code: LawCode) -> Ruling:
    return _r(code, "the correct top card is the starter; the others go back; "
              "no penalty", parameter="starter_multiple_exposed")


@ACC.law("ACC-6.3", "His heels", "A jack turned: the dealer pegs 2 and may peg out with it; "
         "lost if he plays a card first; never subject to muggins.",
         engine="As EW-xii: HEELS accepted until the dealer's first card; later refused.",
         kinds={"late_heels": Report("the dealer claimed his heels after playing his first card", detected=True)})
def _acc_6_3(irr: Irregularity, code: LawCode) -> Ruling:
    return _r(code, "his heels must be pegged before the dealer plays a card: "
              "lost, and never subject to muggins (10.3)",
              parameter="heels_window")


_procedure("ACC-6.4", "The pack after the turn", "After the turn the pack goes to the "
           "dealer's side.", "Procedure.")


# -- 7: the play -------------------------------------------------------------------------

@ACC.law("ACC-7.1.a–b", "The pone leads", "The dealer leading in error: the cards go back, "
         "points are retracted, the pone leads, no penalty, unless both have played beyond "
         "one card each, when the order stands and points count.",
         engine="FACT led_by SEAT gives the lead to the seat that really led; REPORT "
                "dealer_led: no penalty; the cards go back, their points are taken back and "
                "the pone leads, unless both have played more than one card.",
         kinds={"dealer_led": "the dealer led the play in error"})
def _acc_7_1_ab(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.facts.get("dealer_led") is False:
        return _r(code, "the dealer has not led this play (the pone led, or the lead was "
                  "already put back): nothing to rule; the play goes on as it stands")
    played = int(irr.facts.get("cards_played", 0))
    if played >= 4:  # both have played beyond one card each
        return _r(code, "both have played beyond one card: the order stands "
                  "and the points count", parameter="dealer_led_in_error")
    return _r(code, "the cards go back, points are retracted and the pone "
              "leads; no penalty", parameter="dealer_led_in_error", effects=(RetractLead(),))


@ACC.law("ACC-7.1.c–d", "Playing the cards", "One card at a time, calling the count; "
         "played cards stay face up until both hands are counted.",
         engine="The play records each card with the running count. REPORT "
                "cards_turned_early SEAT (a player turned his played cards down before "
                "both hands were counted and pegged): they are turned up again; the rule "
                "states no penalty.",
         kinds={"cards_turned_early": Report(
             "a player turned his played cards down before both hands were counted",
             seat=True, who="who turned his cards down?")})
def _acc_7_1_cd(irr: Irregularity, code: LawCode) -> Ruling:
    if not irr.facts.get("cards_played"):
        return _r(code, "no card has been played in this deal: there is nothing to turn up")
    return _r(code, f"seat {_offender(irr, 0)}'s played cards stay face up until both hands "
              "are counted and pegged: they are turned up again; the rule states no "
              "penalty")


@ACC.law("ACC-7.1.e", "A released card is played", "A card released is played; it may be "
         "taken back only if it would exceed 31.",
         engine="A card past 31 goes back (referee mode); REPORT retracted_card: refused.",
         kinds={"card_over_31": Report("a card was played that took the count past 31", detected=True),
                "retracted_card": "a player tried to take back a card released"})
def _acc_7_1_e(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.kind == "card_over_31":
        return _r(code, f"{irr.facts.get('card')} would exceed 31: it is taken "
                  "back, no penalty")
    return _r(code, "a card released from the fingers is played: it stands")


@ACC.law("ACC-7.1.f", "Two cards played together", "The one matching the called count is "
         "played, else the player chooses; the others go back; no penalty.",
         engine="REPORT two_cards_played: no penalty.",
         kinds={"two_cards_played": "a player played two or more cards together"})
def _acc_7_1_f(irr: Irregularity, code: LawCode) -> Ruling:
    return _r(code, "the card matching the called count is played (else the "
              "player chooses); the others go back; no penalty")


_procedure("ACC-7.2", "Points in the play", "Points go to the player of the card that "
           "completes a combination.", "The play's scoring (CRIB-R-9).")


@ACC.law("ACC-7.3", "Renege", "Failing to play a card that could be played: the adversary "
         "scores 2 for each card that could singly have been played, and chooses whether "
         "the reneged card(s) are dead or played; hands and crib are still counted.",
         engine="Referee mode: a go called while a card fits stands until it is corrected "
                "or claimed. REPORT go_corrected SEAT before anyone pegs or the adversary "
                "plays: the go is withdrawn, no penalty. REPORT renege SEAT (the adversary's "
                "claim) until he plays his next card after a reneged card is played, or "
                "announces his hand: every card played since the go goes back and its points "
                "are taken back, the adversary scores 2 per playable card, then chooses "
                "CHOOSE dead (the cards take no further part in the play; the go stands) or "
                "CHOOSE played (the offender must play). After the window: too late.",
         kinds={"renege": Report("a player said go while holding a card he could play "
                                 "(claimed by the adversary)", seat=True, who="who said go?",
                                 until=Until.ADVERSARY_NEXT),
                "go_corrected": Report("a player withdraws a go called while holding a card "
                                       "that fits", seat=True, until=Until.BEFORE_PEG,
                                       who="who withdraws his go?")})
def _acc_7_3(irr: Irregularity, code: LawCode) -> Ruling:
    offender = _offender(irr, 0)
    adv = _adv(irr, offender)
    if irr.facts.get("no_renege"):
        return _r(code, f"seat {offender} has called no go in this deal while holding a "
                  "card that fits: nothing to " + ("correct" if irr.kind == "go_corrected"
                                                   else "claim"),
                  provisional=True)
    if irr.kind == "go_corrected":
        return _r(code, f"the wrong go is corrected before anyone pegged or seat {adv} "
                  f"played: seat {offender} plays on, no penalty",
                  effects=(RetractToGo(offender),), provisional=True)
    cards = tuple(irr.facts.get("playable", ()))
    pts = code.value("renege_penalty", int) * max(1, len(cards))
    names = " ".join(map(str, cards))
    dead = _r(code, f"{names} dead: out of the play; the go stands",
              effects=(Dead(offender, cards),))
    play = _r(code, "the reneged card must be played")
    back = ("every card played since the go goes back and its points are taken back; "
            if irr.facts.get("late") else "")
    return _r(code, f"renege: {back}seat {adv} scores {pts} ({code.value('renege_penalty', int)}"
              f" for each of {len(cards)} playable card(s)) and chooses dead or played",
              points=((adv, pts),), provisional=True, parameter="renege_penalty",
              effects=(RetractToGo(offender),),
              decision=Decision(adv, (
                  Option(Action("CHOOSE", word="dead"), f"{names} dead; the go stands", dead),
                  Option(Action("CHOOSE", word="played"), "the offender must play", play))))


_procedure("ACC-7.4", "Incorrect announcements", "Heading: incorrect announcements.",
           "Rule text to be confirmed; no ruling is made.")


# -- 8: pegging --------------------------------------------------------------------------

_procedure("ACC-8.1", "Pegging", "First score with one peg; afterwards the rear peg "
           "leapfrogs.", "Each side's score is a front and a back peg (CRIB-R-2).")
_procedure("ACC-8.2", "A zero hand", "A zero hand or crib: the pegs are not touched.",
           "A score of 0 moves no peg.")


@ACC.law("ACC-8.3", "Underpegging", "Underpegging cannot be corrected once the fingers "
         "leave the peg.",
         engine="Under manual counting a claim is final: AMEND is refused; with muggins in "
                "force the adversary may take missed points (rule 10).",
         kinds={"amend_score": Report("a player tried to correct a score already pegged", detected=True),
                "late_claim": "a player tried to peg neglected points after their time"})
def _acc_8_3(irr: Irregularity, code: LawCode) -> Ruling:
    return _r(code, "an underpeg cannot be corrected once the fingers leave the "
              "peg")


@ACC.law("ACC-8.4.a", "False claim of game", "Pegging into the game hole and letting go, "
         "marking a win, or moving the game-count peg when the game is not won cannot be "
         "undone; penalty 8.4.b.",
         engine="A claim that takes a player to 121 when the true count does not, or "
                "REPORT false_game_claim SEAT, is ruled by 8.4.b.",
         kinds={"false_game_claim": Report("a player claimed the game when it was not won", seat=True)})
def _acc_8_4_a(irr: Irregularity, code: LawCode) -> Ruling:
    return _acc_8_4_b_ruling(irr, code)


def _acc_8_4_b_ruling(irr: Irregularity, code: LawCode) -> Ruling:
    # The engine has pegged the true points; ``excess`` is what he pegged falsely toward
    # the game hole (the overclaim counts only up to the game hole).
    offender = _offender(irr, 0)
    adv = _adv(irr, offender)
    excess = max(0, int(irr.facts.get("excess", 0)))
    n = code.value("false_game_penalty", int)
    gets = f"seat {adv} receives the {excess} point(s) overclaimed; " if excess else ""
    return Ruling(f"false claim of game (8.4.a): seat {offender}'s peg returns "
                  f"to his true score; {gets}seat {offender} is set back {n}",
                  points=((adv, excess),) if excess else (), peg_back=(offender, n),
                  edition=_ed(code), parameter="false_game_claim", law="ACC-8.4.b")


_procedure("ACC-8.4.b", "Penalty for a false claim of game",
           "The offender's peg returns to his true score; the adversary receives the points "
           "overclaimed (up to the game hole); the offender is set back 15, even if the "
           "adversary has now won.",
           "Applied by ACC-8.4.a's ruling: true score restored, adversary + overclaim, "
           "offender − 15 (false_game_penalty).")


@ACC.law("ACC-8.4.c", "Overpegging", "An overpeg to one's advantage that does not claim "
         "game.",
         engine="Rule text incomplete; engine default as EW-ix: the adversary may CHOOSE "
                "takedown (offender back by the excess, adversary + excess) or accept.",
         kinds={"overclaim": Report("a player pegged more points than were due", detected=True),
                "overscore_called": Report("an overpeg is called later, before the next cut",
                                           seat=True, who="who overscored?", until=Until.NEXT_CUT,
                                           window_param="overscore_claim_window")})
def _acc_8_4_c(irr: Irregularity, code: LawCode) -> Ruling:
    offender = _offender(irr, 0)
    adv = _adv(irr, offender)
    if irr.kind == "overscore_called":
        pending = int(irr.facts.get("pending_excess", 0))
        if not pending:
            return _r(code, f"seat {offender} has no overpeg of this deal left to "
                      "correct", provisional=True)
        return _r(code, f"corrected: {pending} point(s) go from seat {offender} "
                  f"to seat {adv}", effects=(Takedown(offender, adv, pending),),
                  provisional=True)
    excess = int(irr.fact("excess"))
    take = _r(code, f"corrected: {excess} point(s) go from seat {offender} to "
              f"seat {adv}", effects=(Takedown(offender, adv, excess),),
              provisional=True)
    stand = _r(code, "the overpeg stands", provisional=True)
    return _r(code, f"overpeg of {excess}: seat {adv} may have it corrected",
              provisional=True, parameter="overscore",
              decision=Decision(adv, (
                  Option(Action("CHOOSE", word="takedown"),
                         f"correct the overpeg ({excess} back, {excess} to the adversary)",
                         take),
                  Option(Action("CHOOSE", word="accept"), "let the score stand", stand))))


@ACC.law("ACC-8.5", "Improper removal of pegs", "Heading: improper removal of pegs.",
         engine="Rule text to be confirmed (heading only). REPORT moved_peg: provisional; "
                "engine default: the peg goes back where it was (the score the engine "
                "keeps stands), no penalty.",
         kinds={"moved_peg": "a player moved a peg already placed"})
def _acc_8_5(irr: Irregularity, code: LawCode) -> Ruling:
    return _r(code, "improper removal of pegs (heading only; rule text to be confirmed): "
              "engine default: the peg goes back where it was, the score stands, no "
              "penalty", provisional=True)


@ACC.law("ACC-8.6", "Touching pegs", "Heading: touching pegs (etiquette).",
         engine="Rule text to be confirmed (heading only). REPORT touched_pegs SEAT: "
                "provisional; engine default: no penalty (only pegging with the opponent's "
                "pegs scores, ACC-8.7), the game goes on as it stands.",
         kinds={"touched_pegs": Report("a player touched his adversary's pegs", seat=True)})
def _acc_8_6(irr: Irregularity, code: LawCode) -> Ruling:
    return _r(code, "touching pegs is a matter of etiquette (heading only; rule text to be "
              "confirmed): engine default: no penalty (only pegging with the opponent's "
              "pegs scores, ACC-8.7); the game goes on as it stands",
              provisional=True)


@ACC.law("ACC-8.7", "Pegging with the opponent's pegs", "Pegging with the opponent's pegs: "
         "the opponent scores 2.",
         engine="REPORT used_opponents_pegs SEAT: the adversary scores 2 (summary rule).",
         kinds={"used_opponents_pegs": Report("a player pegged with his opponent's pegs", seat=True)})
def _acc_8_7(irr: Irregularity, code: LawCode) -> Ruling:
    r = _penalty(code, irr, _offender(irr, 0), 2, "pegging with the opponent's "
                 "pegs")
    return Ruling(r.text, points=r.points, edition=r.edition, provisional=True, law=r.law)


_procedure("ACC-8.8", "Pegging in the wrong track", "Heading.",
           "Rule text to be confirmed; no ruling is made.")
_procedure("ACC-8.9", "Pegging a go before announcing it", "Heading.",
           "Rule text to be confirmed; no ruling is made.")
_procedure("ACC-8.10", "Failing to put the peg in the game hole", "Heading.",
           "Rule text to be confirmed; no ruling is made.")
@ACC.law("ACC-8.11", "Pegging out", "Except in match play and muggins events a player "
         "must peg out; the opponent must remind him (newer books: 2020, 2025).",
         engine="Detected under manual counting: a claim that stops short of the game hole "
                "when the points due reach it. 2020 and 2025, muggins off, not match play: "
                "the player pegs out. With muggins in force (ACC-10.1), in match play "
                "(match_play, set by a match) or under web2008 (not in that book) the "
                "claim stands as an underpeg (ACC-8.3, or muggins).",
         kinds={"short_of_game": Report("a player pegged short of the game hole with "
                                        "enough points", detected=True)})
def _acc_8_11(irr: Irregularity, code: LawCode) -> Ruling:
    seat = _offender(irr, 0)
    true = int(irr.facts.get("true", 0))
    if _ed(code) == "web2008":
        why = "ACC-8.11 is not in the web2008 rules"
    elif code.value("muggins", str) == "acc":
        why = "muggins is in force: pegging out is his own to do (ACC-10.1)"
    elif code.value("match_play", bool):
        why = "in match play the opponent need not remind him"
    else:
        return _r(code, f"seat {seat} stopped short of the game hole with {true} "
                  "point(s) due: reminded, he pegs out", effects=(PegOut(seat, true),),
                  provisional=True)
    return _r(code, f"seat {seat} stopped short of the game hole: {why}; the claim is "
              "ruled as an underpeg", provisional=True,
              parameter="match_play" if "match" in why else
              "muggins" if "muggins" in why else None)


# -- 9: the show -------------------------------------------------------------------------

_procedure("ACC-9.1", "Cards in plain view", "Cards stay face up while being counted.",
           "The show lays each hand face up (public in every view).")


@ACC.law("ACC-9.2", "Counting order", "The pone counts and pegs first, then the dealer his "
         "hand, then the crib.",
         engine="The engine counts in order; REPORT dealer_counted_first: the dealer takes "
                "back and pegs again after the pone, no penalty.",
         kinds={"dealer_counted_first": "the dealer pegged his hand before the pone"})
def _acc_9_2(irr: Irregularity, code: LawCode) -> Ruling:
    return _r(code, "the dealer takes back and pegs again after the pone; no "
              "penalty")


@ACC.law("ACC-9.3.a", "The starter kept apart", "A starter put into a hand or the crib or "
         "mixed into the pack is restored to the top of the pack; the offender goes back 2.",
         engine="REPORT starter_mixed SEAT: that player goes back 2 (starter_mixed_penalty).",
         kinds={"starter_mixed": Report("a player mixed the starter into a hand, the crib or the pack", seat=True)})
def _acc_9_3_a(irr: Irregularity, code: LawCode) -> Ruling:
    n = code.value("starter_mixed_penalty", int)
    off = _offender(irr, 0)
    return _r(code, f"the starter goes back on top of the pack; seat {off} is "
              f"set back {n}", peg_back=(off, n), provisional=True)


@ACC.law("ACC-9.4", "Mixing a hand with other cards", "Heading.",
         engine="Rule text to be confirmed (heading only). REPORT hand_mixed_with_pack SEAT: "
                "provisional; engine default: no penalty (EW-xxii's forfeit of the game is "
                "not ACC's; a mixed starter is ACC-9.3.a), the hand is counted as the "
                "players agree it was.",
         kinds={"hand_mixed_with_pack": Report("a hand or the crib was mixed with the pack "
                                               "before it was counted", seat=True)})
def _acc_9_4(irr: Irregularity, code: LawCode) -> Ruling:
    return _r(code, f"seat {_offender(irr, 0)} mixed a hand with other cards (heading "
              "only; rule text to be confirmed): engine default: no penalty, the hand is "
              "counted as the players agree it was", provisional=True)


@ACC.law("ACC-9.5", "No help in counting", "Players may not help each other count.",
         engine="Under manual counting the engine gives no count help; a demand is refused.",
         kinds={"count_help_demanded": "a player asked for help in counting"})
def _acc_9_5(irr: Irregularity, code: LawCode) -> Ruling:
    return _r(code, "players may not help each other count: refused", provisional=True)


# -- 10: muggins -------------------------------------------------------------------------

_procedure("ACC-10.1", "Muggins is optional", "Muggins is the only optional rule; it must "
           "be announced before play; pegging out is then mandatory.",
           "Off unless announced: ACC.with_params(muggins=\"acc\"), recorded in the game's "
           "record (muggins).")
_procedure("ACC-10.2", "What muggins covers", "Underpegged points of the play, hand or crib.",
           "With muggins announced, every underclaim in the play or the show opens it.")
_procedure("ACC-10.3", "What muggins does not cover", "Underpegged penalties, underpegged "
           "muggins, the dealer's failure to peg heels, points lost by pegging backward.",
           "Only CLAIM underclaims open muggins; heels, penalties and muggins points never "
           "do.")


@ACC.law("ACC-10.4.a", "Calling muggins", "Call \"Muggins for N\": the points missed go to "
         "the caller (the lesser of the call and the true amount); a wrong call gives those "
         "points to the other player.",
         engine="Muggins announced: in play, after an underclaim the adversary may CHOOSE "
                "muggins (he scores the points missed) or pass. In referee mode he calls it "
                "(MUGGINS n, \"muggins for n\") through the window of ACC-10.4.b-c: he "
                "scores the lesser of n and the points missed; with nothing missed the n "
                "points go to the other player (a wrong call); after the window, too late; "
                "on his heels, never (ACC-10.3). Muggins off: the points are lost, no "
                "penalty (ACC-8.3), and a call is void (ACC-10.1). Muggins points are "
                "scored as muggins, not as a penalty (ACC-1.6).",
         kinds={"underclaim": Report("a player pegged fewer points than were due", detected=True),
                "muggins_play": Report("muggins called on points of the play", named=False,
                                       until=Until.NEXT_SCORE, late_law="ACC-10.4.b"),
                "muggins_show": Report("muggins called on a hand or crib", named=False,
                                       until=Until.NEXT_SCORE, late_law="ACC-10.4.c",
                                       window_param="muggins"),
                "muggins_heels": Report("muggins called on his heels", named=False)})
def _acc_10_4_a(irr: Irregularity, code: LawCode) -> Ruling:
    offender = _offender(irr, 0)
    short = int(irr.facts.get("short", 0))
    if irr.kind.startswith("muggins_"):
        return _muggins_call(irr, code)
    if code.value("muggins", str) != "acc":
        return _r(code, f"underpegged by {short}: the points are lost; muggins is "
                  "not in force", parameter="muggins", law="ACC-8.3")
    adv = _adv(irr, offender)
    take = _r(code, f"muggins: seat {adv} scores the {short} point(s) missed",
              effects=(Points(adv, short, "muggins"),))
    leave = _r(code, "no muggins called: the points are lost")
    timing = "ACC-10.4.b" if irr.facts.get("what") in ("play", "go") else "ACC-10.4.c"
    # the show's window rests on ACC-10.4.c, whose text the catalogue has only in part
    return _r(code, f"seat {offender} underpegged by {short}: seat {adv} may "
              f"call muggins (timing {timing})", parameter="muggins",
              provisional=timing in code.incomplete,
              decision=Decision(adv, (
                  Option(Action("CHOOSE", word="muggins"), f"muggins for {short}", take),
                  Option(Action("CHOOSE", word="pass"), "let the points go", leave))))


def _muggins_call(irr: Irregularity, code: LawCode) -> Ruling:
    """A muggins call at a real table (``MUGGINS n``), in its window (ACC-10.4.a)."""
    called = int(irr.facts.get("called", 0))
    if code.value("muggins", str) != "acc":
        return _r(code, "muggins is not in force (it was not announced before play): the "
                  "call is void", parameter="muggins", law="ACC-10.1")
    if irr.kind == "muggins_heels":
        return _r(code, "the dealer's failure to peg his heels is never subject to "
                  "muggins: the call is void", law="ACC-10.3")
    if irr.facts.get("nothing"):
        return _r(code, "nothing has been pegged in this deal to call muggins on")
    target = _offender(irr, 0)
    caller = _adv(irr, target)
    # a call on a hand or crib is in time by ACC-10.4.c's window, known only in part
    show = irr.kind == "muggins_show" and "ACC-10.4.c" in code.incomplete
    if irr.facts.get("wrong"):
        return _r(code, f"a wrong muggins call: seat {target} pegged all that was due; "
                  f"the {called} point(s) called go to seat {target}",
                  effects=(Points(target, called, "a wrong muggins call"),),
                  provisional=show)
    short = int(irr.facts.get("short", 0))
    pts = min(called, short)
    return _r(code, f"muggins for {called}: seat {target} pegged {short} too few; seat "
              f"{caller} scores {pts} (the lesser of the call and the points missed)",
              effects=(Points(caller, pts, "muggins"),), provisional=show)


_procedure("ACC-10.4.b", "When to call muggins in the play", "After the player finishes his "
           "pegging and before he pegs again or the pone's hand is pegged.",
           "The muggins decision opens at once after the short claim in the play.")
_procedure("ACC-10.4.c", "When to call muggins in the show", "Timing text incomplete; "
           "engine default: after the player has pegged, before the next hand is pegged.",
           "The muggins decision opens at once after the short claim of a hand or crib.")
_procedure("ACC-11", "Judges", "Heading: judges; situations not covered.",
           "Situations no law covers are left to the table; the referee records them.")
_procedure("ACC-12.1", "Game points", "Scorecards in ink; game points: win 2, skunk 3, loss "
           "0.",
           "Every result gives the game points: 2, or 3 for a skunk (loser at 90 or fewer, "
           "tournament custom: marked provisional), 4 for a double skunk where the table "
           "sets double_skunk_threshold (not in the catalogued text of any edition); no "
           "lurch. Out of two-hand six-card play the result is marked out of scope.")


@ACC.law("ACC-12.2", "No-show in a playoff", "A player absent forfeits a game after 5 "
         "minutes, then one more every 15 minutes.",
         engine="REPORT no_show SEAT: that player forfeits the game.",
         kinds={"no_show": Report("a player did not appear", seat=True)})
def _acc_12_2(irr: Irregularity, code: LawCode) -> Ruling:
    off = _offender(irr, 0)
    return _r(code, f"seat {off} is absent: he forfeits the game",
              loses_game=off)


@ACC.law("ACC-ETH", "Code of ethics", "Marking cards, stacking, hiding excess cards, "
         "altering scorecards, deliberate violations and similar conduct are grounds for "
         "suspension.",
         engine="REPORT ethics_violation SEAT: logged for the tournament director; no "
                "ruling on the game.",
         kinds={"ethics_violation": "a breach of the code of ethics"})
def _acc_eth(irr: Irregularity, code: LawCode) -> Ruling:
    return _r(code, "conduct outside the engine's rulings: logged for the "
              "tournament director")


def _wrong_count_of_the_holder(irr: Irregularity) -> Irregularity:
    """EW's ``own_wrong_count SEAT`` (he took or dropped cards himself): ACC-4.4 rules a
    wrong count by its holder, who is that seat."""
    return replace(irr, kind="wrong_count")


def _crib_cards_taken(irr: Irregularity) -> Irregularity:
    """EW's ``crib_confused SEAT``: the dealer's hand and crib exchanged (ACC-5.2.c), or
    the pone taking crib cards back into his hand: discards picked up (ACC-5.1.b)."""
    if irr.offender is not None and irr.offender == irr.facts.get("dealer"):
        return replace(irr, kind="hand_crib_swapped")
    return replace(irr, kind="picked_up_discards")


ACC.alias("own_wrong_count", _wrong_count_of_the_holder, "ACC-4.4")
ACC.alias("crib_confused", _crib_cards_taken, "ACC-5.2.c / ACC-5.1.b")
