"""Manual counting: each owner claims his points in the play and the show (``CLAIM n``),
takes his heels (``HEELS``) and the neglected points of the play (``AMEND n``); the law
code rules the mistakes.

Source: EW-ix (overclaim, taken down), EW-x (underclaim lost), EW-xi (a hand once taken
is not amended), EW-xii (his heels before the dealer's first card), EW-xiii (no help in
counting: whether an amendment is accepted never tells the true count), EW-xvi (a false
claim of game), EW-xix (neglected points of the play until the next card); under ACC the
muggins rules (ACC-10). The rules of play that open a claim are in
:mod:`hoyle.cribbage.state`; this module holds what follows a claim.

The functions take the state (:class:`Table`, which :class:`~hoyle.cribbage.state.
CribbageState` is) and are called only by it; each ``check_*`` raises
:class:`~hoyle.errors.IllegalAction` and changes nothing, each ``do_*`` applies an action
already checked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple, Protocol

from hoyle.cards import Card, Rank
from hoyle.cribbage.phase import Phase
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.scoring import heels_points
from hoyle.engine.flow import Continuation
from hoyle.engine.action import Action, ScoreItem
from hoyle.engine.event import Event
from hoyle.engine.state import Fields
from hoyle.engine.laws import Irregularity
from hoyle.errors import IllegalAction

__all__ = ["Claim", "Amendable", "ClaimMade", "MAX_CLAIM", "MAX_CLAIM_LONG", "CLAIM_ACTIONS",
           "HEELS", "Table", "max_claim", "claim_actions", "open_claim", "check_claim",
           "do_claim", "check_heels", "do_heels", "check_amend", "do_amend", "amend_open",
           "OpenMuggins", "check_muggins", "do_muggins", "muggins_window_closed"]

MAX_CLAIM: Final = 29  # the most a hand of four (or fewer) and the starter can score
MAX_CLAIM_LONG: Final = 99  # for the longer hands of eight-card cribbage
CLAIM_ACTIONS: Final = tuple(Action("CLAIM", n=i) for i in range(MAX_CLAIM_LONG + 1))
HEELS: Final = Action("HEELS")


class Claim(NamedTuple):
    """A scoring opportunity awaiting its owner's claim (manual counting)."""

    seat: int
    what: str  # "play", "go", "hand", "crib"
    points: int  # the true points
    items: tuple[ScoreItem, ...]
    cont: Continuation  # what follows once the claim (and any ruling) is settled
    cards: tuple[Card, ...] = ()


class Amendable(NamedTuple):
    """A claim in the play (``what``: ``play`` or ``go``) by ``seat`` that may be amended
    until the next card is played (EW-xix, ``underscore_window`` = ``next_card``): first
    made for ``first`` points, standing now at ``claimed`` (its amendments pegged), with
    ``true`` points due; made in deal ``deal`` with ``played`` cards played.

    It is open to amendment whatever the true count (EW-xiii: no help in counting, so the
    engine's answer to ``AMEND n`` never depends on ``true``); the amended claim is compared
    with ``true`` when the window shuts (:func:`do_claim`, at the next claim)."""

    seat: int
    claimed: int
    true: int
    played: int
    first: int
    what: str
    deal: int


@dataclass(frozen=True)
class ClaimMade(Continuation):
    """After the ruling on an amended claim whose window the claim of ``n`` points shut: that
    claim is made now (:func:`do_claim`)."""

    n: int


class OpenMuggins(NamedTuple):
    """An underpeg the adversary may call muggins on (ACC-10.4, referee mode): ``seat``
    pegged ``short`` too few for ``what`` (``play``, ``go``, ``hand``, ``crib``), at
    ``claim_no`` (its place in the deal's claims)."""

    seat: int
    short: int
    what: str
    deal_number: int
    claim_no: int


