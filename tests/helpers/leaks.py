"""The leak checker (issue 19): seeded games of every configuration, and for every seat at
every step every artefact that seat can receive, searched for a card it may not know.

What a seat may know is worked out here from the actions themselves, not from the views:
the cards dealt or drawn to it, every card played, cut, turned (starter, turn-up), the king
of trumps once announced, and the hands and crib laid face up in a cribbage show; it starts
again with each deal (the pack is gathered and shuffled).

The artefacts: the view and its ``repr``; the PettingZoo environment's observation (its
card slots), action mask (the actions named) and ``render()`` text; OpenSpiel's observation and information
state tensors (their card slots) and strings; the events of the step as the seat sees them
(``Event.seen_by``) and the registry's ``GameText.event_lines`` of them; and, for the seat to
act, the messages of illegal actions probed with cards it may not know (the card probed is
the one the message may name).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pyspiel

import hoyle.envs.openspiel  # noqa: F401 - registers the games
from hoyle.cards import Card
from hoyle.engine.action import Action
from hoyle.interface.registry import Capability, games, get_game
from hoyle.envs.pettingzoo import make
from hoyle.errors import HoyleError

from helpers.cribbage import cards_in

CARD_TEXT = re.compile(r"(?<![A-Za-z])(10|[2-9TJQKA])([CDHS\u2663\u2666\u2665\u2660])(?![A-Za-z])")
_SUITS = {"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S"}

def configs() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """Every configuration of every game with an encoding, from the registry: each variant
    under the default law code, and each other law code in the default variant, as
    ``(game, OpenSpiel parameters, PettingZoo arguments)``."""
    out = []
    for spec in games(Capability.ENCODING):
        takes_variant = "variant" in spec.encoded().parameters
        variants = spec.variants() if takes_variant else (spec.default_variant,)
        ways = [(v, spec.default_laws) for v in variants] + [
            (spec.default_variant, c) for c in spec.codes() if c != spec.default_laws]
        for variant, laws in ways:
            params = {"variant": variant, "laws": laws} if takes_variant else {"laws": laws}
            out.append((spec.name, params, dict(params)))
    return out


CONFIGS = configs()


def cards_in_text(text: str) -> set[Card]:
    """Every card written in ``text`` (``5H``, ``TH``, ``10H``, ``5♥``)."""
    out = set()
    for rank, suit in CARD_TEXT.findall(text):
        out.add(Card.parse(rank + _SUITS.get(suit, suit)))
    return out


def cards_marked(values: Any, pack: tuple[Card, ...], blocks: int) -> set[Card]:
    """The cards marked in the first ``blocks`` one-hot blocks of ``values``."""
    n = len(pack)
    slots = np.asarray(values, dtype=np.float32)[:n * blocks].reshape(-1, n)
    return {pack[i] for i in np.flatnonzero(slots.max(axis=0))}


@dataclass
class Tally:
    """The figures of a run."""
    games: int = 0
    seat_steps: int = 0
    artefacts: int = 0
    leaks: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.seat_steps += other.seat_steps
        self.artefacts += other.artefacts
        self.leaks += other.leaks


class Knowledge:
    """What each seat may know in the current deal, from the actions (see the module)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.known: list[set[Card]] = [set() for _ in range(players)]
        self.deal_tokens = [0] * players  # information-state tokens before this deal

    def public(self, cards: Any) -> None:
        for k in self.known:
            k.update(cards)

    def before(self, engine: Any, action: Action, seen: list[list[str]]) -> None:
        """Update for ``action`` about to be applied to ``engine`` (an engine action)."""
        verb = action.verb
        if verb in ("DEAL", "DRAW"):  # each card to the seat the game says it goes to
            for i, card in enumerate(action.cards):  # (the last deal's knowledge was
                to = engine.receiver(i)              # dropped at its first card)
                if to is not None:
                    self.known[to].add(card)
        elif verb in ("CUT", "STARTER", "TURN", "PLAY"):
            self.public(action.cards)
        elif verb == "KING" and getattr(engine, "trump_king", None) is not None:
            self.public([engine.trump_king])

    def after(self, engine: Any, events: tuple[Any, ...]) -> None:
        for e in events:
            if e.kind == "show" or (e.kind in ("play", "trick", "king") and not e.hidden):
                self.public(e.cards)
        self.public(c for _, c in getattr(engine, "played", ()))


def _probes(engine: Any, seat: int, hidden: set[Card]) -> list[tuple[Action, Card]]:
    """Illegal actions naming a card ``seat`` may not know (a few, in index order)."""
    own = list(engine.view(seat).hand)
    out: list[tuple[Action, Card]] = []
    for c in sorted(hidden, key=lambda c: c.index)[:4]:
        out.append((Action("PLAY", (c,)), c))
        if own:
            out.append((Action("DISCARD", (c, own[0])), c))
            out.append((Action("DISCARD", (own[0], c)), c))
    return out


