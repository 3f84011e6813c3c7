"""Cribbage scoring: the show, the play (pegging), his heels, and a batch scorer.

Source: ``shared/laws/cribbage.md`` §1.3 (CRIB-R-9, the play) and §1.4 (CRIB-R-10, the
show); EW-T-ii … EW-T-ix; ACC-1.6, ACC-1.7.

The show, itemised:

>>> from hoyle.cards import parse_cards, Card
>>> s = score_show(parse_cards("5H 5C 5S JD"), Card.parse("5D"))
>>> s.total, s.fifteens, s.pairs, s.nobs
(29, 16, 12, 1)
>>> print(s.items[0])
fifteen 5H JD for 2

A crib flush needs the starter too (EW-T-vii, ACC-1.6):

>>> score_show(parse_cards("2H 4H 6H 8H"), Card.parse("KS")).total
4
>>> score_show(parse_cards("2H 4H 6H 8H"), Card.parse("KS"), crib=True).total
0

The play: points for the card just laid, given the cards of the current count:

>>> [str(i) for i in score_play(parse_cards("4C 6D 5H"))]
['fifteen 4C 6D 5H for 2', 'run 4C 6D 5H for 3']
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from hoyle.cards import CARDS, Card, Rank, require_distinct
from hoyle.errors import HoyleError
from hoyle.engine.action import ScoreItem

__all__ = [
    "ScoreItem",
    "ShowScore",
    "pip_value",
    "score_show",
    "show_sum",
    "hand_ev",
    "show_total",
    "score_play",
    "play_points",
    "play_scores",
    "heels_points",
    "PIPS",
    "rank_table",
    "score_batch",
    "CRIB_FLUSH_STRICT",
    "CRIB_FLUSH_LENIENT",
]

CRIB_FLUSH_STRICT = "strict"
"""A crib flush needs every crib card and the starter of one suit (EW-T-vii, ACC-1.6)."""
CRIB_FLUSH_LENIENT = "lenient"
"""The old custom (Hoyle Improved): a four-card crib flush counts 4 (5 with the starter)."""

PIPS: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Each rank's counting value in points, indexed by rank (ace 1 ... king 10; CRIB-R-1).
The only copy: the play, the show and the state all read it."""


def pip_value(card: Card) -> int:
    """Counting value in points: ace 1, 2-9 face value, ten and court cards 10 (CRIB-R-1)."""
    return PIPS[card.rank]


@dataclass(frozen=True, slots=True)
class ShowScore:
    """The score of a hand or crib in the show: ``total`` points and the itemised
    ``items`` (each fifteen, pair, run, flush and his nobs with its cards)."""

    total: int
    items: tuple[ScoreItem, ...] = field(default=())

    def __reduce__(self) -> tuple[type[ShowScore], tuple[int, tuple[ScoreItem, ...]]]:
        # Copy and pickle by the constructor (also when compiled, hoyle._accel).
        return (ShowScore, (self.total, self.items))

    def _sum(self, *kinds: str) -> int:
        return sum(i.points for i in self.items if i.kind in kinds)

    @property
    def fifteens(self) -> int:
        """Points from fifteens (2 each)."""
        return self._sum("fifteen")

    @property
    def pairs(self) -> int:
        """Points from pairs (2 per pair of cards; a pair royal counts as three pairs)."""
        return self._sum("pair")

    @property
    def runs(self) -> int:
        """Points from runs (1 per card of every distinct run)."""
        return self._sum("run")

    @property
    def flush(self) -> int:
        """Points from a flush."""
        return self._sum("flush")

    @property
    def nobs(self) -> int:
        """1 for his nobs, else 0."""
        return self._sum("nobs")


def _masks_by_size(n: int) -> tuple[int, ...]:
    """Bitmasks of the subsets of n cards with two or more members, smaller subsets first."""
    return tuple(sorted((m for m in range(1 << n) if m.bit_count() >= 2),
                        key=lambda m: (m.bit_count(), [i for i in range(n) if m >> i & 1])))


