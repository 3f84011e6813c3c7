"""Écarté as pure JAX functions over a batch (``hoyle.batch.make("ecarte")``; the extra
``hoyle[batch]``).

The rules of play only (no law code), as the object engine plays them with ``laws=None``
(:class:`hoyle.ecarte.state.EcarteState`): the cut for deal, the higher card dealing, equal
ranks cutting again (ECARTE-R-3); five each, the elder hand's first (ECARTE-R-5); the
turn-up and the king turned up, a point to the dealer (ECARTE-R-6, ECARTE-R-7); proposals,
answers and exchanges, the elder hand laying out one to five and the dealer none to five,
each served from the stock while it lasts (ECARTE-R-8 to ECARTE-R-11); the king of trumps
announced before the holder's first card (ECARTE-R-7); five tricks, following suit, heading
the trick in suit and trumping when void (ECARTE-R-12, ECARTE-R-13: the rules' options);
a card that cannot be answered taking its trick (CLUB-30, CLUB-34); the point 1, the vole 2,
and 2 for the point against a stand or the first refusal (ECARTE-R-14, ECARTE-R-15); the game
to five, ended the moment a player reaches it (ECARTE-R-16).

Every function works on one game; :class:`hoyle.ecarte.batchenv.EcarteBatch` vmaps and jits
them. Card ids are the écarté pack's, 0-31 (``hoyle.ecarte.encoding.ECARTE_PACK``: A♣ A♦ A♥
A♠ 7♣ … K♠); action ids and the observation are :mod:`hoyle.ecarte.encoding`'s (69 actions,
228 floats).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from hoyle.ecarte.encoding import (ECARTE_ACCEPT, ECARTE_DISCARD_BASE, ECARTE_KING,
                                   ECARTE_NUM_ACTIONS, ECARTE_OBSERVATION_SIZE,
                                   ECARTE_PROPOSE, ECARTE_REFUSE, ECARTE_STAND)
from hoyle.ecarte.rules import HAND_SIZE, STOCK_SIZE, EcarteRules
from hoyle.engine.batch import (CHANCE_BASE, TERMINAL, Guarded, cut_for_deal, draw, mask_of,
                                nth, one_hot, one_or_batch)
from hoyle.errors import HoyleError, ParameterError

__all__ = ["EcarteConfig", "EcarteBatchState", "init_one", "step_one", "observe_one",
           "is_legal", "legal_mask", "PHASE_PROPOSAL", "PHASE_ANSWER", "PHASE_DISCARD",
           "PHASE_PLAY", "PHASE_GAME_OVER"]

# The phase numbers of the observation's one-hot (hoyle.ecarte.encoding._ECARTE_PHASES).
PHASE_PROPOSAL, PHASE_ANSWER, PHASE_DISCARD, PHASE_PLAY, PHASE_GAME_OVER = 3, 4, 5, 7, 10

_SUIT = np.arange(32) % 4
# ECARTE-R-2: K Q J A 10 9 8 7; the pack's ranks in id order are A 7 8 9 10 J Q K
_TRICK_RANK = np.array([5, 1, 2, 3, 4, 6, 7, 8])[np.arange(32) // 4]
_KING = 28  # + suit: the kings' ids
_POPCOUNT = np.array([bin(m).count("1") for m in range(32)])


@dataclass(frozen=True)
class EcarteConfig:
    """The static parameters of a batch (compiled into the jitted functions): the options
    of :class:`hoyle.ecarte.rules.EcarteRules` that change the play, and the history kept.

    Raises:
        HoyleError: ``turned_king_marking="manual"`` (a king to mark by hand: not played
            by the batch engine) or a negative ``history``.
    """

    target: int = 5
    must_head_trick: bool = True
    trump_when_void: str = "must"
    max_exchanges: int = -1  # -1: unlimited
    dealer_min_exchange: int = 0
    pattern: int = 32
    history: int = 1024

    @staticmethod
    def from_rules(rules: EcarteRules, history: int = 1024) -> EcarteConfig:
        if rules.turned_king_marking != "auto":
            raise HoyleError("the batch engine scores a turned king at once "
                             "(turned_king_marking='auto')")
        if isinstance(history, bool) or not isinstance(history, int) or history < 0:
            raise ParameterError(f"history must be a whole number of codes, 0 or more "
                                 f"(not {history!r})", "history")
        return EcarteConfig(rules.target, rules.must_head_trick, rules.trump_when_void,
                            -1 if rules.max_exchanges is None else rules.max_exchanges,
                            rules.dealer_min_exchange, rules.pattern_number, history)


class EcarteBatchState(NamedTuple):
    """One game (a batch: every field with a leading axis ``B``), a JAX pytree.

    Attributes:
        current_player: int32, the seat to act (0, 1), or ``TERMINAL`` (-2).
        phase: int32, ``PHASE_PROPOSAL`` (3), ``PHASE_ANSWER`` (4), ``PHASE_DISCARD`` (5),
            ``PHASE_PLAY`` (7) or ``PHASE_GAME_OVER`` (10).
        dealer: int32, the dealer's seat (the other is the elder hand).
        scores: int32[2], points.
        hand: bool[2, 32], the cards each seat holds.
        discards: bool[2, 32], each seat's cards laid out in this deal.
        stock: bool[32], the stock (talon).
        turn_up: int32, the turn-up's card id (its suit is trumps).
        proposals, exchanges, asked: int32, in this deal: proposals made, exchanges done,
            cards the elder hand last asked for.
        taken: int32[2], cards each seat has drawn from the stock in this deal.
        stood: bool, the elder hand played without proposing.
        refused_first, refused_any: bool, the dealer refused the first proposal / any.
        trick_card, trick_seat: int32, the card led to the trick on the table and its seat
            (-1: none).
        leader: int32, the seat to lead the next trick.
        tricks: int32[2], tricks won in this hand.
        played: bool[2, 32], the cards each seat has played in this hand.
        announced: bool[2], each seat has announced the king in this deal.
        deal_number: int32, 1 for the first deal.
        terminated, winner, rewards, illegal, history, n_history, steps: as cribbage's
            (:class:`hoyle.cribbage.batch.CribbageBatchState`).
        rules: int32[4], the game's options that decide what is legal: must head the
            trick (0/1), must trump when void (0/1), the most exchanges (-1: no limit),
            the fewest cards the dealer takes.
    """

    current_player: Any
    phase: Any
    dealer: Any
    scores: Any
    hand: Any
    discards: Any
    stock: Any
    turn_up: Any
    proposals: Any
    exchanges: Any
    asked: Any
    taken: Any
    stood: Any
    refused_first: Any
    refused_any: Any
    trick_card: Any
    trick_seat: Any
    leader: Any
    tricks: Any
    played: Any
    announced: Any
    deal_number: Any
    terminated: Any
    winner: Any
    rewards: Any
    illegal: Any
    history: Any
    n_history: Any
    steps: Any
    rules: Any

    @property
    def legal_action_mask(self) -> jax.Array:
        """bool[69] (a batch: bool[B, 69]): the legal action ids of the seat to act."""
        return _legal_mask(self)


class _G(Guarded):
    """The game being stepped (:class:`hoyle.engine.batch.Guarded`), with the score."""

    _game_over = PHASE_GAME_OVER

    current_player: Any
    phase: Any
    dealer: Any
    scores: Any
    hand: Any
    discards: Any
    stock: Any
    turn_up: Any
    proposals: Any
    exchanges: Any
    asked: Any
    taken: Any
    stood: Any
    refused_first: Any
    refused_any: Any
    trick_card: Any
    trick_seat: Any
    leader: Any
    tricks: Any
    played: Any
    announced: Any
    deal_number: Any
    terminated: Any
    winner: Any
    rewards: Any
    illegal: Any
    steps: Any
    rules: Any

    def score(self, cfg: EcarteConfig, cond: jax.Array, seat: jax.Array,
              points: jax.Array) -> None:
        """``points`` to ``seat`` where ``cond`` and the game goes on; the first to the
        target wins at once (ECARTE-R-16)."""
        go = cond & ~self.over
        scores = self.scores + jnp.where(go & one_hot(seat, 2), points, 0)
        won = go & (scores[seat] >= cfg.target)
        self.scores = scores
        self.set(won, winner=seat, terminated=True, phase=PHASE_GAME_OVER,
                 current_player=TERMINAL)
        self.over = self.over | won


def _trick_winner(lead: jax.Array, second: jax.Array, trump: jax.Array) -> jax.Array:
    """Whether ``second`` wins the trick ``lead`` led (ECARTE-R-12)."""
    rank = jnp.asarray(_TRICK_RANK)
    same = (second % 4) == (lead % 4)
    return jnp.where(same, rank[second] > rank[lead], (second % 4) == trump)


def _playable(s: Any, seat: jax.Array) -> jax.Array:
    """bool[32]: the cards ``seat`` may play now (ECARTE-R-13)."""
    mine = jnp.where(seat == 1, s.hand[1], s.hand[0])
    suit = jnp.asarray(_SUIT)
    lead = jnp.clip(s.trick_card, 0, 31)
    follow = mine & (suit == lead % 4)
    higher = follow & (jnp.asarray(_TRICK_RANK) > jnp.asarray(_TRICK_RANK)[lead])
    follow = jnp.where(jnp.any(higher) & (s.rules[0] == 1), higher, follow)
    trumps = mine & (suit == s.turn_up % 4)
    void = jnp.where(jnp.any(trumps) & (s.rules[1] == 1), trumps, mine)
    answer = jnp.where(jnp.any(follow), follow, void)
    return jnp.where(s.trick_card < 0, mine, answer)


def _king_window(s: Any, seat: jax.Array) -> jax.Array:
    """Whether ``seat`` may announce the king of trumps now: he holds it, has not
    announced it, and has played no card of this hand (ECARTE-R-7, HGIE-5, CLUB-23)."""
    mine = jnp.where(seat == 1, s.hand[1], s.hand[0])
    played = jnp.where(seat == 1, s.played[1], s.played[0])
    window: jax.Array = (s.phase == PHASE_PLAY) & mine[_KING + s.turn_up % 4] \
        & ~jnp.where(seat == 1, s.announced[1], s.announced[0]) & ~jnp.any(played)
    return window


def _discard_range(s: Any, seat: jax.Array) -> tuple[jax.Array, jax.Array]:
    """The fewest and most cards ``seat`` may lay out (ECARTE-R-9, ECARTE-R-11)."""
    held = jnp.sum(jnp.where(seat == 1, s.hand[1], s.hand[0]))
    hi = jnp.minimum(jnp.minimum(HAND_SIZE, jnp.sum(s.stock)), held)
    elder = seat != s.dealer
    lo = jnp.where(elder, jnp.where(hi >= 1, 1, 0), jnp.minimum(s.rules[3], hi))
    return lo, hi


def _more_exchanges(s: Any) -> jax.Array:
    """The stock can serve and the exchanges are not at their limit (ECARTE-R-10)."""
    more: jax.Array = jnp.any(s.stock) & ((s.rules[2] < 0) | (s.exchanges < s.rules[2]))
    return more


def legal_mask(s: Any) -> jax.Array:
    """One game's legal action mask (bool[69]): stand, and propose while the stock can
    serve; accept or refuse; every lay-out of as many cards as the seat may lay out; the
    cards that may be played (ECARTE-R-13) and the king while it may be announced."""
    seat = jnp.clip(s.current_player, 0, 1)
    phase = s.phase
    plays = _playable(s, seat) & (phase == PHASE_PLAY)
    can_propose = _more_exchanges(s)
    simple = jnp.stack([
        phase == PHASE_PROPOSAL, (phase == PHASE_PROPOSAL) & can_propose,
        phase == PHASE_ANSWER, phase == PHASE_ANSWER,
        _king_window(s, seat) & (s.current_player >= 0)])
    lo, hi = _discard_range(s, seat)
    held = jnp.sum(jnp.where(seat == 1, s.hand[1], s.hand[0]))
    pop = jnp.asarray(_POPCOUNT)
    masks = jnp.arange(32)
    discards = (phase == PHASE_DISCARD) & (pop >= lo) & (pop <= hi) & (masks < 2 ** held)
    out: jax.Array = jnp.concatenate([plays, simple, discards]) & ~s.terminated
    return out


_legal_mask = one_or_batch(legal_mask)


def is_legal(s: Any, action: jax.Array) -> jax.Array:
    """Whether ``action`` is legal for one game's seat to act."""
    a = jnp.clip(action, 0, ECARTE_NUM_ACTIONS - 1)
    ok: jax.Array = legal_mask(s)[a] & (action >= 0) & (action < ECARTE_NUM_ACTIONS)
    return ok


