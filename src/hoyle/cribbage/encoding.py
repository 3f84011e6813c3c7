"""Cribbage's fixed action ids and numeric observations for the research environments
(``hoyle.envs``: the PettingZoo environment ``hoyle/cribbage-v0`` and the OpenSpiel game
``python_hoyle_cribbage``), behind :class:`hoyle.engine.encoding.Encoding`.

Everything here is a translation: the rules come from the engine (``state.legal_actions()``,
``state.view(seat)``); nothing is decided here. Observations are built from
``state.view(seat)`` only, which is what guarantees that they never show a hidden card.

Cribbage action ids (``CRIB_NUM_ACTIONS`` = 1431):

======================  ===========================================================
id                      action
======================  ===========================================================
0 … 51                  ``PLAY c``, ``c.index`` = id (``(rank - 1) * 4 + suit``, A♣ = 0)
52                      ``GO``
53 … 1378               ``DISCARD a b`` (two cards, ``a.index < b.index``): 53 + the
                        pair's rank in the 52×52 upper triangle (``pair_id``)
1379 … 1430             ``DISCARD c`` (one card: three- and four-hand): 1379 + ``c.index``
======================  ===========================================================

>>> from hoyle.cards import Card
>>> a = Action("DISCARD", (Card.parse("AC"), Card.parse("AD")))
>>> crib_action_id(a), str(crib_id_action(53)), str(crib_id_action(1430))
(53, 'DISCARD AC AD', 'DISCARD KS')
>>> all(crib_action_id(crib_id_action(i)) == i for i in range(CRIB_NUM_ACTIONS))
True

The OpenSpiel game ``python_hoyle_cribbage``. Parameters: ``variant`` (``"six-card"``,
``"five-card"``, ``"three-hand"``, ``"four-hand"``, ``"eight-card"``), ``laws`` (``"ew"``
or ``"acc"``; counting is automatic, so no claim or penalty arises), ``target`` (0: the
variant's), ``crib_flush_rule`` (``""``: the variant's; ``"strict"`` or ``"lenient"``),
``reward`` (``"win"``: ±1; ``"game_points"``: ± the ACC game points, 2 or 3 for a skunk).
Chance nodes: the cut for deal (one card per seat), the deal (one node per card, dealt from
the dealer's left: the first ``cards_dealt`` to the pone and so on, then any crib card from
the stock) and the starter. Chance outcome ids are ``Card.index`` (0-51). Player action ids
are those above (1431: play 0-51, go 52, discards).

>>> enc = ENCODING.from_parameters(ENCODING.parameters)
>>> enc.num_actions, ENCODING.num_chance_outcomes, enc.num_players, enc.observation_size
(1431, 52, 2, 474)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from hoyle.cards import CARDS, Card, format_cards
from hoyle.cribbage.laws import get_code
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageState, CribbageView
from hoyle.cribbage.state import Phase as CribPhase
from hoyle.engine.action import CHANCE, Action
from hoyle.engine.encoding import Encoding, Plan, Step, Vector, player_steps
from hoyle.engine.laws import LawCode
from hoyle.cribbage.scoring import PIPS
from hoyle.errors import HoyleError, ResampleError

__all__ = [
    "CRIB_NUM_ACTIONS", "CRIB_GO", "CRIB_PAIR_BASE", "CRIB_SINGLE_BASE", "pair_id",
    "crib_action_id", "crib_id_action", "crib_action_name", "crib_observation",
    "crib_observation_size", "ENV_DOC", "ENCODING", "CribbageEncoding", "CribbageEncodedGame",
]

# -- cribbage actions ----------------------------------------------------------------

CRIB_GO = 52
CRIB_PAIR_BASE = 53
CRIB_SINGLE_BASE = CRIB_PAIR_BASE + 52 * 51 // 2  # 1379
CRIB_NUM_ACTIONS = CRIB_SINGLE_BASE + 52  # 1431

_PAIRS: list[tuple[int, int]] = [(i, j) for i in range(52) for j in range(i + 1, 52)]
_PAIR_ID: dict[tuple[int, int], int] = {p: k for k, p in enumerate(_PAIRS)}
_CRIB_ACTIONS: list[Action] = (
    [Action("PLAY", (c,)) for c in CARDS] + [Action("GO")]
    + [Action("DISCARD", (CARDS[i], CARDS[j])) for i, j in _PAIRS]
    + [Action("DISCARD", (c,)) for c in CARDS])


def pair_id(i: int, j: int) -> int:
    """The rank of the card pair ``{i, j}`` (``i != j``) in the 52×52 upper triangle, 0-1325."""
    return _PAIR_ID[(i, j) if i < j else (j, i)]


def crib_action_id(action: Action) -> int:
    """The id of a cribbage action (see the table above).

    Raises:
        HoyleError: the action has no id (manual counting, decisions, referee reports:
            the environments play with automatic counting).
    """
    verb, cards = action.verb, action.cards
    if action.n is None and not action.word:
        if verb == "PLAY" and len(cards) == 1:
            return cards[0].index
        if verb == "GO" and not cards:
            return CRIB_GO
        if verb == "DISCARD" and len(cards) == 2:
            return CRIB_PAIR_BASE + pair_id(cards[0].index, cards[1].index)
        if verb == "DISCARD" and len(cards) == 1:
            return CRIB_SINGLE_BASE + cards[0].index
    raise HoyleError(f"no action id for {action} (the environments count automatically)")


def crib_id_action(action_id: int) -> Action:
    """The cribbage action with id ``action_id`` (cards of a discard in index order).

    Raises:
        HoyleError: the id is outside ``0 .. CRIB_NUM_ACTIONS - 1``.
    """
    if not 0 <= action_id < CRIB_NUM_ACTIONS:
        raise HoyleError(f"cribbage action id {action_id} outside 0..{CRIB_NUM_ACTIONS - 1}")
    return _CRIB_ACTIONS[action_id]


def crib_action_name(action_id: int) -> str:
    """The action's text (``"PLAY 5H"``, ``"GO"``, ``"DISCARD 5H TC"``)."""
    return str(crib_id_action(action_id))


