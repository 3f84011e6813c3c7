"""The ``EW`` code: "The Accepted Laws of Cribbage", §82 of *Enquire Within Upon Everything*.

Every law i-xxii, the two bracketed notes and the closing rules, each a :class:`Law` citing
its ID, as catalogued in ``shared/laws/cribbage.md`` §2 (the seed text is
``shared/seeds/000_864e168d4818acff.txt``). Where the law is silent the engine default of the
catalogue applies and the ruling names the parameter (§4).

>>> from hoyle.engine.laws import Irregularity
>>> r = EW.rule(Irregularity("touched_pegs", offender=0, facts={"adversary": 1}))
>>> r.law, r.points
('EW-xiv', ((1, 2),))
>>> len(EW)
26
"""

from __future__ import annotations

from dataclasses import replace

from hoyle.cribbage.effects import DisplacedPeg, RestoreHandCrib, Takedown
from hoyle.engine.action import Action
from hoyle.engine.laws import (WRONG_COUNT_HOLDER, Decision, Irregularity, LawCode, Param, Option, Report, Ruling,
                               Until)

__all__ = ["EW", "PARAMS"]

PARAMS = (
    Param("forfeit_semantics", "opponent_scores", ("opponent_scores", "offender_loses"),
          help='"forfeits N" read as the adversary scoring N, or the offender put back N'),
    Param("deal_cut_min", 4, low=1, high=26,
          help="the fewest cards a cut for the deal leaves in each packet (EW-ii)"),
    Param("starter_cut_min", 3, low=1, high=20,
          help="the fewest cards the cut for the starter leaves in each packet (EW-vii)"),
    Param("misdeal_penalty", 2, help="points to the non-dealer for a misdeal (EW-iii)"),
    Param("ew_vi_window", "from_deal_cut", ("from_deal_cut", "after_starter_cut"),
          help="when the pone's touching the pack is penalised (EW-vi)"),
    Param("crib_confusion_penalty", 3,
          help="points for mixing the crib with a hand (EW-viii)"),
    Param("touch_stock_penalty", 2, help="points for touching the pack (EW-vi)"),
    Param("touch_pegs_penalty", 2, help="points for touching the pegs (EW-xiv)"),
    Param("renege_penalty", 2, help="points for a renege in the play (EW-xxi)"),
    Param("underscore_window", "next_card", ("next_card", "fingers_off"),
          help="until when a short claim in the play may be amended (EW-xix)"),
    Param("next_game_first_dealer", "cut", ("cut", "loser", "winner"),
          help="who deals first in a match's next game (EW is silent: cut again, EW-i read "
               "for each game)"),
)
"""EW's engine parameters, where the codes differ and the engine reads them
(cribbage.md §4; the section's other rows are cited by rulings as ``parameter`` notes)."""

EW = LawCode("ew", "The Accepted Laws of Cribbage (Enquire Within Upon Everything, §82)",
             PARAMS)
"""The EW law code."""

EW.cites.update({"cut": "EW-i", "crib": "EW-viii", "heels": "EW-xii", "go": "EW-T-ix",
                 "last": "EW-T-x", "amend": "EW-xix", "amend_taken": "EW-xi",
                 "over_31": "EW-xviii", "go_with_card": "EW-xxi"})

_DEAL_PHASES = ("deal", "discard", "starter")
_IN_DEAL = ("deal", "discard", "starter", "play", "claim", "decision")


def _pone(irr: Irregularity) -> int:
    pone = irr.facts.get("pone")
    return int(pone) if pone is not None else 0


def _dealer(irr: Irregularity) -> int:
    dealer = irr.facts.get("dealer")
    return int(dealer) if dealer is not None else 1


def _offender(irr: Irregularity, default: int) -> int:
    return irr.offender if irr.offender is not None else default


def _adversary(irr: Irregularity, seat: int) -> int:
    adv = irr.facts.get("adversary")
    if adv is not None and irr.offender == seat:
        return int(adv)
    players = int(irr.facts.get("players", 2))
    return (seat + 1) % players