def _new_deal(cfg: EcarteConfig, g: _G, cond: jax.Array, dealer: jax.Array,
              u: jax.Array) -> None:
    """Where ``cond``: a deal by ``dealer``: five to the elder hand, five to the dealer,
    the turn-up (a king: a point to the dealer); the elder hand to propose or stand."""
    cards = draw(u, 32, 2 * HAND_SIZE + 1)
    elder = 1 - dealer
    first, second = mask_of(cards[:HAND_SIZE], 32), mask_of(cards[HAND_SIZE:2 * HAND_SIZE], 32)
    hand = jnp.where(elder == 0, jnp.stack([first, second]), jnp.stack([second, first]))
    turn = cards[2 * HAND_SIZE]
    none2 = jnp.zeros((2, 32), bool)
    z2 = jnp.zeros(2, jnp.int32)
    g.log(cond, CHANCE_BASE + cards)
    g.set(cond, dealer=dealer, hand=hand, discards=none2,
          stock=~(first | second | one_hot(turn, 32)), turn_up=turn, proposals=0,
          exchanges=0, asked=0, taken=z2, stood=False, refused_first=False,
          refused_any=False, trick_card=-1, trick_seat=-1, leader=elder, tricks=z2,
          played=none2, announced=jnp.zeros(2, bool), deal_number=g.deal_number + 1,
          phase=PHASE_PROPOSAL, current_player=elder)
    g.score(cfg, cond & (turn // 4 == 7), dealer, jnp.int32(1))


def init_one(cfg: EcarteConfig, key: jax.Array) -> EcarteBatchState:
    """A new game from ``key``: the cut for deal (the higher card deals, ECARTE-R-3), the
    first deal and turn-up; the elder hand to propose or stand."""
    k_cut, k_deal = jax.random.split(key)
    rank = jnp.asarray(_TRICK_RANK)
    hist = jnp.zeros(cfg.history, jnp.int16)

    hist, n_hist, c0, c1 = cut_for_deal(k_cut, hist, _TRICK_RANK)
    dealer = jnp.where(rank[c0] > rank[c1], 0, 1).astype(jnp.int32)
    none2 = jnp.zeros((2, 32), bool)
    z2 = jnp.zeros(2, jnp.int32)
    i32 = jnp.int32
    s = EcarteBatchState(
        current_player=i32(0), phase=i32(PHASE_PROPOSAL), dealer=dealer, scores=z2,
        hand=none2, discards=none2, stock=jnp.zeros(32, bool), turn_up=i32(0),
        proposals=i32(0), exchanges=i32(0), asked=i32(0), taken=z2, stood=jnp.bool_(False),
        refused_first=jnp.bool_(False), refused_any=jnp.bool_(False), trick_card=i32(-1),
        trick_seat=i32(-1), leader=i32(0), tricks=z2, played=none2,
        announced=jnp.zeros(2, bool), deal_number=i32(0), terminated=jnp.bool_(False),
        winner=i32(-1), rewards=jnp.zeros(2, jnp.float32), illegal=jnp.bool_(False),
        history=hist, n_history=n_hist, steps=i32(0),
        rules=jnp.asarray([int(cfg.must_head_trick), int(cfg.trump_when_void == "must"),
                           cfg.max_exchanges, cfg.dealer_min_exchange], jnp.int32))
    g = _G(s)
    _new_deal(cfg, g, jnp.bool_(True), dealer, jax.random.uniform(k_deal, (11,)))
    out: EcarteBatchState = g.state()
    return out


def _start_play(g: _G, cond: jax.Array) -> None:
    """Where ``cond``: the play begins, the elder hand to lead (ECARTE-R-12)."""
    elder = 1 - g.dealer
    g.set(cond, phase=PHASE_PLAY, leader=elder, trick_card=-1, trick_seat=-1,
          tricks=jnp.zeros(2, jnp.int32), played=jnp.zeros((2, 32), bool),
          current_player=elder)


def _draw_from_stock(g: _G, cond: jax.Array, seat: jax.Array, k: jax.Array,
                     u: jax.Array) -> None:
    """Where ``cond``: ``seat`` is served ``k`` cards (at most five) from the stock, each
    drawn at random (ECARTE-R-9)."""
    stock = g.stock
    drawn = jnp.zeros(32, bool)
    for t in range(HAND_SIZE):
        card, _ = nth(stock & ~drawn, u[t])
        take = t < k
        drawn = drawn | (one_hot(card, 32) & take)
        g.log(cond & take, (CHANCE_BASE + card)[None])
    mine = one_hot(seat, 2)[:, None]
    g.set(cond, hand=g.hand | (mine & drawn[None, :]), stock=stock & ~drawn,
          taken=g.taken + jnp.where(one_hot(seat, 2), k, 0))


def step_one(cfg: EcarteConfig, s: EcarteBatchState, action: jax.Array,
             key: jax.Array) -> EcarteBatchState:
    """``s`` after the seat to act takes ``action`` (an action id), with any chance that
    follows (the cards drawn from the stock, the next deal and turn-up) drawn from
    ``key``. A finished game is left as it is (its rewards zero); an illegal action ends
    the game, the seat that took it losing (reward -1, ``illegal``; pgx's convention)."""
    u = jax.random.uniform(key, (HAND_SIZE + 2 * HAND_SIZE + 1,))
    a = jnp.clip(action, 0, ECARTE_NUM_ACTIONS - 1).astype(jnp.int32)
    live = ~s.terminated
    g = _G(s)
    ok = g.take(a, is_legal(s, action))
    seat = jnp.clip(s.current_player, 0, 1)
    dealer = g.dealer
    elder = 1 - dealer

    # -- proposals and answers (ECARTE-R-8, ECARTE-R-10, ECARTE-R-15)
    stand = ok & (a == ECARTE_STAND)
    g.set(stand, stood=g.stood | (g.proposals == 0))
    propose = ok & (a == ECARTE_PROPOSE)
    g.set(propose, proposals=g.proposals + 1, phase=PHASE_ANSWER, current_player=dealer)
    g.set(ok & (a == ECARTE_ACCEPT), phase=PHASE_DISCARD, current_player=elder)
    refuse = ok & (a == ECARTE_REFUSE)
    g.set(refuse, refused_any=True, refused_first=g.refused_first | (g.proposals == 1))
    _start_play(g, stand | refuse)

    # -- the exchange (ECARTE-R-9, ECARTE-R-11)
    lay = ok & (s.phase == PHASE_DISCARD)
    bits = a - ECARTE_DISCARD_BASE
    mine = jnp.where(seat == 1, g.hand[1], g.hand[0])
    order = jnp.cumsum(mine) - 1  # each held card's place in the hand, in id order
    laid = mine & ((bits >> jnp.clip(order, 0, 31)) & 1).astype(bool)
    n = jnp.sum(laid).astype(jnp.int32)
    at = one_hot(seat, 2)[:, None]
    g.set(lay, hand=g.hand & ~(at & laid[None, :]), discards=g.discards | (at & laid[None, :]))
    by_elder = lay & (seat == elder)
    g.set(by_elder, asked=n)
    k = jnp.minimum(n, jnp.sum(g.stock)).astype(jnp.int32)
    _draw_from_stock(g, lay & (k > 0), seat, k, u[:HAND_SIZE])
    _, dealer_hi = _discard_range(g, dealer)
    to_dealer = by_elder & (dealer_hi > 0)
    g.set(to_dealer, phase=PHASE_DISCARD, current_player=dealer)
    end_exchange = lay & ~to_dealer
    g.set(end_exchange, exchanges=g.exchanges + 1)
    more = _more_exchanges(g)
    g.set(end_exchange & more, phase=PHASE_PROPOSAL, current_player=elder)
    _start_play(g, end_exchange & ~more)

    # -- the play (ECARTE-R-7, ECARTE-R-12, ECARTE-R-13)
    king = ok & (a == ECARTE_KING)
    g.set(king, announced=g.announced | one_hot(seat, 2))
    g.score(cfg, king, seat, jnp.int32(1))
    play = ok & (a < 32) & ~g.over
    card = jnp.clip(a, 0, 31)
    here = one_hot(seat, 2)[:, None] & one_hot(card, 32)[None, :]
    leads = play & (g.trick_card < 0)
    answers = play & (g.trick_card >= 0)
    g.set(play, hand=g.hand & ~here, played=g.played | here)
    g.set(leads, trick_card=card, trick_seat=seat)
    lead_seat = jnp.clip(g.trick_seat, 0, 1)
    wins = jnp.where(_trick_winner(jnp.clip(g.trick_card, 0, 31), card, g.turn_up % 4),
                     seat, lead_seat)
    g.set(answers, tricks=g.tricks + one_hot(wins, 2), leader=wins, trick_card=-1,
          trick_seat=-1)
    # the next to play, or the end of the hand; a card that cannot be answered takes its
    # trick, and each card held against an empty hand counts a trick (CLUB-30, CLUB-34)
    hand_over = jnp.bool_(False)
    going = play
    for _ in range(2):
        held = jnp.sum(g.hand, axis=1)
        empty_trick = g.trick_card < 0
        lead = jnp.clip(g.leader, 0, 1)
        both_out = going & empty_trick & (held[0] == 0) & (held[1] == 0)
        one_out = going & empty_trick & ~both_out & (held[lead] == 0)
        g.set(one_out, tricks=g.tricks + jnp.where(one_hot(1 - lead, 2), held[1 - lead], 0),
              played=g.played | g.hand, hand=jnp.zeros((2, 32), bool))
        hand_over = hand_over | both_out | one_out
        g.set(going & empty_trick & ~both_out & ~one_out, current_player=lead)
        a_seat = jnp.clip(g.trick_seat, 0, 1)
        follower = 1 - a_seat
        can = held[follower] > 0
        g.set(going & ~empty_trick & can, current_player=follower)
        unanswered = going & ~empty_trick & ~can
        g.set(unanswered, tricks=g.tricks + one_hot(a_seat, 2), trick_card=-1, trick_seat=-1,
              leader=a_seat)
        going = unanswered

    # -- the hand scored (ECARTE-R-14, ECARTE-R-15), then the next deal
    t = g.tricks
    for who in (0, 1):
        mine_t, theirs = t[who], t[1 - who]
        pts = jnp.where((mine_t < 3) | (mine_t <= theirs), 0,
                        jnp.where((theirs == 0) & (mine_t >= HAND_SIZE), 2, 1))
        penalty = jnp.where(who == elder, g.refused_first, g.stood)
        pts = jnp.where((pts == 1) & penalty, 2, pts)
        g.score(cfg, hand_over & (pts > 0), jnp.int32(who), pts)
    _new_deal(cfg, g, hand_over & ~g.over, elder, u[HAND_SIZE:])

    ends = g.terminated & live
    g.rewards = jnp.where(ends, jnp.where(jnp.arange(2) == g.winner, 1.0, -1.0),
                          0.0).astype(jnp.float32)
    out: EcarteBatchState = g.state()
    return out


def observe_one(cfg: EcarteConfig, s: EcarteBatchState, seat: jax.Array) -> jax.Array:
    """``seat``'s observation (float32[228]), equal to
    :func:`hoyle.ecarte.encoding.ecarte_observation` of the object engine's view: nothing
    hidden from ``seat`` (the other hand, his discards, the stock's cards) is read."""
    seat = jnp.asarray(seat, jnp.int32)
    other = 1 - seat
    f = jnp.float32
    t = cfg.target
    score_frac = jnp.asarray(np.minimum(np.arange(t + 8), t) / t, f)
    fifth = jnp.asarray(np.arange(6) / HAND_SIZE, f)
    stock_frac = jnp.asarray(np.arange(STOCK_SIZE + 12) / STOCK_SIZE, f)
    tenth = jnp.asarray(np.arange(11) / 10, f)
    cp = s.current_player
    held = jnp.sum(s.hand, axis=1)
    dealt = s.turn_up >= 0
    nums = jnp.stack([
        score_frac[jnp.clip(s.scores[seat], 0, t + 7)],
        score_frac[jnp.clip(s.scores[other], 0, t + 7)],
        fifth[s.tricks[seat]], fifth[s.tricks[other]],
        (s.dealer == seat).astype(f), (cp == seat).astype(f), (cp == other).astype(f),
        fifth[jnp.minimum(s.proposals, 5)], fifth[jnp.minimum(s.exchanges, 5)],
        fifth[jnp.clip(s.asked, 0, 5)],
        stock_frac[s.taken[seat]], stock_frac[s.taken[other]],
        stock_frac[jnp.sum(s.stock)], s.stood.astype(f), s.refused_any.astype(f),
        s.announced[seat].astype(f), s.announced[other].astype(f),
        ((cp == seat) & _king_window(s, seat)).astype(f),
        fifth[jnp.clip(held[seat], 0, 5)], fifth[jnp.clip(held[other], 0, 5)],
        tenth[jnp.minimum(s.deal_number, 10)],
    ])
    parts = [
        s.hand[seat].astype(f), s.discards[seat].astype(f),
        (one_hot(s.turn_up, 32) & dealt).astype(f),
        (one_hot(s.trick_card, 32) & (s.trick_card >= 0)).astype(f),
        s.played[seat].astype(f), s.played[other].astype(f),
        (one_hot(s.turn_up % 4, 4) & dealt).astype(f),
        (jnp.arange(11) == s.phase).astype(f), nums,
    ]
    out = jnp.concatenate(parts)
    assert out.shape[0] == ECARTE_OBSERVATION_SIZE
    return out
