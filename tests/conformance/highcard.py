"""High card: the framework's own fixture game, registered only in the tests.

Two seats cut for deal, the low card dealing (HIGH-R-1); each is dealt two cards, the elder
hand first (HIGH-R-2); the elder hand plays one face up, then the dealer (HIGH-R-3); the
higher rank, ace high, scores a point, equal ranks none (HIGH-R-4); the deal passes and
five points win (HIGH-R-5). Its rules are in ``highcard.md`` beside this file.

It is here to prove the contract small: the whole game, with its state, its words, its
player and its registry entry, is this file, and every interface and the conformance suite
take it with no edit (``docs/adding-a-game.md``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from hoyle.cards import CARDS, Card, Rank, parse_cards_in
from hoyle.engine import rng as draw
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.event import Event, event
from hoyle.engine.laws import LawCode
from hoyle.engine.records import GameRecord, record_law_code
from hoyle.interface.registry import GameSpec
from hoyle.engine.state import BaseState
from hoyle.interface.text import (HUMAN, Block, GameText, PlayGame, cards_markup, check_play_record,
                               escape, who)
from hoyle.errors import HoyleError, IllegalAction, RecordError

TARGET = 5


class Phase(StrEnum):
    """High card's phases: the framework's, and the play."""

    CUT_FOR_DEAL, DEAL, PLAY, DECISION, GAME_OVER = ("cut_for_deal", "deal", "play",
                                                     "decision", "game_over")


class Kind(StrEnum):
    """High card's own event kinds."""

    DEAL = "deal"
    PLAY = "play"
    SCORE = "score"


def rank(card: Card) -> int:
    """A card's rank for the trick, ace high (HIGH-R-4)."""
    return 14 if card.rank == Rank.ACE else int(card.rank)


@dataclass(frozen=True)
class Result:
    """Who won, and the score."""

    winner: int
    scores: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        return {"winner": self.winner, "scores": list(self.scores)}


@dataclass(frozen=True)
class HighCardView:
    """What one seat may know: its hand, the cards played this deal, the score."""

    seat: int
    hand: tuple[Card, ...]
    played: tuple[tuple[int, Card], ...]
    scores: tuple[int, int]
    dealer: int | None
    phase: str
    current_player: int


class HighCardState(BaseState):
    """A game of high card (OpenSpiel style: chance nodes for the cut and the deal)."""

    PHASE = Phase

    def __init__(self, seed: int | None = None, laws: LawCode | None = None) -> None:
        super().__init__(seed, laws, False, 2)
        self.scores = [0, 0]
        self.hands: list[list[Card]] = [[], []]
        self.played: list[tuple[int, Card]] = []
        self.result: Result | None = None

    @property
    def elder(self) -> int:
        assert self.dealer is not None
        return 1 - self.dealer

    def _unshare(self) -> None:
        self.scores = list(self.scores)
        self.hands = [list(h) for h in self.hands]
        self.played = list(self.played)

    def legal_actions(self) -> list[Action]:
        if self.phase != Phase.PLAY:
            return []
        return [Action("PLAY", (c,)) for c in sorted(self.hands[self.to_act])]

    def _check(self, action: Action) -> None:
        if self.to_act == CHANCE:
            if action not in self.chance_outcomes() and not self._a_deal(action):
                raise IllegalAction(f"{action} is not a chance outcome here")
        elif self.phase != Phase.PLAY or action.verb != "PLAY" or len(action.cards) != 1:
            raise IllegalAction("play one card of your hand")
        elif action.cards[0] not in self.hands[self.to_act]:
            raise IllegalAction("that card is not in your hand")

    def _a_deal(self, action: Action) -> bool:
        return self.phase == Phase.DEAL and action.verb == "DEAL" and len(set(action.cards)) == 4

    def _do(self, action: Action, events: list[Event]) -> None:
        if action.verb == "CUT":
            self._do_cut(action.cards[0], events)
        elif action.verb == "DEAL":  # the elder hand's two, then the dealer's (HIGH-R-2)
            for seat, cards in ((self.elder, action.cards[:2]), (1 - self.elder, action.cards[2:])):
                self.hands[seat] = list(cards)
                events.append(event(Kind.DEAL, seat, tuple(cards), hidden=True, source="HIGH-R-2"))
            self.phase, self.to_act = Phase.PLAY, self.elder
        else:
            seat, card = self.to_act, action.cards[0]
            self.hands[seat].remove(card)
            self.played.append((seat, card))
            events.append(event(Kind.PLAY, seat, (card,), source="HIGH-R-3"))
            if len(self.played) == 1:
                self.to_act = 1 - seat
            else:
                self._trick(events)

    def _trick(self, events: list[Event]) -> None:
        (a, ca), (b, cb) = self.played
        if rank(ca) != rank(cb):  # the higher rank scores a point (HIGH-R-4)
            winner = a if rank(ca) > rank(cb) else b
            self.scores[winner] += 1
            events.append(event(Kind.SCORE, winner, points=1, total=self.scores[winner],
                                reason="the higher card", source="HIGH-R-4"))
            if self._reach(winner, self.scores[winner], events):
                return
        self._new_deal(self.elder, events, "the deal passes", "HIGH-R-5")

    def receiver(self, position: int) -> int | None:
        if self.phase != Phase.DEAL or self.dealer is None:
            return None
        return self.elder if position < 2 else self.dealer  # HIGH-R-2

    def _sample_direct(self, rng: random.Random) -> Action | None:
        return Action("DEAL", tuple(draw.sample(rng, list(CARDS), 4))) if self.phase == Phase.DEAL else None

    def _pack(self) -> Sequence[Card]:
        return CARDS

    def _cut_rank(self, card: Card) -> int:
        return int(card.rank)

    def _cut_rule(self) -> tuple[bool, str, str]:
        return True, "the low card deals", "HIGH-R-1"

    def _reset_deal(self) -> None:
        self.hands, self.played = [[], []], []

    def _target(self) -> int:
        return TARGET

    def _settle(self, winner: int, forfeit: str) -> tuple[str, int, str]:
        self.result = Result(winner, (self.scores[0], self.scores[1]))
        return f"wins {self.scores[0]}-{self.scores[1]}", self.scores[winner], "HIGH-R-5"

    def _record_head(self) -> tuple[str, str]:
        return "highcard", "standard"

    def _result_dict(self) -> dict[str, Any] | None:
        return self.result.to_dict() if self.result is not None else None

    def _view(self, seat: int) -> HighCardView:
        return HighCardView(seat, tuple(sorted(self.hands[seat])), tuple(self.played),
                            (self.scores[0], self.scores[1]), self.dealer, self.phase,
                            self.to_act)

    def _public_view(self) -> HighCardView:
        return HighCardView(-1, (), tuple(self.played), (self.scores[0], self.scores[1]),
                            self.dealer, self.phase, self.to_act)


