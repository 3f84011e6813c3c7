"""The cribbage state machine: cut for deal, deal, crib, starter, the play, the show.

Source: ``shared/laws/cribbage.md`` §1 (CRIB-R-1 … CRIB-R-14), EW-i, EW-viii, EW-xii,
EW-xvii, EW-xxi; ACC-12.1. The architecture is in ``shared/DESIGN.md``.

``current_player`` is a seat, :data:`~hoyle.table.CHANCE` (cut, deal, starter) or
:data:`~hoyle.table.TERMINAL`. ``apply`` validates an action completely before it changes
anything, so an :class:`~hoyle.errors.IllegalAction` leaves the state exactly as it was.

A hand-set deal (seat 0 is the pone when seat 1 deals):

>>> s = CribbageState()
>>> for a in ["CUT 9C", "CUT 2D",
...           "DEAL 5H 5C 5S JD 2C 3C | 4H 6D 7S 8S QC KD"]:
...     _ = s.apply(Action.parse(a))
>>> s.dealer, s.phase, s.current_player
(1, 'discard', 0)
>>> _ = s.apply(Action.parse("DISCARD 2C 3C"))
>>> _ = s.apply(Action.parse("DISCARD QC KD"))
>>> ev = s.apply(Action.parse("STARTER 5D"))
>>> s.phase, s.current_player
('play', 0)
>>> [str(a) for a in s.legal_actions()]
['PLAY 5C', 'PLAY 5H', 'PLAY 5S', 'PLAY JD']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, NamedTuple

from hoyle.cards import CARDS, Card
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.scoring import ShowScore, heels_points, score_play, score_show, show_total
from hoyle.errors import HoyleError, IllegalAction, RecordError
from hoyle.table.core import CHANCE, TERMINAL, Action, Event, ScoreItem
from hoyle.table.records import GameRecord

__all__ = [
    "CribbageState",
    "CribbageView",
    "GameResult",
    "Phase",
    "replay_record",
]

_PIPS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


class Phase:
    """Phase names (``shared/laws/cribbage.md`` §0)."""

    CUT_FOR_DEAL = "cut_for_deal"
    DEAL = "deal"
    DISCARD = "discard"
    STARTER = "starter"
    PLAY = "play"
    GAME_OVER = "game_over"


_EXPECTED = {Phase.CUT_FOR_DEAL: "CUT", Phase.DEAL: "DEAL", Phase.STARTER: "STARTER",
             Phase.DISCARD: "DISCARD"}
_PLAY_ACTIONS = tuple(Action("PLAY", (c,)) for c in CARDS)
_GO = Action("GO")
_DISCARDS: dict[tuple[Card, ...], Action] = {}


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
    """How a game ended.

    Attributes:
        winner: the winning seat (with partnerships: the side, 0 or 1).
        scores: final score of each side, in points.
        lurch: EW-xvii: the loser had fewer than ``lurch_threshold`` points (a lurch counts
            as a double game only if agreed before the game; reported either way).
        skunk: ACC-12.1: the loser had ``skunk_threshold`` (90) points or fewer.
        double_skunk: the loser had ``double_skunk_threshold`` or fewer (off by default).
        game_points: ACC-12.1 game points to the winner: 2, or 3 for a skunk
            (4 for a double skunk when that option is on).
    """

    winner: int
    scores: tuple[int, ...]
    lurch: bool
    skunk: bool
    double_skunk: bool
    game_points: int

    def to_dict(self) -> dict[str, Any]:
        """As a JSON-ready dict (for records)."""
        return {"winner": self.winner, "scores": list(self.scores), "lurch": self.lurch,
                "skunk": self.skunk, "double_skunk": self.double_skunk,
                "game_points": self.game_points}


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

    @property
    def is_dealer(self) -> bool:
        """Whether this seat deals (and owns the crib) this deal."""
        return self.dealer == self.seat


class CribbageState:
    """A game of cribbage in progress.

    Args:
        rules: the variant and its options (default: two-hand six-card to 121).
        seed: recorded in the game's record; chance outcomes drawn by a runner use it.

    The public reading API is ``phase``, ``current_player``, ``legal_actions()``,
    ``is_legal()``, ``apply()``, ``sample_chance()``, ``view()``, ``clone()``, ``scores``,
    ``result``, ``history`` and ``to_record()``.
    """

    def __init__(self, rules: CribbageRules | None = None, seed: int | None = None,
                 itemize: bool = True) -> None:
        self.rules = rules or CribbageRules()
        self.seed = seed
        self.itemize = itemize
        n = self.rules.players
        self.phase = Phase.CUT_FOR_DEAL
        self.dealer: int | None = None
        self.cuts: list[Card | None] = [None] * n
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
        self.to_act: int = CHANCE
        self.pegs: list[list[int]] = [[0, 0] for _ in range(self.rules.sides)]
        self.result: GameResult | None = None
        self.deal_number = 0
        self._history: list[Action] = []

    # -- reading ---------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL`."""
        return self.to_act

    @property
    def history(self) -> list[Action]:
        """Every action applied, chance outcomes included (a copy)."""
        return list(self._history)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score (front peg), in points."""
        return tuple([p[0] for p in self.pegs])

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == Phase.GAME_OVER

    def pone(self) -> int:
        """The seat on the dealer's left (leads and shows first). Raises before the cut."""
        if self.dealer is None:
            raise IllegalAction("no dealer yet: cut for deal first")
        return (self.dealer + 1) % self.rules.players

    def _seat_order(self) -> list[int]:
        """Seats from the dealer's left round to the dealer."""
        assert self.dealer is not None
        n = self.rules.players
        return [(self.dealer + 1 + i) % n for i in range(n)]

    def stock(self) -> list[Card]:
        """Cards neither in a hand, the crib, the play nor turned as starter (hidden)."""
        used = {c for h in self.hands for c in h} | set(self.crib)
        used |= {c for _, c in self.played}
        if self.starter is not None:
            used.add(self.starter)
        return [c for c in CARDS if c not in used]

    def view(self, seat: int) -> CribbageView:
        """What ``seat`` may know now (see :class:`CribbageView`).

        Raises:
            IllegalAction: ``seat`` is not a seat of this game.
        """
        rules = self.rules
        if not 0 <= seat < rules.players:
            raise IllegalAction(f"no seat {seat} in a {rules.players}-player game")
        pegs = self.pegs
        return CribbageView(
            seat, self.phase, self.to_act, self.dealer, rules.players, rules.target,
            tuple([p[0] for p in pegs]), tuple([p[1] for p in pegs]),
            tuple(self.hands[seat]), self.kept[seat], self.discards[seat],
            tuple([len(h) for h in self.hands]), self.starter, self.count,
            tuple(self.count_cards), tuple(self.played), tuple(self.passed),
            self.deal_number, self.result)

    def clone(self) -> CribbageState:
        """An independent copy (cheap: lists are copied, cards are shared values)."""
        c = CribbageState.__new__(CribbageState)
        c.__dict__.update(self.__dict__)
        c.cuts = list(self.cuts)
        c.hands = [list(h) for h in self.hands]
        c.kept = list(self.kept)
        c.discards = list(self.discards)
        c.crib = list(self.crib)
        c.count_cards = list(self.count_cards)
        c.played = list(self.played)
        c.passed = list(self.passed)
        c.pegs = [list(p) for p in self.pegs]
        c._history = list(self._history)
        return c

    # -- what may be done ------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The current player's legal actions (empty at chance and terminal nodes).

        In the play: every card that keeps the count at 31 or under; ``GO`` only when no
        card fits (EW-xxi: a player who can play must).
        """
        seat = self.to_act
        if seat < 0:
            return []
        if self.phase == Phase.DISCARD:
            k = self.rules.discard_per_player
            return [_discard_action(combo) for combo in combinations(self.hands[seat], k)]
        if self.phase == Phase.PLAY:
            room = 31 - self.count
            acts = [_PLAY_ACTIONS[c.index] for c in self.hands[seat]
                    if _PIPS[c.rank] <= room]
            return acts or [_GO]
        return []  # pragma: no cover - no other phase has a player to act

    def chance_outcomes(self) -> list[Action]:
        """All chance outcomes at a cut or starter node (equally likely); empty elsewhere
        (a deal has too many to list: use :meth:`sample_chance`)."""
        if self.phase == Phase.CUT_FOR_DEAL:
            taken = {c for c in self.cuts if c is not None}
            return [Action("CUT", (c,)) for c in CARDS if c not in taken]
        if self.phase == Phase.STARTER:
            return [Action("STARTER", (c,)) for c in self.stock()]
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw the outcome of the current chance node from ``rng``.

        Raises:
            IllegalAction: the current node is not a chance node.
        """
        if self.to_act != CHANCE:
            raise IllegalAction("not a chance node")
        if self.phase == Phase.DEAL:
            r = self.rules
            k = r.players * r.cards_dealt + r.crib_cards_from_stock
            return Action("DEAL", tuple(rng.sample(CARDS, k)))
        if self.phase == Phase.CUT_FOR_DEAL:
            taken = {c for c in self.cuts if c is not None}
            return Action("CUT", (rng.choice([c for c in CARDS if c not in taken]),))
        return Action("STARTER", (rng.choice(self.stock()),))

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be applied now (never raises, never changes the state)."""
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    def _check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` with a clear reason unless ``action`` is legal."""
        verb, cards = action.verb, action.cards
        phase = self.phase
        if phase == Phase.PLAY:
            seat = self.to_act
            if verb == "PLAY" and len(cards) == 1:
                c = cards[0]
                if c not in self.hands[seat]:
                    raise IllegalAction(f"{c} is not in the hand")
                if self.count + _PIPS[c.rank] > 31:
                    raise IllegalAction(
                        f"{c} would take the count past 31 (count is {self.count})")
                return
            if verb == "GO" and not cards:
                if self._can_play(seat):
                    raise IllegalAction("you can play a card, so you cannot say go (EW-xxi)")
                return
            if verb == "PLAY":
                raise IllegalAction("PLAY names one card")
            if verb == "GO":
                raise IllegalAction("GO names no card")
            raise IllegalAction(f"{verb} is not possible now: expected PLAY or GO")
        if phase == Phase.GAME_OVER:
            raise IllegalAction("the game is over")
        expected = _EXPECTED[phase]
        if verb != expected:
            raise IllegalAction(f"{verb} is not possible now: expected {expected}")
        if len(set(cards)) != len(cards):
            raise IllegalAction("the same card is named twice")
        if phase == Phase.CUT_FOR_DEAL:
            if len(cards) != 1:
                raise IllegalAction("CUT names one card")
            if cards[0] in self.cuts:
                raise IllegalAction(f"{cards[0]} has already been cut")
        elif phase == Phase.DEAL:
            r = self.rules
            k = r.players * r.cards_dealt + r.crib_cards_from_stock
            if len(cards) != k:
                raise IllegalAction(f"DEAL names {k} cards, not {len(cards)}")
        elif phase == Phase.STARTER:
            if len(cards) != 1:
                raise IllegalAction("STARTER names one card")
            c = cards[0]
            if any(c in h for h in self.hands) or c in self.crib:
                raise IllegalAction(f"{c} is not in the stock")
        else:  # DISCARD
            hand = self.hands[self.to_act]
            k = self.rules.discard_per_player
            if len(cards) != k:
                raise IllegalAction(f"lay away exactly {k} card(s) to the crib")
            for c in cards:
                if c not in hand:
                    raise IllegalAction(f"{c} is not in the hand")

    # -- doing it --------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` and return the events it caused, in order.

        Raises:
            IllegalAction: the action is not legal now; the state is unchanged.
        """
        self._check(action)
        events: list[Event] = []
        self._history.append(action)
        phase = self.phase
        if phase == Phase.CUT_FOR_DEAL:
            self._do_cut(action.cards[0], events)
        elif phase == Phase.DEAL:
            self._do_deal(action.cards, events)
        elif phase == Phase.DISCARD:
            self._do_discard(action.cards, events)
        elif phase == Phase.STARTER:
            self._do_starter(action.cards[0], events)
        elif action.verb == "GO":
            self._do_go(events)
        else:
            self._do_play(action.cards[0], events)
        return events

    def _peg(self, seat: int, points: int, events: list[Event], reason: str, source: str,
             items: tuple[ScoreItem, ...] = (), cards: tuple[Card, ...] = ()) -> bool:
        """Score ``points`` for ``seat``'s side; return True when that ends the game
        (CRIB-R-11: the game ends the instant a side reaches the target)."""
        side = self.rules.side_of(seat)
        peg = self.pegs[side]
        if points > 0:
            peg[1] = peg[0]
            peg[0] += points
        events.append(Event("score", seat, cards, points, items, reason, source, peg[0]))
        if peg[0] >= self.rules.target:
            self._end_game(side, events)
            return True
        return False

    def _end_game(self, side: int, events: list[Event]) -> None:
        r = self.rules
        scores = self.scores
        loser_best = max(s for i, s in enumerate(scores) if i != side)
        skunk = loser_best <= r.skunk_threshold
        double = r.double_skunk_threshold is not None and loser_best <= r.double_skunk_threshold
        self.result = GameResult(
            winner=side, scores=scores, lurch=loser_best < r.lurch_threshold, skunk=skunk,
            double_skunk=double, game_points=4 if double else 3 if skunk else 2)
        self.phase = Phase.GAME_OVER
        self.to_act = TERMINAL
        events.append(Event("game_over", side, reason=_result_text(self.result),
                            source="CRIB-R-11", total=scores[side]))

    def _do_cut(self, card: Card, events: list[Event]) -> None:
        seat = self.cuts.index(None)
        self.cuts[seat] = card
        events.append(Event("cut", seat, (card,), source="EW-i"))
        if None in self.cuts:
            return
        cuts: list[Card] = [c for c in self.cuts if c is not None]
        low = min(c.rank for c in cuts)
        lowest = [i for i, c in enumerate(cuts) if c.rank == low]
        if len(lowest) > 1:
            events.append(Event("cut_tie", reason="equal cuts: cut again", source="EW-i"))
            self.cuts = [None] * self.rules.players
            return
        self.dealer = lowest[0]
        events.append(Event("dealer", self.dealer, reason="lowest cut deals", source="EW-i"))
        if self.rules.last_bonus:
            if self._peg(self.pone(), self.rules.last_bonus, events, "three for last",
                         "EW-T-x"):
                return
        self._start_deal()

    def _start_deal(self) -> None:
        n = self.rules.players
        self.phase = Phase.DEAL
        self.to_act = CHANCE
        self.deal_number += 1
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

    def _do_deal(self, cards: Sequence[Card], events: list[Event]) -> None:
        k = self.rules.cards_dealt
        for i, seat in enumerate(self._seat_order()):
            self.hands[seat] = sorted(cards[i * k:(i + 1) * k], key=_by_index)
            events.append(Event("deal", seat, tuple(self.hands[seat]), hidden=True,
                                source="CRIB-R-5"))
        extra = cards[len(self._seat_order()) * k:]
        self.crib = sorted(extra, key=_by_index)
        if extra:
            events.append(Event("crib_from_stock", self.dealer, tuple(extra), hidden=True,
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
        events.append(Event("discard", seat, tuple(cards), hidden=True, source="EW-viii"))
        nxt = self._next_discarder()
        if nxt == CHANCE:
            for s in range(self.rules.players):
                self.kept[s] = tuple(self.hands[s])
            self.phase = Phase.STARTER
        self.to_act = nxt

    def _do_starter(self, card: Card, events: list[Event]) -> None:
        self.starter = card
        events.append(Event("starter", self.dealer, (card,), source="CRIB-R-7"))
        assert self.dealer is not None
        heels = heels_points(card)
        if heels and self._peg(self.dealer, heels, events, "his heels", "EW-xii",
                               (ScoreItem("heels", (card,), heels),), (card,)):
            return
        self.phase = Phase.PLAY
        self.to_act = self.pone()

    def _do_play(self, card: Card, events: list[Event]) -> None:
        seat = self.to_act
        self.hands[seat].remove(card)
        self.count += _PIPS[card.rank]
        self.count_cards.append(card)
        self.played.append((seat, card))
        self.last_player = seat
        events.append(Event("play", seat, (card,), source="CRIB-R-8", count=self.count))
        items = score_play(self.count_cards)
        if items:
            pts = sum(i.points for i in items)
            reason = ", ".join(i.kind for i in items)
            if self._peg(seat, pts, events, reason, "CRIB-R-9", tuple(items), (card,)):
                return
        self._advance(seat, events)

    def _do_go(self, events: list[Event]) -> None:
        seat = self.to_act
        self.passed[seat] = True
        events.append(Event("go", seat, source="CRIB-R-8", count=self.count))
        self._advance(seat, events)

    def _can_play(self, seat: int) -> bool:
        room = 31 - self.count
        for c in self.hands[seat]:
            if _PIPS[c.rank] <= room:
                return True
        return False

    def _advance(self, seat: int, events: list[Event]) -> None:
        """After ``seat`` played or said go: the next to play, or the end of the count."""
        if self.count == 31:
            self._end_count(events, score_last=False)
            return
        n = self.rules.players
        passed = self.passed
        hands = self.hands
        for s in range(n):
            if not passed[s] and self._can_play(s):
                break
        else:
            self._end_count(events, score_last=True)
            return
        for i in range(1, n + 1):
            s = (seat + i) % n
            if not passed[s] and hands[s]:
                self.to_act = s
                return

    def _end_count(self, events: list[Event], score_last: bool) -> None:
        """End the current count: one for last (EW-T-ix) unless 31 was made; then the next
        count is led by the player after the one who played last (CRIB-R-8)."""
        last = self.last_player
        assert last is not None
        n = self.rules.players
        cards_left = any(self.hands)
        if score_last:
            reason = "one for last" if cards_left else "last card"
            if self._peg(last, 1, events, reason, "EW-T-ix", (ScoreItem("go", (), 1),)):
                return
        self.count = 0
        self.count_cards = []
        self.passed = [False] * n
        if not cards_left or not self.rules.play_all_cards:
            self._show(events)
            return
        events.append(Event("count_reset", source="CRIB-R-8", count=0))
        for i in range(1, n + 1):
            s = (last + i) % n
            if self.hands[s]:
                self.to_act = s
                return

    def _show(self, events: list[Event]) -> None:
        """Count the hands from the dealer's left, the dealer's hand last, then the crib
        (CRIB-R-10), ending the game the moment a side reaches the target (CRIB-R-11)."""
        assert self.dealer is not None and self.starter is not None
        rule = self.rules.crib_flush_rule
        score = score_show if self.itemize else _show_total_only
        for seat in self._seat_order():
            show = score(self.kept[seat], self.starter, crib_flush_rule=rule)
            events.append(Event("show", seat, self.kept[seat] + (self.starter,), show.total,
                                show.items, "hand", "CRIB-R-10"))
            if self._peg(seat, show.total, events, "hand", "CRIB-R-10", show.items):
                return
        crib = score(self.crib, self.starter, crib=True, crib_flush_rule=rule)
        events.append(Event("show", self.dealer, tuple(self.crib) + (self.starter,),
                            crib.total, crib.items, "crib", "CRIB-R-10"))
        if self._peg(self.dealer, crib.total, events, "crib", "CRIB-R-10", crib.items):
            return
        self.dealer = (self.dealer + 1) % self.rules.players
        self._start_deal()
        events.append(Event("new_deal", self.dealer, source="CRIB-R-3"))

    # -- records ---------------------------------------------------------------------

    def to_record(self, seats: Sequence[str] = (), date: str = "",
                  laws: str = "ew") -> GameRecord:
        """The game so far as a :class:`~hoyle.table.GameRecord`."""
        return GameRecord(
            game="cribbage", variant=self.rules.variant, laws=laws,
            options=self.rules.options(), seats=list(seats), seed=self.seed, date=date,
            result=self.result.to_dict() if self.result else None,
            actions=[str(a) for a in self._history])

    @staticmethod
    def from_record(record: GameRecord) -> CribbageState:
        """Replay ``record`` and return the state it reaches (see :func:`replay_record`)."""
        return replay_record(record)[0]


def _show_total_only(hand: Sequence[Card], starter: Card, *, crib: bool = False,
                     crib_flush_rule: str = "strict") -> ShowScore:
    """The show total without the itemised breakdown (for fast simulation)."""
    return ShowScore(show_total(hand, starter, crib=crib, crib_flush_rule=crib_flush_rule))


def _result_text(r: GameResult) -> str:
    extra = []
    if r.skunk:
        extra.append("skunk (ACC-12.1)")
    if r.lurch:
        extra.append("lurch (EW-xvii)")
    return f"wins {'-'.join(map(str, r.scores))}" + (f"; {', '.join(extra)}" if extra else "")


def replay_record(record: GameRecord) -> tuple[CribbageState, list[Event]]:
    """Replay a cribbage record: the final state and every event, in order.

    Raises:
        RecordError: the record is not a cribbage record, has unknown options, or an action
            cannot be read or is illegal where it stands (the error names the first one), or
            its stored result disagrees with the replay.
    """
    if record.game != "cribbage":
        raise RecordError(f"not a cribbage record (game {record.game!r})")
    try:
        rules = CribbageRules.for_variant(record.variant or "six-card", **record.options)
    except (HoyleError, TypeError) as e:
        raise RecordError(f"bad variant or options: {e}") from None
    state = CribbageState(rules, seed=record.seed)
    events: list[Event] = []
    for i, text in enumerate(record.actions):
        try:
            action = Action.parse(text)
            events.extend(state.apply(action))
        except (HoyleError, ValueError) as e:
            raise RecordError(str(e), i, text) from None
    if record.result is not None:
        mine = state.result.to_dict() if state.result else None
        if mine != record.result:
            raise RecordError("the recorded result does not match the replayed game")
    return state, events
