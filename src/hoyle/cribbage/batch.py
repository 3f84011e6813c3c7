"""Two-hand cribbage (six-card to 121, five-card to 61) as pure JAX functions over a batch.

The rules of play only (no law code, automatic counting), as the object engine plays them
with ``laws=None`` (:class:`hoyle.cribbage.state.CribbageState`): the cut for deal (lowest
deals, equal ranks cut again, CRIB-R-2), the deal of six (five) from the dealer's left
(CRIB-R-4), the lay-away of two each to the crib, the pone first (CRIB-R-5), the starter
and two for his heels (CRIB-R-7, EW-T-iii), the play with go, one for last and 31 (CRIB-R-8,
CRIB-R-9: fifteen 2, thirty-one 2, pair 2, pair royal 6, double pair royal 12, run 1 a
card), the show from the pone's hand, the dealer's hand, then the crib (CRIB-R-10: fifteens,
pairs, runs, flush by the variant's crib rule, his nobs), the game ending the moment a
player reaches the target (CRIB-R-11). In five-card: three for last to the pone of the first
deal (EW-T-x), hands of three and the play stopping at the first go or 31 (EW-P-83b).

Every function works on one game; :class:`hoyle.cribbage.batchenv.CribbageBatch` vmaps and
jits them over a batch (``hoyle.batch.make("cribbage")``). Needs the extra ``hoyle[batch]``.
Shapes below are one game's (a batch adds a leading ``B``). Card ids are
``hoyle.cards.Card.index`` (``(rank - 1) * 4 + suit``, A♣ 0 … K♠ 51); action ids and the
observation are :mod:`hoyle.cribbage.encoding`'s (1431 actions, 474 floats).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

from hoyle.cribbage.encoding import (CRIB_GO, CRIB_NUM_ACTIONS, CRIB_PAIR_BASE,
                                     crib_observation_size, COUNT_ORDER)
from hoyle.cribbage.rules import CribbageRules
from hoyle.cribbage.scoring import CRIB_FLUSH_STRICT
from hoyle.engine.batch import (CHANCE_BASE, TERMINAL, Guarded, cut_for_deal, draw, mask_of,
                                one_hot, one_or_batch)

__all__ = ["CribbageConfig", "CribbageBatchState", "init_one", "step_one", "observe_one",
           "show_points", "rank_points", "rank_table", "play_points", "is_legal",
           "CHANCE_BASE", "TERMINAL",
           "PHASE_DISCARD", "PHASE_PLAY", "PHASE_GAME_OVER"]

# The phase numbers of the observation's one-hot (hoyle.cribbage.encoding._CRIB_PHASES).
PHASE_DISCARD, PHASE_PLAY, PHASE_GAME_OVER = 2, 4, 7
_RANK = np.arange(52) // 4 + 1
_SUIT = np.arange(52) % 4
_PIP = np.minimum(_RANK, 10)
_PAIRS = np.array([(i, j) for i in range(52) for j in range(i + 1, 52)], dtype=np.int32)
_PAIR_POINTS = np.array([0, 0, 2, 6, 12, 12, 12, 12, 12], dtype=np.int32)


@dataclass(frozen=True)
class CribbageConfig:
    """The static parameters of a batch (compiled into the jitted functions).

    Attributes:
        variant: ``"six-card"`` or ``"five-card"``.
        cards_dealt: cards dealt to each player (6, 5).
        hand_size: cards kept for the play and the show (4, 3).
        target: points to win (121, 61).
        last_bonus: points to the first pone after the cut (0; 3 in five-card, EW-T-x).
        play_all_cards: the play goes on count after count (false in five-card, EW-P-83b).
        crib_flush_rule: ``"strict"`` (EW-T-vii, ACC-1.6) or ``"lenient"``.
        history: codes kept per game for :func:`hoyle.cribbage.batchenv.to_record` (0: none kept).
    """

    variant: str = "six-card"
    cards_dealt: int = 6
    hand_size: int = 4
    target: int = 121
    last_bonus: int = 0
    play_all_cards: bool = True
    crib_flush_rule: str = CRIB_FLUSH_STRICT
    history: int = 1024

    @staticmethod
    def from_rules(rules: CribbageRules, history: int = 1024) -> CribbageConfig:
        """The configuration of two-hand ``rules`` (the six-card or five-card game and
        its options).

        Raises:
            HoyleError: rules the batch engine does not play (three or four players,
                another lay-away than two each, cards from the stock to the crib).
        """
        from hoyle.errors import HoyleError, ParameterError
        if rules.players != 2 or rules.discard_per_player != 2 or rules.crib_cards_from_stock \
                or rules.cards_dealt not in (5, 6):
            raise HoyleError("the batch engine plays two-hand cribbage, six-card or "
                             f"five-card (not {rules.variant} with these options)")
        if isinstance(history, bool) or not isinstance(history, int) or history < 0:
            raise ParameterError(f"history must be a whole number of codes, 0 or more "
                                 f"(not {history!r})", "history")
        return CribbageConfig(rules.variant, rules.cards_dealt, rules.hand_size, rules.target,
                              rules.last_bonus, rules.play_all_cards, rules.crib_flush_rule,
                              history)

    @property
    def rules(self) -> CribbageRules:
        """The object engine's rules for this configuration."""
        base = CribbageRules.for_variant(self.variant)
        options = {k: v for k, v in (("target", self.target), ("last_bonus", self.last_bonus),
                                     ("play_all_cards", self.play_all_cards),
                                     ("crib_flush_rule", self.crib_flush_rule),
                                     ("cards_dealt", self.cards_dealt))
                   if getattr(base, k) != v}
        return CribbageRules.for_variant(self.variant, **options)


