"""The game runner: the one place that spells out how a game is seeded and played.

Every way a game is played goes through here: computer seats in a simulation, a person at
the terminal (:class:`hoyle.interface.play.PlayDriver`), a web table's automatic moves, a
record replayed or verified, an environment's chance nodes, a table job's deals. So a game
played, saved, resumed, replayed, verified or simulated from the same seed and actions is
the same game by construction (``shared/DESIGN.md``, "The runner").

The seeding convention (:class:`Seeds`): the chance outcome at action index ``n`` (from 0)
is drawn from ``derive_rng(seed, "chance", n)`` and seat ``s``'s choice at index ``n`` from
``derive_rng(seed, "seat", s, n)``. A game saved and resumed, or undone, therefore goes on
as it would have. Batch simulation may ask for one stream for chance and one per seat
instead (``resumable=False``: faster, still one game per seed, but not resumable).

A seat is asked for its action by what plays it:

- a computer player: anything with ``choose(view, legal_actions, rng) -> Action``
  (:class:`Chooser`), given its seat's view only;
- a person: no player; the runner stops there (``None``), unless a ``forced`` rule makes
  the move for him (one legal card, the go);
- a record: :func:`replay`, which checks each chance outcome against the seed when asked.

>>> from hoyle.engine.runner import Seeds
>>> Seeds(7).chance(3).random() == Seeds(7).chance(3).random()
True
>>> Seeds(7).seat(0, 3).random() == Seeds(7).chance(3).random()
False
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from hoyle.cards import derive_rng
from hoyle.engine.action import CHANCE, TERMINAL, Action
from hoyle.engine.event import Event
from hoyle.engine.records import GameRecord
from hoyle.engine.state import BaseState, GameState
from hoyle.errors import HoyleError, RecordError

__all__ = ["Chooser", "RESULT_FACTS", "Replayed", "Seeds", "next_action", "play", "replay",
           "replay_record", "resolve_chance", "result_facts", "walk"]

_S = TypeVar("_S", bound=BaseState)


class Chooser(Protocol):
    """A computer player: it picks one of ``legal_actions`` from its seat's ``view``
    (the game's view type) with ``rng`` (the runner's stream for that seat and move). A
    game's players also carry a ``name`` (the registry's, shown and recorded)."""

    def choose(self, view: Any, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        """Pick one of ``legal_actions``."""
        ...


Forced = Callable[[Any, int], Action | None]
"""A person's forced move: ``forced(state, seat)`` is the action made for him (his only
legal card, the go), or ``None`` when he has a choice to make."""


class Seeds:
    """Every random choice of one game, drawn from ``seed`` by path.

    Args:
        seed: the game's seed (``None``: fresh entropy each time, never replayable).
        resumable: ``True`` (the default, for every game people play or a record
            replays): each chance node and each decision has its own stream, derived from
            its action index, so a resumed game goes on as it would have. ``False``: one
            stream for chance and one per seat, each drawn in turn (batch simulation).
    """

    __slots__ = ("seed", "resumable", "_chance", "_seats")

    def __init__(self, seed: int | None, resumable: bool = True) -> None:
        self.seed = seed
        self.resumable = resumable
        self._chance: random.Random | None = None
        self._seats: dict[int, random.Random] = {}

    def chance(self, n: int) -> random.Random:
        """The stream for the chance node at action index ``n``."""
        if self.resumable:
            return derive_rng(self.seed, "chance", n)
        if self._chance is None:
            self._chance = derive_rng(self.seed, "chance")
        return self._chance

    def seat(self, seat: int, n: int) -> random.Random:
        """The stream for ``seat``'s decision at action index ``n``."""
        if self.resumable:
            return derive_rng(self.seed, "seat", seat, n)
        rng = self._seats.get(seat)
        if rng is None:
            rng = self._seats[seat] = derive_rng(self.seed, "seat", seat)
        return rng

    def chance_action(self, state: BaseState) -> Action:
        """The chance outcome the seed gives at ``state``'s current (chance) node.

        Raises:
            IllegalAction: ``state`` is not at a chance node.
        """
        return state.sample_chance(self.chance(state.action_count))


def _players(players: Sequence[Chooser | None] | Mapping[int, Chooser]) -> dict[int, Chooser]:
    if isinstance(players, Mapping):
        return dict(players)
    return {seat: p for seat, p in enumerate(players) if p is not None}