_MASKS_BY_SIZE = {n: _masks_by_size(n) for n in range(0, 10)}


def _flush_points(hand: Sequence[Card], starter: Card | None, crib: bool,
                  crib_flush_rule: str) -> int:
    suit = hand[0].suit
    if any(c.suit != suit for c in hand):
        return 0
    starter_matches = starter is not None and starter.suit == suit
    if crib and crib_flush_rule == CRIB_FLUSH_STRICT:
        return len(hand) + 1 if starter_matches else 0
    return len(hand) + (1 if starter_matches else 0)


def score_show(hand: Sequence[Card], starter: Card | None, *, crib: bool = False,
               crib_flush_rule: str = CRIB_FLUSH_STRICT) -> ShowScore:
    """Score ``hand`` (any number of cards: 3, 4 or 6) with the ``starter`` in the show.

    Args:
        hand: the cards of the hand or crib, distinct, without the starter.
        starter: the starter (turn-up); ``None`` scores the hand alone.
        crib: score as a crib: a flush then needs every card and the starter of one suit.
        crib_flush_rule: :data:`CRIB_FLUSH_STRICT` (EW-T-vii, ACC-1.6; default) or
            :data:`CRIB_FLUSH_LENIENT`.

    Returns:
        A :class:`ShowScore`: total points and every combination with its cards.

    Raises:
        DuplicateCardError: a card appears twice (including hand and starter).

    Source: CRIB-R-10 (§1.4): fifteens 2, pairs 2 each, runs 1 per card for every distinct
    run, flush (EW-T-vii), his nobs 1 (EW-T-viii).
    """
    cards = list(hand) + ([starter] if starter is not None else [])
    require_distinct(cards)
    items: list[ScoreItem] = []
    # Fifteens: every distinct set of cards totalling 15 (subset sums by bitmask).
    n = len(cards)
    sums = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + PIPS[cards[low.bit_length() - 1].rank]
    for mask in _MASKS_BY_SIZE[n]:
        if sums[mask] == 15:
            items.append(ScoreItem("fifteen",
                                   tuple(cards[i] for i in range(n) if mask >> i & 1), 2))
    # Pairs: every pair of cards of one rank.
    for a, b in itertools.combinations(cards, 2):
        if a.rank == b.rank:
            items.append(ScoreItem("pair", (a, b), 2))
    # Runs: each maximal sequence of >= 3 ranks, once per choice of one card of each rank.
    by_rank: dict[int, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(c.rank, []).append(c)
    r = 1
    while r <= 13:
        if r in by_rank:
            start = r
            while r + 1 in by_rank:
                r += 1
            length = r - start + 1
            if length >= 3:
                groups = [by_rank[x] for x in range(start, r + 1)]
                for run in itertools.product(*groups):
                    items.append(ScoreItem("run", tuple(run), length))
        r += 1
    if hand:
        fp = _flush_points(hand, starter, crib, crib_flush_rule)
        if fp:
            flush_cards = tuple(hand) + ((starter,) if starter is not None and
                                         fp > len(hand) else ())
            items.append(ScoreItem("flush", flush_cards, fp))
    if starter is not None and starter.rank != Rank.JACK:
        for c in hand:
            if c.rank == Rank.JACK and c.suit == starter.suit:
                items.append(ScoreItem("nobs", (c,), 1))
    return ShowScore(sum(i.points for i in items), tuple(items))


# ---------------------------------------------------------------------------
# Fast totals: fifteens, pairs and runs depend only on the ranks, so they are looked up in
# a table over all ordered 5-tuples of ranks (13**5 entries), built with numpy.


def _rank_points_numpy(ranks: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Fifteens + pairs + runs for rows of ranks (1-13), shape (N, k) -> (N,)."""
    n, k = ranks.shape
    pips = np.minimum(ranks, 10)
    total = np.zeros(n, dtype=np.int64)
    for size in range(2, k + 1):
        for combo in itertools.combinations(range(k), size):
            total += 2 * (pips[:, list(combo)].sum(axis=1) == 15)
    for a, b in itertools.combinations(range(k), 2):
        total += 2 * (ranks[:, a] == ranks[:, b])
    # counts[:, r] = cards of rank r (columns 0 and 14 are padding).
    counts = (ranks[:, :, None] == np.arange(15)[None, None, :]).sum(axis=1)
    present = counts > 0
    for start in range(1, 14):
        for length in range(3, min(k, 14 - start) + 1):
            end = start + length - 1
            window = present[:, start:end + 1].all(axis=1)
            maximal = window & ~present[:, start - 1] & ~present[:, end + 1]
            if maximal.any():
                mult = counts[:, start:end + 1].prod(axis=1)
                total += np.where(maximal, length * mult, 0)
    return total


@lru_cache(maxsize=1)
def rank_table() -> npt.NDArray[np.int8]:
    """Fifteens + pairs + runs of every ordered 5-tuple of ranks, as a flat int8 array.

    Index ``((((r0-1)*13 + r1-1)*13 + r2-1)*13 + r3-1)*13 + r4-1`` for ranks 1-13; built once
    (about 0.3 s) and cached.
    """
    idx = np.arange(13 ** 5, dtype=np.int64)
    ranks = np.empty((idx.size, 5), dtype=np.int64)
    rest = idx
    for j in range(4, -1, -1):
        ranks[:, j] = rest % 13 + 1
        rest = rest // 13
    return _rank_points_numpy(ranks).astype(np.int8)


_TABLE: list[int] | None = None


def _table_list() -> list[int]:
    global _TABLE
    if _TABLE is None:
        _TABLE = rank_table().tolist()
    return _TABLE


def show_total(hand: Sequence[Card], starter: Card, *, crib: bool = False,
               crib_flush_rule: str = CRIB_FLUSH_STRICT) -> int:
    """Total show points of a four-card ``hand`` with ``starter``: the fast path of
    :func:`score_show` (same result, no itemisation, no duplicate check). Other hand
    sizes fall back to :func:`score_show`.

    >>> from hoyle.cards import parse_cards, Card
    >>> show_total(parse_cards("5H 5C 5S JD"), Card.parse("5D"))
    29
    """
    if len(hand) != 4:
        return score_show(hand, starter, crib=crib, crib_flush_rule=crib_flush_rule).total
    a, b, c, d = hand
    table = _TABLE if _TABLE is not None else _table_list()
    total = table[((((a.rank - 1) * 13 + b.rank - 1) * 13 + c.rank - 1) * 13
                   + d.rank - 1) * 13 + starter.rank - 1]
    s = a.suit
    if b.suit == s and c.suit == s and d.suit == s:
        if starter.suit == s:
            total += 5
        elif not crib or crib_flush_rule != CRIB_FLUSH_STRICT:
            total += 4
    ss = starter.suit
    if starter.rank != 11:
        for x in hand:
            if x.rank == 11 and x.suit == ss:
                total += 1
                break
    return total


def show_sum(hand: Sequence[Card], dead: Sequence[Card] = ()) -> int:
    """The show points of a four-card ``hand`` (not a crib) summed over every starter that
    is neither in ``hand`` nor in ``dead``: the same as adding :func:`show_total` over
    those starters, counted by rank (fifteens, pairs and runs depend on the starter's rank
    only) with the flush and his nobs added by suit; about four times faster. A card of
    ``dead`` that is also in ``hand``, or given twice, counts once.

    Raises:
        HoyleError: ``hand`` is not four distinct cards.

    >>> from hoyle.cards import parse_cards, CARDS
    >>> hand = parse_cards("5H 5C JS QS")
    >>> show_sum(hand) == sum(show_total(hand, s) for s in CARDS if s not in hand)
    True
    """
    if len(hand) != 4 or len(set(hand)) != 4:
        raise HoyleError(f"show_sum needs four distinct cards, not {len(hand)}: "
                         f"{' '.join(map(str, hand))}")
    a, b, c, d = hand
    table = _TABLE if _TABLE is not None else _table_list()
    left = [4] * 14  # starters left of each rank (index 1-13)
    suit_left = [13, 13, 13, 13]  # starters left of each suit
    for x in {*hand, *dead}:
        left[x.rank] -= 1
        suit_left[x.suit] -= 1
    base = (((a.rank - 1) * 13 + b.rank - 1) * 13 + c.rank - 1) * 13 + d.rank - 1
    base *= 13
    total = 0
    for r in range(1, 14):
        if left[r]:
            total += left[r] * table[base + r - 1]
    s = a.suit
    if b.suit == s and c.suit == s and d.suit == s:
        total += 4 * sum(suit_left) + suit_left[s]
    for x in hand:
        if x.rank == 11:
            total += suit_left[x.suit]  # his nobs: a starter of the jack's suit
    return total


def hand_ev(keep: Sequence[Card], dead: Sequence[Card] = ()) -> float:
    """The expected show of ``keep`` (points), averaged exactly over every starter not in
    ``keep`` or ``dead`` (46 when six cards are known); by :func:`show_sum` for four cards.

    Raises:
        DuplicateCardError: a card twice in ``keep``; HoyleError: no starter left.
    """
    require_distinct(keep)
    seen = set(keep) | set(dead)
    if len(seen) >= 52:
        raise HoyleError("no starter is left to average over")
    if len(keep) == 4:
        return show_sum(keep, dead) / (52 - len(seen))
    starters = [c for c in CARDS if c not in seen]
    return sum(show_total(keep, s) for s in starters) / len(starters)


def score_batch(hands: npt.ArrayLike, starters: npt.ArrayLike, *, crib: bool = False,
                crib_flush_rule: str = CRIB_FLUSH_STRICT) -> npt.NDArray[np.int8]:
    """Score many four-card hands at once.

    Args:
        hands: integer array of shape ``(N, 4)`` of card indices (``Card.index``, 0-51).
        starters: integer array of shape ``(N,)`` of card indices.
        crib: score as cribs (flush only with all five cards of one suit).
        crib_flush_rule: as in :func:`score_show`.

    Returns:
        ``int8`` array of shape ``(N,)``: show points of each row.

    Raises:
        ValueError: shapes do not match or an index is outside 0-51.

    >>> import numpy as np
    >>> from hoyle.cards import parse_cards
    >>> h = np.array([[c.index for c in parse_cards("5H 5C 5S JD")]])
    >>> score_batch(h, np.array([parse_cards("5D")[0].index])).tolist()
    [29]
    """
    h = np.asarray(hands)
    st = np.asarray(starters)
    if h.ndim != 2 or h.shape[1] != 4 or st.shape != (h.shape[0],):
        raise ValueError(f"expected hands (N, 4) and starters (N,), got {h.shape} and {st.shape}")
    if h.size and (h.min() < 0 or h.max() > 51 or st.min() < 0 or st.max() > 51):
        raise ValueError("card indices must lie in 0..51")
    # Rank key of each row by per-position lookups (faster than arithmetic on N x 4 ints).
    key = _KEY_PART[4].take(st)
    for j in range(4):
        key += _KEY_PART[j].take(h[:, j])
    total: npt.NDArray[np.int8] = rank_table().take(key)  # int8
    suit0 = _SUIT.take(h[:, 0])
    flush4 = ((suit0 == _SUIT.take(h[:, 1])) & (suit0 == _SUIT.take(h[:, 2]))
              & (suit0 == _SUIT.take(h[:, 3])))
    flush5 = flush4 & (suit0 == _SUIT.take(st))
    if crib and crib_flush_rule == CRIB_FLUSH_STRICT:
        total += flush5.view(np.int8) * np.int8(5)
    else:
        total += flush4.view(np.int8) * np.int8(4)
        total += flush5.view(np.int8)
    nobs = _NOBS_JACK.take(st)  # index of the jack of the starter's suit (-1 for a jack)
    for j in range(4):
        total += (h[:, j] == nobs).view(np.int8)
    return total


_SUIT = (np.arange(52) & 3).astype(np.int8)
_KEY_PART = tuple((np.arange(52) >> 2).astype(np.int32) * 13 ** (4 - j) for j in range(5))
_NOBS_JACK = np.where(np.arange(52) >> 2 == 10, -1, 40 + (np.arange(52) & 3)).astype(np.int16)


# ---------------------------------------------------------------------------
# The play.


def score_play(count_cards: Sequence[Card]) -> list[ScoreItem]:
    """The combinations made by the last card of ``count_cards`` (the cards of the
    current count, oldest first, the card just laid last).

    Fifteen 2, thirty-one 2 (the point for last is included: 31 scores 2, not 3), pair 2,
    pair royal 6, double pair royal 12, run 1 per card (the longest run among the latest
    cards, in any order). The "go" point for the last card below 31 is scored when the count
    ends, not here. Source: CRIB-R-9 (§1.3); EW-T-iv, EW-T-vi, EW-T-ix; ACC-1.7.

    >>> from hoyle.cards import parse_cards
    >>> [str(i) for i in score_play(parse_cards("7C 7D 7H"))]
    ['pair royal 7C 7D 7H for 6']
    >>> [i.points for i in score_play(parse_cards("3C 5D 4H 2S 6C"))]
    [5]
    """
    n = len(count_cards)
    last = count_cards[-1]
    total = 0
    for c in count_cards:
        total += PIPS[c.rank]
    items: list[ScoreItem] = []
    if total == 15:
        items.append(ScoreItem("fifteen", tuple(count_cards), 2))
    elif total == 31:
        items.append(ScoreItem("thirty-one", tuple(count_cards), 2))
    rank = last.rank
    same = 1
    i = n - 2
    while i >= 0 and count_cards[i].rank == rank:
        same += 1
        i -= 1
    if same >= 2:
        kind, pts = _PAIR_KINDS[min(same, 4)]
        items.append(ScoreItem(kind, tuple(count_cards[-same:]), pts))
    elif n >= 3:
        # The longest run among the latest cards: widen the window backwards until a rank
        # repeats; a window of L distinct ranks spanning L values is a run.
        seen = {rank}
        lo = hi = rank
        best = 0
        for length in range(2, n + 1):
            r = count_cards[n - length].rank
            if r in seen:
                break
            seen.add(r)
            lo = min(lo, r)
            hi = max(hi, r)
            if length >= 3 and hi - lo == length - 1:
                best = length
        if best:
            items.append(ScoreItem("run", tuple(count_cards[n - best:]), best))
    return items


_PAIR_KINDS = {2: ("pair", 2), 3: ("pair royal", 6), 4: ("double pair royal", 12)}


def play_scores(count_cards: Sequence[Card], count: int) -> bool:
    """Whether the last card of ``count_cards`` (the count now ``count``) scores at all: a
    quick test that lets the engine skip itemising the common card that makes nothing."""
    if count == 15 or count == 31:
        return True
    n = len(count_cards)
    if n < 2:
        return False
    last = count_cards[-1].rank
    prev = count_cards[-2].rank
    if prev == last:
        return True
    if n < 3:
        return False
    third = count_cards[-3].rank
    if third == last or third == prev:
        return False  # a repeated rank among the last three: no run, no pair at the end
    return max(last, prev, third) - min(last, prev, third) <= 2 or n > 3


def play_points(count_cards: Sequence[Card]) -> int:
    """Total of :func:`score_play` for the last card of ``count_cards``, in points."""
    return sum(i.points for i in score_play(count_cards))


def heels_points(starter: Card) -> int:
    """His heels: 2 points to the dealer when the starter is a jack, else 0 (EW-xii,
    EW-T-viii, ACC-6.3)."""
    return 2 if starter.rank == Rank.JACK else 0
