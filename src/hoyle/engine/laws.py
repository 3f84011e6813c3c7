"""The law framework both games share: laws, codes, irregularities, rulings, decisions.

Rules say what is legal; laws say what happens when someone breaks them
(``shared/DESIGN.md``, The laws). A :class:`LawCode` is a registry of :class:`Law` objects,
each with the stable ID of ``shared/laws/`` (``EW-ix``, ``ACC-4.2``, ``OH-9``, ``CLUB-17``),
a title, a one-line summary, the way the engine applies it, and a function from an
:class:`Irregularity` (with the facts of the situation) to a :class:`Ruling`.

A ruling names the law that produced it and carries its effects: points to a seat, an
overscore taken down, a new deal, the game lost, an act refused. Where the code gives the
offended side a choice, the ruling carries a :class:`Decision`: the options are ordinary
actions (``CHOOSE takedown``), so players, records and interfaces need nothing special.

>>> code = LawCode("demo", "A demo code", [Param("forfeit", 2)])
>>> @code.law("D-1", "Touching the pegs", "Touching the adversary's pegs costs 2.",
...           kinds=("touched_pegs",))
... def _d1(irr: Irregularity, code: LawCode) -> Ruling:
...     victim = 1 - (irr.offender or 0)
...     return Ruling(f"seat {victim} scores {code.params['forfeit']}",
...                   points=((victim, code.params["forfeit"]),))
>>> r = code.rule(Irregularity("touched_pegs", offender=0))
>>> r.law, r.points, r.text
('D-1', ((1, 2),), 'seat 1 scores 2')
>>> code.rule(Irregularity("unheard_of", offender=0))
Traceback (most recent call last):
...
hoyle.errors.HoyleError: the demo code has no law for 'unheard_of'
>>> code.with_params(forfeit=3).rule(Irregularity("touched_pegs", offender=0)).points
((1, 3),)
>>> code.with_params(forfiet=3)
Traceback (most recent call last):
...
hoyle.errors.ParameterError: the demo code has no parameter 'forfiet' (its parameters: forfeit)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from hoyle.cards import Card
from hoyle.errors import HoyleError, ParameterError
from hoyle.engine.action import Action

__all__ = ["Irregularity", "Ruling", "Option", "Decision", "Law", "LawCode", "Param", "RuleFn"]


@dataclass(frozen=True)
class Irregularity:
    """Something the rules do not allow that a real table can produce.

    Attributes:
        kind: what happened, e.g. ``"misdeal"``, ``"overclaim"``, ``"renege"``,
            ``"touched_pegs"`` (each code lists the kinds its laws rule).
        offender: the seat at fault (``None`` when nobody is, e.g. a faced card).
        phase: the phase it was found in.
        facts: the facts a law needs (``excess``: points overclaimed, ``dealer``, ``pone``,
            ``dealer_has_played``, ``count``, ...).
        reported: reported by the table (referee mode) rather than detected by the engine.
    """

    kind: str
    offender: int | None = None
    phase: str = ""
    facts: Mapping[str, Any] = field(default_factory=dict)
    reported: bool = False

    def fact(self, name: str) -> Any:
        """A fact by name. Raises :class:`HoyleError` if the situation lacks it."""
        try:
            return self.facts[name]
        except KeyError:
            raise HoyleError(f"irregularity {self.kind!r} needs the fact {name!r}") from None


@dataclass(frozen=True)
class Option:
    """One choice open to the offended side: the ``action`` that takes it, what it means,
    and the ruling that follows if it is chosen."""

    action: Action
    text: str
    ruling: Ruling


@dataclass(frozen=True)
class Decision:
    """A decision node: ``seat`` chooses one of ``options`` (each an ordinary action)."""

    seat: int
    options: tuple[Option, ...]

    def option_for(self, action: Action) -> Option | None:
        """The option taken by ``action``, or ``None``."""
        for o in self.options:
            if o.action == action:
                return o
        return None


@dataclass(frozen=True)
class Ruling:
    """A ruling and its effects.

    Attributes:
        text: the ruling in words.
        law: the ID of the law that produced it (``"EW-ix"``). A law's function leaves it
            out and :meth:`LawCode.rule` stamps the ID of the law applied (on the ruling and
            on its options' rulings); a law that rules under another law's ID names it.
        points: points scored by seats as a result, ``(seat, points)``.
        takedown: an overscore taken down (EW-ix): ``(offender, claimant, excess)``:
            the offender is put back ``excess`` points and they go to the claimant.
        peg_back: ``(seat, points)``: the seat's score goes back (a displaced peg,
            a backward penalty), never below 0.
        new_deal: the deal is void and dealt again.
        redealer: who deals again (``None``: the same dealer).
        loses_game: the seat that loses the game (the adversary wins at once).
        refused: the act does not stand (it is undone or never takes effect).
        redo: what must be done again (``"cut"``, ``"starter cut"``), if anything.
        decision: the offended side's options, if the code gives a choice.
        parameter: the engine parameter that decided this ruling, when one did.
        provisional: the rule text behind it is incomplete (ACC entries marked so).
        edition: the edition of the rule book the ruling rests on (ACC: ``acc_edition``).
        void_deal_points: every point pegged in this deal is taken back (before
            ``new_deal``).
        void_deal_points_of: seats whose points pegged in this deal are taken back.
        dead: ``(seat, cards)``: those cards of the seat's hand take no further part in the
            play (they are still counted in the show).
        displaced_peg: the seat whose front peg was knocked out: it goes in the hole behind
            the standing peg (the score falls back to the back peg; EW-xiv).
        no_king: (écarté) the seat may not mark the king in this deal; a king it has
            already marked is struck off (OH-11, OH-12, CLUB-19).
        complete: (écarté) ``(seat, cards)``: the seat's hand is made up with that many
            cards from the top of the stock (OH-8, OH-9, CLUB-16).
        draw_surplus: (écarté) ``(seat, cards)``: that many cards are drawn at random from
            the seat's hand and set aside (OH-9, CLUB-17).
        lay_out: (écarté) ``(seat, cards)``: the seat lays out that many cards of his
            choosing, face down and unseen (OH-10, CLUB-15).
        replay: (écarté) the hand is played again from the first trick with the same
            hands (CLUB-25, CLUB-43, HGIE-18).
        reduced: (écarté) ``(seat, scale)``: the seat scores on a reduced scale in this
            hand: ``"club"`` 0 for the point, 1 for a vole or a point worth 2 (CLUB-43);
            ``"hgie"`` 0 for the point, 1 for the vole (HGIE-18).
        hand_over: (écarté) the hand ends now; its points are in ``points`` (CLUB-42).
        no_refusal: (écarté) the seat may not refuse the next proposal (CLUB-37).
        take_back: (écarté) ``(seat, card)``: the card goes back to the seat's hand and the
            seat plays again (CLUB-39, CLUB-41).
        restore: (écarté) the cards are put as they should have fallen: a reported surplus
            goes back to the stock, reported missing cards back to the hand (OH-7, CLUB-9).
        new_turn_up: (écarté) this card becomes the turn-up; the other cards seen are set
            aside (CLUB-11, HGIE-11).
        turn_again: (écarté) the cards seen are set aside and a fresh card is turned up
            (HGIE-11).
    """

    text: str
    law: str = ""
    points: tuple[tuple[int, int], ...] = ()
    takedown: tuple[int, int, int] | None = None
    peg_back: tuple[int, int] | None = None
    new_deal: bool = False
    redealer: int | None = None
    loses_game: int | None = None
    refused: bool = False
    redo: str | None = None
    decision: Decision | None = None
    parameter: str | None = None
    provisional: bool = False
    edition: str = ""
    void_deal_points: bool = False
    void_deal_points_of: tuple[int, ...] = ()
    dead: tuple[int, tuple[Card, ...]] | None = None
    displaced_peg: int | None = None
    no_king: int | None = None
    complete: tuple[int, int] | None = None
    draw_surplus: tuple[int, int] | None = None
    lay_out: tuple[int, int] | None = None
    replay: bool = False
    reduced: tuple[int, str] | None = None
    hand_over: bool = False
    no_refusal: int | None = None
    take_back: tuple[int, Card] | None = None
    restore: bool = False
    new_turn_up: Card | None = None
    turn_again: bool = False

    def __str__(self) -> str:
        return f"{self.law}: {self.text}"

    def stamped(self, law_id: str) -> Ruling:
        """This ruling with ``law_id`` as its law where it names none (and so its
        options' rulings)."""
        decision = self.decision
        if decision is not None:
            options = tuple(o if (r := o.ruling.stamped(law_id)) is o.ruling
                            else replace(o, ruling=r) for o in decision.options)
            if any(a is not b for a, b in zip(options, decision.options)):
                decision = replace(decision, options=options)
        if self.law and decision is self.decision:
            return self
        return replace(self, law=self.law or law_id, decision=decision)


RuleFn = Callable[[Irregularity, "LawCode"], Ruling]
"""A law's ruling function: (irregularity, code) -> ruling."""


@dataclass(frozen=True)
class Law:
    """One law of a code.

    Attributes:
        id: the stable ID (``"EW-ix"``).
        title: a short title.
        summary: the law in one line.
        engine: how the engine applies it (printed by ``hoyle laws``).
        kinds: the irregularity kinds this law rules (empty for procedure laws).
        rule: the ruling function, or ``None`` for a law the engine enforces by its rules
            of play alone (procedure, definitions).
    """

    id: str
    title: str
    summary: str
    engine: str = ""
    kinds: tuple[str, ...] = ()
    rule: RuleFn | None = None


@dataclass(frozen=True)
class Param:
    """One engine parameter of a law code: a point where codes (or readings of one code)
    differ, which the engine reads (``shared/laws/*.md`` §4). A code declares only the
    parameters its laws or the game's state read; one nothing reads is not a parameter
    (the catalogue's other §4 rows are cited by rulings as ``parameter`` notes).

    Attributes:
        name: the catalogue's name (``"forfeit_semantics"``).
        default: the code's published value.
        values: the values it takes (a closed set of words), or empty for a number.
        low, high: the range of a number (points), inclusive.
        help: what it decides, with the law it comes from.

    >>> Param("renege_penalty", 2, low=0, high=121).check(3)
    3
    >>> Param("muggins", "off", ("off", "acc")).check("on")
    Traceback (most recent call last):
    ...
    hoyle.errors.ParameterError: muggins must be one of off, acc (not 'on')
    """

    name: str
    default: Any
    values: tuple[Any, ...] = ()
    low: int = 0
    high: int = 121
    help: str = ""

    def check(self, value: Any) -> Any:
        """``value`` if this parameter takes it.

        Raises:
            ParameterError: a value outside :attr:`values` (or, for a number, not an int
                from :attr:`low` to :attr:`high`).
        """
        if self.values:
            if value not in self.values or isinstance(value, bool) != isinstance(
                    self.values[0], bool):
                raise ParameterError(f"{self.name} must be one of "
                                     f"{', '.join(map(str, self.values))} (not {value!r})",
                                     self.name)
            return value
        if isinstance(value, bool) or not isinstance(value, int) \
                or not self.low <= value <= self.high:
            raise ParameterError(f"{self.name} must be a whole number from {self.low} to "
                                 f"{self.high} (not {value!r})", self.name)
        return value


class LawCode:
    """A registry of laws with the code's parameter values.

    Args:
        name: the profile name (``"ew"``).
        title: the code's title.
        params: the engine parameters where codes differ (``shared/laws/*.md`` §4), each
            with its default and the values it takes; the code's values are
            :attr:`params` (name -> value).
    """

    def __init__(self, name: str, title: str, params: Sequence[Param] = ()) -> None:
        self.name = name
        self.title = title
        self.schema: dict[str, Param] = {p.name: p for p in params}
        """Each parameter's declaration by name."""
        self.params: dict[str, Any] = {p.name: p.default for p in params}
        self.defaults: dict[str, Any] = dict(self.params)
        self._laws: dict[str, Law] = {}
        self._by_kind: dict[str, str] = {}
        self.kind_text: dict[str, str] = {}
        """A short description of each irregularity kind (for menus)."""
        self.needs_offender: set[str] = set()
        """Kinds that must name the offending seat when reported."""
        self.cites: dict[str, str] = {}
        """The code's own law for routine events of the game (``"heels"`` -> ``"EW-xii"``)."""

    def with_params(self, **params: Any) -> LawCode:
        """The same laws with some parameters changed (e.g. muggins announced).

        Raises:
            ParameterError: a parameter the code does not have, or a value it does not take
                (the message names the parameter and the values allowed).
        """
        for key, value in params.items():
            if key not in self.schema:
                known = ", ".join(self.schema) or "none"
                raise ParameterError(f"the {self.name} code has no parameter {key!r} "
                                     f"(its parameters: {known})", key)
            self.schema[key].check(value)
        other = LawCode(self.name, self.title, tuple(self.schema.values()))
        other.params = self.params | params
        other._laws = self._laws
        other._by_kind = self._by_kind
        other.kind_text = self.kind_text
        other.needs_offender = self.needs_offender
        other.defaults = self.defaults
        other.cites = self.cites
        return other

    def changed_params(self) -> dict[str, Any]:
        """The parameters that differ from the code's published values (for records)."""
        return {k: v for k, v in self.params.items() if self.defaults.get(k) != v}

    def add(self, law: Law) -> Law:
        """Register ``law``. Raises :class:`HoyleError` on a repeated ID or kind."""
        if law.id in self._laws:
            raise HoyleError(f"law {law.id} is registered twice")
        for kind in law.kinds:
            if kind in self._by_kind:
                raise HoyleError(f"{kind!r} is ruled by both {self._by_kind[kind]} and {law.id}")
            self._by_kind[kind] = law.id
        self._laws[law.id] = law
        return law

    def law(self, law_id: str, title: str, summary: str, *, engine: str = "",
            kinds: Mapping[str, str] | tuple[str, ...] = (),
            needs_offender: tuple[str, ...] = ()) -> Callable[[RuleFn], RuleFn]:
        """Decorator: register the decorated function as the ruling of a new law.

        ``kinds`` maps each irregularity kind the law rules to a short description (for
        menus), or is a plain tuple of kinds; ``needs_offender`` lists the kinds that must
        name the seat at fault when reported."""
        def register(fn: RuleFn) -> RuleFn:
            names = tuple(kinds)
            if isinstance(kinds, Mapping):
                self.kind_text.update(kinds)
            self.needs_offender.update(needs_offender)
            self.add(Law(law_id, title, summary, engine, names, fn))
            return fn
        return register

    def procedure(self, law_id: str, title: str, summary: str, engine: str) -> None:
        """Register a law the engine applies through its rules of play (no ruling)."""
        self.add(Law(law_id, title, summary, engine))

    def __getitem__(self, law_id: str) -> Law:
        try:
            return self._laws[law_id]
        except KeyError:
            raise HoyleError(f"the {self.name} code has no law {law_id!r}") from None

    def __contains__(self, law_id: object) -> bool:
        return law_id in self._laws

    def __iter__(self) -> Iterator[Law]:
        return iter(self._laws.values())

    def __len__(self) -> int:
        return len(self._laws)

    @property
    def kinds(self) -> tuple[str, ...]:
        """Every irregularity kind this code rules."""
        return tuple(self._by_kind)

    def law_for(self, kind: str) -> Law:
        """The law that rules irregularities of ``kind``.

        Raises:
            HoyleError: the code has no law for that kind.
        """
        try:
            return self._laws[self._by_kind[kind]]
        except KeyError:
            raise HoyleError(f"the {self.name} code has no law for {kind!r}") from None

    def rule(self, irregularity: Irregularity) -> Ruling:
        """The ruling this code gives on ``irregularity``.

        Raises:
            HoyleError: no law of the code rules that kind of irregularity.
        """
        law = self.law_for(irregularity.kind)
        assert law.rule is not None
        return law.rule(irregularity, self).stamped(law.id)
