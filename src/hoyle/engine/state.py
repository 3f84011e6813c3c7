"""The state protocol both games implement, and :class:`BaseState`, the skeleton both
games' states are built on (OpenSpiel style; ``shared/DESIGN.md``).

:class:`BaseState` holds what every game's state does alike: the action history,
check-then-apply (:meth:`~BaseState.apply`, :meth:`~BaseState.is_legal`), chance drawn
through the one seeded draw module :mod:`hoyle.engine.rng`, the cut for deal, scoring to
the target and the end of the game, the frame of a ruling (irregularity, the law code's
ruling, its effects applied in order, then the flow carries on), decisions (``CHOOSE`` at
a decision node) and the game's record. Each game's state supplies its rules of play and
the hooks named below (``_check``, ``_do``, ``_facts``, ``_score_ruling``, ...).

The cribbage engine is compiled by mypyc (:mod:`hoyle._accel`) and écarté's is not, so the
class allows interpreted subclasses; without mypyc the marker does nothing.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from enum import StrEnum
from typing import Any, ClassVar, Final, Protocol, TypeVar

from hoyle.cards import Card
from hoyle.engine import rng as draw  # the seeded draws
from hoyle.engine.event import EventKind
from hoyle.engine.flow import Continuation, Resume
from hoyle.engine.action import CHANCE, TERMINAL, Action, choice_words
from hoyle.engine.event import Event, event
from hoyle.engine.laws import Decision, Irregularity, LawCode, Ruling
from hoyle.engine.records import GameRecord
from hoyle.errors import HoyleError, IllegalAction, ParameterError, short_repr

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # pragma: no cover - mypy_extensions comes with mypy (the build's)
    from collections.abc import Callable

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[Any], Any]:  # type: ignore[misc]
        """Without mypyc the marker does nothing."""
        return lambda cls: cls

__all__ = ["BaseState", "Fields", "FramePhase", "GameState", "check_start_scores", "read_scores"]

class FramePhase(StrEnum):
    """The phases the framework itself enters. Each game's ``Phase`` (a ``StrEnum`` in
    ``hoyle.<game>.phase``) repeats them beside its own, as its ``Kind`` repeats
    :class:`~hoyle.engine.event.EventKind`; a phase is a ``str`` and compares as its word.

    >>> FramePhase.GAME_OVER == "game_over"
    True
    """

    CUT_FOR_DEAL = "cut_for_deal"
    DEAL = "deal"
    DECISION = "decision"
    GAME_OVER = "game_over"


# The framework's phases as module constants: a loop tests them on every action, and a
# module constant is read several times faster than an enum's member (Python 3.11).
CUT_FOR_DEAL: Final = FramePhase.CUT_FOR_DEAL
DEAL: Final = FramePhase.DEAL
DECISION: Final = FramePhase.DECISION
GAME_OVER: Final = FramePhase.GAME_OVER

_S = TypeVar("_S", bound="BaseState")

FIELDS: Final = ("seed", "laws", "referee", "phase", "to_act", "dealer", "cuts", "deal_number",
                 "decision", "pending", "_history", "_views", "_views_at", "_deal_mark")
"""The attributes :class:`BaseState` keeps. Compiled, they are not in an instance's
``__dict__``, and a state class that is not compiled copies and pickles them explicitly
(``EcarteState.__getstate__``)."""


class GameState(Protocol):
    """The state machine both games implement (OpenSpiel style; ``shared/DESIGN.md``)."""

    @property
    def current_player(self) -> int:
        """A seat, :data:`CHANCE` or :data:`TERMINAL`."""

    def legal_actions(self) -> list[Action]:
        """What the current player may do (empty at chance and terminal nodes)."""

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action``; return the events. Raises ``IllegalAction``, state untouched."""

    def result_dict(self) -> dict[str, Any] | None:
        """The game's result as its record keeps it, ``None`` while it goes on."""

    def sample_chance(self, rng: random.Random) -> Action:
        """A chance outcome drawn from ``rng`` at a chance node."""

    def is_terminal(self) -> bool:
        """Whether the game is over."""

    def clone(self) -> GameState:
        """An independent copy."""

    @property
    def history(self) -> Sequence[Action]:
        """Every action applied so far, chance outcomes included."""


