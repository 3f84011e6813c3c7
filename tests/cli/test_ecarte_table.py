"""``hoyle play ecarte`` and ``hoyle referee ecarte`` at the points issue 15 part C fixed,
typed as a person types them through a pseudo-terminal: the CLUB-24 king window after the
person leads the king, a bare ``king`` at the dealer's prompt, CLUB-37's exposed card at the
next exchange, a deal out of turn found in the play, a revoke claimed during the hand and
the elder hand's look reported as a fact.

Seed 1 (found by playing the game through ``PlayDriver``): the person, seat 0, is the elder
hand of the first deal and holds the king of trumps at his first lead.
"""

from __future__ import annotations

import re
from pathlib import Path

import pexpect

from hoyle.cards import Card, Rank
from hoyle.ecarte.records import replay_record
from hoyle.ecarte.state import EcarteState
from hoyle.engine.records import GameRecord

from tests.cli.test_ecarte import ANSI, spawn
import pytest

pytestmark = pytest.mark.slow  # processes, a browser, a terminal, a cluster or every hand

PLAY = r"Play a card \(playable: ([^)]*)\)([^:]*): "


def _trump_king(text: str) -> Card:
    turn = re.findall(r"Turn-up: (\S+)", ANSI.sub("", text))
    assert turn, text
    return Card.of(Rank.KING, Card.parse(turn[-1]).suit)


def _lead_the_king(tmp_path: Path, answer: str) -> tuple[pexpect.spawn, Card]:
    child = spawn("play", "ecarte", "--seed", "1", "--save", "k.json", cwd=tmp_path)
    child.expect(r"Stand \(play\) or propose\? \[stand/propose\]: ")
    seen = child.before
    child.sendline("stand")
    child.expect(PLAY)
    king = _trump_king(seen + child.before)
    assert king.pretty in child.match.group(1) and "king" in child.match.group(2)
    child.sendline(str(king).lower())  # led without announcing it
    child.expect(r"Announce it\? \(king or no\): ")
    child.sendline(answer)
    return child, king


def test_CLUB_24_play_ecarte_offers_the_king_after_the_person_leads_it(tmp_path: Path) -> None:
    child, king = _lead_the_king(tmp_path, "king")
    child.expect(r"You announce the king")
    child.expect(PLAY)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    state, _ = replay_record(GameRecord.load(tmp_path / "k.json"))
    assert "KING 0" in [str(a) for a in state.history]
    assert state.announced[0] and state.scores[0] >= 1


def test_CLUB_24_play_ecarte_king_window_declined_then_closed(tmp_path: Path) -> None:
    child, king = _lead_the_king(tmp_path, "no")
    child.expect(PLAY)  # the computer played to it: the window is closed
    assert "king" not in child.match.group(2)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    state, _ = replay_record(GameRecord.load(tmp_path / "k.json"))
    assert not any(a.verb == "KING" for a in state.history) and not state.announced[0]


DEAL = ("9c", "kd", "32 KS QS JS 7H 7D AS 9S KH QH KD", "8s")


def _referee(tmp_path: Path, lines: tuple[str, ...]) -> pexpect.spawn:
    child = spawn("referee", "ecarte", "--names", "Ann,Bob", "--save", "r.json",
                  cwd=tmp_path)
    for line in lines:
        child.expect(r": ")
        child.sendline(line)
    return child


def _saved(tmp_path: Path, child: pexpect.spawn) -> EcarteState:
    child.sendline("quit")
    child.expect(pexpect.EOF)
    state, _ = replay_record(GameRecord.load(tmp_path / "r.json"))
    return state


def test_CLUB_24_referee_bare_king_after_the_lead_is_the_leaders(tmp_path: Path) -> None:
    child = _referee(tmp_path, (*DEAL, "stand", "ks"))
    child.expect(r"Bob plays a card \(or 'king': Ann may still announce the king led, "
                 r"CLUB-24\): ")
    child.sendline("king")
    child.expect(r"Ann announces the king")
    child.expect(r"Ann 1, Bob 0|Bob plays a card")
    state = _saved(tmp_path, child)
    assert state.scores == [1, 0]


def test_CLUB_37_referee_offers_the_exposed_card_at_the_next_exchange(tmp_path: Path) -> None:
    child = _referee(tmp_path, (*DEAL, "propose", "accept", "7d", "7c", "kd", "8c",
                                "report card_turned_in_exchange 9c"))
    child.expect(r"Ruling CLUB-37: Bob may not refuse the next proposal")
    for line in ("propose", "accept", "7c 7h"):
        child.expect(r": ")
        child.sendline(line)
    child.expect(r"Ruling CLUB-37: Ann proposes again: he may take the exposed card 9C")
    child.expect(r"chooses \[take/leave\]: ")
    child.sendline("take")
    child.expect(r"The cards Ann takes from the stock: ")
    child.sendline("tc")
    state = _saved(tmp_path, child)
    assert Card.parse("9C") in state.hands[0] and Card.parse("TC") in state.hands[0]
    assert state.taken[0] == 3 and state.phase == "discard"


def test_CLUB_14_referee_deal_out_of_turn_found_in_the_play(tmp_path: Path) -> None:
    child = _referee(tmp_path, ("9c", "kd", "32 QS JS 7H 8H 9D TD AC 7C 8C 9C", "ks",
                                "stand", "7h", "report deal_out_of_turn 0"))
    child.expect(r"Ruling CLUB-14: found after the turn-up: the deal stands; Ann, who dealt")
    child.expect(r"is its dealer and Bob deals the next")
    child.expect(r"Bob plays a card")
    child.sendline("score")
    child.expect(r"Score Ann 1, Bob 0")  # the turned-up king is hers who dealt
    state = _saved(tmp_path, child)
    assert state.dealer == 0 and state.scores == [1, 0]


def test_CLUB_43_referee_revoke_claimed_during_the_hand(tmp_path: Path) -> None:
    child = _referee(tmp_path, (*DEAL, "stand", "7d", "kd", "kh", "ks",
                                "report revoke_claimed 0"))
    child.expect(r"Ruling CLUB-43: Ann revoked: Bob may require the hand to be replayed")
    child.expect(r"Bob chooses \[replay/stand\]: ")
    child.sendline("replay")
    child.expect(r"the hand is played again")
    state = _saved(tmp_path, child)
    assert state.played == [] and state.reduced == {0: "club"}


def test_referee_elder_looked_fact_in_the_menu_and_ruled_on(tmp_path: Path) -> None:
    child = _referee(tmp_path, ("9c", "kd", "32 KS QS JS 7H 7D AS 9S KH QH KD", "menu"))
    child.expect(r"elder_looked\s*│\s*a fact")
    child.sendline("report elder_looked")
    child.expect(r"Ann: the elder hand has looked at the cards dealt")
    child.sendline("report exposed_elder_card")
    child.expect(r"Ruling CLUB-13: the elder hand has looked at his hand: the deal stands")
    state = _saved(tmp_path, child)
    assert state.elder_looked and state.phase == "turn_up"
