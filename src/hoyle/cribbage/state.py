"""The cribbage state machine: cut for deal, deal, crib, starter, the play, the show.

Source: ``shared/laws/cribbage.md`` §1 (CRIB-R-1 … CRIB-R-14), EW-i, EW-viii, EW-xii,
EW-xvii, EW-xxi; ACC-12.1. The architecture is in ``shared/DESIGN.md``.

``current_player`` is a seat, :data:`~hoyle.engine.CHANCE` (cut, deal, starter) or
:data:`~hoyle.engine.TERMINAL`. ``apply`` validates an action completely before it changes
anything, so an :class:`~hoyle.errors.IllegalAction` leaves the state exactly as it was.

A hand-set deal (seat 0 is the pone when seat 1 deals):

>>> s = CribbageState()
>>> for a in ["CUT 9C", "CUT 2D",
...           "DEAL 5H 5C 5S JD 2C 3C | 4H 6D 7S 8S QC KD"]:
...     _ = s.apply(Action.parse(a))
>>> s.dealer, s.phase, s.current_player
(1, <Phase.DISCARD: 'discard'>, 0)
>>> _ = s.apply(Action.parse("DISCARD 2C 3C"))
>>> _ = s.apply(Action.parse("DISCARD QC KD"))
>>> ev = s.apply(Action.parse("STARTER 5D"))
>>> s.phase, s.current_player
(<Phase.PLAY: 'play'>, 0)
>>> [str(a) for a in s.legal_actions()]
['PLAY 5C', 'PLAY 5H', 'PLAY 5S', 'PLAY JD']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, NamedTuple

from hoyle.cards import CARDS, Card, Rank
from hoyle.cribbage import counting, referee
from hoyle.cribbage.counting import HEELS as _HEELS
from hoyle.cribbage.counting import Amendable
from hoyle.cribbage.counting import Claim as _Claim
from hoyle.cribbage.counting import OpenMuggins
from hoyle.cribbage.events import Kind
from hoyle.cribbage.phase import Phase
from hoyle.cribbage.results import game_hole, scope_note, terms
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.scoring import (PIPS, ShowScore, heels_points, play_scores, score_play,
                                    score_show, show_total)
from hoyle.errors import HoyleError, IllegalAction, ParameterError, short_repr
from hoyle.engine import rng as draw  # the seeded draws
from hoyle.engine.flow import Continuation, Resume
from hoyle.engine.action import CHANCE, Action, ScoreItem
from hoyle.engine.event import Event, EventKind, event
from hoyle.engine.laws import Irregularity, LawCode, Ruling, Until
from hoyle.engine.series import MatchState
from hoyle.engine.state import BaseState, check_start_scores

__all__ = [
    "CribbageState",
    "CribbageView",
    "FACT_WORDS",
    "GameResult",
    "GoSnapshot",
    "OpenMuggins",
    "OpenRenege",
    "Phase",
]



_EXPECTED: dict[str, str] = {Phase.CUT_FOR_DEAL: "CUT", Phase.DEAL: "DEAL", Phase.STARTER: "STARTER",
             Phase.DISCARD: "DISCARD", Phase.CLAIM: "CLAIM", Phase.DECISION: "CHOOSE"}
_RULE_OF_PLAY = {"cut": "EW-i", "last": "EW-T-x", "crib": "EW-viii", "heels": "EW-xii",
                 "go": "EW-T-ix", "amend": "EW-xix", "amend_taken": "EW-xi",
                 "over_31": "CRIB-R-8", "go_with_card": "CRIB-R-8"}
"""Sources of routine events when no law code is given: the seed code's (EW); a move the
rules of play refuse cites the rule of play (CRIB-R-8), no code's law."""
_TABLE_VERBS = frozenset({"HEELS", "AMEND", "REPORT", "MUGGINS", "FACT"})
_NUMBER_VERBS = frozenset({"CLAIM", "AMEND", "REPORT", "MUGGINS", "FACT"})
_WORD_VERBS = frozenset({"CHOOSE", "REPORT", "MUGGINS", "FACT"})
FACT_WORDS = ("dealt_by", "dealt_first", "cut_by", "led_by")
"""The facts of the table a referee enters (``FACT word SEAT``): who dealt, who was dealt
to first (the order of the deal), who cut, who led."""
_PLAY_ACTIONS = tuple(Action("PLAY", (c,)) for c in CARDS)
_NO_ITEMS: list[ScoreItem] = []
_GO = Action("GO")
_DISCARDS: dict[tuple[Card, ...], Action] = {}
_PAIR_DISCARDS: list[Action | None] = [None] * (52 * 52)
"""The DISCARD action of two cards, at ``first.index * 52 + second.index`` (filled as met)."""


def _discard_action(cards: tuple[Card, ...]) -> Action:
    """The (cached) DISCARD action for ``cards``, given in index order."""
    a = _DISCARDS.get(cards)
    if a is None:
        a = _DISCARDS[cards] = Action("DISCARD", cards)
    return a


def _by_index(card: Card) -> int:
    return card.index


@dataclass(frozen=True)


class GameResult:
    """How a game ended, in the terms of the game's law code (:mod:`hoyle.cribbage.results`).

    Attributes:
        winner: the winning seat (with partnerships: the side, 0 or 1).
        scores: final score of each side, in points (under ACC the winner's peg stops in
            the game hole, ACC-1.6).
        lurch: EW-xvii: the loser had fewer than half the target (31 of 61, 61 of 121;
            ``CribbageRules.lurch_below``). Under EW it is named only when agreed before
            the game (``lurch_agreed``), and then counts two games; ACC knows none.
        skunk: ACC-12.1: the loser had 90 points or fewer in a game of 121
            (``CribbageRules.skunk_at_or_below``); EW knows none.
        double_skunk: the loser had ``double_skunk_threshold`` or fewer (off by default).
        game_points: ACC-12.1 game points to the winner: 2, or 3 for a skunk
            (4 for a double skunk when that option is on); 0 under EW (it counts games).
        games: games won: 2 for a lurch when the players agreed to count it (EW-xvii),
            else 1.
        forfeit: the law under which the loser forfeited the game (EW-xvi, EW-xx, ...),
            or ``""`` when the winner reached the target.
        code: the law code the result is in (``"ew"``, ``"acc"``; ``""``: none, the
            rules of play's every line).
        marks: the result's marks in words: provisional lines, the edition, engine
            defaults and the code's scope (``"out of scope: ..."``).

    Without a code both lines of CRIB-R-13 are reported as the rules of play define them.
    """

    winner: int
    scores: tuple[int, ...]
    lurch: bool
    skunk: bool
    double_skunk: bool
    game_points: int
    games: int = 1
    forfeit: str = ""
    code: str = ""
    marks: tuple[str, ...] = ()

    def __reduce__(self) -> tuple[type[GameResult], tuple[object, ...]]:
        # Copy and pickle by the constructor (also when compiled, hoyle._accel).
        return (GameResult, (self.winner, self.scores, self.lurch, self.skunk,
                             self.double_skunk, self.game_points, self.games, self.forfeit,
                             self.code, self.marks))

    def to_dict(self) -> dict[str, Any]:
        """As a JSON-ready dict (for records; ``code`` and ``marks`` only when a code
        ruled)."""
        d: dict[str, Any] = {
            "winner": self.winner, "scores": list(self.scores), "lurch": self.lurch,
            "skunk": self.skunk, "double_skunk": self.double_skunk,
            "game_points": self.game_points, "games": self.games, "forfeit": self.forfeit}
        if self.code:
            d["code"] = self.code
            d["marks"] = list(self.marks)
        return d