class Table(Fields, Protocol):
    """What manual counting reads of a cribbage state, and the state's methods it changes
    it by: the fields are read-only here (properties), so mypy refuses a write."""

    @property
    def rules(self) -> CribbageRules: ...

    @property
    def manual_count(self) -> bool: ...

    @property
    def starter(self) -> Card | None: ...

    @property
    def pegs(self) -> Sequence[Sequence[int]]: ...

    @property
    def played(self) -> Sequence[tuple[int, Card]]: ...

    @property
    def claim(self) -> Claim | None: ...

    @property
    def last_claim(self) -> str: ...

    @property
    def last_claim_seat(self) -> int | None: ...

    @property
    def amendable(self) -> Amendable | None: ...

    @property
    def open_overscores(self) -> Sequence[tuple[int, int]]: ...

    @property
    def heels_due(self) -> bool: ...

    @property
    def heels_to(self) -> int | None: ...

    @property
    def deal_number(self) -> int: ...

    @property
    def claims(self) -> Sequence[tuple[int, str, int]]: ...

    @property
    def muggins_open(self) -> Sequence[OpenMuggins]: ...

    def await_claim(self, claim: Claim) -> None: ...

    def settle_claim(self, n: int) -> Claim: ...

    def amend_claim(self, n: int) -> None: ...

    def shut_amendment(self) -> Amendable | None: ...

    def move_heels(self, seat: int | None) -> None: ...

    def open_overscore(self, offender: int, excess: int) -> None: ...

    def open_muggins(self, muggins: OpenMuggins) -> None: ...

    def close_muggins(self, muggins: OpenMuggins) -> None: ...

    def pone(self) -> int: ...

    def _adversary(self, seat: int) -> int: ...

    def dealer_has_played(self) -> bool: ...

    def _cite(self, what: str) -> str: ...

    def _peg(self, seat: int, points: int, events: list[Event], reason: str, source: str,
             items: tuple[ScoreItem, ...] = (), cards: tuple[Card, ...] = ()) -> bool: ...

    def _put_back(self, seat: int, points: int, law: str, events: list[Event]) -> None: ...

    def _rule(self, irregularity: Irregularity, events: list[Event],
              cont: Continuation | None = None) -> bool: ...

    def _continue(self, cont: Continuation, events: list[Event]) -> None: ...


def max_claim(rules: CribbageRules) -> int:
    """The largest claim accepted, in points: 29 with hands of four cards or fewer (the
    most a hand and the starter can score), else 99 (eight-card cribbage)."""
    return MAX_CLAIM if rules.hand_size <= 4 else MAX_CLAIM_LONG


def claim_actions(rules: CribbageRules) -> list[Action]:
    """``CLAIM 0`` … ``CLAIM max_claim(rules)``: the legal actions at a claim."""
    return list(CLAIM_ACTIONS[:max_claim(rules) + 1])


def open_claim(s: Table, claim: Claim) -> None:
    """Wait for ``claim.seat`` to claim the points of ``claim``."""
    s.await_claim(claim)


