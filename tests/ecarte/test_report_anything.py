"""Report anything at écarté (issue 15, item 1): every report word of the game's codes can
be reported under each code; a word the chosen code has no law for is ruled "not covered
by CODE" (a real ruling, the game going on as it stands), never an input error."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hoyle.ecarte.laws import CODES, REPORT_WORDS
from hoyle.ecarte.state import EcarteState
from hoyle.engine.action import Action
from hoyle.errors import IllegalAction

from helpers.ecarte import CUT, act, at_play, at_proposal, at_turn, new


def _dealt(code: str) -> EcarteState:
    s = new(code, referee=True)
    act(s, *CUT)
    return s


def _cut(code: str) -> EcarteState:
    return new(code, referee=True)


STATES: tuple[Callable[[str], EcarteState], ...] = (at_play, at_proposal, at_turn, _dealt,
                                                     _cut)


def _report(word: str, s: EcarteState) -> Action:
    spec = REPORT_WORDS[word]
    seat = 0 if spec.seat else None
    cards: tuple = ()
    if spec.cards:
        if word in ("too_few", "exposed_in_exchange"):
            cards = (s.hands[0][0],)
        else:
            cards = (s.stock()[0],)
    return Action("REPORT", cards, n=seat, word=word)


@pytest.mark.parametrize("name", sorted(CODES))
def test_OH_and_CLUB_every_report_word_gets_a_ruling_or_not_covered(name: str) -> None:
    code = CODES[name]
    uncovered = []
    for word in sorted(REPORT_WORDS):
        for make in STATES:  # the first situation in the word's window
            s = make(name)
            if not s.is_legal(_report(word, s)):
                continue
            events = s.apply(_report(word, s))
            found = [e.ruling for e in events if e.kind == "ruling" and e.ruling is not None]
            assert found, word
            r = found[0]
            if r.covered:
                assert r.law in code, (word, r.law)
            else:
                assert r.law == name.upper() and f"not covered by {name.upper()}" in r.text
                uncovered.append(word)
            break
        else:
            pytest.fail(f"{word} could not be reported under {name} in any situation")
    kinds = set(code.kinds)
    # the uncovered words are exactly those the code has no law for (classified words
    # aside: their kinds depend on who and when)
    assert set(uncovered) == {w for w in REPORT_WORDS
                              if not REPORT_WORDS[w].classified and w not in kinds}


def test_OH_wrong_pack_not_covered_nothing_changes() -> None:
    s = _dealt("oh")
    before = (s.scores, s.phase, s.dealer)
    events = s.apply(Action.parse("REPORT wrong_pack"))
    (r,) = [e.ruling for e in events if e.kind == "ruling"]
    assert r is not None and not r.covered and r.law == "OH"
    assert (s.scores, s.phase, s.dealer) == before
    with pytest.raises(IllegalAction):
        s.apply(Action.parse("REPORT nonsense"))


def test_CLUB_4_cards_shown_in_the_cut_reported_after_the_cut_too_late() -> None:
    s = _cut("club")
    in_time = s.apply(Action.parse("REPORT cut_exposed"))
    r = [e.ruling for e in in_time if e.kind == "ruling"][0]
    assert r is not None and r.law == "CLUB-4" and not r.text.count("too late")
    s = at_play("club")
    before = (s.scores, s.phase, s.current_player)
    (r,) = [e.ruling for e in s.apply(Action.parse("REPORT cut_exposed")) if e.kind == "ruling"]
    assert r is not None and r.law == "CLUB-4" and not r.effects
    assert "too late" in r.text and "reported in the cut for deal" in r.text
    assert (s.scores, s.phase, s.current_player) == before


def test_CLUB_faced_card_in_the_stock_reported_once_the_play_began_too_late() -> None:
    s = at_play("club")
    card = s.stock()[0]
    (r,) = [e.ruling for e in s.apply(Action("REPORT", (card,), word="faced_in_stock"))
            if e.kind == "ruling"]
    assert r is not None and not r.effects and "too late" in r.text and r.law in CODES["club"]