class CribbageView(NamedTuple):
    """What one seat may know (``state.view(seat)``): never another hand, the crib before the
    show, other players' discards or the stock.

    Attributes:
        seat: whose view this is.
        phase: the phase (:class:`Phase`).
        current_player: seat to act, ``CHANCE`` or ``TERMINAL``.
        dealer: the dealer's seat (``None`` before the cut for deal).
        players: number of seats.
        target: points to win.
        scores: each side's score (front peg), in points.
        back_pegs: each side's back peg, in points.
        hand: this seat's cards not yet played (six before the discard, then four).
        kept: this seat's hand for the show (the cards kept after discarding).
        discards: this seat's own cards laid away to the crib.
        hand_sizes: cards not yet played, per seat.
        starter: the starter once turned, else ``None``.
        count: the running count of the play, in points (0-31).
        count_cards: the cards of the current count, oldest first.
        played: every card played in this deal, as (seat, card), in order.
        passed: seats that have called go in the current count.
        deal_number: 1 for the first deal.
        result: the result once the game is over.
        manual_count: players claim their own points.
        claim: what the seat to act is claiming for (``"play"``, ``"go"``, ``"hand"``,
            ``"crib"``), or ``""``.
        shown: the hands and crib laid face up in this deal's show so far, as
            (seat, ``"hand"`` or ``"crib"``, cards without the starter).
        heels_due: (the dealer's view) two for his heels may still be taken (EW-xii).
        decision: the options open at a decision node, in words.
        crib_flush_rule: the game's crib flush rule (for counting a crib).
    """

    seat: int
    phase: str
    current_player: int
    dealer: int | None
    players: int
    target: int
    scores: tuple[int, ...]
    back_pegs: tuple[int, ...]
    hand: tuple[Card, ...]
    kept: tuple[Card, ...]
    discards: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    starter: Card | None
    count: int  # type: ignore[assignment]  # shadows tuple.count on purpose
    count_cards: tuple[Card, ...]
    played: tuple[tuple[int, Card], ...]
    passed: tuple[bool, ...]
    deal_number: int
    result: GameResult | None
    manual_count: bool = False
    claim: str = ""
    shown: tuple[tuple[int, str, tuple[Card, ...]], ...] = ()
    heels_due: bool = False
    decision: tuple[str, ...] = ()
    crib_flush_rule: str = "strict"

    @property
    def is_dealer(self) -> bool:
        """Whether this seat deals (and owns the crib) this deal."""
        return self.dealer == self.seat


class GoSnapshot(NamedTuple):
    """The play as it stood just before a go (referee mode), to take back what followed
    (ACC-7.3) or to let the go be corrected."""

    hands: tuple[tuple[Card, ...], ...]
    total: int
    count_cards: tuple[Card, ...]
    played: tuple[tuple[int, Card], ...]
    passed: tuple[bool, ...]
    last_player: int | None
    pegs: tuple[tuple[int, int], ...]


class OpenRenege(NamedTuple):
    """A go called while holding a card that fits (referee mode), not yet claimed: the
    table reports it (``REPORT renege SEAT``) in the code's window (EW-xxi, ACC-7.3)."""

    seat: int
    cards: tuple[Card, ...]
    deal_number: int
    count_no: int
    snapshot: GoSnapshot


@dataclass(frozen=True)
class Advance(Continuation):
    """After a claim in the play: the next seat to play after ``seat`` (EW-xxi)."""

    seat: int


@dataclass(frozen=True)
class AfterCount(Continuation):
    """After the go or last card is claimed: the next count or the show."""


@dataclass(frozen=True)
class Show(Continuation):
    """The show goes on with the hand at ``start`` in the order of the show (CRIB-R-10)."""

    start: int


@dataclass(frozen=True)
class AfterRenege(Continuation):
    """After a renege ruling: back to the play with ``seat`` to act (EW-xxi, ACC-7.3)."""

    seat: int


REPORT_WORDS = 2
"""The meaning of the referee's report words now (:attr:`CribbageState.report_words`)."""

