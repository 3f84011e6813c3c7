"""Écarté's fixed action ids and numeric observations for the research environments
(``hoyle.envs``: the PettingZoo environment ``hoyle/ecarte-v0`` and the OpenSpiel game
``python_hoyle_ecarte``), behind :class:`hoyle.engine.encoding.Encoding`.

Everything here is a translation: the rules come from the engine (``state.legal_actions()``,
``state.view(seat)``); nothing is decided here. Observations are built from
``state.view(seat)`` only, which is what guarantees that they never show a hidden card.

Écarté action ids (``ECARTE_NUM_ACTIONS`` = 69); the 32 cards are numbered 0-31 in index
order of the piquet pack (``ECARTE_PACK``: A♣ A♦ A♥ A♠ 7♣ … K♠):

======================  ===========================================================
id                      action
======================  ===========================================================
0 … 31                  ``PLAY c`` (``ECARTE_PACK[id]``)
32                      ``STAND`` (the elder hand plays without proposing)
33                      ``PROPOSE``
34                      ``ACCEPT``
35                      ``REFUSE``
36                      ``KING`` (announce / mark the king of trumps)
37 … 68                 ``DISCARD``: bit *b* of ``id - 37`` lays out the *b*-th card of
                        the hand in index order (37 = lay out nothing: the dealer stands
                        pat; 68 = all five)
======================  ===========================================================

>>> [str(a) for a in map(ecarte_id_action, [0, 31, 32, 36])]
['PLAY AC', 'PLAY KS', 'STAND', 'KING']

The OpenSpiel game ``python_hoyle_ecarte``. Parameters: ``laws`` (``""``: none, ``"oh"``
or ``"club"``: the code's parameters where the codes differ; no irregularity arises
without a referee), ``target`` (5), ``game_values`` (count single/double/treble games),
``reward`` (``"win"``: ±1; ``"game_points"``: ± the games won). Chance nodes: the cut for
deal (one card per seat), the deal (one node per card: the elder hand's five, then the
dealer's; the pattern 3-2 or 2-3 is the rules' and does not change what is dealt), the
turn-up, and each card drawn from the stock in the exchange. Chance outcome ids number the
32 cards of ``ECARTE_PACK``; player action ids are those above (69: play 0-31, stand,
propose, accept, refuse, king, discard masks).

>>> enc = ENCODING.from_parameters(ENCODING.parameters)
>>> enc.num_actions, ENCODING.num_chance_outcomes, enc.num_players, enc.observation_size
(69, 32, 2, 228)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hoyle.cards import Card, format_cards
from hoyle.ecarte.laws import get_code
from hoyle.ecarte.scoring import legal_cards
from hoyle.ecarte.rules import ECARTE_CARDS, HAND_SIZE, STOCK_SIZE, EcarteRules
from hoyle.ecarte.state import EcarteState, EcarteView
from hoyle.ecarte.state import Phase as EcartePhase
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.encoding import Encoding, Plan, Step, Vector, player_steps
from hoyle.engine.laws import LawCode
from hoyle.errors import HoyleError, ResampleError

__all__ = [
    "ECARTE_PACK", "ECARTE_NUM_ACTIONS", "ECARTE_STAND", "ECARTE_PROPOSE", "ECARTE_ACCEPT",
    "ECARTE_REFUSE", "ECARTE_KING", "ECARTE_DISCARD_BASE", "ecarte_action_id",
    "ecarte_id_action", "ecarte_action_name", "ecarte_observation",
    "ECARTE_OBSERVATION_SIZE", "ecarte_card_id", "mask_of", "ENV_DOC", "ENCODING",
    "EcarteEncoding", "EcarteEncodedGame",
]

# -- écarté actions ------------------------------------------------------------------

ECARTE_PACK: tuple[Card, ...] = tuple(sorted(ECARTE_CARDS, key=lambda c: c.index))
_ECARTE_ID = {c: i for i, c in enumerate(ECARTE_PACK)}
ECARTE_STAND, ECARTE_PROPOSE, ECARTE_ACCEPT, ECARTE_REFUSE, ECARTE_KING = 32, 33, 34, 35, 36
ECARTE_DISCARD_BASE = 37
ECARTE_NUM_ACTIONS = ECARTE_DISCARD_BASE + 2 ** HAND_SIZE  # 69
_SIMPLE = {"STAND": ECARTE_STAND, "PROPOSE": ECARTE_PROPOSE, "ACCEPT": ECARTE_ACCEPT,
           "REFUSE": ECARTE_REFUSE, "KING": ECARTE_KING}
_SIMPLE_ACTIONS = {v: Action(k) for k, v in _SIMPLE.items()}


def ecarte_card_id(card: Card) -> int:
    """The card's number in the écarté pack, 0-31."""
    return _ECARTE_ID[card]


