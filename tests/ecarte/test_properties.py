"""Properties of random seeded écarté games (hypothesis): the 32 cards are conserved at every
step, a view never shows a hidden card, a record replays to the identical game, and a refused
action changes nothing."""

from __future__ import annotations

import pytest

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hoyle.cards import Card
from hoyle.ecarte.laws import get_code
from hoyle.ecarte.match import play_game
from hoyle.ecarte.players import RandomPlayer, RulesPlayer
from hoyle.ecarte.records import replay_record
from hoyle.ecarte.laws import REPORT_WORDS
from hoyle.ecarte.state import EcarteState
from hoyle.errors import IllegalAction
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.event import Event
from hoyle.engine.records import GameRecord

from helpers.cribbage import cards_in
from helpers.ecarte import snapshot


def conserved(s: EcarteState) -> None:
    places: list[Card] = list(s.stock()) + list(s.set_aside) + [c for _, c in s.played]
    for seat in (0, 1):
        places += s.hands[seat] + s.discards[seat]
    if s.turn_up is not None:
        places.append(s.turn_up)
    assert len(places) == 32 and len(set(places)) == 32


def hidden_ok(s: EcarteState, events: list[Event]) -> None:
    for seat in (0, 1):
        other = 1 - seat
        hidden = set(s.hands[other]) | set(s.discards[other]) | set(s.stock())
        assert not cards_in(s.view(seat)) & hidden
        for e in events:
            seen = e.seen_by(seat)
            if e.hidden and e.seat != seat:
                assert seen.cards == ()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), code=st.sampled_from(["oh", "club"]),
       players=st.sampled_from(["random", "rules", "mixed"]))
@pytest.mark.slow
def test_games_conserve_cards_hide_cards_and_replay(seed: int, code: str,
                                                    players: str) -> None:
    ps = {"random": [RandomPlayer(), RandomPlayer()], "rules": [RulesPlayer(), RulesPlayer()],
          "mixed": [RulesPlayer(), RandomPlayer()]}[players]
    seen: list[Event] = []
    s = EcarteState(seed=seed, laws=get_code(code))

    def on_events(events: list[Event]) -> None:
        seen.extend(events)
        conserved(s)
        hidden_ok(s, events)

    play_game(ps, seed=seed, state=s, on_events=on_events)
    assert s.result is not None and max(s.scores) >= 5
    record = GameRecord.from_json(s.to_record(seats=["a", "b"]).to_json())
    replayed, events = replay_record(record)
    assert replayed.history == s.history and replayed.result == s.result
    assert events == seen
    again = play_game(ps, seed=seed, laws=get_code(code))
    assert again.history == s.history  # the same seed gives the same game


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), code=st.sampled_from(["oh", "club"]))
def test_referee_games_with_irregularities_conserve_cards(seed: int, code: str) -> None:
    """Random play at a real table with revokes, false kings, wrong draws and reports."""
    rng = random.Random(seed)
    s = EcarteState(laws=get_code(code), referee=True, seed=seed)
    for _ in range(250):
        if s.is_terminal():
            break
        r = rng.random()
        a: Action | None = None
        if r < 0.08:
            word = rng.choice(sorted(REPORT_WORDS))
            needs_seat, needs_cards = REPORT_WORDS[word].seat, REPORT_WORDS[word].cards
            seat = rng.choice([0, 1]) if needs_seat else None
            pool = s.hands[seat] if seat is not None and word in ("too_few",
                                                                  "exposed_in_exchange") \
                else s.stock()
            cards = (rng.choice(pool),) if needs_cards and pool else ()
            a = Action("REPORT", cards, seat, word)
        elif r < 0.12 and s.phase == "play":
            a = Action("KING", n=rng.choice([0, 1]))
        elif r < 0.25 and s.phase == "play" and s.current_player >= 0 \
                and s.hands[s.current_player]:
            a = Action("PLAY", (rng.choice(s.hands[s.current_player]),))
        elif r < 0.35 and s.current_player == CHANCE and s.phase == "draw":
            k = rng.randint(0, min(4, len(s.stock())))
            a = Action("DRAW", tuple(rng.sample(s.stock(), k)))
        if a is None:
            a = s.sample_chance(rng) if s.current_player == CHANCE \
                else rng.choice(s.legal_actions())
        before = snapshot(s)
        try:
            events = s.apply(a)
        except IllegalAction:
            assert snapshot(s) == before  # a refused action changes nothing
            continue
        conserved(s)
        hidden_ok(s, events)
    replayed, _ = replay_record(GameRecord.from_json(s.to_record().to_json()))
    assert replayed.history == s.history and replayed.scores == s.scores