class CribbageState(BaseState):
    """A game of cribbage in progress.

    Args:
        rules: the variant and its options (default: two-hand six-card to 121).
        seed: recorded in the game's record; chance outcomes drawn by a runner use it.
        itemize: itemise every show in the events (off: totals only, for fast simulation).
        laws: the law code that rules irregularities (``hoyle.cribbage.laws``); required
            for manual counting and referee mode.
        manual_count: players claim their points in the play and the show (``CLAIM n``)
            instead of having them added; an overclaim can be taken down, an underclaim
            is lost (EW-ix, EW-x, EW-xi; muggins under ACC).
        referee: referee mode, for a game played with real cards: implies manual counting,
            accepts ``REPORT`` actions for irregularities the table reports, and accepts
            irregular acts a real table can produce (a go called while holding a playable
            card, a card played past 31, a late claim of heels) so that the law rules them.
        start_scores: the sides' scores (points) the game starts from, for a table that
            joins part way (``hoyle referee --scores 110,112``); recorded, so the record
            replays from them. Each back peg starts one hole behind its front peg (its true
            place is not known; CRIB-R-2: two pegs per side), at 0 from a score of 0.
        first_dealer: the seat that deals first without a cut for deal (a match's next
            game: ACC-1.5, the loser of the previous game deals first); recorded.
        match: where the match this game belongs to stands (``engine.series.MatchState``
            as a dict), or ``None``; recorded.

    Raises:
        HoyleError: manual counting or referee mode without a law code.
        ParameterError: ``start_scores`` not one score per side from 0 to below the
            target, or ``first_dealer`` not a seat (or given in a game with three for
            last, whose bonus belongs to the cut for deal).

    The public reading API is ``phase``, ``current_player``, ``legal_actions()``,
    ``is_legal()``, ``apply()``, ``sample_chance()``, ``view()``, ``clone()``, ``scores``,
    ``result``, ``history`` and ``to_record()``.
    """

    PHASE = Phase

    def __init__(self, rules: CribbageRules | None = None, seed: int | None = None,
                 itemize: bool = True, laws: LawCode | None = None,
                 manual_count: bool = False, referee: bool = False,
                 start_scores: object = None,
                 first_dealer: object = None,
                 match: object = None, report_words: object = REPORT_WORDS) -> None:
        # start_scores, first_dealer and match come from records and options: typed
        # ``object`` and checked here (so the compiled engine raises ParameterError too,
        # not TypeError)
        self.rules = rules or CribbageRules()
        if match is not None and laws is not None and "match_play" in laws.schema \
                and not laws.value("match_play", bool):
            laws = laws.with_params(match_play=True)  # ACC-8.11: a match is match play
        super().__init__(seed, laws, referee, self.rules.players)
        self.itemize = itemize
        self.manual_count = manual_count or referee
        if self.manual_count and laws is None:
            raise HoyleError("manual counting and referee mode need a law code")
        n = self.rules.players
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.kept: list[tuple[Card, ...]] = [() for _ in range(n)]
        self.discards: list[tuple[Card, ...]] = [() for _ in range(n)]
        self.crib: list[Card] = []
        self.starter: Card | None = None
        self.count = 0
        self.count_cards: list[Card] = []
        self.played: list[tuple[int, Card]] = []
        self.passed: list[bool] = [False] * n
        self.last_player: int | None = None
        self.pegs: list[list[int]] = [[0, 0] for _ in range(self.rules.sides)]
        self.result: GameResult | None = None
        self.claim: _Claim | None = None
        self.last_claim = ""
        self.last_claim_seat: int | None = None
        self.amendable: Amendable | None = None
        """The last claim in the play, open to amendment till its window shuts (EW-xix)."""
        self.open_overscores: list[tuple[int, int]] = []  # (offender, excess) not taken down
        self.heels_due = False
        self.shown: list[tuple[int, str, tuple[Card, ...]]] = []
        self.dead: list[Card] = []
        self.deal_start_pegs: list[list[int]] = [list(p) for p in self.pegs]
        self.deal_penalties: list[int] = [0] * self.rules.sides
        """Each side's points moved by rulings' penalties in this deal (scored, or put
        back): a ruling that takes back the deal's pegging leaves them standing, so a
        penalty and a void deal give one outcome in either order (issue 33)."""
        self.count_no = 0
        """Counts ended in this deal's play (the window of EW-xxi)."""
        self.reneges: list[OpenRenege] = []
        """Goes called while holding a card that fits, not yet claimed (referee mode)."""
        self.claims: list[tuple[int, str, int]] = []
        """This deal's claims, in order: (seat, what, points claimed)."""
        self.muggins_open: list[OpenMuggins] = []
        """Underpegs of this deal and the last the adversary may call (ACC-10.4)."""
        self.closed_overscores: list[tuple[int, int]] = []
        """Overscores of the last deal not taken down: their window closed with the cut
        (EW-ix, ACC-8.4.c)."""
        self.retracting: OpenRenege | None = None
        """The renege being ruled (its snapshot, for the effect
        :class:`~hoyle.cribbage.effects.RetractToGo`)."""
        self.heels_to: int | None = None
        """The seat his heels were pegged to in this deal (EW-xii, ACC-6.3)."""
        self.wrong_lead: GoSnapshot | None = None
        self.swapped: tuple[int, tuple[Card, ...], tuple[Card, ...]] | None = None
        """Referee mode: a seat that played a card of the crib as his first card of the play
        (holding the crib's cards, the crib his own): the seat, his true hand, the true
        crib. The cards are moved as they were played; the law rules it when the table
        reports it (ACC-5.2.c, EW-viii; issue 33, point 4)."""
        """The play as it stood before a lead out of turn (``FACT led_by``; ACC-7.1.a-b)."""
        self.void_by = ""
        """The law that made the last deal void ("" if it was played out)."""
        self.no_count: dict[int, str] = {}
        """Sides whose play points and hand do not count for the rest of this deal, with
        the law (ACC-4.4(b), web2008)."""
        self.crib_dead = ""
        """The law that made this deal's crib dead (not counted: ACC-4.4(b), web2008, the
        dealer wrong with a crib of too many cards), or ``""``."""
        self.game_hole = game_hole(laws)
        """The law that stops the winner's peg in the game hole (ACC-1.6), or ``""``: then
        the count reached is shown (EW; CRIB-R-11)."""
        self.scope = scope_note(laws, self.rules)
        """The code's out-of-scope mark for this variant (ACC in three-hand play), else
        ``""``: every ruling carries it (:mod:`hoyle.cribbage.results`)."""
        self.match: dict[str, Any] | None = None
        if match is not None:
            self.match = MatchState.from_dict(match, self.rules.sides).to_dict()
        if report_words not in (1, REPORT_WORDS) or isinstance(report_words, bool):
            raise ParameterError(f"report_words must be 1 or {REPORT_WORDS} (not "
                                 f"{short_repr(report_words)})", "report_words")
        self.report_words: int = 1 if report_words == 1 else REPORT_WORDS
        """The meaning of the referee's report words the game was recorded with: 1 for a
        record made before issue 33 (EW's ``REPORT wrong_count SEAT`` named the seat that
        caused it by his own act: read as ``own_wrong_count SEAT``), 2 since (the seat of
        ``wrong_count`` is the holder in every code)."""
        self.start_scores: tuple[int, ...] | None = None
        self.first_dealer: int | None = None
        if start_scores is not None:
            self.start_scores = _check_start_scores(start_scores, self.rules)
            # As the table's board stands: the back peg in the hole behind the front peg
            # (two pegs never share a hole; where it really stood is not known), at 0 on 0.
            self.pegs = [[p, max(0, p - 1)] for p in self.start_scores]
            self.deal_start_pegs = [list(p) for p in self.pegs]
            self.deal_penalties = [0] * self.rules.sides
        if first_dealer is not None:
            if isinstance(first_dealer, bool) or not isinstance(first_dealer, int) \
                    or not 0 <= first_dealer < n:
                raise ParameterError(f"first_dealer must be a seat from 0 to {n - 1} "
                                     f"(not {short_repr(first_dealer)})", "first_dealer")
            if self.rules.last_bonus:
                raise ParameterError("first_dealer: three for last (EW-T-x) goes with the "
                                     "cut for deal; cut instead", "first_dealer")
            self.first_dealer = first_dealer
            self.dealer = first_dealer
            self._start_deal()

    # -- reading ---------------------------------------------------------------------

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score (front peg), in points."""
        return tuple([p[0] for p in self.pegs])

    def pone(self) -> int:
        """The seat on the dealer's left (leads and shows first). Raises before the cut."""
        if self.dealer is None:
            raise IllegalAction("no dealer yet: cut for deal first")
        return (self.dealer + 1) % self.rules.players

    def _from_the_crib(self, seat: int, card: Card) -> bool:
        """Whether the referee enters ``card`` as played from the crib by ``seat``: a card
        of the crib, as his first card of the play, no hand and crib confused yet in this
        deal (he holds the crib's cards; issue 33, point 4)."""
        return (self.referee and self.swapped is None and card in self.crib
                and not any(s == seat for s, _ in self.played))

    def dealer_has_played(self) -> bool:
        """Whether the dealer has played a card in this deal's play (EW-xii's boundary)."""
        return any(seat == self.dealer for seat, _ in self.played)

    def _cite(self, what: str) -> str:
        """The law a routine event rests on: the law code's own ID (``EW-xii`` or ``ACC-6.3``
        for his heels), else the seed code's."""
        if self.laws is not None and what in self.laws.cites:
            return self.laws.cites[what]
        return _RULE_OF_PLAY[what]

    def seat_order(self) -> list[int]:
        """Seats from the dealer's left round to the dealer: the order of the deal, the
        lay-away (EW-viii, EW-viii-n) and the show (CRIB-R-10). Raises before the cut."""
        if self.dealer is None:
            raise IllegalAction("no dealer yet: cut for deal first")
        return self._seat_order()

    def _seat_order(self) -> list[int]:
        """Seats from the dealer's left round to the dealer."""
        assert self.dealer is not None
        n = self.rules.players
        return [(self.dealer + 1 + i) % n for i in range(n)]

    def _adversary(self, seat: int) -> int:
        """The seat that rules give the offended side's points and choices to: the
        opponent in two-hand play, else the next player of the other side."""
        n = self.rules.players
        side = self.rules.side_of(seat)
        for i in range(1, n):
            s = (seat + i) % n
            if self.rules.side_of(s) != side:
                return s
        return (seat + 1) % n  # pragma: no cover - every game has two sides

    def stock(self) -> list[Card]:
        """Cards neither in a hand, the crib, the play, dead (ACC-7.3) nor turned as
        starter (hidden)."""
        used = {c for h in self.hands for c in h} | set(self.crib) | set(self.dead)
        used |= {c for _, c in self.played}
        if self.starter is not None:
            used.add(self.starter)
        return [c for c in CARDS if c not in used]

    def _public_view(self) -> CribbageView:
        """What a spectator may know: :meth:`view` of seat 0 with no seat's own cards (its
        ``hand``, ``kept`` and ``discards`` empty, ``heels_due`` false) and ``seat`` -1;
        the board, the count, the cards played and the cards laid face up in the show are
        public. (Added for ``hoyle serve``'s spectators.)"""
        return self._view(0)._replace(seat=-1, hand=(), kept=(), discards=(), heels_due=False)

    def receiver(self, position: int) -> int | None:
        """The seat dealt the ``position``-th card of the deal: ``cards_dealt`` each from
        the dealer's left in the deal action's order (CRIB-R-5), then the crib's card
        from the stock (no seat)."""
        if self.phase != Phase.DEAL or self.dealer is None:
            return None
        k = self.rules.cards_dealt
        order = self._seat_order()
        return order[position // k] if position // k < len(order) else None

    def view_free(self) -> bool:
        """A random player's card plays and discards need no view (the runner's shortcut),
        unless the players count their own points."""
        return not self.manual_count and (self.phase == Phase.PLAY or self.phase == Phase.DISCARD)

    def _view(self, seat: int) -> CribbageView:
        """What ``seat`` may know now (see :class:`CribbageView`).

        Raises:
            IllegalAction: ``seat`` is not a seat of this game.
        """
        rules = self.rules
        if not 0 <= seat < rules.players:
            raise IllegalAction(f"no seat {seat} in a {rules.players}-player game")
        pegs = self.pegs
        claim = self.claim.what if self.claim is not None and self.phase == Phase.CLAIM else ""
        options = tuple(o.text for o in self.decision.options) \
            if self.decision is not None and self.phase == Phase.DECISION else ()
        # (tuple.__new__: the named tuple's own constructor is a slower Python function)
        return tuple.__new__(CribbageView, (
            seat, self.phase, self.to_act, self.dealer, rules.players, rules.target,
            tuple([p[0] for p in pegs]), tuple([p[1] for p in pegs]),
            tuple(self.hands[seat]), self.kept[seat], self.discards[seat],
            tuple([len(h) for h in self.hands]), self.starter, self.count,
            tuple(self.count_cards), tuple(self.played), tuple(self.passed),
            self.deal_number, self.result, self.manual_count, claim,
            tuple(self.shown), self.heels_due and seat == self.dealer, options,
            rules.crib_flush_rule))

    def _unshare(self) -> None:
        self.hands = [list(h) for h in self.hands]
        self.kept = list(self.kept)
        self.discards = list(self.discards)
        self.crib = list(self.crib)
        self.count_cards = list(self.count_cards)
        self.played = list(self.played)
        self.passed = list(self.passed)
        self.pegs = [list(p) for p in self.pegs]
        self.shown = list(self.shown)
        self.open_overscores = list(self.open_overscores)
        self.dead = list(self.dead)
        self.no_count = dict(self.no_count)
        self.deal_start_pegs = [list(p) for p in self.deal_start_pegs]
        self.deal_penalties = list(self.deal_penalties)
        self.reneges = list(self.reneges)
        self.claims = list(self.claims)
        self.muggins_open = list(self.muggins_open)
        self.closed_overscores = list(self.closed_overscores)

    # -- what may be done ------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The current player's legal actions (empty at chance and terminal nodes).

        In the play: every card that keeps the count at 31 or under; ``GO`` only when no
        card fits (EW-xxi: a player who can play must); under manual counting the dealer
        may also claim ``HEELS`` until he plays his first card (EW-xii). At a claim:
        ``CLAIM 0`` … ``CLAIM 29`` (99 in eight-card). At a decision: the options' actions.
        """
        seat = self.to_act
        if seat < 0:
            return []
        phase = self.phase
        if phase == Phase.PLAY:
            room = 31 - self.count
            plays = [_PLAY_ACTIONS[c.index] for c in self.hands[seat]
                     if PIPS[c.rank] <= room] or [_GO]
            if self.heels_due and seat == self.dealer:
                plays.append(_HEELS)
            return plays
        if phase == Phase.DISCARD:
            k = self.rules.discard_per_player
            hand = self.hands[seat]
            if k != 2:
                return [_discard_action(combo) for combo in combinations(hand, k)]
            # Two cards (the two-hand games): the pairs in the order of combinations().
            acts: list[Action] = []
            n = len(hand)
            for i in range(n - 1):
                first = hand[i]
                base = first.index * 52
                for j in range(i + 1, n):
                    second = hand[j]
                    act = _PAIR_DISCARDS[base + second.index]
                    if act is None:
                        act = _PAIR_DISCARDS[base + second.index] = _discard_action(
                            (first, second))
                    acts.append(act)
            return acts
        if phase == Phase.CLAIM:
            return counting.claim_actions(self.rules)
        if phase == Phase.DECISION:
            return self._decision_actions()
        return []  # pragma: no cover - no other phase has a player to act

    def chance_outcomes(self) -> list[Action]:
        """All chance outcomes at a cut or starter node (equally likely); empty elsewhere
        (a deal has too many to list: use :meth:`sample_chance`)."""
        if self.phase == Phase.CUT_FOR_DEAL:
            return self._cut_outcomes()
        if self.phase == Phase.STARTER:
            return [Action("STARTER", (c,)) for c in self.stock()]
        return []

    def _pack(self) -> Sequence[Card]:
        return CARDS

    def _sample_direct(self, rng: random.Random) -> Action | None:
        """The deal, and the starter drawn from the stock as a card (the same draw as one
        of :meth:`chance_outcomes`, without listing them)."""
        if self.phase == Phase.DEAL:
            r = self.rules
            k = r.players * r.cards_dealt + r.crib_cards_from_stock
            return Action("DEAL", tuple(draw.sample(rng, CARDS, k)))
        if self.phase == Phase.STARTER:
            return Action("STARTER", (draw.choice(rng, self.stock()),))
        return None

    def _check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` with a clear reason unless ``action`` is legal."""
        verb, cards = action.verb, action.cards
        phase = self.phase
        if action.n is not None and verb not in _NUMBER_VERBS:
            raise IllegalAction(f"{verb} takes no number")
        if action.word and verb not in _WORD_VERBS:
            raise IllegalAction(f"{verb} takes no word such as {short_repr(action.word)}")
        if phase == Phase.PLAY:
            seat = self.to_act
            if verb == "PLAY" and len(cards) == 1:
                c = cards[0]
                if c not in self.hands[seat] and not self._from_the_crib(seat, c):
                    if self.referee and c in self.crib:
                        raise IllegalAction(f"{c.pretty} is in the crib: a card of the crib is "
                                            "entered as played only as a player's first card "
                                            "of the play, once in a deal")
                    raise IllegalAction(f"{c.pretty} is not in the hand")
                if self.count + PIPS[c.rank] > 31 and not self.referee:
                    raise IllegalAction(
                        f"{c.pretty} would take the count past 31 (count is {self.count}; "
                        f"{self._cite('over_31')})")
                return
            if verb == "GO" and not cards:
                if not self.referee and self._can_play(seat):
                    raise IllegalAction("you can play a card, so you cannot say go "
                                        f"({self._cite('go_with_card')})")
                return
        if verb in _TABLE_VERBS:
            self._check_table_action(action)
            return
        if phase == Phase.GAME_OVER:
            raise IllegalAction("the game is over")
        if phase == Phase.PLAY:
            if verb == "PLAY":
                raise IllegalAction("PLAY names one card")
            if verb == "GO":
                raise IllegalAction("GO names no card")
            raise IllegalAction(f"{verb} is not possible now: expected PLAY or GO")
        expected = _EXPECTED[phase]
        if verb != expected:
            raise IllegalAction(f"{verb} is not possible now: expected {expected}")
        if phase == Phase.CLAIM:
            counting.check_claim(self, action)
            return
        if phase == Phase.DECISION:
            self._check_choice(action)
            return
        self._check_cards(cards)

    def _check_table_action(self, action: Action) -> None:
        """The actions a seat may take out of turn: ``HEELS`` and ``AMEND`` (manual
        counting, :mod:`hoyle.cribbage.counting`), ``MUGGINS n`` (referee mode, ACC-10.4),
        ``REPORT`` (:mod:`hoyle.cribbage.referee`)."""
        verb = action.verb
        if self.phase == Phase.GAME_OVER:
            raise IllegalAction("the game is over")
        if verb != "REPORT" and action.cards:
            raise IllegalAction(f"{verb} names no card")
        if verb == "HEELS":
            counting.check_heels(self)
        elif verb == "MUGGINS":
            counting.check_muggins(self, action)
        elif verb == "FACT":
            self._check_fact(action)
        elif verb == "AMEND":
            counting.check_amend(self, action)
        else:
            referee.check_report(self, action)

    def _check_cards(self, cards: tuple[Card, ...]) -> None:
        """The cards of a cut, a deal, a starter or a lay-away: where they must be, as
        many as the phase needs."""
        phase = self.phase
        if len(set(cards)) != len(cards):
            raise IllegalAction("the same card is named twice")
        if phase == Phase.CUT_FOR_DEAL:
            if len(cards) != 1:
                raise IllegalAction("CUT names one card")
            if cards[0] in self.cuts:
                raise IllegalAction(f"{cards[0].pretty} has already been cut")
        elif phase == Phase.DEAL:
            r = self.rules
            k = r.players * r.cards_dealt + r.crib_cards_from_stock
            if len(cards) != k:
                raise IllegalAction(f"a deal needs {k} cards ({r.players} hands of "
                                    f"{r.cards_dealt}"
                                    + (f" and {r.crib_cards_from_stock} for the crib"
                                       if r.crib_cards_from_stock else "")
                                    + f"), not {len(cards)}")
        elif phase == Phase.STARTER:
            if len(cards) != 1:
                raise IllegalAction("STARTER names one card")
            c = cards[0]
            if any(c in h for h in self.hands) or c in self.crib:
                raise IllegalAction(f"{c.pretty} is not in the stock")
        else:  # DISCARD
            hand = self.hands[self.to_act]
            k = self.rules.discard_per_player
            if len(cards) != k:
                raise IllegalAction(f"lay away exactly {k} card(s) to the crib")
            for c in cards:
                if c not in hand:
                    raise IllegalAction(f"{c.pretty} is not in the hand")

    # -- doing it --------------------------------------------------------------------

    def _do(self, action: Action, events: list[Event]) -> None:
        phase = self.phase
        verb = action.verb
        if verb == "HEELS":
            counting.do_heels(self, events)
        elif verb == "AMEND":
            counting.do_amend(self, action.n or 0, events)
        elif verb == "MUGGINS":
            counting.do_muggins(self, action.word, action.n or 0, events)
        elif verb == "FACT":
            self._do_fact(action.word, action.n or 0, events)
        elif verb == "REPORT":
            referee.do_report(self, action, events)
        elif phase == Phase.PLAY:
            if verb == "GO":
                self._do_go(events)
            else:
                self._do_play(action.cards[0], events)
        elif phase == Phase.CUT_FOR_DEAL:
            self._do_cut(action.cards[0], events)
        elif phase == Phase.DEAL:
            self._do_deal(action.cards, events)
        elif phase == Phase.DISCARD:
            self._do_discard(action.cards, events)
        elif phase == Phase.STARTER:
            self._do_starter(action.cards[0], events)
        elif phase == Phase.CLAIM:
            assert action.n is not None
            counting.do_claim(self, action.n, events)
        else:
            self._do_choose(action, events)

    def _peg(self, seat: int, points: int, events: list[Event], reason: str, source: str,
             items: tuple[ScoreItem, ...] = (), cards: tuple[Card, ...] = ()) -> bool:
        """Score ``points`` for ``seat``'s side; return True when that ends the game
        (CRIB-R-11: the game ends the instant a side reaches the target)."""
        side = self.rules.side_of(seat)
        peg = self.pegs[side]
        if self.no_count and side in self.no_count and points > 0 and (
                source == "CRIB-R-9" or source == self._cite("go")):
            events.append(event(Kind.SCORE, seat, cards, 0, (), f"{reason}: does not count",
                                self.no_count[side], peg[0]))
            return False
        if points > 0:
            peg[1] = peg[0]
            peg[0] += points
            if self.game_hole and peg[0] > self.rules.target:
                peg[0] = self.rules.target  # the peg stops in the game hole (ACC-1.6)
        events.append(event(Kind.SCORE, seat, cards, points, items, reason, source, peg[0]))
        return self._reach(side, peg[0], events)

    def _target(self) -> int:
        return self.rules.target

    def _settle(self, side: int, forfeit: str) -> tuple[str, int, str]:
        """The result in the code's terms (:func:`hoyle.cribbage.results.terms`: EW-xvii,
        ACC-12.1, each code's scope)."""
        scores = self.scores
        t = terms(self.rules, self.laws, scores, side, forfeit)
        self.result = GameResult(
            winner=side, scores=scores, lurch=t.lurch, skunk=t.skunk,
            double_skunk=t.double_skunk, game_points=t.game_points, games=t.games,
            forfeit=forfeit, code=self.laws.name if self.laws is not None else "",
            marks=t.marks)
        return _result_text(self.result), scores[side], "CRIB-R-11"

    def _cut_rank(self, card: Card) -> int:
        return int(card.rank)

    def _cut_rule(self) -> tuple[bool, str, str]:
        return True, "lowest cut deals", self._cite("cut")

    def _cut_tie(self, events: list[Event], source: str) -> None:
        """Equal cuts: a law code rules them (EW-i, ACC-3.1), else cut again."""
        if self.laws is not None:
            self._rule(Irregularity("equal_cuts", None, self.phase), events)
        else:
            super()._cut_tie(events, source)

    def _new_deal(self, dealer: int | None, events: list[Event], reason: str,
                  source: str) -> None:
        """The next deal, or a deal void by a law (its law kept in :attr:`void_by`)."""
        self.void_by = source if reason == "the deal is void" else ""
        super()._new_deal(dealer, events, reason, source)

    def _dealer_chosen(self, events: list[Event]) -> None:
        """Three for last to the pone in the five-card game (EW-T-x), then the deal."""
        if self.rules.last_bonus:
            if self._peg(self.pone(), self.rules.last_bonus, events, "three for last",
                         self._cite("last")):
                return
        self._start_deal()

    def _reset_deal(self) -> None:
        n = self.rules.players
        self.hands = [[] for _ in range(n)]
        self.kept = [() for _ in range(n)]
        self.discards = [() for _ in range(n)]
        self.crib = []
        self.starter = None
        self.count = 0
        self.count_cards = []
        self.played = []
        self.passed = [False] * n
        self.last_player = None
        self.claim = None
        self.decision = None
        self.pending = None
        self.heels_due = False
        self.shown = []
        self.dead = []
        self.no_count = {}
        self.crib_dead = ""
        self.deal_start_pegs = [list(p) for p in self.pegs]
        self.deal_penalties = [0] * self.rules.sides
        self.count_no = 0
        self.claims = []
        self.heels_to = None
        self.wrong_lead = None
        self.swapped = None
        # What the last deal left open stays known one deal more, so that a late report
        # is ruled too late rather than not found.
        self.reneges = [r for r in self.reneges if r.deal_number >= self.deal_number - 1]
        self.muggins_open = [m for m in self.muggins_open
                             if m.deal_number >= self.deal_number - 1]

    def _do_deal(self, cards: Sequence[Card], events: list[Event]) -> None:
        # the window to take down closes with the next cut
        self.closed_overscores, self.open_overscores = self.open_overscores, []
        k = self.rules.cards_dealt
        for i, seat in enumerate(self._seat_order()):
            self.hands[seat] = sorted(cards[i * k:(i + 1) * k], key=_by_index)
            events.append(event(Kind.DEAL, seat, tuple(self.hands[seat]), hidden=True,
                                source="CRIB-R-5"))
        extra = cards[len(self._seat_order()) * k:]
        self.crib = sorted(extra, key=_by_index)
        if extra:
            events.append(event(Kind.CRIB_FROM_STOCK, None, tuple(extra), hidden=True,
                                source="CRIB-R-5"))
        self.phase = Phase.DISCARD
        self.to_act = self._next_discarder()

    def _next_discarder(self) -> int:
        for seat in self._seat_order():
            if not self.discards[seat]:
                return seat
        return CHANCE

    def _do_discard(self, cards: Sequence[Card], events: list[Event]) -> None:
        seat = self.to_act
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.discards[seat] = tuple(cards)
        self.crib.extend(cards)
        self.crib.sort(key=_by_index)
        events.append(event(Kind.DISCARD, seat, tuple(cards), hidden=True, source=self._cite("crib"),
                            n_cards=len(cards)))
        nxt = self._next_discarder()
        if nxt == CHANCE:
            for s in range(self.rules.players):
                self.kept[s] = tuple(self.hands[s])
            self.phase = Phase.STARTER
        self.to_act = nxt

    def _do_starter(self, card: Card, events: list[Event]) -> None:
        self.starter = card
        events.append(event(Kind.STARTER, self.dealer, (card,), source="CRIB-R-7"))
        assert self.dealer is not None
        heels = heels_points(card)
        if heels:
            if self.manual_count:
                self.heels_due = True
            else:
                self.heels_to = self.dealer
                if self._peg(self.dealer, heels, events, "his heels", self._cite("heels"),
                             (ScoreItem("heels", (card,), heels),), (card,)):
                    return
        self.phase = Phase.PLAY
        self.to_act = self.pone()

    def _do_play(self, card: Card, events: list[Event]) -> None:
        seat = self.to_act
        if self.count + PIPS[card.rank] > 31:  # referee mode: the card goes back
            self._rule(Irregularity("card_over_31", seat, self.phase,
                                    {"card": card, "count": self.count}), events)
            return
        if seat == self.dealer and self.heels_due:
            self.heels_due = False
            events.append(event(Kind.HEELS_LOST, seat, (self.starter,) if self.starter else (),
                                reason="two for his heels not taken before the dealer's "
                                       "first card: lost", source=self._cite("heels")))
        if card not in self.hands[seat]:  # referee mode: a card of the crib (_from_the_crib)
            self._hand_and_crib_exchanged(seat, events)
        self.hands[seat].remove(card)
        self.count += PIPS[card.rank]
        self.count_cards.append(card)
        self.played.append((seat, card))
        self.last_player = seat
        events.append(event(Kind.PLAY, seat, (card,), source="CRIB-R-8", count=self.count))
        items = score_play(self.count_cards) \
            if play_scores(self.count_cards, self.count) else _NO_ITEMS
        if self.manual_count and not self._counts_nothing(seat):
            counting.open_claim(self, _Claim(seat, "play", sum(i.points for i in items),
                                             tuple(items), Advance(seat), (card,)))
            return
        if items:
            pts = sum(i.points for i in items)
            reason = ", ".join(i.kind for i in items)
            if self._peg(seat, pts, events, reason, "CRIB-R-9", tuple(items), (card,)):
                return
        self._advance(seat, events)

    def _do_go(self, events: list[Event]) -> None:
        seat = self.to_act
        if self.referee and self._can_play(seat):
            # A go called while holding a card that fits: it stands until the table
            # reports it (REPORT renege SEAT) or the offender corrects it
            # (REPORT go_corrected SEAT), each in the code's window (EW-xxi, ACC-7.3).
            playable = tuple(c for c in self.hands[seat] if self.count + PIPS[c.rank] <= 31)
            self.reneges.append(OpenRenege(seat, playable, self.deal_number, self.count_no,
                                           self._go_snapshot()))
        self._pass(seat, events)

    def _go_snapshot(self) -> GoSnapshot:
        return GoSnapshot(tuple(tuple(h) for h in self.hands), self.count,
                          tuple(self.count_cards), tuple(self.played), tuple(self.passed),
                          self.last_player, tuple((p[0], p[1]) for p in self.pegs))

    # -- what a rectification changes (the effects of hoyle.cribbage.effects) ----------

    def restore_play(self, snap: GoSnapshot) -> list[tuple[int, int, int]]:
        """Put the play back as it stood at ``snap`` (a go or a lead being taken back,
        ACC-7.1, ACC-7.3): the hands, the count and its cards, the cards played, the goes,
        the last player and the pegs; a show begun and the hand and crib claims of the deal
        are taken back, and so are the goes called since (their cards go back too).

        Returns:
            ``(side, points taken back, its front peg now)`` for each side whose score fell.
        """
        fallen = []
        for side, (front, rear) in enumerate(snap.pegs):
            lost = self.pegs[side][0] - front
            if lost:
                fallen.append((side, lost, front))
            self.pegs[side] = [front, rear]
        self.hands = [list(h) for h in snap.hands]
        self.count, self.count_cards = snap.total, list(snap.count_cards)
        self.played, self.passed = list(snap.played), list(snap.passed)
        self.last_player = snap.last_player
        self.shown, self.claim, self.amendable = [], None, None
        self.claims = [c for c in self.claims if c[1] not in ("hand", "crib")]
        self.reneges = [r for r in self.reneges
                        if r.deal_number != self.deal_number
                        or len(r.snapshot.played) <= len(snap.played)]
        return fallen

    def resume_play(self, seat: int, lead_taken_back: bool = False) -> None:
        """The play goes on with ``seat`` to play; with ``lead_taken_back``, the lead out
        of turn recorded (``FACT led_by``) is no longer open (ACC-7.1.a-b)."""
        self.phase, self.to_act = Phase.PLAY, seat
        if lead_taken_back:
            self.wrong_lead = None

    def make_dealer(self, seat: int) -> None:
        """``seat`` deals this deal (ACC-5.1.d): the seat to act follows, the lay-away from
        the new pone or the lead."""
        self.dealer = seat
        if self.phase == Phase.DISCARD:
            self.to_act = self._next_discarder()
        elif self.phase == Phase.PLAY and not self.played:
            self.to_act = self.pone()

    def move_heels(self, seat: int | None) -> None:
        """His heels are pegged to ``seat`` (``None``: to nobody, the starter taken back);
        they are no longer due."""
        self.heels_to = seat
        self.heels_due = False

    def return_starter(self) -> Card:
        """The starter goes back to the pack, to be cut again (its heels are the caller's
        to take back first)."""
        card = self.starter
        assert card is not None
        self.starter = None
        self.phase, self.to_act = Phase.STARTER, CHANCE
        return card

    def return_discards(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s discards come back from the crib to his hand; he lays away again."""
        cards = self.discards[seat]
        for c in cards:
            self.crib.remove(c)
        self.hands[seat] = sorted([*self.hands[seat], *cards], key=_by_index)
        self.discards[seat] = ()
        self.kept = [() for _ in range(self.rules.players)]
        self.phase, self.to_act = Phase.DISCARD, seat
        return cards

    def _hand_and_crib_exchanged(self, seat: int, events: list[Event]) -> None:
        """``seat`` plays from the crib: he holds the crib's cards and the crib his own, as
        the table played them; counted so at the show unless a law restores them (EW-viii,
        ACC-5.1.b) or leaves them so (ACC-5.2.c) when the table reports it."""
        self.swapped = (seat, tuple(self.kept[seat]), tuple(self.crib))
        self._exchange_hand_and_crib(seat)
        events.append(event(Kind.SWAPPED, seat, reason="played from the crib: he holds the "
                            "crib's cards and the crib his own, as played (a law rules it "
                            "when it is reported)", source="CRIB-R-6"))

    def dealer_five(self) -> tuple[Card, ...]:
        """The dealer's hand and the starter, in the pack's order, while he has played no
        card (the five the pone draws from under ACC-6.1.c); else ``()``."""
        dealer = self.dealer
        if dealer is None or self.starter is None or self.dealer_has_played() \
                or not self.kept[dealer]:
            return ()
        return tuple(sorted((*self.kept[dealer], self.starter), key=_by_index))

    def replace_starter(self, card: Card) -> bool:
        """``card``, one of the dealer's hand and the starter he took, is the starter and
        the other four his hand (ACC-6.1.c), while he has played no card. Returns whether
        it was done."""
        five = self.dealer_five()
        if card not in five:
            return False
        dealer = self.dealer
        assert dealer is not None
        self.kept[dealer] = tuple(c for c in five if c != card)
        self.hands[dealer] = list(self.kept[dealer])
        self.starter = card
        return True

    def recount_open_show(self, events: list[Event]) -> bool:
        """When a hand or the crib is being counted (its claim open), count it again from
        the cards as they now are (a hand and crib restored): True when it was."""
        claim = self.claim
        if self.phase != Phase.CLAIM or claim is None or claim.what not in ("hand", "crib") \
                or not isinstance(claim.cont, Show):
            return False
        self.claim = None
        if self.shown:
            self.shown.pop()  # shown again below, as it now is
        self._show(events, claim.cont.start - 1)
        return True

    def keep_hand_and_crib_as_played(self) -> None:
        """The exchange a seat made stands as the law directs (ACC-5.2.c: the dealer plays
        on with the crib's cards; the crib is his true hand): nothing is moved, and no
        other card of the crib may be entered as his."""
        self.swapped = None

    def restore_hand_and_crib(self) -> bool:
        """The hand and the crib a seat exchanged are counted as they truly are (his true
        hand, the true crib) at the show; the play goes on as it stands. Returns whether
        there was such an exchange."""
        if self.swapped is None:
            return False
        seat, true_hand, true_crib = self.swapped
        self.kept[seat] = true_hand
        self.crib = sorted(true_crib, key=_by_index)
        self.swapped = None
        return True

    def swap_dealer_hand_and_crib(self) -> None:
        """The dealer's hand becomes the crib's cards and the crib his true hand."""
        assert self.dealer is not None
        self._exchange_hand_and_crib(self.dealer)

    def _exchange_hand_and_crib(self, seat: int) -> None:
        """``seat``'s hand becomes the crib's cards and the crib his hand."""
        true_hand = tuple(self.kept[seat])
        self.hands[seat] = sorted(self.crib, key=_by_index)
        self.kept[seat] = tuple(self.hands[seat])
        self.crib = sorted(true_hand, key=_by_index)

    def take_out_of_play(self, seat: int, cards: Sequence[Card]) -> None:
        """Those of ``cards`` in ``seat``'s hand take no further part in the play (ACC-7.3);
        they are still counted in the show."""
        for c in cards:
            if c in self.hands[seat]:
                self.hands[seat].remove(c)
                self.dead.append(c)

    def rule_out_counting(self, side: int, law: str) -> None:
        """``side``'s play points and hand no longer count in this deal (ACC-4.4(b))."""
        self.no_count[side] = law

    def kill_crib(self, law: str) -> None:
        """This deal's crib is not counted (ACC-4.4(b))."""
        self.crib_dead = law

    def set_front_peg(self, side: int, front: int, rear: int) -> None:
        """``side``'s pegs stand at ``front`` and ``rear`` (a peg displaced or an overscore
        taken down: EW-xiv, EW-ix)."""
        self.pegs[side] = [front, rear]

    # -- what manual counting changes (hoyle.cribbage.counting) -----------------------

    def await_claim(self, claim: _Claim) -> None:
        """Wait for ``claim.seat`` to claim the points of ``claim`` (manual counting)."""
        self.claim = claim
        self.phase, self.to_act = Phase.CLAIM, claim.seat

    def settle_claim(self, n: int) -> _Claim:
        """The open claim is made, for ``n`` points: it is recorded (the deal's claims, the
        last claim) and, for points of the play, stays amendable until the next card
        (EW-xix), short or not (EW-xiii: whether it may be amended must not tell the true
        count). Returns the claim that was open."""
        claim = self.claim
        assert claim is not None
        self.claim = None
        self.claims.append((claim.seat, claim.what, n))
        self.last_claim, self.last_claim_seat = claim.what, claim.seat
        self.amendable = Amendable(claim.seat, n, claim.points, len(self.played), n,
                                   claim.what, self.deal_number) \
            if claim.what in ("play", "go") else None
        return claim

    def amend_claim(self, n: int) -> None:
        """The amendable claim now stands at ``n`` points (its window stays open, whatever
        the true count: EW-xiii)."""
        a = self.amendable
        assert a is not None
        self.amendable = Amendable(a.seat, n, a.true, a.played, a.first, a.what, a.deal)

    def shut_amendment(self) -> Amendable | None:
        """The amendable claim's window is shut (EW-xix): returns that claim as it stood
        (``None`` if there was none), to be compared with its true count."""
        a, self.amendable = self.amendable, None
        return a

    def open_overscore(self, offender: int, excess: int) -> None:
        """``offender`` pegged ``excess`` points too many: open to be taken down (EW-ix)."""
        self.open_overscores.append((offender, excess))

    def open_muggins(self, muggins: OpenMuggins) -> None:
        """An underpeg the adversary may call (ACC-10.4)."""
        self.muggins_open.append(muggins)

    def close_muggins(self, muggins: OpenMuggins) -> None:
        """An underpeg called (or called too late): no longer open."""
        self.muggins_open.remove(muggins)

    def close_overscore(self, offender: int, excess: int) -> None:
        """The overscore ``(offender, excess)`` is taken down: no longer open (EW-ix)."""
        if (offender, excess) in self.open_overscores:
            self.open_overscores.remove((offender, excess))

    def _renege_window_closed(self, rec: OpenRenege, kind: str) -> bool:
        """Whether the code's window for ``kind`` (``renege``: the claim; ``go_corrected``:
        the offender's correction) on ``rec`` is past (Report.until: EW-xxi's end of the
        count, ACC-7.3's adversary's next card or hand count, ACC-7.3's correction before
        anyone pegs or the adversary plays)."""
        if rec.deal_number != self.deal_number:
            return True
        laws = self.laws
        assert laws is not None
        spec = laws.reports.get(kind) or laws.game_reports[kind]
        until = spec.until
        in_play = self.phase in (Phase.PLAY, Phase.CLAIM, Phase.DECISION) and not self.shown
        if until is Until.END_OF_COUNT:
            return rec.count_no != self.count_no or not in_play
        if until is Until.BEFORE_PEG:
            snap = rec.snapshot
            return (len(self.played) != len(snap.played) or not in_play
                    or tuple((p[0], p[1]) for p in self.pegs) != snap.pegs)
        if until is Until.ADVERSARY_NEXT:
            adv = self._adversary(rec.seat)
            if any(seat == adv and what == "hand" for seat, what, _ in self.claims):
                return True
            later = self.played[len(rec.snapshot.played):]
            for i, (seat, card) in enumerate(later):
                if seat == rec.seat and card in rec.cards:
                    return any(s2 == adv for s2, _ in later[i + 1:])
            return False
        return False

    def _report_renege(self, kind: str, seat: int, events: list[Event]) -> None:
        """``REPORT renege SEAT`` (the adversary claims) or ``REPORT go_corrected SEAT``
        (the offender corrects his go): ruled by the code on the earliest go of that seat
        not yet claimed, or too late past its window (EW-xxi, ACC-7.3)."""
        rec = next((r for r in self.reneges if r.seat == seat), None)
        facts: dict[str, Any] = {}
        if rec is None:
            facts["no_renege"] = True
            self._rule(Irregularity(kind, seat, self.phase, facts, reported=True), events)
            return
        facts.update(playable=rec.cards, count=rec.snapshot.total,
                     late=rec.snapshot.played != tuple(self.played))
        if self._renege_window_closed(rec, kind):
            facts["too_late"] = True
            if kind == "renege":
                self.reneges.remove(rec)
            self._rule(Irregularity(kind, seat, self.phase, facts, reported=True), events)
            return
        self.reneges.remove(rec)
        self.retracting = rec
        try:
            self._rule(Irregularity(kind, seat, self.phase, facts, reported=True), events,
                       AfterRenege(seat))
        finally:
            self.retracting = None

    # -- the facts of the table (referee mode) ---------------------------------------

    def _check_fact(self, action: Action) -> None:
        """Raise :class:`IllegalAction` unless ``FACT word SEAT`` may be entered now:
        ``dealt_by`` (who really dealt; before the play's first card), ``dealt_first``
        (who was dealt to first: at the deal or the lay-away), ``cut_by`` (who cut:
        before the deal, or the starter before the play's first card), ``led_by`` (who
        led: before the play's first card)."""
        if not self.referee:
            raise IllegalAction("the facts of the table are entered in referee mode")
        word, seat = action.word, action.n
        if word not in FACT_WORDS:
            raise IllegalAction(f"unknown fact {short_repr(word)}; known: {', '.join(FACT_WORDS)}")
        if seat is None or not 0 <= seat < self.rules.players:
            raise IllegalAction(f"FACT {word} names the seat, e.g. FACT {word} 1")
        if action.cards:
            raise IllegalAction("FACT names no card")
        if self.dealer is None:
            raise IllegalAction("no deal yet: cut for deal first")
        if self.played or self.phase not in (Phase.DEAL, Phase.DISCARD, Phase.STARTER,
                                             Phase.PLAY):
            raise IllegalAction(f"{word} is entered before the first card of the play")
        if word == "led_by" and self.phase != Phase.PLAY:
            raise IllegalAction("led_by is entered at the lead, once the starter is turned")
        if word == "dealt_first" and self.phase not in (Phase.DEAL, Phase.DISCARD):
            raise IllegalAction("dealt_first is entered at the deal or the lay-away")
        if word == "cut_by" and self.phase == Phase.DISCARD:
            raise IllegalAction("cut_by is entered at the cut before the deal or the cut "
                                "for the starter")

    def _do_fact(self, word: str, seat: int, events: list[Event]) -> None:
        """A fact of the table, recorded (an event) and acted on: a deal by the wrong
        seat is ruled (``deal_out_of_turn``), a cut by the dealer too (``cut_by_dealer``,
        ``starter_cut_by_dealer``), a lead out of turn gives the seat the lead until the
        table reports it (``REPORT dealer_led``: ACC-7.1.a-b)."""
        what = {"dealt_by": "dealt", "dealt_first": "was dealt to first", "cut_by": "cut",
                "led_by": "led"}[word]
        events.append(event(Kind.FACT, seat, reason=what, source="referee"))
        assert self.dealer is not None
        if word == "dealt_by" and seat != self.dealer:
            self._rule(Irregularity("deal_out_of_turn", seat, self.phase,
                                    {"dealt_by": seat}, reported=True), events)
        elif word == "dealt_first" and seat == self.dealer:  # the pone is dealt first
            self._rule(Irregularity("deal_order", self.dealer, self.phase, {},
                                    reported=True), events)
        elif word == "cut_by" and seat == self.dealer:
            kind = "cut_by_dealer" if self.phase == Phase.DEAL else "starter_cut_by_dealer"
            self._rule(Irregularity(kind, seat, self.phase, {}, reported=True), events)
        elif word == "led_by" and seat == self.pone():  # the lead in turn (a fact corrected)
            self.wrong_lead = None
            self.to_act = seat
        elif word == "led_by" and seat != self.to_act:
            if self.wrong_lead is None:  # the play as it stood before any lead
                self.wrong_lead = self._go_snapshot()
            self.to_act = seat

    def _pass(self, seat: int, events: list[Event]) -> None:
        self.passed[seat] = True
        events.append(event(Kind.GO, seat, source="CRIB-R-8", count=self.count))
        self._advance(seat, events)

    def _can_play(self, seat: int) -> bool:
        room = 31 - self.count
        for c in self.hands[seat]:
            if PIPS[c.rank] <= room:
                return True
        return False

    def _advance(self, seat: int, events: list[Event]) -> None:
        """After ``seat`` played or said go: the next to play, or the end of the count."""
        self.phase = Phase.PLAY
        if self.count == 31:
            self._end_count(events, score_last=False)
            return
        n = self.rules.players
        passed = self.passed
        hands = self.hands
        room = 31 - self.count
        for s in range(n):
            if not passed[s]:
                for c in hands[s]:
                    if PIPS[c.rank] <= room:
                        break
                else:
                    continue
                break
        else:
            if not self.count_cards:
                # Referee mode: every player said go at a count with no card laid (each a
                # renege, EW-xxi / ACC-7.3): no card, no point for last; the lead passes on.
                self.passed = [False] * n
                self.to_act = self._next_holder(seat)
                return
            # Every other player still holding cards cannot play within 31: he says go
            # (CRIB-R-8) without being asked, before the last card's point.
            last = self.last_player
            for i in range(1, n + 1):
                s = (seat + i) % n
                if s != last and not passed[s] and hands[s]:
                    passed[s] = True
                    events.append(event(Kind.GO, s, source="CRIB-R-8", count=self.count))
            self._end_count(events, score_last=True)
            return
        for i in range(1, n + 1):
            s = (seat + i) % n
            if not passed[s] and hands[s]:
                self.to_act = s
                return

    def _counts_nothing(self, seat: int) -> bool:
        """Whether ``seat``'s points of the play are ruled not to count in this deal (his
        hand dead: ACC-4.4(b)): he is not asked to claim them (issue 33, point 7)."""
        return bool(self.no_count) and self.rules.side_of(seat) in self.no_count

    def _end_count(self, events: list[Event], score_last: bool) -> None:
        """End the current count: one for last (EW-T-ix) unless 31 was made."""
        last = self.last_player
        assert last is not None
        if score_last:
            reason = "one for last" if any(self.hands) else "last card"
            item = (ScoreItem("go", (), 1),)
            if self.manual_count and not self._counts_nothing(last):
                counting.open_claim(self, _Claim(last, "go", 1, item, AfterCount()))
                return
            if self._peg(last, 1, events, reason, self._cite("go"), item):
                return
        self._after_count(events)

    def _after_count(self, events: list[Event]) -> None:
        """Start the next count, led by the player after the one who played last
        (CRIB-R-8), or go to the show."""
        last = self.last_player
        assert last is not None
        n = self.rules.players
        self.count_no += 1
        self.phase = Phase.PLAY
        self.count = 0
        self.count_cards = []
        self.passed = [False] * n
        if not any(self.hands) or not self.rules.play_all_cards:
            self._show(events)
            return
        events.append(event(Kind.COUNT_RESET, source="CRIB-R-8", count=0))
        self.to_act = self._next_holder(last)

    def _next_holder(self, seat: int) -> int:
        """The next seat after ``seat`` in rotation that still holds cards."""
        n = self.rules.players
        for i in range(1, n + 1):
            s = (seat + i) % n
            if self.hands[s]:
                return s
        return seat  # pragma: no cover - callers check that cards remain

    def _show(self, events: list[Event], start: int = 0) -> None:
        """Count the hands from the dealer's left, the dealer's hand last, then the crib
        (CRIB-R-10), ending the game the moment a side reaches the target (CRIB-R-11).
        Under manual counting each owner claims (``start``: the hand to count next)."""
        assert self.dealer is not None and self.starter is not None
        rule = self.rules.crib_flush_rule
        score = score_show if self.itemize or self.manual_count else _show_total_only
        order = self._seat_order()
        for i in range(start, len(order) + 1):
            is_crib = i == len(order)
            seat = self.dealer if is_crib else order[i]
            cards = tuple(self.crib) if is_crib else self.kept[seat]
            what = "crib" if is_crib else "hand"
            side = self.rules.side_of(seat)
            if not is_crib and self.no_count and side in self.no_count:
                events.append(event(Kind.SCORE, seat, (), 0, (), "hand: dead, not counted",
                                    self.no_count[side], self.pegs[side][0]))
                continue
            if is_crib and self.crib_dead:
                events.append(event(Kind.SCORE, seat, (), 0, (), "crib: dead, not counted",
                                    self.crib_dead, self.pegs[side][0]))
                continue
            if score is _show_total_only:  # fast simulation: totals only
                total = show_total(cards, self.starter, crib=is_crib, crib_flush_rule=rule)
                items: tuple[ScoreItem, ...] = ()
            else:
                show = score(cards, self.starter, crib=is_crib, crib_flush_rule=rule)
                total, items = show.total, show.items
            self.shown.append((seat, what, cards))
            events.append(event(Kind.SHOW, seat, cards + (self.starter,), total, items, what,
                                "CRIB-R-10"))
            if self.manual_count:
                counting.open_claim(self, _Claim(seat, what, total, items, Show(i + 1)))
                return
            if self._peg(seat, total, events, what, "CRIB-R-10", items):
                return
        self._new_deal((self.dealer + 1) % self.rules.players, events, "", "CRIB-R-3")

    # -- manual counting, rulings and decisions --------------------------------------

    def _continue(self, cont: Continuation, events: list[Event]) -> None:
        """Carry on the flow a claim or a decision interrupted."""
        if isinstance(cont, Advance):
            self._advance(cont.seat, events)
        elif isinstance(cont, AfterCount):
            self._after_count(events)
        elif isinstance(cont, Show):
            self._show(events, cont.start)
        elif isinstance(cont, counting.ClaimMade):
            # After the ruling on an amended claim whose window this claim shut (EW-xix):
            # the claim is made now (unless a rectification took it back meanwhile).
            if self.claim is not None:
                self.phase, self.to_act = Phase.CLAIM, self.claim.seat
                counting.do_claim(self, cont.n, events)
        elif isinstance(cont, AfterRenege):
            # After a renege ruling: the go stands unless the offender must now play
            # (ACC-7.3: the adversary chose that the reneged card be played).
            seat = cont.seat
            self.phase, self.to_act = Phase.PLAY, seat
            if not self._can_play(seat):
                self._pass(seat, events)
        else:  # Resume: back to the phase and player before the interruption
            assert isinstance(cont, Resume)
            self.phase, self.to_act = cont.phase, cont.to_act

    def _facts(self) -> dict[str, Any]:
        """The facts of the situation every ruling may use."""
        nothing_dealt = self.phase == Phase.DEAL
        return {"deal_void_by": self.void_by if nothing_dealt else "",
                "dealer": self.dealer, "pone": self.pone() if self.dealer is not None else None,
                "phase": self.phase, "dealer_has_played": self.dealer_has_played(),
                "starter_turned": self.starter is not None, "count": self.count,
                "players": self.rules.players, "scores": self.scores,
                "pegs": [tuple(self.pegs[self.rules.side_of(s)])
                         for s in range(self.rules.players)],
                "deal_number": self.deal_number, "cards_played": len(self.played),
                "swapped_by": self.swapped[0] if self.swapped is not None else None}

    def _apply_ruling(self, ruling: Ruling, irr: Irregularity, events: list[Event],
                      cont: Continuation) -> bool:
        """Every ruling carries the code's scope mark where the code is applied outside the
        play it was written for (ACC-1.2: ACC in three-hand play)."""
        if self.scope and not ruling.scope:
            ruling = replace(ruling, scope=self.scope)
        return super()._apply_ruling(ruling, irr, events, cont)

    def _score_ruling(self, seat: int, points: int, reason: str, law: str,
                      events: list[Event]) -> bool:
        side = self.rules.side_of(seat)
        before = self.pegs[side][0]
        over = self._peg(seat, points, events, reason, law)
        self.deal_penalties[side] += self.pegs[side][0] - before
        return over

    def _put_back(self, seat: int, points: int, law: str, events: list[Event]) -> None:
        side = self.rules.side_of(seat)
        peg = self.pegs[side]
        before = peg[0]
        peg[0] = max(0, peg[0] - points)
        peg[1] = min(peg[1], peg[0])
        self.deal_penalties[side] += peg[0] - before
        events.append(event(Kind.SCORE, seat, (), peg[0] - before, (), "put back", law, peg[0]))

    def _void_deal_points(self, law: str, events: list[Event]) -> None:
        self._void_seats(range(self.rules.players), law, events)

    def _void_seats(self, seats: Sequence[int], law: str, events: list[Event]) -> None:
        """The points the sides of ``seats`` pegged in this deal are taken back; each
        side's score event names the first of ``seats`` on that side (a seat, never a
        side's number: in four-hand play seat 3 is side 1)."""
        named: dict[int, int] = {}
        for seat in seats:
            named.setdefault(self.rules.side_of(seat), seat)
        for side, seat in sorted(named.items()):
            start = self.deal_start_pegs[side]
            penalties = self.deal_penalties[side]
            keep = max(0, start[0] + penalties)
            lost = self.pegs[side][0] - keep
            if lost:
                # the deal's pegging goes; its penalties stand (a set-back, a forfeit's
                # points): the same as when the penalty is reported after the void
                self.pegs[side] = list(start) if not penalties else [keep, min(start[0], keep)]
                events.append(event(Kind.SCORE, seat, (), -lost, (), "pegging of the deal "
                                    "taken back", law, self.pegs[side][0]))

    def _lose_game(self, seat: int, law: str, events: list[Event]) -> None:
        self._end_game(self.rules.side_of(self._adversary(seat)), events, forfeit=law)

    # -- records ---------------------------------------------------------------------

    def _record_head(self) -> tuple[str, str]:
        return "cribbage", self.rules.variant

    def _record_options(self) -> dict[str, Any]:
        options: dict[str, Any] = self.rules.options()
        if self.start_scores is not None:
            options["start_scores"] = ",".join(map(str, self.start_scores))
        if self.first_dealer is not None:
            options["first_dealer"] = self.first_dealer
        if self.match is not None:
            options.update(MatchState.from_dict(self.match).to_options())
        if self.manual_count and not self.referee:
            options["manual_count"] = True
        if self.referee:
            options["report_words"] = self.report_words
        return options

    def _result_dict(self) -> dict[str, Any] | None:
        return self.result.to_dict() if self.result else None


def _check_start_scores(scores: object, rules: CribbageRules) -> tuple[int, ...]:
    """``scores`` as one score per side, each a whole number from 0 to below the target
    (:func:`hoyle.engine.state.check_start_scores`).

    Raises:
        ParameterError: otherwise (the message says what is wanted).
    """
    return check_start_scores(scores, rules.sides, rules.target)


def _show_total_only(hand: Sequence[Card], starter: Card, *, crib: bool = False,
                     crib_flush_rule: str = "strict") -> ShowScore:
    """The show total without the itemised breakdown (for fast simulation)."""
    return ShowScore(show_total(hand, starter, crib=crib, crib_flush_rule=crib_flush_rule))


def _result_text(r: GameResult) -> str:
    extra = []
    if r.double_skunk:
        extra.append("double skunk (ACC-12.1)" if r.code else "double skunk")
    elif r.skunk:
        extra.append("skunk (ACC-12.1)")
    if r.lurch:
        extra.append("lurch (EW-xvii)" + (", two games" if r.games == 2 else ""))
    if r.code == "acc" and not r.forfeit and r.game_points:
        extra.append(f"{r.game_points} game points (ACC-12.1)")
    if r.forfeit:
        extra.append(f"the game forfeited ({r.forfeit})")
    ordered = sorted(r.scores, reverse=True) if not r.forfeit else list(r.scores)
    marks = f" [{'; '.join(r.marks)}]" if r.marks else ""
    return f"wins {'-'.join(map(str, ordered))}" + (f"; {', '.join(extra)}" if extra else "") \
        + marks