def mask_of(cards: Sequence[Card], hand: Sequence[Card]) -> int:
    """The bit mask of ``cards`` over ``hand`` taken in index order.

    Raises:
        HoyleError: a card is not in the hand.
    """
    ordered = sorted(hand, key=lambda c: c.index)
    mask = 0
    for c in cards:
        if c not in ordered:
            raise HoyleError(f"{c.pretty} is not in the hand")
        mask |= 1 << ordered.index(c)
    return mask


def ecarte_action_id(action: Action, hand: Sequence[Card] = ()) -> int:
    """The id of an écarté action; a ``DISCARD`` needs the acting seat's ``hand``.

    Raises:
        HoyleError: the action has no id (decisions and referee reports).
    """
    verb = action.verb
    if action.n is None and not action.word:
        if verb == "PLAY" and len(action.cards) == 1:
            return _ECARTE_ID[action.cards[0]]
        if verb in _SIMPLE and not action.cards:
            return _SIMPLE[verb]
        if verb == "DISCARD":
            return ECARTE_DISCARD_BASE + mask_of(action.cards, hand)
    raise HoyleError(f"no action id for {action} (the environments play without a referee)")


def ecarte_id_action(action_id: int, hand: Sequence[Card] = ()) -> Action:
    """The écarté action with id ``action_id``; a discard id needs the acting seat's
    ``hand``.

    Raises:
        HoyleError: the id is out of range, or a discard names a card the hand lacks.
    """
    if 0 <= action_id < 32:
        return Action("PLAY", (ECARTE_PACK[action_id],))
    if action_id in _SIMPLE_ACTIONS:
        return _SIMPLE_ACTIONS[action_id]
    if ECARTE_DISCARD_BASE <= action_id < ECARTE_NUM_ACTIONS:
        mask = action_id - ECARTE_DISCARD_BASE
        ordered = sorted(hand, key=lambda c: c.index)
        if mask >> len(ordered):
            raise HoyleError(f"discard id {action_id} names a card beyond the hand")
        return Action("DISCARD", tuple(c for b, c in enumerate(ordered) if mask >> b & 1))
    raise HoyleError(f"écarté action id {action_id} outside 0..{ECARTE_NUM_ACTIONS - 1}")


def ecarte_action_name(action_id: int) -> str:
    """A hand-independent name for an id (``"PLAY KS"``, ``"STAND"``, ``"DISCARD 0b00101"``)."""
    if ECARTE_DISCARD_BASE <= action_id < ECARTE_NUM_ACTIONS:
        return f"DISCARD 0b{action_id - ECARTE_DISCARD_BASE:05b}"
    return str(ecarte_id_action(action_id))


# -- écarté observation --------------------------------------------------------------

_ECARTE_PHASES = (EcartePhase.CUT_FOR_DEAL, EcartePhase.DEAL, EcartePhase.TURN_UP,
                  EcartePhase.PROPOSAL, EcartePhase.ANSWER, EcartePhase.DISCARD,
                  EcartePhase.DRAW, EcartePhase.PLAY, EcartePhase.RECTIFY,
                  EcartePhase.DECISION, EcartePhase.GAME_OVER)
ECARTE_OBSERVATION_SIZE = 32 * 6 + 4 + len(_ECARTE_PHASES) + 21
"""Length of an écarté observation. Layout (seats relative: 0 = the observer): hand 32 ·
own discards 32 · turn-up 32 · card led to the current trick 32 · cards played by the
observer 32 · cards played by the adversary 32 · trump suit 4 · phase one-hot 11 · then
21 numbers: scores / target ×2 · tricks / 5 ×2 · is dealer · to act ×2 · proposals / 5 ·
exchanges / 5 · asked / 5 · taken / 21 ×2 · stock / 21 · stood · refused · king marked ×2 ·
king window · cards held / 5 ×2 · deal number / 10 (capped at 1)."""


