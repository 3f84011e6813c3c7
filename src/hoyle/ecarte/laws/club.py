"""The ``club`` profile: the Club Code, Cavendish's *Laws of Écarté* adopted by the Turf and
Portland Clubs (1878), as printed in Hoffmann's *Hoyle's Games Modernized*: ``CLUB-1`` …
``CLUB-51``, each a :class:`~hoyle.engine.laws.Law` citing its ID as catalogued in
``shared/laws/ecarte.md`` §3; the parameters where it differs from OH are §4.

>>> from hoyle.engine.laws import Irregularity
>>> r = CLUB.rule(Irregularity("nd_too_many", 0, facts={"dealer": 1, "count": 1}))
>>> r.law, [o.action.word for o in r.decision.options]
('CLUB-15', ['fresh_deal', 'lay_out'])
>>> len(CLUB)
51
"""

from __future__ import annotations

from dataclasses import replace

from hoyle.cards import Card
from hoyle.ecarte.effects import (CorrectKing, CutAgain, DealStands, ExposedCard, HandOver, NoKing, NoRefusal, Rectify, Reduced, Replay,
                                  Restore, SetAside, TakeBack, TurnUp)
from hoyle.ecarte.laws.common import (count_of, dealer_of, elder_of, fresh_deal, option,
                                      seat_of)
from hoyle.engine.effects import Effect
from hoyle.engine.laws import (WRONG_COUNT_HOLDER, Decision, Irregularity, LawCode, Param, Report, Ruling, Until,
                               Window)

__all__ = ["CLUB", "PARAMS"]

PARAMS = (
    Param("turned_king_after_wrong_count", "void", ("void", "scores"),
          help="a turned-up king after a wrong number was dealt and the deal kept: struck "
               "off (CLUB-19), or it scores"),
    Param("held_king_window", "club_24", ("before_first_card", "club_24"),
          help="until when the king held may be marked (CLUB-23, CLUB-24)"),
    Param("refusal_penalty_scope", "first", ("first", "any"),
          help="which stands and refusals make the point worth 2 (CLUB-49; HGIE-21: any)"),
)
"""The ``club`` engine parameters the engine reads (``shared/laws/ecarte.md`` §4, §5; the
sections' other rows are cited by rulings as ``parameter`` notes)."""

CLUB = LawCode("club", "The Club Code: Cavendish's Laws of Écarté (Turf and Portland "
               "Clubs, 1878)", PARAMS)
"""The CLUB law code (profile ``club``)."""


def _looked(irr: Irregularity) -> bool:
    return bool(irr.facts.get("elder_has_looked"))


def _fresh_or(seat: int, text: str, word: str, what: str, fix: Ruling, law: str = "") -> Ruling:
    """The usual Club Code remedy: a fresh deal, or the hand put right."""
    return Ruling(f"{text}: seat {seat} chooses",
                  decision=Decision(seat, (
                      option("fresh_deal", "a fresh deal", fresh_deal(law=law)),
                      option(word, what, fix))), law=law)


def _in_play(irr: Irregularity, law: str, ruling: Ruling) -> Ruling:
    """``ruling`` marked "applied by analogy" when the exchange law ``law`` rules a wrong
    count found once the play has begun (the Club Code ties CLUB-29, 32 and 33 to the
    exchange; none names a discovery in the play). Issue 33, point 5."""
    if irr.phase != "play":
        return ruling
    return replace(ruling, reading=f"applied by analogy: {law} is written for the "
                   "exchange; the wrong count was found in the play")


# -- CLUB-1 … CLUB-21: shuffling, cutting, dealing ------------------------------------------

CLUB.procedure("CLUB-1", "Shuffling", "Either player may shuffle; the dealer shuffles last.",
               "The shuffle is the DEAL chance node (the dealer's shuffle).")


@CLUB.law("CLUB-2", "Improper shuffling",
          "No shuffling under the table, in a way that shows the faces, or while a hand is "
          "being played.",
          engine="REPORT improper_shuffle: prohibited; no penalty stated; the cards are "
                 "shuffled again (nothing changes in the engine).",
          kinds={"improper_shuffle": "a shuffle under the table, showing faces, or during a "
                                     "hand"})