# -- cribbage observation ------------------------------------------------------------

_CRIB_PHASES = (CribPhase.CUT_FOR_DEAL, CribPhase.DEAL, CribPhase.DISCARD, CribPhase.STARTER,
                CribPhase.PLAY, CribPhase.CLAIM, CribPhase.DECISION, CribPhase.GAME_OVER)


def crib_observation_size(players: int) -> int:
    """Length of a cribbage observation for a game of ``players`` seats.

    Layout (seats are relative: 0 = the observer, then clockwise): hand 52 · kept 52 ·
    own discards 52 · starter 52 · current count's cards 52 · cards played, per seat
    ``players × 52`` · score per seat / target ``players`` · count / 31 · phase one-hot 8 ·
    dealer one-hot ``players`` · to act one-hot ``players`` · said go ``players`` · cards
    held / cards dealt ``players`` · the current count's last seven cards, most recent
    first, each by its rank one-hot (7 × 13: the order the play's pairs and runs are
    scored by, CRIB-R-9; seven cards is the longest run).
    """
    return 52 * 5 + 52 * players + players + 1 + len(_CRIB_PHASES) + 4 * players \
        + COUNT_ORDER * 13


COUNT_ORDER = 7
"""How many of the current count's latest cards the observation gives in order."""


def crib_observation(view: CribbageView, rules: CribbageRules) -> Vector:
    """The numeric observation of ``view`` (see :func:`crib_observation_size` for the
    layout). Built from the view alone, so it holds nothing hidden from its seat."""
    n = view.players
    obs = np.zeros(crib_observation_size(n), dtype=np.float32)
    seat = view.seat

    def rel(s: int) -> int:
        return (s - seat) % n

    for c in view.hand:
        obs[c.index] = 1.0
    for c in view.kept:
        obs[52 + c.index] = 1.0
    for c in view.discards:
        obs[104 + c.index] = 1.0
    if view.starter is not None:
        obs[156 + view.starter.index] = 1.0
    for c in view.count_cards:
        obs[208 + c.index] = 1.0
    base = 260
    for s, c in view.played:
        obs[base + 52 * rel(s) + c.index] = 1.0
    base += 52 * n
    for side, score in enumerate(view.scores):
        # with partnerships the side of a seat is seat % 2: map the side to its seats
        for s in range(n):
            if rules.side_of(s) == side:
                obs[base + rel(s)] = min(score, view.target) / view.target
    base += n
    obs[base] = view.count / 31.0
    base += 1
    obs[base + _CRIB_PHASES.index(view.phase)] = 1.0
    base += len(_CRIB_PHASES)
    if view.dealer is not None:
        obs[base + rel(view.dealer)] = 1.0
    base += n
    if view.current_player >= 0:
        obs[base + rel(view.current_player)] = 1.0
    base += n
    for s, p in enumerate(view.passed):
        obs[base + rel(s)] = float(p)
    base += n
    for s, k in enumerate(view.hand_sizes):
        obs[base + rel(s)] = k / rules.cards_dealt
    base += n
    for j, c in enumerate(reversed(view.count_cards[-COUNT_ORDER:])):
        obs[base + 13 * j + c.rank - 1] = 1.0
    return obs