def ecarte_observation(view: EcarteView) -> Vector:
    """The numeric observation of ``view`` (layout in :data:`ECARTE_OBSERVATION_SIZE`),
    built from the view alone."""
    obs = np.zeros(ECARTE_OBSERVATION_SIZE, dtype=np.float32)
    seat, other = view.seat, 1 - view.seat
    for c in view.hand:
        obs[_ECARTE_ID[c]] = 1.0
    for c in view.discards:
        obs[32 + _ECARTE_ID[c]] = 1.0
    if view.turn_up is not None:
        obs[64 + _ECARTE_ID[view.turn_up]] = 1.0
    if view.trick:
        obs[96 + _ECARTE_ID[view.trick[0][1]]] = 1.0
    for s, c in view.played:
        obs[(128 if s == seat else 160) + _ECARTE_ID[c]] = 1.0
    base = 192
    if view.trump is not None:
        obs[base + int(view.trump)] = 1.0
    base += 4
    obs[base + _ECARTE_PHASES.index(view.phase)] = 1.0
    base += len(_ECARTE_PHASES)
    t = view.target
    cp = view.current_player
    nums = [
        min(view.scores[seat], t) / t, min(view.scores[other], t) / t,
        view.tricks[seat] / HAND_SIZE, view.tricks[other] / HAND_SIZE,
        float(view.dealer == seat), float(cp == seat), float(cp == other),
        min(view.proposals, 5) / 5, min(view.exchanges, 5) / 5, view.asked / HAND_SIZE,
        view.taken[seat] / STOCK_SIZE, view.taken[other] / STOCK_SIZE,
        view.stock_size / STOCK_SIZE, float(view.stood), float(bool(view.refused)),
        float(view.announced[seat]), float(view.announced[other]), float(view.king_window),
        view.hand_sizes[seat] / HAND_SIZE, view.hand_sizes[other] / HAND_SIZE,
        min(view.deal_number, 10) / 10,
    ]
    obs[base:base + len(nums)] = nums
    return obs


# -- the environments' game ------------------------------------------------------------

ENV_DOC = """Écarté, according to Hoyle, as a PettingZoo AEC environment (``hoyle/ecarte-v0``).

| Import             | ``from hoyle.envs.pettingzoo import ecarte_v0``    |
|--------------------|----------------------------------------------------|
| Actions            | Discrete                                           |
| Parallel API       | No                                                 |
| Manual control     | No                                                 |
| Agents             | ``agents = ['player_0', 'player_1']``              |
| Action shape       | Discrete(69)                                       |
| Action values      | Discrete(69)                                       |
| Observation shape  | (observation: (228,), action_mask: (69,))          |
| Observation values | [0, 1]                                             |

Arguments: ``laws`` (``None``, ``"oh"`` or ``"club"``: the code supplies the parameters
where the codes differ, such as which refusals make the point worth two; no irregularity
arises, as the environment plays without a referee), ``reward`` (``"win"``: +1 / -1 at the
end of the game; ``"game_points"``: ± the games won, 1, or with ``game_values=True`` 2 for a
double and 3 for a treble), ``render_mode`` (``"ansi"`` or ``"human"``: the table as
every seat sees it, no hand shown), and any
``EcarteRules`` option (``target``, ``game_values``, ``dealer_min_exchange``,
``trump_when_void``, ``max_exchanges``, ``turned_king_marking``, ...).

Each episode is one game of five points. Chance (the cut for deal, the deal, the turn-up,
the cards drawn from the stock) is resolved inside the environment from the generator
seeded by ``reset(seed=...)``.

Action space (``hoyle.ecarte.encoding``):

| id        | action                                                                   |
|-----------|--------------------------------------------------------------------------|
| 0 … 31    | play card ``ECARTE_PACK[id]`` (the piquet pack in index order: A♣ A♦ A♥ A♠ 7♣ 7♦ … K♠) |
| 32        | stand ("I play": the elder hand refuses to propose)                      |
| 33        | propose                                                                  |
| 34        | accept the proposal (the dealer)                                         |
| 35        | refuse it (the dealer)                                                   |
| 36        | announce the king of trumps (or, with manual marking, mark a turned-up king) |
| 37 … 68   | discard: bit *b* of ``id - 37`` lays out the *b*-th card of the hand taken in index order (37: none, the dealer stands pat; 68: all five). The elder hand asks for as many cards as he lays out. |

Observation: ``observation`` is ``hoyle.ecarte.encoding.ecarte_observation`` (own hand, own
discards, the turn-up, the card led, the cards each seat played, trumps, the phase, scores,
tricks, proposals and exchanges, cards taken, stock size, stand/refusal, king marks...),
built only from ``state.view(seat)``; ``action_mask`` marks the legal ids.
"""
"""The PettingZoo environment's documentation (``ecarte_v0.__doc__``)."""