class Fields(Protocol):
    """The framework's fields of a state, read-only: what a game's helper modules (its
    counting, its referee's reports) read of the state they are handed, their own
    ``Table`` protocols adding the game's fields, read-only too, and the methods they change
    the state by (mypy refuses a write through them)."""

    @property
    def laws(self) -> LawCode | None: ...

    @property
    def referee(self) -> bool: ...

    @property
    def phase(self) -> str: ...

    @property
    def to_act(self) -> int: ...

    @property
    def dealer(self) -> int | None: ...


@mypyc_attr(allow_interpreted_subclasses=True)
class BaseState:
    """The skeleton of a game's state: what both games' states do alike.

    Args:
        seed: recorded in the game's record; chance outcomes drawn by a runner use it.
        laws: the law code that rules irregularities, or ``None``.
        referee: referee mode (a game played with real cards; see each game's state).
        seats: the number of seats (each cuts for deal).

    Attributes:
        phase: the phase, a member of the game's :attr:`PHASE` (a ``str``).
        to_act: the seat to act, :data:`CHANCE` or :data:`TERMINAL`.
        dealer: the dealer's seat, ``None`` before the cut for deal.
        cuts: each seat's card cut for deal (``None``: not cut yet).
        deal_number: deals begun so far (1 in the first deal).
        decision: the decision open at a decision node, else ``None``.
        pending: the flow a decision interrupted (an ``engine.flow.Continuation``), carried
            on once it is made.

    A game's state supplies the hooks: ``_check`` and ``_do`` (its rules of play),
    ``chance_outcomes`` and ``_sample_direct``, ``_pack``, ``_cut_rank`` and ``_cut_rule``,
    ``_reset_deal``, ``_target`` and ``_settle``, ``_facts``, ``_adversary``, the shared
    effects' ``_score_ruling``, ``_put_back`` and ``_void_deal_points`` (and, where the
    game differs, ``_lose_game`` and ``_same_dealer``), ``_continue``, ``_unshare`` and the
    record's ``_record_head``, ``_record_options`` and ``_result_dict``. A game's own
    effects (``hoyle.<game>.effects``) work on its state directly.
    """

    PHASE: ClassVar[type[StrEnum]] = FramePhase
    """The game's phases (its ``Phase``, which repeats :class:`FramePhase`): the phases the
    framework enters are set as its members, so every phase of a game is one enum's."""

    def __init__(self, seed: int | None, laws: LawCode | None, referee: bool,
                 seats: int) -> None:
        self.seed = seed
        self.laws = laws
        self.referee = referee
        self.phase: str = self.PHASE(CUT_FOR_DEAL)
        self.to_act: int = CHANCE
        self.dealer: int | None = None
        self.cuts: list[Card | None] = [None] * seats
        self.deal_number = 0
        self.decision: Decision | None = None
        self.pending: Continuation | None = None
        self._history: list[Action] = []
        self._views: dict[int, Any] | None = None
        self._views_at = -1
        self._deal_mark: tuple[int, Any] | None = None
        """Where the deal's first report is in the history, and the state just before it:
        a report the law code rules before an earlier one of the deal rules them again
        from there (:meth:`_revised`); cleared when the next deal is dealt."""

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
    def action_count(self) -> int:
        """How many actions have been applied (the index of the next one, from 0: the
        runner's seed paths, :mod:`hoyle.engine.runner`, are keyed by it)."""
        return len(self._history)

    def legal_actions(self) -> list[Action]:
        """Hook: what the current player may do (empty at chance and terminal nodes)."""
        raise NotImplementedError

    def view(self, seat: int) -> Any:
        """What ``seat`` may know now, and nothing more (the game's view type, built by
        its :meth:`_view`): built once a move for each seat where :meth:`keep_views` was
        asked, else anew at each call."""
        views = self._kept()
        if views is None:
            return self._view(seat)
        v = views.get(seat)
        if v is None:
            v = views[seat] = self._view(seat)
        return v

    def _kept(self) -> dict[int, Any] | None:
        """The views kept for the current move (emptied when the move has changed), or
        ``None`` where :meth:`keep_views` was not asked."""
        views = self._views
        if views is not None and self._views_at != len(self._history):
            views.clear()
            self._views_at = len(self._history)
        return views

    def _view(self, seat: int) -> Any:
        """Hook: the view of ``seat`` (an immutable value: it may be handed out again)."""
        raise NotImplementedError

    def public_view(self) -> Any:
        """What a spectator may know now (no seat's own cards): the game's
        :meth:`_public_view`, kept for the move like a seat's view (:meth:`keep_views`)."""
        views = self._kept()
        if views is None:
            return self._public_view()
        v = views.get(-1)
        if v is None:
            v = views[-1] = self._public_view()
        return v

    def _public_view(self) -> Any:
        """Hook: the spectator's view (the game's view type, no seat's own cards: the web's
        spectators and its referee table read it)."""
        raise NotImplementedError

    def result_dict(self) -> dict[str, Any] | None:
        """The game's result as its record keeps it (:meth:`_result_dict`), ``None`` while
        the game goes on."""
        return self._result_dict()

    def keep_views(self) -> None:
        """Build each seat's view at most once a move from now on (a table that sends every
        reader a frame per move asks its text for the view many times); clones keep it.
        Views are immutable and every change of the state is an action, so a view kept
        for the current move is the one :meth:`_view` would build."""
        self._views = {}
        self._views_at = -1

    def receiver(self, position: int) -> int | None:
        """Hook: the seat that the ``position``-th card (from 0) of the deal or draw being
        made now goes to, face down; ``None`` for no seat (the crib, the stock) or no deal
        being made. The game's own declaration of who may know a dealt card (the leak
        checks read it). Default ``None``."""
        return None

    def view_free(self) -> bool:
        """Whether a player that can choose from the legal actions alone (a random
        player's ``choose_blind``) may be spared the view now: the runner's shortcut,
        never a change of choice. Default ``False``."""
        return False

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == GAME_OVER

    def clone(self: _S) -> _S:
        """An independent copy (cheap: lists are copied, cards are shared values)."""
        c = copy.copy(self)
        own = getattr(self, "__dict__", None)
        if own and not c.__dict__:  # a game's state not compiled, over the compiled
            c.__dict__.update(own)  # framework: copy.copy kept only the framework's fields
        c.cuts = list(self.cuts)
        c._history = list(self._history)
        if self._views is not None:
            c._views = {}
            c._views_at = -1
        c._unshare()
        return c

    def _unshare(self) -> None:
        """Hook of :meth:`clone`, called on the shallow copy: give it its own copies of
        the game's mutable containers."""

    # -- check, then apply -----------------------------------------------------------

    def check(self, action: Action) -> str | None:
        """Why ``action`` may not be applied now (the reason :meth:`apply` would raise), or
        ``None`` when it may: asked before acting, without a clone (pokerkit's
        ``verify_x``). Never raises, never changes the state."""
        try:
            if self._revises(action):
                self._revised(action)
            else:
                self._check(action)
        except HoyleError as e:  # IllegalAction, or a card the game's pack lacks
            return str(e)
        return None

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be applied now (never raises, never changes the state)."""
        return self.check(action) is None

    def apply(self, action: Action) -> list[Event]:
        """Apply ``action`` and return the events it caused, in order.

        Raises:
            IllegalAction: the action is not legal now; the state is unchanged.
        """
        if self._revises(action):
            return self._revise(action)
        self._check(action)
        return self._apply_checked(action)

    def _apply_checked(self, action: Action) -> list[Event]:
        """:meth:`apply` for an action already known to be legal now (the runner's, taken
        from ``legal_actions()`` of this very state): recorded in the history, then done."""
        events: list[Event] = []
        if self._deal_mark is not None:
            if self.phase == DEAL and action.verb == "DEAL":
                self._deal_mark = None  # the next deal: the last one's reports are final
        elif action.verb == "REPORT" and self.laws is not None and self.laws.first:
            self._deal_mark = (len(self._history), self.clone())
        self._history.append(action)
        self._do(action, events)
        return events

    # -- reports about one deal, ruled in the law code's order -----------------------

    def _revises(self, action: Action) -> bool:
        """Whether ``action`` is a report the law code rules before a report already made
        about this deal (:meth:`LawCode.rule_first`)."""
        mark = self._deal_mark
        laws = self.laws
        if mark is None or laws is None or action.verb != "REPORT" or \
                action.word not in laws.first:
            return False
        return any(a.verb == "REPORT" and laws.rules_before(action.word, a.word)
                   for a in self._history[mark[0]:])

    def revisable(self) -> tuple[str, ...]:
        """The report kinds that would still revise a ruling of this deal (the law code
        rules them before a report already made): a refereed game a ruling ended may still
        take one of these, in its own window (``hoyle referee`` offers it before closing).
        Empty outside referee mode."""
        mark = self._deal_mark
        laws = self.laws
        if mark is None or laws is None or not self.referee:
            return ()
        made = [a.word for a in self._history[mark[0]:] if a.verb == "REPORT"]
        return tuple(sorted(k for k in laws.first
                            if any(laws.rules_before(k, m) for m in made)
                            and any(self._would_revise(Action("REPORT", word=k, n=n))
                                    for n in (None, *range(len(self.cuts))))))

    def _would_revise(self, action: Action) -> bool:
        """Whether the report ``action`` is legal here and would change the game's outcome
        (its end, or its result) if the deal's reports were ruled again with it."""
        try:
            trial, _ = self._revised(action)
        except HoyleError:
            return False
        return (trial.is_terminal(), trial.result_dict()) != (self.is_terminal(),
                                                                self.result_dict())

    def _revised(self, action: Action) -> tuple[BaseState, list[Event]]:
        """The state had the report ``action`` been made in its place among the deal's
        reports: from the state before the deal's first report, every action since is
        applied again with each report moved before the first earlier report the code
        rules after it; an action the new order makes illegal (a card of a deal now void)
        is set aside, said in an event. The history stays as entered (so a record replays
        to the same state).

        Raises:
            IllegalAction: the report is not legal at its place (its window, its seat).
        """
        mark = self._deal_mark
        laws = self.laws
        assert mark is not None and laws is not None
        position, before = mark
        order: list[Action] = []
        for a in self._history[position:] + [action]:
            at = len(order)
            if a.verb == "REPORT":
                at = next((i for i, b in enumerate(order)
                           if b.verb == "REPORT" and laws.rules_before(a.word, b.word)), at)
            order.insert(at, a)
        trial: BaseState = before.clone()
        here = next(i for i, b in enumerate(order) if b is action)  # not an equal one
        revised = [b.word for b in order[here + 1:] if b.verb == "REPORT"
                   and laws.rules_before(action.word, b.word)]
        law = laws.law_for(action.word).id if laws.covers(action.word) else laws.name
        events = [event(EventKind.REVISED, action.n, source=law,
                        reason=f"{action.word.replace('_', ' ')} is ruled before the earlier "
                               f"report{'s' if len(revised) > 1 else ''} of this deal ("
                               + ", ".join(w.replace("_", " ") for w in revised)
                               + "): the laws rule them together; the rulings below stand "
                               "in place of the earlier ones")]
        for a in order:
            if a is not action:
                why = trial.check(a)
                if why is not None:
                    events.append(event(EventKind.REVISED, None, source=law,
                                        reason=f"set aside: the {_said(a)} entered "
                                               f"before ({why})"))
                    continue
            else:
                trial._check(a)
            events.extend(trial._apply_checked(a))
        trial._history = self._history + [action]
        return trial, events

    def _revise(self, action: Action) -> list[Event]:
        """Apply the report ``action`` in the law code's order (:meth:`_revised`)."""
        trial, events = self._revised(action)
        fields: dict[str, Any] = trial.__getstate__()  # type: ignore[assignment]
        for name, value in fields.items():
            setattr(self, name, value)
        self._views_at = -1
        return events

    def _check(self, action: Action) -> None:
        """Hook: raise :class:`IllegalAction` with a clear reason unless ``action`` is
        legal now; never change the state."""
        raise NotImplementedError

    def _do(self, action: Action, events: list[Event]) -> None:
        """Hook: do ``action`` (already checked), appending its events."""
        raise NotImplementedError

    # -- chance ----------------------------------------------------------------------

    def chance_outcomes(self) -> list[Action]:
        """The equally likely outcomes of the current chance node, where the game lists them
        (empty elsewhere): by default the cut for deal's (every card not cut yet) and none
        at the game's own chance nodes (a deal: :meth:`_sample_direct` draws it). A game
        that lists the outcomes of its own nodes overrides this, the cut's included."""
        return self._cut_outcomes() if self.phase == CUT_FOR_DEAL else []

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw the outcome of the current chance node from ``rng`` (through
        :mod:`hoyle.engine.rng`): a cut for deal draws a card not cut yet; elsewhere the
        game's own draw where it has one, else one of :meth:`chance_outcomes` (the same
        draw as among the cards they name).

        Raises:
            IllegalAction: the current node is not a chance node.
        """
        if self.to_act != CHANCE:
            raise IllegalAction("not a chance node")
        if self.phase == CUT_FOR_DEAL:  # a card, as one of the outcomes (the same draw)
            return Action("CUT", (draw.choice(rng, self._uncut()),))
        action = self._sample_direct(rng)
        if action is not None:
            return action
        return draw.choice(rng, self.chance_outcomes())

    def _sample_direct(self, rng: random.Random) -> Action | None:
        """Hook: the game's own draw at a node whose outcomes are too many to list (a
        deal), or drawn more cheaply than by listing them; ``None``: draw one of
        :meth:`chance_outcomes`."""
        return None

    def _pack(self) -> Sequence[Card]:
        """Hook: the game's pack, in index order."""
        raise NotImplementedError

    def _uncut(self) -> list[Card]:
        """The cards of the pack not cut yet, in index order."""
        taken = {c for c in self.cuts if c is not None}
        return [c for c in self._pack() if c not in taken]

    def _cut_outcomes(self) -> list[Action]:
        """The outcomes of a cut for deal: every card of the pack not cut yet."""
        return [Action("CUT", (c,)) for c in self._uncut()]

    # -- the cut for deal, the deal, the end of the game -----------------------------

    def _cut_rank(self, card: Card) -> int:
        """Hook: ``card``'s rank in the game's order for cutting."""
        raise NotImplementedError

    def _cut_rule(self) -> tuple[bool, str, str]:
        """Hook: whether the lowest cut deals (else the highest), the reason given for
        the dealer, and the rule or law cited for the cut."""
        raise NotImplementedError

    def _do_cut(self, card: Card, events: list[Event]) -> None:
        """Each seat cuts in turn, seat 0 first; once all have cut, the lowest (or the
        highest) card deals, and equal cuts cut again (CRIB-R-2, EW-i; ECARTE-R-3)."""
        lowest_deals, reason, source = self._cut_rule()
        seat = self.cuts.index(None)
        self.cuts[seat] = card
        events.append(event(EventKind.CUT, seat, (card,), source=source))
        if None in self.cuts:
            return
        ranks = [self._cut_rank(c) for c in self.cuts if c is not None]
        best = min(ranks) if lowest_deals else max(ranks)
        dealers = [i for i, r in enumerate(ranks) if r == best]
        if len(dealers) > 1:
            self._cut_tie(events, source)
            self.cuts = [None] * len(self.cuts)
            return
        self.dealer = dealers[0]
        events.append(event(EventKind.DEALER, self.dealer, reason=reason, source=source))
        self._dealer_chosen(events)

    def _cut_tie(self, events: list[Event], source: str) -> None:
        """Equal cuts: cut again (the seats cut afresh)."""
        events.append(event(EventKind.CUT_TIE, reason="equal cuts: cut again", source=source))

    def _dealer_chosen(self, events: list[Event]) -> None:
        """After the cut for deal: the first deal begins."""
        self._start_deal()

    def _start_deal(self) -> None:
        """Begin a deal: a chance node, the deal's state reset (:meth:`_reset_deal`)."""
        self.phase = self.PHASE(DEAL)
        self.to_act = CHANCE
        self.deal_number += 1
        self._reset_deal()

    def _reset_deal(self) -> None:
        """Hook: clear what belongs to one deal."""
        raise NotImplementedError

    def _new_deal(self, dealer: int | None, events: list[Event], reason: str, source: str) -> None:
        """``dealer`` deals a new deal (the next deal, or a deal void by a law)."""
        self.dealer = dealer
        self._start_deal()
        events.append(event(EventKind.NEW_DEAL, dealer, reason=reason, source=source))

    def _target(self) -> int:
        """Hook: the points that win the game."""
        raise NotImplementedError

    def _reach(self, winner: int, total: int, events: list[Event]) -> bool:
        """After a score: when ``total`` reaches the target the game ends at once and
        ``winner`` (a side) wins (CRIB-R-11; ECARTE-R-16). Returns whether it ended."""
        if total >= self._target():
            self._end_game(winner, events)
            return True
        return False

    def _settle(self, winner: int, forfeit: str) -> tuple[str, int, str]:
        """Hook: set the game's result for ``winner`` (``forfeit``: the law that forfeits
        the game, or ``""``); return the result's text, the winner's score and the rule
        of the game's end."""
        raise NotImplementedError

    def _end_game(self, winner: int, events: list[Event], forfeit: str = "") -> None:
        """The game is over: ``winner`` (a side) wins, on points or by ``forfeit``."""
        reason, total, rule = self._settle(winner, forfeit)
        self.phase = self.PHASE(GAME_OVER)
        self.to_act = TERMINAL
        events.append(event(EventKind.GAME_OVER, winner, reason=reason, source=forfeit or rule,
                            total=total))

    # -- rulings and decisions -------------------------------------------------------

    def _facts(self) -> dict[str, Any]:
        """Hook: the facts of the situation every ruling may use (none by default)."""
        return {}

    def _adversary(self, seat: int) -> int:
        """Hook: the seat the laws give the offended side's points and choices to (by
        default the next seat)."""
        return (seat + 1) % len(self.cuts)

    def _noting(self, irregularity: Irregularity) -> None:
        """Hook: note ``irregularity`` before the law code rules it."""

    def _apply_ruling(self, ruling: Ruling, irr: Irregularity, events: list[Event],
                      cont: Continuation) -> bool:
        """Apply ``ruling`` on ``irr``: its effects in order, until one takes the flow
        elsewhere (the game over, a new deal, a decision, ...); ``cont`` is the flow a
        decision carries on. Returns True when the flow went elsewhere."""
        events.append(event(EventKind.RULING, irr.offender, reason=ruling.text, source=ruling.law,
                            ruling=ruling))
        law = ruling.law
        for effect in ruling.effects:
            if effect.apply(self, events, law, cont):
                return True
        return False

    # The hooks of the effects both games share (:mod:`hoyle.engine.effects`).

    def _score_ruling(self, seat: int, points: int, reason: str, law: str,
                      events: list[Event]) -> bool:
        """Hook: ``seat`` scores ``points`` by a ruling; True when that ends the game."""
        raise NotImplementedError

    def _put_back(self, seat: int, points: int, law: str, events: list[Event]) -> None:
        """Hook: ``seat``'s score goes back ``points``, never below 0."""
        raise NotImplementedError

    def _void_deal_points(self, law: str, events: list[Event]) -> None:
        """Hook: every point scored in this deal is taken back."""
        raise NotImplementedError

    def _lose_game(self, seat: int, law: str, events: list[Event]) -> None:
        """``seat`` loses the game by ``law``: its adversary wins at once."""
        self._end_game(self._adversary(seat), events, forfeit=law)

    def _same_dealer(self) -> int | None:
        """The dealer who deals a void deal again when the law names no other."""
        return self.dealer

    def _continue(self, cont: Continuation, events: list[Event]) -> None:
        """Hook: carry on the flow a ruling or a decision interrupted."""
        raise NotImplementedError

    def _rule(self, irregularity: Irregularity, events: list[Event],
              cont: Continuation | None = None) -> bool:
        """Have the law code rule ``irregularity`` (with the situation's facts and the
        offender's adversary) and apply the ruling. Returns True when the ruling took the
        flow elsewhere (game over, new deal, a decision to make, ...); ``cont`` (default:
        resume the phase and the player) is the flow a decision carries on.

        Raises:
            HoyleError: the law code rules no irregularity of that kind.
        """
        laws = self.laws
        assert laws is not None
        facts = self._facts() | dict(irregularity.facts)
        if irregularity.offender is not None:
            facts.setdefault("adversary", self._adversary(irregularity.offender))
        irr = Irregularity(irregularity.kind, irregularity.offender, irregularity.phase,
                           facts, irregularity.reported)
        self._noting(irr)
        ruling = laws.rule(irr)
        return self._apply_ruling(ruling, irr, events,
                                  cont if cont is not None else Resume(self.phase, self.to_act))

    def _open_decision(self, decision: Decision, cont: Continuation) -> None:
        """A ruling leaves a choice to a seat: a decision node; ``cont`` waits for it."""
        self.decision = decision
        self.pending = cont
        self.phase = self.PHASE(DECISION)
        self.to_act = decision.seat

    def _decision_actions(self) -> list[Action]:
        """The actions of the open decision's options."""
        assert self.decision is not None
        return [o.action for o in self.decision.options]

    def _check_choice(self, action: Action, verb_ok: bool = True) -> None:
        """Raise :class:`IllegalAction` unless ``action`` takes an option of the open
        decision (``verb_ok``: the game accepts its verb here)."""
        assert self.decision is not None
        if not verb_ok or self.decision.option_for(action) is None:
            choices = choice_words([o.action for o in self.decision.options], ", ")
            raise IllegalAction(f"choose one of: {choices}")

    def _do_choose(self, action: Action, events: list[Event]) -> None:
        """``CHOOSE``: the option's ruling applies, then the interrupted flow carries on."""
        decision = self.decision
        assert decision is not None
        option = decision.option_for(action)
        assert option is not None
        self.decision = None
        cont, self.pending = self.pending, None
        assert cont is not None
        events.append(event(EventKind.CHOICE, decision.seat, reason=option.text,
                            source=option.ruling.law))
        if not self._choose(option.ruling, events, cont):
            self._continue(cont, events)

    def _choose(self, ruling: Ruling, events: list[Event], cont: Continuation) -> bool:
        """Apply a chosen option's ``ruling``; True when the flow went elsewhere."""
        return self._apply_ruling(ruling, Irregularity("choice", None), events, cont)

    # -- records ---------------------------------------------------------------------

    def _record_head(self) -> tuple[str, str]:
        """Hook: the record's game and variant names."""
        raise NotImplementedError

    def _record_options(self) -> dict[str, Any]:
        """Hook: the record's options (the rules' and the game's own flags); none by
        default."""
        return {}

    def _result_dict(self) -> dict[str, Any] | None:
        """Hook: the game's result as a dict, ``None`` while it is in progress."""
        raise NotImplementedError

    def to_record(self, seats: Sequence[str] = (), date: str = "") -> GameRecord:
        """The game so far as a :class:`~hoyle.engine.GameRecord`."""
        game, variant = self._record_head()
        options = self._record_options()
        if self.referee:
            options["referee"] = True
        if self.laws is not None and self.laws.changed_params():
            options["law_params"] = self.laws.changed_params()
        return GameRecord(
            game=game, variant=variant,
            laws=self.laws.name if self.laws is not None else "",
            options=options, seats=list(seats), seed=self.seed, date=date,
            result=self._result_dict(), actions=[str(a) for a in self._history])


