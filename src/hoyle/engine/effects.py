"""The effects of a ruling, and the effects both games share (``shared/DESIGN.md``, The laws).

A :class:`~hoyle.engine.laws.Ruling` names its law, says what it rules in words, carries
its notes (parameter, provisional, edition, scope, covered) and a tuple of :class:`Effect`: what
the ruling does to the game. Each effect is a small frozen class whose :meth:`Effect.apply`
does it to a state; the state applies a ruling's effects in order and stops when one
takes the flow elsewhere (the game over, a new deal, a decision to make, ...).

The effects here are those both games share; each calls the state's hook for the part
that is the game's own (how points are pegged or scored, what "the deal" holds). A
decision for the offended side is :class:`~hoyle.engine.laws.Decide`, beside the
:class:`~hoyle.engine.laws.Decision` it opens. Each game's own effects are in
``hoyle.<game>.effects``.

Every effect has an :attr:`Effect.ORDER`: a ruling's effects are applied in that order,
whatever order they were written in (the order both games' engines have always applied
them: points taken back before points scored, the game lost before a new deal, a decision
last).

>>> from hoyle.engine.laws import Ruling
>>> r = Ruling("seat 1 scores 2; new deal", law="D-1", new_deal=True, points=((1, 2),))
>>> r.effects
(Points(seat=1, points=2, reason='penalty'), NewDeal(redealer=None))
>>> r.points, r.new_deal
(((1, 2),), True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from hoyle.engine.flow import Continuation

__all__ = ["Table", "Effect", "VoidDealPoints", "PegBack", "Points", "LoseGame", "NewDeal"]


class Table(Protocol):
    """What a game's state offers the shared effects (:class:`~hoyle.engine.state.BaseState`
    and its hooks). The module imports nothing of the engine above it (the laws build
    rulings from effects, and the states apply them), so the events are ``list[Any]``
    here: they are :class:`~hoyle.engine.event.Event`."""

    dealer: int | None

    def _score_ruling(self, seat: int, points: int, reason: str, law: str,
                      events: list[Any]) -> bool: ...

    def _put_back(self, seat: int, points: int, law: str, events: list[Any]) -> None: ...

    def _void_deal_points(self, law: str, events: list[Any]) -> None: ...

    def _lose_game(self, seat: int, law: str, events: list[Any]) -> None: ...

    def _same_dealer(self) -> int | None: ...

    def _new_deal(self, dealer: int | None, events: list[Any], reason: str,
                  source: str) -> None: ...

    def _open_decision(self, decision: Any, cont: Continuation) -> None: ...


@dataclass(frozen=True)
class Effect:
    """One effect of a ruling.

    Attributes:
        ORDER: where it stands among a ruling's effects (lower first).
        POINTS_REASON: when set, the ruling's :class:`Points` are scored with this reason
            (the hand abandoned, CLUB-42).
    """

    ORDER: ClassVar[int] = 0
    POINTS_REASON: ClassVar[str] = ""

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        """Do this effect to ``state`` for the ruling of ``law`` (``cont``: the flow a
        decision or a rectification carries on). True when the flow went elsewhere: the
        ruling's later effects are not applied."""
        raise NotImplementedError


@dataclass(frozen=True)
class VoidDealPoints(Effect):
    """Every point scored in this deal is taken back (before a new deal)."""

    ORDER: ClassVar[int] = 10

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        state._void_deal_points(law, events)
        return False


@dataclass(frozen=True)
class PegBack(Effect):
    """``seat``'s score goes back ``points`` (a backward penalty), never below 0."""

    ORDER: ClassVar[int] = 20
    seat: int
    points: int

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        state._put_back(self.seat, self.points, law, events)
        return False


@dataclass(frozen=True)
class Points(Effect):
    """``seat`` scores ``points`` (``reason``: the score's words)."""

    ORDER: ClassVar[int] = 80
    seat: int
    points: int
    reason: str = "penalty"

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        return state._score_ruling(self.seat, self.points, self.reason, law, events)


@dataclass(frozen=True)
class LoseGame(Effect):
    """``seat`` loses the game: the adversary wins at once."""

    ORDER: ClassVar[int] = 90
    seat: int

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        state._lose_game(self.seat, law, events)
        return True


@dataclass(frozen=True)
class NewDeal(Effect):
    """The deal is void and dealt again, by ``redealer`` (``None``: the same dealer)."""

    ORDER: ClassVar[int] = 100
    redealer: int | None = None

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        dealer = self.redealer if self.redealer is not None else state._same_dealer()
        state._new_deal(dealer, events, "the deal is void", law)
        return True