# -- the environments' game ------------------------------------------------------------

ENV_DOC = """Cribbage, according to Hoyle, as a PettingZoo AEC environment (``hoyle/cribbage-v0``).

| Import             | ``from hoyle.envs.pettingzoo import cribbage_v0``  |
|--------------------|----------------------------------------------------|
| Actions            | Discrete                                           |
| Parallel API       | No                                                 |
| Manual control     | No                                                 |
| Agents             | ``agents = ['player_0', 'player_1']`` (2-4 by variant) |
| Action shape       | Discrete(1431)                                     |
| Action values      | Discrete(1431)                                     |
| Observation shape  | (observation: (474,), action_mask: (1431,)) for two players |
| Observation values | [0, 1]                                             |

Arguments: ``variant`` (``"six-card"``, ``"five-card"``, ``"three-hand"``, ``"four-hand"``,
``"eight-card"``), ``laws`` (the law code, ``"ew"`` or ``"acc"``: it supplies the citations
and rules equal cuts; the environment counts automatically, so no claim, decision or
penalty ever arises), ``reward`` (``"win"``: +1 / -1 at the end of the game;
``"game_points"``: ± the ACC game points, 2, or 3 for a skunk), ``render_mode``
(``"ansi"`` or ``"human"``: the table as every seat sees it, no hand shown), and any
``CribbageRules`` option (``target=61``,
``crib_flush_rule="lenient"``, ...).

Each episode is one game: the cut for deal, the deals, the discards, the play and the show,
until a side reaches the target. Chance (the cut, the deal, the starter) is resolved inside
the environment from the generator seeded by ``reset(seed=...)``, so the agents only see
their own decisions: the discard (one decision: both cards at once) and each card of the
play.

Action space (``hoyle.cribbage.encoding``):

| id          | action                                                                 |
|-------------|------------------------------------------------------------------------|
| 0 … 51      | play card ``id`` (``Card.index``: ``(rank - 1) * 4 + suit``; A♣ 0, A♦ 1 … K♠ 51) |
| 52          | go                                                                     |
| 53 … 1378   | lay away two cards ``i < j``: ``53 + pair_id(i, j)``, the pair's rank in the upper triangle of the 52×52 table (``i * 51 - i * (i - 1) // 2 + j - i - 1``) |
| 1379 … 1430 | lay away one card (three- and four-hand): ``1379 + index``             |

Observation: ``observation`` is the vector of ``hoyle.cribbage.encoding.crib_observation``
(own hand, kept cards, own discards, the starter, the current count's cards, every card
played by each seat, scores, the count, the phase, the dealer, the seat to act, goes, cards
held; seats relative to the observer), built only from ``state.view(seat)``;
``action_mask`` marks the legal ids (all zero for an agent not to act).

Rewards come at the end of the game only. ``infos`` then hold the final ``scores`` and the
``winner`` (a side, with partnerships).
"""
"""The PettingZoo environment's documentation (``cribbage_v0.__doc__``)."""


