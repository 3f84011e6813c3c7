"""Écarté's own effects of a ruling (:mod:`hoyle.engine.effects` has the shared ones).

>>> from hoyle.engine.laws import Ruling
>>> r = Ruling("abandoned", effects=(HandOver(),), points=((1, 2),))
>>> r.effects
(Points(seat=1, points=2, reason='the hand abandoned'), HandOver())
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, cast

from hoyle.cards import Card, Rank
from hoyle.ecarte.events import Kind
from hoyle.ecarte.phase import Phase, RectifyStep, StepKind
from hoyle.engine.effects import Effect, Table
from hoyle.engine.flow import Continuation, Resume
from hoyle.engine.event import Event
from hoyle.engine.state import CUT_FOR_DEAL

if TYPE_CHECKING:
    from hoyle.ecarte.state import EcarteState

__all__ = ["CorrectKing", "DealStands", "ExposedCard", "NoKing", "SetAside", "Restore", "CutAgain", "TurnUp", "NoRefusal", "Reduced",
           "HandOver", "TakeBack", "Replay", "Rectify"]


def _ec(state: Table) -> EcarteState:
    return cast("EcarteState", state)


@dataclass(frozen=True)
class NoKing(Effect):
    """``seat`` may not mark the king in this deal; a king it has already marked is struck
    off (OH-11, OH-12, CLUB-19)."""

    ORDER: ClassVar[int] = 30
    seat: int

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _ec(state)
        lost = s.bar_king(self.seat)
        if lost:
            s._score(self.seat, -lost, events, "the king struck off", law)
        return False


@dataclass(frozen=True)
class CorrectKing(Effect):
    """``seat``'s false king, announced and not yet followed by a card of his, is withdrawn:
    no longer announced, and no law rules it when he plays (CLUB-25, HGIE-5)."""

    ORDER: ClassVar[int] = 35
    seat: int

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        _ec(state).withdraw_false_king(self.seat)
        return False


@dataclass(frozen=True)
class DealStands(Effect):
    """A deal made out of turn stands (CLUB-14 after the turn-up, OH-6 after a discard or a
    card played): ``seat``, who dealt it, is its dealer and his adversary the elder hand
    (:meth:`EcarteState.stand_deal`: the turned-up king passes to him, the next deal is
    his adversary's). Found at the proposal or the answer, the seat of that role acts; in
    the middle of an exchange the roles change when it ends; in the play the cards go on
    as they lie."""

    ORDER: ClassVar[int] = 25
    seat: int

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _ec(state)
        if s.dealer == self.seat:
            return False
        phase = cont.phase if isinstance(cont, Resume) else s.phase
        if phase in (Phase.DISCARD, Phase.DRAW):
            s.note_dealt_by(self.seat, law)  # the roles change when the exchange ends
            return False
        if s.stand_deal(self.seat, events, law):
            return True
        if phase in (Phase.PROPOSAL, Phase.ANSWER):
            s.resume_at(phase)
            return True
        return False


@dataclass(frozen=True)
class SetAside(Effect):
    """Those ``cards`` of ``seat``'s hand (or seen) are set aside (OH-13, CLUB-20)."""

    ORDER: ClassVar[int] = 40
    seat: int
    cards: tuple[Card, ...]

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _ec(state)
        s.set_cards_aside(self.seat, self.cards)
        events.append(Event(Kind.SET_ASIDE, self.seat, self.cards, reason="set aside",
                            source=law))
        return False


@dataclass(frozen=True)
class Restore(Effect):
    """The cards are put as they should have fallen: a reported surplus goes back to the
    stock, reported missing cards back to the hand (OH-7, CLUB-9)."""

    ORDER: ClassVar[int] = 50

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _ec(state)
        report = s.take_count_report()
        if report is None:
            return False
        seat, word, cards = report
        s.put_right(seat, word, cards)
        events.append(Event(Kind.RESTORE, seat, cards, hidden=True, source=law,
                            reason="the cards put as they should have fallen"))
        return False


@dataclass(frozen=True)
class CutAgain(Effect):
    """Equal cuts for deal: the cut is made again (CLUB-3)."""

    ORDER: ClassVar[int] = 55

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _ec(state)
        if s.phase == CUT_FOR_DEAL:
            s.clear_cuts()
        return False


@dataclass(frozen=True)
class TurnUp(Effect):
    """``card`` becomes the turn-up and the other cards seen are set aside (CLUB-11,
    HGIE-11); ``None``: the cards seen are set aside and a fresh card is turned up
    (HGIE-11)."""

    ORDER: ClassVar[int] = 60
    card: Card | None = None

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s, card = _ec(state), self.card
        dealer = s._dealer()
        old = s.turn_up
        if card is not None and card == old:  # the turn-up stands; the others seen go
            s.set_aside_seen(keep=old)
            events.append(Event(Kind.SET_ASIDE, dealer, (), reason="the other cards seen "
                                "set aside", source=law))
            return s.is_terminal()
        if old is not None and old.rank == Rank.KING and s.king_points[dealer]:
            s.move_king_point(dealer)
            s._score(dealer, -1, events, "the king turned up struck off", law)
        if s.turned_king_open == dealer:
            s.open_turned_king(None)
        if old is not None:
            s.set_cards_aside(None, (old,))
        s.set_aside_seen(keep=card)
        s.set_turn_up(card)
        if card is None:
            return True
        events.append(Event(Kind.TURN_UP, dealer, (card,), source=law))
        s._turned_king(card, events)
        return s.is_terminal()


@dataclass(frozen=True)
class NoRefusal(Effect):
    """``seat`` may not refuse the next proposal (CLUB-37)."""

    ORDER: ClassVar[int] = 70
    seat: int

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        _ec(state).bar_refusal(self.seat)
        return False


@dataclass(frozen=True)
class ExposedCard(Effect):
    """CLUB-37's card turned up in the exchange: ``take`` ``None``, it is offered to the
    elder hand ``seat`` at his next exchange; ``True``, he takes it as the first card he
    receives; ``False``, he leaves it and it is set aside."""

    ORDER: ClassVar[int] = 72
    seat: int
    card: Card
    take: bool | None = None

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _ec(state)
        if self.take is None:
            s.offer_exposed(self.card)
            return False
        s.offer_exposed(None)
        if self.card not in s.stock():
            return False
        if self.take:
            s.give_card(self.seat, self.card)
            events.append(Event(Kind.DRAW, self.seat, (self.card,), n_cards=1,
                                reason="the exposed card taken", source=law))
        else:
            s.set_cards_aside(None, (self.card,))
            events.append(Event(Kind.SET_ASIDE, self.seat, (self.card,),
                                reason="the exposed card left: set aside", source=law))
        return False


@dataclass(frozen=True)
class Reduced(Effect):
    """``seat`` scores on a reduced scale in this hand: ``"club"`` 0 for the point, 1 for
    a vole or a point worth 2 (CLUB-43); ``"hgie"`` 0 for the point, 1 for the vole
    (HGIE-18)."""

    ORDER: ClassVar[int] = 75
    seat: int
    scale: str

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        _ec(state).reduce_scale(self.seat, self.scale)
        return False


@dataclass(frozen=True)
class HandOver(Effect):
    """The hand ends now (its points are the ruling's points, scored as "the hand
    abandoned") and the deal passes (CLUB-42)."""

    ORDER: ClassVar[int] = 95
    POINTS_REASON: ClassVar[str] = "the hand abandoned"

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _ec(state)
        s._new_deal(s._elder(), events, "the deal passes", law)
        return True


@dataclass(frozen=True)
class TakeBack(Effect):
    """``card`` goes back to ``seat``'s hand and the seat plays again (CLUB-39, CLUB-41)."""

    ORDER: ClassVar[int] = 110
    seat: int
    card: Card

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _ec(state)
        s.take_back_card(self.seat, self.card)
        events.append(Event(Kind.TAKE_BACK, self.seat, (self.card,), source=law))
        return True


@dataclass(frozen=True)
class Replay(Effect):
    """The hand is played again from the first trick with the same hands (CLUB-25,
    CLUB-43, HGIE-18)."""

    ORDER: ClassVar[int] = 120

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _ec(state)
        s.gather_for_replay()
        events.append(Event(Kind.REPLAY, None, reason="the hand is played again", source=law))
        s._next_turn(events)
        return True


@dataclass(frozen=True)
class Rectify(Effect):
    """The hands are put right card by card: ``complete`` ``(seat, cards)``: the seat's
    hand is made up from the top of the stock (OH-8, OH-9, CLUB-16); ``draw_surplus``:
    that many cards are drawn at random from the hand and set aside (OH-9, CLUB-17);
    ``lay_out``: the seat lays out that many cards of his choosing, face down and unseen
    (OH-10, CLUB-15). The interrupted flow carries on once they are done."""

    ORDER: ClassVar[int] = 130
    complete: tuple[int, int] | None = None
    draw_surplus: tuple[int, int] | None = None
    lay_out: tuple[int, int] | None = None

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        s = _ec(state)
        steps: list[RectifyStep] = []
        if self.complete is not None:
            steps.append(RectifyStep(StepKind.COMPLETE, *self.complete))
        if self.draw_surplus is not None:
            steps.append(RectifyStep(StepKind.DRAW_SURPLUS, *self.draw_surplus))
        if self.lay_out is not None:
            steps.append(RectifyStep(StepKind.LAY_OUT, *self.lay_out))
        steps = [x for x in steps if x.cards > 0]
        if not steps:
            return False
        s.begin_rectification(steps, cont, events)
        return True

