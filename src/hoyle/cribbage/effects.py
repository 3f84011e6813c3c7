"""Cribbage's own effects of a ruling (:mod:`hoyle.engine.effects` has the shared ones).

>>> from hoyle.engine.laws import Ruling
>>> r = Ruling("taken down", effects=(Takedown(0, 1, 3),), points=((1, 2),))
>>> [type(e).__name__ for e in r.effects]
['Points', 'Takedown']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, cast

from hoyle.cards import Card
from hoyle.cribbage.events import Kind
from hoyle.engine.flow import Continuation
from hoyle.engine.effects import Effect, Table
from hoyle.cribbage.scoring import heels_points
from hoyle.engine.action import ScoreItem
from hoyle.engine.event import EventKind, event

if TYPE_CHECKING:
    from hoyle.cribbage.state import CribbageState, GoSnapshot

__all__ = ["VoidPointsOf", "DisplacedPeg", "Dead", "Takedown", "NoCount", "PegOut", "RetractToGo",
           "ActualDealer", "RecutStarter", "RetractLead", "Rediscard", "SwapHandCrib",
           "RestoreHandCrib", "ReplaceStarter"]


def _crib(state: Table) -> CribbageState:
    return cast("CribbageState", state)


@dataclass(frozen=True)
class VoidPointsOf(Effect):
    """The points these seats' sides pegged in this deal are taken back (ACC-5.2.c)."""

    ORDER: ClassVar[int] = 10
    seats: tuple[int, ...]

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _crib(state)
        s._void_seats(self.seats, law, events)
        return False


@dataclass(frozen=True)
class NoCount(Effect):
    """``seat``'s pegging in this deal is taken back, and for the rest of the deal his
    play points and his hand do not count (the crib still does): the web2008 remedy of
    ACC-4.4(b) for the holder of a wrong number of cards found after the starter."""

    ORDER: ClassVar[int] = 12
    seat: int

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _crib(state)
        s._void_seats([self.seat], law, events)
        s.rule_out_counting(s.rules.side_of(self.seat), law)
        return False


@dataclass(frozen=True)
class DeadCrib(Effect):
    """This deal's crib is dead: it is not counted in the show (ACC-4.4(b), web2008: the
    dealer held a wrong number of cards and the crib has too many)."""

    ORDER: ClassVar[int] = 12

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        _crib(state).kill_crib(law)
        return False


@dataclass(frozen=True)
class PegOut(Effect):
    """``seat`` pegs the ``points`` he was due, short of which he stopped: he pegs out
    (ACC-8.11: the opponent must remind him; the game ends)."""

    ORDER: ClassVar[int] = 80
    seat: int
    points: int

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _crib(state)
        return s._peg(self.seat, self.points, events, "pegged out (reminded)", law)


@dataclass(frozen=True)
class DisplacedPeg(Effect):
    """``seat``'s front peg was knocked out: it goes in the hole behind the standing peg
    (the score falls back to the back peg; EW-xiv)."""

    ORDER: ClassVar[int] = 30
    seat: int

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _crib(state)
        side = s.rules.side_of(self.seat)
        before, rear = s.pegs[side]
        s.set_front_peg(side, rear, max(0, rear - 1))
        events.append(event(Kind.SCORE, self.seat, (), rear - before, (), "displaced peg",
                            law, rear))
        return False


@dataclass(frozen=True)
class Dead(Effect):
    """Those ``cards`` of ``seat``'s hand take no further part in the play (they are still
    counted in the show; ACC-7.3)."""

    ORDER: ClassVar[int] = 40
    seat: int
    cards: tuple[Card, ...]

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _crib(state)
        s.take_out_of_play(self.seat, self.cards)
        events.append(event(Kind.DEAD, self.seat, self.cards, reason="dead: out of the play",
                            source=law))
        return False


@dataclass(frozen=True)
class Takedown(Effect):
    """An overscore taken down (EW-ix, ACC-8.4.c): ``offender`` is put back ``excess``
    points and they go to ``claimant``."""

    ORDER: ClassVar[int] = 85
    offender: int
    claimant: int
    excess: int

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _crib(state)
        offender, excess = self.offender, self.excess
        s.close_overscore(offender, excess)
        side = s.rules.side_of(offender)
        before, rear = s.pegs[side]
        front = max(0, before - excess)
        s.set_front_peg(side, front, min(rear, front))
        events.append(event(Kind.SCORE, offender, (), front - before, (), "taken down",
                            law, front))
        return s._peg(self.claimant, excess, events, "the overscore taken down", law)


def _take_back_to(s: CribbageState, snap: GoSnapshot, seat: int, law: str,
                  events: list[Any], lead: bool = False) -> None:
    """The play put back as it stood at ``snap``, ``seat`` to play: the cards played
    since go back to their owners and the points pegged since are taken back."""
    back = tuple(c for _, c in s.played[len(snap.played):])
    for side, lost, front in s.restore_play(snap):
        events.append(event(Kind.SCORE, side, (), -lost, (), "points since the go taken back",
                            law, front))
    s.resume_play(seat, lead_taken_back=lead)
    events.append(event(Kind.RETRACTED, seat, back, reason="the cards played since the go go "
                        "back to their hands", source=law, count=s.count))