def next_action(state: BaseState, players: Mapping[int, Chooser], seeds: Seeds,
                forced: Forced | None = None) -> Action | None:
    """The action that makes itself at ``state`` now: the chance outcome the seed gives, a
    computer seat's choice (from its view), or a person's forced move; ``None`` when the
    game is over or a person is to choose.

    Args:
        state: the game (not changed).
        players: the computer players by seat; a seat without one is a person's.
        seeds: the game's streams.
        forced: a person's forced move, if the interface makes them.
    """
    seat = state.current_player
    if seat == TERMINAL or state.is_terminal():
        return None
    if seat == CHANCE:
        return seeds.chance_action(state)
    player = players.get(seat)
    if player is not None:
        return player.choose(state.view(seat), state.legal_actions(),
                             seeds.seat(seat, state.action_count))
    return None if forced is None else forced(state, seat)


def play(state: _S, players: Sequence[Chooser | None] | Mapping[int, Chooser],
         seeds: Seeds | int | None = None, *,
         forced: Forced | None = None,
         apply: Callable[[Action], Any] | None = None,
         on_events: Callable[[list[Event]], None] | None = None,
         until: Callable[[list[Event]], bool] | None = None) -> _S:
    """Play ``state`` on: each action that makes itself (:func:`next_action`) is applied in
    turn, until the game is over, a person is to choose, or ``until`` says stop.

    Args:
        state: the game, changed in place and returned.
        players: one computer player per seat (``None``, or no entry, for a person's).
        seeds: the game's streams (:class:`Seeds`), or a seed for resumable ones (default:
            the seed of the state being played).
        forced: a person's forced move (:data:`Forced`).
        apply: how an action is applied, for a table that keeps more than the state (the
            web stores each action first, and a match moves on to its next game): it
            returns the state to go on with (the same, or the next game's, whose own seed
            is used when ``seeds`` was not given). Default ``state.apply``.
        on_events: called with the events of each action (with ``state.apply``).
        until: called with the events of each action (with ``state.apply``); true stops
            the game there.

    Returns:
        ``state`` (with ``apply``: the last state it returned).

    Raises:
        IllegalAction: a player chose an action that is not legal (the state is left at
            that move).
    """
    given = seeds if isinstance(seeds, Seeds) else None if seeds is None else Seeds(seeds)
    seated = _players(players)
    if apply is None:
        return _run(state, seated, given or Seeds(state.seed), forced, on_events, until)
    current: Any = state
    while (action := next_action(current, seated, given or Seeds(current.seed),
                                 forced)) is not None:
        current = apply(action)
    return current  # type: ignore[no-any-return]


def _run(s: _S, players: dict[int, Chooser], seeds: Seeds, forced: Forced | None,
         on_events: Callable[[list[Event]], None] | None,
         until: Callable[[list[Event]], bool] | None) -> _S:
    """:func:`play` applying to the state itself: the loop simulation spends its time in.

    A player that can choose among the legal actions without a view (``choose_blind
    (legal_actions, rng)``, the random player) is not given one where the state says its
    choice needs none (:meth:`BaseState.view_free`): the same choice and the same draws.
    An action from this state's own legal list (the very object) is not checked again."""
    blind: dict[int, Callable[[Sequence[Action], random.Random], Action]] = {}
    for seat, p in players.items():
        quick = getattr(p, "choose_blind", None)
        if quick is not None:
            blind[seat] = quick
    while not s.is_terminal():
        n = s.action_count
        seat = s.current_player
        if seat == CHANCE:
            events = s._apply_checked(s.sample_chance(seeds.chance(n)))
        else:
            player = players.get(seat)
            if player is None:
                act = None if forced is None else forced(s, seat)
                if act is None:
                    break
                events = s.apply(act)
            else:
                legal = s.legal_actions()
                quick = blind.get(seat)
                if quick is not None and s.view_free():
                    action = quick(legal, seeds.seat(seat, n))
                else:
                    action = player.choose(s.view(seat), legal, seeds.seat(seat, n))
                known = False
                for a in legal:
                    if a is action:
                        known = True
                        break
                events = s._apply_checked(action) if known else s.apply(action)
        if on_events is not None:
            on_events(events)
        if until is not None and until(events):
            break
    return s


def resolve_chance(state: BaseState, rng: random.Random) -> list[Event]:
    """Apply chance outcomes drawn from ``rng`` (one stream: an environment's own) until a
    seat is to move or the game ends; return their events."""
    events: list[Event] = []
    while state.current_player == CHANCE:
        events.extend(state.apply(state.sample_chance(rng)))
    return events


@dataclasses.dataclass
class Replayed:
    """What :func:`replay` found.

    Attributes:
        events: every event of the actions applied, in order.
        chance: the chance outcomes applied (each checked against the seed when asked).
        difference: with ``stop_at_difference``, the first chance outcome that is not the
            seed's, as ``(index, recorded text, the seed's outcome as text)``; else ``None``.
    """

    events: list[Event]
    chance: int
    difference: tuple[int, str, str] | None = None


