"""Property tests for the law machinery (hypothesis): random sequences of legal, illegal and
irregular actions on a manual-count and a referee-mode game under the EW code.

Each step is one of:

* a legal action (a chance outcome, or one of ``legal_actions()``; claims lean to small
  numbers so that games last, but any claim 0-29 can come, so over- and underclaims,
  decisions and false claims of game happen);
* a random, probably illegal action: any verb (known or not) with random cards, a random
  number (claims out of range, negative numbers, stray numbers on verbs that take none)
  and a random word;
* an irregular act a real table produces: ``REPORT`` of a random kind (reportable, detected
  or unknown) naming a random seat or none, ``HEELS``, ``AMEND n``, ``GO`` while holding a
  playable card, any card of the hand (past 31 or not).

After every step: an action that raises ``IllegalAction`` leaves the record, every seat's
view and the rest of the state exactly as before (and ``is_legal`` said so); the 52 cards
are all accounted for, each once; the scores moved exactly by the points of the ``score``
events the action caused (negative points included). At the end the record replays to the
same state and the same events (``replay_record``).
"""

from __future__ import annotations

import pytest

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hoyle.cards import CARDS
from hoyle.cribbage.laws import EW
from hoyle.cribbage.records import replay_record
from hoyle.cribbage.state import CribbageState
from hoyle.errors import IllegalAction
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.event import Event

from helpers.cribbage import pips, snapshot

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.data_too_large])

KINDS = sorted(EW.kinds) + ["nonsense", "renege_twice"]
WORDS = ["takedown", "accept", "muggins", "dead", "played", "bogus", *KINDS]
VERBS = ["PLAY", "GO", "DISCARD", "CUT", "DEAL", "STARTER", "CLAIM", "CHOOSE", "HEELS",
         "AMEND", "REPORT", "PASS", "XYZZY"]
cards = st.sampled_from(CARDS)


def legal_step(data: st.DataObject, s: CribbageState) -> Action:
    if s.current_player == CHANCE:
        seed = data.draw(st.integers(0, 2**32 - 1), label="chance")
        return s.sample_chance(random.Random(f"{seed}/{len(s.history)}"))
    legal = s.legal_actions()
    if s.phase == "claim":
        n = data.draw(st.one_of(st.integers(0, 4), st.integers(0, 29)), label="claim")
        return Action("CLAIM", n=n)
    return legal[data.draw(st.integers(0, len(legal) - 1), label="legal")]


def random_step(data: st.DataObject, s: CribbageState) -> Action:
    verb = data.draw(st.sampled_from(VERBS), label="verb")
    choice = data.draw(st.integers(0, 4), label="shape")
    if choice == 0:  # claims out of range and other bad numbers
        return Action(verb, n=data.draw(st.sampled_from([-5, -1, 30, 31, 99, 1000])))
    if choice == 1:  # a stray number on a card action or a bare verb
        hand = s.hands[s.current_player] if s.current_player >= 0 else []
        some = (data.draw(st.sampled_from(hand)),) if hand else ()
        return Action(verb, some, n=data.draw(st.integers(0, 5)))
    return Action(verb,
                  tuple(data.draw(st.lists(cards, max_size=3), label="cards")),
                  data.draw(st.one_of(st.none(), st.integers(-3, 40)), label="n"),
                  data.draw(st.one_of(st.just(""), st.sampled_from(WORDS)), label="word"))


def irregular_step(data: st.DataObject, s: CribbageState) -> Action:
    choice = data.draw(st.integers(0, 4), label="irregular")
    if choice == 0:
        seat = data.draw(st.sampled_from([None, 0, 1, 1, 0, 2, -1]), label="seat")
        return Action("REPORT", n=seat, word=data.draw(st.sampled_from(KINDS), label="kind"))
    if choice == 1:
        return Action("HEELS")
    if choice == 2:
        return Action("AMEND", n=data.draw(st.integers(0, 12), label="amend"))
    if choice == 3 or s.current_player < 0 or not s.hands[s.current_player]:
        return Action("GO")
    # any card of the hand: past 31 or not
    return Action("PLAY", (data.draw(st.sampled_from(s.hands[s.current_player])),))