@dataclass(frozen=True)
class RetractToGo(Effect):
    """Every card played since ``seat``'s go (the renege being ruled) goes back to its
    owner's hand and the points pegged since are taken back; ``seat`` is to play again
    as before his go (ACC-7.3; a wrong go corrected)."""

    ORDER: ClassVar[int] = 5
    seat: int

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _crib(state)
        rec = s.retracting
        assert rec is not None, "RetractToGo rules a go reported as a renege"
        _take_back_to(s, rec.snapshot, rec.seat, law, events)
        return False


@dataclass(frozen=True)
class ActualDealer(Effect):
    """``seat`` is the dealer of this deal (the one who really dealt, or the owner of a
    crib found on his side, ACC-5.1.d); the deal passes on from him; with ``heels``, two
    for his heels already pegged go to him."""

    ORDER: ClassVar[int] = 50
    seat: int
    heels: bool = True

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _crib(state)
        old = s.dealer
        if old is None or self.seat == old:
            return False
        s.make_dealer(self.seat)
        events.append(event(EventKind.DEALER, self.seat, reason="deals this deal, as the "
                            "table found", source=law))
        if self.heels and s.heels_to == old and s.starter is not None:
            pts = heels_points(s.starter)
            s._put_back(old, pts, law, events)
            s.move_heels(self.seat)
            return s._peg(self.seat, pts, events, "his heels (the player who really dealt)",
                          law, (ScoreItem("heels", (s.starter,), pts),), (s.starter,))
        return False


@dataclass(frozen=True)
class RecutStarter(Effect):
    """The starter goes back and the pone cuts again (before the play's first card): its
    heels, if pegged, are taken back."""

    ORDER: ClassVar[int] = 50

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _crib(state)
        if s.starter is None or s.played:
            return False
        if s.heels_to is not None:
            s._put_back(s.heels_to, heels_points(s.starter), law, events)
        s.move_heels(None)
        card = s.return_starter()
        events.append(event(Kind.RETRACTED, None, (card,), reason="the starter goes back: "
                            "cut again", source=law))
        return False


@dataclass(frozen=True)
class RetractLead(Effect):
    """A lead out of turn taken back: the cards go back, their points are taken back, the
    pone leads (ACC-7.1.a-b)."""

    ORDER: ClassVar[int] = 5

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _crib(state)
        if s.wrong_lead is not None:
            _take_back_to(s, s.wrong_lead, s.pone(), law, events, lead=True)
        return False


@dataclass(frozen=True)
class Rediscard(Effect):
    """``seat`` takes back his discards and lays away again (ACC-5.1.c), before the starter
    is turned."""

    ORDER: ClassVar[int] = 50
    seat: int

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _crib(state)
        if s.starter is not None or not s.discards[self.seat]:
            return False
        cards = s.return_discards(self.seat)
        events.append(event(Kind.RETRACTED, self.seat, (), reason="the discards taken back "
                            "to be laid away again", source=law, n_cards=len(cards)))
        return False


@dataclass(frozen=True)
class SwapHandCrib(Effect):
    """The dealer plays on with the crib's cards; the crib is his true hand (ACC-5.2.c,
    found after the play began), while he has not played a card of this deal."""

    ORDER: ClassVar[int] = 50

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _crib(state)
        dealer = s.dealer
        if s.swapped is not None and s.swapped[0] == dealer:
            # he played from the crib, as entered: he holds its cards already, and the
            # crib is his true hand (issue 33, point 4)
            events.append(event(Kind.SWAPPED, dealer, reason=(
                "the dealer plays on with the crib's cards he holds; his hand is the crib"
                if s.hands[dealer] else "the crib's cards are the dealer's hand, his own the "
                "crib"), source=law))
            s.keep_hand_and_crib_as_played()
            return False
        if dealer is None or s.dealer_has_played() or not s.kept[dealer]:
            return False
        s.swap_dealer_hand_and_crib()
        events.append(event(Kind.SWAPPED, dealer, reason="the dealer plays on with the "
                            "crib's cards; his hand is the crib", source=law))
        return False


@dataclass(frozen=True)
class RestoreHandCrib(Effect):
    """A hand and the crib confused (a seat played from the crib, as entered): each is
    counted at the show as it truly is, his own hand and the true crib; the play goes on
    as it stands (EW-viii "the true crib and hand are restored"; ACC-5.1.b "the cards go
    back to the crib"). Nothing when no such exchange was entered."""

    ORDER: ClassVar[int] = 85  # after the penalty's points: a recount takes the flow

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _crib(state)
        seat = s.swapped[0] if s.swapped is not None else None
        if s.restore_hand_and_crib():
            events.append(event(Kind.SWAPPED, seat, reason="restored: his own hand and the "
                                "true crib are counted at the show; the play goes on as it "
                                "stands", source=law))
            return s.recount_open_show(events)  # a hand or crib being counted: again
        return False


@dataclass(frozen=True)
class ReplaceStarter(Effect):
    """The card the pone picked from the dealer's five is the starter, the other four the
    dealer's hand (ACC-6.1.c: the dealer took the starter into his hand unseen)."""

    ORDER: ClassVar[int] = 50
    card: Card

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _crib(state)
        if s.replace_starter(self.card):
            events.append(event(Kind.SWAPPED, s.dealer, (self.card,), reason=f"the starter "
                                f"is {self.card.pretty}; the dealer holds the other four",
                                source=law))
        return False
