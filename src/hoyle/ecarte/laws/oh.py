"""The ``oh`` profile: laws 5-12 of an old English Hoyle's code of écarté (``OH-5`` …
``OH-12``, the seed ``shared/seeds/004_d29d92d83d86afb5.txt``), completed by *Hoyle's Games,
Improved and Enlarged* (``HGIE-1`` … ``HGIE-26``) for the topics the seed does not cover.

Each law is a :class:`~hoyle.engine.laws.Law` citing its ID, as catalogued in
``shared/laws/ecarte.md`` §2; the parameters where OH and CLUB differ are §4. Where a law is
silent the catalogue's engine default applies and the ruling names the parameter.

>>> from hoyle.engine.laws import Irregularity
>>> r = OH.rule(Irregularity("ask_more", 0, facts={"dealer": 1, "count": 1}))
>>> r.law, r.points, r.effect(NoKing)
('OH-11', ((1, 1),), NoKing(seat=0))
>>> sum(1 for law in OH if law.id.startswith("OH-")), sum(1 for law in OH if law.id.startswith("HGIE-"))
(8, 26)
"""

from __future__ import annotations

from hoyle.cards import Card
from hoyle.ecarte.effects import (CorrectKing, DealStands, HandOver, NoKing, Rectify, Reduced, Replay, Restore, SetAside,
                                  TakeBack, TurnUp)
from hoyle.ecarte.laws.common import (count_of, dealer_of, elder_of, forfeit, fresh_deal,
                                      lose_deal, option, seat_of, too_many)
from hoyle.engine.laws import (WRONG_COUNT_HOLDER, Decision, Irregularity, LawCode, Param, Report, Ruling, Until,
                               Window)

__all__ = ["OH", "PARAMS"]

PARAMS = (
    Param("forfeit_semantics", "opponent_scores", ("opponent_scores", "offender_loses"),
          help='"loses N" read as the adversary scoring N, or the offender put back N '
               "(OH-11, OH-12, HGIE-5, HGIE-12, HGIE-16)"),
    Param("lose_the_deal", "pass_deal", ("pass_deal", "redeal_same_dealer"),
          help="a lost deal passes to the adversary, or is dealt again by the same dealer "
               "(OH-9, OH-10)"),
    Param("penalty_level", "oh", ("oh", "hgie"),
          help="the seed laws' penalties, or HGIE-12's heavier ones for an undisclosed "
               "wrong count"),
    Param("held_king_window", "before_first_card", ("before_first_card", "club_24"),
          help="until when the king held may be marked (HGIE-5; CLUB-24's first-card "
               "extension)"),
    Param("refusal_penalty_scope", "any", ("first", "any"),
          help="which stands and refusals make the point worth 2 (HGIE-21; CLUB-49: the "
               "first only)"),
)
"""The ``oh`` engine parameters the engine reads (``shared/laws/ecarte.md`` §4, §5; the
sections' other rows are cited by rulings as ``parameter`` notes)."""

OH = LawCode("oh", "Old Hoyle's laws of écarté 5-12, completed by Hoyle's Games Improved "
             "and Enlarged", PARAMS)
"""The OH law code (profile ``oh``)."""


def _looked(irr: Irregularity) -> bool:
    return bool(irr.facts.get("elder_has_looked"))


# -- OH-5 … OH-12 (the seed) -------------------------------------------------------------

@OH.law("OH-5", "Cards turned up by the dealer in dealing",
        "The dealer's own cards shown: the deal stands. The adversary's card shown: the deal "
        "goes on, and the adversary may let it stand or call a new one.",
        engine="REPORT exposed_own_card: the deal stands, no penalty. REPORT "
               "exposed_elder_card, up to the elder hand's first act: he chooses CHOOSE stand "
               "or CHOOSE new_deal (same dealer, fresh_deal_dealer); later it stands.",
        kinds={"exposed_own_card": Report("the dealer exposed his own card in dealing", window=Window.DEAL, menu='the dealer exposed one of his own cards while dealing'),
               "exposed_elder_card": Report("the dealer exposed the elder hand's card in dealing", window=Window.DEAL, menu="the dealer exposed one of the elder hand's cards while dealing")})
