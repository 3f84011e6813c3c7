"""``python_hoyle_cribbage``: cribbage, according to Hoyle, as an OpenSpiel game.

Parameters: ``variant`` (``"six-card"``, ``"five-card"``, ``"three-hand"``, ``"four-hand"``,
``"eight-card"``), ``laws`` (``"ew"`` or ``"acc"``; counting is automatic, so no claim or
penalty arises), ``target`` (0: the variant's), ``crib_flush_rule`` (``""``: the
variant's; ``"strict"`` or ``"lenient"``), ``reward`` (``"win"``: ±1; ``"game_points"``: ±
the ACC game points, 2 or 3 for a skunk).

Chance nodes: the cut for deal (one card per seat), the deal (one node per card, dealt from
the dealer's left: the first ``cards_dealt`` to the pone and so on, then any crib card from
the stock) and the starter. Chance outcome ids are ``Card.index`` (0-51). Player action ids
are those of ``hoyle.envs.encoding`` (1431: play 0-51, go 52, discards).

>>> import pyspiel
>>> game = pyspiel.load_game("python_hoyle_cribbage")
>>> game.num_distinct_actions(), game.max_chance_outcomes(), game.num_players()
(1431, 52, 2)
>>> import random
>>> rng = random.Random(0)
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(rng.choice(state.chance_outcomes())[0])
>>> len(state.legal_actions()), state.action_to_string(state.legal_actions()[0])[:7]
(15, 'DISCARD')
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from hoyle.cards import CARDS, Card, format_cards
from hoyle.cribbage.laws import get_code
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState, Phase
from hoyle.envs.encoding import (CRIB_NUM_ACTIONS, crib_action_id, crib_id_action,
                                 crib_observation, crib_observation_size)
from hoyle.envs.openspiel import HoyleGame, HoyleSpielState, Vector, game_type
from hoyle.engine.action import CHANCE, Action

__all__ = ["CribbageGame", "CribbageSpielState", "GAME_TYPE"]

_DEFAULTS: dict[str, Any] = {"variant": "six-card", "laws": "ew", "target": 0,
                             "crib_flush_rule": "", "reward": "win"}

GAME_TYPE = game_type("python_hoyle_cribbage", "Python Cribbage (hoyle)", 4, _DEFAULTS)


def _rules(params: dict[str, Any]) -> CribbageRules:
    options: dict[str, Any] = {}
    if params.get("target"):
        options["target"] = int(params["target"])
    if params.get("crib_flush_rule"):
        options["crib_flush_rule"] = str(params["crib_flush_rule"])
    return CribbageRules.for_variant(str(params.get("variant", "six-card")), **options)


class CribbageGame(HoyleGame):
    """The OpenSpiel game (see the module's documentation)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        full = dict(_DEFAULTS) | dict(params or {})
        rules = _rules(full)
        hand = rules.hand_size
        n = rules.players
        # every deal scores at least one point (the last card), so the game ends within
        # sides * (target - 1) + 1 deals; a deal has n discards and at most 2 decisions
        # per card played (a card, or a go then a card).
        deals = rules.sides * (rules.target - 1) + 1
        value = 1.0 if full["reward"] == "win" else 4.0
        info = pyspiel.GameInfo(
            num_distinct_actions=CRIB_NUM_ACTIONS, max_chance_outcomes=52, num_players=n,
            min_utility=-value, max_utility=value, utility_sum=0.0,
            max_game_length=deals * (n + 2 * n * hand + 1))
        super().__init__(GAME_TYPE, info, full)
        self.rules = rules
        self.laws = get_code(str(full["laws"]))
        self.observation_size = crib_observation_size(n)
        self.info_extra_size = 52 + 52 * n * hand
        self.private_slices = ((0, 156),)

    def new_initial_state(self) -> CribbageSpielState:
        return CribbageSpielState(self)


class CribbageSpielState(HoyleSpielState):
    """A cribbage state for OpenSpiel."""

    game: CribbageGame
    engine: CribbageState

    def _new_engine(self) -> CribbageState:
        return CribbageState(self.game.rules, itemize=False, laws=self.game.laws)

    def _is_deal_start(self) -> bool:
        return self.engine.phase == Phase.DEAL

    def _deal_size(self) -> int:
        r = self.game.rules
        return r.players * r.cards_dealt + r.crib_cards_from_stock

    def _chance_cards(self) -> list[Card]:
        e = self.engine
        if e.phase == Phase.DEAL:
            taken = set(self.pending)
            return [c for c in CARDS if c not in taken]
        return [a.cards[0] for a in e.chance_outcomes()]

    def _card_id(self, card: Card) -> int:
        return card.index

    def _id_card(self, action_id: int) -> Card:
        return CARDS[action_id]

    def _recipient(self, position: int) -> int | None:
        """The seat the ``position``-th card of the deal goes to (``None``: the crib)."""
        k = self.game.rules.cards_dealt
        order = self.engine.seat_order()
        return order[position // k] if position // k < len(order) else None

    def _apply_card(self, card: Card) -> None:
        e = self.engine
        if e.phase == Phase.DEAL:
            to = self._recipient(len(self.pending))
            self.pending.append(card)
            for viewer, seen in enumerate(self.seen):
                seen.append(f"deal:{card}" if viewer == to else "deal:?")
            if len(self.pending) == self._deal_size():
                cards, self.pending = tuple(self.pending), []
                e.apply(Action("DEAL", cards))
            return
        verb = "CUT" if e.phase == Phase.CUT_FOR_DEAL else "STARTER"
        for seen in self.seen:
            seen.append(f"{verb.lower()}:{card}")
        e.apply(Action(verb, (card,)))

    def _legal_ids(self) -> list[int]:
        return [crib_action_id(a) for a in self.engine.legal_actions()]

    def _id_action(self, action_id: int) -> Action:
        return crib_id_action(action_id)

    def _action_name(self, action_id: int) -> str:
        return str(crib_id_action(action_id))

    def _public_summary(self) -> str:
        e = self.engine
        return f"{e.count}/{'-'.join(map(str, e.scores))}/{e.current_player}"

    def _player_token(self, seat: int, action: Action, viewer: int) -> str:
        if action.verb == "DISCARD" and viewer != seat:
            return f"{seat}:DISCARD ?"
        return f"{seat}:{action}"

    def _observation(self, seat: int) -> Vector:
        return crib_observation(self.engine.view(seat), self.game.rules)

    def _info_extra(self, seat: int) -> Vector:
        v = self.engine.view(seat)
        out = np.zeros(self.game.info_extra_size, np.float32)
        dealt = set(v.hand) | set(v.discards) | {c for s, c in v.played if s == seat}
        for c in dealt:
            out[c.index] = 1.0
        for i, (_, c) in enumerate(v.played):
            out[52 + 52 * i + c.index] = 1.0
        return out

    def _observation_string(self, seat: int, private: bool) -> str:
        v = self.engine.view(seat)
        parts = [f"p{seat}", f"phase:{v.phase}", f"dealer:{v.dealer}",
                 "scores:" + "-".join(map(str, v.scores))]
        if private:
            parts += [f"hand:{format_cards(v.hand)}", f"crib:{format_cards(v.discards)}"]
        parts += [f"starter:{v.starter or '-'}", f"count:{v.count}",
                  f"cards:{format_cards(v.count_cards)}",
                  "played:" + " ".join(f"{s}{c}" for s, c in v.played),
                  "go:" + "".join("1" if p else "0" for p in v.passed),
                  f"to_act:{v.current_player}"]
        return " ".join(parts)

    def _game_value(self) -> float:
        result = self.engine.result
        assert result is not None
        return float(result.game_points)

    def _winner_side(self, seat: int) -> bool:
        result = self.engine.result
        assert result is not None
        return self.game.rules.side_of(seat) == result.winner

    def _resample(self, player: int, rng: random.Random) -> HoyleSpielState | None:
        """Deal again the cards ``player`` has not seen in this deal: each other seat keeps
        the cards it has played and gets the rest of its hand, and its lay-away, at random
        from the unseen cards; the replay rejects a deal that makes a go illegal."""
        rules = self.game.rules
        e = self.engine
        deal_ids = [a for who, a, _ in self.since_deal if who == CHANCE][:self._deal_size()]
        start = self.deal_start
        assert start is not None
        order = start.engine.seat_order() if start.engine.dealer is not None else []
        k = rules.cards_dealt

        def seat_at(pos: int) -> int | None:
            return order[pos // k] if pos // k < len(order) else None

        mine = [CARDS[a] for i, a in enumerate(deal_ids) if seat_at(i) == player]
        played = {s: [c for t, c in e.played if t == s] for s in range(rules.players)}
        pool = set(CARDS) - set(mine) - {c for _, c in e.played}
        if e.starter is not None:
            pool.discard(e.starter)
        pool_list = sorted(pool, key=lambda c: c.index)
        rng.shuffle(pool_list)
        hands: dict[int, list[Card]] = {}
        lay: dict[int, tuple[Card, ...]] = {}
        for s in range(rules.players):
            if s == player:
                continue
            need = k - len(played[s])
            fresh, pool_list = pool_list[:need], pool_list[need:]
            lay[s] = tuple(sorted(rng.sample(fresh, rules.discard_per_player),
                                  key=lambda c: c.index))
            hands[s] = played[s] + fresh
            rng.shuffle(hands[s])
        extra = pool_list[:rules.crib_cards_from_stock]
        new_deal: list[Card] = []
        taken = {s: 0 for s in hands}
        for i, a in enumerate(deal_ids):
            to = seat_at(i)
            if to == player:
                new_deal.append(CARDS[a])
            elif to is None:
                new_deal.append(extra[i - k * len(order)])
            else:
                new_deal.append(hands[to][taken[to]])
                taken[to] += 1
        steps: list[tuple[int, Any]] = []
        dealt = 0
        for who, a, _ in self.since_deal:
            if who == CHANCE and dealt < len(new_deal):
                steps.append((CHANCE, new_deal[dealt]))
                dealt += 1
            elif who == CHANCE:
                steps.append((CHANCE, CARDS[a]))
            elif who != player and crib_id_action(a).verb == "DISCARD":
                steps.append((who, crib_action_id(Action("DISCARD", lay[who]))))
            else:
                steps.append((who, a))
        return self._replay(steps)


pyspiel.register_game(GAME_TYPE, CribbageGame)