def _said(action: Action) -> str:
    """An action named without its cards (a set-aside lay-away must not show them)."""
    return " ".join(w for w in (action.verb.lower(), action.word.replace("_", " ")) if w)


def check_start_scores(scores: object, sides: int, target: int) -> tuple[int, ...]:
    """``scores`` (points) as one score per side, each a whole number from 0 to below
    ``target``: the scores a refereed game starts from, at a table that joins part way
    (``hoyle referee GAME --scores``; kept in the record as ``start_scores``).

    >>> check_start_scores([3, 4], 2, 5)
    (3, 4)
    >>> check_start_scores([3, 5], 2, 5)
    Traceback (most recent call last):
    ...
    hoyle.errors.ParameterError: start_scores must be 2 whole numbers, one per side, each from 0 to 4 (not 5)

    Raises:
        ParameterError: otherwise (the message says what is wanted).
    """
    want = (f"start_scores must be {sides} whole numbers, one per side, each from 0 "
            f"to {target - 1}")
    if isinstance(scores, (str, bytes)) or not isinstance(scores, Sequence) \
            or len(scores) != sides:
        raise ParameterError(f"{want} (not {short_repr(scores)})", "start_scores")
    for v in scores:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < target:
            raise ParameterError(f"{want} (not {short_repr(v)})", "start_scores")
    return tuple(scores)


