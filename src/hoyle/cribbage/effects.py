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
from hoyle.engine.event import event

if TYPE_CHECKING:
    from hoyle.cribbage.state import CribbageState

__all__ = ["VoidPointsOf", "DisplacedPeg", "Dead", "Takedown", "NoCount", "PegOut", "RetractToGo",
           "ActualDealer", "RecutStarter", "RetractLead", "Rediscard", "SwapHandCrib"]


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
        s._void_sides(sorted({s.rules.side_of(x) for x in self.seats}), law, events)
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
        side = s.rules.side_of(self.seat)
        s._void_sides([side], law, events)
        s.no_count[side] = law
        return False


@dataclass(frozen=True)
class DeadCrib(Effect):
    """This deal's crib is dead: it is not counted in the show (ACC-4.4(b), web2008: the
    dealer held a wrong number of cards and the crib has too many)."""

    ORDER: ClassVar[int] = 12

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        _crib(state).crib_dead = law
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
        peg = s.pegs[s.rules.side_of(self.seat)]
        before = peg[0]
        peg[0], peg[1] = peg[1], max(0, peg[1] - 1)
        events.append(event(Kind.SCORE, self.seat, (), peg[0] - before, (), "displaced peg",
                            law, peg[0]))
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
        for c in self.cards:
            if c in s.hands[self.seat]:
                s.hands[self.seat].remove(c)
                s.dead.append(c)
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
        if (offender, excess) in s.open_overscores:
            s.open_overscores.remove((offender, excess))
        off = s.pegs[s.rules.side_of(offender)]
        before = off[0]
        off[0] = max(0, off[0] - excess)
        off[1] = min(off[1], off[0])
        events.append(event(Kind.SCORE, offender, (), off[0] - before, (), "taken down",
                            law, off[0]))
        return s._peg(self.claimant, excess, events, "the overscore taken down", law)


@dataclass(frozen=True)
class RetractToGo(Effect):
    """Every card played since ``seat``'s go (the renege being ruled) goes back to its
    owner's hand and the points pegged since are taken back; ``seat`` is to play again
    as before his go (ACC-7.3; a wrong go corrected)."""

    ORDER: ClassVar[int] = 5
    seat: int

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        _crib(state)._retract_to_go(law, events)
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
        _crib(state)._set_dealer(self.seat, self.heels, law, events)
        return False


@dataclass(frozen=True)
class RecutStarter(Effect):
    """The starter goes back and the pone cuts again (before the play's first card)."""

    ORDER: ClassVar[int] = 50

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        _crib(state)._recut_starter(law, events)
        return False


@dataclass(frozen=True)
class RetractLead(Effect):
    """A lead out of turn taken back: the cards go back, their points are taken back, the
    pone leads (ACC-7.1.a-b)."""

    ORDER: ClassVar[int] = 5

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        _crib(state)._retract_lead(law, events)
        return False


@dataclass(frozen=True)
class Rediscard(Effect):
    """``seat`` takes back his discards and lays away again (ACC-5.1.c)."""

    ORDER: ClassVar[int] = 50
    seat: int

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        _crib(state)._rediscard(self.seat, law, events)
        return False


@dataclass(frozen=True)
class SwapHandCrib(Effect):
    """The dealer plays on with the crib's cards; the crib is his true hand (ACC-5.2.c)."""

    ORDER: ClassVar[int] = 50

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        _crib(state)._swap_hand_and_crib(law, events)
        return False
