"""Fixed action ids and numeric observations for both games, shared by the PettingZoo
environments and the OpenSpiel games (``hoyle.envs``).

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
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from hoyle.cards import CARDS, Card
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.state import CribbageView
from hoyle.cribbage.state import Phase as CribPhase
from hoyle.ecarte.rules import ECARTE_CARDS, HAND_SIZE, STOCK_SIZE
from hoyle.ecarte.state import EcarteView
from hoyle.ecarte.state import Phase as EcartePhase
from hoyle.errors import HoyleError
from hoyle.engine.action import Action

__all__ = [
    "CRIB_NUM_ACTIONS", "CRIB_GO", "CRIB_PAIR_BASE", "CRIB_SINGLE_BASE", "pair_id",
    "crib_action_id", "crib_id_action", "crib_action_name", "crib_observation",
    "crib_observation_size", "ECARTE_PACK", "ECARTE_NUM_ACTIONS", "ECARTE_STAND",
    "ECARTE_PROPOSE", "ECARTE_ACCEPT", "ECARTE_REFUSE", "ECARTE_KING",
    "ECARTE_DISCARD_BASE", "ecarte_action_id", "ecarte_id_action", "ecarte_action_name",
    "ecarte_observation", "ECARTE_OBSERVATION_SIZE", "ecarte_card_id", "mask_of",
]

Vector = npt.NDArray[np.float32]

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
    held / cards dealt ``players``.
    """
    return 52 * 5 + 52 * players + players + 1 + len(_CRIB_PHASES) + 4 * players


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
    return obs


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
            raise HoyleError(f"{c} is not in the hand")
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