class Checker:
    """Runs the leak check over one configuration."""

    def __init__(self, game: str, params: dict[str, Any], env_args: dict[str, Any]) -> None:
        self.spec = get_game(game)
        self.params = params
        self.env_args = env_args
        self.text = self.spec.text()
        self.game = pyspiel.load_game(f"python_hoyle_{game}", params)
        self.players = self.game.num_players()
        state_enc = self.game.new_initial_state().enc
        self.pack: tuple[Card, ...] = tuple(
            state_enc.id_card(i) for i in range(self.game.max_chance_outcomes()))
        self.obs_blocks = state_enc.card_blocks
        self.obs_size = self.game.observation_tensor_size()
        self.names = [f"P{i}" for i in range(self.players)]
        self.env = make(f"hoyle/{game}-v0", render_mode="ansi", **env_args).unwrapped
        self.env.reset(seed=0)

    # -- the artefacts of one seat ---------------------------------------------------------
    def artefacts(self, state: Any, seat: int, know: Knowledge
                  ) -> Iterator[tuple[str, set[Card], set[Card]]]:
        """``(name, cards found, cards the probe itself named)`` for each artefact."""
        e = state.engine
        view = e.view(seat)
        yield "view", cards_in(tuple(view)), set()
        yield "repr(view)", cards_in_text(repr(view)), set()
        self.env.state = e
        obs = self.env.observe(self.env.possible_agents[seat])
        yield "env observation", cards_marked(obs["observation"], self.pack,
                                              self.obs_blocks), set()
        named = set()
        for i in np.flatnonzero(obs["action_mask"]):
            named |= cards_in_text(state.enc.action_name(e, int(i)))
        yield "env action mask", named, set()
        yield "env render", cards_in_text(self.env.render()), set()
        yield "openspiel observation tensor", cards_marked(
            state.observation_tensor(seat), self.pack, self.obs_blocks), set()
        info = state.information_state_tensor(seat)
        extra = info[self.obs_size:]
        yield "openspiel information tensor", cards_marked(
            info, self.pack, self.obs_blocks) | cards_marked(
            extra, self.pack, len(extra) // len(self.pack)), set()
        yield "openspiel observation string", cards_in_text(
            state.observation_string(seat)), set()
        tokens = state.seen[seat][know.deal_tokens[seat]:]
        text = state.information_state_string(seat)
        assert text == f"p{seat}: " + " ".join(state.seen[seat])
        yield "openspiel information string", cards_in_text(" ".join(tokens)), set()
        seen = [ev.seen_by(seat) for ev in state.last_events]
        yield "events seen", cards_in(seen), set()
        lines = self.text.event_lines(list(state.last_events), self.names, seat)
        yield "event text", cards_in_text("\n".join(lines)), set()

    def probe(self, state: Any, seat: int, hidden: set[Card]
              ) -> Iterator[tuple[str, set[Card], set[Card]]]:
        e = state.engine
        for action, card in _probes(e, seat, hidden):
            try:
                e.clone().apply(action)
            except HoyleError as err:
                yield f"error of {action}", cards_in_text(str(err)), {card}
            else:  # pragma: no cover - a probe with a card not held is never legal
                yield f"{action} was accepted", {card}, set()
            try:
                self.text.read_move(str(card), e, seat)
            except HoyleError as err:
                yield f"typed {card}", cards_in_text(str(err)), {card}

    # -- one game ----------------------------------------------------------------------------
    def run_game(self, seed: int, visit: Callable[[Any, Knowledge], None] | None = None
                 ) -> Tally:
        tally = Tally(games=1)
        rng = np.random.default_rng(seed)
        state = self.game.new_initial_state()
        know = Knowledge(self.players)
        while not state.is_terminal():
            if state.is_chance_node():
                actions = [a for a, _ in state.chance_outcomes()]
                action_id = int(rng.choice(actions))
            else:
                action_id = int(rng.choice(state.legal_actions()))
            self._apply(state, action_id, know)
            self.check_step(state, know, tally)
            if visit is not None and not state.is_terminal():
                visit(state, know)
        return tally

    def _apply(self, state: Any, action_id: int, know: Knowledge) -> None:
        e = state.engine
        pending = list(state.pending)
        if state.is_chance_node():
            card = state.enc.id_card(action_id)
            _, engine_action = state.enc.chance_draw(e, pending, card)
        else:
            engine_action = state.enc.id_action(e, action_id)
        before = e.clone()
        state.apply_action(action_id)
        if engine_action is not None:
            know.before(before, engine_action, state.seen)
            know.after(state.engine, state.last_events)
        else:
            # a card of a deal or draw still being drawn: the seat it goes to knows it
            to = before.receiver(len(pending))  # the game's own declaration
            if to is not None:
                if not pending and before.phase == "deal":
                    know.known = [set() for _ in range(self.players)]
                    know.deal_tokens = [len(s) - 1 for s in state.seen]
                know.known[to].add(card)

    def check_step(self, state: Any, know: Knowledge, tally: Tally) -> None:
        e = state.engine
        for seat in range(self.players):
            tally.seat_steps += 1
            hidden = set(self.pack) - know.known[seat]
            found = list(self.artefacts(state, seat, know))
            if not state.is_chance_node() and e.current_player == seat:
                found += list(self.probe(state, seat, hidden))
            for name, cards, allowed in found:
                tally.artefacts += 1
                leaked = (cards - allowed) & hidden
                if leaked:
                    tally.leaks.append(f"seat {seat}, {name}, move {state.move_number()}: "
                                       f"{sorted(map(str, leaked))}")


def run(games_per_config: int, first_seed: int = 0) -> Tally:
    """The leak check over every configuration, ``games_per_config`` seeded games each."""
    total = Tally()
    for game, params, env_args in CONFIGS:
        checker = Checker(game, params, env_args)
        for seed in range(first_seed, first_seed + games_per_config):
            total.add(checker.run_game(seed))
    return total