def _forfeit(irr: Irregularity, offender: int, points: int, what: str, code: LawCode,
             law: str = "") -> Ruling:
    """"Forfeits N": read as the adversary scores N (``forfeit_semantics``, §0)."""
    adv = _adversary(irr, offender)
    if code.value("forfeit_semantics", str) == "offender_loses":
        return Ruling(f"{what}: seat {offender} is put back {points}",
                      peg_back=(offender, points), parameter="forfeit_semantics", law=law)
    return Ruling(f"{what}: seat {adv} scores {points}", points=((adv, points),),
                  parameter="forfeit_semantics", law=law)


# -- EW-i to EW-v: the cut and the deal -------------------------------------------------

@EW.law("EW-i", "Cutting for deal",
        "Both cut; ace lowest; equal cuts cut again; the lower card deals.",
        engine="The cut for deal is a chance node per player; the lowest rank deals; equal "
               "lowest cuts are void and both cut again.",
        kinds={"equal_cuts": Report("the cuts for deal are equal", detected=True)})
def _ew_i(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("equal cuts: both cut again")


@EW.law("EW-ii", "The cut before the deal",
        "The pone cuts at least four cards; after cutting he must not touch the pack.",
        engine="A short cut is void and made again, no penalty (deal_cut_min = 4); handling "
               "the pack afterwards is ruled by EW-vi.",
        kinds={"short_cut": Report("the cut before the deal left fewer than four cards in "
                                   "a packet", until=Until.DEAL)})
def _ew_ii(irr: Irregularity, code: LawCode) -> Ruling:
    n = code.value("deal_cut_min", int)
    return Ruling(f"a cut of fewer than {n} cards is void: cut again, no penalty", parameter="deal_cut_min")


@EW.law("EW-iii", "Misdeal: wrong number of cards",
        "Dealing either player too many or too few cards is a misdeal: the non-dealer "
        "takes 2 and there is a new deal.",
        engine="Reported (REPORT misdeal) from the deal until the starter is turned: "
               "non-dealer +2, the deal is void and the same dealer deals again "
               "(misdeal_redealer). A wrong count found after the starter "
               "(REPORT wrong_count [SEAT], SEAT the holder if known) is ruled by EW-iii "
               "extended: non-dealer +2 and a new deal (wrong_count_after_starter); a player "
               "who caused his own wrong count by taking or dropping cards himself (REPORT "
               "own_wrong_count SEAT): his adversary scores 2 and the deal is void "
               "(Pardon's rule). Points already pegged stand.",
        kinds={"misdeal": "the dealer gave a player too many or too few cards",
               "wrong_count": Report("a hand or the crib is found with the wrong number of "
                                     "cards", who=WRONG_COUNT_HOLDER),
               "own_wrong_count": Report("a player caused his own wrong number of cards "
                                         "(took or dropped cards himself)", seat=True,
                                         who="who took or dropped the cards?")})
def _ew_iii(irr: Irregularity, code: LawCode) -> Ruling:
    phase = irr.facts.get("phase", "")
    if phase not in _IN_DEAL:
        return Ruling("there is no deal in progress to be void")
    pone = _pone(irr)
    pts = code.value("misdeal_penalty", int)
    late = bool(irr.facts.get("starter_turned"))
    text = f"misdeal: the non-dealer (seat {pone}) scores {pts}; the same dealer deals again"
    if irr.kind == "own_wrong_count" and irr.offender is not None:
        # The player's own act (he took or dropped a card): his adversary scores 2 and the
        # deal is void (Pardon's rule, the catalogue's engine default).
        adv = _adversary(irr, irr.offender)
        return Ruling(f"wrong number of cards by seat {irr.offender}'s own act: "
                      f"seat {adv} scores {pts}; the same dealer deals again",
                      points=((adv, pts),), new_deal=True,
                      parameter="wrong_count_after_starter" if late else "misdeal_redealer")
    if irr.kind != "misdeal" and late:
        return Ruling("wrong number of cards found after the starter: " + text,
                      points=((pone, pts),), new_deal=True,
                      parameter="wrong_count_after_starter")
    return Ruling(text, points=((pone, pts),), new_deal=True,
                  parameter="wrong_count_after_starter" if late else "misdeal_redealer")


@EW.law("EW-iv", "Faced or exposed card in the deal",
        "A card faced in the pack or exposed in dealing requires a new deal, without "
        "penalty.",
        engine="Reported during the deal (a faced card also until the starter is cut): the "
               "deal is void, the same dealer deals again, no points.",
        kinds={"exposed_card": "a card was exposed in dealing",
               "faced_card": "a card was found face up in the pack"})
def _ew_iv(irr: Irregularity, code: LawCode) -> Ruling:
    phase = irr.facts.get("phase", "")
    window = ("deal",) if irr.kind == "exposed_card" else _DEAL_PHASES
    if phase not in window:
        return Ruling(f"{irr.kind.replace('_', ' ')} reported outside the deal "
                      "(EW-iv covers the act of dealing): play goes on")
    return Ruling("new deal by the same dealer, without penalty", new_deal=True)


EW.procedure("EW-v", "Shuffle; cut for the start",
             "The dealer shuffles; the non-dealer cuts for the start (the starter).",
             "The deal is a chance node (the dealer's shuffle); the starter is a chance "
             "node after both discards (the pone's cut, the dealer turns the top card of "
             "the lower packet).")


@EW.law("EW-vi", "Pone touching the pack",
        "A non-dealer who touches the cards after they have been cut, except to cut them "
        "for the turn-up, forfeits two points.",
        engine="Reported (REPORT touched_pack SEAT): from the deal until the show is over, "
               "the starter cut itself excepted (ew_vi_window = from_deal_cut): dealer +2.",
        kinds={"touched_pack": "the pone touched the pack after the cut"})
def _ew_vi(irr: Irregularity, code: LawCode) -> Ruling:
    offender = _offender(irr, _pone(irr))
    if offender == _dealer(irr):
        return Ruling("the law binds the non-dealer only: no penalty")
    window = _IN_DEAL if code.value("ew_vi_window", str) == "from_deal_cut" else \
        ("play", "claim", "decision")
    if irr.facts.get("phase", "") not in window:
        return Ruling("outside the window of EW-vi: no penalty",
                      parameter="ew_vi_window")
    return _forfeit(irr, offender, code.value("touch_stock_penalty", int),
                    "the pone touched the pack after the cut", code)


@EW.law("EW-vii", "Size of the starter cut",
        "In cutting for the start at least three cards must be lifted and three left.",
        engine="Reported before the starter is turned (REPORT short_starter_cut): the cut "
               "is void and made again, no points (starter_cut_min = 3).",
        kinds={"short_starter_cut": "fewer than three cards lifted or left in the starter cut"})
def _ew_vii(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.facts.get("starter_turned"):
        return Ruling("the starter is already turned: it stands")
    n = code.value("starter_cut_min", int)
    return Ruling(f"the starter cut must lift and leave at least {n} cards: "
                  "cut again, no penalty",
                  parameter="starter_cut_min")


@EW.law("EW-viii", "The crib",
        "The pone lays out first; a card laid out cannot be recalled; neither may touch "
        "the crib until the hand is played out; confusing crib cards with one's hand "
        "costs 3 points.",
        engine="(a) the engine takes the pone's discard first (discard_order); a dealer "
               "discarding first is refused; (b) a laid-out card stands; (c) touching the "
               "crib is recorded, no penalty stated; (d) confusing the crib with a hand: "
               "adversary +3 and the engine restores the true crib from its record.",
        kinds={"dealer_discarded_first": "the dealer laid out before the pone",
               "recalled_discard": "a player tried to take back a card laid out",
               "touched_crib": "a player touched the crib before the hand was played out",
               "crib_confused": Report("a player confused the crib cards with his hand", seat=True)})
def _ew_viii(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.kind == "dealer_discarded_first":
        return Ruling("the non-dealer throws out for the crib first: the "
                      "dealer's cards go back until the pone has laid out",
                      parameter="discard_order")
    if irr.kind == "recalled_discard":
        return Ruling("a card once laid out cannot be recalled: the discard "
                      "stands")
    if irr.kind == "touched_crib":
        return Ruling("the crib must not be touched till the hand is played "
                      "out; the law states no penalty: recorded")
    offender = _offender(irr, _dealer(irr))
    ruling = _forfeit(irr, offender, code.value("crib_confusion_penalty", int),
                      "crib cards confused with a hand", code)
    return Ruling(ruling.text + "; the true crib and hand are restored from "
                  "the record", points=ruling.points, peg_back=ruling.peg_back,
                  parameter=ruling.parameter, law=ruling.law,
                  effects=(RestoreHandCrib(),))


EW.procedure("EW-viii-n", "Discarding with three or four players",
             "The player on the dealer's left throws out first, then the next, the dealer "
             "last; the pone passes his crib cards to the dealer's side.",
             "Sets discard_order for three and four players: the engine asks for discards "
             "from the dealer's left round to the dealer.")


@EW.law("EW-ix", "Overscoring",
        "A player who takes more points than are due, in play or in reckoning hand or "
        "crib, may be put back by the excess and the excess added to his opponent's side.",
        engine="Under manual counting an overclaim is pegged as claimed, then the adversary "
               "is offered the choice at once (for an amended claim in the play, once its "
               "window shuts at the next claim: EW-xix, EW-xiii): CHOOSE takedown (offender "
               "put back by the excess, the excess to the adversary, EW-ix-n) or CHOOSE "
               "accept. Accepting "
               "does not waive the right: until the cut for the next deal "
               "(overscore_claim_window) the table may still REPORT overscore_called SEAT.",
        kinds={"overclaim": Report("a player took more points than were due", detected=True),
               "overscore_called": Report("an overscore is called later, before the next cut",
                                          seat=True, who="who overscored?", until=Until.NEXT_CUT,
                                          window_param="overscore_claim_window")})
def _ew_ix(irr: Irregularity, code: LawCode) -> Ruling:
    offender = _offender(irr, 0)
    adv = _adversary(irr, offender)
    if irr.kind == "overscore_called":
        pending = int(irr.facts.get("pending_excess", 0))
        if not pending:
            return Ruling(f"seat {offender} has no overscore of this deal left to take "
                          "down", parameter="overscore_claim_window")
        return Ruling(f"taken down: {pending} point(s) go from seat {offender} to "
                      f"seat {adv} (EW-ix-n)", effects=(Takedown(offender, adv, pending),),
                      parameter="overscore_claim_window")
    excess = int(irr.fact("excess"))
    take = Ruling(f"taken down: {excess} point(s) go from seat {offender} to seat "
                  f"{adv} (EW-ix-n)", effects=(Takedown(offender, adv, excess),))
    stand = Ruling(f"the overscore of {excess} stands: seat {adv} does not "
                   "take him down")
    return Ruling(f"overscore: a claim of {irr.facts.get('claimed')} by seat "
                  f"{offender} with {irr.facts.get('true')} due; seat {adv} may take down the "
                  f"{excess} too many",
                  decision=Decision(adv, (
                      Option(Action("CHOOSE", word="takedown"),
                             f"take down the overscore ({excess} back, {excess} to the "
                             "adversary)", take),
                      Option(Action("CHOOSE", word="accept"), "let the score stand", stand))),
                  parameter="overscore_claim_window")


EW.procedure("EW-ix-n", "How to take a player down",
             "Never lift the opponent's front peg before he has another in place: move your "
             "back peg to where his front peg ought to be, then set his wrongly placed peg "
             "ahead of your front peg by the holes he overscored.",
             "A takedown is one atomic transfer: afterwards the offender's front peg is at "
             "his correct score, the claimant's back peg at his old front and his front at "
             "old front + excess.")


@EW.law("EW-x", "Underscoring",
        "No penalty attaches to taking too few points in play, hand or crib.",
        engine="An underclaim is pegged as claimed; the rest is lost and the adversary "
               "cannot take it (muggins = off); a muggins call (MUGGINS n) is void. While a short claim in the play may still "
               "be amended (EW-xix), the ruling does not say by how much it was short "
               "(EW-xiii).",
        kinds={"underclaim": Report("a player took fewer points than were due", detected=True),
               "muggins_play": Report("muggins called on points of the play", named=False),
               "muggins_show": Report("muggins called on a hand or crib", named=False),
               "muggins_heels": Report("muggins called on his heels", named=False)})
def _ew_x(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.kind.startswith("muggins_"):
        return Ruling("there is no muggins under EW: points a player does not take are "
                      "not scored, and the adversary cannot take them; the call is void", parameter="muggins")
    if irr.facts.get("amend_open"):
        # EW-xiii: no help in counting. While the claim may still be amended (EW-xix),
        # the ruling does not say how many points were missed.
        return Ruling("no penalty for taking too few: points not taken before the next "
                      "card is played are not scored, and the adversary cannot take them",
                      parameter="muggins")
    short = irr.facts.get("short", 0)
    return Ruling(f"no penalty for taking too few: the other {short} point(s) are "
                  "not scored, and the adversary cannot take them", parameter="muggins")


@EW.law("EW-xi", "A taken score is final",
        "When a player has once taken his hand or crib he cannot amend his score.",
        engine="After a hand or crib has been claimed, AMEND is refused (software play: an "
               "illegal action; referee mode: a ruling). An overscore may still be taken "
               "down under EW-ix.",
        kinds={"amend_score": Report("a player tried to amend a hand or crib already taken", detected=True)})
def _ew_xi(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("a hand or crib once taken cannot be amended: the score stands")


@EW.law("EW-xii", "His heels",
        "When a knave is turned up, two for his heels must be scored before the dealer's "
        "own card is played, or they cannot be taken.",
        engine="Automatic counting: the dealer pegs 2 as the jack is turned. Manual "
               "counting: HEELS is accepted until the dealer plays his first card; then the "
               "two points are lost and a later HEELS is refused.",
        kinds={"late_heels": Report("the dealer claimed his heels after playing his first card", detected=True)})
def _ew_xii(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("two for his heels must be taken before the dealer plays his "
                  "own first card: too late, they cannot be taken",
                  parameter="heels_window")


@EW.law("EW-xiii", "No help in counting",
        "A player cannot demand the assistance of his adversary in reckoning hand and crib.",
        engine="Under manual counting the engine gives no count help (count_assist off); "
               "a demand for help is refused.",
        kinds={"count_help_demanded": "a player demanded his adversary's help in counting"})
def _ew_xiii(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("a player cannot demand his adversary's help in reckoning "
                  "hand or crib: refused", parameter="count_assist")


@EW.law("EW-xiv", "Touching the adversary's pegs; a displaced peg",
        "A player may not touch his adversary's pegs except to peg him, under a penalty of "
        "two points; a front peg displaced by accident goes in the hole behind the peg "
        "still standing.",
        engine="touched_pegs: the owner of the pegs scores 2 (forfeit_semantics). "
               "displaced_peg: the seat's score falls back to its standing (back) peg.",
        kinds={"touched_pegs": Report("a player touched his adversary's pegs", seat=True),
               "displaced_peg": Report("a front peg was knocked out by accident", seat=True,
                                       who="whose peg was knocked out?")})
def _ew_xiv(irr: Irregularity, code: LawCode) -> Ruling:
    offender = _offender(irr, 0)
    if irr.kind == "touched_pegs":
        return _forfeit(irr, offender, code.value("touch_pegs_penalty", int),
                        "touching the adversary's pegs", code)
    scores = irr.facts.get("pegs")
    drop = 0
    if scores is not None:
        front, back = scores[offender]
        drop = front - back
    return Ruling(f"the displaced front peg goes in the hole behind the peg still "
                  f"standing: seat {offender}'s score falls back {drop}",
                  effects=(DisplacedPeg(offender),))


@EW.law("EW-xv", "A pegged hole stands",
        "A peg once placed may not be moved by either player until another point is scored.",
        engine="A pegged score is never retracted by its owner: it changes only by the next "
               "score or an EW-ix takedown; a reported move is undone.",
        kinds={"moved_peg": "a player moved a peg already placed"})
def _ew_xv(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("a peg once placed stands until another point is scored: the "
                  "peg is put back where it was")


@EW.law("EW-xvi", "False claim of game",
        "A player who scores a game as won when it is not, loses it.",
        engine="A claim that takes a player to the target when the true count does not, "
               "or a reported false claim, loses him the game.",
        kinds={"false_game_claim": Report("a player scored the game as won when it was not", seat=True)})
def _ew_xvi(irr: Irregularity, code: LawCode) -> Ruling:
    offender = _offender(irr, 0)
    return Ruling(f"a game scored by seat {offender} that was not won: seat "
                  f"{offender} loses the game",
                  loses_game=offender)


EW.procedure("EW-xvii", "Lurch",
             "Winning a game of 61 before the adversary has reached 31 is a lurch and "
             "counts as two games, if so agreed before the game.",
             "With the lurch_agreed option a result names the lurch (loser below half the "
             "target: 31 of 61; 61 of 121, the catalogue's default, marked) and counts two "
             "games; not agreed, a game is one game. EW has no skunk and no game points.")


@EW.law("EW-xviii", "Played cards stand",
        "A card that could legally be played may not be taken back once laid face up.",
        engine="Software play: a card past 31 is an illegal action. Referee mode: a card "
               "played past 31 goes back to the hand without penalty; a reported attempt "
               "to take back a legal card is refused.",
        kinds={"card_over_31": Report("a card was played that took the count past 31", detected=True),
               "retracted_card": "a player tried to take back a card legally played"})
def _ew_xviii(irr: Irregularity, code: LawCode) -> Ruling:
    if irr.kind == "card_over_31":
        card = irr.facts.get("card")
        return Ruling(f"{card} would pass 31 (count {irr.facts.get('count')}): "
                      "it goes back to the hand, no penalty")
    return Ruling("a card legally played cannot be taken back: it stands")


@EW.law("EW-xix", "Neglected points",
        "A player who fails to score his hand, crib or any points cannot take them after "
        "the cards are packed, or (points in the play) after the next card is played.",
        engine="Under manual counting a player may amend his last claim in the play with "
               "AMEND N (more than he took, at most a claim's cap; in software play while "
               "he is the one to act) until the next card is played or the next claim made "
               "(underscore_window = next_card); whether an "
               "amendment is accepted never depends on the true count (EW-xiii), which it is "
               "compared with only when that window shuts: points taken past it are an "
               "overscore (EW-ix), an amendment that reaches the game and is not good a "
               "false claim of game (EW-xvi). After the window, or for a hand or crib "
               "(EW-xi), AMEND or REPORT late_claim is refused.",
        kinds={"late_claim": "a player tried to take neglected points after their time"})
def _ew_xix(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("neglected points cannot be taken after the next card is "
                  "played or the cards are packed: refused")


@EW.law("EW-xx", "Throwing up the cards",
        "A player who throws up his cards and refuses to score forfeits the game.",
        kinds={"threw_up_cards": Report("a player threw up his cards and refused to score", seat=True)},
        engine="Reported (REPORT threw_up_cards SEAT): the offender loses the game; not when "
               "the deal was void (EW-iii, EW-iv): it had no score to refuse.")
def _ew_xx(irr: Irregularity, code: LawCode) -> Ruling:
    offender = _offender(irr, 0)
    void = irr.facts.get("deal_void_by")
    if void:
        return Ruling(f"the deal was already void ({void}): it had no score to refuse, so "
                      "throwing up its cards forfeits nothing")
    return Ruling(f"seat {offender} threw up his cards: he forfeits the game",
                  loses_game=offender)


@EW.law("EW-xxi", "Failing to play (renege)",
        "A player who could have played a card within 31 but did not forfeits two holes.",
        engine="Software play: GO is illegal while a card fits. Referee mode: a go called "
               "while holding a playable card stands until the adversary claims it (REPORT "
               "renege SEAT): until the end of that count (engine default; EW states no "
               "window) the adversary scores 2, once per offence, no cards are taken back "
               "and the go stands; later the claim is out of time, no penalty.",
        kinds={"renege": Report("a player said go while holding a card he could play "
                                "(claimed by the adversary)", seat=True, who="who said go?",
                                until=Until.END_OF_COUNT,
                                window_param="renege_penalty")})
def _ew_xxi(irr: Irregularity, code: LawCode) -> Ruling:
    offender = _offender(irr, 0)
    if irr.facts.get("no_renege"):
        return Ruling(f"seat {offender} has called no go in this deal while holding a card "
                      "that fits: no renege")
    return _forfeit(irr, offender, code.value("renege_penalty", int),
                    "go called while holding a playable card (renege); the go stands", code)


@EW.law("EW-xxii", "Hands kept apart from the pack",
        "Hands and crib must be laid on the table and kept out of the pack until counted; "
        "breach forfeits the game.",
        engine="Reported (REPORT hand_mixed_with_pack SEAT) before the hand or crib is "
               "counted: the offender loses the game; not when the deal was already void "
               "(EW-iii, EW-iv): nothing is forfeited.",
        kinds={"hand_mixed_with_pack": Report("a hand or the crib was mixed with the pack before "
                                              "it was counted", seat=True)})
def _ew_xxii(irr: Irregularity, code: LawCode) -> Ruling:
    offender = _offender(irr, 0)
    void = irr.facts.get("deal_void_by")
    if void:
        return Ruling(f"the deal was already void ({void}): its hands were not to be "
                      "counted, so mixing them with the pack forfeits nothing")
    return Ruling(f"seat {offender} mixed a hand with the pack before it was "
                  "counted: he loses the game", loses_game=offender)


@EW.law("EW-coda-1", "Refusal to abide by the laws",
        "A player who refuses to accept the laws loses the game.",
        engine="Reported (REPORT refused_laws SEAT): the offender loses the game.",
        kinds={"refused_laws": Report("a player refused to abide by the laws", seat=True)})
def _ew_coda_1(irr: Irregularity, code: LawCode) -> Ruling:
    offender = _offender(irr, 0)
    return Ruling(f"seat {offender} refused to abide by the laws: he loses "
                  "the game", loses_game=offender)


@EW.law("EW-coda-2", "Bystanders",
        "Bystanders must not interfere unless asked to decide a disputed point.",
        engine="Spectators cannot send moves; a reported interference is disregarded.",
        kinds={"bystander_interference": "a bystander interfered without being asked"})
def _ew_coda_2(irr: Irregularity, code: LawCode) -> Ruling:
    return Ruling("bystanders may not interfere unless asked to decide a "
                  "disputed point: the interference is disregarded")


EW.rule_first(("misdeal", "wrong_count", "exposed_card", "faced_card"),
              ("hand_mixed_with_pack", "threw_up_cards"),
              "EW-iii and EW-iv void the deal; EW-xxii forfeits the game for mixing a hand "
              "not yet counted, EW-xx for refusing to score: a void deal's hands are never "
              "counted or scored, so neither forfeit stands")


def _crib_confused_by_the_dealer(irr: Irregularity) -> Irregularity:
    """ACC's ``hand_crib_swapped`` (the dealer swapped his hand and the crib) is EW-viii's
    crib confused with a hand, the dealer the offender (or the seat the referee entered as
    playing from the crib)."""
    by = irr.facts.get("swapped_by")
    return replace(irr, kind="crib_confused", offender=by if by is not None else _dealer(irr))


EW.alias("hand_crib_swapped", _crib_confused_by_the_dealer, "EW-viii")