class CribbageBatchState(NamedTuple):
    """One game (a batch: every field with a leading axis ``B``), a JAX pytree.

    Attributes:
        current_player: int32, the seat to act (0, 1), or ``TERMINAL`` (-2).
        phase: int32, ``PHASE_DISCARD`` (2), ``PHASE_PLAY`` (4) or ``PHASE_GAME_OVER`` (7).
        dealer: int32, the dealer's seat.
        scores: int32[2], points.
        hand: bool[2, 52], the cards each seat holds (not laid away, not played).
        kept: bool[2, 52], each seat's hand for the show (set once both have laid away).
        discards: bool[2, 52], each seat's own lay-away.
        crib: bool[52], the crib's cards.
        starter: int32, the starter's card id, -1 before it is turned.
        count: int32, the count of the play (0-31).
        count_cards: int32[8], the cards of the current count in order, -1 after them.
        n_count: int32, how many cards the current count holds.
        played: bool[2, 52], the cards each seat has played this deal.
        passed: bool[2], the seats that said go in the current count.
        last_player: int32, the seat that played last (-1 before the first card).
        deal_number: int32, 1 for the first deal.
        terminated: bool, the game is over.
        winner: int32, the winning seat, -1 until the end.
        rewards: float32[2], +1 to the winner and -1 to the loser on the step that ends
            the game, else 0.
        illegal: bool, the game ended on an illegal action (the offender lost).
        history: int16[H], the game's codes so far (``CHANCE_BASE`` + card for chance).
        n_history: int32, how many codes the game has made (more than H: cut short).
        steps: int32, decisions made.
    """

    current_player: Any
    phase: Any
    dealer: Any
    scores: Any
    hand: Any
    kept: Any
    discards: Any
    crib: Any
    starter: Any
    count: Any
    count_cards: Any
    n_count: Any
    played: Any
    passed: Any
    last_player: Any
    deal_number: Any
    terminated: Any
    winner: Any
    rewards: Any
    illegal: Any
    history: Any
    n_history: Any
    steps: Any

    @property
    def legal_action_mask(self) -> jax.Array:
        """bool[1431] (a batch: bool[B, 1431]): the legal action ids of the seat to act
        (none in a finished game). Computed when asked (not kept in the state: the step
        and a structural policy need only the action's own legality)."""
        return _legal_mask(self)


# -- scoring ----------------------------------------------------------------------------

