"""The écarté state machine: cut for deal, deal, turn-up, proposals and exchanges, the king,
five tricks, the point and the vole, game of five.

Source: ``shared/laws/ecarte.md`` §1 (ECARTE-R-1 … ECARTE-R-18); the irregularities are ruled
by a law code (``hoyle.ecarte.laws``: ``oh`` or ``club``). The architecture is in
``shared/DESIGN.md``.

``current_player`` is a seat, :data:`~hoyle.engine.CHANCE` (the cut for deal, the deal, the
turn-up, a draw from the stock, a card drawn at random from a hand) or
:data:`~hoyle.engine.TERMINAL`. ``apply`` validates an action completely before it changes
anything, so an :class:`~hoyle.errors.IllegalAction` leaves the state exactly as it was.

The action language (``shared/DESIGN.md``, Records):

* chance: ``CUT c`` (each seat cuts for deal, seat 0 first), ``DEAL 32 c×10`` (the pattern,
  32 = three then two or 23 = two then three, then the elder hand's five and the dealer's
  five), ``TURN c`` (the turn-up), ``DRAW c…`` (cards from the top of the stock to the
  player being served), ``TAKE c…`` (cards drawn at random from a hand under a law);
* the elder hand: ``STAND`` ("I play") or ``PROPOSE``; the dealer: ``ACCEPT`` or
  ``REFUSE``; both: ``DISCARD c…`` (the elder hand's discard is the number he asks for;
  in referee mode ``DISCARD 3 c c`` records that he asked for three and laid out two);
* the play: ``PLAY c``; ``KING`` announces the king of trumps (``KING 0``: seat 0, out of
  turn, in CLUB-24's window; with manual marking, the dealer's turned-up king; outside
  referee mode no other seat's king: out of turn only a king on the table);
* ``CHOOSE word`` at a decision node; ``REPORT word [seat] [cards]`` in referee mode.

A scripted deal (seat 1 cuts the king and deals; seat 0 is the elder hand):

>>> s = EcarteState()
>>> for a in ["CUT 9C", "CUT KD", "DEAL 32 KS QS JS 7H 8H 9D TD AC 7C 8C", "TURN 7S"]:
...     _ = s.apply(Action.parse(a))
>>> s.dealer, s.elder, s.phase, s.current_player
(1, 0, <Phase.PROPOSAL: 'proposal'>, 0)
>>> [str(a) for a in s.legal_actions()]
['STAND', 'PROPOSE']
>>> _ = s.apply(Action.parse("STAND"))
>>> [str(a) for a in s.legal_actions()][:3]
['PLAY 7H', 'PLAY 8H', 'PLAY JS']
>>> "KING" in [str(a) for a in s.legal_actions()]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, NamedTuple

from hoyle.cards import Card, Rank, Suit
from hoyle.ecarte import referee
from hoyle.ecarte.events import Kind
from hoyle.ecarte.phase import Phase, RectifyStep, StepKind
from hoyle.ecarte.scoring import hand_points, hand_score, legal_cards, penalised, trick_winner
from hoyle.ecarte.rules import ECARTE_CARDS, ECARTE_PACK, HAND_SIZE, PATTERNS, EcarteRules, trick_rank
from hoyle.errors import HoyleError, IllegalAction, short_repr
from hoyle.engine import rng as draw  # the seeded draws, as for cribbage
from hoyle.engine.flow import Continuation, Resume
from hoyle.engine.action import CHANCE, Action, ScoreItem
from hoyle.engine.event import Event
from hoyle.engine.laws import Decision, Irregularity, LawCode, Ruling
from hoyle.engine.series import MatchState
from hoyle.engine.state import FIELDS, BaseState, check_start_scores

__all__ = ["EcarteState", "EcarteView", "GameResult", "Phase"]



_DEAL_COUNT_KINDS = frozenset({"deal_wrong_count", "nd_too_many", "nd_too_few",
                               "dealer_too_many", "dealer_too_few", "nd_wrong_in_play",
                               "dealer_wrong_in_play"})
_STAND = Action("STAND")
_PROPOSE = Action("PROPOSE")
_ACCEPT = Action("ACCEPT")
_REFUSE = Action("REFUSE")
_KING = Action("KING")
_PLAY = {c: Action("PLAY", (c,)) for c in ECARTE_PACK}
_SIMPLE = frozenset({"STAND", "PROPOSE", "ACCEPT", "REFUSE"})
_EXPECTED_VERBS: dict[str, tuple[str, ...]] = {
    Phase.PROPOSAL: ("STAND", "PROPOSE"), Phase.ANSWER: ("ACCEPT", "REFUSE"),
    Phase.DISCARD: ("DISCARD",), Phase.PLAY: ("PLAY",), Phase.RECTIFY: ("DISCARD",)}
"""The verbs a seat may play in each phase where a seat acts (a decision apart)."""
_NO_CODE: dict[str, str] = {
    "refusal_penalty_scope": "first",  # ECARTE-R-15: the first stand or refusal
    "held_king_window": "before_first_card",  # ECARTE-R-7: the king marked before play
}
"""The values of the codes' parameters the state reads, in a game played with no code."""
_CHANCE_VERBS: dict[str, str] = {Phase.CUT_FOR_DEAL: "CUT", Phase.DEAL: "DEAL", Phase.TURN_UP: "TURN",
                 Phase.DRAW: "DRAW"}


def sorted_hands(hands: Sequence[list[Card]]) -> list[list[Card]]:
    """Each hand in the pack's index order."""
    return [sorted(h, key=_idx) for h in hands]


def _idx(card: Card) -> int:
    return card.index


@dataclass(frozen=True)


class GameResult:
    """How a game ended.

    Attributes:
        winner: the winning seat.
        scores: final points of each seat.
        games: 1, or with ``game_values`` 2 (double: loser has 1-2) or 3 (treble: loser has
            0). Source: CLUB-46; ECARTE-R-16.
        forfeit: the law under which the loser conceded (HGIE-17), or ``""``.
    """

    winner: int
    scores: tuple[int, int]
    games: int = 1
    forfeit: str = ""

    def to_dict(self) -> dict[str, Any]:
        """As a JSON-ready dict (for records)."""
        return {"winner": self.winner, "scores": list(self.scores), "games": self.games,
                "forfeit": self.forfeit}


class EcarteView(NamedTuple):
    """What one seat may know (``state.view(seat)``): never the adversary's hand, his
    discards, or the stock.

    Attributes:
        seat: whose view.
        phase: the phase (:class:`Phase`).
        current_player: seat to act, ``CHANCE`` or ``TERMINAL``.
        dealer: the dealer (``None`` before the cut); elder: the elder hand.
        target: points for game.
        scores: each seat's points.
        hand: this seat's cards.
        turn_up: the turn-up (``None`` before it is turned); trump: its suit.
        stock_size: cards left in the stock.
        proposals: proposals made in this deal; exchanges: exchanges completed.
        asked: cards the elder hand asked for in the current exchange (0 if none).
        taken: cards each seat has taken from the stock in this deal (CLUB-27).
        discards: this seat's own discards in this deal.
        trick: the cards on the table, (seat, card), the lead first.
        tricks: tricks won by each seat in this hand.
        played: every card played in this hand, (seat, card), in order.
        hand_sizes: cards held by each seat.
        announced: each seat has marked the king in this deal.
        stood: the elder hand played without proposing (first proposal opportunity).
        refused: the proposal numbers the dealer refused (1 = the first).
        deal_number: 1 for the first deal.
        result: the result once the game is over.
        decision: the options open at a decision node, in words.
        lay_out: cards this seat must lay out now under a law (0 if none).
        king_window: this seat may announce the king now.
        pattern: the game's deal pattern (32, 23) once fixed.
        penalty_scope: which stands and refusals make the point worth 2, ``"first"`` or
            ``"any"`` (the law code's ``refusal_penalty_scope``; ECARTE-R-15), so that a
            player values them as the engine scores them.
    """

    seat: int
    phase: str
    current_player: int
    dealer: int | None
    elder: int | None
    target: int
    scores: tuple[int, int]
    hand: tuple[Card, ...]
    turn_up: Card | None
    trump: Suit | None
    stock_size: int
    proposals: int
    exchanges: int
    asked: int
    taken: tuple[int, int]
    discards: tuple[Card, ...]
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[int, int]
    played: tuple[tuple[int, Card], ...]
    hand_sizes: tuple[int, int]
    announced: tuple[bool, bool]
    stood: bool
    refused: tuple[int, ...]
    deal_number: int
    result: GameResult | None
    decision: tuple[str, ...] = ()
    lay_out: int = 0
    king_window: bool = False
    pattern: int | None = None
    penalty_scope: str = "first"

    @property
    def is_dealer(self) -> bool:
        """Whether this seat deals this deal."""
        return self.dealer == self.seat