def replay(state: GameState, actions: Iterable[str], seed: int | None = None, *,
           check_chance: bool = False, stop_at_difference: bool = False,
           apply: Callable[[Action], Any] | None = None) -> Replayed:
    """Apply recorded ``actions`` (their text forms, :meth:`Action.parse`) to ``state`` in
    order: the record as the seat that plays every move.

    Args:
        state: a new game built from the record's header (changed in place).
        actions: the actions' texts.
        seed: the record's seed, for ``check_chance``.
        check_chance: every chance outcome must be the one :class:`Seeds` (``seed``,
            resumable) gives at its index: a deal or a seed edited in the file is refused.
        stop_at_difference: with ``check_chance``, stop at the first chance outcome that is
            not the seed's and report it (:attr:`Replayed.difference`) instead of raising.
        apply: how an action is applied, for a table that keeps more than the state: it
            returns the state to go on with (see :func:`play`); its events are not kept.

    Returns:
        The events, the number of chance outcomes and any difference (:class:`Replayed`).

    Raises:
        RecordError: an action cannot be read or is illegal where it stands (the error
            names the first such action by index and text), or a chance outcome is not
            the seed's (``check_chance`` without ``stop_at_difference``).
    """
    seeds = Seeds(seed)
    events: list[Event] = []
    chance = 0
    current: Any = state
    for i, text in enumerate(actions):
        try:
            action = Action.parse(text)
            if current.current_player == CHANCE:
                if check_chance:
                    seeded = current.sample_chance(seeds.chance(i))
                    if seeded != action:
                        if stop_at_difference:
                            return Replayed(events, chance, (i, text, str(seeded)))
                        raise RecordError("not the outcome the record's seed gives: the deal "
                                          "or the seed was changed", i, text)
                chance += 1
            if apply is None:
                events.extend(current.apply(action))
            else:
                current = apply(action)
        except RecordError:
            raise
        except (HoyleError, ValueError) as e:
            raise RecordError(str(e), i, text) from None
    return Replayed(events, chance)


def walk(state: GameState, actions: Iterable[Action | str],
         on_events: Callable[[list[Event]], None] | None = None) -> Iterator[tuple[int, Action]]:
    """Walk ``state`` through recorded ``actions`` (a checker's or a reviewer's seat): yield
    each action's index and the action while ``state`` stands just before it, then apply
    it when the next is asked for (its events to ``on_events``).

    >>> from hoyle.cribbage.state import CribbageState
    >>> state = CribbageState(seed=1)
    >>> [(i, str(a)) for i, a in walk(state, ["CUT 5H", "CUT 9C"])]
    [(0, 'CUT 5H'), (1, 'CUT 9C')]
    >>> state.action_count
    2

    Raises:
        RecordError: an action cannot be read or is illegal where it stands (the error
            names it by index and text); the state is left just before it.
    """
    for i, item in enumerate(actions):
        try:
            action = item if isinstance(item, Action) else Action.parse(item)
        except (HoyleError, ValueError) as e:
            raise RecordError(str(e), i, str(item)) from None
        yield i, action
        try:
            events = state.apply(action)
        except HoyleError as e:
            raise RecordError(str(e), i, str(item)) from None
        if on_events is not None:
            on_events(events)


def replay_record(state: GameState, record: GameRecord, seeded: bool = False) -> list[Event]:
    """Apply the record's actions to ``state`` (a new game built from its header) and
    return every event; check the stored result against the replay.

    With ``seeded`` (a game whose chance outcomes a session drew from the record's seed,
    :class:`Seeds`), every chance outcome must be the one the seed gives: a deal or a seed
    edited in the file is refused, not resumed.

    Raises:
        RecordError: an action cannot be read or is illegal where it stands (the error
            names the first such action), a chance outcome is not the seed's (with
            ``seeded``), or the stored result disagrees with the replay.
    """
    events = replay(state, record.actions, record.seed, check_chance=seeded).events
    if record.result is not None:
        if result_facts(state.result_dict()) != result_facts(record.result):
            raise RecordError("the recorded result does not match the replayed game")
    return events


RESULT_FACTS = ("winner", "scores", "forfeit")
"""What a stored result must agree on with its replay: the facts of play (who won, the
scores, the law a game was forfeited by). The law's terms of a result (game points, a
skunk or a lurch, their marks) are the engine's reading of the code, recomputed on replay:
a record made before a reading changed still replays, and shows the reading of today
(issue 33, point 6)."""


def result_facts(result: dict[str, Any] | None) -> dict[str, Any] | None:
    """The facts of play of a result dict (:data:`RESULT_FACTS`), ``None`` for none."""
    if result is None:
        return None
    return {k: result.get(k) for k in RESULT_FACTS}
