"""The referee's reports at écarté: irregularities a table playing with real cards reports
(``REPORT word [seat] [cards]``), classified into the kind a code rules and ruled by it.

Source: the report words every écarté code declares (``engine.laws.Report`` in the law
decorators' ``words=``, gathered as ``LawCode.game_reports``): whether a word names a seat
and cards, and its window (the cut, the exchange, the play, any time); the
classification of a wrong number of cards by who holds them and when they are found
(``shared/laws/ecarte.md`` §4). The rules of play are in :mod:`hoyle.ecarte.state`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from hoyle.cards import Card
from hoyle.ecarte.events import Kind
from hoyle.ecarte.phase import Phase
from hoyle.engine.flow import Continuation, Resume
from hoyle.engine.action import Action
from hoyle.engine.event import Event
from hoyle.engine.state import Fields
from hoyle.engine.laws import Irregularity, LawCode, Report, Window
from hoyle.errors import IllegalAction, short_repr

__all__ = ["FACTS", "Table", "check_report", "past_window", "report_kind", "do_report"]

_EXCHANGE_PHASES = (Phase.PROPOSAL, Phase.ANSWER, Phase.DISCARD, Phase.DRAW)


class Table(Fields, Protocol):
    """What a report reads of an écarté state, and the state's methods it changes it by:
    the fields are read-only here (properties), so mypy refuses a write."""

    @property
    def hands(self) -> Sequence[Sequence[Card]]: ...

    @property
    def turn_up(self) -> Card | None: ...

    @property
    def proposals(self) -> int: ...

    @property
    def exchanges(self) -> int: ...

    @property
    def trick(self) -> Sequence[tuple[int, Card]]: ...

    @property
    def played(self) -> Sequence[tuple[int, Card]]: ...

    @property
    def revokes(self) -> Sequence[tuple[int, str, Card]]: ...

    @property
    def last_trick(self) -> tuple[int, Card, int, Card, int] | None: ...

    @property
    def count_report(self) -> tuple[int, str, tuple[Card, ...]] | None: ...

    @property
    def exposed_turn(self) -> Sequence[Card]: ...

    @property
    def elder_looked(self) -> bool: ...

    @property
    def scores(self) -> Sequence[int]: ...

    def note_elder_looked(self) -> None: ...

    def table_count_report(self, seat: int, word: str, cards: tuple[Card, ...]) -> None: ...

    def note_exposed_turn(self, cards: Sequence[Card]) -> None: ...

    def claim_revoke(self, revoke: tuple[int, str, Card]) -> None: ...

    @property
    def elder(self) -> int | None: ...

    def stock(self) -> list[Card]: ...

    def _played_by(self, seat: int) -> list[Card]: ...

    def _rule(self, irregularity: Irregularity, events: list[Event],
              cont: Continuation | None = None) -> bool: ...

    def _continue(self, cont: Continuation, events: list[Event]) -> None: ...


def check_report(s: Table, action: Action) -> None:
    """Raise :class:`IllegalAction` unless ``REPORT word [seat] [cards]`` is a report word
    of écarté, names what it must (a seat, cards that are where the word says) in its
    window (a kind the chosen code does not rule is ruled "not covered"). Only in referee
    mode."""
    if not s.referee:
        raise IllegalAction("irregularities are reported only in referee mode")
    assert s.laws is not None
    word = action.word
    words = s.laws.game_reports  # every écarté code's report words
    if word in FACTS:
        _check_fact(s, action)
        return
    spec = words.get(word)
    known = ", ".join(sorted(k for k, r in words.items() if r.reportable) + sorted(FACTS))
    if not word:
        raise IllegalAction(f"report what? name the kind (menu lists them): {known}")
    if spec is None:
        raise IllegalAction(f"unknown irregularity {short_repr(word)}; known: {known}")
    needs_seat, needs_cards = spec.seat, spec.cards
    if s.phase in (Phase.DECISION, Phase.RECTIFY):
        raise IllegalAction("settle the pending ruling first")
    if action.n is not None and action.n not in (0, 1):
        raise IllegalAction(f"no seat {action.n} in this game")
    if needs_seat and action.n is None:
        raise IllegalAction(f"REPORT {word} must name a seat ({spec.seat_role}), e.g. "
                            f"REPORT {word} 0")
    if needs_cards and not action.cards:
        raise IllegalAction(f"REPORT {word} must name the card(s)")
    if not needs_cards and action.cards:
        raise IllegalAction(f"REPORT {word} names no card")
    window = spec.window
    if window is Window.CUT_FOR_DEAL or window is Window.ANY_TIME:
        pass  # after the cut for deal: too late (past_window), ruled, not refused
    elif s.dealer is None:
        raise IllegalAction(f"no deal yet: cut for deal first ({word} concerns a deal)")
    elif window is Window.PLAY and s.phase != Phase.PLAY:
        raise IllegalAction(f"{word} is reported in the play of the cards")
    elif window is Window.EXCHANGE and not past_window(s, word) and (
            s.phase not in _EXCHANGE_PHASES or s.turn_up is None):
        raise IllegalAction(f"{word} is reported during the exchange")
    if word == "deal_out_of_turn" and action.n == s.dealer:
        raise IllegalAction(f"seat {action.n} was to deal this deal: name the seat who dealt "
                            "out of turn")
    if word in ("too_many", "too_few"):
        if s.dealer is None or not s.hands[0]:
            raise IllegalAction("no cards have been dealt yet")
        assert action.n is not None
        pool = s.stock() if word == "too_many" else s.hands[action.n]
        for c in action.cards:
            if c not in pool:
                raise IllegalAction(f"{c.pretty} is not in {'the stock' if word == 'too_many' else 'that hand'}")
    if word == "several_turned" and s.turn_up is None:
        raise IllegalAction("several cards turned up is reported at the turn-up, before "
                            "the elder hand stands or proposes")
    if word == "several_turned" and action.n is not None and action.n != s.dealer:
        raise IllegalAction(f"the dealer turns up (seat {s.dealer}): several cards turned "
                            f"are not seat {action.n}'s act")
    # several_turned after the elder hand's first act: ruled too late (past_window)
    if word in ("faced_in_stock", "card_turned_in_exchange") or (
            word == "several_turned" and not past_window(s, word)):
        for c in action.cards:
            if c not in s.stock():
                raise IllegalAction(f"{c.pretty} is not in the stock")
    elif word == "exposed_in_exchange":
        assert action.n is not None
        for c in action.cards:
            if c not in s.hands[action.n]:
                raise IllegalAction(f"{c.pretty} is not in that hand")
    # A kind the chosen code has no law for is ruled "not covered by CODE"
    # (engine.laws.LawCode.not_covered), not refused.


def past_window(s: Table, word: str) -> bool:
    """Whether a report of ``word`` comes after its window (the cut for deal once a deal is
    begun; the exchange once the play has begun; several cards turned up once the elder
    hand has stood or proposed, CLUB-11, HGIE-11): it is ruled too late by the code
    (:meth:`hoyle.engine.laws.LawCode.too_late`), never refused."""
    assert s.laws is not None
    window = s.laws.game_reports[word].window
    if window is Window.CUT_FOR_DEAL:
        return s.phase != Phase.CUT_FOR_DEAL
    if window is Window.EXCHANGE:
        return s.phase == Phase.PLAY or bool(s.played)
    if word == "several_turned":  # Until.TURN_UP: CLUB-11, HGIE-11
        return s.turn_up is not None and (s.phase != Phase.PROPOSAL or bool(s.proposals)
                                          or bool(s.exchanges))
    return False


FACTS: dict[str, Report] = {
    "elder_looked": Report("the elder hand has looked at his cards (a fact the laws on the "
                           "deal read: CLUB-9, CLUB-11, CLUB-13; OH-7, HGIE-6, HGIE-11; not "
                           "OH-5, whose choice lasts until his first act)",
                           window=Window.DEAL),
}
"""Facts of the table the referee reports (``REPORT word``) that are not irregularities:
no law rules them; the state records them and the rulings that depend on them read them."""


def _check_fact(s: Table, action: Action) -> None:
    if s.phase in (Phase.DECISION, Phase.RECTIFY):
        raise IllegalAction("settle the pending ruling first")
    if action.cards or action.n is not None:
        raise IllegalAction(f"REPORT {action.word} names no seat and no card")
    if s.dealer is None or not any(s.hands):
        raise IllegalAction("no cards have been dealt yet")
    if s.elder_looked:
        raise IllegalAction("the elder hand's look is already recorded")


def _do_fact(s: Table, action: Action, events: list[Event]) -> None:
    s.note_elder_looked()
    events.append(Event(Kind.FACT, s.elder, reason="the elder hand has looked at the cards dealt",
                        source="ECARTE-R-5"))


def report_kind(s: Table, word: str, seat: int | None) -> str:
    """The kind a code rules for a report: ``too_many`` and ``too_few`` are classified by
    who holds the cards and when they are found (``shared/laws/ecarte.md`` §4)."""
    if word not in ("too_many", "too_few"):
        return word
    assert seat is not None
    many = word == "too_many"
    who = "nd" if seat == s.elder else "dealer"
    if s.turn_up is None and not s.elder_looked:
        return "deal_wrong_count"  # CLUB-9, OH-7: before the turn-up and the look
    # found after the elder hand looked, before the turn-up: a gap (CLUB-9 is closed,
    # CLUB-15..18 open at the turn-up); the default rules it as found after the turn-up
    if s.exchanges == 0:
        if s.played:
            return f"{who}_wrong_in_play"
        return f"{who}_too_{'many' if many else 'few'}"
    if s._played_by(seat):
        return f"{who}_played_too_many" if many else f"{who}_played_short"
    if who == "nd":
        return "nd_took_too_many" if many else "nd_given_too_few"
    return "dealer_took_too_many" if many else "dealer_took_too_few"


def do_report(s: Table, action: Action, events: list[Event]) -> None:
    """Put the reported facts on the table (cards found in a hand, cards turned) and have
    the code rule the kind; where no law of the code applies, the report stands as
    ECARTE-R-17."""
    word, seat = action.word, action.n
    if word in FACTS:
        _do_fact(s, action, events)
        return
    kind = report_kind(s, word, seat)
    facts: dict[str, Any] = {"cards": action.cards, "report": word}
    if word in ("too_many", "too_few") and s.turn_up is None and s.elder_looked:
        # no law names this time: ruled as found after the turn-up (report_kind)
        facts["analogy"] = ("found after the elder hand looked and before the turn-up, "
                            "a time no law names; ruled as found after the turn-up")
    if past_window(s, word):
        facts["too_late"] = True
    if word in ("too_many", "too_few"):
        assert seat is not None
        s.table_count_report(seat, word, action.cards)
        facts["count"] = len(action.cards)
    elif word in ("faced_in_stock", "card_turned_in_exchange"):
        facts["count"] = len(action.cards)
    elif word == "several_turned" and not facts.get("too_late"):
        s.note_exposed_turn(action.cards)
        facts["count"] = len(action.cards)
        facts["turn_up"] = s.turn_up
    elif word == "exposed_in_exchange":
        facts["count"] = len(action.cards)
    elif word == "retracted_card" and seat is not None:
        lt = s.last_trick
        ok = lt is not None and not s.trick and lt[2] == seat and \
            any(r[2] == lt[3] for r in s.revokes)
        facts["revoke_card"] = lt[3] if ok and lt is not None else None
    elif word == "revoke_claimed" and seat is not None:
        found = [r for r in s.revokes if r[0] == seat]
        if found:  # discovered now: ruled now, not again at the end of the hand
            s.claim_revoke(found[0])
            facts["revoke_kind"], facts["card"] = found[0][1], found[0][2]
    elif word == "overscore" and seat is not None:
        facts["marked"] = s.scores[seat]  # points marked: nothing to take down below 0
    elif word == "named_suit" and seat is not None:
        facts["card_led"] = s.trick[0][1] if len(s.trick) == 1 and \
            s.trick[0][0] == seat else None
    law_id = s.laws.law_for(kind).id if s.laws is not None and \
        kind in s.laws.kinds else "ECARTE-R-17"
    if word != "revoke_claimed" or "revoke_kind" in facts:
        # (a revoke claimed that finds none is not "revoke claimed": the ruling says the
        # claim fails)
        events.append(Event(Kind.REPORT, seat, action.cards, reason=word.replace("_", " "),
                            source=law_id))
    cont = Resume(s.phase, s.to_act)
    if not s._rule(Irregularity(kind, seat, s.phase, facts, reported=True), events,
                      cont):
        s._continue(cont, events)