class EcarteEncodedGame:
    """One configured écarté game as numbers (:class:`hoyle.engine.encoding.EncodedGame`).

    Args:
        rules: the rules.
        laws: the law code whose parameters apply where the codes differ, or ``None``.
    """

    def __init__(self, rules: EcarteRules, laws: LawCode | None) -> None:
        self.rules = rules
        self.laws = laws
        self.num_players = 2
        self.num_actions = ECARTE_NUM_ACTIONS
        self.observation_size = ECARTE_OBSERVATION_SIZE
        self.info_extra_size = 32 + 32 * 2 * HAND_SIZE
        self.private_slices: tuple[tuple[int, int], ...] = ((0, 64),)
        self.card_blocks = 6
        self.max_game_value = 3.0
        # each deal scores at least a point, so at most 2 * (target - 1) + 1 deals; a deal has
        # at most 21 exchanges of 4 decisions, a stand or refusal, 10 cards and 3 kings.
        self.max_game_length = (2 * (rules.target - 1) + 1) * 100

    # -- states and player actions --------------------------------------------------------
    def new_state(self, seed: int | None = None) -> EcarteState:
        return EcarteState(self.rules, seed=seed, laws=self.laws)

    @staticmethod
    def _hand(state: EcarteState) -> list[Card]:
        """The hand of the seat to act (none at a chance or terminal node)."""
        return state.hands[state.current_player] if state.current_player >= 0 else []

    def legal_ids(self, state: EcarteState) -> list[int]:
        hand = self._hand(state)
        return [ecarte_action_id(a, hand) for a in state.legal_actions()]

    def id_action(self, state: EcarteState, action_id: int) -> Action:
        return ecarte_id_action(action_id, self._hand(state))

    def action_name(self, state: EcarteState, action_id: int) -> str:
        if state.current_player >= 0:
            try:
                return str(ecarte_id_action(action_id, self._hand(state)))
            except Exception:  # noqa: BLE001 - an id the hand cannot give: its neutral name
                pass
        return ecarte_action_name(action_id)

    def observation(self, state: EcarteState, seat: int) -> Vector:
        return ecarte_observation(state.view(seat))

    def side_of(self, seat: int) -> int:
        return seat

    def game_value(self, state: EcarteState) -> float:
        result = state.result
        assert result is not None
        return float(result.games)

    def render_text(self, state: EcarteState) -> str:
        """The table as every seat sees it (``state.view`` less its private part): the
        scores, the tricks, the turn-up, the stock (how many), the trick on the table, the
        cards each seat has played and holds (how many), the kings announced. No hand or
        card laid out is shown."""
        v = state.view(0)
        lines = [f"écarté deal {v.deal_number}, phase {v.phase}, dealer {v.dealer}, "
                 f"to act {v.current_player}",
                 f"scores: {v.scores[0]} {v.scores[1]} (target {self.rules.target}); "
                 f"tricks {v.tricks[0]}-{v.tricks[1]}",
                 f"  turn-up {v.turn_up or '-'}  stock {v.stock_size}  "
                 f"trick {' '.join(f'{seat}:{c}' for seat, c in v.trick) or '-'}"]
        for seat in (0, 1):
            played = [c for s, c in v.played if s == seat]
            lines.append(f"  player_{seat}: holds {v.hand_sizes[seat]}, played "
                         f"{format_cards(played) or '-'}"
                         f"{'  king' if v.announced[seat] else ''}")
        if v.result is not None:
            lines.append(f"game over: player_{v.result.winner} wins "
                         f"{v.result.scores[0]}-{v.result.scores[1]}")
        return "\n".join(lines)

    # -- OpenSpiel: chance nodes, information states, resampling -------------------------
    def card_id(self, card: Card) -> int:
        return ecarte_card_id(card)

    def id_card(self, outcome_id: int) -> Card:
        return ECARTE_PACK[outcome_id]

    def chance_cards(self, state: EcarteState, drawn: Sequence[Card]) -> list[Card]:
        if state.phase in (EcartePhase.DEAL, EcartePhase.DRAW):
            taken = set(drawn)
            return [c for c in state.stock() if c not in taken]
        return [a.cards[0] for a in state.chance_outcomes()]

    @staticmethod
    def _receiver(state: EcarteState, drawn: Sequence[Card]) -> int | None:
        """The seat the next card drawn goes to (``None``: the cut or the turn-up)."""
        if state.phase == EcartePhase.DEAL:
            return state.elder if len(drawn) < HAND_SIZE else state.dealer
        if state.phase == EcartePhase.DRAW:
            return state.serving
        return None

    def chance_tag(self, state: EcarteState, drawn: Sequence[Card]) -> str:
        to = self._receiver(state, drawn)
        return f"{state.phase}:{to}" if to is not None else state.phase

    def chance_draw(self, state: EcarteState, drawn: Sequence[Card], card: Card
                    ) -> tuple[list[str], Action | None]:
        e = state
        if e.phase in (EcartePhase.DEAL, EcartePhase.DRAW):
            to = self._receiver(state, drawn)
            # the engine knows how many cards are due: ask it for a sample of the draw
            need = 2 * HAND_SIZE if e.phase == EcartePhase.DEAL else \
                len(e.sample_chance(random.Random(0)).cards)
            tokens = [f"{e.phase}:{card}" if viewer == to else f"{e.phase}:?"
                      for viewer in range(2)]
            cards = (*drawn, card)
            if len(cards) < need:
                return tokens, None
            if e.phase == EcartePhase.DEAL:
                return tokens, Action("DEAL", cards, n=e.pattern or self.rules.pattern_number)
            return tokens, Action("DRAW", cards)
        verb = "CUT" if e.phase == EcartePhase.CUT_FOR_DEAL else "TURN"
        return [f"{verb.lower()}:{card}"] * 2, Action(verb, (card,))

    def is_deal_start(self, state: EcarteState) -> bool:
        return state.phase == EcartePhase.DEAL

    def public_summary(self, state: EcarteState) -> str:
        e = state
        return (f"{e.scores[0]}-{e.scores[1]}/{e.tricks[0]}-{e.tricks[1]}/"
                f"{len(e.hands[0])}-{len(e.hands[1])}/{e.current_player}")

    def action_token(self, seat: int, action: Action, viewer: int) -> str:
        if action.verb == "DISCARD" and viewer != seat:
            return f"{seat}:DISCARD {len(action.cards)}"
        return f"{seat}:{action}"

    def info_extra(self, state: EcarteState, seat: int) -> Vector:
        v = state.view(seat)
        out = np.zeros(self.info_extra_size, np.float32)
        held = set(v.hand) | set(v.discards) | {c for s, c in v.played if s == seat}
        for c in held:
            out[ecarte_card_id(c)] = 1.0
        for i, (_, c) in enumerate(v.played[:2 * HAND_SIZE]):
            out[32 + 32 * i + ecarte_card_id(c)] = 1.0
        return out

    def observation_string(self, state: EcarteState, seat: int, private: bool) -> str:
        v = state.view(seat)
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

    def constraints(self, start: EcarteState, steps: Sequence[Step], seat: int
                    ) -> tuple[set[Card], Card | None]:
        """What the public history of the deal since ``start`` (``steps``) says of the cards
        ``seat`` still holds: the cards it cannot hold (each card it played second was legal
        with every card it held: it follows suit, heads the trick in suit where bound to,
        and trumps when void where bound to, ECARTE-R-13; a card ``x`` with which the card
        played would not have been legal is not held), and the king of trumps when it
        announced the king and has not played it (ECARTE-R-7)."""
        forbidden: set[Card] = set()
        king: Card | None = None
        e = start.clone()
        for who, a in player_steps(self, e, steps, ECARTE_PACK):
            action = ecarte_id_action(a, self._hand(e))
            if who == seat and e.phase == EcartePhase.PLAY:
                if action.verb == "PLAY" and e.trick:
                    card, lead = action.cards[0], e.trick[0][1]
                    forbidden |= {x for x in ECARTE_PACK if x != card and card not in
                                  legal_cards([card, x], [lead], e.trump, self.rules)}
                elif action.verb == "KING" and e.turned_king_open != seat:
                    king = e.trump_king
            e.apply(action)
        if king is not None and (seat, king) in e.played:
            king = None
        return forbidden, king

    def resample(self, state: EcarteState, start: EcarteState, steps: Sequence[Step],
                 player: int, rng: random.Random) -> Plan:
        """Deal again what ``player`` has not seen in this deal, exactly among the deals
        that agree with what he saw: the adversary's hand now is drawn from the unseen
        cards he may hold (:meth:`constraints`: the king he announced, none of the cards his
        plays show he lacks); then, newest first, what he drew in each exchange (from his
        hand then) and what he laid out (from the unseen cards left), in the numbers
        exchanged (public); his hand as dealt follows. Every draw is uniform among what is
        left, and the counts of the choices that follow do not depend on it.

        Raises:
            ResampleError: no deal agrees with what ``player`` saw.
        """
        e = state
        other = 1 - player
        own = {ECARTE_PACK[a] for who, a, tag in steps
               if who == CHANCE and tag.endswith(f":{player}")}
        turn_ups = {ECARTE_PACK[a] for who, a, tag in steps
                    if who == CHANCE and tag == EcartePhase.TURN_UP}
        played_o = [c for s, c in e.played if s == other]
        pool = {c for c in ECARTE_PACK if c not in own and c not in turn_ups
                and c not in played_o}
        dealing = e.phase == EcartePhase.DEAL
        n_now = sum(1 for who, _, tag in steps if who == CHANCE
                    and tag == f"{EcartePhase.DEAL}:{other}") if dealing \
            else len(e.hands[other])  # the number is public (view.hand_sizes)
        if e.phase == EcartePhase.DRAW and e.serving == other:  # cards drawn, not yet his
            tail = f"{EcartePhase.DRAW}:{other}"
            n_now += next((i for i, st in enumerate(reversed(steps))
                           if st[0] != CHANCE or st[2] != tail), len(steps))
        forbidden, king = self.constraints(start, steps, other)
        allowed = sorted(pool - forbidden - {king}, key=lambda c: c.index)
        forced = [king] if king is not None else []
        if king is not None and king not in pool or len(allowed) < n_now - len(forced):
            raise ResampleError(
                f"no deal agrees with what seat {player} saw: seat {other} holds {n_now} "
                f"card(s), {len(allowed) + len(forced)} of the unseen cards fit")
        now = forced + rng.sample(allowed, n_now - len(forced))
        hand = set(played_o) | set(now)
        rest = sorted(pool - set(now), key=lambda c: c.index)
        rng.shuffle(rest)
        # the adversary's exchanges, newest first: what he drew, then what he laid out
        events: list[tuple[str, int]] = []
        i = 0
        while i < len(steps):
            who, a, tag = steps[i]
            if who == CHANCE and tag == f"{EcartePhase.DRAW}:{other}":
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
                y, rest = rest[:k], rest[k:]
                if len(y) < k:
                    raise ResampleError(f"no deal agrees with what seat {player} saw")
                hand |= set(y)
                laid.append(y)
        drawn.reverse()
        laid.reverse()
        dealt = sorted(hand, key=lambda c: c.index)
        rng.shuffle(dealt)
        plan: Plan = []
        n_deal = n_draw = n_laid = 0
        draw_i = -1
        prev_tag = ""
        for who, a, tag in steps:
            if who == CHANCE and tag == f"{EcartePhase.DEAL}:{other}":
                plan.append((CHANCE, dealt[n_deal]))
                n_deal += 1
            elif who == CHANCE and tag == f"{EcartePhase.DRAW}:{other}":
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
        return plan


