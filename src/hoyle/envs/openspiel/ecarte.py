"""``python_hoyle_ecarte``: écarté, according to Hoyle, as an OpenSpiel game.

Parameters: ``laws`` (``""``: none, ``"oh"`` or ``"club"``: the code's parameters where the
codes differ; no irregularity arises without a referee), ``target`` (5), ``game_values``
(count single/double/treble games), ``reward`` (``"win"``: ±1; ``"game_points"``: ± the
games won).

Chance nodes: the cut for deal (one card per seat), the deal (one node per card: the elder
hand's five, then the dealer's; the pattern 3-2 or 2-3 is the rules' and does not change
what is dealt), the turn-up, and each card drawn from the stock in the exchange. Chance
outcome ids number the 32 cards of ``hoyle.envs.encoding.ECARTE_PACK``; player action ids
are those of ``hoyle.envs.encoding`` (69: play 0-31, stand, propose, accept, refuse, king,
discard masks).

>>> import pyspiel
>>> game = pyspiel.load_game("python_hoyle_ecarte")
>>> game.num_distinct_actions(), game.max_chance_outcomes()
(69, 32)
>>> import random
>>> rng = random.Random(0)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(rng.choice(state.chance_outcomes())[0])
>>> [state.action_to_string(a) for a in state.legal_actions()]
['STAND', 'PROPOSE']
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from hoyle.cards import Card, format_cards
from hoyle.ecarte.laws import get_code
from hoyle.ecarte.rules import HAND_SIZE, EcarteRules
from hoyle.ecarte.state import EcarteState, Phase
from hoyle.envs.encoding import (ECARTE_DISCARD_BASE, ECARTE_NUM_ACTIONS,
                                 ECARTE_OBSERVATION_SIZE, ECARTE_PACK, ecarte_action_id,
                                 ecarte_action_name, ecarte_card_id, ecarte_id_action,
                                 ecarte_observation)
from hoyle.envs.openspiel import HoyleGame, HoyleSpielState, Vector, game_type
from hoyle.engine.action import CHANCE, Action

__all__ = ["EcarteGame", "EcarteSpielState", "GAME_TYPE"]

_DEFAULTS: dict[str, Any] = {"laws": "", "target": 5, "game_values": False,
                             "reward": "win"}

GAME_TYPE = game_type("python_hoyle_ecarte", "Python Écarté (hoyle)", 2, _DEFAULTS)


class EcarteGame(HoyleGame):
    """The OpenSpiel game (see the module's documentation)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        full = dict(_DEFAULTS) | dict(params or {})
        rules = EcarteRules(target=int(full["target"]), game_values=bool(full["game_values"]))
        # each deal scores at least a point, so at most 2 * (target - 1) + 1 deals; a deal has
        # at most 21 exchanges of 4 decisions, a stand or refusal, 10 cards and 3 kings.
        deals = 2 * (rules.target - 1) + 1
        value = 1.0 if full["reward"] == "win" else 3.0
        info = pyspiel.GameInfo(
            num_distinct_actions=ECARTE_NUM_ACTIONS, max_chance_outcomes=32, num_players=2,
            min_utility=-value, max_utility=value, utility_sum=0.0,
            max_game_length=deals * 100)
        super().__init__(GAME_TYPE, info, full)
        self.rules = rules
        self.laws = get_code(str(full["laws"])) if full["laws"] else None
        self.observation_size = ECARTE_OBSERVATION_SIZE
        self.info_extra_size = 32 + 32 * 2 * HAND_SIZE
        self.private_slices = ((0, 64),)

    def new_initial_state(self) -> EcarteSpielState:
        return EcarteSpielState(self)


class EcarteSpielState(HoyleSpielState):
    """An écarté state for OpenSpiel."""

    game: EcarteGame
    engine: EcarteState

    def _new_engine(self) -> EcarteState:
        return EcarteState(self.game.rules, laws=self.game.laws)

    def _is_deal_start(self) -> bool:
        return self.engine.phase == Phase.DEAL

    def _chance_cards(self) -> list[Card]:
        e = self.engine
        if e.phase in (Phase.DEAL, Phase.DRAW):
            taken = set(self.pending)
            return [c for c in e.stock() if c not in taken]
        return [a.cards[0] for a in e.chance_outcomes()]

    def _card_id(self, card: Card) -> int:
        return ecarte_card_id(card)

    def _id_card(self, action_id: int) -> Card:
        return ECARTE_PACK[action_id]

    def _receiver(self) -> int | None:
        e = self.engine
        if e.phase == Phase.DEAL:
            return e.elder if len(self.pending) < HAND_SIZE else e.dealer
        if e.phase == Phase.DRAW:
            return e.serving
        return None

    def _chance_tag(self) -> str:
        to = self._receiver()
        return f"{self.engine.phase}:{to}" if to is not None else self.engine.phase

    def _draw_size(self) -> int:
        # the engine knows how many cards are due: ask it for a sample of the draw
        return len(self.engine.sample_chance(random.Random(0)).cards)

    def _apply_card(self, card: Card) -> None:
        e = self.engine
        if e.phase in (Phase.DEAL, Phase.DRAW):
            to = self._receiver()
            need = 2 * HAND_SIZE if e.phase == Phase.DEAL else self._draw_size()
            self.pending.append(card)
            for viewer, seen in enumerate(self.seen):
                seen.append(f"{e.phase}:{card}" if viewer == to else f"{e.phase}:?")
            if len(self.pending) == need:
                cards, self.pending = tuple(self.pending), []
                if e.phase == Phase.DEAL:
                    e.apply(Action("DEAL", cards, n=e.pattern or self.game.rules.pattern_number))
                else:
                    e.apply(Action("DRAW", cards))
            return
        verb = "CUT" if e.phase == Phase.CUT_FOR_DEAL else "TURN"
        for seen in self.seen:
            seen.append(f"{verb.lower()}:{card}")
        e.apply(Action(verb, (card,)))

    def _hand(self) -> list[Card]:
        e = self.engine
        return e.hands[e.current_player] if e.current_player >= 0 else []

    def _legal_ids(self) -> list[int]:
        hand = self._hand()
        return [ecarte_action_id(a, hand) for a in self.engine.legal_actions()]

    def _id_action(self, action_id: int) -> Action:
        return ecarte_id_action(action_id, self._hand())

    def _action_name(self, action_id: int) -> str:
        if self.engine.current_player >= 0:
            try:
                return str(ecarte_id_action(action_id, self._hand()))
            except Exception:  # noqa: BLE001 - an id the hand cannot give: its neutral name
                pass
        return ecarte_action_name(action_id)

    def _public_summary(self) -> str:
        e = self.engine
        return (f"{e.scores[0]}-{e.scores[1]}/{e.tricks[0]}-{e.tricks[1]}/"
                f"{len(e.hands[0])}-{len(e.hands[1])}/{e.current_player}")

    def _player_token(self, seat: int, action: Action, viewer: int) -> str:
        if action.verb == "DISCARD" and viewer != seat:
            return f"{seat}:DISCARD {len(action.cards)}"
        return f"{seat}:{action}"

    def _observation(self, seat: int) -> Vector:
        return ecarte_observation(self.engine.view(seat))

    def _info_extra(self, seat: int) -> Vector:
        v = self.engine.view(seat)
        out = np.zeros(self.game.info_extra_size, np.float32)
        held = set(v.hand) | set(v.discards) | {c for s, c in v.played if s == seat}
        for c in held:
            out[ecarte_card_id(c)] = 1.0
        for i, (_, c) in enumerate(v.played[:2 * HAND_SIZE]):
            out[32 + 32 * i + ecarte_card_id(c)] = 1.0
        return out

    def _observation_string(self, seat: int, private: bool) -> str:
        v = self.engine.view(seat)
        parts = [f"p{seat}", f"phase:{v.phase}", f"dealer:{v.dealer}",
                 f"scores:{v.scores[0]}-{v.scores[1]}"]
        if private:
            parts += [f"hand:{format_cards(v.hand)}", f"out:{format_cards(v.discards)}"]
        parts += [f"turn_up:{v.turn_up or '-'}", f"stock:{v.stock_size}",
                  f"proposals:{v.proposals}", f"exchanges:{v.exchanges}",
                  f"taken:{v.taken[0]}-{v.taken[1]}", f"stood:{int(v.stood)}",
                  f"refused:{len(v.refused)}",
                  "king:" + "".join("1" if a else "0" for a in v.announced),
                  f"tricks:{v.tricks[0]}-{v.tricks[1]}",
                  "played:" + " ".join(f"{s}{c}" for s, c in v.played),
                  f"to_act:{v.current_player}"]
        return " ".join(parts)

    def _game_value(self) -> float:
        result = self.engine.result
        assert result is not None
        return float(result.games)

    def _resample(self, player: int, rng: random.Random) -> HoyleSpielState | None:
        """Deal again what ``player`` has not seen in this deal: the adversary's hand as
        dealt, what he laid out and what he drew, consistently with the numbers exchanged
        and the cards he played (built backwards from his hand now); the replay rejects a
        deal that makes one of his plays or a king announced illegal."""
        e = self.engine
        other = 1 - player
        steps = self.since_deal
        own = {ECARTE_PACK[a] for who, a, tag in steps
               if who == CHANCE and tag.endswith(f":{player}")}
        turn_ups = {ECARTE_PACK[a] for who, a, tag in steps
                    if who == CHANCE and tag == Phase.TURN_UP}
        played_o = [c for s, c in e.played if s == other]
        pool = [c for c in ECARTE_PACK if c not in own and c not in turn_ups
                and c not in played_o]
        rng.shuffle(pool)
        n_now = len(e.hands[other])  # the number is public (view.hand_sizes)
        hand = set(played_o) | set(pool[:n_now])
        pool = pool[n_now:]
        # the adversary's exchanges, newest first: what he drew, then what he laid out
        events: list[tuple[str, int]] = []
        i = 0
        while i < len(steps):
            who, a, tag = steps[i]
            if who == CHANCE and tag == f"{Phase.DRAW}:{other}":
                j = i
                while j < len(steps) and steps[j][0] == CHANCE and steps[j][2] == tag:
                    j += 1
                events.append(("draw", j - i))
                i = j
                continue
            if who == other and a >= ECARTE_DISCARD_BASE:
                events.append(("discard", bin(a - ECARTE_DISCARD_BASE).count("1")))
            i += 1
        drawn: list[list[Card]] = []
        laid: list[list[Card]] = []
        for kind, k in reversed(events):
            if kind == "draw":
                x = rng.sample(sorted(hand, key=lambda c: c.index), k)
                hand -= set(x)
                drawn.append(x)
            else:
                y, pool = pool[:k], pool[k:]
                if len(y) < k:
                    return None
                hand |= set(y)
                laid.append(y)
        drawn.reverse()
        laid.reverse()
        dealt = sorted(hand, key=lambda c: c.index)
        rng.shuffle(dealt)
        plan: list[tuple[int, Any]] = []
        n_deal = n_draw = n_laid = 0
        draw_i = -1
        prev_tag = ""
        for who, a, tag in steps:
            if who == CHANCE and tag == f"{Phase.DEAL}:{other}":
                plan.append((CHANCE, dealt[n_deal]))
                n_deal += 1
            elif who == CHANCE and tag == f"{Phase.DRAW}:{other}":
                if prev_tag != tag:
                    draw_i += 1
                    n_draw = 0
                plan.append((CHANCE, drawn[draw_i][n_draw]))
                n_draw += 1
            elif who == CHANCE:
                plan.append((CHANCE, ECARTE_PACK[a]))
            elif who == other and a >= ECARTE_DISCARD_BASE:
                cards = laid[n_laid]
                n_laid += 1
                plan.append((who, _discard_id(cards)))
            else:
                plan.append((who, a))
            prev_tag = tag if who == CHANCE else ""
        return self._replay(plan)


def _discard_id(cards: list[Card]) -> Any:
    """The discard id of ``cards`` for the hand the replayed state holds then."""
    def at(state: HoyleSpielState) -> int:
        e = state.engine
        return ecarte_action_id(Action("DISCARD", tuple(cards)), e.hands[e.current_player])
    return at


pyspiel.register_game(GAME_TYPE, EcarteGame)