def check_claim(s: Table, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``action`` claims 0 … :func:`max_claim` points."""
    top = max_claim(s.rules)
    if action.cards or action.n is None or not 0 <= action.n <= top:
        raise IllegalAction(f"claim a number of points from 0 to {top}")


def do_claim(s: Table, n: int, events: list[Event]) -> None:
    """Score a claim of ``n`` points: an underclaim loses the rest (EW-x; muggins under
    ACC), an overclaim is taken and may be taken down (EW-ix), a claim of game that the
    true count does not reach is a false claim of game (EW-xvi).

    A claim shuts the window of the amendable claim before it (EW-xix): that one, as
    amended, is compared with its true count first (:func:`_settle_amendment`); when the
    law leaves its adversary a choice, this claim is made once he has chosen
    (:class:`ClaimMade`)."""
    if _settle_amendment(s, events, ClaimMade(n)):
        return
    claim = s.settle_claim(n)
    seat, true = claim.seat, claim.points
    facts = {"claimed": n, "true": true, "what": claim.what, "excess": n - true,
             "short": true - n}
    side = s.rules.side_of(seat)
    target = s.rules.target
    reason = claim.what if claim.what in ("hand", "crib") else \
        ", ".join(i.kind for i in claim.items) or "nothing"
    before = s.pegs[side][0]
    if n > true and before + n >= target > before + true:
        # A claim of game the true count does not reach: the true points are his, the
        # points he pegged falsely toward the game hole are the overclaim.
        if true:
            s._peg(seat, true, events, reason, "CRIB-R-10" if claim.what in
                   ("hand", "crib") else "CRIB-R-9", claim.items, claim.cards)
        facts["excess"] = target - (before + true)
        facts["claimed_total"] = before + n
        if s._rule(Irregularity("false_game_claim", seat, Phase.CLAIM, facts), events,
                   claim.cont):
            return
    else:
        src = s._cite("go") if claim.what == "go" else \
            "CRIB-R-9" if claim.what == "play" else "CRIB-R-10"
        laws = s.laws
        if n < true and before + n < target <= before + true and laws is not None \
                and "short_of_game" in laws.kinds:
            # ACC-8.11: pegging short of the game hole with enough points; where the
            # code's edition and event say so he still pegs out (a PegOut effect).
            if s._rule(Irregularity("short_of_game", seat, Phase.CLAIM,
                                    facts | {"items": claim.items, "src": src}), events,
                       claim.cont):
                return
        if s._peg(seat, n, events, "the claim" if n != true else reason,
                  src, claim.items if n == true else (), claim.cards):
            return
        if n < true and s.referee and s.laws is not None and \
                s.laws.value("muggins", str) == "acc":
            # Referee mode, muggins announced: the adversary may call it (MUGGINS n)
            # through the window of ACC-10.4.b-c; nothing is said for him.
            s.open_muggins(_open_muggins(s, seat, true - n, claim.what))
        elif n < true:
            # EW-xiii: while the short claim may still be amended, the ruling may not
            # tell by how much it was short.
            facts["amend_open"] = amend_open(s)
            if s._rule(Irregularity("underclaim", seat, Phase.CLAIM, facts), events,
                       claim.cont):
                return
        elif n > true:
            s.open_overscore(seat, n - true)
            if s._rule(Irregularity("overclaim", seat, Phase.CLAIM, facts), events,
                       claim.cont):
                return
    s._continue(claim.cont, events)


def check_heels(s: Table) -> None:
    """Raise :class:`IllegalAction` unless the dealer may take two for his heels now
    (manual counting, a jack turned, before the dealer's first card: EW-xii; a referee
    may enter a late claim, which the law then rules)."""
    if not s.manual_count:
        raise IllegalAction("his heels are scored automatically (manual counting is off)")
    if s.starter is None or s.starter.rank != Rank.JACK:
        raise IllegalAction("no jack has been turned up")
    if not s.heels_due and not s.referee:
        raise IllegalAction(
            "too late: two for his heels must be taken before the dealer plays his "
            f"first card ({s._cite('heels')})" if s.dealer_has_played()
            else "his heels have already been taken")


def do_heels(s: Table, events: list[Event]) -> None:
    """``HEELS``: two for his heels to the dealer (EW-xii), or a late claim ruled."""
    assert s.dealer is not None and s.starter is not None
    if s.heels_due:
        s.move_heels(s.dealer)
        points = heels_points(s.starter)
        s._peg(s.dealer, points, events, "his heels", s._cite("heels"),
               (ScoreItem("heels", (s.starter,), points),), (s.starter,))
        return
    s._rule(Irregularity("late_heels", s.dealer, s.phase,
                         {"dealer_has_played": s.dealer_has_played()},
                         reported=True), events)


def amend_open(s: Table) -> bool:
    """Whether the last claim in the play may still be amended: the code allows it until
    the next card is played (EW-xix: ``underscore_window`` = ``next_card``), no card has
    been played since the claim, in this deal, and no other claim has been made since.
    Whether the claim was short plays no part (EW-xiii: an answer that hung on it would
    count for the player)."""
    a = s.amendable
    if a is None or s.laws is None:
        return False
    if s.laws.value("underscore_window", str) != "next_card":
        return False
    return len(s.played) == a.played and a.deal == s.deal_number \
        and s.phase != Phase.GAME_OVER


def check_amend(s: Table, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``AMEND n`` may be entered now: while the
    window of EW-xix is open, by the claim's owner (in software play: the seat to act),
    for more than the claim stands at and at most :func:`max_claim` points, whatever the
    true count (EW-xiii: the answer must not help the player count); a referee may enter
    a late one, which the law then rules (EW-xi, EW-xix)."""
    if not s.manual_count:
        raise IllegalAction("scores are added automatically (manual counting is off)")
    if action.n is None or action.n < 0:
        raise IllegalAction("AMEND names the points, e.g. AMEND 4")
    if action.n > max_claim(s.rules):  # the cap of CLAIM, shared
        raise IllegalAction(f"AMEND names a number of points from 0 to "
                            f"{max_claim(s.rules)}, as a claim does")
    if not s.last_claim:
        raise IllegalAction("no score has been taken yet in this deal")
    if amend_open(s):
        a = s.amendable
        assert a is not None
        if not s.referee and s.to_act != a.seat:
            # A claim is amended by its owner (EW-xix: "a player who fails to score"); in
            # software play the seat that acts is the one to act, so another seat's
            # AMEND (the adversary pegging the claimant up to take him down) is refused.
            raise IllegalAction(f"only seat {a.seat}, who made the claim, may amend it, "
                                "when next to act")
        if action.n <= a.claimed:
            raise IllegalAction(f"an amendment adds neglected points: claim more than "
                                f"the {a.claimed} taken")
        return
    if not s.referee:
        if s.last_claim in ("hand", "crib"):
            raise IllegalAction("a hand or crib once taken cannot be amended "
                                f"({s._cite('amend_taken')})")
        raise IllegalAction("points neglected in the play cannot be taken after "
                            f"their time ({s._cite('amend')})")


def do_amend(s: Table, n: int, events: list[Event]) -> None:
    """``AMEND n``: take neglected points of the play while the window is open, else
    have the law rule a late amendment (``amend_score``, ``late_claim``)."""
    if amend_open(s):
        _amend(s, n, events)
        return
    kind = "amend_score" if s.last_claim in ("hand", "crib") else "late_claim"
    s._rule(Irregularity(kind, s.last_claim_seat, s.phase, {"points": n},
                         reported=True), events)


def _amend(s: Table, n: int, events: list[Event]) -> None:
    """Take neglected points of the play (EW-xix): the claim becomes ``n`` and the
    difference is pegged now, as a claim is. Nothing is compared with the true count yet
    (EW-xiii): that waits for the window to shut (:func:`_settle_amendment`), unless the
    points reach the game: a claim of game is settled at once, and one the true count does
    not reach is a false claim of game (EW-xvi)."""
    a = s.amendable
    assert a is not None
    seat, claimed, true = a.seat, a.claimed, a.true
    s.amend_claim(n)
    side = s.rules.side_of(seat)
    before = s.pegs[side][0]
    target = s.rules.target
    due = max(0, min(n, true) - claimed)  # of the points added, those due
    pending = max(0, claimed - max(a.first, true))  # pegged too many, not yet ruled
    true_after = before - pending + due
    if before + n - claimed >= target > true_after:
        s.shut_amendment()  # the claim of game is settled now
        if pending:  # the peg goes back to the true score before the ruling
            s._put_back(seat, pending, s._cite("amend"), events)
        if due:
            s._peg(seat, due, events, "neglected points taken", s._cite("amend"))
        facts = {"claimed": n, "true": true, "what": a.what, "short": true - n,
                 "excess": target - true_after, "claimed_total": before + n - claimed}
        s._rule(Irregularity("false_game_claim", seat, s.phase, facts), events)
        return
    s._peg(seat, n - claimed, events, "neglected points taken", s._cite("amend"))


def _settle_amendment(s: Table, events: list[Event], cont: Continuation) -> bool:
    """Shut the window of the amendable claim, if any, and compare it as amended with its
    true count (EW-xix, EW-xiii): the points pegged past both the true count and the
    claim as first made (already ruled by :func:`do_claim`) are an overclaim (EW-ix:
    open to be taken down). Returns True when the ruling left a choice (``cont`` carries
    on after it)."""
    a = s.shut_amendment()
    if a is None:
        return False
    excess = a.claimed - max(a.first, a.true)
    if excess <= 0:
        return False
    s.open_overscore(a.seat, excess)
    facts = {"claimed": a.claimed, "true": a.true, "excess": excess, "what": a.what,
             "short": a.true - a.claimed, "amended_from": a.first}
    return s._rule(Irregularity("overclaim", a.seat, Phase.CLAIM, facts), events, cont)


# -- muggins called at a real table (ACC-10.4) -------------------------------------------------

def _open_muggins(s: Table, seat: int, short: int, what: str) -> OpenMuggins:
    return OpenMuggins(seat, short, what, s.deal_number, len(s.claims) - 1)


def _kind(what: str) -> str:
    return "muggins_play" if what in ("play", "go") else "muggins_show"


def muggins_window_closed(s: Table, m: OpenMuggins) -> bool:
    """Whether the window to call muggins on the underpeg ``m`` (an ``OpenMuggins``) is
    past: points of the play, once the player pegs again or the pone's hand is pegged
    (ACC-10.4.b); a hand or crib, once the next hand is pegged or the cards are gathered
    (ACC-10.4.c, the catalogue's engine default)."""
    if m.deal_number != s.deal_number:
        return True
    later = s.claims[m.claim_no + 1:]
    if m.what in ("play", "go"):
        pone = s.pone()
        return any((seat == m.seat and n > 0) or (what == "hand" and seat == pone)
                   for seat, what, n in later)
    return any(what in ("hand", "crib") for _, what, _ in later)


def check_muggins(s: Table, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``MUGGINS [heels] n`` may be entered: referee
    mode, a number of points from 1 (a call on the heels names 2)."""
    if not s.referee:
        raise IllegalAction("muggins is called at a real table (referee mode); in play "
                            "the adversary is offered it after a short claim")
    if action.word not in ("", "heels"):
        raise IllegalAction("MUGGINS names the points called, e.g. MUGGINS 2 (or "
                            "MUGGINS heels 2 on his heels)")
    if action.cards:
        raise IllegalAction("MUGGINS names no card")
    if s.dealer is None:
        raise IllegalAction("muggins is called on a deal's points, and none is begun: cut "
                            "for deal first")
    top = max_claim(s.rules)
    if action.n is None or not 1 <= action.n <= top:
        raise IllegalAction(f"MUGGINS names the points called, from 1 to {top}")
    if action.word != "heels" and s.claim is not None:
        subject = _muggins_subject(s)
        if subject is not None and subject == s.claim.seat:
            # ACC-10.4.b: the call comes after the player finishes his pegging; while
            # he is still claiming (the last card, a go), it is early and changes nothing.
            raise IllegalAction(f"a muggins call waits until seat {subject} has finished "
                                "pegging (ACC-10.4.b)")


def _muggins_subject(s: Table) -> int | None:
    """The seat whose pegging a ``MUGGINS n`` call now judges, when that pegging is the
    latest claim (as :func:`do_muggins` picks it: the last underpeg in its window, else,
    with no underpeg at all, the last claim); ``None`` otherwise (an older underpeg still
    in its window, or a call past every window: its timing does not hang on this turn)."""
    last = len(s.claims) - 1
    open_ = [m for m in s.muggins_open if not muggins_window_closed(s, m)]
    if open_:
        return open_[-1].seat if open_[-1].claim_no == last else None
    if s.muggins_open:
        return None
    return s.claims[-1][0] if s.claims else None


def do_muggins(s: Table, word: str, n: int, events: list[Event]) -> None:
    """``MUGGINS n``: the adversary calls "muggins for n" on the last underpeg still in its
    window (ACC-10.4.a: he scores the lesser of n and the points missed); past the window,
    too late (ACC-10.4.b-c); with nothing missed, a wrong call (the n points go to the
    other player); on his heels, never (ACC-10.3). The code rules each (EW-x: no muggins
    in EW; ACC-10.1: muggins not announced)."""
    facts: dict[str, Any] = {"called": n}
    if word == "heels":
        assert s.dealer is not None
        s._rule(Irregularity("muggins_heels", s.dealer, s.phase, facts, reported=True),
                events)
        return
    open_ = [m for m in s.muggins_open if not muggins_window_closed(s, m)]
    if open_:
        m = open_[-1]
        s.close_muggins(m)
        facts.update(short=m.short, what=m.what)
        s._rule(Irregularity(_kind(m.what), m.seat, s.phase, facts, reported=True), events)
        return
    if s.muggins_open:
        m = s.muggins_open[-1]
        s.close_muggins(m)
        facts.update(short=m.short, what=m.what, too_late=True)
        s._rule(Irregularity(_kind(m.what), m.seat, s.phase, facts, reported=True), events)
        return
    if s.claims:
        seat, what, _ = s.claims[-1]
        facts.update(wrong=True, what=what)
        s._rule(Irregularity(_kind(what), seat, s.phase, facts, reported=True), events)
        return
    facts["nothing"] = True
    s._rule(Irregularity("muggins_play", None, s.phase, facts, reported=True), events)