def state_for_record(record: GameRecord) -> HighCardState:
    """A new game from a record's header.

    Raises:
        RecordError: not a high card record, or an unknown law code or option.
    """
    if record.game != "highcard":
        raise RecordError(f"not a high card record (a record of {record.game})")
    options = dict(record.options)
    options.pop("undos", None)
    try:
        laws = record_law_code(record, options, GAME.get_code)
    except HoyleError as e:
        raise RecordError(f"bad law code: {e}") from None
    if options:
        raise RecordError(f"high card has no option {sorted(options)[0]!r}")
    return HighCardState(record.seed, laws)


class RandomPlayer:
    """Plays a card of its hand at random."""

    name = "random"

    def choose(self, view: HighCardView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        return legal_actions[draw.randbelow(rng, len(legal_actions))]


PLAYERS = {"random": RandomPlayer}
CODES = {"house": LawCode("house", "The rules of play alone")}


class HighCardText(GameText):
    """High card's words."""

    help_text = "Type a card of your hand (5h, ks) to play it; 'quit' saves the game."
    play_command_help = "Play high card against the computer (game of five)."

    def event_lines(self, events: Sequence[Event], names: Sequence[str],
                    viewer: int | None) -> list[str]:
        out = []
        for raw in events:
            e = raw if viewer is None else raw.seen_by(viewer)
            w = who(names, e.seat)
            if e.kind == Kind.DEAL:
                out.append(f"{w}: dealt {cards_markup(e.cards) if e.cards else 'two cards'}.")
            elif e.kind == Kind.PLAY:
                out.append(f"{w}: plays {cards_markup(e.cards)}.")
            elif e.kind == Kind.SCORE:
                out.append(f"{w}: scores {e.points} ({escape(e.reason)}), {e.total} in all.")
            else:
                out.extend(super().event_lines([e], names, viewer))
        return out

    def new_play(self, seed: int, values: Mapping[str, Any]) -> PlayGame:
        laws = GAME.get_code(values.get("laws") or GAME.default_laws)
        return PlayGame(HighCardState(seed, laws), {1: GAME.make_player(values["opponent"])}, 0)

    def resume_play(self, record: GameRecord, path: Path) -> PlayGame:
        check_play_record(record, path, "highcard")
        state, _ = GAME.replay_record(record, seeded=True)
        if state.is_terminal():
            raise RecordError("that game is over")
        human = record.seats.index(HUMAN)
        return PlayGame(state, {1 - human: GAME.make_player(record.seats[1 - human])}, human)

    def status(self, state: Any, seat: int, names: Sequence[str],
               width: int | None = None) -> list[Block]:
        v = state.view(seat) if seat >= 0 else state.public_view()
        played = " ".join(f"{escape(names[s])} {cards_markup([c])}" for s, c in v.played)
        return [f"[bold]Score[/bold] {escape(names[0])} {v.scores[0]}, {escape(names[1])} "
                f"{v.scores[1]} (game {TARGET})", f"On the table: {played or '-'}",
                f"Your hand: {cards_markup(v.hand) or '-'}"]

    def prompt(self, state: Any, seat: int, names: Sequence[str]) -> str:
        return "Play a card:"

    def typed(self, action: Action) -> str:
        return str(action.cards[0]).lower()

    def read_move(self, line: str, state: Any, seat: int) -> Action | None:
        if not line:
            return None
        cards = parse_cards_in(line, state.view(seat).hand)
        if len(cards) != 1:
            raise HoyleError("Name one card of your hand to play, e.g. 7d.")
        return Action("PLAY", cards)


class HighCardSpec(GameSpec):
    """High card (``tests/conformance/highcard.md``)."""

    name = "highcard"
    title = "High card"
    default_laws = "house"
    catalogue = str(Path(__file__).with_suffix(".md"))
    rule_prefix = "HIGH-R"
    codes_at = f"{__name__}:CODES"
    players_at = f"{__name__}:PLAYERS"
    text_at = f"{__name__}:HighCardText"
    state_at = f"{__name__}:state_for_record"
    kinds_at = f"{__name__}:Kind"


GAME = HighCardSpec()
