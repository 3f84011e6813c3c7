"""The law framework both games share: laws, codes, irregularities, rulings, decisions.

Rules say what is legal; laws say what happens when someone breaks them
(``shared/DESIGN.md``, The laws). A :class:`LawCode` is a registry of :class:`Law` objects,
each with the stable ID of ``shared/laws/`` (``EW-ix``, ``ACC-4.2``, ``OH-9``, ``CLUB-17``),
a title, a one-line summary, the way the engine applies it, and a function from an
:class:`Irregularity` (with the facts of the situation) to a :class:`Ruling`.

A ruling names the law that produced it and carries its effects: points to a seat, an
overscore taken down, a new deal, the game lost, an act that does not stand. Where the code gives the
offended side a choice, the ruling carries a :class:`Decision`: the options are ordinary
actions (``CHOOSE takedown``), so players, records and interfaces need nothing special.

>>> code = LawCode("demo", "A demo code", [Param("forfeit", 2)])
>>> @code.law("D-1", "Touching the pegs", "Touching the adversary's pegs costs 2.",
...           kinds=("touched_pegs",))
... def _d1(irr: Irregularity, code: LawCode) -> Ruling:
...     victim = 1 - (irr.offender or 0)
...     return Ruling(f"seat {victim} scores {code.value('forfeit', int)}",
...                   points=((victim, code.value("forfeit", int)),))
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
from enum import Enum
from typing import Any, ClassVar, TypeVar

from hoyle.errors import HoyleError, ParameterError, short_repr
from hoyle.engine.flow import Continuation
from hoyle.engine.action import Action
from hoyle.engine.effects import Effect, LoseGame, NewDeal, PegBack, Points, Table, VoidDealPoints

_E = TypeVar("_E", bound=Effect)

WRONG_COUNT_HOLDER = "who holds the wrong number of cards?"
"""The seat a report of a wrong number of cards names, in every code of every game
(:attr:`Report.who`; issue 33, point 1): the holder, not whoever caused it."""
_V = TypeVar("_V")

__all__ = ["WRONG_COUNT_HOLDER", "Irregularity", "Ruling", "Option", "Decision", "Decide", "Law", "LawCode", "Param",
           "Report", "RuleFn", "Until", "Window", "check_params", "report_menu", "union_reports"]


class Window(Enum):
    """When a kind may be reported at a real table (each game's state enforces it)."""

    ANY_TIME = "any time"
    """At any moment of the game."""
    DEAL = "once a deal is begun"
    """Once there is a dealer (a deal to report on)."""
    CUT_FOR_DEAL = "the cut for deal"
    """Only in the cut for deal."""
    EXCHANGE = "the exchange"
    """In the exchange (écarté: after the turn-up, while proposing, discarding, drawing)."""
    PLAY = "the play"
    """In the play of the cards."""


class Until(Enum):
    """Until when a code lets an irregularity be reported once it happened (its discovery
    window, per code): a report after it gets the code's "too late" ruling, never an input
    error (:meth:`LawCode.too_late`). Each game's state tells whether a window is past."""

    DEAL = "until the cards are dealt"
    """Until the deal is made (EW-ii's cut, ACC-2.1's shuffle)."""
    FIRST_CARD = "until the first card of the play"
    """Until the play's first card (a starter to be cut again: ACC-6.1.a, ACC-6.1.d)."""
    NEXT_CARD = "until the next card is played"
    """Until another card is played (EW-xix: points of the play)."""
    END_OF_COUNT = "until the end of the count"
    """Until the count in which it happened ends (EW-xxi, engine default)."""
    STARTER = "until the starter is turned"
    """Until the starter is turned (EW-iii, ACC-4.4(a), ACC-5.1.c)."""
    ADVERSARY_NEXT = ("until the adversary plays his next card after the reneged card, "
                      "or announces his hand")
    """ACC-7.3: once a reneged card is played, until the adversary's next card or hand count."""
    BEFORE_PEG = "before anyone pegs or the adversary plays"
    """ACC-7.3: a wrong go may be corrected before anyone pegs or the adversary plays."""
    NEXT_SCORE = ("until the scorer pegs again or the next hand is pegged "
                  "(the cards gathered)")
    """ACC-10.4.b-c: muggins in the play, until the player pegs again or the pone's hand
    is pegged; in the show, until the next hand is pegged or the cards are gathered."""
    END_OF_HAND = "until the cards are gathered (the end of the deal)"
    """Until the end of the deal (EW-xix: show points)."""
    TURN_UP = "at the turn-up, before the first act after it"
    """Until the first act after the turn-up (écarté: the elder hand stands or proposes;
    CLUB-11, HGIE-11)."""
    NEXT_CUT = "until the cut for the next deal"
    """Until the cut for the next deal (EW-ix, ACC-8.4.c: overscore_claim_window)."""
    GAME = "until the end of the game"
    """While the game lasts."""


@dataclass(frozen=True)
class Report:
    """How the table reports one irregularity kind in referee mode (``REPORT kind [seat]
    [cards]``), declared once in the law decorator's ``kinds=``.

    Attributes:
        text: a short description of the kind (``hoyle laws``; the referee menu too, unless
            :attr:`menu` says otherwise).
        seat: the report must name the offending seat (or, where the kind says so, the seat
            the cards concern).
        cards: the report names the card(s) (and must; without, it names none).
        window: when it may be reported.
        detected: the engine detects it itself; the table does not report it.
        named: the table reports it by its own name; ``False`` for a kind the game reaches
            by classifying a broader report (écarté's ``too_many``, ``too_few``).
        menu: the referee menu's line for it, where it differs from :attr:`text`.
        classified: a report word no single law rules, which the game classifies into its
            codes' finer kinds (declared beside the law of one of them, in ``words=``).
        until: the kind's discovery window under this code (:class:`Until`); a report
            after it gets :meth:`LawCode.too_late`'s ruling.
        late_law: the law that rules a report after the window, where it is another
            law's ID than the one that rules the kind (``""``: the same law).
        window_param: the parameter that names the window where the code does not state
            it (an engine default, named in the too-late ruling), else ``""``.
        who: the seat the report names, as the menu asks for it ("who holds the wrong
            number of cards?"); ``""`` for a kind whose seat is the player at fault ("who
            did it?"). The same in every code of the game (:func:`union_reports`), so a
            report's seat means one role whatever the code. A kind that names no seat but
            has ``who`` takes the seat as optional.

    >>> Report("a player holds too many cards", seat=True, cards=True,
    ...        who="who holds the cards?").menu_text
    'a player holds too many cards (SEAT: who holds the cards?)'
    >>> Report("the pegs were touched", seat=True).menu_text
    'the pegs were touched (SEAT: who did it?)'
    """

    text: str = ""
    seat: bool = False
    cards: bool = False
    window: Window = Window.ANY_TIME
    detected: bool = False
    named: bool = True
    menu: str = ""
    classified: bool = False
    until: Until = Until.GAME
    late_law: str = ""
    window_param: str = ""
    who: str = ""

    @property
    def menu_text(self) -> str:
        """The referee menu's line, with the seat the report names in words."""
        base = self.menu or self.text
        if self.seat:
            return f"{base} (SEAT: {self.who or 'who did it?'})"
        if self.who:
            return f"{base} (SEAT, if known: {self.who})"
        return base

    @property
    def seat_role(self) -> str:
        """The seat the report names, in words (:attr:`who`, or the player at fault)."""
        return self.who or "who did it?"

    @property
    def reportable(self) -> bool:
        """Whether the table may report it by name (``REPORT kind``)."""
        return self.named and not self.detected


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

    def stamped(self, law_id: str) -> Decision:
        """This decision with its options' rulings stamped with ``law_id`` (where they name
        no law)."""
        options = tuple(o if (r := o.ruling.stamped(law_id)) is o.ruling
                        else replace(o, ruling=r) for o in self.options)
        if all(a is b for a, b in zip(options, self.options)):
            return self
        return replace(self, options=options)

    def option_for(self, action: Action) -> Option | None:
        """The option taken by ``action``, or ``None``."""
        for o in self.options:
            if o.action == action:
                return o
        return None


@dataclass(frozen=True)
class Decide(Effect):
    """The offended side chooses (an effect): a decision node; the flow carries on once it
    is made."""

    ORDER: ClassVar[int] = 140
    decision: Decision

    def apply(self, state: Table, events: list[Any], law: str,
              cont: Continuation) -> bool:
        state._open_decision(self.decision, cont)
        return True


@dataclass(frozen=True, init=False)
class Ruling:
    """A ruling: its law, its text, its effects and its notes.

    Attributes:
        text: the ruling in words.
        law: the ID of the law that produced it (``"EW-ix"``). A law's function leaves it
            out and :meth:`LawCode.rule` stamps the ID of the law applied (on the ruling and
            on its options' rulings); a law that rules under another law's ID names it.
        effects: what the ruling does, in the order it is done (:mod:`hoyle.engine.effects`
            for the effects both games share, ``hoyle.<game>.effects`` for each game's own).
        parameter: (a note) the engine parameter that decided this ruling, when one did.
        provisional: (a note) the rule text behind it is incomplete (ACC entries marked so).
        edition: (a note) the edition of the rule book the ruling rests on (ACC:
            ``acc_edition``).
        scope: (a note) why the code is applied outside the play it was written for
            (``"out of scope: ..."``: the ACC rules in three-hand play), or ``""``.
        covered: (a note) ``False`` for a report the chosen code does not rule: the
            ruling's :attr:`law` is then the code's name (``"EW"``), its text says
            "not covered by EW" and names the engine default applied, or none
            (:meth:`LawCode.not_covered`).
        reading: (a note) how far the law reaches the case, where it does not plainly:
            ``"applied by analogy: ..."`` (a law used outside its stated timing, the
            irregularity's fact ``analogy`` saying why) or ``"not covered: ..."`` (a
            consequence the law leaves unstated, settled by the named engine default);
            ``""`` where the law states the case.

    The shared effects may also be given by keyword, as the law codes write them; each
    becomes its effect and reads back as a property:

        points: points scored by seats as a result, ``(seat, points)``
            (:class:`~hoyle.engine.effects.Points`).
        peg_back: ``(seat, points)``: the seat's score goes back, never below 0
            (:class:`~hoyle.engine.effects.PegBack`).
        new_deal: the deal is void and dealt again; ``redealer``: who deals again
            (``None``: the same dealer) (:class:`~hoyle.engine.effects.NewDeal`).
        loses_game: the seat that loses the game (:class:`~hoyle.engine.effects.LoseGame`).
        decision: the offended side's options (:class:`~hoyle.engine.effects.Decide`).
        void_deal_points: every point scored in this deal is taken back
            (:class:`~hoyle.engine.effects.VoidDealPoints`).

    The effects are kept in their :attr:`~hoyle.engine.effects.Effect.ORDER`.
    """

    text: str
    law: str
    effects: tuple[Effect, ...]
    parameter: str | None
    provisional: bool
    edition: str
    scope: str
    covered: bool
    reading: str

    def __init__(self, text: str, law: str = "", effects: tuple[Effect, ...] = (), *,
                 parameter: str | None = None, provisional: bool = False, edition: str = "",
                 scope: str = "", covered: bool = True, reading: str = "",
                 points: tuple[tuple[int, int], ...] = (),
                 peg_back: tuple[int, int] | None = None, new_deal: bool = False,
                 redealer: int | None = None, loses_game: int | None = None,
                 decision: Decision | None = None, void_deal_points: bool = False) -> None:
        built: list[Effect] = []
        if void_deal_points:
            built.append(VoidDealPoints())
        if peg_back is not None:
            built.append(PegBack(*peg_back))
        if points:
            reason = next((e.POINTS_REASON for e in effects if e.POINTS_REASON), "penalty")
            built.extend(Points(seat, pts, reason) for seat, pts in points)
        if loses_game is not None:
            built.append(LoseGame(loses_game))
        if new_deal:
            built.append(NewDeal(redealer))
        if decision is not None:
            built.append(Decide(decision))
        effects = tuple(sorted((*effects, *built), key=lambda e: e.ORDER))
        for name, value in (("text", text), ("law", law), ("effects", effects),
                            ("parameter", parameter),
                            ("provisional", provisional), ("edition", edition),
                            ("scope", scope), ("covered", covered), ("reading", reading)):
            object.__setattr__(self, name, value)

    def __str__(self) -> str:
        return f"{self.law}: {self.text}"

    @property
    def marks(self) -> tuple[str, ...]:
        """The ruling's marks in words, in a fixed order: ``provisional`` (the rule text
        behind it is incomplete), its :attr:`reading` (applied by analogy; not covered),
        ``parameter NAME`` (the engine parameter that decided
        it), ``EDITION edition`` (the rule book's edition) and the scope note.

        >>> Ruling("x", "ACC-4.4(b)", provisional=True, parameter="wrong_count_after_starter",
        ...        edition="2020").marks
        ('provisional', 'parameter wrong_count_after_starter', '2020 edition')
        """
        out: list[str] = []
        if self.provisional:
            out.append("provisional")
        if self.reading:
            out.append(self.reading)
        if self.parameter:
            out.append(f"parameter {self.parameter}")
        if self.edition:
            out.append(f"{self.edition} edition")
        if self.scope:
            out.append(self.scope)
        return tuple(out)

    def effect(self, kind: type[_E]) -> _E | None:
        """The ruling's first effect of class ``kind``, or ``None``."""
        for e in self.effects:
            if isinstance(e, kind):
                return e
        return None

    @property
    def points(self) -> tuple[tuple[int, int], ...]:
        """Points scored by seats as a result, ``(seat, points)``."""
        return tuple((e.seat, e.points) for e in self.effects if isinstance(e, Points))

    @property
    def peg_back(self) -> tuple[int, int] | None:
        """``(seat, points)``: the seat's score goes back, or ``None``."""
        e = self.effect(PegBack)
        return (e.seat, e.points) if e is not None else None

    @property
    def new_deal(self) -> bool:
        """Whether the deal is void and dealt again."""
        return self.effect(NewDeal) is not None

    @property
    def redealer(self) -> int | None:
        """Who deals again (``None``: the same dealer)."""
        e = self.effect(NewDeal)
        return e.redealer if e is not None else None

    @property
    def loses_game(self) -> int | None:
        """The seat that loses the game, or ``None``."""
        e = self.effect(LoseGame)
        return e.seat if e is not None else None

    @property
    def decision(self) -> Decision | None:
        """The offended side's options, if the code gives a choice."""
        e = self.effect(Decide)
        return e.decision if e is not None else None

    @property
    def void_deal_points(self) -> bool:
        """Whether every point scored in this deal is taken back."""
        return self.effect(VoidDealPoints) is not None

    def stamped(self, law_id: str) -> Ruling:
        """This ruling with ``law_id`` as its law where it names none (and so its
        options' rulings)."""
        effects = tuple(e if not isinstance(e, Decide) or (d := e.decision.stamped(law_id))
                        is e.decision else Decide(d) for e in self.effects)
        changed = any(a is not b for a, b in zip(effects, self.effects))
        if self.law and not changed:
            return self
        return replace(self, law=self.law or law_id, effects=effects)


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
        optional: ``None`` is also a value (the parameter is off, or takes its default
            from other parameters).

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
    optional: bool = False

    def check(self, value: Any) -> Any:
        """``value`` if this parameter takes it (``None`` too when :attr:`optional`).

        Raises:
            ParameterError: a value outside :attr:`values` (or, for a number, not an int
                from :attr:`low` to :attr:`high`).
        """
        if value is None and self.optional:
            return None
        none = ", or none" if self.optional else ""
        if self.values:
            if value not in self.values or isinstance(value, bool) != isinstance(
                    self.values[0], bool):
                raise ParameterError(f"{self.name} must be one of "
                                     f"{', '.join(map(str, self.values))}{none} "
                                     f"(not {short_repr(value)})", self.name)
            return value
        if isinstance(value, bool) or not isinstance(value, int) \
                or not self.low <= value <= self.high:
            raise ParameterError(f"{self.name} must be a whole number from {self.low} to "
                                 f"{self.high}{none} (not {short_repr(value)})", self.name)
        return value

    def parse(self, text: str) -> Any:
        """The value a word names (``--set NAME=WORD``): ``none`` when :attr:`optional`,
        ``true``/``false`` (``yes``/``no``, ``on``/``off``) for a yes-or-no parameter, a
        whole number, or one of :attr:`values` as printed; checked (:meth:`check`).

        >>> Param("lurch_agreed", False, (True, False)).parse("yes")
        True
        >>> Param("lurch_agreed", False, (True, False)).parse("0")
        False
        >>> Param("max_exchanges", None, low=0, high=99, optional=True).parse("None")
        >>> Param("dealer_min_exchange", 0, (0, 1)).parse("1")
        1
        >>> Param("target", 121, low=1, high=999).parse("12l")
        Traceback (most recent call last):
        ...
        hoyle.errors.ParameterError: target must be a whole number from 1 to 999 (not '12l')

        Raises:
            ParameterError: a word that names none of the values it takes.
        """
        word = text.strip()
        if self.optional and word.lower() == "none":
            return None
        if self.values:
            if isinstance(self.values[0], bool):
                yes = {"true": True, "yes": True, "on": True, "1": True,
                       "false": False, "no": False, "off": False, "0": False}.get(word.lower())
                return self.check(word if yes is None else yes)
            named = [v for v in self.values if str(v).lower() == word.lower()]
            return self.check(named[0] if named else word)
        if word.lstrip("-").isascii() and word.lstrip("-").isdigit() and len(word) < 12:
            return self.check(int(word))
        return self.check(word)


def union_reports(codes: Sequence[LawCode]) -> dict[str, Report]:
    """Every kind the table may report under any of ``codes`` (a game's codes), each with
    the first code's :class:`Report` for it: the referee's menu under every code is this
    union, and a kind the chosen code does not rule gets :meth:`LawCode.not_covered`.

    Raises:
        HoyleError: a kind that must name a seat (or cards) under one code and not under
            another (the table could not type one report for both).
    """
    union: dict[str, Report] = {}
    for code in codes:
        for kind, spec in code.reports.items():
            if not spec.reportable:
                continue
            seen = union.setdefault(kind, spec)
            if (seen.seat, seen.cards, seen.classified, seen.who) != (
                    spec.seat, spec.cards, spec.classified, spec.who):
                raise HoyleError(f"report {kind!r} is declared differently by the codes")
    return union


def report_menu(code: LawCode) -> tuple[tuple[str, str, str], ...]:
    """The referee's report menu under ``code``: every kind of the game's union
    (:attr:`LawCode.game_reports`, else the code's own), sorted, each as ``(kind, law,
    what happened)``; ``law`` is the law of ``code`` that rules it, ``"not covered by
    CODE"`` where none does, or ``"classified"`` for a word the game classifies into its
    codes' finer kinds.

    >>> code = LawCode("demo", "A demo code")
    >>> code.game_reports = {"touched_pegs": Report("the pegs were touched")}
    >>> report_menu(code)
    (('touched_pegs', 'not covered by DEMO', 'the pegs were touched'),)
    """
    union = code.game_reports or {k: r for k, r in code.reports.items() if r.reportable}
    rows = []
    for kind in sorted(union):
        spec = code.reports.get(kind, union[kind])
        if spec.classified:
            law = "classified"
        elif code.covers(kind):
            law = code.law_for(kind).id
        elif kind in code.aliases:
            law = code.aliases[kind][1]
        else:
            law = f"not covered by {code.name.upper()}"
        rows.append((kind, law, spec.menu_text))
    return tuple(rows)


def check_params(schema: Sequence[Param], values: Mapping[str, Any], owner: str) -> dict[str, Any]:
    """``values`` checked against ``schema``: every key a parameter of it, every value one
    it takes; ``owner`` names whose parameters they are in the message.

    >>> check_params([Param("target", 5, low=1, high=99)], {"target": 7}, "écarté")
    {'target': 7}
    >>> check_params([Param("target", 5, low=1, high=99)], {"traget": 7}, "écarté")
    Traceback (most recent call last):
    ...
    hoyle.errors.ParameterError: écarté has no parameter 'traget' (its parameters: target)

    Raises:
        ParameterError: an unknown key or a value outside the parameter's values.
    """
    by_name = {p.name: p for p in schema}
    for key, value in values.items():
        param = by_name.get(key)
        if param is None:
            known = ", ".join(by_name) or "none"
            raise ParameterError(f"{owner} has no parameter {key!r} (its parameters: {known})",
                                 str(key))
        param.check(value)
    return dict(values)


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
        self.reports: dict[str, Report] = {}
        """How each irregularity kind (and each report word the game classifies) is
        reported, by kind (:class:`Report`)."""
        self.game_reports: dict[str, Report] = {}
        """Every report word of the game's codes (set by the game's laws package), so a
        word another code rules is told apart from an unknown one."""
        self.cites: dict[str, str] = {}
        """The code's own law for routine events of the game (``"heels"`` -> ``"EW-xii"``)."""
        self.edition_param = ""
        """The parameter naming the edition of the rule book the code's rulings rest on
        (ACC: ``acc_edition``), stamped on its too-late and not-covered rulings too."""
        self.absent: dict[str, Any] = {}
        """The engine's value of a parameter of the game that this code does not have
        (``muggins`` under EW: ``"off"``), set by the game's laws package from one table, so
        that each parameter's default is written once: in the code's :class:`Param`, or
        there. Read through :meth:`value`."""
        self.incomplete: dict[str, str] = {}
        """The laws whose text the catalogue knows only in part, by ID, with the
        catalogue's mark (``"summary"``, ``"heading"``, ``"part"``): every ruling resting
        on one is marked provisional (:meth:`sureness`)."""
        self.uncovered: dict[str, RuleFn] = {}
        """The engine default for a report word of the game this code does not rule, where
        the catalogue gives one (a ruling function whose ruling is the default's words and
        effects); a word without one gets no default (:meth:`not_covered`)."""
        self.aliases: dict[str, tuple[Callable[[Irregularity], Irregularity], str]] = {}
        """Report words of the game this code has no law of its own for but rules as the
        same act under another word (:meth:`alias`): word -> (the irregularity it is, the
        laws that rule it)."""
        self.interactions: list[tuple[str, str, str]] = []
        """Each interacting pair (ruled first, ruled after, the laws' reason)."""
        self.first: dict[str, frozenset[str]] = {}
        """The pairs of report kinds whose rulings interact (:meth:`rule_first`): for each
        kind, the kinds it is ruled before when both are reported about one deal."""

    def with_params(self, **params: Any) -> LawCode:
        """The same laws with some parameters changed (e.g. muggins announced).

        Raises:
            ParameterError: a parameter the code does not have, or a value it does not take
                (the message names the parameter and the values allowed).
        """
        check_params(tuple(self.schema.values()), params, f"the {self.name} code")
        other = LawCode(self.name, self.title, tuple(self.schema.values()))
        other.params = self.params | params
        other._laws = self._laws
        other._by_kind = self._by_kind
        other.reports = self.reports
        other.game_reports = self.game_reports
        other.defaults = self.defaults
        other.cites = self.cites
        other.uncovered = self.uncovered
        other.first = self.first
        other.aliases = self.aliases
        other.interactions = self.interactions
        other.incomplete = self.incomplete
        other.edition_param = self.edition_param
        other.absent = self.absent
        return other

    def rule_first(self, first: Sequence[str], then: Sequence[str], why: str) -> None:
        """Declare that a report of a kind in ``first`` about a deal is ruled before any
        report of a kind in ``then`` about the same deal, whatever order the table enters
        them in (issue 33: two irregularities of one deal get the ruling the laws give
        to both together). ``why`` names the laws that make them interact (kept in
        :attr:`interactions` for ``hoyle laws`` and the tests).

        >>> code = LawCode("demo", "A demo code")
        >>> code.rule_first(("misdeal",), ("hand_mixed_with_pack",), "D-3 voids the deal")
        >>> code.rules_before("misdeal", "hand_mixed_with_pack"), code.rules_before(
        ...     "hand_mixed_with_pack", "misdeal")
        (True, False)
        """
        for kind in first:
            self.first[kind] = self.first.get(kind, frozenset()) | frozenset(then)
        self.interactions.extend((a, b, why) for a in first for b in then)

    def alias(self, word: str, same: Callable[[Irregularity], Irregularity],
              laws: str) -> None:
        """Declare that the report word ``word`` (another code's name for an act) is the
        act ``same(irregularity)`` names under this code's own words, ruled by ``laws``
        (shown in the menu): a table that picks either menu entry gets one ruling
        (issue 33, point 1).

        >>> code = LawCode("demo", "A demo code")
        >>> @code.law("D-1", "Touching the pegs", "2 to the owner.", kinds=("touched_pegs",))
        ... def _d1(irr: Irregularity, code: LawCode) -> Ruling:
        ...     return Ruling("2 to the owner", points=((1 - (irr.offender or 0), 2),))
        >>> code.alias("pegs_handled", lambda irr: replace(irr, kind="touched_pegs"), "D-1")
        >>> code.rule(Irregularity("pegs_handled", 0, reported=True)).points
        ((1, 2),)
        """
        self.aliases[word] = (same, laws)

    def rules_before(self, kind: str, other: str) -> bool:
        """Whether a report of ``kind`` is ruled before one of ``other`` about the same
        deal (:meth:`rule_first`)."""
        return other in self.first.get(kind, ())

    def value(self, name: str, kind: type[_V]) -> _V:
        """The code's value of parameter ``name``, which must be a ``kind`` (``int`` for
        points, ``str`` for a closed set of words, ``bool``): the code's own value, else
        the game's value for a code without it (:attr:`absent`).

        Raises:
            KeyError: neither the code nor its game declares the parameter (a programming
                error: the name is misspelt).
            TypeError: the value is not a ``kind`` (a ``bool`` is not an ``int`` here).

        >>> code = LawCode("demo", "A demo code", [Param("forfeit", 2)])
        >>> code.absent = {"muggins": "off"}
        >>> code.value("forfeit", int), code.value("muggins", str)
        (2, 'off')
        >>> code.value("forfiet", int)
        Traceback (most recent call last):
        ...
        KeyError: "the demo code has no parameter 'forfiet', and its game gives none"
        """
        if name in self.params:
            v = self.params[name]
        elif name in self.absent:
            v = self.absent[name]
        else:
            raise KeyError(f"the {self.name} code has no parameter {name!r}, and its game "
                           "gives none")
        if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
            raise TypeError(f"parameter {name!r} of the {self.name} code is "
                            f"{short_repr(v)}, not a {kind.__name__}")
        return v

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
            self.reports.setdefault(kind, Report())
        self._laws[law.id] = law
        return law

    def law(self, law_id: str, title: str, summary: str, *, engine: str = "",
            kinds: Mapping[str, str | Report] | tuple[str, ...] = (),
            words: Mapping[str, Report] | None = None) -> Callable[[RuleFn], RuleFn]:
        """Decorator: register the decorated function as the ruling of a new law.

        ``kinds`` maps each irregularity kind the law rules to its :class:`Report` (how the
        table reports it), or to a short description alone (a kind reported by name, at any
        time, naming no seat and no card), or is a plain tuple of kinds. ``words`` declares
        report words no single law rules, which the game classifies into finer kinds
        (écarté's ``too_many``); they are stored as :attr:`Report.classified`."""
        def register(fn: RuleFn) -> RuleFn:
            names = tuple(kinds)
            specs = {k: (v if isinstance(v, Report) else Report(v))
                     for k, v in kinds.items()} if isinstance(kinds, Mapping) \
                else {k: Report() for k in kinds}
            self.add(Law(law_id, title, summary, engine, names, fn))
            self.reports.update(specs)
            for word, spec in (words or {}).items():
                if word in self.reports:
                    raise HoyleError(f"report word {word!r} is declared twice")
                self.reports[word] = replace(spec, classified=True)
            return fn
        return register

    @property
    def kind_text(self) -> Mapping[str, str]:
        """A short description of each irregularity kind that has one (a read-only view of
        :attr:`reports`)."""
        return {k: r.text for k, r in self.reports.items() if r.text and not r.classified}

    @property
    def needs_offender(self) -> frozenset[str]:
        """The kinds that must name the offending seat when reported (from
        :attr:`reports`)."""
        return frozenset(k for k, r in self.reports.items() if r.seat and not r.classified)

    @property
    def detected(self) -> frozenset[str]:
        """The kinds the engine detects itself (from :attr:`reports`)."""
        return frozenset(k for k, r in self.reports.items() if r.detected)

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

    def covers(self, kind: str) -> bool:
        """Whether a law of this code rules ``kind``."""
        return kind in self._by_kind

    def rule(self, irregularity: Irregularity) -> Ruling:
        """The ruling this code gives on ``irregularity``: its law's; for a report made
        after its window (the fact ``too_late``), :meth:`too_late`'s; for a kind reported
        by the table that no law of this code rules, :meth:`not_covered`'s.

        Raises:
            HoyleError: the engine itself met a kind no law of the code rules.
        """
        kind = irregularity.kind
        if kind not in self._by_kind:
            alias = self.aliases.get(kind)
            if alias is not None:
                same = alias[0](irregularity)
                if same.offender != irregularity.offender:  # the adversary was the named seat's
                    same = replace(same, facts={k: v for k, v in same.facts.items()
                                                if k != "adversary"})
                return self.rule(same)
            if irregularity.reported or kind in self.game_reports:
                return self.not_covered(irregularity)
            raise HoyleError(f"the {self.name} code has no law for {kind!r}")
        if irregularity.facts.get("too_late"):
            return self.sureness(self.too_late(irregularity))
        law = self.law_for(kind)
        assert law.rule is not None
        ruling = self.sureness(law.rule(irregularity, self).stamped(law.id))
        analogy = irregularity.facts.get("analogy")
        if analogy and not ruling.reading:
            ruling = replace(ruling, reading=f"applied by analogy: {analogy}")
        return ruling

    def sureness(self, ruling: Ruling) -> Ruling:
        """``ruling`` marked provisional where it rests on a law the catalogue knows only
        in part (:attr:`incomplete`: a summary, a heading, part of the text), and so each
        of its options' rulings (the law each names). Source: ``shared/laws/README.md``,
        the provenance markers.

        >>> code = LawCode("demo", "A demo code")
        >>> code.incomplete["D-3"] = "summary"
        >>> code.sureness(Ruling("seat 1 scores 2", "D-3")).marks
        ('provisional',)
        >>> code.sureness(Ruling("seat 1 scores 2", "D-4")).marks
        ()
        """
        effects = tuple(
            Decide(replace(e.decision, options=tuple(
                replace(o, ruling=self.sureness(o.ruling)) for o in e.decision.options)))
            if isinstance(e, Decide) else e for e in ruling.effects)
        provisional = ruling.provisional or ruling.law in self.incomplete
        if provisional == ruling.provisional and effects == ruling.effects:
            return ruling
        return replace(ruling, provisional=provisional, effects=effects)

    def not_covered(self, irregularity: Irregularity) -> Ruling:
        """The ruling on a report this code has no law for: "not covered by CODE", with the
        engine default applied (:attr:`uncovered`, its effects and parameter) or none,
        named; :attr:`Ruling.law` is the code's name and :attr:`Ruling.covered` is false.

        >>> code = LawCode("demo", "A demo code")
        >>> r = code.not_covered(Irregularity("touched_pegs", 0, reported=True))
        >>> r.law, r.covered, r.text, r.effects
        ('DEMO', False, 'touched pegs: not covered by DEMO; engine default: none (the game goes on as it stands)', ())
        """
        name = self.name.upper()
        what = irregularity.kind.replace("_", " ")
        default = self.uncovered.get(irregularity.kind)
        if default is None:
            return Ruling(f"{what}: not covered by {name}; engine default: none (the game "
                          "goes on as it stands)", law=name, covered=False,
                          edition=self.edition)
        d = default(irregularity, self)
        return Ruling(f"{what}: not covered by {name}; engine default: {d.text}", name,
                      d.effects, parameter=d.parameter,
                      provisional=d.provisional, edition=d.edition or self.edition,
                      covered=False)

    def too_late(self, irregularity: Irregularity) -> Ruling:
        """The ruling on a report made after the kind's discovery window
        (:attr:`Report.until`) under this code: too late, nothing done, with the law that
        sets the window (:attr:`Report.late_law`, else the kind's law) and, where the code
        does not state the window, the parameter of the engine default
        (:attr:`Report.window_param`).

        >>> code = LawCode("demo", "A demo code")
        >>> @code.law("D-2", "Renege", "Two points.", kinds={"renege": Report(
        ...     "a renege", seat=True, until=Until.END_OF_COUNT, window_param="renege_window")})
        ... def _d2(irr: Irregularity, code: LawCode) -> Ruling:
        ...     return Ruling("seat 1 scores 2", points=((1, 2),))
        >>> r = code.rule(Irregularity("renege", 0, facts={"too_late": True}, reported=True))
        >>> r.law, r.effects, r.parameter
        ('D-2', (), 'renege_window')
        >>> r.text
        'renege: too late, reported after its window (until the end of the count; engine default): no remedy'
        """
        kind = irregularity.kind
        spec = self.reports.get(kind, Report())
        law = spec.late_law or self.law_for(kind).id
        default = "; engine default" if spec.window_param else ""
        until = spec.until.value if spec.until is not Until.GAME or \
            spec.window is Window.ANY_TIME else f"reported in {spec.window.value}"
        return Ruling(f"{kind.replace('_', ' ')}: too late, reported after its window "
                      f"({until}{default}): no remedy", law=law,
                      parameter=spec.window_param or None, edition=self.edition)

    @property
    def edition(self) -> str:
        """The edition of the rule book the code's rulings rest on (its
        :attr:`edition_param`'s value: ACC's ``acc_edition``), or ``""``."""
        return self.value(self.edition_param, str) if self.edition_param else ""