def _subsets(k: int) -> np.ndarray:
    return np.array([[(m >> i) & 1 for i in range(k)] for m in range(1, 1 << k)
                     if bin(m).count("1") >= 2], dtype=np.int32)


def _run_windows() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each run window (start rank, length 3-5) as a mask over ranks 0-14, its length,
    and the mask of its two neighbours (a run is counted when maximal)."""
    masks, lengths, sides = [], [], []
    for length in range(3, 6):
        for start in range(1, 15 - length):
            m = np.zeros(15, dtype=bool)
            m[start:start + length] = True
            s = np.zeros(15, dtype=bool)
            s[start - 1] = True
            s[start + length] = True
            masks.append(m)
            lengths.append(length)
            sides.append(s)
    return np.array(masks), np.array(lengths, dtype=np.int32), np.array(sides)


_WINDOWS, _WINDOW_LENGTHS, _WINDOW_SIDES = _run_windows()


def rank_points(rank: jax.Array) -> jax.Array:
    """Fifteens 2, pairs 2 and runs 1 a card for every distinct run of the cards of ranks
    ``rank`` (int[k], 1-13: a hand with its starter), in points (CRIB-R-10). Written apart
    from :mod:`hoyle.cribbage.scoring` (runs by the rank histogram's maximal windows)."""
    k = rank.shape[-1]
    pip = jnp.minimum(rank, 10)
    fifteens = 2 * jnp.sum(jnp.asarray(_subsets(k)) @ pip == 15)
    i, j = np.triu_indices(k, 1)
    pairs = 2 * jnp.sum(rank[i] == rank[j])
    counts = jnp.zeros(15, jnp.int32).at[rank].add(1)
    present = counts > 0
    w = jnp.asarray(_WINDOWS)
    full = jnp.all(present[None, :] | ~w, axis=1)
    maximal = full & ~jnp.any(present[None, :] & jnp.asarray(_WINDOW_SIDES), axis=1)
    mult = jnp.prod(jnp.where(w, counts[None, :], 1), axis=1)
    runs = jnp.sum(jnp.where(maximal, jnp.asarray(_WINDOW_LENGTHS) * mult, 0))
    return (fifteens + pairs + runs).astype(jnp.int32)


@lru_cache(maxsize=4)
def rank_table(k: int) -> np.ndarray:
    """:func:`rank_points` of every ordered ``k``-tuple of ranks (int8[13 ** k]; index
    ``sum((rank_i - 1) * 13 ** (k - 1 - i))``), computed once with :func:`rank_points`."""
    idx = np.arange(13 ** k)
    ranks = np.stack([idx // 13 ** (k - 1 - i) % 13 + 1 for i in range(k)], axis=1)
    with jax.ensure_compile_time_eval():  # a constant, even when first asked in a trace
        table = jax.jit(jax.vmap(rank_points))(jnp.asarray(ranks, jnp.int32))
        return np.asarray(table, dtype=np.int8)


def _rank_index(rank: jax.Array) -> jax.Array:
    k = rank.shape[-1]
    weights = jnp.asarray(13 ** np.arange(k - 1, -1, -1), jnp.int32)
    return jnp.sum((rank - 1) * weights, axis=-1)


def show_points(hand: jax.Array, starter: jax.Array, crib: bool,
                crib_flush_rule: str = CRIB_FLUSH_STRICT) -> jax.Array:
    """The show value of ``hand`` (int[k] card ids, k = 3 or 4) with ``starter`` (a card
    id), in points: fifteens, pairs and runs (:func:`rank_points`, looked up in
    :func:`rank_table`), a flush (in a crib under the strict rule only with the starter:
    EW-T-vii, ACC-1.6), his nobs 1 (CRIB-R-10, EW-T-viii). Tested against ``figures.md``
    over every hand and starter."""
    k = hand.shape[-1]
    cards = jnp.concatenate([hand, starter[None]])
    rank = jnp.asarray(_RANK)[cards]
    suit = jnp.asarray(_SUIT)[cards]
    table = jnp.asarray(rank_table(k + 1))
    base = table[_rank_index(rank)].astype(jnp.int32)
    hand_suit = suit[:k]
    one_suit = jnp.all(hand_suit == hand_suit[0])
    with_starter = suit[k] == hand_suit[0]
    if crib and crib_flush_rule == CRIB_FLUSH_STRICT:
        flush = jnp.where(one_suit & with_starter, k + 1, 0)
    else:
        flush = jnp.where(one_suit, k + with_starter.astype(jnp.int32), 0)
    nobs = jnp.any((rank[:k] == 11) & (hand_suit == suit[k])) & (rank[k] != 11)
    return (base + flush + nobs.astype(jnp.int32)).astype(jnp.int32)


def play_points(count_cards: jax.Array, n: jax.Array, count: jax.Array) -> jax.Array:
    """The points made by the last card of a count (CRIB-R-9): fifteen 2, thirty-one 2,
    a pair 2, pair royal 6, double pair royal 12, or a run of the latest cards 1 a card.
    ``count_cards``: int[8] card ids of the count in order (``n`` of them); ``count``: the
    count with the last card, in points."""
    m = count_cards.shape[0]
    t = jnp.arange(m)
    pos = n - 1 - t  # newest first
    valid = pos >= 0
    rr = jnp.where(valid, jnp.asarray(_RANK)[jnp.clip(count_cards[jnp.clip(pos, 0, m - 1)],
                                                      0, 51)], 100 + t)
    same = jnp.sum(jnp.cumprod((rr == rr[0]) & valid))
    pair = jnp.asarray(_PAIR_POINTS)[same]
    eq = (rr[:, None] == rr[None, :]) & (t[:, None] < t[None, :])
    dup = jnp.cumsum(jnp.any(eq, axis=0)) > 0
    span = jax.lax.cummax(rr) - jax.lax.cummin(rr)
    length = t + 1
    is_run = valid & ~dup & (span == t) & (length >= 3)
    run = jnp.max(jnp.where(is_run, length, 0))
    made = jnp.where((count == 15) | (count == 31), 2, 0)
    return (made + jnp.where(same >= 2, pair, run)).astype(jnp.int32)


# -- the game ---------------------------------------------------------------------------

def _legal(s: CribbageBatchState) -> jax.Array:
    """One game's legal action mask (bool[1431])."""
    phase = s.phase
    mine = jnp.where(s.current_player == 1, s.hand[1], s.hand[0])
    plays = mine & (jnp.asarray(_PIP) <= 31 - s.count) & (phase == PHASE_PLAY)
    go = (phase == PHASE_PLAY) & ~jnp.any(plays)
    pairs = mine[_PAIRS[:, 0]] & mine[_PAIRS[:, 1]] & (phase == PHASE_DISCARD)
    singles = jnp.zeros(52, bool)
    return jnp.concatenate([plays, go[None], pairs, singles])


_legal_mask = one_or_batch(_legal)


def is_legal(s: CribbageBatchState, action: jax.Array) -> jax.Array:
    """Whether ``action`` (an action id) is legal for the seat to act of one game: a card
    held that keeps the count at 31 or under, go when no card does (EW-xxi), two cards
    held laid away; nothing in a finished game."""
    a = jnp.clip(action, 0, CRIB_NUM_ACTIONS - 1)
    mine = jnp.where(s.current_player == 1, s.hand[1], s.hand[0])
    pip = jnp.asarray(_PIP)
    fits = mine & (pip <= 31 - s.count)
    play = (a < 52) & fits[jnp.clip(a, 0, 51)]
    go = (a == CRIB_GO) & ~jnp.any(fits)
    pair = jnp.asarray(_PAIRS)[jnp.clip(a - CRIB_PAIR_BASE, 0, len(_PAIRS) - 1)]
    lay = (a >= CRIB_PAIR_BASE) & (a < CRIB_PAIR_BASE + len(_PAIRS)) \
        & mine[pair[0]] & mine[pair[1]]
    in_range = (action >= 0) & (action < CRIB_NUM_ACTIONS)
    ok: jax.Array = in_range & ~s.terminated & jnp.where(
        s.phase == PHASE_PLAY, play | go, (s.phase == PHASE_DISCARD) & lay)
    return ok


class _G(Guarded):
    """The game being stepped (:class:`hoyle.engine.batch.Guarded`), with the peg."""

    _game_over = PHASE_GAME_OVER

    current_player: Any
    phase: Any
    dealer: Any
    scores: Any
    hand: Any
    kept: Any
    discards: Any
    crib: Any
    starter: Any
    count: Any
    count_cards: Any
    n_count: Any
    played: Any
    passed: Any
    last_player: Any
    deal_number: Any
    terminated: Any
    winner: Any
    rewards: Any
    illegal: Any
    steps: Any

    def peg(self, cfg: CribbageConfig, cond: jax.Array, seat: jax.Array,
            points: jax.Array) -> None:
        """Score ``points`` to ``seat`` where ``cond`` and the game goes on; the game ends
        the moment the target is reached (CRIB-R-11)."""
        go = cond & ~self.over
        scores = self.scores + jnp.where(go & one_hot(seat, 2), points, 0)
        won = go & (scores[seat] >= cfg.target)
        self.scores = scores
        self.set(won, winner=seat, terminated=True, phase=PHASE_GAME_OVER,
                 current_player=TERMINAL)
        self.over = self.over | won


def _deal(cfg: CribbageConfig, g: _G, cond: jax.Array, dealer: jax.Array,
          u: jax.Array) -> None:
    """Where ``cond``: a new deal by ``dealer``: the cards from the dealer's left, the
    pone's first (CRIB-R-4), and the pone lays away first."""
    k = cfg.cards_dealt
    perm = draw(u, 52, 2 * k)
    pone = 1 - dealer
    first, second = mask_of(perm[:k], 52), mask_of(perm[k:2 * k], 52)
    hand = jnp.where(pone == 0, jnp.stack([first, second]), jnp.stack([second, first]))
    none2 = jnp.zeros((2, 52), bool)
    g.log(cond, CHANCE_BASE + perm[:2 * k])
    g.set(cond, dealer=dealer, hand=hand, kept=none2, discards=none2,
          crib=jnp.zeros(52, bool), starter=-1, count=0,
          count_cards=jnp.full(8, -1, jnp.int32), n_count=0, played=none2,
          passed=jnp.zeros(2, bool), last_player=-1, deal_number=g.deal_number + 1,
          phase=PHASE_DISCARD, current_player=pone)


def init_one(cfg: CribbageConfig, key: jax.Array) -> CribbageBatchState:
    """A new game from ``key``: the cut for deal, three for last in five-card, the first
    deal; the pone to lay away."""
    k_cut, k_deal = jax.random.split(key)
    hist = jnp.zeros(cfg.history, jnp.int16)

    # equal cuts cut again (CRIB-R-2)
    hist, n_hist, c0, c1 = cut_for_deal(k_cut, hist, _RANK)
    dealer = jnp.where(jnp.asarray(_RANK)[c0] < jnp.asarray(_RANK)[c1], 0, 1).astype(jnp.int32)
    scores = jnp.where(one_hot(1 - dealer, 2), cfg.last_bonus, 0).astype(jnp.int32)
    none2 = jnp.zeros((2, 52), bool)
    s = CribbageBatchState(
        current_player=jnp.int32(0), phase=jnp.int32(PHASE_DISCARD), dealer=dealer,
        scores=scores, hand=none2, kept=none2, discards=none2, crib=jnp.zeros(52, bool),
        starter=jnp.int32(-1), count=jnp.int32(0), count_cards=jnp.full(8, -1, jnp.int32),
        n_count=jnp.int32(0), played=none2, passed=jnp.zeros(2, bool),
        last_player=jnp.int32(-1), deal_number=jnp.int32(0), terminated=jnp.bool_(False),
        winner=jnp.int32(-1), rewards=jnp.zeros(2, jnp.float32),
        illegal=jnp.bool_(False),
        history=hist, n_history=n_hist, steps=jnp.int32(0))
    g = _G(s)
    _deal(cfg, g, jnp.bool_(True), dealer, jax.random.uniform(k_deal, (2 * cfg.cards_dealt,)))
    out: CribbageBatchState = g.state()
    return out


def _cards(mask: jax.Array, k: int) -> jax.Array:
    return jnp.nonzero(mask, size=k, fill_value=0)[0].astype(jnp.int32)


def step_one(cfg: CribbageConfig, s: CribbageBatchState, action: jax.Array,
             key: jax.Array) -> CribbageBatchState:
    """``s`` after the seat to act takes ``action`` (an action id), with any chance that
    follows (the starter, the next deal) drawn from ``key``.

    A finished game is left as it is (its rewards zero). An illegal action ends the game:
    the seat that took it loses (reward -1, ``illegal`` set; pgx's convention)."""
    # one draw of uniforms a step: the starter's, then the next deal's
    u = jax.random.uniform(key, (1 + 2 * cfg.cards_dealt,))
    a = jnp.clip(action, 0, CRIB_NUM_ACTIONS - 1).astype(jnp.int32)
    live = ~s.terminated
    g = _G(s)
    ok = g.take(a, is_legal(s, action))
    seat = jnp.clip(s.current_player, 0, 1)
    other = 1 - seat
    dealer = g.dealer
    pone = 1 - dealer
    pip = jnp.asarray(_PIP)

    # -- the lay-away (CRIB-R-5): the pone, then the dealer; then the starter (CRIB-R-7)
    disc = ok & (s.phase == PHASE_DISCARD)
    pair = jnp.asarray(_PAIRS)[jnp.clip(a - CRIB_PAIR_BASE, 0, len(_PAIRS) - 1)]
    laid = mask_of(pair, 52)
    mine = one_hot(seat, 2)[:, None]
    g.set(disc, hand=g.hand & ~(mine & laid[None, :]),
          discards=jnp.where(mine, laid[None, :], g.discards), crib=g.crib | laid,
          current_player=other)
    both = disc & jnp.any(g.discards[other])
    stock = ~(g.hand[0] | g.hand[1] | g.crib)
    # the starter: the card of a uniformly drawn rank among the stock's (CRIB-R-7)
    nth = jnp.floor(u[0] * jnp.sum(stock)).astype(jnp.int32)
    starter = jnp.argmax(jnp.cumsum(stock) > nth).astype(jnp.int32)
    g.log(both, (CHANCE_BASE + starter)[None])
    g.set(both, kept=g.hand, starter=starter, phase=PHASE_PLAY, current_player=pone)
    g.peg(cfg, both & (jnp.asarray(_RANK)[starter] == 11), dealer, jnp.int32(2))

    # -- the play (CRIB-R-8, CRIB-R-9)
    play = ok & (s.phase == PHASE_PLAY) & (a < 52)
    go = ok & (s.phase == PHASE_PLAY) & (a == CRIB_GO)
    card = jnp.clip(a, 0, 51)
    count = g.count + pip[card]
    cc = jnp.where(one_hot(g.n_count, 8), card, g.count_cards)
    laid = mine & one_hot(card, 52)[None, :]
    g.set(play, hand=g.hand & ~laid, count=count, count_cards=cc,
          n_count=g.n_count + 1, played=g.played | laid, last_player=seat)
    g.peg(cfg, play, seat, play_points(g.count_cards, g.n_count, g.count))
    g.set(go & ~g.over, passed=g.passed | one_hot(seat, 2))
    advance = (play | go) & ~g.over

    # after a card or a go: the next to play, or the end of the count
    room = 31 - g.count
    fits = g.hand & (pip[None, :] <= room)
    able = jnp.any(fits, axis=1) & ~g.passed
    held = jnp.any(g.hand, axis=1)
    at31 = advance & (g.count == 31)
    stuck = advance & ~at31 & ~jnp.any(able)
    goes_on = advance & ~at31 & ~stuck
    nxt = jnp.where(~g.passed[other] & held[other], other, seat)
    g.set(goes_on, current_player=nxt)
    # nobody can play: the others holding cards say go unasked, then one for last
    last = g.last_player
    auto = (jnp.arange(2) != last) & ~g.passed & held
    g.set(stuck, passed=g.passed | auto)
    g.peg(cfg, stuck, last, jnp.int32(1))
    ended = (at31 | stuck) & ~g.over
    held = jnp.any(g.hand, axis=1)
    to_show = ended & (~jnp.any(held) | (not cfg.play_all_cards))
    lead = jnp.where(held[1 - last], 1 - last, last)
    g.set(ended, count=0, count_cards=jnp.full(8, -1, jnp.int32), n_count=0,
          passed=jnp.zeros(2, bool), current_player=lead)

    # -- the show (CRIB-R-10): the pone's hand, the dealer's, the crib; then the next deal
    rule = cfg.crib_flush_rule
    st = jnp.clip(g.starter, 0, 51)
    h = cfg.hand_size
    g.peg(cfg, to_show, pone, show_points(_cards(g.kept[pone], h), st, False, rule))
    g.peg(cfg, to_show, dealer, show_points(_cards(g.kept[dealer], h), st, False, rule))
    g.peg(cfg, to_show, dealer, show_points(_cards(g.crib, 4), st, True, rule))
    _deal(cfg, g, to_show & ~g.over, 1 - dealer, u[1:])

    ends = g.terminated & live
    g.rewards = jnp.where(ends, jnp.where(jnp.arange(2) == g.winner, 1.0, -1.0),
                          0.0).astype(jnp.float32)
    out: CribbageBatchState = g.state()
    return out


def observe_one(cfg: CribbageConfig, s: CribbageBatchState, seat: jax.Array) -> jax.Array:
    """``seat``'s observation (float32[474]), equal to
    :func:`hoyle.cribbage.encoding.crib_observation` of the object engine's view: nothing
    hidden from ``seat`` (the other hand, the other lay-away, the crib, the stock) is read."""
    seat = jnp.asarray(seat, jnp.int32)
    other = 1 - seat
    f = jnp.float32
    starter = jnp.zeros(52, f).at[jnp.clip(s.starter, 0, 51)].set(jnp.where(s.starter >= 0,
                                                                            1.0, 0.0))
    in_count = jnp.zeros(52, f).at[jnp.clip(s.count_cards, 0, 51)].max(
        (s.count_cards >= 0).astype(f))
    rel = jnp.stack([seat, other])

    def onehot(x: jax.Array) -> jax.Array:
        return (rel == x).astype(f)

    # the fractions as the object engine makes them (in float64, then stored as float32)
    score_frac = jnp.asarray(np.minimum(np.arange(cfg.target + 40), cfg.target) / cfg.target,
                             f)
    count_frac = jnp.asarray(np.arange(32) / 31.0, f)
    held_frac = jnp.asarray(np.arange(cfg.cards_dealt + 1) / cfg.cards_dealt, f)
    parts = [
        s.hand[seat].astype(f), s.kept[seat].astype(f), s.discards[seat].astype(f), starter,
        in_count, s.played[seat].astype(f), s.played[other].astype(f),
        score_frac[jnp.clip(s.scores[rel], 0, cfg.target + 39)],
        count_frac[jnp.clip(s.count, 0, 31)][None],
        (jnp.arange(8) == s.phase).astype(f),
        onehot(s.dealer), onehot(s.current_player),
        s.passed[rel].astype(f),
        held_frac[jnp.sum(s.hand, axis=1)[rel]],
        # the count's latest cards, most recent first, by rank
        jnp.stack([jnp.where(s.n_count - 1 - j >= 0, (jnp.arange(1, 14) == jnp.asarray(
            _RANK)[jnp.clip(s.count_cards[jnp.clip(s.n_count - 1 - j, 0, 7)], 0, 51)]), False)
            for j in range(COUNT_ORDER)]).astype(f).reshape(-1),
    ]
    out = jnp.concatenate(parts)
    assert out.shape[0] == crib_observation_size(2)
    return out