def _discard_id(cards: list[Card]) -> Any:
    """The discard id of ``cards`` for the hand the replayed state holds then."""
    def at(e: EcarteState) -> int:
        return ecarte_action_id(Action("DISCARD", tuple(cards)), e.hands[e.current_player])
    return at


class EcarteEncoding:
    """Écarté's numbering for the environments (:class:`hoyle.engine.encoding.Encoding`)."""

    max_players = 2
    num_chance_outcomes = 32
    parameters: Mapping[str, Any] = {"laws": "", "target": 5, "game_values": False}
    env_doc = ENV_DOC

    def from_options(self, laws: str | None = None, **rule_options: Any) -> EcarteEncodedGame:
        """The PettingZoo arguments: ``laws`` (``None``: no code) and any ``EcarteRules``
        option.

        Raises:
            HoyleError: an unknown law code or rule option, or a bad value.
        """
        return EcarteEncodedGame(EcarteRules.from_options(rule_options),
                                 get_code(laws) if laws is not None else None)

    def from_parameters(self, params: Mapping[str, Any]) -> EcarteEncodedGame:
        """The OpenSpiel parameters: ``laws`` (``""``: none), ``target``, ``game_values``.

        Raises:
            HoyleError: an unknown law code.
        """
        rules = EcarteRules(target=int(params["target"]),
                            game_values=bool(params["game_values"]))
        return EcarteEncodedGame(rules, get_code(str(params["laws"])) if params["laws"]
                                 else None)


ENCODING: Encoding = EcarteEncoding()
"""Écarté's :class:`~hoyle.engine.encoding.Encoding` (``get_game("ecarte").encoding()``)."""
