"""The computer players' search and discard advice as they were before the speed work
(commit 27c7241), kept verbatim as references: the faster ones must give the same values.

``plain_card_values``: the exact solver of the rest of the play with an ``lru_cache`` on
the whole count's ranks; ``plain_discard_totals``: the discard advice's 15 options, each
kept hand's expected show by ``hand_ev`` over the 46 starters, one by one.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from hoyle.cards import Card
from hoyle.cribbage.advice.cribtable import crib_table
from hoyle.cribbage.scoring import hand_ev

_PIP = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)

def peg_points(seq: tuple[int, ...]) -> int:
    """Points for the last rank of ``seq`` (the ranks of the current count, oldest first):
    15 or 31 for 2, pairs 2/6/12, the longest run of 3+ among the latest cards."""
    total = 0
    for r in seq:
        total += _PIP[r]
    pts = 2 if total in (15, 31) else 0
    n = len(seq)
    last = seq[-1]
    same = 1
    i = n - 2
    while i >= 0 and seq[i] == last:
        same += 1
        i -= 1
    if same >= 2:
        return pts + (2, 6, 12)[min(same, 4) - 2]
    if n >= 3:
        seen = {last}
        lo = hi = last
        best = 0
        for length in range(2, n + 1):
            r = seq[n - length]
            if r in seen:
                break
            seen.add(r)
            lo = min(lo, r)
            hi = max(hi, r)
            if length >= 3 and hi - lo == length - 1:
                best = length
        pts += best
    return pts


def _drop(hand: tuple[int, ...], i: int) -> tuple[int, ...]:
    return hand[:i] + hand[i + 1:]


@lru_cache(maxsize=1 << 20)
def _value(mover: tuple[int, ...], other: tuple[int, ...], count: int, seq: tuple[int, ...],
           other_passed: bool, mover_was_last: bool) -> int:
    """Value for the player to move (see the module docstring). ``mover_was_last``: the
    mover played the last card of the current count (for the go point)."""
    room = 31 - count
    best: int | None = None
    tried: set[int] = set()
    for i, r in enumerate(mover):
        if _PIP[r] > room or r in tried:
            continue
        tried.add(r)
        v = _lay(mover, i, other, count, seq, other_passed)
        if best is None or v > best:
            best = v
    if best is not None:
        return best
    # The mover cannot play: go.
    other_room = 31 - count
    if not other_passed and any(_PIP[r] <= other_room for r in other):
        # Turns alternate, so the other laid the last card; he plays on.
        return -_value(other, mover, count, seq, True, True)
    # Neither can play: the count ends; the last player pegs one.
    return _count_end(mover, other, mover_was_last)


def _lay(mover: tuple[int, ...], i: int, other: tuple[int, ...], count: int,
         seq: tuple[int, ...], other_passed: bool) -> int:
    """Value for the mover of laying his card ``i``: its points, then the rest of the play."""
    r = mover[i]
    new_seq = seq + (r,)
    pts = peg_points(new_seq)
    rest = _drop(mover, i)
    new_count = count + _PIP[r]
    if new_count == 31:
        # 31 ends the count (2 points included); the opponent leads if he has cards.
        if other:
            return pts - _value(other, rest, 0, (), False, False)
        if rest:
            return pts + _value(rest, other, 0, (), False, False)
        return pts
    return pts + _after_card(rest, other, new_count, new_seq, other_passed)


def _after_card(mover_rest: tuple[int, ...], other: tuple[int, ...], count: int,
                seq: tuple[int, ...], other_passed: bool) -> int:
    """Value for the player who just laid a card (not making 31), from the next turn on."""
    room = 31 - count
    other_can = not other_passed and any(_PIP[r] <= room for r in other)
    if other_can:
        return -_value(other, mover_rest, count, seq, False, False)
    mover_can = any(_PIP[r] <= room for r in mover_rest)
    if mover_can:
        # The opponent cannot play (he has passed or has no card that fits): play on.
        return _value(mover_rest, other, count, seq, True, True)
    # Nobody can play: the count ends and the player who laid the card pegs one.
    if not mover_rest and not other:
        return 1
    return 1 + _restart(mover_rest, other)


def _count_end(mover: tuple[int, ...], other: tuple[int, ...], mover_was_last: bool) -> int:
    """The count ends with nobody able to play, the mover to act: one for last goes to
    whoever laid the last card; the next count is led by the last player's opponent."""
    if mover_was_last:
        if not mover and not other:
            return 1
        return 1 + _restart(mover, other)
    # The other player laid the last card.
    if not mover and not other:
        return -1
    return -1 - _restart(other, mover)


def _restart(last: tuple[int, ...], opp: tuple[int, ...]) -> int:
    """Value for ``last`` (who laid the last card) of the next count, led by ``opp`` if he
    holds cards, else by ``last``."""
    if opp:
        return -_value(opp, last, 0, (), False, False)
    if last:
        return _value(last, opp, 0, (), False, False)
    return 0


def plain_card_values(mine: tuple[int, ...], theirs: tuple[int, ...], count: int,
                seq: tuple[int, ...], they_passed: bool = False) -> dict[int, int]:
    """The value for me of laying each playable rank (same units as :func:`play_value`)."""
    mine = tuple(sorted(mine))
    theirs = tuple(sorted(theirs))
    out: dict[int, int] = {}
    for i, r in enumerate(mine):
        if count + _PIP[r] > 31 or r in out:
            continue
        out[r] = _lay(mine, i, theirs, count, seq, they_passed)
    return out


def plain_discard_totals(hand: Sequence[Card], dealer: bool
                         ) -> list[tuple[tuple[Card, ...], tuple[Card, ...], float, float, float]]:
    """``(keep, discard, hand_ev, crib_ev, total)`` of the 15 discards, best first."""
    t = crib_table()
    out = []
    for keep in combinations(hand, 4):
        away = tuple(c for c in hand if c not in keep)
        h = hand_ev(keep, away)
        crib = t.value(away[0], away[1], dealer)
        out.append((tuple(keep), away, h, crib, h + crib if dealer else h - crib))
    out.sort(key=lambda o: -o[4])
    return out