class CribbageEncodedGame:
    """One configured cribbage game as numbers (:class:`hoyle.engine.encoding.EncodedGame`).

    Args:
        rules: the rules (variant and options).
        laws: the law code (automatic counting: it supplies the citations and rules equal
            cuts; no claim, decision or penalty arises).
    """

    def __init__(self, rules: CribbageRules, laws: LawCode) -> None:
        self.rules = rules
        self.laws = laws
        n = rules.players
        self.num_players = n
        self.num_actions = CRIB_NUM_ACTIONS
        self.observation_size = crib_observation_size(n)
        self.info_extra_size = 52 + 52 * n * rules.hand_size
        self.private_slices: tuple[tuple[int, int], ...] = ((0, 156),)
        self.card_blocks = 5 + n  # hand, kept, crib, starter, play, and each seat's played
        self.max_game_value = 4.0
        # every deal scores at least one point (the last card), so the game ends within
        # sides * (target - 1) + 1 deals; a deal has n discards and at most 2 decisions
        # per card played (a card, or a go then a card).
        deals = rules.sides * (rules.target - 1) + 1
        self.max_game_length = deals * (n + 2 * n * rules.hand_size + 1)

    # -- states and player actions --------------------------------------------------------
    def new_state(self, seed: int | None = None) -> CribbageState:
        return CribbageState(self.rules, seed=seed, itemize=False, laws=self.laws)

    def legal_ids(self, state: CribbageState) -> list[int]:
        return [crib_action_id(a) for a in state.legal_actions()]

    def id_action(self, state: CribbageState, action_id: int) -> Action:
        return crib_id_action(action_id)

    def action_name(self, state: CribbageState, action_id: int) -> str:
        return str(crib_id_action(action_id))

    def observation(self, state: CribbageState, seat: int) -> Vector:
        return crib_observation(state.view(seat), self.rules)

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def game_value(self, state: CribbageState) -> float:
        """The ACC game points of the result (ACC-12.1: 2, 3 for a skunk), whatever code
        the game is under (EW counts games, not game points: the reward is ACC's)."""
        result = state.result
        assert result is not None
        if result.code == "acc" or not result.code:
            return float(result.game_points)
        from hoyle.cribbage.results import terms
        acc = terms(state.rules, get_code("acc"), result.scores, result.winner, result.forfeit)
        return float(acc.game_points)

    def render_text(self, state: CribbageState) -> str:
        """The table as every seat sees it (``state.view`` less its private part): the
        scores, the starter, the count and its cards, the cards each seat has played, the
        cards each holds (how many), the goes, and the hands and crib laid face up in the
        show (CRIB-R-10). No hand held, lay-away or crib face down is shown."""
        v = state.view(0)
        lines = [f"cribbage ({self.rules.variant}, {self.laws.name}) deal {v.deal_number}, "
                 f"phase {v.phase}, dealer {v.dealer}, to act {v.current_player}",
                 "scores: " + " ".join(str(x) for x in v.scores)
                 + f" (target {self.rules.target})"]
        for seat in range(self.rules.players):
            played = [c for s, c in v.played if s == seat]
            lines.append(f"  player_{seat}: holds {v.hand_sizes[seat]}, played "
                         f"{format_cards(played) or '-'}{'  go' if v.passed[seat] else ''}")
        lines.append(f"  starter {v.starter or '-'}  count {v.count}: "
                     f"{format_cards(v.count_cards) or '-'}")
        for seat, what, cards in v.shown:
            lines.append(f"  shown: player_{seat} {what} {format_cards(cards)}")
        if v.result is not None:
            lines.append(f"game over: side {v.result.winner} wins "
                         f"{'-'.join(map(str, v.result.scores))}")
        return "\n".join(lines)

    # -- OpenSpiel: chance nodes, information states, resampling -------------------------
    def deal_size(self) -> int:
        """The cards of one deal: each seat's, then any crib card from the stock."""
        r = self.rules
        return r.players * r.cards_dealt + r.crib_cards_from_stock

    def card_id(self, card: Card) -> int:
        return card.index

    def id_card(self, outcome_id: int) -> Card:
        return CARDS[outcome_id]

    def chance_cards(self, state: CribbageState, drawn: Sequence[Card]) -> list[Card]:
        if state.phase == CribPhase.DEAL:
            taken = set(drawn)
            return [c for c in CARDS if c not in taken]
        return [a.cards[0] for a in state.chance_outcomes()]

    def chance_tag(self, state: CribbageState, drawn: Sequence[Card]) -> str:
        return ""

    def _recipient(self, state: CribbageState, position: int) -> int | None:
        """The seat the ``position``-th card of the deal goes to (``None``: the crib)."""
        k = self.rules.cards_dealt
        order = state.seat_order()
        return order[position // k] if position // k < len(order) else None

    def chance_draw(self, state: CribbageState, drawn: Sequence[Card], card: Card
                    ) -> tuple[list[str], Action | None]:
        if state.phase == CribPhase.DEAL:
            to = self._recipient(state, len(drawn))
            tokens = [f"deal:{card}" if viewer == to else "deal:?"
                      for viewer in range(self.num_players)]
            cards = (*drawn, card)
            return tokens, Action("DEAL", cards) if len(cards) == self.deal_size() else None
        verb = "CUT" if state.phase == CribPhase.CUT_FOR_DEAL else "STARTER"
        return [f"{verb.lower()}:{card}"] * self.num_players, Action(verb, (card,))

    def is_deal_start(self, state: CribbageState) -> bool:
        return state.phase == CribPhase.DEAL

    def public_summary(self, state: CribbageState) -> str:
        return f"{state.count}/{'-'.join(map(str, state.scores))}/{state.current_player}"

    def action_token(self, seat: int, action: Action, viewer: int) -> str:
        if action.verb == "DISCARD" and viewer != seat:
            return f"{seat}:DISCARD ?"
        return f"{seat}:{action}"

    def info_extra(self, state: CribbageState, seat: int) -> Vector:
        v = state.view(seat)
        out = np.zeros(self.info_extra_size, np.float32)
        dealt = set(v.hand) | set(v.discards) | {c for s, c in v.played if s == seat}
        for c in dealt:
            out[c.index] = 1.0
        for i, (_, c) in enumerate(v.played):
            out[52 + 52 * i + c.index] = 1.0
        return out

    def observation_string(self, state: CribbageState, seat: int, private: bool) -> str:
        v = state.view(seat)
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

    def play_constraints(self, start: CribbageState, steps: Sequence[Step], player: int
                         ) -> tuple[list[int], list[tuple[frozenset[int], int]]]:
        """What the public history of the deal since ``start`` (``steps``) says of the cards
        the other seats still hold and ``player`` has not seen, through the rule that a
        player who can play must (EW-xxi) and the count that ends when nobody can (CRIB-R-8):

        - *floors*: for each seat, the fewest pips (A 1 … K 10) each card it still holds may
          have: a seat that says go at count ``c``, or holds cards when a count ends short
          of 31, holds no card of ``31 - c`` pips or fewer;
        - *needs* ``(seats, most)``: after a card or a go the count went on at ``c``, so one
          of those seats (not yet gone, holding cards) held a card of at most ``31 - c``
          pips; listed only when no card ``player`` knows was it (his own, or one played
          since): one of those seats' unseen cards must be.

        Reads only what ``player`` sees (the count, the goes, the number of cards held, the
        cards played, his own hand)."""
        n = self.rules.players
        floor = [0] * n
        needs: list[tuple[frozenset[int], int, int]] = []  # seats, most pips, cards played
        e = start.clone()
        for who, a in player_steps(self, e, steps, CARDS):
            action = crib_id_action(a)
            if e.phase != CribPhase.PLAY or action.verb not in ("PLAY", "GO"):
                e.apply(action)
                continue
            passed = list(e.passed)
            if action.verb == "GO":
                floor[who] = max(floor[who], 32 - e.count)
                passed[who] = True
                count = e.count
            else:
                count = e.count + PIPS[action.cards[0].rank]
            e.apply(action)
            if count == 31:
                continue
            able = [s for s in range(n) if not passed[s] and e.hands[s]]
            if e.phase != CribPhase.PLAY or e.count != count:  # the count ended
                for seat in able:
                    floor[seat] = max(floor[seat], 32 - count)
            elif not any(PIPS[c.rank] <= 31 - count for c in e.hands[player]
                         if player in able):
                needs.append((frozenset(able) - {player}, 31 - count, len(e.played)))
        # a need met by a card played since (known to every seat) is no constraint
        later = list(e.played)
        kept = [(seats, most) for seats, most, at in needs
                if not any(s in seats and PIPS[c.rank] <= most for s, c in later[at:])]
        return floor, kept

    @staticmethod
    def _deal_held(need: dict[int, int], allowed: dict[int, list[Card]],
                   needs: list[tuple[frozenset[int], int]], rng: random.Random
                   ) -> dict[int, list[Card]] | None:
        """Cards for each seat's unseen held places: ``need[s]`` cards of ``allowed[s]``
        (nested sets: the floors), with a card of at most ``most`` pips among the seats of
        each of ``needs``: a seeded backtracking search over a witness card for each need
        not yet met (seat and card in random order), the places left then filled at random,
        the most constrained seat first. ``None``: no assignment exists."""
        def fill(chosen: dict[int, list[Card]]) -> dict[int, list[Card]] | None:
            used = {c for cs in chosen.values() for c in cs}
            out = {s: list(cs) for s, cs in chosen.items()}
            for s in sorted(need, key=lambda s: len(allowed[s])):
                free = [c for c in allowed[s] if c not in used]
                k = need[s] - len(out[s])
                if len(free) < k:
                    return None
                pick = rng.sample(free, k)
                out[s] += pick
                used |= set(pick)
            return out

        def search(i: int, chosen: dict[int, list[Card]]) -> dict[int, list[Card]] | None:
            while i < len(needs) and any(PIPS[c.rank] <= needs[i][1] for s in needs[i][0]
                                         for c in chosen.get(s, ())):
                i += 1
            if i == len(needs):
                return fill(chosen)
            seats, most = needs[i]
            used = {c for cs in chosen.values() for c in cs}
            options = [(s, c) for s in sorted(seats) if len(chosen[s]) < need[s]
                       for c in allowed[s] if c not in used and PIPS[c.rank] <= most]
            rng.shuffle(options)
            for s, c in options:
                chosen[s].append(c)
                found = search(i + 1, chosen)
                chosen[s].pop()
                if found is not None:
                    return found
            return None

        return search(0, {s: [] for s in need})

    def resample(self, state: CribbageState, start: CribbageState, steps: Sequence[Step],
                 player: int, rng: random.Random) -> Plan:
        """Deal again the cards ``player`` has not seen in this deal, exactly among the
        deals that agree with what he saw: each other seat keeps the cards it has played;
        the cards it still holds are dealt from the unseen cards with at least its floor of
        pips, with a card low enough for each count that went on (:meth:`play_constraints`),
        by a seeded backtracking search that only builds consistent hands (no deal is drawn
        and rejected); its lay-away (face down, CRIB-R-6), any crib card from the stock and
        the cards of a deal still being dealt come at random from the rest.
        The plan replays every step, the others' discards replaced by the new lay-aways.

        Raises:
            ResampleError: no deal agrees with what ``player`` saw.
        """
        rules = self.rules
        e = state
        n = rules.players
        deal_ids = [a for who, a, _ in steps if who == CHANCE][:self.deal_size()]
        order = start.seat_order()
        k = rules.cards_dealt

        def seat_at(pos: int) -> int | None:
            return order[pos // k] if pos // k < len(order) else None

        mine = {CARDS[a] for i, a in enumerate(deal_ids) if seat_at(i) == player}
        played = {s: [c for t, c in e.played if t == s] for s in range(n)}
        pool = set(CARDS) - mine - {c for _, c in e.played}
        if e.starter is not None:
            pool.discard(e.starter)
        floor, needs = self.play_constraints(start, steps, player)
        dealt_to = {s: sum(1 for i in range(len(deal_ids)) if seat_at(i) == s)
                    for s in range(n)}
        dealing = e.phase == CribPhase.DEAL  # the deal is still being dealt: no hands yet
        others = [s for s in range(n) if s != player]
        need = {s: 0 if dealing else len(e.hands[s]) for s in others}
        allowed = {s: sorted((c for c in pool if PIPS[c.rank] >= floor[s]),
                             key=lambda c: c.index) for s in others}
        held = self._deal_held(need, allowed, needs, rng)
        if held is None:
            raise ResampleError(
                f"no deal agrees with what seat {player} saw: the cards unseen cannot fill "
                "the hands held with the goes and counts of the play")
        for cards in held.values():
            pool -= set(cards)
        rest = sorted(pool, key=lambda c: c.index)
        rng.shuffle(rest)
        hands: dict[int, list[Card]] = {}
        lay: dict[int, tuple[Card, ...]] = {}
        for s in held:
            free = dealt_to[s] - len(played[s]) - len(held[s])
            fresh, rest = rest[:free], rest[free:]
            if len(fresh) < free:
                raise ResampleError(f"no deal agrees with what seat {player} saw")
            lay[s] = tuple(sorted(fresh, key=lambda c: c.index)) if e.discards[s] else ()
            hands[s] = played[s] + held[s] + fresh
        new_deal: list[Card] = []
        taken = dict.fromkeys(hands, 0)
        for i, a in enumerate(deal_ids):
            to = seat_at(i)
            if to == player:
                new_deal.append(CARDS[a])
            elif to is None:
                new_deal.append(rest.pop())
            else:
                new_deal.append(hands[to][taken[to]])
                taken[to] += 1
        plan: Plan = []
        dealt = 0
        for who, a, _ in steps:
            if who == CHANCE and dealt < len(new_deal):
                plan.append((CHANCE, new_deal[dealt]))
                dealt += 1
            elif who == CHANCE:
                plan.append((CHANCE, CARDS[a]))
            elif who != player and crib_id_action(a).verb == "DISCARD":
                plan.append((who, crib_action_id(Action("DISCARD", lay[who]))))
            else:
                plan.append((who, a))
        return plan


class CribbageEncoding:
    """Cribbage's numbering for the environments (:class:`hoyle.engine.encoding.Encoding`)."""

    max_players = 4
    num_chance_outcomes = 52
    parameters: Mapping[str, Any] = {"variant": "six-card", "laws": "ew", "target": 0,
                                     "crib_flush_rule": ""}
    env_doc = ENV_DOC

    def from_options(self, variant: str = "six-card", laws: str = "ew",
                     **rule_options: Any) -> CribbageEncodedGame:
        """The PettingZoo arguments: ``variant``, ``laws`` and any ``CribbageRules`` option.

        Raises:
            HoyleError: an unknown variant, law code or rule option.
        """
        return CribbageEncodedGame(CribbageRules.for_variant(variant, **rule_options),
                                   get_code(laws))

    def from_parameters(self, params: Mapping[str, Any]) -> CribbageEncodedGame:
        """The OpenSpiel parameters: ``variant``, ``laws``, ``target`` (0: the variant's),
        ``crib_flush_rule`` (``""``: the variant's).

        Raises:
            HoyleError: an unknown variant or law code, or a bad value.
        """
        options: dict[str, Any] = {}
        if params.get("target"):
            options["target"] = int(params["target"])
        if params.get("crib_flush_rule"):
            options["crib_flush_rule"] = str(params["crib_flush_rule"])
        rules = CribbageRules.for_variant(str(params.get("variant", "six-card")), **options)
        return CribbageEncodedGame(rules, get_code(str(params["laws"])))


ENCODING: Encoding = CribbageEncoding()
"""Cribbage's :class:`~hoyle.engine.encoding.Encoding` (``get_game("cribbage").encoding()``)."""