def _club_2(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.facts.get("phase") == "deal":  # nothing dealt yet: the DEAL entered follows it
        return Ruling("improper shuffling is prohibited; no penalty: the cards are "
                      "shuffled again")
    return Ruling("improper shuffling is prohibited; no penalty is stated and the cards "
                  "are dealt: the deal goes on")


@CLUB.law("CLUB-3", "Size of a cut", "A cut must lift at least two cards and leave at least "
          "two.", engine="REPORT short_cut: the cut is void; cut again (cut_min = 2).",
          kinds={"short_cut": Report("a cut lifted or left fewer than two cards", menu='a cut left or lifted fewer than two cards')})
def _club_3(irr: Irregularity, code: LawCode) -> Ruling:
    phase = irr.facts.get("phase")
    if phase == "cut_for_deal":
        return Ruling("a cut must lift and leave at least two cards: cut again for deal", parameter="cut_min",
                      effects=(CutAgain(),))
    if phase == "deal":  # the cut to the dealer is part of the deal not yet entered
        return Ruling("a cut must lift and leave at least two cards: cut again", parameter="cut_min")
    return Ruling("the cards are dealt: the cut is past and the deal stands (CLUB-3 rules "
                  "the cut itself)", parameter="cut_min")


@CLUB.law("CLUB-4", "Showing several cards in cutting for deal",
          "Cutting for deal, a player who shows more than one card must cut again.",
          engine="REPORT cut_exposed during the cut for deal: both cuts are void; cut again.",
          kinds={"cut_exposed": Report("more than one card shown in cutting for deal", window=Window.CUT_FOR_DEAL, menu='more than one card was shown in cutting for deal')})
def _club_4(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.facts.get("phase") != "cut_for_deal":
        return Ruling("the cut for deal is over: it stands")
    return Ruling("more than one card shown: cut again for deal", effects=(CutAgain(),))


CLUB.procedure("CLUB-5", "The cut for deal",
               "The higher écarté card (K high, A between J and 10) deals and chooses pack "
               "and seats; the choice holds for the sitting.",
               "CUT for each seat: the higher card by K Q J A 10 9 8 7 deals; equal cards cut "
               "again; the deal then alternates.")
CLUB.procedure("CLUB-6", "The cut for deal stands",
               "The cut for deal stands even if the pack turns out imperfect.",
               "A void deal (CLUB-45) never undoes the cut: the same dealer deals again.")


@CLUB.law("CLUB-7", "A card exposed in cutting to the dealer",
          "A card exposed in cutting to the dealer: cut again.",
          engine="REPORT exposed_in_cut before the deal: cut again (the cut is part of the "
                 "DEAL chance node, so nothing changes).",
          kinds={"exposed_in_cut": Report("a card was exposed in cutting to the dealer", window=Window.DEAL)})
def _club_7(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.facts.get("phase") != "deal":
        return Ruling("the cards are dealt: the cut is past and the deal stands (CLUB-7 "
                      "rules the cut itself)")
    return Ruling("a card exposed in cutting: cut again")


CLUB.procedure("CLUB-8", "The deal", "Five each, by twos then threes or threes then twos; the "
               "order chosen may not be changed in the game, nor at the start of another "
               "unless the elder hand is told before he cuts.",
               "DEAL 32 or DEAL 23; the first deal fixes the pattern; a change is detected "
               "and ruled by CLUB-9.")


@CLUB.law("CLUB-9", "Wrong number or order, found before the turn-up",
          "The dealer gives more or fewer than five to a hand, or breaks the chosen order, "
          "and it is found before the turn-up and before the elder hand looks: he may have it "
          "rectified or claim a fresh deal.",
          engine="REPORT misdeal / too_many / too_few before the turn-up, or a DEAL in the "
                 "other pattern (detected): the elder hand chooses CHOOSE rectify (the cards "
                 "put as they should have fallen) or CHOOSE fresh_deal.",
          kinds={"misdeal": Report("the dealer misdealt, before the turn-up", window=Window.DEAL, menu='the dealer misdealt (wrong number or order), before the hands are seen'),
                 "deal_wrong_count": Report("a hand has the wrong number of cards before the turn-up", named=False),
                 "deal_pattern_breach": Report("the dealer broke the deal pattern of the game", detected=True)})
def _club_9(irr: Irregularity, code: LawCode) -> Ruling:
    elder = elder_of(irr)
    if irr.facts.get("turned") or _looked(irr):
        return Ruling("found after the turn-up or after the elder hand looked at his "
                      "cards: CLUB-9 no longer applies (a wrong count is ruled by CLUB-15 to "
                      "CLUB-18)")
    return _fresh_or(elder, "the deal is wrong (number or order), found before the "
                     "turn-up", "rectify", "have it rectified",
                     Ruling("rectified: the cards put as they should have fallen",
                            effects=(Restore(),)))


CLUB.procedure("CLUB-10", "The turn-up", "After dealing, the dealer turns up the top card of "
               "the rest; it is the trump card.", "The TURN chance node (ECARTE-R-6).")


@CLUB.law("CLUB-11", "Several cards turned up",
          "The dealer turns up more than one card: before looking at his hand the elder hand "
          "chooses which is trump, or a fresh deal; once he has looked, a fresh deal is "
          "compulsory.",
          engine="REPORT several_turned CARDS: before the elder hand's first act, CHOOSE trump "
                 "CARD or CHOOSE fresh_deal; after, a fresh deal.",
          kinds={"several_turned": Report("the dealer turned up more than one card", cards=True, window=Window.DEAL, until=Until.TURN_UP, menu='the dealer turned up more than one card (name the others)')})
def _club_11(irr: Irregularity, code: LawCode) -> Ruling:
    if _looked(irr):
        return fresh_deal("several cards turned up after the elder hand looked: "
                          "a fresh deal is compulsory")
    elder = elder_of(irr)
    turned = irr.facts.get("turn_up")
    seen = ((turned,) if isinstance(turned, Card) else ()) + \
        tuple(irr.facts.get("cards", ()))
    opts = [option("trump", f"choose {c} as the trump card",
                   Ruling(f"{c} is the trump card; the others are set aside",
                          effects=(TurnUp(c),)), (c,)) for c in seen]
    opts.append(option("fresh_deal", "a fresh deal", fresh_deal()))
    return Ruling(f"{len(seen)} cards turned up: seat {elder} chooses",
                  decision=Decision(elder, tuple(opts)), parameter="several_cards_turned")


@CLUB.law("CLUB-12", "A faced card in the pack",
          "A faced card found in the pack before the turn-up: a fresh deal.",
          engine="REPORT faced_card before the turn-up: a fresh deal; after it, CLUB-35 "
                 "governs cards in the stock.",
          kinds={"faced_card": Report("a card was found faced in the pack", window=Window.DEAL, menu='a card was found faced in the pack before the turn-up')})
def _club_12(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.facts.get("turned"):
        return Ruling("found after the turn-up: no fresh deal (CLUB-35 governs "
                      "the stock)")
    return fresh_deal("a faced card found before the turn-up: a fresh deal")


@CLUB.law("CLUB-13", "The dealer exposes cards while dealing",
          "His own cards: the deal stands. The elder hand's: he may, before looking at his "
          "hand, claim a fresh deal.",
          engine="REPORT exposed_own_card: stands. REPORT exposed_elder_card before the elder "
                 "hand's first act: CHOOSE stand or CHOOSE fresh_deal; later it stands.",
          kinds={"exposed_own_card": Report("the dealer exposed his own card in dealing", window=Window.DEAL, menu='the dealer exposed one of his own cards while dealing'),
                 "exposed_elder_card": Report("the dealer exposed the elder hand's card in dealing", window=Window.DEAL, menu="the dealer exposed one of the elder hand's cards while dealing")})
def _club_13(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.kind == "exposed_own_card":
        return Ruling("the dealer exposed his own card: the deal stands")
    if _looked(irr):
        return Ruling("the elder hand has looked at his hand: the deal stands")
    elder = elder_of(irr)
    return Ruling(f"the dealer exposed the elder hand's card: seat {elder} may "
                  "claim a fresh deal",
                  decision=Decision(elder, (
                      option("stand", "let the deal stand", Ruling("the deal stands")),
                      option("fresh_deal", "claim a fresh deal", fresh_deal()))))


@CLUB.law("CLUB-14", "Dealing out of turn, or with the adversary's pack",
          "Found before the turn-up: the deal is void; after it: it stands, and if the wrong "
          "pack was used the packs stay exchanged.",
          engine="REPORT deal_out_of_turn SEAT (SEAT who dealt) or wrong_pack: before the "
                 "turn-up a new deal by the rightful dealer; after, the deal stands: SEAT is "
                 "its dealer (the turned-up king his; the next deal his adversary's).",
          kinds={"deal_out_of_turn": Report("the wrong player dealt (name the seat who dealt)", who="who dealt?", menu="the wrong player dealt",
                                            seat=True, window=Window.DEAL),
                 "wrong_pack": Report("the dealer used his adversary's pack", window=Window.DEAL, menu="the dealer dealt with his adversary's pack")})
def _club_14(irr: Irregularity, code: LawCode) -> Ruling:
    if not irr.facts.get("turned"):
        return Ruling("found before the turn-up: the deal is void; the rightful "
                      f"dealer, seat {dealer_of(irr)}, deals", new_deal=True,
                      void_deal_points=True)
    if irr.kind == "wrong_pack":
        return Ruling("found after the turn-up: the deal stands; the packs stay exchanged")
    dealt = seat_of(irr, elder_of(irr))
    return Ruling(f"found after the turn-up: the deal stands; seat {dealt}, who dealt it, "
                  f"is its dealer and seat {1 - dealt} deals the next",
                  effects=(DealStands(dealt),))


@CLUB.law("CLUB-15", "Elder hand with too many cards",
          "Found after the turn-up and before he proposes (or, standing, before he plays): "
          "a fresh deal, or he lays out the surplus unseen by the dealer.",
          engine="REPORT too_many ELDER CARDS in that window: CHOOSE fresh_deal or CHOOSE "
                 "lay_out (he lays out the surplus of his choosing).",
          words={"too_many": Report('a hand holds too many cards (name the seat and the extra cards)', seat=True, cards=True, window=Window.DEAL, who=WRONG_COUNT_HOLDER, menu='a hand holds too many cards (name the extra cards)')},
          kinds={"nd_too_many": Report("the elder hand holds too many cards", named=False)})
def _club_15(irr: Irregularity, code: LawCode) -> Ruling:
    elder, n = elder_of(irr), count_of(irr)
    return _fresh_or(elder, f"the elder hand holds {n} card(s) too many",
                     "lay_out", f"lay out {n} card(s), unseen by the dealer",
                     Ruling(f"seat {elder} lays out {n} card(s), unseen",
                            effects=(Rectify(lay_out=(elder, n)),)))


@CLUB.law("CLUB-16", "Elder hand with too few cards",
          "Same window: a fresh deal, or his hand completed from the stock.",
          engine="REPORT too_few ELDER CARDS: CHOOSE fresh_deal or CHOOSE complete.",
          words={"too_few": Report('a hand holds too few cards (name the seat and the missing cards)', seat=True, cards=True, window=Window.DEAL, who=WRONG_COUNT_HOLDER, menu='a hand holds too few cards (name the missing cards)')},
          kinds={"nd_too_few": Report("the elder hand holds too few cards", named=False)})
def _club_16(irr: Irregularity, code: LawCode) -> Ruling:
    elder, n = elder_of(irr), count_of(irr)
    return _fresh_or(elder, f"the elder hand holds {n} card(s) too few",
                     "complete", f"complete the hand with {n} card(s) from the stock",
                     Ruling(f"seat {elder} takes {n} card(s) from the stock",
                            effects=(Rectify(complete=(elder, n)),)))


@CLUB.law("CLUB-17", "Dealer with too many cards",
          "Found after the turn-up and before the dealer accepts or refuses (or, with no "
          "proposal, before he plays): a fresh deal, or the elder hand draws the surplus from "
          "his hand (and may look at those cards if the dealer has taken up his hand).",
          engine="REPORT too_many DEALER CARDS: the elder hand chooses CHOOSE fresh_deal or "
                 "CHOOSE draw (the surplus drawn at random from the dealer's hand).",
          kinds={"dealer_too_many": Report("the dealer holds too many cards", named=False)})
def _club_17(irr: Irregularity, code: LawCode) -> Ruling:
    elder, dealer, n = elder_of(irr), dealer_of(irr), count_of(irr)
    return _fresh_or(elder, f"the dealer holds {n} card(s) too many", "draw",
                     f"draw {n} card(s) from the dealer's hand",
                     Ruling(f"seat {elder} draws {n} card(s) from the dealer's "
                            "hand", effects=(Rectify(draw_surplus=(dealer, n)),)))


@CLUB.law("CLUB-18", "Dealer with too few cards",
          "Same window: a fresh deal, or the dealer completes his hand from the stock.",
          engine="REPORT too_few DEALER CARDS: the elder hand chooses CHOOSE fresh_deal or "
                 "CHOOSE complete.",
          kinds={"dealer_too_few": Report("the dealer holds too few cards", named=False)})
def _club_18(irr: Irregularity, code: LawCode) -> Ruling:
    elder, dealer, n = elder_of(irr), dealer_of(irr), count_of(irr)
    return _fresh_or(elder, f"the dealer holds {n} card(s) too few", "complete",
                     f"let the dealer complete his hand with {n} card(s) from the stock",
                     Ruling(f"the dealer takes {n} card(s) from the stock",
                            effects=(Rectify(complete=(dealer, n)),)))


@CLUB.law("CLUB-19", "No turned king after a wrong deal",
          "If a wrong number was dealt and no fresh deal is claimed, the dealer may not mark "
          "a turned-up king.",
          engine="After a CLUB-9/15-18/21 choice that keeps the deal, a turned-up king is "
                 "struck off and may not be marked (turned_king_after_wrong_count = void).",
          kinds={"turned_king_after_wrong_count": Report("the deal was kept after a wrong number was "
                                                         "dealt, with a king turned up", detected=True)})
def _club_19(irr: Irregularity, code: LawCode) -> Ruling:
    dealer = dealer_of(irr)
    if code.value("turned_king_after_wrong_count", str) != "void":
        return Ruling("the turned-up king scores",
                      parameter="turned_king_after_wrong_count")
    return Ruling(f"a wrong number was dealt and no fresh deal taken: seat "
                  f"{dealer} may not mark the turned-up king", effects=(NoKing(dealer),),
                  parameter="turned_king_after_wrong_count")


@CLUB.law("CLUB-20", "Elder hand found with a wrong count in the play",
          "The elder hand plays without taking cards and is found with more or fewer than "
          "five: a fresh deal (compulsory).",
          engine="REPORT too_many/too_few ELDER in the play of a deal without an exchange: a "
                 "fresh deal.",
          kinds={"nd_wrong_in_play": Report("the elder hand has a wrong count in the play, no "
                                            "exchange", named=False)})
def _club_20(irr: Irregularity, code: LawCode) -> Ruling:
    return fresh_deal("the elder hand played with a wrong number of cards: a "
                      "fresh deal (compulsory)")


@CLUB.law("CLUB-21", "Dealer found with a wrong count in the play",
          "The dealer plays without taking cards and is found with more or fewer than five: "
          "the elder hand may claim a fresh deal.",
          engine="REPORT too_many/too_few DEALER in the play of a deal without an exchange: "
                 "the elder hand chooses CHOOSE fresh_deal or CHOOSE play_on.",
          kinds={"dealer_wrong_in_play": Report("the dealer has a wrong count in the play, no "
                                                "exchange", named=False)})
def _club_21(irr: Irregularity, code: LawCode) -> Ruling:
    elder = elder_of(irr)
    return Ruling(f"the dealer played with a wrong number of cards: seat {elder} "
                  "may claim a fresh deal",
                  decision=Decision(elder, (
                      option("fresh_deal", "claim a fresh deal", fresh_deal()),
                      option("play_on", "play on", Ruling("play goes on")))))


# -- CLUB-22 … CLUB-25: marking the king ----------------------------------------------------

CLUB.procedure("CLUB-22", "The turned-up king",
               "A turned-up king may be marked by the dealer any time before the next deal's "
               "trump card is turned.",
               "turned_king_marking = auto (default): scored at once. manual: KING is "
               "accepted from the dealer until the next TURN, then the point is lost "
               "(turned_king_window).")


@CLUB.law("CLUB-23", "The king held",
          "A player holding the king of trumps must announce it before playing his first "
          "card, or may not mark it; marking without announcing is not enough.",
          engine="KING before the holder's first card; referee mode: a later KING is refused "
                 "(late_king).",
          kinds={"late_king": Report("the king was announced after the holder's first card", detected=True)})
def _club_23(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("the king was not announced before the holder's first card "
                  "(nor in the CLUB-24 window): it may not be marked",
                  parameter="held_king_window")


CLUB.procedure("CLUB-24", "The king played first",
               "If the king is the first card led, it may be announced until it is played to; "
               "if it is the dealer's first card, he may announce it before playing his next.",
               "held_king_window = club_24: KING (or KING SEAT out of turn) is accepted in "
               "those windows.")


@CLUB.law("CLUB-25", "A false king",
          "A player who announces a king he does not hold and does not correct it before "
          "playing a card: the adversary may correct the score and may require the hand to "
          "be replayed (even if he has thrown up his cards); in the replay the offender "
          "scores 0 for the point, 1 for a vole, 1 for a point won against a stand or a "
          "first refusal; no penalty if the adversary holds the king himself.",
          engine="Referee mode: a KING by a player without it is never marked (the score "
                 "stays correct); REPORT king_corrected SEAT before his next card withdraws "
                 "it without penalty; when he plays a card first, unless the adversary holds "
                 "the king (or it is the turn-up, the dealer's) he chooses CHOOSE replay (the "
                 "hand played again, the offender on the reduced scale) or CHOOSE stand.",
          kinds={"false_king": Report("a player announced a king he did not hold", detected=True),
                 "king_corrected": Report("a player withdrew a king he announced but does not "
                                          "hold, before playing a card", seat=True,
                                          window=Window.PLAY,
                                          menu="a player withdrew his false king before "
                                               "playing a card")})
def _club_25(irr: Irregularity, code: LawCode) -> Ruling:
    offender = seat_of(irr, 0)
    adv = 1 - offender
    if irr.kind == "king_corrected":
        if offender not in irr.facts.get("false_king_open", ()):
            return Ruling(f"seat {offender} has no false king to correct (none announced, "
                          "or a card played since)")
        return Ruling(f"seat {offender} corrected his false king before playing a card: "
                      "no penalty", effects=(CorrectKing(offender),))
    if irr.facts.get("adversary_holds_king") or (
            irr.facts.get("king_turned_up") and offender != dealer_of(irr)):
        return Ruling(f"seat {offender} announced a king he did not hold: the king is "
                      "not marked; no penalty, the adversary holds the king",
                      effects=(NoKing(offender),))
    return Ruling(f"seat {offender} announced a king he did not hold: the king is not "
                  f"marked and seat {adv} may require the hand to be replayed",
                  effects=(NoKing(offender),),
                  decision=Decision(adv, (
                      option("replay", "have the hand replayed (the offender scores 0 for the "
                             "point, 1 for a vole)",
                             Ruling("the hand is replayed; the offender scores on "
                                    "the reduced scale",
                                    effects=(Replay(), Reduced(offender, "club")))),
                      option("stand", "let the hand go on",
                             Ruling("the hand goes on; the king is not marked")))))


# -- CLUB-26 … CLUB-38: proposing, accepting, refusing, discarding ------------------------

CLUB.procedure("CLUB-26", "A proposal is binding",
               "A proposal cannot be withdrawn, nor the number of cards asked for changed; the "
               "elder hand may propose as often as he likes; after the first proposal "
               "acceptance is wholly at the dealer's discretion.",
               "PROPOSE and DISCARD are final (there is no withdrawal action); proposals "
               "continue while the stock can serve (max_exchanges = unlimited).")
CLUB.procedure("CLUB-27", "Acceptance and refusal are binding",
               "The dealer cannot withdraw an acceptance or a refusal; if asked, he must say "
               "how many cards he took.",
               "ACCEPT / REFUSE are final; every view shows how many cards each player took "
               "(taken).")
CLUB.procedure("CLUB-28", "Discards apart",
               "Each player lays his discard face down, apart from the stock and from the "
               "other's; discards may not be looked at afterwards.",
               "Discards are kept per seat and never appear in the adversary's view.")


@CLUB.law("CLUB-29", "Elder hand takes more cards than he laid out",
          "He takes more cards than he laid out and puts any of them into his hand: the "
          "dealer may claim a fresh deal, or play on drawing the surplus from his hand.",
          engine="Detected in referee mode (DISCARD n asking more than laid out), or REPORT "
                 "too_many ELDER after an exchange: the dealer chooses CHOOSE fresh_deal or "
                 "CHOOSE draw.",
          kinds={"ask_more": Report("the elder hand asked for more cards than he laid out", detected=True),
                 "nd_took_too_many": Report("the elder hand holds too many after the exchange", named=False),
                 "nd_played_too_many": Report("the elder hand played with too many cards after the "
                                              "exchange", named=False)})
def _club_29(irr: Irregularity, code: LawCode) -> Ruling:
    elder, dealer, n = elder_of(irr), dealer_of(irr), count_of(irr)
    return _in_play(irr, "CLUB-29", _fresh_or(
        dealer, f"the elder hand took {n} card(s) more than he laid out", "draw",
        f"draw {n} card(s) from the elder hand's hand",
        Ruling(f"seat {dealer} draws {n} card(s) from the elder hand's hand",
               effects=(Rectify(draw_surplus=(elder, n)),))))


@CLUB.law("CLUB-30", "Elder hand asks for fewer cards than he laid out",
          "Every card of the dealer's to which the elder hand cannot play counts as a trick "
          "for the dealer.",
          engine="Play goes on with the short hand; a dealer's card that cannot be answered "
                 "is the dealer's trick.",
          kinds={"ask_fewer": Report("the elder hand asked for fewer cards than he laid out", detected=True),
                 "nd_played_short": Report("the elder hand played with too few cards", named=False)})
def _club_30(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("the elder hand plays short: every card of the dealer's he "
                  "cannot play to counts as a trick for the dealer")


@CLUB.law("CLUB-31", "Dealer gives the elder hand too many",
          "A fresh deal, or the elder hand lays out the surplus unseen by the dealer.",
          engine="Detected in referee mode (the elder hand served more than he asked): he "
                 "chooses CHOOSE fresh_deal or CHOOSE lay_out.",
          kinds={"over_delivery": Report("the elder hand was given more cards than he asked for", detected=True)})
def _club_31(irr: Irregularity, code: LawCode) -> Ruling:
    elder, n = elder_of(irr), count_of(irr)
    return _fresh_or(elder, f"the dealer gave {n} card(s) too many", "lay_out",
                     f"lay out {n} card(s), unseen by the dealer",
                     Ruling(f"seat {elder} lays out {n} card(s), unseen",
                            effects=(Rectify(lay_out=(elder, n)),)))


@CLUB.law("CLUB-32", "Dealer gives the elder hand too few",
          "A fresh deal, or the elder hand's hand completed from the stock.",
          engine="Detected in referee mode (served fewer than asked), or REPORT too_few ELDER "
                 "after an exchange: CHOOSE fresh_deal or CHOOSE complete.",
          kinds={"short_delivery": Report("the elder hand was given fewer cards than he asked for", detected=True),
                 "nd_given_too_few": Report("the elder hand holds too few after the exchange", named=False)})
def _club_32(irr: Irregularity, code: LawCode) -> Ruling:
    elder, n = elder_of(irr), count_of(irr)
    return _in_play(irr, "CLUB-32", _fresh_or(
        elder, f"the elder hand was given {n} card(s) too few", "complete",
        f"complete the hand with {n} card(s) from the stock",
        Ruling(f"seat {elder} takes {n} card(s) from the stock",
               effects=(Rectify(complete=(elder, n)),))))


@CLUB.law("CLUB-33", "Dealer takes more cards than he laid out",
          "A fresh deal, or play on with the elder hand drawing the surplus from the dealer's "
          "hand.",
          engine="Detected in referee mode (the dealer's DRAW longer than his discard), or "
                 "REPORT too_many DEALER after an exchange: CHOOSE fresh_deal or CHOOSE draw.",
          kinds={"dealer_took_too_many": Report("the dealer took more cards than he laid out", detected=True),
                 "dealer_played_too_many": Report("the dealer played with too many cards after the "
                                                  "exchange", named=False)})
def _club_33(irr: Irregularity, code: LawCode) -> Ruling:
    elder, dealer, n = elder_of(irr), dealer_of(irr), count_of(irr)
    return _in_play(irr, "CLUB-33", _fresh_or(
        elder, f"the dealer took {n} card(s) more than he laid out", "draw",
        f"draw {n} card(s) from the dealer's hand",
        Ruling(f"seat {elder} draws {n} card(s) from the dealer's hand",
               effects=(Rectify(draw_surplus=(dealer, n)),))))


@CLUB.law("CLUB-34", "Dealer takes too few",
          "The dealer may complete from the stock before he plays; if he plays short, every "
          "card of the elder hand's he cannot play to counts as a trick for the elder hand.",
          engine="Detected (the dealer's DRAW shorter than his discard) or reported before he "
                 "plays: the dealer chooses CHOOSE complete or CHOOSE play_short; found after "
                 "he has played: play goes on, unanswerable cards are the elder hand's tricks.",
          kinds={"dealer_took_too_few": Report("the dealer took fewer cards than he laid out", detected=True),
                 "dealer_played_short": Report("the dealer played with too few cards", named=False)})
def _club_34(irr: Irregularity, code: LawCode) -> Ruling:
    dealer, n = dealer_of(irr), count_of(irr)
    short = Ruling("the dealer plays short: every card of the elder hand's he "
                   "cannot play to counts as a trick for the elder hand")
    if irr.kind == "dealer_played_short":
        return short
    return Ruling(f"the dealer took {n} card(s) too few: he may complete from the "
                  "stock before he plays",
                  decision=Decision(dealer, (
                      option("complete", f"take {n} card(s) from the stock",
                             Ruling(f"the dealer takes {n} card(s) from the stock",
                                    effects=(Rectify(complete=(dealer, n)),))),
                      option("play_short", "play short", short))))


@CLUB.law("CLUB-35", "A faced card in the stock",
          "A faced card found in the stock during the exchange is shown to both, set aside, "
          "and the next card given instead.",
          engine="REPORT faced_in_stock CARD: the card is set aside; the draws continue from "
                 "the rest of the stock.",
          kinds={"faced_in_stock": Report("a faced card was found in the stock in the exchange", cards=True, window=Window.EXCHANGE, menu='a faced card was found in the stock in the exchange (name it)')})
def _club_35(irr: Irregularity, code: LawCode) -> Ruling:
    cards: tuple[Card, ...] = tuple(irr.facts.get("cards", ()))
    return Ruling("the faced card is shown to both players and set aside; the "
                  "next card is given instead", effects=(SetAside(dealer_of(irr), cards),))


@CLUB.law("CLUB-36", "Cards exposed in the exchange",
          "The elder hand's own exposed cards: he may take or refuse them (refused cards are "
          "set aside and replaced by the next); the dealer must keep his own exposed cards.",
          engine="REPORT exposed_in_exchange SEAT CARDS (the seat they were given to): the "
                 "elder hand chooses CHOOSE take or CHOOSE refuse (set aside and replaced from "
                 "the stock); the dealer keeps his.",
          kinds={"exposed_in_exchange": Report("cards were exposed while being given in the "
                                               "exchange", seat=True, cards=True, window=Window.EXCHANGE, who="to whom were they being given?", menu='cards were exposed while being given in the exchange (name the cards)')})
def _club_36(irr: Irregularity, code: LawCode) -> Ruling:
    seat = seat_of(irr, elder_of(irr))
    cards: tuple[Card, ...] = tuple(irr.facts.get("cards", ()))
    if seat == dealer_of(irr):
        return Ruling("the dealer must keep his own exposed cards")
    n = len(cards)
    return Ruling(f"cards given to seat {seat} were exposed: he may take or "
                  "refuse them",
                  decision=Decision(seat, (
                      option("take", "take them", Ruling("he keeps the exposed "
                                                         "cards")),
                      option("refuse", "refuse them (they are replaced from the stock)",
                             Ruling("the exposed cards are set aside and replaced "
                                    "by the next", effects=(SetAside(seat, cards),
                                                      Rectify(complete=(seat, n))))))))


@CLUB.law("CLUB-37", "A card turned up in the exchange",
          "After giving cards the dealer turns up a card as if it were the trump: he may not "
          "refuse the next proposal; if the elder hand proposes again he may take the exposed "
          "card.",
          engine="REPORT card_turned_in_exchange CARD: REFUSE is not allowed at the next "
                 "proposal; when the elder hand has laid out for the next exchange he chooses "
                 "CHOOSE take (the card is the first he receives) or CHOOSE leave (it is set "
                 "aside, as a refused exposed card is under CLUB-36; the catalogue is silent).",
          kinds={"card_turned_in_exchange": Report("the dealer turned up a card after the exchange", cards=True, window=Window.EXCHANGE, menu='after giving cards the dealer turned one up as if trump (name it)'),
                 "exposed_card_offer": Report("the elder hand proposes again after the dealer "
                                              "turned up a card in the exchange",
                                              detected=True)})
def _club_37(irr: Irregularity, code: LawCode) -> Ruling:
    dealer, elder = dealer_of(irr), elder_of(irr)
    cards: tuple[Card, ...] = tuple(irr.facts.get("cards", ()))
    if irr.kind == "exposed_card_offer":
        card = cards[0]
        return Ruling(f"seat {elder} proposes again: he may take the exposed card {card}",
                      decision=Decision(elder, (
                          option("take", f"take {card} as the first card you receive",
                                 Ruling(f"seat {elder} takes the exposed card {card}",
                                        effects=(ExposedCard(elder, card, True),))),
                          option("leave", f"leave {card} (it is set aside)",
                                 Ruling(f"the exposed card {card} is set aside",
                                        effects=(ExposedCard(elder, card, False),))))))
    effects: tuple[Effect, ...] = (NoRefusal(dealer),)
    if cards:
        effects += (ExposedCard(elder, cards[0], None),)
    return Ruling(f"seat {dealer} may not refuse the next proposal; if the elder "
                  "hand proposes again he may take the exposed card", effects=effects)


CLUB.procedure("CLUB-38", "The stock cannot serve both",
               "If the dealer accepts when the stock cannot serve both, the elder hand takes "
               "what he asked for (or all that remain) and the dealer plays his hand as it "
               "is; the dealer may accept on condition that enough cards remain.",
               "The elder hand may lay out no more cards than the stock holds; the dealer then "
               "takes no more than remain, and none when it is empty (ECARTE-R-11).")


# -- CLUB-39 … CLUB-45: playing, revoking, new cards, incorrect packs ----------------------

@CLUB.law("CLUB-39", "Taking back a card",
          "A card led in turn may not be taken back. A card played to a lead may be taken "
          "back only to correct a revoke or a failure to win when able, and only before the "
          "next lead.",
          engine="REPORT retracted_card SEAT: if his card to the last trick was a revoke and "
                 "no card has been led since, it goes back and he plays again, without penalty; "
                 "otherwise the card stands.",
          kinds={"retracted_card": Report("a player took back the card he played to a lead", seat=True, window=Window.PLAY)})
def _club_39(irr: Irregularity, code: LawCode) -> Ruling:
    seat = seat_of(irr, 0)
    card = irr.facts.get("revoke_card")
    if isinstance(card, Card):
        return Ruling(f"seat {seat} takes back {card} to correct a revoke before "
                      "the next lead: no penalty", effects=(TakeBack(seat, card),))
    return Ruling("a card may be taken back only to correct a revoke or a failure "
                  "to win, before the next lead: it stands")


@CLUB.law("CLUB-40", "Lead out of turn",
          "A card led out of turn may be taken back before it is played to; once played to, "
          "the trick stands.",
          engine="REPORT lead_out_of_turn SEAT: the card goes back (the engine takes cards in "
                 "turn; a trick played to it is entered as it stood).",
          kinds={"lead_out_of_turn": Report("a player led out of turn", seat=True, window=Window.PLAY)})
def _club_40(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("a card led out of turn goes back before it is played to (the "
                  "engine enters leads in turn only: none was entered); once played to, "
                  "the trick stands")


@CLUB.law("CLUB-41", "Naming one suit and leading another",
          "The adversary plays to the card led or requires the named suit; if the leader has "
          "none of the named suit, the card led stands.",
          engine="REPORT named_suit SEAT while his lead is on the table: the adversary chooses "
                 "CHOOSE play_to (the card stands) or CHOOSE named (the card goes back and the "
                 "leader leads again, the named suit if he has it).",
          kinds={"named_suit": Report("the leader named one suit and led another", seat=True, window=Window.PLAY)})
def _club_41(irr: Irregularity, code: LawCode) -> Ruling:
    leader = seat_of(irr, 0)
    card = irr.facts.get("card_led")
    if not isinstance(card, Card):
        return Ruling("the card led has been played to: it stands")
    adv = 1 - leader
    return Ruling(f"seat {leader} named one suit and led {card}: seat {adv} "
                  "chooses",
                  decision=Decision(adv, (
                      option("play_to", f"play to {card}", Ruling("the card led "
                                                                  "stands")),
                      option("named", "require the suit named",
                             Ruling(f"{card} goes back; seat {leader} leads the "
                                    "suit he named (if he has none, the card led stands)",
                                    effects=(TakeBack(leader, card),))))))


@CLUB.law("CLUB-42", "Abandoned hand",
          "A player abandons his hand: before any trick, the adversary marks the vole; after "
          "one or two tricks, the point. Laying the cards down to claim the remaining tricks "
          "is not abandonment.",
          engine="REPORT abandoned SEAT: the hand ends; the adversary scores 2 if the offender "
                 "has no trick, 1 if he has one or two; with three or more the cards are laid "
                 "down as a claim and the offender scores the point.",
          kinds={"abandoned": Report("a player abandoned his hand", seat=True, window=Window.PLAY, menu='a player abandoned (threw down) his hand')})
def _club_42(irr: Irregularity, code: LawCode) -> Ruling:
    offender = seat_of(irr, 0)
    adv = 1 - offender
    tricks = irr.facts.get("tricks", (0, 0))[offender]
    if tricks >= 3:
        return Ruling(f"seat {offender} has the point: laying down the cards is a "
                      "claim, not abandonment; he scores the point", points=((offender, 1),),
                      effects=(HandOver(),))
    pts = 2 if tricks == 0 else 1
    what = "the vole" if pts == 2 else "the point"
    return Ruling(f"seat {offender} abandoned his hand with {tricks} trick(s): "
                  f"seat {adv} marks {what}", points=((adv, pts),), effects=(HandOver(),),
                  parameter="abandoned_hand")


@CLUB.law("CLUB-43", "Revoke and failing to win",
          "A player revokes or does not win the trick when able: the adversary may require "
          "the hand to be replayed; in the replay the offender scores 0 for the point, 1 for "
          "a vole, 1 for a point won against a stand or a first refusal; no penalty if "
          "corrected under CLUB-39.",
          engine="Detected in referee mode and ruled on discovery: when the adversary "
                 "claims it during the hand (REPORT revoke_claimed SEAT), or else at the end "
                 "of the hand; the adversary chooses CHOOSE replay (played again, the "
                 "offender on the reduced scale) or CHOOSE stand (the hand goes on, or "
                 "stands, as played). A claim with no revoke by that seat fails; a revoke "
                 "taken back under CLUB-39 is cleared.",
          kinds={"revoke_claimed": Report("the adversary claims a revoke, a failure to win or to trump, during the hand (name the offender)", seat=True, window=Window.PLAY, who="who revoked (or failed to win or to trump)?", menu="a revoke claimed during the hand"),
                 "revoke": Report("a player did not follow suit though able", detected=True),
                 "underplay": Report("a player did not win the trick though able", detected=True),
                 "no_trump": Report("a player void in the suit led did not trump though able", detected=True)})
def _club_43(irr: Irregularity, code: LawCode) -> Ruling:
    offender = seat_of(irr, 0)
    adv = 1 - offender
    kind = str(irr.facts.get("revoke_kind") or "") if irr.kind == "revoke_claimed" \
        else irr.kind
    if not kind:
        return Ruling(f"seat {offender} has not revoked in this hand: the claim fails")
    what = {"revoke": "revoked", "underplay": "did not win the trick when able",
            "no_trump": "did not trump when able"}[kind]
    return Ruling(f"seat {offender} {what}: seat {adv} may require the hand to be "
                  "replayed",
                  decision=Decision(adv, (
                      option("replay", "replay the hand (the offender scores 0 for the point, "
                             "1 for a vole or a point against a stand or first refusal)",
                             Ruling("the hand is replayed; the offender scores on "
                                    "the reduced scale",
                                    effects=(Replay(), Reduced(offender, "club")))),
                      option("stand", "let the hand stand as played",
                             Ruling("the hand stands as played")))),
                  parameter="revoke_underplay")


@CLUB.law("CLUB-44", "New cards",
          "Either player may call for new cards, at his own expense, before the pack is cut "
          "for the next deal; he must call for two new packs; the dealer chooses between "
          "them.",
          engine="REPORT new_cards SEAT: allowed; no effect on the game.",
          kinds={"new_cards": Report("a player calls for new cards", seat=True, who="who calls for them?")})
def _club_44(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("new cards may be called for before the next cut, at the "
                  "caller's expense: two new packs, the dealer chooses between them")


@CLUB.law("CLUB-45", "An incorrect or imperfect pack",
          "If the pack is found incorrect, redundant or imperfect, that deal is void; earlier "
          "deals stand.",
          engine="REPORT imperfect_pack: the deal in progress is void and dealt again by the "
                 "same dealer; the cut for deal and earlier deals stand (CLUB-6).",
          kinds={"imperfect_pack": "the pack is incorrect, redundant or imperfect"})
def _club_45(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.facts.get("phase") == "cut_for_deal":
        return Ruling("the cut for deal stands even with an imperfect pack "
                      "(CLUB-6)")
    return fresh_deal("the pack is imperfect: this deal is void; earlier deals "
                      "stand", parameter=None)


# -- CLUB-46 … CLUB-51: scoring -------------------------------------------------------------

CLUB.procedure("CLUB-46", "Game", "Game is five; by agreement treble if the loser has "
               "nothing, double if one or two, single if three or four.",
               "target = 5; game_values counts 1, 2 or 3 games.")
CLUB.procedure("CLUB-47", "The king", "Turning up the king, or holding the king of trumps, "
               "entitles to mark 1.", "The turned king scores for the dealer; a held king "
               "when announced (CLUB-22, CLUB-23).")
CLUB.procedure("CLUB-48", "Point and vole", "Three or four tricks, the point, 1; five, the "
               "vole, 2.", "Scored at the end of the hand (ECARTE-R-14).")
CLUB.procedure("CLUB-49", "Stand and refusal", "The elder hand who plays without proposing "
               "and fails to win the point: the dealer marks 2; the dealer who refuses the "
               "first proposal and fails: the elder hand marks 2. Only the first proposal and "
               "refusal count, and only for the point; a vole is not affected.",
               "refusal_penalty_scope = first; a vole stays 2 (vole_after_stand).")


@CLUB.law("CLUB-50", "A score forgotten",
          "A player who forgets to mark a score may correct it before the next deal's trump "
          "card is turned.",
          engine="The engine marks every score as it falls; the one score a player can forget "
                 "is a turned-up king under manual marking, taken with KING until the next "
                 "turn-up. REPORT omitted_score: nothing was omitted.",
          kinds={"omitted_score": Report("a player forgot to mark a point", seat=True, who="who forgot his point?")})
def _club_50(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("every score is marked as it falls: nothing was omitted", parameter="omitted_score")


@CLUB.law("CLUB-51", "An overscore",
          "An overscore, if admitted, may be taken down at any time during the game.",
          engine="REPORT overscore SEAT: one point taken down.",
          kinds={"overscore": Report("a player marked a point too many (admitted)", seat=True)})
def _club_51(irr: Irregularity, code: LawCode) -> Ruling:
    seat = seat_of(irr, 0)
    if irr.facts.get("marked") == 0:
        return Ruling(f"seat {seat} has no point marked: nothing to take down")
    return Ruling(f"an admitted overscore: seat {seat} is put back 1",
                  peg_back=(seat, 1))


CLUB.rule_first(("deal_out_of_turn",), ("imperfect_pack", "abandoned"),
                "CLUB-14 settles who dealt the deal (after the turn-up it stands as his, "
                "his adversary deals the next); CLUB-45's fresh deal is by that dealer and "
                "CLUB-42's end of the hand passes the deal on from him")