def check_conservation(s: CribbageState) -> None:
    """Hands + crib + played + starter + stock (+ cards declared dead) = 52, each once."""
    held = [c for h in s.hands for c in h] + list(s.crib) + [c for _, c in s.played]
    held += list(getattr(s, "dead", []))
    if s.starter is not None:
        held.append(s.starter)
    assert len(held) == len(set(held)), Counter(held).most_common(3)
    everything = held + s.stock()
    assert len(everything) == 52 and set(everything) == set(CARDS)
    assert s.count == sum(pips(c) for c in s.count_cards) <= 31


def check_scores(before: tuple[int, ...], s: CribbageState, events: list[Event]) -> None:
    """The scores moved exactly by the points of the score events."""
    moved = [0] * len(before)
    for e in events:
        if e.kind == "score":
            assert e.seat is not None
            moved[s.rules.side_of(e.seat)] += e.points
    assert [b + m for b, m in zip(before, moved)] == list(s.scores), \
        [(e.kind, e.seat, e.points, e.source, e.reason) for e in events]
    assert all(p[0] >= 0 and 0 <= p[1] <= p[0] for p in s.pegs)


def run(data: st.DataObject, referee: bool) -> None:
    s = CribbageState(seed=0, laws=EW, manual_count=True, referee=referee)
    all_events: list[Event] = []
    steps = data.draw(st.integers(10, 220), label="steps")
    for _ in range(steps):
        if s.is_terminal():
            break
        what = data.draw(st.integers(0, 9), label="what")
        make = legal_step if what < 6 else random_step if what < 8 else irregular_step
        action = make(data, s)
        before, scores = snapshot(s), s.scores
        legal = s.is_legal(action)
        assert snapshot(s) == before
        try:
            events = s.apply(action)
        except IllegalAction:
            assert not legal, action
            assert snapshot(s) == before, action
            continue
        assert legal, action
        assert Action.parse(str(action)) == action  # what the record will hold
        all_events.extend(events)
        check_conservation(s)
        check_scores(scores, s, events)
        assert s.is_terminal() == (s.result is not None)
        for a in s.legal_actions():
            assert s.is_legal(a), a
    record = s.to_record()
    replayed, events = replay_record(record)
    assert replayed.history == s.history
    assert (replayed.scores, replayed.pegs, replayed.phase) == (s.scores, s.pegs, s.phase)
    assert (replayed.current_player, replayed.result) == (s.current_player, s.result)
    assert events == all_events
    assert replayed.to_record().to_json() == record.to_json()


@pytest.mark.slow
@SETTINGS
@given(data=st.data())
def test_EW_random_actions_keep_invariants_manual_count(data: st.DataObject) -> None:
    run(data, referee=False)


@pytest.mark.slow
@SETTINGS
@given(data=st.data())
def test_EW_random_actions_keep_invariants_referee_mode(data: st.DataObject) -> None:
    run(data, referee=True)


def test_EW_ix_score_events_account_for_a_takedown_after_a_displaced_peg() -> None:
    """The score-event invariant on a case random sequences rarely reach: the pone
    overclaims his lead (5 for a card that makes nothing), his front peg is knocked out
    (EW-xiv: back to his standing peg, 0), then the dealer takes him down (EW-ix). Every
    point that moved must be in a score event, and no event may move a point that did not
    move."""
    s = CribbageState(laws=EW, referee=True)
    texts = ["CUT 9C", "CUT 2D", "DEAL 5H 5C 5S JD 2C 3C 5D TH 4H 6D QC KD",
             "DISCARD 2C 3C", "DISCARD QC KD", "STARTER 9S", "PLAY JD", "CLAIM 5",
             "REPORT displaced_peg 0", "CHOOSE takedown"]
    for text in texts:
        before = s.scores
        check_scores(before, s, s.apply(Action.parse(text)))
    # the pone cannot go below 0; the dealer takes the 5 overscored
    assert s.scores == (0, 5)