def read_scores(text: str | None, sides: int, target: int, example: Sequence[int]
                ) -> tuple[int, ...] | None:
    """``--scores 110,112``: the sides' scores (points) a refereed game starts from, or
    ``None`` (not given); ``example``: the scores the message shows.

    >>> read_scores("3, 4", 2, 5, (3, 4))
    (3, 4)
    >>> read_scores("3-4", 2, 5, (3, 4))
    Traceback (most recent call last):
    ...
    hoyle.errors.ParameterError: --scores takes 2 whole numbers, one per side, e.g. --scores 3,4 (not '3-4')

    Raises:
        ParameterError: not one whole number per side, each from 0 to below ``target``.
    """
    if text is None:
        return None
    parts = [p.strip() for p in text.split(",")]
    if not all(p.isascii() and p.isdigit() and len(p) < 10 for p in parts):
        raise ParameterError(f"--scores takes {sides} whole numbers, one per side, e.g. "
                             f"--scores {','.join(map(str, example[:sides]))} "
                             f"(not {short_repr(text)})", "scores")
    if len(parts) != sides:  # quote what was typed, not a tuple of it
        raise ParameterError(f"start_scores must be {sides} whole numbers, one per side, "
                             f"each from 0 to {target - 1} (not {short_repr(text)})",
                             "scores")
    return check_start_scores([int(p) for p in parts], sides, target)
