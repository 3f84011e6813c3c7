"""The line mode's wording (what the full-screen log shows too): the go announced, help
by counting mode, the show's breakdown as players say it (a pair royal, a double run),
and score lines without a rule ID in a game being played (rulings keep their laws)."""

from __future__ import annotations

import random
import re

from hoyle.cards import parse_cards
from hoyle.cribbage.scoring import score_show
from hoyle.cribbage.text import event_lines, play_words
from hoyle.engine.event import Event
from hoyle.interface.play import PlayDriver
from hoyle.interface.registry import get_game

SPEC = get_game("cribbage")
TEXT = SPEC.text()
PLAIN = re.compile(r"\[/?[a-z ]+\]")


def new_game(seed: int, **options: object) -> PlayDriver:
    values = {o.name: o.default for o in SPEC.play_options()}
    for name in ("seed", "save", "resume"):
        values.pop(name)
    values.update(options)
    return PlayDriver(SPEC, TEXT.new_play(seed, values), seed)


def whole_game(seed: int) -> list[str]:
    """The lines of a whole game, the person playing at random (seeded), markup off."""
    d = new_game(seed)
    rng = random.Random(1)
    lines: list[str] = []
    while not d.finished():
        if d.persons_turn():
            lines += d.lines(d.play(rng.choice(d.state.legal_actions())))
        else:
            step = d.step()
            lines += ([step.said] if step.said else []) + d.lines(step.events)
    return [PLAIN.sub("", line) for line in lines]


def test_every_go_is_announced_before_its_point() -> None:
    lines = whole_game(5)
    # worked out from the game of seed 5: the person (at 47) holds Q♣ at count 28 and
    # cannot play; the computer's 5♠ made 28 and takes one for last
    at = lines.index("  Computer (expert) scores 1 for the go (one for last) → 95")
    assert lines[at - 2:at] == ["Computer (expert) plays 5♠ — count 28.", 'You say "go".']
    for games in (5, 6, 7):
        lines = whole_game(games)
        for i, line in enumerate(lines):
            if "for the go (one for last)" in line:
                since_play = []
                for before in reversed(lines[:i]):
                    if before.startswith(("The count starts again", "Starter:")):
                        break
                    since_play.append(before)
                assert any('say "go".' in b or 'says "go".' in b for b in since_play), \
                    (games, lines[i - 4:i + 1])


def test_score_lines_of_a_game_name_no_rule_but_a_replay_does() -> None:
    d = new_game(6)
    rng = random.Random(1)
    lines: list[str] = []
    while not d.finished():
        if d.persons_turn():
            lines += d.lines(d.play(rng.choice(d.state.legal_actions())))
        else:
            lines += d.lines(d.step().events)
    scores = [line for line in lines if " score" in line and "→" in line]
    assert len(scores) > 20
    assert not any(re.search(r"\((EW|ACC|CRIB)-", line) for line in scores)
    _, events = SPEC.replay_record(d.record())   # hoyle replay keeps the rule IDs
    replayed = [line for line in event_lines(events, ["A", "B"], None) if "→" in line]
    assert len(replayed) == len(scores)
    assert all(re.search(r"\((EW|CRIB)-[A-Za-z0-9.-]+\)", line) for line in replayed)


def test_help_lists_only_what_the_counting_mode_takes() -> None:
    auto = TEXT.help_for(new_game(3).state)
    manual = TEXT.help_for(new_game(3, manual_count=True).state)
    for word in ("'heels'", "'amend N'", "at a claim"):
        assert word not in auto and word in manual
    assert "you say go by yourself" in auto and "counts every point for you" in auto


def show_event(hand: str, starter: str) -> Event:
    cards = parse_cards(hand)
    turn = parse_cards(starter)[0]
    result = score_show(cards, turn)
    return Event("show", 0, (*cards, turn), result.total, tuple(result.items), "hand")


def test_the_show_in_the_log_as_players_say_it() -> None:
    lines = [PLAIN.sub("", line) for line in
             event_lines([show_event("5H 5S 5C 6D", "4C")], ["You", "Computer"], 0)]
    assert lines[0] == "You show the hand: 5♥ 5♠ 5♣ 6♦ + starter 4♣ = 23"
    assert [" ".join(line.split()) for line in lines[1:]] == [
        "fifteen 5♥ 5♠ 5♣ 2", "fifteen 5♥ 6♦ 4♣ 2", "fifteen 5♠ 6♦ 4♣ 2",
        "fifteen 5♣ 6♦ 4♣ 2", "a triple run of three 4♣ 5♣ 5♥ 5♠ 6♦ 15"]
    royal = [" ".join(PLAIN.sub("", line).split()) for line in
             event_lines([show_event("9H 9S 9C KD", "2C")], ["You", "Computer"], 0)]
    assert royal[1:] == ["a pair royal 9♥ 9♠ 9♣ 6"]       # not three "pair" lines
    double = [" ".join(PLAIN.sub("", line).split()) for line in
              event_lines([show_event("7H 7S 8C 9D", "KC")], ["You", "Computer"], 0)]
    assert double[1:] == ["fifteen 7♥ 8♣ 2", "fifteen 7♠ 8♣ 2",
                          "a double run of three 7♥ 7♠ 8♣ 9♦ 8"]


def test_play_points_in_players_words() -> None:
    from hoyle.engine.action import ScoreItem
    assert play_words((ScoreItem("pair royal", (), 6),)) == "a pair royal"
    assert play_words((ScoreItem("fifteen", (), 2), ScoreItem("pair", (), 2))) == \
        "fifteen and a pair"
    assert play_words((ScoreItem("run", (), 4),)) == "a run of four"