@dataclass(frozen=True)
class AfterDraw(Continuation):
    """After ``seat``'s draw in the exchange: the next proposal or the play (ECARTE-R-9)."""

    seat: int


@dataclass(frozen=True)
class ServeElder(Continuation):
    """After the elder hand's discard and a ruling on it (CLUB-37): he is served from the
    stock (ECARTE-R-9)."""

    seat: int


@dataclass(frozen=True)
class NextTurn(Continuation):
    """The play goes on: the next card or the next trick."""


@dataclass(frozen=True)
class ScoreHand(Continuation):
    """The hand is over: the point or the vole is scored (ECARTE-R-14, R-15)."""


class EcarteState(BaseState):
    """A game of écarté in progress (two players, seats 0 and 1).

    Args:
        rules: the options (default :class:`EcarteRules`).
        seed: recorded in the game's record; chance outcomes drawn by a runner use it.
        laws: the law code (``hoyle.ecarte.laws.get_code("oh")`` or ``"club"``); needed in
            referee mode; it also supplies the parameters where the codes differ
            (``refusal_penalty_scope``, ``held_king_window``).
        referee: referee mode, for a game played with real cards: accepts the irregular acts
            a real table produces (a revoke, a false or late king, a wrong number of cards
            taken in the exchange) and ``REPORT`` actions, and rules them by ``laws``.
        start_scores: the players' scores (points) the game starts from, for a table that
            joins part way (``hoyle referee ecarte --scores 3,4``; recorded).
        match: where the match this game belongs to stands
            (``engine.series.MatchState.to_dict()``; recorded), or ``None``.

    Raises:
        HoyleError: referee mode without a law code.
        ParameterError: ``start_scores`` not one score a player from 0 to below the
            target, or ``match`` not a match.
    """

    PHASE = Phase

    def __init__(self, rules: EcarteRules | None = None, seed: int | None = None,
                 laws: LawCode | None = None, referee: bool = False,
                 start_scores: object = None, match: object = None) -> None:
        super().__init__(seed, laws, referee, 2)
        self.rules = rules or EcarteRules()
        if referee and laws is None:
            raise HoyleError("referee mode needs a law code")
        self.pattern: int | None = None
        self.start_scores: tuple[int, ...] | None = (
            None if start_scores is None
            else check_start_scores(start_scores, 2, self.rules.target))
        self.scores = list(self.start_scores or (0, 0))
        self.match: dict[str, Any] | None = (
            None if match is None else MatchState.from_dict(match, 2).to_dict())
        self.result: GameResult | None = None
        self.turned_king_open: int | None = None  # dealer who may still mark a turned king
        self._reset_deal()

    def _reset_deal(self) -> None:
        self.hands: list[list[Card]] = [[], []]
        self.turn_up: Card | None = None
        self.discards: list[list[Card]] = [[], []]
        self.set_aside: list[Card] = []
        self.taken = [0, 0]
        self.proposals = 0
        self.exchanges = 0
        self.stood = False
        self.refused: list[int] = []
        self.asked = 0
        self.laid = 0
        self.serving: int | None = None
        self.trick: list[tuple[int, Card]] = []
        self.tricks = [0, 0]
        self.played: list[tuple[int, Card]] = []
        self.leader: int | None = None
        self.announced = [False, False]
        self.king_barred = [False, False]
        self.king_points = [0, 0]
        self.false_king: list[int] = []
        self.revokes: list[tuple[int, str, Card]] = []
        self.reduced: dict[int, str] = {}
        self.no_refusal: int | None = None
        self.decision: Decision | None = None
        self.pending: Continuation | None = None
        self.steps: list[RectifyStep] = []
        self.wrong_count_open = False
        self.last_trick: tuple[int, Card, int, Card, int] | None = None
        self.count_report: tuple[int, str, tuple[Card, ...]] | None = None
        self.exposed_turn: list[Card] = []
        self.exposed_offer: Card | None = None  # CLUB-37: offered at the next exchange
        self.pre_served = 0  # cards the elder hand received before the draw (CLUB-37)
        self.dealt_by: tuple[int, str] | None = None  # a deal out of turn that stands, law
        self.elder_looked = False  # reported: the elder hand has looked at his cards
        self.deal_start_scores = list(self.scores)

    # -- reading ---------------------------------------------------------------------

    @property
    def elder(self) -> int | None:
        """The elder hand (the non-dealer): he proposes and leads. ``None`` before the cut."""
        return None if self.dealer is None else 1 - self.dealer

    @property
    def trump(self) -> Suit | None:
        """The trump suit (the turn-up's), or ``None`` before the turn-up."""
        return None if self.turn_up is None else self.turn_up.suit

    @property
    def trump_king(self) -> Card | None:
        """The king of trumps, or ``None`` before the turn-up."""
        return None if self.turn_up is None else Card.of(Rank.KING, self.turn_up.suit)

    def stock(self) -> list[Card]:
        """The cards of the stock (talon), in index order; its order is a chance outcome."""
        used = {c for h in self.hands for c in h} | {c for d in self.discards for c in d}
        used |= set(self.set_aside) | {c for _, c in self.played}
        if self.turn_up is not None:
            used.add(self.turn_up)
        return [c for c in ECARTE_PACK if c not in used]

    def _param(self, name: str) -> str:
        """The law code's value of ``name``, or the rules of play's without a code."""
        return self.laws.value(name, str) if self.laws is not None else _NO_CODE[name]

    def penalty_scope(self) -> str:
        """``"first"`` or ``"any"``: which stands and refusals make the point worth 2
        (ECARTE-R-15; the law code's ``refusal_penalty_scope``: CLUB-49, HGIE-21; ``first``
        without a code)."""
        return self._param("refusal_penalty_scope")

    def king_holder(self) -> int | None:
        """The seat holding the king of trumps, if a player holds it."""
        k = self.trump_king
        for s in (0, 1):
            if k is not None and k in self.hands[s]:
                return s
        return None

    def _played_by(self, seat: int) -> list[Card]:
        return [c for s, c in self.played if s == seat]

    def king_window(self, seat: int) -> bool:
        """Whether ``seat`` may still announce the king of trumps it holds: before his first
        card (HGIE-5; CLUB-23), or with CLUB-24 (``held_king_window = "club_24"``) while
        his first card, the king, has not been played to (elder hand) or before his next
        card (dealer)."""
        k = self.trump_king
        if self.phase != Phase.PLAY or k is None or self.king_barred[seat] \
                or self.announced[seat]:
            return False
        mine = self._played_by(seat)
        if not mine:
            return k in self.hands[seat]
        if self._param("held_king_window") != "club_24" or mine[0] != k:
            return False
        if seat == self.elder:
            return len(self.played) == 1
        return len(mine) == 1

    def _turned_king_markable(self, seat: int) -> bool:
        return self.turned_king_open == seat

    def _king_shown(self, seat: int) -> bool:
        """Whether ``seat``'s king is on the table, so that marking it out of turn is judged
        on what the table sees alone: the dealer's turned-up king (CLUB-22), or the king of
        trumps ``seat`` played as its first card (CLUB-24's window is checked after)."""
        k = self.trump_king
        return self._turned_king_markable(seat) or (
            k is not None and self._played_by(seat)[:1] == [k])

    def _public_view(self) -> EcarteView:
        """What a spectator may know: :meth:`view` of seat 0 with no seat's own cards (its
        ``hand`` and ``discards`` empty, no ``lay_out``, no ``king_window``) and ``seat``
        -1; the turn-up, the trick, the cards played and the score are public. (Added for
        ``hoyle serve``'s spectators.)"""
        return self._view(0)._replace(seat=-1, hand=(), discards=(), lay_out=0,
                                     king_window=False)

    def _view(self, seat: int) -> EcarteView:
        """What ``seat`` may know now (see :class:`EcarteView`).

        Raises:
            IllegalAction: ``seat`` is not 0 or 1.
        """
        if seat not in (0, 1):
            raise IllegalAction(f"no seat {seat} in a two-player game")
        options = tuple(o.text for o in self.decision.options) \
            if self.decision is not None and self.phase == Phase.DECISION else ()
        lay = self.steps[0].cards if self.phase == Phase.RECTIFY and self.steps \
            and self.steps[0].kind is StepKind.LAY_OUT and self.steps[0].seat == seat else 0
        return EcarteView(
            seat, self.phase, self.to_act, self.dealer, self.elder, self.rules.target,
            (self.scores[0], self.scores[1]), tuple(sorted(self.hands[seat], key=_idx)),
            self.turn_up, self.trump, len(self.stock()), self.proposals, self.exchanges,
            self.asked, (self.taken[0], self.taken[1]), tuple(self.discards[seat]),
            tuple(self.trick), (self.tricks[0], self.tricks[1]), tuple(self.played),
            (len(self.hands[0]), len(self.hands[1])),
            (self.announced[0], self.announced[1]), self.stood, tuple(self.refused),
            self.deal_number, self.result, options, lay,
            self.to_act == seat and self.king_window(seat), self.pattern,
            self.penalty_scope())

    def __getstate__(self) -> dict[str, Any]:
        # For copy and pickle: EcarteState is not compiled, and when BaseState is, its
        # attributes are not in this instance's __dict__ (mypyc's own state has only them).
        state = dict(self.__dict__)
        for name in FIELDS:
            state[name] = getattr(self, name)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        rest = dict(state)
        for name in FIELDS:
            setattr(self, name, rest.pop(name))
        self.__dict__.update(rest)

    def _unshare(self) -> None:
        self.scores = list(self.scores)
        self.hands = [list(h) for h in self.hands]
        self.discards = [list(d) for d in self.discards]
        self.set_aside = list(self.set_aside)
        self.taken = list(self.taken)
        self.refused = list(self.refused)
        self.trick = list(self.trick)
        self.tricks = list(self.tricks)
        self.played = list(self.played)
        self.announced = list(self.announced)
        self.king_barred = list(self.king_barred)
        self.king_points = list(self.king_points)
        self.false_king = list(self.false_king)
        self.revokes = list(self.revokes)
        self.reduced = dict(self.reduced)
        self.steps = list(self.steps)
        self.exposed_turn = list(self.exposed_turn)
        self.deal_start_scores = list(self.deal_start_scores)

    # -- what may be done ------------------------------------------------------------

    def _can_propose(self) -> bool:
        limit = self.rules.max_exchanges
        return bool(self.stock()) and (limit is None or self.exchanges < limit)

    def _discard_range(self, seat: int) -> tuple[int, int]:
        """Fewest and most cards ``seat`` may lay out in this exchange (ECARTE-R-9, R-11)."""
        stock = len(self.stock())
        hi = min(HAND_SIZE, stock, len(self.hands[seat]))
        if seat == self.elder:
            return (1 if hi >= 1 else 0), hi
        return min(self.rules.dealer_min_exchange, hi), hi

    def legal_actions(self) -> list[Action]:
        """The current player's legal actions (empty at chance and terminal nodes).

        Proposal: ``STAND``, and ``PROPOSE`` while the stock can serve (ECARTE-R-10, R-11).
        Answer: ``ACCEPT``, ``REFUSE`` (not after CLUB-37). Discard: every set of cards the
        seat may lay out. Play: the legal cards (ECARTE-R-13) and ``KING`` while the king
        may be announced (CLUB-23/24, HGIE-5). Decision: the options' actions.
        """
        seat = self.to_act
        if seat < 0:
            return []
        phase = self.phase
        acts: list[Action]
        if phase == Phase.PROPOSAL:
            acts = [_STAND, _PROPOSE] if self._can_propose() else [_STAND]
        elif phase == Phase.ANSWER:
            acts = [_ACCEPT] if self.no_refusal == seat else [_ACCEPT, _REFUSE]
        elif phase == Phase.DISCARD:
            lo, hi = self._discard_range(seat)
            hand = sorted(self.hands[seat], key=_idx)
            acts = [Action("DISCARD", combo) for k in range(lo, hi + 1)
                    for combo in combinations(hand, k)]
        elif phase == Phase.PLAY:
            acts = [_PLAY[c] for c in legal_cards(self.hands[seat], [c for _, c in self.trick],
                                                  self.trump, self.rules)]
            if self.king_window(seat):
                acts.append(_KING)
        elif phase == Phase.RECTIFY:
            _, who, k = self.steps[0]
            hand = sorted(self.hands[who], key=_idx)
            return [Action("DISCARD", combo) for combo in combinations(hand, k)]
        elif phase == Phase.DECISION:
            return self._decision_actions()
        else:  # pragma: no cover - no other phase has a player to act
            return []
        if self._turned_king_markable(seat) and _KING not in acts:
            acts.append(_KING)
        return acts

    def chance_outcomes(self) -> list[Action]:
        """Every outcome of a cut or turn-up node (equally likely); empty elsewhere."""
        if self.phase == Phase.CUT_FOR_DEAL:
            return self._cut_outcomes()
        if self.phase == Phase.TURN_UP:
            return [Action("TURN", (c,)) for c in self.stock()]
        return []

    def _draw_count(self) -> int:
        """Cards due at the current draw: what the elder hand asked for, or what the
        dealer (or a law) laid out, no more than the stock holds."""
        stock = len(self.stock())
        if self.phase == Phase.RECTIFY:
            return min(self.steps[0].cards, stock if self.steps[0].kind is StepKind.COMPLETE
                       else len(self.hands[self.steps[0].seat]))
        if self.serving == self.elder:
            return min(self.asked - self.pre_served, stock)
        return min(self.laid, stock)

    def _pack(self) -> Sequence[Card]:
        return ECARTE_PACK

    def receiver(self, position: int) -> int | None:
        """The seat the ``position``-th card goes to: the deal's first five to the elder
        hand, the next five to the dealer, in the deal action's order (ECARTE-R-5); a draw's to
        the seat served."""
        if self.phase == Phase.DEAL and self.dealer is not None:
            return self.elder if position < HAND_SIZE else self.dealer
        if self.phase == Phase.DRAW:
            return self.serving
        return None

    def _sample_direct(self, rng: random.Random) -> Action | None:
        """The deal, a draw from the stock and a card drawn at random from a hand; the
        turn-up is drawn among :meth:`chance_outcomes`."""
        if self.phase == Phase.TURN_UP:
            return None
        if self.phase == Phase.DEAL:
            n = self.pattern or self.rules.pattern_number
            return Action("DEAL", tuple(draw.sample(rng, ECARTE_PACK, 2 * HAND_SIZE)), n=n)
        if self.phase == Phase.RECTIFY and self.steps[0].kind is StepKind.DRAW_SURPLUS:
            who = self.steps[0].seat
            hand = sorted(self.hands[who], key=_idx)
            return Action("TAKE", tuple(draw.sample(rng, hand, self._draw_count())))
        return Action("DRAW", tuple(draw.sample(rng, self.stock(), self._draw_count())))

    def _check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` with a clear reason unless ``action`` is legal."""
        verb, cards, n = action.verb, action.cards, action.n
        for c in cards:
            if c not in ECARTE_CARDS:
                raise IllegalAction(f"{c.pretty} is not in the écarté pack (A K Q J 10 9 8 7)")
        if len(set(cards)) != len(cards):
            raise IllegalAction("the same card is named twice")
        if action.word and verb not in ("CHOOSE", "REPORT"):
            raise IllegalAction(f"{verb} takes no word such as {short_repr(action.word)}")
        if n is not None and verb not in ("DEAL", "DISCARD", "KING", "REPORT"):
            raise IllegalAction(f"{verb} takes no number")
        phase = self.phase
        if phase == Phase.GAME_OVER:
            raise IllegalAction("the game is over")
        if verb == "REPORT":
            referee.check_report(self, action)
            return
        if verb == "KING":
            self._check_king(action)
            return
        if self.to_act == CHANCE:
            self._check_chance(action)
            return
        if phase == Phase.DECISION:
            self._check_choice(action, verb == "CHOOSE")
            return
        seat = self.to_act
        expected = _EXPECTED_VERBS[phase]
        if verb not in expected:
            raise IllegalAction(f"{verb} is not possible now: expected {' or '.join(expected)}")
        if verb in _SIMPLE and (cards or n is not None):
            raise IllegalAction(f"{verb} names no card and no number")
        if verb == "PROPOSE" and not self._can_propose():
            raise IllegalAction("no more proposals: the stock cannot serve the elder hand "
                                "(ECARTE-R-11)" if not self.stock() else
                                "no more exchanges are allowed in this deal (max_exchanges)")
        if verb == "REFUSE" and self.no_refusal == seat:
            raise IllegalAction("the dealer may not refuse this proposal: he turned up a "
                                "card in the exchange (CLUB-37)")
        if verb == "DISCARD":
            self._check_discard(action, seat)
        elif verb == "PLAY":
            if len(cards) != 1:
                raise IllegalAction("PLAY names one card")
            c = cards[0]
            if c not in self.hands[seat]:
                raise IllegalAction(f"{c.pretty} is not in the hand")
            if not self.referee:
                ok = legal_cards(self.hands[seat], [x for _, x in self.trick], self.trump,
                                 self.rules)
                if c not in ok:
                    raise IllegalAction(self._why_illegal(seat, c))

    def _cited(self, *, oh: str, club: str, rules: str) -> str:
        """The law a refusal cites: the code in force's (the old Hoyle laws', the Club
        Code's), or the rule of play with no code (issue 33, point 7: never another
        code's)."""
        name = self.laws.name if self.laws is not None else ""
        return {"oh": oh, "club": club}.get(name, rules)

    def _why_illegal(self, seat: int, card: Card) -> str:
        lead = self.trick[0][1]
        name = {Suit.CLUBS: "club", Suit.DIAMONDS: "diamond", Suit.HEARTS: "heart",
                Suit.SPADES: "spade"}[lead.suit]
        hand = self.hands[seat]
        if any(c.suit == lead.suit for c in hand):
            law = self._cited(club="ECARTE-R-13; CLUB-43", oh="ECARTE-R-13; HGIE-18",
                              rules="ECARTE-R-13")
            if card.suit != lead.suit:
                return f"you must follow suit: play a {name} ({law})"
            return (f"you must win the trick when you can: play a {name} higher than "
                    f"{lead} ({law})")
        return "void in the suit led, you must trump (ECARTE-R-13; trump_when_void)"

    def _check_discard(self, action: Action, seat: int) -> None:
        cards = action.cards
        for c in cards:
            if c not in self.hands[seat]:
                raise IllegalAction(f"{c.pretty} is not in the hand")
        if self.phase == Phase.RECTIFY:
            k = self.steps[0].cards
            if action.n is not None or len(cards) != min(k, len(self.hands[seat])):
                raise IllegalAction(f"lay out exactly {k} card(s)")
            return
        lo, hi = self._discard_range(seat)
        if seat == self.elder:
            asked = action.n if action.n is not None else len(cards)
            if not self.referee:
                if action.n is not None and action.n != len(cards):
                    raise IllegalAction("lay out as many cards as you ask for (" + self._cited(
                        oh="OH-11", club="CLUB-29, CLUB-30", rules="ECARTE-R-9") + ")")
                if not lo <= len(cards) <= hi:
                    raise IllegalAction(f"lay out 1 to {hi} cards (the stock holds "
                                        f"{len(self.stock())}; ECARTE-R-9, R-11)")
            elif not 1 <= asked <= HAND_SIZE or len(cards) > HAND_SIZE:
                raise IllegalAction("the elder hand asks for 1 to 5 cards")
            return
        if action.n is not None:
            raise IllegalAction("the dealer's DISCARD takes no number")
        if not lo <= len(cards) <= hi and not (self.referee and len(cards) <= HAND_SIZE):
            raise IllegalAction(f"lay out {lo} to {hi} cards (ECARTE-R-9, R-11; "
                                "dealer_min_exchange)")

    def _check_chance(self, action: Action) -> None:
        verb, cards = action.verb, action.cards
        phase = self.phase
        if phase == Phase.RECTIFY:
            step = self.steps[0]
            want = "TAKE" if step.kind is StepKind.DRAW_SURPLUS else "DRAW"
            if verb != want:
                raise IllegalAction(f"{verb} is not possible now: expected {want}")
            k = self._draw_count()
            pool = self.hands[step[1]] if want == "TAKE" else self.stock()
            if len(cards) != k or any(c not in pool for c in cards):
                where = "the hand" if want == "TAKE" else "the stock"
                raise IllegalAction(f"{want} names {k} card(s) from {where}")
            return
        expected = _CHANCE_VERBS[phase]
        if verb != expected:
            raise IllegalAction(f"{verb} is not possible now: expected {expected}")
        if phase == Phase.CUT_FOR_DEAL:
            if len(cards) != 1:
                raise IllegalAction("CUT names one card")
            if cards[0] in self.cuts:
                raise IllegalAction(f"{cards[0].pretty} has already been cut")
        elif phase == Phase.DEAL:
            stock = self.stock()
            for c in cards:
                if c not in stock:
                    raise IllegalAction(f"{c.pretty} is not in the pack to be dealt (set aside)")
            if len(cards) != 2 * HAND_SIZE:
                raise IllegalAction(f"DEAL names 10 cards (the elder hand's five, then the "
                                    f"dealer's), not {len(cards)}")
            if action.n not in PATTERNS:
                raise IllegalAction("DEAL gives the pattern: DEAL 32 … (three then two) or "
                                    "DEAL 23 … (two then three)")
            if self.pattern is not None and action.n != self.pattern and not self.referee:
                raise IllegalAction(f"the deal pattern {PATTERNS[self.pattern]} is kept for the "
                                    "game (ECARTE-R-5; CLUB-8, HGIE-6)")
        elif phase == Phase.TURN_UP:
            if len(cards) != 1 or cards[0] not in self.stock():
                raise IllegalAction("TURN names one card of the stock")
        else:  # DRAW
            stock = self.stock()
            for c in cards:
                if c not in stock:
                    raise IllegalAction(f"{c.pretty} is not in the stock")
            k = self._draw_count()
            if len(cards) != k and not self.referee:
                raise IllegalAction(f"DRAW names {k} card(s) from the stock")

    def _check_king(self, action: Action) -> None:
        if action.cards:
            raise IllegalAction("KING names no card")
        seat = action.n if action.n is not None else self.to_act
        if seat not in (0, 1):
            raise IllegalAction("KING: whose king? (KING 0 or KING 1)")
        if self.phase in (Phase.DECISION, Phase.RECTIFY):
            raise IllegalAction("settle the pending ruling first")
        if seat != self.to_act and not self.referee and not self._king_shown(seat):
            # Out of turn a seat marks only a king on the table, turned up (CLUB-22) or led
            # (CLUB-24); the refusal is one text, whoever holds the king of trumps.
            raise IllegalAction(f"KING {seat}: a seat announces its own king at its turn; "
                                "out of turn only a king on the table, " + self._cited(
                                    club="turned up (CLUB-22) or played as its first card "
                                         "(CLUB-24)",
                                    oh="turned up or played as its first card (HGIE-5)",
                                    rules="turned up or played as its first card "
                                          "(ECARTE-R-7)"))
        if self._turned_king_markable(seat):
            return
        if self.king_barred[seat] and self.phase == Phase.PLAY:
            raise IllegalAction("this player may not mark the king in this deal (" +
                                self._cited(oh="OH-11, OH-12", club="CLUB-19",
                                            rules="ECARTE-R-7") + ")")
        turned = self.turn_up
        if seat == self.dealer and turned is not None and turned.rank == Rank.KING:
            # Nobody holds the king of trumps when it is the turn-up: it is the dealer's,
            # marked once (ECARTE-R-7; CLUB-22, CLUB-47), and no code rules marking it again.
            raise IllegalAction("the king turned up is the dealer's and is already marked ("
                                + self._cited(club="ECARTE-R-7; CLUB-22",
                                              oh="ECARTE-R-7; HGIE-5", rules="ECARTE-R-7")
                                + ")" if self.king_points[seat] else
                                "the king turned up may no longer be marked ("
                                + self._cited(club="ECARTE-R-7; CLUB-19, CLUB-22",
                                              oh="ECARTE-R-7; HGIE-5", rules="ECARTE-R-7")
                                + ")")
        if self.referee and self.phase == Phase.PLAY and not self.announced[seat]:
            return  # a late or false king is ruled by the law code
        if self.phase != Phase.PLAY:
            raise IllegalAction("the king is announced in the play, before the holder's "
                                "first card (" + self._cited(club="CLUB-23", oh="HGIE-5",
                                                             rules="ECARTE-R-7") + ")")
        if self.announced[seat]:
            raise IllegalAction("the king has already been marked")
        if self.trump_king not in self.hands[seat] and not self._played_by(seat)[:1] == \
                [self.trump_king]:
            raise IllegalAction("you do not hold the king of trumps")
        if not self.king_window(seat):
            raise IllegalAction("too late: the king must be announced before the holder's "
                                "first card (" + self._cited(club="CLUB-23, CLUB-24",
                                                             oh="HGIE-5",
                                                             rules="ECARTE-R-7") + ")")

    # -- doing it --------------------------------------------------------------------

    def _do(self, action: Action, events: list[Event]) -> None:
        verb = action.verb
        if verb == "REPORT":
            referee.do_report(self, action, events)
        elif verb == "KING":
            self._do_king(action.n if action.n is not None else self.to_act, events)
        elif self.phase == Phase.DECISION:
            self._do_choose(action, events)
        elif self.phase == Phase.RECTIFY:
            self._do_step(action, events)
        elif verb == "CUT":
            self._do_cut(action.cards[0], events)
        elif verb == "DEAL":
            assert action.n is not None
            self._do_deal(action.n, action.cards, events)
        elif verb == "TURN":
            self._do_turn(action.cards[0], events)
        elif verb == "STAND":
            self._do_stand(events)
        elif verb == "PROPOSE":
            self.proposals += 1
            events.append(Event(Kind.PROPOSE, self.to_act, proposals=self.proposals,
                                source="ECARTE-R-8"))
            self.phase, self.to_act = Phase.ANSWER, self._dealer()
        elif verb == "ACCEPT":
            self.no_refusal = None
            events.append(Event(Kind.ACCEPT, self.to_act, proposals=self.proposals,
                                source="ECARTE-R-8"))
            self.phase, self.to_act = Phase.DISCARD, self._elder()
        elif verb == "REFUSE":
            self.refused.append(self.proposals)
            events.append(Event(Kind.REFUSE, self.to_act, proposals=self.proposals,
                                source="ECARTE-R-8"))
            self._start_play(events)
        elif verb == "DISCARD":
            self._do_discard(action, events)
        elif verb == "DRAW":
            self._do_draw(action.cards, events)
        else:  # PLAY
            self._do_play(action.cards[0], events)

    def _dealer(self) -> int:
        assert self.dealer is not None
        return self.dealer

    def _elder(self) -> int:
        assert self.dealer is not None
        return 1 - self.dealer

    def _score(self, seat: int, points: int, events: list[Event], reason: str,
               source: str, cards: tuple[Card, ...] = (),
               items: tuple[ScoreItem, ...] = ()) -> bool:
        """Score ``points`` for ``seat``, never below 0; True when that ends the game
        (ECARTE-R-16: the first to the target wins at once). The ``score`` event carries the
        change made (a point taken from a score of 0 changes nothing: no event); ``items``
        say what the points are for (the kinds ``point``, ``vole``, ``penalty``, ``king``),
        a ruling's points carry none."""
        before = self.scores[seat]
        self.scores[seat] = max(0, before + points)
        change = self.scores[seat] - before
        if change or not points:
            events.append(Event(Kind.SCORE, seat, cards, change, items, reason, source,
                                self.scores[seat]))
        return self._reach(seat, self.scores[seat], events)

    def _target(self) -> int:
        return self.rules.target

    def _settle(self, winner: int, forfeit: str) -> tuple[str, int, str]:
        loser = self.scores[1 - winner]
        games = 1
        if self.rules.game_values and not forfeit:
            games = 3 if loser == 0 else 2 if loser <= 2 else 1
        self.result = GameResult(winner, (self.scores[0], self.scores[1]), games, forfeit)
        value = {1: "single", 2: "double", 3: "treble"}[games]
        reason = f"wins {self.scores[0]}-{self.scores[1]}" + \
            (f" ({value} game)" if self.rules.game_values else "") + \
            (f"; the game conceded ({forfeit})" if forfeit else "")
        return reason, self.scores[winner], "ECARTE-R-16"

    def _cut_rank(self, card: Card) -> int:
        return trick_rank(card)

    def _cut_rule(self) -> tuple[bool, str, str]:
        return False, "the higher card deals", "ECARTE-R-3"  # the highest cut deals

    def _do_deal(self, pattern: int, cards: Sequence[Card], events: list[Event]) -> None:
        elder, dealer = self._elder(), self._dealer()
        self.hands[elder] = sorted(cards[:HAND_SIZE], key=_idx)
        self.hands[dealer] = sorted(cards[HAND_SIZE:], key=_idx)
        events.append(Event(Kind.DEAL, elder, tuple(self.hands[elder]), hidden=True,
                            reason=PATTERNS[pattern], source="ECARTE-R-5"))
        events.append(Event(Kind.DEAL, dealer, tuple(self.hands[dealer]), hidden=True,
                            reason=PATTERNS[pattern], source="ECARTE-R-5"))
        self.phase, self.to_act = Phase.TURN_UP, CHANCE
        if self.pattern is None:
            self.pattern = pattern
        elif pattern != self.pattern and self.laws is not None \
                and "deal_pattern_breach" in self.laws.kinds:
            self._rule(Irregularity("deal_pattern_breach", dealer, self.phase,
                                    {"pattern": PATTERNS[pattern],
                                     "game_pattern": PATTERNS[self.pattern]}), events)

    def _do_turn(self, card: Card, events: list[Event]) -> None:
        dealer = self._dealer()
        if self.turned_king_open is not None:
            events.append(Event(Kind.KING_LOST, self.turned_king_open,
                                reason="the turned-up king was not marked before the next "
                                       "turn-up: it is lost", source="ECARTE-R-7"))
            self.turned_king_open = None
        self.turn_up = card
        events.append(Event(Kind.TURN_UP, dealer, (card,), source="ECARTE-R-6"))
        self.phase, self.to_act = Phase.PROPOSAL, self._elder()
        self._turned_king(card, events)

    def _do_stand(self, events: list[Event]) -> None:
        # The penalty is for standing without proposing (ECARTE-R-15; HGIE-21 "plays
        # without proposing"); the scope parameter concerns refusals only.
        if self.proposals == 0:
            self.stood = True
        events.append(Event(Kind.STAND, self.to_act, proposals=self.proposals, source="ECARTE-R-8"))
        self._start_play(events)

    def _do_discard(self, action: Action, events: list[Event]) -> None:
        seat = self.to_act
        cards = action.cards
        for c in cards:
            self.hands[seat].remove(c)
        self.discards[seat].extend(cards)
        if seat == self.elder:
            self.asked = action.n if action.n is not None else len(cards)
            self.laid = len(cards)
            self.pre_served = 0
            events.append(Event(Kind.DISCARD, seat, tuple(cards), hidden=True, n_cards=self.asked,
                                reason=f"asks for {self.asked}", source="ECARTE-R-9"))
            offer = self.exposed_offer
            if offer is not None and offer in self.stock() and self.laws is not None \
                    and "exposed_card_offer" in self.laws.kinds:
                if self._rule(Irregularity("exposed_card_offer", self._dealer(), self.phase,
                                           {"cards": (offer,)}), events, ServeElder(seat)):
                    return
            self._serve(seat, events)
            return
        else:
            self.laid = len(cards)
            events.append(Event(Kind.DISCARD, seat, tuple(cards), hidden=True, n_cards=len(cards),
                                source="ECARTE-R-9"))
            if not cards:
                self._after_draw(seat, events)
                return
        if not self.stock():
            self._after_draw(seat, events)
            return
        self.serving = seat
        self.phase, self.to_act = Phase.DRAW, CHANCE

    def _serve(self, seat: int, events: list[Event]) -> None:
        """``seat`` has laid out: he is served from the stock, unless nothing is due."""
        if not self.stock() or (seat == self.elder and self.asked <= self.pre_served):
            self._after_draw(seat, events)
            return
        self.serving = seat
        self.phase, self.to_act = Phase.DRAW, CHANCE

    def _do_draw(self, cards: Sequence[Card], events: list[Event]) -> None:
        seat = self.serving
        assert seat is not None
        due = self._draw_count()
        self.hands[seat].extend(cards)
        self.hands[seat].sort(key=_idx)
        self.taken[seat] += len(cards)
        events.append(Event(Kind.DRAW, seat, tuple(cards), hidden=True, n_cards=len(cards),
                            source="ECARTE-R-9"))
        cont = AfterDraw(seat)
        if self.referee and self.laws is not None:
            facts = {"asked": self.asked, "laid": self.laid, "given": len(cards), "due": due,
                     "count": abs(len(cards) - due) if len(cards) != due
                     else abs(self.asked - self.laid)}
            kind = ""
            if seat == self.elder:
                if len(cards) < due:
                    kind = "short_delivery"
                elif len(cards) > due:
                    kind = "over_delivery"
                elif self.asked > self.laid:
                    kind = "ask_more"
                elif self.asked < self.laid:
                    kind = "ask_fewer"
            elif len(cards) > due:
                kind = "dealer_took_too_many"
            elif len(cards) < due:
                kind = "dealer_took_too_few"
            if kind and kind in self.laws.kinds:
                offender = self._dealer() if kind in ("short_delivery", "over_delivery") \
                    else seat
                if self._rule(Irregularity(kind, offender, Phase.DRAW, facts), events, cont):
                    return
        self._continue(cont, events)

    def _after_draw(self, seat: int, events: list[Event]) -> None:
        if seat == self.elder:
            lo, hi = self._discard_range(self._dealer())
            if hi == 0:
                events.append(Event(Kind.STOCK_OUT, self._dealer(), reason="the stock cannot "
                                    "serve the dealer: he plays his hand as it stands",
                                    source="ECARTE-R-11"))
                self._end_exchange(events)
                return
            self.phase, self.to_act = Phase.DISCARD, self._dealer()
            return
        self._end_exchange(events)

    def _end_exchange(self, events: list[Event]) -> None:
        self.exchanges += 1
        self.serving = None
        if self.dealt_by is not None:
            (seat, law), self.dealt_by = self.dealt_by, None
            if self.stand_deal(seat, events, law):
                return
        if not self.stock():
            events.append(Event(Kind.STOCK_OUT, self._elder(), reason="the stock is exhausted: "
                                "the elder hand must play", source="ECARTE-R-11"))
            self._start_play(events)
            return
        limit = self.rules.max_exchanges
        if limit is not None and self.exchanges >= limit:
            events.append(Event(Kind.STOCK_OUT, self._elder(), reason="no more exchanges in "
                                "this deal (max_exchanges)", source="ECARTE-R-10"))
            self._start_play(events)
            return
        self.phase, self.to_act = Phase.PROPOSAL, self._elder()

    def stand_deal(self, seat: int, events: list[Event], law: str) -> bool:
        """The deal ``seat`` made out of turn stands (CLUB-14, OH-6): he is its dealer and
        his adversary the elder hand; a turned-up king, the dealer's (ECARTE-R-7), passes
        to him, scored or open to marking; the hands, the exchanges and the cards played
        stand as made, by seat; a stand or a refusal made under the wrong roles makes no
        point worth 2 (ECARTE-R-15: no code says; the default, a catalogue gap); the next
        deal is his adversary's (the deal alternates from the deal that stood). Done by the
        effect :class:`~hoyle.ecarte.effects.DealStands`, or when the exchange it was found
        in ends. True when the king's point ends the game."""
        old = 1 - seat
        self.make_dealer(seat)
        events.append(Event(Kind.DEAL_STANDS, seat, reason="dealt out of turn; the deal "
                            "stands: the dealer of this deal", source=law))
        k = self.turn_up
        if k is None or k.rank != Rank.KING:
            return False
        if self.turned_king_open == old:
            self.open_turned_king(seat)
            return False
        if not self.king_points[old] or self.king_barred[old]:
            return False
        self.move_king_point(old, seat)
        self._score(old, -1, events, "the king turned up (not the dealer)", law)
        return self._score(seat, 1, events, "the king turned up (the dealer)", law, (k,),
                           (ScoreItem("king", (k,), 1),))

    def _start_play(self, events: list[Event]) -> None:
        self.phase = Phase.PLAY
        self.leader = self._elder()
        self.trick = []
        self.tricks = [0, 0]
        self.played = []
        self.last_trick = None
        events.append(Event(Kind.PLAY_STARTS, self.leader, source="ECARTE-R-12"))
        self._next_turn(events)

    def _do_king(self, seat: int, events: list[Event]) -> None:
        if self._turned_king_markable(seat):
            self.turned_king_open = None
            if self.turn_up is not None and self.turn_up.rank == Rank.KING \
                    and self.dealer == seat:
                self.king_points[seat] += 1
            self._score(seat, 1, events, "the king turned up, marked", "CLUB-22",
                        items=(ScoreItem("king", (), 1),))
            return
        k = self.trump_king
        assert k is not None
        holds = k in self.hands[seat] or self._played_by(seat)[:1] == [k]
        if holds and self.king_window(seat):
            self.announced[seat] = True
            self.king_points[seat] += 1
            events.append(Event(Kind.KING, seat, (k,), reason="announces the king",
                                source="ECARTE-R-7"))
            self._score(seat, 1, events, "the king", "ECARTE-R-7", (k,),
                        (ScoreItem("king", (k,), 1),))
            return
        if holds:  # referee mode: announced too late
            self._rule(Irregularity("late_king", seat, self.phase, {"card": k}), events)
            return
        # referee mode: a king he does not hold. It is never credited (a false king at 4
        # would win the game): the code rules it once he plays a card without correcting
        # it (CLUB-25, HGIE-5), or the correction is reported first (REPORT king_corrected).
        self.announced[seat] = True
        self.false_king.append(seat)
        events.append(Event(Kind.KING, seat, (), reason="announces the king, which he does "
                            "not hold: not marked", source="ECARTE-R-7"))

    def _do_play(self, card: Card, events: list[Event]) -> None:
        seat = self.to_act
        if self.trick:
            lead = self.trick[0][1]
            ok = legal_cards(self.hands[seat], [lead], self.trump, self.rules)
            if card not in ok:
                has_suit = any(c.suit == lead.suit for c in self.hands[seat])
                kind = ("revoke" if card.suit != lead.suit else "underplay") if has_suit \
                    else "no_trump"
                self.revokes.append((seat, kind, card))
                events.append(Event(Kind.IRREGULAR_PLAY, seat, (card,), reason=kind.replace(
                    "_", " "), source="ECARTE-R-13"))
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.played.append((seat, card))
        events.append(Event(Kind.PLAY, seat, (card,), source="ECARTE-R-12"))
        if len(self.trick) == 2:
            (a, lead), (b, second) = self.trick
            winner = b if trick_winner(lead, second, self.trump) else a
            self.tricks[winner] += 1
            self.last_trick = (a, lead, b, second, winner)
            self.trick = []
            self.leader = winner
            events.append(Event(Kind.TRICK, winner, (lead, second), tricks=self.tricks[winner],
                                source="ECARTE-R-12"))
        if seat in self.false_king and self.laws is not None:
            self.false_king.remove(seat)
            holder = self.king_holder()
            turned = self.turn_up is not None and self.turn_up.rank == Rank.KING
            facts = {"adversary_holds_king": holder == 1 - seat
                     or self._played_by(1 - seat)[:1] == [self.trump_king],
                     "king_turned_up": turned}
            if self._rule(Irregularity("false_king", seat, self.phase, facts), events,
                          NextTurn()):
                return
        self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        """The next to play, or the end of the hand. A player out of cards cannot answer:
        each card the other still holds counts as a trick for him (CLUB-30, CLUB-34)."""
        self.phase = Phase.PLAY
        while True:
            if not self.trick:
                lead = self.leader
                assert lead is not None
                other = 1 - lead
                if not self.hands[lead] and not self.hands[other]:
                    self._end_hand(events)
                    return
                if not self.hands[lead]:
                    n = len(self.hands[other])
                    self.tricks[other] += n
                    events.append(Event(Kind.TRICK, other, (), tricks=self.tricks[other],
                                        reason=f"{n} card(s) that cannot be answered",
                                        source="CLUB-34"))
                    self.played.extend((other, c) for c in self.hands[other])
                    self.hands[other] = []
                    self._end_hand(events)
                    return
                self.to_act = lead
                return
            a, card = self.trick[0]
            follower = 1 - a
            if self.hands[follower]:
                self.to_act = follower
                return
            self.tricks[a] += 1
            self.trick = []
            self.leader = a
            events.append(Event(Kind.TRICK, a, (card,), tricks=self.tricks[a],
                                reason="a card that cannot be answered", source="CLUB-30"))

    def _end_hand(self, events: list[Event]) -> None:
        if self.revokes and self.laws is not None:
            seat, kind, card = self.revokes[0]
            self.revokes = []
            if kind in self.laws.kinds and self._rule(
                    Irregularity(kind, seat, Phase.PLAY, {"card": card}), events, ScoreHand()):
                return
        self._score_hand(events)

    def _score_hand(self, events: list[Event]) -> None:
        """The point or the vole (ECARTE-R-14), worth 2 against a stand or a refusal
        (ECARTE-R-15), then the next deal."""
        t = self.tricks
        elder = self._elder()
        for seat in (0, 1):
            pts = hand_points(t[seat], t[1 - seat])
            if not pts:
                continue
            source = "ECARTE-R-14"
            reason = "the vole" if pts == 2 else "the point"
            parts = [("vole" if pts == 2 else "point", pts)]
            refusal = bool(self.refused) if self.penalty_scope() == "any" \
                else 1 in self.refused
            if pts == 1 and penalised(seat == elder, self.stood, refusal):
                pts, source = hand_score(False, True), "ECARTE-R-15"
                parts.append(("penalty", pts - 1))
                reason = "the point against a stand" if seat != elder else \
                    "the point against a refusal"
            scale = self.reduced.get(seat)
            if scale == "club":
                pts, reason = pts - 1, reason + " (reduced, CLUB-43)"
                kind, last = parts.pop()
                if last > 1:
                    parts.append((kind, last - 1))
            elif scale == "hgie":
                pts, reason = (1 if reason == "the vole" else 0), reason + " (reduced, HGIE-18)"
                parts = [("vole", 1)] if pts else []
            items = tuple(ScoreItem(k, (), p) for k, p in parts)
            events.append(Event(Kind.HAND_OVER, seat, tricks=t[seat], reason=reason,
                                source=source))
            if pts and self._score(seat, pts, events, reason, source, items=items):
                return
            break
        else:
            events.append(Event(Kind.HAND_OVER, None, reason="no point", source="ECARTE-R-14"))
        self._new_deal(elder, events, "the deal passes", "ECARTE-R-3")

    # -- rulings, decisions and reports ------------------------------------------------

    def _facts(self) -> dict[str, Any]:
        """The facts of the situation every ruling may use."""
        k = self.turn_up
        return {"dealer": self.dealer, "elder": self.elder, "phase": self.phase,
                "turned": k is not None, "turn_up_king": k is not None and k.rank == Rank.KING,
                "proposals": self.proposals, "exchanges": self.exchanges,
                "cards_played": len(self.played), "tricks": tuple(self.tricks),
                "hand_sizes": (len(self.hands[0]), len(self.hands[1])),
                "scores": tuple(self.scores), "deal_number": self.deal_number,
                "stock_size": len(self.stock()), "elder_has_looked": self._elder_has_looked(),
                "elder_has_acted": self._elder_has_acted(),
                "stood": self.stood, "refused": tuple(self.refused),
                "king_holder": self.king_holder(), "discarded": any(self.discards),
                "announced": tuple(self.announced),
                "false_king_open": tuple(self.false_king)}

    def _elder_has_looked(self) -> bool:
        """The elder hand has seen his hand: reported as a fact of the table (``REPORT
        elder_looked``), or taken so once he has acted in the deal (stood or proposed):
        the engine's reading of "before he looks" (CLUB-9, CLUB-11, CLUB-13; OH-7,
        HGIE-6, HGIE-11)."""
        return self.elder_looked or self._elder_has_acted()

    def _elder_has_acted(self) -> bool:
        """The elder hand has made his first act of the deal (stood or proposed): what
        closes OH-5's choice ("when the deal is complete, before the proposal"); his look
        alone does not (issue 33, point 3)."""
        return self.phase not in (Phase.DEAL, Phase.TURN_UP) and \
            (self.proposals > 0 or self.phase == Phase.PLAY or self.stood)

    def _adversary(self, seat: int) -> int:
        return 1 - seat

    def _noting(self, irregularity: Irregularity) -> None:
        if irregularity.kind in _DEAL_COUNT_KINDS:
            self.wrong_count_open = True

    def _score_ruling(self, seat: int, points: int, reason: str, law: str,
                      events: list[Event]) -> bool:
        return self._score(seat, points, events, reason, law)

    def _put_back(self, seat: int, points: int, law: str, events: list[Event]) -> None:
        self._score(seat, -points, events, "taken down", law)

    def _void_deal_points(self, law: str, events: list[Event]) -> None:
        for seat in (0, 1):
            lost = self.scores[seat] - self.deal_start_scores[seat]
            if lost:
                self.scores[seat] = self.deal_start_scores[seat]
                events.append(Event(Kind.SCORE, seat, (), -lost, (), "points of the deal "
                                    "taken back", law, self.scores[seat]))

    def _same_dealer(self) -> int | None:
        return self._dealer()

    def _turned_king(self, card: Card, events: list[Event]) -> None:
        """A king turned up: 1 point to the dealer at once, or his to mark before the next
        turn-up (``turned_king_marking = "manual"``). Source: ECARTE-R-7."""
        if card.rank != Rank.KING:
            return
        dealer = self._dealer()
        if self.rules.turned_king_marking == "manual":
            self.turned_king_open = dealer
        else:
            self.king_points[dealer] += 1
            self._score(dealer, 1, events, "the king turned up", "ECARTE-R-7", (card,),
                        (ScoreItem("king", (card,), 1),))

    # -- what a ruling changes (the effects of hoyle.ecarte.effects) --------------------

    def make_dealer(self, seat: int) -> None:
        """``seat`` is the dealer of this deal, made out of turn and standing (CLUB-14,
        OH-6); a stand or a refusal made under the wrong roles makes no point worth 2."""
        self.dealer = seat
        self.stood, self.refused = False, []

    def note_dealt_by(self, seat: int, law: str) -> None:
        """The deal was made by ``seat`` out of turn and stands once the exchange ends."""
        self.dealt_by = (seat, law)

    def move_king_point(self, seat: int, to: int | None = None) -> None:
        """A king point marked by ``seat`` is struck off, and marked by ``to`` instead
        (``None``: by nobody); the caller scores both."""
        self.king_points[seat] -= 1
        if to is not None:
            self.king_points[to] += 1

    def open_turned_king(self, seat: int | None) -> None:
        """The turned-up king is ``seat``'s to mark (``None``: nobody's)."""
        self.turned_king_open = seat

    def bar_king(self, seat: int) -> int:
        """``seat`` may not mark the king in this deal (OH-11, OH-12, CLUB-19): returns the
        king points he had marked, now struck off (the caller scores them back)."""
        self.king_barred[seat] = True
        if self.turned_king_open == seat:
            self.turned_king_open = None
        lost = self.king_points[seat]
        if lost:
            self.king_points[seat] = 0
            self.announced[seat] = False
        return lost

    def withdraw_false_king(self, seat: int) -> None:
        """``seat``'s false king is withdrawn: no longer announced (CLUB-25)."""
        if seat in self.false_king:
            self.false_king.remove(seat)
            self.announced[seat] = False

    def resume_at(self, phase: str) -> None:
        """The deal goes on at the proposal (the elder hand to act) or the answer (the
        dealer)."""
        self.phase = Phase(phase)
        self.to_act = self._elder() if phase == Phase.PROPOSAL else self._dealer()

    def set_cards_aside(self, seat: int | None, cards: Sequence[Card]) -> None:
        """``cards`` (out of ``seat``'s hand where they are in it) are set aside."""
        for c in cards:
            if seat is not None and c in self.hands[seat]:
                self.hands[seat].remove(c)
            if c not in self.set_aside:
                self.set_aside.append(c)

    def set_aside_seen(self, keep: Card | None) -> None:
        """The cards seen at a faulty turn-up (but ``keep``) are set aside (CLUB-11)."""
        self.set_cards_aside(None, [c for c in self.exposed_turn if c != keep])
        self.exposed_turn = []

    def set_turn_up(self, card: Card | None) -> None:
        """``card`` is the turn-up; ``None``: a fresh card is to be turned (HGIE-11)."""
        self.turn_up = card
        if card is None:
            self.phase, self.to_act = Phase.TURN_UP, CHANCE

    def take_count_report(self) -> tuple[int, str, tuple[Card, ...]] | None:
        """The wrong number of cards reported and not yet put right, now taken in hand."""
        report, self.count_report = self.count_report, None
        return report

    def put_right(self, seat: int, word: str, cards: Sequence[Card]) -> None:
        """``seat``'s hand as it should have fallen: a reported surplus (``too_many``) goes
        back to the stock, reported missing cards (``too_few``) back to the hand."""
        for c in cards:
            if word == "too_many" and c in self.hands[seat]:
                self.hands[seat].remove(c)
            elif word == "too_few" and c not in self.hands[seat]:
                self.hands[seat].append(c)
        self.hands[seat].sort(key=_idx)

    def clear_cuts(self) -> None:
        """The cuts for deal are made again (CLUB-3)."""
        self.cuts = [None, None]

    def bar_refusal(self, seat: int) -> None:
        """``seat`` may not refuse the next proposal (CLUB-37)."""
        self.no_refusal = seat

    def offer_exposed(self, card: Card | None) -> None:
        """``card``, exposed in the exchange, is offered to the elder hand (CLUB-37)."""
        self.exposed_offer = card

    def give_card(self, seat: int, card: Card) -> None:
        """``seat`` takes ``card`` from the stock as the first card he receives."""
        self.hands[seat].append(card)
        self.hands[seat].sort(key=_idx)
        self.taken[seat] += 1
        self.pre_served += 1

    def reduce_scale(self, seat: int, scale: str) -> None:
        """``seat`` scores on the reduced ``scale`` in this hand (CLUB-43, HGIE-18)."""
        self.reduced[seat] = scale

    def gather_for_replay(self) -> None:
        """The cards played go back to their hands; the hand is played again from the
        first trick, the elder hand leading (CLUB-25, CLUB-43, HGIE-18)."""
        self.hands = sorted_hands([self.hands[x] + self._played_by(x) for x in (0, 1)])
        self.played, self.trick, self.tricks = [], [], [0, 0]
        self.revokes, self.false_king = [], []
        self.leader = self._elder()

    def take_back_card(self, seat: int, card: Card) -> None:
        """``card`` goes back to ``seat``'s hand from the trick (or the last trick, which
        is undone) and he plays again (CLUB-39, CLUB-41)."""
        if self.trick and self.trick[-1] == (seat, card):
            self.trick.pop()
        elif self.last_trick is not None and self.last_trick[3] == card:
            a, lead, b, _, winner = self.last_trick
            self.tricks[winner] -= 1
            self.trick = [(a, lead)]
            self.leader = a
            self.last_trick = None
        self.played.remove((seat, card))
        self.hands[seat].append(card)
        self.hands[seat].sort(key=_idx)
        self.revokes = [r for r in self.revokes if r[2] != card]
        self.phase, self.to_act = Phase.PLAY, seat

    def begin_rectification(self, steps: list[RectifyStep], cont: Continuation,
                            events: list[Event]) -> None:
        """The hands are put right by ``steps`` (ECARTE-R-9); ``cont`` carries on after."""
        self.steps = steps
        self.pending = cont
        self._next_step(events)

    # -- what a report puts on the table (hoyle.ecarte.referee) -------------------------

    def note_elder_looked(self) -> None:
        """The elder hand has looked at his cards (CLUB-9's window closes)."""
        self.elder_looked = True

    def table_count_report(self, seat: int, word: str, cards: tuple[Card, ...]) -> None:
        """A wrong number reported: ``too_many`` cards found in ``seat``'s hand are added
        to it, ``too_few``'s missing ones taken out, until the law puts them right."""
        self.count_report = (seat, word, cards)
        if word == "too_many":
            self.hands[seat].extend(cards)
            self.hands[seat].sort(key=_idx)
        else:
            for c in cards:
                self.hands[seat].remove(c)

    def note_exposed_turn(self, cards: Sequence[Card]) -> None:
        """Several cards were seen at the turn-up (CLUB-11)."""
        self.exposed_turn = list(cards)

    def claim_revoke(self, revoke: tuple[int, str, Card]) -> None:
        """A revoke found and claimed now: ruled now, not again at the hand's end."""
        self.revokes.remove(revoke)

    def _next_step(self, events: list[Event]) -> None:
        while self.steps:
            kind, seat, k = self.steps[0]
            pool = len(self.stock()) if kind is StepKind.COMPLETE else len(self.hands[seat])
            if min(k, pool) == 0:
                self.steps.pop(0)
                continue
            self.phase = Phase.RECTIFY
            self.to_act = seat if kind is StepKind.LAY_OUT else CHANCE
            return
        cont, self.pending = self.pending, None
        assert cont is not None
        self._continue(cont, events)

    def _do_step(self, action: Action, events: list[Event]) -> None:
        kind, seat, _ = self.steps.pop(0)
        cards = action.cards
        if kind is StepKind.COMPLETE:
            self.hands[seat].extend(cards)
            self.hands[seat].sort(key=_idx)
            events.append(Event(Kind.DRAW, seat, cards, hidden=True, n_cards=len(cards),
                                reason="the hand made up from the stock", source="ECARTE-R-9"))
        else:
            for c in cards:
                self.hands[seat].remove(c)
            self.set_aside.extend(cards)
            why = "drawn at random" if kind is StepKind.DRAW_SURPLUS else "laid out"
            events.append(Event(Kind.SET_ASIDE, seat, cards, hidden=True, n_cards=len(cards),
                                reason=why, source="ECARTE-R-9"))
        self._next_step(events)

    def _continue(self, cont: Continuation, events: list[Event]) -> None:
        """Carry on the flow a ruling, a decision or a rectification interrupted."""
        if isinstance(cont, AfterDraw):
            self._after_draw(cont.seat, events)
        elif isinstance(cont, ServeElder):
            self._serve(cont.seat, events)
        elif isinstance(cont, NextTurn):
            self._next_turn(events)
        elif isinstance(cont, ScoreHand):
            self._score_hand(events)
        else:
            assert isinstance(cont, Resume)
            self.phase, self.to_act = cont.phase, cont.to_act
            if self.phase == Phase.PLAY:
                self._next_turn(events)

    def _choose(self, ruling: Ruling, events: list[Event], cont: Continuation) -> bool:
        """The chosen option's ruling; then, a wrong count ruled and the deal standing, a
        king turned up after it is ruled in turn."""
        deal = self.deal_number
        moved = super()._choose(ruling, events, cont)
        if self.deal_number == deal and self.wrong_count_open and self.laws is not None \
                and not self.is_terminal():
            self.wrong_count_open = False
            k = self.turn_up
            if k is not None and k.rank == Rank.KING and \
                    "turned_king_after_wrong_count" in self.laws.kinds:
                irr = Irregularity("turned_king_after_wrong_count", self._dealer(),
                                   self.phase, self._facts() | {"adversary": self._elder()})
                self._apply_ruling(self.laws.rule(irr), irr, events, cont)
        return moved

    # -- records ---------------------------------------------------------------------

    def _record_head(self) -> tuple[str, str]:
        return "ecarte", "two-hand"

    def _record_options(self) -> dict[str, Any]:
        options: dict[str, Any] = self.rules.options()
        if self.start_scores is not None:
            options["start_scores"] = ",".join(map(str, self.start_scores))
        if self.match is not None:
            options.update(MatchState.from_dict(self.match).to_options())
        return options

    def _result_dict(self) -> dict[str, Any] | None:
        return self.result.to_dict() if self.result else None