def _oh_5(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.kind == "exposed_own_card":
        return Ruling("the dealer turned up his own card: the deal is good; he "
                      "bears the consequence of his fault")
    elder = elder_of(irr)
    if irr.facts.get("elder_has_acted"):  # his first act, not his look, closes it
        return Ruling("the choice was to be made when the deal was complete, before "
                      "the proposal: the deal stands")
    return Ruling(f"the dealer turned up his adversary's card: seat {elder} may let "
                  "the deal stand or call a new one",
                  decision=Decision(elder, (
                      option("stand", "let the deal stand",
                             Ruling("the deal stands")),
                      option("new_deal", "call a new deal (the same dealer deals again)",
                             fresh_deal("a new deal by the same dealer")))))


@OH.law("OH-6", "Dealing out of turn",
        "Found before the trump card is seen: a new deal. Found after the turn-up but before "
        "any discard or card played: the pack is kept for the offender's next deal and the "
        "rightful dealer deals with the other pack. After a discard or a card played: the "
        "deal stands.",
        engine="REPORT deal_out_of_turn SEAT (SEAT who dealt). Before the turn-up, or after "
               "it but before any discard or play (oh6_reading: 'but before'): a new deal by "
               "the rightful dealer (single-pack engine); later: the deal stands, SEAT is its "
               "dealer (the turned-up king his) and the deal alternates from it.",
        kinds={"deal_out_of_turn": Report("the wrong player dealt (name the seat who dealt)", who="who dealt?", menu="the wrong player dealt",
                                          seat=True, window=Window.DEAL)})
def _oh_6(irr: Irregularity, code: LawCode) -> Ruling:
    dealer = dealer_of(irr)
    if not irr.facts.get("turned"):
        return Ruling(f"dealt out of turn, found before the trump card was seen: a "
                      f"new deal by the rightful dealer, seat {dealer}", new_deal=True,
                      void_deal_points=True)
    if not irr.facts.get("discarded") and not irr.facts.get("cards_played"):
        return Ruling("found after the turn-up, before any discard or play: the pack "
                      "is kept for the offender's next deal and the rightful dealer, seat "
                      f"{dealer}, deals with the other pack", new_deal=True,
                      void_deal_points=True, parameter="deal_out_of_turn")
    dealt = seat_of(irr, elder_of(irr))
    return Ruling(f"a discard or a card has been played: the deal is good; seat {dealt}, "
                  f"who dealt it, is its dealer and seat {1 - dealt} deals the next",
                  effects=(DealStands(dealt),), parameter="deal_out_of_turn")


@OH.law("OH-7", "Misdeal found before the hands are seen",
        "A misdeal found before either player has seen his hand may be made good by "
        "restoring the cards to the order in which they would have fallen.",
        engine="REPORT misdeal (or too_many / too_few before the turn-up), before the elder "
               "hand acts: he chooses (misdeal_chooser = elder, as CLUB-9) CHOOSE rectify "
               "(the cards put as they should have fallen, no penalty) or CHOOSE new_deal. "
               "Later: OH-9 / OH-10.",
        kinds={"misdeal": Report("the dealer misdealt, found before the hands are seen", window=Window.DEAL, menu='the dealer misdealt (wrong number or order), before the hands are seen'),
               "deal_wrong_count": Report("a hand has the wrong number of cards before the turn-up", named=False)})
def _oh_7(irr: Irregularity, code: LawCode) -> Ruling:
    if _looked(irr):
        return Ruling("the hands have been seen: OH-7 no longer applies (report the "
                      "wrong count: OH-9, OH-10)")
    elder = elder_of(irr)
    return Ruling(f"misdeal found before the hands were seen: seat {elder} may have "
                  "it made good or call a new deal", parameter="misdeal_before_seen",
                  decision=Decision(elder, (
                      option("rectify", "make it good: the cards restored to the order in "
                             "which they would have fallen",
                             Ruling("made good: the cards put as they should have "
                                    "fallen, no penalty", effects=(Restore(),))),
                      option("new_deal", "a new deal by the same dealer",
                             fresh_deal("a new deal by the same dealer")))))


@OH.law("OH-8", "Elder hand given fewer cards than he asked for",
        "Found before the dealer has seen the cards he takes in, it is put right as in OH-7.",
        engine="Detected in referee mode when the elder hand is served fewer cards than he "
               "asked (before the dealer's own draw): he receives the missing cards from the "
               "stock, the dealer's come after; no penalty.",
        kinds={"short_delivery": Report("the elder hand was given fewer cards than he asked for", detected=True)})
def _oh_8(irr: Irregularity, code: LawCode) -> Ruling:
    elder = elder_of(irr)
    n = count_of(irr)
    return Ruling(f"seat {elder} was given {n} card(s) fewer than he asked: put "
                  "right, he receives them from the stock, no penalty",
                  effects=(Rectify(complete=(elder, n)),))


@OH.law("OH-9", "The dealer's wrong count, found after both have seen their cards",
        "Too few: the adversary lets him make them up from the top of the stock, or makes him "
        "lose the deal. Too many: the adversary draws a card from his hand at random, or makes "
        "him lose the deal.",
        engine="The elder hand chooses: too few, CHOOSE complete or CHOOSE lose_deal; too "
               "many, CHOOSE draw (the surplus drawn at random, any number) or CHOOSE "
               "lose_deal (lose_the_deal: the deal passes to the elder hand).",
        kinds={"dealer_too_many": Report("the dealer holds too many cards", named=False),
               "dealer_too_few": Report("the dealer holds too few cards", named=False),
               "dealer_wrong_in_play": Report("the dealer is found with a wrong count in the play", named=False),
               "dealer_took_too_many": Report("the dealer took more cards than he laid out", detected=True),
               "dealer_took_too_few": Report("the dealer took fewer cards than he laid out", detected=True),
               "dealer_played_short": Report("the dealer played with too few cards", named=False)})
def _oh_9(irr: Irregularity, code: LawCode) -> Ruling:
    dealer, elder = dealer_of(irr), elder_of(irr)
    n = count_of(irr)
    many = too_many(irr) or irr.kind == "dealer_took_too_many"
    if many:
        fix = option("draw", f"draw {n} card(s) at random from the dealer's hand",
                     Ruling(f"seat {elder} draws {n} card(s) at random from the "
                            "dealer's hand", effects=(Rectify(draw_surplus=(dealer, n)),)))
        what = f"{n} card(s) too many"
    else:
        fix = option("complete", f"let him make up {n} card(s) from the top of the stock",
                     Ruling(f"the dealer makes up {n} card(s) from the top of the "
                            "stock", effects=(Rectify(complete=(dealer, n)),)))
        what = f"{n} card(s) too few"
    return Ruling(f"the dealer holds {what}: seat {elder} chooses",
                  decision=Decision(elder, (
                      fix, option("lose_deal", "make him lose the deal",
                                  lose_deal(irr, code)))))


@OH.law("OH-10", "The elder hand's wrong count",
        "Too few: he may make them up from the stock or claim the deal; too many: he may "
        "discard the surplus or claim the deal.",
        engine="The elder hand chooses: too few, CHOOSE complete; too many, CHOOSE discard "
               "(he lays out the surplus of his choosing, unseen); or CHOOSE claim_deal (the "
               "dealer loses the deal, lose_the_deal).",
        words={"too_many": Report("a hand holds too many cards (name the seat and the extra "
                                  "cards)", seat=True, cards=True, window=Window.DEAL,
                                  who=WRONG_COUNT_HOLDER, menu="a hand holds too many cards (name the "
                                  "extra cards)"),
               "too_few": Report("a hand holds too few cards (name the seat and the missing "
                                 "cards)", seat=True, cards=True, window=Window.DEAL,
                                 who=WRONG_COUNT_HOLDER, menu="a hand holds too few cards (name the "
                                 "missing cards)")},
        kinds={"nd_too_many": Report("the elder hand holds too many cards", named=False),
               "nd_too_few": Report("the elder hand holds too few cards", named=False),
               "nd_wrong_in_play": Report("the elder hand is found with a wrong count in the play", named=False),
               "nd_took_too_many": Report("the elder hand holds too many after the exchange", named=False),
               "nd_given_too_few": Report("the elder hand holds too few after the exchange", named=False),
               "over_delivery": Report("the elder hand was given more cards than he asked for", detected=True),
               "nd_played_short": Report("the elder hand played with too few cards", named=False)})
def _oh_10(irr: Irregularity, code: LawCode) -> Ruling:
    elder = elder_of(irr)
    n = count_of(irr)
    if too_many(irr):
        fix = option("discard", f"discard {n} card(s) of your choosing",
                     Ruling(f"seat {elder} discards {n} card(s), unseen",
                            effects=(Rectify(lay_out=(elder, n)),)))
        what = f"{n} card(s) too many"
    else:
        fix = option("complete", f"make up {n} card(s) from the stock",
                     Ruling(f"seat {elder} makes up {n} card(s) from the stock",
                            effects=(Rectify(complete=(elder, n)),)))
        what = f"{n} card(s) too few"
    return Ruling(f"the elder hand holds {what}: he chooses",
                  decision=Decision(elder, (
                      fix, option("claim_deal", "claim the deal",
                                  lose_deal(irr, code)))))


def _hgie_level(code: LawCode) -> bool:
    return code.value("penalty_level", str) == "hgie"


@OH.law("OH-11", "A wrong count caused by the elder hand",
        "If the fault began with the elder hand (he asked for three and laid out two, or "
        "asked for two and laid out three), he loses a point and may not score the king.",
        engine="Detected in referee mode (DISCARD n with n different from the cards laid "
               "out): the dealer scores 1 (forfeit_semantics) and the elder hand may not mark "
               "the king this deal; the hand is put right (oh11_rectify): a surplus drawn at "
               "random by the dealer, a shortage made up from the stock. OH-10's options are "
               "not open. penalty_level = hgie: HGIE-12 (2 points).",
        kinds={"ask_more": Report("the elder hand asked for more cards than he laid out", detected=True),
               "ask_fewer": Report("the elder hand asked for fewer cards than he laid out", detected=True)})
def _oh_11(irr: Irregularity, code: LawCode) -> Ruling:
    elder = seat_of(irr, elder_of(irr))
    n = count_of(irr)
    law, pts = ("HGIE-12", 2) if _hgie_level(code) else ("OH-11", 1)
    fix = Rectify(draw_surplus=(elder, n)) if irr.kind == "ask_more" else \
        Rectify(complete=(elder, n))
    r = forfeit(elder, pts, f"the elder hand asked for {irr.facts.get('asked')} and "
                f"laid out {irr.facts.get('laid')}", code, no_king=True, effects=(fix,),
                law=law)
    return Ruling(r.text + ("; the surplus is drawn at random" if fix.draw_surplus
                            else "; the shortage is made up from the stock"),
                  effects=r.effects, parameter="exchange_count_mismatch", law=r.law)


@OH.law("OH-12", "Playing with more than five cards after an exchange",
        "He who, after taking in cards for his discard, plays with more than five cards "
        "loses a point and the right of marking the king.",
        engine="REPORT too_many SEAT CARDS after an exchange, once that player has played: "
               "his adversary scores 1 (forfeit_semantics), his king is struck off and barred, "
               "and the adversary draws the surplus at random; tricks played stand. "
               "penalty_level = hgie: HGIE-12 (2 points).",
        kinds={"nd_played_too_many": Report("the elder hand played with more than five cards", named=False),
               "dealer_played_too_many": Report("the dealer played with more than five cards", named=False)})
def _oh_12(irr: Irregularity, code: LawCode) -> Ruling:
    offender = seat_of(irr, 0)
    n = count_of(irr)
    law, pts = ("HGIE-12", 2) if _hgie_level(code) else ("OH-12", 1)
    return forfeit(offender, pts, f"seat {offender} played with {n} card(s) too many; "
                   "the surplus is drawn at random", code, no_king=True,
                   effects=(Rectify(draw_surplus=(offender, n)),), law=law)


# -- HGIE ---------------------------------------------------------------------------------

OH.procedure("HGIE-1", "Two packs",
             "Two packs of different backs; the first dealer picks one and keeps it for the "
             "game.",
             "One pack in the engine (packs = 2 is recorded only); the cards are the same.")
OH.procedure("HGIE-2", "Cutting and shuffling",
             "The higher cut deals; the dealer shuffles, his adversary cuts; the adversary "
             "may shuffle before cutting and the dealer again.",
             "CUT for each seat (seat 0 first): the higher écarté card deals (cut_for_deal); "
             "equal cuts cut again; the shuffle and cut are the DEAL chance node.")
OH.procedure("HGIE-3", "Game", "Five points are the game.",
             "target = 5; the game ends the moment a player reaches it.")
OH.procedure("HGIE-4", "Point and vole", "Three or four tricks, the point, 1; five, the vole, 2.",
             "Scored at the end of each hand (ECARTE-R-14).")


@OH.law("HGIE-5", "The king",
        "The king of trumps scores 1, turned up or held; a held king must be announced before "
        "its holder plays, or it is lost; announcing a king one does not hold gives the "
        "adversary 1.",
        engine="KING before the holder's first card (held_king_window = before_first_card). "
               "Referee mode: a later KING is refused (late_king); a KING by a player without "
               "it is never marked; REPORT king_corrected SEAT before his next card withdraws "
               "it (no penalty: the law punishes the announcement that stands); when he plays "
               "a card first the adversary scores 1 (false_king, forfeit_semantics).",
        kinds={"late_king": Report("the king was announced after the holder's first card", detected=True),
               "false_king": Report("a player announced a king he did not hold", detected=True),
               "king_corrected": Report("a player withdrew a king he announced but does not "
                                        "hold, before playing a card", seat=True,
                                        window=Window.PLAY,
                                        menu="a player withdrew his false king before "
                                             "playing a card")})
def _hgie_5(irr: Irregularity, code: LawCode) -> Ruling:
    offender = seat_of(irr, 0)
    if irr.kind == "late_king":
        return Ruling("the king was not announced before its holder played: it is "
                      "lost", parameter="held_king_window")
    if irr.kind == "king_corrected":
        if offender not in irr.facts.get("false_king_open", ()):
            return Ruling(f"seat {offender} has no false king to correct (none announced, "
                          "or a card played since)")
        return Ruling(f"seat {offender} withdrew his false king before playing a card: "
                      "no penalty", effects=(CorrectKing(offender),))
    return forfeit(offender, 1, f"seat {offender} announced a king he did not hold; "
                   "it is not marked", code, no_king=True)


@OH.law("HGIE-6", "The deal pattern",
        "Five each by three and two or two and three; the way chosen is kept for the game; "
        "if the dealer changes it, the adversary may insist on a new deal before looking at "
        "his cards.",
        engine="Detected in referee mode (DEAL 23 in a game dealt 32, or the reverse): the "
               "elder hand chooses CHOOSE new_deal or CHOOSE stand.",
        kinds={"deal_pattern_breach": Report("the dealer changed the deal pattern", detected=True)})
def _hgie_6(irr: Irregularity, code: LawCode) -> Ruling:
    elder = elder_of(irr)
    if _looked(irr):
        return Ruling("the elder hand has looked at his cards: the deal stands")
    return Ruling(f"the dealer dealt {irr.facts.get('pattern')} in a game dealt "
                  f"{irr.facts.get('game_pattern')}: seat {elder} may insist on a new deal",
                  decision=Decision(elder, (
                      option("new_deal", "insist on a new deal",
                             fresh_deal("a new deal by the same dealer")),
                      option("stand", "let the deal stand", Ruling("the deal stands")))))


@OH.law("HGIE-7", "A faced card",
        "A card faced in the deal voids it, unless it is the eleventh (the turn-up).",
        engine="REPORT faced_card: the deal is void and dealt again (same dealer). A faced "
               "card found in the stock in the exchange (faced_in_stock): HGIE-7 covers the "
               "deal only; engine default as CLUB-35 (faced_card_in_pack): set aside.",
        kinds={"faced_card": Report("a card was found faced in the pack", window=Window.DEAL, menu='a card was found faced in the pack before the turn-up'),
               "faced_in_stock": Report("a faced card was found in the stock in the exchange", cards=True, window=Window.EXCHANGE, menu='a faced card was found in the stock in the exchange (name it)')})
def _hgie_7(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.kind == "faced_card":
        if irr.facts.get("turned"):
            return Ruling("the deal is over and the turn-up made: HGIE-7 covers the "
                          "deal only; play goes on")
        return fresh_deal("a card faced in the deal: the deal is void and the same "
                          "dealer deals again")
    cards: tuple[Card, ...] = tuple(irr.facts.get("cards", ()))
    return Ruling("a faced card in the stock: it is shown and set aside, the next "
                  "card given instead", effects=(SetAside(dealer_of(irr), cards),),
                  parameter="faced_card_in_pack")


OH.procedure("HGIE-8", "The dealer faces a card",
             "Facing the adversary's card: deal void or not at his option; the dealer's own: "
             "the deal stands.",
             "Superseded by OH-5 (same substance): exposed_own_card and exposed_elder_card are "
             "ruled by OH-5.")
OH.procedure("HGIE-9", "Elder hand dealt a wrong number",
             "Too many: throw out the surplus or a new deal; too few: complete from the stock "
             "or a new deal.",
             "Superseded by OH-7 / OH-10.")
OH.procedure("HGIE-10", "Dealer holds a wrong number",
             "Too many: new deal or draw the surplus; too few: new deal or complete.",
             "Superseded by OH-9.")


@OH.law("HGIE-11", "Several cards turned up",
        "If the dealer turns up more than one card, the adversary may name which is trump, "
        "or have all the cards seen set aside and a fresh one turned, or, if he has not seen "
        "his hand, call a new deal.",
        engine="REPORT several_turned CARDS (the other cards turned): the elder hand chooses "
               "CHOOSE trump CARD (any card turned), CHOOSE fresh (all set aside, a fresh "
               "card turned) or, before he has acted, CHOOSE new_deal.",
        kinds={"several_turned": Report("the dealer turned up more than one card", cards=True, window=Window.DEAL, until=Until.TURN_UP, menu='the dealer turned up more than one card (name the others)')})
def _hgie_11(irr: Irregularity, code: LawCode) -> Ruling:
    elder = elder_of(irr)
    turned = irr.facts.get("turn_up")
    others: tuple[Card, ...] = tuple(irr.facts.get("cards", ()))
    seen = ((turned,) if isinstance(turned, Card) else ()) + others
    opts = [option("trump", f"name {c} as the trump card",
                   Ruling(f"{c} is the turn-up; the other cards seen are set aside",
                          effects=(TurnUp(c),)), (c,)) for c in seen]
    opts.append(option("fresh", "set aside every card seen and have a fresh one turned",
                       Ruling("the cards seen are set aside and a fresh card is "
                              "turned up", effects=(TurnUp(),))))
    if not _looked(irr):
        opts.append(option("new_deal", "call a new deal",
                           fresh_deal("a new deal by the same dealer")))
    return Ruling(f"the dealer turned up {len(seen)} cards: seat {elder} chooses",
                  decision=Decision(elder, tuple(opts)), parameter="several_cards_turned")


OH.procedure("HGIE-12", "Exchanging with a wrong count",
             "A player with too many or too few who discards for an exchange without telling "
             "his adversary loses 2 points and the king.",
             "Superseded by OH-11 / OH-12; with penalty_level = hgie their rulings cite "
             "HGIE-12 and cost 2 points and the king.")
OH.procedure("HGIE-13", "Dealing out of turn (HGIE)",
             "Found before the turn-up a new deal may be called; after, the cards are kept "
             "for the next deal; not found before discard or play, the deal stands.",
             "Superseded by OH-6 (where the early new deal is compulsory).")


@OH.law("HGIE-14", "Lead out of turn",
        "The card must be taken back unless the adversary has played to it; then the trick "
        "stands.",
        engine="REPORT lead_out_of_turn SEAT: the engine takes cards in turn only, so the card "
               "goes back to the hand (enter it again when its turn comes); a trick played to "
               "it is entered as it stood.",
        kinds={"lead_out_of_turn": Report("a player led out of turn", seat=True, window=Window.PLAY)})
def _hgie_14(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("a card led out of turn goes back unless the adversary has played "
                  "to it (the engine enters leads in turn only: none was entered); then "
                  "the trick stands")


@OH.law("HGIE-15", "Looking at the tricks",
        "A player who looks at his adversary's quitted tricks may be made to show his own.",
        engine="REPORT looked_at_tricks SEAT: the adversary may require him to show his own "
               "tricks (no change to the score).",
        kinds={"looked_at_tricks": Report("a player looked at his adversary's tricks", seat=True, window=Window.PLAY, menu="a player looked at his adversary's quitted tricks")})
def _hgie_15(irr: Irregularity, code: LawCode) -> Ruling:
    offender = seat_of(irr, 0)
    return Ruling(f"seat {offender} looked at his adversary's tricks: he may be "
                  "made to show his own", parameter="looking_at_tricks")


@OH.law("HGIE-16", "Throwing down the cards",
        "Throwing down the hand forfeits 2 if the player has taken no trick, 1 if he has "
        "taken one; lowering the hand so as to make the adversary think the game conceded "
        "counts as throwing down.",
        engine="REPORT abandoned SEAT: the hand ends; the adversary scores 2 if the offender "
               "has no trick, else 1 (forfeit_semantics); with three tricks or more the "
               "offender has the point already and scores it.",
        kinds={"abandoned": Report("a player threw down his hand", seat=True, window=Window.PLAY, menu='a player abandoned (threw down) his hand')})
def _hgie_16(irr: Irregularity, code: LawCode) -> Ruling:
    offender = seat_of(irr, 0)
    tricks = irr.facts.get("tricks", (0, 0))[offender]
    if tricks >= 3:
        return Ruling(f"seat {offender} had won the point already: he scores it",
                      points=((offender, 1),), effects=(HandOver(),))
    pts = 2 if tricks == 0 else 1
    r = forfeit(offender, pts, f"seat {offender} threw down his hand with "
                f"{tricks} trick(s)", code)
    return Ruling(r.text, points=r.points, peg_back=r.peg_back, effects=(HandOver(),),
                  parameter="abandoned_hand", law=r.law)


@OH.law("HGIE-17", "Leaving the table",
        "Leaving without the consent of the adversary (and of anyone betting on the player) "
        "concedes the game, unless a backer takes the cards and finishes it.",
        engine="REPORT left_table SEAT: the game is conceded (no bystander mode).",
        kinds={"left_table": Report("a player left the table without consent", seat=True)})
def _hgie_17(irr: Irregularity, code: LawCode) -> Ruling:
    offender = seat_of(irr, 0)
    return Ruling(f"seat {offender} left the table without consent: he concedes "
                  "the game", loses_game=offender, parameter="leaving_table")


@OH.law("HGIE-18", "Revoke and underplay",
        "A player who revokes or underplays cannot score the point if he wins it, and a vole "
        "counts him only 1; or he may be made to replay the hand.",
        engine="Detected in referee mode (a card that does not follow, win or trump when the "
               "rules require it) and ruled on discovery: claimed during the hand (REPORT "
               "revoke_claimed SEAT), or else at the end of the hand; the adversary chooses "
               "CHOOSE reduce "
               "(the offender scores 0 for the point, 1 for the vole) or CHOOSE replay (the "
               "hand is played again). A card played to a lead in error may be taken back "
               "before the next lead (REPORT retracted_card SEAT; card_retraction = as "
               "CLUB-39): no penalty.",
        kinds={"revoke_claimed": Report("the adversary claims a revoke, a failure to win or to trump, during the hand (name the offender)", seat=True, window=Window.PLAY, who="who revoked (or failed to win or to trump)?", menu="a revoke claimed during the hand"),
               "revoke": Report("a player did not follow suit though able", detected=True),
               "underplay": Report("a player did not win the trick though able", detected=True),
               "no_trump": Report("a player void in the suit led did not trump though able", detected=True),
               "retracted_card": Report("a player took back the card he played to a lead", seat=True, window=Window.PLAY)})
def _hgie_18(irr: Irregularity, code: LawCode) -> Ruling:
    offender = seat_of(irr, 0)
    adv = 1 - offender
    if irr.kind == "retracted_card":
        card = irr.facts.get("revoke_card")
        if isinstance(card, Card):
            return Ruling(f"seat {offender} takes back {card}, played in error, "
                          "before the next lead: corrected without penalty",
                          effects=(TakeBack(offender, card),), parameter="card_retraction")
        return Ruling("a card played in turn may not be taken back: it stands", parameter="card_retraction")
    kind = str(irr.facts.get("revoke_kind") or "") if irr.kind == "revoke_claimed" \
        else irr.kind
    if not kind:
        return Ruling(f"seat {offender} has not revoked in this hand: the claim fails")
    what = {"revoke": "revoked", "underplay": "underplayed",
            "no_trump": "did not trump"}[kind]
    return Ruling(f"seat {offender} {what}: seat {adv} chooses",
                  decision=Decision(adv, (
                      option("reduce", "he cannot score the point; a vole counts him 1",
                             Ruling(f"seat {offender} cannot score the point, and "
                                    "a vole counts him 1", effects=(Reduced(offender, "hgie"),))),
                      option("replay", "have the hand played again (scored as any hand: "
                             "HGIE-18 does not say; not covered)",
                             Ruling("the hand is played again", effects=(Replay(),),
                                    reading="not covered: HGIE-18 does not say what the "
                                    "replayed hand scores; engine default: it scores as "
                                    "any hand")))),
                  parameter="revoke_underplay")


OH.procedure("HGIE-19", "The proposal",
             "The elder hand, if not content with his hand, may propose; the dealer may accept "
             "or not.", "PROPOSE / ACCEPT / REFUSE (ECARTE-R-8).")
OH.procedure("HGIE-20", "The order of the exchange",
             "On accepting, the dealer first gives his adversary from the stock as many cards "
             "as he laid out, then discards from his own hand as he likes.",
             "The elder hand discards and is served first, then the dealer (ECARTE-R-9); the "
             "dealer may take none (dealer_min_exchange = 0).")
OH.procedure("HGIE-21", "Refusal and stand penalty",
             "If the dealer refuses, or the elder hand plays without proposing, the other "
             "player scores 2 if he wins the point.",
             "refusal_penalty_scope = any: every stand and every refusal makes the point 2; "
             "a vole stays 2 (vole_after_stand).")


@OH.law("HGIE-22", "Bystanders bet and advise",
        "Onlookers may bet on either player and advise him; he need not follow the advice.",
        engine="REPORT bystander_advice: permitted (bystanders = advise); no effect on the "
               "game.", kinds={"bystander_advice": "a bystander advised a player"})
def _hgie_22(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("bystanders may bet and advise; the player need not follow the "
                  "advice: no penalty", parameter="bystanders")


@OH.law("HGIE-23", "A backer seeing the cards",
        "A bettor who looks at the cards of the player he bets against forfeits his stake to "
        "that player.",
        engine="REPORT backer_saw_cards: the stake is forfeited; no effect on the game.",
        kinds={"backer_saw_cards": "a bettor looked at the cards of the player he bets "
                                   "against"})
def _hgie_23(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("the bettor forfeits his stake to the player whose cards he "
                  "looked at; the game is not affected")


@OH.law("HGIE-24", "A backer's objections",
        "A bettor may point out the adversary's overscoring, revoke or other breach.",
        engine="REPORT backer_objection: allowed; the breach itself is reported by its own "
               "kind.", kinds={"backer_objection": "a bettor pointed out a breach"})
def _hgie_24(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("a bettor may point out a breach: report the breach itself")


@OH.law("HGIE-25", "A player retires",
        "If a player throws down his cards and leaves without consent, any interested party "
        "may take up the hand and finish it.",
        engine="REPORT player_retired SEAT: a backer takes the hand; play goes on.",
        kinds={"player_retired": Report("a player left; a backer takes up his hand", seat=True, window=Window.PLAY, menu='a player threw down his cards and left; a backer takes the hand')})
def _hgie_25(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling(f"a backer takes up seat {seat_of(irr, 0)}'s hand and finishes "
                  "it: play goes on")


OH.procedure("HGIE-26", "Players bet first",
             "The players may cover all bets before anyone else.",
             "Bystander mode only; no effect on the game.")


@OH.law("ECARTE-R-17", "Score corrections (rule of play; OH silent)",
        "A forgotten score may be marked until the next turn-up; an admitted overscore may be "
        "taken down any time in the game.",
        engine="OH is silent (overscore, omitted_score = as CLUB-50/51). REPORT overscore "
               "SEAT: one point taken down. REPORT omitted_score SEAT: the engine marks every "
               "score as it falls (a turned king under manual marking is marked with KING "
               "until the next turn-up): nothing to add.",
        kinds={"overscore": Report("a player marked a point too many (admitted)", seat=True),
               "omitted_score": Report("a player forgot to mark a point", seat=True, who="who forgot his point?")})
def _ecarte_r_17(irr: Irregularity, code: LawCode) -> Ruling:
    seat = seat_of(irr, 0)
    if irr.kind == "overscore" and irr.facts.get("marked") == 0:
        return Ruling(f"seat {seat} has no point marked: nothing to take down", parameter="overscore")
    if irr.kind == "overscore":
        return Ruling(f"an admitted overscore: seat {seat} is put back 1",
                      peg_back=(seat, 1), parameter="overscore")
    return Ruling("every score is marked as it falls: nothing was omitted", parameter="omitted_score")
